//! Mapping calls through the context: every refusal leaves the table exactly as it was and
//! stores its D3D11 message (SPEC §6.3, §6.4, §6.6, §6.12; TR-14/16/17/20/21/22).

use tessera::caps::BufferDesc;
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::tiled::{
    TILE_RANGE_NULL, TILE_RANGE_SKIP, TileRegionSize, TiledError, UpdateTileMappings,
};
use tessera::tiled::TiledResource;
use tessera::{Device, Error};

use super::*;

/// A 4×2-tile RGBA8 texture (512×256, one mip) on a Tier-2 device, with a 16-tile pool.
fn rig() -> (Device, DeviceContext, TiledResource, TilePool) {
    let d = device(2);
    let r = d
        .create_tiled_texture(&tiled_tex(512, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 16);
    let ctx = d.immediate_context();
    (d, ctx, r, p)
}

#[test]
fn every_refused_update_leaves_the_table_unchanged() {
    let (d, mut ctx, r, p) = rig();
    map(&mut ctx, &r, &p, c(0, 0, 0), 8, 4);
    let before = r.mappings();
    let boxed = TileRegionSize {
        num_tiles: 6,
        use_box: true,
        width: 2,
        height: 3,
        depth: 1,
    };
    let one = [c(0, 0, 0)];
    let (l1, l2, l4, bx) = ([linear(1)], [linear(2)], [linear(4)], [boxed]);
    let cases: Vec<(&str, UpdateTileMappings<'_>)> = vec![
        (
            "SPEC §6.3 region tiles equal range tiles",
            UpdateTileMappings {
                num_regions: 1,
                starts: Some(&one),
                sizes: Some(&l4),
                pool: Some(&p),
                num_ranges: 1,
                pool_starts: Some(&[0]),
                range_counts: Some(&[3]),
                ..UpdateTileMappings::default()
            },
        ),
        (
            // A 2×3 box reaching past the bottom of a 2-tile-high texture.
            "SPEC §6.3 region inside the resource (RefDev: E_INVALIDARG)",
            UpdateTileMappings {
                num_regions: 1,
                starts: Some(&one),
                sizes: Some(&bx),
                pool: Some(&p),
                num_ranges: 1,
                pool_starts: Some(&[0]),
                range_counts: Some(&[6]),
                ..UpdateTileMappings::default()
            },
        ),
        (
            "SPEC §6.3/§6.12 pool offset inside the pool's current size",
            UpdateTileMappings {
                num_regions: 1,
                starts: Some(&one),
                sizes: Some(&l2),
                pool: Some(&p),
                num_ranges: 1,
                pool_starts: Some(&[15]),
                ..UpdateTileMappings::default()
            },
        ),
        (
            "SPEC §6.3 range flag is 0, NULL, SKIP or REUSE_SINGLE_TILE",
            UpdateTileMappings {
                num_regions: 1,
                starts: Some(&one),
                sizes: Some(&l1),
                num_ranges: 1,
                range_flags: Some(&[8]),
                ..UpdateTileMappings::default()
            },
        ),
        (
            "SPEC §6.3 Flags is 0 or NO_OVERWRITE",
            UpdateTileMappings {
                num_regions: 1,
                starts: Some(&one),
                sizes: Some(&l1),
                num_ranges: 1,
                range_flags: Some(&[TILE_RANGE_NULL]),
                flags: 2,
                ..UpdateTileMappings::default()
            },
        ),
        (
            "SPEC §6.3 NULL start coordinates need NumRegions = 1",
            UpdateTileMappings {
                num_regions: 2,
                num_ranges: 1,
                range_flags: Some(&[TILE_RANGE_NULL]),
                ..UpdateTileMappings::default()
            },
        ),
        (
            "SPEC §6.3 array arguments hold NumRegions / NumRanges entries",
            UpdateTileMappings {
                num_regions: 2,
                starts: Some(&one),
                num_ranges: 1,
                range_flags: Some(&[TILE_RANGE_NULL]),
                ..UpdateTileMappings::default()
            },
        ),
    ];
    for (rule, args) in cases {
        d.info_queue().clear();
        match ctx.update_tile_mappings(&r, &args) {
            Err(Error::Tiled(TiledError::InvalidParameter { rule: got, .. })) => {
                assert_eq!(got, rule)
            }
            other => panic!("{rule}: {other:?}"),
        }
        assert_eq!(r.mappings(), before, "{rule}: partial update");
        assert_eq!(
            ids(&d),
            [MessageId::UpdateTileMappingsInvalidParameter],
            "{rule}"
        );
    }
}

#[test]
fn tr_16_skip_and_tr_17_pool_switch_through_the_context() {
    let (d, mut ctx, r, p) = rig();
    map(&mut ctx, &r, &p, c(0, 0, 0), 4, 8);
    ctx.update_tile_mappings(
        &r,
        &UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[c(0, 0, 0)]),
            sizes: Some(&[linear(4)]),
            pool: Some(&p),
            num_ranges: 3,
            range_flags: Some(&[0, TILE_RANGE_SKIP, 0]),
            pool_starts: Some(&[0, 0, 5]),
            range_counts: Some(&[1, 2, 1]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
    assert_eq!(r.mappings()[..4], [Some(0), Some(9), Some(10), Some(5)]);
    // Naming another pool clears every mapping first (SPEC §6.12).
    let q = pool(&d, 4);
    map(&mut ctx, &r, &q, c(0, 0, 0), 1, 2);
    assert_eq!(r.mappings()[..4], [Some(2), None, None, None]);
    assert!(ids(&d).is_empty());
}

#[test]
fn tr_20_copy_tile_mappings_overlap_pool_switch_and_refusal() {
    let (d, mut ctx, r, p) = rig();
    map(&mut ctx, &r, &p, c(0, 0, 0), 4, 0);
    ctx.copy_tile_mappings(&r, c(1, 0, 0), &r, c(0, 0, 0), linear(3), 0)
        .unwrap();
    assert_eq!(r.mappings()[..4], [Some(0), Some(0), Some(1), Some(2)]);
    let before = r.mappings();
    let e = ctx
        .copy_tile_mappings(&r, c(0, 0, 0), &r, c(0, 0, 0), linear(1), 2)
        .unwrap_err();
    assert!(
        matches!(e, Error::Tiled(TiledError::InvalidParameter { .. })),
        "{e}"
    );
    assert_eq!(r.mappings(), before);
    assert_eq!(ids(&d), [MessageId::CopyTileMappingsInvalidParameter]);
    // A source in another pool clears the destination first.
    let other = d
        .create_tiled_texture(&tiled_tex(512, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let q = pool(&d, 4);
    map(&mut ctx, &other, &q, c(0, 0, 0), 1, 3);
    ctx.copy_tile_mappings(&r, c(2, 1, 0), &other, c(0, 0, 0), linear(1), 0)
        .unwrap();
    let m = r.mappings();
    assert_eq!(m[6], Some(3));
    assert_eq!(m.iter().filter(|e| e.is_some()).count(), 1);
}

#[test]
fn tr_21_tr_22_resize_refusal_shrink_and_grow() {
    let (d, mut ctx, r, _) = rig();
    let p = pool(&d, 4);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 3);
    let x: Vec<u8> = (0..65536u32).map(|i| (i % 251) as u8).collect();
    ctx.update_tiles(&r, c(0, 0, 0), linear(1), &x, 0).unwrap();
    let e = ctx.resize_tile_pool(&p, 100_000).unwrap_err();
    assert!(matches!(e, Error::Tiled(_)), "{e}");
    assert_eq!(ids(&d), [MessageId::ResizeTilePoolInvalidParameter]);
    assert_eq!((p.size_in_tiles(), r.mappings()[0]), (4, Some(3)));
    d.info_queue().clear();
    ctx.resize_tile_pool(&p, 2 * 65536).unwrap();
    assert_eq!(
        ids(&d),
        [MessageId::ResizeTilePoolShrinkWithMappingsStillDefinedPastEnd]
    );
    assert_eq!(
        ctx.read_tiled_subresource(&r, 0).unwrap()[..512],
        read_row0(&x)
    );
    // New mappings past the shrunk end are refused, the old one unchanged.
    let e = ctx
        .update_tile_mappings(
            &r,
            &UpdateTileMappings {
                num_regions: 1,
                starts: Some(&[c(1, 0, 0)]),
                sizes: Some(&[linear(1)]),
                pool: Some(&p),
                num_ranges: 1,
                pool_starts: Some(&[3]),
                ..UpdateTileMappings::default()
            },
        )
        .unwrap_err();
    assert!(matches!(e, Error::Tiled(_)), "{e}");
    assert_eq!(r.mappings()[..2], [Some(3), None]);
    ctx.resize_tile_pool(&p, 4 * 65536).unwrap();
    let mut back = vec![0u8; 65536];
    let buf = d
        .create_buffer(
            &BufferDesc {
                byte_width: 65536,
                ..BufferDesc::default()
            },
            None,
        )
        .unwrap();
    ctx.copy_tiles(&r, c(0, 0, 0), linear(1), &buf, 0, 4)
        .unwrap();
    back.copy_from_slice(&buf.read());
    assert_eq!(back, x);
    ctx.resize_tile_pool(&p, 0).unwrap();
    // Pools and resources of another device are refused.
    let other = device(2);
    let mut octx = other.immediate_context();
    assert!(matches!(
        octx.resize_tile_pool(&p, 0),
        Err(Error::ForeignObject { .. })
    ));
    assert!(matches!(
        octx.tiled_resource_barrier(Some(&r), None),
        Err(Error::ForeignObject { .. })
    ));
    ctx.tiled_resource_barrier(None, Some(&r)).unwrap();
}

/// Row 0 of the texture when tile 0 holds `x`: its first 128 texels = the tile's first 512 bytes.
fn read_row0(x: &[u8]) -> Vec<u8> {
    x[..512].to_vec()
}
