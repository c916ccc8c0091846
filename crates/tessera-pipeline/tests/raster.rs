//! Rasterization rules with exact expected pixels (TESTCASES.md RS-*).

mod common;

use common::*;

const ONE: [f32; 4] = [1.0 / 255.0, 0.0, 0.0, 0.0];

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
