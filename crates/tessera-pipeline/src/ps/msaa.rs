//! The pixel stage of one block of a multisampled target (SPEC §3.8, §5.1): the sample mask,
//! depth/stencil per sample at the sample's position, the pixel shader once per pixel at its
//! centre (or once per covered sample, `sample_rate.rs`), and blending and writes per covered
//! sample.

use wide::f32x8;

use super::sample_rate::{
    Centre, centroid_offsets, input_coverage, interpolate_inputs, reset_and_shade,
};
use super::{
    BandJob, BlockAt, block_w, block_z, clamp_depth, depth_stencil, eval, interpolate, write_target,
};
use crate::band::Msaa;
use crate::block::{Coverage, SampleCoverage};
use crate::om::blend::BlendPlan;
use crate::om::coverage;
use crate::om::depth::D32Test;
use crate::om::target::TargetKind;
use crate::setup::TriSetup;
use crate::shader::{MAX_VARYINGS, PsInput, Reg, ZERO_REG};

/// Depth at sample `s` of the block whose lanes lie (`dx`, `dy`) from the triangle's origin:
/// the depth plane at the sample's offset from the centre (exact sixteenths).
#[inline(always)]
pub(super) fn sample_z(tri: &TriSetup, ms: &Msaa, dx: f32x8, dy: f32x8, s: usize) -> f32x8 {
    let [ox, oy] = ms.offset_px(s).map(f32x8::splat);
    eval(&tri.z, dx + ox, dy + oy)
}

impl BandJob<'_, '_> {
    /// One block of a multisampled target with coverage `cov` per sample: samples outside the
    /// sample mask dropped; with early depth each sample's depth (the depth plane at the
    /// sample's position, clamped) tested against its own depth/stencil plane (through `early`,
    /// the band's D32 test, where it applies; its writes recorded in the plane's coarse
    /// bounds when they are on); the shader run once for every lane with a sample left, at the
    /// pixel centres (not at all for a pass-through shader: its varying is the colour;
    /// `centroid` inputs at their centroids; once per covered sample at sample frequency,
    /// [`Self::shade_samples`]); its
    /// discards drop every sample of the lane; with late depth each sample tested then (the
    /// shader's depth, if it writes one, for every sample); then each sample's targets blended
    /// and written with the lanes whose sample passed. Where blending is off and every sample
    /// kept the same lanes, an RGBA8/BGRA8 colour is encoded once for all planes.
    #[inline(always)]
    pub(crate) fn shade_msaa<const N: usize>(
        &mut self,
        bx: u32,
        by: u32,
        ms: &Msaa,
        mut cov: SampleCoverage,
        early: Option<&D32Test>,
    ) {
        let (ctx, tri) = (self.ctx, self.tri);
        let io = ctx.ps_io;
        // Lanes with every sample covered (before the sample mask): their centroid is the
        // pixel centre (D3D11.3 §3.5.5 (1)).
        let full = if io.centroid {
            cov[..N].iter().fold(0xff, |a, &c| a & c)
        } else {
            0
        };
        if ms.sample_mask & (u32::MAX >> (32 - N)) != u32::MAX >> (32 - N) {
            for (s, c) in cov.iter_mut().enumerate().take(N) {
                if ms.sample_mask & (1 << s) == 0 {
                    *c = 0;
                }
            }
        }
        // The rasterizer's coverage in the sample mask, before depth/stencil takes samples
        // away: the SV_Coverage input and the centroids read it (§16.3.2, §3.5.5).
        let raster = cov;
        if ctx.early_depth {
            let (_, _, _, dx, dy) = block_z(tri, bx, by);
            self.test_samples::<N>(bx, by, &mut cov, |s| sample_z(tri, ms, dx, dy, s), early);
        }
        self.shade_tested::<N>(bx, by, ms, cov, &raster, full);
    }

    /// The rest of [`Self::shade_msaa`] for a block whose early depth/stencil test (if the draw
    /// tests early) has run, leaving `cov`: the shader once per pixel (or per sample), the
    /// late test, and the writes. `raster` is the coverage after the sample mask and before
    /// depth/stencil, `full` the lanes with every sample covered before the mask.
    #[inline(always)]
    pub(super) fn shade_tested<const N: usize>(
        &mut self,
        bx: u32,
        by: u32,
        ms: &Msaa,
        cov: SampleCoverage,
        raster: &SampleCoverage,
        full: Coverage,
    ) {
        if let Some(cov) = self.shade_pixel::<N>(bx, by, ms, cov, raster, full) {
            self.write_samples::<N>(bx, by, &cov);
        }
    }

    /// [`Self::shade_tested`] but for the writes: the coverage left to write (the shader's
    /// outputs in the band's scratch), or `None` when nothing is left to write (no lane, no
    /// shader, or sample-frequency shading, which writes each sample itself).
    #[inline(always)]
    pub(super) fn shade_pixel<const N: usize>(
        &mut self,
        bx: u32,
        by: u32,
        ms: &Msaa,
        mut cov: SampleCoverage,
        raster: &SampleCoverage,
        full: Coverage,
    ) -> Option<SampleCoverage> {
        let (ctx, tri, planes) = (self.ctx, self.tri, self.planes);
        let io = ctx.ps_io;
        let any = cov[..N].iter().fold(0, |a, &c| a | c);
        if any == 0 {
            return None;
        }
        let (_, px, py, dx, dy) = block_z(tri, bx, by);
        let band = &mut *self.band;
        let Some(ps) = ctx.ps else {
            let passed: u32 = cov.iter().map(|c| c.count_ones()).sum();
            self.stats.passed += u64::from(passed);
            return None;
        };
        let (w, flat_w) = block_w(tri, dx, dy);
        let inputs = &ctx.inputs[..ctx.inputs.len().min(MAX_VARYINGS)];
        let planes = &planes[..4 * inputs.len()];
        let scratch = &mut *band.scratch;
        if let (Some(k), 1) = (ctx.passthrough, band.colors.len()) {
            // The shader's only effect is `SV_Target0 = v_k` (early depth, no second source).
            let v = interpolate(&planes[4 * k..4 * k + 4], inputs[k], flat_w, w, dx, dy);
            scratch.out.targets[0] = v;
            self.stats.ps_lanes += 8;
        } else {
            let centre = Centre {
                px,
                py,
                z: eval(&tri.z, dx, dy),
                w,
                flat_w,
                dx,
                dy,
            };
            let centroid = io.centroid.then(|| {
                let (ox, oy) = centroid_offsets(ms, full, raster);
                (dx + ox, dy + oy)
            });
            interpolate_inputs(
                &mut scratch.varyings,
                inputs,
                &io,
                planes,
                tri,
                &centre,
                centroid,
            );
            let input_coverage = if io.coverage_in {
                input_coverage(raster, N)
            } else {
                [0; 8]
            };
            if io.sample_frequency {
                self.shade_samples::<N>(bx, by, ms, &cov, &centre, input_coverage);
                return None;
            }
            let input = PsInput {
                position: [px, py, centre.z, w],
                varyings: &scratch.varyings[..inputs.len()],
                front_face: tri.front,
                primitive_id: tri.primitive_id,
                coverage: any,
                sample_index: 0,
                input_coverage,
            };
            let out = &mut scratch.out;
            reset_and_shade(ps, ctx, band.colors.len(), &input, out);
            super::line_coverage(ctx, tri, out);
            self.stats.ps_lanes += 8;
            if ctx.may_discard {
                let kept = (0..8).fold(0u8, |m, k| m | (u8::from(!out.discard[k]) << k));
                cov.iter_mut().for_each(|c| *c &= kept);
            }
            if let Some(keep) = ctx.coverage_out.keep(out, N, bx, by) {
                coverage::keep_samples(&mut cov, N, &keep);
            }
            if !ctx.early_depth {
                let shader_z = ps.writes_depth().then_some(out.depth);
                self.test_samples::<N>(
                    bx,
                    by,
                    &mut cov,
                    |s| shader_z.unwrap_or_else(|| sample_z(tri, ms, dx, dy, s)),
                    None,
                );
            }
        }
        Some(cov)
    }

    /// The output merger of every sample plane for the block: each plane's targets blended and
    /// written with the lanes of `cov` for its sample, from the shader outputs in the band's
    /// scratch. An RGBA8/BGRA8 target without blending whose planes all keep the same lanes gets
    /// its colour encoded once and stored to each plane (the bytes each plane's own encode
    /// would write).
    #[inline(always)]
    pub(super) fn write_samples<const N: usize>(&mut self, bx: u32, by: u32, cov: &SampleCoverage) {
        let ctx = self.ctx;
        let band = &mut *self.band;
        let mask0 = cov[0];
        let uniform = cov[1..N].iter().all(|&c| c == mask0);
        let passed: u32 = cov[..N].iter().map(|c| c.count_ones()).sum();
        self.stats.passed += u64::from(passed);
        let slots = band.colors.len();
        for slot in 0..slots {
            let desc = &ctx.blend[slot];
            let write_mask = desc.write_mask.0 as u8;
            let plain = uniform
                && mask0 != 0
                && ctx.blend_plans[slot] == BlendPlan::Off
                && matches!(
                    band.colors[slot].as_ref().map(|t| t.kind),
                    Some(TargetKind::Unorm8 { .. })
                );
            // This slot's output and the second source (read only by dual-source blending),
            // not the whole output block.
            let src: Reg = band.scratch.out.targets[slot];
            let src1: Reg = if ctx.dual_source {
                band.scratch.out.targets[1]
            } else {
                ZERO_REG
            };
            if plain && write_mask != 0 {
                let src = &src;
                let mut packed = None;
                for s in 0..N {
                    let Some((colors, _)) = band.sample_views(s) else {
                        continue;
                    };
                    let Some(target) = colors[slot].as_mut() else {
                        continue;
                    };
                    match target.unorm8_block(bx, by) {
                        Some(block) => {
                            let new = *packed.get_or_insert_with(|| block.pack(src));
                            target.store_packed_unorm8(&block, mask0, new, write_mask);
                        }
                        None => target.store(bx, by, mask0, src, write_mask),
                    }
                }
                continue;
            }
            for (s, &mask) in cov.iter().enumerate().take(N) {
                if mask == 0 {
                    continue;
                }
                let Some((colors, _)) = band.sample_views(s) else {
                    continue;
                };
                if let Some(target) = colors[slot].as_mut() {
                    let at = BlockAt { bx, by, mask };
                    write_target(ctx, target, slot, &src, &src1, at);
                }
            }
        }
    }

    /// Depth/stencil of every sample of the block against its own plane, with depth `z(s)`;
    /// with `early` (the band's D32 test) on its eight-lane path. When the band keeps coarse
    /// bounds, the lanes whose every sample passed (and was written) are recorded with the
    /// largest of their samples' depths: the band's bounds hold for every sample plane.
    #[inline(always)]
    pub(super) fn test_samples<const N: usize>(
        &mut self,
        bx: u32,
        by: u32,
        cov: &mut SampleCoverage,
        z: impl Fn(usize) -> f32x8,
        early: Option<&D32Test>,
    ) {
        let (ctx, tri) = (self.ctx, self.tri);
        if !ctx.depth_active {
            return;
        }
        let (mut all, mut zmax) = (0xffu8, f32x8::splat(f32::NEG_INFINITY));
        for (s, c) in cov.iter_mut().enumerate().take(N) {
            if *c == 0 {
                all = 0;
                continue;
            }
            let Some((_, depth)) = self.band.sample_views(s) else {
                all = 0;
                continue;
            };
            if let (Some(t), Some(d)) = (early, depth.as_mut()) {
                let zc = clamp_depth(z(s), ctx.depth_range);
                if let Some(passed) = t.test(&mut d.data, bx, by, *c, zc) {
                    all &= passed;
                    // No NaN: the depth is clamped.
                    zmax = zmax.fast_max(zc);
                    *c = passed;
                    continue;
                }
            }
            all = 0;
            *c = depth_stencil(ctx, depth, tri, bx, by, *c, z(s));
        }
        if self.band.coarse.on && all != 0 {
            self.band.coarse.record(bx, by, all, zmax);
        }
    }
}
