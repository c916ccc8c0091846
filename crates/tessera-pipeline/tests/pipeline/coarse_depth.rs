//! Coarse depth rejection (`om::coarse`): small triangles behind the per-tile bounds of a draw
//! are dropped before their coverage is found. The bounds never outlive a draw and start
//! unknown, so a draw of one triangle never drops anything: drawing the same triangles one per
//! draw is the per-pixel reference, and one draw of all of them must give the same bytes.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::DrawStats;
use tessera_pipeline::builtin::VertexColorPs;
use tessera_types::{ComparisonFunc, DepthStencilDesc};

const W: u32 = 64;
const H: u32 = 48;

/// Which scene [`compare`] draws.
#[derive(Clone, Copy)]
enum Scene {
    Layers,
    Large { back: f32 },
}

/// Layers of 4-pixel grid cells over the whole target, each at its own depth: flat, behind
/// (sloped), level with the first (flat), in front, crossing them, and far.
fn layers(rig: &Rig, seed: u64) -> Vec<Cv> {
    let mut r = rng(seed);
    let mut out = Vec::new();
    let depth = |layer: usize, x: f32, y: f32| match layer {
        0 | 2 => 0.3,
        1 => 0.6 + y / 1000.0,
        3 => 0.2,
        4 => 0.1 + x / 80.0,
        _ => 0.9,
    };
    for layer in 0..6 {
        for cy in 0..H / 4 {
            for cx in 0..W / 4 {
                let (x0, y0) = (cx as f32 * 4.0, cy as f32 * 4.0);
                let corner = |dx: f32, dy: f32, c: [f32; 4]| {
                    let (x, y) = (x0 + dx, y0 + dy);
                    rig.at(x, y, depth(layer, x, y), c)
                };
                let mut c = || [r(), r(), r(), 1.0];
                let (a, b, d, e) = (c(), c(), c(), c());
                out.extend([
                    corner(0.0, 0.0, a),
                    corner(4.0, 0.0, b),
                    corner(4.0, 4.0, d),
                ]);
                out.extend([
                    corner(0.0, 0.0, a),
                    corner(4.0, 4.0, d),
                    corner(0.0, 4.0, e),
                ]);
            }
        }
    }
    out
}

/// Large triangles (beyond the small-triangle extent) at random, intersecting depths, after
/// a full-target quad at `back` depth.
fn large(rig: &Rig, seed: u64, back: f32) -> Vec<Cv> {
    let mut r = rng(seed);
    let c = [0.2, 0.4, 0.6, 1.0];
    let (w, h) = (W as f32 * 3.0, H as f32 * 3.0);
    let mut out = vec![
        rig.at(0.0, 0.0, back, c),
        rig.at(w, 0.0, back, c),
        rig.at(w, h, back, c),
        rig.at(0.0, 0.0, back, c),
        rig.at(w, h, back, c),
        rig.at(0.0, h, back, c),
    ];
    for _ in 0..40 {
        let (cx, cy) = (r() * W as f32, r() * H as f32);
        for _ in 0..3 {
            let color = [r(), r(), r(), 1.0];
            out.push(rig.at(
                cx + (r() - 0.5) * 400.0,
                cy + (r() - 0.5) * 400.0,
                r(),
                color,
            ));
        }
    }
    out
}

/// The D3D11.3 standard 4× pattern (SPEC §3.8).
static P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];

fn rig(func: ComparisonFunc, depth_range: (f32, f32)) -> Rig {
    rig_samples(func, depth_range, &[])
}

fn rig_samples(func: ComparisonFunc, depth_range: (f32, f32), pattern: &'static [[i8; 2]]) -> Rig {
    let mut rig = Rig::new(W, H, Format::R8G8B8A8Unorm)
        .with_depth(Format::D32Float, &1.0f32.to_le_bytes())
        .multisampled(pattern);
    rig.ds = DepthStencilDesc {
        depth_enable: true,
        depth_write: true,
        depth_func: func,
        ..Default::default()
    };
    (rig.viewport.min_depth, rig.viewport.max_depth) = depth_range;
    rig
}

/// All the triangles in one draw, and one draw per triangle: targets, depth and the D3D
/// counters equal; the one draw's coarse rejections.
fn compare(func: ComparisonFunc, depth_range: (f32, f32), seed: u64) -> u64 {
    compare_scene(Scene::Layers, func, depth_range, seed)
}

fn compare_scene(scene: Scene, func: ComparisonFunc, depth_range: (f32, f32), seed: u64) -> u64 {
    compare_samples(scene, func, depth_range, seed, &[])
}

fn compare_samples(
    scene: Scene,
    func: ComparisonFunc,
    depth_range: (f32, f32),
    seed: u64,
    pattern: &'static [[i8; 2]],
) -> u64 {
    let rig = |func, depth_range| rig_samples(func, depth_range, pattern);
    let mut one = rig(func, depth_range);
    let verts = match scene {
        Scene::Layers => layers(&one, seed),
        Scene::Large { back } => large(&one, seed, back),
    };
    let stats = one.draw(&verts, Some(&VertexColorPs)).unwrap();
    let mut each = rig(func, depth_range);
    let mut sum = DrawStats::default();
    for tri in verts.chunks(3) {
        let s = each.draw(tri, Some(&VertexColorPs)).unwrap();
        assert_eq!(
            s.coarse_rejected, 0,
            "a one-triangle draw has no bounds yet"
        );
        sum.ps_invocations += s.ps_invocations;
        sum.samples_passed += s.samples_passed;
    }
    let what = format!("{func:?} range {depth_range:?}");
    assert!(one.colors == each.colors, "colours differ: {what}");
    assert!(one.depth == each.depth, "depth differs: {what}");
    assert_eq!(
        (stats.ps_invocations, stats.samples_passed),
        (sum.ps_invocations, sum.samples_passed),
        "{what}"
    );
    stats.coarse_rejected
}

/// Layers behind, level with and crossing earlier ones, with `Less` and `LessEqual` and with
/// depth clamped by the viewport: the bytes of the per-pixel test, and whole layers dropped.
#[test]
fn coarse_rejection_changes_nothing_but_the_work() {
    // 384 triangles per layer in 3 bands; layer 1 (behind) and the last (far) are dropped
    // whole, layer 2 (level with layer 0) only under `Less`.
    let less = compare(ComparisonFunc::Less, (0.0, 1.0), 1);
    let less_equal = compare(ComparisonFunc::LessEqual, (0.0, 1.0), 2);
    assert!(less >= 3 * 384, "Less dropped {less}");
    assert!(less_equal >= 2 * 384, "LessEqual dropped {less_equal}");
    assert!(less_equal < less, "level layer: {less_equal} vs {less}");
    // Clamped to [0.35, 0.65]: layers 0, 2, 3 and 4 partly meet at the clamp's ends.
    let clamped = compare(ComparisonFunc::Less, (0.35, 0.65), 3);
    assert!(clamped > 0, "clamped: {clamped}");
    compare(ComparisonFunc::LessEqual, (0.35, 0.65), 4);
}

/// Large triangles: the runs' pieces behind the tiles' bounds are skipped, with the bytes of
/// the per-pixel test (random intersecting triangles behind and in front of a full-target
/// quad, which tightens every tile first).
#[test]
fn coarse_rejection_of_large_triangles_changes_nothing_but_the_work() {
    let mut dropped = 0;
    for (seed, func) in [(7, ComparisonFunc::Less), (8, ComparisonFunc::LessEqual)] {
        for back in [0.3, 0.5, 0.7] {
            dropped += compare_scene(Scene::Large { back }, func, (0.0, 1.0), seed);
        }
        compare_scene(Scene::Large { back: 0.5 }, func, (0.4, 0.6), seed + 10);
    }
    assert!(dropped > 100, "dropped {dropped}");
}

/// Multisampled (4×): every sample plane keeps its own bounds, and a run piece is skipped only
/// when its depth over the samples' positions is behind every plane's; the bytes of every
/// sample are those of the per-triangle draws.
#[test]
fn coarse_rejection_at_4x_changes_nothing_but_the_work() {
    let mut dropped = 0;
    for (seed, func) in [(17, ComparisonFunc::Less), (18, ComparisonFunc::LessEqual)] {
        for back in [0.3, 0.7] {
            dropped += compare_samples(Scene::Large { back }, func, (0.0, 1.0), seed, &P4);
        }
        compare_samples(Scene::Large { back: 0.5 }, func, (0.4, 0.6), seed + 10, &P4);
    }
    assert!(dropped > 50, "dropped {dropped}");
}

/// No coarse rejection where a failed pixel may still matter or the bounds could be wrong:
/// other comparisons, depth writes off, and shaders that decide depth late.
#[test]
fn coarse_rejection_only_for_early_less_tests_that_write() {
    for func in [
        ComparisonFunc::Greater,
        ComparisonFunc::Equal,
        ComparisonFunc::NotEqual,
        ComparisonFunc::Always,
    ] {
        assert_eq!(compare(func, (0.0, 1.0), 5), 0, "{func:?}");
    }
    let mut r = rig(ComparisonFunc::Less, (0.0, 1.0));
    r.ds.depth_write = false;
    let verts = layers(&r, 6);
    assert_eq!(
        r.draw(&verts, Some(&VertexColorPs))
            .unwrap()
            .coarse_rejected,
        0
    );
    let mut r = rig(ComparisonFunc::Less, (0.0, 1.0));
    let mut ps = FlatPs::new([1.0, 0.0, 0.0, 1.0]);
    ps.may_discard = true;
    let s = r.draw(&verts, Some(&ps)).unwrap();
    assert_eq!(s.coarse_rejected, 0, "late depth");
}
