//! TR-14..TR-19 and one test per validation rule showing the table unchanged (SPEC §6.3, §6.12).

use super::*;

pub(super) fn boxed(w: u32, h: u32) -> TileRegionSize {
    TileRegionSize {
        num_tiles: w * h,
        use_box: true,
        width: w,
        height: h,
        depth: 1,
    }
}

pub(super) fn coord(x: u32, y: u32) -> TiledResourceCoordinate {
    TiledResourceCoordinate {
        x,
        y,
        z: 0,
        subresource: 0,
    }
}

/// Maps tiles 0..n of `m` to pool tiles 0..n (one plain range).
pub(super) fn map_linear(m: &mut TileMappings, pool: &TilePool, n: u32) {
    let size = [TileRegionSize {
        num_tiles: n,
        ..Default::default()
    }];
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[coord(0, 0)]),
        sizes: Some(&size),
        pool: Some(pool),
        num_ranges: 1,
        pool_starts: Some(&[0]),
        ..Default::default()
    })
    .unwrap();
}

#[test]
fn tr_14_count_mismatch_changes_nothing() {
    let (mut m, pool) = table(8, 8, 32);
    map_linear(&mut m, &pool, 4);
    let before = m.entries().to_vec();
    let e = m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[coord(1, 1)]),
        sizes: Some(&[boxed(2, 3)]),
        pool: Some(&pool),
        num_ranges: 1,
        pool_starts: Some(&[10]),
        range_counts: Some(&[5]),
        ..Default::default()
    });
    assert!(matches!(
        e,
        Err(TiledError::InvalidParameter {
            value: 5,
            limit: 6,
            ..
        })
    ));
    assert_eq!(
        e.unwrap_err().message_id(),
        Some("UPDATETILEMAPPINGS_INVALID_PARAMETER")
    );
    assert_eq!(m.entries(), &before[..]);
}

#[test]
fn tr_15_reuse_single_tile() {
    let (mut m, pool) = table(8, 8, 32);
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[coord(1, 1)]),
        sizes: Some(&[boxed(2, 3)]),
        pool: Some(&pool),
        num_ranges: 1,
        range_flags: Some(&[TILE_RANGE_REUSE_SINGLE_TILE]),
        pool_starts: Some(&[12]),
        ..Default::default()
    })
    .unwrap();
    for (x, y) in [(1, 1), (2, 1), (1, 2), (2, 2), (1, 3), (2, 3)] {
        assert_eq!(m.entries()[at(&m, x, y)], Some(12));
    }
    assert_eq!(m.entries().iter().filter(|e| e.is_some()).count(), 6);
    let data = vec![0xAB; 65536];
    assert!(m.write_tile(at(&m, 1, 1) as u32, &data).unwrap());
    assert_eq!(m.read_tile(at(&m, 2, 3) as u32).unwrap(), Some(data));
}

#[test]
fn tr_16_skip_range() {
    let (mut m, pool) = table(4, 1, 8);
    map_linear(&mut m, &pool, 4);
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[coord(0, 0)]),
        sizes: Some(&[TileRegionSize {
            num_tiles: 4,
            ..Default::default()
        }]),
        pool: Some(&pool),
        num_ranges: 3,
        range_flags: Some(&[0, TILE_RANGE_SKIP, 0]),
        pool_starts: Some(&[0, 0, 5]),
        range_counts: Some(&[1, 2, 1]),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.entries(), &[Some(0), Some(1), Some(2), Some(5)]);
}

#[test]
fn tr_17_pool_switch_clears_and_null_pool_merges() {
    let (mut m, a) = table(4, 1, 8);
    let b = TilePool::new(&MemoryBudget::new(1 << 30), 8 * 65536).unwrap();
    let one = |m: &mut TileMappings, pool: Option<&TilePool>| {
        m.update_tile_mappings(&UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[coord(0, 0)]),
            pool,
            num_ranges: 1,
            pool_starts: Some(&[6]),
            ..Default::default()
        })
        .unwrap();
    };
    map_linear(&mut m, &a, 4);
    one(&mut m, None);
    assert_eq!(m.entries(), &[Some(6), Some(1), Some(2), Some(3)]);
    one(&mut m, Some(&b));
    assert_eq!(m.entries(), &[Some(6), None, None, None]);
    assert!(m.pool().unwrap().ptr_eq(&b));
    // Switching even with a NULL-only call clears (SPEC §6.12).
    map_linear(&mut m, &b, 4);
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[coord(3, 0)]),
        pool: Some(&a),
        num_ranges: 1,
        range_flags: Some(&[TILE_RANGE_NULL]),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.entries(), &[None; 4]);
}

#[test]
fn tr_18_spec_22_tile_example() {
    let (mut m, pool) = table(32, 32, 32);
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 3,
        starts: Some(&[coord(1, 1), coord(4, 7), coord(20, 30)]),
        sizes: Some(&[boxed(2, 3), boxed(3, 3), boxed(7, 1)]),
        pool: Some(&pool),
        num_ranges: 8,
        range_flags: Some(&[
            0,
            TILE_RANGE_SKIP,
            TILE_RANGE_NULL,
            TILE_RANGE_REUSE_SINGLE_TILE,
            0,
            0,
            0,
            0,
        ]),
        pool_starts: Some(&[9, 0, 0, 17, 2, 9, 4, 17]),
        range_counts: Some(&[3, 8, 2, 5, 1, 1, 1, 1]),
        ..Default::default()
    })
    .unwrap();
    let mut walk = Vec::new();
    for (x0, y0, w, h) in [(1, 1, 2, 3), (4, 7, 3, 3), (20, 30, 7, 1)] {
        for y in y0..y0 + h {
            for x in x0..x0 + w {
                walk.push(m.entries()[at(&m, x, y)]);
            }
        }
    }
    let mut want = vec![Some(9), Some(10), Some(11)];
    want.extend([None; 8 + 2]);
    want.extend([Some(17); 5]);
    want.extend([Some(2), Some(9), Some(4), Some(17)]);
    assert_eq!(walk, want);
    assert_eq!(m.entries().iter().filter(|e| e.is_some()).count(), 12);
}

#[test]
fn tr_19_whole_resource_null_incl_packed() {
    let t = tiling(t2d(256, 256, 9, 1, Format::R8G8B8A8Unorm), TiledTier::Tier2);
    let pool = TilePool::new(&MemoryBudget::new(1 << 30), 8 * 65536).unwrap();
    let mut m = TileMappings::new(t);
    map_linear(&mut m, &pool, 6);
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        num_ranges: 1,
        range_flags: Some(&[TILE_RANGE_NULL]),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(m.entries(), &[None; 6]);
    assert_eq!(m.read_tile(5).unwrap(), None);
}
