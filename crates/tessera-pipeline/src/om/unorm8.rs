//! Exact 8-bit UNORM conversion on eight lanes, for the RGBA8/BGRA8 fast path.
//!
//! `encode` equals `tessera_format::convert::f32_to_unorm(x, 8)` bit for bit: NaN → 0, clamp
//! to [0, 1], `floor(c·255 + 0.5)` evaluated exactly. In f32, `t = c·255` is off from the exact
//! product by at most half an ulp of `t` (≤ 2^−16 below 256), and `t + 0.5` is exact, so
//! `floor(t + 0.5)` is exact unless the fraction of `t` lies within 2^−15 of one half. Those
//! lanes (about one value in 16 000, and 128 f32 inputs in [0, 1] that the naive formula gets
//! wrong) are recomputed with the exact scalar conversion; the rest stay on eight lanes.

use tessera_format::convert::f32_to_unorm;
use wide::{CmpEq, CmpGe, CmpLe, f32x8, u32x8};

/// float → UNORM8 codes for eight lanes, exactly as `f32_to_unorm(x, 8)`.
#[inline]
pub fn encode(c: f32x8) -> u32x8 {
    let clean = c.cmp_eq(c).blend(c, f32x8::ZERO); // NaN → 0
    let clamped = clean.max(f32x8::ZERO).min(f32x8::ONE);
    let t = clamped * f32x8::splat(255.0);
    let whole = t.trunc_int().round_float(); // floor, since t >= 0
    let d = t - whole - f32x8::splat(0.5);
    let code = whole + (d.cmp_ge(f32x8::ZERO) & f32x8::ONE);
    let mut out: u32x8 = bytemuck::cast(code.trunc_int());
    let near = d.abs().cmp_le(f32x8::splat(1.0 / 32768.0)).move_mask();
    if near != 0 {
        let lanes = out.as_array_mut();
        let values = c.to_array();
        for (k, lane) in lanes.iter_mut().enumerate() {
            if near & (1 << k) != 0 {
                *lane = f32_to_unorm(values[k], 8);
            }
        }
    }
    out
}

/// UNORM8 codes → float (`v / 255`, an exact IEEE division per lane).
#[inline]
pub fn decode(v: u32x8) -> f32x8 {
    f32x8::from_i32x8(bytemuck::cast(v)) / f32x8::splat(255.0)
}

#[cfg(test)]
mod tests {
    use super::*;

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
