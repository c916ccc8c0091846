//! What a file is, from its first bytes and its JSON shape: so a loader handed the wrong kind
//! of file (a PNG named `.json`, a glTF named `.json`, an empty `.gltf`) can say what it found
//! and what it expected instead of a parser's message about byte 0.

use serde_json::Value;

/// The common binary formats a scene or model path may be handed by mistake, by magic bytes.
const MAGIC: &[(&[u8], &str)] = &[
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF87a", "GIF image"),
    (b"GIF89a", "GIF image"),
    (b"DDS ", "DDS texture"),
    (b"glTF", "binary glTF (.glb)"),
    (b"\xabKTX", "KTX texture"),
    (b"PK\x03\x04", "ZIP archive"),
    (b"\x1f\x8b", "gzip"),
    (b"%PDF", "PDF"),
    (b"\x7fELF", "ELF executable"),
    (b"II*\x00", "TIFF image"),
    (b"MM\x00*", "TIFF image"),
    (b"\xff\xfe", "UTF-16 text"),
    (b"\xfe\xff", "UTF-16 text"),
];

/// The kind of file `bytes` starts like ("PNG image", "binary glTF (.glb)", "PLY mesh",
/// "WebP image"), if it is one this module knows.
pub(crate) fn magic_kind(bytes: &[u8]) -> Option<&'static str> {
    if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        return Some("WebP image");
    }
    if bytes.starts_with(b"ply\n") || bytes.starts_with(b"ply\r\n") {
        return Some("PLY mesh");
    }
    MAGIC
        .iter()
        .find(|(m, _)| bytes.starts_with(m))
        .map(|(_, kind)| *kind)
}

/// "starts with PNG image bytes", or "is binary (byte N is not UTF-8 text)".
pub(crate) fn describe_binary(bytes: &[u8]) -> String {
    match magic_kind(bytes) {
        Some(kind) => format!("this file starts with {kind} bytes"),
        None => {
            let at = std::str::from_utf8(bytes)
                .err()
                .map_or(0, |e| e.valid_up_to());
            format!("this file is binary (byte {at} is not UTF-8 text)")
        }
    }
}

/// What a JSON document is when it is not what the loader wanted: "the top level is an array",
/// "it is a glTF model (it has \"asset\")", "it is a rastbench-scene-v1 header", "it is a
/// tessera scene (\"format\": \"tessera-scene\")". `None` for an object of no known kind.
pub(crate) fn json_kind(text: &str) -> Option<String> {
    let v: Value = serde_json::from_str(text).ok()?;
    let Value::Object(map) = &v else {
        let what = match v {
            Value::Array(_) => "an array",
            Value::String(_) => "a string",
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            _ => "null",
        };
        return Some(format!("the top level is {what}, not an object"));
    };
    match map.get("format").and_then(Value::as_str) {
        Some("tessera-scene") => {
            return Some("it is a tessera scene (\"format\": \"tessera-scene\")".into());
        }
        Some("rastbench-scene-v1") => {
            return Some(
                "it is a rastbench-scene-v1 header (a perf-harness benchmark scene; run it with `tessera bench FILE`)"
                    .into(),
            );
        }
        _ => {}
    }
    if map.contains_key("asset") {
        return Some("it is a glTF model (it has \"asset\")".into());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_bytes_name_the_format() {
        assert_eq!(magic_kind(b"\x89PNG\r\n\x1a\n\0\0"), Some("PNG image"));
        assert_eq!(magic_kind(b"glTF\x02\0\0\0"), Some("binary glTF (.glb)"));
        assert_eq!(magic_kind(b"ply\nformat ascii 1.0\n"), Some("PLY mesh"));
        assert_eq!(magic_kind(b"RIFF\0\0\0\0WEBPVP8 "), Some("WebP image"));
        assert_eq!(magic_kind(b"{\"format\": 1}"), None);
        assert_eq!(
            describe_binary(b"ab\xc3\x28"),
            "this file is binary (byte 2 is not UTF-8 text)"
        );
    }

    #[test]
    fn json_shapes_are_named() {
        assert_eq!(
            json_kind("[1, 2]").as_deref(),
            Some("the top level is an array, not an object")
        );
        assert_eq!(
            json_kind("42").as_deref(),
            Some("the top level is a number, not an object")
        );
        assert_eq!(
            json_kind(r#"{"asset": {"version": "2.0"}}"#).as_deref(),
            Some("it is a glTF model (it has \"asset\")")
        );
        assert!(
            json_kind(r#"{"format": "rastbench-scene-v1"}"#)
                .unwrap()
                .starts_with("it is a rastbench-scene-v1 header")
        );
        assert_eq!(json_kind(r#"{"format": "other"}"#), None);
        assert_eq!(json_kind("{ not json"), None);
    }
}
