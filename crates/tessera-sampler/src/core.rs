//! The per-lane sampling core. Every lane runs exactly this code (the 8-lane entry points and the
//! scalar `*_one` helpers both call it), so results are bit-identical per lane by construction.
//!
//! **Filtering arithmetic.** Filters are evaluated as a tree of two-input combines in a fixed
//! order (x, then y, then z, then mip, then anisotropic probes). A combine with weight `w` of the
//! second input is `a` when `w = 0`, `b` when `w = 1`, `a` when `a == b`, else
//! `clamp(a + w·(b − a), min(a,b), max(a,b))` — so constant footprints are returned exactly
//! (TX-14), results stay within the fetched texels' range (§4.6), and zero-weight taps never leak
//! NaN/Inf. All weights are 8-bit fixed-point fractions (exact in `f32`).
//!
//! **Exact UNORM8 bilinear** (the one exception to the combine tree). Where every texel is
//! four UNORM8 codes (R8G8B8A8 / B8G8R8A8 UNORM, *not* sRGB: [`Fetch::codes`]), with the
//! standard reduction and no comparison, the in-plane footprint of a non-cube level (x and y;
//! 1D: x) is filtered in integers: with codes `t_TL, t_TR, t_BL, t_BR` (one channel) and the
//! 8-bit weights `kx, ky` (0..=255, of the second texel on each axis),
//! `S = t_TL·(256−kx)(256−ky) + t_TR·kx(256−ky) + t_BL·(256−kx)ky + t_BR·kx·ky` and the result
//! is `S / 16_711_680` (= 255·2^16) as one IEEE `f32` division ([`UNORM8_BILINEAR_DIVISOR`]).
//! - *Exact*: the four weights are ≥ 0 and sum to 2^16, so `S ≤ 255·2^16 < 2^24`: every
//!   product and partial sum is an integer that `u32` and `f32` hold exactly, in any order of
//!   summation (the fast path groups it differently and gets the same `S`). The division is
//!   the only rounding, so the result is the exact bilinear interpolation of the values
//!   `t/255`, correctly rounded (≤ ½ ulp; the float chain it replaces rounds at the decode
//!   and at each of its three combines) — at least format precision (SPEC §4.6).
//! - *Within [min, max] of the fetched texels*: `S / 16_711_680` is a convex combination of
//!   the `t/255` of the taps with non-zero weight (the only ones fetched); rounding is
//!   monotone, and `fl(t/255)` is exactly a decoded tap (the decode is that same division),
//!   so `fl(min/255) ≤ result ≤ fl(max/255)`. A constant footprint gives `S = 2^16·t`, hence
//!   exactly the texel's value `fl(t/255)` (TX-14).
//! - *Monotonic in each weight*: for a fixed `ky`, `S` is affine in `kx` (and vice versa), and
//!   a correctly rounded division by a positive constant is monotone in `S`.
//! - `kx = ky = 0` (point sampling, texel centres) gives `S = 2^16·t`, i.e. the decoded texel
//!   itself, so the rule changes nothing there and is skipped.
//!
//! Everything else keeps the float combines: other formats and sRGB, a footprint with a border
//! tap of non-zero weight (border handling is left as it was, although a UNORM8 view's border
//! colour is quantised to codes by `border_for` and could join the sum), cubes (their corner
//! stand-in is not a code), min/max and comparison filters, and the z (3D), mip and
//! anisotropic combines, which combine these results.

use crate::address::{address, linear_texels, point_texel, reduce, to_fixed, weight};
use crate::cube;
use crate::fetch::Fetch;
use crate::lod;
use crate::view::{Sampler, Sub, TextureView, oob_value};
use tessera_types::desc::{ComparisonFunc, FilterKind, ViewDimension};

/// `255 · 2^16`: the exact UNORM8 bilinear sum `S` (module docs) divided by it is the filtered
/// value. Exact in `f32`.
pub(crate) const UNORM8_BILINEAR_DIVISOR: f32 = 16_711_680.0;

/// How the footprint's texels are reduced (§4.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reduction {
    Avg,
    Min,
    Max,
}

#[inline]
fn lerp1(a: f32, b: f32, w: f32) -> f32 {
    if a == b {
        return a;
    }
    let r = a + w * (b - a);
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    if r < lo {
        lo
    } else if r > hi {
        hi
    } else {
        r
    }
}

#[inline]
pub(crate) fn combine(red: Reduction, a: [f32; 4], b: [f32; 4], w: f32) -> [f32; 4] {
    if w == 0.0 {
        return a;
    }
    if w == 1.0 {
        return b;
    }
    match red {
        Reduction::Avg => core::array::from_fn(|i| lerp1(a[i], b[i], w)),
        Reduction::Min => core::array::from_fn(|i| a[i].min(b[i])),
        Reduction::Max => core::array::from_fn(|i| a[i].max(b[i])),
    }
}

/// Stand-in for a cube corner's missing texel: the mean of the 3 real ones (≡ splitting its weight
/// equally among them); min/max for the min/max reductions.
#[inline]
fn mean3(red: Reduction, a: [f32; 4], b: [f32; 4], c: [f32; 4]) -> [f32; 4] {
    core::array::from_fn(|i| match red {
        Reduction::Min => a[i].min(b[i]).min(c[i]),
        Reduction::Max => a[i].max(b[i]).max(c[i]),
        Reduction::Avg => {
            if a[i] == b[i] && b[i] == c[i] {
                return a[i];
            }
            let lo = a[i].min(b[i]).min(c[i]);
            let hi = a[i].max(b[i]).max(c[i]);
            let m = (a[i] + b[i] + c[i]) / 3.0;
            if m < lo {
                lo
            } else if m > hi {
                hi
            } else {
                m
            }
        }
    })
}

/// Where the LOD comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum LodReq {
    /// Derivatives of the normalised coordinates (or cube direction) and a shader bias.
    Grad {
        ddx: [f32; 3],
        ddy: [f32; 3],
        bias: f32,
    },
    /// An explicit LOD (sample_l; sampler bias and clamps still apply).
    Level(f32),
}

/// The LOD sources of the 8 lanes of one call.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lods<'a> {
    /// Implicit LOD: each quad's coarse derivatives (`TR − TL`, `BL − TL` of the coordinates,
    /// quad `q` = lanes `4q..4q + 4`) and an optional per-lane shader bias (else 0).
    Quads {
        ddx: [[f32; 3]; 2],
        ddy: [[f32; 3]; 2],
        bias: Option<&'a [f32; 8]>,
    },
    /// Explicit per-lane derivatives.
    Grad {
        ddx: &'a [[f32; 8]; 3],
        ddy: &'a [[f32; 8]; 3],
    },
    /// Explicit per-lane LOD.
    Level(&'a [f32; 8]),
}

impl Lods<'_> {
    /// Lane `l`'s request.
    #[inline]
    pub fn req(&self, l: usize) -> LodReq {
        match *self {
            Lods::Quads { ddx, ddy, bias } => LodReq::Grad {
                ddx: ddx[l / 4],
                ddy: ddy[l / 4],
                bias: bias.map_or(0.0, |b| b[l]),
            },
            Lods::Grad { ddx, ddy } => LodReq::Grad {
                ddx: [ddx[0][l], ddx[1][l], ddx[2][l]],
                ddy: [ddy[0][l], ddy[1][l], ddy[2][l]],
                bias: 0.0,
            },
            Lods::Level(v) => LodReq::Level(v[l]),
        }
    }

    /// Whether lane `l` (≥ 1) has bit for bit the request of lane `l − 1`.
    #[inline]
    pub fn same_as_previous(&self, l: usize) -> bool {
        let eq = |a: f32, b: f32| a.to_bits() == b.to_bits();
        let eq3 = |a: &[f32; 3], b: &[f32; 3]| (0..3).all(|i| eq(a[i], b[i]));
        match *self {
            Lods::Quads { ddx, ddy, bias } => {
                (l != 4 || (eq3(&ddx[0], &ddx[1]) && eq3(&ddy[0], &ddy[1])))
                    && bias.is_none_or(|b| eq(b[l], b[l - 1]))
            }
            Lods::Grad { ddx, ddy } => {
                (0..3).all(|i| eq(ddx[i][l], ddx[i][l - 1]) && eq(ddy[i][l], ddy[i][l - 1]))
            }
            Lods::Level(v) => eq(v[l], v[l - 1]),
        }
    }
}

/// Geometry of a view dimension.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Geom {
    /// Spatial axes addressed (1, 2, 3; cubes: 2 on a face).
    pub axes: usize,
    pub cube: bool,
    /// Coordinate component carrying the array index.
    pub array_comp: Option<usize>,
}

pub(crate) fn geom(d: ViewDimension) -> Geom {
    use ViewDimension as D;
    match d {
        D::Texture1D => Geom {
            axes: 1,
            cube: false,
            array_comp: None,
        },
        D::Texture1DArray => Geom {
            axes: 1,
            cube: false,
            array_comp: Some(1),
        },
        D::Texture2DArray => Geom {
            axes: 2,
            cube: false,
            array_comp: Some(2),
        },
        D::Texture3D => Geom {
            axes: 3,
            cube: false,
            array_comp: None,
        },
        D::TextureCube => Geom {
            axes: 2,
            cube: true,
            array_comp: None,
        },
        D::TextureCubeArray => Geom {
            axes: 2,
            cube: true,
            array_comp: Some(3),
        },
        _ => Geom {
            axes: 2,
            cube: false,
            array_comp: None,
        },
    }
}

/// Computed LOD of one lane.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LodInfo {
    /// Before bias and clamps.
    pub raw: f32,
    /// After bias, sampler clamp and the resource/per-sample clamp.
    pub clamped: f32,
    /// Anisotropic probes and axis (`None` = isotropic).
    pub aniso: Option<lod::AnisoFootprint>,
    /// True when the clamp floor lies beyond the last mip (empty mip set: out-of-bounds result).
    pub empty: bool,
}

/// Mip selection of one lane: bilinear (else point) texel filter, levels `m0`, `m1` and the
/// 8-bit weight `wm` of `m1` (0 when only `m0` is read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MipSel {
    pub linear: bool,
    pub m0: u32,
    pub m1: u32,
    pub wm: u32,
}

/// Reference value quantised like depth written to a buffer of `format` (§4.5): depth-family
/// formats clamp to [0, 1] (NaN → 0) and UNORM depth rounds to its code; other float-readable
/// formats go through the format's own encode/decode.
pub(crate) fn quantize_ref(format: tessera_format::Format, r: f32) -> f32 {
    let mut r = r;
    if format.is_depth_family() {
        r = if r.is_nan() { 0.0 } else { r.clamp(0.0, 1.0) };
        let mut buf = [0u8; 8];
        if format.encode_depth(r, &mut buf).is_ok()
            && let Ok(d) = format.decode_depth(&buf)
        {
            return d;
        }
    }
    if format.is_float_readable() {
        format.quantize_float([r, 0.0, 0.0, 0.0])[0]
    } else {
        r
    }
}

/// Everything a lane needs: view, sampler, fetcher, the format's border and the reduction.
pub(crate) struct Ctx<'s, 'v, 'a, F> {
    pub view: &'v TextureView<'a>,
    pub s: &'s Sampler,
    pub fetch: F,
    pub border: [f32; 4],
    pub red: Reduction,
    /// Comparison function and the quantised reference of the current lane.
    pub cmp: Option<(ComparisonFunc, f32)>,
}

impl<F: Fetch> Ctx<'_, '_, '_, F> {
    /// Comparison transform of a fetched (or border) texel.
    #[inline]
    fn post(&self, v: [f32; 4]) -> [f32; 4] {
        match self.cmp {
            None => v,
            Some((func, r)) => [if func.test(r, v[0]) { 1.0 } else { 0.0 }; 4],
        }
    }

    /// Value for an empty mip set (§4.3): zeros + defaults, or 0 for comparisons.
    pub fn oob(&self) -> [f32; 4] {
        if self.cmp.is_some() {
            [0.0; 4]
        } else {
            oob_value(self.view.format)
        }
    }

    /// First slice addressed by the lane's array coordinate (cube arrays: the cube's +X face).
    pub fn base_slice(&self, g: Geom, c: [f32; 4]) -> u32 {
        let Some(k) = g.array_comp else { return 0 };
        let a = c[k].round_ties_even();
        let a = if a.is_nan() { 0.0 } else { a };
        if g.cube {
            let cubes = (self.view.array_size / 6).max(1);
            (a.clamp(0.0, (cubes - 1) as f32) as u32) * 6
        } else {
            a.clamp(0.0, (self.view.array_size - 1) as f32) as u32
        }
    }

    /// LOD of one lane (§4.3). `clamp` is the per-sample `_cl` clamp (view mip space).
    pub fn lod(&self, g: Geom, c: [f32; 4], req: LodReq, clamp: f32) -> LodInfo {
        let s0 = self.view.surface(0, 0);
        let size0 = [s0.width() as f32, s0.height() as f32, s0.depth() as f32];
        let (raw, aniso, shader_bias) = match req {
            LodReq::Level(l) => (l, None, 0.0),
            LodReq::Grad { ddx, ddy, bias } => {
                if g.cube {
                    let (px, py) =
                        cube::project_derivatives([c[0], c[1], c[2]], ddx, ddy, s0.width());
                    (
                        lod::isotropic([px[0], px[1], 0.0], [py[0], py[1], 0.0]),
                        None,
                        bias,
                    )
                } else {
                    let sx: [f32; 3] =
                        core::array::from_fn(|i| if i < g.axes { ddx[i] * size0[i] } else { 0.0 });
                    let sy: [f32; 3] =
                        core::array::from_fn(|i| if i < g.axes { ddy[i] * size0[i] } else { 0.0 });
                    if self.s.aniso && g.axes == 2 {
                        let f = lod::anisotropic([sx[0], sx[1]], [sy[0], sy[1]], self.s.max_aniso);
                        (f.lod, Some(f), bias)
                    } else {
                        (lod::isotropic(sx, sy), None, bias)
                    }
                }
            }
        };
        let bias = self.s.bias + shader_bias;
        let mut l = lod::bias_and_clamp(raw, bias, self.s.min_lod, self.s.max_lod);
        let floor = if clamp > self.view.min_lod_clamp {
            clamp
        } else {
            self.view.min_lod_clamp
        };
        let empty = floor > (self.view.mip_count - 1) as f32;
        if l < floor {
            l = floor;
        }
        LodInfo {
            raw,
            clamped: l,
            aniso,
            empty,
        }
    }

    /// Min/mag choice and mip levels of a clamped LOD (§4.3): magnification iff the 8.8 LOD is
    /// ≤ 0; MIP_POINT or MIP_LINEAR levels and the 8-bit weight of the second.
    #[inline]
    pub fn mip_select(&self, clamped: f32) -> MipSel {
        let lod_fx = lod::to_fixed(clamped);
        let f = self.s.desc.filter;
        let linear = if lod_fx <= 0 { f.mag } else { f.min } == FilterKind::Linear;
        let mips = self.view.mip_count;
        let (m0, m1, wm) = match f.mip {
            FilterKind::Point => {
                let m = lod::mip_point(lod_fx, mips);
                (m, m, 0)
            }
            FilterKind::Linear => lod::mip_linear(lod_fx, mips),
        };
        MipSel { linear, m0, m1, wm }
    }

    /// Filtered sample of one lane.
    pub fn sample(&mut self, c: [f32; 4], req: LodReq, off: [i32; 3], clamp: f32) -> [f32; 4] {
        let g = geom(self.view.dimension);
        let li = self.lod(g, c, req, clamp);
        if li.empty {
            return self.oob();
        }
        let MipSel { linear, m0, m1, wm } = self.mip_select(li.clamped);
        let wm = weight(wm);
        let base = self.base_slice(g, c);
        let probes = li.aniso.map_or(1, |a| a.probes);
        if probes <= 1 {
            return self.trilinear(g, base, c, linear, (m0, m1, wm), off);
        }
        let a = li
            .aniso
            .expect("probes > 1 only for anisotropic footprints");
        let axis = match req {
            LodReq::Grad { ddx, ddy, .. } => {
                if a.major_is_y {
                    ddy
                } else {
                    ddx
                }
            }
            LodReq::Level(_) => [0.0; 3],
        };
        let mut acc = [0.0; 4];
        for i in 0..probes {
            // Probe i sits at (2i + 1 − n) / 2n of the major derivative from the centre.
            let t = (2 * i as i32 + 1 - probes as i32) as f32 / (2 * probes) as f32;
            let pc = [c[0] + axis[0] * t, c[1] + axis[1] * t, c[2], c[3]];
            let p = self.trilinear(g, base, pc, linear, (m0, m1, wm), off);
            acc = if i == 0 {
                p
            } else {
                combine(self.red, acc, p, 1.0 / (i + 1) as f32)
            };
        }
        acc
    }

    fn trilinear(
        &mut self,
        g: Geom,
        base: u32,
        c: [f32; 4],
        linear: bool,
        (m0, m1, wm): (u32, u32, f32),
        off: [i32; 3],
    ) -> [f32; 4] {
        let a = self.level(g, base, m0, c, linear, off);
        if wm == 0.0 {
            return a;
        }
        let b = self.level(g, base, m1, c, linear, off);
        combine(self.red, a, b, wm)
    }

    fn level(
        &mut self,
        g: Geom,
        base: u32,
        m: u32,
        c: [f32; 4],
        linear: bool,
        off: [i32; 3],
    ) -> [f32; 4] {
        if g.cube {
            let (face, sc, tc, ma) = cube::select_face([c[0], c[1], c[2]]);
            let u = (sc / ma) * 0.5 + 0.5;
            let v = (tc / ma) * 0.5 + 0.5;
            return self.cube_level(base, face, m, [u, v], linear);
        }
        let s = self.view.sub(m, base);
        let size = [s.surface.width(), s.surface.height(), s.surface.depth()];
        let modes = self.s.modes();
        let mut t0 = [0i64; 3];
        // 8-bit weights of the second texel per axis (0 on point axes).
        let mut k = [0u32; 3];
        for ax in 0..g.axes {
            let fx = to_fixed(reduce(c[ax], modes[ax]), size[ax]);
            if linear {
                let (t, kk) = linear_texels(fx);
                t0[ax] = t + i64::from(off[ax]);
                k[ax] = kk;
            } else {
                t0[ax] = point_texel(fx) + i64::from(off[ax]);
            }
        }
        let p0 = self.plane(&s, g.axes, t0, k, t0[2]);
        if k[2] == 0 {
            return p0;
        }
        let p1 = self.plane(&s, g.axes, t0, k, t0[2] + 1);
        combine(self.red, p0, p1, weight(k[2]))
    }

    /// The x/y footprint at `t0` in plane `z` with 8-bit weights `k`: the exact UNORM8 rule
    /// where it applies (module docs), else the float combines x, x, y.
    fn plane(&mut self, s: &Sub<'_>, axes: usize, t0: [i64; 3], k: [u32; 3], z: i64) -> [f32; 4] {
        if (k[0] | k[1]) != 0
            && self.red == Reduction::Avg
            && self.cmp.is_none()
            && let Some(v) = self.plane_codes(s, axes, t0, k, z)
        {
            return v;
        }
        let (wx, wy) = (weight(k[0]), weight(k[1]));
        let r0 = self.row(s, axes, t0[0], wx, t0[1], z);
        if wy == 0.0 {
            return r0;
        }
        let r1 = self.row(s, axes, t0[0], wx, t0[1] + 1, z);
        combine(self.red, r0, r1, wy)
    }

    /// The exact UNORM8 bilinear filter (module docs) of the footprint at `t0` in plane `z`:
    /// `None` when the format's texels are not codes or a tap of non-zero weight is the border.
    /// Taps of weight 0 are not fetched (as in [`Self::row`] and [`Self::plane`]).
    fn plane_codes(
        &mut self,
        s: &Sub<'_>,
        axes: usize,
        t0: [i64; 3],
        k: [u32; 3],
        z: i64,
    ) -> Option<[f32; 4]> {
        let wx = [256 - k[0], k[0]];
        let wy = [256 - k[1], k[1]];
        let mut sum = [0u32; 4];
        for (dy, &wy) in wy.iter().enumerate() {
            for (dx, &wx) in wx.iter().enumerate() {
                let w = wx * wy;
                if w == 0 {
                    continue;
                }
                let t = self.code(s, axes, [t0[0] + dx as i64, t0[1] + dy as i64, z])?;
                for (acc, t) in sum.iter_mut().zip(t) {
                    // ≤ 255 · 2^16 in total: no overflow, exact.
                    *acc += t * w;
                }
            }
        }
        Some(sum.map(|v| v as f32 / UNORM8_BILINEAR_DIVISOR))
    }

    /// The codes of one texel through the address modes ([`Self::texel`] without comparison):
    /// `None` for the border or a format without codes.
    fn code(&mut self, s: &Sub<'_>, axes: usize, t: [i64; 3]) -> Option<[u32; 4]> {
        let modes = self.s.modes();
        let size = [s.surface.width(), s.surface.height(), s.surface.depth()];
        let mut a = [0u32; 3];
        for ax in 0..axes {
            a[ax] = address(t[ax], size[ax], modes[ax])?;
        }
        self.fetch.codes(s, a[0], a[1], a[2])
    }

    fn row(&mut self, s: &Sub<'_>, axes: usize, x0: i64, wx: f32, y: i64, z: i64) -> [f32; 4] {
        let a = self.texel(s, axes, [x0, y, z]);
        if wx == 0.0 {
            return a;
        }
        let b = self.texel(s, axes, [x0 + 1, y, z]);
        combine(self.red, a, b, wx)
    }

    /// One texel through the address modes (border if any axis selects it), compare-transformed.
    pub fn texel(&mut self, s: &Sub<'_>, axes: usize, t: [i64; 3]) -> [f32; 4] {
        let modes = self.s.modes();
        let size = [s.surface.width(), s.surface.height(), s.surface.depth()];
        let mut a = [0u32; 3];
        for ax in 0..axes {
            match address(t[ax], size[ax], modes[ax]) {
                Some(v) => a[ax] = v,
                None => return self.post(self.border),
            }
        }
        let v = self.fetch.fetch(s, a[0], a[1], a[2]);
        self.post(v)
    }

    /// A cube texel with seamless edges; `None` at a corner.
    fn cube_texel(&mut self, base: u32, face: u32, m: u32, x: i64, y: i64) -> Option<[f32; 4]> {
        let n = self.view.surface(m, base + face).width();
        let (f, xx, yy) = cube::adjacent(face, x, y, n)?;
        let s = self.view.sub(m, base + f);
        let v = self.fetch.fetch(&s, xx, yy, 0);
        Some(self.post(v))
    }

    /// The 2×2 footprint (TL, TR, BL, BR) of a cube face, corners filled by [`mean3`].
    /// `weights`: the taps' weights (`None`: all count, as for gather), so that residency
    /// feedback ([`Fetch::take_unmapped`]) counts only taps of non-zero weight — a missing
    /// corner's weight goes to the three real taps.
    fn cube_quad(
        &mut self,
        (base, face, m): (u32, u32, u32),
        x0: i64,
        y0: i64,
        weights: Option<[u32; 4]>,
    ) -> [[f32; 4]; 4] {
        let before = self.fetch.take_unmapped();
        let mut null = [false; 4];
        let mut t = [None; 4];
        for (i, (dx, dy)) in [(0, 0), (1, 0), (0, 1), (1, 1)].into_iter().enumerate() {
            t[i] = self.cube_texel(base, face, m, x0 + dx, y0 + dy);
            null[i] = self.fetch.take_unmapped();
        }
        let w = weights.unwrap_or([1; 4]);
        let corner: u32 = (0..4).filter(|&i| t[i].is_none()).map(|i| w[i]).sum();
        let counted = (0..4).any(|i| null[i] && t[i].is_some() && w[i] + corner > 0);
        self.fetch.add_unmapped(before || counted);
        let real: Vec<[f32; 4]> = t.iter().flatten().copied().collect();
        let fill = if real.len() == 3 {
            mean3(self.red, real[0], real[1], real[2])
        } else {
            self.oob()
        };
        t.map(|v| v.unwrap_or(fill))
    }

    fn cube_level(&mut self, base: u32, face: u32, m: u32, uv: [f32; 2], linear: bool) -> [f32; 4] {
        let n = self.view.surface(m, base + face).width();
        let fx = uv.map(|u| to_fixed(u.clamp(0.0, 1.0), n));
        if !linear {
            let last = i64::from(n) - 1;
            let (x, y) = (point_texel(fx[0]).min(last), point_texel(fx[1]).min(last));
            return self
                .cube_texel(base, face, m, x, y)
                .unwrap_or_else(|| self.oob());
        }
        let (x0, wx) = linear_texels(fx[0]);
        let (y0, wy) = linear_texels(fx[1]);
        let w = [
            (256 - wx) * (256 - wy),
            wx * (256 - wy),
            (256 - wx) * wy,
            wx * wy,
        ];
        let q = self.cube_quad((base, face, m), x0, y0, Some(w));
        let (wx, wy) = (weight(wx), weight(wy));
        let r0 = combine(self.red, q[0], q[1], wx);
        let r1 = combine(self.red, q[2], q[3], wx);
        combine(self.red, r0, r1, wy)
    }

    /// Gather (§ gather4): the bilinear footprint at the view's most detailed allowed mip, returned
    /// as (BL, BR, TR, TL) = D3D's (x, y, z, w) order, component `comp` of each texel.
    pub fn gather(&mut self, c: [f32; 4], comp: usize, off: [i32; 3]) -> [f32; 4] {
        let g = geom(self.view.dimension);
        if g.axes != 2 {
            return [0.0; 4];
        }
        let li = self.lod(g, c, LodReq::Level(0.0), f32::MIN);
        if li.empty {
            return [self.oob()[comp]; 4];
        }
        let m = lod::mip_point(lod::to_fixed(li.clamped.max(0.0)), self.view.mip_count);
        let base = self.base_slice(g, c);
        let q = if g.cube {
            let (face, sc, tc, ma) = cube::select_face([c[0], c[1], c[2]]);
            let n = self.view.surface(m, base + face).width();
            let u = to_fixed(((sc / ma) * 0.5 + 0.5).clamp(0.0, 1.0), n);
            let v = to_fixed(((tc / ma) * 0.5 + 0.5).clamp(0.0, 1.0), n);
            self.cube_quad(
                (base, face, m),
                linear_texels(u).0,
                linear_texels(v).0,
                None,
            )
        } else {
            let s = self.view.sub(m, base);
            let modes = self.s.modes();
            let (w, h) = (s.surface.width(), s.surface.height());
            let x0 = linear_texels(to_fixed(reduce(c[0], modes[0]), w)).0 + i64::from(off[0]);
            let y0 = linear_texels(to_fixed(reduce(c[1], modes[1]), h)).0 + i64::from(off[1]);
            [
                self.texel(&s, 2, [x0, y0, 0]),
                self.texel(&s, 2, [x0 + 1, y0, 0]),
                self.texel(&s, 2, [x0, y0 + 1, 0]),
                self.texel(&s, 2, [x0 + 1, y0 + 1, 0]),
            ]
        };
        [q[2][comp], q[3][comp], q[1][comp], q[0][comp]]
    }
}
