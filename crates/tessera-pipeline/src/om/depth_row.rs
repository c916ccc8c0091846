//! The early D32 test of a row of blocks at one sample plane (SPEC §5.1, §3.8): the inner loop
//! of the multisampled runs' plane-by-plane test (`ps/msaa_run.rs`), once on `wide`'s lanes (the
//! baseline path) and once on `fearless_simd`'s 256-bit lanes (the AVX2 path: inside the AVX2
//! function `wide`'s `f32x8` is still two SSE halves). Both evaluate the same IEEE operations on
//! the same operands in the same order — depth `(v0 + ∂z/∂x·(dx + ox)) + ∂z/∂y·(dy + oy)`,
//! `maxps` then `minps` against the viewport range, the comparison, the masked write, the
//! running `maxps` of the samples' depths — so they give the same bits (tested below).

use tessera_types::ComparisonFunc;
use wide::f32x8;

use super::depth::{D32Test, clamp_depth};
use super::{read_block_u32, write_block_u32};
use crate::block::{Coverage, SampleCoverage};

/// The depth of one sample plane over a row pair of blocks: `z = (v0 + dz_dx·(dx + ox)) +
/// dy_term` per lane, clamped to `range`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlaneDepth {
    /// The depth plane's value at its origin.
    pub v0: f32,
    /// The depth plane's x gradient.
    pub dz_dx: f32,
    /// The sample's x offset from the pixel centre, in pixels.
    pub ox: f32,
    /// `∂z/∂y · (dy + oy)` per lane: the same for every block of the row pair.
    pub dy_term: f32x8,
    /// The viewport's depth range.
    pub range: (f32, f32),
}

/// The rows of `masks.len()` blocks from a row pair's left block at one sample plane: 16 bytes
/// (four D32 texels) per block and row.
pub(crate) struct PlaneRows<'r> {
    /// The upper row's blocks.
    pub r0: &'r mut [[u8; 16]],
    /// The lower row's blocks.
    pub r1: &'r mut [[u8; 16]],
}

/// One row's blocks in a row test: their lanes' x offsets from the triangle's origin, their
/// coverage per sample, the lanes that passed at every plane so far, and the running lane-wise
/// maximum of their samples' depths.
pub(crate) struct RowBlocks<'b> {
    /// Each block's lane offsets in x.
    pub dx: &'b [f32x8],
    /// Each block's coverage per sample; the tested sample's entry is updated.
    pub cov: &'b mut [SampleCoverage],
    /// Each block's lanes that passed at every plane tested so far.
    pub all: &'b mut [Coverage],
    /// Each block's running `maxps` of its samples' depths.
    pub zmax: &'b mut [f32x8],
}

/// Tests sample `s` of every block of `blk` (as many as `rows` has): the lanes of
/// `cov[k][s]` whose depth passes `t` stay (and are written when `t` writes depth), `all[k]`
/// keeps only those, and `zmax[k]` takes the lane-wise `maxps` with the depths.
#[inline(always)]
pub(crate) fn test_row(
    t: &D32Test,
    p: &PlaneDepth,
    s: usize,
    rows: PlaneRows<'_>,
    blk: RowBlocks<'_>,
) {
    let (v0, dz_dx, ox) = (
        f32x8::splat(p.v0),
        f32x8::splat(p.dz_dx),
        f32x8::splat(p.ox),
    );
    let blocks = rows.r0.iter_mut().zip(rows.r1.iter_mut());
    let state = blk.cov.iter_mut().zip(blk.all.iter_mut());
    for (((a, b), (c, all)), (dxk, zm)) in blocks.zip(state).zip(blk.dx.iter().zip(blk.zmax)) {
        let z = clamp_depth(v0 + dz_dx * (*dxk + ox) + p.dy_term, p.range);
        let m = &mut c[s];
        *m = t.test_rows(a, b, *m, z);
        *all &= *m;
        *zm = zm.fast_max(z);
    }
}

/// [`test_row`] on 256-bit lanes, inside the AVX2 function (`tok` proves the CPU has it).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn test_row_avx2(
    tok: fearless_simd::x86::Avx2,
    t: &D32Test,
    p: &PlaneDepth,
    s: usize,
    rows: PlaneRows<'_>,
    blk: RowBlocks<'_>,
) {
    use fearless_simd::Simd;
    let write = t.writes();
    // One loop per comparison: the function is chosen once per row, not per block.
    match t.func() {
        ComparisonFunc::Never => row_avx2(tok, p, s, rows, blk, write, |_, _| {
            tok.splat_mask32x8(false)
        }),
        ComparisonFunc::Less => {
            row_avx2(tok, p, s, rows, blk, write, |z, d| tok.simd_lt_f32x8(z, d))
        }
        ComparisonFunc::Equal => {
            row_avx2(tok, p, s, rows, blk, write, |z, d| tok.simd_eq_f32x8(z, d))
        }
        ComparisonFunc::LessEqual => {
            row_avx2(tok, p, s, rows, blk, write, |z, d| tok.simd_le_f32x8(z, d))
        }
        ComparisonFunc::Greater => {
            row_avx2(tok, p, s, rows, blk, write, |z, d| tok.simd_gt_f32x8(z, d))
        }
        ComparisonFunc::NotEqual => row_avx2(tok, p, s, rows, blk, write, |z, d| {
            tok.not_mask32x8(tok.simd_eq_f32x8(z, d))
        }),
        ComparisonFunc::GreaterEqual => {
            row_avx2(tok, p, s, rows, blk, write, |z, d| tok.simd_ge_f32x8(z, d))
        }
        ComparisonFunc::Always => {
            row_avx2(tok, p, s, rows, blk, write, |_, _| tok.splat_mask32x8(true))
        }
    }
}

/// 256-bit lanes of the AVX2 path (`fearless_simd`).
#[cfg(target_arch = "x86_64")]
type Avx2F32x8 = fearless_simd::f32x8<fearless_simd::x86::Avx2>;

/// [`test_row_avx2`] with the comparison `cmp(z, stored)`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn row_avx2(
    tok: fearless_simd::x86::Avx2,
    p: &PlaneDepth,
    s: usize,
    rows: PlaneRows<'_>,
    blk: RowBlocks<'_>,
    write: bool,
    cmp: impl Fn(Avx2F32x8, Avx2F32x8) -> fearless_simd::mask32x8<fearless_simd::x86::Avx2>,
) {
    use fearless_simd::{Simd, SimdBase};
    let load = |v: &f32x8| Avx2F32x8::from_slice(tok, v.as_array_ref());
    tok.vectorize(
        // `move`: the sample index and the write flag by value, not reloaded for every block
        // after the stores through `blk`.
        #[inline(always)]
        move || {
            let (v0, dz_dx, ox) = (
                tok.splat_f32x8(p.v0),
                tok.splat_f32x8(p.dz_dx),
                tok.splat_f32x8(p.ox),
            );
            let dy_term = load(&p.dy_term);
            let (lo, hi) = (tok.splat_f32x8(p.range.0), tok.splat_f32x8(p.range.1));
            let blocks = rows.r0.iter_mut().zip(rows.r1.iter_mut());
            let state = blk.cov.iter_mut().zip(blk.all.iter_mut());
            for (((a, b), (c, all)), (dxk, zm)) in
                blocks.zip(state).zip(blk.dx.iter().zip(blk.zmax))
            {
                let x = tok.add_f32x8(load(dxk), ox);
                let z = tok.add_f32x8(tok.add_f32x8(v0, tok.mul_f32x8(dz_dx, x)), dy_term);
                let z = tok.min_f32x8(tok.max_f32x8(z, lo), hi);
                let stored_bits: [f32; 8] = bytemuck::cast(read_block_u32(a, b));
                let stored = Avx2F32x8::from_slice(tok, &stored_bits);
                let m = &mut c[s];
                let pass =
                    tok.and_mask32x8(cmp(z, stored), tok.from_bitmask_mask32x8(u64::from(*m)));
                *m = tok.to_bitmask_mask32x8(pass) as Coverage;
                *all &= *m;
                if write && *m != 0 {
                    let mut new = [0.0f32; 8];
                    tok.select_f32x8(pass, z, stored).store_slice(&mut new);
                    write_block_u32(a, b, bytemuck::cast(new));
                }
                let mut mx = [0.0f32; 8];
                tok.max_f32x8(load(zm), z).store_slice(&mut mx);
                *zm = f32x8::new(mx);
            }
        },
    );
}

#[cfg(test)]
mod tests;
