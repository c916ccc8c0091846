//! TR-02..TR-06: tile counts, packed mips per tier, creation refusals (SPEC §6.1, §6.2).

use super::*;
use tessera_caps::{FeatureLevel, Usage};
use tessera_format::memory::TileShape;

#[test]
fn tr_02_tile_counts() {
    let n = |d| tiling(d, TiledTier::Tier2).num_tiles_for_entire_resource;
    assert_eq!(n(t2d(1024, 1024, 1, 1, Format::R8G8B8A8Unorm)), 64);
    assert_eq!(n(t2d(1000, 1000, 1, 1, Format::R8G8B8A8Unorm)), 64);
    assert_eq!(n(t2d(4096, 4096, 1, 1, Format::Bc1Unorm)), 128);
    let b = get_resource_tiling(&TiledDesc::Buffer(tbuf(65537)), TiledTier::Tier1, false).unwrap();
    assert_eq!(b.num_tiles_for_entire_resource, 2);
    assert_eq!(b.subresource_tilings[0].width_in_tiles, 2);
}

#[test]
fn tr_03_packed_mips_tier2() {
    let t = tiling(t2d(256, 256, 9, 1, Format::R8G8B8A8Unorm), TiledTier::Tier2);
    let p = t.packed_mip_desc;
    assert_eq!((p.num_standard_mips, p.num_packed_mips), (2, 7));
    assert_eq!(p.start_tile_index_in_overall_resource, 5);
    // RefDev: mips 2..8 = 5461 texels * 4 bytes = 21844 bytes -> 1 tile.
    assert_eq!(p.num_tiles_for_packed_mips, 1);
    assert_eq!(t.num_tiles_for_entire_resource, 6);
    let s = &t.subresource_tilings;
    assert_eq!(
        (
            s[0].width_in_tiles,
            s[0].height_in_tiles,
            s[0].start_tile_index_in_overall_resource
        ),
        (2, 2, 0)
    );
    assert_eq!(
        (
            s[1].width_in_tiles,
            s[1].start_tile_index_in_overall_resource
        ),
        (1, 4)
    );
    for sub in &s[2..9] {
        assert_eq!(
            (
                sub.width_in_tiles,
                sub.height_in_tiles,
                sub.depth_in_tiles,
                sub.start_tile_index_in_overall_resource
            ),
            (0, 0, 0, PACKED_TILE)
        );
    }
}

#[test]
fn tr_04_tier_difference() {
    let d = t2d(384, 384, 0, 1, Format::R8G8B8A8Unorm);
    assert_eq!(
        tiling(d, TiledTier::Tier1)
            .packed_mip_desc
            .num_standard_mips,
        1
    );
    assert_eq!(
        tiling(d, TiledTier::Tier2)
            .packed_mip_desc
            .num_standard_mips,
        2
    );
    // 257x257 is fully packed at Tier 1 and reports a 0x0x0 shape (SPEC §6.12).
    let t = tiling(t2d(257, 257, 1, 1, Format::R8G8B8A8Unorm), TiledTier::Tier1);
    assert_eq!(t.packed_mip_desc.num_standard_mips, 0);
    assert_eq!(
        t.standard_tile_shape_for_non_packed_mips,
        TileShape::default()
    );
    let t2 = tiling(t2d(257, 257, 1, 1, Format::R8G8B8A8Unorm), TiledTier::Tier2);
    assert_eq!(t2.standard_tile_shape_for_non_packed_mips.width, 128);
}

fn refused(d: TiledDesc, tier: TiledTier, init: bool) -> &'static str {
    match get_resource_tiling(&d, tier, init) {
        Err(TiledError::Creation { rule, .. }) => rule,
        Err(TiledError::Shape(_)) => "shape",
        other => panic!("expected a creation refusal, got {other:?}"),
    }
}

#[test]
fn tr_05_arrays_with_mips_below_a_tile() {
    let d = t2d(256, 256, 0, 2, Format::R8G8B8A8Unorm);
    assert!(refused(TiledDesc::Texture(d), TiledTier::Tier2, false).contains("array"));
    let ok = tiling(t2d(256, 256, 2, 2, Format::R8G8B8A8Unorm), TiledTier::Tier2);
    assert_eq!(ok.num_tiles_for_entire_resource, 10);
    assert_eq!(
        ok.subresource_tilings[2].start_tile_index_in_overall_resource,
        5
    );
}

#[test]
fn tr_06_creation_refusals() {
    use TiledTier::*;
    let tex = |d| TiledDesc::Texture(d);
    let v = t3d(64, 64, 32, 1, Format::R32Float);
    assert!(refused(tex(v), Tier1, false).contains("Tier 3"));
    assert!(refused(tex(v), Tier2, false).contains("Tier 3"));
    assert_eq!(
        get_resource_tiling(&tex(v), Tier3, false)
            .unwrap()
            .num_tiles_for_entire_resource,
        8
    );
    let mut t1 = t2d(256, 1, 1, 1, Format::R8Unorm);
    t1.dimension = TextureDimension::D1;
    assert!(refused(tex(t1), Tier3, false).contains("Texture1D"));
    assert_eq!(
        refused(
            tex(t2d(256, 256, 1, 1, Format::D24UnormS8Uint)),
            Tier3,
            false
        ),
        "shape"
    );
    let mut ms = t2d(256, 256, 1, 1, Format::R8G8B8A8Unorm);
    ms.sample_desc.count = 8;
    assert_eq!(refused(tex(ms), Tier3, false), "shape");
    let mut ms128 = t2d(256, 256, 1, 1, Format::R32G32B32A32Float);
    ms128.sample_desc.count = 4;
    assert_eq!(refused(tex(ms128), Tier3, false), "shape");
    let mut dynamic = t2d(256, 256, 1, 1, Format::R8G8B8A8Unorm);
    dynamic.usage = Usage::Dynamic;
    assert!(refused(tex(dynamic), Tier3, false).contains("USAGE_DEFAULT"));
    for bind in [BindFlags::VERTEX_BUFFER, BindFlags::CONSTANT_BUFFER] {
        let b = buffer_desc(65536, bind);
        assert!(refused(TiledDesc::Buffer(b), Tier3, false).contains("vertex/index/constant"));
    }
    assert!(
        refused(tex(t2d(256, 256, 1, 1, Format::R8G8B8A8Unorm)), Tier3, true)
            .contains("initial data")
    );
    let budget = MemoryBudget::new(1 << 30);
    assert!(matches!(
        TilePool::new(&budget, 100_000),
        Err(TiledError::Creation {
            value: 100_000,
            limit: 65536,
            ..
        })
    ));
    assert_eq!(TilePool::new(&budget, 0).unwrap().size_in_tiles(), 0);
    let dynamic_pool = buffer_desc(65536, BindFlags::NONE);
    let mut dynamic_pool = dynamic_pool;
    dynamic_pool.usage = Usage::Dynamic;
    assert!(TilePool::new_desc(&budget, &dynamic_pool).is_err());
}

#[test]
fn tier_follows_the_level() {
    use FeatureLevel as L;
    assert!(check_tier_for_level(TiledTier::Tier1, L::L11_0).is_ok());
    assert!(matches!(
        check_tier_for_level(TiledTier::Tier2, L::L11_0),
        Err(TiledError::TierForLevel {
            tier: 2,
            max: 1,
            ..
        })
    ));
    assert!(check_tier_for_level(TiledTier::Tier3, L::L11_1).is_ok());
    assert!(check_tier_for_level(TiledTier::Tier1, L::L10_1).is_err());
    assert!(check_tier_for_level(TiledTier::Tier1, L::L12_0).is_err());
}

#[test]
fn subresource_placement_and_tile_coordinates() {
    use tessera_format::memory::TiledPlacement;
    // 512×128 RGBA8 full chain at Tier 2: mip 0 = 4×1 tiles; mips 1..9 packed from tile 4.
    let d = TiledDesc::Texture(t2d(512, 128, 10, 1, Format::R8G8B8A8Unorm));
    let t = get_resource_tiling(&d, TiledTier::Tier2, false).unwrap();
    let s0 = subresource_placement(&d, &t, 0).unwrap();
    assert_eq!((s0.width, s0.height, s0.element_bytes), (512, 128, 4));
    assert!(matches!(
        s0.placement,
        TiledPlacement::Standard {
            first_tile: 0,
            tiles_wide: 4,
            tiles_high: 1,
            ..
        }
    ));
    // Mip 2 follows mip 1 (256×64×4 = 65536 bytes) in the tail.
    let s2 = subresource_placement(&d, &t, 2).unwrap();
    assert_eq!(
        s2.placement,
        TiledPlacement::Packed {
            first_tile: 4,
            tail_offset: 65536
        }
    );
    assert_eq!((s2.width, s2.height), (128, 32));
    assert!(subresource_placement(&d, &t, 10).is_err());
    let at = |tile| {
        t.coordinate_of(tile)
            .map(|c| (c.x, c.y, c.z, c.subresource))
    };
    assert_eq!(at(3), Some((3, 0, 0, 0)));
    assert_eq!(at(5), Some((1, 0, 0, 1)));
    assert_eq!(at(6), None);
    assert!(t.is_packed_tile(4) && !t.is_packed_tile(3));
    // BC1: placement counts blocks (512×256-texel tiles = 128×64 blocks).
    let bc = TiledDesc::Texture(t2d(1024, 256, 1, 1, Format::Bc1Unorm));
    let tb = get_resource_tiling(&bc, TiledTier::Tier2, false).unwrap();
    let p = subresource_placement(&bc, &tb, 0).unwrap();
    assert_eq!((p.width, p.height, p.element_bytes), (256, 64, 8));
    match p.placement {
        TiledPlacement::Standard {
            shape_elements,
            tiles_wide,
            ..
        } => {
            assert_eq!(
                (shape_elements.width, shape_elements.height, tiles_wide),
                (128, 64, 2)
            )
        }
        other => panic!("{other:?}"),
    }
}
