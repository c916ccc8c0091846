//! Tiled render-target and depth-stencil views of several Texture2DArray slices and of 4×
//! multisampled textures (issue #16): clears clear every slice of the view, draws write the
//! view's first slice (no `SV_RenderTargetArrayIndex` writer, as an ordinary array view), a
//! 4× target keeps each sample at its place in the tile (SPEC §6.5: the samples of a pixel
//! consecutive), NULL tiles drop writes; the same bytes as an ordinary target on mapped tiles
//! and at 1 and 8 threads.

use tessera::caps::{
    BindFlags, CapsOptions, SampleDesc, SubresourceRange, TextureDesc, ViewDesc, ViewDimension,
};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::DsvFlags;
use tessera::tiled::{OmDepthStencil, OmRenderTarget, Tier1NullRead, TiledResource};
use tessera::{Device, DeviceDesc, FeatureLevel};
use tessera_testkit::{bind_color_pipeline, draw_quad, target};

use super::*;

fn device_threads(threads: usize) -> Device {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(2),
            ..CapsOptions::default()
        },
        tiled_null_read: Tier1NullRead::Zero,
        threads: Some(threads),
        ..DeviceDesc::at(FeatureLevel::L11_1)
    })
    .unwrap()
}

/// A view of slices `first..first + n` of mip 0.
fn array_view(format: Format, dimension: ViewDimension, first: u32, n: u32) -> ViewDesc {
    ViewDesc {
        format,
        dimension,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: n,
        },
    }
}

const BLUE: [u8; 4] = [0, 0, 0xFF, 0xFF];
const RED: [u8; 4] = [0xFF, 0, 0, 0xFF];

/// The RGBA8 texel (x, y) of a tight readback `w` wide.
fn px(bytes: &[u8], w: u32, x: u32, y: u32) -> [u8; 4] {
    let i = ((y * w + x) * 4) as usize;
    [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]
}

/// 256×128×3 RGBA8 (2 tiles a slice): slice 0 tile 0 mapped and filled with 0x11, slice 1
/// tile 0 and slice 2 tile 1 mapped. An RTV of slices 1..3 is cleared blue, then a red quad
/// drawn over (0, 0)–(200, 100). Returns the three slices' readbacks.
fn tiled_array_draw(d: &Device) -> Vec<Vec<u8>> {
    let mut ctx = d.immediate_context();
    let mut desc = tiled_tex(256, 128, 1, 3, Format::R8G8B8A8Unorm);
    desc.bind_flags = BindFlags::RENDER_TARGET;
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 3);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &r, &p, c(0, 0, 1), 1, 1);
    map(&mut ctx, &r, &p, c(1, 0, 2), 1, 2);
    ctx.write_tiled_subresource(&r, 0, &vec![0x11; 256 * 128 * 4])
        .unwrap();
    let (_, scratch) = target(d, 256, 128, Format::R8G8B8A8Unorm);
    bind_color_pipeline(d, &mut ctx, &scratch, 256, 128);
    let view = array_view(Format::R8G8B8A8Unorm, ViewDimension::Texture2DArray, 1, 2);
    let rtv = d.create_tiled_render_target_view(&r, Some(&view)).unwrap();
    ctx.om_set_render_targets_tiled(&[Some(OmRenderTarget::Tiled(rtv.clone()))], None)
        .unwrap();
    ctx.clear_tiled_render_target_view(&rtv, [0.0, 0.0, 1.0, 1.0])
        .unwrap();
    draw_quad(
        d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 200.0, 100.0],
        0.5,
        [1.0, 0.0, 0.0, 1.0],
    )
    .unwrap();
    (0..3)
        .map(|s| ctx.read_tiled_subresource(&r, s).unwrap())
        .collect()
}

#[test]
fn a_tiled_rtv_of_several_slices_clears_them_all_and_draws_the_first() {
    let d = device_threads(1);
    let b = tiled_array_draw(&d);
    // Slice 0 is outside the view: untouched.
    assert_eq!(px(&b[0], 256, 10, 10), [0x11; 4]);
    // View slice 0 (slice 1): drawn red inside the quad, cleared blue outside; tile 1 NULL.
    assert_eq!(px(&b[1], 256, 10, 10), RED);
    assert_eq!(px(&b[1], 256, 10, 110), BLUE);
    assert_eq!(px(&b[1], 256, 210, 10), [0; 4], "NULL tile: dropped");
    // View slice 1 (slice 2): cleared, not drawn (no SV_RenderTargetArrayIndex writer).
    assert_eq!(px(&b[2], 256, 150, 10), BLUE);
    assert_eq!(px(&b[2], 256, 10, 10), [0; 4], "NULL tile: dropped");
    // An ordinary 3-slice target given the same view, clear and draw.
    let mut ctx = d.immediate_context();
    let tex = d
        .create_texture(
            &TextureDesc {
                array_size: 3,
                ..TextureDesc::tex2d(256, 128, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
            },
            None,
        )
        .unwrap();
    let view = array_view(Format::R8G8B8A8Unorm, ViewDimension::Texture2DArray, 1, 2);
    let rtv = d.create_render_target_view(&tex, Some(&view)).unwrap();
    bind_color_pipeline(&d, &mut ctx, &rtv, 256, 128);
    ctx.clear_render_target_view(&rtv, [0.0, 0.0, 1.0, 1.0])
        .unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 200.0, 100.0],
        0.5,
        [1.0, 0.0, 0.0, 1.0],
    )
    .unwrap();
    let ordinary: Vec<Vec<u8>> = (1..3).map(|s| tessera_testkit::bytes(&tex, s)).collect();
    // Every mapped tile (slice 1: x < 128; slice 2: x ≥ 128) holds the ordinary bytes.
    for y in 0..128 {
        let row = y * 256 * 4;
        let (left, right) = (row..row + 128 * 4, row + 128 * 4..row + 256 * 4);
        assert_eq!(b[1][left.clone()], ordinary[0][left], "slice 1 row {y}");
        assert_eq!(b[2][right.clone()], ordinary[1][right], "slice 2 row {y}");
    }
    // The same bytes at 8 threads.
    assert_eq!(tiled_array_draw(&device_threads(8)), b);
}

#[test]
fn a_tiled_dsv_of_several_slices_clears_them_all_and_tests_the_first() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×128×2 D32_FLOAT (128×128 tiles): slice 0 tile 0 and slice 1 tile 1 mapped.
    let mut desc = tiled_tex(256, 128, 1, 2, Format::D32Float);
    desc.bind_flags = BindFlags::DEPTH_STENCIL;
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 2);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &r, &p, c(1, 0, 1), 1, 1);
    let view = array_view(Format::D32Float, ViewDimension::Texture2DArray, 0, 2);
    let dsv = d
        .create_tiled_depth_stencil_view(&r, Some(&view), DsvFlags::default())
        .unwrap();
    let (_, scratch) = target(&d, 256, 128, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &scratch, 256, 128);
    // SPEC §5.6: the render target views as many slices as the DSV (two).
    let colour = d
        .create_texture(
            &TextureDesc {
                array_size: 2,
                ..TextureDesc::tex2d(256, 128, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
            },
            None,
        )
        .unwrap();
    let two = array_view(Format::R8G8B8A8Unorm, ViewDimension::Texture2DArray, 0, 2);
    let colour = d.create_render_target_view(&colour, Some(&two)).unwrap();
    ctx.om_set_render_targets_tiled(
        &[Some(OmRenderTarget::View(colour))],
        Some(&OmDepthStencil::Tiled(dsv.clone())),
    )
    .unwrap();
    ctx.clear_tiled_depth_stencil_view(&dsv, true, false, 0.25, 0)
        .unwrap();
    // The default depth test (LESS, write) at z 0.125 over the whole target.
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 256.0, 128.0],
        0.125,
        [1.0; 4],
    )
    .unwrap();
    let mut depth = |s: u32, x: usize, y: usize| {
        let b = ctx.read_tiled_subresource(&r, s).unwrap();
        let i = (y * 256 + x) * 4;
        f32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
    };
    assert_eq!(
        depth(0, 5, 5),
        0.125,
        "slice 0: cleared, then the draw passed"
    );
    assert_eq!(depth(0, 200, 5), 0.0, "slice 0 tile 1: NULL");
    assert_eq!(depth(1, 200, 5), 0.25, "slice 1: cleared, not drawn");
    assert_eq!(depth(1, 5, 5), 0.0, "slice 1 tile 0: NULL");
}

/// 128×128 RGBA8 4× (64×64-pixel tiles, 2×2): tiles 0 and 3 mapped. Cleared blue, then a red
/// quad over (0, 0)–(50.3, 100.6) whose right edge cuts the samples of column 50, then a green
/// one over (100, 100)–(120, 120) (tile 3, mapped). Returns the
/// tiled readback (the samples of a pixel consecutive) and the ordinary 4× texture's bytes
/// after the same clear and draw (sample planes).
fn msaa_draw(d: &Device) -> (Vec<u8>, Vec<u8>) {
    let mut ctx = d.immediate_context();
    let four = SampleDesc {
        count: 4,
        quality: 0,
    };
    let mut desc = tiled_tex(128, 128, 1, 1, Format::R8G8B8A8Unorm);
    desc.bind_flags = BindFlags::RENDER_TARGET;
    desc.sample_desc = four;
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 2);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &r, &p, c(1, 1, 0), 1, 1);
    let rtv = d.create_tiled_render_target_view(&r, None).unwrap();
    assert_eq!(rtv.desc().dimension, ViewDimension::Texture2DMs);
    let tex = d
        .create_texture(
            &TextureDesc {
                sample_desc: four,
                ..TextureDesc::tex2d(128, 128, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
            },
            None,
        )
        .unwrap();
    let plain = d.create_render_target_view(&tex, None).unwrap();
    bind_color_pipeline(d, &mut ctx, &plain, 128, 128);
    let (rect, away) = ([0.0, 0.0, 50.3, 100.6], [100.0, 100.0, 120.0, 120.0]);
    ctx.clear_render_target_view(&plain, [0.0, 0.0, 1.0, 1.0])
        .unwrap();
    draw_quad(d, &mut ctx, (128, 128), rect, 0.5, [1.0, 0.0, 0.0, 1.0]).unwrap();
    // A second draw elsewhere: the edge pixels' distinct samples go through a load and a store.
    draw_quad(d, &mut ctx, (128, 128), away, 0.5, [0.0, 1.0, 0.0, 1.0]).unwrap();
    ctx.om_set_render_targets_tiled(&[Some(OmRenderTarget::Tiled(rtv.clone()))], None)
        .unwrap();
    ctx.clear_tiled_render_target_view(&rtv, [0.0, 0.0, 1.0, 1.0])
        .unwrap();
    draw_quad(d, &mut ctx, (128, 128), rect, 0.5, [1.0, 0.0, 0.0, 1.0]).unwrap();
    draw_quad(d, &mut ctx, (128, 128), away, 0.5, [0.0, 1.0, 0.0, 1.0]).unwrap();
    (
        ctx.read_tiled_subresource(&r, 0).unwrap(),
        tessera_testkit::bytes(&tex, 0),
    )
}

#[test]
fn a_4x_tiled_rtv_keeps_each_sample_at_its_place_in_the_tile() {
    let d = device_threads(1);
    let (tiled, planes) = msaa_draw(&d);
    assert_eq!(tiled.len(), 128 * 128 * 4 * 4);
    let plane = |s: usize, x: usize, y: usize| {
        let i = ((s * 128 + y) * 128 + x) * 4;
        &planes[i..i + 4]
    };
    let sample = |s: usize, x: usize, y: usize| {
        let i = (((y * 128 + x) * 4) + s) * 4;
        &tiled[i..i + 4]
    };
    // Column 50 is cut by the edge: its samples differ in the ordinary target.
    let edge: Vec<&[u8]> = (0..4).map(|s| plane(s, 50, 10)).collect();
    assert!(
        edge.contains(&&RED[..]) && edge.contains(&&BLUE[..]),
        "{edge:?}"
    );
    for y in 0..128 {
        for x in 0..128 {
            let mapped = (x < 64) == (y < 64);
            for s in 0..4 {
                let want: &[u8] = if mapped { plane(s, x, y) } else { &[0; 4] };
                assert_eq!(sample(s, x, y), want, "pixel ({x}, {y}) sample {s}");
            }
        }
    }
    assert_eq!(msaa_draw(&device_threads(8)).0, tiled, "8 threads");
}

/// 128×128 D32 4× with tile 0 mapped, cleared to 0.75, then a LESS draw at z 0.5 over
/// (0, 0)–(32.3, 128) with a 4× colour target. Returns the depth readback (samples of a pixel
/// consecutive) and the colour target's bytes (sample planes).
fn msaa_depth_draw(d: &Device) -> (Vec<u8>, Vec<u8>) {
    let mut ctx = d.immediate_context();
    // 128×128 D32 4× (64×64-pixel tiles): tile 0 mapped.
    let mut desc = tiled_tex(128, 128, 1, 1, Format::D32Float);
    desc.bind_flags = BindFlags::DEPTH_STENCIL;
    desc.sample_desc = SampleDesc {
        count: 4,
        quality: 0,
    };
    let r: TiledResource = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 1);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    let dsv = d
        .create_tiled_depth_stencil_view(&r, None, DsvFlags::default())
        .unwrap();
    let color = d
        .create_texture(
            &TextureDesc {
                sample_desc: desc.sample_desc,
                ..TextureDesc::tex2d(128, 128, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
            },
            None,
        )
        .unwrap();
    let rtv = d.create_render_target_view(&color, None).unwrap();
    bind_color_pipeline(d, &mut ctx, &rtv, 128, 128);
    ctx.om_set_render_targets_tiled(
        &[Some(OmRenderTarget::View(rtv))],
        Some(&OmDepthStencil::Tiled(dsv.clone())),
    )
    .unwrap();
    ctx.clear_tiled_depth_stencil_view(&dsv, true, false, 0.75, 0)
        .unwrap();
    // LESS at z 0.5 over (0, 0)–(32.3, 128): mapped samples left of the edge pass.
    draw_quad(
        d,
        &mut ctx,
        (128, 128),
        [0.0, 0.0, 32.3, 128.0],
        0.5,
        [1.0; 4],
    )
    .unwrap();
    (
        ctx.read_tiled_subresource(&r, 0).unwrap(),
        tessera_testkit::bytes(&color, 0),
    )
}

#[test]
fn a_4x_tiled_dsv_clears_and_tests_through_the_tiles() {
    let d = device_threads(1);
    let (b, planes) = msaa_depth_draw(&d);
    let depth = |x: usize, y: usize, s: usize| {
        let i = (((y * 128 + x) * 4) + s) * 4;
        f32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
    };
    assert_eq!([0, 1, 2, 3].map(|s| depth(5, 5, s)), [0.5; 4]);
    assert_eq!([0, 1, 2, 3].map(|s| depth(40, 5, s)), [0.75; 4]);
    let edge = [0, 1, 2, 3].map(|s| depth(32, 5, s));
    assert!(edge.contains(&0.5) && edge.contains(&0.75), "{edge:?}");
    assert_eq!([0, 1, 2, 3].map(|s| depth(5, 70, s)), [0.0; 4], "NULL tile");
    // The colour target's samples agree with the depth samples that passed.
    for (s, depth) in edge.iter().enumerate() {
        let i = ((s * 128 + 5) * 128 + 32) * 4;
        let drawn = planes[i..i + 4] == [0xFF; 4];
        assert_eq!(drawn, *depth == 0.5, "sample {s}");
    }
    assert_eq!(
        msaa_depth_draw(&device_threads(8)),
        (b, planes),
        "8 threads"
    );
}

/// The calls of the stored NULL_TILE_MAPPING_ACCESS_ERROR messages, oldest first.
fn null_calls(d: &Device) -> Vec<&'static str> {
    d.info_queue()
        .messages()
        .iter()
        .filter(|m| m.id == MessageId::NullTileMappingAccessError)
        .map(|m| m.call)
        .collect()
}

#[test]
fn tier_1_multi_slice_and_4x_targets_report_null_tiles_once_per_call() {
    let tier1 = |null| device_at(FeatureLevel::L11_0, Some(1), null).unwrap();
    // Several slices: the write of slice 0, the clear and the draw each report once; the
    // readbacks once a slice with a NULL tile (all three).
    let d = tier1(Tier1NullRead::Zero);
    let b = tiled_array_draw(&d);
    assert_eq!(b, tiled_array_draw(&device_threads(1)), "Tier 2's bytes");
    assert_eq!(
        null_calls(&d),
        [
            "UpdateSubresource",
            "ClearRenderTargetView",
            "Draw",
            "ReadTiledSubresource",
            "ReadTiledSubresource",
            "ReadTiledSubresource"
        ]
    );
    // The poison is what a NULL tile reads, never what it keeps.
    let d = tier1(Tier1NullRead::Poison);
    let b = tiled_array_draw(&d);
    assert_eq!(px(&b[1], 256, 10, 10), RED);
    assert_eq!(px(&b[1], 256, 210, 10), [0xFF, 0, 0xFF, 0xFF], "poison");
    // 4×: likewise, the samples of mapped tiles as at Tier 2.
    let d = tier1(Tier1NullRead::Zero);
    let (tiled, _) = msaa_draw(&d);
    assert_eq!(tiled, msaa_draw(&device_threads(1)).0);
    assert_eq!(
        null_calls(&d),
        [
            "ClearRenderTargetView",
            "Draw",
            "Draw",
            "ReadTiledSubresource"
        ]
    );
}

#[test]
fn a_4x_tiled_rtv_of_two_array_slices_clears_both_and_draws_the_first() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 128×128×2 RGBA8 4× (2×2 tiles of 64×64 pixels a slice): tile 0 of each slice mapped.
    let mut desc = tiled_tex(128, 128, 1, 2, Format::R8G8B8A8Unorm);
    desc.bind_flags = BindFlags::RENDER_TARGET;
    desc.sample_desc = SampleDesc {
        count: 4,
        quality: 0,
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 2);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &r, &p, c(0, 0, 1), 1, 1);
    let view = array_view(Format::R8G8B8A8Unorm, ViewDimension::Texture2DMsArray, 0, 2);
    let rtv = d.create_tiled_render_target_view(&r, Some(&view)).unwrap();
    let (_, scratch) = target(&d, 128, 128, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &scratch, 128, 128);
    ctx.om_set_render_targets_tiled(&[Some(OmRenderTarget::Tiled(rtv.clone()))], None)
        .unwrap();
    ctx.clear_tiled_render_target_view(&rtv, [0.0, 0.0, 1.0, 1.0])
        .unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (128, 128),
        [0.0, 0.0, 16.0, 16.0],
        0.5,
        [1.0, 0.0, 0.0, 1.0],
    )
    .unwrap();
    let mut samples = |s: u32, x: usize, y: usize| {
        let b = ctx.read_tiled_subresource(&r, s).unwrap();
        let i = ((y * 128 + x) * 4) * 4;
        b[i..i + 16].to_vec()
    };
    assert_eq!(samples(0, 5, 5), RED.repeat(4), "slice 0: drawn");
    assert_eq!(samples(0, 30, 5), BLUE.repeat(4), "slice 0: cleared");
    assert_eq!(
        samples(1, 5, 5),
        BLUE.repeat(4),
        "slice 1: cleared, not drawn"
    );
    assert_eq!(samples(1, 100, 5), vec![0; 16], "slice 1 tile 1: NULL");
}
