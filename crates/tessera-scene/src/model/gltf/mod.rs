//! glTF 2.0 import: the default scene's triangle primitives, flattened into world space, with
//! their base-colour factor, texture and sampler.
//!
//! Input is untrusted: `glb` checks the container, `parse` has the glTF library parse and
//! validate the JSON (panics caught), `data` loads buffers and images itself (through
//! [`crate::input`]) and checks buffer views, and `accessor` checks each accessor's type,
//! stride and bounds before reading it. The glTF library's own importer is never called.

use std::collections::BTreeSet;
use std::path::Path;

use glam::{Mat3, Mat4, Vec3};

use super::{MeshPart, Model, decode_err, smooth_normals};
use crate::error::SceneError;
use crate::format::{AddressName, FilterName, SamplerSpec};
use crate::input::{InputPolicy, read_file};
use crate::sniff::{describe_binary, json_kind, magic_kind};
use accessor::{Semantic, elements};

mod accessor;
mod data;
mod glb;
mod parse;

fn address(m: gltf::texture::WrappingMode) -> AddressName {
    use gltf::texture::WrappingMode as W;
    match m {
        W::ClampToEdge => AddressName::Clamp,
        W::MirroredRepeat => AddressName::Mirror,
        W::Repeat => AddressName::Wrap,
    }
}

/// A JSON glTF (no `glTF` magic) is a JSON object that is not another kind of file: an
/// empty, binary or tessera-scene file is named as such rather than as a JSON syntax error.
fn check_json_kind(bytes: &[u8], origin: &Path) -> Result<(), SceneError> {
    const GLTF_IS: &str =
        "a glTF model is glTF 2.0 JSON (.gltf) or binary glTF starting with `glTF` (.glb)";
    let why = if bytes.trim_ascii().is_empty() {
        format!("the file is empty; {GLTF_IS}")
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        match magic_kind(bytes)
            .map(str::to_owned)
            .or_else(|| json_kind(text))
        {
            Some(kind) if kind.starts_with("it is a glTF") => return Ok(()),
            Some(kind) if kind.starts_with("it is a tessera scene") => {
                format!("not a glTF model: {kind}; name it .json to render it as a scene")
            }
            Some(kind) if kind.starts_with("it is") || kind.starts_with("the top") => {
                format!("not a glTF model: {kind}; {GLTF_IS}")
            }
            Some(kind) => format!("not a glTF model: this file starts with {kind} bytes"),
            None => return Ok(()),
        }
    } else {
        format!("not a glTF model: {GLTF_IS}; {}", describe_binary(bytes))
    };
    Err(decode_err(origin, why))
}

/// Reads a glTF file into world-space parts, with the default [`InputPolicy`].
pub fn read_gltf(path: &Path) -> Result<Model, SceneError> {
    let policy = InputPolicy::default();
    let bytes = read_file(path, None, &policy)?;
    read_gltf_slice(&bytes, path, &policy)
}

/// Reads a glTF model (GLB or JSON) from memory into world-space parts; `origin` names it in
/// errors and anchors its external URIs, which are read under `policy`.
pub fn read_gltf_slice(
    bytes: &[u8],
    origin: &Path,
    policy: &InputPolicy,
) -> Result<Model, SceneError> {
    let (json, bin) = if bytes.starts_with(b"glTF") {
        let g = glb::split(bytes, origin)?;
        (g.json, g.bin)
    } else {
        check_json_kind(bytes, origin)?;
        (bytes, None)
    };
    let doc = parse::document(json, origin)?;
    let src = data::Source {
        origin,
        bin,
        policy,
    };
    let root = doc.as_json();
    let buffers = src.buffers(root)?;
    let views = src.views(root, &buffers)?;
    let decoded = src.images(root, &views)?;
    let mut model = Model::default();
    let mut image_slot = Vec::with_capacity(decoded.len());
    for img in decoded {
        image_slot.push(img.map(|img| {
            model.images.push(img);
            model.images.len() - 1
        }));
    }
    let walk = Walk {
        doc: &doc,
        views: &views,
        image_slot: &image_slot,
        origin,
    };
    parse::guarded(origin, "glTF scene", || walk.run(&mut model))??;
    if model.parts.is_empty() {
        return Err(decode_err(
            origin,
            "no triangle meshes in the default scene",
        ));
    }
    Ok(model)
}

/// Most vertices, and most indices, a model may flatten into (2^25 each).
pub const MAX_ELEMENTS: u64 = 1 << 25;

/// The traversal of the default scene.
struct Walk<'a> {
    doc: &'a gltf::Document,
    views: &'a [&'a [u8]],
    image_slot: &'a [Option<usize>],
    origin: &'a Path,
}

impl Walk<'_> {
    fn run(&self, model: &mut Model) -> Result<(), SceneError> {
        let path = self.origin;
        let scene = self
            .doc
            .default_scene()
            .or_else(|| self.doc.scenes().next())
            .ok_or_else(|| decode_err(path, "the glTF file has no scene"))?;
        let mut stack: Vec<(gltf::Node<'_>, Mat4, usize)> =
            scene.nodes().map(|n| (n, Mat4::IDENTITY, 0)).collect();
        let mut seen = BTreeSet::new();
        let mut placed = Vec::new();
        while let Some((node, parent, depth)) = stack.pop() {
            if depth > 64 {
                return Err(decode_err(path, "node hierarchy deeper than 64"));
            }
            if !seen.insert(node.index()) {
                return Err(SceneError::Malformed {
                    file: path.to_owned(),
                    at: format!("nodes[{}]", node.index()),
                    rule: "the node is reached twice (glTF nodes form disjoint trees)".into(),
                });
            }
            let m = parent * Mat4::from_cols_array_2d(&node.transform().matrix());
            for child in node.children() {
                stack.push((child, m, depth + 1));
            }
            if let Some(mesh) = node.mesh() {
                placed.push((mesh, m));
            }
        }
        self.check_budget(&placed)?;
        for (mesh, m) in placed {
            let nm = Mat3::from_mat4(m).inverse().transpose();
            for prim in mesh.primitives() {
                if prim.mode() != gltf::mesh::Mode::Triangles {
                    continue;
                }
                if let Some(part) = self.part(&prim, m, nm)? {
                    model.parts.push(part);
                }
            }
        }
        Ok(())
    }

    /// Vertices and indices of every placed triangle primitive, counted from the accessors
    /// before any is read: a mesh used by many nodes is flattened once per node, so the
    /// output can be far larger than the file.
    fn check_budget(&self, placed: &[(gltf::Mesh<'_>, Mat4)]) -> Result<(), SceneError> {
        let (mut vertices, mut indices) = (0u64, 0u64);
        for (mesh, _) in placed {
            for prim in mesh.primitives() {
                if prim.mode() != gltf::mesh::Mode::Triangles {
                    continue;
                }
                let Some(pos) = prim.get(&gltf::Semantic::Positions) else {
                    continue;
                };
                let n = pos.count() as u64;
                vertices = vertices.saturating_add(n);
                indices = indices.saturating_add(prim.indices().map_or(n, |a| a.count() as u64));
            }
        }
        for (what, value) in [("vertices", vertices), ("indices", indices)] {
            if value > MAX_ELEMENTS {
                return Err(SceneError::Limit {
                    file: self.origin.to_owned(),
                    what: format!("{what} of the flattened default scene"),
                    value,
                    limit: MAX_ELEMENTS,
                });
            }
        }
        Ok(())
    }

    fn read(&self, index: usize, semantic: Semantic) -> Result<accessor::Elements<'_>, SceneError> {
        elements(self.doc.as_json(), self.views, index, semantic, self.origin)
    }

    fn part(
        &self,
        prim: &gltf::Primitive<'_>,
        m: Mat4,
        nm: Mat3,
    ) -> Result<Option<MeshPart>, SceneError> {
        let path = self.origin;
        let attr = |s: gltf::Semantic| prim.get(&s).map(|a| a.index());
        let Some(pos) = attr(gltf::Semantic::Positions) else {
            return Ok(None);
        };
        let positions: Vec<[f32; 3]> = self
            .read(pos, Semantic::Position)?
            .floats::<3>()
            .into_iter()
            .map(|p| m.transform_point3(Vec3::from(p)).to_array())
            .collect();
        let n = positions.len();
        let indices: Vec<u32> = match prim.indices() {
            Some(a) => self.read(a.index(), Semantic::Indices)?.indices(),
            None => (0..n as u32).collect(),
        };
        if indices.iter().any(|&i| i as usize >= n) {
            return Err(decode_err(path, "index out of range in a primitive"));
        }
        let normals = match attr(gltf::Semantic::Normals) {
            Some(a) => self
                .read(a, Semantic::Normal)?
                .floats::<3>()
                .into_iter()
                .map(|v| (nm * Vec3::from(v)).normalize_or_zero().to_array())
                .collect(),
            None => smooth_normals(&positions, &indices),
        };
        let uvs: Vec<[f32; 2]> = match attr(gltf::Semantic::TexCoords(0)) {
            Some(a) => self.read(a, Semantic::TexCoord)?.floats::<2>(),
            None => vec![[0.0; 2]; n],
        };
        let pbr = prim.material().pbr_metallic_roughness();
        let mut part = MeshPart {
            positions,
            normals,
            uvs,
            indices,
            base_color: pbr.base_color_factor(),
            texture: None,
            sampler: SamplerSpec::default(),
        };
        if let Some(info) = pbr.base_color_texture() {
            let tex = info.texture();
            part.texture = self.image_slot.get(tex.source().index()).copied().flatten();
            let s = tex.sampler();
            part.sampler.address_u = Some(address(s.wrap_s()));
            part.sampler.address_v = Some(address(s.wrap_t()));
            if s.mag_filter() == Some(gltf::texture::MagFilter::Nearest) {
                part.sampler.filter =
                    FilterName::try_from("min_linear_mag_point_mip_linear".to_owned()).ok();
            }
        }
        if part.normals.len() != n || part.uvs.len() != n {
            return Err(decode_err(
                path,
                "attribute counts differ within a primitive",
            ));
        }
        Ok(Some(part))
    }
}
