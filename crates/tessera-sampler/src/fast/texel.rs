//! Texel reads (raw RGBA8 words, 8 lanes) and their decode and bilinear filter (UNORM: the
//! core's exact integer rule; sRGB: float combines), in memory byte order.

use super::aos;
use super::level::{Axis, combine, tap_weights, weights};
use super::mem::{Mem, Unit};
use crate::core::UNORM8_BILINEAR_DIVISOR;
use tessera_format::Surface;
use tessera_format::convert::srgb8_to_linear_table;
use wide::{CmpEq, f32x8, i32x8, u32x8};

/// UNORM8 codes (0..=255 per lane) as `v / 255`, the IEEE division the core's table was built
/// with.
#[inline(always)]
fn unorm(b: i32x8) -> f32x8 {
    b.round_float() / f32x8::splat(255.0)
}

/// Byte `K` (memory order) of 8 RGBA8/BGRA8 words, 0..=255.
#[inline(always)]
fn byte<const K: usize>(w: i32x8) -> i32x8 {
    let byte = i32x8::splat(255);
    match K {
        0 => w & byte,
        1 => (w >> 8) & byte,
        2 => (w >> 16) & byte,
        // A logical shift leaves the top byte alone.
        _ => bytemuck::cast(bytemuck::cast::<i32x8, u32x8>(w) >> 24),
    }
}

/// Byte `K` (memory order) of 8 RGBA8/BGRA8 words as float, exactly as
/// [`crate::fetch::Rgba8`]: UNORM as `v / 255`, the sRGB colour bytes (0..=2) through the core's
/// table.
#[inline(always)]
pub(super) fn decode<const SRGB: bool, const K: usize>(w: i32x8) -> f32x8 {
    if SRGB && K < 3 {
        let t = srgb8_to_linear_table();
        let w = w.to_array();
        return f32x8::new([
            t[((w[0] >> (8 * K)) & 255) as usize],
            t[((w[1] >> (8 * K)) & 255) as usize],
            t[((w[2] >> (8 * K)) & 255) as usize],
            t[((w[3] >> (8 * K)) & 255) as usize],
            t[((w[4] >> (8 * K)) & 255) as usize],
            t[((w[5] >> (8 * K)) & 255) as usize],
            t[((w[6] >> (8 * K)) & 255) as usize],
            t[((w[7] >> (8 * K)) & 255) as usize],
        ]);
    }
    unorm(byte::<K>(w))
}

/// The bytes (memory order) of one tap per lane.
#[inline(always)]
pub(super) fn point<const SRGB: bool>(w: i32x8) -> [f32x8; 4] {
    [
        decode::<SRGB, 0>(w),
        decode::<SRGB, 1>(w),
        decode::<SRGB, 2>(w),
        decode::<SRGB, 3>(w),
    ]
}

/// The sRGB bilinear filter of byte `K` of the taps TL, TR, BL, BR: the core's x, x, y
/// combines.
#[inline(always)]
fn bilinear_byte<const K: usize>(t: &[i32x8; 4], wx: f32x8, wy: f32x8) -> f32x8 {
    let r0 = combine(decode::<true, K>(t[0]), decode::<true, K>(t[1]), wx);
    let r1 = combine(decode::<true, K>(t[2]), decode::<true, K>(t[3]), wx);
    combine(r0, r1, wy)
}

/// The exact UNORM8 bilinear filter of byte `K` of the taps TL, TR, BL, BR with the tap weights
/// `w` ([`tap_weights`]): the core's integer sum `S` (exact in `f32`, in any order) and its one
/// division (see [`crate::core`]).
#[inline(always)]
fn bilinear_codes<const K: usize>(t: &[i32x8; 4], w: &[f32x8; 4]) -> f32x8 {
    let c = |i: usize| byte::<K>(t[i]).round_float();
    let sum = c(0) * w[0] + c(1) * w[1] + c(2) * w[2] + c(3) * w[3];
    sum / f32x8::splat(UNORM8_BILINEAR_DIVISOR)
}

/// The bilinear filter of the taps TL, TR, BL, BR with the 8-bit weights `kx`, `ky` of the
/// second texel on each axis, byte by byte (memory order): UNORM by the core's exact rule,
/// sRGB by its float combines.
#[inline(always)]
pub(super) fn bilinear<const SRGB: bool>(t: &[i32x8; 4], kx: i32x8, ky: i32x8) -> [f32x8; 4] {
    if !SRGB {
        let w = tap_weights(kx, ky);
        return [
            bilinear_codes::<0>(t, &w),
            bilinear_codes::<1>(t, &w),
            bilinear_codes::<2>(t, &w),
            bilinear_codes::<3>(t, &w),
        ];
    }
    let (wx, wy) = (weights(kx), weights(ky));
    [
        bilinear_byte::<0>(t, wx, wy),
        bilinear_byte::<1>(t, wx, wy),
        bilinear_byte::<2>(t, wx, wy),
        bilinear_byte::<3>(t, wx, wy),
    ]
}

/// Texel reads of one subresource through the memory owner's 8-lane address unit
/// ([`Unit`]: [`tessera_format::Words32`] of a well-formed surface, every texel inside memory
/// < 4 GiB, or [`tessera_format::memory::TileWords32`] of a tiled view's subresource).
pub(super) struct Words<U>(pub U);

impl<'a, U: Unit<'a>> Words<U> {
    /// One point tap per lane as raw words.
    #[inline(always)]
    pub fn point(&self, x: &Axis, y: &Axis) -> i32x8 {
        self.0.words(self.0.offsets(x.t0, y.t0))
    }

    /// Whether every lane's right tap is the next texel in memory (no wrap at the right edge,
    /// and, in a tiled view, no tile edge between them).
    #[inline(always)]
    fn adjacent(&self, x: &Axis) -> bool {
        x.t1.cmp_eq(x.t0 + i32x8::splat(1)).all() && self.0.right_follows(x.t0)
    }

    /// The bilinear taps TL, TR, BL, BR of 8 lanes as raw words. Where every lane's right tap is
    /// the next texel in memory, each row's pair is one 8-byte read.
    #[inline(always)]
    pub fn taps(&self, x: &Axis, y: &Axis) -> [i32x8; 4] {
        let w = &self.0;
        if !self.adjacent(x) {
            return w.quad_offsets(x.t0, x.t1, y.t0, y.t1).map(|o| w.words(o));
        }
        let (o0, o1) = w.column_offsets(x.t0, y.t0, y.t1);
        let (tl, tr) = w.pairs(o0);
        let (bl, br) = w.pairs(o1);
        [tl, tr, bl, br]
    }

    /// Byte offsets of the top-left and bottom-left taps of 8 lanes, or `None` where some
    /// lane's right tap is not the next texel in memory.
    #[inline(always)]
    pub fn pair_rows(&self, x: &Axis, y: &Axis) -> Option<(i32x8, i32x8)> {
        if !self.adjacent(x) {
            return None;
        }
        Some(self.0.column_offsets(x.t0, y.t0, y.t1))
    }

    /// Byte offsets of the top-left and bottom-left taps of 8 lanes.
    #[inline(always)]
    pub fn left_rows(&self, x: &Axis, y: &Axis) -> (i32x8, i32x8) {
        self.0.column_offsets(x.t0, y.t0, y.t1)
    }

    /// The memory the offsets point into.
    #[inline(always)]
    pub fn data(&self) -> &'a [u8] {
        self.0.data()
    }

    /// The UNORM bilinear filter (bytes in memory order) of 8 lanes, or `None` where some
    /// lane's right tap is not the next texel in memory; lanes outside `live` are 0.
    #[inline(always)]
    pub fn bilinear_unorm(&self, x: &Axis, y: &Axis, live: u8) -> Option<[f32x8; 4]> {
        let (o0, o1) = self.pair_rows(x, y)?;
        Some(aos::bilinear(
            self.0.data(),
            o0,
            o1,
            &aos::PairWeights::new(x.w, y.w),
            live,
        ))
    }
}

/// The bilinear taps TL, TR, BL, BR of 8 lanes as raw words, lane `l` reading `surf[l]`
/// (view mip `m[l]` of slice `base[l]`) through `mem`.
pub(super) fn taps<'a, M: Mem<'a>>(
    mem: M,
    x: &Axis,
    y: &Axis,
    surf: &[&Surface<'a>; 8],
    m: &[u32; 8],
    base: &[u32; 8],
) -> [i32x8; 4] {
    let (x0, x1, y0, y1) = (
        x.t0.to_array(),
        x.t1.to_array(),
        y.t0.to_array(),
        y.t1.to_array(),
    );
    let mut taps = [[0i32; 8]; 4];
    for l in 0..8 {
        let (s, m, b) = (surf[l], m[l], base[l]);
        let (x0, x1, y0, y1) = (x0[l] as u32, x1[l] as u32, y0[l] as u32, y1[l] as u32);
        taps[0][l] = mem.word(s, m, b, x0, y0);
        taps[1][l] = mem.word(s, m, b, x1, y0);
        taps[2][l] = mem.word(s, m, b, x0, y1);
        taps[3][l] = mem.word(s, m, b, x1, y1);
    }
    [
        i32x8::new(taps[0]),
        i32x8::new(taps[1]),
        i32x8::new(taps[2]),
        i32x8::new(taps[3]),
    ]
}
