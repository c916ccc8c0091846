//! LOD computation (SPEC §4.3): isotropic and anisotropic footprints, bias, clamps, and the
//! 8.8 fixed-point LOD used for mip selection.
//!
//! Every lane runs the same fixed sequence of `f32` operations (no FMA); `log2` is [`log2`],
//! this crate's own, so the LOD does not depend on the platform's libm (which may pick FMA
//! code paths at run time).
//! **Fixed-point LOD (RefDev choice):** `lod_fx = round_half_away(lod · 256)`, saturated to
//! ±2^24; NaN LOD is treated as 0 before bias and clamps.

/// `atanh(s)/s = Σ s^(2k)/(2k+1)`; `|s| ≤ 1/3`, so ten terms leave an error below 1e-10, far
/// under f32 resolution. Evaluated in Horner form, plain f64 multiplies and adds.
const INV_ODD: [f64; 10] = [
    1.0,
    1.0 / 3.0,
    1.0 / 5.0,
    1.0 / 7.0,
    1.0 / 9.0,
    1.0 / 11.0,
    1.0 / 13.0,
    1.0 / 15.0,
    1.0 / 17.0,
    1.0 / 19.0,
];

/// `log2(x)` from plain f64 arithmetic: exponent plus `2/ln 2 · atanh((m−1)/(m+1))` for the
/// mantissa `m ∈ [1, 2)`, summed to well below f32 precision, then rounded once to f32.
/// Special values follow IEEE: `log2(0) = −∞`, negative or NaN → NaN, `log2(∞) = ∞`.
pub fn log2(x: f32) -> f32 {
    if x.is_nan() || x < 0.0 {
        return f32::NAN;
    }
    if x == 0.0 {
        return f32::NEG_INFINITY;
    }
    if x.is_infinite() {
        return f32::INFINITY;
    }
    let v = f64::from(x);
    let bits = v.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut series = 0.0;
    for c in INV_ODD.iter().rev() {
        series = series * s2 + c;
    }
    let sum = s * series;
    (exponent as f64 + sum * (2.0 / core::f64::consts::LN_2)) as f32
}

/// [`log2`] of two values at once on `f64x2` (the same IEEE operations in the same order per
/// element, so bit-identical); the special values go through [`log2`] itself.
#[inline]
pub(crate) fn log2x2(x: [f32; 2]) -> [f32; 2] {
    use wide::{f64x2, u64x2};
    // Positive, finite and non-zero: the bits are 1..=0x7f7f_ffff.
    let normal = |v: f32| v.to_bits().wrapping_sub(1) < 0x7f7f_ffff;
    if !(normal(x[0]) && normal(x[1])) {
        return [log2(x[0]), log2(x[1])];
    }
    let bits: u64x2 = bytemuck::cast(f64x2::new([f64::from(x[0]), f64::from(x[1])]));
    // The biased exponent (0..=2047) as f64, exactly: OR it into the mantissa of 2^52.
    let two52: u64 = 0x4330_0000_0000_0000;
    let biased: f64x2 = bytemuck::cast(((bits >> 52) & u64x2::splat(0x7ff)) | u64x2::splat(two52));
    let exponent = (biased - f64x2::splat(4_503_599_627_370_496.0)) - f64x2::splat(1023.0);
    let m: f64x2 = bytemuck::cast(
        (bits & u64x2::splat(0x000f_ffff_ffff_ffff)) | u64x2::splat(0x3ff0_0000_0000_0000),
    );
    let one = f64x2::splat(1.0);
    let s = (m - one) / (m + one);
    let s2 = s * s;
    let mut series = f64x2::ZERO;
    for c in INV_ODD.iter().rev() {
        series = series * s2 + f64x2::splat(*c);
    }
    let sum = s * series;
    let r = (exponent + sum * f64x2::splat(2.0 / core::f64::consts::LN_2)).to_array();
    [r[0] as f32, r[1] as f32]
}

/// `max(|dX|², |dY|²)` of texel-space derivatives, whose `0.5 · log2` is [`isotropic`].
#[inline]
pub(crate) fn isotropic_arg(dx: [f32; 3], dy: [f32; 3]) -> f32 {
    let lx = dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2];
    let ly = dy[0] * dy[0] + dy[1] * dy[1] + dy[2] * dy[2];
    if ly > lx { ly } else { lx }
}

/// Texel-space derivative lengths → isotropic LOD: `log2(max(|dX|, |dY|))`, computed as
/// `0.5 · log2(max(|dX|², |dY|²))`. `dx`/`dy` are already scaled to texels.
#[inline]
pub fn isotropic(dx: [f32; 3], dy: [f32; 3]) -> f32 {
    0.5 * log2(isotropic_arg(dx, dy))
}

/// Result of the anisotropic footprint analysis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnisoFootprint {
    /// `log2(Lminor)`.
    pub lod: f32,
    /// Probe count: `ceil(ratio)` clamped to `1..=max_aniso`.
    pub probes: u32,
    /// Which derivative is the major axis: `false` = dX, `true` = dY (ties → dX).
    pub major_is_y: bool,
}

/// Anisotropic footprint of two texel-space 2D derivatives (§4.3 formulas, no forced Lminor = 1).
pub fn anisotropic(dx: [f32; 2], dy: [f32; 2], max_aniso: u32) -> AnisoFootprint {
    let lx2 = dx[0] * dx[0] + dx[1] * dx[1];
    let ly2 = dy[0] * dy[0] + dy[1] * dy[1];
    let det = (dx[0] * dy[1] - dx[1] * dy[0]).abs();
    let major_is_y = ly2 > lx2;
    let major2 = if major_is_y { ly2 } else { lx2 };
    let lmajor = major2.sqrt();
    let max = max_aniso.clamp(1, 16) as f32;
    let mut ratio = major2 / det;
    let lminor;
    if ratio <= max {
        lminor = det / lmajor;
    } else {
        // Also catches NaN (0/0) and +inf (det = 0).
        ratio = max;
        lminor = lmajor / ratio;
    }
    if lminor < 1.0 {
        let r = ratio * lminor;
        ratio = if r > 1.0 { r } else { 1.0 };
    }
    let probes = if ratio.is_nan() {
        1
    } else {
        (ratio.ceil() as u32).clamp(1, max_aniso.clamp(1, 16))
    };
    AnisoFootprint {
        lod: log2(lminor),
        probes,
        major_is_y,
    }
}

/// Applies bias and the sampler clamp: `max(MinLOD, min(MaxLOD, lod + bias))` (MinLOD wins).
#[inline]
pub fn bias_and_clamp(lod: f32, bias: f32, min_lod: f32, max_lod: f32) -> f32 {
    let lod = if lod.is_nan() { 0.0 } else { lod };
    let l = lod + bias;
    let l = if l > max_lod { max_lod } else { l };
    if min_lod > l { min_lod } else { l }
}

/// LOD in 8.8 fixed point (round half away from zero, saturated to ±2^24).
///
/// Computed without a libm call: saturating first is the same as saturating the rounded value
/// (rounding is monotone and ±2^24 are integers); then `|x| + ½` in `f64` is exact whenever it
/// matters (for `|x| ≥ ¼` it spans at most 26 bits; smaller `|x|` round to 0 either way), and
/// truncating that positive sum is `floor(|x| + ½)`. `tests::to_fixed_matches_roundf` checks
/// it against `f32::round`.
#[inline]
pub fn to_fixed(lod: f32) -> i32 {
    let l = if lod.is_nan() { 0.0 } else { lod };
    let x = (l * 256.0).clamp(-16_777_216.0, 16_777_216.0);
    let r = (f64::from(x.abs()) + 0.5) as i32;
    if x < 0.0 { -r } else { r }
}

/// MIP_POINT level: `floor(LOD + 0.5)` clamped to `0..mips`.
#[inline]
pub fn mip_point(lod_fx: i32, mips: u32) -> u32 {
    let l = (lod_fx + 128) >> 8;
    l.clamp(0, mips as i32 - 1) as u32
}

/// MIP_LINEAR levels and the 8-bit weight of the second: `(m0, m1, w1)`, both clamped.
#[inline]
pub fn mip_linear(lod_fx: i32, mips: u32) -> (u32, u32, u32) {
    let last = mips as i32 - 1;
    let m0 = lod_fx >> 8;
    let w = (lod_fx & 255) as u32;
    let a = m0.clamp(0, last) as u32;
    let b = (m0 + 1).clamp(0, last) as u32;
    if a == b { (a, a, 0) } else { (a, b, w) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tx07_tx09() {
        let l = isotropic([4.0, 0.0, 0.0], [0.0, 4.0, 0.0]);
        assert_eq!(l, 2.0);
        assert_eq!(mip_point(to_fixed(l), 9), 2);
        assert_eq!(
            mip_point(to_fixed(bias_and_clamp(l, 1.5, f32::MIN, f32::MAX)), 9),
            4
        );
        assert_eq!(
            mip_point(to_fixed(bias_and_clamp(l, 1.5, f32::MIN, 3.0)), 9),
            3
        );
        assert_eq!(bias_and_clamp(0.0, 0.0, 4.0, 3.0), 4.0);
        assert_eq!(mip_point(to_fixed(1.49), 9), 1);
        assert_eq!(mip_point(to_fixed(1.5), 9), 2);
        assert_eq!(mip_linear(to_fixed(1.25), 9), (1, 2, 64));
        assert_eq!(mip_linear(to_fixed(-3.0), 9), (0, 0, 0));
        assert_eq!(mip_linear(to_fixed(8.5), 9), (8, 8, 0));
    }

    /// The reference: `f32::round` (half away from zero), then the saturation.
    fn to_fixed_roundf(lod: f32) -> i32 {
        let l = if lod.is_nan() { 0.0 } else { lod };
        (l * 256.0).round().clamp(-16_777_216.0, 16_777_216.0) as i32
    }

    /// Every 97th bit pattern and the neighbourhoods of all half-integer 8.8 boundaries up to
    /// ±2^17 (and the saturation edges); `to_fixed_matches_roundf_exhaustively` covers all.
    #[test]
    fn to_fixed_matches_roundf() {
        let check =
            |l: f32| assert_eq!(to_fixed(l), to_fixed_roundf(l), "{l:e} {:#x}", l.to_bits());
        for b in (0..=u32::MAX).step_by(97) {
            check(f32::from_bits(b));
        }
        let around = |x: f32| {
            let b = x.to_bits();
            for d in 0..4 {
                check(f32::from_bits(b.wrapping_add(d)));
                check(f32::from_bits(b.wrapping_sub(d)));
            }
        };
        for k in -(1 << 17)..(1 << 17) {
            let x = (k as f32 + 0.5) / 256.0;
            around(x);
            around(-x);
        }
        for x in [16_777_216.0f32, 16_777_215.5, 16_777_216.5, 0.0, 0.5, 1.0] {
            around(x / 256.0);
            around(-x / 256.0);
        }
    }

    /// All 2^32 inputs. Release only (about 30 s of one core; `.ci/run` runs it): ignored where
    /// debug assertions are on.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "exhaustive: run in release by .ci/run")]
    fn to_fixed_matches_roundf_exhaustively() {
        for b in 0..=u32::MAX {
            let l = f32::from_bits(b);
            assert_eq!(to_fixed(l), to_fixed_roundf(l), "{:#x}", b);
        }
    }

    #[test]
    fn aniso_ratio() {
        // 16:1 footprint, minor axis 1 texel.
        let f = anisotropic([16.0, 0.0], [0.0, 1.0], 16);
        assert_eq!((f.lod, f.probes, f.major_is_y), (0.0, 16, false));
        // Clamped to 4: Lminor = 16/4 = 4 → LOD 2.
        let f = anisotropic([0.0, 1.0], [16.0, 0.0], 4);
        assert_eq!((f.lod, f.probes, f.major_is_y), (2.0, 4, true));
        // Magnified: Lminor < 1 shrinks the ratio.
        let f = anisotropic([0.5, 0.0], [0.0, 0.25], 16);
        assert_eq!((f.lod, f.probes), (-2.0, 1));
        let f = anisotropic([0.0, 0.0], [0.0, 0.0], 16);
        assert_eq!(f.probes, 1);
    }
}

#[cfg(test)]
mod log2_tests {
    use super::log2;

    #[test]
    #[expect(
        clippy::disallowed_methods,
        reason = "reference values: powi of 2 is exact here, the platform log2 is a tolerance check"
    )]
    fn exact_on_powers_of_two_and_close_elsewhere() {
        for e in -126..=127 {
            let x = 2f32.powi(e);
            assert_eq!(log2(x), e as f32, "2^{e}");
        }
        for i in 1..2000 {
            let x = i as f32 * 0.37;
            let diff = (log2(x) - x.log2()).abs();
            assert!(diff <= 2.0 * f32::EPSILON * x.log2().abs().max(1.0), "{x}");
        }
        assert!(log2(-1.0).is_nan());
        // The two-lane version, bit for bit, on every exponent and pseudo-random mantissas.
        let mut r = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200_000 {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            let pair = [f32::from_bits(r as u32), f32::from_bits((r >> 32) as u32)];
            let want = pair.map(|v| log2(v).to_bits());
            assert_eq!(super::log2x2(pair).map(f32::to_bits), want, "{pair:?}");
        }
        for e in 0..=255u32 {
            let v = f32::from_bits(e << 23 | 0x2a_5a5a);
            let pair = [v, f32::from_bits(e << 23)];
            let want = pair.map(|v| log2(v).to_bits());
            assert_eq!(super::log2x2(pair).map(f32::to_bits), want, "{pair:?}");
        }
        assert_eq!(log2(0.0), f32::NEG_INFINITY);
        assert_eq!(log2(f32::INFINITY), f32::INFINITY);
    }
}
