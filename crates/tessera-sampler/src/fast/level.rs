//! One mip level's bilinear (or point) filter over 8 lanes, each lane at its own level and slice:
//! SIMD fixed-point texel selection, scalar texel reads, SIMD decode and combines.

use super::Layout;
use crate::address::{address, linear_texels, point_texel, reduce, to_fixed};
use crate::view::TextureView;
use tessera_caps::desc::AddressMode;
use tessera_format::Surface;
use tessera_format::convert::srgb8_to_linear_table;
use wide::{CmpEq, CmpGt, CmpLt, f32x8, i32x8};

/// Largest power-of-two extent whose fixed-point product stays exact and in `i32`.
const MAX_POW2: u32 = 1 << 17;

/// 8-bit fixed-point weights as `f32` (exact, as [`crate::address::weight`]).
#[inline]
pub(super) fn weights(k: i32x8) -> f32x8 {
    k.round_float() * f32x8::splat(1.0 / 256.0)
}

/// The core's two-input combine (standard reduction) on 8 lanes: `a + w·(b − a)`.
///
/// The core returns `a` where `w = 0`, `b` where `w = 1`, `a` where `a == b`, else
/// `r = a + w·(b − a)` clamped to `[min(a, b), max(a, b)]`. Here the inputs are decoded
/// UNORM/sRGB texels or combines of them — finite, in `[0, 1]`, never −0 — and `w = k/256` with
/// `0 ≤ k ≤ 255` (texel and mip weights), so `w = 1` never occurs, and for `w = 0` or `a == b`
/// the formula gives exactly `a` (`a + (±0) = a`). The clamp never changes `r` either. Take
/// `a ≤ b` (the other case is symmetric): `d = fl(b − a) ≥ 0`, `p = fl(w·d) ≥ 0`, so
/// `fl(a + p) ≥ a`. If `b − a` is exact, `p ≤ d` (rounding is monotone, `w ≤ 1`), so
/// `a + p ≤ b` and `fl(a + p) ≤ b` as `b` is a float. Otherwise `d` is normal (subnormal
/// differences are exact) and `p ≤ (255/256)(1 + 2⁻²⁴)²(b − a) + 2⁻¹⁵⁰ < b − a` (the last term
/// covers a subnormal product; `b − a ≥ 2⁻¹²⁶` here), so again `a + p < b` and
/// `fl(a + p) ≤ b`. `tests::combine_needs_no_clamp` checks this exhaustively for UNORM8 pairs.
#[inline]
pub(super) fn combine(a: f32x8, b: f32x8, w: f32x8) -> f32x8 {
    a + w * (b - a)
}

/// Reinterprets a lane mask (all ones / all zeros) as integers.
#[inline]
fn mask_i32(m: f32x8) -> i32x8 {
    bytemuck::cast(m)
}

/// Addressed texel indices of the 2-tap footprint on one axis and the 8-bit weight of the second.
struct Axis {
    t0: i32x8,
    t1: i32x8,
    w: i32x8,
}

/// Per-lane texel selection shared by both levels of a call: `half` is 128 on linear lanes (the
/// `−½` texel shift), `wmask` 255 there (0 on point lanes: weight 0).
#[derive(Clone, Copy)]
pub(super) struct Select {
    pub half: i32x8,
    pub wmask: i32x8,
    pub any_linear: bool,
}

/// One mip level's filter setup for 8 lanes.
pub(super) struct Level<'v, 'a> {
    pub view: &'v TextureView<'a>,
    pub modes: [AddressMode; 2],
    pub lay: Layout,
    pub base: [u32; 8],
    /// Whether every lane reads the same slice.
    pub base_uniform: bool,
    /// 1 on lanes that filter linearly, 0 on point lanes.
    pub lin: i32x8,
    pub sel: Select,
    pub offset: [i32; 2],
    pub u: f32x8,
    pub v: f32x8,
}

impl Level<'_, '_> {
    /// Axis selection, power-of-two extents `n` on all lanes: SIMD fixed point. The product
    /// `r · n · 256` is exact (a power of two ≤ 2^25 times `|r| ≤ 10`), so truncation (minus one
    /// where it rounded up) is the core's `f64` floor; NaN → 0 as in [`to_fixed`].
    #[inline]
    fn axis_simd(&self, c: f32x8, n: i32x8, mode: AddressMode, off: i32) -> Axis {
        let scale = (n << 8_i32).round_float();
        let fx = match mode {
            AddressMode::Wrap => {
                // |c| < 2^31: truncation is exact, minus one where it rounded up is the floor,
                // and r = c − floor(c) ∈ [0, 1] (exact), so p = r·n·256 ≥ 0 (or −0) truncates
                // to its floor. Other lanes (|c| ≥ 2^31 integral, ±∞, NaN) have r = 0 or NaN:
                // fixed point 0, as the mask gives.
                let small = c.abs().cmp_lt(f32x8::splat(2_147_483_648.0));
                let t = f32x8::from_i32x8(c.fast_trunc_int());
                let r = c - (t - (t.cmp_gt(c) & f32x8::ONE));
                (r * scale).fast_trunc_int() & mask_i32(small)
            }
            _ => {
                // f32::clamp(−10, 10) after NaN → 0 (which maps to fixed point 0 like NaN).
                let r = (c & c.cmp_eq(c))
                    .fast_max(f32x8::splat(-10.0))
                    .fast_min(f32x8::splat(10.0));
                let p = r * scale;
                let t = p.fast_trunc_int();
                t + mask_i32(t.round_float().cmp_gt(p))
            }
        };
        // Point: t = fx >> 8, weight 0. Linear: g = fx − 128, t0 = g >> 8, w = g & 255.
        let g = fx - self.sel.half;
        let t0 = (g >> 8) + i32x8::splat(off);
        let w = g & self.sel.wmask;
        let one = i32x8::splat(1);
        let t1 = t0 + one;
        let last = n - one;
        let addr = |t: i32x8| match mode {
            AddressMode::Wrap => t & last,
            _ => t.max(i32x8::splat(0)).min(last),
        };
        Axis {
            t0: addr(t0),
            t1: addr(t1),
            w,
        }
    }

    /// Axis selection through the scalar [`crate::address`] functions (any extent).
    fn axis_scalar(&self, c: f32x8, n: [u32; 8], mode: AddressMode, off: i32) -> Axis {
        let c = c.to_array();
        let linear = self.lin.to_array();
        let mut t0 = [0i32; 8];
        let mut t1 = [0i32; 8];
        let mut w = [0i32; 8];
        for l in 0..8 {
            let fx = to_fixed(reduce(c[l], mode), n[l]);
            let (t, ww) = if linear[l] != 0 {
                linear_texels(fx)
            } else {
                (point_texel(fx), 0)
            };
            let t = t + i64::from(off);
            // WRAP and CLAMP never select the border.
            t0[l] = address(t, n[l], mode).unwrap_or(0) as i32;
            t1[l] = address(t + 1, n[l], mode).unwrap_or(0) as i32;
            w[l] = ww as i32;
        }
        Axis {
            t0: i32x8::new(t0),
            t1: i32x8::new(t1),
            w: i32x8::new(w),
        }
    }

    /// RGBA of 8 lanes at level `m[l]` of slice `base[l]`.
    pub fn filter(&self, m: &[u32; 8]) -> [f32x8; 4] {
        let first = self.view.surface(m[0], self.base[0]);
        let bytes = if self.base_uniform && m.iter().all(|&k| k == m[0]) {
            self.filter_one(first)
        } else {
            self.filter_lanes(m)
        };
        // Bytes 0..3 in memory order → R, G, B, A.
        if self.lay.bgra {
            [bytes[2], bytes[1], bytes[0], bytes[3]]
        } else {
            bytes
        }
    }

    /// Every lane reads surface `s`: extents are splats, and a well-formed surface is read
    /// through [`Words`].
    fn filter_one(&self, s: &Surface<'_>) -> [f32x8; 4] {
        let (x, y) = if p2(s.width) && p2(s.height) {
            let n = |v: u32| i32x8::splat(v as i32);
            (
                self.axis_simd(self.u, n(s.width), self.modes[0], self.offset[0]),
                self.axis_simd(self.v, n(s.height), self.modes[1], self.offset[1]),
            )
        } else {
            (
                self.axis_scalar(self.u, [s.width; 8], self.modes[0], self.offset[0]),
                self.axis_scalar(self.v, [s.height; 8], self.modes[1], self.offset[1]),
            )
        };
        let Some(words) = Words::of(s) else {
            return self.texels(&x, &y, &[s; 8]);
        };
        if !self.sel.any_linear {
            return self.point(words.point(&x, &y));
        }
        self.bilinear(&words.taps(&x, &y), &x, &y)
    }

    /// Lanes at different levels or slices: a surface per lane.
    fn filter_lanes(&self, m: &[u32; 8]) -> [f32x8; 4] {
        // Lane l reuses lane l − 1's surface when its (mip, slice) is the same.
        let mut surf = [self.view.surface(m[0], self.base[0]); 8];
        for l in 1..8 {
            surf[l] = if m[l] != m[l - 1] || self.base[l] != self.base[l - 1] {
                self.view.surface(m[l], self.base[l])
            } else {
                surf[l - 1]
            };
        }
        let (x, y) = if surf.iter().all(|s| p2(s.width) && p2(s.height)) {
            let n = |f: fn(&Surface<'_>) -> u32| i32x8::new(surf.map(|s| f(s) as i32));
            (
                self.axis_simd(self.u, n(|s| s.width), self.modes[0], self.offset[0]),
                self.axis_simd(self.v, n(|s| s.height), self.modes[1], self.offset[1]),
            )
        } else {
            let (wd, ht) = (surf.map(|s| s.width), surf.map(|s| s.height));
            (
                self.axis_scalar(self.u, wd, self.modes[0], self.offset[0]),
                self.axis_scalar(self.v, ht, self.modes[1], self.offset[1]),
            )
        };
        self.texels(&x, &y, &surf)
    }

    /// Filters texels read lane by lane from `surf[l]` (any surface, any layout).
    fn texels(&self, x: &Axis, y: &Axis, surf: &[&Surface<'_>; 8]) -> [f32x8; 4] {
        if !self.sel.any_linear {
            // Point on every lane: one tap (the core reads only (x0, y0) when both weights are 0).
            let (x0, y0) = (x.t0.to_array(), y.t0.to_array());
            return self.point(i32x8::new(core::array::from_fn(|l| {
                let s = surf[l];
                word(s.data, y0[l] as usize * s.row_pitch + x0[l] as usize * 4)
            })));
        }
        self.bilinear(&taps(x, y, surf), x, y)
    }

    /// The bytes (memory order) of one point tap per lane.
    #[inline(always)]
    fn point(&self, w: i32x8) -> [f32x8; 4] {
        if self.lay.srgb {
            [0, 8, 16, 24].map(|k| decode::<true>(w, k))
        } else {
            [0, 8, 16, 24].map(|k| decode::<false>(w, k))
        }
    }

    /// The bytes (memory order) of the bilinear filter of the taps TL, TR, BL, BR.
    #[inline(always)]
    fn bilinear(&self, t: &[i32x8; 4], x: &Axis, y: &Axis) -> [f32x8; 4] {
        let (wx, wy) = (weights(x.w), weights(y.w));
        if self.lay.srgb {
            bilinear::<true>(t, wx, wy)
        } else {
            bilinear::<false>(t, wx, wy)
        }
    }
}

/// Whether the SIMD fixed point covers extent `n`.
#[inline]
fn p2(n: u32) -> bool {
    n.is_power_of_two() && n <= MAX_POW2
}

/// Byte `k / 8` (memory order) of 8 RGBA8/BGRA8 words as float, exactly as
/// [`crate::fetch::Rgba8`]: UNORM as `v / 255` (the IEEE division the core's table was built
/// with), the sRGB colour bytes (0..=2) through the core's table.
#[inline(always)]
fn decode<const SRGB: bool>(w: i32x8, k: i32) -> f32x8 {
    if SRGB && k < 24 {
        let t = srgb8_to_linear_table();
        return f32x8::new(w.to_array().map(|v| t[((v >> k) & 255) as usize]));
    }
    let b = (w >> k) & i32x8::splat(255);
    b.round_float() / f32x8::splat(255.0)
}

/// The bilinear filter of the taps TL, TR, BL, BR, byte by byte (memory order): decode the four
/// taps, then the core's x, x, y combines.
#[inline(always)]
fn bilinear<const SRGB: bool>(t: &[i32x8; 4], wx: f32x8, wy: f32x8) -> [f32x8; 4] {
    let byte = |k: i32| {
        let r0 = combine(decode::<SRGB>(t[0], k), decode::<SRGB>(t[1], k), wx);
        let r1 = combine(decode::<SRGB>(t[2], k), decode::<SRGB>(t[3], k), wx);
        combine(r0, r1, wy)
    };
    [byte(0), byte(8), byte(16), byte(24)]
}

/// Texel reads from one well-formed surface (every texel inside `data`, whose length fits in
/// `u32`): texel byte offsets are computed in `u32` without overflow.
struct Words<'a> {
    data: &'a [u8],
    pitch: u32,
}

impl<'a> Words<'a> {
    /// `Some` when every texel of `s` lies inside its memory and that memory is < 4 GiB.
    #[inline]
    fn of(s: &Surface<'a>) -> Option<Self> {
        let pitch = u32::try_from(s.row_pitch).ok()?;
        let len = u32::try_from(s.data.len()).ok()?;
        let end = u64::from(s.height.checked_sub(1)?) * u64::from(pitch) + u64::from(s.width) * 4;
        (end <= u64::from(len)).then_some(Self {
            data: s.data,
            pitch,
        })
    }

    /// The `N` bytes at `o` (in bounds for texels of the surface).
    #[inline(always)]
    fn read<const N: usize>(&self, o: i32) -> Option<[u8; N]> {
        let o = o as u32 as usize;
        self.data.get(o..o + N)?.try_into().ok()
    }

    /// Byte offsets (as `u32` bits) of the texels at addressed columns `x`, rows `y`.
    #[inline(always)]
    fn offsets(&self, x: i32x8, y: i32x8) -> [i32; 8] {
        let rows = if self.pitch.is_power_of_two() {
            y << self.pitch.trailing_zeros() as i32
        } else {
            let p = self.pitch as i32;
            i32x8::new(y.to_array().map(|v| v.wrapping_mul(p)))
        };
        (rows + (x << 2i32)).to_array()
    }

    /// One point tap per lane as raw words.
    #[inline(always)]
    fn point(&self, x: &Axis, y: &Axis) -> i32x8 {
        let o = self.offsets(x.t0, y.t0);
        i32x8::new(o.map(|o| self.read::<4>(o).map_or(0, i32::from_le_bytes)))
    }

    /// The bilinear taps TL, TR, BL, BR of 8 lanes as raw words. Where every lane's right tap is
    /// the next texel in memory (no wrap at the right edge), each row's pair is one 8-byte read.
    #[inline(always)]
    fn taps(&self, x: &Axis, y: &Axis) -> [i32x8; 4] {
        let one =
            |o: [i32; 8]| i32x8::new(o.map(|o| self.read::<4>(o).map_or(0, i32::from_le_bytes)));
        if !x.t1.cmp_eq(x.t0 + i32x8::splat(1)).all() {
            return [
                one(self.offsets(x.t0, y.t0)),
                one(self.offsets(x.t1, y.t0)),
                one(self.offsets(x.t0, y.t1)),
                one(self.offsets(x.t1, y.t1)),
            ];
        }
        let pairs = |o: [i32; 8]| o.map(|o| self.read::<8>(o).map_or(0, u64::from_le_bytes));
        let (r0, r1) = (
            pairs(self.offsets(x.t0, y.t0)),
            pairs(self.offsets(x.t0, y.t1)),
        );
        let lo = |r: [u64; 8]| i32x8::new(r.map(|v| v as i32));
        let hi = |r: [u64; 8]| i32x8::new(r.map(|v| (v >> 32) as i32));
        [lo(r0), hi(r0), lo(r1), hi(r1)]
    }
}

/// The little-endian texel word at byte `o` of `d`; 0 (all components 0, as the core's fetcher
/// returns) for a texel the surface's memory does not hold.
#[inline]
fn word(d: &[u8], o: usize) -> i32 {
    match d.get(o..).and_then(<[u8]>::first_chunk::<4>) {
        Some(b) => i32::from_le_bytes(*b),
        None => 0,
    }
}

/// The bilinear taps TL, TR, BL, BR of 8 lanes as raw words, lane `l` reading `surf[l]`.
fn taps(x: &Axis, y: &Axis, surf: &[&Surface<'_>; 8]) -> [i32x8; 4] {
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
    taps.map(i32x8::new)
}

#[cfg(test)]
mod tests {
    use crate::core::{Red, combine};

    /// [`super::combine`]'s claim: for every pair of UNORM8 values and every 8-bit weight, and
    /// for pseudo-random pairs in `[0, 1]`, the core's combine equals the plain formula.
    #[test]
    fn combine_needs_no_clamp() {
        let formula = |a: f32, b: f32, w: f32| a + w * (b - a);
        let check = |a: f32, b: f32| {
            for k in 0..256 {
                let w = k as f32 / 256.0;
                let core = combine(Red::Avg, [a; 4], [b; 4], w)[0];
                assert_eq!(core.to_bits(), formula(a, b, w).to_bits(), "{a} {b} {k}");
            }
        };
        for i in 0..256 {
            for j in 0..256 {
                check(i as f32 / 255.0, j as f32 / 255.0);
            }
        }
        let mut x = 0x1234_5678_9abc_def0u64;
        let mut unit = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Uniform bits: every exponent down to subnormals is reached now and then.
            f32::from_bits((x >> 33) as u32 % 0x3f80_0001)
        };
        for _ in 0..20_000 {
            let (a, b) = (unit(), unit());
            check(a, b);
        }
    }
}
