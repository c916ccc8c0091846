//! Properties: a refused update leaves the table unchanged; CopyTileMappings within one resource
//! equals copying through a temporary (SPEC §6.4, §6.12).

use super::*;
use proptest::prelude::*;

proptest! {
    #[test]
    fn refused_or_applied_never_partial(start in 0u32..20, n in 0u32..20, pool_start in 0u32..12, count in 0u32..20) {
        let (mut m, pool) = table(4, 4, 8);
        let before = m.entries().to_vec();
        let r = m.update_tile_mappings(&UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[TiledResourceCoordinate { x: start % 4, y: start / 4, z: 0, subresource: 0 }]),
            sizes: Some(&[TileRegionSize { num_tiles: n, ..Default::default() }]),
            pool: Some(&pool),
            num_ranges: 1,
            pool_starts: Some(&[pool_start]),
            range_counts: Some(&[count]),
            ..Default::default()
        });
        if r.is_err() {
            prop_assert_eq!(m.entries(), &before[..]);
        } else {
            prop_assert_eq!(m.entries().iter().filter(|e| e.is_some()).count() as u32, n);
        }
    }

    #[test]
    fn copy_equals_copy_through_a_temporary(src in 0u32..16, dst in 0u32..16, n in 0u32..16) {
        let (mut m, pool) = table(16, 1, 16);
        let starts: Vec<u32> = (0..16).map(|i| (i * 7) % 16).collect();
        m.update_tile_mappings(&UpdateTileMappings {
            num_regions: 1, pool: Some(&pool), num_ranges: 16, pool_starts: Some(&starts), ..Default::default()
        }).unwrap();
        let mut want = m.entries().to_vec();
        let at = |x| TiledResourceCoordinate { x, ..Default::default() };
        let r = copy_tile_mappings(&mut m, at(dst), None, at(src), TileRegionSize { num_tiles: n, ..Default::default() }, 0);
        if src + n <= 16 && dst + n <= 16 {
            prop_assert!(r.is_ok());
            let tmp = want[src as usize..(src + n) as usize].to_vec();
            want[dst as usize..(dst + n) as usize].copy_from_slice(&tmp);
        } else {
            prop_assert!(r.is_err());
        }
        prop_assert_eq!(m.entries(), &want[..]);
    }
}
