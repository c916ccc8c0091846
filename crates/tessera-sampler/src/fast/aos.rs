//! The UNORM bilinear filter lane by lane ("array of structures") for the common case where
//! every lane's right taps are the next texels in memory: one 8-byte read per lane and row
//! holds both taps, so the texel words never pass through scalar registers. Each lane's sum is
//! the core's exact integer sum `S` (see [`crate::core`]: an integer < 2^24, the same in any
//! order), formed in 16/32-bit integer lanes ([`lane`]) and converted to `f32` exactly; its one
//! division by [`UNORM8_BILINEAR_DIVISOR`] is done on 8 lanes at once.

use crate::core::UNORM8_BILINEAR_DIVISOR;
use wide::{f32x4, f32x8, i16x8, i32x4, i32x8, u8x16};

/// The 8-bit weights of one level's 8 lanes in the form [`lane`] splats them from: `x0` / `x1`
/// the x weights `256 − kx` / `kx` and `y` the pair `256 − ky` (low half) / `ky` (high half),
/// each 16-bit value repeated in both halves of its lane's `i32` (all ≤ 256, so exact in `i16`).
pub(super) struct PairWeights {
    x0: i32x8,
    x1: i32x8,
    y: i32x8,
}

impl PairWeights {
    /// The weights of 8 lanes with 8-bit weights `kx`, `ky` (0..=255) of the second texel.
    #[inline(always)]
    pub fn new(kx: i32x8, ky: i32x8) -> Self {
        let n = i32x8::splat(256);
        let both = |v: i32x8| v | (v << 16);
        Self {
            x0: both(n - kx),
            x1: both(kx),
            y: (n - ky) | (ky << 16),
        }
    }
}

/// The 8 bytes at byte `p` of `d` in the low half (`p + 8 ≤ d.len()`, else zeros).
#[inline(always)]
fn row(d: &[u8], p: usize) -> u8x16 {
    let b = d.get(p..p + 8).and_then(<[u8]>::first_chunk::<8>);
    let mut v = [0u8; 16];
    v[..8].copy_from_slice(b.unwrap_or(&[0; 8]));
    u8x16::from(v)
}

/// Lane `k` of `w` splat to 4 lanes (one shuffle), as 8 `i16`.
#[inline(always)]
fn splat16(w: i32x8, k: usize) -> i16x8 {
    bytemuck::cast(i32x4::splat(w.to_array()[k]))
}

/// Lane `k`: the exact sum `S` (per channel, memory order) of the texel pairs at byte offsets
/// `p0` (top row) and `p1` (bottom row) with lane `k`'s weights of `w`, in integers:
/// - the rows' bytes interleaved and widened to `i16`: `[TL_c, BL_c]` and `[TR_c, BR_c]` for
///   the channels `c`;
/// - `h = T_L·(256 − kx) + T_R·kx` on both rows at once (`pmullw`, `paddw`): ≤ 255·256 < 2^16,
///   so the 16-bit products and sums are exact as unsigned values;
/// - `S = h_top·(256 − ky) + h_bot·ky` with `pmaddwd`, which multiplies signed `i16`: it gets
///   `h − 2^15` (`h` with its top bit flipped, in `[−2^15, 2^15)`), and as the y weights sum to
///   256, `S = Σ (h − 2^15)·w + 2^15·256`; `|Σ (h − 2^15)·w| ≤ 2^23`, so no `i32` overflows.
///
/// `S` is the core's integer (< 2^24: [`crate::core`]'s grouping differs, but an integer sum
/// is the same in any order), so its conversion to `f32` is exact.
#[inline(always)]
fn lane(d: &[u8], p0: usize, p1: usize, w: &PairWeights, k: usize) -> f32x4 {
    let z = u8x16::unpack_low(row(d, p0), row(d, p1));
    let (l, r) = (i16x8::from_u8x16_low(z), i16x8::from_u8x16_high(z));
    let h = l * splat16(w.x0, k) + r * splat16(w.x1, k);
    let flip = i16x8::splat(i16::MIN);
    ((h ^ flip).dot(splat16(w.y, k)) + i32x4::splat(1 << 23)).round_float()
}

/// Four lanes' RGBA vectors and four more as four 8-lane channel vectors.
#[inline(always)]
fn transpose(lo: [f32x4; 4], hi: [f32x4; 4]) -> [f32x8; 4] {
    let (lo, hi) = (f32x4::transpose(lo), f32x4::transpose(hi));
    let join = |a: f32x4, b: f32x4| bytemuck::cast::<[f32x4; 2], f32x8>([a, b]);
    [
        join(lo[0], hi[0]),
        join(lo[1], hi[1]),
        join(lo[2], hi[2]),
        join(lo[3], hi[3]),
    ]
}

/// The bilinear filter (bytes in memory order) of 8 lanes whose top-left taps are at byte
/// offsets `o0` (top row) and `o1` (bottom row) of `d` and whose right taps follow them; every
/// such pair lies inside `d` ([`super::texel::Words`]). `w`: the lanes' weights. Only the lanes
/// set in `live` are read and filtered; the others are 0 (see [`crate::sample_live`]).
#[inline(always)]
pub(super) fn bilinear(d: &[u8], o0: i32x8, o1: i32x8, w: &PairWeights, live: u8) -> [f32x8; 4] {
    // The clamp never changes an offset (each pair is in bounds); it proves the reads are.
    let Some(lim) = d.len().checked_sub(8) else {
        return [f32x8::ZERO; 4];
    };
    let (o0, o1) = (o0.to_array(), o1.to_array());
    let p = |o: i32| (o as u32 as usize).min(lim);
    let l = |k: usize| {
        if live & (1 << k) != 0 {
            lane(d, p(o0[k]), p(o1[k]), w, k)
        } else {
            f32x4::ZERO
        }
    };
    let s = transpose([l(0), l(1), l(2), l(3)], [l(4), l(5), l(6), l(7)]);
    let div = f32x8::splat(UNORM8_BILINEAR_DIVISOR);
    // Written out (`map` may be left out of line).
    [s[0] / div, s[1] / div, s[2] / div, s[3] / div]
}

/// One level of [`trilinear`]: the surface memory, the byte offsets of each lane's top and
/// bottom pairs, and the weights.
pub(super) struct Taps<'d> {
    /// The surface memory.
    pub data: &'d [u8],
    /// Byte offsets of the top-left and bottom-left taps.
    pub rows: (i32x8, i32x8),
    /// The lanes' 8-bit weights.
    pub w: PairWeights,
}

/// The trilinear filter (bytes in memory order) of 8 lanes: [`bilinear`] at two levels and the
/// core's mip combine with weights `wm[l]` (lane `l`'s weight in every element;
/// `a + wm·(b − a)`), or `None` when a level's memory is shorter than one pair. Only the lanes
/// set in `live` are read and filtered; the others are 0 (see [`crate::sample_live`]).
#[inline(always)]
pub(super) fn trilinear(
    a: &Taps<'_>,
    b: &Taps<'_>,
    wm: [f32x4; 8],
    live: u8,
) -> Option<[f32x8; 4]> {
    let (da, db) = (a.data, b.data);
    // As in [`bilinear`], the clamps never change an offset.
    let (la, lb) = (da.len().checked_sub(8)?, db.len().checked_sub(8)?);
    let (a0, a1, aw) = (a.rows.0.to_array(), a.rows.1.to_array(), &a.w);
    let (b0, b1, bw) = (b.rows.0.to_array(), b.rows.1.to_array(), &b.w);
    let p = |o: i32, lim: usize| (o as u32 as usize).min(lim);
    let div = f32x8::splat(UNORM8_BILINEAR_DIVISOR);
    macro_rules! l {
        ($k:expr) => {{
            if live & (1 << $k) == 0 {
                // A lane nobody reads: no texel reads, no filter.
                f32x4::ZERO
            } else {
                let sa = lane(da, p(a0[$k], la), p(a1[$k], la), aw, $k);
                let sb = lane(db, p(b0[$k], lb), p(b1[$k], lb), bw, $k);
                // Both levels' divisions in one.
                let v = bytemuck::cast::<[f32x4; 2], f32x8>([sa, sb]) / div;
                let [va, vb]: [f32x4; 2] = bytemuck::cast(v);
                va + wm[$k] * (vb - va)
            }
        }};
    }
    // Written out (not a closure, which the compiler may leave out of line).
    Some(transpose(
        [l!(0), l!(1), l!(2), l!(3)],
        [l!(4), l!(5), l!(6), l!(7)],
    ))
}
