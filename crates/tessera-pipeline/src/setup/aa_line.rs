//! Alpha-antialiased lines (AntialiasedLineEnable without MultisampleEnable; SPEC §3.5,
//! D3D11.3 §3.4.4): the rectangle of width 1.0 centred on the snapped segment, its ends through
//! the two end points, and each pixel's coverage of it, which the pixel stage multiplies into
//! `o0.a` ([`TriSetup::coverage`](super::TriSetup::coverage)).
//!
//! D3D leaves the coverage estimate to the implementation (a ~3×3-pixel filter is only its
//! guideline). Tessera's is a box filter sampled exactly: the fraction of the pixel's 16 × 16
//! sub-points at `((i + ½)/16, (j + ½)/16)` that lie inside the rectangle, counted with exact
//! integer arithmetic on the 16.8 grid (every sub-point is a whole number of 1/256 pixel), so
//! the value is a multiple of 1/256, exact in `f32`, and the same on every path and thread
//! count. A sub-point is inside when, with `d` the segment `p0 → p1` and `u` the point minus
//! `p0`: `0 ≤ u·d < |d|²` (half-open along the line: the start end is in, the far end out, so
//! collinear segments end to end share no sub-point) and `−½|d| < u×d ≤ ½|d|` (half-open across;
//! `½|d|` compared exactly through an integer square root). No accounting for connected
//! segments is done (D3D11.3 §3.4.4): strip joints that overlap count in both segments.
//! Pixels with no sub-point inside are not drawn.

use super::line::{line_setup, pixel_triangle};
use super::{Plane, Primitive, SUBPIXEL_BITS, ScreenVertex, SetupParams};

/// One pixel in 16.8 fixed point.
const ONE: i64 = 1 << SUBPIXEL_BITS;
/// Sub-points per pixel side.
const GRID: i64 = 16;
/// Distance between sub-points in 16.8 (1/16 pixel).
const STEP: i64 = ONE / GRID;
/// Sub-points per pixel: the denominator of the coverage.
pub(crate) const SUBPOINTS: u32 = (GRID * GRID) as u32;

/// The segment `p0 → p1` (16.8) with the constants of its rectangle's inside test.
struct Rect {
    p0: [i128; 2],
    d: [i128; 2],
    /// `|d|²`: the far end of the along range (exclusive).
    len2: i128,
    /// The cross-product range `[lo, hi]` of the points within ½ pixel of the line.
    lo: i128,
    hi: i128,
}

impl Rect {
    /// `None` for a segment of zero length (no rectangle: nothing drawn).
    fn new(p0: [i64; 2], p1: [i64; 2]) -> Option<Self> {
        let d = [i128::from(p1[0] - p0[0]), i128::from(p1[1] - p0[1])];
        let len2 = d[0] * d[0] + d[1] * d[1];
        if len2 == 0 {
            return None;
        }
        // (½ pixel · |d|)² in 16.8 units; its floor square root is the largest cross product
        // within ½ pixel, exact also when the bound is a whole number.
        let half = i128::from(ONE / 2);
        let bound2 = (half * half * len2) as u128;
        let s = bound2.isqrt();
        let exact = s * s == bound2;
        let s = s as i128;
        Some(Self {
            p0: p0.map(i128::from),
            d,
            len2,
            lo: -s + i128::from(exact),
            hi: s,
        })
    }

    /// `u·d` and `u×d` of the first sub-point of pixel (`px`, `py`) (`u` relative to `p0`).
    fn first(&self, px: i64, py: i64) -> (i128, i128) {
        let [dx, dy] = self.d;
        let ux = i128::from(px * ONE + STEP / 2) - self.p0[0];
        let uy = i128::from(py * ONE + STEP / 2) - self.p0[1];
        (ux * dx + uy * dy, ux * dy - uy * dx)
    }

    /// Sub-points of pixel (`px`, `py`) inside the rectangle, 0 to [`SUBPOINTS`]: decided from
    /// the four corner sub-points where they settle it ([`Self::count`] otherwise). Both values
    /// are linear over the grid, so their extremes are at the corners: every corner inside a
    /// half-plane puts every sub-point inside it, every corner outside one puts all outside.
    fn coverage(&self, px: i64, py: i64) -> u32 {
        let [dx, dy] = self.d;
        let (along, cross) = self.first(px, py);
        let span = i128::from(STEP * (GRID - 1));
        let (a, c) = ([0, span * dx], [0, span * dy]);
        let (b, e) = ([0, span * dy], [0, -span * dx]);
        // The smallest and largest of `v + x + y` over the corners.
        let corners = |v: i128, x: [i128; 2], y: [i128; 2]| {
            (
                v + x[0].min(x[1]) + y[0].min(y[1]),
                v + x[0].max(x[1]) + y[0].max(y[1]),
            )
        };
        let (along_min, along_max) = corners(along, a, b);
        let (cross_min, cross_max) = corners(cross, c, e);
        if along_max < 0 || along_min >= self.len2 || cross_max < self.lo || cross_min > self.hi {
            return 0;
        }
        if along_min >= 0 && along_max < self.len2 && cross_min >= self.lo && cross_max <= self.hi {
            return SUBPOINTS;
        }
        self.count(px, py)
    }

    /// Sub-points of pixel (`px`, `py`) inside the rectangle, each tested.
    fn count(&self, px: i64, py: i64) -> u32 {
        let [dx, dy] = self.d;
        let step = i128::from(STEP);
        let (mut along_row, mut cross_row) = self.first(px, py);
        let mut count = 0;
        for _ in 0..GRID {
            let (mut along, mut cross) = (along_row, cross_row);
            for _ in 0..GRID {
                let inside =
                    along >= 0 && along < self.len2 && cross >= self.lo && cross <= self.hi;
                count += u32::from(inside);
                along += step * dx;
                cross += step * dy;
            }
            along_row += step * dy;
            cross_row -= step * dx;
        }
        count
    }
}

/// The pixels inside `rect` that the rectangle of the segment `p0 → p1` covers, with their
/// covered sub-points (1 to [`SUBPOINTS`]), in order along the major axis and then the minor.
/// For each column (x-major) or row (y-major) the candidates are the pixels from 2 pixels
/// below to 2 above the centre line's minor coordinates over the column widened by ½ pixel
/// each side: a point of the rectangle in the column lies within ½/cos θ + ½ < 1.25 pixels of
/// them (½/cos θ across the line, ½ more where the segment's end cuts the column), so no
/// covered pixel is missed; each candidate is counted exactly ([`Rect::coverage`]).
pub(crate) fn aa_line_pixels(
    p0: [i64; 2],
    p1: [i64; 2],
    rect: [i32; 4],
    out: &mut Vec<([i32; 2], u32)>,
) {
    let Some(r) = Rect::new(p0, p1) else {
        return;
    };
    let (dx, dy) = (p1[0] - p0[0], p1[1] - p0[1]);
    let (m, n) = if dy.abs() > dx.abs() { (1, 0) } else { (0, 1) };
    let (lo, hi) = (p0[m].min(p1[m]), p0[m].max(p1[m]));
    let half = ONE / 2;
    let first = (lo - half).div_euclid(ONE).max(i64::from(rect[m]));
    let last = (hi + half).div_euclid(ONE).min(i64::from(rect[m + 2]) - 1);
    let (dm, dn) = (p1[m] - p0[m], p1[n] - p0[n]);
    // The centre line's minor coordinate at major coordinate `c` (inside the segment), rounded
    // down.
    let minor_at = |c: i64| {
        let t = i128::from(c.clamp(lo, hi) - p0[m]) * i128::from(dn);
        (i128::from(p0[n]) + t.div_euclid(i128::from(dm))) as i64
    };
    for pm in first..=last {
        let (a, b) = (minor_at(pm * ONE - half), minor_at((pm + 1) * ONE + half));
        let from = ((a.min(b) - 2 * ONE).div_euclid(ONE)).max(i64::from(rect[n]));
        let to = ((a.max(b) + 2 * ONE).div_euclid(ONE)).min(i64::from(rect[n + 2]) - 1);
        for pn in from..=to {
            let mut px = [0; 2];
            px[m] = pm;
            px[n] = pn;
            let count = r.coverage(px[0], px[1]);
            if count > 0 {
                out.push(([px[0] as i32, px[1] as i32], count));
            }
        }
    }
}

/// Sets up the alpha-antialiased line `verts[0] → verts[1]` (screen positions `s`): its planes
/// once into `arena` (as an aliased line's, [`line_setup`]), then one one-pixel primitive per
/// covered pixel into `out` with its coverage. `front` and `bias` as for aliased lines. Returns
/// the pixels added.
#[expect(
    clippy::too_many_arguments,
    reason = "one call per line from binning; the values differ per line"
)]
pub(crate) fn setup_aa_line(
    verts: [&[f32]; 2],
    s: [ScreenVertex; 2],
    params: &SetupParams<'_>,
    primitive_id: u32,
    face: (bool, f32),
    arena: &mut Vec<Plane>,
    pixels: &mut Vec<([i32; 2], u32)>,
    out: &mut Vec<Primitive>,
) -> usize {
    pixels.clear();
    aa_line_pixels([s[0].fx, s[0].fy], [s[1].fx, s[1].fy], params.rect, pixels);
    if pixels.is_empty() {
        return 0;
    }
    let Some(line) = line_setup(verts, s, params, primitive_id, face, arena) else {
        return 0;
    };
    for &([px, py], count) in pixels.iter() {
        let mut t = pixel_triangle(&line, px, py);
        t.coverage = count as f32 / SUBPOINTS as f32;
        out.push(Primitive::Triangle(t));
    }
    pixels.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn px(x: f32, y: f32) -> [i64; 2] {
        [(x * 256.0) as i64, (y * 256.0) as i64]
    }

    fn covered(p0: [i64; 2], p1: [i64; 2]) -> Vec<([i32; 2], u32)> {
        let mut out = Vec::new();
        aa_line_pixels(p0, p1, [0, 0, 16, 16], &mut out);
        out
    }

    /// A horizontal line on pixel centres covers its row's pixels wholly from the start to
    /// the end point (half a pixel at each end), nothing above or below.
    #[test]
    fn horizontal_line_on_centres() {
        assert_eq!(
            covered(px(1.5, 2.5), px(4.5, 2.5)),
            [([1, 2], 128), ([2, 2], 256), ([3, 2], 256), ([4, 2], 128)]
        );
    }

    /// Each sub-point is counted by exactly one of two parallel lines one pixel apart and by
    /// exactly one of two collinear segments end to end (the half-open rules).
    #[test]
    fn half_open_rules_share_no_sub_point() {
        let sum = |lines: &[([i64; 2], [i64; 2])]| {
            let mut grid = [[0u32; 16]; 16];
            for &(a, b) in lines {
                for ([x, y], c) in covered(a, b) {
                    grid[y as usize][x as usize] += c;
                }
            }
            grid
        };
        // A slanted pair one pixel apart vertically is not one pixel apart across, so use
        // axis-aligned lines through sub-point rows (y = 3 + 1/32 and 4 + 1/32).
        let (a, b) = ([256, 3 * 256 + 8], [8 * 256, 3 * 256 + 8]);
        let (c, d) = ([256, 4 * 256 + 8], [8 * 256, 4 * 256 + 8]);
        let g = sum(&[(a, b), (c, d)]);
        assert!(g.iter().flatten().all(|&v| v <= 256), "{g:?}");
        assert_eq!(g[3][4], 256);
        // Collinear halves of a diagonal sum to the whole diagonal.
        let (p, q, r) = ([300, 500], [1700, 1500], [3100, 2500]);
        assert_eq!(sum(&[(p, q), (q, r)]), sum(&[(p, r)]));
    }

    /// The corner shortcut gives every pixel the count of its tested sub-points, for random
    /// segments (short, long, axis-aligned, on the sub-point grid) and every pixel near them.
    #[test]
    fn corner_shortcut_matches_the_count() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: i64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % n as u64) as i64
        };
        let (mut full, mut empty, mut partial) = (0, 0, 0);
        for case in 0..400 {
            let mut p0 = [next(8 * 256), next(8 * 256)];
            if case % 4 == 0 {
                p0[1] = p0[1] / 256 * 256 + 128;
            }
            let p1 = match case % 4 {
                // Horizontal along a row of pixel centres: whole pixels covered.
                0 => [p0[0] + next(2048) - 1024, p0[1]],
                1 => [p0[0] + 16 * (next(64) - 32), p0[1] + 16 * (next(64) - 32)],
                _ => [p0[0] + next(2048) - 1024, p0[1] + next(2048) - 1024],
            };
            let Some(r) = Rect::new(p0, p1) else {
                continue;
            };
            for px in -6..14 {
                for py in -6..14 {
                    let n = r.count(px, py);
                    assert_eq!(r.coverage(px, py), n, "{p0:?} {p1:?} ({px}, {py})");
                    match n {
                        0 => empty += 1,
                        SUBPOINTS => full += 1,
                        _ => partial += 1,
                    }
                }
            }
        }
        assert!(
            full > 50 && empty > 1000 && partial > 1000,
            "{full} {empty} {partial}"
        );
    }

    /// The candidate pixels miss none with coverage: for random segments of every slope the
    /// list equals every pixel of a wide box whose sub-point count is not 0, in major-then-minor
    /// order, cut to the rectangle.
    #[test]
    fn candidates_miss_no_covered_pixel() {
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: i64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s % n as u64) as i64
        };
        let rect = [1, 2, 15, 13];
        for _ in 0..300 {
            let p0 = [next(16 * 256), next(16 * 256)];
            let p1 = [next(16 * 256), next(16 * 256)];
            let mut got = Vec::new();
            aa_line_pixels(p0, p1, rect, &mut got);
            let Some(r) = Rect::new(p0, p1) else {
                assert!(got.is_empty());
                continue;
            };
            let y_major = (p1[1] - p0[1]).abs() > (p1[0] - p0[0]).abs();
            let mut want = Vec::new();
            for a in -4..20 {
                for b in -4..20 {
                    let (x, y) = if y_major { (b, a) } else { (a, b) };
                    let inside = x >= rect[0] && x < rect[2] && y >= rect[1] && y < rect[3];
                    let n = r.count(x.into(), y.into());
                    if inside && n > 0 {
                        want.push(([x, y], n));
                    }
                }
            }
            assert_eq!(got, want, "{p0:?} {p1:?}");
        }
    }

    /// A zero-length line covers nothing.
    #[test]
    fn zero_length_covers_nothing() {
        assert!(covered(px(3.5, 3.5), px(3.5, 3.5)).is_empty());
    }
}
