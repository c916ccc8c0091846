//! Alpha-antialiased lines (AntialiasedLineEnable without MultisampleEnable; SPEC §3.5,
//! D3D11.3 §3.4.4): the width-1.0 rectangle's coverage of each pixel (the fraction of its
//! 16 × 16 sub-points inside, `setup/aa_line.rs`) multiplied into `o0.a`, then blending as
//! usual; every sample of a touched pixel on a multisampled target; wireframe edges as such
//! lines.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::builtin::VertexColorPs;
use tessera_pipeline::shader::{ShaderProfile, ShaderSignature, splat4};
use tessera_pipeline::{Interpolation, PixelShader, PsInput, PsOutput, ShaderEnv};
use tessera_types::{Blend, FillMode, PrimitiveTopology};

const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];

/// An 8×8 RGBA8 rig drawing alpha-antialiased lines of `topology`.
fn rig(topology: PrimitiveTopology) -> Rig {
    let mut rig = Rig::new(8, 8, Format::R8G8B8A8Unorm);
    rig.topology = topology;
    rig.rasterizer.antialiased_line_enable = true;
    rig
}

/// Pixel-space points → clip-space vertices of `rig`.
fn pts(rig: &Rig, p: &[(f32, f32)]) -> Vec<Cv> {
    p.iter()
        .map(|&(x, y)| rig.at(x, y, 0.5, [1.0; 4]))
        .collect()
}

/// The alpha bytes of target 0 (RGBA8), row by row.
fn alpha(rig: &Rig) -> Vec<Vec<u8>> {
    (0..rig.h)
        .map(|y| (0..rig.w).map(|x| rig.bytes(0, x, y)[3]).collect())
        .collect()
}

/// A line along the centres of row 2 across the whole target: every pixel of the row wholly
/// covered (alpha 1.0, colour untouched), nothing written above or below.
#[test]
fn horizontal_line_on_pixel_centres_covers_its_row() {
    let mut r = rig(PrimitiveTopology::LineList);
    let v = pts(&r, &[(0.0, 2.5), (8.0, 2.5)]);
    r.draw(&v, Some(&FlatPs::new([1.0, 0.5, 0.25, 1.0])))
        .unwrap();
    for y in 0..8 {
        for x in 0..8 {
            let want: &[u8] = if y == 2 {
                &[255, 128, 64, 255]
            } else {
                &[0; 4]
            };
            assert_eq!(r.bytes(0, x, y), want, "({x}, {y})");
        }
    }
}

/// A line on the boundary between rows 2 and 3: half of each pixel's sub-points in each row,
/// alpha 0.5 → 128 (round to nearest, 127.5 up); at the ends a line from a pixel's centre
/// covers half of it (the start) and one ending at a centre the other half.
#[test]
fn horizontal_line_on_a_pixel_boundary_halves_two_rows() {
    let mut r = rig(PrimitiveTopology::LineList);
    let v = pts(&r, &[(0.0, 3.0), (8.0, 3.0)]);
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let mut want = vec![vec![0u8; 8]; 8];
    want[2] = vec![128; 8];
    want[3] = vec![128; 8];
    assert_eq!(alpha(&r), want);
    // From the centre of pixel 1 to the centre of pixel 5 of row 2: a quarter at each end.
    let mut r = rig(PrimitiveTopology::LineList);
    let v = pts(&r, &[(1.5, 3.0), (5.5, 3.0)]);
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let row = [0, 64, 128, 128, 128, 64, 0, 0];
    assert_eq!(alpha(&r)[2], row);
    assert_eq!(alpha(&r)[3], row);
    assert!(alpha(&r)[1].iter().chain(&alpha(&r)[4]).all(|&a| a == 0));
}

/// A 45° line between pixel centres: a pixel on the line inside it has the 236 of 256
/// sub-points with |i − j| ≤ 11 (within ½ pixel = 11.3 sub-steps of the diagonal), its two
/// neighbours beside the line the 66 with j − i ≥ 5 (resp. i − j ≥ 5), the rest nothing: alpha
/// 236/256·255 = 235.1 → 235 and 66/256·255 = 65.7 → 66. The start pixel keeps the sub-points
/// with i + j ≥ 15 (the start end, through its centre, is in): 136 less the 12 of them too far
/// across, 124 → 123.5 → 124; the end pixel the others with i + j ≤ 14: 120 less 8, 112 → 111.6
/// → 112; past the end nothing.
#[test]
fn diagonal_line_coverage_is_exact() {
    let mut r = rig(PrimitiveTopology::LineList);
    let v = pts(&r, &[(1.5, 1.5), (6.5, 6.5)]);
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let want: Vec<Vec<u8>> = vec![
        vec![0, 0, 0, 0, 0, 0, 0, 0],
        vec![0, 124, 66, 0, 0, 0, 0, 0],
        vec![0, 66, 235, 66, 0, 0, 0, 0],
        vec![0, 0, 66, 235, 66, 0, 0, 0],
        vec![0, 0, 0, 66, 235, 66, 0, 0],
        vec![0, 0, 0, 0, 66, 235, 66, 0],
        vec![0, 0, 0, 0, 0, 66, 112, 0],
        vec![0, 0, 0, 0, 0, 0, 0, 0],
    ];
    assert_eq!(alpha(&r), want);
}

/// An integer target 0 keeps the shader's `o0.a` bits: an integer format holds no fraction
/// of coverage, so Tessera multiplies only float, UNORM and SNORM targets' `o0.a`
/// (docs/pipeline.md).
#[test]
fn integer_target_zero_keeps_its_bits() {
    let mut r = Rig::new(8, 8, Format::R32G32B32A32Uint);
    r.topology = PrimitiveTopology::LineList;
    r.rasterizer.antialiased_line_enable = true;
    let v = pts(&r, &[(0.0, 3.0), (8.0, 3.0)]);
    r.draw(&v, Some(&BitsPs([1, 2, 3, 0x3f80_0000]))).unwrap();
    assert_eq!(r.u(0, 4, 2), [1, 2, 3, 0x3f80_0000]);
    assert_eq!(r.u(0, 4, 3), [1, 2, 3, 0x3f80_0000]);
    assert_eq!(r.u(0, 4, 4), [0; 4]);
}

/// The coverage multiplies `o0.a` (not replaces it) before blending: SRC_ALPHA / INV_SRC_ALPHA
/// over blue with a red `o0.a = 0.5` at coverage 0.5 blends with alpha 0.25: red 63.75 → 64,
/// blue 191.25 → 191; the alpha channel (ONE / ZERO) stores 0.25 → 64. Colour channels are not
/// multiplied (at blending off they stay 255).
#[test]
fn coverage_multiplies_o0_alpha_before_blending() {
    let mut r = rig(PrimitiveTopology::LineList);
    r.clear_f32(0, [0.0, 0.0, 1.0, 1.0]);
    let rt = &mut r.blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::SrcAlpha;
    rt.dest_blend = Blend::InvSrcAlpha;
    rt.src_blend_alpha = Blend::One;
    rt.dest_blend_alpha = Blend::Zero;
    let v = pts(&r, &[(0.0, 3.0), (8.0, 3.0)]);
    r.draw(&v, Some(&FlatPs::new([1.0, 0.0, 0.0, 0.5])))
        .unwrap();
    for x in 0..8 {
        assert_eq!(r.bytes(0, x, 2), [64, 0, 191, 64], "({x}, 2)");
        assert_eq!(r.bytes(0, x, 3), [64, 0, 191, 64], "({x}, 3)");
        assert_eq!(r.bytes(0, x, 4), [0, 0, 255, 255], "({x}, 4)");
    }
}

/// `o0 = 1` from a shader that reads the `SV_Coverage` input and/or `SV_SampleIndex`: at one
/// sample those run the per-sample stage (`coverage`) and its per-sample calls (both), or the
/// pixel stage with sample index 0 (`index` alone).
struct ReadsPs {
    coverage: bool,
    index: bool,
}

impl PixelShader for ReadsPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Ps5_0)
    }
    fn inputs(&self) -> &[Interpolation] {
        &[]
    }
    fn reads_coverage(&self) -> bool {
        self.coverage
    }
    fn reads_sample_index(&self) -> bool {
        self.index
    }
    fn shade(&self, _env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = splat4([1.0; 4]);
    }
}

/// Every way the pixel stage runs a shader multiplies the coverage in: the plain call, the
/// pass-through path of a shader whose output is its colour input (which skips the call: it is
/// off for these lines), the one-sample per-sample stage of a shader reading `SV_Coverage`, its
/// per-sample calls, and a shader reading `SV_SampleIndex` at one sample.
#[test]
fn every_shader_path_multiplies_the_coverage() {
    let shaders: [(&str, &dyn PixelShader); 5] = [
        ("flat", &FlatPs::new([1.0; 4])),
        ("pass-through", &VertexColorPs),
        (
            "coverage input",
            &ReadsPs {
                coverage: true,
                index: false,
            },
        ),
        (
            "coverage and sample index",
            &ReadsPs {
                coverage: true,
                index: true,
            },
        ),
        (
            "sample index",
            &ReadsPs {
                coverage: false,
                index: true,
            },
        ),
    ];
    for (name, ps) in shaders {
        let mut r = rig(PrimitiveTopology::LineList);
        let v = pts(&r, &[(0.0, 3.0), (8.0, 3.0)]);
        r.draw(&v, Some(ps)).unwrap();
        for x in 0..8 {
            assert_eq!(r.bytes(0, x, 2), [255, 255, 255, 128], "{name} ({x}, 2)");
            assert_eq!(r.bytes(0, x, 3), [255, 255, 255, 128], "{name} ({x}, 3)");
        }
    }
}

/// Only `o0.a` is multiplied: a second target gets the shader's `o1` untouched (D3D11.3
/// §3.4.4 names o0 alone).
#[test]
fn only_target_zero_alpha_is_multiplied() {
    let mut r = rig(PrimitiveTopology::LineList);
    r.add_color(Format::R8G8B8A8Unorm);
    let v = pts(&r, &[(0.0, 3.0), (8.0, 3.0)]);
    let mut ps = FlatPs::new([1.0; 4]);
    ps.color1 = [0.0, 1.0, 0.0, 1.0];
    r.draw(&v, Some(&ps)).unwrap();
    assert_eq!(r.bytes(0, 4, 2), [255, 255, 255, 128]);
    assert_eq!(r.bytes(1, 4, 2), [0, 255, 0, 255]);
    assert_eq!(r.bytes(1, 4, 4), [0, 0, 0, 0]);
}

/// On a 4-sample target with MultisampleEnable off every sample of a touched pixel gets the
/// same value, the single-sample one (D3D11.3 §3.4.4 knows no samples).
#[test]
fn every_sample_of_a_touched_pixel_is_equal() {
    let draw = |samples: &'static [[i8; 2]]| {
        let mut r = rig(PrimitiveTopology::LineStrip).multisampled(samples);
        let v = pts(&r, &[(0.7, 0.9), (6.2, 3.4), (2.3, 7.1)]);
        r.draw(&v, Some(&FlatPs::new([1.0, 0.5, 0.25, 1.0])))
            .unwrap();
        r
    };
    let (one, four) = (draw(&[]), draw(&P4));
    let mut partial = 0;
    for (x, y) in (0..8).flat_map(|x| (0..8).map(move |y| (x, y))) {
        let a = one.bytes(0, x, y)[3];
        partial += usize::from(a != 0 && a != 255);
        for s in 0..4 {
            assert_eq!(
                four.sample_bytes(0, x, y, s),
                one.bytes(0, x, y),
                "({x}, {y}) {s}"
            );
        }
    }
    assert!(partial > 10, "{partial} partly covered pixels");
}

/// Wireframe fill with AntialiasedLineEnable draws each edge as an alpha-antialiased line
/// (D3D11.3 §15.14.1: "the current line mode"): the same bytes as the three edges drawn as a
/// line list in the same order.
#[test]
fn wireframe_edges_are_antialiased_lines() {
    let corners = [(1.2, 0.7), (6.6, 2.3), (2.1, 6.8)];
    let mut wire = rig(PrimitiveTopology::TriangleList);
    wire.rasterizer.fill_mode = FillMode::Wireframe;
    let v = pts(&wire, &corners);
    wire.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let mut list = rig(PrimitiveTopology::LineList);
    let [a, b, c] = corners;
    let v = pts(&list, &[a, b, b, c, c, a]);
    list.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert_eq!(wire.colors[0].1, list.colors[0].1);
    let fractional = alpha(&wire)
        .iter()
        .flatten()
        .filter(|&&a| a != 0 && a != 255)
        .count();
    assert!(fractional > 10, "{fractional}");
}
