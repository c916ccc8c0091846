//! Multisampled coverage (SPEC §3.8): every sample of the pattern is tested with the same exact
//! 16.8 edge functions and top-left rule as a single-sample pixel centre, giving a lane mask per
//! sample of each 4×2 block, which the pixel stage's [`BandJob::shade_msaa`] takes.
//!
//! Large triangles are walked by row pairs as at one sample: per row the exact span of pixels
//! with *some* sample inside (each edge offset by its largest sample offset) bounds the blocks
//! tested, and the span of pixels with *every* sample inside (each edge offset by its smallest)
//! gives fully covered runs that need no per-sample test at all.

use tessera_types::ComparisonFunc;
use wide::{CmpGt, i64x4};

use super::depth_bound::DepthBound;
use super::{lane_offsets, rect_mask, row_span_biased, span_intersection, span_union};
use crate::band::{Band, BandStats, Msaa, RasterContext};
use crate::binning::SetupChunk;
use crate::block::{MAX_SAMPLES, SampleCoverage};
use crate::om::coarse::CoarseDepth;
use crate::om::depth::D32Test;
use crate::ps::BandJob;
use crate::setup::{Edge, Primitive};

/// The change of edge `e` from a pixel centre to the sample at offset `o` (1/16 pixel): exact,
/// since the steps are multiples of one pixel in 16.8 (256) and a sixteenth is 16 subpixels.
#[inline]
pub fn sample_offset(e: &Edge, o: [i8; 2]) -> i64 {
    (e.step_x / 16) * i64::from(o[0]) + (e.step_y / 16) * i64::from(o[1])
}

/// What [`block_coverage`] needs of a triangle that does not change from block to block: the
/// edges' lane offsets and each sample's edge offsets, computed once per triangle, and per
/// edge the smallest and largest of its sample offsets.
pub struct SampleEdges {
    lanes: [(i64x4, i64x4); 3],
    offsets: [[i64; 3]; MAX_SAMPLES],
    /// Per edge, the smallest offset over the samples: a pixel whose edge values plus these are
    /// all ≥ 0 has every sample covered.
    pub lo: [i64; 3],
    /// Per edge, the largest offset: a pixel with an edge value plus this < 0 has no sample
    /// covered.
    pub hi: [i64; 3],
}

impl SampleEdges {
    /// Each edge's offsets from a block's top-left pixel centre to its lanes 0–3 and 4–7.
    pub(crate) fn lane_offsets(&self) -> [(i64x4, i64x4); 3] {
        self.lanes
    }

    /// Each sample's offset of each edge from the pixel centre.
    pub(crate) fn sample_offsets(&self) -> &[[i64; 3]; MAX_SAMPLES] {
        &self.offsets
    }

    /// The per-triangle part of the coverage of `edges` at the samples of `ms`.
    pub fn new(edges: &[Edge; 3], ms: &Msaa) -> Self {
        let mut offsets = [[0; 3]; MAX_SAMPLES];
        let (mut lo, mut hi) = ([i64::MAX; 3], [i64::MIN; 3]);
        for (o, &s) in offsets.iter_mut().zip(&ms.offsets).take(ms.count) {
            *o = edges.each_ref().map(|e| sample_offset(e, s));
            for e in 0..3 {
                lo[e] = lo[e].min(o[e]);
                hi[e] = hi[e].max(o[e]);
            }
        }
        Self {
            lanes: edges.each_ref().map(lane_offsets),
            offsets,
            lo,
            hi,
        }
    }
}

/// The per-sample coverage of the block at (`bx`, `by`): sample `s` of a lane is covered when
/// its three edge values are ≥ 0 (the top-left rule is folded into the edges), cut to `rect`
/// (the triangle's bounds in the band's rows, inside the viewport/scissor rectangle).
#[inline]
pub fn block_coverage(
    edges: &[Edge; 3],
    pre: &SampleEdges,
    count: usize,
    bx: i32,
    by: i32,
    rect: [i32; 4],
) -> SampleCoverage {
    let mut cov = [0; MAX_SAMPLES];
    let inside = rect_mask(bx, by, rect);
    if inside == 0 {
        return cov;
    }
    let at = edges.each_ref().map(|e| e.at(i64::from(bx), i64::from(by)));
    for (c, offs) in cov.iter_mut().zip(&pre.offsets).take(count) {
        let mut mask = inside;
        for ((base, off), (lo, hi)) in at.iter().zip(offs).zip(&pre.lanes) {
            let v = i64x4::splat(base + off);
            let lo_m = (v + *lo).cmp_gt(i64x4::splat(-1)).move_mask() as u8;
            let hi_m = (v + *hi).cmp_gt(i64x4::splat(-1)).move_mask() as u8;
            mask &= lo_m | (hi_m << 4);
        }
        *c = mask;
    }
    cov
}

/// Rasterizes the triangles of `chunks` binned to band `b` into a multisampled `band`, in
/// submission order: small triangles block by block over their bounds, large ones by row
/// pairs ([`BandJob::raster_msaa_large`]); each block with a sample covered goes to the pixel
/// stage ([`BandJob::shade_msaa`]). With an early `Less`/`LessEqual` D32 test that writes
/// depth, the band keeps coarse depth bounds of every sample plane at once (a cell's bound is
/// tightened once every sample of its 64 pixels has been written) and the pieces of fully
/// covered runs behind them at every sample are skipped.
pub fn raster_band_msaa(
    ctx: &RasterContext<'_>,
    ms: &Msaa,
    band: &mut Band<'_>,
    b: usize,
    chunks: &[SetupChunk],
    stats: &mut BandStats,
) {
    // The sample count as a constant of the loops below, so the per-sample loops of every
    // block are unrolled (the same work; `big --msaa 4` ran 4.2× the 1× instructions with the
    // count read at run time).
    match ms.count {
        1 => raster_band_msaa_n::<1>(ctx, ms, band, b, chunks, stats),
        2 => raster_band_msaa_n::<2>(ctx, ms, band, b, chunks, stats),
        4 => raster_band_msaa_n::<4>(ctx, ms, band, b, chunks, stats),
        8 => raster_band_msaa_n::<8>(ctx, ms, band, b, chunks, stats),
        // 16: the draw accepts no other count (`draw::sample_pattern`, `Msaa::single`).
        _ => raster_band_msaa_n::<MAX_SAMPLES>(ctx, ms, band, b, chunks, stats),
    }
}

/// [`raster_band_msaa`] for `N` = `ms.count` samples.
#[inline(always)]
fn raster_band_msaa_n<const N: usize>(
    ctx: &RasterContext<'_>,
    ms: &Msaa,
    band: &mut Band<'_>,
    b: usize,
    chunks: &[SetupChunk],
    stats: &mut BandStats,
) {
    debug_assert_eq!(ms.count, N, "the pattern's sample count");
    band.scratch.solid = None;
    let early = super::band_early_test(ctx, band);
    let coarse = match early {
        Some(t) if CoarseDepth::applies(&t) => {
            band.coarse.prepare(t.width(), [band.y0, band.y1]);
            Some(t.func())
        }
        _ => None,
    };
    band.coarse.on = coarse.is_some();
    for chunk in chunks {
        for &t in chunk.bin(b) {
            let prim = &chunk.prims[t as usize];
            let planes = &chunk.planes[prim.attr_offset() as usize..];
            let Primitive::Triangle(tri) = prim;
            let [x0, ty0, x1, ty1] = tri.bounds;
            let (y0, y1) = (ty0.max(band.y0 as i32), ty1.min(band.y1 as i32));
            if y0 >= y1 {
                continue;
            }
            let mut job = BandJob {
                ctx,
                band: &mut *band,
                tri,
                planes,
                stats: &mut *stats,
            };
            let rect = [x0, y0, x1, y1];
            let pre = SampleEdges::new(&tri.edges, ms);
            if tri.small {
                job.raster_msaa_small::<N>(ms, &pre, rect, early.as_ref());
            } else {
                let bound = coarse.and_then(|func| {
                    let r = rect.map(|v| v.max(0) as u32);
                    DepthBound::with_reach(tri, r, ctx.depth_range, 0.5).map(|b| (func, b))
                });
                job.raster_msaa_large::<N>(ms, &pre, rect, early.as_ref(), bound);
            }
        }
    }
}

impl BandJob<'_, '_> {
    /// [`block_coverage`] of this triangle's block at (`bx`, `by`), on the draw's SIMD path.
    #[inline(always)]
    fn sample_coverage<const N: usize>(
        &self,
        pre: &SampleEdges,
        bx: i32,
        by: i32,
        rect: [i32; 4],
    ) -> SampleCoverage {
        #[cfg(target_arch = "x86_64")]
        if let Some(tok) = self.ctx.lanes.avx2_token() {
            return super::coverage_avx2::block_coverage_avx2(
                tok,
                &self.tri.edges,
                pre,
                N,
                bx,
                by,
                rect,
            );
        }
        block_coverage(&self.tri.edges, pre, N, bx, by, rect)
    }

    /// Every block of a small triangle's bounds in the band (`rect`): its coverage per sample,
    /// then the pixel stage where a sample is covered.
    fn raster_msaa_small<const N: usize>(
        &mut self,
        ms: &Msaa,
        pre: &SampleEdges,
        rect: [i32; 4],
        early: Option<&D32Test>,
    ) {
        let [x0, y0, x1, y1] = rect;
        let mut by = y0 & !1;
        while by < y1 {
            let mut bx = x0 & !3;
            while bx < x1 {
                let cov = self.sample_coverage::<N>(pre, bx, by, rect);
                if cov.iter().any(|&m| m != 0) {
                    self.shade_msaa::<N>(bx as u32, by as u32, ms, cov, early);
                }
                bx += 4;
            }
            by += 2;
        }
    }

    /// A large triangle in the band's rows `rect`, by row pairs: blocks inside both rows'
    /// every-sample spans in fully covered runs, the others (inside the some-sample spans)
    /// with their coverage per sample. With `coarse` (the early test's function and the
    /// triangle's depth bounds over the samples) the runs' pieces behind every plane's bounds
    /// are skipped.
    fn raster_msaa_large<const N: usize>(
        &mut self,
        ms: &Msaa,
        pre: &SampleEdges,
        rect: [i32; 4],
        early: Option<&D32Test>,
        coarse: Option<(ComparisonFunc, DepthBound)>,
    ) {
        // A second copy of the loops for the draws whose runs the AVX2 kernel takes, so that
        // the other copy (every other draw, and the baseline path) is the code it was.
        #[cfg(target_arch = "x86_64")]
        if crate::ps::run_avx2::msaa::applies::<N>(self, ms, early) {
            self.outlined(|job| {
                job.raster_msaa_large_body::<N, true>(ms, pre, rect, early, coarse);
            });
            return;
        }
        self.outlined(|job| job.raster_msaa_large_body::<N, false>(ms, pre, rect, early, coarse));
    }

    /// [`Self::raster_msaa_large`] inside [`BandJob::outlined`].
    #[inline(always)]
    fn raster_msaa_large_body<const N: usize, const AVX2: bool>(
        &mut self,
        ms: &Msaa,
        pre: &SampleEdges,
        rect: [i32; 4],
        early: Option<&D32Test>,
        coarse: Option<(ComparisonFunc, DepthBound)>,
    ) {
        let tri = self.tri;
        let [x0, y0, x1, y1] = rect;
        let mut by = y0 & !1;
        while by < y1 {
            let row = |py: i32, bias: &[i64; 3]| {
                if py < y0 || py >= y1 {
                    (1, 0)
                } else {
                    let (lo, hi) = (i64::from(x0), i64::from(x1) - 1);
                    row_span_biased(&tri.edges, bias, i64::from(py), lo, hi)
                }
            };
            let Some((lo, hi)) = span_union(row(by, &pre.hi), row(by + 1, &pre.hi)) else {
                by += 2;
                continue;
            };
            // Pixels of both rows with every sample inside: blocks wholly in it are fully covered.
            let (inner_lo, inner_hi) = span_intersection(row(by, &pre.lo), row(by + 1, &pre.lo));
            let mut bx = (lo as i32) & !3;
            while i64::from(bx) <= hi {
                if i64::from(bx) >= inner_lo && i64::from(bx) + 3 <= inner_hi {
                    let count = ((inner_hi - i64::from(bx) - 3) / 4 + 1) as u32;
                    match coarse {
                        Some(c) => self.coarse_run_msaa::<N, AVX2>(
                            ms,
                            c,
                            [bx as u32, by as u32],
                            count,
                            early,
                        ),
                        None => self.run_msaa::<N, AVX2>(ms, bx as u32, by as u32, count, early),
                    }
                    bx += 4 * count as i32;
                    continue;
                }
                let cov = self.sample_coverage::<N>(pre, bx, by, rect);
                if cov.iter().any(|&m| m != 0) {
                    self.shade_msaa::<N>(bx as u32, by as u32, ms, cov, early);
                }
                bx += 4;
            }
            by += 2;
        }
    }

    /// `count` blocks from (`bx`, `by`) rightwards whose every sample is covered. With `AVX2`
    /// (the draw passed [`run_avx2::msaa::applies`](crate::ps::run_avx2::msaa::applies)),
    /// through the AVX2 kernel where the run allows it; without, the code has no trace of it.
    #[inline(always)]
    fn run_msaa<const N: usize, const AVX2: bool>(
        &mut self,
        ms: &Msaa,
        bx: u32,
        by: u32,
        count: u32,
        early: Option<&D32Test>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if AVX2
            && let (Some(tok), Some(t)) = (self.ctx.lanes.avx2_token(), early)
            && crate::ps::run_avx2::msaa::planes_run::<N>(self, tok, (ms, t), [bx, by], count)
        {
            return;
        }
        if self.planes_run_applies::<N>(ms, early) {
            self.run_planes::<N>(ms, bx, by, count, early);
            return;
        }
        let mut full = [0; MAX_SAMPLES];
        full[..N].fill(0xff);
        for k in 0..count {
            self.shade_msaa::<N>(bx + 4 * k, by, ms, full, early);
        }
    }

    /// [`Self::run_msaa`] except its aligned pieces of [`RUN_PIECE`](super::RUN_PIECE) pixels
    /// whose depth lower bound over the samples (`coarse`) fails against the bound of every
    /// cell they touch (bounds of all sample planes): those are skipped, each counted as one
    /// coarse rejection (every sample would fail the early test and write nothing).
    fn coarse_run_msaa<const N: usize, const AVX2: bool>(
        &mut self,
        ms: &Msaa,
        coarse: (ComparisonFunc, DepthBound),
        at: [u32; 2],
        count: u32,
        early: Option<&D32Test>,
    ) {
        self.outlined(|job| job.coarse_run_msaa_body::<N, AVX2>(ms, coarse, at, count, early));
    }

    /// [`Self::coarse_run_msaa`] inside [`BandJob::outlined`].
    #[inline(always)]
    fn coarse_run_msaa_body<const N: usize, const AVX2: bool>(
        &mut self,
        ms: &Msaa,
        (func, bound): (ComparisonFunc, DepthBound),
        [bx, by]: [u32; 2],
        count: u32,
        early: Option<&D32Test>,
    ) {
        let end = bx + 4 * count;
        let (mut start, mut x) = (bx, bx);
        while x < end {
            let piece_end = ((x / super::RUN_PIECE + 1) * super::RUN_PIECE).min(end);
            let piece = [x, by, piece_end, by + 2];
            let lb = bound.over(piece);
            if self.band.coarse.rejects(piece, lb, func) {
                if start < x {
                    self.run_msaa::<N, AVX2>(ms, start, by, (x - start) / 4, early);
                }
                self.stats.coarse_rejected += 1;
                start = piece_end;
            }
            x = piece_end;
        }
        if start < end {
            self.run_msaa::<N, AVX2>(ms, start, by, (end - start) / 4, early);
        }
    }
}
