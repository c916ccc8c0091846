//! The per-band rasterizer: exact integer coverage over 4×2 blocks (two quads, eight lanes),
//! handing each covered block to the pixel stage ([`crate::shade`]).

use tessera_caps::RenderTargetBlendDesc;
use wide::{CmpGt, i32x8, i64x4};

use crate::env::ShaderEnv;
use crate::flat::{self, FlatTables};
use crate::om::blend::BlendPlan;
#[cfg(doc)]
use crate::om::blend::blend_constant;
use crate::om::depth::{BandDepth, DepthStencilOps};
use crate::om::target::BandTarget;
use crate::om::{LANE_X, LANE_Y, LaneMask};
use crate::setup::{Edge, Plane, TriSetup};
use crate::shade::{visit_block, visit_run};
use crate::shader::{
    Interpolation, MAX_RENDER_TARGETS, MAX_VARYINGS, PixelShader, PsOutput, Reg, ZERO_REG,
};

/// Read-only per-draw state of the raster and pixel stages.
pub struct RasterContext<'a> {
    /// The pixel shader, if any.
    pub ps: Option<&'a dyn PixelShader>,
    /// Its bindings.
    pub env: &'a ShaderEnv<'a>,
    /// Its input interpolation modes.
    pub inputs: &'a [Interpolation],
    /// Viewport depth range `[min, max]` that depth is clamped to (SPEC §5.4).
    pub depth_range: (f32, f32),
    /// Depth-stencil operations.
    pub ds: DepthStencilOps,
    /// Test depth/stencil before the shader (it neither writes depth nor discards).
    pub early_depth: bool,
    /// Depth or stencil testing is enabled with a buffer that has the plane; when false every
    /// lane passes and nothing is written, so the test is skipped.
    pub depth_active: bool,
    /// The pixel shader may discard lanes.
    pub may_discard: bool,
    /// Blend state per target (RT 0's for all unless independent blend).
    pub blend: [RenderTargetBlendDesc; MAX_RENDER_TARGETS],
    /// Blend factor per target, clamped to the target's range ([`blend_constant`]).
    pub blend_constants: [[f32; 4]; MAX_RENDER_TARGETS],
    /// Blend path per target ([`BlendPlan::of`] its blend state).
    pub blend_plans: [BlendPlan; MAX_RENDER_TARGETS],
    /// The draw blends with a second source (`out.targets[1]` is read).
    pub dual_source: bool,
    /// Blend clamp range per target.
    pub ranges: [Option<(f32, f32)>; MAX_RENDER_TARGETS],
}

/// The rows `[y0, y1)` of every target that one worker owns.
pub struct Band<'a> {
    /// First row.
    pub y0: u32,
    /// One past the last row.
    pub y1: u32,
    /// Render targets by slot.
    pub colors: Vec<Option<BandTarget<'a>>>,
    /// Depth-stencil.
    pub depth: Option<BandDepth<'a>>,
    /// Per-band shader scratch, reused for every block so the hot loop allocates and clears
    /// nothing it does not need.
    pub scratch: Box<Scratch>,
}

/// Pixel-shader inputs and outputs reused across blocks.
pub struct Scratch {
    /// Interpolated varyings.
    pub varyings: [Reg; MAX_VARYINGS],
    /// Shader outputs.
    pub out: PsOutput,
    /// The output merger of the current triangle as byte tables, when [`flat::prepare`]
    /// built them for it (`None` for every other triangle).
    pub flat: Option<FlatTables>,
}

impl Default for Scratch {
    fn default() -> Self {
        Self {
            varyings: [ZERO_REG; MAX_VARYINGS],
            out: PsOutput::default(),
            flat: None,
        }
    }
}

/// Counters accumulated by a band.
#[derive(Clone, Copy, Debug, Default)]
pub struct BandStats {
    /// Pixel-shader lanes run.
    pub ps_lanes: u64,
    /// Pixels that passed depth/stencil.
    pub passed: u64,
}

/// Lane offsets of an edge inside a block.
#[inline]
fn lane_offsets(e: &Edge) -> (i64x4, i64x4) {
    let off = |k: usize| i64::from(LANE_X[k]) * e.step_x + i64::from(LANE_Y[k]) * e.step_y;
    (
        i64x4::from([off(0), off(1), off(2), off(3)]),
        i64x4::from([off(4), off(5), off(6), off(7)]),
    )
}

/// The inclusive pixel span `[lo, hi]` of row `py` where all edges are ≥ 0 (may be empty).
#[inline]
fn row_span(edges: &[Edge; 3], py: i64, lo: i64, hi: i64) -> (i64, i64) {
    let (mut lo, mut hi) = (lo, hi);
    for e in edges {
        let c = e.e00 + py * e.step_y;
        if e.step_x > 0 {
            // E = c + px·s ≥ 0 ⇔ px ≥ ceil(−c / s).
            lo = lo.max((-c + e.step_x - 1).div_euclid(e.step_x));
        } else if e.step_x < 0 {
            // E ≥ 0 ⇔ px ≤ floor(c / −s).
            hi = hi.min(c.div_euclid(-e.step_x));
        } else if c < 0 {
            return (1, 0);
        }
    }
    (lo, hi)
}

/// Rasterizes one triangle into a band.
pub fn raster_triangle(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    tri: &TriSetup,
    planes: &[Plane],
    stats: &mut BandStats,
) {
    let [x0, ty0, x1, ty1] = tri.bounds;
    let y0 = ty0.max(band.y0 as i32);
    let y1 = ty1.min(band.y1 as i32);
    if y0 >= y1 {
        return;
    }
    flat::prepare(ctx, band, tri, planes, [x0, y0, x1, y1]);
    if tri.small {
        raster_small(ctx, band, tri, planes, [x0, y0, x1, y1], stats);
        return;
    }
    let offsets = [
        lane_offsets(&tri.edges[0]),
        lane_offsets(&tri.edges[1]),
        lane_offsets(&tri.edges[2]),
    ];
    let mut by = y0 & !1;
    while by < y1 {
        let row = |py: i32| {
            if py < y0 || py >= y1 {
                (1, 0)
            } else {
                row_span(&tri.edges, i64::from(py), i64::from(x0), i64::from(x1) - 1)
            }
        };
        let (a0, a1) = row(by);
        let (b0, b1) = row(by + 1);
        let (lo, hi) = match (a0 <= a1, b0 <= b1) {
            (true, true) => (a0.min(b0), a1.max(b1)),
            (true, false) => (a0, a1),
            (false, true) => (b0, b1),
            (false, false) => {
                by += 2;
                continue;
            }
        };
        // Blocks wholly inside both rows' spans are fully covered: no lane tests needed.
        let (inner_lo, inner_hi) = if a0 <= a1 && b0 <= b1 {
            (a0.max(b0), a1.min(b1))
        } else {
            (1, 0)
        };
        let mut bx = (lo as i32) & !3;
        while i64::from(bx) <= hi {
            if i64::from(bx) >= inner_lo && i64::from(bx) + 3 <= inner_hi {
                // The run of fully covered blocks from here.
                let count = ((inner_hi - i64::from(bx) - 3) / 4 + 1) as u32;
                visit_run(ctx, band, tri, planes, bx as u32, by as u32, count, stats);
                bx += 4 * count as i32;
                continue;
            }
            let mask = {
                let mut mask: LaneMask = 0xff;
                for (e, (olo, ohi)) in tri.edges.iter().zip(&offsets) {
                    let base = i64x4::splat(e.at(i64::from(bx), i64::from(by)));
                    let lo_m = (base + *olo).cmp_gt(i64x4::splat(-1)).move_mask() as u8;
                    let hi_m = (base + *ohi).cmp_gt(i64x4::splat(-1)).move_mask() as u8;
                    mask &= lo_m | (hi_m << 4);
                }
                if tri.rect_cut {
                    mask & rect_mask(bx, by, [x0, y0, x1, y1])
                } else {
                    mask
                }
            };
            if mask != 0 {
                visit_block(ctx, band, tri, planes, bx as u32, by as u32, mask, stats);
            }
            bx += 4;
        }
        by += 2;
    }
}

/// Small triangles (vertex extent ≤ [`SMALL_EXTENT`](crate::setup::SMALL_EXTENT) pixels): every block of the bounds is
/// tested with 32-bit edge values, which is exact there and avoids per-row divisions.
fn raster_small(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    tri: &TriSetup,
    planes: &[Plane],
    rect: [i32; 4],
    stats: &mut BandStats,
) {
    let [x0, y0, x1, y1] = rect;
    let (bx0, by0) = (x0 & !3, y0 & !1);
    // Lane offsets `LANE_X·step_x + LANE_Y·step_y`; every value here fits in i32 (see
    // `SMALL_EXTENT`), so the i32 sums equal the i64 ones.
    let lane = |e: &Edge| {
        let (sx, sy) = (e.step_x as i32, e.step_y as i32);
        i32x8::from([0, sx, 0, sx, 2 * sx, 3 * sx, 2 * sx, 3 * sx])
            + i32x8::from([0, 0, sy, sy, 0, 0, sy, sy])
    };
    let [e0, e1, e2] = &tri.edges;
    let offsets = [lane(e0), lane(e1), lane(e2)];
    let step_x = [
        (e0.step_x * 4) as i32,
        (e1.step_x * 4) as i32,
        (e2.step_x * 4) as i32,
    ];
    let (bx, by) = (i64::from(bx0), i64::from(by0));
    let mut row = [
        e0.at(bx, by) as i32,
        e1.at(bx, by) as i32,
        e2.at(bx, by) as i32,
    ];
    let step_y = [
        (e0.step_y * 2) as i32,
        (e1.step_y * 2) as i32,
        (e2.step_y * 2) as i32,
    ];
    let minus_one = i32x8::splat(-1);
    let mut by = by0;
    while by < y1 {
        let mut e = row;
        let mut bx = bx0;
        // Blocks wholly inside the rectangle need no rectangle mask.
        let rows_inside = by >= y0 && by + 2 <= y1;
        while bx < x1 {
            let m0 = (i32x8::splat(e[0]) + offsets[0]).cmp_gt(minus_one);
            let m1 = (i32x8::splat(e[1]) + offsets[1]).cmp_gt(minus_one);
            let m2 = (i32x8::splat(e[2]) + offsets[2]).cmp_gt(minus_one);
            let mut mask = (m0 & m1 & m2).move_mask() as LaneMask;
            if mask != 0 {
                if tri.rect_cut && !(rows_inside && bx >= x0 && bx + 4 <= x1) {
                    mask &= rect_mask(bx, by, rect);
                }
                if mask != 0 {
                    visit_block(ctx, band, tri, planes, bx as u32, by as u32, mask, stats);
                }
            }
            for k in 0..3 {
                e[k] += step_x[k];
            }
            bx += 4;
        }
        for k in 0..3 {
            row[k] += step_y[k];
        }
        by += 2;
    }
}

/// Lanes of the block at (`bx`, `by`) inside `[x0, y0, x1, y1)`.
#[inline]
fn rect_mask(bx: i32, by: i32, r: [i32; 4]) -> LaneMask {
    // Columns bx..bx+3 inside [r0, r2) as 4 bits, spread to the lanes that use them.
    const COLUMN_LANES: [LaneMask; 16] = {
        const LANES: [LaneMask; 4] = [0b0000_0101, 0b0000_1010, 0b0101_0000, 0b1010_0000];
        let mut t = [0; 16];
        let mut m = 0;
        while m < 16 {
            let mut c = 0;
            while c < 4 {
                if m & (1 << c) != 0 {
                    t[m] |= LANES[c];
                }
                c += 1;
            }
            m += 1;
        }
        t
    };
    let lo = (r[0] - bx).clamp(0, 4);
    let hi = (r[2] - bx).clamp(0, 4);
    // Bits lo..hi of a nibble (empty when hi ≤ lo).
    let columns = (0xfu32 >> (4 - hi)) & (0xfu32 << lo) & 0xf;
    let row0 = by >= r[1] && by < r[3];
    let row1 = by + 1 >= r[1] && by + 1 < r[3];
    COLUMN_LANES[columns as usize]
        & (if row0 { 0b0011_0011 } else { 0 } | if row1 { 0b1100_1100 } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rect_mask` sets exactly the lanes whose pixel lies inside the rectangle.
    #[test]
    fn rect_mask_matches_the_per_pixel_definition() {
        for x0 in -2..8 {
            for x1 in -2..10 {
                for (y0, y1) in [(0, 2), (1, 2), (0, 1), (2, 5), (-3, 0), (1, 1)] {
                    let r = [x0, y0, x1, y1];
                    let want = (0..8).fold(0, |m, k| {
                        let (x, y) = (LANE_X[k] as i32, LANE_Y[k] as i32);
                        let inside = x >= x0 && x < x1 && y >= y0 && y < y1;
                        m | (LaneMask::from(inside) << k)
                    });
                    assert_eq!(rect_mask(0, 0, r), want, "rect {r:?}");
                }
            }
        }
    }
}
