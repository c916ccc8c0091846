//! Aliased lines (diamond exit), line strips, wireframe fill (SPEC §3.4, §3.5, §3.7;
//! TESTCASES RS-12, RS-13, RS-14, RS-16, RS-24), line adjacency without a geometry shader.

use super::common;

use common::*;
use proptest::prelude::*;
use tessera_format::Format;
use tessera_pipeline::builtin::{TransformVs, VertexColorPs};
use tessera_pipeline::{IndexBufferBinding, VertexBufferBinding};
use tessera_types::{CullMode, FillMode, PrimitiveTopology};

/// An 8×8 RGBA8 rig drawing `topology`.
fn rig(topology: PrimitiveTopology) -> Rig {
    let mut rig = Rig::new(8, 8, Format::R8G8B8A8Unorm);
    rig.topology = topology;
    rig
}

/// Pixel-space points → clip-space vertices of `rig`.
fn pts(rig: &Rig, p: &[(f32, f32)]) -> Vec<Cv> {
    p.iter()
        .map(|&(x, y)| rig.at(x, y, 0.5, [1.0; 4]))
        .collect()
}

/// The lit pixels of target 0 as (x, y), row by row.
fn lit(rig: &Rig) -> Vec<(u32, u32)> {
    let w = rig.written();
    (0..rig.h)
        .flat_map(|y| (0..rig.w).map(move |x| (x, y)))
        .filter(|&(x, y)| w[y as usize][x as usize])
        .collect()
}

#[test]
fn rs_13_aliased_lines_are_half_open() {
    let mut r = rig(PrimitiveTopology::LineList);
    let v = pts(&r, &[(0.5, 0.5), (4.5, 0.5)]);
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert_eq!(lit(&r), [(0, 0), (1, 0), (2, 0), (3, 0)]);

    let mut r = rig(PrimitiveTopology::LineList);
    let v = pts(&r, &[(0.5, 0.5), (0.5, 4.5)]);
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert_eq!(lit(&r), [(0, 0), (0, 1), (0, 2), (0, 3)]);

    let mut r = rig(PrimitiveTopology::LineList);
    let v = pts(&r, &[(2.5, 2.5), (2.5, 2.5)]);
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert!(lit(&r).is_empty());
}

#[test]
fn rs_14_line_strip_corner_is_lit_once() {
    let corner = [(0.5, 0.5), (4.5, 0.5), (4.5, 4.5)];
    let mut strip = rig(PrimitiveTopology::LineStrip);
    strip.blend = additive();
    let v = pts(&strip, &corner);
    strip.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let mut list = rig(PrimitiveTopology::LineList);
    list.blend = additive();
    let v = pts(&list, &[corner[0], corner[1], corner[1], corner[2]]);
    list.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert_eq!(strip.colors[0].1, list.colors[0].1);
    let one = |x, y| strip.f(0, x, y)[0];
    assert_eq!(one(4, 0), 1.0);
    for i in 0..4 {
        assert_eq!((one(i, 0), one(4, i)), (1.0, 1.0));
    }
    assert_eq!(one(4, 4), 0.0);
    assert_eq!(lit(&strip).len(), 8);
}

/// Draws `v` indexed by the R16 `indices` (an index count of `indices.len()`) with a flat
/// white pixel shader, and returns the draw's statistics.
fn draw_indexed_flat(r: &mut Rig, v: &[Cv], indices: &[u16]) -> tessera_pipeline::DrawStats {
    let bytes: Vec<u8> = v.iter().flatten().flat_map(|f| f.to_le_bytes()).collect();
    let index_bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
    let vbs = [VertexBufferBinding {
        data: &bytes,
        stride: 32,
        offset: 0,
    }];
    let ib = IndexBufferBinding {
        data: &index_bytes,
        format: Format::R16Uint,
        offset: 0,
    };
    let args = tessera_pipeline::DrawArgs::Indexed {
        index_count: indices.len() as u32,
        start_index: 0,
        base_vertex: 0,
        instance_count: 1,
        start_instance: 0,
    };
    let ps = FlatPs::new([1.0; 4]);
    r.draw_full(
        &layout(),
        &vbs,
        Some(ib),
        &TransformVs { varyings: 1 },
        Some(&ps),
        args,
    )
    .unwrap()
}

/// An indexed line strip restarts at the strip-cut index (SPEC §3.10).
#[test]
fn line_strip_cut_index_restarts_the_strip() {
    let mut r = rig(PrimitiveTopology::LineStrip);
    let v = pts(&r, &[(0.5, 0.5), (4.5, 0.5), (0.5, 2.5), (4.5, 2.5)]);
    let stats = draw_indexed_flat(&mut r, &v, &[0u16, 1, 0xFFFF, 2, 3]);
    let expect: Vec<_> = [0, 2]
        .iter()
        .flat_map(|&y| (0..4).map(move |x| (x, y)))
        .collect();
    assert_eq!(lit(&r), expect);
    assert_eq!((stats.ia_primitives, stats.c_primitives), (2, 2));
}

#[test]
fn rs_16_lines_are_front_facing_whatever_the_cull_state() {
    for (cull, ccw) in [
        (CullMode::Back, false),
        (CullMode::Front, true),
        (CullMode::Front, false),
    ] {
        let mut r = Rig::new(8, 8, Format::R32G32B32A32Uint);
        r.topology = PrimitiveTopology::LineList;
        r.rasterizer.cull_mode = cull;
        r.rasterizer.front_counter_clockwise = ccw;
        let v = pts(&r, &[(4.5, 0.5), (0.5, 0.5)]);
        r.draw(&v, Some(&FacePs)).unwrap();
        for x in 1..=4 {
            assert_eq!(r.u(0, x, 0), [u32::MAX, 1, 0, 0], "{cull:?} ccw {ccw}");
        }
    }
}

#[test]
fn rs_12_degenerate_triangle_in_wireframe() {
    let tri = [(0.5, 0.5), (4.5, 0.5), (2.5, 0.5)];
    let mut r = rig(PrimitiveTopology::TriangleList);
    r.rasterizer.fill_mode = FillMode::Wireframe;
    r.rasterizer.cull_mode = CullMode::Back;
    let v = pts(&r, &tri);
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert!(lit(&r).is_empty());
    r.rasterizer.cull_mode = CullMode::None;
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    // Edges 0→1 (pixels 0..3), 1→2 (pixels 4..3), 2→0 (pixels 2..1).
    assert_eq!(lit(&r), [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]);
}

/// A wireframe triangle: its three edges, no interior, no top-left rule; a culled one draws
/// nothing and a kept one's edges inherit its facing (SPEC §3.4).
#[test]
fn wireframe_draws_the_edges_of_surviving_triangles() {
    let tri = [(0.5, 0.5), (6.5, 0.5), (0.5, 6.5)]; // clockwise on screen
    let mut r = Rig::new(8, 8, Format::R32G32B32A32Uint);
    r.rasterizer.fill_mode = FillMode::Wireframe;
    r.rasterizer.cull_mode = CullMode::Front;
    let v: Vec<Cv> = tri
        .iter()
        .map(|&(x, y)| r.at(x, y, 0.5, [1.0; 4]))
        .collect();
    r.draw(&v, Some(&FacePs)).unwrap();
    assert_eq!(r.u(0, 1, 0), [0; 4]);
    r.rasterizer.cull_mode = CullMode::Back;
    r.draw(&v, Some(&FacePs)).unwrap();
    let expect = grid(&[
        "#######.", "#....#..", "#...#...", "#..#....", "#.#.....", "##......", "#.......",
        "........",
    ]);
    let got: Vec<Vec<bool>> = (0..8)
        .map(|y| (0..8).map(|x| r.u(0, x, y)[1] == 1).collect())
        .collect();
    assert_eq!(got, expect);
    assert_eq!(r.u(0, 0, 3), [u32::MAX, 1, 0, 0]);
}

#[test]
fn rs_24_depth_bias_applies_to_wireframe_edges_only() {
    let depth_at = |topology, fill| {
        let mut r =
            Rig::new(8, 8, Format::R8G8B8A8Unorm).with_depth(Format::D32Float, &1f32.to_le_bytes());
        r.topology = topology;
        r.rasterizer.fill_mode = fill;
        r.rasterizer.depth_bias = 1000;
        let v = pts(&r, &[(0.5, 0.5), (6.5, 0.5), (0.5, 6.5)]);
        r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
        f32::from_bits(r.ds_raw(2, 0) as u32)
    };
    let line = depth_at(PrimitiveTopology::LineList, FillMode::Solid);
    let wire = depth_at(PrimitiveTopology::TriangleList, FillMode::Wireframe);
    assert_eq!(line, 0.5);
    // Float depth: 1000 · 2^(exponent(0.5) − 23) = 1000 · 2^−24.
    assert_eq!(wire, 0.5 + 1000.0 / 16_777_216.0);
}

/// Attributes vary along a line (interpolated from its snapped ends, SPEC §3.5) and depth is
/// interpolated and tested as for triangles.
#[test]
fn line_attributes_interpolate_along_the_line() {
    let mut r = Rig::new(8, 8, Format::R32G32B32A32Float);
    r.topology = PrimitiveTopology::LineList;
    let v = [
        r.at(0.5, 1.5, 0.5, [0.0; 4]),
        r.at(4.5, 1.5, 0.5, [1.0, 2.0, 4.0, 8.0]),
    ];
    r.draw(&v, Some(&VertexColorPs)).unwrap();
    for x in 0..4 {
        let t = x as f32 / 4.0;
        assert_eq!(r.f(0, x, 1), [t, 2.0 * t, 4.0 * t, 8.0 * t]);
    }
    assert_eq!(r.f(0, 4, 1), [0.0; 4]);
}

#[test]
fn lines_clip_against_the_near_plane_and_outside_lines_draw_nothing() {
    // Crossing z = 0 at x = 2.5: only the part with z >= 0 is drawn.
    let mut r = rig(PrimitiveTopology::LineList);
    let v = [
        r.at(0.5, 0.5, -1.0, [1.0; 4]),
        r.at(4.5, 0.5, 1.0, [1.0; 4]),
    ];
    let stats = r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert_eq!(lit(&r), [(2, 0), (3, 0)]);
    assert_eq!(stats.c_primitives, 1);
    // Wholly behind the near plane, and wholly left of the guard band: nothing.
    let mut r = rig(PrimitiveTopology::LineList);
    let v = [
        r.at(0.5, 0.5, -0.5, [1.0; 4]),
        r.at(4.5, 0.5, -1.5, [1.0; 4]),
        [-1e5, 0.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0],
        [-2e5, 0.5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0],
    ];
    let stats = r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert!(lit(&r).is_empty());
    assert_eq!((stats.ia_primitives, stats.c_primitives), (2, 0));
}

/// Line adjacency with no geometry shader (SPEC §3.10, §2: 10_0+): each line is its two middle
/// vertices, the adjacent ones are dropped; a list of four vertices per line, a strip whose
/// first and last vertices are adjacency only, restarted by the cut index.
#[test]
fn line_adjacency_draws_the_inner_vertices() {
    let lit_by = |topology, p: &[(f32, f32)]| {
        let mut r = rig(topology);
        r.blend = additive();
        let v = pts(&r, p);
        let stats = r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
        (r.colors[0].1.clone(), stats.ia_primitives)
    };
    // Adjacent vertices far from the line: drawing them would light row 6 or column 7.
    let (adj, n) = lit_by(
        PrimitiveTopology::LineListAdj,
        &[(0.5, 6.5), (0.5, 0.5), (4.5, 0.5), (7.5, 6.5)],
    );
    let (plain, _) = lit_by(PrimitiveTopology::LineList, &[(0.5, 0.5), (4.5, 0.5)]);
    assert_eq!(n, 1);
    assert_eq!(adj, plain);
    let corner = [(0.5, 0.5), (4.5, 0.5), (4.5, 4.5)];
    let (adj, n) = lit_by(
        PrimitiveTopology::LineStripAdj,
        &[(7.5, 7.5), corner[0], corner[1], corner[2], (0.5, 7.5)],
    );
    let (strip, _) = lit_by(PrimitiveTopology::LineStrip, &corner);
    assert_eq!(n, 2);
    assert_eq!(adj, strip);
    // An indexed strip with a cut: two strips of one line each (indices 0 1 2 3, cut, 4 5 6 7).
    let mut r = rig(PrimitiveTopology::LineStripAdj);
    let far = (7.5, 7.5);
    let v = pts(
        &r,
        &[
            far,
            (0.5, 0.5),
            (4.5, 0.5),
            far,
            far,
            (0.5, 2.5),
            (4.5, 2.5),
            far,
        ],
    );
    let stats = draw_indexed_flat(&mut r, &v, &[0u16, 1, 2, 3, 0xFFFF, 4, 5, 6, 7]);
    let expect: Vec<_> = [0, 2]
        .iter()
        .flat_map(|&y| (0..4).map(move |x| (x, y)))
        .collect();
    assert_eq!(lit(&r), expect);
    assert_eq!(stats.ia_primitives, 2);
}

fn with_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap()
        .install(f)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random strips under additive blending of 1/255: no pixel at a joint is lit by both
    /// segments (diamond exit), so every value equals the number of segments lighting the
    /// pixel drawn one by one; and the image is the same at 1 and 8 threads.
    #[test]
    fn strips_light_joints_once(points in proptest::collection::vec((0u32..16 * 256, 0u32..16 * 256), 2..8)) {
        // On the 16.8 grid, so snapping keeps them.
        let p: Vec<(f32, f32)> = points.iter().map(|&(x, y)| (x as f32 / 256.0, y as f32 / 256.0)).collect();
        let step = [1.0 / 255.0; 4];
        let draw = |topology, p: &[(f32, f32)]| {
            let mut r = Rig::new(16, 16, Format::R8G8B8A8Unorm);
            r.topology = topology;
            r.blend = additive();
            let v = pts(&r, p);
            r.draw(&v, Some(&FlatPs::new(step))).unwrap();
            r
        };
        let strip = with_threads(1, || draw(PrimitiveTopology::LineStrip, &p));
        let eight = with_threads(8, || draw(PrimitiveTopology::LineStrip, &p));
        prop_assert_eq!(&strip.colors[0].1, &eight.colors[0].1);
        // Each segment alone: a pixel's count in the strip is the number of segments lighting it.
        let mut count = vec![0u8; 256];
        for w in p.windows(2) {
            let one = draw(PrimitiveTopology::LineList, w);
            for (i, c) in count.iter_mut().enumerate() {
                *c += one.colors[0].1[4 * i];
            }
        }
        for (i, &c) in count.iter().enumerate() {
            prop_assert_eq!(strip.colors[0].1[4 * i], c);
        }
        // The pixel whose diamond holds a joint is lit by at most one of the two segments
        // meeting there (the first ends inside it).
        for k in 1..p.len() - 1 {
            let (a, b) = (draw(PrimitiveTopology::LineList, &p[k - 1..=k]), draw(PrimitiveTopology::LineList, &p[k..=k + 1]));
            let (jx, jy) = p[k];
            let holder = (0..16usize)
                .flat_map(|y| (0..16usize).map(move |x| (x, y)))
                .find(|&(x, y)| (jx - (x as f32 + 0.5)).abs() + (jy - (y as f32 + 0.5)).abs() < 0.5);
            if let Some((x, y)) = holder {
                let i = 4 * (16 * y + x);
                prop_assert!(a.colors[0].1[i] + b.colors[0].1[i] <= 1, "joint {k} lit twice");
            }
        }
    }
}
