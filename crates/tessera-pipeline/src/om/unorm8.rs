//! Exact 8-bit UNORM conversion on eight lanes, for the RGBA8/BGRA8 fast path.
//!
//! [`encode_rgba`] equals `tessera_format::convert::f32_to_unorm(x, 8)` bit for bit: NaN → 0,
//! clamp to [0, 1], `floor(c·255 + 0.5)` of the exact real value. In f32, `u = (c·255) + 0.5`
//! carries two roundings of at most 2^−17 each (both results lie below 256), so `|u − exact| ≤
//! 2^−16` and `floor(u)` is exact unless `u` lies within 2^−15 of an integer. Those lanes (about
//! one value in 16 000) are recomputed with the exact scalar conversion; the rest stay on eight
//! lanes.

use tessera_format::convert::f32_to_unorm;
use wide::{CmpGt, f32x8, i32x8, u32x8};

/// float → UNORM8 codes for the four channels of a register, exactly as
/// `f32_to_unorm(x, 8)` per lane, with one check for lanes near a half.
#[inline(always)]
pub fn encode_rgba(v: &[f32x8; 4]) -> [u32x8; 4] {
    let [(mut r, nr), (mut g, ng), (mut b, nb), (mut a, na)] = [
        encode_fast(v[0]),
        encode_fast(v[1]),
        encode_fast(v[2]),
        encode_fast(v[3]),
    ];
    if (nr | ng | nb | na).move_mask() != 0 {
        for (out, (c, near)) in [&mut r, &mut g, &mut b, &mut a].into_iter().zip([
            (v[0], nr),
            (v[1], ng),
            (v[2], nb),
            (v[3], na),
        ]) {
            fix_near(out, c, near.move_mask());
        }
    }
    [r, g, b, a]
}

/// The eight-lane encode and the lanes (all-ones) where `u = c·255 + 0.5` lies within 2^−15 of
/// an integer, where the f32 roundings may have crossed it.
#[inline(always)]
fn encode_fast(c: f32x8) -> (u32x8, f32x8) {
    // `maxps(c, 0)` returns its second operand for NaN, so this is NaN → 0 and the clamp.
    let clamped = c.fast_max(f32x8::ZERO).fast_min(f32x8::ONE);
    let u = clamped * f32x8::splat(255.0) + f32x8::splat(0.5);
    // u ∈ [0.5, 255.5]: truncation is floor and needs no saturation fix-ups.
    let code = u.fast_trunc_int();
    // r = u − floor(u) ∈ [0, 1) and r − ½ are exact (Sterbenz; r is a multiple of ulp(u)).
    let r = u - code.round_float();
    let near = (r - f32x8::splat(0.5))
        .abs()
        .cmp_gt(f32x8::splat(0.5 - 1.0 / 32768.0));
    (bytemuck::cast(code), near)
}

thread_local! {
    /// The last value the exact fallback converted and its code: blending constant colours
    /// flags the same value block after block.
    static LAST_NEAR: core::cell::Cell<(u32, u32)> = const { core::cell::Cell::new((u32::MAX, 0)) };
}

/// Recomputes the lanes of `near` with the exact scalar conversion.
#[cold]
fn fix_near(out: &mut u32x8, c: f32x8, near: i32) {
    if near == 0 {
        return;
    }
    let lanes = out.as_array_mut();
    let values = c.to_array();
    LAST_NEAR.with(|last| {
        for (k, lane) in lanes.iter_mut().enumerate() {
            if near & (1 << k) != 0 {
                let bits = values[k].to_bits();
                let (key, code) = last.get();
                *lane = if bits == key {
                    code
                } else {
                    let code = f32_to_unorm(values[k], 8);
                    last.set((bits, code));
                    code
                };
            }
        }
    });
}

/// UNORM8 codes → float, exactly `v / 255` (the IEEE-rounded quotient) without a division.
///
/// `v / 255 = v·257 / 2^16 · (1 + 2^−16 + 2^−32 + …)`; with `e = v·257` (exact in f32),
/// `e·2^−16 + e·(1 + 2^−16)·2^−32` rounds to the same f32 as the quotient for every code
/// 0..=255 (both products are exact; the exhaustive test below checks all 256 codes).
#[inline(always)]
pub fn decode(v: u32x8) -> f32x8 {
    const LO: f32 = (1.0 + 1.0 / 65536.0) / 4_294_967_296.0;
    let e: i32x8 = bytemuck::cast(v | (v << 8));
    // `round_float` is cvtdq2ps on every build (wide's `f32x8::from_i32x8` is per lane
    // without AVX2).
    let e = e.round_float();
    e * f32x8::splat(1.0 / 65536.0) + e * f32x8::splat(LO)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A strided sweep over every f32 bit pattern in [0, 1] (and just above) against the
    /// scalar reference.
    #[test]
    fn matches_the_format_crate_on_a_sweep_of_all_unit_floats() {
        let end = 1.01f32.to_bits();
        let mut bits = 0u32;
        while bits < end {
            let lanes: [f32; 8] = core::array::from_fn(|k| f32::from_bits(bits + 37 * k as u32));
            let got = encode_rgba(&[f32x8::from(lanes); 4]);
            for (code, &c) in got[0].to_array().iter().zip(&lanes) {
                assert_eq!(*code, f32_to_unorm(c, 8), "c = {c:e}");
            }
            bits += 251;
        }
    }

    #[test]
    fn decode_is_the_ieee_quotient_for_every_code() {
        for base in (0..256u32).step_by(8) {
            let codes: [u32; 8] = core::array::from_fn(|k| base + k as u32);
            let got = decode(u32x8::from(codes)).to_array();
            for (code, value) in codes.iter().zip(got) {
                let want = *code as f32 / 255.0;
                assert_eq!(value.to_bits(), want.to_bits(), "code {code}");
            }
        }
    }

    #[test]
    fn matches_the_format_crate_near_every_code_boundary() {
        let mut values = vec![
            0.0f32,
            1.0,
            -0.0,
            -1.0,
            2.0,
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1.0e-10,
            0.001,
        ];
        for k in 0..256u32 {
            let t = ((f64::from(k) + 0.5) / 255.0) as f32;
            let bits = t.to_bits();
            for d in 0..64u32 {
                values.push(f32::from_bits(bits.wrapping_add(d)));
                values.push(f32::from_bits(bits.wrapping_sub(d)));
            }
        }
        for chunk in values.chunks(8) {
            let mut lanes = [0.0f32; 8];
            lanes[..chunk.len()].copy_from_slice(chunk);
            // Each channel gets a different lane order, so near-half fix-ups of one channel
            // must not leak into another.
            let mut rotated = lanes;
            rotated.rotate_left(3);
            let mut reversed = lanes;
            reversed.reverse();
            let channels = [lanes, rotated, reversed, [0.5; 8]];
            let got = encode_rgba(&channels.map(f32x8::from));
            for (codes, values) in got.iter().zip(&channels) {
                for (code, &c) in codes.to_array().iter().zip(values) {
                    assert_eq!(*code, f32_to_unorm(c, 8), "c = {c:e}");
                }
            }
        }
    }
}
