//! The ordinary copy and update calls with tiled resources (SPEC §6.5, §6.8): boxed
//! `CopySubresourceRegion` both ways and tiled → tiled, boxed `UpdateSubresource`,
//! `CopyResource`; NULL tiles read 0 and drop writes at Tier 2, read the `Tier1NullRead` value
//! and report at Tier 1; a refused call changes nothing and reports no access.

use tessera::caps::{BindFlags, TextureDesc};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::{Box3, Resource, SubresourceData};
use tessera::tiled::{AnyResource, POISON_WORD, Tier1NullRead};
use tessera::{Error, FeatureLevel};

use super::*;

/// A 256×256 RGBA8 tiled texture (2×2 tiles) with the tiles of `mapped` (x, y) mapped and
/// the pattern written, on `d`.
fn patterned(d: &Device, ctx: &mut DeviceContext, mapped: &[(u32, u32)]) -> TiledResource {
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(d, 4);
    for (i, &(x, y)) in mapped.iter().enumerate() {
        map(ctx, &r, &p, c(x, y, 0), 1, i as u32);
    }
    ctx.write_tiled_subresource(&r, 0, &pattern(256, 256))
        .unwrap();
    r
}

/// A plain 256×256 RGBA8 texture filled with `fill`.
fn plain(d: &Device, fill: u8) -> Resource {
    let img = vec![fill; 256 * 256 * 4];
    let init = [SubresourceData::new(&img, 1024, 0)];
    let desc = TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    Resource::from(d.create_texture(&desc, Some(&init)).unwrap())
}

/// Texel (x, y) of a plain 256-wide RGBA8 texture.
fn texel_of(r: &Resource, x: u32, y: u32) -> [u8; 4] {
    let g = r.as_texture().unwrap().read();
    let s = g.surface(0).unwrap();
    let at = x as usize * 4;
    s.row(y, 0)[at..at + 4].try_into().unwrap()
}

/// Texel (x, y) of a tightly packed 256-wide RGBA8 image.
fn at(img: &[u8], x: u32, y: u32) -> [u8; 4] {
    let i = (y as usize * 256 + x as usize) * 4;
    img[i..i + 4].try_into().unwrap()
}

/// The pattern's texel (x, y).
fn pat(x: u32, y: u32) -> [u8; 4] {
    [x as u8, y as u8, (x ^ y) as u8, 0xA5]
}

#[test]
fn boxed_copy_from_a_tiled_texture_reads_null_tiles_as_zero() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // Tile (1, 0) mapped only: x >= 128, y < 128.
    let r = patterned(&d, &mut ctx, &[(1, 0)]);
    let dst = plain(&d, 0xEE);
    let bx = Box3 {
        left: 100,
        top: 10,
        front: 0,
        right: 150,
        bottom: 20,
        back: 1,
    };
    ctx.copy_subresource_region_any(
        AnyResource::Plain(&dst),
        0,
        5,
        6,
        0,
        AnyResource::Tiled(&r),
        0,
        Some(&bx),
    )
    .unwrap();
    // Source x 100..128 (NULL tile): 0; x 128..150: the pattern; outside the box: untouched.
    assert_eq!(texel_of(&dst, 5, 6), [0; 4]);
    assert_eq!(texel_of(&dst, 5 + 27, 6 + 9), [0; 4]);
    assert_eq!(texel_of(&dst, 5 + 28, 6), pat(128, 10));
    assert_eq!(texel_of(&dst, 5 + 49, 6 + 9), pat(149, 19));
    assert_eq!(texel_of(&dst, 5 + 50, 6), [0xEE; 4]);
    assert_eq!(texel_of(&dst, 4, 6), [0xEE; 4]);
    assert_eq!(texel_of(&dst, 5, 16), [0xEE; 4]);
    assert!(ids(&d).is_empty());
}

#[test]
fn boxed_copy_into_a_tiled_texture_drops_null_writes_and_keeps_the_rest() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = patterned(&d, &mut ctx, &[(1, 0)]);
    let src = plain(&d, 0x77);
    let bx = Box3::rect(0, 0, 16, 4);
    ctx.copy_subresource_region_any(
        AnyResource::Tiled(&r),
        0,
        120,
        5,
        0,
        AnyResource::Plain(&src),
        0,
        Some(&bx),
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    // x 120..128 fell on the NULL tile: dropped (reads 0); x 128..136 written.
    assert_eq!(at(&back, 127, 5), [0; 4]);
    assert_eq!(at(&back, 128, 5), [0x77; 4]);
    assert_eq!(at(&back, 135, 8), [0x77; 4]);
    // The rest of the mapped tile keeps the pattern.
    assert_eq!(at(&back, 136, 5), pat(136, 5));
    assert_eq!(at(&back, 128, 9), pat(128, 9));
    assert_eq!(at(&back, 128, 4), pat(128, 4));
    assert!(ids(&d).is_empty());
}

#[test]
fn tiled_to_tiled_copies_and_an_overlapping_copy_behaves_as_through_a_temporary() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let all = [(0, 0), (1, 0), (0, 1), (1, 1)];
    let a = patterned(&d, &mut ctx, &all);
    // Within one subresource, overlapping: row 0, x 0..64 to x 32..96.
    ctx.copy_subresource_region_any(
        AnyResource::Tiled(&a),
        0,
        32,
        0,
        0,
        AnyResource::Tiled(&a),
        0,
        Some(&Box3::rect(0, 0, 64, 1)),
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&a, 0).unwrap();
    assert_eq!(at(&back, 31, 0), pat(31, 0));
    for x in 32..96 {
        assert_eq!(at(&back, x, 0), pat(x - 32, 0), "x {x}");
    }
    assert_eq!(at(&back, 96, 0), pat(96, 0));
    assert_eq!(at(&back, 40, 1), pat(40, 1));
    // Into another tiled texture whose tile (0, 0) is NULL: across all four tiles.
    let b = patterned(&d, &mut ctx, &[(1, 0), (0, 1), (1, 1)]);
    ctx.copy_subresource_region_any(
        AnyResource::Tiled(&b),
        0,
        120,
        120,
        0,
        AnyResource::Tiled(&a),
        0,
        Some(&Box3::rect(200, 200, 216, 216)),
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&b, 0).unwrap();
    assert_eq!(at(&back, 127, 127), [0; 4]);
    assert_eq!(at(&back, 128, 127), pat(208, 207));
    assert_eq!(at(&back, 127, 128), pat(207, 208));
    assert_eq!(at(&back, 135, 135), pat(215, 215));
    assert_eq!(at(&back, 136, 135), pat(136, 135));
    assert!(ids(&d).is_empty());
}

#[test]
fn tier1_boxed_copies_read_the_poison_and_report_only_null_tiles_they_touch() {
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Poison).unwrap();
    let mut ctx = d.immediate_context();
    let r = patterned(&d, &mut ctx, &[(1, 0)]);
    d.info_queue().clear();
    let dst = plain(&d, 0xEE);
    // A box inside the mapped tile: nothing reported.
    ctx.copy_subresource_region_any(
        AnyResource::Plain(&dst),
        0,
        0,
        0,
        0,
        AnyResource::Tiled(&r),
        0,
        Some(&Box3::rect(130, 0, 140, 4)),
    )
    .unwrap();
    assert!(ids(&d).is_empty());
    assert_eq!(texel_of(&dst, 0, 0), pat(130, 0));
    // A box across the NULL tile (0, 0): the poison, one report naming tile 0.
    ctx.copy_subresource_region_any(
        AnyResource::Plain(&dst),
        0,
        0,
        0,
        0,
        AnyResource::Tiled(&r),
        0,
        Some(&Box3::rect(120, 0, 136, 4)),
    )
    .unwrap();
    assert_eq!(texel_of(&dst, 0, 0), POISON_WORD);
    assert_eq!(texel_of(&dst, 8, 0), pat(128, 0));
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError]);
    let msg = &d.info_queue().messages()[0];
    assert_eq!(msg.call, "CopySubresourceRegion");
    assert!(
        msg.text.contains("first at tile 0 = (x 0, y 0, z 0)"),
        "{}",
        msg.text
    );
    // Writing across it: dropped, one more report.
    ctx.copy_subresource_region_any(
        AnyResource::Tiled(&r),
        0,
        120,
        0,
        0,
        AnyResource::Plain(&dst),
        0,
        Some(&Box3::rect(0, 0, 16, 1)),
    )
    .unwrap();
    assert_eq!(ids(&d).len(), 2);
}

#[test]
fn refused_copies_and_updates_change_nothing_and_report_no_access() {
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Zero).unwrap();
    let mut ctx = d.immediate_context();
    let r = patterned(&d, &mut ctx, &[(1, 0)]);
    d.info_queue().clear();
    let before = ctx.read_tiled_subresource(&r, 0).unwrap();
    d.info_queue().clear();
    let float = Resource::from(
        d.create_texture(
            &TextureDesc::tex2d(256, 256, Format::R32Float, BindFlags::SHADER_RESOURCE),
            None,
        )
        .unwrap(),
    );
    // Another format family (the ordinary rule).
    let e = ctx.copy_subresource_region_any(
        AnyResource::Tiled(&r),
        0,
        0,
        0,
        0,
        AnyResource::Plain(&float),
        0,
        None,
    );
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    // A box past the source.
    let src = plain(&d, 1);
    let e = ctx.copy_subresource_region_any(
        AnyResource::Tiled(&r),
        0,
        0,
        0,
        0,
        AnyResource::Plain(&src),
        0,
        Some(&Box3::rect(0, 0, 257, 1)),
    );
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    // A destination that does not fit.
    let e = ctx.copy_subresource_region_any(
        AnyResource::Tiled(&r),
        0,
        250,
        0,
        0,
        AnyResource::Plain(&src),
        0,
        Some(&Box3::rect(0, 0, 16, 1)),
    );
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    // A subresource the tiled texture lacks.
    let e = ctx.copy_subresource_region_any(
        AnyResource::Plain(&src),
        0,
        0,
        0,
        0,
        AnyResource::Tiled(&r),
        1,
        None,
    );
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    // An update with a short row pitch.
    let e = ctx.update_subresource_tiled(&r, 0, Some(&Box3::rect(0, 0, 16, 2)), &[0; 128], 8, 0);
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    // CopyResource of one resource onto itself.
    let e = ctx.copy_resource_any(AnyResource::Tiled(&r), AnyResource::Tiled(&r));
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    assert!(
        !ids(&d).contains(&MessageId::NullTileMappingAccessError),
        "{:?}",
        ids(&d)
    );
    assert_eq!(ids(&d).len(), 6);
    d.info_queue().clear();
    assert_eq!(ctx.read_tiled_subresource(&r, 0).unwrap(), before);
}

#[test]
fn boxed_update_of_a_tiled_texture_and_of_a_tiled_buffer() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = patterned(&d, &mut ctx, &[(1, 0)]);
    // 16×2 texels at (120, 3), rows 256 bytes apart: texel (i, j) = (i, j, 9, 9).
    let data: Vec<u8> = (0..2u8)
        .flat_map(|j| (0..64u8).flat_map(move |i| [i, j, 9, 9]))
        .collect();
    ctx.update_subresource_tiled(&r, 0, Some(&Box3::rect(120, 3, 136, 5)), &data, 256, 0)
        .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(at(&back, 127, 3), [0; 4]);
    assert_eq!(at(&back, 128, 3), [8, 0, 9, 9]);
    assert_eq!(at(&back, 135, 4), [15, 1, 9, 9]);
    assert_eq!(at(&back, 136, 4), pat(136, 4));
    assert_eq!(at(&back, 128, 5), pat(128, 5));
    // A tiled buffer of 2 tiles, tile 1 mapped: bytes 65530..65546.
    let b = d.create_tiled_buffer(&tiled_buf(2 * 65536), None).unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &b, &p, c(1, 0, 0), 1, 0);
    let bytes: Vec<u8> = (1..=16).collect();
    ctx.update_subresource_tiled(&b, 0, Some(&Box3::bytes(65530, 65546)), &bytes, 0, 0)
        .unwrap();
    let back = ctx.read_tiled_subresource(&b, 0).unwrap();
    assert_eq!(back[65529..65536], [0; 7]);
    assert_eq!(back[65536..65547], [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 0]);
    assert!(ids(&d).is_empty());
}

#[test]
fn copy_resource_with_tiled_textures_and_buffers() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×256 RGBA8 with 2 mips (mip 1 = one 128×128 tile) and 2 slices.
    let desc = tiled_tex(256, 256, 2, 2, Format::R8G8B8A8Unorm);
    let a = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 16);
    // Slice 0: mip 0 tiles 0..4 and mip 1; slice 1: only mip 1 (subresource 3).
    map(&mut ctx, &a, &p, c(0, 0, 0), 5, 0);
    map(&mut ctx, &a, &p, c(0, 0, 3), 1, 5);
    let img = pattern(256, 256);
    let small = vec![0x42u8; 128 * 128 * 4];
    ctx.write_tiled_subresource(&a, 0, &img).unwrap();
    ctx.write_tiled_subresource(&a, 1, &small).unwrap();
    ctx.write_tiled_subresource(&a, 3, &small).unwrap();
    let plain_desc = TextureDesc {
        mip_levels: 2,
        array_size: 2,
        ..TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
    };
    let t = Resource::from(d.create_texture(&plain_desc, None).unwrap());
    ctx.copy_resource_any(AnyResource::Plain(&t), AnyResource::Tiled(&a))
        .unwrap();
    {
        let g = t.as_texture().unwrap().read();
        assert_eq!(
            g.surface(0).unwrap().row(7, 0)[..8],
            img[7 * 1024..7 * 1024 + 8]
        );
        assert_eq!(g.surface(1).unwrap().row(0, 0)[..4], [0x42; 4]);
        // Slice 1 mip 0 is NULL: 0.
        assert_eq!(g.surface(2).unwrap().row(100, 0)[..4], [0; 4]);
        assert_eq!(g.surface(3).unwrap().row(127, 0)[..4], [0x42; 4]);
    }
    // Back into another tiled texture with only subresource 2's first tile mapped.
    let b = d.create_tiled_texture(&desc, None).unwrap();
    map(&mut ctx, &b, &p, c(0, 0, 2), 1, 6);
    let fill = vec![0x99u8; 256 * 256 * 4];
    let init = [
        SubresourceData::new(&fill, 1024, 0),
        SubresourceData::new(&fill, 512, 0),
        SubresourceData::new(&fill, 1024, 0),
        SubresourceData::new(&fill, 512, 0),
    ];
    let full = Resource::from(d.create_texture(&plain_desc, Some(&init)).unwrap());
    ctx.copy_resource_any(AnyResource::Tiled(&b), AnyResource::Plain(&full))
        .unwrap();
    let s2 = ctx.read_tiled_subresource(&b, 2).unwrap();
    assert_eq!(at(&s2, 127, 127), [0x99; 4]);
    assert_eq!(at(&s2, 128, 0), [0; 4]);
    assert!(
        ctx.read_tiled_subresource(&b, 0)
            .unwrap()
            .iter()
            .all(|&x| x == 0)
    );
    // Tiled → tiled: every subresource of a into b (b's one mapped tile is in subresource 2).
    ctx.copy_resource_any(AnyResource::Tiled(&b), AnyResource::Tiled(&a))
        .unwrap();
    let s2 = ctx.read_tiled_subresource(&b, 2).unwrap();
    // a's subresource 2 is NULL: b's mapped tile now reads a's 0s.
    assert_eq!(at(&s2, 5, 5), [0; 4]);
    // Another mip count is refused (the ordinary rule).
    let other = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 2, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let e = ctx.copy_resource_any(AnyResource::Tiled(&other), AnyResource::Tiled(&a));
    assert!(matches!(e, Err(Error::Caps(_))), "{e:?}");
    assert_eq!(ids(&d).len(), 1);
    d.info_queue().clear();
    // Buffers: a tiled buffer of 2 tiles with tile 0 mapped ↔ an ordinary buffer.
    let tb = d.create_tiled_buffer(&tiled_buf(2 * 65536), None).unwrap();
    map(&mut ctx, &tb, &p, c(0, 0, 0), 1, 7);
    let ob = Resource::from(buffer(&d, 2 * 65536));
    let ones = vec![1u8; 2 * 65536];
    ctx.update_subresource(&ob, 0, None, &ones, 0, 0).unwrap();
    ctx.copy_resource_any(AnyResource::Tiled(&tb), AnyResource::Plain(&ob))
        .unwrap();
    let back = ctx.read_tiled_subresource(&tb, 0).unwrap();
    assert!(back[..65536].iter().all(|&x| x == 1));
    assert!(back[65536..].iter().all(|&x| x == 0));
    let ob2 = Resource::from(buffer(&d, 2 * 65536));
    ctx.copy_resource_any(AnyResource::Plain(&ob2), AnyResource::Tiled(&tb))
        .unwrap();
    let g = ob2.as_buffer().unwrap().read();
    assert_eq!((g[0], g[65535], g[65536]), (1, 1, 0));
    drop(g);
    assert!(ids(&d).is_empty());
}

#[test]
fn resolve_into_a_tiled_texture_drops_null_tiles() {
    use tessera::caps::SampleDesc;
    let d = device(2);
    let mut ctx = d.immediate_context();
    let ms_desc = TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        ..TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
    };
    let ms = d.create_texture(&ms_desc, None).unwrap();
    let rtv = d.create_render_target_view(&ms, None).unwrap();
    ctx.clear_render_target_view(&rtv, [1.0, 0.0, 0.0, 1.0])
        .unwrap();
    let ms = Resource::from(ms);
    let r = patterned(&d, &mut ctx, &[(0, 0)]);
    ctx.resolve_subresource_any(
        AnyResource::Tiled(&r),
        0,
        AnyResource::Plain(&ms),
        0,
        Format::R8G8B8A8Unorm,
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(at(&back, 5, 5), [255, 0, 0, 255]);
    assert_eq!(at(&back, 127, 127), [255, 0, 0, 255]);
    assert_eq!(at(&back, 128, 5), [0; 4]);
    assert!(ids(&d).is_empty());
    // A resolve format of another family is refused (the ordinary rule); nothing changes.
    let e = ctx.resolve_subresource_any(
        AnyResource::Tiled(&r),
        0,
        AnyResource::Plain(&ms),
        0,
        Format::R32Float,
    );
    assert!(e.is_err());
    assert_eq!(ctx.read_tiled_subresource(&r, 0).unwrap(), back);
}

#[test]
fn clear_view_rects_on_tiled_views_drop_null_writes() {
    use tessera::ClearViewOf;
    use tessera::resource::Rect;
    let d = device(2);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        bind_flags: BindFlags::RENDER_TARGET,
        ..tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm)
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(1, 0, 0), 1, 0);
    ctx.write_tiled_subresource(&r, 0, &pattern(256, 256))
        .unwrap();
    let rtv = d.create_tiled_render_target_view(&r, None).unwrap();
    ctx.clear_view(
        ClearViewOf::TiledRenderTarget(&rtv),
        [0.0, 1.0, 0.0, 1.0],
        &[Rect::new(120, 0, 136, 2)],
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(at(&back, 127, 0), [0; 4]);
    assert_eq!(at(&back, 128, 0), [0, 255, 0, 255]);
    assert_eq!(at(&back, 135, 1), [0, 255, 0, 255]);
    assert_eq!(at(&back, 136, 1), pat(136, 1));
    assert_eq!(at(&back, 128, 2), pat(128, 2));
    assert!(ids(&d).is_empty());
}

#[test]
fn tier1_clear_view_on_a_tiled_uav_reports_once() {
    use tessera::ClearViewOf;
    use tessera::caps::{BufferDesc, SubresourceRange, ViewDesc, ViewDimension};
    use tessera::resource::Rect;
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Zero).unwrap();
    let mut ctx = d.immediate_context();
    let b = d
        .create_tiled_buffer(
            &BufferDesc {
                bind_flags: BindFlags::UNORDERED_ACCESS,
                ..tiled_buf(2 * 65536)
            },
            None,
        )
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &b, &p, c(1, 0, 0), 1, 0);
    let view = ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: 2 * 16384,
        },
    };
    let uav = d
        .create_tiled_unordered_access_view(&b, Some(&view))
        .unwrap();
    // Words 16382..16386: two on the NULL tile 0, two on tile 1.
    ctx.clear_view(
        ClearViewOf::TiledUnorderedAccess(&uav),
        [5.0, 0.0, 0.0, 0.0],
        &[Rect::new(16382, 0, 16386, 1)],
    )
    .unwrap();
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError]);
    assert_eq!(d.info_queue().messages()[0].call, "ClearView");
    d.info_queue().clear();
    let back = ctx.read_tiled_subresource(&b, 0).unwrap();
    let word = |i: usize| u32::from_le_bytes(back[i * 4..i * 4 + 4].try_into().unwrap());
    assert_eq!(
        (
            word(16382),
            word(16383),
            word(16384),
            word(16385),
            word(16386)
        ),
        (0, 0, 5, 5, 0)
    );
}

#[test]
fn bc1_boxes_copy_whole_blocks_through_the_tiles_and_misaligned_ones_are_refused() {
    // 1024×512 BC1: a tile is 128×64 blocks = 512×256 texels, so 2×2 tiles; tile (1, 0) mapped.
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(1024, 512, 1, 1, Format::Bc1Unorm), None)
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(1, 0, 0), 1, 0);
    // Block (bx, by) holds the 8 bytes [bx, by, 1, 2, 3, 4, 5, 6] (low bytes).
    let blocks: Vec<u8> = (0..128u32)
        .flat_map(|by| (0..256u32).flat_map(move |bx| [bx as u8, by as u8, 1, 2, 3, 4, 5, 6]))
        .collect();
    ctx.write_tiled_subresource(&r, 0, &blocks).unwrap();
    let plain_desc = TextureDesc::tex2d(16, 16, Format::Bc1Unorm, BindFlags::SHADER_RESOURCE);
    let dst = Resource::from(d.create_texture(&plain_desc, None).unwrap());
    // Texels 504..520 × 0..8: blocks 126..130 × 0..2, the first two on the NULL tile.
    ctx.copy_subresource_region_any(
        AnyResource::Plain(&dst),
        0,
        0,
        4,
        0,
        AnyResource::Tiled(&r),
        0,
        Some(&Box3::rect(504, 0, 520, 8)),
    )
    .unwrap();
    {
        let g = dst.as_texture().unwrap().read();
        let s = g.surface(0).unwrap();
        // Block row 1 of the destination (texel y 4) = source block row 0.
        let row = s.row(1, 0);
        assert_eq!(row[..16], [0; 16]);
        assert_eq!(row[16..24], [128, 0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(row[24..32], [129, 0, 1, 2, 3, 4, 5, 6]);
        assert_eq!(s.row(2, 0)[16..24], [128, 1, 1, 2, 3, 4, 5, 6]);
        assert_eq!(s.row(0, 0)[16..24], [0; 8]);
    }
    // A box not on block edges: the ordinary BC rule refuses it.
    let e = ctx.copy_subresource_region_any(
        AnyResource::Plain(&dst),
        0,
        0,
        0,
        0,
        AnyResource::Tiled(&r),
        0,
        Some(&Box3::rect(510, 0, 514, 4)),
    );
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
}

#[test]
fn clear_view_on_a_tiled_depth_view_and_boxed_depth_copies_are_refused() {
    use tessera::ClearViewOf;
    use tessera::resource::{DsvFlags, Rect};
    let d = device(2);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        bind_flags: BindFlags::DEPTH_STENCIL,
        ..tiled_tex(256, 256, 1, 1, Format::D32Float)
    };
    let z = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &z, &p, c(0, 0, 0), 1, 0);
    let dsv = d
        .create_tiled_depth_stencil_view(&z, None, DsvFlags::default())
        .unwrap();
    ctx.clear_view(
        ClearViewOf::TiledDepthStencil(&dsv),
        [0.5, 0.0, 0.0, 0.0],
        &[Rect::new(126, 0, 130, 1)],
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&z, 0).unwrap();
    assert_eq!(back[125 * 4..126 * 4], [0; 4]);
    assert_eq!(back[126 * 4..127 * 4], 0.5f32.to_le_bytes());
    assert_eq!(back[127 * 4..128 * 4], 0.5f32.to_le_bytes());
    assert_eq!(back[128 * 4..129 * 4], [0; 4]);
    assert_eq!(back[126 * 4 + 1024..127 * 4 + 1024], [0; 4]);
    // A boxed copy of a depth texture: whole subresources only (the ordinary rule).
    let plain_z = Resource::from(
        d.create_texture(
            &TextureDesc::tex2d(256, 256, Format::D32Float, BindFlags::DEPTH_STENCIL),
            None,
        )
        .unwrap(),
    );
    let e = ctx.copy_subresource_region_any(
        AnyResource::Plain(&plain_z),
        0,
        0,
        0,
        0,
        AnyResource::Tiled(&z),
        0,
        Some(&Box3::rect(0, 0, 8, 8)),
    );
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    // The whole subresource copies.
    ctx.copy_subresource_region_any(
        AnyResource::Plain(&plain_z),
        0,
        0,
        0,
        0,
        AnyResource::Tiled(&z),
        0,
        None,
    )
    .unwrap();
    let g = plain_z.as_texture().unwrap().read();
    assert_eq!(
        g.surface(0).unwrap().row(0, 0)[126 * 4..127 * 4],
        0.5f32.to_le_bytes()
    );
}

#[test]
fn boxed_copies_between_tiled_and_ordinary_buffers() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 2 tiles, tile 1 mapped, byte i = i % 251.
    let b = d.create_tiled_buffer(&tiled_buf(2 * 65536), None).unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &b, &p, c(1, 0, 0), 1, 0);
    let bytes: Vec<u8> = (0..2 * 65536u32).map(|i| (i % 251) as u8).collect();
    ctx.write_tiled_subresource(&b, 0, &bytes).unwrap();
    let ob = Resource::from(buffer(&d, 64));
    ctx.copy_subresource_region_any(
        AnyResource::Plain(&ob),
        0,
        8,
        0,
        0,
        AnyResource::Tiled(&b),
        0,
        Some(&Box3::bytes(65532, 65540)),
    )
    .unwrap();
    let g = ob.as_buffer().unwrap().read();
    let want: Vec<u8> = [0, 0, 0, 0]
        .into_iter()
        .chain((65536..65540u32).map(|i| (i % 251) as u8))
        .collect();
    assert_eq!(g[8..16], want[..]);
    assert_eq!(g[7], 0);
    drop(g);
    // Tiled → tiled within the buffer, overlapping: bytes 65536..65546 to 65540.
    ctx.copy_subresource_region_any(
        AnyResource::Tiled(&b),
        0,
        65540,
        0,
        0,
        AnyResource::Tiled(&b),
        0,
        Some(&Box3::bytes(65536, 65546)),
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&b, 0).unwrap();
    let want: Vec<u8> = (65536..65546u32).map(|i| (i % 251) as u8).collect();
    assert_eq!(back[65540..65550], want[..]);
    // A buffer has one subresource.
    let e = ctx.copy_subresource_region_any(
        AnyResource::Plain(&ob),
        0,
        0,
        0,
        0,
        AnyResource::Tiled(&b),
        1,
        Some(&Box3::bytes(0, 8)),
    );
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    assert_eq!(ctx.read_tiled_subresource(&b, 0).unwrap(), back);
}

#[test]
fn multisampled_tiled_textures_resolve_and_copy_sample_by_sample() {
    use tessera::caps::SampleDesc;
    let d = device(2);
    let mut ctx = d.immediate_context();
    let ms = |tiled: bool| TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        misc_flags: if tiled {
            MiscFlags::TILED
        } else {
            MiscFlags(0)
        },
        ..TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
    };
    // 4× RGBA8 tiles are 64×64 pixels: 4×4 tiles; tile (0, 0) mapped.
    let r = d.create_tiled_texture(&ms(true), None).unwrap();
    let p = pool(&d, 2);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    // Tight layout, the samples of a pixel together: sample k of (x, y) = (60k, x, y, 255).
    let img: Vec<u8> = (0..256u32)
        .flat_map(|y| {
            (0..256u32).flat_map(move |x| {
                (0..4u32).flat_map(move |k| [(60 * k) as u8, x as u8, y as u8, 255])
            })
        })
        .collect();
    ctx.write_tiled_subresource(&r, 0, &img).unwrap();
    // Resolve: the average of the samples; NULL pixels 0.
    let one = Resource::from(
        d.create_texture(
            &TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            None,
        )
        .unwrap(),
    );
    ctx.resolve_subresource_any(
        AnyResource::Plain(&one),
        0,
        AnyResource::Tiled(&r),
        0,
        Format::R8G8B8A8Unorm,
    )
    .unwrap();
    assert_eq!(texel_of(&one, 3, 4), [90, 3, 4, 255]);
    assert_eq!(texel_of(&one, 63, 63), [90, 63, 63, 255]);
    assert_eq!(texel_of(&one, 64, 4), [0; 4]);
    // CopyResource to an ordinary 4× texture: sample k of a pixel in plane k.
    let plain = Resource::from(d.create_texture(&ms(false), None).unwrap());
    ctx.copy_resource_any(AnyResource::Plain(&plain), AnyResource::Tiled(&r))
        .unwrap();
    {
        let g = plain.as_texture().unwrap().read();
        let s = g.surface(0).unwrap();
        for k in 0..4u32 {
            assert_eq!(
                s.row(4, k)[12..16],
                [(60 * k) as u8, 3, 4, 255],
                "sample {k}"
            );
        }
        assert_eq!(s.row(4, 2)[64 * 4..65 * 4], [0; 4]);
    }
    // And back into another tiled 4× texture (tile (0, 0) mapped): the tight bytes again.
    let r2 = d.create_tiled_texture(&ms(true), None).unwrap();
    map(&mut ctx, &r2, &p, c(0, 0, 0), 1, 1);
    ctx.copy_resource_any(AnyResource::Tiled(&r2), AnyResource::Plain(&plain))
        .unwrap();
    let back = ctx.read_tiled_subresource(&r2, 0).unwrap();
    let px = |b: &[u8], x: usize, y: usize, k: usize| {
        let i = ((y * 256 + x) * 4 + k) * 4;
        b[i..i + 4].to_vec()
    };
    for k in 0..4 {
        assert_eq!(px(&back, 3, 4, k), px(&img, 3, 4, k), "sample {k}");
        assert_eq!(px(&back, 63, 63, k), px(&img, 63, 63, k), "sample {k}");
        assert_eq!(px(&back, 64, 4, k), [0; 4]);
    }
    assert!(ids(&d).is_empty());
}
