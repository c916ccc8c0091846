//! What sampling reports besides plain NULL tiles (SPEC §6.2, §6.10): a Tier-1 texture whose
//! pool tiles a buffer mapped last reads them as NULL with
//! `TILED_RESOURCE_TIER_1_BUFFER_TEXTURE_MISMATCH`, and a partly mapped packed tail reads NULL
//! with `NULL_TILE_MAPPING_ACCESS_ERROR` at every tier.

use tessera::FeatureLevel;
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::tiled::UpdateTileMappings;
use tessera::tiled::Tier1NullRead;

use super::probe::{probe, setup};
use super::*;

#[test]
fn tier_1_sampling_pool_tiles_a_buffer_mapped_last_reads_null() {
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Zero).unwrap();
    let mut ctx = d.immediate_context();
    // 128×128 RGBA8 = one tile, mapped to pool tile 0 and written white.
    let t = d
        .create_tiled_texture(&tiled_tex(128, 128, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &t, &p, c(0, 0, 0), 1, 0);
    ctx.write_tiled_subresource(&t, 0, &vec![0xFF; 128 * 128 * 4])
        .unwrap();
    let view = d.create_tiled_shader_resource_view(&t, None).unwrap();
    let out = setup(&d, &mut ctx, false);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    assert_eq!(probe(&d, &mut ctx, &out, [0.5, 0.5], 0.0), [1.0; 4]);
    assert!(ids(&d).is_empty());
    // A buffer maps the same pool tile last: the texture's tile now reads as NULL.
    let b = d.create_tiled_buffer(&tiled_buf(65536), None).unwrap();
    map(&mut ctx, &b, &p, c(0, 0, 0), 1, 0);
    assert_eq!(probe(&d, &mut ctx, &out, [0.5, 0.5], 0.0), [0.0; 4]);
    assert_eq!(
        ids(&d),
        [MessageId::TiledResourceTier1BufferTextureMismatch]
    );
    // Tier 2 has no such rule: the same steps keep reading the bytes.
    let d2 = device(2);
    let mut ctx2 = d2.immediate_context();
    let t2 = d2
        .create_tiled_texture(&tiled_tex(128, 128, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p2 = pool(&d2, 1);
    map(&mut ctx2, &t2, &p2, c(0, 0, 0), 1, 0);
    ctx2.write_tiled_subresource(&t2, 0, &vec![0xFF; 128 * 128 * 4])
        .unwrap();
    let b2 = d2.create_tiled_buffer(&tiled_buf(65536), None).unwrap();
    map(&mut ctx2, &b2, &p2, c(0, 0, 0), 1, 0);
    let view2 = d2.create_tiled_shader_resource_view(&t2, None).unwrap();
    let out2 = setup(&d2, &mut ctx2, false);
    ctx2.ps_set_tiled_shader_resources(0, &[Some(view2)])
        .unwrap();
    assert_eq!(probe(&d2, &mut ctx2, &out2, [0.5, 0.5], 0.0), [1.0; 4]);
    assert!(ids(&d2).is_empty());
}

#[test]
fn a_partly_mapped_packed_tail_samples_as_null_and_is_reported() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 4096×64 R32G32B32A32_FLOAT: tiles of 64×64; full chain packs mips 1.. (32 rows and
    // fewer), a tail of more than one tile.
    let r = d
        .create_tiled_texture(&tiled_tex(4096, 64, 0, 1, Format::R32G32B32A32Float), None)
        .unwrap();
    let t = r.tiling();
    let first = t.packed_mip_desc.num_standard_mips;
    let packed = t.packed_mip_desc.num_tiles_for_packed_mips;
    assert!(packed >= 2, "the tail spans {packed} tiles");
    let p = pool(&d, packed);
    map(&mut ctx, &r, &p, c(0, 0, first), packed, 0);
    assert_eq!(first, 1);
    let ones: Vec<u8> = (0..2048 * 32 * 4)
        .flat_map(|_| 1f32.to_le_bytes())
        .collect();
    ctx.write_tiled_subresource(&r, first, &ones).unwrap();
    let view = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let out = setup(&d, &mut ctx, false);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    let lod = first as f32;
    assert_eq!(probe(&d, &mut ctx, &out, [0.5, 0.5], lod), [1.0; 4]);
    d.info_queue().clear();
    // Unmap the tail's last tile: the whole tail is NULL now, and every draw says so.
    ctx.update_tile_mappings(
        &r,
        &UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[TiledResourceCoordinate {
                x: packed - 1,
                ..c(0, 0, first)
            }]),
            sizes: Some(&[linear(1)]),
            pool: Some(&p),
            num_ranges: 1,
            range_flags: Some(&[tessera::resource::tiled::TILE_RANGE_NULL]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
    assert_eq!(probe(&d, &mut ctx, &out, [0.5, 0.5], lod), [0.0; 4]);
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError]);
}
