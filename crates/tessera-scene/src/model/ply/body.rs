//! The PLY body, read after [`super::check`] has bounded it by the header: values in ASCII
//! or binary little-endian, the vertex positions and the fanned face indices.

use glam::Vec3;

use super::{Header, Property, Scalar};
use crate::model::{MeshPart, smooth_normals};

/// Reads the body of a checked header into one mesh part.
pub(super) fn read(header: &Header, bytes: &[u8]) -> Result<MeshPart, String> {
    let Header {
        binary,
        elements,
        body,
    } = header;
    let (binary, body) = (*binary, *body);
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
    for e in elements {
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
