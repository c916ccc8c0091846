//! The AVX2 kernel against the tables: the same bytes for every texel of rows of any length.

use proptest::prelude::*;
use wide::f32x8;

use super::map_rows_avx2;
use crate::om::solid::SolidTables;

proptest! {
    #[test]
    fn kernel_stores_the_tables_bytes(
        c in prop::array::uniform4(prop_oneof![Just(0.5f32), Just(1.0), -0.2f32..1.2]),
        blend in prop_oneof![Just(None), Just(Some(false)), Just(Some(true))],
        mask in 0u8..16,
        bgra: bool,
        opaque: bool,
        rows in (0usize..40).prop_flat_map(|n| (
            prop::collection::vec(any::<u8>(), 4 * n),
            prop::collection::vec(any::<u8>(), 4 * n),
        )),
    ) {
        let Some(tok) = fearless_simd::Level::new().as_avx2() else {
            eprintln!("no AVX2 on this CPU: the AVX2 kernel is not tested here");
            return Ok(());
        };
        let t = SolidTables::build(&c.map(f32x8::splat), blend, mask, bgra, true);
        let Some(fit) = t.affine() else { return Ok(()) };
        let mut rows = rows;
        if opaque {
            // Destination alpha 255 everywhere, as in the `fill` scene: in every fit's range.
            for row in [&mut rows.0, &mut rows.1] {
                row.iter_mut().skip(3).step_by(4).for_each(|x| *x = 255);
            }
        }
        let (mut a, mut b) = rows.clone();
        map_rows_avx2(tok, fit, [&mut a, &mut b], |x| t.apply_texels(x));
        for (got, old) in [(&a, &rows.0), (&b, &rows.1)] {
            for (g, o) in got.chunks_exact(4).zip(old.chunks_exact(4)) {
                let want = t.apply(u32::from_le_bytes(o.try_into().unwrap()));
                prop_assert_eq!(u32::from_le_bytes(g.try_into().unwrap()), want);
            }
        }
    }
}
