//! The per-band rasterizer: exact integer coverage over 4×2 blocks (two quads, eight lanes),
//! handing each covered block to the pixel stage ([`crate::ps`]).

#[cfg(target_arch = "x86_64")]
mod coverage_avx2;
mod depth_bound;
pub(crate) mod msaa;

use depth_bound::{DepthBound, depth_lower_bound};

use tessera_types::ComparisonFunc;
use wide::{CmpGt, f32x8, i32x8, i64x4};

use crate::band::{Band, BandStats, CoveredBlock, RasterContext};
use crate::binning::SetupChunk;
use crate::block::{Coverage, LANE_CX, LANE_CY, LANE_X, LANE_Y};
use crate::om::coarse::CoarseDepth;
use crate::om::depth::D32Test;
use crate::ps::solid;
use crate::ps::{BandJob, clamp_depth};
use crate::setup::{Edge, Primitive, TriSetup};

/// Rasterizes the triangles of `chunks` binned to band `b` into `band`, in submission order,
/// on the draw's SIMD path ([`RasterContext::lanes`]: the whole band loop and what it inlines).
pub fn raster_band(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    b: usize,
    chunks: &[SetupChunk],
    stats: &mut BandStats,
) {
    ctx.lanes.run(
        #[inline(always)]
        || raster_band_body(ctx, band, b, chunks, stats),
    );
}

/// [`raster_band`]'s body, inlined into the SIMD path's function.
#[inline(always)]
fn raster_band_body(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    b: usize,
    chunks: &[SetupChunk],
    stats: &mut BandStats,
) {
    if let Some(ms) = &ctx.msaa {
        msaa::raster_band_msaa(ctx, ms, band, b, chunks, stats);
        return;
    }
    let early = band_early_test(ctx, band);
    let coarse = band_coarse_test(band, early.as_ref());
    for chunk in chunks {
        for &t in chunk.bin(b) {
            let prim = &chunk.prims[t as usize];
            let planes = &chunk.planes[prim.attr_offset() as usize..];
            let Primitive::Triangle(tri) = prim;
            let mut job = BandJob {
                ctx,
                band: &mut *band,
                tri,
                planes,
                stats: &mut *stats,
            };
            job.raster_triangle(early.as_ref(), coarse);
        }
    }
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
    row_span_biased(edges, &[0; 3], py, lo, hi)
}

/// The union of two rows' spans as one inclusive range, `None` when both are empty (the
/// blocks of a row pair that may hold coverage).
#[inline(always)]
fn span_union((a0, a1): (i64, i64), (b0, b1): (i64, i64)) -> Option<(i64, i64)> {
    match (a0 <= a1, b0 <= b1) {
        (true, true) => Some((a0.min(b0), a1.max(b1))),
        (true, false) => Some((a0, a1)),
        (false, true) => Some((b0, b1)),
        (false, false) => None,
    }
}

/// The pixels in both rows' spans (empty `(1, 0)` when either is): blocks wholly inside it
/// are fully covered in both rows of the pair.
#[inline(always)]
fn span_intersection((a0, a1): (i64, i64), (b0, b1): (i64, i64)) -> (i64, i64) {
    if a0 <= a1 && b0 <= b1 {
        (a0.max(b0), a1.min(b1))
    } else {
        (1, 0)
    }
}

/// [`row_span`] of the edges each raised by `bias` (the span where `E_i + bias_i ≥ 0` for all
/// three): with a multisampled triangle's smallest or largest sample offsets, the pixels whose
/// every sample, or some sample, passes the edge.
#[inline(always)]
fn row_span_biased(edges: &[Edge; 3], bias: &[i64; 3], py: i64, lo: i64, hi: i64) -> (i64, i64) {
    let (mut lo, mut hi) = (lo, hi);
    for (e, b) in edges.iter().zip(bias) {
        let c = e.e00 + py * e.step_y + b;
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

/// The early D32 depth test of a band's small triangles ([`D32Test`]), when the draw tests depth
/// before the shader on a D32_FLOAT buffer: per-band constants, found once per band.
pub fn band_early_test(ctx: &RasterContext<'_>, band: &Band<'_>) -> Option<D32Test> {
    match band.depth.as_ref() {
        Some(depth) if ctx.early_depth && ctx.depth_active => D32Test::of(depth, &ctx.ds),
        _ => None,
    }
}

/// Whether the band's early test (from [`band_early_test`]) can also use coarse per-cell
/// depth bounds ([`CoarseDepth`]); if so the band's bounds are made ready for the draw.
pub fn band_coarse_test(band: &mut Band<'_>, early: Option<&D32Test>) -> bool {
    band.coarse.on = match early {
        Some(t) if CoarseDepth::applies(t) => {
            band.coarse.prepare(t.width(), [band.y0, band.y1]);
            true
        }
        _ => false,
    };
    band.coarse.on
}

/// Width in pixels of the pieces of a run that [`coarse_run`](BandJob::coarse_run) tests at once (aligned): `big` at
/// one thread takes 47.7 ms without the test, 46.6 / 42.4 / 40.3 / 39.5 ms with pieces of
/// 8 / 16 / 32 / 64 pixels (the wider, the fewer bounds computed and runs split).
const RUN_PIECE: u32 = 64;

impl BandJob<'_, '_> {
    /// Rasterizes one triangle into a band: a small triangle's covered blocks in the band's rows
    /// ([`small_coverage`]), tested with `early` ([`band_early_test`]) when set, or a large
    /// triangle's rows in the band. With `coarse` ([`band_coarse_test`]) a small triangle behind
    /// the bounds of every cell it touches is dropped first, as are the pieces of a large one's
    /// runs that are, and the depth writes are recorded. Inlined into the band's triangle loop, so
    /// the per-draw state the pixel stage reads is loaded once per band rather than once per
    /// triangle.
    #[inline(always)]
    pub fn raster_triangle(&mut self, early: Option<&D32Test>, coarse: bool) {
        let (ctx, tri, planes) = (self.ctx, self.tri, self.planes);
        if tri.small {
            // Too small for the solid-colour tables (`solid::prepare`): none from an earlier triangle.
            self.band.scratch.solid = None;
            if let (true, Some(t)) = (coarse, early) {
                // The bounds in the band's rows.
                let [x0, y0, x1, y1] = tri.bounds.map(|v| v.max(0) as u32);
                let rect = [x0, y0.max(self.band.y0), x1, y1.min(self.band.y1)];
                if rect[1] < rect[3] {
                    let lb = depth_lower_bound(tri, rect, ctx.depth_range);
                    if lb.is_some_and(|lb| self.band.coarse.rejects(rect, lb, t.func())) {
                        self.stats.coarse_rejected += 1;
                        return;
                    }
                }
            }
            let mut blocks = std::mem::take(&mut self.band.scratch.blocks);
            let n = small_coverage(tri, [self.band.y0, self.band.y1], &mut blocks);
            self.raster_small(early, coarse, &blocks[..n]);
            self.band.scratch.blocks = blocks;
            return;
        }
        let [x0, ty0, x1, ty1] = tri.bounds;
        let y0 = ty0.max(self.band.y0 as i32);
        let y1 = ty1.min(self.band.y1 as i32);
        if y0 < y1 {
            solid::prepare(ctx, self.band, tri, planes, [x0, y0, x1, y1]);
            let rect = [x0, y0, x1, y1];
            let bound = match (coarse, early) {
                (true, Some(t)) => {
                    DepthBound::new(tri, rect.map(|v| v.max(0) as u32), ctx.depth_range)
                        .map(|b| (t.func(), b))
                }
                _ => None,
            };
            self.raster_large(rect, bound);
        }
    }

    /// Triangles larger than [`SMALL_EXTENT`](crate::setup::SMALL_EXTENT): the exact covered span
    /// of each row pair (64-bit), with fully covered blocks visited as runs; with `coarse` (the
    /// early test's function and the triangle's depth bounds in the band) the runs' pieces behind
    /// the band's coarse depth bounds are skipped.
    #[inline(always)]
    fn raster_large(&mut self, rect: [i32; 4], coarse: Option<(ComparisonFunc, DepthBound)>) {
        // A second copy of the loops for the draws whose runs the AVX2 kernel takes, so that
        // the other copy (every other draw, and the baseline path) is the code it was.
        #[cfg(target_arch = "x86_64")]
        if crate::ps::run_avx2::applies(self) {
            self.outlined(|job| job.raster_large_body::<true>(rect, coarse));
            return;
        }
        self.outlined(|job| job.raster_large_body::<false>(rect, coarse));
    }

    /// [`Self::raster_large`] inside [`BandJob::outlined`].
    #[inline(always)]
    fn raster_large_body<const AVX2: bool>(
        &mut self,
        rect: [i32; 4],
        coarse: Option<(ComparisonFunc, DepthBound)>,
    ) {
        let tri = self.tri;
        let [x0, y0, x1, y1] = rect;
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
            let (a, b) = (row(by), row(by + 1));
            let Some((lo, hi)) = span_union(a, b) else {
                by += 2;
                continue;
            };
            // Blocks wholly inside both rows' spans are fully covered: no lane tests needed.
            let (inner_lo, inner_hi) = span_intersection(a, b);
            let mut bx = (lo as i32) & !3;
            while i64::from(bx) <= hi {
                if i64::from(bx) >= inner_lo && i64::from(bx) + 3 <= inner_hi {
                    // The run of fully covered blocks from here.
                    let count = ((inner_hi - i64::from(bx) - 3) / 4 + 1) as u32;
                    match coarse {
                        Some(c) => self.coarse_run::<AVX2>(c, [bx, by], count),
                        None => self.visit_run::<AVX2>(bx as u32, by as u32, count),
                    }
                    bx += 4 * count as i32;
                    continue;
                }
                let mask = {
                    let mut mask: Coverage = 0xff;
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
                    self.visit_block(bx as u32, by as u32, mask);
                }
                bx += 4;
            }
            by += 2;
        }
    }

    /// [`visit_run`] of the run of `count` blocks from `at`, except its aligned pieces of
    /// [`RUN_PIECE`] pixels that lie behind the coarse bound of every cell they touch (`coarse`:
    /// the early test's function and the triangle's depth bounds): those are skipped (each counted
    /// as one coarse rejection).
    #[inline(always)]
    fn coarse_run<const AVX2: bool>(
        &mut self,
        coarse: (ComparisonFunc, DepthBound),
        at: [i32; 2],
        count: u32,
    ) {
        self.outlined(|job| job.coarse_run_body::<AVX2>(coarse, at, count));
    }

    /// [`Self::coarse_run`] inside [`BandJob::outlined`].
    #[inline(always)]
    fn coarse_run_body<const AVX2: bool>(
        &mut self,
        (func, bound): (ComparisonFunc, DepthBound),
        at: [i32; 2],
        count: u32,
    ) {
        let (bx, by) = (at[0] as u32, at[1] as u32);
        let end = bx + 4 * count;
        // Blocks from `start` on are still to be visited.
        let (mut start, mut x) = (bx, bx);
        while x < end {
            let piece_end = ((x / RUN_PIECE + 1) * RUN_PIECE).min(end);
            let piece = [x, by, piece_end, by + 2];
            if self.band.coarse.rejects(piece, bound.over(piece), func) {
                if start < x {
                    self.visit_run::<AVX2>(start, by, (x - start) / 4);
                }
                self.stats.coarse_rejected += 1;
                start = piece_end;
            }
            x = piece_end;
        }
        if start < end {
            self.visit_run::<AVX2>(start, by, (end - start) / 4);
        }
    }
}

/// Writes the covered blocks of a small triangle (vertex extent ≤
/// [`SMALL_EXTENT`](crate::setup::SMALL_EXTENT) pixels) in the rows `[rows[0], rows[1])` (even
/// bounds: a band's) to the start of `out` and returns their count, rows top to bottom and
/// blocks left to right: every block of its bounds in those rows is tested with 32-bit edge
/// values, which is exact there (every value fits in i32) and needs no per-row divisions. A
/// block row never spans two bands, so a band visits exactly the blocks, and masks, of its rows.
#[inline(never)]
pub fn small_coverage(tri: &TriSetup, rows: [u32; 2], out: &mut Vec<CoveredBlock>) -> usize {
    let rect = tri.bounds;
    let [x0, y0, x1, _] = rect;
    let y1 = rect[3].min(rows[1] as i32);
    let (bx0, by0) = (x0 & !3, (y0 & !1).max(rows[0] as i32));
    // Lane offsets `LANE_X·step_x + LANE_Y·step_y`.
    const LANE_XI: [i32; 8] = [0, 1, 0, 1, 2, 3, 2, 3];
    const LANE_YI: [i32; 8] = [0, 0, 1, 1, 0, 0, 1, 1];
    let (lane_x, lane_y) = (i32x8::from(LANE_XI), i32x8::from(LANE_YI));
    let lane =
        |e: &Edge| i32x8::splat(e.step_x as i32) * lane_x + i32x8::splat(e.step_y as i32) * lane_y;
    let [e0, e1, e2] = &tri.edges;
    let (bx, by) = (i64::from(bx0), i64::from(by0));
    // Each edge's value at the lanes of the current block; a lane is covered when all three
    // are ≥ 0, i.e. when the sign bit of their OR is clear. The wrapping i32 sums equal the
    // i64 values, whatever the order of the additions.
    let mut row = [
        i32x8::splat(e0.at(bx, by) as i32) + lane(e0),
        i32x8::splat(e1.at(bx, by) as i32) + lane(e1),
        i32x8::splat(e2.at(bx, by) as i32) + lane(e2),
    ];
    let step_x = [
        i32x8::splat((e0.step_x * 4) as i32),
        i32x8::splat((e1.step_x * 4) as i32),
        i32x8::splat((e2.step_x * 4) as i32),
    ];
    let step_y = [
        i32x8::splat((e0.step_y * 2) as i32),
        i32x8::splat((e1.step_y * 2) as i32),
        i32x8::splat((e2.step_y * 2) as i32),
    ];
    // Every block of the bounds is written and the end advanced only past covered ones:
    // whether a block of a small triangle is covered is data-dependent, and the branch on it
    // was mispredicted often enough to cost a fifth of `tris` at one thread. The slots past
    // the end are scratch, kept by the band from one triangle to the next.
    let blocks = ((x1 - bx0 + 3) / 4).max(0) as usize * ((y1 - by0 + 1) / 2).max(0) as usize;
    if out.len() < blocks {
        out.resize(blocks.max(256), CoveredBlock::default());
    }
    let mut n = 0;
    let mut by = by0;
    while by < y1 {
        let mut e = row;
        let mut bx = bx0;
        // Blocks wholly inside the rectangle need no rectangle mask.
        let rows_inside = by >= y0 && by + 2 <= y1;
        while bx < x1 {
            let mut mask = !((e[0] | e[1] | e[2]).move_mask() as Coverage);
            if tri.rect_cut && !(rows_inside && bx >= x0 && bx + 4 <= x1) {
                mask &= rect_mask(bx, by, rect);
            }
            if let Some(slot) = out.get_mut(n) {
                *slot = CoveredBlock {
                    bx: bx as u16,
                    by: by as u16,
                    mask,
                };
            }
            n += usize::from(mask != 0);
            e = [e[0] + step_x[0], e[1] + step_x[1], e[2] + step_x[2]];
            bx += 4;
        }
        row = [row[0] + step_y[0], row[1] + step_y[1], row[2] + step_y[2]];
        by += 2;
    }
    n
}

impl BandJob<'_, '_> {
    /// Visits the covered blocks of a small triangle in the band's rows (from [`small_coverage`]):
    /// early depth/stencil, then the pixel stage, exactly as [`visit_block`]; with `coarse`, the
    /// early test's depth writes are recorded in the band's [`CoarseDepth`].
    #[inline(always)]
    fn raster_small(&mut self, early: Option<&D32Test>, coarse: bool, blocks: &[CoveredBlock]) {
        let (ctx, tri) = (self.ctx, self.tri);
        // Early D32 depth testing with its constants hoisted out of the block loop; the depth of a
        // block is `eval(z, dx, dy)` of the pixel stage.
        let (z0, zdx, zdy) = (
            f32x8::splat(tri.z.v0),
            f32x8::splat(tri.z.dx),
            f32x8::splat(tri.z.dy),
        );
        let (ox, oy) = (f32x8::splat(tri.origin[0]), f32x8::splat(tri.origin[1]));
        let (lane_cx, lane_cy) = (f32x8::from(LANE_CX), f32x8::from(LANE_CY));
        // The row term `dz/dy · dy` of the blocks' depth, for the block row `row_y`.
        let (mut row_y, mut z_row) = (u32::MAX, f32x8::ZERO);
        for b in blocks {
            let (bx, by, mask) = (u32::from(b.bx), u32::from(b.by), b.mask);
            let tested = match (early, self.band.depth.as_mut()) {
                (Some(t), Some(depth)) => {
                    if by != row_y {
                        row_y = by;
                        z_row = zdy * ((f32x8::splat(by as f32) + lane_cy) - oy);
                    }
                    let dx = (f32x8::splat(bx as f32) + lane_cx) - ox;
                    let z = clamp_depth(z0 + zdx * dx + z_row, ctx.depth_range);
                    let tested = t.test(&mut depth.data, bx, by, mask, z);
                    if let (true, Some(passed @ 1..)) = (coarse, tested) {
                        self.band.coarse.record(bx, by, passed, z);
                    }
                    tested
                }
                _ => None,
            };
            match tested {
                Some(0) => {}
                Some(mask) => self.shade_body(bx, by, mask),
                None => self.visit_block(bx, by, mask),
            }
        }
    }
}

/// Lanes of the block at (`bx`, `by`) inside `[x0, y0, x1, y1)`.
#[inline]
fn rect_mask(bx: i32, by: i32, r: [i32; 4]) -> Coverage {
    // Columns bx..bx+3 inside [r0, r2) as 4 bits, spread to the lanes that use them.
    const COLUMN_LANES: [Coverage; 16] = {
        const LANES: [Coverage; 4] = [0b0000_0101, 0b0000_1010, 0b0101_0000, 0b1010_0000];
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
    use crate::setup::{SetupParams, setup_triangle};
    use tessera_types::{CullMode, RasterizerDesc, Viewport};

    /// `small_coverage` lists, in row-major block order, exactly the pixels of the triangle's
    /// bounds whose three edge functions are ≥ 0 (the top-left rule is in the edges), for
    /// random small triangles of both windings, slivers, axis-aligned edges, pixel-centre
    /// vertices and rectangles that cut the box.
    #[test]
    fn small_coverage_is_the_per_pixel_edge_test() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u32| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % u64::from(n)) as f32
        };
        let rs = RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        };
        let mut checked = 0;
        for case in 0..20_000 {
            let rect = match case % 3 {
                0 => [0, 0, 128, 96],
                1 => [5, 3, 37, 30],
                _ => [0, 1, 21, 17],
            };
            let params = SetupParams {
                viewport: Viewport {
                    top_left_x: 0.0,
                    top_left_y: 0.0,
                    width: 128.0,
                    height: 96.0,
                    min_depth: 0.0,
                    max_depth: 1.0,
                },
                rect,
                rasterizer: &rs,
                inputs: &[],
                depth: None,
                sample_reach: 0,
            };
            // Pixel coordinates on a 1/8 grid (centres, edges and in between), extents up to
            // a little over 64 pixels so both sides of SMALL_EXTENT occur.
            let (cx, cy) = (next(90 * 8) / 8.0, next(70 * 8) / 8.0);
            let mut v = [[0.0f32; 4]; 3];
            for (k, p) in v.iter_mut().enumerate() {
                let (x, y) = match (k, case % 5) {
                    (0, _) => (cx, cy),
                    (1, 0) => (cx + next(40 * 8) / 8.0, cy),
                    (_, 1) => (cx + next(3) - 1.0, cy + next(72 * 8) / 8.0 - 36.0),
                    _ => (
                        cx + next(70 * 8) / 8.0 - 35.0,
                        cy + next(20 * 8) / 8.0 - 10.0,
                    ),
                };
                *p = [x / 64.0 - 1.0, 1.0 - y / 48.0, 0.5, 1.0];
            }
            let verts = [&v[0][..], &v[1][..], &v[2][..]];
            let Some(tri) = setup_triangle(verts, verts[0], &params, 0, &mut Vec::new()) else {
                continue;
            };
            if !tri.small {
                continue;
            }
            checked += 1;
            let mut blocks = vec![CoveredBlock::default(); case % 7];
            let end = small_coverage(&tri, [0, 96], &mut blocks);
            blocks.truncate(end);
            let mut got = Vec::new();
            for (i, b) in blocks.iter().enumerate() {
                assert!(b.mask != 0 && b.bx % 4 == 0 && b.by % 2 == 0, "{b:?}");
                if i > 0 {
                    let a = blocks[i - 1];
                    assert!((a.by, a.bx) < (b.by, b.bx), "order {a:?} {b:?}");
                }
                for k in 0..8 {
                    if b.mask & (1 << k) != 0 {
                        let x = i64::from(b.bx) + i64::from(LANE_X[k]);
                        let y = i64::from(b.by) + i64::from(LANE_Y[k]);
                        got.push((y, x));
                    }
                }
            }
            got.sort_unstable();
            let [x0, y0, x1, y1] = tri.bounds.map(i64::from);
            let mut want = Vec::new();
            for y in y0..y1 {
                for x in x0..x1 {
                    if tri.edges.iter().all(|e| e.at(x, y) >= 0) {
                        want.push((y, x));
                    }
                }
            }
            assert_eq!(got, want, "case {case}: {v:?}");
        }
        assert!(checked > 5_000, "{checked} small triangles checked");
    }

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
                        m | (Coverage::from(inside) << k)
                    });
                    assert_eq!(rect_mask(0, 0, r), want, "rect {r:?}");
                }
            }
        }
    }
}
