//! [`block_coverage`](super::msaa::block_coverage) on 256-bit lanes, for the AVX2 path: the same 64-bit edge sums, four
//! lanes to a `ymm` (`wide`'s `i64x4` is two SSE halves, and its compare a scalar loop below
//! SSE4.2). A lane's sample is covered when none of its three edge values is negative, i.e. when
//! the sign bit of their bitwise OR is clear: the same lanes as the baseline's three `≥ 0`
//! tests, with the same wrapping adds.

use fearless_simd::x86::Avx2;
use fearless_simd::{Simd, SimdBase};

use super::msaa::SampleEdges;
use super::rect_mask;
use crate::block::{MAX_SAMPLES, SampleCoverage};
use crate::setup::Edge;

/// 64-bit lanes of the AVX2 path.
type I64x4 = fearless_simd::i64x4<Avx2>;

/// [`block_coverage`](super::msaa::block_coverage) inside the AVX2 function (`tok` proves the CPU has it).
#[inline]
pub fn block_coverage_avx2(
    tok: Avx2,
    edges: &[Edge; 3],
    pre: &SampleEdges,
    count: usize,
    bx: i32,
    by: i32,
    rect: [i32; 4],
) -> SampleCoverage {
    tok.vectorize(
        #[inline(always)]
        move || {
            let mut cov = [0; MAX_SAMPLES];
            let inside = rect_mask(bx, by, rect);
            if inside == 0 {
                return cov;
            }
            let at = edges.each_ref().map(|e| e.at(i64::from(bx), i64::from(by)));
            let lanes = pre.lane_offsets().map(|(lo, hi)| {
                let load = |v: wide::i64x4| I64x4::from_slice(tok, &v.to_array());
                (load(lo), load(hi))
            });
            let zero = tok.splat_i64x4(0);
            for (c, offs) in cov.iter_mut().zip(pre.sample_offsets()).take(count) {
                let (mut lo, mut hi) = (zero, zero);
                for ((base, off), (l, h)) in at.iter().zip(offs).zip(&lanes) {
                    let v = tok.splat_i64x4(base.wrapping_add(*off));
                    lo = tok.or_i64x4(lo, tok.add_i64x4(v, *l));
                    hi = tok.or_i64x4(hi, tok.add_i64x4(v, *h));
                }
                let neg = |x: I64x4| tok.to_bitmask_mask64x4(tok.simd_lt_i64x4(x, zero)) as u8;
                *c = inside & !(neg(lo) | (neg(hi) << 4));
            }
            cov
        },
    )
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::band::Msaa;
    use crate::rast::msaa::block_coverage;

    /// Edges as setup makes them (16.8 fixed point: values up to ~2^46, steps multiples of
    /// 256 up to ~2^32), near zero too so that lanes differ.
    fn edge() -> impl Strategy<Value = Edge> {
        let v = prop_oneof![-(1i64 << 46)..(1i64 << 46), -(1i64 << 12)..(1i64 << 12)];
        let step = prop_oneof![-(1i64 << 24)..(1i64 << 24), -(1i64 << 4)..(1i64 << 4)]
            .prop_map(|s| s * 256);
        (v, step.clone(), step).prop_map(|(e00, step_x, step_y)| Edge {
            e00,
            step_x,
            step_y,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        #[test]
        fn the_avx2_coverage_matches_the_baseline(
            edges in prop::array::uniform3(edge()),
            offsets in prop::array::uniform16(prop::array::uniform2(-8i8..8)),
            count in prop::sample::select(vec![1usize, 2, 4, 8, 16]),
            bx in -64i32..64,
            by in -64i32..64,
            rect_at in prop::array::uniform2(-6i32..4),
            rect_size in prop::array::uniform2(1i32..12),
        ) {
            let Some(tok) = fearless_simd::Level::new().as_avx2() else {
                return Ok(());
            };
            let ms = Msaa { count, offsets, sample_mask: u32::MAX };
            let pre = SampleEdges::new(&edges, &ms);
            let (bx, by) = (bx & !3, by & !1);
            // A bounds rectangle that cuts the block or contains it.
            let (x0, y0) = (bx + rect_at[0], by + rect_at[1]);
            let rect = [x0, y0, x0 + rect_size[0], y0 + rect_size[1]];
            prop_assert_eq!(
                block_coverage(&edges, &pre, count, bx, by, rect),
                block_coverage_avx2(tok, &edges, &pre, count, bx, by, rect)
            );
        }
    }
}
