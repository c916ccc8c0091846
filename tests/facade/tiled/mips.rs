//! `GenerateMips` on tiled textures (SPEC §6.5: "GenerateMips on partially mapped resources
//! just follows the NULL rules"): each mip is made from the one above as read through the
//! tiles, writes to NULL tiles are dropped, Tier 1 reads its NULL value and reports once.

use tessera::caps::{BindFlags, MiscFlags, TextureDesc};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::tiled::{Tier1NullRead, TiledShaderResourceView};
use tessera::{Error, FeatureLevel};

use super::*;

const FILL: [u8; 4] = [200, 100, 52, 255];

/// A 256×256 RGBA8 tiled texture with the full chain (mip 0: 2×2 tiles, mip 1: one tile, mips
/// 2.. packed), GENERATE_MIPS; mip 0's tiles (0, 0), (1, 0), (0, 1) and the packed tail mapped,
/// mip 1 mapped if `mip1`; mip 0 written with `FILL`. Returns it and a whole-chain SRV.
fn chain(
    d: &Device,
    ctx: &mut DeviceContext,
    mip1: bool,
) -> (TiledResource, TiledShaderResourceView) {
    let desc = TextureDesc {
        bind_flags: BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
        misc_flags: MiscFlags::TILED | MiscFlags::GENERATE_MIPS,
        ..tiled_tex(256, 256, 9, 1, Format::R8G8B8A8Unorm)
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 8);
    map(ctx, &r, &p, c(0, 0, 0), 3, 0);
    map(ctx, &r, &p, c(0, 0, 2), 1, 4);
    if mip1 {
        map(ctx, &r, &p, c(0, 0, 1), 1, 5);
    }
    let img: Vec<u8> = FILL.repeat(256 * 256);
    ctx.write_tiled_subresource(&r, 0, &img).unwrap();
    let srv = d.create_tiled_shader_resource_view(&r, None).unwrap();
    (r, srv)
}

/// Texel (x, y) of mip `mip` (`w` wide) as read through the tiles.
fn texel(
    ctx: &mut DeviceContext,
    r: &TiledResource,
    mip: u32,
    w: usize,
    x: usize,
    y: usize,
) -> [u8; 4] {
    let b = ctx.read_tiled_subresource(r, mip).unwrap();
    b[(y * w + x) * 4..(y * w + x) * 4 + 4].try_into().unwrap()
}

#[test]
fn generate_mips_follows_the_null_rules_mip_by_mip() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let (r, srv) = chain(&d, &mut ctx, true);
    ctx.generate_mips_tiled(&srv).unwrap();
    // Mip 1: the mapped quadrants' texels are FILL, the NULL quadrant's 0.
    assert_eq!(texel(&mut ctx, &r, 1, 128, 10, 10), FILL);
    assert_eq!(texel(&mut ctx, &r, 1, 128, 100, 10), FILL);
    assert_eq!(texel(&mut ctx, &r, 1, 128, 100, 100), [0; 4]);
    // Mip 2 (packed) from mip 1.
    assert_eq!(texel(&mut ctx, &r, 2, 64, 5, 5), FILL);
    assert_eq!(texel(&mut ctx, &r, 2, 64, 50, 50), [0; 4]);
    // Mip 8 (1×1): three quadrants of FILL and one of 0, averaged: 3/4 of FILL.
    assert_eq!(texel(&mut ctx, &r, 8, 1, 0, 0), [150, 75, 39, 191]);
    assert!(ids(&d).is_empty());
}

#[test]
fn a_null_mip_makes_the_mips_below_it_from_zeros() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let (r, srv) = chain(&d, &mut ctx, false);
    ctx.generate_mips_tiled(&srv).unwrap();
    // Mip 1 is NULL: its writes are dropped, so mip 2 is made from what it reads: 0.
    assert_eq!(texel(&mut ctx, &r, 1, 128, 10, 10), [0; 4]);
    assert_eq!(texel(&mut ctx, &r, 2, 64, 5, 5), [0; 4]);
    assert_eq!(texel(&mut ctx, &r, 8, 1, 0, 0), [0; 4]);
    assert!(ids(&d).is_empty());
}

#[test]
fn tier1_generate_mips_reads_the_poison_and_reports_once() {
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Poison).unwrap();
    let mut ctx = d.immediate_context();
    let (r, srv) = chain(&d, &mut ctx, true);
    d.info_queue().clear();
    ctx.generate_mips_tiled(&srv).unwrap();
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError]);
    assert_eq!(d.info_queue().messages()[0].call, "GenerateMips");
    // Mip 1's texels from the NULL quadrant average the poison (FF 00 FF FF).
    assert_eq!(texel(&mut ctx, &r, 1, 128, 100, 100), [255, 0, 255, 255]);
    assert_eq!(texel(&mut ctx, &r, 1, 128, 10, 10), FILL);
}

#[test]
fn generate_mips_without_the_flag_is_refused_and_changes_nothing() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        bind_flags: BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
        ..tiled_tex(256, 256, 2, 1, Format::R8G8B8A8Unorm)
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 8);
    map(&mut ctx, &r, &p, c(0, 0, 0), 5, 0);
    ctx.write_tiled_subresource(&r, 0, &FILL.repeat(256 * 256))
        .unwrap();
    let srv = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let e = ctx.generate_mips_tiled(&srv);
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    assert!(
        ctx.read_tiled_subresource(&r, 1)
            .unwrap()
            .iter()
            .all(|&b| b == 0)
    );
}

#[test]
fn generate_mips_of_an_array_view_makes_each_slice_from_its_own_tiles() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        bind_flags: BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
        misc_flags: MiscFlags::TILED | MiscFlags::GENERATE_MIPS,
        ..tiled_tex(256, 256, 2, 2, Format::R8G8B8A8Unorm)
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 16);
    // Slice 0: mip 0 and mip 1 mapped; slice 1: mip 0 and mip 1 mapped, but only mip 0's
    // tile (0, 0).
    map(&mut ctx, &r, &p, c(0, 0, 0), 5, 0);
    map(&mut ctx, &r, &p, c(0, 0, 2), 1, 5);
    map(&mut ctx, &r, &p, c(0, 0, 3), 1, 6);
    ctx.write_tiled_subresource(&r, 0, &FILL.repeat(256 * 256))
        .unwrap();
    ctx.write_tiled_subresource(&r, 2, &[9, 8, 7, 255].repeat(256 * 256))
        .unwrap();
    // The view of slice 1 only.
    let view = tessera::caps::ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: tessera::caps::ViewDimension::Texture2DArray,
        range: tessera::caps::SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 2,
            first_array_slice: 1,
            array_size: 1,
        },
    };
    let srv = d
        .create_tiled_shader_resource_view(&r, Some(&view))
        .unwrap();
    ctx.generate_mips_tiled(&srv).unwrap();
    assert_eq!(texel(&mut ctx, &r, 3, 128, 5, 5), [9, 8, 7, 255]);
    assert_eq!(texel(&mut ctx, &r, 3, 128, 100, 5), [0; 4]);
    // Slice 0's mip 1 untouched (never written: 0).
    assert_eq!(texel(&mut ctx, &r, 1, 128, 5, 5), [0; 4]);
    assert!(ids(&d).is_empty());
}

#[test]
fn generate_mips_of_a_tiled_cube_fills_each_face_from_its_own_tiles() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×256 RGBA8 cube, 2 mips (a tiled array has no packed mips): face f mip m is
    // subresource 2f + m; mip 0 of a face is 2×2 tiles, mip 1 one tile.
    let desc = TextureDesc {
        bind_flags: BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
        misc_flags: MiscFlags::TILED | MiscFlags::GENERATE_MIPS | MiscFlags::TEXTURE_CUBE,
        ..tiled_tex(256, 256, 2, 6, Format::R8G8B8A8Unorm)
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 8);
    // Face 0: mips 0 and 1; face 1: mip 1 only (mip 0 NULL).
    map(&mut ctx, &r, &p, c(0, 0, 0), 5, 0);
    map(&mut ctx, &r, &p, c(0, 0, 3), 1, 5);
    ctx.write_tiled_subresource(&r, 0, &FILL.repeat(256 * 256))
        .unwrap();
    // Face 1's mip 1 first holds 7s: the mip made from its NULL mip 0 replaces them with 0.
    ctx.write_tiled_subresource(&r, 3, &[7; 128 * 128 * 4])
        .unwrap();
    let srv = d.create_tiled_shader_resource_view(&r, None).unwrap();
    ctx.generate_mips_tiled(&srv).unwrap();
    assert_eq!(texel(&mut ctx, &r, 1, 128, 5, 5), FILL);
    assert_eq!(texel(&mut ctx, &r, 1, 128, 127, 127), FILL);
    assert_eq!(texel(&mut ctx, &r, 3, 128, 5, 5), [0; 4]);
    assert!(ids(&d).is_empty());
}
