//! Coarse depth rejection (one level of hierarchical Z): per 8×8 tile of a band, an upper bound
//! of the D32_FLOAT depths stored there, so that a small triangle behind everything in every
//! tile it touches is dropped before its coverage and depth tests.
//!
//! Exactness: a triangle is dropped only when each of its pixels would fail the depth test
//! (SPEC §5.4): its clamped depth is at least ([`ComparisonFunc::Less`]), or above
//! ([`ComparisonFunc::LessEqual`]), the tile's bound, which is at least every stored depth
//! (NaNs, which fail both tests, aside). The draws that use it test depth before the shader and
//! have no stencil plane (D32), so a failed pixel changes nothing: image, depth and counters
//! are those of the per-pixel test.
//!
//! The bounds live for one draw (a band's state is made per draw), so clears, copies and other
//! draws never leave a stale bound. Within the draw `Less` and `LessEqual` only ever lower a
//! stored depth, so a bound stays valid whatever writes it; it is tightened without reading
//! the buffer: once every pixel of a tile has been written since the last tightening, no depth
//! in it exceeds the largest of those writes.

use tessera_caps::ComparisonFunc;
use wide::f32x8;

use super::LaneMask;
use super::depth::{D32Test, lane_select};
use crate::setup::TriSetup;

/// Tile side in pixels: 2 × 4 blocks of 4×2.
pub const TILE: u32 = 8;

/// A band's per-tile depth bounds for the current draw (empty until prepared).
#[derive(Debug, Default)]
pub struct CoarseDepth {
    /// The draw uses the bounds ([`applies`](Self::applies)); set per band task.
    pub on: bool,
    /// The band's first row (tile rows count from it).
    y0: u32,
    /// Tiles per tile row.
    tiles_x: usize,
    /// Per tile: at least every (non-NaN) depth stored in it; +∞ until known.
    zmax: Vec<f32>,
    /// Per tile, what has been written since its bound was last tightened.
    written: Vec<Written>,
}

/// The writes to a tile since its bound was last tightened (16 bytes: a draw prepares one per
/// tile of every band it reaches, so it is kept small).
#[derive(Clone, Copy, Debug)]
struct Written {
    /// Its pixels written, one byte of lanes per block (block `k` = column `(bx / 4) % 2` + 2 ×
    /// row `(by / 2) % 4`).
    lanes: u64,
    /// The largest depth written.
    max: f32,
}

const NONE_WRITTEN: Written = Written {
    lanes: 0,
    max: f32::NEG_INFINITY,
};

impl CoarseDepth {
    /// Whether the draw's early D32 test (`early`) can use coarse bounds: `Less` or `LessEqual`
    /// with depth writes (which lower stored depths only, and are what tightens the bounds).
    pub fn applies(early: &D32Test) -> bool {
        early.writes()
            && matches!(
                early.func(),
                ComparisonFunc::Less | ComparisonFunc::LessEqual
            )
    }

    /// Sizes the tiles for a band of rows `[y0, y1)` of `width` pixels, once per draw; every
    /// bound starts unknown.
    pub fn prepare(&mut self, width: u32, [y0, y1]: [u32; 2]) {
        if self.zmax.is_empty() {
            let rows = y1 - y0;
            self.y0 = y0;
            self.tiles_x = width.div_ceil(TILE) as usize;
            let tiles = self.tiles_x * rows.div_ceil(TILE) as usize;
            self.zmax = vec![f32::INFINITY; tiles];
            self.written = vec![NONE_WRITTEN; tiles];
        }
    }

    /// True when every pixel of `rect` (`[x0, y0, x1, y1)` within the band's rows) fails the test `func` at any depth ≥ `lb`: `lb` beats the bound of every tile the
    /// rectangle touches.
    pub fn rejects(&self, rect: [u32; 4], lb: f64, func: ComparisonFunc) -> bool {
        let [x0, y0, x1, y1] = rect;
        if x0 >= x1 || y0 >= y1 {
            return false;
        }
        let strict = func == ComparisonFunc::Less;
        let (y0, y1) = (y0 - self.y0, y1 - self.y0);
        for ty in y0 / TILE..=(y1 - 1) / TILE {
            let row = ty as usize * self.tiles_x;
            let tiles = row + (x0 / TILE) as usize..=row + ((x1 - 1) / TILE) as usize;
            let Some(bounds) = self.zmax.get(tiles) else {
                return false;
            };
            for &z in bounds {
                let z = f64::from(z);
                if !(if strict { lb >= z } else { lb > z }) {
                    return false;
                }
            }
        }
        true
    }

    /// Records that the lanes `passed` of the block at (`bx`, `by`) (in the band's rows) were
    /// written with the depths `z`; tightens the tile's bound once all its pixels
    /// have been written.
    #[inline(always)]
    pub fn record(&mut self, bx: u32, by: u32, passed: LaneMask, z: f32x8) {
        let by = by - self.y0;
        let i = (by / TILE) as usize * self.tiles_x + (bx / TILE) as usize;
        let shift = 8 * (((bx / 4) & 1) | (((by / 2) & 3) << 1));
        let Some(w) = self.written.get_mut(i) else {
            return;
        };
        // `z` holds no NaN (it is clamped), so `max` is the plain maximum.
        let z = lane_select(passed).blend(z, f32x8::splat(f32::NEG_INFINITY));
        w.max = max(w.max, horizontal_max(z));
        w.lanes |= u64::from(passed) << shift;
        if w.lanes == u64::MAX {
            if let Some(zmax) = self.zmax.get_mut(i) {
                *zmax = w.max;
            }
            *w = NONE_WRITTEN;
        }
    }
}

/// `maxss`: the larger of two values that are not NaN.
#[inline(always)]
fn max(a: f32, b: f32) -> f32 {
    if a > b { a } else { b }
}

/// The largest lane of `z`, which holds no NaN.
#[inline(always)]
fn horizontal_max(z: f32x8) -> f32 {
    let z = z.to_array();
    let m = [
        max(z[0], z[4]),
        max(z[1], z[5]),
        max(z[2], z[6]),
        max(z[3], z[7]),
    ];
    max(max(m[0], m[2]), max(m[1], m[3]))
}

/// Lower bounds of the depth, clamped to the viewport range, that the pixel stage computes
/// from a triangle's plane at the pixel centres of rectangles inside one rectangle `rect`.
///
/// The plane is linear, so its exact minimum over a rectangle's centres is at a corner (found
/// in f64, exact up to one rounding); the f32 evaluation `v0 + dx·Δx + dy·Δy` (with
/// `Δx = px − origin`) differs from the exact value by a few ulps of
/// `m = |v0| + |dx·Δx| + |dy·Δy|` at most, so the minimum less `m·2⁻²⁰` (`m` over all of
/// `rect`) is below every evaluated value (a flat plane evaluates to `v0` exactly:
/// `v0 + 0 + 0`); clamping is monotonic.
#[derive(Clone, Copy, Debug)]
pub struct DepthBound {
    v0: f64,
    dx: f64,
    dy: f64,
    origin: [f64; 2],
    margin: f64,
    range: (f64, f64),
}

impl DepthBound {
    /// The bounds of `tri` within `rect` (`[x0, y0, x1, y1)`), or `None` when the plane's terms
    /// are too large to bound.
    pub fn new(tri: &TriSetup, rect: [u32; 4], range: (f32, f32)) -> Option<Self> {
        let [x0, y0, x1, y1] = rect.map(f64::from);
        let origin = [f64::from(tri.origin[0]), f64::from(tri.origin[1])];
        let (dx, dy) = (f64::from(tri.z.dx), f64::from(tri.z.dy));
        let tx = (dx * (x0 + 0.5 - origin[0]))
            .abs()
            .max((dx * (x1 - 0.5 - origin[0])).abs());
        let ty = (dy * (y0 + 0.5 - origin[1]))
            .abs()
            .max((dy * (y1 - 0.5 - origin[1])).abs());
        let v0 = f64::from(tri.z.v0);
        let m = v0.abs() + tx + ty;
        if m.is_nan() || m >= 1e30 {
            return None;
        }
        let margin = if dx == 0.0 && dy == 0.0 {
            0.0
        } else {
            m / 1_048_576.0
        };
        let range = (f64::from(range.0), f64::from(range.1));
        Some(Self {
            v0,
            dx,
            dy,
            origin,
            margin,
            range,
        })
    }

    /// The bound over the centres of `r` (`[x0, y0, x1, y1)`, not empty, inside `rect`).
    #[inline]
    pub fn over(&self, r: [u32; 4]) -> f64 {
        let [x0, y0, x1, y1] = r.map(f64::from);
        let tx = (self.dx * (x0 + 0.5 - self.origin[0])).min(self.dx * (x1 - 0.5 - self.origin[0]));
        let ty = (self.dy * (y0 + 0.5 - self.origin[1])).min(self.dy * (y1 - 0.5 - self.origin[1]));
        let lb = self.v0 + tx + ty - self.margin;
        lb.max(self.range.0).min(self.range.1)
    }
}

/// [`DepthBound`] of `tri` over `rect` itself.
pub fn depth_lower_bound(tri: &TriSetup, rect: [u32; 4], range: (f32, f32)) -> Option<f64> {
    DepthBound::new(tri, rect, range).map(|b| b.over(rect))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{SetupParams, setup_triangle};
    use tessera_caps::{CullMode, RasterizerDesc, Viewport};

    /// Random small triangles with random (also steep) depths: every pixel centre of the
    /// bounds, evaluated exactly as the rasterizer does, clamped, lies at or above the bound
    /// of the bounds and, inside a piece of them, at or above the piece's bound; a flat
    /// plane's bound is its depth itself.
    #[test]
    fn lower_bound_is_below_every_evaluated_depth() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32
        };
        let rs = RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        };
        let (mut checked, mut touching) = (0, 0);
        for case in 0..3000 {
            let range = if case % 4 == 3 {
                (0.25, 0.75)
            } else {
                (0.0, 1.0)
            };
            let params = SetupParams {
                viewport: Viewport {
                    top_left_x: 0.0,
                    top_left_y: 0.0,
                    width: 4096.0,
                    height: 4096.0,
                    min_depth: range.0,
                    max_depth: range.1,
                },
                rect: [0, 0, 4096, 4096],
                rasterizer: &rs,
                inputs: &[],
                depth: None,
            };
            let (cx, cy) = (next() * 4000.0, next() * 4000.0);
            let mut v = [[0.0f32; 4]; 3];
            for (k, p) in v.iter_mut().enumerate() {
                let (x, y) = (cx + next() * 40.0, cy + next() * 40.0);
                let z = match case % 3 {
                    0 => 0.3,
                    1 => next(),
                    _ => 0.5 + (k as f32 - 1.0) * next() * 0.001,
                };
                *p = [x / 2048.0 - 1.0, 1.0 - y / 2048.0, z, 1.0];
            }
            let verts = [&v[0][..], &v[1][..], &v[2][..]];
            let Some(tri) = setup_triangle(verts, verts[0], &params, 0, &mut Vec::new()) else {
                continue;
            };
            let [x0, y0, x1, y1] = tri.bounds.map(|b| b as u32);
            let Some(lb) = depth_lower_bound(&tri, [x0, y0, x1, y1], range) else {
                panic!("case {case}: no bound");
            };
            if tri.z.dx == 0.0 && tri.z.dy == 0.0 {
                let flat = tri.z.v0.clamp(range.0, range.1);
                assert_eq!(lb, f64::from(flat), "case {case}");
            }
            // A piece of the bounds, as the large-triangle runs ask.
            let Some(bound) = DepthBound::new(&tri, [x0, y0, x1, y1], range) else {
                panic!("case {case}: no bound");
            };
            let (px0, py0) = (x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 2);
            let piece = [px0, py0, (px0 + 5).min(x1), (py0 + 2).min(y1)];
            let piece_lb = bound.over(piece);
            for y in y0..y1 {
                for x in x0..x1 {
                    let inside =
                        (piece[0]..piece[2]).contains(&x) && (piece[1]..piece[3]).contains(&y);
                    let lb = if inside { piece_lb } else { lb };
                    let dx = (x as f32 + 0.5) - tri.origin[0];
                    let dy = (y as f32 + 0.5) - tri.origin[1];
                    let z = (tri.z.v0 + tri.z.dx * dx + tri.z.dy * dy).clamp(range.0, range.1);
                    assert!(f64::from(z) >= lb, "case {case}: {z} < {lb} at ({x}, {y})");
                    touching += usize::from(f64::from(z) - lb < 1e-6);
                }
            }
            checked += 1;
        }
        assert!(checked > 2500 && touching > 1000, "{checked} {touching}");
    }

    /// A tile's bound is unknown until all 64 of its pixels are written, then the largest
    /// depth written; `Less` rejects at that depth, `LessEqual` only above it.
    #[test]
    fn bounds_tighten_once_every_pixel_is_written() {
        let mut c = CoarseDepth::default();
        c.prepare(16, [16, 32]);
        let tile0 = [0, 16, 8, 24];
        let z = |v: f32| f32x8::splat(v);
        for by in (0..8).step_by(2) {
            c.record(0, 16 + by, 0xff, z(0.25));
            // Lanes of the right block written in two halves, the last one deeper.
            c.record(4, 16 + by, 0x0f, z(0.25));
            assert!(!c.rejects(tile0, 0.9, ComparisonFunc::Less), "row {by}");
            c.record(4, 16 + by, 0xf0, z(if by == 6 { 0.5 } else { 0.25 }));
        }
        assert!(c.rejects(tile0, 0.5, ComparisonFunc::Less));
        assert!(!c.rejects(tile0, 0.5, ComparisonFunc::LessEqual));
        assert!(c.rejects(tile0, 0.50001, ComparisonFunc::LessEqual));
        assert!(!c.rejects(tile0, 0.49999, ComparisonFunc::Less));
        // Tile 1 (columns 8..16) is still unknown.
        assert!(!c.rejects([0, 16, 16, 24], 0.9, ComparisonFunc::Less));
        assert!(!c.rejects([8, 16, 9, 17], 0.9, ComparisonFunc::Less));
    }
}
