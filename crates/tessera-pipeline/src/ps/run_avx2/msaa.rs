//! The fully covered runs of multisampled pass-through draws on 256-bit lanes, for the AVX2
//! path (issue #17): [`BandJob::run_planes`]' early D32 test of every sample plane and its
//! shading pass (`shade_pixel`'s pass-through varying, `pack_unorm8`, `store_packed_rows`
//! per plane; with blending `Over`, `write_samples`' blend and encode per plane) in one loop
//! over the run's blocks, with the same IEEE operations in the same order as the `wide` path
//! and the same counters and coarse depth records (tested below). Blocks own disjoint pixels
//! and each sample has its own plane, so testing a block's samples and shading it before
//! the next block's (rather than chunk by chunk) changes no byte.

use fearless_simd::x86::Avx2;
use fearless_simd::{Bytes, Simd, SimdBase};
use tessera_types::ComparisonFunc;

use super::unorm8::{F32x8, U32x8, blend_over, merge, pack, unpack};
use super::{LANE_BITS, Mask, RowVarying, RunPlan, RunRows, Varying, clamp};
use crate::band::{Band, BandStats, Msaa, RasterContext};
use crate::block::Coverage;
use crate::om::coarse::CoarseDepth;
use crate::om::depth::D32Test;
use crate::om::target::{TargetKind, channel_bytes};
use crate::ps::BandJob;
use crate::setup::{Plane, TriSetup};
use wide::f32x8 as WideF32x8;

/// 128-bit unsigned lanes of the AVX2 path: one row of a block.
type U32x4 = fearless_simd::u32x4<Avx2>;

/// Pixel-centre offsets of a block's lanes in row order (lanes 0–3 the upper row's pixels,
/// 4–7 the lower's): the kernel's lane order, that of the rows in memory, so that a block
/// loads and stores without a shuffle. Every lane's arithmetic is its pixel's, so the order
/// changes no value; only the coarse record takes the blocks' own lane order ([`lane_order`]).
const ROW_CX: [f32; 8] = [0.5, 1.5, 2.5, 3.5, 0.5, 1.5, 2.5, 3.5];
/// [`ROW_CX`] in y.
const ROW_CY: [f32; 8] = [0.5, 0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 1.5];

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
        && ctx.blend_plans[0].off_or_over().is_some()
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
    let (Some(k), Some(blend)) = (ctx.passthrough, ctx.blend_plans[0].off_or_over()) else {
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
    let mut rows: [RunRows<'_>; N] = core::array::from_fn(|_| RunRows::default());
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
        *r = RunRows {
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
fn run_loop<const N: usize, const OVER: bool>(
    tok: Avx2,
    plan: &RunPlan<'_>,
    ms: &Msaa,
    mut rows: [RunRows<'_>; N],
    coarse: &mut CoarseDepth,
    stats: &mut BandStats,
    [bx, by]: [u32; 2],
    cmp: impl Fn(F32x8, F32x8) -> Mask,
) {
    let tri = plan.tri;
    let cx = F32x8::from_slice(tok, &ROW_CX);
    let ox = tok.splat_f32x8(tri.origin[0]);
    let py = tok.add_f32x8(tok.splat_f32x8(by as f32), F32x8::from_slice(tok, &ROW_CY));
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
        unrolled::<N>(
            #[inline(always)]
            |s| {
                let r = &mut rows[s];
                let (Some(d0), Some(d1)) = (r.d0.get_mut(k), r.d1.get_mut(k)) else {
                    return;
                };
                let x = tok.add_f32x8(dx, sx[s]);
                let z = tok.add_f32x8(tok.add_f32x8(v0, tok.mul_f32x8(dz_dx, x)), z_dy[s]);
                let z = clamp(tok, z, range);
                let stored = load_rows(tok, d0, d1).bitcast::<F32x8>();
                let pass = cmp(z, stored);
                let m = tok.to_bitmask_mask32x8(pass) as Coverage;
                cov[s] = m;
                all &= m;
                if plan.write && m != 0 {
                    let new = tok.select_f32x8(pass, z, stored);
                    store_rows(tok, new.bitcast::<U32x8>(), d0, d1);
                }
                zmax = tok.max_f32x8(zmax, z);
            },
        );
        if coarse.on && all != 0 {
            coarse.record(bxk, by, lane_order(all), lanes_of(zmax));
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
        unrolled::<N>(
            #[inline(always)]
            |s| {
                if cov[s] == 0 {
                    return;
                }
                let r = &mut rows[s];
                let (Some(c0), Some(c1)) = (r.c0.get_mut(k), r.c1.get_mut(k)) else {
                    return;
                };
                let old = load_rows(tok, c0, c1);
                let new = match plan.over {
                    Some(alpha_one) if OVER => {
                        let v = blend_over(tok, &v, &unpack(tok, old, plan.bgra), alpha_one);
                        pack(tok, &v, plan.bgra)
                    }
                    _ => new,
                };
                store_rows(
                    tok,
                    merge(tok, new, old, cov[s], [lane_bits, bytes]),
                    c0,
                    c1,
                );
            },
        );
    }
    stats.ps_lanes += ps_lanes;
    stats.passed += passed_lanes;
}

/// A block's two rows (four 32-bit texels each) as lanes in row order.
#[inline(always)]
fn load_rows(tok: Avx2, row0: &[u8; 16], row1: &[u8; 16]) -> U32x8 {
    let half = |r: &[u8; 16]| U32x4::from_slice(tok, &bytemuck::cast::<[u8; 16], [u32; 4]>(*r));
    tok.combine_u32x4(half(row0), half(row1))
}

/// [`load_rows`]' inverse.
#[inline(always)]
fn store_rows(tok: Avx2, v: U32x8, row0: &mut [u8; 16], row1: &mut [u8; 16]) {
    let (a, b) = tok.split_u32x8(v);
    let bytes = |h: U32x4| {
        let mut t = [0u32; 4];
        h.store_slice(&mut t);
        bytemuck::cast::<[u32; 4], [u8; 16]>(t)
    };
    *row0 = bytes(a);
    *row1 = bytes(b);
}

/// A coverage mask in row order as the block's lane order (`LANE_CX`): the upper row's
/// pixels 2–3 and the lower row's 0–1 trade places (its own inverse).
#[inline(always)]
fn lane_order(m: Coverage) -> Coverage {
    (m & 0xc3) | ((m & 0x0c) << 2) | ((m & 0x30) >> 2)
}

/// Depths in row order as `wide` lanes in the block's lane order.
#[inline(always)]
fn lanes_of(z: F32x8) -> WideF32x8 {
    let mut a = [0.0f32; 8];
    z.store_slice(&mut a);
    WideF32x8::new([a[0], a[1], a[4], a[5], a[2], a[3], a[6], a[7]])
}

/// `f(0)`, …, `f(N − 1)` written out for the sample counts of the draws (LLVM kept the
/// per-sample loops rolled, with the planes' rows indexed at run time: +45 % instructions).
#[inline(always)]
fn unrolled<const N: usize>(mut f: impl FnMut(usize)) {
    match N {
        1 => f(0),
        2 => {
            f(0);
            f(1);
        }
        4 => {
            f(0);
            f(1);
            f(2);
            f(3);
        }
        8 => {
            f(0);
            f(1);
            f(2);
            f(3);
            f(4);
            f(5);
            f(6);
            f(7);
        }
        _ => (0..N).for_each(f),
    }
}

#[cfg(test)]
mod tests;
