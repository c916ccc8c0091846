//! What the pixel shader may read per sample of its pixel on a multisampled target (D3D11.3
//! §3.5.4, §3.5.5, §16.3.2, §16.9.4): `centroid` inputs, the `SV_Coverage` input, and
//! sample-frequency shading (the shader once per covered sample, at that sample for `sample`
//! inputs, writing only that sample). Only draws whose shader asks for one of these reach this
//! code ([`PsIo`](crate::band::PsIo)); every other draw keeps the pixel-frequency path.

use wide::f32x8;

use super::{BandJob, RasterContext, block_w, eval, interpolate};
use crate::band::{Msaa, PsIo};
use crate::block::{Coverage, MAX_SAMPLES, SampleCoverage};
use crate::setup::{Plane, TriSetup};
use crate::shader::{
    Interpolation, MAX_VARYINGS, PixelShader, PsInput, PsOutput, Reg, Sampling, ZERO_REG,
};

/// The block's lanes at their pixel centres: position, `w`, and offsets from the triangle's
/// origin ([`block_w`]'s flat `w` included).
#[derive(Clone, Copy, Debug)]
pub(super) struct Centre {
    pub px: f32x8,
    pub py: f32x8,
    /// Depth at the centre (`SV_Position.z`).
    pub z: f32x8,
    pub w: f32x8,
    pub flat_w: Option<f32>,
    pub dx: f32x8,
    pub dy: f32x8,
}

/// Each lane's centroid as an offset from its pixel centre, in pixels (D3D11.3 §3.5.5): the
/// centre for lanes in `full` (every sample covered before the sample mask); else the first
/// sample, in sample-index order, that `raster` (coverage after the sample mask) covers; a
/// lane with none (a helper) takes the first sample of the sample mask when the mask leaves
/// samples out, else the centre. Offsets are sixteenths, exact in f32.
pub(super) fn centroid_offsets(
    ms: &Msaa,
    full: Coverage,
    raster: &SampleCoverage,
) -> (f32x8, f32x8) {
    let all = u32::MAX >> (32 - ms.count);
    let in_mask = ms.sample_mask & all;
    // A draw whose mask keeps no sample rasterizes nothing, so `in_mask` has a bit here.
    let helper = (in_mask != all).then(|| in_mask.trailing_zeros() as usize);
    let (mut ox, mut oy) = ([0.0f32; 8], [0.0f32; 8]);
    for k in 0..8 {
        let s = if full >> k & 1 != 0 {
            None
        } else {
            (0..ms.count).find(|&s| raster[s] >> k & 1 != 0).or(helper)
        };
        if let Some(s) = s {
            [ox[k], oy[k]] = ms.offset_px(s);
        }
    }
    (f32x8::from(ox), f32x8::from(oy))
}

/// The `SV_Coverage` input of each lane from the coverage per sample after the sample mask
/// (bit `s` = sample `s`; 0 on helper lanes).
pub(super) fn input_coverage(raster: &SampleCoverage, count: usize) -> [u32; 8] {
    core::array::from_fn(|k| (0..count).fold(0, |m, s| m | (u32::from(raster[s] >> k & 1) << s)))
}

/// The shader's inputs at the block's lanes into `varyings`: each at the pixel centre, except
/// `centroid` ones at `centroid` (the lanes' centroids as offsets from the triangle's origin,
/// when the draw has such inputs). `sample` inputs are left at the centre here; the
/// sample-frequency loop evaluates them at each sample.
#[inline(always)]
pub(super) fn interpolate_inputs(
    varyings: &mut [Reg; MAX_VARYINGS],
    inputs: &[Interpolation],
    io: &PsIo<'_>,
    planes: &[Plane],
    tri: &TriSetup,
    at: &Centre,
    centroid: Option<(f32x8, f32x8)>,
) {
    let centroid = centroid.map(|(cdx, cdy)| (block_w(tri, cdx, cdy), cdx, cdy));
    for (i, ((v, mode), p)) in varyings
        .iter_mut()
        .zip(inputs)
        .zip(planes.chunks_exact(4))
        .enumerate()
    {
        *v = match centroid {
            Some(((w, flat_w), cdx, cdy)) if io.sampling(i) == Sampling::Centroid => {
                interpolate(p, *mode, flat_w, w, cdx, cdy)
            }
            _ => interpolate(p, *mode, at.flat_w, at.w, at.dx, at.dy),
        };
    }
}

/// One shader call of the multisampled stages ([`BandJob::shade_msaa`], the per-sample calls):
/// resets what the call can read back (every bound target of `colors`, o1 for dual-source
/// blending, depth, discard, the `SV_Coverage` output), then runs the shader.
#[inline(always)]
pub(super) fn reset_and_shade(
    ps: &dyn PixelShader,
    ctx: &RasterContext<'_>,
    colors: usize,
    input: &PsInput<'_>,
    out: &mut PsOutput,
) {
    let read = colors.max(if ctx.dual_source { 2 } else { 0 }).max(1);
    out.targets[..read].fill(ZERO_REG);
    out.depth = f32x8::ZERO;
    out.discard = [false; 8];
    out.coverage = [u32::MAX; 8];
    super::run_pixel_shader(ps, ctx.env, ctx.uavs, input, out);
}

/// Lanes whose bit `s` is set in their sample mask `keep`.
#[inline]
fn lanes_keeping(keep: &[u32; 8], s: usize) -> Coverage {
    (0..8).fold(0, |m, k| m | (u8::from(keep[k] >> s & 1 != 0) << k))
}

impl BandJob<'_, '_> {
    /// Sample-frequency shading of a block whose inputs at the centre and centroids are in the
    /// band's scratch (D3D11.3 §3.5.4, §3.5.7, §16.9): for each sample `s` in index order that
    /// some lane of `cov` (coverage after the sample mask and any early depth/stencil) still
    /// has, one 8-lane call with `SV_SampleIndex = s`, `sample` inputs at sample `s`'s
    /// position and the lanes whose sample `s` is left as covered lanes (the others helpers,
    /// so both quads' derivatives are differences at the same sample). The call's outputs go
    /// to sample `s` only: its discard, its `SV_Coverage` output and alpha-to-coverage mask
    /// (each ANDed with bit `s`, §16.9.4), then the late depth/stencil test of sample `s` with
    /// the call's `SV_Depth` when written (§16.9.2), then blending and the write.
    pub(super) fn shade_samples<const N: usize>(
        &mut self,
        bx: u32,
        by: u32,
        ms: &Msaa,
        cov: &SampleCoverage,
        at: &Centre,
        input_coverage: [u32; 8],
    ) {
        let (ctx, tri) = (self.ctx, self.tri);
        let Some(ps) = ctx.ps else {
            return;
        };
        let inputs = &ctx.inputs[..ctx.inputs.len().min(MAX_VARYINGS)];
        let planes = &self.planes[..4 * inputs.len()];
        let io = ctx.ps_io;
        for s in 0..ms.count {
            let mut lanes = cov[s];
            if lanes == 0 {
                continue;
            }
            let [ox, oy] = ms.offset_px(s).map(f32x8::splat);
            let (sdx, sdy) = (at.dx + ox, at.dy + oy);
            let (w, flat_w) = block_w(tri, sdx, sdy);
            let band = &mut *self.band;
            let scratch = &mut *band.scratch;
            for (i, ((v, mode), p)) in scratch
                .varyings
                .iter_mut()
                .zip(inputs)
                .zip(planes.chunks_exact(4))
                .enumerate()
            {
                if io.sampling(i) == Sampling::Sample {
                    *v = interpolate(p, *mode, flat_w, w, sdx, sdy);
                }
            }
            let input = PsInput {
                position: [at.px, at.py, at.z, at.w],
                varyings: &scratch.varyings[..inputs.len()],
                front_face: tri.front,
                primitive_id: tri.primitive_id,
                coverage: lanes,
                sample_index: s as u32,
                input_coverage,
            };
            let out = &mut scratch.out;
            reset_and_shade(ps, ctx, band.colors.len(), &input, out);
            super::line_coverage(ctx, tri, out);
            self.stats.ps_lanes += 8;
            if ctx.may_discard {
                lanes &= (0..8).fold(0u8, |m, k| m | (u8::from(!out.discard[k]) << k));
            }
            if let Some(keep) = ctx.coverage_out.keep(out, ms.count, bx, by) {
                lanes &= lanes_keeping(&keep, s);
            }
            let mut one = [0; MAX_SAMPLES];
            one[s] = lanes;
            if !ctx.early_depth && lanes != 0 {
                let z = if ps.writes_depth() {
                    out.depth
                } else {
                    eval(&tri.z, sdx, sdy)
                };
                self.test_samples::<N>(bx, by, &mut one, |_| z, None);
            }
            self.write_samples::<N>(bx, by, &one);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];

    fn ms4(sample_mask: u32) -> Msaa {
        let mut offsets = [[0; 2]; MAX_SAMPLES];
        offsets[..4].copy_from_slice(&P4);
        Msaa {
            count: 4,
            offsets,
            sample_mask,
        }
    }

    /// D3D11.3 §3.5.5: full coverage → centre; partial → the first covered sample; a helper →
    /// the first sample of a partial sample mask, else the centre.
    #[test]
    fn centroid_follows_the_three_rules() {
        let mut raster = [0u8; MAX_SAMPLES];
        // Lane 0: every sample. Lane 1: samples 1 and 3. Lane 2: sample 2. Lane 3: none.
        raster[0] = 0b0001;
        raster[1] = 0b0011;
        raster[2] = 0b0101;
        raster[3] = 0b0011;
        let (ox, oy) = centroid_offsets(&ms4(u32::MAX), 0b0001, &raster);
        let (ox, oy) = (ox.to_array(), oy.to_array());
        assert_eq!(ox[..4], [0.0, 6.0 / 16.0, -6.0 / 16.0, 0.0]);
        assert_eq!(oy[..4], [0.0, -2.0 / 16.0, 2.0 / 16.0, 0.0]);
        // A partial sample mask (samples 2, 3): helpers take sample 2.
        let (ox, _) = centroid_offsets(&ms4(0b1100), 0, &[0; MAX_SAMPLES]);
        assert_eq!(ox.to_array(), [-6.0 / 16.0; 8]);
    }

    #[test]
    fn input_coverage_is_the_samples_of_each_lane() {
        let mut raster = [0u8; MAX_SAMPLES];
        raster[0] = 0b0000_0011;
        raster[2] = 0b0000_0001;
        raster[3] = 0b1000_0000;
        let c = input_coverage(&raster, 4);
        assert_eq!(c, [0b0101, 0b0001, 0, 0, 0, 0, 0, 0b1000]);
    }
}
