//! The pixel stage of one block of a multisampled target (SPEC §3.8, §5.1): the sample mask,
//! depth/stencil per sample at the sample's position, the pixel shader once per pixel at its
//! centre, and blending and writes per covered sample.

use wide::f32x8;

use super::{BandJob, BlockAt, block_w, block_z, depth_stencil, eval, interpolate, write_target};
use crate::band::Msaa;
use crate::block::SampleCoverage;
use crate::shader::{MAX_VARYINGS, PsInput, ZERO_REG};

impl BandJob<'_, '_> {
    /// One block of a multisampled target with coverage `cov` per sample: samples outside the
    /// sample mask dropped; with early depth each sample's depth (the depth plane at the
    /// sample's position, clamped) tested against its own depth/stencil plane; the shader run
    /// once for every lane with a sample left, at the pixel centres; its discards drop every
    /// sample of the lane; with late depth each sample tested then (the shader's depth, if it
    /// writes one, for every sample); then each sample's targets blended and written with the
    /// lanes whose sample passed.
    pub(crate) fn shade_msaa(&mut self, bx: u32, by: u32, ms: &Msaa, mut cov: SampleCoverage) {
        let (ctx, tri, planes) = (self.ctx, self.tri, self.planes);
        for (s, c) in cov.iter_mut().enumerate().take(ms.count) {
            if ms.sample_mask & (1 << s) == 0 {
                *c = 0;
            }
        }
        let (_, px, py, dx, dy) = block_z(tri, bx, by);
        // Depth at sample `s`: the plane at the sample's offset from the centre (exact sixteenths).
        let sample_z = |s: usize| {
            let [ox, oy] = ms.offsets[s].map(|o| f32x8::splat(f32::from(o) / 16.0));
            eval(&tri.z, dx + ox, dy + oy)
        };
        if ctx.early_depth {
            self.test_samples(bx, by, ms, &mut cov, sample_z);
        }
        let any = cov.iter().fold(0, |a, &c| a | c);
        if any == 0 {
            return;
        }
        let band = &mut *self.band;
        let Some(ps) = ctx.ps else {
            let passed: u32 = cov.iter().map(|c| c.count_ones()).sum();
            self.stats.passed += u64::from(passed);
            return;
        };
        let (w, flat_w) = block_w(tri, dx, dy);
        let inputs = &ctx.inputs[..ctx.inputs.len().min(MAX_VARYINGS)];
        let planes = &planes[..4 * inputs.len()];
        let scratch = &mut *band.scratch;
        for ((v, mode), p) in scratch
            .varyings
            .iter_mut()
            .zip(inputs)
            .zip(planes.chunks_exact(4))
        {
            *v = interpolate(p, *mode, flat_w, w, dx, dy);
        }
        let input = PsInput {
            position: [px, py, eval(&tri.z, dx, dy), w],
            varyings: &scratch.varyings[..inputs.len()],
            front_face: tri.front,
            primitive_id: tri.primitive_id,
            coverage: any,
        };
        let out = &mut scratch.out;
        let read = band
            .colors
            .len()
            .max(if ctx.dual_source { 2 } else { 0 })
            .max(1);
        out.targets[..read].fill(ZERO_REG);
        out.depth = f32x8::ZERO;
        out.discard = [false; 8];
        ps.shade(ctx.env, &input, out);
        self.stats.ps_lanes += 8;
        if ctx.may_discard {
            let kept = (0..8).fold(0u8, |m, k| m | (u8::from(!out.discard[k]) << k));
            cov.iter_mut().for_each(|c| *c &= kept);
        }
        if !ctx.early_depth {
            let shader_z = ps.writes_depth().then_some(out.depth);
            self.test_samples(bx, by, ms, &mut cov, |s| {
                shader_z.unwrap_or_else(|| sample_z(s))
            });
        }
        let band = &mut *self.band;
        let out = &band.scratch.out;
        let (targets, src1) = (out.targets, out.targets[1]);
        for (s, &mask) in cov.iter().enumerate().take(ms.count) {
            if mask == 0 {
                continue;
            }
            self.stats.passed += u64::from(mask.count_ones());
            let Some((colors, _)) = band.sample_views(s) else {
                continue;
            };
            for (slot, target) in colors.iter_mut().enumerate() {
                if let Some(target) = target {
                    let at = BlockAt { bx, by, mask };
                    write_target(ctx, target, slot, &targets[slot], &src1, at);
                }
            }
        }
    }

    /// Depth/stencil of every sample of the block against its own plane, with depth `z(s)`.
    fn test_samples(
        &mut self,
        bx: u32,
        by: u32,
        ms: &Msaa,
        cov: &mut SampleCoverage,
        z: impl Fn(usize) -> f32x8,
    ) {
        let (ctx, tri) = (self.ctx, self.tri);
        if !ctx.depth_active {
            return;
        }
        for (s, c) in cov.iter_mut().enumerate().take(ms.count) {
            if *c == 0 {
                continue;
            }
            if let Some((_, depth)) = self.band.sample_views(s) {
                *c = depth_stencil(ctx, depth, tri, bx, by, *c, z(s));
            }
        }
    }
}
