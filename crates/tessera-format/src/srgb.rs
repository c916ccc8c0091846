//! sRGB transfer curves (§4.7) with deterministic, libm-free math and exact 8-bit tables.
//!
//! `x^y` is computed as `exp(y·ln x)` in f64 from basic IEEE operations only (no FMA, no
//! platform libm), so the curves and the tables built from them are bit-identical on every build.
//! The tables are evaluated at compile time.

/// High part of ln 2 (fdlibm split: low mantissa bits zero, so `k·LN2_HI` is exact).
const LN2_HI: f64 = f64::from_bits(0x3fe6_2e42_fee0_0000);
/// ln 2 - LN2_HI.
const LN2_LO: f64 = f64::from_bits(0x3dea_39ef_3579_3c76);
const LN2: f64 = core::f64::consts::LN_2;
const SQRT_HALF: f64 = core::f64::consts::FRAC_1_SQRT_2;

/// Natural log for finite x > 0 (|rel err| ~1e-16): x = m·2^e, ln = e·ln2 + 2·atanh((m-1)/(m+1)).
const fn ln(x: f64) -> f64 {
    let bits = x.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | 0x3ff0_0000_0000_0000);
    if m > 2.0 * SQRT_HALF {
        m /= 2.0;
        e += 1;
    }
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let mut term = s;
    let mut sum = 0.0;
    let mut k = 1.0;
    while k < 40.0 {
        sum += term / k;
        term *= s2;
        k += 2.0;
    }
    let ef = e as f64;
    ef * LN2_HI + (ef * LN2_LO + 2.0 * sum)
}

/// e^y for y in roughly [-745, 0.1] (only used with y <= small positive here).
const fn exp(y: f64) -> f64 {
    let kf = y / LN2;
    let k = if kf < 0.0 {
        (kf - 0.5) as i64
    } else {
        (kf + 0.5) as i64
    };
    if k < -1020 {
        return 0.0;
    }
    let r = (y - k as f64 * LN2_HI) - k as f64 * LN2_LO;
    let mut sum = 1.0;
    let mut term = 1.0;
    let mut n = 1.0;
    while n < 24.0 {
        term = term * r / n;
        sum += term;
        n += 1.0;
    }
    sum * f64::from_bits(((1023 + k) as u64) << 52)
}

/// x^y for x > 0 via exp(y·ln x).
const fn pow(x: f64, y: f64) -> f64 {
    exp(y * ln(x))
}

/// sRGB-encoded → linear in f64: `c <= 0.04045 ? c/12.92 : ((c+0.055)/1.055)^2.4`, clamped to [0,1].
const fn decode64(c: f64) -> f64 {
    if c.is_nan() || c <= 0.0 {
        0.0
    } else if c >= 1.0 {
        1.0
    } else if c <= 0.04045 {
        c / 12.92
    } else {
        pow((c + 0.055) / 1.055, 2.4)
    }
}

/// Linear → sRGB-encoded in f64: `c <= 0.0031308 ? 12.92c : 1.055c^(1/2.4) - 0.055`, clamped to [0,1].
const fn encode64(c: f64) -> f64 {
    if c.is_nan() || c <= 0.0 {
        0.0
    } else if c >= 1.0 {
        1.0
    } else if c <= 0.0031308 {
        c * 12.92
    } else {
        1.055 * pow(c, 1.0 / 2.4) - 0.055
    }
}

/// sRGB → linear (§4.7); NaN and negatives → 0, ≥1 → 1 (0 and 1 exact), computed in f64 then rounded.
#[inline]
pub fn srgb_to_linear(c: f32) -> f32 {
    decode64(c as f64) as f32
}

/// Linear → sRGB (§4.7, before UNORM encoding); NaN and negatives → 0, ≥1 → 1 (0 and 1 exact).
#[inline]
pub fn linear_to_srgb(c: f32) -> f32 {
    encode64(c as f64) as f32
}

/// Exact decode of every 8-bit sRGB code: `decode(code/255)` evaluated in f64, rounded once to f32.
static SRGB8_TO_LINEAR: [f32; 256] = {
    let mut t = [0f32; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = decode64(i as f64 / 255.0) as f32;
        i += 1;
    }
    t
};

/// `THRESH[i]`: smallest f32 x in [0,1] with `encode64(x)·255 + 0.5 >= i+1` (code i+1 starts there).
static SRGB8_THRESHOLDS: [f32; 255] = {
    let mut t = [0f32; 255];
    let mut i = 0;
    while i < 255 {
        let target = (i + 1) as f64;
        let mut lo: u32 = 0; // predicate false at 0.0
        let mut hi: u32 = 0x3f80_0000; // predicate true at 1.0
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if encode64(f32::from_bits(mid) as f64) * 255.0 + 0.5 >= target {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        t[i] = f32::from_bits(hi);
        i += 1;
    }
    t
};

/// The exact 8-bit sRGB decode table (index = stored code, value = linear float).
#[inline]
pub fn srgb8_to_linear_table() -> &'static [f32; 256] {
    &SRGB8_TO_LINEAR
}

/// Linear float → 8-bit sRGB code: `floor(linear_to_srgb(x)·255 + 0.5)` evaluated in f64 (table search); NaN → 0.
#[inline]
pub fn f32_to_srgb8(x: f32) -> u8 {
    #[expect(
        clippy::manual_clamp,
        reason = "clamp keeps NaN; max(NaN, 0) = 0 is the rule"
    )]
    let c = x.max(0.0).min(1.0); // max(NaN, 0) = 0
    SRGB8_THRESHOLDS.partition_point(|&t| t <= c) as u8
}
