//! The pixel stage's passthrough path ([`PixelShader::passthrough`]): a shader that only copies
//! a varying to `SV_Target0` is not called; the varying goes straight to the output merger.
//! It must give the bytes the shader call gives, and be taken only where that holds.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::shader::splat4;
use tessera_pipeline::{Interpolation, PixelShader, PsInput, PsOutput, ShaderEnv};
use tessera_types::{Blend, ComparisonFunc, DepthStencilDesc};

/// `SV_Target0 = v0` through the shader call: the reference.
struct CopyPs;

impl PixelShader for CopyPs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = input.varyings[0];
    }
}

/// Declares a passthrough of varying `0` but writes magenta when called, so the image shows
/// which path the pipeline took.
struct DeclaresPassthrough {
    inputs: &'static [Interpolation],
}

const MAGENTA: [f32; 4] = [1.0, 0.0, 1.0, 1.0];

impl PixelShader for DeclaresPassthrough {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        self.inputs
    }
    fn passthrough(&self) -> Option<usize> {
        Some(0)
    }
    fn shade(&self, _env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = splat4(MAGENTA);
        out.targets[1] = splat4(MAGENTA);
    }
}

/// Small and large triangles at random depths, with perspective (`w` from 0.5 to 2) or
/// without, colours partly outside [0, 1], and some with one colour (flat varyings).
fn scene(rig: &Rig, seed: u64) -> Vec<Cv> {
    let mut r = rng(seed);
    let mut out = Vec::new();
    for t in 0..60 {
        let size = if t % 3 == 0 { 40.0 } else { 6.0 };
        let (cx, cy) = (r() * rig.w as f32, r() * rig.h as f32);
        let flat = [r() * 1.4 - 0.2, r(), r() * 1.4 - 0.2, r()];
        for _ in 0..3 {
            let color = if t % 4 == 0 {
                flat
            } else {
                [r() * 1.4 - 0.2, r(), r(), r() * 1.2]
            };
            let mut v = rig.at(cx + (r() - 0.5) * size, cy + (r() - 0.5) * size, r(), color);
            let w = if t % 2 == 0 { 1.0 } else { 0.5 + 1.5 * r() };
            for c in &mut v[..4] {
                *c *= w;
            }
            out.push(v);
        }
    }
    out
}

fn over() -> tessera_types::BlendDesc {
    let mut b = tessera_types::BlendDesc::default();
    let rt = &mut b.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::SrcAlpha;
    rt.dest_blend = Blend::InvSrcAlpha;
    rt.src_blend_alpha = Blend::One;
    rt.dest_blend_alpha = Blend::InvSrcAlpha;
    b
}

/// The built-in vertex-colour shader (which declares a passthrough) and the same shader as a
/// call give identical targets, depth and counters, on the UNORM8 fast path and the general
/// one, blended or not, with and without an early depth test.
#[test]
fn passthrough_equals_the_shader_call() {
    let formats = [
        Format::R8G8B8A8Unorm,
        Format::B8G8R8A8Unorm,
        Format::R8G8B8A8UnormSrgb,
        Format::R16G16B16A16Float,
        Format::R32G32B32A32Float,
        Format::R10G10B10A2Unorm,
    ];
    let mut cases = 0;
    for (i, format) in formats.into_iter().enumerate() {
        for blend in [tessera_types::BlendDesc::default(), over(), additive()] {
            for depth in [false, true] {
                let run = |ps: &dyn PixelShader| {
                    let mut rig = Rig::new(67, 45, format);
                    rig.clear_f32(0, [0.25, 0.5, 0.75, 0.5]);
                    if depth {
                        rig = rig.with_depth(Format::D32Float, &1.0f32.to_le_bytes());
                        rig.ds = DepthStencilDesc {
                            depth_enable: true,
                            depth_write: true,
                            depth_func: ComparisonFunc::Less,
                            ..Default::default()
                        };
                    }
                    rig.blend = blend;
                    let verts = scene(&rig, 0x9e37_79b9 + i as u64);
                    let stats = rig.draw(&verts, Some(ps)).unwrap();
                    (rig.colors, rig.depth, stats)
                };
                let fast = run(&tessera_pipeline::builtin::VertexColorPs);
                let call = run(&CopyPs);
                assert_eq!(fast.2, call.2, "{format:?} {blend:?} depth {depth}");
                assert!(fast.2.samples_passed > 500, "{:?}", fast.2);
                assert!(
                    fast.0 == call.0,
                    "colours differ: {format:?} {blend:?} {depth}"
                );
                assert!(
                    fast.1 == call.1,
                    "depth differs: {format:?} {blend:?} {depth}"
                );
                cases += 1;
            }
        }
    }
    assert_eq!(cases, 36);
}

/// The shader is skipped with one target and no second blend source, and called otherwise:
/// with a second target bound, with dual-source blending, and when the declared varying is not
/// one of its inputs.
#[test]
fn passthrough_skips_the_call_only_where_allowed() {
    const ONE: &[Interpolation] = &[Interpolation::Perspective];
    let green = [0.0, 1.0, 0.0, 1.0];
    let draw = |rig: &mut Rig, inputs: &'static [Interpolation]| {
        let verts = [
            rig.at(0.0, 0.0, 0.5, green),
            rig.at(64.0, 0.0, 0.5, green),
            rig.at(0.0, 64.0, 0.5, green),
        ];
        rig.draw(&verts, Some(&DeclaresPassthrough { inputs }))
            .unwrap();
        rig.f(0, 2, 2)
    };
    let mut rig = Rig::new(16, 8, Format::R8G8B8A8Unorm);
    assert_eq!(
        draw(&mut rig, ONE),
        green,
        "one target: the varying, no call"
    );

    let mut rig = Rig::new(16, 8, Format::R8G8B8A8Unorm);
    rig.add_color(Format::R8G8B8A8Unorm);
    assert_eq!(draw(&mut rig, ONE), MAGENTA, "two targets: the shader runs");

    let mut rig = Rig::new(16, 8, Format::R8G8B8A8Unorm);
    let rt = &mut rig.blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::One;
    rt.dest_blend = Blend::Src1Color;
    assert_eq!(draw(&mut rig, ONE), MAGENTA, "dual source: the shader runs");

    let mut rig = Rig::new(16, 8, Format::R8G8B8A8Unorm);
    assert_eq!(
        draw(&mut rig, &[]),
        MAGENTA,
        "no such input: the shader runs"
    );
}
