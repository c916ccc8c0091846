//! Triangle setup: divide, viewport transform, 16.8 snapping, culling, edge functions and
//! attribute planes (SPEC §3.2–§3.4, §3.7).

use tessera_caps::{CullMode, RasterizerDesc, Viewport};

use crate::om::depth::DepthKind;
use crate::shader::Interpolation;

/// Fractional bits of the snapped vertex grid (SPEC §3.3).
pub const SUBPIXEL_BITS: u32 = 8;
const SUBPIXEL_ONE: f32 = (1 << SUBPIXEL_BITS) as f32;
const SNAP_LIMIT: f32 = (1 << 24) as f32;

/// An integer edge function `E(px, py) = e00 + px·step_x + py·step_y`, evaluated at pixel
/// centres; a pixel is covered when `E ≥ 0` for all three edges. The top-left rule is folded
/// into `e00` (non top-left edges are offset by −1, so an exact 0 only covers on top/left edges).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edge {
    /// Value at the centre of pixel (0, 0), minus the fill-rule bias.
    pub e00: i64,
    /// Change per pixel step in x.
    pub step_x: i64,
    /// Change per pixel step in y.
    pub step_y: i64,
}

impl Edge {
    /// Value at the centre of pixel (`px`, `py`).
    #[inline]
    pub fn at(&self, px: i64, py: i64) -> i64 {
        self.e00 + px * self.step_x + py * self.step_y
    }
}

/// A screen-space plane `v(x, y) = v0 + dx·(x − x0) + dy·(y − y0)` relative to vertex 0.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Plane {
    /// Value at vertex 0.
    pub v0: f32,
    /// Gradient in x.
    pub dx: f32,
    /// Gradient in y.
    pub dy: f32,
}

/// A triangle ready to rasterize.
#[derive(Clone, Copy, Debug, Default)]
pub struct TriSetup {
    /// The three edge functions.
    pub edges: [Edge; 3],
    /// Pixel bounds `[x0, y0, x1, y1)`, already intersected with the viewport/scissor rectangle.
    pub bounds: [i32; 4],
    /// The viewport/scissor/target rectangle cut the snapped bounding box. When false no
    /// covered pixel can lie outside `bounds` (the edges already confine coverage to the
    /// box), so the rasterizer needs no rectangle mask.
    pub rect_cut: bool,
    /// Vertex 0 position (snapped, as float) that the planes are relative to.
    pub origin: [f32; 2],
    /// Screen-space depth plane, bias included.
    pub z: Plane,
    /// Plane of 1/w.
    pub q: Plane,
    /// `w` when it is the same at every pixel: the `q` plane is flat and its value normal, so
    /// every lane's `1/q` is exactly `1/q.v0` and the per-block division can be skipped.
    pub w_flat: Option<f32>,
    /// Every attribute plane is flat (`dx = dy = 0`) with a `v0` that is neither −0 nor NaN,
    /// and `w` is flat: each lane's interpolated value is exactly `v0` (times `w`), so the
    /// pixel stage splats it instead of evaluating planes.
    pub flat_varyings: bool,
    /// Offset of this triangle's 4·n attribute planes in the setup arena.
    pub attr_offset: u32,
    /// Front-facing (for `SV_IsFrontFace` and two-sided stencil).
    pub front: bool,
    /// `SV_PrimitiveID`.
    pub primitive_id: u32,
    /// Every vertex lies within [`SMALL_EXTENT`] pixels of the others, so edge values inside
    /// the vertices' bounding box (plus a block) fit in i32.
    pub small: bool,
}

/// Largest vertex extent, in pixels, of a triangle rasterized with 32-bit edge values.
pub const SMALL_EXTENT: i64 = 64;

/// Per-draw constants of setup.
#[derive(Clone, Copy, Debug)]
pub struct SetupParams<'a> {
    /// The viewport (index 0).
    pub viewport: Viewport,
    /// Pixel rectangle `[x0, y0, x1, y1)` a pixel must lie in: viewport ∩ scissor ∩ target.
    pub rect: [i32; 4],
    /// Rasterizer state.
    pub rasterizer: &'a RasterizerDesc,
    /// The pixel shader's input interpolation modes.
    pub inputs: &'a [Interpolation],
    /// The bound depth format (depth bias scale), if any.
    pub depth: Option<DepthKind>,
}

/// A post-clip vertex in screen space.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScreenVertex {
    fx: i64,
    fy: i64,
    z: f32,
    q: f32,
}

/// Snaps a float to 16.8 fixed point with round-to-nearest-even; NaN gives `None` (SPEC §3.3).
#[inline]
pub fn snap(v: f32) -> Option<i64> {
    if v.is_nan() {
        return None;
    }
    let s = (v * SUBPIXEL_ONE).clamp(-SNAP_LIMIT, SNAP_LIMIT);
    // Round to nearest even without a libm call: adding and removing 1.5·2^52 in f64 rounds
    // any |s| < 2^51 to an integer with the default (ties-to-even) rounding, exactly.
    const MAGIC: f64 = 6_755_399_441_055_744.0;
    Some(((f64::from(s) + MAGIC) - MAGIC) as i64)
}

/// Divide, viewport transform and snapping of one clip-space vertex; `None` for NaN.
pub(crate) fn to_screen(v: &[f32], vp: &Viewport) -> Option<ScreenVertex> {
    let q = 1.0 / v[3];
    let (x, y, z) = (v[0] * q, v[1] * q, v[2] * q);
    let xs = (x + 1.0) * vp.width * 0.5 + vp.top_left_x;
    let ys = (1.0 - y) * vp.height * 0.5 + vp.top_left_y;
    let zs = vp.min_depth + z * (vp.max_depth - vp.min_depth);
    if zs.is_nan() || q.is_nan() {
        return None;
    }
    Some(ScreenVertex {
        fx: snap(xs)?,
        fy: snap(ys)?,
        z: zs,
        q,
    })
}

/// Sets up one triangle (`verts` are clip-space vertices with varyings, leading vertex first;
/// `provoking` supplies constant attributes). Returns `None` when culled or empty. Attribute
/// planes are appended to `arena`.
pub fn setup_triangle(
    verts: [&[f32]; 3],
    provoking: &[f32],
    params: &SetupParams<'_>,
    primitive_id: u32,
    arena: &mut Vec<Plane>,
) -> Option<TriSetup> {
    let vp = &params.viewport;
    let s = [
        to_screen(verts[0], vp)?,
        to_screen(verts[1], vp)?,
        to_screen(verts[2], vp)?,
    ];
    setup_screen_triangle(verts, s, provoking, params, primitive_id, arena)
}

/// [`setup_triangle`] with the vertices' screen positions already computed ([`to_screen`] of
/// each, done once per shaded vertex for triangles that need no clipping).
pub(crate) fn setup_screen_triangle(
    verts: [&[f32]; 3],
    s: [ScreenVertex; 3],
    provoking: &[f32],
    params: &SetupParams<'_>,
    primitive_id: u32,
    arena: &mut Vec<Plane>,
) -> Option<TriSetup> {
    let (e1x, e1y) = (s[1].fx - s[0].fx, s[1].fy - s[0].fy);
    let (e2x, e2y) = (s[2].fx - s[0].fx, s[2].fy - s[0].fy);
    let area = e1x * e2y - e2x * e1y;
    // Positive area is clockwise on screen (+y down); zero area is back-facing (SPEC §3.4).
    let clockwise = area > 0;
    let front = clockwise != params.rasterizer.front_counter_clockwise && area != 0;
    let culled = match params.rasterizer.cull_mode {
        CullMode::None => false,
        CullMode::Front => front,
        CullMode::Back => !front,
    };
    if culled || area == 0 {
        return None;
    }
    let (bounds, rect_cut) = bounds(&s, params.rect)?;
    let order = if clockwise { [0, 1, 2] } else { [0, 2, 1] };
    let [a, b, c] = order.map(|i| &s[i]);
    let edges = [edge(a, b), edge(b, c), edge(c, a)];

    let x0 = s[0].fx as f32 / SUBPIXEL_ONE;
    let y0 = s[0].fy as f32 / SUBPIXEL_ONE;
    let d1 = [e1x as f32 / SUBPIXEL_ONE, e1y as f32 / SUBPIXEL_ONE];
    let d2 = [e2x as f32 / SUBPIXEL_ONE, e2y as f32 / SUBPIXEL_ONE];
    let inv_area = (65536.0 / area as f64) as f32;
    let plane = |a0: f32, a1: f32, a2: f32| {
        let (da1, da2) = (a1 - a0, a2 - a0);
        Plane {
            v0: a0,
            dx: (da1 * d2[1] - da2 * d1[1]) * inv_area,
            dy: (da2 * d1[0] - da1 * d2[0]) * inv_area,
        }
    };
    let mut z = plane(s[0].z, s[1].z, s[2].z);
    z.v0 += depth_bias(params, &z, [s[0].z, s[1].z, s[2].z]);
    let q = plane(s[0].q, s[1].q, s[2].q);
    // v0 + (±0)·dx + (±0)·dy is exactly v0 for a normal v0, whatever the signs of dx and dy.
    let w_flat = (q.dx == 0.0 && q.dy == 0.0 && q.v0.is_normal()).then(|| 1.0 / q.v0);

    let attr_offset = arena.len() as u32;
    for (r, mode) in params.inputs.iter().enumerate() {
        for c in 0..4 {
            let i = 4 + 4 * r + c;
            let value = |v: &[f32]| v.get(i).copied().unwrap_or(0.0);
            arena.push(match mode {
                Interpolation::Constant => Plane {
                    v0: value(provoking),
                    dx: 0.0,
                    dy: 0.0,
                },
                Interpolation::NoPerspective => {
                    plane(value(verts[0]), value(verts[1]), value(verts[2]))
                }
                Interpolation::Perspective => plane(
                    value(verts[0]) * s[0].q,
                    value(verts[1]) * s[1].q,
                    value(verts[2]) * s[2].q,
                ),
            });
        }
    }
    // v0 + (±0)·dx + (±0)·dy is exactly v0 unless v0 is −0 (the sum's sign would follow dx
    // and dy) or NaN.
    let flat_varyings = w_flat.is_some()
        && arena[attr_offset as usize..].iter().all(|p| {
            p.dx == 0.0 && p.dy == 0.0 && !p.v0.is_nan() && p.v0.to_bits() != (-0.0f32).to_bits()
        });
    let extent = [0usize, 1, 2]
        .iter()
        .map(|&i| {
            (s[i].fx - s[(i + 1) % 3].fx)
                .abs()
                .max((s[i].fy - s[(i + 1) % 3].fy).abs())
        })
        .max()
        .unwrap_or(i64::MAX);
    Some(TriSetup {
        small: extent <= SMALL_EXTENT << SUBPIXEL_BITS,
        edges,
        bounds,
        rect_cut,
        origin: [x0, y0],
        z,
        q,
        w_flat,
        flat_varyings,
        attr_offset,
        front,
        primitive_id,
    })
}

/// The edge function of the directed edge a → b for a clockwise-ordered triangle, with the
/// top-left rule: top edges run exactly horizontally left to right, left edges run upwards.
fn edge(a: &ScreenVertex, b: &ScreenVertex) -> Edge {
    let (dx, dy) = (b.fx - a.fx, b.fy - a.fy);
    let top_left = dy < 0 || (dy == 0 && dx > 0);
    let half = 1i64 << (SUBPIXEL_BITS - 1);
    let one = 1i64 << SUBPIXEL_BITS;
    // E(sx, sy) = dx·(sy − ay) − dy·(sx − ax) at sample (px·256 + 128, py·256 + 128).
    let e00 = dx * (half - a.fy) - dy * (half - a.fx) - i64::from(!top_left);
    Edge {
        e00,
        step_x: -dy * one,
        step_y: dx * one,
    }
}

/// Pixel bounds of the snapped triangle, intersected with `rect`, and whether `rect` cut them;
/// `None` when empty.
fn bounds(s: &[ScreenVertex; 3], rect: [i32; 4]) -> Option<([i32; 4], bool)> {
    let min_x = s.iter().map(|v| v.fx).min()?;
    let max_x = s.iter().map(|v| v.fx).max()?;
    let min_y = s.iter().map(|v| v.fy).min()?;
    let max_y = s.iter().map(|v| v.fy).max()?;
    let one = 1i64 << SUBPIXEL_BITS;
    let half = one / 2;
    // Pixels whose centre can lie inside: centre = p·256 + 128 within [min, max].
    let px0 = (min_x - half).div_euclid(one);
    let px1 = (max_x - half).div_euclid(one) + 1;
    let py0 = (min_y - half).div_euclid(one);
    let py1 = (max_y - half).div_euclid(one) + 1;
    let r = rect.map(i64::from);
    let cut = px0 < r[0] || py0 < r[1] || px1 > r[2] || py1 > r[3];
    let b = [
        px0.max(r[0]) as i32,
        py0.max(r[1]) as i32,
        px1.min(r[2]) as i32,
        py1.min(r[3]) as i32,
    ];
    (b[0] < b[2] && b[1] < b[3]).then_some((b, cut))
}

/// The constant plus slope-scaled depth bias of SPEC §3.7, clamped by `DepthBiasClamp`.
fn depth_bias(params: &SetupParams<'_>, z: &Plane, zs: [f32; 3]) -> f32 {
    let rs = params.rasterizer;
    if rs.depth_bias == 0 && rs.slope_scaled_depth_bias == 0.0 {
        return 0.0;
    }
    let constant = match params.depth.and_then(DepthKind::unorm_step) {
        Some(r) => rs.depth_bias as f32 * r,
        None if params.depth.is_none() => rs.depth_bias as f32 * (1.0 / 16_777_215.0),
        None => {
            let max_z = zs.iter().fold(0.0f32, |m, v| m.max(v.abs()));
            let exponent = if max_z > 0.0 {
                ((max_z.to_bits() >> 23) & 0xff) as i32 - 127
            } else {
                -126
            };
            rs.depth_bias as f32 * 2f32.powi(exponent - 23)
        }
    };
    let slope = if rs.slope_scaled_depth_bias != 0.0 {
        rs.slope_scaled_depth_bias * z.dx.abs().max(z.dy.abs())
    } else {
        0.0
    };
    let bias = constant + slope;
    let clamp = rs.depth_bias_clamp;
    if clamp > 0.0 {
        bias.min(clamp)
    } else if clamp < 0.0 {
        bias.max(clamp)
    } else {
        bias
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params<'a>(rs: &'a RasterizerDesc, rect: [i32; 4]) -> SetupParams<'a> {
        SetupParams {
            viewport: Viewport {
                top_left_x: 0.0,
                top_left_y: 0.0,
                width: 64.0,
                height: 64.0,
                min_depth: 0.0,
                max_depth: 1.0,
            },
            rect,
            rasterizer: rs,
            inputs: &[Interpolation::Perspective],
            depth: None,
        }
    }

    /// Clip-space position (x, y, 0.5, w) and colour `c` for vertex at NDC (x, y).
    fn vertex(x: f32, y: f32, w: f32, c: [f32; 4]) -> [f32; 8] {
        [x * w, y * w, 0.5 * w, w, c[0], c[1], c[2], c[3]]
    }

    fn setup(v: [[f32; 8]; 3], rect: [i32; 4]) -> TriSetup {
        let rs = RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        };
        let verts = [&v[0][..], &v[1][..], &v[2][..]];
        setup_triangle(verts, verts[0], &params(&rs, rect), 0, &mut Vec::new()).unwrap()
    }

    const FULL: [i32; 4] = [0, 0, 64, 64];

    /// `w_flat` and `flat_varyings` are set only when every lane would compute exactly the
    /// same value: flat planes, a normal `1/w`, and no `v0` of −0 (whose sum with ±0 follows
    /// the sign of the pixel offset).
    #[test]
    fn flat_flags_follow_the_exactness_conditions() {
        let c = [0.25, 0.5, 1.0, 0.0];
        let flat = setup(
            [
                vertex(-0.5, -0.5, 1.0, c),
                vertex(0.5, -0.5, 1.0, c),
                vertex(0.0, 0.5, 1.0, c),
            ],
            FULL,
        );
        assert_eq!(flat.w_flat, Some(1.0));
        assert!(flat.flat_varyings);

        let negative_zero = [0.25, -0.0, 1.0, 0.0];
        let t = setup(
            [
                vertex(-0.5, -0.5, 1.0, negative_zero),
                vertex(0.5, -0.5, 1.0, negative_zero),
                vertex(0.0, 0.5, 1.0, negative_zero),
            ],
            FULL,
        );
        assert!(t.w_flat.is_some() && !t.flat_varyings);

        let t = setup(
            [
                vertex(-0.5, -0.5, 1.0, c),
                vertex(0.5, -0.5, 1.0, [1.0; 4]),
                vertex(0.0, 0.5, 1.0, c),
            ],
            FULL,
        );
        assert!(t.w_flat.is_some() && !t.flat_varyings);

        let t = setup(
            [
                vertex(-0.5, -0.5, 1.0, c),
                vertex(0.5, -0.5, 2.0, c),
                vertex(0.0, 0.5, 1.0, c),
            ],
            FULL,
        );
        assert_eq!(t.w_flat, None);
        assert!(!t.flat_varyings);
    }

    /// `rect_cut` says whether the viewport/scissor rectangle cut the snapped bounding box.
    #[test]
    fn rect_cut_is_set_only_when_the_rectangle_cuts_the_box() {
        let c = [1.0; 4];
        let v = [
            vertex(-0.5, -0.5, 1.0, c),
            vertex(0.5, -0.5, 1.0, c),
            vertex(0.0, 0.5, 1.0, c),
        ];
        let inside = setup(v, FULL);
        assert!(!inside.rect_cut);
        assert_eq!(inside.bounds, [15, 15, 48, 48]);
        let cut = setup(v, [0, 0, 40, 64]);
        assert!(cut.rect_cut);
        assert_eq!(cut.bounds, [15, 15, 40, 48]);
    }
}
