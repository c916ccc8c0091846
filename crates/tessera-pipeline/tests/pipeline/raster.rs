//! Rasterization rules with exact expected pixels (TESTCASES.md RS-*).

use super::common;

use common::*;
use proptest::prelude::*;
use tessera_format::Format;
use tessera_pipeline::builtin::{TransformVs, VertexColorPs};
use tessera_pipeline::{DrawArgs, IndexBufferBinding, InputLayout, VertexBufferBinding};
use tessera_types::{ComparisonFunc, CullMode, PrimitiveTopology, Rect, Viewport};

const ONE: [f32; 4] = [1.0 / 255.0, 0.0, 0.0, 0.0];
const WHITE: [f32; 4] = [1.0; 4];

/// RS-01: two triangles sharing the diagonal x + y = 4 cover every pixel exactly once.
#[test]
fn rs01_shared_diagonal_covers_each_pixel_once() {
    let mut s = Setup::new(4, 4);
    s.blend = additive();
    let mut target = vec![0u8; 4 * 4 * 4];
    let tris = [
        v(0.0, 0.0, ONE),
        v(4.0, 0.0, ONE),
        v(0.0, 4.0, ONE),
        v(4.0, 0.0, ONE),
        v(4.0, 4.0, ONE),
        v(0.0, 4.0, ONE),
    ];
    draw_into(&s, &mut target, &tris, None);
    assert_eq!(red(&target, 4), vec![vec![1u8; 4]; 4]);
}

/// Coverage counts (red byte of an additive RGBA8 target) of pixel-space triangles.
fn counts(w: u32, h: u32, tris: &[[(f32, f32); 3]]) -> Vec<Vec<u8>> {
    let mut rig = Rig::new(w, h, Format::R8G8B8A8Unorm);
    rig.blend = additive();
    let verts: Vec<Cv> = tris
        .iter()
        .flatten()
        .map(|&(x, y)| rig.at(x, y, 0.5, ONE))
        .collect();
    rig.draw(&verts, Some(&VertexColorPs)).unwrap();
    (0..h)
        .map(|y| (0..w).map(|x| rig.bytes(0, x, y)[0]).collect())
        .collect()
}

fn expect_grid(w: u32, h: u32, f: impl Fn(u32, u32) -> u8) -> Vec<Vec<u8>> {
    (0..h).map(|y| (0..w).map(|x| f(x, y)).collect()).collect()
}

/// RS-02: a horizontal top edge through pixel centres is inclusive, a bottom edge exclusive.
#[test]
fn rs02_top_edge_inclusive_bottom_edge_exclusive() {
    let top = counts(8, 8, &[[(0.0, 0.5), (8.0, 0.5), (0.0, 8.5)]]);
    assert_eq!(top, expect_grid(8, 8, |x, y| u8::from(x + y <= 7)));
    let bottom = counts(8, 8, &[[(0.0, -7.5), (8.0, 0.5), (0.0, 0.5)]]);
    assert_eq!(bottom, vec![vec![0u8; 8]; 8]);
}

/// RS-03: left vertical edge through centres inclusive, right one exclusive.
#[test]
fn rs03_left_edge_inclusive_right_edge_exclusive() {
    let quad = [
        [(2.5, 0.0), (5.5, 0.0), (2.5, 4.0)],
        [(5.5, 0.0), (5.5, 4.0), (2.5, 4.0)],
    ];
    let got = counts(8, 4, &quad);
    assert_eq!(
        got,
        expect_grid(8, 4, |x, _| u8::from((2..=4).contains(&x)))
    );
}

/// RS-04: 16.8 fixed point, round to nearest even; a 1/1024 offset vanishes, 1/256 does not
/// (the snap function itself: `setup::tests::rs04_snap_rounds_to_nearest_even`).
#[test]
fn rs04_snapping_round_to_nearest_even() {
    let eps = 1.0 / 1024.0;
    let snapped = counts(
        8,
        8,
        &[[(0.0, 0.5 + eps), (8.0, 0.5 + eps), (0.0, 8.5 + eps)]],
    );
    let exact = counts(8, 8, &[[(0.0, 0.5), (8.0, 0.5), (0.0, 8.5)]]);
    assert_eq!(snapped, exact);
    // One full sub-pixel step below the centre line uncovers row 0.
    let step = 1.0 / 256.0;
    let moved = counts(
        8,
        8,
        &[[(0.0, 0.5 + step), (8.0, 0.5 + step), (0.0, 8.5 + step)]],
    );
    assert!(moved[0].iter().all(|&c| c == 0));
    assert_eq!(moved[1][0], 1);
}

fn full_screen(rig: &Rig, z: f32) -> Vec<Cv> {
    let _ = rig;
    vec![
        [-1.0, 1.0, z, 1.0, 0.0, 0.0, 0.0, 0.0],
        [3.0, 1.0, z, 1.0, 0.0, 0.0, 0.0, 0.0],
        [-1.0, -3.0, z, 1.0, 0.0, 0.0, 0.0, 0.0],
    ]
}

/// RS-05: SV_Position.xy is the pixel centre, z the interpolated depth, w = 1/(1/w).
#[test]
fn rs05_sv_position_is_pixel_centre() {
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    let tri = full_screen(&rig, 0.25);
    rig.draw(&tri, Some(&PositionPs)).unwrap();
    assert_eq!(rig.f(0, 3, 7), [3.5, 7.5, 0.25, 1.0]);
    for y in 0..8 {
        for x in 0..8 {
            assert_eq!(rig.f(0, x, y), [x as f32 + 0.5, y as f32 + 0.5, 0.25, 1.0]);
        }
    }
}

/// RS-06: viewport transform, checked through coverage corners and SV_Position.z.
#[test]
fn rs06_viewport_transform() {
    let mut rig = Rig::new(128, 128, Format::R32G32B32A32Float);
    rig.viewport = Viewport {
        top_left_x: 10.0,
        top_left_y: 20.0,
        width: 100.0,
        height: 50.0,
        min_depth: 0.0,
        max_depth: 1.0,
    };
    // A full-viewport quad: NDC (-1,1) → (10,20), (1,-1) → (110,70).
    let c = |x: f32, y: f32, z: f32| [x, y, z, 1.0, 0.0, 0.0, 0.0, 0.0];
    let quad = [
        c(-1.0, 1.0, 0.5),
        c(1.0, 1.0, 0.5),
        c(-1.0, -1.0, 0.5),
        c(1.0, 1.0, 0.5),
        c(1.0, -1.0, 0.5),
        c(-1.0, -1.0, 0.5),
    ];
    rig.draw(&quad, Some(&PositionPs)).unwrap();
    let written = rig.written();
    for (y, row) in written.iter().enumerate() {
        for (x, &w) in row.iter().enumerate() {
            let inside = (10..110).contains(&x) && (20..70).contains(&y);
            assert_eq!(w, inside, "pixel ({x},{y})");
        }
    }
    assert_eq!(rig.f(0, 10, 20), [10.5, 20.5, 0.5, 1.0]);
    // NDC (0,0) → (60,45): a triangle with its corner there covers (60,45) but not (59,45)/(60,44).
    let mut rig2 = Rig::new(128, 128, Format::R32G32B32A32Float);
    rig2.viewport = rig.viewport;
    rig2.draw(
        &[c(0.0, 0.0, 0.0), c(1.0, 0.0, 0.0), c(0.0, -1.0, 0.0)],
        Some(&PositionPs),
    )
    .unwrap();
    let w2 = rig2.written();
    assert!(w2[45][60] && !w2[45][59] && !w2[44][60]);
    assert!(w2[69][60] && !w2[70][60] && w2[45][108] && !w2[45][109]);
    // Depth: Zrt = MinDepth + z·(MaxDepth − MinDepth).
    for (z, min, max, expect) in [
        (0.5f32, 0.0f32, 1.0f32, 0.5f32),
        (0.0, 0.25, 0.75, 0.25),
        (1.0, 0.25, 0.75, 0.75),
        (0.5, 0.25, 0.75, 0.5),
    ] {
        let mut r = Rig::new(8, 8, Format::R32G32B32A32Float);
        r.viewport.min_depth = min;
        r.viewport.max_depth = max;
        let tri = full_screen(&r, z);
        r.draw(&tri, Some(&PositionPs)).unwrap();
        assert_eq!(r.f(0, 4, 4)[2], expect);
    }
}

/// RS-07: the implicit viewport scissor floors each edge: TopLeftX 0.5, Width 2 → columns [0, 2).
#[test]
fn rs07_implicit_scissor_with_fractional_viewport() {
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8Unorm);
    rig.viewport.top_left_x = 0.5;
    rig.viewport.width = 2.0;
    let tri = full_screen(&rig, 0.5);
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    let w = rig.written();
    for row in &w {
        assert!(row[1], "column 1 is inside the viewport");
        assert!(!row[2] && !row[3], "columns 2, 3 are outside: {w:?}");
    }
}

/// RS-08: ScissorEnable with no rectangle (default {0,0,0,0}) draws nothing; a rect clips.
#[test]
fn rs08_scissor_enable() {
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8Unorm);
    rig.rasterizer.scissor_enable = true;
    let tri = full_screen(&rig, 0.5);
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    assert!(rig.written().iter().flatten().all(|&w| !w));
    rig.scissors = vec![Rect {
        left: 1,
        top: 1,
        right: 3,
        bottom: 2,
    }];
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    assert_eq!(rig.written(), grid(&["....", ".##.", "....", "...."]));
    // Scissor disabled: the rect is ignored.
    rig.rasterizer.scissor_enable = false;
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    assert!(rig.written().iter().flatten().all(|&w| w));
}

fn depth_rig(format: Format, fill: &[u8]) -> Rig {
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8Unorm).with_depth(format, fill);
    rig.ds.depth_func = ComparisonFunc::Always;
    rig
}

/// RS-10: depth clip on discards z < 0; off, the depth is clamped to the viewport range.
#[test]
fn rs10_depth_clip() {
    let one = 1.0f32.to_le_bytes();
    for (z, clip, expected) in [
        (-0.5f32, true, None),
        (1.5, true, None),
        (-0.5, false, Some(0.0f32)),
        (1.5, false, Some(1.0)),
        (0.25, true, Some(0.25)),
    ] {
        let mut rig = depth_rig(Format::D32Float, &one);
        rig.rasterizer.depth_clip_enable = clip;
        let tri = full_screen(&rig, z);
        rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
        let stored = f32::from_bits(rig.ds_raw(2, 2) as u32);
        match expected {
            None => {
                assert!(!rig.written()[2][2], "z={z} clip={clip}");
                assert_eq!(stored, 1.0);
            }
            Some(d) => {
                assert!(rig.written()[2][2], "z={z} clip={clip}");
                assert_eq!(stored, d, "z={z} clip={clip}");
            }
        }
    }
    // With viewport MinDepth 0.2 the clamp goes to 0.2.
    let mut rig = depth_rig(Format::D32Float, &one);
    rig.rasterizer.depth_clip_enable = false;
    rig.viewport.min_depth = 0.2;
    rig.viewport.max_depth = 0.8;
    let tri = full_screen(&rig, -0.5);
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    assert_eq!(f32::from_bits(rig.ds_raw(0, 0) as u32), 0.2);
}

/// RS-11: culling from snapped winding and SV_IsFrontFace.
#[test]
fn rs11_culling_and_front_face() {
    // Screen-space clockwise (+y down): (0,0) → (4,0) → (0,4).
    let cw = [(0.0, 0.0), (4.0, 0.0), (0.0, 4.0)];
    let ccw = [(0.0, 0.0), (0.0, 4.0), (4.0, 0.0)];
    let run = |tri: [(f32, f32); 3], cull: CullMode, fcc: bool| -> Option<u32> {
        let mut rig = Rig::new(4, 4, Format::R32G32B32A32Uint);
        rig.rasterizer.cull_mode = cull;
        rig.rasterizer.front_counter_clockwise = fcc;
        let verts: Vec<Cv> = tri.iter().map(|&(x, y)| rig.at(x, y, 0.5, WHITE)).collect();
        rig.draw(&verts, Some(&FacePs)).unwrap();
        let p = rig.u(0, 0, 0);
        (p[1] == 1).then_some(p[0])
    };
    assert_eq!(run(cw, CullMode::Back, false), Some(u32::MAX));
    assert_eq!(run(cw, CullMode::Back, true), None);
    assert_eq!(run(cw, CullMode::None, true), Some(0));
    assert_eq!(run(cw, CullMode::None, false), Some(u32::MAX));
    assert_eq!(run(cw, CullMode::Front, false), None);
    assert_eq!(run(cw, CullMode::Front, true), Some(0));
    assert_eq!(run(ccw, CullMode::Back, false), None);
    assert_eq!(run(ccw, CullMode::Back, true), Some(u32::MAX));
    assert_eq!(run(ccw, CullMode::None, false), Some(0));
    // Zero area after snapping counts as back-facing and is never drawn.
    let sliver = [(0.0, 0.0), (4.0, 4.0), (2.0, 2.0 + 1.0 / 1024.0)];
    assert_eq!(run(sliver, CullMode::Front, false), None);
    assert_eq!(run(sliver, CullMode::None, false), None);
}

/// Six pixel-space vertices: two disjoint triangles (0,1,2) and (3,4,5) in a 16×16 target.
fn six(rig: &Rig) -> Vec<Cv> {
    [
        (0.0, 0.0),
        (6.0, 0.0),
        (0.0, 6.0),
        (16.0, 10.0),
        (16.0, 16.0),
        (10.0, 16.0),
    ]
    .iter()
    .map(|&(x, y)| rig.at(x, y, 0.5, ONE))
    .collect()
}

/// RS-20: an all-ones index cuts the strip: [0,1,2,cut,3,4,5] is exactly (0,1,2) and (3,4,5).
#[test]
fn rs20_strip_cut_index() {
    let mut reference = Rig::new(16, 16, Format::R8G8B8A8Unorm);
    reference.blend = additive();
    let verts = six(&reference);
    reference.draw(&verts, Some(&VertexColorPs)).unwrap();
    for format in [Format::R16Uint, Format::R32Uint] {
        let mut rig = Rig::new(16, 16, Format::R8G8B8A8Unorm);
        rig.blend = additive();
        rig.topology = PrimitiveTopology::TriangleStrip;
        let indices: Vec<u8> = if format == Format::R16Uint {
            [0u16, 1, 2, 0xffff, 3, 4, 5]
                .iter()
                .flat_map(|i| i.to_le_bytes())
                .collect()
        } else {
            [0u32, 1, 2, u32::MAX, 3, 4, 5]
                .iter()
                .flat_map(|i| i.to_le_bytes())
                .collect()
        };
        let vb = f32_bytes(&verts.concat());
        let vbs = [VertexBufferBinding {
            data: &vb,
            stride: 32,
            offset: 0,
        }];
        let ib = IndexBufferBinding {
            data: &indices,
            format,
            offset: 0,
        };
        let args = DrawArgs::Indexed {
            index_count: 7,
            start_index: 0,
            base_vertex: 0,
            instance_count: 1,
            start_instance: 0,
        };
        let vs = TransformVs { varyings: 1 };
        let ps = VertexColorPs;
        let stats = rig
            .draw_full(&layout(), &vbs, Some(ib), &vs, Some(&ps), args)
            .unwrap();
        assert_eq!(stats.ia_primitives, 2, "{format:?}");
        assert_eq!(rig.colors[0].1, reference.colors[0].1, "{format:?}");
    }
}

/// RS-21: TRIANGLELIST Draw(5) is one triangle; the two extra vertices are ignored.
#[test]
fn rs21_incomplete_primitive_dropped() {
    let mut three = Rig::new(16, 16, Format::R8G8B8A8Unorm);
    three.blend = additive();
    let verts = six(&three);
    three.draw(&verts[..3], Some(&VertexColorPs)).unwrap();
    let mut five = Rig::new(16, 16, Format::R8G8B8A8Unorm);
    five.blend = additive();
    let stats = five.draw(&verts[..5], Some(&VertexColorPs)).unwrap();
    assert_eq!(stats.ia_primitives, 1);
    assert_eq!(five.colors[0].1, three.colors[0].1);
    assert!(three.written()[0][0] && !three.written()[15][15]);
}

/// RS-22: an element fetched past the end of its vertex buffer reads (0, 0, 0, 1).
#[test]
fn rs22_short_vertex_buffer_reads_defaults() {
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    let pos: Vec<f32> = [
        // Triangle 0 (left half), triangle 1 (right half).
        (-1.0f32, 1.0f32),
        (0.0, 1.0),
        (-1.0, -1.0),
        (0.0, 1.0),
        (1.0, 1.0),
        (0.0, -1.0),
    ]
    .iter()
    .flat_map(|&(x, y)| [x, y, 0.5, 1.0])
    .collect();
    let pos = f32_bytes(&pos);
    // Slot 1 holds only vertex 0's R32G32 element: vertex 3 (triangle 1's leading vertex) is
    // past the end.
    let attr = f32_bytes(&[7.0, 9.0]);
    let vbs = [
        VertexBufferBinding {
            data: &pos,
            stride: 16,
            offset: 0,
        },
        VertexBufferBinding {
            data: &attr,
            stride: 8,
            offset: 0,
        },
    ];
    let layout = InputLayout::new(&[
        element(Format::R32G32B32A32Float, 0, 0, false),
        element(Format::R32G32Float, 1, 0, false),
    ])
    .unwrap();
    let args = DrawArgs::Vertices {
        vertex_count: 6,
        start_vertex: 0,
        instance_count: 1,
        start_instance: 0,
    };
    let vs = TransformVs { varyings: 1 };
    rig.draw_full(&layout, &vbs, None, &vs, Some(&FlatVaryingPs), args)
        .unwrap();
    // In range: the two present components, then the format defaults 0 and 1.
    assert_eq!(rig.f(0, 0, 0), [7.0, 9.0, 0.0, 1.0]);
    assert_eq!(rig.f(0, 7, 0), [0.0, 0.0, 0.0, 1.0]);
    // An unbound slot reads the same defaults.
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    rig.clear_f32(0, [5.0; 4]);
    let stats = rig
        .draw_full(&layout, &vbs[..1], None, &vs, Some(&FlatVaryingPs), args)
        .unwrap();
    assert_eq!(rig.f(0, 0, 0), [0.0, 0.0, 0.0, 1.0], "{stats:?}");
    assert_eq!(rig.f(0, 4, 0), [0.0, 0.0, 0.0, 1.0]);
}

/// RS-23: constant depth bias in format units, with DepthBiasClamp.
#[test]
fn rs23_depth_bias() {
    // D24: 0.5 + 100 / (2^24 − 1).
    let mut rig = depth_rig(Format::D24UnormS8Uint, &[0, 0, 0, 0]);
    rig.rasterizer.depth_bias = 100;
    let tri = full_screen(&rig, 0.5);
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    let z = 0.5f32 + 100.0f32 * (1.0f32 / 16_777_215.0);
    let code = (f64::from(z) * 16_777_215.0 + 0.5).floor() as u64;
    assert!((8_388_707..=8_388_708).contains(&code));
    for (x, y) in [(0, 0), (3, 3), (1, 2)] {
        assert_eq!(rig.ds_raw(x, y) & 0xff_ffff, code);
    }
    // D16: bias 1000/65535 ≈ 0.0153 is clamped to 0.001 → code of 0.501.
    let mut rig = depth_rig(Format::D16Unorm, &[0, 0]);
    rig.rasterizer.depth_bias = 1000;
    rig.rasterizer.depth_bias_clamp = 0.001;
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    assert_eq!(rig.ds_raw(2, 2), 32833);
    // Unclamped: 0.5 + 1000/65535.
    let mut rig = depth_rig(Format::D16Unorm, &[0, 0]);
    rig.rasterizer.depth_bias = 1000;
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    let z = 0.5f32 + 1000.0f32 * (1.0f32 / 65535.0);
    let code = (f64::from(z) * 65535.0 + 0.5).floor() as u64;
    assert!((33767..=33768).contains(&code));
    assert_eq!(rig.ds_raw(2, 2), code);
    // Negative clamp limits a negative bias.
    let mut rig = depth_rig(Format::D16Unorm, &[0, 0]);
    rig.rasterizer.depth_bias = -1000;
    rig.rasterizer.depth_bias_clamp = -0.001;
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    assert_eq!(rig.ds_raw(2, 2), 32702);
    // D32: DepthBias · 2^(exponent(max |z|) − 23) = 100 · 2^−24 at z = 0.5.
    let mut rig = depth_rig(Format::D32Float, &[0; 4]);
    rig.rasterizer.depth_bias = 100;
    rig.draw(&tri, Some(&FlatPs::new(WHITE))).unwrap();
    assert_eq!(
        f32::from_bits(rig.ds_raw(1, 1) as u32),
        0.5 + 100.0 * (f32::EPSILON / 2.0) // 2^-24
    );
}

/// RS-25: a NaN in any position component drops only its own triangle.
#[test]
fn rs25_nan_vertex_drops_only_its_triangle() {
    let mut reference = Rig::new(16, 16, Format::R8G8B8A8Unorm);
    reference.blend = additive();
    let verts = six(&reference);
    reference.draw(&verts[3..], Some(&VertexColorPs)).unwrap();
    for component in 0..4 {
        for vertex in 0..3 {
            let mut rig = Rig::new(16, 16, Format::R8G8B8A8Unorm);
            rig.blend = additive();
            let mut v = verts.clone();
            v[vertex][component] = f32::NAN;
            rig.draw(&v, Some(&VertexColorPs)).unwrap();
            assert_eq!(
                rig.colors[0].1, reference.colors[0].1,
                "NaN in component {component} of vertex {vertex}"
            );
        }
    }
}

/// The top-left rule in every orientation: a quad whose edges run through pixel centres,
/// split along either diagonal, each triangle wound either way, mirrored in x and/or y.
#[test]
fn top_left_rule_all_orientations() {
    let corners = |x0: f32, y0: f32, x1: f32, y1: f32| [(x0, y0), (x1, y0), (x1, y1), (x0, y1)];
    for (quad, expect) in [
        (corners(0.5, 0.5, 7.5, 7.5), (0u32, 7u32)),
        (corners(0.0, 0.0, 8.0, 8.0), (0, 8)),
        (corners(1.5, 0.5, 6.5, 5.5), (1, 6)),
    ] {
        for mirror in 0..4 {
            let m = |(x, y): (f32, f32)| {
                (
                    if mirror & 1 != 0 { 8.0 - x } else { x },
                    if mirror & 2 != 0 { 8.0 - y } else { y },
                )
            };
            let q = quad.map(m);
            // The mirrored rectangle's pixel range.
            let xs = [q[0].0.min(q[2].0), q[0].0.max(q[2].0)];
            let ys = [q[0].1.min(q[2].1), q[0].1.max(q[2].1)];
            for diagonal in 0..2 {
                for winding in 0..4 {
                    let (a, b) = if diagonal == 0 {
                        ([q[0], q[1], q[2]], [q[0], q[2], q[3]])
                    } else {
                        ([q[0], q[1], q[3]], [q[1], q[2], q[3]])
                    };
                    let flip = |t: [(f32, f32); 3], f: bool| if f { [t[0], t[2], t[1]] } else { t };
                    let tris = [flip(a, winding & 1 != 0), flip(b, winding & 2 != 0)];
                    let got = counts(8, 8, &tris);
                    let want = expect_grid(8, 8, |x, y| {
                        let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
                        u8::from(xs[0] <= cx && cx < xs[1] && ys[0] <= cy && cy < ys[1])
                    });
                    assert_eq!(
                        got, want,
                        "quad {quad:?} mirror {mirror} diagonal {diagonal} winding {winding}"
                    );
                    let _ = expect;
                }
            }
        }
    }
}

/// Quads of two diamonds sharing slanted edges through pixel centres: no pixel hit twice, and
/// the union equals the area drawn as one polygon fan from a different vertex.
#[test]
fn top_left_rule_slanted_shared_edges() {
    // Diamond around (4,4) with vertices on pixel centres, split four ways through its centre.
    let c = (4.5, 4.5);
    let ring = [(4.5, 0.5), (8.5, 4.5), (4.5, 8.5), (0.5, 4.5)];
    let fan_center: Vec<[(f32, f32); 3]> =
        (0..4).map(|i| [c, ring[i], ring[(i + 1) % 4]]).collect();
    let fan_corner = vec![[ring[0], ring[1], ring[2]], [ring[0], ring[3], ring[2]]];
    let a = counts(10, 10, &fan_center);
    let b = counts(10, 10, &fan_corner);
    assert!(a.iter().flatten().all(|&n| n <= 1));
    assert_eq!(a, b);
    // Exact: inside |x − 4.5| + |y − 4.5| < 4, plus the boundary points on the two left
    // edges (x < 4.5) and the left vertex; the top, right and bottom vertices are not covered.
    let want = expect_grid(10, 10, |x, y| {
        let (dx, dy) = (x as f32 + 0.5 - 4.5, y as f32 + 0.5 - 4.5);
        let v = dx.abs() + dy.abs() - 4.0;
        u8::from(v < 0.0 || (v == 0.0 && dx < 0.0))
    });
    assert_eq!(a, want);
}

#[derive(Debug, Clone)]
struct Mesh {
    xs: Vec<f32>,
    ys: Vec<f32>,
    /// Interior jitter per grid vertex, in 1/256 px, or a request to snap to a pixel centre.
    jitter: Vec<(i32, i32, bool)>,
    diagonals: Vec<bool>,
    windings: Vec<bool>,
}

fn offset() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(0.0f32),
        Just(0.5f32),
        (0i32..256).prop_map(|k| k as f32 / 256.0),
    ]
}

fn axis(cells: usize) -> impl Strategy<Value = Vec<f32>> {
    (
        0i32..6,
        offset(),
        proptest::collection::vec((3i32..10, offset()), cells),
    )
        .prop_map(|(start, off, steps)| {
            let mut v = vec![start as f32 + off];
            for (whole, frac) in steps {
                let last = *v.last().unwrap();
                v.push(last + whole as f32 + frac);
            }
            v
        })
}

fn mesh() -> impl Strategy<Value = Mesh> {
    (1usize..6, 1usize..6).prop_flat_map(|(nx, ny)| {
        let verts = (nx + 1) * (ny + 1);
        (
            axis(nx),
            axis(ny),
            proptest::collection::vec((-150i32..150, -150i32..150, any::<bool>()), verts),
            proptest::collection::vec(any::<bool>(), nx * ny),
            proptest::collection::vec(any::<bool>(), 2 * nx * ny),
        )
            .prop_map(|(xs, ys, jitter, diagonals, windings)| Mesh {
                xs,
                ys,
                jitter,
                diagonals,
                windings,
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// A jittered, randomly triangulated and wound grid mesh covers each pixel centre of its
    /// rectangular outline exactly once: no cracks, no double hits.
    #[test]
    fn tessellated_mesh_is_watertight(m in mesh()) {
        let (nx, ny) = (m.xs.len() - 1, m.ys.len() - 1);
        let spacing = |v: &[f32], i: usize| v[i + 1] - v[i];
        let pos = |i: usize, j: usize| -> (f32, f32) {
            let (mut x, mut y) = (m.xs[i], m.ys[j]);
            if i > 0 && i < nx && j > 0 && j < ny {
                let (jx, jy, centre) = m.jitter[j * (nx + 1) + i];
                // |jitter| < 0.2 × the smaller neighbouring cell keeps every quad convex.
                let rx = 0.2 * spacing(&m.xs, i - 1).min(spacing(&m.xs, i));
                let ry = 0.2 * spacing(&m.ys, j - 1).min(spacing(&m.ys, j));
                let dx = (jx as f32 / 150.0 * rx * 256.0).round() / 256.0;
                let dy = (jy as f32 / 150.0 * ry * 256.0).round() / 256.0;
                x += dx;
                y += dy;
                if centre {
                    let (cx, cy) = ((x - 0.5).round() + 0.5, (y - 0.5).round() + 0.5);
                    if (cx - m.xs[i]).abs() < rx && (cy - m.ys[j]).abs() < ry {
                        x = cx;
                        y = cy;
                    }
                }
            }
            (x, y)
        };
        let mut tris = Vec::new();
        for j in 0..ny {
            for i in 0..nx {
                let q = [pos(i, j), pos(i + 1, j), pos(i + 1, j + 1), pos(i, j + 1)];
                let cell = j * nx + i;
                let (a, b) = if m.diagonals[cell] {
                    ([q[0], q[1], q[2]], [q[0], q[2], q[3]])
                } else {
                    ([q[0], q[1], q[3]], [q[1], q[2], q[3]])
                };
                for (k, t) in [a, b].into_iter().enumerate() {
                    tris.push(if m.windings[2 * cell + k] { [t[0], t[2], t[1]] } else { t });
                }
            }
        }
        let got = counts(64, 64, &tris);
        let (x0, x1, y0, y1) = (m.xs[0], m.xs[nx], m.ys[0], m.ys[ny]);
        let want = expect_grid(64, 64, |x, y| {
            let (cx, cy) = (x as f32 + 0.5, y as f32 + 0.5);
            u8::from(x0 <= cx && cx < x1 && y0 <= cy && cy < y1)
        });
        prop_assert_eq!(got, want);
    }
}

/// A 5×3 RGBA8 target: columns 0–3 are written through whole-block stores, column 4 and
/// row 2 through the per-texel edge path; both must encode exactly as `f32_to_unorm`.
#[test]
fn edge_blocks_encode_like_whole_blocks() {
    let color = [0.2, 0.4, 0.6, 0.8];
    let expected = color.map(|c| tessera_format::convert::f32_to_unorm(c, 8) as u8);
    let s = Setup::new(5, 3);
    let mut target = vec![0u8; 5 * 3 * 4];
    let quad = [
        v(0.0, 0.0, color),
        v(5.0, 0.0, color),
        v(0.0, 3.0, color),
        v(5.0, 0.0, color),
        v(5.0, 3.0, color),
        v(0.0, 3.0, color),
    ];
    draw_into(&s, &mut target, &quad, None);
    for (i, px) in target.chunks(4).enumerate() {
        assert_eq!(px, expected, "pixel {i}");
    }
}
