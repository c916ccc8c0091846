//! Scalar conversions of SPEC.md §4.7 (UNORM, SNORM, sRGB, float16/11/10), inlined for hot loops.
//!
//! float → UNORM/SNORM evaluate the §4.7 formula exactly (in f64, where `c·(2^n-1) + 0.5` is
//! exact for n <= 24), so results are correctly rounded, monotonic, reach every code and
//! round-trip every code — within D3D's 0.6 ULP tolerance, and identical on every build.

pub use crate::float::{f10_to_f32, f11_to_f32, f16_to_f32, f32_to_f10, f32_to_f11, f32_to_f16};
pub use crate::srgb::{f32_to_srgb8, linear_to_srgb, srgb_to_linear, srgb8_to_linear_table};

/// UNORM n-bit code → float: `v / (2^n - 1)` (§4.7). Precondition: 1 <= bits <= 24, v < 2^bits.
#[inline]
pub fn unorm_to_f32(v: u32, bits: u32) -> f32 {
    debug_assert!((1..=24).contains(&bits));
    v as f32 / ((1u32 << bits) - 1) as f32
}

/// float → UNORM n-bit code (§4.7): NaN → 0, clamp `[0, 1]`, `floor(c·(2^n-1) + 0.5)`. Precondition: 1 <= bits <= 24.
#[inline]
pub fn f32_to_unorm(x: f32, bits: u32) -> u32 {
    debug_assert!((1..=24).contains(&bits));
    #[expect(
        clippy::manual_clamp,
        reason = "clamp keeps NaN; max(NaN, 0) = 0 is the rule"
    )]
    let c = x.max(0.0).min(1.0); // f32::max(NaN, 0) = 0
    (c as f64 * ((1u32 << bits) - 1) as f64 + 0.5) as u32
}

/// SNORM n-bit value (sign-extended) → float (§4.7): `v / (2^(n-1) - 1)`, most negative code → -1.0. Precondition: 2 <= bits <= 24.
#[inline]
pub fn snorm_to_f32(v: i32, bits: u32) -> f32 {
    debug_assert!((2..=24).contains(&bits));
    (v as f32 / ((1i32 << (bits - 1)) - 1) as f32).max(-1.0)
}

/// float → SNORM n-bit value (§4.7): NaN → 0, clamp [-1,1], `c·(2^(n-1)-1)` ± 0.5 away from zero, truncate.
#[inline]
pub fn f32_to_snorm(x: f32, bits: u32) -> i32 {
    debug_assert!((2..=24).contains(&bits));
    let c = if x.is_nan() { 0.0 } else { x.clamp(-1.0, 1.0) };
    let v = c as f64 * ((1i32 << (bits - 1)) - 1) as f64;
    (v + 0.5f64.copysign(v)) as i32
}

/// Sign-extends the low `bits` bits of `v` to i32. Precondition: 1 <= bits <= 32.
#[inline]
pub fn sign_extend(v: u32, bits: u32) -> i32 {
    let s = 32 - bits;
    ((v << s) as i32) >> s
}
