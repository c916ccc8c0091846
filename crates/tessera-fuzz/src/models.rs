//! The model and image targets: PLY, JSON glTF and GLB from memory through the same entry
//! points `tessera render` uses for files, rendered small; PNG/JPEG through the one decoder
//! of scene textures, model textures and `tessera compare`.

use std::path::Path;

use tessera_scene::input::{InputPolicy, decode_image};
use tessera_scene::model::{load_gltf_slice, load_ply_slice};

use crate::scene::{SceneOutcome, render};

/// The input policy of the fuzz targets: the product's defaults with a smaller decode budget
/// (64 MiB, 4096 pixels a side), so that an image that is legal but huge under the defaults
/// does not turn every run into a 1 GiB allocation.
pub fn fuzz_policy() -> InputPolicy {
    InputPolicy {
        max_image_dimension: 4096,
        max_image_alloc_bytes: 64 << 20,
        ..InputPolicy::default()
    }
}

/// A PLY mesh (ASCII or binary): [`load_ply_slice`], then a render.
pub fn ply(data: &[u8]) -> SceneOutcome {
    match load_ply_slice(data, Path::new("/nonexistent/tessera-fuzz/input.ply")) {
        Ok(scene) => render(&scene),
        Err(_) => SceneOutcome::Rejected,
    }
}

/// JSON glTF: UTF-8 first, then [`load_gltf_slice`] and a render. External URIs resolve
/// against a folder that does not exist.
pub fn gltf(data: &[u8]) -> SceneOutcome {
    if std::str::from_utf8(data).is_err() {
        return SceneOutcome::NotUtf8;
    }
    model(data, "/nonexistent/tessera-fuzz/input.gltf")
}

/// Binary glTF (GLB): [`load_gltf_slice`] on the raw bytes, then a render.
pub fn glb(data: &[u8]) -> SceneOutcome {
    model(data, "/nonexistent/tessera-fuzz/input.glb")
}

fn model(data: &[u8], origin: &str) -> SceneOutcome {
    match load_gltf_slice(data, Path::new(origin), &fuzz_policy()) {
        Ok(scene) => render(&scene),
        Err(_) => SceneOutcome::Rejected,
    }
}

/// How far an image input got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageOutcome {
    /// `decode_image` refused it.
    Rejected,
    /// It decoded, and converted to RGBA8 as a texture upload does.
    Decoded,
}

impl ImageOutcome {
    /// A short name: `rejected` or `decoded`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Rejected => "rejected",
            Self::Decoded => "decoded",
        }
    }
}

/// A DDS file (magic `DDS `): `decode_dds` as `tessera compare` and `tessera probe` read it,
/// then every texel decoded as `probe` does; or a PNG or JPEG: [`decode_image`] under
/// [`fuzz_policy`], then the RGBA8 conversion of a texture upload; the decoded size must be
/// within the policy.
pub fn image(data: &[u8]) -> ImageOutcome {
    if data.starts_with(b"DDS ") {
        return dds(data);
    }
    let policy = fuzz_policy();
    match decode_image(
        data,
        Path::new("/nonexistent/tessera-fuzz/input.png"),
        &policy,
    ) {
        Ok(img) => {
            let rgba = img.to_rgba8();
            let (w, h) = rgba.dimensions();
            assert!(
                w <= policy.max_image_dimension && h <= policy.max_image_dimension,
                "decode_image returned {w}x{h}, over the policy's {}",
                policy.max_image_dimension
            );
            ImageOutcome::Decoded
        }
        Err(_) => ImageOutcome::Rejected,
    }
}

/// The DDS half of [`image`]: a decoded file holds every texel it claims, and each decodes
/// (or refuses with an error) without a panic.
fn dds(data: &[u8]) -> ImageOutcome {
    let Ok(img) = tessera::resource::decode_dds(data) else {
        return ImageOutcome::Rejected;
    };
    let Ok(surface) = img.surface() else {
        return ImageOutcome::Rejected;
    };
    let format = img.format;
    let (bw, bh) = (
        format.info().block_width.max(1),
        format.info().block_height.max(1),
    );
    for y in 0..img.height.div_ceil(bh) {
        for x in 0..img.width.div_ceil(bw) {
            let texel = surface.texel(x, y, 0);
            assert_eq!(texel.len(), format.info().bytes_per_block as usize);
            let _ = (format.decode_float(texel), format.decode_uint(texel));
            let _ = (format.decode_depth(texel), format.decode_stencil(texel));
        }
    }
    ImageOutcome::Decoded
}
