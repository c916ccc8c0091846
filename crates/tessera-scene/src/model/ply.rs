//! A small PLY reader: `format ascii 1.0` and `binary_little_endian 1.0`, a `vertex` element
//! with `x y z` (any scalar type; other properties skipped) and a `face` element with a vertex
//! index list (polygons are fanned into triangles). Other elements are skipped. Normals are
//! computed (area-weighted) and oriented outwards.

use glam::Vec3;

use super::{MeshPart, smooth_normals};

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

    fn size(self) -> usize {
        match self {
            Self::I8 | Self::U8 => 1,
            Self::I16 | Self::U16 => 2,
            Self::I32 | Self::U32 | Self::F32 => 4,
            Self::F64 => 8,
        }
    }

    fn read(self, b: &[u8]) -> f64 {
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

/// Parses a PLY file into one mesh part (light grey, computed normals).
pub fn parse(bytes: &[u8]) -> Result<MeshPart, String> {
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
    let mut reader: Box<dyn Values> = if binary {
        Box::new(Binary {
            b: bytes,
            pos: body,
        })
    } else {
        let text = std::str::from_utf8(&bytes[body..]).map_err(|_| "body is not text")?;
        Box::new(Ascii {
            it: text.split_ascii_whitespace(),
        })
    };
    let mut positions: Vec<[f32; 3]> = Vec::new();
    let mut indices: Vec<u32> = Vec::new();
    for e in &elements {
        let is_vertex = e.name == "vertex";
        let is_face = e.name == "face";
        for _ in 0..e.count {
            let mut p = [0.0f32; 3];
            for prop in &e.props {
                match prop {
                    Property::Scalar(name, t) => {
                        let v = reader.next(*t)?;
                        if is_vertex {
                            match name.as_str() {
                                "x" => p[0] = v as f32,
                                "y" => p[1] = v as f32,
                                "z" => p[2] = v as f32,
                                _ => {}
                            }
                        }
                    }
                    Property::List(name, ct, it) => {
                        let n = reader.next(*ct)?;
                        if !(0.0..=1024.0).contains(&n) {
                            return Err(format!("list length {n} out of range"));
                        }
                        let mut poly = Vec::with_capacity(n as usize);
                        for _ in 0..n as usize {
                            poly.push(reader.next(*it)?);
                        }
                        if is_face && (name == "vertex_indices" || name == "vertex_index") {
                            for k in 1..poly.len().saturating_sub(1) {
                                for v in [poly[0], poly[k], poly[k + 1]] {
                                    if v < 0.0 || v.fract() != 0.0 {
                                        return Err(format!("bad vertex index {v}"));
                                    }
                                    indices.push(v as u32);
                                }
                            }
                        }
                    }
                }
            }
            if is_vertex {
                positions.push(p);
            }
        }
    }
    if positions.is_empty() || indices.is_empty() {
        return Err("no vertices or no faces".into());
    }
    if let Some(bad) = indices.iter().find(|&&i| i as usize >= positions.len()) {
        return Err(format!(
            "face index {bad} out of range ({} vertices)",
            positions.len()
        ));
    }
    let mut normals = smooth_normals(&positions, &indices);
    // Orient outwards: if most normals point towards the centroid, flip them all.
    let c = positions.iter().map(|p| Vec3::from(*p)).sum::<Vec3>() / positions.len() as f32;
    let inward: usize = positions
        .iter()
        .zip(&normals)
        .filter(|(p, n)| (Vec3::from(**p) - c).dot(Vec3::from(**n)) < 0.0)
        .count();
    if inward * 2 > positions.len() {
        for n in &mut normals {
            *n = n.map(|v| -v);
        }
    }
    let count = positions.len();
    Ok(MeshPart {
        positions,
        normals,
        uvs: vec![[0.0; 2]; count],
        indices,
        base_color: [0.85, 0.8, 0.72, 1.0],
        texture: None,
        sampler: Default::default(),
    })
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

trait Values {
    fn next(&mut self, t: Scalar) -> Result<f64, String>;
}

struct Ascii<'a> {
    it: std::str::SplitAsciiWhitespace<'a>,
}

impl Values for Ascii<'_> {
    fn next(&mut self, _t: Scalar) -> Result<f64, String> {
        let s = self.it.next().ok_or("unexpected end of data")?;
        s.parse::<f64>().map_err(|_| format!("bad number `{s}`"))
    }
}

struct Binary<'a> {
    b: &'a [u8],
    pos: usize,
}

impl Values for Binary<'_> {
    fn next(&mut self, t: Scalar) -> Result<f64, String> {
        let n = t.size();
        let s = self
            .b
            .get(self.pos..self.pos + n)
            .ok_or("unexpected end of data")?;
        self.pos += n;
        Ok(t.read(s))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ascii_and_binary_agree() {
        let ascii = b"ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n";
        let a = super::parse(ascii).unwrap();
        let mut bin = b"ply\nformat binary_little_endian 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n".to_vec();
        for v in [0.0f32, 0., 0., 1., 0., 0., 0., 1., 0.] {
            bin.extend(v.to_le_bytes());
        }
        bin.push(3);
        for i in [0i32, 1, 2] {
            bin.extend(i.to_le_bytes());
        }
        let b = super::parse(&bin).unwrap();
        assert_eq!(a.positions, b.positions);
        assert_eq!(a.indices, b.indices);
        assert!(super::parse(b"ply\nformat ascii 1.0\nend_header\n").is_err());
    }
}
