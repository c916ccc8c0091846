//! Triangle setup: divide, viewport transform, 16.8 snapping, culling, edge functions and
//! attribute planes (SPEC §3.2–§3.4, §3.7).

use tessera_types::{CullMode, RasterizerDesc, Viewport};
use wide::f32x4;

use crate::depth_kind::DepthKind;
use crate::shader::Interpolation;

pub(crate) mod aa_line;
pub(crate) mod clip;
mod lanes;
pub(crate) mod line;
pub(crate) mod quad_line;
pub(crate) use lanes::{
    LaneVertices, SETUP_LANES, ScreenTriangle, lane_setup_applies, setup_screen_lanes,
};

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

/// A primitive ready to rasterize, as binning hands it to the rasterizer: the one place where
/// the primitive's type is told apart. Triangles only today; lines and points are to be
/// further variants beside them, with their own setup and coverage in `rast`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Primitive {
    /// A set-up triangle.
    Triangle(TriSetup),
}

impl From<TriSetup> for Primitive {
    #[inline(always)]
    fn from(tri: TriSetup) -> Self {
        Self::Triangle(tri)
    }
}

impl Primitive {
    /// Pixel bounds `[x0, y0, x1, y1)` within the viewport/scissor rectangle.
    #[inline(always)]
    pub(crate) fn bounds(&self) -> [i32; 4] {
        match self {
            Self::Triangle(tri) => tri.bounds,
        }
    }

    /// `SV_PrimitiveID` of the primitive (clipped pieces share their primitive's).
    #[inline(always)]
    pub(crate) fn primitive_id(&self) -> u32 {
        match self {
            Self::Triangle(tri) => tri.primitive_id,
        }
    }

    /// Offset of the primitive's attribute planes in its chunk's plane arena.
    #[inline(always)]
    pub(crate) fn attr_offset(&self) -> u32 {
        match self {
            Self::Triangle(tri) => tri.attr_offset,
        }
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
    /// The pixel's coverage of an alpha-antialiased line's rectangle (`setup/aa_line.rs`,
    /// SPEC §3.5), which the pixel stage multiplies into `o0.a` when the draw draws such lines
    /// ([`RasterContext::line_coverage`](crate::band::RasterContext)); 1.0 for every other
    /// primitive.
    pub coverage: f32,
}

/// Largest vertex extent, in pixels, of a triangle rasterized with 32-bit edge values.
pub const SMALL_EXTENT: i64 = 64;

/// The line rasterization algorithm the rasterizer state selects for line primitives and
/// wireframe edges (the SPEC §3.5 table; the one place it is read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineMode {
    /// MultisampleEnable and AntialiasedLineEnable off: the diamond-exit rule (`line.rs`).
    Aliased,
    /// AntialiasedLineEnable without MultisampleEnable: coverage into `o0.a` (`aa_line.rs`).
    AlphaAntialiased,
    /// MultisampleEnable: the 1.4-pixel-wide rectangle as two triangles (`quad_line.rs`).
    Quadrilateral,
}

impl LineMode {
    /// The mode of rasterizer state `rs`.
    pub(crate) fn of(rs: &RasterizerDesc) -> Self {
        match (rs.multisample_enable, rs.antialiased_line_enable) {
            (true, _) => Self::Quadrilateral,
            (false, true) => Self::AlphaAntialiased,
            (false, false) => Self::Aliased,
        }
    }
}

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
    /// How far, in 16.8 subpixels, a sample can lie from its pixel's centre: 0 single-sample,
    /// [`MSAA_SAMPLE_REACH`] with a sample pattern; primitive bounds grow by it.
    pub sample_reach: i64,
}

/// [`SetupParams::sample_reach`] of a multisampled draw: 8/16 pixel, the largest offset of a
/// sample pattern (SPEC §3.8: offsets in [-8, 7]/16).
pub const MSAA_SAMPLE_REACH: i64 = 8 << (SUBPIXEL_BITS - 4);

/// A post-clip vertex in screen space.
#[derive(Clone, Copy, Debug, Default)]
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

/// The two triangles of a point (SPEC §3.6): the 1×1-pixel square centred on the snapped
/// vertex, split along its top-right–bottom-left diagonal (the Z pattern), both clockwise on
/// screen. The corners are exact in 16.8 fixed point; depth and 1/w are the vertex's.
pub(crate) fn point_square(c: ScreenVertex) -> [[ScreenVertex; 3]; 2] {
    let h = 1i64 << (SUBPIXEL_BITS - 1);
    let at = |dx: i64, dy: i64| ScreenVertex {
        fx: c.fx + dx,
        fy: c.fy + dy,
        ..c
    };
    let (tl, tr, bl, br) = (at(-h, -h), at(h, -h), at(-h, h), at(h, h));
    [[tl, tr, bl], [tr, br, bl]]
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
///
/// Written for the common case of many small triangles: plain comparisons instead of
/// iterator chains, and each varying's four attribute planes computed together in one
/// `f32x4` (lane `c` performs exactly the scalar operations of component `c`).
#[inline]
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
    if area == 0 {
        return None;
    }
    let clockwise = area > 0;
    let front = clockwise != params.rasterizer.front_counter_clockwise;
    let culled = match params.rasterizer.cull_mode {
        CullMode::None => false,
        CullMode::Front => front,
        CullMode::Back => !front,
    };
    if culled {
        return None;
    }
    let min = [
        s[0].fx.min(s[1].fx).min(s[2].fx),
        s[0].fy.min(s[1].fy).min(s[2].fy),
    ];
    let max = [
        s[0].fx.max(s[1].fx).max(s[2].fx),
        s[0].fy.max(s[1].fy).max(s[2].fy),
    ];
    let (bounds, rect_cut) = bounds(min, max, params.rect, params.sample_reach)?;
    let edges = if clockwise {
        [edge(&s[0], &s[1]), edge(&s[1], &s[2]), edge(&s[2], &s[0])]
    } else {
        [edge(&s[0], &s[2]), edge(&s[2], &s[1]), edge(&s[1], &s[0])]
    };

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
    let (d1x, d1y) = (f32x4::splat(d1[0]), f32x4::splat(d1[1]));
    let (d2x, d2y) = (f32x4::splat(d2[0]), f32x4::splat(d2[1]));
    let inv = f32x4::splat(inv_area);
    let qs = [s[0].q, s[1].q, s[2].q].map(f32x4::splat);
    for (r, mode) in params.inputs.iter().enumerate() {
        let i = 4 + 4 * r;
        let (v0, dx, dy) = match mode {
            Interpolation::Constant => (components(provoking, i), f32x4::ZERO, f32x4::ZERO),
            _ => {
                let mut a = [
                    components(verts[0], i),
                    components(verts[1], i),
                    components(verts[2], i),
                ];
                if *mode == Interpolation::Perspective {
                    a = [a[0] * qs[0], a[1] * qs[1], a[2] * qs[2]];
                }
                let (da1, da2) = (a[1] - a[0], a[2] - a[0]);
                (
                    a[0],
                    (da1 * d2y - da2 * d1y) * inv,
                    (da2 * d1x - da1 * d2x) * inv,
                )
            }
        };
        let (v0, dx, dy) = (v0.to_array(), dx.to_array(), dy.to_array());
        arena.extend_from_slice(&[
            Plane {
                v0: v0[0],
                dx: dx[0],
                dy: dy[0],
            },
            Plane {
                v0: v0[1],
                dx: dx[1],
                dy: dy[1],
            },
            Plane {
                v0: v0[2],
                dx: dx[2],
                dy: dy[2],
            },
            Plane {
                v0: v0[3],
                dx: dx[3],
                dy: dy[3],
            },
        ]);
    }
    // v0 + (±0)·dx + (±0)·dy is exactly v0 unless v0 is −0 (the sum's sign would follow dx
    // and dy) or NaN.
    let flat_varyings = w_flat.is_some()
        && arena[attr_offset as usize..].iter().all(|p| {
            p.dx == 0.0 && p.dy == 0.0 && !p.v0.is_nan() && p.v0.to_bits() != (-0.0f32).to_bits()
        });
    // The largest |Δx| or |Δy| between two vertices is the box's larger side.
    let extent = (max[0] - min[0]).max(max[1] - min[1]);
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
        coverage: 1.0,
    })
}

/// Components `i..i + 4` of a vertex; those past its end read as 0.
#[inline(always)]
pub(super) fn components(v: &[f32], i: usize) -> f32x4 {
    match v.get(i..i + 4) {
        Some(&[a, b, c, d]) => f32x4::from([a, b, c, d]),
        _ => f32x4::from([0, 1, 2, 3].map(|k| v.get(i + k).copied().unwrap_or(0.0))),
    }
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

/// Pixel bounds of the snapped triangle (its vertices' smallest and largest 16.8 `x` and `y`),
/// grown by `reach` subpixels (samples off the centre), intersected with `rect`, and whether
/// `rect` cut them; `None` when empty.
fn bounds(min: [i64; 2], max: [i64; 2], rect: [i32; 4], reach: i64) -> Option<([i32; 4], bool)> {
    let [min_x, min_y] = [min[0] - reach, min[1] - reach];
    let [max_x, max_y] = [max[0] + reach, max[1] + reach];
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

/// `2^n` from its bits, bit for bit what `2f32.powi(n)` gave here before `powi` was disallowed
/// (clippy.toml): exact for n >= -127, 0 below (powi's 2^|n| overflowed before its reciprocal).
fn exp2i(n: i32) -> f32 {
    debug_assert!(n <= 127);
    match n {
        -126.. => f32::from_bits(((n + 127) as u32) << 23),
        -127 => f32::from_bits(1 << 22),
        _ => 0.0,
    }
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
            rs.depth_bias as f32 * exp2i(exponent - 23)
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

    /// RS-04: 16.8 fixed point, round to nearest even (moved from `tests/raster.rs`, which
    /// checks the rendered result through the public API).
    #[test]
    fn rs04_snap_rounds_to_nearest_even() {
        assert_eq!(snap(10.0 + 1.0 / 512.0), Some(10 * 256));
        assert_eq!(snap(10.0 + 3.0 / 512.0), Some(10 * 256 + 2));
        assert_eq!(snap(-1.0 / 512.0), Some(0));
        assert_eq!(snap(0.5), Some(128));
        assert_eq!(snap(f32::NAN), None);
        assert!(snap(f32::INFINITY).unwrap() > 0);
        assert!(snap(f32::NEG_INFINITY).unwrap() < 0);
    }

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
            sample_reach: 0,
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

    /// The straightforward setup that [`setup_screen_triangle`] must match field for field and
    /// bit for bit (the implementation before it was tuned).
    fn reference_setup(
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
        let (bounds, rect_cut) = reference_bounds(&s, params.rect)?;
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
                p.dx == 0.0
                    && p.dy == 0.0
                    && !p.v0.is_nan()
                    && p.v0.to_bits() != (-0.0f32).to_bits()
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
            coverage: 1.0,
        })
    }

    fn reference_bounds(s: &[ScreenVertex; 3], rect: [i32; 4]) -> Option<([i32; 4], bool)> {
        let min_x = s.iter().map(|v| v.fx).min()?;
        let max_x = s.iter().map(|v| v.fx).max()?;
        let min_y = s.iter().map(|v| v.fy).min()?;
        let max_y = s.iter().map(|v| v.fy).max()?;
        let one = 1i64 << SUBPIXEL_BITS;
        let half = one / 2;
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

    /// Every field of a setup, floats as bits (so −0, NaN payloads and rounding all count).
    fn fingerprint(t: &Option<TriSetup>, planes: &[Plane]) -> String {
        let bits = |p: &Plane| [p.v0.to_bits(), p.dx.to_bits(), p.dy.to_bits()];
        match t {
            None => format!("None {:?}", planes.iter().map(bits).collect::<Vec<_>>()),
            Some(t) => format!(
                "{:?} {:?} {} {:?} {:?} {:?} {:?} {} {} {} {} {} {:?}",
                t.edges,
                t.bounds,
                t.rect_cut,
                t.origin.map(f32::to_bits),
                bits(&t.z),
                bits(&t.q),
                t.w_flat.map(f32::to_bits),
                t.flat_varyings,
                t.attr_offset,
                t.front,
                t.primitive_id,
                t.small,
                planes.iter().map(bits).collect::<Vec<_>>()
            ),
        }
    }

    /// A small xorshift generator: the test needs variety, not statistical quality.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
        fn unit(&mut self) -> f32 {
            (self.next() >> 40) as f32 / (1u64 << 24) as f32
        }
        /// A coordinate around a 64-pixel target: mostly small, sometimes huge or at the
        /// 16.8 limits or at the small-triangle extent, sometimes repeating another so edges are
        /// axis-aligned or degenerate.
        fn coord(&mut self, other: i64) -> i64 {
            match self.below(10) {
                0 => other,
                1 => other + self.below(3) as i64 - 1,
                2 => (self.below(1 << 25) as i64) - (1 << 24),
                3 => [-(1i64 << 24), 1 << 24][self.below(2) as usize],
                4 => (self.below(200 * 256) as i64) - 60 * 256,
                // Exactly at, or one subpixel over, the small-triangle extent.
                5 => other + (SMALL_EXTENT << SUBPIXEL_BITS) + self.below(2) as i64,
                _ => other + (self.below(24 * 256) as i64) - 12 * 256,
            }
        }
        fn attr(&mut self) -> f32 {
            match self.below(12) {
                0 => -0.0,
                1 => f32::NAN,
                2 => 0.0,
                3 => 1.0e30,
                4 => -2.5,
                _ => self.unit() * 2.0 - 1.0,
            }
        }
    }

    /// The tuned setup equals the straightforward one on random triangles: tiny, huge, at the
    /// 16.8 limits, degenerate, cut by the rectangle or outside it, both windings, every cull
    /// mode, depth bias, flat and −0/NaN attributes, every interpolation mode and vertices
    /// shorter than the inputs they feed.
    #[test]
    fn tuned_setup_matches_the_reference_on_random_triangles() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let modes = [
            Interpolation::Perspective,
            Interpolation::NoPerspective,
            Interpolation::Constant,
        ];
        let depths = [None, Some(DepthKind::D16), Some(DepthKind::D32)];
        for case in 0..40_000u32 {
            let rs = RasterizerDesc {
                cull_mode: [CullMode::None, CullMode::Front, CullMode::Back][case as usize % 3],
                front_counter_clockwise: case % 7 == 0,
                depth_bias: if case % 5 == 0 { 3 } else { 0 },
                slope_scaled_depth_bias: if case % 11 == 0 { 0.5 } else { 0.0 },
                depth_bias_clamp: if case % 13 == 0 { 0.001 } else { 0.0 },
                ..Default::default()
            };
            let inputs: Vec<Interpolation> = (0..rng.below(4))
                .map(|_| modes[rng.below(3) as usize])
                .collect();
            let rect = if case % 4 == 0 {
                [3, 5, 40, 29]
            } else {
                [0, 0, 64, 64]
            };
            let params = SetupParams {
                depth: depths[case as usize % 3],
                ..params(&rs, rect)
            };
            let params = SetupParams {
                inputs: &inputs,
                ..params
            };
            let x = rng.coord(32 * 256);
            let y = rng.coord(32 * 256);
            let flat_q = rng.below(2) == 0;
            let flat_attr = rng.below(3) == 0;
            let shared = [rng.attr(), rng.attr(), rng.attr(), rng.attr()];
            let mut s = [ScreenVertex {
                fx: 0,
                fy: 0,
                z: 0.0,
                q: 0.0,
            }; 3];
            let mut data = [[0.0f32; 20]; 3];
            for (k, (v, d)) in s.iter_mut().zip(&mut data).enumerate() {
                v.fx = if k == 0 { x } else { rng.coord(x) };
                v.fy = if k == 0 { y } else { rng.coord(y) };
                v.z = rng.unit();
                v.q = if flat_q { 0.5 } else { rng.unit() + 0.25 };
                for (i, c) in d.iter_mut().enumerate() {
                    *c = if flat_attr { shared[i % 4] } else { rng.attr() };
                }
            }
            // Vertices may carry fewer varyings than the inputs read (the rest read as 0).
            let len = 4 + 4 * rng.below(5) as usize - rng.below(2) as usize * 2;
            let verts = [&data[0][..len], &data[1][..len], &data[2][..len]];
            let provoking = verts[rng.below(3) as usize];
            let id = rng.next() as u32;
            let mut want_planes = vec![Plane::default(); 3];
            let mut got_planes = want_planes.clone();
            let want = reference_setup(verts, s, provoking, &params, id, &mut want_planes);
            let got = setup_screen_triangle(verts, s, provoking, &params, id, &mut got_planes);
            assert_eq!(
                fingerprint(&got, &got_planes),
                fingerprint(&want, &want_planes),
                "case {case}: {s:?}"
            );
        }
    }

    /// `setup_screen_lanes` pushes, for groups of 1 to 8 random triangles, exactly the
    /// triangles and planes that `setup_screen_triangle` pushes one by one (vertex 0
    /// provoking): every field and plane bit, the culled, empty and degenerate lanes dropped in
    /// place.
    #[test]
    fn lane_setup_matches_the_one_triangle_setup() {
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        let modes = [
            Interpolation::Perspective,
            Interpolation::NoPerspective,
            Interpolation::Constant,
        ];
        let mut kept = 0;
        for case in 0..6_000u32 {
            let rs = RasterizerDesc {
                cull_mode: [CullMode::None, CullMode::Front, CullMode::Back][case as usize % 3],
                front_counter_clockwise: case % 7 == 0,
                ..Default::default()
            };
            let inputs: Vec<Interpolation> = (0..rng.below(4))
                .map(|_| modes[rng.below(3) as usize])
                .collect();
            let rect = if case % 4 == 0 {
                [3, 5, 40, 29]
            } else {
                [0, 0, 64, 64]
            };
            let params = SetupParams {
                inputs: &inputs,
                ..params(&rs, rect)
            };
            assert!(lane_setup_applies(&params));
            let n = 1 + rng.below(8) as usize;
            // Every input present (the gathered path), or some missing (read as 0).
            let stride = if case % 3 == 0 {
                20
            } else {
                4 + 4 * rng.below(5) as usize - rng.below(2) as usize * 2
            };
            // 3n vertices in a shuffled order, so the lanes gather from scattered indices.
            let count = 3 * n as u32;
            let order: Vec<u32> = (0..count).map(|i| (i * 7 + 3) % count).collect();
            let mut data = vec![0.0f32; 24 * stride];
            let mut screen = vec![ScreenVertex::default(); 24];
            for t in 0..n {
                let (x, y) = (rng.coord(32 * 256), rng.coord(32 * 256));
                let flat_q = rng.below(2) == 0;
                let flat_attr = rng.below(3) == 0;
                let shared = [rng.attr(), rng.attr(), rng.attr(), rng.attr()];
                for k in 0..3 {
                    let at = order[3 * t + k] as usize;
                    screen[at] = ScreenVertex {
                        fx: if k == 0 { x } else { rng.coord(x) },
                        fy: if k == 0 { y } else { rng.coord(y) },
                        z: [rng.unit(), -0.0, f32::NAN][(rng.below(8) as usize).min(2)],
                        q: if flat_q { 0.5 } else { rng.unit() + 0.25 },
                    };
                    for (i, c) in data[at * stride..][..stride].iter_mut().enumerate() {
                        *c = if flat_attr { shared[i % 4] } else { rng.attr() };
                    }
                }
            }
            let vertices = LaneVertices {
                data: &data,
                stride,
                screen: &screen,
            };
            let group: Vec<ScreenTriangle> = (0..n)
                .map(|t| ScreenTriangle {
                    vertices: [0, 1, 2].map(|k| order[3 * t + k]),
                    primitive_id: 1000 + t as u32,
                })
                .collect();
            let (mut want_tris, mut want_planes) = (Vec::new(), vec![Plane::default(); 5]);
            for t in &group {
                let v = t.vertices.map(|i| vertices.vertex(i));
                want_tris.extend(setup_screen_triangle(
                    v,
                    t.vertices.map(|i| screen[i as usize]),
                    v[0],
                    &params,
                    t.primitive_id,
                    &mut want_planes,
                ));
            }
            let (mut got_tris, mut got_planes) = (Vec::new(), vec![Plane::default(); 5]);
            setup_screen_lanes(&group, &vertices, &params, &mut got_tris, &mut got_planes);
            kept += want_tris.len();
            let print = |tris: &[TriSetup], planes: &[Plane]| {
                let mut out: Vec<String> =
                    tris.iter().map(|t| fingerprint(&Some(*t), &[])).collect();
                out.push(fingerprint(&None, planes));
                out
            };
            assert_eq!(
                print(&got_tris, &got_planes),
                print(&want_tris, &want_planes),
                "case {case}: {group:?}"
            );
        }
        assert!(kept > 5_000, "{kept} triangles kept");
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

    #[test]
    #[expect(
        clippy::disallowed_methods,
        reason = "the reference that exp2i replaced, in a test only"
    )]
    fn exp2i_is_powi() {
        for n in -400..=127 {
            let powi = 2f32.powi(std::hint::black_box(n));
            assert_eq!(exp2i(n).to_bits(), powi.to_bits(), "{n}");
        }
    }
}
