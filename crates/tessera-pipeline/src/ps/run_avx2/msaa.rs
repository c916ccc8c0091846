//! The fully covered runs of multisampled pass-through draws on 256-bit lanes, for the AVX2
//! path (issue #17): [`BandJob::run_planes`]' early D32 test of every sample plane and its
//! shading pass (`shade_pixel`'s pass-through varying, `pack_unorm8`, `store_packed_rows`
//! per plane; with blending `Over`, `write_samples`' blend and encode per plane) in one loop
//! over the run's blocks, with the same IEEE operations in the same order as the `wide` path
//! and the same counters and coarse depth records (tested below). Blocks own disjoint pixels
//! and each sample has its own plane, so testing a block's samples and shading it before
//! the next block's (rather than chunk by chunk) changes no byte.

use fearless_simd::x86::Avx2;
use fearless_simd::{Simd, SimdBase};
use tessera_types::ComparisonFunc;

use super::unorm8::{F32x8, U32x8, blend_over, merge, pack, store, unpack};
use super::{LANE_BITS, Mask, RowVarying, RunPlan, Varying, clamp, over};
use crate::band::{Band, BandStats, Msaa, RasterContext};
use crate::block::{Coverage, LANE_CX, LANE_CY};
use crate::om::coarse::CoarseDepth;
use crate::om::depth::D32Test;
use crate::om::target::{TargetKind, channel_bytes};
use crate::om::{read_block_u32, write_block_u32};
use crate::ps::BandJob;
use crate::setup::{Plane, TriSetup};

/// One sample plane's rows of a run: the depth buffer's and the target's two rows, 16 bytes
/// per block each.
#[derive(Default)]
struct PlaneRows<'r> {
    d0: &'r mut [[u8; 16]],
    d1: &'r mut [[u8; 16]],
    c0: &'r mut [[u8; 16]],
    c1: &'r mut [[u8; 16]],
}

/// Whether the AVX2 kernel can take the fully covered runs of `job`'s triangle on `N`
/// samples: the AVX2 path, a pass-through shader, [`BandJob::planes_run_applies`] with the
/// band's early D32 test `early`, one RGBA8/BGRA8 target with blending off or `Over`. The
/// runs' rows are checked run by run ([`planes_run`]).
#[inline(always)]
pub(crate) fn applies<const N: usize>(
    job: &BandJob<'_, '_>,
    ms: &Msaa,
    early: Option<&D32Test>,
) -> bool {
    let ctx = job.ctx;
    ctx.lanes.avx2_token().is_some()
        && ctx.ps.is_some()
        && ctx.passthrough.is_some()
        && ctx.depth_active
        && early.is_some()
        && job.planes_run_applies::<N>(ms, early)
        && over(ctx.blend_plans[0]).is_some()
        && matches!(
            job.band.colors.as_slice(),
            [Some(t)] if matches!(t.kind, TargetKind::Unorm8 { .. })
        )
}

/// [`BandJob::run_planes`] of the `count` blocks from `at` on the AVX2 path (`tok`), the
/// band's early test being `early`, when [`applies`] held and every sample plane hands out
/// the run's depth and colour rows whole (inside both buffers): `true`, with the same bytes,
/// counters and coarse records. Else `false`, having changed nothing.
#[inline(always)]
pub(crate) fn planes_run<const N: usize>(
    job: &mut BandJob<'_, '_>,
    tok: Avx2,
    (ms, early): (&Msaa, &D32Test),
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
    let job = Job {
        ctx,
        tri,
        planes,
        ms,
        early,
    };
    run::<N>(tok, &job, band, stats, [at[0], at[1], count])
}

/// The read-only inputs of [`run`].
struct Job<'j> {
    ctx: &'j RasterContext<'j>,
    tri: &'j TriSetup,
    planes: &'j [Plane],
    ms: &'j Msaa,
    early: &'j D32Test,
}

/// [`planes_run`] on the job's fields, out of line (as `run_avx2::run`).
#[inline(never)]
fn run<const N: usize>(
    tok: Avx2,
    job: &Job<'_>,
    band: &mut Band<'_>,
    stats: &mut BandStats,
    [bx, by, count]: [u32; 3],
) -> bool {
    let Job {
        ctx,
        tri,
        planes,
        ms,
        early: t,
    } = *job;
    let (Some(k), Some(blend)) = (ctx.passthrough, over(ctx.blend_plans[0])) else {
        return false;
    };
    if ctx.ps.is_none() || !(ctx.early_depth && ctx.depth_active) || count == 0 {
        return false;
    }
    if bx + 4 * count > t.width() {
        return false;
    }
    let (len, n) = (16 * count as usize, count as usize);
    let Band {
        colors,
        depth,
        samples,
        coarse,
        ..
    } = band;
    let mut views = core::iter::once((colors, depth))
        .chain(samples.iter_mut().map(|p| (&mut p.colors, &mut p.depth)));
    let mut rows: [PlaneRows<'_>; N] = core::array::from_fn(|_| PlaneRows::default());
    let mut bgra = None;
    for r in &mut rows {
        let Some((colors, depth)) = views.next() else {
            return false;
        };
        let ([Some(target)], Some(depth)) = (colors.as_mut_slice(), depth.as_mut()) else {
            return false;
        };
        let Some((d0, d1)) = depth.data.row_pair_mut(bx, by, len) else {
            return false;
        };
        let Some((b, c0, c1)) = target.unorm8_rows(bx, by, count) else {
            return false;
        };
        if *bgra.get_or_insert(b) != b {
            return false;
        }
        *r = PlaneRows {
            d0: &mut d0.as_chunks_mut::<16>().0[..n],
            d1: &mut d1.as_chunks_mut::<16>().0[..n],
            c0: &mut c0.as_chunks_mut::<16>().0[..n],
            c1: &mut c1.as_chunks_mut::<16>().0[..n],
        };
    }
    let planes = &planes[4 * k..4 * k + 4];
    let plan = RunPlan {
        tri,
        planes,
        varying: Varying::of(tri, planes, ctx.inputs[k]),
        range: ctx.depth_range,
        write: t.writes(),
        write_mask: ctx.blend[0].write_mask.0 as u8,
        bgra: bgra.unwrap_or(false),
        over: blend,
    };
    // One loop per comparison and per blend, as `run_avx2::run`.
    macro_rules! with {
        ($cmp:expr) => {
            if plan.over.is_some() {
                tok.vectorize(
                    #[inline(always)]
                    move || {
                        run_loop::<N, true>(tok, &plan, ms, rows, coarse, stats, [bx, by], $cmp)
                    },
                )
            } else {
                tok.vectorize(
                    #[inline(always)]
                    move || {
                        run_loop::<N, false>(tok, &plan, ms, rows, coarse, stats, [bx, by], $cmp)
                    },
                )
            }
        };
    }
    match t.func() {
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

/// The blocks of a run: each sample's depth `(v0 + ∂z/∂x·(dx + ox)) + ∂z/∂y·(dy + oy)`
/// clamped and tested with `cmp(z, stored)` (`test_row`), the coarse record of the lanes
/// that passed at every sample (`test_planes`), then the varying once at the pixel centres,
/// encoded once (`OVER`: blended with and encoded for each plane) and stored to each plane
/// with its sample's lanes.
#[inline(always)]
#[expect(
    clippy::too_many_arguments,
    reason = "the loop's registers: split, they would be reloaded per block"
)]
#[expect(
    clippy::needless_range_loop,
    reason = "the sample index picks the plane's rows, offsets and coverage"
)]
fn run_loop<const N: usize, const OVER: bool>(
    tok: Avx2,
    plan: &RunPlan<'_>,
    ms: &Msaa,
    mut rows: [PlaneRows<'_>; N],
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
    let row = RowVarying::new(tok, tri, plan.planes, plan.varying, dy);
    let (v0, dz_dx, dz_dy) = (
        tok.splat_f32x8(tri.z.v0),
        tok.splat_f32x8(tri.z.dx),
        tok.splat_f32x8(tri.z.dy),
    );
    // Per sample: its x offset, and `∂z/∂y·(dy + oy)` (the same for every block of the row).
    let (mut sx, mut z_dy) = ([tok.splat_f32x8(0.0); N], [tok.splat_f32x8(0.0); N]);
    for s in 0..N {
        let [ox, oy] = ms.offset_px(s);
        sx[s] = tok.splat_f32x8(ox);
        z_dy[s] = tok.mul_f32x8(dz_dy, tok.add_f32x8(dy, tok.splat_f32x8(oy)));
    }
    let range = (tok.splat_f32x8(plan.range.0), tok.splat_f32x8(plan.range.1));
    let lane_bits = U32x8::from_slice(tok, &LANE_BITS);
    let bytes = tok.splat_u32x8(channel_bytes(plan.write_mask, plan.bgra));
    let (mut ps_lanes, mut passed_lanes) = (0u64, 0u64);
    let count = rows[0].d0.len();
    for k in 0..count {
        let bxk = bx + 4 * k as u32;
        let dx = tok.sub_f32x8(tok.add_f32x8(tok.splat_f32x8(bxk as f32), cx), ox);
        let (mut cov, mut all) = ([0 as Coverage; N], 0xff as Coverage);
        let mut zmax = tok.splat_f32x8(f32::NEG_INFINITY);
        for s in 0..N {
            let r = &mut rows[s];
            let (Some(d0), Some(d1)) = (r.d0.get_mut(k), r.d1.get_mut(k)) else {
                continue;
            };
            let x = tok.add_f32x8(dx, sx[s]);
            let z = tok.add_f32x8(tok.add_f32x8(v0, tok.mul_f32x8(dz_dx, x)), z_dy[s]);
            let z = clamp(tok, z, range);
            let stored_bits: [f32; 8] = bytemuck::cast(read_block_u32(d0, d1));
            let stored = F32x8::from_slice(tok, &stored_bits);
            let pass = cmp(z, stored);
            let m = tok.to_bitmask_mask32x8(pass) as Coverage;
            cov[s] = m;
            all &= m;
            if plan.write && m != 0 {
                let mut new = [0.0f32; 8];
                tok.select_f32x8(pass, z, stored).store_slice(&mut new);
                write_block_u32(d0, d1, bytemuck::cast(new));
            }
            zmax = tok.max_f32x8(zmax, z);
        }
        if coarse.on && all != 0 {
            coarse.record(bxk, by, all, store(zmax));
        }
        if cov.iter().all(|&c| c == 0) {
            continue;
        }
        ps_lanes += 8;
        passed_lanes += cov.iter().map(|c| u64::from(c.count_ones())).sum::<u64>();
        if plan.write_mask == 0 {
            continue;
        }
        let v = row.at(tok, dx);
        // Blending off: one encode for every plane.
        let new = if OVER {
            tok.splat_u32x8(0)
        } else {
            pack(tok, &v, plan.bgra)
        };
        for s in 0..N {
            if cov[s] == 0 {
                continue;
            }
            let r = &mut rows[s];
            let (Some(c0), Some(c1)) = (r.c0.get_mut(k), r.c1.get_mut(k)) else {
                continue;
            };
            let old = U32x8::from_slice(tok, &read_block_u32(c0, c1));
            let new = match plan.over {
                Some(alpha_one) if OVER => {
                    let v = blend_over(tok, &v, &unpack(tok, old, plan.bgra), alpha_one);
                    pack(tok, &v, plan.bgra)
                }
                _ => new,
            };
            let mut out = [0u32; 8];
            merge(tok, new, old, cov[s], [lane_bits, bytes]).store_slice(&mut out);
            write_block_u32(c0, c1, out);
        }
    }
    stats.ps_lanes += ps_lanes;
    stats.passed += passed_lanes;
}

#[cfg(test)]
mod tests;
