//! SIMD fast path of the 8-lane `sample*` operations for the common case, bit-identical to the
//! per-lane core ([`crate::core`]).
//!
//! **Covered** (checked once per 8-lane call, else the caller runs the per-lane core):
//! Texture2D / Texture2DArray views of R8G8B8A8 / B8G8R8A8 UNORM (and `_SRGB`); standard
//! reduction (no comparison, min or max), no anisotropy, untiled or a simple tiled view ([`mem`]); U and V addressing WRAP or CLAMP (any
//! pair); any point/linear min, mag and mip filter; immediate offsets; any LOD source (implicit,
//! bias, level, grad, `_cl` clamp). A call where a lane's mip set is empty (resource/per-sample
//! clamp beyond the last mip) also falls back.
//!
//! **How it stays exact.**
//! - LOD and mip selection run the core's own scalar code ([`Ctx::lod`], [`Ctx::mip_select`])
//!   per lane, memoised across lanes with bit-identical LOD inputs (a non-cube LOD does not read
//!   the coordinates): with coarse derivatives that is one computation per quad. The implicit
//!   LOD of `sample` runs [`select::QuadLod`], the same operations with per-view values hoisted.
//! - Coordinates are range-reduced once per call ([`level::Coord`]); only the scaling by the
//!   level's extent is per level.
//! - Coordinates: for power-of-two mip extents (≤ 2^17) the fixed-point conversion is done on
//!   `f32x8`: range reduction (`u − floor(u)` / clamp to ±10, as [`crate::address::reduce`]) is
//!   exact IEEE arithmetic, and `u · size · 256` is a multiplication by a power of two, hence exact
//!   in `f32` (no overflow: |u| ≤ 10, size · 256 ≤ 2^25), so its floor equals the core's `f64`
//!   floor; NaN → 0 as in [`crate::address::to_fixed`]. Other extents use the scalar
//!   [`crate::address`] functions per lane. Point sampling is linear selection with a `+½`
//!   shift and weight 0, so one code path serves both per lane.
//! - Texels: addressed indices become byte offsets, RGBA8 words are read with scalar loads and
//!   unpacked with SIMD shifts/masks; a UNORM point tap decodes as `v / 255` (the IEEE division
//!   the core's table was built with), sRGB colour channels through the same table. When all lanes read one
//!   well-formed surface (every texel inside its memory, < 4 GiB) offsets are `u32`, clamped
//!   to the memory (which never changes them, but proves the reads in bounds), and a row's two
//!   taps are adjacent reads where the right tap is the next texel; else a texel outside the
//!   memory reads as 0, as the core's fetcher does. Channels are filtered in memory byte
//!   order and swizzled at the end (BGRA), which is the same per-channel arithmetic.
//! - UNORM bilinear: the core's exact integer rule ([`crate::core`]): the sum
//!   `S = Σ code · weight` with the tap weights `(256−kx)(256−ky)`, `kx(256−ky)`, `(256−kx)ky`,
//!   `kx·ky` ([`level::tap_weights`]) is an integer < 2^24, so exact in `f32` whatever the order
//!   or grouping of its products and sums, and one division by `255·2^16` gives the core's bits.
//!   Point lanes (weights 0) get `2^16·code`, i.e. exactly the decoded tap, as the core's
//!   point path; taps the core skips (weight 0) are fetched but contribute exactly nothing.
//! - Other filtering (sRGB bilinear, the mip combine): the core's `combine` (w = 0 → a,
//!   w = 1 → b, a = b → a, else `clamp(a + w·(b − a), min, max)`) on `f32x8`, in the same x, y,
//!   mip order; for these inputs (values in `[0, 1]`, weights `k/256 < 1`) the special cases
//!   and the clamp all reduce to the plain formula, see [`combine`]. No FMA.
//! - UNORM bilinear / trilinear with every right tap the next texel in memory runs lane by
//!   lane ([`aos`]): a row's two taps are one 8-byte read, the two rows' bytes are interleaved
//!   and `S` is formed in 16/32-bit integers (`pmullw`, `pmaddwd`; exact, see [`aos`]) and
//!   converted to `f32` exactly, and the 8 lanes transposed at the end; the divisions run 8 lanes at a time (a trilinear lane divides both levels' sums in
//!   one `f32x8`, then combines them as the core does).
//!
//! **Structure.** [`sample`] takes the implicit-LOD case (`Sample`: both quads on the same two
//! levels of a [`TextureView`] whose surfaces passed [`simple`] when it was built) straight from
//! the quad LODs ([`select::QuadLod`]) to [`level::Trilinear`]; everything else goes through
//! `general` (per-lane selection arrays and [`level::Level`]).

mod aos;
mod level;
mod mem;
mod select;
mod texel;

use crate::core::{Ctx, LodInfo, Lods, MipSel, Reduction, geom};
use crate::fetch::Rgba32F;
use crate::view::{Sampler, TextureView};
use level::{Coord, Level, Select, Trilinear, combine, weights};
use mem::{Linear, Mem, Tiles};
use select::QuadLod;
use tessera_types::desc::ViewDimension;
use wide::{CmpEq, f32x4, f32x8, i32x8};

pub(crate) use crate::view::FastLayout as Layout;

/// The common case of [`sample`] without its general set-up: a non-array view, per-quad
/// selections `q` (implicit LOD) with the same two levels in both quads, some mip weight and
/// some linear quad, run through [`Trilinear::run`]; `None` when it does not apply.
#[expect(
    clippy::too_many_arguments,
    reason = "the inputs of `sample` with the quads' selections"
)]
#[inline(always)]
fn quads_trilinear<'a, M: Mem<'a>>(
    view: &TextureView<'a>,
    mem: M,
    s: &Sampler,
    lay: Layout,
    coords: &[f32x8; 4],
    offset: [i32; 3],
    q: [MipSel; 2],
    live: u8,
) -> Option<[f32x8; 4]> {
    let [a, b] = q;
    if view.dimension != ViewDimension::Texture2D
        || a.m0 != b.m0
        || a.m1 != b.m1
        || (a.wm == 0 && b.wm == 0)
        || !(a.linear || b.linear)
    {
        return None;
    }
    let quad = |x: i32, y: i32| i32x8::new([x, x, x, x, y, y, y, y]);
    let lin = quad(i32::from(a.linear), i32::from(b.linear));
    let t = Trilinear {
        view,
        mem,
        lay,
        slice: 0,
        sel: Select {
            half: lin << 7,
            wmask: (lin << 8) - lin,
            any_linear: true,
        },
        offset: [offset[0], offset[1]],
        u: Coord::new(coords[0], s.desc.address_u),
        v: Coord::new(coords[1], s.desc.address_v),
        live,
    };
    // Each quad's mip weight, splat once for its four lanes (as [`weights`]: k/256, exact).
    let w = |k: u32| f32x4::splat(k as f32 * (1.0 / 256.0));
    let (wa, wb) = (w(a.wm), w(b.wm));
    t.run(a.m0, a.m1, [wa, wa, wa, wa, wb, wb, wb, wb])
}

/// Filtered samples of 8 lanes, or `None` when the call is not covered (the caller then runs the
/// per-lane core). `lods` / `clamp[l]` are the lanes' LOD sources and per-sample clamps; `lods`
/// `None` is `Sample`'s implicit LOD, from the quads' coarse derivatives of `coords`. Lanes
/// outside `live` (`0xff`: none) are 0 and their texels are not read where it saves work
/// ([`crate::sample_live`]); the LOD still comes from every lane's coordinates.
pub(crate) fn sample(
    view: &TextureView<'_>,
    s: &Sampler,
    coords: &[f32x8; 4],
    lods: Option<Lods<'_>>,
    offset: [i32; 3],
    clamp: Option<&[f32; 8]>,
    live: u8,
) -> Option<[f32x8; 4]> {
    let lay = view.fast.filter(|_| s.fast)?;
    if view.tiled.is_some() {
        return sample_tiled(view, s, lay, coords, lods, offset, clamp, live);
    }
    run(view, Linear, s, lay, coords, lods, offset, clamp, live)
}

/// [`sample`] of a covered tiled view (out of line: the untiled call stays as it was).
#[expect(
    clippy::too_many_arguments,
    reason = "the inputs of `sample` with the view's layout"
)]
#[inline(never)]
fn sample_tiled(
    view: &TextureView<'_>,
    s: &Sampler,
    lay: Layout,
    coords: &[f32x8; 4],
    lods: Option<Lods<'_>>,
    offset: [i32; 3],
    clamp: Option<&[f32; 8]>,
    live: u8,
) -> Option<[f32x8; 4]> {
    let mem = Tiles {
        units: &view.tile_units,
        mips: view.mip_count,
    };
    run(view, mem, s, lay, coords, lods, offset, clamp, live)
}

/// [`sample`] of a covered call, reading texels through `mem`.
#[expect(
    clippy::too_many_arguments,
    reason = "the inputs of `sample`, passed on with the texel memory"
)]
#[inline(always)]
fn run<'a, M: Mem<'a>>(
    view: &TextureView<'a>,
    mem: M,
    s: &Sampler,
    lay: Layout,
    coords: &[f32x8; 4],
    lods: Option<Lods<'_>>,
    offset: [i32; 3],
    clamp: Option<&[f32; 8]>,
    live: u8,
) -> Option<[f32x8; 4]> {
    let mut quads = None;
    // The quads' derivatives `[∂u/∂x, ∂v/∂x, ∂u/∂y, ∂v/∂y]` when one request per quad serves
    // every lane (lanes 4q..4q + 4 share lane 4q's selection).
    let derivs = match (lods, clamp) {
        // `TR − TL` and `BL − TL` of quad q, as [`crate::ddx_coarse`] / [`crate::ddy_coarse`],
        // of `u` and `v` only: a covered view is 2D, whose LOD reads no third derivative (0).
        (None, None) => Some(quad_derivs(coords[0], coords[1])),
        (
            Some(Lods::Quads {
                ddx,
                ddy,
                bias: None,
            }),
            None,
        ) => {
            let dq = |q: usize| [ddx[q][0], ddx[q][1], ddy[q][0], ddy[q][1]];
            Some([dq(0), dq(1)])
        }
        _ => None,
    };
    if let Some(d) = derivs {
        let ctx = Ctx {
            view,
            s,
            fetch: Rgba32F,
            border: [0.0; 4],
            red: Reduction::Avg,
            cmp: None,
        };
        let q = QuadLod::new(&ctx)?.select::<M>(d, live);
        if let Some(r) = quads_trilinear(view, mem, s, lay, coords, offset, q, live) {
            return Some(r);
        }
        quads = Some(q);
    }
    let lods = lods.unwrap_or_else(|| implicit_lods(coords));
    general(view, mem, s, lay, coords, lods, offset, clamp, quads, live)
}

/// The coarse derivatives `[∂u/∂x, ∂v/∂x, ∂u/∂y, ∂v/∂y]` of both quads of `u`, `v`: lanes
/// `4q + 1` and `4q + 2` minus lane `4q`, the same IEEE subtractions as [`crate::ddx_coarse`] /
/// [`crate::ddy_coarse`], done on whole vectors (`c − c[4q]`). Picking lanes straight from the
/// caller's memory let the compiler load lanes 2..5 of `v` in one 16-byte read spanning the
/// shader's two 16-byte stores, which cannot be store-forwarded (6 % of the sampler's time).
#[inline(always)]
fn quad_derivs(u: f32x8, v: f32x8) -> [[f32; 4]; 2] {
    let base = |c: f32x8| {
        let a = c.to_array();
        f32x8::new([a[0], a[0], a[0], a[0], a[4], a[4], a[4], a[4]])
    };
    let (du, dv) = ((u - base(u)).to_array(), (v - base(v)).to_array());
    let dq = |q: usize| [du[4 * q + 1], dv[4 * q + 1], du[4 * q + 2], dv[4 * q + 2]];
    [dq(0), dq(1)]
}

/// `Sample`'s implicit LOD request: the quads' coarse derivatives of `u` and `v` (the third is 0:
/// a covered view is 2D).
fn implicit_lods(coords: &[f32x8; 4]) -> Lods<'static> {
    let (u, v) = (coords[0].to_array(), coords[1].to_array());
    let d = |c: &[f32; 8], q: usize, k: usize| c[4 * q + k] - c[4 * q];
    let dq = |k: usize| {
        [
            [d(&u, 0, k), d(&v, 0, k), 0.0],
            [d(&u, 1, k), d(&v, 1, k), 0.0],
        ]
    };
    Lods::Quads {
        ddx: dq(1),
        ddy: dq(2),
        bias: None,
    }
}

/// [`sample`] past its common case: `quads` are the per-quad selections when the implicit LOD
/// was already selected.
#[expect(
    clippy::too_many_arguments,
    reason = "the inputs of `sample`, passed on to its out-of-line general part"
)]
#[inline(never)]
fn general<'a, M: Mem<'a>>(
    view: &TextureView<'a>,
    mem: M,
    s: &Sampler,
    lay: Layout,
    coords: &[f32x8; 4],
    lods: Lods<'_>,
    offset: [i32; 3],
    clamp: Option<&[f32; 8]>,
    quads: Option<[MipSel; 2]>,
    live: u8,
) -> Option<[f32x8; 4]> {
    let r = general_all(view, mem, s, lay, coords, lods, offset, clamp, quads, live)?;
    Some(if live == 0xff { r } else { keep_lanes(r, live) })
}

/// `r` with the lanes outside `live` set to 0 (all four channels).
#[inline]
pub(crate) fn keep_lanes(r: [f32x8; 4], live: u8) -> [f32x8; 4] {
    let m: f32x8 = bytemuck::cast(i32x8::new(core::array::from_fn(|k| {
        -i32::from((live >> k) & 1)
    })));
    [r[0] & m, r[1] & m, r[2] & m, r[3] & m]
}

/// [`general`] before the lanes outside `live` are cleared: some of its filters skip them,
/// others do not.
#[expect(
    clippy::too_many_arguments,
    reason = "the inputs of `sample`, passed on to its out-of-line general part"
)]
#[inline(always)]
fn general_all<'a, M: Mem<'a>>(
    view: &TextureView<'a>,
    mem: M,
    s: &Sampler,
    lay: Layout,
    coords: &[f32x8; 4],
    lods: Lods<'_>,
    offset: [i32; 3],
    clamp: Option<&[f32; 8]>,
    quads: Option<[MipSel; 2]>,
    live: u8,
) -> Option<[f32x8; 4]> {
    let g = geom(view.dimension);
    let ctx = Ctx {
        view,
        s,
        fetch: Rgba32F,
        border: [0.0; 4],
        red: Reduction::Avg,
        cmp: None,
    };
    // LOD and mip selection, memoised across lanes with bit-identical LOD inputs (a non-cube
    // LOD does not read the coordinates, which are passed as zeros). Struct of arrays: levels
    // m0, m1, the 8-bit weight of m1 and whether the lane filters linearly (0/1).
    let select = |l: usize| {
        let cl = clamp.map_or(f32::MIN, |c| c[l]);
        let li: LodInfo = ctx.lod(g, [0.0; 4], lods.req(l), cl);
        (!li.empty).then(|| ctx.mip_select(li.clamped))
    };
    let soa = |m: &MipSel| (m.m0, m.m1, m.wm as i32, i32::from(m.linear));
    let (mut m0, mut m1, mut wm, mut lin) = ([0u32; 8], [0u32; 8], [0i32; 8], [0i32; 8]);
    // Whether every lane's m0 (m1) is lane 0's.
    let (same0, same1);
    if let Some([q0, q1]) = quads {
        (same0, same1) = (q0.m0 == q1.m0, q0.m1 == q1.m1);
        for (l, m) in [q0, q0, q0, q0, q1, q1, q1, q1].iter().enumerate() {
            (m0[l], m1[l], wm[l], lin[l]) = soa(m);
        }
    } else {
        for l in 0..8 {
            let same = |c: &[f32; 8]| c[l].to_bits() == c[l - 1].to_bits();
            (m0[l], m1[l], wm[l], lin[l]) =
                if l > 0 && clamp.is_none_or(same) && lods.same_as_previous(l) {
                    (m0[l - 1], m1[l - 1], wm[l - 1], lin[l - 1])
                } else {
                    soa(&select(l)?)
                };
        }
        (same0, same1) = (
            m0.iter().all(|&k| k == m0[0]),
            m1.iter().all(|&k| k == m1[0]),
        );
    }
    let mut base = [0u32; 8];
    if g.array_comp.is_some() {
        let c = coords.map(|v| v.to_array());
        for (l, b) in base.iter_mut().enumerate() {
            *b = ctx.base_slice(g, [c[0][l], c[1][l], c[2][l], c[3][l]]);
        }
    }
    let lin = i32x8::new(lin);
    let lv = Level {
        view,
        mem,
        lay,
        base_uniform: base.iter().all(|&b| b == base[0]),
        base,
        lin,
        sel: Select {
            half: lin << 7,
            wmask: (lin << 8) - lin,
            any_linear: !lin.cmp_eq(i32x8::ZERO).all(),
        },
        offset: [offset[0], offset[1]],
        u: Coord::new(coords[0], s.desc.address_u),
        v: Coord::new(coords[1], s.desc.address_v),
        live,
    };
    let wm = i32x8::new(wm);
    let mip_linear = !wm.cmp_eq(i32x8::ZERO).all();
    if mip_linear
        && same0
        && same1
        && let Some(r) = lv.trilinear_unorm(m0[0], m1[0], weights(wm))
    {
        return Some(r);
    }
    let a = lv.filter(&m0, same0);
    if !mip_linear {
        return Some(a);
    }
    let b = lv.filter(&m1, same1);
    let wm = weights(wm);
    Some([
        combine(a[0], b[0], wm),
        combine(a[1], b[1], wm),
        combine(a[2], b[2], wm),
        combine(a[3], b[3], wm),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_format::{Format, Surface};
    use tessera_types::desc::{AddressMode, FilterKind, FilterReduction, SamplerDesc};

    /// Linear where bit `b` of `k` is set, else point: `k` in 0..8 enumerates min/mag/mip.
    pub(crate) fn filter_kind(k: u32, b: u32) -> FilterKind {
        if k & b != 0 {
            FilterKind::Linear
        } else {
            FilterKind::Point
        }
    }

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
        let run = |v: &TextureView<'_>, s: &Sampler| {
            sample(
                v,
                s,
                &coords,
                Some(Lods::Level(&[0.25; 8])),
                [0; 3],
                None,
                0xff,
            )
        };
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
                        let kind = |b| filter_kind(k, b);
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
