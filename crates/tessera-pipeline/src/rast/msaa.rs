//! Multisampled coverage (SPEC §3.8): every sample of the pattern is tested with the same exact
//! 16.8 edge functions and top-left rule as a single-sample pixel centre, giving a lane mask per
//! sample of each 4×2 block, which the pixel stage's [`BandJob::shade_msaa`] takes.

use wide::{CmpGt, i64x4};

use super::{lane_offsets, rect_mask};
use crate::band::{Band, BandStats, Msaa, RasterContext};
use crate::binning::SetupChunk;
use crate::block::{MAX_SAMPLES, SampleCoverage};
use crate::ps::BandJob;
use crate::setup::{Edge, Primitive};

/// The change of edge `e` from a pixel centre to the sample at offset `o` (1/16 pixel): exact,
/// since the steps are multiples of one pixel in 16.8 (256) and a sixteenth is 16 subpixels.
#[inline]
pub fn sample_offset(e: &Edge, o: [i8; 2]) -> i64 {
    (e.step_x / 16) * i64::from(o[0]) + (e.step_y / 16) * i64::from(o[1])
}

/// What [`block_coverage`] needs of a triangle that does not change from block to block: the
/// edges' lane offsets and each sample's edge offsets, computed once per triangle.
pub struct SampleEdges {
    lanes: [(i64x4, i64x4); 3],
    offsets: [[i64; 3]; MAX_SAMPLES],
}

impl SampleEdges {
    /// The per-triangle part of the coverage of `edges` at the samples of `ms`.
    pub fn new(edges: &[Edge; 3], ms: &Msaa) -> Self {
        let mut offsets = [[0; 3]; MAX_SAMPLES];
        for (o, &s) in offsets.iter_mut().zip(&ms.offsets).take(ms.count) {
            *o = edges.each_ref().map(|e| sample_offset(e, s));
        }
        Self {
            lanes: edges.each_ref().map(lane_offsets),
            offsets,
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
/// submission order: every block of each triangle's bounds in the band's rows, its coverage
/// per sample ([`block_coverage`]), then the pixel stage once per block with any sample
/// covered. The single-sample paths (early D32 test, coarse depth, solid tables) are not used.
pub fn raster_band_msaa(
    ctx: &RasterContext<'_>,
    ms: &Msaa,
    band: &mut Band<'_>,
    b: usize,
    chunks: &[SetupChunk],
    stats: &mut BandStats,
) {
    band.coarse.on = false;
    band.scratch.solid = None;
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
            let mut by = y0 & !1;
            while by < y1 {
                let mut bx = x0 & !3;
                while bx < x1 {
                    let cov = block_coverage(&tri.edges, &pre, ms.count, bx, by, rect);
                    if cov.iter().any(|&m| m != 0) {
                        job.shade_msaa(bx as u32, by as u32, ms, cov);
                    }
                    bx += 4;
                }
                by += 2;
            }
        }
    }
}
