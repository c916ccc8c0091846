//! The 8-lane sampling operations the pipeline's shaders call, plus scalar single-lane helpers.
//!
//! Lanes follow [`crate::quad`]. Coordinates are normalised: `u, v, w` (or a cube direction
//! `x, y, z`); the array index comes in the next component, as D3D does — Texture1DArray: `.y`,
//! Texture2DArray: `.z`, TextureCubeArray: `.w`. The array index is `round_half_even(coord)`
//! clamped to the view's slices. Implicit-LOD operations take **coarse** quad derivatives of the
//! coordinates (one LOD per quad). A `None` view (unbound SRV) returns zeros. Integer formats
//! cannot be filtered: sampling them returns zeros (use [`load`]).

use crate::core::{Ctx, LodReq, Lods, Reduction, geom, quantize_ref};
use crate::fetch::with_fetch;
use crate::lod;
use crate::view::{Sampler, TextureView, border_for, oob_value, present};
use tessera_format::Format;
use tessera_types::desc::{FilterReduction, ViewDimension};
use wide::{f32x8, i32x8, u32x8};

/// Where a single-lane sample takes its LOD from (scalar helpers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LodMode {
    /// Derivatives of the coordinates in x and y (normalised units) and a shader bias.
    Grad {
        /// d(coords)/dx.
        ddx: [f32; 3],
        /// d(coords)/dy.
        ddy: [f32; 3],
        /// Shader bias (sample_b), added to MipLODBias.
        bias: f32,
    },
    /// Explicit LOD (sample_l); MipLODBias and the LOD clamps still apply.
    Level(f32),
}

impl From<LodMode> for LodReq {
    fn from(m: LodMode) -> Self {
        match m {
            LodMode::Grad { ddx, ddy, bias } => LodReq::Grad { ddx, ddy, bias },
            LodMode::Level(l) => LodReq::Level(l),
        }
    }
}

pub(crate) fn reduction(s: &Sampler) -> Reduction {
    match s.desc.filter.reduction {
        FilterReduction::Minimum => Reduction::Min,
        FilterReduction::Maximum => Reduction::Max,
        _ => Reduction::Avg,
    }
}

pub(crate) const ZERO4: [f32x8; 4] = [f32x8::ZERO; 4];

pub(crate) fn lanes(c: [f32x8; 4]) -> [[f32; 8]; 4] {
    c.map(|v| v.to_array())
}

pub(crate) fn lane(c: &[[f32; 8]; 4], l: usize) -> [f32; 4] {
    [c[0][l], c[1][l], c[2][l], c[3][l]]
}

/// Which implementation an 8-lane sample runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// The SIMD fast path where it applies ([`crate::fast`]), else the per-lane core.
    Auto,
    /// Always the per-lane core (the reference the fast path is tested against).
    PerLane,
}

/// The view unless it is multisampled: sampling, gathers, LOD queries and [`load`] read a
/// multisampled view (D3D: `Load(coords, sampleIndex)` only, [`crate::load_sample`]) as an
/// unbound slot, zeros.
#[inline]
pub(crate) fn single<'v, 'a>(view: Option<&'v TextureView<'a>>) -> Option<&'v TextureView<'a>> {
    view.filter(|v| v.samples == 1)
}

/// Runs the per-lane core over 8 lanes with one fetcher chosen for the view's format (or the
/// bit-identical SIMD fast path for covered calls, see [`crate::fast`]).
#[expect(
    clippy::too_many_arguments,
    reason = "internal driver shared by every sample operation"
)]
pub(crate) fn drive(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    lods: Lods<'_>,
    offset: [i32; 3],
    cmp_ref: Option<f32x8>,
    clamp: Option<f32x8>,
    path: Path,
) -> [f32x8; 4] {
    let Some(v) = single(view) else { return ZERO4 };
    if v.format.is_integer() {
        return ZERO4;
    }
    let cl = clamp.map(|r| r.to_array());
    if path == Path::Auto
        && cmp_ref.is_none()
        && let Some(out) = crate::fast::sample(v, s, &coords, Some(lods), offset, cl.as_ref(), 0xff)
    {
        return out;
    }
    let c = lanes(coords);
    let r = cmp_ref.map(|r| r.to_array());
    let red = if cmp_ref.is_some() {
        Reduction::Avg
    } else {
        reduction(s)
    };
    let mut out = [[0.0f32; 8]; 4];
    with_fetch!(v, |f| {
        let mut ctx = Ctx {
            view: v,
            s,
            fetch: f,
            border: border_for(v.format, s.desc.border_color),
            red,
            cmp: None,
        };
        for l in 0..8 {
            if let Some(r) = &r {
                ctx.cmp = Some((s.desc.comparison_func, quantize_ref(v.format, r[l])));
            }
            let clamp = cl.as_ref().map_or(f32::MIN, |c| c[l]);
            let res = ctx.sample(lane(&c, l), lods.req(l), offset, clamp);
            for i in 0..4 {
                out[i][l] = res[i];
            }
        }
    });
    out.map(f32x8::new)
}

/// Each quad's coarse derivatives `(ddx, ddy)` of the first three coordinates, exactly as
/// [`crate::ddx_coarse`] / [`crate::ddy_coarse`] compute them.
fn quad_derivatives(coords: [f32x8; 4]) -> ([[f32; 3]; 2], [[f32; 3]; 2]) {
    let c = lanes(coords);
    let d = |k: usize| {
        core::array::from_fn(|q| core::array::from_fn(|i| c[i][4 * q + k] - c[i][4 * q]))
    };
    (d(1), d(2))
}

pub(crate) fn implicit(coords: [f32x8; 4], bias: Option<&[f32; 8]>) -> Lods<'_> {
    let (ddx, ddy) = quad_derivatives(coords);
    Lods::Quads { ddx, ddy, bias }
}

fn sample_path(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    offset: [i32; 3],
    path: Path,
) -> [f32x8; 4] {
    drive(
        view,
        s,
        coords,
        implicit(coords, None),
        offset,
        None,
        None,
        path,
    )
}

fn sample_clamped_path(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    clamp: f32x8,
    offset: [i32; 3],
    path: Path,
) -> [f32x8; 4] {
    drive(
        view,
        s,
        coords,
        implicit(coords, None),
        offset,
        None,
        Some(clamp),
        path,
    )
}

fn sample_bias_path(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    bias: f32x8,
    offset: [i32; 3],
    path: Path,
) -> [f32x8; 4] {
    let b = bias.to_array();
    drive(
        view,
        s,
        coords,
        implicit(coords, Some(&b)),
        offset,
        None,
        None,
        path,
    )
}

fn sample_level_path(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    lod: f32x8,
    offset: [i32; 3],
    path: Path,
) -> [f32x8; 4] {
    let lv = lod.to_array();
    drive(view, s, coords, Lods::Level(&lv), offset, None, None, path)
}

fn sample_grad_path(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    ddx: [f32x8; 3],
    ddy: [f32x8; 3],
    offset: [i32; 3],
    path: Path,
) -> [f32x8; 4] {
    let dx = ddx.map(|v| v.to_array());
    let dy = ddy.map(|v| v.to_array());
    drive(
        view,
        s,
        coords,
        Lods::Grad { ddx: &dx, ddy: &dy },
        offset,
        None,
        None,
        path,
    )
}

/// `Sample`: implicit LOD from the quad's coarse derivatives of `coords`.
#[inline]
pub fn sample(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    offset: [i32; 3],
) -> [f32x8; 4] {
    // The fast path directly (what `drive` would run first): it covers no integer format, so
    // `drive`'s checks before it change nothing. An uncovered call takes the per-lane core.
    if let Some(v) = single(view)
        && let Some(out) = crate::fast::sample(v, s, &coords, None, offset, None, 0xff)
    {
        return out;
    }
    sample_path(view, s, coords, offset, Path::PerLane)
}

/// [`sample`] for a caller that reads the results of the lanes set in `live` only (bit `k` =
/// lane `k`): those lanes are bit for bit [`sample`]'s, the LOD still coming from every lane's
/// coordinates (the quads' coarse derivatives); the other lanes are 0 in every channel, and
/// where the SIMD fast path runs their texels are neither read nor filtered, and a quad
/// without a live lane selects no LOD of its own.
///
/// For a pixel shader whose outputs are lane-wise functions of the sample (no derivative or
/// other cross-lane use of a sampled value): the pipeline discards helper lanes' outputs, so
/// it may pass its covered lanes (`tessera_pipeline`'s `PsInput::coverage`). A shader that
/// takes derivatives of a sampled value needs the helper lanes' results and calls [`sample`].
#[inline]
pub fn sample_live(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    offset: [i32; 3],
    live: u8,
) -> [f32x8; 4] {
    if live == 0 {
        return ZERO4;
    }
    if let Some(v) = single(view)
        && let Some(out) = crate::fast::sample(v, s, &coords, None, offset, None, live)
    {
        return out;
    }
    crate::fast::keep_lanes(sample_path(view, s, coords, offset, Path::PerLane), live)
}

/// `Sample` with the per-sample LOD clamp of tiled resources (`_cl`, view mip space).
pub fn sample_clamped(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    clamp: f32x8,
    offset: [i32; 3],
) -> [f32x8; 4] {
    sample_clamped_path(view, s, coords, clamp, offset, Path::Auto)
}

/// `SampleBias`: implicit LOD plus a per-lane shader bias.
pub fn sample_bias(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    bias: f32x8,
    offset: [i32; 3],
) -> [f32x8; 4] {
    sample_bias_path(view, s, coords, bias, offset, Path::Auto)
}

/// `SampleLevel`: explicit LOD per lane (no anisotropy; MipLODBias and clamps apply).
pub fn sample_level(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    lod: f32x8,
    offset: [i32; 3],
) -> [f32x8; 4] {
    sample_level_path(view, s, coords, lod, offset, Path::Auto)
}

/// `SampleGrad`: explicit derivatives (normalised units; cube: of the direction).
pub fn sample_grad(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    ddx: [f32x8; 3],
    ddy: [f32x8; 3],
    offset: [i32; 3],
) -> [f32x8; 4] {
    sample_grad_path(view, s, coords, ddx, ddy, offset, Path::Auto)
}

/// The `sample*` operations always run through the per-lane core, never the SIMD fast path:
/// the reference the fast path is tested and benchmarked against (results are bit-identical).
pub mod per_lane {
    use super::Path;
    use crate::view::{Sampler, TextureView};
    use wide::f32x8;

    /// [`sample`](crate::sample) through the per-lane core.
    pub fn sample(
        view: Option<&TextureView<'_>>,
        s: &Sampler,
        coords: [f32x8; 4],
        offset: [i32; 3],
    ) -> [f32x8; 4] {
        super::sample_path(view, s, coords, offset, Path::PerLane)
    }

    /// [`sample_clamped`](crate::sample_clamped) through the per-lane core.
    pub fn sample_clamped(
        view: Option<&TextureView<'_>>,
        s: &Sampler,
        coords: [f32x8; 4],
        clamp: f32x8,
        offset: [i32; 3],
    ) -> [f32x8; 4] {
        super::sample_clamped_path(view, s, coords, clamp, offset, Path::PerLane)
    }

    /// [`sample_bias`](crate::sample_bias) through the per-lane core.
    pub fn sample_bias(
        view: Option<&TextureView<'_>>,
        s: &Sampler,
        coords: [f32x8; 4],
        bias: f32x8,
        offset: [i32; 3],
    ) -> [f32x8; 4] {
        super::sample_bias_path(view, s, coords, bias, offset, Path::PerLane)
    }

    /// [`sample_level`](crate::sample_level) through the per-lane core.
    pub fn sample_level(
        view: Option<&TextureView<'_>>,
        s: &Sampler,
        coords: [f32x8; 4],
        lod: f32x8,
        offset: [i32; 3],
    ) -> [f32x8; 4] {
        super::sample_level_path(view, s, coords, lod, offset, Path::PerLane)
    }

    /// [`sample_grad`](crate::sample_grad) through the per-lane core.
    pub fn sample_grad(
        view: Option<&TextureView<'_>>,
        s: &Sampler,
        coords: [f32x8; 4],
        ddx: [f32x8; 3],
        ddy: [f32x8; 3],
        offset: [i32; 3],
    ) -> [f32x8; 4] {
        super::sample_grad_path(view, s, coords, ddx, ddy, offset, Path::PerLane)
    }
}

/// `SampleCmp`: implicit LOD; each tap is `(ref FUNC texel.r) ? 1 : 0` with `ref` quantised to
/// the format (§4.5), then filtered. Returns the filtered value (replicated in the real API).
pub fn sample_cmp(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    reference: f32x8,
    offset: [i32; 3],
) -> f32x8 {
    drive(
        view,
        s,
        coords,
        implicit(coords, None),
        offset,
        Some(reference),
        None,
        Path::PerLane,
    )[0]
}

/// `SampleCmpLevelZero`: as [`sample_cmp`] at LOD 0.
pub fn sample_cmp_level_zero(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    reference: f32x8,
    offset: [i32; 3],
) -> f32x8 {
    drive(
        view,
        s,
        coords,
        Lods::Level(&[0.0; 8]),
        offset,
        Some(reference),
        None,
        Path::PerLane,
    )[0]
}

fn gather_impl(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    component: u8,
    offset: [i32; 3],
    reference: Option<f32x8>,
) -> [f32x8; 4] {
    let Some(v) = single(view) else { return ZERO4 };
    if v.format.is_integer() {
        return ZERO4;
    }
    let c = lanes(coords);
    let r = reference.map(|r| r.to_array());
    let comp = usize::from(component.min(3));
    let mut out = [[0.0f32; 8]; 4];
    with_fetch!(v, |f| {
        let mut ctx = Ctx {
            view: v,
            s,
            fetch: f,
            border: border_for(v.format, s.desc.border_color),
            red: Reduction::Avg,
            cmp: None,
        };
        for l in 0..8 {
            if let Some(r) = &r {
                ctx.cmp = Some((s.desc.comparison_func, quantize_ref(v.format, r[l])));
            }
            let res = ctx.gather(lane(&c, l), comp, offset);
            for i in 0..4 {
                out[i][l] = res[i];
            }
        }
    });
    out.map(f32x8::new)
}

/// `Gather{Reduction,Green,Blue,Alpha}`: component `component` of the 4 bilinear-footprint texels at
/// the most detailed mip, in D3D order (x, y, z, w) = (bottom-left, bottom-right, top-right,
/// top-left). Texture2D(Array) and TextureCube(Array) only; other dimensions return zeros.
pub fn gather(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    component: u8,
    offset: [i32; 3],
) -> [f32x8; 4] {
    gather_impl(view, s, coords, component, offset, None)
}

/// `GatherCmp`: the 4 footprint texels' comparison results (0 or 1), same order as [`gather`].
pub fn gather_cmp(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
    reference: f32x8,
    offset: [i32; 3],
) -> [f32x8; 4] {
    gather_impl(view, s, coords, 0, offset, Some(reference))
}

/// `CalculateLevelOfDetail` / `…Unclamped` from the quad's coarse derivatives:
/// `.0` = LOD after bias, sampler and resource clamps, quantised to 8.8 and clamped to the
/// view's mips `[0, mip_count − 1]`; `.1` = LOD plus MipLODBias before any clamp.
pub fn calculate_lod(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32x8; 4],
) -> (f32x8, f32x8) {
    let Some(v) = single(view) else {
        return (f32x8::ZERO, f32x8::ZERO);
    };
    let lods = implicit(coords, None);
    let c = lanes(coords);
    let g = geom(v.dimension);
    let mut a = [0.0f32; 8];
    let mut b = [0.0f32; 8];
    let ctx = Ctx {
        view: v,
        s,
        fetch: crate::fetch::Rgba32F,
        border: [0.0; 4],
        red: Reduction::Avg,
        cmp: None,
    };
    for l in 0..8 {
        let li = ctx.lod(g, lane(&c, l), lods.req(l), f32::MIN);
        let q = lod::to_fixed(li.clamped) as f32 / 256.0;
        a[l] = q.clamp(0.0, (v.mip_count - 1) as f32);
        b[l] = li.raw + s.bias;
    }
    (f32x8::new(a), f32x8::new(b))
}

/// Scalar single-lane sample through the same per-lane core as the 8-lane operations
/// (`compare = Some(ref)` for comparison sampling; the result is then replicated).
pub fn sample_one(
    view: Option<&TextureView<'_>>,
    s: &Sampler,
    coords: [f32; 4],
    lod: LodMode,
    offset: [i32; 3],
    compare: Option<f32>,
) -> [f32; 4] {
    let Some(v) = single(view) else {
        return [0.0; 4];
    };
    if v.format.is_integer() {
        return [0.0; 4];
    }
    let red = if compare.is_some() {
        Reduction::Avg
    } else {
        reduction(s)
    };
    with_fetch!(v, |f| {
        let mut ctx = Ctx {
            view: v,
            s,
            fetch: f,
            border: border_for(v.format, s.desc.border_color),
            red,
            cmp: None,
        };
        if let Some(r) = compare {
            ctx.cmp = Some((s.desc.comparison_func, quantize_ref(v.format, r)));
        }
        ctx.sample(coords, lod.into(), offset, f32::MIN)
    })
}

/// Integer raw value of a missing texel: 0 for stored components, 0,0,0,1 defaults (float 1.0
/// bits for float-read formats, integer 1 for UINT/SINT).
pub(crate) fn oob_bits(format: Format) -> [u32; 4] {
    if format.is_integer() {
        let p = present(format);
        [0, 0, 0, u32::from(!p[3])]
    } else {
        oob_value(format).map(f32::to_bits)
    }
}

/// The element bytes of a load: the surface's memory, or a tiled view's tiles (chosen once per
/// call; empty where nothing holds the element).
/// A tiled read from a NULL tile sets `unmapped` (the residency feedback of [`crate::load_status`]).
fn load_element<'v, const TILED: bool>(
    v: &'v TextureView<'_>,
    sub: &'v crate::view::Sub<'_>,
    (x, y, z): (u32, u32, u32),
    unmapped: &mut bool,
) -> &'v [u8] {
    match v.tiled.filter(|_| TILED) {
        Some(t) => {
            let (e, null) = t.element_status(sub.index, x, y, z);
            *unmapped |= null;
            e.unwrap_or(&[])
        }
        None => sub.surface.texel(x, y, z),
    }
}

/// One texel of a load, as raw bits (`TILED`: read through the view's tiles; a NULL tile's
/// element sets `unmapped`).
pub(crate) fn load_one<const TILED: bool>(
    v: &TextureView<'_>,
    c: [i32; 4],
    off: [i32; 3],
    unmapped: &mut bool,
) -> [u32; 4] {
    use ViewDimension as D;
    let f = v.format;
    let oob = oob_bits(f);
    let mip = c[3];
    if mip < 0 || mip as u32 >= v.mip_count || (mip as f32) < v.min_lod_clamp {
        return oob;
    }
    let mip = mip as u32;
    let (x, y, z, slice) = match v.dimension {
        D::Texture1D => (c[0] + off[0], 0, 0, 0),
        D::Texture1DArray => (c[0] + off[0], 0, 0, c[1]),
        D::Texture3D => (c[0] + off[0], c[1] + off[1], c[2] + off[2], 0),
        D::Texture2DArray | D::TextureCube | D::TextureCubeArray => {
            (c[0] + off[0], c[1] + off[1], 0, c[2])
        }
        _ => (c[0] + off[0], c[1] + off[1], 0, 0),
    };
    if slice < 0 || slice as u32 >= v.array_size {
        return oob;
    }
    let sub = v.sub(mip, slice as u32);
    let s = &sub.surface;
    if x < 0
        || y < 0
        || z < 0
        || x as u32 >= s.width()
        || y as u32 >= s.height()
        || z as u32 >= s.depth()
    {
        return oob;
    }
    let (x, y, z) = (x as u32, y as u32, z as u32);
    if f.is_compressed() {
        let b = load_element::<TILED>(v, &sub, (x / 4, y / 4, z), unmapped);
        return match f.decode_block(b) {
            Ok(t) => t[((y % 4) * 4 + x % 4) as usize].map(f32::to_bits),
            Err(_) => oob,
        };
    }
    let t = load_element::<TILED>(v, &sub, (x, y, z), unmapped);
    decode_bits(f, t, oob)
}

/// One uncompressed element's bytes as a load returns them (`oob` when they cannot be
/// decoded): UINT/SINT as integers, float-read formats as `f32` bits, depth as (d, 0, 0, 1).
#[inline]
pub(crate) fn decode_bits(f: Format, t: &[u8], oob: [u32; 4]) -> [u32; 4] {
    if f.is_integer() {
        return f.decode_uint(t).unwrap_or(oob);
    }
    match f.decode_float(t) {
        Ok(v) => v.map(f32::to_bits),
        Err(_) => match f.decode_depth(t) {
            Ok(d) => [d.to_bits(), 0, 0, 1.0f32.to_bits()],
            Err(_) => oob,
        },
    }
}

/// `Load` (`ld`): integer texel coordinates `(x, y, z-or-slice, mip)` — the mip is always `.w`;
/// Texture1D: x; Texture1DArray: x, slice in `.y`; Texture2D: x, y; Texture2DArray (and cubes,
/// seen as arrays of faces): x, y, slice in `.z`; Texture3D: x, y, z. `offset` is added to the
/// spatial coordinates. Returns raw bits: float-read formats as `f32` bits (sRGB decoded), UINT
/// as integers, SINT as two's-complement `i32` bits. Out of range (coordinate, slice, mip, or a
/// mip below the resource min-LOD clamp) → 0 with format defaults (TX-15). Unbound → zeros.
pub fn load(view: Option<&TextureView<'_>>, coords: [i32x8; 4], offset: [i32; 3]) -> [u32x8; 4] {
    let Some(v) = single(view) else {
        return [u32x8::ZERO; 4];
    };
    let c = coords.map(|v| v.to_array());
    let mut out = [[0u32; 8]; 4];
    let one = if v.tiled.is_some() {
        load_one::<true>
    } else {
        load_one::<false>
    };
    for l in 0..8 {
        let r = one(v, [c[0][l], c[1][l], c[2][l], c[3][l]], offset, &mut false);
        for i in 0..4 {
            out[i][l] = r[i];
        }
    }
    out.map(u32x8::new)
}

/// [`load`] with the bits reinterpreted as `f32` (for float-read formats).
pub fn load_float(
    view: Option<&TextureView<'_>>,
    coords: [i32x8; 4],
    offset: [i32; 3],
) -> [f32x8; 4] {
    load(view, coords, offset).map(|v| f32x8::new(v.to_array().map(f32::from_bits)))
}
