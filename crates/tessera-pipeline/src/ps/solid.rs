//! Solid-colour triangles (a uniform colour) into an RGBA8/BGRA8 target by the output merger's
//! byte tables ([`SolidTables`]), with the output merger's results unchanged (SPEC §5.2:
//! blend, UNORM encode, write mask).
//!
//! When the pixel shader's output is the same on every lane ([`PixelShader::uniform_output`]
//! of constant varyings, [`TriSetup::flat_varyings`]) and the target blends "over" or not at
//! all ([`BlendPlan::off_or_over`](crate::om::blend::BlendPlan::off_or_over)), each stored
//! byte after the output merger is a function of that channel's byte before it: the colour
//! channels of "over" read the source alpha, a constant, and their own destination only.
//! So the merger is evaluated once per triangle and
//! band on the 256 possible bytes, with the very functions the block path runs
//! ([`blend_over_unorm`], the exact UNORM8 decode and encode), and each covered pixel is then
//! four table reads. Channels the write mask keeps map to themselves.
//!
//! [`PixelShader::uniform_output`]: crate::shader::PixelShader::uniform_output

use wide::f32x8;

use super::flat_varying;
use crate::band::{Band, BandStats, RasterContext};
#[cfg(doc)]
use crate::om::blend::blend_over_unorm;
use crate::om::coverage::CoverageOut;
use crate::om::solid::SolidTables;
#[cfg(target_arch = "x86_64")]
use crate::om::solid_avx2::map_rows_avx2;
use crate::om::target::{BandTarget, TargetKind};
use crate::setup::{Plane, TriSetup};
use crate::shader::{MAX_VARYINGS, PsInput, Reg, ZERO_REG};
use tessera_sampler::Lanes;

/// Fewest pixels of a triangle's bounding box within a band for which building the tables
/// (32 eight-lane merger evaluations) is worth it.
const MIN_PIXELS: i64 = 256;

/// Sets `band.scratch.solid` for triangle `tri` (rows `y0..y1` of the band, columns `x0..x1`):
/// the tables when the triangle qualifies (see the module docs) and is large enough here, else
/// `None`. Qualifying also needs one bound target, no dual source, and early (or no) depth.
pub fn prepare(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    tri: &TriSetup,
    planes: &[Plane],
    extent: [i32; 4],
) {
    let last = band.scratch.solid.take();
    let [x0, y0, x1, y1] = extent;
    let Some(ps) = ctx.ps else {
        return;
    };
    if !tri.flat_varyings
        || !ps.uniform_output()
        || ctx.uavs.is_some()
        || ctx.dual_source
        || ctx.coverage_out != CoverageOut::None
        || (ctx.depth_active && !ctx.early_depth)
        || i64::from(x1 - x0) * i64::from(y1 - y0) < MIN_PIXELS
    {
        return;
    }
    let Some(alpha_one) = ctx.blend_plans[0].off_or_over() else {
        return;
    };
    let write_mask = ctx.blend[0].write_mask.0 as u8 & 0xf;
    let bgra = match band.colors.as_slice() {
        [Some(t)] => match t.kind {
            TargetKind::Unorm8 { bgra } => bgra,
            _ => return,
        },
        _ => return,
    };
    let Some(w) = tri.w_flat else {
        return;
    };
    let src = shade_once(ctx, band, tri, planes, w);
    // The two triangles of a quad, and every triangle of one colour, build the same tables:
    // kept from the band's last triangle, else shared by the draw's bands.
    #[cfg(target_arch = "x86_64")]
    let fit = ctx.lanes.avx2_token().is_some();
    #[cfg(not(target_arch = "x86_64"))]
    let fit = false;
    let key = SolidTables::key_of(&src, alpha_one, write_mask, bgra, fit);
    band.scratch.solid = Some(match last {
        Some(tables) if tables.key() == key => tables,
        _ => ctx.solid_cache.get(key, || {
            SolidTables::build(&src, alpha_one, write_mask, bgra, fit)
        }),
    });
}

/// The shader's output for the triangle's constant varyings (each exactly `v0`, times `w` when
/// perspective, as the pixel stage would interpolate them), splat from lane 0.
fn shade_once(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    tri: &TriSetup,
    planes: &[Plane],
    w: f32,
) -> Reg {
    let scratch = &mut *band.scratch;
    let inputs = &ctx.inputs[..ctx.inputs.len().min(MAX_VARYINGS)];
    for ((v, mode), p) in scratch
        .varyings
        .iter_mut()
        .zip(inputs)
        .zip(planes.chunks_exact(4))
    {
        *v = flat_varying(p, *mode, w);
    }
    let input = PsInput {
        position: [f32x8::ZERO; 4],
        varyings: &scratch.varyings[..inputs.len()],
        front_face: tri.front,
        primitive_id: tri.primitive_id,
        coverage: 0xff,
        sample_index: 0,
        input_coverage: [0; 8],
    };
    let out = &mut scratch.out;
    out.targets[0] = ZERO_REG;
    if let Some(ps) = ctx.ps {
        super::run_pixel_shader(ps, ctx.env, ctx.uavs, &input, out);
    }
    out.targets[0].map(|c| f32x8::splat(c.to_array()[0]))
}

/// The current triangle's tables and the band's one colour target, if both are there.
#[inline(always)]
fn parts<'b, 'a>(band: &'b mut Band<'a>) -> Option<(&'b SolidTables, &'b mut BandTarget<'a>)> {
    let Band {
        colors, scratch, ..
    } = band;
    match (scratch.solid.as_deref(), colors.as_mut_slice()) {
        (Some(tables), [Some(target)]) => Some((tables, target)),
        _ => None,
    }
}

/// Writes the lanes of `mask` of the block at (`bx`, `by`) through the tables, counting the
/// lanes as the pixel stage does; `false` (nothing done) where the block is not wholly inside
/// the target, which the caller then shades as usual. Out of line: it sits on the pixel
/// stage's common path behind a branch that is rarely taken, and inlined it cost `big` 5 %.
#[inline(never)]
pub fn block(band: &mut Band<'_>, bx: u32, by: u32, mask: u8, stats: &mut BandStats) -> bool {
    let Some((tables, target)) = parts(band) else {
        return false;
    };
    if !target.map_unorm8_block(bx, by, mask, |t| tables.apply(t)) {
        return false;
    }
    stats.ps_lanes += 8;
    stats.passed += u64::from(mask.count_ones());
    true
}

/// [`block`] for a run of `count` fully covered blocks from (`bx`, `by`) rightwards when no
/// depth or stencil test can drop a lane: the two rows' texels in one pass each, on the AVX2
/// path through the tables' affine form where they have one. `false` (nothing done) where the
/// run is not wholly inside the target.
#[inline(always)]
pub fn run(
    band: &mut Band<'_>,
    lanes: Lanes,
    at: (u32, u32),
    count: u32,
    stats: &mut BandStats,
) -> bool {
    let Some((tables, target)) = parts(band) else {
        return false;
    };
    let Some((a, b)) = target.unorm8_run_rows(at.0, at.1, count) else {
        return false;
    };
    #[cfg(target_arch = "x86_64")]
    let line = match (lanes.avx2_token(), tables.affine()) {
        (Some(tok), Some(fit)) => {
            map_rows_avx2(tok, fit, [&mut *a, &mut *b], |t| tables.apply_texels(t));
            true
        }
        _ => false,
    };
    #[cfg(not(target_arch = "x86_64"))]
    let line = {
        let _ = lanes;
        false
    };
    if !line {
        tables.apply_texels(a);
        tables.apply_texels(b);
    }
    stats.ps_lanes += 8 * u64::from(count);
    stats.passed += 8 * u64::from(count);
    true
}
