//! One test per UpdateTileMappings validation rule: the refused call leaves the table as it was.

use super::mapping::{boxed, coord, map_linear};
use super::*;

/// Each refused call returns its error and leaves the table exactly as before.
#[test]
fn every_validation_rule_leaves_the_table_unchanged() {
    let (mut m, pool) = table(4, 4, 8);
    map_linear(&mut m, &pool, 3);
    let before = m.entries().to_vec();
    let size1 = [TileRegionSize {
        num_tiles: 1,
        ..Default::default()
    }];
    let base = UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[coord(0, 0)]),
        sizes: Some(&size1),
        pool: Some(&pool),
        num_ranges: 1,
        pool_starts: Some(&[7]),
        ..Default::default()
    };
    let other = TilePool::new(&MemoryBudget::new(1 << 30), 65536).unwrap();
    let (c40, c30, c33) = ([coord(4, 0)], [coord(3, 0)], [coord(3, 3)]);
    let b21 = [boxed(2, 1)];
    let l2 = [TileRegionSize {
        num_tiles: 2,
        ..Default::default()
    }];
    let sub1 = [TiledResourceCoordinate {
        subresource: 1,
        ..coord(0, 0)
    }];
    let bc3 = [TileRegionSize {
        num_tiles: 3,
        ..boxed(1, 2)
    }];
    let cases: Vec<(&str, UpdateTileMappings)> = vec![
        ("flags", UpdateTileMappings { flags: 2, ..base }),
        (
            "range flag",
            UpdateTileMappings {
                range_flags: Some(&[3]),
                ..base
            },
        ),
        (
            "pool offset",
            UpdateTileMappings {
                pool_starts: Some(&[8]),
                ..base
            },
        ),
        (
            "pool offset, other pool",
            UpdateTileMappings {
                pool: Some(&other),
                pool_starts: Some(&[1]),
                ..base
            },
        ),
        (
            "region past x",
            UpdateTileMappings {
                starts: Some(&c40),
                ..base
            },
        ),
        (
            "box past edge",
            UpdateTileMappings {
                starts: Some(&c30),
                sizes: Some(&b21),
                range_counts: Some(&[2]),
                ..base
            },
        ),
        (
            "linear past end",
            UpdateTileMappings {
                starts: Some(&c33),
                sizes: Some(&l2),
                range_flags: Some(&[TILE_RANGE_NULL]),
                ..base
            },
        ),
        (
            "subresource",
            UpdateTileMappings {
                starts: Some(&sub1),
                ..base
            },
        ),
        (
            "box count",
            UpdateTileMappings {
                sizes: Some(&bc3),
                ..base
            },
        ),
        (
            "count mismatch",
            UpdateTileMappings {
                range_counts: Some(&[2]),
                ..base
            },
        ),
        (
            "no pool starts",
            UpdateTileMappings {
                pool_starts: None,
                ..base
            },
        ),
        (
            "short arrays",
            UpdateTileMappings {
                num_regions: 2,
                ..base
            },
        ),
        (
            "null starts many regions",
            UpdateTileMappings {
                starts: None,
                num_regions: 2,
                sizes: None,
                ..base
            },
        ),
    ];
    for (name, call) in cases {
        let e = m.update_tile_mappings(&call);
        assert!(
            matches!(e, Err(TiledError::InvalidParameter { .. })),
            "{name}: {e:?}"
        );
        assert_eq!(m.entries(), &before[..], "{name} changed the table");
        assert!(m.pool().unwrap().ptr_eq(&pool), "{name} switched the pool");
    }
    let mut fresh = TileMappings::new(m.tiling().clone());
    let e = fresh.update_tile_mappings(&UpdateTileMappings { pool: None, ..base });
    assert!(e.is_err(), "a pool range without any pool");
    assert!(fresh.pool().is_none());
}

#[test]
fn null_counts_with_many_ranges_are_one_tile_each() {
    let (mut m, pool) = table(4, 1, 8);
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[coord(1, 0)]),
        sizes: Some(&[TileRegionSize {
            num_tiles: 2,
            ..Default::default()
        }]),
        pool: Some(&pool),
        num_ranges: 2,
        pool_starts: Some(&[5, 2]),
        flags: TILE_MAPPING_NO_OVERWRITE,
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.entries(), &[None, Some(5), Some(2), None]);
}
