//! Layouts through the table: packed tails (TR-28), buffers, Texture3D, 4× MSAA, BC and array
//! slices read and written whole, and the spans CopyTiles sees.

use tessera::Error;
use tessera::caps::{BindFlags, TextureDimension};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::tiled::UpdateTileMappings;

use super::*;

#[test]
fn tr_28_packed_tail_is_mapped_all_or_nothing() {
    // 512×128 RGBA8, 10 mips, Tier 2: mip 0 is 4×1 tiles; mips 1..9 (from 256×64) are packed
    // into ceil(87388 / 65536) = 2 tiles from tile 4.
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(512, 128, 10, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let t = d.get_resource_tiling(&r).unwrap().packed_mip_desc;
    assert_eq!(
        (
            t.num_standard_mips,
            t.num_packed_mips,
            t.start_tile_index_in_overall_resource,
            t.num_tiles_for_packed_mips
        ),
        (1, 9, 4, 2)
    );
    let p = pool(&d, 8);
    // Packed tiles refuse CopyTiles/UpdateTiles (SPEC §6.2).
    assert!(matches!(
        ctx.update_tiles(&r, c(0, 0, 1), linear(1), &[0; 65536], 0),
        Err(Error::Tiled(_))
    ));
    map(&mut ctx, &r, &p, c(0, 0, 1), 1, 7);
    let mip1 = pattern(256, 64);
    d.info_queue().clear();
    ctx.write_tiled_subresource(&r, 1, &mip1).unwrap();
    assert!(
        ctx.read_tiled_subresource(&r, 1)
            .unwrap()
            .iter()
            .all(|&b| b == 0)
    );
    let msgs = d.info_queue().messages();
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError; 2]);
    assert!(
        msgs[0].text.contains("only partly mapped"),
        "{}",
        msgs[0].text
    );
    // Both packed tiles mapped, to disjoint pool tiles 7 and 3: every packed mip works.
    ctx.update_tile_mappings(
        &r,
        &UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[c(0, 0, 1)]),
            sizes: Some(&[linear(2)]),
            pool: Some(&p),
            num_ranges: 2,
            pool_starts: Some(&[7, 3]),
            range_counts: Some(&[1, 1]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
    assert_eq!(r.mappings()[4..], [Some(7), Some(3)]);
    d.info_queue().clear();
    for mip in 1..10u32 {
        let img = pattern((512 >> mip).max(1), (128 >> mip).max(1));
        ctx.write_tiled_subresource(&r, mip, &img).unwrap();
        assert_eq!(
            ctx.read_tiled_subresource(&r, mip).unwrap(),
            img,
            "mip {mip}"
        );
    }
    assert_eq!(ctx.read_tiled_subresource(&r, 1).unwrap(), mip1);
    assert!(ids(&d).is_empty());
}

#[test]
fn tiled_buffer_bytes_through_the_table() {
    let d = device(3);
    let mut ctx = d.immediate_context();
    let b = d
        .create_tiled_buffer(&tiled_buf(3 * 65536 + 10), None)
        .unwrap();
    let p = pool(&d, 2);
    map(&mut ctx, &b, &p, c(1, 0, 0), 1, 0);
    map(&mut ctx, &b, &p, c(3, 0, 0), 1, 1);
    let data: Vec<u8> = (0..3 * 65536 + 10).map(|i: u32| (i % 253) as u8).collect();
    ctx.write_tiled_subresource(&b, 0, &data).unwrap();
    let back = ctx.read_tiled_subresource(&b, 0).unwrap();
    assert!(back[..65536].iter().all(|&x| x == 0));
    assert_eq!(back[65536..2 * 65536], data[65536..2 * 65536]);
    assert!(back[2 * 65536..3 * 65536].iter().all(|&x| x == 0));
    assert_eq!(back[3 * 65536..], data[3 * 65536..]);
    // A short write is refused, nothing written.
    assert!(ctx.write_tiled_subresource(&b, 0, &data[1..]).is_err());
}

#[test]
fn texture3d_msaa_bc_and_array_slices_round_trip() {
    let d = device(3);
    let mut ctx = d.immediate_context();
    let p = pool(&d, 64);
    let bytes = |n: usize| -> Vec<u8> { (0..n).map(|i| (i * 31 % 255) as u8).collect() };
    // Texture3D R32_FLOAT 64×32×32: 2×1×2 tiles of 32×32×16; map all but tile 3.
    let mut t3 = tiled_tex(64, 32, 1, 1, Format::R32Float);
    t3.dimension = TextureDimension::D3;
    t3.depth = 32;
    let v = d.create_tiled_texture(&t3, None).unwrap();
    map(&mut ctx, &v, &p, c(0, 0, 0), 3, 0);
    let img = bytes(64 * 32 * 32 * 4);
    ctx.write_tiled_subresource(&v, 0, &img).unwrap();
    let back = ctx.read_tiled_subresource(&v, 0).unwrap();
    // Texel (x, y, z) at ((z * 32 + y) * 64 + x) * 4; tile 3 = x >= 32, z >= 16: NULL.
    let at = |x: usize, y: usize, z: usize| ((z * 32 + y) * 64 + x) * 4;
    assert_eq!(
        back[at(40, 5, 3)..at(40, 5, 3) + 4],
        img[at(40, 5, 3)..at(40, 5, 3) + 4]
    );
    assert_eq!(
        back[at(3, 5, 20)..at(3, 5, 20) + 4],
        img[at(3, 5, 20)..at(3, 5, 20) + 4]
    );
    assert_eq!(back[at(40, 5, 20)..at(40, 5, 20) + 4], [0; 4]);
    // 4× MSAA RGBA8 128×64: 2×1 tiles of 64×64 pixels, 16 bytes a pixel.
    let mut ms = tiled_tex(128, 64, 1, 1, Format::R8G8B8A8Unorm);
    ms.bind_flags = BindFlags::RENDER_TARGET;
    ms.sample_desc.count = 4;
    let m = d.create_tiled_texture(&ms, None).unwrap();
    map(&mut ctx, &m, &p, c(0, 0, 0), 2, 10);
    let img = bytes(128 * 64 * 16);
    ctx.write_tiled_subresource(&m, 0, &img).unwrap();
    assert_eq!(ctx.read_tiled_subresource(&m, 0).unwrap(), img);
    // Sample 2 of pixel (65, 1) lies in tile 1 at (1 * 64 + 1) * 16 + 8.
    let buf = buffer(&d, 65536);
    ctx.copy_tiles(&m, c(1, 0, 0), linear(1), &buf, 0, 4)
        .unwrap();
    let linear_at = (128 + 65) * 16 + 8;
    assert_eq!(
        buf.read()[(64 + 1) * 16 + 8..(64 + 1) * 16 + 12],
        img[linear_at..linear_at + 4]
    );
    // BC1 1024×256: 2×1 tiles of 512×256 texels (128×64 blocks of 8 bytes).
    let bc = d
        .create_tiled_texture(&tiled_tex(1024, 256, 1, 1, Format::Bc1Unorm), None)
        .unwrap();
    map(&mut ctx, &bc, &p, c(0, 0, 0), 2, 20);
    let img = bytes(256 * 64 * 8);
    ctx.write_tiled_subresource(&bc, 0, &img).unwrap();
    assert_eq!(ctx.read_tiled_subresource(&bc, 0).unwrap(), img);
    // A 2-slice array: slice 1's subresource starts at tile 1 (one tile a slice).
    let arr = d
        .create_tiled_texture(&tiled_tex(128, 128, 1, 2, Format::R8G8B8A8Unorm), None)
        .unwrap();
    map(&mut ctx, &arr, &p, c(0, 0, 1), 1, 30);
    assert_eq!(arr.mappings(), [None, Some(30)]);
    let img = bytes(65536);
    ctx.write_tiled_subresource(&arr, 1, &img).unwrap();
    assert_eq!(ctx.read_tiled_subresource(&arr, 1).unwrap(), img);
    assert!(
        ctx.read_tiled_subresource(&arr, 0)
            .unwrap()
            .iter()
            .all(|&b| b == 0)
    );
}

#[test]
fn memory_follows_the_pool_not_the_virtual_size() {
    // A 16384×16384 RGBA8 virtual texture with its full mip chain (1 GiB of mip 0 alone) costs
    // the budget nothing; its pool's tiles cost 64 KiB each, and only written tiles get bytes.
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(16384, 16384, 0, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let t = d.get_resource_tiling(&r).unwrap();
    assert_eq!(t.subresource_tilings[0].width_in_tiles, 128);
    assert_eq!(d.memory_budget().live_bytes(), 0);
    let mut held = 0;
    for tiles in [4u32, 400] {
        let p = pool(&d, tiles);
        assert_eq!(
            d.memory_budget().live_bytes(),
            held + u64::from(tiles) * 65536
        );
        // Mapping into the new pool releases the old one (the resource held it last).
        map(&mut ctx, &r, &p, c(0, 0, 0), tiles, 0);
        assert_eq!(d.memory_budget().live_bytes(), u64::from(tiles) * 65536);
        held = u64::from(tiles) * 65536;
        ctx.update_tiles(
            &r,
            c(0, 0, 0),
            linear(tiles),
            &vec![1; tiles as usize * 65536],
            0,
        )
        .unwrap();
        let back = ctx.read_tiled_subresource(&r, 8).unwrap();
        assert_eq!(back.len(), 64 * 64 * 4);
        drop(p);
        // The resource still maps into the pool, so the pool (and its budget) stays alive.
        assert_eq!(d.memory_budget().live_bytes(), u64::from(tiles) * 65536);
    }
}
