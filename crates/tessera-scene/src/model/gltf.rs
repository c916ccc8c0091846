//! glTF 2.0 import: the default scene's triangle primitives, flattened into world space, with
//! their base-colour factor, texture and sampler.

use std::collections::BTreeMap;
use std::path::Path;

use glam::{Mat3, Mat4, Vec3};
use image::DynamicImage;

use super::{MeshPart, Model, decode_err, smooth_normals};
use crate::error::SceneError;
use crate::format::{AddressName, FilterName, SamplerSpec};
use crate::input::{InputPolicy, read_file};

fn address(m: gltf::texture::WrappingMode) -> AddressName {
    use gltf::texture::WrappingMode as W;
    match m {
        W::ClampToEdge => AddressName::Clamp,
        W::MirroredRepeat => AddressName::Mirror,
        W::Repeat => AddressName::Wrap,
    }
}

fn to_image(d: &gltf::image::Data) -> Option<DynamicImage> {
    use gltf::image::Format as F;
    let (w, h, px) = (d.width, d.height, d.pixels.clone());
    match d.format {
        F::R8G8B8A8 => image::RgbaImage::from_raw(w, h, px).map(DynamicImage::ImageRgba8),
        F::R8G8B8 => image::RgbImage::from_raw(w, h, px).map(DynamicImage::ImageRgb8),
        F::R8 => image::GrayImage::from_raw(w, h, px).map(DynamicImage::ImageLuma8),
        F::R8G8 => image::GrayAlphaImage::from_raw(w, h, px).map(DynamicImage::ImageLumaA8),
        _ => None,
    }
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
    let _ = policy;
    let path = origin;
    let (doc, buffers, images) =
        gltf::import_slice(bytes).map_err(|e| decode_err(path, e.to_string()))?;
    let mut model = Model {
        parts: Vec::new(),
        images: Vec::new(),
    };
    let mut image_slot: BTreeMap<usize, Option<usize>> = BTreeMap::new();
    for (i, d) in images.iter().enumerate() {
        let slot = to_image(d).map(|img| {
            model.images.push(img);
            model.images.len() - 1
        });
        image_slot.insert(i, slot);
    }
    let scene = doc
        .default_scene()
        .or_else(|| doc.scenes().next())
        .ok_or_else(|| decode_err(path, "the glTF file has no scene"))?;
    let mut stack: Vec<(gltf::Node<'_>, Mat4, usize)> =
        scene.nodes().map(|n| (n, Mat4::IDENTITY, 0)).collect();
    while let Some((node, parent, depth)) = stack.pop() {
        if depth > 64 {
            return Err(decode_err(path, "node hierarchy deeper than 64"));
        }
        let m = parent * Mat4::from_cols_array_2d(&node.transform().matrix());
        for child in node.children() {
            stack.push((child, m, depth + 1));
        }
        let Some(mesh) = node.mesh() else { continue };
        let nm = Mat3::from_mat4(m).inverse().transpose();
        for prim in mesh.primitives() {
            if prim.mode() != gltf::mesh::Mode::Triangles {
                continue;
            }
            let reader = prim.reader(|b| buffers.get(b.index()).map(|d| &d.0[..]));
            let Some(pos) = reader.read_positions() else {
                continue;
            };
            let positions: Vec<[f32; 3]> = pos
                .map(|p| m.transform_point3(Vec3::from(p)).to_array())
                .collect();
            let n = positions.len();
            let indices: Vec<u32> = match reader.read_indices() {
                Some(i) => i.into_u32().collect(),
                None => (0..n as u32).collect(),
            };
            if indices.iter().any(|&i| i as usize >= n) {
                return Err(decode_err(path, "index out of range in a primitive"));
            }
            let normals = match reader.read_normals() {
                Some(ns) => ns
                    .map(|v| (nm * Vec3::from(v)).normalize_or_zero().to_array())
                    .collect(),
                None => smooth_normals(&positions, &indices),
            };
            let uvs: Vec<[f32; 2]> = match reader.read_tex_coords(0) {
                Some(t) => t.into_f32().collect(),
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
                part.texture = image_slot.get(&tex.source().index()).copied().flatten();
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
            model.parts.push(part);
        }
    }
    if model.parts.is_empty() {
        return Err(decode_err(path, "no triangle meshes in the default scene"));
    }
    Ok(model)
}
