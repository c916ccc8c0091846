//! SIMD fast path of the 8-lane `sample*` operations for the common case, bit-identical to the
//! per-lane core ([`crate::core`]).
//!
//! **Covered** (checked once per 8-lane call, else the caller runs the per-lane core):
//! Texture2D / Texture2DArray views of R8G8B8A8 / B8G8R8A8 UNORM (and `_SRGB`); standard
//! reduction (no comparison, min or max), no anisotropy; U and V addressing WRAP or CLAMP (any
//! pair); any point/linear min, mag and mip filter; immediate offsets; any LOD source (implicit,
//! bias, level, grad, `_cl` clamp). A call where a lane's mip set is empty (resource/per-sample
//! clamp beyond the last mip) also falls back.
//!
//! **How it stays exact.**
//! - LOD and mip selection run the core's own scalar code ([`Ctx::lod`], [`Ctx::mip_select`])
//!   per lane, memoised across lanes with bit-identical LOD inputs (a non-cube LOD does not read
//!   the coordinates): with coarse derivatives that is one computation per quad.
//! - Coordinates: for power-of-two mip extents (≤ 2^17) the fixed-point conversion is done on
//!   `f32x8`: range reduction (`u − floor(u)` / clamp to ±10, as [`crate::address::reduce`]) is
//!   exact IEEE arithmetic, and `u · size · 256` is a multiplication by a power of two, hence exact
//!   in `f32` (no overflow: |u| ≤ 10, size · 256 ≤ 2^25), so its floor equals the core's `f64`
//!   floor; NaN → 0 as in [`crate::address::to_fixed`]. Other extents use the scalar
//!   [`crate::address`] functions per lane. Point sampling is linear selection with a `+½`
//!   shift and weight 0, so one code path serves both per lane.
//! - Texels: addressed indices become byte offsets, RGBA8 words are read with scalar loads and
//!   unpacked with SIMD shifts/masks; UNORM decodes as `v / 255` (the IEEE division the core's
//!   table was built with), sRGB colour channels through the same table.
//! - Filtering: the core's `combine` (w = 0 → a, w = 1 → b, a = b → a, else
//!   `clamp(a + w·(b − a), min, max)`) on `f32x8`, in the same x, y, mip order (the special
//!   cases reduce to the formula for these inputs, see [`combine`]); taps the core skips (weight
//!   0) are fetched but contribute exactly nothing. No FMA.

use crate::address::{address, linear_texels, point_texel, reduce, to_fixed};
use crate::core::{Ctx, LodInfo, LodReq, MipSel, Red, geom};
use crate::fetch::Rgba32F;
use crate::view::{Sampler, TextureView};
use tessera_caps::desc::{AddressMode, FilterReduction, ViewDimension};
use tessera_format::convert::srgb8_to_linear_table;
use tessera_format::{Format, Surface};
use wide::{CmpEq, CmpGe, CmpGt, CmpLt, CmpNe, f32x8, i32x8};

/// Largest power-of-two extent whose fixed-point product stays exact and in `i32`.
const MAX_POW2: u32 = 1 << 17;

/// The texel layout of a covered format.
#[derive(Clone, Copy)]
struct Layout {
    bgra: bool,
    srgb: bool,
}

fn layout(f: Format) -> Option<Layout> {
    match f {
        Format::R8G8B8A8Unorm => Some(Layout {
            bgra: false,
            srgb: false,
        }),
        Format::R8G8B8A8UnormSrgb => Some(Layout {
            bgra: false,
            srgb: true,
        }),
        Format::B8G8R8A8Unorm => Some(Layout {
            bgra: true,
            srgb: false,
        }),
        Format::B8G8R8A8UnormSrgb => Some(Layout {
            bgra: true,
            srgb: true,
        }),
        _ => None,
    }
}

/// Whether `view` and `s` are covered by the fast path (the per-call part of the conditions).
pub(crate) fn covers(view: &TextureView<'_>, s: &Sampler) -> bool {
    let mode_ok = |m| matches!(m, AddressMode::Wrap | AddressMode::Clamp);
    layout(view.format).is_some()
        && matches!(
            view.dimension,
            ViewDimension::Texture2D | ViewDimension::Texture2DArray
        )
        && !s.aniso
        && s.desc.filter.reduction == FilterReduction::Standard
        && mode_ok(s.desc.address_u)
        && mode_ok(s.desc.address_v)
}

fn same_req(a: &LodReq, b: &LodReq) -> bool {
    let eq3 = |x: &[f32; 3], y: &[f32; 3]| (0..3).all(|i| x[i].to_bits() == y[i].to_bits());
    match (a, b) {
        (LodReq::Level(x), LodReq::Level(y)) => x.to_bits() == y.to_bits(),
        (
            LodReq::Grad { ddx, ddy, bias },
            LodReq::Grad {
                ddx: dx2,
                ddy: dy2,
                bias: b2,
            },
        ) => eq3(ddx, dx2) && eq3(ddy, dy2) && bias.to_bits() == b2.to_bits(),
        _ => false,
    }
}

/// Filtered samples of 8 lanes, or `None` when the call is not covered (the caller then runs the
/// per-lane core). `req(l)` / `clamp[l]` are lane `l`'s LOD source and per-sample clamp.
pub(crate) fn sample(
    view: &TextureView<'_>,
    s: &Sampler,
    coords: [f32x8; 4],
    req: &dyn Fn(usize) -> LodReq,
    offset: [i32; 3],
    clamp: Option<&[f32; 8]>,
) -> Option<[f32x8; 4]> {
    if !covers(view, s) {
        return None;
    }
    let lay = layout(view.format)?;
    let g = geom(view.dimension);
    let ctx = Ctx {
        view,
        s,
        fetch: Rgba32F,
        border: [0.0; 4],
        red: Red::Avg,
        cmp: None,
    };
    let c = coords.map(|v| v.to_array());
    let mut sel = [MipSel {
        linear: false,
        m0: 0,
        m1: 0,
        wm: 0,
    }; 8];
    let mut base = [0u32; 8];
    let mut prev: Option<(LodReq, u32, MipSel)> = None;
    for l in 0..8 {
        let lc = [c[0][l], c[1][l], c[2][l], c[3][l]];
        let r = req(l);
        let cl = clamp.map_or(f32::MIN, |c| c[l]);
        sel[l] = match prev {
            Some((pr, pc, m)) if pc == cl.to_bits() && same_req(&pr, &r) => m,
            _ => {
                let li: LodInfo = ctx.lod(g, lc, r, cl);
                if li.empty {
                    return None;
                }
                ctx.mip_select(li.clamped)
            }
        };
        prev = Some((r, cl.to_bits(), sel[l]));
        if g.array_comp.is_some() {
            base[l] = ctx.base_slice(g, lc);
        }
    }
    let lv = Level {
        view,
        modes: [s.desc.address_u, s.desc.address_v],
        lay,
        base,
        linear: sel.map(|m| m.linear),
        offset: [offset[0], offset[1]],
        u: coords[0],
        v: coords[1],
    };
    let a = lv.filter(sel.map(|m| m.m0));
    if sel.iter().all(|m| m.wm == 0) {
        return Some(a);
    }
    let b = lv.filter(sel.map(|m| m.m1));
    let wm = weights(i32x8::new(sel.map(|m| m.wm as i32)));
    Some(core::array::from_fn(|i| combine(a[i], b[i], wm)))
}

/// 8-bit fixed-point weights as `f32` (exact, as [`crate::address::weight`]).
#[inline]
fn weights(k: i32x8) -> f32x8 {
    f32x8::from_i32x8(k) * f32x8::splat(1.0 / 256.0)
}

/// The core's two-input combine (standard reduction) on 8 lanes. The core returns `a` where
/// `w = 0`, `b` where `w = 1`, `a` where `a == b`, else `a + w·(b − a)` clamped to
/// `[lo, hi] = a < b ? [a, b] : [b, a]`. Here the inputs are decoded UNORM/sRGB texels or combines
/// of them — finite, never −0 — and `w = k/256` with `0 ≤ k ≤ 255` (texel and mip weights). So
/// `w = 1` never occurs, and for `w = 0` or `a == b` the formula itself gives exactly `a`
/// (`a + (±0) = a`, inside `[lo, hi]`): only the formula and the clamp remain. `fast_min` /
/// `fast_max` are `minps`/`maxps`, whose `x < y ? x : y` / `x > y ? x : y` are the core's
/// comparisons operand for operand (`lo`, `hi`, then `r < lo → lo`, `r > hi → hi`).
#[inline]
fn combine(a: f32x8, b: f32x8, w: f32x8) -> f32x8 {
    let r = a + w * (b - a);
    let lo = a.fast_min(b);
    let hi = b.fast_max(a);
    hi.fast_min(lo.fast_max(r))
}

/// Exact `floor` on 8 lanes (IEEE: NaN, ±0, ±∞ and |x| ≥ 2^23 returned unchanged).
#[inline]
fn floor(x: f32x8) -> f32x8 {
    let t = f32x8::from_i32x8(x.fast_trunc_int());
    let f = t - t.cmp_gt(x).blend(f32x8::ONE, f32x8::ZERO);
    let keep = x.abs().cmp_ge(f32x8::splat(8_388_608.0)) | x.cmp_eq(f32x8::ZERO) | x.cmp_ne(x);
    keep.blend(x, f)
}

/// [`reduce`] on 8 lanes for WRAP and CLAMP.
#[inline]
fn reduce8(u: f32x8, mode: AddressMode) -> f32x8 {
    match mode {
        AddressMode::Wrap => u - floor(u),
        _ => {
            // f32::clamp: below → min, above → max, NaN unchanged.
            let lo = f32x8::splat(-10.0);
            let hi = f32x8::splat(10.0);
            let u = u.cmp_lt(lo).blend(lo, u);
            u.cmp_gt(hi).blend(hi, u)
        }
    }
}

/// The little-endian texel word at byte `o`; 0 (all components 0, as the core's fetcher returns)
/// for a texel the surface's memory does not hold.
#[inline]
fn word(s: &Surface<'_>, o: usize) -> i32 {
    s.data
        .get(o..o + 4)
        .map_or(0, |b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Addressed texel indices of the 2-tap footprint on one axis and the 8-bit weight of the second.
struct Axis {
    t0: i32x8,
    t1: i32x8,
    w: i32x8,
}

/// One mip level's bilinear (or point) filter over 8 lanes, each lane at its own level.
struct Level<'v, 'a> {
    view: &'v TextureView<'a>,
    modes: [AddressMode; 2],
    lay: Layout,
    base: [u32; 8],
    linear: [bool; 8],
    offset: [i32; 2],
    u: f32x8,
    v: f32x8,
}

impl Level<'_, '_> {
    /// Axis selection, power-of-two extents on all lanes: SIMD fixed point.
    fn axis_simd(&self, c: f32x8, n: i32x8, mode: AddressMode, off: i32) -> Axis {
        let r = reduce8(c, mode);
        // Exact: n·256 is a power of two ≤ 2^25 and |r| ≤ 10.
        let p = r * f32x8::from_i32x8(n << 8);
        let p = p.cmp_eq(p).blend(p, f32x8::ZERO);
        let fx = floor(p).fast_trunc_int();
        // Point: t = fx >> 8, weight 0. Linear: g = fx − 128, t0 = g >> 8, w = g & 255.
        let half = i32x8::new(self.linear.map(|b| if b { 128 } else { 0 }));
        let wmask = i32x8::new(self.linear.map(|b| if b { 255 } else { 0 }));
        let g = fx - half;
        let t0 = (g >> 8) + i32x8::splat(off);
        let w = g & wmask;
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
        let mut t0 = [0i32; 8];
        let mut t1 = [0i32; 8];
        let mut w = [0i32; 8];
        for l in 0..8 {
            let fx = to_fixed(reduce(c[l], mode), n[l]);
            let (t, ww) = if self.linear[l] {
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
    fn filter(&self, m: [u32; 8]) -> [f32x8; 4] {
        let surf: [&Surface<'_>; 8] =
            core::array::from_fn(|l| self.view.surface(m[l], self.base[l]));
        let wd = surf.map(|s| s.width);
        let ht = surf.map(|s| s.height);
        let p2 = |n: &u32| n.is_power_of_two() && *n <= MAX_POW2;
        let (x, y) = if wd.iter().all(p2) && ht.iter().all(p2) {
            let n = |a: [u32; 8]| i32x8::new(a.map(|v| v as i32));
            (
                self.axis_simd(self.u, n(wd), self.modes[0], self.offset[0]),
                self.axis_simd(self.v, n(ht), self.modes[1], self.offset[1]),
            )
        } else {
            (
                self.axis_scalar(self.u, wd, self.modes[0], self.offset[0]),
                self.axis_scalar(self.v, ht, self.modes[1], self.offset[1]),
            )
        };
        if !self.linear.iter().any(|&b| b) {
            // Point on every lane: one tap (the core reads only (x0, y0) when both weights are 0).
            let (x0, y0) = (x.t0.to_array(), y.t0.to_array());
            let mut words = [0i32; 8];
            for l in 0..8 {
                let s = surf[l];
                let o = y0[l] as usize * s.row_pitch + x0[l] as usize * 4;
                words[l] = word(s, o);
            }
            return self.decode(words);
        }
        let (x0, x1, y0, y1) = (
            x.t0.to_array(),
            x.t1.to_array(),
            y.t0.to_array(),
            y.t1.to_array(),
        );
        // Taps TL, TR, BL, BR as raw little-endian words.
        let mut taps = [[0i32; 8]; 4];
        for l in 0..8 {
            let s = surf[l];
            let (r0, r1) = (y0[l] as usize * s.row_pitch, y1[l] as usize * s.row_pitch);
            let (c0, c1) = (x0[l] as usize * 4, x1[l] as usize * 4);
            taps[0][l] = word(s, r0 + c0);
            taps[1][l] = word(s, r0 + c1);
            taps[2][l] = word(s, r1 + c0);
            taps[3][l] = word(s, r1 + c1);
        }
        let t = taps.map(|w| self.decode(w));
        let wx = weights(x.w);
        let wy = weights(y.w);
        core::array::from_fn(|i| {
            let r0 = combine(t[0][i], t[1][i], wx);
            let r1 = combine(t[2][i], t[3][i], wx);
            combine(r0, r1, wy)
        })
    }

    /// RGBA8/BGRA8 words → float RGBA exactly as [`crate::fetch::Rgba8`].
    #[inline]
    fn decode(&self, words: [i32; 8]) -> [f32x8; 4] {
        let w = i32x8::new(words);
        let byte = |k: i32| (w >> (8 * k)) & i32x8::splat(255);
        let unorm = |b: i32x8| f32x8::from_i32x8(b) / f32x8::splat(255.0);
        let (ri, bi) = if self.lay.bgra { (2, 0) } else { (0, 2) };
        let a = unorm(byte(3));
        if self.lay.srgb {
            let t = srgb8_to_linear_table();
            let ch =
                |k: usize| f32x8::new(words.map(|v| t[((v as u32 >> (8 * k)) & 255) as usize]));
            [ch(ri), ch(1), ch(bi), a]
        } else {
            [
                unorm(byte(ri as i32)),
                unorm(byte(1)),
                unorm(byte(bi as i32)),
                a,
            ]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_caps::desc::{FilterKind, SamplerDesc};

    fn sampler(mu: AddressMode, mv: AddressMode, f: impl Fn(&mut SamplerDesc)) -> Sampler {
        let mut d = SamplerDesc {
            address_u: mu,
            address_v: mv,
            ..SamplerDesc::default()
        };
        f(&mut d);
        Sampler::new(&d)
    }

    /// The fast path engages (returns `Some`) exactly for the covered calls; the bit-identity
    /// itself is tested against the per-lane core in `tests/fast_path.rs`.
    #[test]
    fn engages_for_covered_calls_only() {
        let data = vec![7u8; 4 * 40 * 24 * 2];
        let mk = |format: Format, dim: ViewDimension, w: u32, h: u32, slices: u32| {
            let (rp, dp) = Surface::tight_pitches(format, w, h);
            let s = Surface::new(format, w, h, 1, rp, dp, &data[..4 * (w * h) as usize]).unwrap();
            TextureView::new(dim, vec![s; slices as usize], slices).unwrap()
        };
        let coords = [
            f32x8::splat(0.3),
            f32x8::splat(0.7),
            f32x8::ZERO,
            f32x8::ZERO,
        ];
        let req = |_| LodReq::Level(0.25);
        let run = |v: &TextureView<'_>, s: &Sampler| sample(v, s, coords, &req, [0; 3], None);
        use AddressMode::*;
        use ViewDimension as D;
        for format in [
            Format::R8G8B8A8Unorm,
            Format::R8G8B8A8UnormSrgb,
            Format::B8G8R8A8Unorm,
            Format::B8G8R8A8UnormSrgb,
        ] {
            for (dim, w, h, n) in [
                (D::Texture2D, 32, 16, 1),
                (D::Texture2D, 40, 24, 1),
                (D::Texture2DArray, 8, 8, 2),
            ] {
                let v = mk(format, dim, w, h, n);
                for (mu, mv) in [(Wrap, Wrap), (Wrap, Clamp), (Clamp, Wrap), (Clamp, Clamp)] {
                    for k in 0..8 {
                        let kind = |b| {
                            if k & b != 0 {
                                FilterKind::Linear
                            } else {
                                FilterKind::Point
                            }
                        };
                        let s = sampler(mu, mv, |d| {
                            (d.filter.min, d.filter.mag, d.filter.mip) =
                                (kind(4), kind(2), kind(1));
                        });
                        assert!(
                            run(&v, &s).is_some(),
                            "{format:?} {dim:?} {mu:?} {mv:?} {k}"
                        );
                    }
                }
                for mode in [Mirror, MirrorOnce, Border] {
                    assert!(run(&v, &sampler(mode, Wrap, |_| {})).is_none());
                    assert!(run(&v, &sampler(Clamp, mode, |_| {})).is_none());
                }
                let aniso = sampler(Wrap, Wrap, |d| {
                    d.filter.anisotropic = true;
                    d.max_anisotropy = 4;
                });
                assert!(run(&v, &aniso).is_none());
                for red in [
                    FilterReduction::Comparison,
                    FilterReduction::Minimum,
                    FilterReduction::Maximum,
                ] {
                    let s = sampler(Wrap, Wrap, |d| d.filter.reduction = red);
                    assert!(run(&v, &s).is_none());
                }
                // Empty mip set (resource clamp beyond the last mip): per-lane core.
                let e = v.clone().with_resource_min_lod(3.0, 0);
                assert!(run(&e, &sampler(Wrap, Wrap, |_| {})).is_none());
            }
        }
        let f = mk(Format::R8G8B8A8Unorm, D::TextureCube, 4, 4, 6);
        assert!(run(&f, &Sampler::default()).is_none());
        let r = Surface::new(Format::R32Float, 4, 4, 1, 16, 64, &data[..64]).unwrap();
        let r = TextureView::new(D::Texture2D, vec![r], 1).unwrap();
        assert!(run(&r, &Sampler::default()).is_none());
    }
}
