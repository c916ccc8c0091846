//! The pixel stage of one 4×2 block: early depth/stencil, attribute interpolation, the pixel
//! shader, late depth/stencil and the output merger (SPEC §5.1 order).

use tessera_format::NumericKind;
use wide::f32x8;

mod msaa;
mod msaa_run;
#[cfg(target_arch = "x86_64")]
pub(crate) mod run_avx2;
mod sample_rate;
pub(crate) mod solid;

use crate::band::{Band, BandStats, RasterContext, Scratch};
use crate::block::{Coverage, LANE_CX, LANE_CY};
use crate::env::ShaderEnv;
use crate::om::blend::{BlendPlan, blend, blend_over_unorm, fit_logic_bits, logic_op};
use crate::om::coverage;
use crate::om::depth::BandDepth;
use crate::om::target::{BandTarget, TargetKind};
use crate::setup::{Plane, TriSetup};
use crate::shader::{
    Interpolation, MAX_VARYINGS, PixelShader, PsInput, PsOutput, Reg, UavLock, ZERO_REG,
};

#[inline]
fn eval(p: &Plane, dx: f32x8, dy: f32x8) -> f32x8 {
    f32x8::splat(p.v0) + f32x8::splat(p.dx) * dx + f32x8::splat(p.dy) * dy
}

pub(crate) use crate::om::depth::clamp_depth;

/// Depth clamp, stencil and depth tests of a block (SPEC §5.1); all lanes pass without a DSV
/// or with both tests off.
#[inline(always)]
fn depth_stencil(
    ctx: &RasterContext<'_>,
    depth: &mut Option<BandDepth<'_>>,
    tri: &TriSetup,
    bx: u32,
    by: u32,
    mask: Coverage,
    z: f32x8,
) -> Coverage {
    match depth.as_mut() {
        Some(depth) if ctx.depth_active => depth.test(
            bx,
            by,
            mask,
            clamp_depth(z, ctx.depth_range),
            tri.front,
            &ctx.ds,
        ),
        _ => mask,
    }
}

/// The pixel centres of the block's lanes and their offsets from the triangle's origin.
#[inline(always)]
fn block_centres(tri: &TriSetup, bx: u32, by: u32) -> (f32x8, f32x8, f32x8, f32x8) {
    // bx + (k + 0.5) is exact for every coordinate a target can have.
    let px = f32x8::splat(bx as f32) + f32x8::from(LANE_CX);
    let py = f32x8::splat(by as f32) + f32x8::from(LANE_CY);
    let dx = px - f32x8::splat(tri.origin[0]);
    let dy = py - f32x8::splat(tri.origin[1]);
    (px, py, dx, dy)
}

/// Depth of the block's lanes at their pixel centres, and [`block_centres`].
#[inline(always)]
fn block_z(tri: &TriSetup, bx: u32, by: u32) -> (f32x8, f32x8, f32x8, f32x8, f32x8) {
    let (px, py, dx, dy) = block_centres(tri, bx, by);
    (eval(&tri.z, dx, dy), px, py, dx, dy)
}

/// `w` of the block's lanes (`1/q`, or the triangle's flat `w`), and the flat `w` that
/// [`interpolate`] takes when the triangle's varyings are flat.
#[inline(always)]
fn block_w(tri: &TriSetup, dx: f32x8, dy: f32x8) -> (f32x8, Option<f32>) {
    let w = match tri.w_flat {
        Some(w) => f32x8::splat(w),
        None => f32x8::ONE / eval(&tri.q, dx, dy),
    };
    (w, if tri.flat_varyings { tri.w_flat } else { None })
}

/// Early depth/stencil of one block when the draw tests before the shader: the lanes left.
/// The depths written are recorded in the band's coarse depth bounds when the draw uses them.
#[inline(always)]
fn early_test(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    tri: &TriSetup,
    bx: u32,
    by: u32,
    mask: Coverage,
) -> Coverage {
    if ctx.early_depth && ctx.depth_active {
        let (z, ..) = block_z(tri, bx, by);
        let passed = depth_stencil(ctx, &mut band.depth, tri, bx, by, mask, z);
        if band.coarse.on && passed != 0 {
            // The coarse bounds are used with D32 writes only: the clamped depth is stored.
            let z = clamp_depth(z, ctx.depth_range);
            band.coarse.record(bx, by, passed, z);
        }
        passed
    } else {
        mask
    }
}

/// One primitive's work in one band: the receiver of the raster and pixel stages' per-block
/// calls (the per-draw state, the band, the primitive's setup and planes, the band's counters),
/// made once per primitive and band and inlined away inside them.
pub(crate) struct BandJob<'j, 'a> {
    /// Per-draw state of the raster and pixel stages.
    pub ctx: &'j RasterContext<'j>,
    /// The band rasterized into.
    pub band: &'j mut Band<'a>,
    /// The triangle.
    pub tri: &'j TriSetup,
    /// Its attribute planes (four per varying).
    pub planes: &'j [Plane],
    /// The band's counters.
    pub stats: &'j mut BandStats,
}

/// [`BandJob::outlined`]: the receiver rebuilt from `noalias` arguments, and `f` run on it.
#[inline(never)]
fn outlined<'a, R>(
    ctx: &RasterContext<'_>,
    band: &mut Band<'a>,
    tri: &TriSetup,
    planes: &[Plane],
    stats: &mut BandStats,
    f: impl FnOnce(&mut BandJob<'_, 'a>) -> R,
) -> R {
    f(&mut BandJob {
        ctx,
        band,
        tri,
        planes,
        stats,
    })
}

/// The pixel of a block that the output merger writes: the block's top-left pixel and its
/// lanes left.
#[derive(Clone, Copy, Debug)]
struct BlockAt {
    bx: u32,
    by: u32,
    mask: Coverage,
}

impl<'a> BandJob<'_, 'a> {
    /// Runs `f` on this receiver inside a function that is not inlined and takes the fields as
    /// its arguments: LLVM marks `&mut` arguments `noalias`, not `&mut` fields read from a
    /// struct, so only this way does it know that writes through the band never change the
    /// triangle or the draw's state, and keep those in registers across a loop (through the
    /// receiver itself, `big` ran 7 % more instructions). For the out-of-line hot loops.
    #[inline(always)]
    pub(crate) fn outlined<R>(&mut self, f: impl FnOnce(&mut BandJob<'_, 'a>) -> R) -> R {
        outlined(self.ctx, self.band, self.tri, self.planes, self.stats, f)
    }

    /// One covered block: early depth/stencil inline (most occluded blocks end here), then the
    /// pixel shader and output merger for the lanes left.
    #[inline(always)]
    pub fn visit_block(&mut self, bx: u32, by: u32, mask: Coverage) {
        let mask = early_test(self.ctx, self.band, self.tri, bx, by, mask);
        if mask != 0
            && !(self.band.scratch.solid.is_some()
                && solid::block(self.band, bx, by, mask, self.stats))
        {
            self.shade_body(bx, by, mask);
        }
    }

    /// `count` fully covered blocks from (`bx`, `by`) rightwards, each exactly as [`visit_block`]
    /// would do it, in one call: interior runs of large triangles keep the per-draw state in
    /// registers instead of paying a call per block. With `AVX2` (the draw passed
    /// [`run_avx2::applies`]), through the AVX2 kernel where the run allows it; without, the
    /// code has no trace of it.
    #[inline(always)]
    pub fn visit_run<const AVX2: bool>(&mut self, bx: u32, by: u32, count: u32) {
        self.outlined(|job| {
            if job.band.scratch.solid.is_some() {
                if job.ctx.depth_active
                    || !solid::run(job.band, job.ctx.lanes, (bx, by), count, job.stats)
                {
                    job.solid_run(bx, by, count);
                }
                return;
            }
            #[cfg(target_arch = "x86_64")]
            if AVX2
                && let Some(tok) = job.ctx.lanes.avx2_token()
                && run_avx2::passthrough_run(job, tok, [bx, by], count)
            {
                return;
            }
            // Without the solid-colour case, so the compiler keeps the loop's row-invariant terms hoisted.
            job.run_blocks::<false>(bx, by, count);
        });
    }

    /// [`visit_run`] of a triangle with solid-colour tables where the run could not be mapped whole:
    /// block by block, through the tables where the block lies inside the target.
    #[inline(always)]
    fn solid_run(&mut self, bx: u32, by: u32, count: u32) {
        self.outlined(|job| job.run_blocks::<true>(bx, by, count));
    }

    /// The blocks of a run one by one, each as [`visit_block`] does it; with `SOLID`, through the
    /// solid-colour tables where the block lies inside the target.
    #[inline(always)]
    fn run_blocks<const SOLID: bool>(&mut self, bx: u32, by: u32, count: u32) {
        for k in 0..count {
            let bx = bx + 4 * k;
            let mask = early_test(self.ctx, self.band, self.tri, bx, by, 0xff);
            if mask != 0 && !(SOLID && solid::block(self.band, bx, by, mask, self.stats)) {
                self.shade_body(bx, by, mask);
            }
        }
    }

    /// Interpolation, pixel shader, late depth/stencil and output merger of one block whose early
    /// depth/stencil test (if any) has already run.
    #[inline(always)]
    pub(crate) fn shade_body(&mut self, bx: u32, by: u32, mut mask: Coverage) {
        let (ctx, tri, planes) = (self.ctx, self.tri, self.planes);
        let (band, stats) = (&mut *self.band, &mut *self.stats);
        if let (Some(k), [Some(target)]) = (ctx.passthrough, band.colors.as_mut_slice()) {
            shade_passthrough(ctx, target, tri, planes, k, BlockAt { bx, by, mask }, stats);
            return;
        }
        let (z, px, py, dx, dy) = block_z(tri, bx, by);
        let Some(ps) = ctx.ps else {
            stats.passed += u64::from(mask.count_ones());
            return;
        };
        let (w, flat_w) = block_w(tri, dx, dy);
        let Scratch { varyings, out, .. } = &mut *band.scratch;
        let inputs = &ctx.inputs[..ctx.inputs.len().min(MAX_VARYINGS)];
        let planes = &planes[..4 * inputs.len()];
        for ((v, mode), p) in varyings.iter_mut().zip(inputs).zip(planes.chunks_exact(4)) {
            *v = interpolate(p, *mode, flat_w, w, dx, dy);
        }
        let input = PsInput {
            position: [px, py, z, w],
            varyings: &varyings[..inputs.len()],
            front_face: tri.front,
            primitive_id: tri.primitive_id,
            coverage: mask,
            // A shader that reads SV_Coverage runs through the per-sample stage
            // (`RasterContext::msaa` is set for it even at one sample).
            sample_index: 0,
            input_coverage: [0; 8],
        };
        // Reset what this draw can read back: o0 (a fixed-size store the compiler keeps inline),
        // then the other bound targets and o1 for dual-source blending.
        out.targets[0] = ZERO_REG;
        let read = band.colors.len().max(if ctx.dual_source { 2 } else { 0 });
        if read > 1 {
            out.targets[1..read].fill(ZERO_REG);
        }
        out.depth = f32x8::ZERO;
        out.discard = [false; 8];
        out.coverage = [u32::MAX; 8];
        run_pixel_shader(ps, ctx.env, ctx.uavs, &input, out);
        line_coverage(ctx, tri, out);
        stats.ps_lanes += 8;
        if ctx.may_discard {
            for k in 0..8 {
                if out.discard[k] {
                    mask &= !(1 << k);
                }
            }
        }
        if let Some(keep) = ctx.coverage_out.keep(out, 1, bx, by) {
            mask = coverage::keep_1x(mask, &keep);
        }
        if !ctx.early_depth {
            let z = if ps.writes_depth() { out.depth } else { z };
            mask = depth_stencil(ctx, &mut band.depth, tri, bx, by, mask, z);
        }
        if mask == 0 {
            return;
        }
        stats.passed += u64::from(mask.count_ones());
        match band.colors.as_mut_slice() {
            [Some(target)] => write_target(
                ctx,
                target,
                0,
                &out.targets[0],
                &out.targets[1],
                BlockAt { bx, by, mask },
            ),
            colors => {
                for (slot, target) in colors.iter_mut().enumerate() {
                    if let Some(target) = target {
                        let src = &out.targets[slot];
                        write_target(
                            ctx,
                            target,
                            slot,
                            src,
                            &out.targets[1],
                            BlockAt { bx, by, mask },
                        );
                    }
                }
            }
        }
    }
}

/// A varying of a triangle with [`TriSetup::flat_varyings`] (its four planes `p`, `w` =
/// [`TriSetup::w_flat`]): each lane would compute exactly `v0`, times `w` when perspective.
#[inline(always)]
pub(crate) fn flat_varying(p: &[Plane], mode: Interpolation, w: f32) -> Reg {
    let perspective = mode == Interpolation::Perspective;
    let k = |p: &Plane| f32x8::splat(if perspective { p.v0 * w } else { p.v0 });
    [k(&p[0]), k(&p[1]), k(&p[2]), k(&p[3])]
}

/// One varying (its four planes `p`) at the block's lanes, `dx`/`dy` from the triangle's
/// origin: the flat value when the triangle's varyings are flat (`flat_w`) or the input is
/// `Constant` (the leading vertex's bits, untouched by arithmetic: D3D11.3 §16.4 keeps −0,
/// signalling NaNs and integer bit patterns), else the planes, times `w` when
/// perspective-correct.
#[inline(always)]
fn interpolate(
    p: &[Plane],
    mode: Interpolation,
    flat_w: Option<f32>,
    w: f32x8,
    dx: f32x8,
    dy: f32x8,
) -> Reg {
    if let Some(wf) = flat_w {
        return flat_varying(p, mode, wf);
    }
    if mode == Interpolation::Constant {
        return [0, 1, 2, 3].map(|c| f32x8::splat(p[c].v0));
    }
    let e = [
        eval(&p[0], dx, dy),
        eval(&p[1], dx, dy),
        eval(&p[2], dx, dy),
        eval(&p[3], dx, dy),
    ];
    if mode == Interpolation::Perspective {
        [e[0] * w, e[1] * w, e[2] * w, e[3] * w]
    } else {
        e
    }
}

/// [`shade_body`] of a draw whose pixel shader passes varying `k` through to its one target
/// ([`PixelShader::passthrough`](crate::shader::PixelShader::passthrough)), with early depth and no
/// dual-source blending: the varying goes straight to the output merger, as the shader would
/// have written it.
#[inline(always)]
fn shade_passthrough(
    ctx: &RasterContext<'_>,
    target: &mut BandTarget<'_>,
    tri: &TriSetup,
    planes: &[Plane],
    k: usize,
    at: BlockAt,
    stats: &mut BandStats,
) {
    let BlockAt { bx, by, mask } = at;
    let (_, _, dx, dy) = block_centres(tri, bx, by);
    let (w, flat_w) = block_w(tri, dx, dy);
    let v = interpolate(&planes[4 * k..4 * k + 4], ctx.inputs[k], flat_w, w, dx, dy);
    stats.ps_lanes += 8;
    stats.passed += u64::from(mask.count_ones());
    write_target(ctx, target, 0, &v, &ZERO_REG, at);
}

/// The output merger of target `slot` for the block: `src` is the shader's output for it and
/// `src1` its second output (`o1`, read by dual-source blend factors).
#[inline(always)]
fn write_target(
    ctx: &RasterContext<'_>,
    target: &mut BandTarget<'_>,
    slot: usize,
    src: &Reg,
    src1: &Reg,
    at: BlockAt,
) {
    let BlockAt { bx, by, mask } = at;
    let desc = &ctx.blend[slot];
    let write_mask = desc.write_mask.0 as u8;
    if write_mask == 0 {
        return;
    }
    let range = ctx.ranges[slot];
    if let Some(block) = target.unorm8_block(bx, by) {
        let value = match ctx.blend_plans[slot] {
            BlendPlan::Off => *src,
            BlendPlan::Over { alpha_one } => blend_over_unorm(src, &block.dst(), alpha_one),
            BlendPlan::General => blend(
                desc,
                src,
                src1,
                &block.dst(),
                ctx.blend_constants[slot],
                range,
            ),
        };
        target.store_unorm8_block(&block, mask, &value, write_mask);
        return;
    }
    let value: Reg = match target.kind {
        TargetKind::Integer if desc.logic_op_enable => {
            let dst = target.load(bx, by, mask);
            let bits = target.format.info().channel_bits;
            let signed = target.format.kind() == NumericKind::Sint;
            core::array::from_fn(|c| {
                let s = src[c].to_array();
                let d = dst[c].to_array();
                f32x8::from(core::array::from_fn::<f32, 8, _>(|k| {
                    let v = logic_op(desc.logic_op, s[k].to_bits(), d[k].to_bits());
                    f32::from_bits(fit_logic_bits(v, bits[c], signed))
                }))
            })
        }
        TargetKind::Integer => *src,
        _ if desc.blend_enable => {
            let dst = target.load(bx, by, mask);
            blend(desc, src, src1, &dst, ctx.blend_constants[slot], range)
        }
        _ => *src,
    };
    target.store(bx, by, mask, &value, write_mask);
}

/// An alpha-antialiased line pixel's coverage multiplied into the shader's `o0.a` before the
/// output merger (SPEC §3.5, D3D11.3 §3.4.4: `o0` only, whatever target 0's format; before
/// alpha-to-coverage and blending read it), when the draw draws such lines
/// ([`RasterContext::line_coverage`]). A shader that does not write `o0.a` leaves it 0 (the
/// reset value), so its pixels get alpha 0: D3D calls that undefined.
#[inline(always)]
pub(crate) fn line_coverage(ctx: &RasterContext<'_>, tri: &TriSetup, out: &mut PsOutput) {
    if ctx.line_coverage {
        out.targets[0][3] *= f32x8::splat(tri.coverage);
    }
}

/// Runs `ps` on one 8-lane call: with the draw's UAVs when it has some (locked for the call;
/// the serial schedule, `schedule::raster_serial`, never contends for the lock), else the
/// plain [`PixelShader::shade`].
#[inline(always)]
pub(crate) fn run_pixel_shader(
    ps: &dyn PixelShader,
    env: &ShaderEnv<'_>,
    uavs: Option<&dyn UavLock>,
    input: &PsInput<'_>,
    out: &mut PsOutput,
) {
    match uavs {
        Some(u) => u.shade(ps, env, input, out),
        None => ps.shade(env, input, out),
    }
}
