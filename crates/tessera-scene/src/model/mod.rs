//! glTF 2.0 and PLY models, turned into an ordinary [`Scene`] lit by the built-in `LitVs`/`LitPs`
//! with an automatic camera that frames the model's bounds and a default directional light.
//!
//! Meshes are flattened into world space on the CPU (node transforms applied to positions and
//! normals), so the vertex shader's world matrix is the identity. Base-colour textures are
//! uploaded as R8G8B8A8_UNORM with a full mip chain and sampled with the material's sampler;
//! colours are not colour-managed (the stored sRGB bytes are used as-is, as for the target).

//!
//! The loaders live in `gltf` (and `ply`); `framing` places the camera and the light and
//! `build` turns the parts into a scene.

use std::path::Path;

use glam::Vec3;
use image::DynamicImage;

use crate::error::SceneError;
use crate::format::SamplerSpec;
use crate::input::{InputPolicy, read_file};
use crate::scene::Scene;

mod build;
mod framing;
mod gltf;
mod ply;

pub use self::gltf::{read_gltf, read_gltf_slice};
pub use build::{MODEL_SIZE, model_scene};

/// One drawable part: world-space triangles with a material.
#[derive(Clone, Debug, Default)]
pub struct MeshPart {
    /// World-space positions.
    pub positions: Vec<[f32; 3]>,
    /// World-space normals (one per position).
    pub normals: Vec<[f32; 3]>,
    /// Texture coordinates (one per position).
    pub uvs: Vec<[f32; 2]>,
    /// Triangle list indices.
    pub indices: Vec<u32>,
    /// Base colour factor.
    pub base_color: [f32; 4],
    /// Index into [`Model::images`] of the base-colour texture.
    pub texture: Option<usize>,
    /// Sampler of the base-colour texture.
    pub sampler: SamplerSpec,
}

/// A model: parts plus the images they reference.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// Drawable parts.
    pub parts: Vec<MeshPart>,
    /// Decoded images.
    pub images: Vec<DynamicImage>,
}

fn decode_err(path: &Path, message: impl Into<String>) -> SceneError {
    SceneError::Decode {
        file: path.to_owned(),
        message: message.into(),
    }
}

/// Loads a `.gltf` (with its `.bin` and images) or `.glb` as a lit scene, with the default
/// [`InputPolicy`].
pub fn load_gltf(path: &Path) -> Result<Scene, SceneError> {
    load_gltf_with(path, &InputPolicy::default())
}

/// Loads a `.gltf` or `.glb` as a lit scene; the file, its buffers and its images are read
/// under `policy`.
pub fn load_gltf_with(path: &Path, policy: &InputPolicy) -> Result<Scene, SceneError> {
    let bytes = read_file(path, None, policy)?;
    load_gltf_slice(&bytes, path, policy)
}

/// Loads a glTF model (GLB or JSON glTF) from memory as a lit scene. `origin` names it in
/// errors, and external URIs resolve against its folder through [`read_file`] under `policy`.
pub fn load_gltf_slice(
    bytes: &[u8],
    origin: &Path,
    policy: &InputPolicy,
) -> Result<Scene, SceneError> {
    let model = read_gltf_slice(bytes, origin, policy)?;
    model_scene(&model, origin)
}

/// Loads a PLY mesh (ASCII or binary little-endian) as a lit scene, with the default
/// [`InputPolicy`].
pub fn load_ply(path: &Path) -> Result<Scene, SceneError> {
    load_ply_with(path, &InputPolicy::default())
}

/// Loads a PLY mesh as a lit scene, reading the file under `policy`.
pub fn load_ply_with(path: &Path, policy: &InputPolicy) -> Result<Scene, SceneError> {
    let bytes = read_file(path, None, policy)?;
    load_ply_slice(&bytes, path)
}

/// Loads a PLY mesh from memory as a lit scene; `origin` names it in errors.
pub fn load_ply_slice(bytes: &[u8], origin: &Path) -> Result<Scene, SceneError> {
    let part = ply::parse(bytes, origin)?;
    let model = Model {
        parts: vec![part],
        images: Vec::new(),
    };
    model_scene(&model, origin)
}

/// Area-weighted vertex normals of an indexed triangle list.
pub fn smooth_normals(positions: &[[f32; 3]], indices: &[u32]) -> Vec<[f32; 3]> {
    let mut acc = vec![Vec3::ZERO; positions.len()];
    for t in indices.chunks_exact(3) {
        let [a, b, c] = [t[0], t[1], t[2]].map(|i| i as usize);
        let (Some(pa), Some(pb), Some(pc)) = (positions.get(a), positions.get(b), positions.get(c))
        else {
            continue;
        };
        let (pa, pb, pc) = (Vec3::from(*pa), Vec3::from(*pb), Vec3::from(*pc));
        let n = (pb - pa).cross(pc - pa);
        for i in [a, b, c] {
            acc[i] += n;
        }
    }
    acc.iter()
        .map(|n| n.normalize_or_zero().to_array())
        .collect()
}
