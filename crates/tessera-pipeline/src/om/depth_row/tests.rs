//! The AVX2 row test against the baseline one: the same masks, bytes and depth maxima, bit for
//! bit, for every comparison, with and without writes, on depths and stored values that include
//! NaN, infinities, signed zeros and ties.

use proptest::prelude::*;
use tessera_types::ComparisonFunc;
use wide::f32x8;

use super::{PlaneDepth, PlaneRows, RowBlocks, test_row};
use crate::block::{Coverage, SampleCoverage};
use crate::om::depth::{COMPARISON_FUNCS, D32Test};

/// Floats that stress the comparisons: specials, ties with the plane's values, and any bits.
fn value() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(0.5),
        Just(1.0),
        0.0f32..1.0,
        any::<u32>().prop_map(f32::from_bits),
    ]
}

/// One row test's inputs: blocks' lane offsets, stored depths and masks, and the plane.
#[derive(Clone, Debug)]
struct Case {
    blocks: Vec<([f32; 8], [f32; 8], Coverage)>,
    plane: [f32; 4],
    dy_term: [f32; 8],
    range: (f32, f32),
}

fn case() -> impl Strategy<Value = Case> {
    let block = (
        prop::array::uniform8(value()),
        prop::array::uniform8(value()),
        any::<u8>(),
    );
    (
        prop::collection::vec(block, 1..9),
        prop::array::uniform4(value()),
        prop::array::uniform8(value()),
        prop_oneof![Just((0.0, 1.0)), Just((0.25, 0.75)), Just((0.0, 0.0))],
    )
        .prop_map(|(blocks, plane, dy_term, range)| Case {
            blocks,
            plane,
            dy_term,
            range,
        })
}

/// What a row test leaves: rows (16 bytes per block and row, lane order as `read_block_u32`
/// reads them), the tested sample's masks, the every-plane masks and the depth maxima.
type Outcome = (
    Vec<[u8; 16]>,
    Vec<[u8; 16]>,
    Vec<Coverage>,
    Vec<Coverage>,
    Vec<[u32; 8]>,
);

/// The sample tested: not the first, so the index is honoured.
const S: usize = 2;

/// [`Outcome`] after `run` tests sample [`S`] of `case`'s blocks.
fn run_case(case: &Case, run: impl FnOnce(&PlaneDepth, PlaneRows<'_>, RowBlocks<'_>)) -> Outcome {
    let p = PlaneDepth {
        v0: case.plane[0],
        dz_dx: case.plane[1],
        ox: case.plane[2],
        dy_term: f32x8::new(case.dy_term),
        range: case.range,
    };
    let n = case.blocks.len();
    let (mut r0, mut r1) = (vec![[0u8; 16]; n], vec![[0u8; 16]; n]);
    for (k, (_, stored, _)) in case.blocks.iter().enumerate() {
        crate::om::write_block_u32(&mut r0[k], &mut r1[k], stored.map(f32::to_bits));
    }
    let dx: Vec<f32x8> = case.blocks.iter().map(|b| f32x8::new(b.0)).collect();
    let mut cov: Vec<SampleCoverage> = case
        .blocks
        .iter()
        .map(|b| core::array::from_fn(|s| if s == S { b.2 } else { 0x5a }))
        .collect();
    // The lanes that passed "earlier planes": some, so that the `and` shows.
    let mut all = vec![0b1011_0110; n];
    let mut zmax = vec![f32x8::splat(case.plane[3]); n];
    let rows = PlaneRows {
        r0: &mut r0,
        r1: &mut r1,
    };
    let blk = RowBlocks {
        dx: &dx,
        cov: &mut cov,
        all: &mut all,
        zmax: &mut zmax,
    };
    run(&p, rows, blk);
    for c in &cov {
        let others = c.iter().enumerate().filter(|&(s, _)| s != S);
        assert!(
            others.into_iter().all(|(_, &m)| m == 0x5a),
            "other samples untouched"
        );
    }
    let masks = cov.iter().map(|c| c[S]).collect();
    let zmax = zmax
        .iter()
        .map(|z| z.to_array().map(f32::to_bits))
        .collect();
    (r0, r1, masks, all, zmax)
}

#[cfg(target_arch = "x86_64")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn the_avx2_row_test_matches_the_baseline_bit_for_bit(c in case()) {
        let Some(tok) = fearless_simd::Level::new().as_avx2() else {
            return Ok(());
        };
        for func in COMPARISON_FUNCS {
            for write in [false, true] {
                let t = D32Test::with(func, write, 1 << 14);
                let base = run_case(&c, |p, rows, blk| test_row(&t, p, S, rows, blk));
                let avx2 = run_case(&c, |p, rows, blk| super::test_row_avx2(tok, &t, p, S, rows, blk));
                prop_assert_eq!(&base, &avx2, "{:?} write {}", func, write);
            }
        }
    }
}

/// The baseline row test's result on one known block: `Less` keeps the lanes in front, writes
/// their depths, and leaves the others' bytes and the lanes outside the mask alone.
#[test]
fn a_less_test_keeps_and_writes_the_nearer_lanes() {
    let case = Case {
        // Lane k at x offset k: z = 0.1·k (the plane v0 = 0, ∂z/∂x = 0.1, ox = 0, dy_term = 0).
        blocks: vec![(
            [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
            [0.35; 8],
            0b0111_1111,
        )],
        plane: [0.0, 0.1, 0.0, f32::NEG_INFINITY],
        dy_term: [0.0; 8],
        range: (0.0, 1.0),
    };
    let t = D32Test::with(ComparisonFunc::Less, true, 64);
    let (r0, r1, masks, all, zmax) = run_case(&case, |p, rows, blk| test_row(&t, p, S, rows, blk));
    assert_eq!(masks, vec![0b0000_1111]);
    assert_eq!(all, vec![0b0000_0110]);
    let lanes = crate::om::read_block_u32(&r0[0], &r1[0]).map(f32::from_bits);
    let z = |k: u16| 0.0 + 0.1 * f32::from(k);
    assert_eq!(lanes, [z(0), z(1), z(2), z(3), 0.35, 0.35, 0.35, 0.35]);
    assert_eq!(zmax[0], std::array::from_fn(|k| z(k as u16).to_bits()));
}
