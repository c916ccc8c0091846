//! What a pixel shader reads per sample (D3D11.3 §3.5.4, §3.5.5, §16.3.2, §16.9; TESTCASES
//! RS-18, RS-19): the `SV_Coverage` input, `centroid` inputs, and sample-frequency shading
//! (`SV_SampleIndex`, `sample` inputs) with depth, discard, `SV_Depth`, `SV_Coverage` output
//! and alpha-to-coverage per sample.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::ShaderEnv;
use tessera_pipeline::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, Sampling, ShaderProfile, ShaderSignature,
    ddx_fine,
};
use tessera_types::{Blend, BlendOp, ComparisonFunc};
use wide::f32x8;

const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];

/// The rectangle `[x0, x1] × [y0, y1]` (pixels) at depth `z` as two triangles, its attribute
/// the pixel position (x, y, 0, 0): with w = 1 an input then reads where it was evaluated.
fn rect(rig: &Rig, [x0, y0, x1, y1]: [f32; 4], z: [f32; 2]) -> Vec<Cv> {
    let at = |x: f32, y: f32, z: f32| rig.at(x, y, z, [x, y, 0.0, 0.0]);
    vec![
        at(x0, y0, z[0]),
        at(x1, y0, z[1]),
        at(x0, y1, z[0]),
        at(x1, y0, z[1]),
        at(x1, y1, z[1]),
        at(x0, y1, z[0]),
    ]
}

/// One triangle whose right edge is the vertical x = `x` over the target's rows (and whose
/// other edges lie left of x = 0 there), at depth 0.5, its attribute the pixel position.
fn left_of(rig: &Rig, x: f32) -> Vec<Cv> {
    let at = |x: f32, y: f32| rig.at(x, y, 0.5, [x, y, 0.0, 0.0]);
    vec![at(-8.0, -4.0), at(x, -4.0), at(x, 6.0)]
}

/// One triangle over the whole target at depth `z`, its attribute the pixel position.
fn whole(rig: &Rig, z: f32) -> Vec<Cv> {
    let (w, h) = (2.0 * rig.w as f32, 2.0 * rig.h as f32);
    let at = |x: f32, y: f32| rig.at(x, y, z, [x, y, 0.0, 0.0]);
    vec![at(0.0, 0.0), at(w, 0.0), at(0.0, h)]
}

/// `o0 = (SV_Coverage input, SV_SampleIndex, covered lanes, 0)` as integer bit patterns.
struct CoveragePs;

impl PixelShader for CoveragePs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Ps5_0)
    }
    fn inputs(&self) -> &[Interpolation] {
        &[]
    }
    fn reads_coverage(&self) -> bool {
        true
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let bits = |v: [u32; 8]| f32x8::from(v.map(f32::from_bits));
        let lanes = core::array::from_fn(|k| u32::from(input.coverage >> k & 1));
        out.targets[0] = [
            bits(input.input_coverage),
            bits([input.sample_index; 8]),
            bits(lanes),
            f32x8::ZERO,
        ];
    }
}

/// A shader of one perspective input `v0` evaluated at `sampling`: `o0 = (v0.x, v0.y,
/// SV_SampleIndex, ddx_fine(v0.x))`, or `o0.w = alpha` when set; with `index` it declares
/// `SV_SampleIndex` (sample frequency); optional per-sample `SV_Depth` (indexed by
/// `SV_SampleIndex`), discard of one sample index, and `SV_Coverage` output.
#[derive(Clone, Copy)]
struct AtPs {
    sampling: [Sampling; 1],
    index: bool,
    depth: Option<[f32; 4]>,
    discard: Option<u32>,
    coverage: Option<u32>,
    alpha: Option<f32>,
}

impl AtPs {
    fn new(sampling: Sampling) -> Self {
        Self {
            sampling: [sampling],
            index: false,
            depth: None,
            discard: None,
            coverage: None,
            alpha: None,
        }
    }
}

impl PixelShader for AtPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Ps5_0)
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn input_sampling(&self) -> &[Sampling] {
        &self.sampling
    }
    fn reads_sample_index(&self) -> bool {
        self.index
    }
    fn writes_depth(&self) -> bool {
        self.depth.is_some()
    }
    fn may_discard(&self) -> bool {
        self.discard.is_some()
    }
    fn writes_coverage(&self) -> bool {
        self.coverage.is_some()
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let v = input.varyings[0];
        let s = input.sample_index;
        let w = self.alpha.map_or(ddx_fine(v[0]), f32x8::splat);
        out.targets[0] = [v[0], v[1], f32x8::splat(s as f32), w];
        if let Some(d) = self.depth {
            out.depth = f32x8::splat(d[s as usize]);
        }
        out.discard = [self.discard == Some(s); 8];
        out.coverage = [self.coverage.unwrap_or(u32::MAX); 8];
    }
}

/// RS-18, the `SV_Coverage` input at 4×: an edge at x = 1.5 covers pixel 1's samples 0 and 2
/// (input 0b0101; pixel 0: 0b1111); ANDed with the sample mask (0b1110: 0b0100 and 0b1110);
/// read at pixel frequency (one call, sample index 0).
#[test]
fn rs18_coverage_input_is_the_covered_samples() {
    for (mask, pixel0, pixel1) in [(u32::MAX, 0b1111, 0b0101), (0b1110, 0b1110, 0b0100)] {
        let mut rig = Rig::new(4, 2, Format::R32G32B32A32Uint).multisampled(&P4);
        rig.sample_mask = mask;
        let stats = rig.draw(&left_of(&rig, 1.5), Some(&CoveragePs)).unwrap();
        assert_eq!(stats.ps_invocations, 8, "pixel frequency");
        for y in 0..2 {
            for s in 0..4u32 {
                let u = |x| {
                    let b = rig.sample_bytes(0, x, y, s);
                    [0, 4, 8].map(|i| u32::from_le_bytes(b[i..i + 4].try_into().unwrap()))
                };
                let want0 = if mask >> s & 1 != 0 {
                    [pixel0, 0, 1]
                } else {
                    [0; 3]
                };
                assert_eq!(u(0), want0, "pixel 0 sample {s} mask {mask:#x}");
                let want1 = if pixel1 >> s & 1 != 0 {
                    [pixel1, 0, 1]
                } else {
                    [0; 3]
                };
                assert_eq!(u(1), want1, "pixel 1 sample {s} mask {mask:#x}");
            }
        }
    }
}

/// The `SV_Coverage` input is the rasterizer's, not the depth test's (D3D11.3 §16.3.2): over a
/// depth ramp z = x / 8, a flat z = 0.2 passes LESS at pixel 1's samples 1 and 3 only, and
/// those samples read 0b1111.
#[test]
fn coverage_input_ignores_the_depth_test() {
    let d1 = 1.0f32.to_le_bytes();
    let mut rig = Rig::new(8, 2, Format::R32G32B32A32Uint)
        .with_depth(Format::D32Float, &d1)
        .multisampled(&P4);
    rig.ds.depth_func = ComparisonFunc::Less;
    let ramp = rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.0, 1.0]);
    rig.draw(&ramp, Some(&FlatPs::new([0.0; 4]))).unwrap();
    rig.draw(
        &rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.2; 2]),
        Some(&CoveragePs),
    )
    .unwrap();
    for s in 0..4u32 {
        let got = u32::from_le_bytes(rig.sample_bytes(0, 1, 0, s)[..4].try_into().unwrap());
        assert_eq!(got, if s % 2 == 1 { 0b1111 } else { 0 }, "sample {s}");
    }
}

/// At one sample the `SV_Coverage` input is 1 on every covered pixel (bit 0: the one sample),
/// and 0 when the sample mask leaves it out (nothing is drawn then).
#[test]
fn coverage_input_at_one_sample() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Uint);
    rig.draw(
        &rect(&rig, [0.0, 0.0, 2.0, 2.0], [0.5; 2]),
        Some(&CoveragePs),
    )
    .unwrap();
    for x in 0..4 {
        let got = u32::from_le_bytes(rig.sample_bytes(0, x, 1, 0)[..4].try_into().unwrap());
        assert_eq!(got, u32::from(x < 2), "pixel {x}");
    }
}

/// RS-18, `centroid` at 4× (D3D11.3 §3.5.5): pixel 1, covered at samples 0 and 2, evaluates a
/// centroid input at sample 0 (1.375, 0.375); the fully covered pixel 0 at its centre; a centre
/// input at the centre. `ddx_fine` of the centroid input is the plain lane difference
/// (1.375 − 0.5; D3D does not adjust it, §3.5.7). With the sample mask 0b1100, pixel 1's first
/// covered sample in the mask is 2 (1.125, 0.625), and pixel 0, fully covered before the mask,
/// stays at the centre.
#[test]
fn rs18_centroid_is_the_first_covered_sample() {
    for (mask, first) in [(u32::MAX, [1.375, 0.125]), (0b1100, [1.125, 0.625])] {
        let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
        rig.sample_mask = mask;
        let verts = left_of(&rig, 1.5);
        rig.draw(&verts, Some(&AtPs::new(Sampling::Centroid)))
            .unwrap();
        let s = mask.trailing_zeros();
        assert_eq!(rig.sample_f(0, 0, 0, s), [0.5, 0.5, 0.0, first[0] - 0.5]);
        assert_eq!(
            rig.sample_f(0, 1, 0, 2),
            [first[0], first[1], 0.0, first[0] - 0.5]
        );
        // Row 1: the same x, y one pixel lower.
        assert_eq!(rig.sample_f(0, 1, 1, 2)[..2], [first[0], first[1] + 1.0]);
        let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
        rig.sample_mask = mask;
        rig.draw(&verts, Some(&AtPs::new(Sampling::Center)))
            .unwrap();
        assert_eq!(rig.sample_f(0, 1, 0, 2), [1.5, 0.5, 0.0, 1.0]);
    }
}

/// At one sample a centroid input is at the centre (the one sample is there).
#[test]
fn centroid_at_one_sample_is_the_centre() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float);
    let verts = left_of(&rig, 1.75);
    rig.draw(&verts, Some(&AtPs::new(Sampling::Centroid)))
        .unwrap();
    assert_eq!(rig.sample_f(0, 1, 0, 0), [1.5, 0.5, 0.0, 1.0]);
}

/// RS-19: a shader reading `SV_SampleIndex` runs once per covered sample (4 calls of the 4×2
/// block at 4×, 32 lanes) and each sample gets its own output; its centre input stays at the
/// centre (the invariance of §3.5.4.1.1).
#[test]
fn rs19_sample_index_runs_once_per_sample() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
    let ps = AtPs {
        index: true,
        ..AtPs::new(Sampling::Center)
    };
    let stats = rig.draw(&whole(&rig, 0.5), Some(&ps)).unwrap();
    assert_eq!(stats.ps_invocations, 32);
    assert_eq!(stats.samples_passed, 32);
    for s in 0..4u32 {
        assert_eq!(rig.sample_f(0, 2, 1, s), [2.5, 1.5, s as f32, 1.0]);
    }
}

/// A `sample` input is evaluated at each sample's position (x + ox/16, y + oy/16, exact), and
/// derivatives at sample frequency are differences between the same sample of neighbouring
/// pixels (D3D11.3 §3.5.7): 1 exactly, also where the neighbour is a helper (pixel 1's sample
/// 1 is not covered by the x < 1.5 rectangle, pixel 0's is).
#[test]
fn sample_inputs_are_at_their_sample() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
    let stats = rig
        .draw(&left_of(&rig, 1.5), Some(&AtPs::new(Sampling::Sample)))
        .unwrap();
    assert_eq!(stats.samples_passed, 2 * (4 + 2));
    for (s, o) in P4.iter().enumerate() {
        let (ox, oy) = (f32::from(o[0]) / 16.0, f32::from(o[1]) / 16.0);
        let s32 = s as u32;
        assert_eq!(
            rig.sample_f(0, 0, 1, s32),
            [0.5 + ox, 1.5 + oy, s as f32, 1.0]
        );
        let want1 = if s % 2 == 0 {
            [1.5 + ox, 1.5 + oy, s as f32, 1.0]
        } else {
            [0.0; 4]
        };
        assert_eq!(rig.sample_f(0, 1, 1, s32), want1, "pixel 1 sample {s}");
    }
}

/// Sample frequency with `SV_Depth`, discard, `SV_Coverage` output and blending, per sample
/// (D3D11.3 §16.9.2, §16.9.4): sample `s`'s call writes depth `d[s]`, sample 1's call
/// discards, the oMask 0b1011 keeps bit `s` of sample `s`'s call (sample 3: yes), and an
/// additive blend adds each call's own output once.
#[test]
fn per_sample_depth_discard_and_coverage() {
    let d1 = 1.0f32.to_le_bytes();
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float)
        .with_depth(Format::D32Float, &d1)
        .multisampled(&P4);
    rig.ds.depth_func = ComparisonFunc::Less;
    rig.blend = additive();
    let depth = [0.125, 0.25, 0.375, 0.5];
    let ps = AtPs {
        index: true,
        depth: Some(depth),
        discard: Some(1),
        coverage: Some(0b1011),
        alpha: Some(1.0),
        ..AtPs::new(Sampling::Center)
    };
    let stats = rig.draw(&whole(&rig, 0.9), Some(&ps)).unwrap();
    assert_eq!(stats.ps_invocations, 32);
    assert_eq!(stats.samples_passed, 2 * 8);
    for (s, written) in [true, false, false, true].into_iter().enumerate() {
        let s32 = s as u32;
        let z = f32::from_le_bytes(rig.ds_sample_bytes(3, 1, s32).try_into().unwrap());
        let c = rig.sample_f(0, 3, 1, s32);
        if written {
            assert_eq!((z, c), (depth[s], [3.5, 1.5, s as f32, 1.0]), "sample {s}");
        } else {
            assert_eq!((z, c), (1.0, [0.0; 4]), "sample {s}");
        }
    }
}

/// Alpha-to-coverage at sample frequency masks sample `s`'s call with bit `s` of its mask
/// (D3D11.3 §16.9.4): alpha 0.5 at 4× keeps samples 0 and 1 of every pixel.
#[test]
fn alpha_to_coverage_per_sample() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
    rig.blend.alpha_to_coverage_enable = true;
    let ps = AtPs {
        index: true,
        alpha: Some(0.5),
        ..AtPs::new(Sampling::Center)
    };
    rig.draw(&rect(&rig, [0.0, 0.0, 4.0, 2.0], [0.5; 2]), Some(&ps))
        .unwrap();
    for s in 0..4u32 {
        let want = if s < 2 {
            [1.5, 0.5, s as f32, 0.5]
        } else {
            [0.0; 4]
        };
        assert_eq!(rig.sample_f(0, 1, 0, s), want, "sample {s}");
    }
}

/// Sample frequency with the early depth test: each sample's call runs for the lanes whose
/// sample passed (the ramp z = x / 8 against a flat 0.2 leaves pixel 1's samples 1 and 3).
#[test]
fn early_depth_per_sample_call() {
    let d1 = 1.0f32.to_le_bytes();
    let mut rig = Rig::new(8, 2, Format::R32G32B32A32Float)
        .with_depth(Format::D32Float, &d1)
        .multisampled(&P4);
    rig.ds.depth_func = ComparisonFunc::Less;
    rig.draw(
        &rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.0, 1.0]),
        Some(&FlatPs::new([0.0; 4])),
    )
    .unwrap();
    let ps = AtPs {
        index: true,
        ..AtPs::new(Sampling::Center)
    };
    rig.draw(&rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.2; 2]), Some(&ps))
        .unwrap();
    for s in 0..4u32 {
        let want = if s % 2 == 1 {
            [1.5, 0.5, s as f32, 1.0]
        } else {
            [0.0; 4]
        };
        assert_eq!(rig.sample_f(0, 1, 0, s), want, "sample {s}");
    }
}

/// A blend that reads the destination sees each sample's own previous value: two additive
/// sample-frequency draws leave 2 × each sample's output.
#[test]
fn blending_per_sample() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
    let rt = &mut rig.blend.render_target[0];
    rt.blend_enable = true;
    (rt.src_blend, rt.dest_blend, rt.blend_op) = (Blend::One, Blend::One, BlendOp::Add);
    (rt.src_blend_alpha, rt.dest_blend_alpha) = (Blend::One, Blend::One);
    let ps = AtPs {
        alpha: Some(0.25),
        ..AtPs::new(Sampling::Sample)
    };
    let verts = rect(&rig, [0.0, 0.0, 4.0, 2.0], [0.5; 2]);
    rig.draw(&verts, Some(&ps)).unwrap();
    rig.draw(&verts, Some(&ps)).unwrap();
    for (s, o) in P4.iter().enumerate() {
        let x = 0.5 + f32::from(o[0]) / 16.0;
        let y = 0.5 + f32::from(o[1]) / 16.0;
        let want = [2.0 * x, 2.0 * y, 2.0 * s as f32, 0.5];
        assert_eq!(rig.sample_f(0, 0, 0, s as u32), want, "sample {s}");
    }
}

/// `o0 = v0`, declared pass-through, its input at `sampling`.
struct PassPs([Sampling; 1]);

impl PixelShader for PassPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Ps4_0)
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn input_sampling(&self) -> &[Sampling] {
        &self.0
    }
    fn passthrough(&self) -> Option<usize> {
        Some(0)
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = input.varyings[0];
    }
}

/// The pass-through path (the varying at the centre, straight to the target) is not taken
/// for a centroid or sample input: pixel 1 then holds its centroid (sample 0's position) and
/// each sample its own position.
#[test]
fn pass_through_keeps_the_input_location() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
    rig.draw(&left_of(&rig, 1.5), Some(&PassPs([Sampling::Centroid])))
        .unwrap();
    assert_eq!(rig.sample_f(0, 1, 0, 2), [1.375, 0.125, 0.0, 0.0]);
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
    rig.draw(&whole(&rig, 0.5), Some(&PassPs([Sampling::Sample])))
        .unwrap();
    for (s, o) in P4.iter().enumerate() {
        let (x, y) = (2.5 + f32::from(o[0]) / 16.0, 0.5 + f32::from(o[1]) / 16.0);
        assert_eq!(rig.sample_f(0, 2, 0, s as u32), [x, y, 0.0, 0.0]);
    }
}
