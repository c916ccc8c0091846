//! Coverage the pixel shader takes away (SPEC §5.3; TESTCASES OM-11): alpha-to-coverage from
//! `o0.a` with Tessera's documented 2×2 dither, the shader's `SV_Coverage` output (oMask), and
//! depth written only for the samples they keep.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::ShaderEnv;
use tessera_pipeline::builtin::VertexColorPs;
use tessera_pipeline::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, ShaderProfile, ShaderSignature,
};
use tessera_types::ComparisonFunc;

const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];

/// The whole target as two triangles at depth `z`, attribute `c` (the colour of
/// `VertexColorPs`).
fn full(rig: &Rig, z: f32, c: [f32; 4]) -> Vec<Cv> {
    let (w, h) = (rig.w as f32, rig.h as f32);
    vec![
        rig.at(0.0, 0.0, z, c),
        rig.at(w, 0.0, z, c),
        rig.at(0.0, h, z, c),
        rig.at(w, 0.0, z, c),
        rig.at(w, h, z, c),
        rig.at(0.0, h, z, c),
    ]
}

/// `o0 = (1, 1, 1, 0.5)` and `SV_Coverage = mask` on every lane.
struct MaskPs(u32);

impl PixelShader for MaskPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Ps5_0)
    }
    fn inputs(&self) -> &[Interpolation] {
        &[]
    }
    fn writes_coverage(&self) -> bool {
        true
    }
    fn shade(&self, _env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = tessera_pipeline::shader::splat4([1.0, 1.0, 1.0, 0.5]);
        out.coverage = [self.0; 8];
    }
}

/// Which samples of pixel (x, y) hold a non-zero red byte, as a mask.
fn written(rig: &Rig, x: u32, y: u32) -> u32 {
    (0..4).fold(0, |m, s| {
        m | u32::from(rig.sample_bytes(0, x, y, s)[0] != 0) << s
    })
}

/// OM-11 at 4×: alpha 0 keeps no sample, 1 all four, NaN none; 0.5 keeps samples 0 and 1
/// (floor(2 + dither) = 2 everywhere); 0.3 keeps 1, 1, 2, 1 samples at the quad's (0,0),
/// (1,0), (0,1), (1,1). The alpha sent to the target is not changed.
#[test]
fn om11_alpha_to_coverage_at_4x() {
    for (alpha, quad) in [
        (0.0, [0u32; 4]),
        (1.0, [0xf; 4]),
        (f32::NAN, [0; 4]),
        (0.5, [0b11; 4]),
        (0.3, [0b1, 0b1, 0b11, 0b1]),
    ] {
        let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm).multisampled(&P4);
        rig.blend.alpha_to_coverage_enable = true;
        let verts = full(&rig, 0.5, [1.0, 1.0, 1.0, alpha]);
        rig.draw(&verts, Some(&VertexColorPs)).unwrap();
        for y in 0..2 {
            for x in 0..4 {
                let want = quad[(y * 2 + x % 2) as usize];
                assert_eq!(written(&rig, x, y), want, "alpha {alpha} pixel ({x}, {y})");
            }
        }
        if alpha == 0.3 {
            // The kept sample carries the shader's alpha, not the coverage's.
            assert_eq!(rig.sample_bytes(0, 0, 0, 0), [255, 255, 255, 77]);
        }
    }
}

/// Single-sample alpha-to-coverage: alpha 0.5 keeps the pixels whose dither is at least 1/2
/// ((1, 0) and (0, 1) of every quad). The colour is uniform and the target large enough for
/// the solid-colour and pass-through paths, which must not bypass it.
#[test]
fn alpha_to_coverage_dithers_single_sample_pixels() {
    let mut rig = Rig::new(32, 16, Format::R8G8B8A8Unorm);
    rig.blend.alpha_to_coverage_enable = true;
    let verts = full(&rig, 0.5, [1.0, 0.0, 0.0, 0.5]);
    let stats = rig.draw(&verts, Some(&VertexColorPs)).unwrap();
    assert_eq!(stats.samples_passed, 32 * 16 / 2);
    for y in 0..16 {
        for x in 0..32 {
            let on = (x + y) % 2 == 1;
            assert_eq!(
                rig.bytes(0, x, y)[0],
                if on { 255 } else { 0 },
                "({x}, {y})"
            );
        }
    }
}

/// oMask: `SV_Coverage` keeps exactly its samples (ANDed after the sample mask), and a shader
/// writing it turns alpha-to-coverage off (OM-11, last case).
#[test]
fn om11_shader_coverage_output_replaces_alpha_to_coverage() {
    for (a2c, sample_mask, want) in [
        (false, u32::MAX, 0b0110),
        (true, u32::MAX, 0b0110),
        (false, 0b0011, 0b0010),
    ] {
        let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm).multisampled(&P4);
        rig.blend.alpha_to_coverage_enable = a2c;
        rig.sample_mask = sample_mask;
        let verts = full(&rig, 0.5, [0.0; 4]);
        rig.draw(&verts, Some(&MaskPs(0b0110))).unwrap();
        for y in 0..2 {
            for x in 0..4 {
                assert_eq!(written(&rig, x, y), want, "a2c {a2c} mask {sample_mask:#x}");
            }
        }
    }
    // Single-sample: bit 0 of SV_Coverage decides.
    for (mask, on) in [(0b1, 255), (0b10, 0)] {
        let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm);
        let verts = full(&rig, 0.5, [0.0; 4]);
        rig.draw(&verts, Some(&MaskPs(mask))).unwrap();
        assert_eq!(rig.bytes(0, 1, 1)[0], on, "oMask {mask:#b}");
    }
}

/// Depth and stencil are written only for the samples the coverage keeps: alpha 0.5 at 4×
/// writes depth 0.25 to samples 0 and 1; samples 2 and 3 keep 1.0.
#[test]
fn depth_is_written_only_for_kept_samples() {
    let d1 = 1.0f32.to_le_bytes();
    let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm)
        .with_depth(Format::D32Float, &d1)
        .multisampled(&P4);
    rig.ds.depth_func = ComparisonFunc::Less;
    rig.blend.alpha_to_coverage_enable = true;
    let verts = full(&rig, 0.25, [1.0, 1.0, 1.0, 0.5]);
    let stats = rig.draw(&verts, Some(&VertexColorPs)).unwrap();
    assert_eq!(stats.samples_passed, 8 * 2);
    for s in 0..4 {
        let want = if s < 2 { 0.25f32 } else { 1.0 };
        assert_eq!(
            rig.ds_sample_bytes(2, 1, s),
            want.to_le_bytes(),
            "sample {s}"
        );
    }
}
