//! Coarse depth rejection (one level of hierarchical Z): per 8×8 cell of a band, an upper bound
//! of the D32_FLOAT depths stored there, so that a small triangle behind everything in every
//! cell it touches is dropped before its coverage and depth tests.
//!
//! Exactness: a triangle is dropped only when each of its pixels would fail the depth test
//! (SPEC §5.4): its clamped depth is at least ([`ComparisonFunc::Less`]), or above
//! ([`ComparisonFunc::LessEqual`]), the cell's bound, which is at least every stored depth
//! (NaNs, which fail both tests, aside). The draws that use it test depth before the shader and
//! have no stencil plane (D32), so a failed pixel changes nothing: image, depth and counters
//! are those of the per-pixel test.
//!
//! The bounds live for one draw (a band's state is made per draw), so clears, copies and other
//! draws never leave a stale bound. Within the draw `Less` and `LessEqual` only ever lower a
//! stored depth, so a bound stays valid whatever writes it; it is tightened without reading
//! the buffer: once every pixel of a cell has been written since the last tightening, no depth
//! in it exceeds the largest of those writes.

use tessera_types::ComparisonFunc;
use wide::f32x8;

use super::depth::{D32Test, lane_select};
use crate::block::Coverage;

/// Cell side in pixels: 2 × 4 blocks of 4×2.
pub const CELL: u32 = 8;

/// A band's per-cell depth bounds for the current draw (empty until prepared).
#[derive(Debug, Default)]
pub struct CoarseDepth {
    /// The draw uses the bounds ([`applies`](Self::applies)); set per band task.
    pub on: bool,
    /// The band's first row (cell rows count from it).
    y0: u32,
    /// Cells per cell row.
    cells_x: usize,
    /// Per cell: at least every (non-NaN) depth stored in it; +∞ until known.
    zmax: Vec<f32>,
    /// Per cell, what has been written since its bound was last tightened.
    written: Vec<Written>,
}

/// The writes to a cell since its bound was last tightened (16 bytes: a draw prepares one per
/// cell of every band it reaches, so it is kept small).
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

    /// Sizes the cells for a band of rows `[y0, y1)` of `width` pixels, once per draw; every
    /// bound starts unknown.
    pub fn prepare(&mut self, width: u32, [y0, y1]: [u32; 2]) {
        if self.zmax.is_empty() {
            let rows = y1 - y0;
            self.y0 = y0;
            self.cells_x = width.div_ceil(CELL) as usize;
            let cells = self.cells_x * rows.div_ceil(CELL) as usize;
            self.zmax = vec![f32::INFINITY; cells];
            self.written = vec![NONE_WRITTEN; cells];
        }
    }

    /// True when every pixel of `rect` (`[x0, y0, x1, y1)` within the band's rows) fails the test `func` at any depth ≥ `lb`: `lb` beats the bound of every cell the
    /// rectangle touches.
    pub fn rejects(&self, rect: [u32; 4], lb: f64, func: ComparisonFunc) -> bool {
        let [x0, y0, x1, y1] = rect;
        if x0 >= x1 || y0 >= y1 {
            return false;
        }
        let strict = func == ComparisonFunc::Less;
        let (y0, y1) = (y0 - self.y0, y1 - self.y0);
        for cy in y0 / CELL..=(y1 - 1) / CELL {
            let row = cy as usize * self.cells_x;
            let cells = row + (x0 / CELL) as usize..=row + ((x1 - 1) / CELL) as usize;
            let Some(bounds) = self.zmax.get(cells) else {
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
    /// written with the depths `z`; tightens the cell's bound once all its pixels
    /// have been written.
    #[inline(always)]
    pub fn record(&mut self, bx: u32, by: u32, passed: Coverage, z: f32x8) {
        let by = by - self.y0;
        let i = (by / CELL) as usize * self.cells_x + (bx / CELL) as usize;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell's bound is unknown until all 64 of its pixels are written, then the largest
    /// depth written; `Less` rejects at that depth, `LessEqual` only above it.
    #[test]
    fn bounds_tighten_once_every_pixel_is_written() {
        let mut c = CoarseDepth::default();
        c.prepare(16, [16, 32]);
        let cell0 = [0, 16, 8, 24];
        let z = |v: f32| f32x8::splat(v);
        for by in (0..8).step_by(2) {
            c.record(0, 16 + by, 0xff, z(0.25));
            // Lanes of the right block written in two halves, the last one deeper.
            c.record(4, 16 + by, 0x0f, z(0.25));
            assert!(!c.rejects(cell0, 0.9, ComparisonFunc::Less), "row {by}");
            c.record(4, 16 + by, 0xf0, z(if by == 6 { 0.5 } else { 0.25 }));
        }
        assert!(c.rejects(cell0, 0.5, ComparisonFunc::Less));
        assert!(!c.rejects(cell0, 0.5, ComparisonFunc::LessEqual));
        assert!(c.rejects(cell0, 0.50001, ComparisonFunc::LessEqual));
        assert!(!c.rejects(cell0, 0.49999, ComparisonFunc::Less));
        // Cell 1 (columns 8..16) is still unknown.
        assert!(!c.rejects([0, 16, 16, 24], 0.9, ComparisonFunc::Less));
        assert!(!c.rejects([8, 16, 9, 17], 0.9, ComparisonFunc::Less));
    }
}
