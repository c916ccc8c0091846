//! Uniform-colour triangles through the output merger's byte tables (`ps/solid.rs`, `om/solid.rs`)
//! store exactly what the per-block path stores (SPEC §5.2), and report the same counters.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::builtin::VertexColorPs;
use tessera_pipeline::{Interpolation, PixelShader, PsInput, PsOutput, ShaderEnv};
use tessera_types::{Blend, BlendOp, ColorWriteMask, RenderTargetBlendDesc};

/// The vertex-colour shader without the uniform-output promise: every block is shaded.
struct PerBlock;

impl PixelShader for PerBlock {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        VertexColorPs.inputs()
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        VertexColorPs.shade(env, input, out);
    }
}

/// Breaks the promise (its output follows the pixel position), to show the tables engage.
struct Liar;

impl PixelShader for Liar {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        VertexColorPs.inputs()
    }

    fn uniform_output(&self) -> bool {
        true
    }

    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let x = input.position[0] * wide::f32x8::splat(1.0 / 64.0);
        out.targets[0] = [x, x, x, x];
    }
}

const W: u32 = 61;
const H: u32 = 37;

/// A target whose texels hold every byte value in every channel (and odd mixes).
fn background() -> Vec<u8> {
    (0..W * H * 4)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 ^ (i as u8))
        .collect()
}

/// Large flat-coloured triangles: colours inside and outside [0, 1], partial coverage along
/// their edges, and the target's right edge cutting blocks (W is not a multiple of 4); then a
/// small one, which must not reuse the tables of the large ones.
fn triangles() -> Vec<V> {
    let colours = [
        [0.8, 0.3, 0.1, 0.35],
        [0.25, 1.5, -0.2, 0.7],
        [0.0, 0.5, 1.0, 1.0],
        [1.0 / 3.0, 2.0 / 3.0, 0.1, 0.2],
        [0.9, 0.1, 0.4, 0.6],
    ];
    let shapes = [
        [(0.0, 0.0), (W as f32, 0.0), (0.0, H as f32)],
        [(W as f32, 0.0), (W as f32, H as f32), (3.0, H as f32)],
        [(5.3, 2.7), (58.9, 9.1), (20.2, 36.4)],
        [(-10.0, -4.0), (80.0, 20.5), (-3.0, 50.0)],
        // Small (set up as a small triangle) after large ones in the same bands.
        [(10.5, 3.2), (14.1, 4.0), (11.0, 8.7)],
    ];
    let mut verts = Vec::new();
    for (shape, colour) in shapes.iter().zip(colours) {
        for &(x, y) in shape {
            verts.push(v(x, y, colour));
        }
    }
    verts
}

fn over(alpha: Blend, write_mask: ColorWriteMask) -> RenderTargetBlendDesc {
    RenderTargetBlendDesc {
        blend_enable: true,
        src_blend: Blend::SrcAlpha,
        dest_blend: Blend::InvSrcAlpha,
        blend_op: BlendOp::Add,
        src_blend_alpha: alpha,
        dest_blend_alpha: Blend::InvSrcAlpha,
        blend_op_alpha: BlendOp::Add,
        write_mask,
        ..Default::default()
    }
}

#[test]
fn tables_store_what_the_block_path_stores() {
    let masks = [
        ColorWriteMask::ALL,
        ColorWriteMask::RED | ColorWriteMask::BLUE,
        ColorWriteMask::GREEN | ColorWriteMask::ALPHA,
    ];
    for format in [Format::R8G8B8A8Unorm, Format::B8G8R8A8Unorm] {
        for mask in masks {
            let states = [
                over(Blend::One, mask),
                over(Blend::SrcAlpha, mask),
                RenderTargetBlendDesc {
                    write_mask: mask,
                    ..Default::default()
                },
            ];
            for desc in states {
                let mut setup = Setup::new(W, H);
                setup.format = format;
                setup.blend.render_target[0] = desc;
                let (mut flat, mut shaded) = (background(), background());
                let a = draw_into(&setup, &mut flat, &triangles(), Some(&VertexColorPs));
                let b = draw_into(&setup, &mut shaded, &triangles(), Some(&PerBlock));
                assert_eq!(a, b, "{format:?} {desc:?}");
                assert!(flat == shaded, "{format:?} {desc:?}");
                assert_ne!(flat, background());
            }
        }
    }
}

#[test]
fn tables_engage_for_uniform_shaders() {
    let mut setup = Setup::new(W, H);
    setup.blend.render_target[0] = over(Blend::One, ColorWriteMask::ALL);
    let (mut liar, mut honest) = (background(), background());
    draw_into(&setup, &mut liar, &triangles(), Some(&Liar));
    struct HonestLiar;
    impl PixelShader for HonestLiar {
        fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
            tessera_pipeline::shader::ShaderSignature::new(
                tessera_pipeline::shader::ShaderProfile::Ps4_0Level9_1,
            )
        }

        fn inputs(&self) -> &[Interpolation] {
            Liar.inputs()
        }
        fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
            Liar.shade(env, input, out);
        }
    }
    draw_into(&setup, &mut honest, &triangles(), Some(&HonestLiar));
    // The liar's colour is taken once per triangle, so most pixels differ.
    let differ = liar
        .chunks(4)
        .zip(honest.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    assert!(differ > (W * H / 2) as usize, "{differ}");
}

/// A band keeps a triangle's tables for the next one only when that one's colour and state
/// build the same tables: colours A, B, B, A over the whole target, each layer blended over
/// the one before, store what the block path stores.
#[test]
fn tables_are_reused_only_for_the_same_colour() {
    let (a, b) = ([0.8, 0.3, 0.1, 0.35], [0.25, 0.6, 0.9, 0.25]);
    let shape = [
        (-10.0, -4.0),
        (2.0 * W as f32, 20.5),
        (-3.0, 3.0 * H as f32),
    ];
    let verts: Vec<V> = [a, b, b, a]
        .iter()
        .flat_map(|&c| shape.iter().map(move |&(x, y)| v(x, y, c)))
        .collect();
    for alpha in [Blend::One, Blend::SrcAlpha] {
        let mut setup = Setup::new(W, H);
        setup.blend.render_target[0] = over(alpha, ColorWriteMask::ALL);
        let (mut flat, mut shaded) = (background(), background());
        draw_into(&setup, &mut flat, &verts, Some(&VertexColorPs));
        draw_into(&setup, &mut shaded, &verts, Some(&PerBlock));
        assert!(flat == shaded, "{alpha:?}");
    }
}
