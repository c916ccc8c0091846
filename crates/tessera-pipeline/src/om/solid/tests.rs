//! The tables' affine form: exact where it is given, and given where the vector path needs it.

use proptest::prelude::*;
use wide::f32x8;

use super::{SolidTables, eval};
use crate::shader::Reg;

fn reg(c: [f32; 4]) -> Reg {
    c.map(f32x8::splat)
}

/// Every byte of every table through the affine form, where the tables have one.
fn check_exact(t: &SolidTables) {
    let Some(fit) = t.affine() else { return };
    for j in 0..4 {
        for d in fit.lo[j]..=fit.hi[j] {
            let texel = u32::from(d) << (8 * j);
            let want = (t.apply(texel) >> (8 * j)) as u8;
            assert_eq!(
                eval(d, fit.b[j], fit.a[j]),
                Some(want),
                "byte {j}, d = {d}, {fit:?}"
            );
        }
    }
}

fn colour() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(-0.0),
        Just(0.5),
        Just(1.0),
        -0.5f32..1.5,
        0.0f32..1.0,
        any::<u32>().prop_map(f32::from_bits),
    ]
}

proptest! {
    #[test]
    fn affine_form_is_the_tables(
        c in prop::array::uniform4(colour()),
        blend in prop_oneof![Just(None), Just(Some(false)), Just(Some(true))],
        mask in 0u8..16,
        bgra: bool,
    ) {
        check_exact(&SolidTables::build(&reg(c), blend, mask, bgra, true));
    }
}

/// Blending off and channels the write mask keeps are always affine (slope 0 or 1).
#[test]
fn copies_and_kept_channels_fit() {
    for mask in 0u8..16 {
        for c in [[0.2, 0.7, 1.0, 0.0], [f32::NAN, -1.0, 2.0, 0.5]] {
            let t = SolidTables::build(&reg(c), None, mask, false, true);
            let fit = t.affine();
            assert!(
                fit.is_some_and(|f| f.lo == [0; 4] && f.hi == [255; 4]),
                "{c:?} {mask} {fit:?}"
            );
            check_exact(&t);
        }
    }
}

/// "Over" with the alphas of the `fill` scene (`shared/perf/gen_scenes.py`: alpha 0.20–0.35)
/// and colours spread over [0, 1] fits nearly always, so the AVX2 path runs it; the scene's
/// destination alpha is 255 (cleared to 1), which every fit covers. Tables with no fit still
/// store exactly, through the tables.
#[test]
fn over_fits_nearly_always() {
    let mut fitted = 0;
    let n = 400;
    for k in 0..n {
        let spread = |m: usize| (k * m % 257) as f32 / 256.0;
        let c = [
            spread(37),
            spread(101),
            spread(163),
            0.2 + 0.05 * (k % 4) as f32,
        ];
        let t = SolidTables::build(&reg(c), Some(k % 3 == 0), 0xf, k % 2 == 0, true);
        check_exact(&t);
        fitted += usize::from(t.affine().is_some_and(|f| f.hi[3] == 255));
    }
    assert!(fitted * 100 >= n * 95, "{fitted} of {n} fit");
}
