//! The UNORM bilinear filter lane by lane ("array of structures") for the common case where
//! every lane's right taps are the next texels in memory: one 8-byte read per lane and row
//! holds both taps, and is decoded and filtered as RGBA vectors, so the texel words never pass
//! through scalar registers. The arithmetic per channel is exactly [`super::texel::bilinear`]'s
//! (same decode, same combines in the same x, x, y order); only the grouping into registers
//! differs.

use wide::{f32x4, f32x8, i32x8, u8x16, u16x8};

/// The decoded bytes (memory order) of the two texels at byte `p` of `d`, `p + 8 ≤ d.len()`
/// (else both decode as 0): `v / 255` per byte, as [`super::texel::decode`].
#[inline(always)]
fn pair(d: &[u8], p: usize) -> (f32x4, f32x4) {
    let b = d.get(p..p + 8).and_then(<[u8]>::first_chunk::<8>);
    let mut v = [0u8; 16];
    v[..8].copy_from_slice(b.unwrap_or(&[0; 8]));
    let w = i32x8::from_u16x8(u16x8::from_u8x16_low(u8x16::from(v)));
    let f: [f32x4; 2] = bytemuck::cast(w.round_float() / f32x8::splat(255.0));
    (f[0], f[1])
}

/// One lane: the texel pairs at byte offsets `p0` (top row) and `p1` (bottom row), combined
/// with weights `wx`, `wy` as the core does (`a + w·(b − a)`, see [`super::level::combine`]).
#[inline(always)]
fn lane(d: &[u8], p0: usize, p1: usize, wx: f32, wy: f32) -> f32x4 {
    let (tl, tr) = pair(d, p0);
    let (bl, br) = pair(d, p1);
    let wx = f32x4::splat(wx);
    let r0 = tl + wx * (tr - tl);
    let r1 = bl + wx * (br - bl);
    r0 + f32x4::splat(wy) * (r1 - r0)
}

/// The bilinear filter (bytes in memory order) of 8 lanes whose top-left taps are at byte
/// offsets `o0` (top row) and `o1` (bottom row) of `d` and whose right taps follow them; every
/// such pair lies inside `d` ([`super::texel::Words`]).
#[inline(always)]
pub(super) fn bilinear(d: &[u8], o0: i32x8, o1: i32x8, wx: f32x8, wy: f32x8) -> [f32x8; 4] {
    // The clamp never changes an offset (each pair is in bounds); it proves the reads are.
    let Some(lim) = d.len().checked_sub(8) else {
        return [f32x8::ZERO; 4];
    };
    let (o0, o1, wx, wy) = (o0.to_array(), o1.to_array(), wx.to_array(), wy.to_array());
    let p = |o: i32| (o as u32 as usize).min(lim);
    let l = |k: usize| lane(d, p(o0[k]), p(o1[k]), wx[k], wy[k]);
    let lo = f32x4::transpose([l(0), l(1), l(2), l(3)]);
    let hi = f32x4::transpose([l(4), l(5), l(6), l(7)]);
    let join = |a: f32x4, b: f32x4| bytemuck::cast::<[f32x4; 2], f32x8>([a, b]);
    [
        join(lo[0], hi[0]),
        join(lo[1], hi[1]),
        join(lo[2], hi[2]),
        join(lo[3], hi[3]),
    ]
}

/// One level of [`trilinear`]: the surface memory, the byte offsets of each lane's top and
/// bottom pairs, and the x and y weights.
pub(super) struct Taps<'d> {
    /// The surface memory.
    pub data: &'d [u8],
    /// Byte offsets of the top-left and bottom-left taps.
    pub rows: (i32x8, i32x8),
    /// The x and y weights.
    pub w: (f32x8, f32x8),
}

/// The trilinear filter (bytes in memory order) of 8 lanes: [`bilinear`] at two levels and the
/// core's mip combine with weights `wm[l]` (lane `l`'s weight in every element;
/// `a + wm·(b − a)`), or `None` when a level's memory is shorter than one pair.
#[inline(always)]
pub(super) fn trilinear(a: &Taps<'_>, b: &Taps<'_>, wm: [f32x4; 8]) -> Option<[f32x8; 4]> {
    let (da, db) = (a.data, b.data);
    // As in [`bilinear`], the clamps never change an offset.
    let (la, lb) = (da.len().checked_sub(8)?, db.len().checked_sub(8)?);
    let (a0, a1, ax, ay) = (
        a.rows.0.to_array(),
        a.rows.1.to_array(),
        a.w.0.to_array(),
        a.w.1.to_array(),
    );
    let (b0, b1, bx, by) = (
        b.rows.0.to_array(),
        b.rows.1.to_array(),
        b.w.0.to_array(),
        b.w.1.to_array(),
    );
    let p = |o: i32, lim: usize| (o as u32 as usize).min(lim);
    macro_rules! l {
        ($k:expr) => {{
            let va = lane(da, p(a0[$k], la), p(a1[$k], la), ax[$k], ay[$k]);
            let vb = lane(db, p(b0[$k], lb), p(b1[$k], lb), bx[$k], by[$k]);
            va + wm[$k] * (vb - va)
        }};
    }
    // Written out (not a closure, which the compiler may leave out of line).
    let lo = f32x4::transpose([l!(0), l!(1), l!(2), l!(3)]);
    let hi = f32x4::transpose([l!(4), l!(5), l!(6), l!(7)]);
    let join = |a: f32x4, b: f32x4| bytemuck::cast::<[f32x4; 2], f32x8>([a, b]);
    Some([
        join(lo[0], hi[0]),
        join(lo[1], hi[1]),
        join(lo[2], hi[2]),
        join(lo[3], hi[3]),
    ])
}
