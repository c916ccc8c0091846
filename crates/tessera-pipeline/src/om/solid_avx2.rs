//! [`SolidTables`](super::solid::SolidTables) as arithmetic on 256-bit lanes, for the AVX2 path:
//! eight texels at a time, each memory byte `d` → `trunc(fl(fl(d·b) + a))`
//! ([`SolidAffine`]), the same `f32` multiply, add and truncation that the fit was checked
//! with on each byte of its range, so the stored bytes are the tables' (tested below). Eight
//! texels with a byte outside the fit's range go through the tables.

use fearless_simd::x86::Avx2;
use fearless_simd::{Bytes, Simd, SimdBase};

use super::solid::SolidAffine;

/// 32-bit integer lanes of the AVX2 path.
type I32x8 = fearless_simd::i32x8<Avx2>;
/// Byte lanes of the AVX2 path.
type U8x32 = fearless_simd::u8x32<Avx2>;

/// Replaces every 32-bit texel of `rows` (whole texels, memory byte order) by `fit`'s bytes,
/// eight texels at a time; a last group of fewer than eight, and eight with a byte outside
/// the fit's range, by `tail` (the tables, on their bytes).
#[inline]
pub fn map_rows_avx2(tok: Avx2, fit: &SolidAffine, rows: [&mut [u8]; 2], tail: impl Fn(&mut [u8])) {
    tok.vectorize(
        #[inline(always)]
        move || {
            let b = fit.b.map(|x| tok.splat_f32x8(x));
            let a = fit.a.map(|x| tok.splat_f32x8(x));
            let byte = tok.splat_i32x8(0xff);
            // Byte k of a texel is in range when (k − lo) mod 256 ≤ hi − lo.
            let pattern = |v: [u8; 4]| {
                U8x32::from_slice(tok, &core::array::from_fn::<u8, 32, _>(|i| v[i % 4]))
            };
            let lo = pattern(fit.lo);
            let span = pattern(core::array::from_fn(|j| fit.hi[j].wrapping_sub(fit.lo[j])));
            for row in rows {
                let mut chunks = row.chunks_exact_mut(32);
                for chunk in &mut chunks {
                    let bytes = U8x32::from_slice(tok, chunk);
                    let off = tok.sub_u8x32(bytes, lo);
                    if !tok.all_true_mask8x32(tok.simd_eq_u8x32(tok.max_u8x32(off, span), span)) {
                        tail(chunk);
                        continue;
                    }
                    let old: I32x8 = bytes.bitcast();
                    let mut new = tok.splat_i32x8(0);
                    for j in 0..4 {
                        let d = tok.and_i32x8(tok.shr_i32x8(old, 8 * j as u32), byte);
                        let v = tok.mul_f32x8(tok.cvt_f32_i32x8(d), b[j]);
                        let v = tok.cvt_i32_f32x8(tok.add_f32x8(v, a[j]));
                        new = tok.or_i32x8(new, tok.shl_i32x8(v, 8 * j as u32));
                    }
                    let mut out = [0i32; 8];
                    new.store_slice(&mut out);
                    chunk.copy_from_slice(bytemuck::bytes_of(&out));
                }
                tail(chunks.into_remainder());
            }
        },
    );
}

#[cfg(test)]
mod tests;
