//! The automatic view of a model: a camera that frames its bounds from the front-right-above,
//! and a directional light from above-left of the camera.

use std::path::Path;

use glam::Vec3;

use super::{Model, decode_err};
use crate::error::SceneError;
use crate::format::CameraSpec;

/// Where a model is seen from and lit from.
pub(super) struct Framing {
    /// The camera (40° vertical field of view, near/far planes around the bounds).
    pub camera: CameraSpec,
    /// The camera's eye (for the specular term).
    pub eye: Vec3,
    /// Direction towards the light.
    pub light: Vec3,
}

/// Frames the finite vertices of `model`; an error names `source` when there are none.
pub(super) fn frame(model: &Model, source: &Path) -> Result<Framing, SceneError> {
    let (mut lo, mut hi) = (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN));
    for p in model.parts.iter().flat_map(|p| &p.positions) {
        let v = Vec3::from(*p);
        if v.is_finite() {
            lo = lo.min(v);
            hi = hi.max(v);
        }
    }
    if lo.x > hi.x {
        return Err(decode_err(source, "the model has no finite vertex"));
    }
    let center = (lo + hi) * 0.5;
    let radius = ((hi - lo).length() * 0.5).max(1e-6);
    let fov = 40.0f32;
    let dir = Vec3::new(0.55, 0.45, 1.0).normalize();
    // sin(fov / 2) = sin(20°) as a constant, not the platform `sin` (clippy.toml): the f32 that
    // `sin` gave here, which is also sin(20°) correctly rounded.
    let sin_half_fov = 0.342_020_12f32;
    let dist = radius / sin_half_fov * 1.05;
    let eye = center + dir * dist;
    let camera = CameraSpec {
        eye: eye.to_array(),
        target: center.to_array(),
        up: [0.0, 1.0, 0.0],
        fov_y_deg: fov,
        near: (dist - radius * 1.2).max(dist * 0.01),
        far: dist + radius * 1.2,
        aspect: None,
        ortho_height: None,
    };
    let light = (dir + Vec3::new(-0.6, 0.9, 0.0)).normalize();
    Ok(Framing { camera, eye, light })
}
