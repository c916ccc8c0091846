//! Texel reads (raw RGBA8 words, 8 lanes) and their decode and bilinear filter (UNORM: the
//! core's exact integer rule; sRGB: float combines), in memory byte order.

use super::aos;
use super::level::{Axis, combine, tap_weights, weights};
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

/// Texel reads from one well-formed surface (every texel inside `data`, whose length fits in
/// `u32`): texel byte offsets are computed in `u32` without overflow.
pub(super) struct Words<'a> {
    data: &'a [u8],
    pitch: u32,
}

impl<'a> Words<'a> {
    /// `Some` when every texel of `s` lies inside its memory and that memory is < 4 GiB.
    #[inline]
    pub fn of(s: &Surface<'a>) -> Option<Self> {
        let pitch = u32::try_from(s.row_pitch).ok()?;
        let len = u32::try_from(s.data.len()).ok()?;
        let end = u64::from(s.height.checked_sub(1)?) * u64::from(pitch) + u64::from(s.width) * 4;
        (end <= u64::from(len)).then_some(Self {
            data: s.data,
            pitch,
        })
    }

    /// The reads of a surface that passed [`Words::of`] before (see [`super::simple`]).
    #[inline]
    pub fn trusted(s: &Surface<'a>) -> Self {
        Self {
            data: s.data,
            pitch: s.row_pitch as u32,
        }
    }

    /// Byte offsets (as `u32` bits) of the rows `y`.
    #[inline(always)]
    fn rows(&self, y: i32x8) -> i32x8 {
        if self.pitch.is_power_of_two() {
            y << self.pitch.trailing_zeros()
        } else {
            let p = self.pitch as i32;
            let y = y.to_array();
            i32x8::new([
                y[0].wrapping_mul(p),
                y[1].wrapping_mul(p),
                y[2].wrapping_mul(p),
                y[3].wrapping_mul(p),
                y[4].wrapping_mul(p),
                y[5].wrapping_mul(p),
                y[6].wrapping_mul(p),
                y[7].wrapping_mul(p),
            ])
        }
    }

    /// One word per lane at byte offsets `o` (texels of the surface, so in bounds).
    #[inline(always)]
    fn words(&self, o: i32x8) -> i32x8 {
        let d = self.data;
        // Every texel lies inside `d` ([`Words::of`]), so clamping an offset to the last
        // in-bounds word never changes it; it lets the compiler drop the bounds checks.
        let Some(lim) = d.len().checked_sub(4) else {
            return i32x8::ZERO;
        };
        let o = o.to_array();
        let w = |l: usize| read(d, (o[l] as u32 as usize).min(lim));
        i32x8::new([w(0), w(1), w(2), w(3), w(4), w(5), w(6), w(7)])
    }

    /// Two adjacent words per lane at byte offsets `o`: (first, second). Each offset is a texel
    /// that is not the last of its row, so both words are in bounds.
    #[inline(always)]
    fn pairs(&self, o: i32x8) -> (i32x8, i32x8) {
        let d = self.data;
        // As in [`Self::words`], the clamp never changes an offset.
        let Some(lim) = d.len().checked_sub(8) else {
            return (i32x8::ZERO, i32x8::ZERO);
        };
        let o = o.to_array();
        let p = |l: usize| (o[l] as u32 as usize).min(lim);
        let (a, b) = (|l: usize| read(d, p(l)), |l: usize| read(d, p(l) + 4));
        (
            i32x8::new([a(0), a(1), a(2), a(3), a(4), a(5), a(6), a(7)]),
            i32x8::new([b(0), b(1), b(2), b(3), b(4), b(5), b(6), b(7)]),
        )
    }

    /// One point tap per lane as raw words.
    #[inline(always)]
    pub fn point(&self, x: &Axis, y: &Axis) -> i32x8 {
        self.words(self.rows(y.t0) + (x.t0 << 2))
    }

    /// The bilinear taps TL, TR, BL, BR of 8 lanes as raw words. Where every lane's right tap is
    /// the next texel in memory (no wrap at the right edge), each row's pair is one 8-byte read.
    #[inline(always)]
    pub fn taps(&self, x: &Axis, y: &Axis) -> [i32x8; 4] {
        let (c0, r0, r1) = (x.t0 << 2, self.rows(y.t0), self.rows(y.t1));
        if !x.t1.cmp_eq(x.t0 + i32x8::splat(1)).all() {
            let c1 = x.t1 << 2;
            return [
                self.words(r0 + c0),
                self.words(r0 + c1),
                self.words(r1 + c0),
                self.words(r1 + c1),
            ];
        }
        let (tl, tr) = self.pairs(r0 + c0);
        let (bl, br) = self.pairs(r1 + c0);
        [tl, tr, bl, br]
    }

    /// Byte offsets of the top-left and bottom-left taps of 8 lanes, or `None` where some
    /// lane's right tap is not the next texel in memory.
    #[inline(always)]
    pub fn pair_rows(&self, x: &Axis, y: &Axis) -> Option<(i32x8, i32x8)> {
        if !x.t1.cmp_eq(x.t0 + i32x8::splat(1)).all() {
            return None;
        }
        let c0 = x.t0 << 2;
        Some((self.rows(y.t0) + c0, self.rows(y.t1) + c0))
    }

    /// Byte offsets of the top-left and bottom-left taps of 8 lanes.
    #[inline(always)]
    pub fn left_rows(&self, x: &Axis, y: &Axis) -> (i32x8, i32x8) {
        let c0 = x.t0 << 2;
        (self.rows(y.t0) + c0, self.rows(y.t1) + c0)
    }

    /// The memory of the surface.
    #[inline(always)]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    /// The UNORM bilinear filter (bytes in memory order) of 8 lanes, or `None` where some
    /// lane's right tap is not the next texel in memory.
    #[inline(always)]
    pub fn bilinear_unorm(&self, x: &Axis, y: &Axis) -> Option<[f32x8; 4]> {
        let (o0, o1) = self.pair_rows(x, y)?;
        Some(aos::bilinear(self.data, o0, o1, &tap_weights(x.w, y.w)))
    }
}

/// The little-endian word at byte `o` of `d`, where `o + 4 ≤ d.len()` (else 0).
#[inline(always)]
fn read(d: &[u8], o: usize) -> i32 {
    d.get(o..o + 4)
        .and_then(<[u8]>::first_chunk::<4>)
        .map_or(0, |b| i32::from_le_bytes(*b))
}

/// The little-endian texel word at byte `o` of `d`; 0 (all components 0, as the core's fetcher
/// returns) for a texel the surface's memory does not hold.
#[inline]
pub(super) fn word(d: &[u8], o: usize) -> i32 {
    match d.get(o..).and_then(<[u8]>::first_chunk::<4>) {
        Some(b) => i32::from_le_bytes(*b),
        None => 0,
    }
}

/// The bilinear taps TL, TR, BL, BR of 8 lanes as raw words, lane `l` reading `surf[l]`.
pub(super) fn taps(x: &Axis, y: &Axis, surf: &[&Surface<'_>; 8]) -> [i32x8; 4] {
    let (x0, x1, y0, y1) = (
        x.t0.to_array(),
        x.t1.to_array(),
        y.t0.to_array(),
        y.t1.to_array(),
    );
    let mut taps = [[0i32; 8]; 4];
    for l in 0..8 {
        let s = surf[l];
        let (r0, r1) = (y0[l] as usize * s.row_pitch, y1[l] as usize * s.row_pitch);
        let (c0, c1) = (x0[l] as usize * 4, x1[l] as usize * 4);
        taps[0][l] = word(s.data, r0 + c0);
        taps[1][l] = word(s.data, r0 + c1);
        taps[2][l] = word(s.data, r1 + c0);
        taps[3][l] = word(s.data, r1 + c1);
    }
    [
        i32x8::new(taps[0]),
        i32x8::new(taps[1]),
        i32x8::new(taps[2]),
        i32x8::new(taps[3]),
    ]
}
