//! Aliased lines by the diamond-exit rule (SPEC §3.5) and wireframe facing (SPEC §3.4).
//!
//! A line is set up once: its depth, 1/w and attribute planes vary along the line and are
//! constant across it (the plane of the triangle of its two vertices and a third one at
//! vertex 0 perpendicular to the line, carrying vertex 0's values). Each pixel the line lights
//! is then handed to binning as a one-pixel triangle sharing those planes, so lines use the
//! same bands, coverage, pixel stage and output merger as triangles.

use tessera_types::{CullMode, RasterizerDesc};

use super::{
    Plane, Primitive, SUBPIXEL_BITS, ScreenVertex, SetupParams, TriSetup, depth_bias, edge,
    setup_screen_triangle,
};

/// Half a pixel in 16.8 fixed point: the diamond's half-diagonal.
const HALF: i64 = 1 << (SUBPIXEL_BITS - 1);
/// One pixel in 16.8 fixed point.
const ONE: i64 = 1 << SUBPIXEL_BITS;
/// A rectangle no pixel lies outside of (the planes' setup must not cull on bounds).
const ANY_RECT: [i32; 4] = [-(1 << 24), -(1 << 24), 1 << 24, 1 << 24];

/// A bound on the segment parameter `t`: the fraction `num / den` (`den > 0`), strict or not.
#[derive(Clone, Copy)]
struct Bound {
    num: i128,
    den: i128,
    strict: bool,
}

impl Bound {
    /// `self` compared with `other` as fractions.
    fn cmp(&self, other: &Bound) -> std::cmp::Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// The parameter interval `[lo, hi]` of a segment, narrowed by linear constraints.
struct Interval {
    lo: Bound,
    hi: Bound,
    empty: bool,
}

impl Interval {
    /// Keeps the `t` where `lo ⋖ v0 + t·dv ⋖ hi` (`⋖` is `<` where the flag says strict).
    fn constrain(
        &mut self,
        v0: i64,
        dv: i64,
        (lo, lo_strict): (i64, bool),
        (hi, hi_strict): (i64, bool),
    ) {
        let (v0, dv, lo, hi) = (
            i128::from(v0),
            i128::from(dv),
            i128::from(lo),
            i128::from(hi),
        );
        if dv == 0 {
            let above = if lo_strict { v0 > lo } else { v0 >= lo };
            let below = if hi_strict { v0 < hi } else { v0 <= hi };
            self.empty |= !(above && below);
            return;
        }
        let (low, high) = if dv > 0 {
            (
                Bound {
                    num: lo - v0,
                    den: dv,
                    strict: lo_strict,
                },
                Bound {
                    num: hi - v0,
                    den: dv,
                    strict: hi_strict,
                },
            )
        } else {
            (
                Bound {
                    num: v0 - hi,
                    den: -dv,
                    strict: hi_strict,
                },
                Bound {
                    num: v0 - lo,
                    den: -dv,
                    strict: lo_strict,
                },
            )
        };
        match low.cmp(&self.lo) {
            std::cmp::Ordering::Greater => self.lo = low,
            std::cmp::Ordering::Equal => self.lo.strict |= low.strict,
            std::cmp::Ordering::Less => {}
        }
        match high.cmp(&self.hi) {
            std::cmp::Ordering::Less => self.hi = high,
            std::cmp::Ordering::Equal => self.hi.strict |= high.strict,
            std::cmp::Ordering::Greater => {}
        }
    }

    /// Whether some `t` satisfies every constraint.
    fn is_empty(&self) -> bool {
        self.empty
            || match self.lo.cmp(&self.hi) {
                std::cmp::Ordering::Less => false,
                std::cmp::Ordering::Equal => self.lo.strict || self.hi.strict,
                std::cmp::Ordering::Greater => true,
            }
    }
}

/// Whether the point `(u, v)`, relative to a pixel centre, lies in the pixel's diamond test
/// area (SPEC §3.5): inside `|u| + |v| < ½`, or on its lower-left or lower-right edge or its
/// bottom corner; the right corner too for y-major lines. With `a = u + v`, `b = u − v` the
/// area is the half-open square `−½ < a ≤ ½`, `−½ ≤ b < ½` (plus `a = b = ½` when y-major).
fn in_diamond(u: i64, v: i64, y_major: bool) -> bool {
    let (a, b) = (u + v, u - v);
    (-HALF < a && a <= HALF && (-HALF..HALF).contains(&b)) || (y_major && u == HALF && v == 0)
}

/// Whether the segment `p0 → p1` (16.8) lights the pixel whose centre is `c`: it meets the
/// pixel's diamond and its end point lies outside it (the line exits the diamond, SPEC §3.5).
pub(crate) fn lights(p0: [i64; 2], p1: [i64; 2], c: [i64; 2], y_major: bool) -> bool {
    let (u0, v0) = (p0[0] - c[0], p0[1] - c[1]);
    let (u1, v1) = (p1[0] - c[0], p1[1] - c[1]);
    if in_diamond(u1, v1, y_major) {
        return false;
    }
    let (du, dv) = (u1 - u0, v1 - v0);
    let mut t = Interval {
        lo: Bound {
            num: 0,
            den: 1,
            strict: false,
        },
        hi: Bound {
            num: 1,
            den: 1,
            strict: false,
        },
        empty: false,
    };
    t.constrain(u0 + v0, du + dv, (-HALF, true), (HALF, false));
    t.constrain(u0 - v0, du - dv, (-HALF, false), (HALF, true));
    if !t.is_empty() {
        return true;
    }
    // The right corner (½, 0) of a y-major line's diamond: on the segment?
    if y_major {
        let (cu, cv) = (HALF - u0, -v0);
        let cross = i128::from(du) * i128::from(cv) - i128::from(dv) * i128::from(cu);
        let dot = i128::from(du) * i128::from(cu) + i128::from(dv) * i128::from(cv);
        let len2 = i128::from(du) * i128::from(du) + i128::from(dv) * i128::from(dv);
        return cross == 0 && dot >= 0 && dot <= len2;
    }
    false
}

/// The pixels inside `rect` that the segment `p0 → p1` lights, in order along its major axis.
/// For each column (x-major) or row (y-major) only the three pixels nearest the line can meet
/// its diamond; each is tested exactly with [`lights`].
pub(crate) fn line_pixels(p0: [i64; 2], p1: [i64; 2], rect: [i32; 4], out: &mut Vec<[i32; 2]>) {
    let (dx, dy) = (p1[0] - p0[0], p1[1] - p0[1]);
    if dx == 0 && dy == 0 {
        return;
    }
    let y_major = dy.abs() > dx.abs();
    // Major axis m, minor axis n.
    let (m, n) = if y_major { (1, 0) } else { (0, 1) };
    let (lo, hi) = (p0[m].min(p1[m]), p0[m].max(p1[m]));
    let first = ((lo - HALF).div_euclid(ONE) - 1).max(i64::from(rect[m]));
    let last = ((hi + HALF).div_euclid(ONE) + 1).min(i64::from(rect[m + 2]) - 1);
    let (dm, dn) = (p1[m] - p0[m], p1[n] - p0[n]);
    for pm in first..=last {
        let cm = pm * ONE + HALF;
        // The line's minor coordinate at the centre line, rounded down.
        let at = i128::from(p0[n])
            + (i128::from(cm - p0[m]) * i128::from(dn)).div_euclid(i128::from(dm));
        let near = (at as i64).div_euclid(ONE);
        for pn in near - 1..=near + 1 {
            if pn < i64::from(rect[n]) || pn >= i64::from(rect[n + 2]) {
                continue;
            }
            let mut c = [0; 2];
            c[m] = cm;
            c[n] = pn * ONE + HALF;
            if lights(p0, p1, c, y_major) {
                let mut px = [0; 2];
                px[m] = pm as i32;
                px[n] = pn as i32;
                out.push(px);
            }
        }
    }
}

/// Sets up the line `verts[0] → verts[1]` (screen positions `s`) and appends one primitive per
/// lit pixel to `out`; its planes go to `arena`. `front` is its `SV_IsFrontFace` (true for line
/// primitives, the triangle's for wireframe edges, SPEC §3.4) and `bias` its depth bias (0 for
/// line primitives, the triangle's for wireframe edges, SPEC §3.7). Returns the lit pixels.
#[expect(
    clippy::too_many_arguments,
    reason = "one call per line from binning; the values differ per line"
)]
pub(crate) fn setup_line(
    verts: [&[f32]; 2],
    s: [ScreenVertex; 2],
    params: &SetupParams<'_>,
    primitive_id: u32,
    face: (bool, f32),
    arena: &mut Vec<Plane>,
    pixels: &mut Vec<[i32; 2]>,
    out: &mut Vec<Primitive>,
) -> usize {
    pixels.clear();
    line_pixels([s[0].fx, s[0].fy], [s[1].fx, s[1].fy], params.rect, pixels);
    if pixels.is_empty() {
        return 0;
    }
    let Some(line) = line_setup(verts, s, params, primitive_id, face, arena) else {
        return 0;
    };
    for &[px, py] in pixels.iter() {
        out.push(Primitive::Triangle(pixel_triangle(&line, px, py)));
    }
    pixels.len()
}

/// The setup shared by a line's pixels (aliased or alpha-antialiased): its depth, 1/w and
/// attribute planes (into `arena`) vary along the line and are constant across it (the plane
/// of the triangle of its two vertices and a third one at vertex 0 perpendicular to the line,
/// carrying vertex 0's values); `front` and `bias` as [`setup_line`] takes them. The edges and
/// bounds are [`pixel_triangle`]'s to set. `None` when the plane setup fails.
pub(crate) fn line_setup(
    verts: [&[f32]; 2],
    s: [ScreenVertex; 2],
    params: &SetupParams<'_>,
    primitive_id: u32,
    (front, bias): (bool, f32),
    arena: &mut Vec<Plane>,
) -> Option<TriSetup> {
    let (dx, dy) = (s[1].fx - s[0].fx, s[1].fy - s[0].fy);
    let side = ScreenVertex {
        fx: s[0].fx - dy,
        fy: s[0].fy + dx,
        ..s[0]
    };
    // Plane setup only: no culling, no bias, no bounds cut.
    let rs = RasterizerDesc {
        cull_mode: CullMode::None,
        depth_bias: 0,
        slope_scaled_depth_bias: 0.0,
        ..*params.rasterizer
    };
    let plane_params = SetupParams {
        rasterizer: &rs,
        rect: ANY_RECT,
        ..*params
    };
    let mut line = setup_screen_triangle(
        [verts[0], verts[1], verts[0]],
        [s[0], s[1], side],
        verts[0],
        &plane_params,
        primitive_id,
        arena,
    )?;
    line.z.v0 += bias;
    line.front = front;
    line.small = true;
    line.rect_cut = false;
    Some(line)
}

/// `line` confined to pixel (`px`, `py`): the triangle with corners (px, py), (px + 2, py) and
/// (px, py + 2), whose only covered pixel centre is (px + ½, py + ½) (the two neighbours on its
/// long edge fail the top-left rule).
pub(crate) fn pixel_triangle(line: &TriSetup, px: i32, py: i32) -> TriSetup {
    let (x, y) = (i64::from(px) * ONE, i64::from(py) * ONE);
    let at = |fx: i64, fy: i64| ScreenVertex {
        fx,
        fy,
        z: 0.0,
        q: 0.0,
    };
    let (a, b, c) = (at(x, y), at(x + 2 * ONE, y), at(x, y + 2 * ONE));
    TriSetup {
        edges: [edge(&a, &b), edge(&b, &c), edge(&c, &a)],
        bounds: [px, py, px + 1, py + 1],
        ..*line
    }
}

/// Facing and depth bias of a wireframe triangle (SPEC §3.4, §3.7): `None` when culled (zero
/// area after snapping is back-facing); else whether it is front-facing and the bias of its
/// depth plane, which its edge lines get.
pub(crate) fn wire_facing(s: [ScreenVertex; 3], params: &SetupParams<'_>) -> Option<(bool, f32)> {
    let (e1x, e1y) = (s[1].fx - s[0].fx, s[1].fy - s[0].fy);
    let (e2x, e2y) = (s[2].fx - s[0].fx, s[2].fy - s[0].fy);
    let area = e1x * e2y - e2x * e1y;
    let front = area > 0 && !params.rasterizer.front_counter_clockwise
        || area < 0 && params.rasterizer.front_counter_clockwise;
    let culled = match params.rasterizer.cull_mode {
        CullMode::None => false,
        CullMode::Front => front,
        CullMode::Back => !front,
    };
    if culled {
        return None;
    }
    let one = ONE as f32;
    let z = if area == 0 {
        Plane {
            v0: s[0].z,
            dx: 0.0,
            dy: 0.0,
        }
    } else {
        let d1 = [e1x as f32 / one, e1y as f32 / one];
        let d2 = [e2x as f32 / one, e2y as f32 / one];
        let inv_area = (65536.0 / area as f64) as f32;
        let (da1, da2) = (s[1].z - s[0].z, s[2].z - s[0].z);
        Plane {
            v0: s[0].z,
            dx: (da1 * d2[1] - da2 * d1[1]) * inv_area,
            dy: (da2 * d1[0] - da1 * d2[0]) * inv_area,
        }
    };
    Some((front, depth_bias(params, &z, [s[0].z, s[1].z, s[2].z])))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn px(x: f32, y: f32) -> [i64; 2] {
        [(x * 256.0) as i64, (y * 256.0) as i64]
    }

    fn lit(p0: [i64; 2], p1: [i64; 2]) -> Vec<[i32; 2]> {
        let mut out = Vec::new();
        line_pixels(p0, p1, [0, 0, 16, 16], &mut out);
        out
    }

    /// RS-13 at the rule's level: half-open lines from pixel centres, zero length draws nothing.
    #[test]
    fn rs_13_diamond_exit_of_axis_lines() {
        assert_eq!(
            lit(px(0.5, 0.5), px(4.5, 0.5)),
            [[0, 0], [1, 0], [2, 0], [3, 0]]
        );
        assert_eq!(
            lit(px(0.5, 0.5), px(0.5, 4.5)),
            [[0, 0], [0, 1], [0, 2], [0, 3]]
        );
        assert_eq!(
            lit(px(4.5, 0.5), px(0.5, 0.5)),
            [[1, 0], [2, 0], [3, 0], [4, 0]]
        );
        assert!(lit(px(2.5, 2.5), px(2.5, 2.5)).is_empty());
    }

    /// The diamond's edge inclusion (SPEC §3.5): bottom corner in, top/left/right corners out
    /// for x-major lines; the right corner in for y-major ones.
    #[test]
    fn diamond_edges_follow_the_inclusion_rules() {
        let h = HALF;
        assert!(in_diamond(0, h, false));
        assert!(!in_diamond(0, -h, false));
        assert!(!in_diamond(-h, 0, false));
        assert!(!in_diamond(h, 0, false));
        assert!(in_diamond(h, 0, true));
        assert!(in_diamond(h / 2, h / 2, false));
        assert!(in_diamond(-h / 2, h / 2, false));
        assert!(!in_diamond(h / 2, -h / 2, false));
        assert!(!in_diamond(-h / 2, -h / 2, false));
        // A horizontal line along y = cy + ½ touches only the bottom corners: each pixel of
        // row 0 is exited at its bottom corner.
        assert_eq!(lit(px(0.5, 1.0), px(3.5, 1.0)), [[0, 0], [1, 0], [2, 0]]);
    }
}
