//! A small PLY reader: `format ascii 1.0` and `binary_little_endian 1.0`, a `vertex` element
//! with `x y z` (any scalar type; other properties skipped) and a `face` element with a vertex
//! index list (polygons are fanned into triangles). Other elements are skipped. Normals are
//! computed (area-weighted) and oriented outwards.

use std::path::Path;

use super::{MeshPart, decode_err};
use crate::error::SceneError;
use crate::sniff::{describe_binary, magic_kind};

mod body;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Scalar {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    F32,
    F64,
}

impl Scalar {
    fn parse(s: &str) -> Result<Self, String> {
        Ok(match s {
            "char" | "int8" => Self::I8,
            "uchar" | "uint8" => Self::U8,
            "short" | "int16" => Self::I16,
            "ushort" | "uint16" => Self::U16,
            "int" | "int32" => Self::I32,
            "uint" | "uint32" => Self::U32,
            "float" | "float32" => Self::F32,
            "double" | "float64" => Self::F64,
            _ => return Err(format!("unknown PLY type `{s}`")),
        })
    }

    pub(super) fn size(self) -> usize {
        match self {
            Self::I8 | Self::U8 => 1,
            Self::I16 | Self::U16 => 2,
            Self::I32 | Self::U32 | Self::F32 => 4,
            Self::F64 => 8,
        }
    }

    pub(super) fn read(self, b: &[u8]) -> f64 {
        let a = |n: usize| -> [u8; 8] {
            let mut out = [0u8; 8];
            out[..n].copy_from_slice(&b[..n]);
            out
        };
        match self {
            Self::I8 => f64::from(b[0] as i8),
            Self::U8 => f64::from(b[0]),
            Self::I16 => f64::from(i16::from_le_bytes([b[0], b[1]])),
            Self::U16 => f64::from(u16::from_le_bytes([b[0], b[1]])),
            Self::I32 => f64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            Self::U32 => f64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            Self::F32 => f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            Self::F64 => f64::from_le_bytes(a(8)),
        }
    }
}

#[derive(Debug)]
enum Property {
    Scalar(String, Scalar),
    List(String, Scalar, Scalar),
}

#[derive(Debug)]
struct Element {
    name: String,
    count: usize,
    props: Vec<Property>,
}

/// Largest element count accepted (keeps a corrupt header from allocating gigabytes).
const MAX_COUNT: usize = 50_000_000;

/// Parses a PLY file into one mesh part (light grey, computed normals); `origin` names it in
/// errors. The header is checked before anything is allocated: see [`check`].
pub fn parse(bytes: &[u8], origin: &Path) -> Result<MeshPart, SceneError> {
    let decode = |m: String| decode_err(origin, m);
    check_magic(bytes).map_err(decode)?;
    let header = parse_header(bytes).map_err(decode)?;
    check(&header, bytes.len() - header.body, origin)?;
    body::read(&header, bytes).map_err(decode)
}

/// The file starts with the line `ply`; else what it is instead.
fn check_magic(bytes: &[u8]) -> Result<(), String> {
    const PLY_IS: &str = "a PLY mesh starts with the line `ply`";
    if bytes.is_empty() {
        return Err(format!("the file is empty; {PLY_IS}"));
    }
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    if first.trim_ascii() == b"ply" {
        return Ok(());
    }
    let found = match (magic_kind(bytes), std::str::from_utf8(first)) {
        (None, Ok(line)) => {
            let line: String = line.trim().chars().take(40).collect();
            format!("this file starts with the line {line:?}")
        }
        _ => describe_binary(bytes),
    };
    Err(format!("not a PLY file: {PLY_IS}; {found}"))
}

/// The parsed header: format, elements, and where the body starts.
struct Header {
    binary: bool,
    elements: Vec<Element>,
    body: usize,
}

fn parse_header(bytes: &[u8]) -> Result<Header, String> {
    let header_end = find(bytes, b"end_header").ok_or("not a PLY file: no end_header")?;
    let mut body = header_end + b"end_header".len();
    if bytes.get(body) == Some(&b'\r') {
        body += 1;
    }
    if bytes.get(body) == Some(&b'\n') {
        body += 1;
    }
    let header = std::str::from_utf8(&bytes[..header_end]).map_err(|_| "header is not text")?;
    let mut lines = header.lines();
    if lines.next().map(str::trim) != Some("ply") {
        return Err("not a PLY file: first line is not `ply`".into());
    }
    let mut binary = None;
    let mut elements: Vec<Element> = Vec::new();
    for (n, line) in lines.enumerate() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let at = || format!("header line {}", n + 2);
        match w.as_slice() {
            [] | ["comment", ..] | ["obj_info", ..] => {}
            ["format", "ascii", _] => binary = Some(false),
            ["format", "binary_little_endian", _] => binary = Some(true),
            ["format", other, _] => return Err(format!("{}: unsupported format `{other}`", at())),
            ["element", name, count] => {
                let count: usize = count.parse().map_err(|_| format!("{}: bad count", at()))?;
                if count > MAX_COUNT {
                    return Err(format!("{}: element count {count} too large", at()));
                }
                elements.push(Element {
                    name: (*name).to_owned(),
                    count,
                    props: Vec::new(),
                });
            }
            ["property", "list", c, i, name] => elements
                .last_mut()
                .ok_or_else(|| format!("{}: property before element", at()))?
                .props
                .push(Property::List(
                    (*name).to_owned(),
                    Scalar::parse(c)?,
                    Scalar::parse(i)?,
                )),
            ["property", t, name] => elements
                .last_mut()
                .ok_or_else(|| format!("{}: property before element", at()))?
                .props
                .push(Property::Scalar((*name).to_owned(), Scalar::parse(t)?)),
            _ => return Err(format!("{}: cannot read `{line}`", at())),
        }
    }
    let binary = binary.ok_or("no format line")?;
    Ok(Header {
        binary,
        elements,
        body,
    })
}

/// The smallest number of bytes one item of `e` takes in the body: in binary, the sum of its
/// scalar sizes plus each list's count size; in ASCII, two bytes (a digit and a separator) per
/// scalar and per list count.
fn min_item_bytes(e: &Element, binary: bool) -> u64 {
    e.props
        .iter()
        .map(|p| match (p, binary) {
            (_, false) => 2,
            (Property::Scalar(_, t) | Property::List(_, t, _), true) => t.size() as u64,
        })
        .sum()
}

/// Header rules checked before the body is read: an element with items has properties, a
/// vertex element has `x`, `y` and `z`, and all elements together need at most the bytes the
/// body holds (the bound on every allocation the reader makes).
fn check(header: &Header, available: usize, origin: &Path) -> Result<(), SceneError> {
    let bad = |e: &Element, rule: String| SceneError::Malformed {
        file: origin.to_owned(),
        at: format!("element {}", e.name),
        rule,
    };
    let mut needed: u64 = 0;
    for e in &header.elements {
        if e.count > 0 && e.props.is_empty() {
            return Err(bad(e, format!("{} items but no properties", e.count)));
        }
        if e.name == "vertex" {
            for axis in ["x", "y", "z"] {
                let has = e
                    .props
                    .iter()
                    .any(|p| matches!(p, Property::Scalar(n, _) if n == axis));
                if !has {
                    return Err(bad(
                        e,
                        format!("a vertex element needs x, y and z (no `{axis}`)"),
                    ));
                }
            }
        }
        needed = needed
            .saturating_add((e.count as u64).saturating_mul(min_item_bytes(e, header.binary)));
    }
    // The last ASCII value needs no separator after it.
    let limit = available as u64 + u64::from(!header.binary);
    if needed > limit {
        return Err(SceneError::Limit {
            file: origin.to_owned(),
            what: "bytes the PLY header's elements need at least".into(),
            value: needed,
            limit,
        });
    }
    Ok(())
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    const P: &str = "t.ply";

    #[test]
    fn ascii_and_binary_agree() {
        let ascii = b"ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
        let a = super::parse(ascii, P.as_ref()).unwrap();
        let mut bin = b"ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n".to_vec();
        for v in [0.0f32, 0., 0., 1., 0., 0., 0., 1., 0.] {
            bin.extend(v.to_le_bytes());
        }
        bin.push(3);
        for i in [0i32, 1, 2] {
            bin.extend(i.to_le_bytes());
        }
        let b = super::parse(&bin, P.as_ref()).unwrap();
        assert_eq!(a.positions, b.positions);
        assert_eq!(a.indices, b.indices);
        assert!(super::parse(b"ply\nformat ascii 1.0\nend_header\n", P.as_ref()).is_err());
    }
}
