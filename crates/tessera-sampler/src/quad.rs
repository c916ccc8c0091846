//! The 8-lane convention shared with the pipeline, and quad derivatives.
//!
//! Shaders run over 8 lanes ([`f32x8`]): lanes 0..=3 are 2×2 quad 0, lanes 4..=7 quad 1. Each quad
//! is ordered top-left, top-right, bottom-left, bottom-right:
//!
//! ```text
//! quad 0:  0 1     quad 1:  4 5
//!          2 3              6 7
//! ```
//!
//! Derivatives are a single exact `f32` subtraction per lane (no FMA, no scaling):
//! - coarse: `TR − TL` (x) / `BL − TL` (y), broadcast to all four lanes of the quad;
//! - fine: x per row (`TR − TL` for the top row, `BR − BL` for the bottom row), y per column
//!   (`BL − TL` for the left column, `BR − TR` for the right column).

use wide::f32x8;

/// A 4-component shader register over 8 lanes.
pub type Reg = [f32x8; 4];

/// Number of lanes in one shader invocation batch.
pub const LANES: usize = 8;

#[inline]
fn per_quad(v: f32x8, f: impl Fn(&[f32; 4]) -> [f32; 4]) -> f32x8 {
    let a = v.to_array();
    let q0 = f(&[a[0], a[1], a[2], a[3]]);
    let q1 = f(&[a[4], a[5], a[6], a[7]]);
    f32x8::new([q0[0], q0[1], q0[2], q0[3], q1[0], q1[1], q1[2], q1[3]])
}

/// Coarse x derivative: `TR − TL` of each quad, broadcast to the quad.
pub fn ddx_coarse(v: f32x8) -> f32x8 {
    per_quad(v, |q| [q[1] - q[0]; 4])
}

/// Coarse y derivative: `BL − TL` of each quad, broadcast to the quad.
pub fn ddy_coarse(v: f32x8) -> f32x8 {
    per_quad(v, |q| [q[2] - q[0]; 4])
}

/// Fine x derivative: `TR − TL` for the top row, `BR − BL` for the bottom row.
pub fn ddx_fine(v: f32x8) -> f32x8 {
    per_quad(v, |q| {
        let top = q[1] - q[0];
        let bottom = q[3] - q[2];
        [top, top, bottom, bottom]
    })
}

/// Fine y derivative: `BL − TL` for the left column, `BR − TR` for the right column.
pub fn ddy_fine(v: f32x8) -> f32x8 {
    per_quad(v, |q| {
        let left = q[2] - q[0];
        let right = q[3] - q[1];
        [left, right, left, right]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derivatives_follow_the_lane_layout() {
        let v = f32x8::new([0.0, 1.0, 10.0, 12.0, 5.0, 5.5, 7.0, 9.0]);
        assert_eq!(
            ddx_coarse(v).to_array(),
            [1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.5]
        );
        assert_eq!(
            ddy_coarse(v).to_array(),
            [10.0, 10.0, 10.0, 10.0, 2.0, 2.0, 2.0, 2.0]
        );
        assert_eq!(
            ddx_fine(v).to_array(),
            [1.0, 1.0, 2.0, 2.0, 0.5, 0.5, 2.0, 2.0]
        );
        assert_eq!(
            ddy_fine(v).to_array(),
            [10.0, 11.0, 10.0, 11.0, 2.0, 3.5, 2.0, 3.5]
        );
    }
}
