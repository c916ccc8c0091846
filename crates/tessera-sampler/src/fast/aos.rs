//! The UNORM bilinear filter lane by lane ("array of structures") for the common case where
//! every lane's right taps are the next texels in memory: one 8-byte read per lane and row
//! holds both taps, and is widened to RGBA vectors of codes, so the texel words never pass
//! through scalar registers. Each lane's sum is the core's exact integer sum `S` (see
//! [`crate::core`]: integers < 2^24, so exact in `f32` in any order), and its one division
//! by [`UNORM8_BILINEAR_DIVISOR`] is done on 8 lanes at once.

use crate::core::UNORM8_BILINEAR_DIVISOR;
use wide::{f32x4, f32x8, i32x8, u8x16, u16x8};

/// The codes (memory order, as `f32`, exact) of the two texels at byte `p` of `d`,
/// `p + 8 ≤ d.len()` (else both are 0).
#[inline(always)]
fn pair(d: &[u8], p: usize) -> (f32x4, f32x4) {
    let b = d.get(p..p + 8).and_then(<[u8]>::first_chunk::<8>);
    let mut v = [0u8; 16];
    v[..8].copy_from_slice(b.unwrap_or(&[0; 8]));
    let w = i32x8::from_u16x8(u16x8::from_u8x16_low(u8x16::from(v)));
    let f: [f32x4; 2] = bytemuck::cast(w.round_float());
    (f[0], f[1])
}

/// One lane: the exact sum `S` (per channel) of the texel pairs at byte offsets `p0` (top row)
/// and `p1` (bottom row) with the tap weights `w` (TL, TR, BL, BR; see
/// [`super::level::tap_weights`]). Every product and partial sum is an integer < 2^24.
#[inline(always)]
fn lane(d: &[u8], p0: usize, p1: usize, w: [f32; 4]) -> f32x4 {
    let (tl, tr) = pair(d, p0);
    let (bl, br) = pair(d, p1);
    let s = f32x4::splat;
    tl * s(w[0]) + tr * s(w[1]) + bl * s(w[2]) + br * s(w[3])
}

/// The tap weights of 8 lanes as one array per lane.
#[inline(always)]
fn per_lane(w: &[f32x8; 4]) -> [[f32; 4]; 8] {
    let w = w.map(|v| v.to_array());
    core::array::from_fn(|l| [w[0][l], w[1][l], w[2][l], w[3][l]])
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
/// such pair lies inside `d` ([`super::texel::Words`]). `w`: the tap weights.
#[inline(always)]
pub(super) fn bilinear(d: &[u8], o0: i32x8, o1: i32x8, w: &[f32x8; 4]) -> [f32x8; 4] {
    // The clamp never changes an offset (each pair is in bounds); it proves the reads are.
    let Some(lim) = d.len().checked_sub(8) else {
        return [f32x8::ZERO; 4];
    };
    let (o0, o1, w) = (o0.to_array(), o1.to_array(), per_lane(w));
    let p = |o: i32| (o as u32 as usize).min(lim);
    let l = |k: usize| lane(d, p(o0[k]), p(o1[k]), w[k]);
    let s = transpose([l(0), l(1), l(2), l(3)], [l(4), l(5), l(6), l(7)]);
    let div = f32x8::splat(UNORM8_BILINEAR_DIVISOR);
    // Written out (`map` may be left out of line).
    [s[0] / div, s[1] / div, s[2] / div, s[3] / div]
}

/// One level of [`trilinear`]: the surface memory, the byte offsets of each lane's top and
/// bottom pairs, and the tap weights.
pub(super) struct Taps<'d> {
    /// The surface memory.
    pub data: &'d [u8],
    /// Byte offsets of the top-left and bottom-left taps.
    pub rows: (i32x8, i32x8),
    /// The tap weights TL, TR, BL, BR ([`super::level::tap_weights`]).
    pub w: [f32x8; 4],
}

/// The trilinear filter (bytes in memory order) of 8 lanes: [`bilinear`] at two levels and the
/// core's mip combine with weights `wm[l]` (lane `l`'s weight in every element;
/// `a + wm·(b − a)`), or `None` when a level's memory is shorter than one pair.
#[inline(always)]
pub(super) fn trilinear(a: &Taps<'_>, b: &Taps<'_>, wm: [f32x4; 8]) -> Option<[f32x8; 4]> {
    let (da, db) = (a.data, b.data);
    // As in [`bilinear`], the clamps never change an offset.
    let (la, lb) = (da.len().checked_sub(8)?, db.len().checked_sub(8)?);
    let (a0, a1, aw) = (a.rows.0.to_array(), a.rows.1.to_array(), per_lane(&a.w));
    let (b0, b1, bw) = (b.rows.0.to_array(), b.rows.1.to_array(), per_lane(&b.w));
    let p = |o: i32, lim: usize| (o as u32 as usize).min(lim);
    let div = f32x8::splat(UNORM8_BILINEAR_DIVISOR);
    macro_rules! l {
        ($k:expr) => {{
            let sa = lane(da, p(a0[$k], la), p(a1[$k], la), aw[$k]);
            let sb = lane(db, p(b0[$k], lb), p(b1[$k], lb), bw[$k]);
            // Both levels' divisions in one.
            let v = bytemuck::cast::<[f32x4; 2], f32x8>([sa, sb]) / div;
            let [va, vb]: [f32x4; 2] = bytemuck::cast(v);
            va + wm[$k] * (vb - va)
        }};
    }
    // Written out (not a closure, which the compiler may leave out of line).
    Some(transpose(
        [l!(0), l!(1), l!(2), l!(3)],
        [l!(4), l!(5), l!(6), l!(7)],
    ))
}
