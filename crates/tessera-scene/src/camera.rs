//! Named constant-buffer values → the float registers the built-in shaders read.
//!
//! Matrix convention: the built-in shaders compute `mul_mat_vec(rows, v)`, i.e. `out[i] =
//! dot(row_i, v)` with column vectors, so a matrix `M` (glam, column-major) is stored as its
//! rows: `M.row(0..4)`. World-view-projection is `projection · view · world`. Cameras are
//! right-handed (glTF-style: +Y up, looking down −Z in view space) and project to D3D clip
//! space with depth z ∈ [0, 1] (`perspective_rh` / `orthographic_rh`).

use glam::{EulerRot, Mat3, Mat4, Quat, Vec3};

use crate::format::{CameraSpec, LitPsSpec, MatrixSpec, ModelSpec};

/// `view · projection` of a camera (`projection · view` in column-vector order).
pub fn view_projection(c: &CameraSpec, target_aspect: f32) -> Mat4 {
    let aspect = c.aspect.unwrap_or(target_aspect);
    let view = Mat4::look_at_rh(c.eye.into(), c.target.into(), c.up.into());
    let proj = match c.ortho_height {
        Some(h) => {
            let w = h * aspect;
            Mat4::orthographic_rh(-w / 2.0, w / 2.0, -h / 2.0, h / 2.0, c.near, c.far)
        }
        None => Mat4::perspective_rh(c.fov_y_deg.to_radians(), aspect, c.near, c.far),
    };
    proj * view
}

/// The world matrix of a model transform.
pub fn world(m: &ModelSpec) -> Mat4 {
    let [rx, ry, rz] = m.rotate_deg.map(f32::to_radians);
    let rot = Quat::from_euler(EulerRot::ZYX, rz, ry, rx);
    Mat4::from_scale_rotation_translation(
        m.scale.unwrap_or([1.0; 3]).into(),
        rot,
        m.translate.into(),
    )
}

/// (full matrix, world matrix) of a matrix spec.
pub fn matrices(m: &MatrixSpec, aspect: f32) -> (Mat4, Mat4) {
    let w = m.model.as_ref().map_or(Mat4::IDENTITY, world);
    let vp = m
        .camera
        .as_ref()
        .map_or(Mat4::IDENTITY, |c| view_projection(c, aspect));
    let extra = m
        .rows
        .map_or(Mat4::IDENTITY, |r| Mat4::from_cols_array_2d(&r).transpose());
    (extra * vp * w, w)
}

/// Appends the 4 rows of `m`.
pub fn push_rows(out: &mut Vec<f32>, m: &Mat4) {
    for i in 0..4 {
        out.extend_from_slice(&m.row(i).to_array());
    }
}

/// `LitVs` constants: rows of world·view·projection, world, and the 3-row normal matrix.
pub fn lit_vs(m: &MatrixSpec, aspect: f32) -> Vec<f32> {
    let (wvp, w) = matrices(m, aspect);
    let mut out = Vec::with_capacity(44);
    push_rows(&mut out, &wvp);
    push_rows(&mut out, &w);
    let n = Mat3::from_mat4(w).inverse().transpose();
    let n = if n.is_finite() { n } else { Mat3::IDENTITY };
    for i in 0..3 {
        out.extend_from_slice(&n.row(i).to_array());
        out.push(0.0);
    }
    out
}

/// `LitPs` constants.
pub fn lit_ps(p: &LitPsSpec) -> Vec<f32> {
    let d = Vec3::from(p.light_direction).normalize_or_zero();
    let mut out = Vec::with_capacity(24);
    out.extend_from_slice(&[d.x, d.y, d.z, 0.0]);
    out.extend_from_slice(&[p.light_color[0], p.light_color[1], p.light_color[2], 1.0]);
    out.extend_from_slice(&[p.ambient[0], p.ambient[1], p.ambient[2], 1.0]);
    out.extend_from_slice(&p.base_color);
    out.extend_from_slice(&[p.eye[0], p.eye[1], p.eye[2], 1.0]);
    out.extend_from_slice(&[
        p.specular_power,
        p.specular_intensity,
        if p.textured { 1.0 } else { 0.0 },
        0.0,
    ]);
    out
}
