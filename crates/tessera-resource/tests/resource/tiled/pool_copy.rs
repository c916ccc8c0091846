//! TR-20..TR-22: CopyTileMappings, ResizeTilePool grow/shrink, pool memory (SPEC §6.4, §6.6).

use super::*;

fn linear(n: u32) -> TileRegionSize {
    TileRegionSize {
        num_tiles: n,
        ..Default::default()
    }
}

fn c(x: u32) -> TiledResourceCoordinate {
    TiledResourceCoordinate {
        x,
        ..Default::default()
    }
}

fn map(m: &mut TileMappings, pool: &TilePool, first: u32, starts: &[u32]) {
    m.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[c(first)]),
        sizes: Some(&[linear(starts.len() as u32)]),
        pool: Some(pool),
        num_ranges: starts.len() as u32,
        pool_starts: Some(starts),
        ..Default::default()
    })
    .unwrap();
}

#[test]
fn tr_20_copy_overlap_and_pool_switch() {
    let (mut m, pool) = table(8, 1, 8);
    map(&mut m, &pool, 0, &[3, 1, 4, 1, 5]);
    copy_tile_mappings(&mut m, c(1), None, c(0), linear(5), 0).unwrap();
    assert_eq!(
        m.entries()[..6],
        [Some(3), Some(3), Some(1), Some(4), Some(1), Some(5)]
    );
    let (mut other, pool_b) = table(8, 1, 8);
    map(&mut other, &pool_b, 0, &[0, 1, 2, 3, 4, 5, 6, 7]);
    copy_tile_mappings(&mut other, c(2), Some(&m), c(0), linear(1), 0).unwrap();
    let mut want = [None; 8];
    want[2] = Some(3);
    assert_eq!(other.entries(), &want);
    assert!(other.pool().unwrap().ptr_eq(&pool));
    let before = other.entries().to_vec();
    let e = copy_tile_mappings(&mut other, c(7), Some(&m), c(0), linear(2), 0).unwrap_err();
    assert_eq!(e.message_id(), Some("COPYTILEMAPPINGS_INVALID_PARAMETER"));
    assert!(copy_tile_mappings(&mut other, c(0), Some(&m), c(0), linear(1), 4).is_err());
    assert_eq!(other.entries(), &before[..]);
}

#[test]
fn tr_21_resize_refusal_and_zero() {
    let (mut m, pool) = table(4, 1, 4);
    map(&mut m, &pool, 0, &[0, 1]);
    let e = pool.resize(100_000).unwrap_err();
    assert!(matches!(
        e,
        TiledError::InvalidParameter {
            value: 100_000,
            limit: 65536,
            ..
        }
    ));
    assert_eq!(e.message_id(), Some("RESIZETILEPOOL_INVALID_PARAMETER"));
    assert_eq!(pool.size_in_tiles(), 4);
    assert_eq!(m.entries(), &[Some(0), Some(1), None, None]);
    pool.resize(0).unwrap();
    assert_eq!(pool.size_in_tiles(), 0);
    // Mapped tiles 0 and 1 stay alive past the new end.
    assert_eq!(pool.tiles_alive(), 2);
}

#[test]
fn tr_22_shrink_then_grow_keeps_mapped_tiles() {
    let budget = MemoryBudget::new(1 << 30);
    let pool = TilePool::new(&budget, 4 * 65536).unwrap();
    assert_eq!(budget.live_bytes(), 4 * 65536);
    let t = tiling(t2d(512, 128, 1, 1, Format::R8G8B8A8Unorm), TiledTier::Tier2);
    let mut m = TileMappings::new(t);
    map(&mut m, &pool, 0, &[3]);
    let x = vec![0x5A; 65536];
    assert!(m.write_tile(0, &x).unwrap());
    pool.resize(2 * 65536).unwrap();
    assert_eq!(
        budget.live_bytes(),
        3 * 65536,
        "tile 3 is retained, tile 2 freed"
    );
    assert_eq!(m.read_tile(0).unwrap(), Some(x.clone()));
    let before = m.entries().to_vec();
    let mut m2 = m.clone();
    let e = m2.update_tile_mappings(&UpdateTileMappings {
        num_regions: 1,
        starts: Some(&[c(1)]),
        pool: None,
        num_ranges: 1,
        pool_starts: Some(&[3]),
        ..Default::default()
    });
    assert!(matches!(
        e,
        Err(TiledError::InvalidParameter {
            value: 3,
            limit: 2,
            ..
        })
    ));
    assert_eq!(m2.entries(), &before[..]);
    pool.resize(4 * 65536).unwrap();
    assert_eq!(m.read_tile(0).unwrap(), Some(x));
    assert_eq!(pool.last_mapping_class(3), Some(DimensionClass::Texture));
    assert_eq!(budget.live_bytes(), 4 * 65536);
}

#[test]
fn pool_memory_is_reserved_from_the_budget() {
    let budget = MemoryBudget::new(3 * 65536);
    let pool = TilePool::new(&budget, 2 * 65536).unwrap();
    assert!(pool.resize(4 * 65536).is_err());
    assert_eq!(pool.size_in_tiles(), 2);
    assert_eq!(budget.live_bytes(), 2 * 65536);
    drop(pool);
    assert_eq!(budget.live_bytes(), 0);
}
