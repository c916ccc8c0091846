//! The interior runs of single-sample pass-through draws on 256-bit lanes, for the AVX2 path
//! (issue #19, docs/simd.md option (c)): a run of fully covered 4×2 blocks of one row pair,
//! early D32 test (any comparison, with or without writes), the pass-through varying
//! interpolated at the pixel centres, blending off or `Over`, exact UNORM8 encode and store
//! into the one RGBA8/BGRA8 target. Everything else (and every run these preconditions do
//! not hold for) stays on [`BandJob::run_blocks`]'s `wide` path, which this twin equals bit
//! for bit: the same IEEE operations on the same operands in the same order — planes as
//! `(v0 + ∂/∂x·dx) + ∂/∂y·dy`, `maxps`/`minps` depth clamp, the comparison, the masked depth
//! write, `1/q`, the perspective `·w`, `blend_over_unorm` on the decoded texels,
//! `om/unorm8.rs`' encode (whose near-half lanes take the `wide` encode itself) — and the
//! same counters and coarse depth records (tested below).

use fearless_simd::x86::Avx2;
use fearless_simd::{Simd, SimdBase};
use tessera_types::ComparisonFunc;
use wide::f32x8 as WideF32x8;

use super::{BandJob, flat_varying};
use crate::band::{Band, BandStats, RasterContext};
use crate::block::{Coverage, LANE_CX, LANE_CY};
use crate::om::coarse::CoarseDepth;
use crate::om::depth::D32Test;
use crate::om::target::{TargetKind, channel_bytes};
use crate::om::{read_block_u32, write_block_u32};
use crate::setup::{Plane, TriSetup};
use crate::shader::{Interpolation, Reg};
use unorm8::{F32x8, U32x8, blend_over, load, merge, pack, store, unpack};

/// 256-bit lane masks of the AVX2 path.
type Mask = fearless_simd::mask32x8<Avx2>;

/// How the pass-through varying is found at a block's lanes.
#[derive(Clone, Copy)]
enum Varying {
    /// The same value at every lane of every block (flat varyings, or a `Constant` input).
    Flat(Reg),
    /// The planes at the lanes (`NoPerspective`).
    Linear,
    /// The planes times `w` (`Perspective`), `w` being the triangle's flat `w` or `1/q`.
    Perspective(Option<f32>),
}

impl Varying {
    /// How `interpolate` finds the varying of `tri` whose four planes are `planes`,
    /// interpolated as `mode`.
    #[inline(always)]
    fn of(tri: &TriSetup, planes: &[Plane], mode: Interpolation) -> Self {
        let flat_w = if tri.flat_varyings { tri.w_flat } else { None };
        let splat = |c: usize| WideF32x8::splat(planes[c].v0);
        match (flat_w, mode) {
            (Some(w), _) => Self::Flat(flat_varying(planes, mode, w)),
            (None, Interpolation::Constant) => Self::Flat([splat(0), splat(1), splat(2), splat(3)]),
            (None, Interpolation::NoPerspective) => Self::Linear,
            (None, Interpolation::Perspective) => Self::Perspective(tri.w_flat),
        }
    }
}

/// The pass-through varying over one row pair: [`Varying`] with its per-row terms (each
/// plane's `∂/∂y·dy`, the flat value) computed once.
#[derive(Clone, Copy)]
struct RowVarying<'p> {
    tri: &'p TriSetup,
    planes: &'p [Plane],
    varying: Varying,
    q_dy: F32x8,
    c_dy: [F32x8; 4],
    flat: [F32x8; 4],
}

impl<'p> RowVarying<'p> {
    /// The row pair whose lanes lie `dy` from `tri`'s origin.
    #[inline(always)]
    fn new(tok: Avx2, tri: &'p TriSetup, planes: &'p [Plane], varying: Varying, dy: F32x8) -> Self {
        let dy_term = |p: &Plane| tok.mul_f32x8(tok.splat_f32x8(p.dy), dy);
        let p = planes;
        let flat = match varying {
            Varying::Flat(v) => [
                load(tok, v[0]),
                load(tok, v[1]),
                load(tok, v[2]),
                load(tok, v[3]),
            ],
            _ => [tok.splat_f32x8(0.0); 4],
        };
        Self {
            tri,
            planes,
            varying,
            q_dy: dy_term(&tri.q),
            c_dy: [
                dy_term(&p[0]),
                dy_term(&p[1]),
                dy_term(&p[2]),
                dy_term(&p[3]),
            ],
            flat,
        }
    }

    /// `shade_passthrough`'s varying at the lanes `dx` from the origin of a block of the row.
    #[inline(always)]
    fn at(&self, tok: Avx2, dx: F32x8) -> [F32x8; 4] {
        let (p, c_dy) = (self.planes, &self.c_dy);
        match self.varying {
            Varying::Flat(_) => self.flat,
            Varying::Linear => [
                eval(tok, &p[0], dx, c_dy[0]),
                eval(tok, &p[1], dx, c_dy[1]),
                eval(tok, &p[2], dx, c_dy[2]),
                eval(tok, &p[3], dx, c_dy[3]),
            ],
            Varying::Perspective(w_flat) => {
                let w = match w_flat {
                    Some(w) => tok.splat_f32x8(w),
                    None => {
                        tok.div_f32x8(tok.splat_f32x8(1.0), eval(tok, &self.tri.q, dx, self.q_dy))
                    }
                };
                let e = |c: usize| tok.mul_f32x8(eval(tok, &p[c], dx, c_dy[c]), w);
                [e(0), e(1), e(2), e(3)]
            }
        }
    }
}

/// The per-run inputs of [`run_loop`], read once so that the loop keeps them in registers.
#[derive(Clone, Copy)]
struct RunPlan<'p> {
    tri: &'p TriSetup,
    /// The pass-through varying's four planes.
    planes: &'p [Plane],
    varying: Varying,
    /// The viewport's depth range.
    range: (f32, f32),
    write: bool,
    write_mask: u8,
    bgra: bool,
    /// Blending `Over` (its `alpha_one`); `None`: blending off.
    over: Option<bool>,
}

/// The rows of a run (of one sample plane, for the multisampled kernel): the depth buffer's
/// and the target's two rows, 16 bytes per block each.
#[derive(Default)]
struct RunRows<'r> {
    d0: &'r mut [[u8; 16]],
    d1: &'r mut [[u8; 16]],
    c0: &'r mut [[u8; 16]],
    c1: &'r mut [[u8; 16]],
}

/// Whether the AVX2 kernel can take the runs of `job`'s triangle: the AVX2 path, a
/// pass-through draw (not solid-colour) testing D32 depth early, one RGBA8/BGRA8 target with
/// blending off or `Over`. The runs' rows are checked run by run ([`passthrough_run`]).
#[inline(always)]
pub(crate) fn applies(job: &BandJob<'_, '_>) -> bool {
    let (ctx, band) = (job.ctx, &*job.band);
    ctx.lanes.avx2_token().is_some()
        && ctx.passthrough.is_some()
        && ctx.early_depth
        && ctx.depth_active
        && ctx.blend_plans[0].off_or_over().is_some()
        && band.scratch.solid.is_none()
        && matches!(
            band.colors.as_slice(),
            [Some(t)] if matches!(t.kind, TargetKind::Unorm8 { .. })
        )
        && band
            .depth
            .as_ref()
            .is_some_and(|d| D32Test::of(d, &ctx.ds).is_some())
}

/// [`BandJob::run_blocks`] of a single-sample pass-through run (`count` fully covered blocks
/// from (`bx`, `by`)) of `job` on the AVX2 path (`tok` proves the CPU has it), when the draw
/// tests D32 depth early, has one RGBA8/BGRA8 target with blending off or `Over` and the run's rows lie
/// wholly inside both buffers: `true`, with the same bytes, counters and coarse records as
/// `run_blocks`. Else `false`, having changed nothing.
#[inline(always)]
pub(crate) fn passthrough_run(
    job: &mut BandJob<'_, '_>,
    tok: Avx2,
    at: [u32; 2],
    count: u32,
) -> bool {
    let BandJob {
        ctx,
        band,
        tri,
        planes,
        stats,
    } = job;
    run(tok, ctx, band, tri, planes, stats, [at[0], at[1], count])
}

/// [`passthrough_run`] on the job's fields. Out of line and without the job itself, so that
/// the job does not escape from `visit_run`'s loop (whose fields would then be reloaded from
/// memory after every store) and `visit_run`'s closure stays small enough to be inlined.
#[inline(never)]
fn run(
    tok: Avx2,
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    tri: &TriSetup,
    planes: &[Plane],
    stats: &mut BandStats,
    [bx, by, count]: [u32; 3],
) -> bool {
    let Some(k) = ctx.passthrough else {
        return false;
    };
    let Some(blend) = ctx.blend_plans[0].off_or_over() else {
        return false;
    };
    if !(ctx.early_depth && ctx.depth_active) {
        return false;
    }
    let ([Some(target)], Some(depth)) = (band.colors.as_mut_slice(), band.depth.as_mut()) else {
        return false;
    };
    let Some(test) = D32Test::of(depth, &ctx.ds) else {
        return false;
    };
    let len = 16 * count as usize;
    if bx + 4 * count > depth.width {
        return false;
    }
    let Some((d0, d1)) = depth.data.row_pair_mut(bx, by, len) else {
        return false;
    };
    let Some((bgra, c0, c1)) = target.unorm8_rows(bx, by, count) else {
        return false;
    };
    let planes = &planes[4 * k..4 * k + 4];
    let varying = Varying::of(tri, planes, ctx.inputs[k]);
    let plan = RunPlan {
        tri,
        planes,
        varying,
        range: ctx.depth_range,
        write: test.writes(),
        write_mask: ctx.blend[0].write_mask.0 as u8,
        bgra,
        over: blend,
    };
    let rows = RunRows {
        d0: d0.as_chunks_mut::<16>().0,
        d1: d1.as_chunks_mut::<16>().0,
        c0: c0.as_chunks_mut::<16>().0,
        c1: c1.as_chunks_mut::<16>().0,
    };
    let coarse = &mut band.coarse;
    // One loop per comparison: the function is chosen once per run, not per block.
    // And one per blend (off or `Over`): the blend's branch and registers cost the loop
    // without it 2 %.
    macro_rules! with {
        ($cmp:expr) => {
            if plan.over.is_some() {
                tok.vectorize(
                    #[inline(always)]
                    move || run_loop::<true>(tok, &plan, rows, coarse, stats, [bx, by], $cmp),
                )
            } else {
                tok.vectorize(
                    #[inline(always)]
                    move || run_loop::<false>(tok, &plan, rows, coarse, stats, [bx, by], $cmp),
                )
            }
        };
    }
    match test.func() {
        ComparisonFunc::Never => with!(|_, _| tok.splat_mask32x8(false)),
        ComparisonFunc::Less => with!(|z, d| tok.simd_lt_f32x8(z, d)),
        ComparisonFunc::Equal => with!(|z, d| tok.simd_eq_f32x8(z, d)),
        ComparisonFunc::LessEqual => with!(|z, d| tok.simd_le_f32x8(z, d)),
        ComparisonFunc::Greater => with!(|z, d| tok.simd_gt_f32x8(z, d)),
        ComparisonFunc::NotEqual => with!(|z, d| tok.not_mask32x8(tok.simd_eq_f32x8(z, d))),
        ComparisonFunc::GreaterEqual => with!(|z, d| tok.simd_ge_f32x8(z, d)),
        ComparisonFunc::Always => with!(|_, _| tok.splat_mask32x8(true)),
    }
    true
}

/// Each lane's coverage bit.
const LANE_BITS: [u32; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

/// `v0 + ∂/∂x·dx + ∂/∂y·dy` of `p`, its `∂/∂y·dy` (the same for every block of the row
/// pair) given: `eval` of `ps/mod.rs`, summed in its order.
#[inline(always)]
fn eval(tok: Avx2, p: &Plane, dx: F32x8, dy_term: F32x8) -> F32x8 {
    let t = tok.add_f32x8(
        tok.splat_f32x8(p.v0),
        tok.mul_f32x8(tok.splat_f32x8(p.dx), dx),
    );
    tok.add_f32x8(t, dy_term)
}

/// `maxps` then `minps` against `range`: [`clamp_depth`](crate::om::depth::clamp_depth).
#[inline(always)]
fn clamp(tok: Avx2, z: F32x8, (lo, hi): (F32x8, F32x8)) -> F32x8 {
    tok.min_f32x8(tok.max_f32x8(z, lo), hi)
}

/// The blocks of a run, each as `run_blocks` does it, with the comparison `cmp(z, stored)`;
/// `OVER`: the plan blends `Over`.
#[inline(always)]
fn run_loop<const OVER: bool>(
    tok: Avx2,
    plan: &RunPlan<'_>,
    rows: RunRows<'_>,
    coarse: &mut CoarseDepth,
    stats: &mut BandStats,
    [bx, by]: [u32; 2],
    cmp: impl Fn(F32x8, F32x8) -> Mask,
) {
    let tri = plan.tri;
    let cx = F32x8::from_slice(tok, &LANE_CX);
    let ox = tok.splat_f32x8(tri.origin[0]);
    let py = tok.add_f32x8(tok.splat_f32x8(by as f32), F32x8::from_slice(tok, &LANE_CY));
    let dy = tok.sub_f32x8(py, tok.splat_f32x8(tri.origin[1]));
    let z_dy = tok.mul_f32x8(tok.splat_f32x8(tri.z.dy), dy);
    let row = RowVarying::new(tok, tri, plan.planes, plan.varying, dy);
    let range = (tok.splat_f32x8(plan.range.0), tok.splat_f32x8(plan.range.1));
    let lane_bits = U32x8::from_slice(tok, &LANE_BITS);
    let bytes = tok.splat_u32x8(channel_bytes(plan.write_mask, plan.bgra));
    let (mut ps_lanes, mut passed_lanes) = (0u64, 0u64);
    let blocks = rows.d0.iter_mut().zip(rows.d1.iter_mut());
    let targets = rows.c0.iter_mut().zip(rows.c1.iter_mut());
    for (k, ((d0, d1), (c0, c1))) in blocks.zip(targets).enumerate() {
        let bxk = bx + 4 * k as u32;
        let dx = tok.sub_f32x8(tok.add_f32x8(tok.splat_f32x8(bxk as f32), cx), ox);
        // Early depth: `early_test` → `D32Test::test_rows` with every lane covered.
        let z = clamp(tok, eval(tok, &tri.z, dx, z_dy), range);
        let stored = F32x8::from_slice(tok, &bytemuck::cast::<_, [f32; 8]>(read_block_u32(d0, d1)));
        let pass = cmp(z, stored);
        let passed = tok.to_bitmask_mask32x8(pass) as Coverage;
        if passed == 0 {
            continue;
        }
        if plan.write {
            let mut new = [0.0f32; 8];
            tok.select_f32x8(pass, z, stored).store_slice(&mut new);
            write_block_u32(d0, d1, bytemuck::cast(new));
        }
        if coarse.on {
            // `early_test` records the depths clamped once, as tested.
            coarse.record(bxk, by, passed, store(z));
        }
        // `shade_passthrough`: the varying at the lanes.
        let v = row.at(tok, dx);
        ps_lanes += 8;
        passed_lanes += u64::from(passed.count_ones());
        // `write_target`: blend, encode, merge and store.
        if plan.write_mask == 0 {
            continue;
        }
        let old = |c0: &[u8; 16], c1: &[u8; 16]| U32x8::from_slice(tok, &read_block_u32(c0, c1));
        let v = match plan.over {
            Some(alpha_one) if OVER => {
                blend_over(tok, &v, &unpack(tok, old(c0, c1), plan.bgra), alpha_one)
            }
            _ => v,
        };
        let new = pack(tok, &v, plan.bgra);
        // Read after the encode, so that it holds no register across it.
        let merged = merge(tok, new, old(c0, c1), passed, [lane_bits, bytes]);
        let mut out = [0u32; 8];
        merged.store_slice(&mut out);
        write_block_u32(c0, c1, out);
    }
    stats.ps_lanes += ps_lanes;
    stats.passed += passed_lanes;
}

pub(crate) mod msaa;
#[cfg(test)]
mod tests;
mod unorm8;
