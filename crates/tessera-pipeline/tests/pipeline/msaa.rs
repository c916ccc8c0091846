//! Multisampled rasterization (SPEC §3.8, §5.1, §5.3; TESTCASES RS-18, RS-19, OM-10 at 4×):
//! coverage per sample with the 16.8 edge functions and top-left rule, the pixel shader once
//! per pixel at its centre, depth/stencil per sample at the sample's position, writes per
//! covered sample, and watertightness of meshes at every sample.

use super::common;

use common::*;
use proptest::prelude::*;
use tessera_format::Format;
use tessera_pipeline::PipelineError;
use tessera_pipeline::builtin::VertexColorPs;
use tessera_types::{ComparisonFunc, FillMode, PrimitiveTopology};

/// The D3D11.3 standard patterns (SPEC §3.8), 1/16 pixel from the centre.
const P2: [[i8; 2]; 2] = [[4, 4], [-4, -4]];
const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];
const P8: [[i8; 2]; 8] = [
    [1, -3],
    [-1, 3],
    [5, 1],
    [-3, -5],
    [-5, 5],
    [-7, -1],
    [3, 7],
    [7, -7],
];
const P16: [[i8; 2]; 16] = [
    [1, 1],
    [-1, -3],
    [-3, 2],
    [4, -1],
    [-5, -2],
    [2, 5],
    [5, 3],
    [3, -5],
    [-2, 6],
    [0, -7],
    [-4, -6],
    [-6, 4],
    [-8, 0],
    [7, -4],
    [6, 7],
    [-7, -8],
];

/// The rectangle `[x0, x1] × [y0, y1]` (pixels) at depth `z` as two triangles sharing a diagonal.
fn rect(rig: &Rig, [x0, y0, x1, y1]: [f32; 4], z: [f32; 2], c: [f32; 4]) -> Vec<Cv> {
    vec![
        rig.at(x0, y0, z[0], c),
        rig.at(x1, y0, z[1], c),
        rig.at(x0, y1, z[0], c),
        rig.at(x1, y0, z[1], c),
        rig.at(x1, y1, z[1], c),
        rig.at(x0, y1, z[0], c),
    ]
}

/// RS-18: 4×, an edge at x = 1.5 (pixel 1's centre) covering the left half of pixel 1: its
/// samples 0 (x 1.375) and 2 (x 1.125) are covered, 1 (1.875) and 3 (1.625) are not; the
/// shader runs at the pixel centre (SV_Position.x = 1.5), not at a sample. Pixel 0 is covered
/// at every sample, pixels 2 and 3 at none.
#[test]
fn rs18_edge_through_the_centre_covers_samples_0_and_2() {
    let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(&P4);
    let verts = rect(&rig, [0.0, 0.0, 1.5, 2.0], [0.5; 2], [0.0; 4]);
    rig.draw(&verts, Some(&PositionPs)).unwrap();
    for y in 0..2 {
        let cy = y as f32 + 0.5;
        for s in 0..4 {
            assert_eq!(
                rig.sample_f(0, 0, y, s),
                [0.5, cy, 0.5, 1.0],
                "pixel 0 sample {s}"
            );
            let want1 = if s % 2 == 0 {
                [1.5, cy, 0.5, 1.0]
            } else {
                [0.0; 4]
            };
            assert_eq!(rig.sample_f(0, 1, y, s), want1, "pixel 1 sample {s}");
            assert_eq!(rig.sample_f(0, 2, y, s), [0.0; 4]);
            assert_eq!(rig.sample_f(0, 3, y, s), [0.0; 4]);
        }
    }
}

/// RS-19: a fully covered pixel runs the shader once (one triangle over the 4×2 target: its
/// one block's 8 lanes at every sample count, as at 1×) and every sample gets the same colour.
#[test]
fn rs19_pixel_frequency_shading() {
    let c = [0.25, 0.5, 0.75, 1.0];
    for pattern in [&[][..], &P2, &P4, &P8, &P16] {
        let mut rig = Rig::new(4, 2, Format::R32G32B32A32Float).multisampled(pattern);
        let z = [0.0; 4];
        let verts = [
            rig.at(0.0, 0.0, 0.5, z),
            rig.at(8.0, 0.0, 0.5, z),
            rig.at(0.0, 4.0, 0.5, z),
        ];
        let stats = rig.draw(&verts, Some(&FlatPs::new(c))).unwrap();
        assert_eq!(stats.ps_invocations, 8, "{} samples", pattern.len());
        let n = pattern.len().max(1) as u64;
        assert_eq!(stats.samples_passed, 8 * n);
        for s in 0..n as u32 {
            for (x, y) in (0..4).flat_map(|x| (0..2).map(move |y| (x, y))) {
                assert_eq!(rig.sample_f(0, x, y, s), c);
            }
        }
    }
}

/// OM-10 at 4×: SampleMask 0xFFFFFFFE writes samples 1..3 and leaves sample 0 (colour and
/// depth) untouched; SampleMask 0 writes nothing; bit i gates sample i.
#[test]
fn om10_sample_mask_gates_samples() {
    let d1 = 1.0f32.to_le_bytes();
    for (mask, written) in [
        (0xffff_fffe_u32, [false, true, true, true]),
        (0, [false; 4]),
        (0b0100, [false, false, true, false]),
        (u32::MAX, [true; 4]),
    ] {
        let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm)
            .with_depth(Format::D32Float, &d1)
            .multisampled(&P4);
        rig.ds.depth_func = ComparisonFunc::Less;
        rig.sample_mask = mask;
        let verts = rect(&rig, [0.0, 0.0, 4.0, 2.0], [0.5; 2], [0.0; 4]);
        let stats = rig.draw(&verts, Some(&FlatPs::new([1.0; 4]))).unwrap();
        let on = written.iter().filter(|&&w| w).count() as u64;
        assert_eq!(stats.samples_passed, 8 * on, "mask {mask:#x}");
        for (s, &w) in written.iter().enumerate() {
            let s = s as u32;
            let (color, depth) = if w {
                (vec![255; 4], 0.5f32.to_le_bytes())
            } else {
                (vec![0; 4], d1)
            };
            assert_eq!(
                rig.sample_bytes(0, 3, 1, s),
                color,
                "mask {mask:#x} sample {s}"
            );
            assert_eq!(
                rig.ds_sample_bytes(3, 1, s),
                depth,
                "mask {mask:#x} sample {s}"
            );
        }
    }
}

/// OM-10 at 4× with stencil: SampleMask 0xFFFFFFFE leaves sample 0's depth and stencil (D24S8
/// bytes) untouched and writes depth 0.5 (0x800000) and stencil REPLACE 0xAB to samples 1..3.
#[test]
fn om10_sample_mask_gates_stencil() {
    use tessera_types::StencilOp;
    let init = [0xff, 0xff, 0xff, 0x11];
    let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm)
        .with_depth(Format::D24UnormS8Uint, &init)
        .multisampled(&P4);
    rig.ds.depth_func = ComparisonFunc::Less;
    rig.ds.stencil_enable = true;
    rig.ds.front_face.pass_op = StencilOp::Replace;
    rig.ds.back_face.pass_op = StencilOp::Replace;
    rig.stencil_ref = 0xab;
    rig.sample_mask = 0xffff_fffe;
    let verts = rect(&rig, [0.0, 0.0, 4.0, 2.0], [0.5; 2], [0.0; 4]);
    rig.draw(&verts, Some(&FlatPs::new([1.0; 4]))).unwrap();
    for (x, y) in [(0, 0), (3, 1), (2, 0)] {
        assert_eq!(rig.ds_sample_bytes(x, y, 0), init, "({x}, {y}) sample 0");
        assert_eq!(rig.sample_bytes(0, x, y, 0), [0; 4]);
        for s in 1..4 {
            assert_eq!(
                rig.ds_sample_bytes(x, y, s),
                [0, 0, 0x80, 0xab],
                "({x}, {y}) {s}"
            );
            assert_eq!(rig.sample_bytes(0, x, y, s), [255; 4]);
        }
    }
}

/// Depth per sample: the plane z = x / 8 stored at each sample's own position
/// (x + 0.5 + ox/16, exact in f32), and tested there: a flat triangle at z = 0.2 (x = 1.6)
/// then passes LESS at pixel 1's samples 1 (x 1.875) and 3 (x 1.625) only.
#[test]
fn depth_is_interpolated_and_tested_per_sample() {
    let d1 = 1.0f32.to_le_bytes();
    let mut rig = Rig::new(8, 2, Format::R8G8B8A8Unorm)
        .with_depth(Format::D32Float, &d1)
        .multisampled(&P4);
    rig.ds.depth_func = ComparisonFunc::Less;
    let ramp = rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.0, 1.0], [0.0; 4]);
    rig.draw(&ramp, Some(&FlatPs::new([1.0, 0.0, 0.0, 1.0])))
        .unwrap();
    for y in 0..2 {
        for x in 0..8 {
            for (s, o) in P4.iter().enumerate() {
                let want = (x as f32 + 0.5 + f32::from(o[0]) / 16.0) / 8.0;
                let got =
                    f32::from_le_bytes(rig.ds_sample_bytes(x, y, s as u32).try_into().unwrap());
                assert_eq!(got, want, "pixel ({x}, {y}) sample {s}");
            }
        }
    }
    let flat = rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.2; 2], [0.0; 4]);
    rig.draw(&flat, Some(&FlatPs::new([0.0, 1.0, 0.0, 1.0])))
        .unwrap();
    let green = [0u8, 255, 0, 255];
    let red = [255u8, 0, 0, 255];
    for s in 0..4u32 {
        let want = if s % 2 == 1 { green } else { red };
        assert_eq!(rig.sample_bytes(0, 1, 0, s), want, "pixel 1 sample {s}");
        assert_eq!(rig.sample_bytes(0, 0, 0, s), red, "pixel 0 sample {s}");
        assert_eq!(rig.sample_bytes(0, 2, 0, s), green, "pixel 2 sample {s}");
    }
}

/// The interiors of large triangles (more than 64 pixels across: fully covered runs, tested
/// plane by plane in chunks of blocks and stored plane by plane) give every sample its own
/// depth and colour exactly as single blocks do, at every sample count: a ramp from z 0 to 1
/// over 128 pixels stores `(x + 0.5 + ox/16) / 128` at each sample, and a flat rectangle at
/// z 0.49 in front of it (`Less`) is green exactly at the samples whose ramp depth is larger.
#[test]
fn large_triangles_test_and_write_each_sample_plane() {
    let patterns: [&'static [[i8; 2]]; 4] = [&P2, &P4, &P8, &P16];
    for pattern in patterns {
        let d1 = 1.0f32.to_le_bytes();
        let mut rig = Rig::new(128, 4, Format::R8G8B8A8Unorm)
            .with_depth(Format::D32Float, &d1)
            .multisampled(pattern);
        rig.ds.depth_func = ComparisonFunc::Less;
        let ramp = rect(&rig, [0.0, 0.0, 128.0, 4.0], [0.0, 1.0], [0.0; 4]);
        rig.draw(&ramp, Some(&FlatPs::new([1.0, 0.0, 0.0, 1.0])))
            .unwrap();
        let flat = rect(&rig, [0.0, 0.0, 128.0, 4.0], [0.49; 2], [0.0; 4]);
        rig.draw(&flat, Some(&FlatPs::new([0.0, 1.0, 0.0, 1.0])))
            .unwrap();
        let n = pattern.len();
        for y in 0..4 {
            for x in 0..128 {
                for (s, o) in pattern.iter().enumerate() {
                    let ramp = (x as f32 + 0.5 + f32::from(o[0]) / 16.0) / 128.0;
                    let front = ramp > 0.49;
                    let (want_z, want_c) = if front {
                        (0.49f32, [0u8, 255, 0, 255])
                    } else {
                        (ramp, [255u8, 0, 0, 255])
                    };
                    let at = format!("{n}x pixel ({x}, {y}) sample {s}");
                    let z = rig.ds_sample_bytes(x, y, s as u32);
                    assert_eq!(f32::from_le_bytes(z.try_into().unwrap()), want_z, "{at}");
                    assert_eq!(rig.sample_bytes(0, x, y, s as u32), want_c, "{at}");
                }
            }
        }
    }
}

/// A triangle that covers a sample but no pixel centre (x 1.05..1.4, left of pixel 1's centre)
/// is still rasterized: pixel 1's sample 2 at (1.125, 0.625) is its only covered sample. The
/// bounds grow by the samples' reach, so the pixel is visited.
#[test]
fn a_sample_without_the_centre_is_covered() {
    let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm).multisampled(&P4);
    let z = [0.0; 4];
    let verts = [
        rig.at(1.05, 0.55, 0.5, z),
        rig.at(1.4, 0.55, 0.5, z),
        rig.at(1.05, 0.9, 0.5, z),
    ];
    let stats = rig.draw(&verts, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert_eq!(stats.samples_passed, 1);
    for (x, y, s) in (0..4).flat_map(|x| (0..2).flat_map(move |y| (0..4).map(move |s| (x, y, s)))) {
        let want = if (x, y, s) == (1, 0, 2) {
            [255; 4]
        } else {
            [0; 4]
        };
        assert_eq!(
            rig.sample_bytes(0, x, y, s),
            want,
            "pixel ({x}, {y}) sample {s}"
        );
    }
}

/// A discard drops every sample of its pixel; the late depth test (a shader that may discard)
/// tests each sample at its own position as the early one does.
#[test]
fn discard_and_late_depth_per_sample() {
    let d1 = 1.0f32.to_le_bytes();
    let mut rig = Rig::new(8, 2, Format::R8G8B8A8Unorm)
        .with_depth(Format::D32Float, &d1)
        .multisampled(&P4);
    rig.ds.depth_func = ComparisonFunc::Less;
    let all = rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.0, 1.0], [0.0; 4]);
    let gone = FlatPs {
        discard_all: true,
        ..FlatPs::new([1.0; 4])
    };
    let stats = rig.draw(&all, Some(&gone)).unwrap();
    assert_eq!(stats.samples_passed, 0);
    assert!(rig.colors[0].1.iter().all(|&b| b == 0));
    let late = FlatPs {
        may_discard: true,
        ..FlatPs::new([1.0, 0.0, 0.0, 1.0])
    };
    rig.draw(&all, Some(&late)).unwrap();
    let flat = rect(&rig, [0.0, 0.0, 8.0, 2.0], [0.2; 2], [0.0; 4]);
    rig.draw(
        &flat,
        Some(&FlatPs {
            may_discard: true,
            ..FlatPs::new([0.0, 1.0, 0.0, 1.0])
        }),
    )
    .unwrap();
    for s in 0..4u32 {
        let want = if s % 2 == 1 {
            [0u8, 255, 0, 255]
        } else {
            [255, 0, 0, 255]
        };
        assert_eq!(rig.sample_bytes(0, 1, 0, s), want, "pixel 1 sample {s}");
    }
}

/// A shader that reads `SV_SampleIndex` (sample frequency), writing white.
struct SampleIndexPs;

impl tessera_pipeline::PixelShader for SampleIndexPs {
    fn signature(&self) -> tessera_pipeline::shader::ShaderSignature {
        tessera_pipeline::shader::ShaderSignature::new(
            tessera_pipeline::shader::ShaderProfile::Ps4_1,
        )
    }
    fn inputs(&self) -> &[tessera_pipeline::Interpolation] {
        &[]
    }
    fn reads_sample_index(&self) -> bool {
        true
    }
    fn shade(
        &self,
        _env: &tessera_pipeline::ShaderEnv<'_>,
        _input: &tessera_pipeline::PsInput<'_>,
        out: &mut tessera_pipeline::PsOutput,
    ) {
        out.targets[0] = tessera_pipeline::shader::splat4([1.0; 4]);
    }
}

/// Aliased lines and wireframe on a 4× target light whole pixels (D3D11.3 §15.14.1): every
/// sample of each pixel the single-sample draw lights, nothing else.
#[test]
fn aliased_lines_light_every_sample_of_their_pixels() {
    let c = [1.0, 0.5, 0.25, 1.0];
    for (topology, fill) in [
        (PrimitiveTopology::LineList, FillMode::Solid),
        (PrimitiveTopology::TriangleList, FillMode::Wireframe),
    ] {
        let draw = |pattern: &'static [[i8; 2]]| {
            let mut rig = Rig::new(16, 12, Format::R8G8B8A8Unorm).multisampled(pattern);
            rig.topology = topology;
            rig.rasterizer.fill_mode = fill;
            let verts = [
                rig.at(0.3, 0.7, 0.5, c),
                rig.at(15.2, 9.6, 0.5, c),
                rig.at(3.5, 11.5, 0.5, c),
                rig.at(12.25, 0.5, 0.5, c),
                rig.at(13.0, 11.0, 0.5, c),
                rig.at(1.0, 4.0, 0.5, c),
            ];
            let stats = rig.draw(&verts, Some(&VertexColorPs)).unwrap();
            (rig, stats)
        };
        let (one, s1) = draw(&[]);
        let (four, s4) = draw(&P4);
        assert!(s1.samples_passed > 20, "{s1:?}");
        assert_eq!(s4.samples_passed, 4 * s1.samples_passed);
        assert_eq!(s4.ps_invocations, s1.ps_invocations);
        for (x, y) in (0..16).flat_map(|x| (0..12).map(move |y| (x, y))) {
            for s in 0..4 {
                assert_eq!(
                    four.sample_bytes(0, x, y, s),
                    one.bytes(0, x, y),
                    "({x}, {y}) {s}"
                );
            }
        }
    }
}

/// What the pipeline refuses on multisampled targets: aliased and alpha-antialiased lines and
/// wireframe with a sample-frequency shader (undefined, D3D11.3 §3.5.4.1, §15.14.1), patterns
/// of other counts or with offsets outside [-8, 7], and targets whose planes do not match the
/// pattern.
#[test]
fn multisampled_refusals() {
    let mut rig = Rig::new(4, 2, Format::R8G8B8A8Unorm).multisampled(&P4);
    let verts = rect(&rig, [0.0, 0.0, 4.0, 2.0], [0.5; 2], [0.0; 4]);
    rig.topology = PrimitiveTopology::LineList;
    assert_eq!(
        rig.draw(&verts, Some(&SampleIndexPs)),
        Err(PipelineError::MultisampledLines { samples: 4 })
    );
    rig.topology = PrimitiveTopology::TriangleList;
    rig.rasterizer.fill_mode = FillMode::Wireframe;
    assert_eq!(
        rig.draw(&verts, Some(&SampleIndexPs)),
        Err(PipelineError::MultisampledLines { samples: 4 })
    );
    // Alpha-antialiased lines and their wireframe too (D3D11.3 §3.5.4.1).
    rig.rasterizer.antialiased_line_enable = true;
    assert_eq!(
        rig.draw(&verts, Some(&SampleIndexPs)),
        Err(PipelineError::MultisampledLines { samples: 4 })
    );
    rig.topology = PrimitiveTopology::LineList;
    assert_eq!(
        rig.draw(&verts, Some(&SampleIndexPs)),
        Err(PipelineError::MultisampledLines { samples: 4 })
    );
    rig.topology = PrimitiveTopology::TriangleList;
    rig.rasterizer.antialiased_line_enable = false;
    // At one sample, sample frequency is pixel frequency: lines draw.
    let mut single = Rig::new(4, 2, Format::R8G8B8A8Unorm);
    single.topology = PrimitiveTopology::LineList;
    assert!(single.draw(&verts, Some(&SampleIndexPs)).is_ok());
    rig.rasterizer.fill_mode = FillMode::Solid;
    static THREE: [[i8; 2]; 3] = [[0, 0], [1, 1], [2, 2]];
    static FAR: [[i8; 2]; 2] = [[8, 0], [0, 0]];
    static OFF_CENTRE: [[i8; 2]; 1] = [[1, 0]];
    for bad in [&THREE[..], &FAR, &OFF_CENTRE] {
        rig.samples = bad;
        assert_eq!(
            rig.draw(&verts, Some(&VertexColorPs)),
            Err(PipelineError::BadSamplePattern {
                count: bad.len(),
                offsets: bad.to_vec()
            })
        );
    }
    let mut single = Rig::new(4, 2, Format::R8G8B8A8Unorm);
    single.samples = &P8;
    assert_eq!(
        single.draw(&verts, Some(&VertexColorPs)),
        Err(PipelineError::SampleCountMismatch {
            expected: 8,
            got: 1
        })
    );
}

/// A mesh over the whole `w`×`h` target: a grid of `gx`×`gy` cells whose inner vertices are
/// jittered (on the 1/256 grid) and whose cells are split along a random diagonal.
fn mesh(rig: &Rig, gx: u32, gy: u32, jitter: &[(u8, u8)], diagonals: &[bool]) -> Vec<Cv> {
    let (w, h) = (rig.w as f32, rig.h as f32);
    let at = |i: u32, j: u32| {
        let (mut x, mut y) = (w * i as f32 / gx as f32, h * j as f32 / gy as f32);
        if i > 0 && i < gx && j > 0 && j < gy {
            let (jx, jy) = jitter[(j * (gx + 1) + i) as usize % jitter.len()];
            x += (f32::from(jx) - 128.0) / 256.0;
            y += (f32::from(jy) - 128.0) / 256.0;
        }
        rig.at(x, y, 0.5, [1.0, 0.0, 0.0, 0.0])
    };
    let mut out = Vec::new();
    for j in 0..gy {
        for i in 0..gx {
            let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i, j + 1), at(i + 1, j + 1));
            if diagonals[(j * gx + i) as usize % diagonals.len()] {
                out.extend([a, b, c, b, d, c]);
            } else {
                out.extend([a, b, d, a, d, c]);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// MSAA watertightness of large triangles (beyond the small-triangle extent, rasterized by
    /// row spans with fully covered runs): a 160×40 target in cells 80 or 160 pixels wide, every
    /// sample covered exactly once at 2, 4, 8 and 16 samples.
    #[test]
    fn large_shared_edges_cover_each_sample_exactly_once(
        gx in 1u32..3,
        gy in 1u32..3,
        jitter in proptest::collection::vec((0u8..=255, 0u8..=255), 1..20),
        diagonals in proptest::collection::vec(any::<bool>(), 1..12),
        which in 0usize..4,
    ) {
        let pattern: &'static [[i8; 2]] = [&P2[..], &P4, &P8, &P16][which];
        let mut rig = Rig::new(160, 40, Format::R32Float).multisampled(pattern);
        rig.blend = additive();
        let verts = mesh(&rig, gx, gy, &jitter, &diagonals);
        rig.draw(&verts, Some(&VertexColorPs)).unwrap();
        for s in 0..pattern.len() as u32 {
            for y in 0..40 {
                for x in 0..160 {
                    prop_assert_eq!(rig.sample_f(0, x, y, s)[0], 1.0, "pixel ({}, {}) sample {}", x, y, s);
                }
            }
        }
    }

    /// MSAA watertightness: random meshes of triangles sharing edges cover every sample of the
    /// target exactly once (additive blend of 1 into R32_FLOAT: every sample ends at 1), at
    /// 2, 4, 8 and 16 samples.
    #[test]
    fn shared_edges_cover_each_sample_exactly_once(
        gx in 1u32..5,
        gy in 1u32..4,
        jitter in proptest::collection::vec((0u8..=255, 0u8..=255), 1..20),
        diagonals in proptest::collection::vec(any::<bool>(), 1..12),
        which in 0usize..4,
    ) {
        let pattern: &'static [[i8; 2]] = [&P2[..], &P4, &P8, &P16][which];
        let mut rig = Rig::new(12, 10, Format::R32Float).multisampled(pattern);
        rig.blend = additive();
        let verts = mesh(&rig, gx, gy, &jitter, &diagonals);
        rig.draw(&verts, Some(&VertexColorPs)).unwrap();
        for s in 0..pattern.len() as u32 {
            for y in 0..10 {
                for x in 0..12 {
                    prop_assert_eq!(rig.sample_f(0, x, y, s)[0], 1.0, "pixel ({}, {}) sample {}", x, y, s);
                }
            }
        }
    }
}
