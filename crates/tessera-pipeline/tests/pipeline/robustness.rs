//! Hostile inputs never panic (SPEC §3.2: NaN discards, huge values stay finite).

use super::common;

use common::*;
use proptest::prelude::*;
use tessera_format::Format;
use tessera_pipeline::builtin::VertexColorPs;
use tessera_types::ComparisonFunc;

fn coord() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => -3.0f32..3.0,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
        1 => Just(1.0e30f32),
        1 => Just(-1.0e30f32),
        1 => Just(1.0e-30f32),
        1 => Just(-1.0e-30f32),
        1 => Just(0.0f32),
        1 => Just(-0.0f32),
        1 => Just(f32::MAX),
        1 => Just(f32::MIN_POSITIVE),
    ]
}

fn w() -> impl Strategy<Value = f32> {
    prop_oneof![
        3 => 0.1f32..3.0,
        1 => -3.0f32..0.0,
        1 => Just(0.0f32),
        1 => Just(-0.0f32),
        1 => Just(1.0e-30f32),
        1 => Just(-1.0e-30f32),
        1 => Just(1.0e30f32),
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
    ]
}

fn vertex() -> impl Strategy<Value = Cv> {
    (coord(), coord(), coord(), w(), -2.0f32..2.0)
        .prop_map(|(x, y, z, w, c)| [x, y, z, w, c, c, c, 1.0])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn hostile_triangle_soups_never_panic(
        verts in proptest::collection::vec(vertex(), 3..45),
        depth_clip in any::<bool>(),
        bias in -100i32..100,
        slope in prop_oneof![Just(0.0f32), Just(1.0e30f32), -4.0f32..4.0],
    ) {
        let mut rig = Rig::new(32, 24, Format::R8G8B8A8Unorm).with_depth(Format::D32Float, &1.0f32.to_le_bytes());
        rig.ds.depth_func = ComparisonFunc::LessEqual;
        rig.rasterizer.depth_clip_enable = depth_clip;
        rig.rasterizer.depth_bias = bias;
        rig.rasterizer.slope_scaled_depth_bias = slope;
        rig.blend = additive();
        prop_assert!(rig.draw(&verts, Some(&VertexColorPs)).is_ok());
        // Stored depth is always a number within the viewport range.
        for y in 0..24 {
            for x in 0..32 {
                let d = f32::from_bits(rig.ds_raw(x, y) as u32);
                prop_assert!((0.0..=1.0).contains(&d), "depth {}", d);
            }
        }
    }

    /// FLT_MAX/16-bounded inputs with w > 0 draw without NaN reaching the targets (float RT).
    #[test]
    fn bounded_inputs_stay_finite(
        verts in proptest::collection::vec(
            (-3.4e34f32..3.4e34, -3.4e34f32..3.4e34, -3.4e34f32..3.4e34, 1.0e-3f32..3.4e34)
                .prop_map(|(x, y, z, w)| [x, y, z, w, 0.25, 0.5, 0.75, 1.0]),
            3..30,
        ),
    ) {
        let mut rig = Rig::new(16, 16, Format::R32G32B32A32Float);
        rig.rasterizer.depth_clip_enable = false;
        prop_assert!(rig.draw(&verts, Some(&PositionPs)).is_ok());
        for y in 0..16 {
            for x in 0..16 {
                let p = rig.f(0, x, y);
                prop_assert!(p[0].is_finite() && p[1].is_finite(), "{:?}", p);
            }
        }
    }
}

/// Extreme viewports and degenerate targets.
#[test]
fn degenerate_setups_do_not_panic() {
    let tri: Vec<Cv> = vec![
        [-1.0, 1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0],
        [3.0, 1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0],
        [-1.0, -3.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0],
    ];
    for (x, y, w, h) in [
        (-32768.0f32, -32768.0f32, 65535.0f32, 65535.0f32),
        (30000.0, 30000.0, 2767.0, 2767.0),
        (0.0, 0.0, 0.0, 0.0),
        (3.5, 2.25, 0.5, 0.5),
        (-10.0, -10.0, 5.0, 5.0),
    ] {
        let mut rig = Rig::new(5, 3, Format::R8G8B8A8Unorm);
        rig.viewport.top_left_x = x;
        rig.viewport.top_left_y = y;
        rig.viewport.width = w;
        rig.viewport.height = h;
        rig.draw(&tri, Some(&VertexColorPs)).unwrap();
    }
    // A 1×1 target and a target taller than one band with an odd height.
    for (w, h) in [(1u32, 1u32), (3, 37)] {
        let mut rig = Rig::new(w, h, Format::R8G8B8A8Unorm);
        rig.draw(&tri, Some(&FlatPs::new([1.0; 4]))).unwrap();
        assert!(rig.written().iter().flatten().all(|&b| b));
    }
}
