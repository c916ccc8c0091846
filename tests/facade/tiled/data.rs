//! Tile copies, updates and readback at Tier 2 (SPEC §6.5, §6.8; TR-07/08/19/23/24/28): NULL
//! tiles read 0 (the format's defaults decode from it) and drop writes, silently.

use tessera::Error;
use tessera::caps::{BindFlags, BufferDesc, TextureDesc, Usage};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::SubresourceData;
use tessera::resource::tiled::{
    TILE_RANGE_NULL, TILE_RANGE_REUSE_SINGLE_TILE, TileRegionSize, TiledError, UpdateTileMappings,
};

use super::*;

#[test]
fn tr_23_copy_tiles_linear_layout_and_back() {
    // 200×200 RGBA8: 2×2 standard tiles at Tier 2; tile (1, 0) holds only 72 valid columns.
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(200, 200, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 4);
    map(&mut ctx, &r, &p, c(0, 0, 0), 4, 0);
    let img = pattern(200, 200);
    ctx.write_tiled_subresource(&r, 0, &img).unwrap();
    assert_eq!(ctx.read_tiled_subresource(&r, 0).unwrap(), img);
    let buf = buffer(&d, 2 * 65536);
    ctx.copy_tiles(&r, c(1, 0, 0), linear(1), &buf, 65536, 4)
        .unwrap();
    let bytes = buf.read().to_vec();
    assert!(bytes[..65536].iter().all(|&b| b == 0));
    for (row, col) in [(0u32, 0u32), (5, 71), (127, 40)] {
        let at = 65536 + 512 * row as usize + 4 * col as usize;
        let x = 128 + col;
        assert_eq!(
            bytes[at..at + 4],
            [x as u8, row as u8, (x ^ row) as u8, 0xA5]
        );
    }
    // Columns 72..128 of the edge tile were never written: 0.
    assert_eq!(bytes[65536 + 4 * 72..65536 + 512], [0; 512 - 288]);
    // And back: the same tile copied into tile (0, 1) from the buffer.
    ctx.copy_tiles(&r, c(0, 1, 0), linear(1), &buf, 65536, 2 | 1)
        .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    let texel = |x: usize, y: usize| back[(y * 200 + x) * 4..(y * 200 + x) * 4 + 4].to_vec();
    assert_eq!(texel(5, 128 + 3), [133, 3, 133 ^ 3, 0xA5]);
}

#[test]
fn tr_24_copy_tiles_refusals_and_updates_into_null_tiles() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let buf = buffer(&d, 65536);
    buf.write().fill(7);
    for flags in [0, 2 | 4, 8 | 4] {
        d.info_queue().clear();
        let e = ctx
            .copy_tiles(&r, c(0, 0, 0), linear(1), &buf, 0, flags)
            .unwrap_err();
        assert!(
            matches!(e, Error::Tiled(TiledError::InvalidParameter { .. })),
            "{flags}: {e}"
        );
        assert_eq!(ids(&d), [MessageId::CopyTilesInvalidParameter]);
    }
    // Past the buffer's end, and an IMMUTABLE buffer.
    assert!(
        ctx.copy_tiles(&r, c(0, 0, 0), linear(2), &buf, 0, 4)
            .is_err()
    );
    let imm = d
        .create_buffer(
            &BufferDesc {
                byte_width: 65536,
                usage: Usage::Immutable,
                ..BufferDesc::default()
            },
            Some(&[1; 65536]),
        )
        .unwrap();
    assert!(
        ctx.copy_tiles(&r, c(0, 0, 0), linear(1), &imm, 0, 4)
            .is_err()
    );
    assert!(buf.read().iter().all(|&b| b == 7), "a refused copy wrote");
    d.info_queue().clear();
    // Tier 2: writes into NULL tiles are dropped without a message, reads give 0.
    ctx.update_tiles(&r, c(1, 1, 0), linear(1), &[9; 65536], 0)
        .unwrap();
    ctx.copy_tiles(&r, c(1, 1, 0), linear(1), &buf, 0, 4)
        .unwrap();
    assert!(buf.read().iter().all(|&b| b == 0));
    assert!(
        ctx.read_tiled_subresource(&r, 0)
            .unwrap()
            .iter()
            .all(|&b| b == 0)
    );
    assert!(ids(&d).is_empty());
    // A source shorter than the tiles it updates is refused.
    assert!(matches!(
        ctx.update_tiles(&r, c(0, 0, 0), linear(2), &[0; 65536], 0),
        Err(Error::Tiled(_))
    ));
}

#[test]
fn tr_07_tr_08_tr_19_null_tiles_read_zero_and_format_defaults() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let p = pool(&d, 4);
    for (format, expect) in [
        (Format::R8G8B8A8Unorm, [0.0, 0.0, 0.0, 0.0]),
        (Format::R8Unorm, [0.0, 0.0, 0.0, 1.0]),
        (Format::R8G8Unorm, [0.0, 0.0, 0.0, 1.0]),
    ] {
        let r = d
            .create_tiled_texture(&tiled_tex(512, 512, 1, 1, format), None)
            .unwrap();
        let bytes = ctx.read_tiled_subresource(&r, 0).unwrap();
        let n = format.info().bytes_per_block as usize;
        assert_eq!(
            format.decode_float(&bytes[..n]).unwrap(),
            expect,
            "{format:?}"
        );
    }
    let r = d
        .create_tiled_texture(&tiled_tex(512, 512, 1, 1, Format::R16G16Uint), None)
        .unwrap();
    let bytes = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(
        Format::R16G16Uint.decode_uint(&bytes[..4]).unwrap(),
        [0, 0, 0, 1]
    );
    // TR-08: a write across mapped and NULL tiles lands only in the mapped one.
    let r = d
        .create_tiled_texture(&tiled_tex(256, 128, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 2);
    ctx.write_tiled_subresource(&r, 0, &[0xEE; 256 * 128 * 4])
        .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    for row in back.chunks(1024) {
        assert_eq!(row[..512], [0xEE; 512]);
        assert_eq!(row[512..], [0; 512]);
    }
    // TR-19: the whole resource to NULL (every argument NULL but one NULL range).
    ctx.update_tile_mappings(
        &r,
        &UpdateTileMappings {
            num_regions: 1,
            num_ranges: 1,
            range_flags: Some(&[TILE_RANGE_NULL]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
    assert_eq!(r.mappings(), [None, None]);
    assert!(
        ctx.read_tiled_subresource(&r, 0)
            .unwrap()
            .iter()
            .all(|&b| b == 0)
    );
}

#[test]
fn tr_25_copy_from_a_partly_mapped_tiled_texture() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(1, 0, 0), 1, 0);
    ctx.write_tiled_subresource(&r, 0, &pattern(256, 256))
        .unwrap();
    let full = vec![0xFFu8; 256 * 256 * 4];
    let init = [SubresourceData::new(&full, 1024, 0)];
    let plain = TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let dst = d.create_texture(&plain, Some(&init)).unwrap();
    ctx.copy_tiled_subresource(&dst, 0, &r, 0).unwrap();
    let g = dst.read();
    let s = g.surface(0).unwrap();
    // Tile (0, 0) is NULL: 0; tile (1, 0) mapped: the pattern; row 200 (tiles 2, 3): 0.
    assert_eq!(s.row(3, 0)[..512], [0; 512]);
    assert_eq!(
        s.row(3, 0)[512 + 4 * 2..512 + 4 * 3],
        [130, 3, 130 ^ 3, 0xA5]
    );
    assert!(s.row(200, 0).iter().all(|&b| b == 0));
    drop(g);
    assert!(ids(&d).is_empty());
    // Another format or extent is refused, the destination untouched.
    let other = d
        .create_texture(
            &TextureDesc::tex2d(128, 128, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            None,
        )
        .unwrap();
    assert!(matches!(
        ctx.copy_tiled_subresource(&other, 0, &r, 0),
        Err(Error::Tiled(_))
    ));
    let f = d
        .create_texture(
            &TextureDesc::tex2d(256, 256, Format::R32Float, BindFlags::SHADER_RESOURCE),
            None,
        )
        .unwrap();
    assert!(matches!(
        ctx.copy_tiled_subresource(&f, 0, &r, 0),
        Err(Error::Tiled(_))
    ));
}

#[test]
fn tr_15_reuse_single_tile_aliases_the_data() {
    // 512×512 RGBA8: 4×4 tiles; the 2×3 box at (1, 1) all on pool tile 12.
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(512, 512, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 16);
    let size = TileRegionSize {
        num_tiles: 6,
        use_box: true,
        width: 2,
        height: 3,
        depth: 1,
    };
    ctx.update_tile_mappings(
        &r,
        &UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[c(1, 1, 0)]),
            sizes: Some(&[size]),
            pool: Some(&p),
            num_ranges: 1,
            range_flags: Some(&[TILE_RANGE_REUSE_SINGLE_TILE]),
            pool_starts: Some(&[12]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
    let x: Vec<u8> = (0..65536u32).map(|i| (i * 7 % 256) as u8).collect();
    ctx.update_tiles(&r, c(1, 1, 0), linear(1), &x, 0).unwrap();
    ctx.tiled_resource_barrier(Some(&r), Some(&r)).unwrap();
    let buf = buffer(&d, 65536);
    ctx.copy_tiles(&r, c(2, 3, 0), linear(1), &buf, 0, 4)
        .unwrap();
    assert_eq!(buf.read().to_vec(), x);
    // Tile (3, 3) is outside the box: NULL.
    ctx.copy_tiles(&r, c(3, 3, 0), linear(1), &buf, 0, 4)
        .unwrap();
    assert!(buf.read().iter().all(|&b| b == 0));
}

#[test]
fn copy_into_a_partly_mapped_tiled_texture_drops_null_tiles() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(0, 1, 0), 1, 0);
    let img = pattern(256, 256);
    let init = [SubresourceData::new(&img, 1024, 0)];
    let plain = TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let src = d.create_texture(&plain, Some(&init)).unwrap();
    ctx.copy_subresource_to_tiled(&r, 0, &src, 0).unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    // Only tile (0, 1) (x < 128, y >= 128) kept the copy.
    let texel = |x: usize, y: usize| back[(y * 256 + x) * 4..(y * 256 + x) * 4 + 4].to_vec();
    assert_eq!(
        texel(7, 130),
        img[(130 * 256 + 7) * 4..(130 * 256 + 7) * 4 + 4]
    );
    assert_eq!(texel(7, 3), [0; 4]);
    assert_eq!(texel(200, 130), [0; 4]);
    assert!(ids(&d).is_empty());
    // A source of another extent is refused.
    let small = d
        .create_texture(
            &TextureDesc::tex2d(64, 64, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            None,
        )
        .unwrap();
    assert!(matches!(
        ctx.copy_subresource_to_tiled(&r, 0, &small, 0),
        Err(Error::Tiled(_))
    ));
}
