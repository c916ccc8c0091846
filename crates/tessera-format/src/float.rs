//! Small floats: float16 (s1e5m10), float11 (e5m6) and float10 (e5m5), D3D rules.
//!
//! Rules (D3D11 "Floating-point rules", 16-bit and 11/10-bit sections, and D3D11.3 §3.2.3):
//! denormals are preserved both ways, ±Inf is preserved, NaN stays NaN; float32 → small float
//! rounds to nearest, ties to even (IEEE 754 RNE), so finite values whose rounded magnitude
//! exceeds the largest finite value become Inf (f16: 65520 → Inf). f11/f10 have no sign bit:
//! negative inputs (including -0 and -Inf) become 0. Only integer operations are used, so the
//! results are bit-identical on every build.

/// Exponent bias shared by f16, f11 and f10.
const BIAS: i32 = 15;

/// Converts f32 to an unsigned/signed e5 small float with `mbits` mantissa bits, RNE.
#[inline]
fn from_f32(x: f32, mbits: u32, signed: bool) -> u32 {
    let bits = x.to_bits();
    let sign = if signed {
        (bits >> 31) << (mbits + 5)
    } else {
        0
    };
    let abs = bits & 0x7fff_ffff;
    let inf = 31u32 << mbits;
    if abs > 0x7f80_0000 {
        // NaN: canonical quiet NaN (top mantissa bit set), sign kept for f16.
        return sign | inf | (1 << (mbits - 1));
    }
    if !signed && bits >> 31 != 0 {
        return 0;
    }
    if abs == 0x7f80_0000 {
        return sign | inf;
    }
    let e = (abs >> 23) as i32 - 127;
    if e > BIAS {
        return sign | inf;
    }
    let shift;
    let val: u64;
    if e >= 1 - BIAS {
        // Normal range: re-bias the exponent, keep the f32 mantissa, round it down to mbits.
        val = ((((e + BIAS) as u32) << 23) | (abs & 0x7f_ffff)) as u64;
        shift = 23 - mbits;
    } else {
        // Denormal target: full 24-bit significand scaled to units of 2^(1-BIAS-mbits).
        if abs < 0x0080_0000 {
            return sign; // f32 denormals are far below half the smallest small-float denormal.
        }
        val = ((abs & 0x7f_ffff) | 0x80_0000) as u64;
        let s = (23 - mbits) as i32 + (1 - BIAS - e);
        if s > 40 {
            return sign;
        }
        shift = s as u32;
    }
    let q = val >> shift;
    let rem = val & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    let round_up = rem > half || (rem == half && q & 1 == 1);
    let q = (q + round_up as u64) as u32; // a carry may reach the Inf encoding: correct RNE overflow.
    sign | q.min(inf)
}

/// Converts an e5 small float with `mbits` mantissa bits to f32 (exact).
#[inline]
fn to_f32(v: u32, mbits: u32, signed: bool) -> f32 {
    let sign = if signed {
        ((v >> (mbits + 5)) & 1) << 31
    } else {
        0
    };
    let exp = (v >> mbits) & 31;
    let man = v & ((1 << mbits) - 1);
    let bits = if exp == 31 {
        // Inf (man == 0) or NaN with the payload moved to the top of the f32 mantissa.
        0x7f80_0000 | (man << (23 - mbits)) | if man != 0 { 0x40_0000 } else { 0 }
    } else if exp == 0 {
        // Zero or denormal: man * 2^(1-BIAS-mbits), exact in f32.
        let f = man as f32 * f32::from_bits(((127 + 1 - BIAS - mbits as i32) as u32) << 23);
        f.to_bits()
    } else {
        ((exp as i32 - BIAS + 127) as u32) << 23 | (man << (23 - mbits))
    };
    f32::from_bits(sign | bits)
}

/// float16 bits → f32, exact (denormals, ±0, ±Inf kept; NaN stays NaN).
#[inline]
pub fn f16_to_f32(v: u16) -> f32 {
    to_f32(v as u32, 10, true)
}

/// f32 → float16 bits, round-to-nearest-even; overflow → ±Inf, NaN → 0x7E00 (sign kept).
#[inline]
pub fn f32_to_f16(x: f32) -> u16 {
    from_f32(x, 10, true) as u16
}

/// float11 bits (e5m6, no sign, low 11 bits used) → f32, exact.
#[inline]
pub fn f11_to_f32(v: u32) -> f32 {
    to_f32(v & 0x7ff, 6, false)
}

/// f32 → float11 bits, RNE; negative → 0, NaN → 0x7E0, +Inf or overflow → Inf (0x7C0).
#[inline]
pub fn f32_to_f11(x: f32) -> u32 {
    from_f32(x, 6, false)
}

/// float10 bits (e5m5, no sign, low 10 bits used) → f32, exact.
#[inline]
pub fn f10_to_f32(v: u32) -> f32 {
    to_f32(v & 0x3ff, 5, false)
}

/// f32 → float10 bits, RNE; negative → 0, NaN → 0x3F0, +Inf or overflow → Inf (0x3E0).
#[inline]
pub fn f32_to_f10(x: f32) -> u32 {
    from_f32(x, 5, false)
}
