//! The lane types of [`super`]'s kernel and its output-merger side on 256-bit lanes: RGBA8/BGRA8
//! unpack, blend `Over`, exact encode, each the same IEEE operations in the same order as its
//! `wide` original in `om/`.

use fearless_simd::x86::Avx2;
use fearless_simd::{Bytes, Simd, SimdBase};

use wide::f32x8 as WideF32x8;

use crate::block::Coverage;
use crate::om::unorm8;

/// 256-bit float lanes of the AVX2 path.
pub(super) type F32x8 = fearless_simd::f32x8<Avx2>;
/// 256-bit unsigned lanes of the AVX2 path.
pub(super) type U32x8 = fearless_simd::u32x8<Avx2>;

/// The 256-bit value of `wide` lanes.
#[inline(always)]
pub(super) fn load(tok: Avx2, v: WideF32x8) -> F32x8 {
    F32x8::from_slice(tok, v.as_array_ref())
}

/// [`load`]'s inverse.
#[inline(always)]
pub(super) fn store(v: F32x8) -> WideF32x8 {
    let mut a = [0.0f32; 8];
    v.store_slice(&mut a);
    WideF32x8::new(a)
}

/// [`unpack_unorm8`](crate::om::target::unpack_unorm8) on 256-bit lanes: each byte through
/// [`unorm8::decode`]'s `e·2^−16 + e·(1 + 2^−16)·2^−32`, `e = v·257`.
#[inline(always)]
pub(super) fn unpack(tok: Avx2, px: U32x8, bgra: bool) -> [F32x8; 4] {
    const LO: f32 = (1.0 + 1.0 / 65536.0) / 4_294_967_296.0;
    let byte = |shift: u32| {
        let v = tok.and_u32x8(tok.shr_u32x8(px, shift), tok.splat_u32x8(0xff));
        let e = tok.or_u32x8(v, tok.shl_u32x8(v, 8));
        let e = tok.cvt_f32_i32x8(e.bitcast::<fearless_simd::i32x8<Avx2>>());
        tok.add_f32x8(
            tok.mul_f32x8(e, tok.splat_f32x8(1.0 / 65536.0)),
            tok.mul_f32x8(e, tok.splat_f32x8(LO)),
        )
    };
    let (r, b) = if bgra {
        (byte(16), byte(0))
    } else {
        (byte(0), byte(16))
    };
    [r, byte(8), b, byte(24)]
}

/// [`blend_over_unorm`](crate::om::blend::blend_over_unorm) on 256-bit lanes: `src` clamped
/// to [0, 1] (`maxps`, `minps`), then `s·a + d·(1 − a)` per colour channel and `α + d·(1 − a)`
/// (`α = a`, or `a·a` unless `alpha_one`).
#[inline(always)]
pub(super) fn blend_over(
    tok: Avx2,
    src: &[F32x8; 4],
    dst: &[F32x8; 4],
    alpha_one: bool,
) -> [F32x8; 4] {
    let (zero, one) = (tok.splat_f32x8(0.0), tok.splat_f32x8(1.0));
    let c = |c: F32x8| tok.min_f32x8(tok.max_f32x8(c, zero), one);
    let s = [c(src[0]), c(src[1]), c(src[2]), c(src[3])];
    let a = s[3];
    let ia = tok.sub_f32x8(one, a);
    let alpha = if alpha_one {
        s[3]
    } else {
        tok.mul_f32x8(s[3], a)
    };
    let mix = |s: F32x8, d: F32x8| tok.add_f32x8(tok.mul_f32x8(s, a), tok.mul_f32x8(d, ia));
    [
        mix(s[0], dst[0]),
        mix(s[1], dst[1]),
        mix(s[2], dst[2]),
        tok.add_f32x8(alpha, tok.mul_f32x8(dst[3], ia)),
    ]
}

/// [`unorm8::encode_rgba`] on 256-bit lanes: the same clamp, `c·255 + 0.5`, truncation and
/// near-half check per channel; a block with a near-half lane takes the `wide` encode whole
/// (its exact scalar fix-up).
#[inline(always)]
pub(super) fn encode_rgba(tok: Avx2, v: &[F32x8; 4]) -> [U32x8; 4] {
    let (zero, one) = (tok.splat_f32x8(0.0), tok.splat_f32x8(1.0));
    let (scale, half) = (tok.splat_f32x8(255.0), tok.splat_f32x8(0.5));
    let limit = tok.splat_f32x8(0.5 - 1.0 / 32768.0);
    // Written out: `array::map` over these lanes is not always inlined.
    let channel = |c: F32x8| {
        let clamped = tok.min_f32x8(tok.max_f32x8(c, zero), one);
        let u = tok.add_f32x8(tok.mul_f32x8(clamped, scale), half);
        let code = tok.cvt_i32_f32x8(u);
        let r = tok.sub_f32x8(u, tok.cvt_f32_i32x8(code));
        let near = tok.simd_gt_f32x8(tok.abs_f32x8(tok.sub_f32x8(r, half)), limit);
        (code.bitcast::<U32x8>(), near)
    };
    let [(r, nr), (g, ng), (b, nb), (a, na)] =
        [channel(v[0]), channel(v[1]), channel(v[2]), channel(v[3])];
    let near = tok.or_mask32x8(tok.or_mask32x8(nr, ng), tok.or_mask32x8(nb, na));
    if !tok.any_true_mask32x8(near) {
        return [r, g, b, a];
    }
    encode_exact(tok, v)
}

/// `pack_unorm8`: `v` encoded ([`encode_rgba`]) and packed as RGBA8 or (`bgra`) BGRA8 texels.
#[inline(always)]
pub(super) fn pack(tok: Avx2, v: &[F32x8; 4], bgra: bool) -> U32x8 {
    let [r, g, b, a] = encode_rgba(tok, v);
    let (lo, hi) = if bgra { (b, r) } else { (r, b) };
    tok.or_u32x8(
        tok.or_u32x8(lo, tok.shl_u32x8(g, 8)),
        tok.or_u32x8(tok.shl_u32x8(hi, 16), tok.shl_u32x8(a, 24)),
    )
}

/// `merge_packed`: `new` in the lanes of `passed` and the bytes of `bytes` (the write
/// mask's channels), `old` elsewhere; `lane_bits` holds each lane's coverage bit.
#[inline(always)]
pub(super) fn merge(
    tok: Avx2,
    new: U32x8,
    old: U32x8,
    passed: Coverage,
    [lane_bits, bytes]: [U32x8; 2],
) -> U32x8 {
    let lanes = tok.splat_u32x8(u32::from(passed));
    let lanes: U32x8 = tok.select_u32x8(
        tok.simd_eq_u32x8(tok.and_u32x8(lanes, lane_bits), lane_bits),
        bytes,
        tok.splat_u32x8(0),
    );
    tok.or_u32x8(
        tok.and_u32x8(new, lanes),
        tok.and_u32x8(old, tok.not_u32x8(lanes)),
    )
}

/// The `wide` encode of a block with a near-half lane (rare: out of the loop).
#[cold]
#[inline(never)]
fn encode_exact(tok: Avx2, v: &[F32x8; 4]) -> [U32x8; 4] {
    let exact = unorm8::encode_rgba(&[store(v[0]), store(v[1]), store(v[2]), store(v[3])]);
    let back = |c: usize| U32x8::from_slice(tok, &exact[c].to_array());
    [back(0), back(1), back(2), back(3)]
}
