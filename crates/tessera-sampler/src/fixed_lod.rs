//! The isotropic LOD in 8.8 fixed point without a logarithm: `to_fixed(0.5 · log2(a))` read
//! from the exponent of `a` and a table of mantissa thresholds, bit-identical to
//! [`crate::lod::to_fixed`] of [`crate::lod::isotropic`]'s value wherever it answers.
//!
//! **Why it is exact.** `to_fixed(0.5 · L) = round(128 · L)` (both scalings are exact), where
//! `L` is [`crate::lod::log2`]`(a)`: the true `λ = log2 a` plus a series error below 2⁻³³ and
//! one rounding to `f32` (at most 2⁻¹⁸, as `|L| < 128`), so `|128 L − 128 λ| < 2⁻¹⁰`. For
//! `a = m · 2^e` (`m ∈ [1, 2)`), `round(128 λ) = 128 e + j` with `j` the number of thresholds
//! `2^((i + ½)/128)` (`i = 0..128`) at or below `m`. The table holds those thresholds as
//! mantissa bits, each within one unit of the true value; an `a` whose mantissa is at least
//! [`NEAR`] units from every table entry is at least 255 units (·2⁻²³) from every true
//! threshold, where `128 log2 m` (slope ≥ 128 / (2 ln 2) > 92) is more than
//! 92 · 255 · 2⁻²³ > 2⁻⁸ from every half-integer, so `128 L` rounds as `128 λ` does. Closer
//! mantissas (under 1 % of them) and non-normal `a` get `None`: the caller evaluates `log2`.

/// Mantissa units (2⁻²³) around a threshold where the table does not answer.
const NEAR: i32 = 256;

/// `2^x` for `0 ≤ x ≤ 2` as a Taylor series of `e^(x ln 2)` in `f64` (far below one mantissa
/// unit of error; the table only needs the thresholds to within one unit).
const fn exp2(x: f64) -> f64 {
    let y = x * core::f64::consts::LN_2;
    let (mut term, mut sum, mut k) = (1.0, 1.0, 1);
    while k < 40 {
        term = term * y / k as f64;
        sum += term;
        k += 1;
    }
    sum
}

/// `STEPS[i + 1]` = mantissa bits `(2^((i + ½)/128) − 1) · 2²³` of threshold `i` (0..=128; the
/// last lies beyond every mantissa), `STEPS[0]` a sentinel below every mantissa.
static STEPS: [i32; 130] = {
    let mut t = [-(1 << 24); 130];
    let mut i = 0;
    while i < 129 {
        let m = exp2((i as f64 + 0.5) / 128.0);
        t[i + 1] = ((m - 1.0) * 8_388_608.0 + 0.5) as i32;
        i += 1;
    }
    t
};

/// `FIRST[b]` = the number of thresholds below mantissa bucket `b` (top 8 mantissa bits). A
/// bucket (width 2⁻⁸) holds at most one threshold, as they are at least `2^(1/128) − 1 > 2⁻⁸`
/// apart.
static FIRST: [u8; 256] = {
    let mut f = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let mut n = 0;
        while STEPS[n + 1] < (b as i32) << 15 {
            n += 1;
        }
        f[b] = n as u8;
        b += 1;
    }
    f
};

/// `to_fixed(0.5 · log2(a))` (no bias, no clamps), or `None` where the table cannot decide it
/// (`a` not a positive normal number, or its mantissa within [`NEAR`] units of a threshold).
#[inline]
pub(crate) fn half_log2_fixed(a: f32) -> Option<i32> {
    let bits = a.to_bits();
    // Positive normal: bits in 0x0080_0000..=0x7f7f_ffff.
    if bits.wrapping_sub(0x0080_0000) >= 0x7f00_0000 {
        return None;
    }
    let e = (bits >> 23) as i32 - 127;
    let mb = (bits & 0x7f_ffff) as i32;
    let below = usize::from(FIRST[(mb >> 15) as usize]);
    let j = below + usize::from(mb >= STEPS[below + 1]);
    // STEPS[j] ≤ mb < STEPS[j + 1]; j ≤ 128.
    if mb - STEPS[j] < NEAR || STEPS[j + 1] - mb <= NEAR {
        return None;
    }
    Some(128 * e + j as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lod::{log2, to_fixed};

    fn core(a: f32) -> i32 {
        to_fixed(0.5 * log2(a))
    }

    /// The table against the exact thresholds (f64 `exp2` from the platform's libm).
    #[test]
    #[expect(
        clippy::disallowed_methods,
        reason = "the platform exp2 as an independent reference, within one unit"
    )]
    fn thresholds_within_one_unit() {
        for i in 0..129 {
            let t = ((i as f64 + 0.5) / 128.0).exp2();
            assert!(
                ((t - 1.0) * 8_388_608.0 - f64::from(STEPS[i + 1])).abs() <= 1.0,
                "{i}"
            );
        }
    }

    /// Every mantissa at exponents −1, 0 and 127 (the largest rounding error of `L`), every
    /// 4099th mantissa at every exponent, and the neighbourhood of every threshold at a spread
    /// of exponents: where the table answers, it is the core's value; it answers for > 99 %.
    #[test]
    fn matches_the_core() {
        // Whether the table answered (and then agreed).
        let check = |bits: u32| {
            let a = f32::from_bits(bits);
            let f = half_log2_fixed(a);
            if let Some(f) = f {
                assert_eq!(f, core(a), "{a:e} {bits:#x}");
            }
            f.is_some()
        };
        let mut answered = 0u32;
        for e in [126u32, 127, 254] {
            for m in 0..1 << 23 {
                answered += u32::from(check(e << 23 | m));
            }
        }
        assert!(answered > 3 * (1 << 23) / 100 * 99, "{answered}");
        for e in 1..=254u32 {
            for m in (0..1 << 23).step_by(4099) {
                check(e << 23 | m);
            }
        }
        for e in [1u32, 64, 120, 126, 127, 128, 134, 190, 253, 254] {
            for &t in &STEPS[1..129] {
                for m in (t - 2 * NEAR).max(0)..(t + 2 * NEAR).min(1 << 23) {
                    check(e << 23 | m as u32);
                }
            }
        }
        for a in [
            0.0,
            -0.0,
            -1.0,
            f32::MIN_POSITIVE / 2.0,
            f32::INFINITY,
            f32::NAN,
        ] {
            assert_eq!(half_log2_fixed(a), None, "{a}");
        }
    }

    /// Every positive normal `f32`. Release only (about 45 s of one core; `.ci/run` runs it):
    /// ignored where debug assertions are on.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "exhaustive: run in release by .ci/run")]
    fn matches_the_core_exhaustively() {
        for bits in 0x0080_0000..=0x7f7f_ffffu32 {
            let a = f32::from_bits(bits);
            if let Some(f) = half_log2_fixed(a) {
                assert_eq!(f, core(a), "{a:e} {bits:#x}");
            }
        }
    }
}
