//! Fully covered runs of blocks on a multisampled target (the interiors of large triangles),
//! depth-tested sample plane by sample plane: for a chunk of blocks, each plane's two rows
//! are taken from the memory owner once and its blocks tested in a row, then each block is
//! shaded and written as [`BandJob::shade_msaa`] does it. Blocks own disjoint pixels and each
//! sample has its own depth plane, so testing a chunk's blocks before shading them changes no
//! result; the shader still runs on the blocks in order.

use wide::{f32x8, u32x8};

use super::msaa::sample_z;
use super::{BandJob, block_centres, depth_stencil};
use crate::band::Msaa;
use crate::block::{Coverage, MAX_SAMPLES, SampleCoverage};
use crate::om::blend::BlendPlan;
use crate::om::depth::D32Test;
#[cfg(target_arch = "x86_64")]
use crate::om::depth_row::test_row_avx2;
use crate::om::depth_row::{PlaneDepth, PlaneRows, RowBlocks, test_row};
use crate::om::target::{pack_unorm8, store_packed_rows};

/// Blocks per chunk: the ones whose per-sample coverage is kept between the depth pass over
/// the planes and the shading pass.
const CHUNK: usize = 8;

impl BandJob<'_, '_> {
    /// Whether [`Self::run_planes`] applies to this draw's full runs: depth is tested early
    /// (through the band's D32 test when it is on), the sample mask keeps every sample, and the
    /// shader reads no centroid, coverage or sample index (those take [`Self::shade_msaa`]).
    #[inline(always)]
    pub(crate) fn planes_run_applies<const N: usize>(
        &self,
        ms: &Msaa,
        early: Option<&D32Test>,
    ) -> bool {
        let (ctx, all) = (self.ctx, u32::MAX >> (32 - N));
        let io = ctx.ps_io;
        ctx.early_depth
            && ms.sample_mask & all == all
            && !io.centroid
            && !io.sample_frequency
            && !io.coverage_in
            && (!ctx.depth_active || early.is_some())
    }

    /// `count` blocks from (`bx`, `by`) rightwards whose every sample is covered, in chunks
    /// of [`CHUNK`]: each chunk's samples tested plane by plane, then its blocks shaded and
    /// written in order ([`Self::shade_tested`]).
    #[inline(always)]
    pub(crate) fn run_planes<const N: usize>(
        &mut self,
        ms: &Msaa,
        bx: u32,
        by: u32,
        count: u32,
        early: Option<&D32Test>,
    ) {
        let full: SampleCoverage = core::array::from_fn(|s| if s < N { 0xff } else { 0 });
        let mut k0 = 0;
        while k0 < count {
            let n = (count - k0).min(CHUNK as u32) as usize;
            let x0 = bx + 4 * k0;
            k0 += n as u32;
            let mut cov = [full; CHUNK];
            if let (true, Some(t)) = (self.ctx.depth_active, early) {
                if x0 + 4 * n as u32 > t.width() {
                    // A chunk crossing the buffer's right edge: block by block, as ever.
                    for k in 0..n as u32 {
                        self.shade_msaa::<N>(x0 + 4 * k, by, ms, full, early);
                    }
                    continue;
                }
                self.test_planes::<N>(ms, t, [x0, by], &mut cov[..n]);
            }
            match self.plain_rows::<N>([x0, by], n as u32) {
                Some((bgra, write_mask)) => {
                    self.shade_plain::<N>(ms, [x0, by], &cov[..n], (bgra, write_mask), &full);
                }
                None => {
                    for (k, c) in cov[..n].iter().enumerate() {
                        self.shade_tested::<N>(x0 + 4 * k as u32, by, ms, *c, &full, 0);
                    }
                }
            }
        }
    }

    /// When [`BandJob::write_samples`] would store the chunk's blocks as encoded colours (one
    /// RGBA8/BGRA8 target, blending off, some channel written) and every sample plane hands
    /// out the chunk's rows whole: the target's `bgra` flag and write mask.
    #[inline(always)]
    fn plain_rows<const N: usize>(&mut self, [x0, by]: [u32; 2], n: u32) -> Option<(bool, u8)> {
        let ctx = self.ctx;
        let write_mask = ctx.blend[0].write_mask.0 as u8;
        if self.band.colors.len() != 1 || ctx.blend_plans[0] != BlendPlan::Off || write_mask == 0 {
            return None;
        }
        let mut bgra = false;
        for s in 0..N {
            let (colors, _) = self.band.sample_views(s)?;
            bgra = colors[0].as_mut()?.unorm8_rows(x0, by, n)?.0;
        }
        Some((bgra, write_mask))
    }

    /// The shading pass of a chunk that [`Self::plain_rows`] accepted: each block shaded in
    /// order ([`Self::shade_pixel`]) and its colour encoded once, then each plane's rows
    /// written with the blocks' coverage at that sample: the bytes
    /// [`BandJob::write_samples`] writes.
    #[inline(always)]
    #[expect(
        clippy::needless_range_loop,
        reason = "the sample index picks the plane (`sample_views`) as well as each block's mask"
    )]
    fn shade_plain<const N: usize>(
        &mut self,
        ms: &Msaa,
        [x0, by]: [u32; 2],
        cov: &[SampleCoverage],
        (bgra, write_mask): (bool, u8),
        full: &SampleCoverage,
    ) {
        let n = cov.len().min(CHUNK);
        let mut packed = [u32x8::ZERO; CHUNK];
        let mut kept = [[0 as Coverage; MAX_SAMPLES]; CHUNK];
        for k in 0..n {
            if let Some(c) = self.shade_pixel::<N>(x0 + 4 * k as u32, by, ms, cov[k], full, 0) {
                let passed: u32 = c[..N].iter().map(|m| m.count_ones()).sum();
                self.stats.passed += u64::from(passed);
                packed[k] = pack_unorm8(&self.band.scratch.out.targets[0], bgra);
                kept[k] = c;
            }
        }
        for s in 0..N {
            // `plain_rows` found every plane's rows; nothing has changed them since.
            let Some((colors, _)) = self.band.sample_views(s) else {
                continue;
            };
            let Some((_, r0, r1)) = colors[0]
                .as_mut()
                .and_then(|t| t.unorm8_rows(x0, by, n as u32))
            else {
                continue;
            };
            let (r0, _) = r0.as_chunks_mut::<16>();
            let (r1, _) = r1.as_chunks_mut::<16>();
            for (k, (a, b)) in r0.iter_mut().zip(r1.iter_mut()).enumerate().take(n) {
                if kept[k][s] != 0 {
                    store_packed_rows(a, b, kept[k][s], packed[k], write_mask, bgra);
                }
            }
        }
    }

    /// The early depth test of every sample of the `cov.len()` blocks from `at`, which lie
    /// inside the D32 buffer: plane by plane, each plane's rows taken once. The coverage left
    /// goes to `cov`, and the blocks whose every sample passed are recorded in the band's
    /// coarse bounds with the largest of their samples' depths (as
    /// [`Self::test_samples`] records them).
    #[inline(always)]
    fn test_planes<const N: usize>(
        &mut self,
        ms: &Msaa,
        t: &D32Test,
        [x0, by]: [u32; 2],
        cov: &mut [SampleCoverage],
    ) {
        let (ctx, tri) = (self.ctx, self.tri);
        let n = cov.len().min(CHUNK);
        let dy = block_centres(tri, x0, by).3;
        let dx: [f32x8; CHUNK] =
            core::array::from_fn(|k| block_centres(tri, x0 + 4 * k as u32, by).2);
        let mut all = [0xff as Coverage; CHUNK];
        let mut zmax = [f32x8::splat(f32::NEG_INFINITY); CHUNK];
        // Read once: the writes to the planes below would otherwise make the compiler load
        // them again for every block.
        let (z_plane, range) = (tri.z, ctx.depth_range);
        for s in 0..N {
            let [ox, oy] = ms.offset_px(s);
            let dys = dy + f32x8::splat(oy);
            let Some((_, depth)) = self.band.sample_views(s) else {
                all = [0; CHUNK];
                continue;
            };
            let rows = depth
                .as_mut()
                .and_then(|d| d.data.row_pair_mut(x0, by, 16 * n));
            let Some((r0, r1)) = rows else {
                // No plane here (nothing is tested), or rows the memory owner does not
                // hand out whole: each block through the general test.
                all = [0; CHUNK];
                for (k, c) in cov.iter_mut().enumerate().take(n) {
                    let z = sample_z(tri, ms, dx[k], dy, s);
                    c[s] = depth_stencil(ctx, depth, tri, x0 + 4 * k as u32, by, c[s], z);
                }
                continue;
            };
            let (r0, _) = r0.as_chunks_mut::<16>();
            let (r1, _) = r1.as_chunks_mut::<16>();
            let rows = PlaneRows { r0, r1 };
            // `sample_z` of each block, clamped, with the plane and the sample's offsets in
            // registers.
            let plane = PlaneDepth {
                v0: z_plane.v0,
                dz_dx: z_plane.dx,
                ox,
                dy_term: f32x8::splat(z_plane.dy) * dys,
                range,
            };
            let blk = RowBlocks {
                dx: &dx[..n],
                cov: &mut cov[..n],
                all: &mut all[..n],
                zmax: &mut zmax[..n],
            };
            #[cfg(target_arch = "x86_64")]
            match ctx.lanes.avx2_token() {
                Some(tok) => test_row_avx2(tok, t, &plane, s, rows, blk),
                None => test_row(t, &plane, s, rows, blk),
            }
            #[cfg(not(target_arch = "x86_64"))]
            test_row(t, &plane, s, rows, blk);
        }
        if self.band.coarse.on {
            for k in 0..n {
                if all[k] != 0 {
                    self.band
                        .coarse
                        .record(x0 + 4 * k as u32, by, all[k], zmax[k]);
                }
            }
        }
    }
}
