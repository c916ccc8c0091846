//! The GLB container, checked by hand before any byte reaches the glTF library: magic,
//! version 2, a declared length of at least the 12-byte header and at most the bytes given,
//! a JSON chunk first, and every chunk inside the declared length.

use std::path::Path;

use crate::error::SceneError;

/// A GLB split into its JSON chunk and optional BIN chunk.
pub(super) struct Glb<'a> {
    /// The JSON chunk.
    pub json: &'a [u8],
    /// The BIN chunk, if any.
    pub bin: Option<&'a [u8]>,
}

const JSON: u32 = u32::from_le_bytes(*b"JSON");
const BIN: u32 = u32::from_le_bytes(*b"BIN\0");

fn bad(origin: &Path, at: &str, rule: String) -> SceneError {
    SceneError::Malformed {
        file: origin.to_owned(),
        at: at.to_owned(),
        rule,
    }
}

fn word(b: &[u8], at: usize) -> Option<u32> {
    let w = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
}

/// Splits `bytes` (which start with `glTF`) into its chunks.
pub(super) fn split<'a>(bytes: &'a [u8], origin: &Path) -> Result<Glb<'a>, SceneError> {
    let header = "GLB header";
    let (Some(version), Some(length)) = (word(bytes, 4), word(bytes, 8)) else {
        return Err(bad(
            origin,
            header,
            format!("{} bytes, a GLB header needs 12", bytes.len()),
        ));
    };
    if version != 2 {
        return Err(bad(
            origin,
            header,
            format!("version {version}, expected 2"),
        ));
    }
    if length < 12 {
        return Err(bad(
            origin,
            header,
            format!("declared length {length} is below the 12-byte header"),
        ));
    }
    if u64::from(length) > bytes.len() as u64 {
        return Err(bad(
            origin,
            header,
            format!(
                "declared length {length} exceeds the {} bytes given",
                bytes.len()
            ),
        ));
    }
    let body = &bytes[..length as usize];
    let mut chunks = Vec::new();
    let mut at = 12usize;
    while at < body.len() {
        let (Some(len), Some(ty)) = (word(body, at), word(body, at + 4)) else {
            return Err(bad(
                origin,
                &format!("GLB chunk at byte {at}"),
                "truncated chunk header".into(),
            ));
        };
        let start = at + 8;
        let end = start as u64 + u64::from(len);
        if end > body.len() as u64 {
            return Err(bad(
                origin,
                &format!("GLB chunk at byte {at}"),
                format!(
                    "chunk length {len} runs past the declared length {}",
                    body.len()
                ),
            ));
        }
        chunks.push((ty, &body[start..end as usize]));
        at = end as usize;
    }
    let Some(&(JSON, json)) = chunks.first() else {
        return Err(bad(
            origin,
            "GLB chunk 0",
            "the first chunk must be JSON".into(),
        ));
    };
    let bin = chunks.get(1).filter(|(ty, _)| *ty == BIN).map(|&(_, b)| b);
    Ok(Glb { json, bin })
}
