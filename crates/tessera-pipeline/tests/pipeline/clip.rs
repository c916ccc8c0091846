//! Clipping against w > 0 and the near plane (SPEC §3.2).

use super::common;

use common::*;
use tessera_format::Format;

/// Coverage of a triangle with homogeneous vertices, computed analytically: a pixel whose NDC
/// point is (X, Y) is inside when (X, Y, 1) = Σ uᵢ (xᵢ, yᵢ, wᵢ) with every uᵢ > 0 (the visible,
/// w > 0 part). When every uᵢ < 0 the point is the image of the part behind the eye, which
/// must never be drawn.
fn classify(v: &[[f64; 3]; 3], x: f64, y: f64) -> Option<bool> {
    let m = |r: usize, c: usize| v[c][r];
    let det = m(0, 0) * (m(1, 1) * m(2, 2) - m(1, 2) * m(2, 1))
        - m(0, 1) * (m(1, 0) * m(2, 2) - m(1, 2) * m(2, 0))
        + m(0, 2) * (m(1, 0) * m(2, 1) - m(1, 1) * m(2, 0));
    let p = [x, y, 1.0];
    // Cramer's rule.
    let u: Vec<f64> = (0..3)
        .map(|k| {
            let col = |c: usize, r: usize| if c == k { p[r] } else { m(r, c) };
            let d = col(0, 0) * (col(1, 1) * col(2, 2) - col(2, 1) * col(1, 2))
                - col(1, 0) * (col(0, 1) * col(2, 2) - col(2, 1) * col(0, 2))
                + col(2, 0) * (col(0, 1) * col(1, 2) - col(1, 1) * col(0, 2));
            d / det
        })
        .collect();
    let scale = u.iter().map(|c| c.abs()).fold(0.0, f64::max);
    let tol = 1e-3 * scale;
    if u.iter().all(|&c| c > tol) {
        Some(true)
    } else if u.iter().any(|&c| c < -tol) {
        Some(false)
    } else {
        None
    }
}

fn check(tri: [[f32; 4]; 3]) -> (usize, usize) {
    let mut rig = Rig::new(32, 32, Format::R8G8B8A8Unorm);
    let verts: Vec<Cv> = tri
        .iter()
        .map(|p| [p[0], p[1], 0.5 * p[3], p[3], 1.0, 1.0, 1.0, 1.0])
        .collect();
    rig.draw(&verts, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let v = tri.map(|p| [f64::from(p[0]), f64::from(p[1]), f64::from(p[3])]);
    let written = rig.written();
    let (mut inside, mut behind) = (0, 0);
    for (py, row) in written.iter().enumerate() {
        for (px, &w) in row.iter().enumerate() {
            let x = (px as f64 + 0.5) / 16.0 - 1.0;
            let y = 1.0 - (py as f64 + 0.5) / 16.0;
            match classify(&v, x, y) {
                Some(true) => {
                    inside += 1;
                    assert!(w, "visible pixel ({px},{py}) not drawn");
                }
                Some(false) => {
                    assert!(!w, "pixel ({px},{py}) outside the visible part drawn");
                    // Image of the part behind the eye (all weights negative).
                    if classify(&v.map(|c| [-c[0], -c[1], -c[2]]), x, y) == Some(true) {
                        behind += 1;
                    }
                }
                None => {}
            }
        }
    }
    (inside, behind)
}

/// A triangle with one vertex behind the eye: only its w > 0 part is drawn, never the
/// mirrored image of the part behind the eye.
#[test]
fn triangle_crossing_w_zero_clips() {
    let tris = [
        [
            [-0.5, -0.5, 0.0, 1.0],
            [0.5, -0.5, 0.0, 1.0],
            [0.2, 0.8, 0.0, -0.5],
        ],
        [
            [-0.9, 0.1, 0.0, 1.0],
            [0.3, 0.2, 0.0, -0.25],
            [0.1, -0.8, 0.0, -1.0],
        ],
        [
            [0.0, 0.0, 0.0, 0.5],
            [0.3, -0.05, 0.0, -2.0],
            [-0.4, 0.7, 0.0, 2.0],
        ],
    ];
    let mut any_behind = 0;
    for tri in tris {
        let (inside, behind) = check(tri);
        assert!(inside > 10, "{tri:?}: {inside}");
        any_behind += behind;
    }
    assert!(
        any_behind > 10,
        "the behind-the-eye image falls on screen: {any_behind}"
    );
}

/// Near plane (z = 0) with depth clip: a triangle whose z crosses 0 keeps only z ≥ 0.
#[test]
fn near_plane_clip() {
    let mut rig = Rig::new(32, 32, Format::R8G8B8A8Unorm);
    // z = x (NDC): left half has z < 0 and is clipped, right half stays.
    let c = |x: f32, y: f32| [x, y, x, 1.0, 1.0, 1.0, 1.0, 1.0];
    let quad = [
        c(-1.0, 1.0),
        c(1.0, 1.0),
        c(-1.0, -1.0),
        c(1.0, 1.0),
        c(1.0, -1.0),
        c(-1.0, -1.0),
    ];
    rig.draw(&quad, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let w = rig.written();
    for row in &w {
        assert!(row[..15].iter().all(|&b| !b));
        assert!(row[17..].iter().all(|&b| b));
    }
    // Depth clip off: everything is drawn.
    rig.rasterizer.depth_clip_enable = false;
    rig.draw(&quad, Some(&FlatPs::new([1.0; 4]))).unwrap();
    assert!(rig.written().iter().flatten().all(|&b| b));
}

/// Guard band: a huge triangle (vertices far outside the viewport) still covers exactly the
/// pixels of its on-screen part.
#[test]
fn guard_band_clipping_matches_small_triangle() {
    let mut big = Rig::new(32, 32, Format::R8G8B8A8Unorm);
    let mut small = Rig::new(32, 32, Format::R8G8B8A8Unorm);
    // Edge B → C runs through (−1, −1) and (1, 0.5), extended far beyond the viewport; the
    // third vertex D is far up-left, so the on-screen part is everything above B → C.
    let big_tri = [
        [-1.0f32, -1.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0],
        [
            -1.0 + 2.0 * 4.0e4,
            -1.0 + 1.5 * 4.0e4,
            0.5,
            1.0,
            1.0,
            1.0,
            1.0,
            1.0,
        ],
        [-1.0e5, 1.0e5, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0],
    ];
    big.draw(&big_tri, Some(&FlatPs::new([1.0; 4]))).unwrap();
    let c = |x: f32, y: f32| [x, y, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0];
    let small_tri = [
        c(-1.0, -1.0),
        c(1.0, 0.5),
        c(1.0, 1.0),
        c(-1.0, -1.0),
        c(1.0, 1.0),
        c(-1.0, 1.0),
    ];
    small
        .draw(&small_tri, Some(&FlatPs::new([1.0; 4])))
        .unwrap();
    let (b, s) = (big.written(), small.written());
    let mut differ = 0;
    for (rb, rs) in b.iter().zip(&s) {
        for (&pb, &ps) in rb.iter().zip(rs) {
            differ += usize::from(pb != ps);
        }
    }
    // The clipped edge may move by rounding of the clip intersection; allow a thin seam only.
    assert!(differ <= 2, "{differ} pixels differ");
    assert!(s.iter().flatten().filter(|&&p| p).count() > 300);
}
