//! Coverage the pixel shader's outputs take away (SPEC §5.1, §5.3): alpha-to-coverage and the
//! shader's `SV_Coverage` output (oMask), as one sample mask per lane that the pixel stage ANDs
//! into the block's coverage before the late depth/stencil test.
//!
//! Alpha-to-coverage, Tessera's choice where D3D leaves it open (SPEC §5.3: `alpha <= 0` ⇒ no
//! sample, `alpha >= 1` ⇒ every sample, NaN ⇒ none, monotone in between, dithering allowed):
//! with `n` samples, a pixel at (x, y) covers its `k` lowest-index samples, where
//! `k = floor(alpha · n + d)` clamped to `[0, n]` and `d` is the 2×2 ordered dither
//! `DITHER[y & 1][x & 1]` (1/8, 5/8 / 7/8, 3/8). `alpha · n` is exact (`n` is a power of two),
//! so the mask is the same on every path and CPU; a 4× target shows 17 levels over a 2×2 quad.

use wide::f32x8;

use crate::block::{Coverage, LANE_X, LANE_Y, SampleCoverage};

/// What takes coverage away after the pixel shader in a draw (at most one: a shader that
/// writes `SV_Coverage` turns alpha-to-coverage off, SPEC §5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverageOut {
    /// Neither: the shader's outputs keep every sample.
    None,
    /// `AlphaToCoverageEnable`: `o0.a` through [`alpha_to_coverage`].
    Alpha,
    /// The shader's `SV_Coverage` output ([`PsOutput::coverage`](crate::shader::PsOutput)).
    Shader,
}

impl CoverageOut {
    /// The draw's: `Shader` when the pixel shader writes `SV_Coverage`, else `Alpha` when the
    /// blend state enables alpha-to-coverage.
    pub fn of(alpha_to_coverage: bool, writes_coverage: bool) -> Self {
        match (writes_coverage, alpha_to_coverage) {
            (true, _) => Self::Shader,
            (false, true) => Self::Alpha,
            (false, false) => Self::None,
        }
    }

    /// The sample masks the lanes keep, from the shader's outputs `o0` alpha and `coverage`;
    /// `None` when nothing is taken away.
    #[inline]
    pub fn keep(
        self,
        out: &crate::shader::PsOutput,
        samples: usize,
        bx: u32,
        by: u32,
    ) -> Option<[u32; 8]> {
        match self {
            Self::None => None,
            Self::Alpha => Some(alpha_to_coverage(out.targets[0][3], samples, bx, by)),
            Self::Shader => Some(out.coverage),
        }
    }
}

/// The ordered dither added to `alpha · n` (row `y & 1`, column `x & 1`).
pub const DITHER: [[f32; 2]; 2] = [[0.125, 0.625], [0.875, 0.375]];

/// The alpha-to-coverage sample masks of a block's lanes from `o0.a` (`alpha`) for a target of
/// `samples` samples, the block's top-left pixel at (`bx`, `by`); bit `s` = sample `s` kept.
#[inline]
pub fn alpha_to_coverage(alpha: f32x8, samples: usize, bx: u32, by: u32) -> [u32; 8] {
    let n = samples as f32;
    let all = u32::MAX >> (32 - samples as u32);
    let a = alpha.to_array();
    core::array::from_fn(|k| {
        let x = (bx + LANE_X[k]) as usize & 1;
        let y = (by + LANE_Y[k]) as usize & 1;
        let alpha = a[k];
        if alpha >= 1.0 {
            all
        } else if alpha > 0.0 {
            // Not NaN, in (0, 1): k < n + 1, so the shift below stays under 32.
            let covered = (alpha * n + DITHER[y][x]).floor() as u32;
            (1u32 << covered.min(samples as u32)).wrapping_sub(1) & all
        } else {
            0
        }
    })
}

/// Single-sample coverage `mask` with the lanes whose sample-0 bit of `keep` is clear removed.
#[inline]
pub fn keep_1x(mask: Coverage, keep: &[u32; 8]) -> Coverage {
    (0..8).fold(
        mask,
        |m, k| if keep[k] & 1 == 0 { m & !(1 << k) } else { m },
    )
}

/// Per-sample coverage `cov` of `count` samples with every sample a lane's `keep` mask lacks
/// removed.
#[inline]
pub fn keep_samples(cov: &mut SampleCoverage, count: usize, keep: &[u32; 8]) {
    for (s, c) in cov.iter_mut().enumerate().take(count) {
        let lanes = (0..8).fold(0u8, |m, k| m | (u8::from(keep[k] >> s & 1 != 0) << k));
        *c &= lanes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ends_and_nan_are_exact() {
        let a = f32x8::from([
            0.0,
            -1.0,
            f32::NAN,
            1.0,
            2.0,
            f32::INFINITY,
            1e-30,
            0.99999994,
        ]);
        let m = alpha_to_coverage(a, 4, 0, 0);
        assert_eq!(m[..6], [0, 0, 0, 0xf, 0xf, 0xf]);
        // 1e-30 · 4 + 7/8 (lane 6 is pixel (2, 1)) floors to 0.
        assert_eq!(m[6], 0);
        // Just below 1 at pixel (3, 1): floor(3.99999976 + 0.375) = 4 samples.
        assert_eq!(m[7], 0xf);
    }

    #[test]
    fn half_alpha_dithers_over_a_quad() {
        // 1×: alpha 0.5 keeps the pixels whose dither is >= 0.5: (1, 0) and (0, 1) of each quad.
        let m = alpha_to_coverage(f32x8::splat(0.5), 1, 0, 0);
        assert_eq!(m, [0, 1, 1, 0, 0, 1, 1, 0]);
        // 4×: 2 + d floors to 2 everywhere.
        let m = alpha_to_coverage(f32x8::splat(0.5), 4, 6, 8);
        assert_eq!(m, [0b11; 8]);
        // 4×, alpha 0.3: 1.2 + d → 1, 1, 2, 1 samples at (0,0), (1,0), (0,1), (1,1).
        let m = alpha_to_coverage(f32x8::splat(0.3), 4, 0, 0);
        assert_eq!(m[..4], [0b1, 0b1, 0b11, 0b1]);
    }

    #[test]
    fn keep_masks_apply_per_sample() {
        let keep = [0b01, 0b10, 0b11, 0, 0b01, 0b01, 0b01, 0b01];
        assert_eq!(keep_1x(0xff, &keep), 0b1111_0101);
        let mut cov = [0u8; 16];
        cov[0] = 0xff;
        cov[1] = 0xff;
        keep_samples(&mut cov, 2, &keep);
        assert_eq!(cov[0], 0b1111_0101);
        assert_eq!(cov[1], 0b0000_0110);
    }
}
