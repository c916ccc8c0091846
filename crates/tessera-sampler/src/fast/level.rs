//! One mip level's bilinear (or point) filter over 8 lanes, each lane at its own level and slice:
//! SIMD fixed-point texel selection, scalar texel reads, SIMD decode and combines.

use super::Layout;
use super::aos;
use super::mem::{Mem, Unit};
use super::texel::{self, Words, taps};
use crate::address::{address, linear_texels, point_texel, reduce, to_fixed};
use crate::view::TextureView;
use tessera_format::Surface;

use crate::extent::p2;
use tessera_types::desc::AddressMode;
use wide::{CmpEq, CmpGt, CmpLt, f32x4, f32x8, i32x8};

/// 8-bit fixed-point weights as `f32` (exact, as [`crate::address::weight`]).
#[inline]
pub(super) fn weights(k: i32x8) -> f32x8 {
    k.round_float() * f32x8::splat(1.0 / 256.0)
}

/// The exact UNORM8 bilinear weights (see [`crate::core`]) of the taps TL, TR, BL, BR of 8
/// lanes with 8-bit weights `kx`, `ky` of the second texel: `(256−kx)(256−ky)`, `kx(256−ky)`,
/// `(256−kx)ky`, `kx·ky` (exact in `f32`: integers ≤ 2^16).
#[inline(always)]
pub(super) fn tap_weights(kx: i32x8, ky: i32x8) -> [f32x8; 4] {
    let (kx, ky) = (kx.round_float(), ky.round_float());
    let n = f32x8::splat(256.0);
    let (ax, ay) = (n - kx, n - ky);
    [ax * ay, kx * ay, ax * ky, kx * ky]
}

/// The core's two-input combine (standard reduction) on 8 lanes: `a + w·(b − a)`.
///
/// The core returns `a` where `w = 0`, `b` where `w = 1`, `a` where `a == b`, else
/// `r = a + w·(b − a)` clamped to `[min(a, b), max(a, b)]`. Here the inputs are decoded
/// UNORM/sRGB texels, exact UNORM bilinear results (`S / (255·2^16)`, `S ≥ 0` an integer) or
/// combines of them — finite, in `[0, 1]`, never −0 — and `w = k/256` with
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
pub(super) struct Axis {
    pub t0: i32x8,
    pub t1: i32x8,
    pub w: i32x8,
}

/// One coordinate of 8 lanes with the level-independent part of its SIMD fixed point done once
/// per call: the range-reduced coordinate `r` (as [`reduce`]) and, for WRAP, the lanes whose
/// fixed point is forced to 0.
#[derive(Clone, Copy)]
pub(super) struct Coord {
    /// The coordinate as given.
    pub c: f32x8,
    mode: AddressMode,
    r: f32x8,
    keep: i32x8,
}

impl Coord {
    /// Reduces `c` for addressing mode `mode` (WRAP or CLAMP).
    #[inline(always)]
    pub fn new(c: f32x8, mode: AddressMode) -> Self {
        match mode {
            AddressMode::Wrap => {
                // |c| < 2^31: truncation is exact, minus one where it rounded up is the floor,
                // and r = c − floor(c) ∈ [0, 1] (exact). Other lanes (|c| ≥ 2^31 integral, ±∞,
                // NaN) have r = 0 or NaN: fixed point 0, as the mask gives.
                let small = c.abs().cmp_lt(f32x8::splat(2_147_483_648.0));
                let t = c.fast_trunc_int().round_float();
                Self {
                    c,
                    mode,
                    r: c - (t - (t.cmp_gt(c) & f32x8::ONE)),
                    keep: mask_i32(small),
                }
            }
            _ => Self {
                c,
                mode,
                // f32::clamp(−10, 10) after NaN → 0 (which maps to fixed point 0 like NaN).
                r: (c & c.cmp_eq(c))
                    .fast_max(f32x8::splat(-10.0))
                    .fast_min(f32x8::splat(10.0)),
                keep: i32x8::splat(-1),
            },
        }
    }

    /// The 8-bit fixed point `floor(r · scale)` for a power-of-two extent `n` (`scale = n·256`).
    /// The product is exact (a power of two ≤ 2^25 times `|r| ≤ 10`), so truncation (minus one
    /// where it rounded up) is the core's `f64` floor; NaN → 0 as in [`to_fixed`].
    #[inline(always)]
    fn fixed(&self, scale: f32x8) -> i32x8 {
        let p = self.r * scale;
        match self.mode {
            // r ≥ 0 (or −0, or NaN on masked lanes): truncation is the floor.
            AddressMode::Wrap => p.fast_trunc_int() & self.keep,
            _ => {
                let t = p.fast_trunc_int();
                t + mask_i32(t.round_float().cmp_gt(p))
            }
        }
    }
}

/// Per-lane texel selection shared by both levels of a call: `half` is 128 on linear lanes (the
/// `−½` texel shift), `wmask` 255 there (0 on point lanes: weight 0).
#[derive(Clone, Copy)]
pub(super) struct Select {
    pub half: i32x8,
    pub wmask: i32x8,
    pub any_linear: bool,
}

/// One mip level's filter setup for 8 lanes, reading through `mem`.
pub(super) struct Level<'v, 'a, M> {
    pub view: &'v TextureView<'a>,
    pub mem: M,
    pub lay: Layout,
    pub base: [u32; 8],
    /// Whether every lane reads the same slice.
    pub base_uniform: bool,
    /// 1 on lanes that filter linearly, 0 on point lanes.
    pub lin: i32x8,
    pub sel: Select,
    pub offset: [i32; 2],
    pub u: Coord,
    pub v: Coord,
    /// The lanes whose results are read ([`crate::sample_live`]); the lane-by-lane kernels
    /// ([`aos`]) skip the others.
    pub live: u8,
}

impl<'a, M: Mem<'a>> Level<'_, 'a, M> {
    /// [`axis`] with this level's selection.
    #[inline(always)]
    fn axis_simd(&self, c: &Coord, n: i32x8, off: i32) -> Axis {
        axis(c, n, &self.sel, off)
    }

    /// Axis selection through the scalar [`crate::address`] functions (any extent).
    fn axis_scalar(&self, c: &Coord, n: [u32; 8], off: i32) -> Axis {
        let mode = c.mode;
        let c = c.c.to_array();
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

    /// RGBA of 8 lanes at level `m[l]` of slice `base[l]`; `same` says that every `m[l]` is
    /// `m[0]`.
    #[inline]
    pub fn filter(&self, m: &[u32; 8], same: bool) -> [f32x8; 4] {
        let bytes = if self.base_uniform && same {
            let s = self.view.surface(m[0], self.base[0]);
            // Dispatch once, above the texel reads (so they stay in vector form).
            if self.lay.srgb {
                self.filter_one::<true>(s, m[0])
            } else {
                self.filter_one::<false>(s, m[0])
            }
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

    /// The trilinear UNORM filter of 8 lanes at levels `m0` and `m1` (every lane) with mip
    /// weights `wm` ([`Trilinear::run`]); `None` outside its case, which also needs one slice.
    #[inline]
    pub fn trilinear_unorm(&self, m0: u32, m1: u32, wm: f32x8) -> Option<[f32x8; 4]> {
        let w = wm.to_array();
        let s = f32x4::splat;
        let wm = [
            s(w[0]),
            s(w[1]),
            s(w[2]),
            s(w[3]),
            s(w[4]),
            s(w[5]),
            s(w[6]),
            s(w[7]),
        ];
        if !self.base_uniform {
            return None;
        }
        let t = Trilinear {
            view: self.view,
            mem: self.mem,
            lay: self.lay,
            slice: self.base[0],
            sel: self.sel,
            offset: self.offset,
            u: self.u,
            v: self.v,
            live: self.live,
        };
        t.run(m0, m1, wm)
    }

    /// Every lane reads surface `s` (view mip `m` of slice `base[0]`): extents are splats,
    /// and a subresource with an address unit is read through [`Words`].
    fn filter_one<const SRGB: bool>(&self, s: &Surface<'a>, m: u32) -> [f32x8; 4] {
        let n = |v: u32| i32x8::splat(v as i32);
        let slice = self.base[0];
        if self.view.simple {
            // The surface passed the checks below when the view was built.
            let x = self.axis_simd(&self.u, n(s.width()), self.offset[0]);
            let y = self.axis_simd(&self.v, n(s.height()), self.offset[1]);
            let words = Words(self.mem.trusted(s, m, slice));
            return self.filter_words::<SRGB>(&words, &x, &y);
        }
        let (x, y) = if p2(s.width()) && p2(s.height()) {
            (
                self.axis_simd(&self.u, n(s.width()), self.offset[0]),
                self.axis_simd(&self.v, n(s.height()), self.offset[1]),
            )
        } else {
            (
                self.axis_scalar(&self.u, [s.width(); 8], self.offset[0]),
                self.axis_scalar(&self.v, [s.height(); 8], self.offset[1]),
            )
        };
        match self.mem.unit(s, m, slice) {
            Some(u) => self.filter_words::<SRGB>(&Words(u), &x, &y),
            None => self.texels(&x, &y, &[s; 8], &[m; 8]),
        }
    }

    /// The filter of one well-formed surface's texels at `x`, `y`.
    #[inline(always)]
    fn filter_words<const SRGB: bool>(
        &self,
        words: &Words<M::Unit>,
        x: &Axis,
        y: &Axis,
    ) -> [f32x8; 4] {
        if !self.sel.any_linear {
            return texel::point::<SRGB>(words.point(x, y));
        }
        if !SRGB && let Some(r) = words.bilinear_unorm(x, y, self.live) {
            return r;
        }
        texel::bilinear::<SRGB>(&words.taps(x, y), x.w, y.w)
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
        let (x, y) = if surf.iter().all(|s| p2(s.width()) && p2(s.height())) {
            let n = |f: fn(&Surface<'_>) -> u32| i32x8::new(surf.map(|s| f(s) as i32));
            (
                self.axis_simd(&self.u, n(|s| s.width()), self.offset[0]),
                self.axis_simd(&self.v, n(|s| s.height()), self.offset[1]),
            )
        } else {
            let (wd, ht) = (surf.map(|s| s.width()), surf.map(|s| s.height()));
            (
                self.axis_scalar(&self.u, wd, self.offset[0]),
                self.axis_scalar(&self.v, ht, self.offset[1]),
            )
        };
        self.texels(&x, &y, &surf, m)
    }

    /// Filters texels read lane by lane from `surf[l]` (view mip `m[l]` of slice `base[l]`;
    /// any surface, any layout).
    fn texels(&self, x: &Axis, y: &Axis, surf: &[&Surface<'a>; 8], m: &[u32; 8]) -> [f32x8; 4] {
        let b = &self.base;
        if !self.sel.any_linear {
            // Point on every lane: one tap (the core reads only (x0, y0) when both weights are 0).
            let (x0, y0) = (x.t0.to_array(), y.t0.to_array());
            return self.point(i32x8::new(core::array::from_fn(|l| {
                let (x, y) = (x0[l] as u32, y0[l] as u32);
                self.mem.word(surf[l], m[l], b[l], x, y)
            })));
        }
        self.bilinear(&taps(self.mem, x, y, surf, m, b), x, y)
    }

    /// The bytes (memory order) of one point tap per lane.
    #[inline(always)]
    fn point(&self, w: i32x8) -> [f32x8; 4] {
        if self.lay.srgb {
            texel::point::<true>(w)
        } else {
            texel::point::<false>(w)
        }
    }

    /// The bytes (memory order) of the bilinear filter of the taps TL, TR, BL, BR.
    #[inline(always)]
    fn bilinear(&self, t: &[i32x8; 4], x: &Axis, y: &Axis) -> [f32x8; 4] {
        if self.lay.srgb {
            texel::bilinear::<true>(t, x.w, y.w)
        } else {
            texel::bilinear::<false>(t, x.w, y.w)
        }
    }
}

/// Axis selection, power-of-two extents `n` on all lanes, with the per-lane selection `sel`:
/// SIMD fixed point ([`Coord::fixed`]).
#[inline(always)]
pub(super) fn axis(c: &Coord, n: i32x8, sel: &Select, off: i32) -> Axis {
    let mode = c.mode;
    let fx = c.fixed((n << 8_i32).round_float());
    // Point: t = fx >> 8, weight 0. Linear: g = fx − 128, t0 = g >> 8, w = g & 255.
    let g = fx - sel.half;
    let t0 = (g >> 8) + i32x8::splat(off);
    let w = g & sel.wmask;
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

/// The inputs of the trilinear UNORM filter of one slice ([`Trilinear::run`]).
pub(super) struct Trilinear<'v, 'a, M> {
    /// The view (simple, see [`simple`]).
    pub view: &'v TextureView<'a>,
    /// Where its texels are read.
    pub mem: M,
    /// Its texel layout.
    pub lay: Layout,
    /// The slice every lane reads.
    pub slice: u32,
    /// Per-lane linear / point selection.
    pub sel: Select,
    /// Immediate texel offsets (u, v).
    pub offset: [i32; 2],
    /// The reduced coordinates.
    pub u: Coord,
    pub v: Coord,
    /// The lanes whose results are read ([`crate::sample_live`]); the others are skipped.
    pub live: u8,
}

impl<'a, M: Mem<'a>> Trilinear<'_, 'a, M> {
    /// The trilinear UNORM filter of 8 lanes at levels `m0` and `m1` (every lane) with mip
    /// weights `wm` (lane by lane, splat), both levels lane by lane in one pass ([`aos::trilinear`]); `None` outside
    /// its case: a simple UNORM view, some linear lane, and every right tap the next texel at
    /// both levels. Same operations as two [`Level::filter`]s and the mip combine.
    #[inline(always)]
    pub fn run(&self, m0: u32, m1: u32, wm: [f32x4; 8]) -> Option<[f32x8; 4]> {
        if !self.view.simple || self.lay.srgb || !self.sel.any_linear {
            return None;
        }
        let bytes = aos::trilinear(&self.taps(m0)?, &self.taps(m1)?, wm, self.live)?;
        // Bytes 0..3 in memory order → R, G, B, A.
        Some(if self.lay.bgra {
            [bytes[2], bytes[1], bytes[0], bytes[3]]
        } else {
            bytes
        })
    }

    /// One level of [`Self::run`].
    #[inline(always)]
    fn taps(&self, m: u32) -> Option<aos::Taps<'a>> {
        let s = self.view.surface(m, self.slice);
        let n = |v: u32| i32x8::splat(v as i32);
        let x = axis(&self.u, n(s.width()), &self.sel, self.offset[0]);
        let y = axis(&self.v, n(s.height()), &self.sel, self.offset[1]);
        let words = Words(self.mem.trusted(s, m, self.slice));
        // Whether every right tap is the next texel. WRAP: `t1 = t0 + 1` unless `t0` is the
        // last column (then `t1 = 0`), so `t1` itself is not needed; and, in a tiled view,
        // `t0` is not the last column of its tile.
        let adjacent = match self.u.mode {
            AddressMode::Wrap => !x.t0.cmp_eq(n(s.width()) - i32x8::splat(1)).any(),
            _ => x.t1.cmp_eq(x.t0 + i32x8::splat(1)).all(),
        };
        if !adjacent || !words.0.right_follows(x.t0) {
            return None;
        }
        Some(aos::Taps {
            data: words.data(),
            rows: words.left_rows(&x, &y),
            w: aos::PairWeights::new(x.w, y.w),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{Reduction, combine};

    /// [`super::combine`]'s claim: for every pair of UNORM8 values and every 8-bit weight, and
    /// for pseudo-random pairs in `[0, 1]`, the core's combine equals the plain formula.
    #[test]
    fn combine_needs_no_clamp() {
        let formula = |a: f32, b: f32, w: f32| a + w * (b - a);
        let check = |a: f32, b: f32| {
            for k in 0..256 {
                let w = k as f32 / 256.0;
                let core = combine(Reduction::Avg, [a; 4], [b; 4], w)[0];
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
