//! Points: one pixel-sized square around the snapped position, left/top edges inclusive,
//! right/bottom exclusive; never culled and always front-facing (SPEC §3.4, §3.6;
//! TESTCASES RS-15, RS-16 for POINTLIST).

use super::common;

use common::*;
use tessera_format::Format;
use tessera_types::{CullMode, PrimitiveTopology};

/// The pixels a single point at (x, y) lights on an 8×8 target under `cull`.
fn lit_by_point(x: f32, y: f32, cull: CullMode) -> Vec<(u32, u32)> {
    let mut r = Rig::new(8, 8, Format::R8G8B8A8Unorm);
    r.topology = PrimitiveTopology::PointList;
    r.rasterizer.cull_mode = cull;
    let v = [r.at(x, y, 0.5, [1.0; 4])];
    r.draw(&v, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let w = r.written();
    (0..r.h)
        .flat_map(|y| (0..r.w).map(move |x| (x, y)))
        .filter(|&(x, y)| w[y as usize][x as usize])
        .collect()
}

#[test]
fn rs_15_a_point_lights_the_pixel_whose_centre_its_square_holds() {
    assert_eq!(lit_by_point(2.5, 2.5, CullMode::None), [(2, 2)]);
    // The square [1.5, 2.5]²: centre (1.5, 1.5) on the inclusive left/top edges is in,
    // (2.5, *) and (*, 2.5) on the exclusive right/bottom edges are out.
    assert_eq!(lit_by_point(2.0, 2.0, CullMode::None), [(1, 1)]);
    // Just past the half-pixel, snapping (1/256) moves the square onto pixel (2, 2).
    assert_eq!(
        lit_by_point(2.0 + 1.0 / 256.0, 2.0 + 1.0 / 256.0, CullMode::None),
        [(2, 2)]
    );
}

#[test]
fn rs_15_points_ignore_the_cull_mode() {
    for cull in [CullMode::Front, CullMode::Back] {
        assert_eq!(lit_by_point(2.5, 2.5, cull), [(2, 2)], "{cull:?}");
    }
}

#[test]
fn rs_16_points_are_front_facing_whatever_the_cull_state() {
    for (cull, ccw) in [
        (CullMode::Back, false),
        (CullMode::Front, true),
        (CullMode::Front, false),
    ] {
        let mut r = Rig::new(8, 8, Format::R32G32B32A32Uint);
        r.topology = PrimitiveTopology::PointList;
        r.rasterizer.cull_mode = cull;
        r.rasterizer.front_counter_clockwise = ccw;
        let v = [r.at(3.5, 1.5, 0.5, [1.0; 4])];
        r.draw(&v, Some(&FacePs)).unwrap();
        assert_eq!(r.u(0, 3, 1), [u32::MAX, 1, 0, 0], "{cull:?} ccw {ccw}");
    }
}
