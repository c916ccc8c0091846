//! Render-target and depth-stencil views of tiled textures (issue #16 part 6, SPEC §6.8, §6.9):
//! draws and clears write and read (blend, depth test) through the tiles; NULL tiles read 0
//! and drop writes at Tier 2, read the Tier-1 value with `NULL_TILE_MAPPING_ACCESS_ERROR` at
//! Tier 1; a pool tile mapped twice shows writes in draw order; the same bytes at 1, 2 and 8
//! threads, and the same bytes as an untiled target on every mapped tile.

use tessera::caps::{
    BindFlags, Blend, BlendDesc, ComparisonFunc, DepthStencilDesc, RenderTargetBlendDesc,
    SubresourceRange, ViewDesc, ViewDimension,
};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::DsvFlags;
use tessera::tiled::{OmDepthStencil, OmRenderTarget, Tier1NullRead, TiledResource};
use tessera::{Device, DeviceContext, DeviceDesc, FeatureLevel};
use tessera_testkit::{bind_color_pipeline, draw_quad, target};

use super::*;

/// A tiled `w`×`h` RGBA8 render target (and SRV bind) with `arrays` slices.
fn tiled_rt(d: &Device, w: u32, h: u32, arrays: u32) -> TiledResource {
    let mut desc = tiled_tex(w, h, 1, arrays, Format::R8G8B8A8Unorm);
    desc.bind_flags = BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE;
    d.create_tiled_texture(&desc, None).unwrap()
}

/// Binds the colour pipeline for a `w`×`h` target, then `r`'s whole-mip-0 view as target 0.
fn bind_tiled(d: &Device, ctx: &mut DeviceContext, r: &TiledResource, w: u32, h: u32) {
    let (_, scratch) = target(d, w, h, Format::R8G8B8A8Unorm);
    bind_color_pipeline(d, ctx, &scratch, w, h);
    let rtv = d.create_tiled_render_target_view(r, None).unwrap();
    ctx.om_set_render_targets_tiled(&[Some(OmRenderTarget::Tiled(rtv))], None)
        .unwrap();
}

/// Additive blending (ONE, ONE) on target 0.
fn additive(d: &Device, ctx: &mut DeviceContext) {
    let mut desc = BlendDesc::default();
    desc.render_target[0] = RenderTargetBlendDesc {
        blend_enable: true,
        src_blend: Blend::One,
        dest_blend: Blend::One,
        src_blend_alpha: Blend::One,
        dest_blend_alpha: Blend::One,
        ..RenderTargetBlendDesc::default()
    };
    let s = d.create_blend_state(&desc).unwrap();
    ctx.om_set_blend_state(Some(&s), [1.0; 4], u32::MAX)
        .unwrap();
}

/// The RGBA8 texel (x, y) of a tight readback `w` wide.
fn px(bytes: &[u8], w: u32, x: u32, y: u32) -> [u8; 4] {
    let i = ((y * w + x) * 4) as usize;
    [bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]
}

#[test]
fn draw_and_blend_through_a_mapped_and_a_null_tile() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×128 RGBA8 = tiles (0, 0) mapped and (1, 0) NULL.
    let r = tiled_rt(&d, 256, 128, 1);
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    bind_tiled(&d, &mut ctx, &r, 256, 128);
    let rtv = d.create_tiled_render_target_view(&r, None).unwrap();
    ctx.clear_tiled_render_target_view(&rtv, [0.0, 0.0, 1.0, 1.0])
        .unwrap();
    additive(&d, &mut ctx);
    // The blend reads the cleared bytes back through the tile: (0.5, 0, 1, 1) + (0.5, 0, 0, 0).
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 256.0, 128.0],
        0.5,
        [0.5, 0.0, 0.0, 0.0],
    )
    .unwrap();
    let b = ctx.read_tiled_subresource(&r, 0).unwrap();
    for (x, y) in [(0, 0), (127, 127), (64, 3)] {
        assert_eq!(
            px(&b, 256, x, y),
            [0x80, 0, 0xFF, 0xFF],
            "mapped ({x}, {y})"
        );
    }
    for (x, y) in [(128, 0), (255, 127)] {
        assert_eq!(
            px(&b, 256, x, y),
            [0; 4],
            "NULL ({x}, {y}): the write is dropped"
        );
    }
    // A second additive draw reads the first's result from the tile: 0x80 + 0x80 saturates.
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 64.0, 64.0],
        0.5,
        [0.5, 0.0, 0.0, 0.0],
    )
    .unwrap();
    let b = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(px(&b, 256, 10, 10), [0xFF, 0, 0xFF, 0xFF]);
    assert_eq!(px(&b, 256, 100, 100), [0x80, 0, 0xFF, 0xFF]);
    // Bytes written through another path between draws are what the next blend reads.
    ctx.write_tiled_subresource(&r, 0, &vec![0x10; 256 * 128 * 4])
        .unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 64.0, 64.0],
        0.5,
        [0.25, 0.0, 0.0, 0.0],
    )
    .unwrap();
    let b = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(px(&b, 256, 10, 10), [0x50, 0x10, 0x10, 0x10]);
    assert_eq!(px(&b, 256, 100, 100), [0x10; 4]);
    assert_eq!(px(&b, 256, 200, 10), [0; 4]);
    assert!(ids(&d).is_empty(), "Tier 2 defines NULL access: no message");
}

#[test]
fn tier_1_outputs_report_null_tiles_once_per_draw_and_resource() {
    for (null_read, value) in [
        (Tier1NullRead::Poison, [0xFF, 0x00, 0xFF, 0xFF]),
        (Tier1NullRead::Zero, [0; 4]),
    ] {
        let d = device_at(FeatureLevel::L11_0, Some(1), null_read).unwrap();
        let mut ctx = d.immediate_context();
        // Two slices; slice 0's tile (0, 0) mapped, everything else NULL.
        let r = tiled_rt(&d, 256, 128, 2);
        let p = pool(&d, 1);
        map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
        let (_, scratch) = target(&d, 256, 128, Format::R8G8B8A8Unorm);
        bind_color_pipeline(&d, &mut ctx, &scratch, 256, 128);
        let slice = |s: u32| ViewDesc {
            format: Format::R8G8B8A8Unorm,
            dimension: ViewDimension::Texture2DArray,
            range: SubresourceRange {
                most_detailed_mip: 0,
                mip_levels: 1,
                first_array_slice: s,
                array_size: 1,
            },
        };
        let v0 = d
            .create_tiled_render_target_view(&r, Some(&slice(0)))
            .unwrap();
        let v1 = d
            .create_tiled_render_target_view(&r, Some(&slice(1)))
            .unwrap();
        ctx.om_set_render_targets_tiled(
            &[
                Some(OmRenderTarget::Tiled(v0)),
                Some(OmRenderTarget::Tiled(v1)),
            ],
            None,
        )
        .unwrap();
        d.info_queue().clear();
        draw_quad(
            &d,
            &mut ctx,
            (256, 128),
            [0.0, 0.0, 256.0, 128.0],
            0.5,
            [1.0, 1.0, 0.0, 1.0],
        )
        .unwrap();
        assert_eq!(
            ids(&d),
            [MessageId::NullTileMappingAccessError],
            "{null_read:?}"
        );
        let m = &d.info_queue().messages()[0];
        assert_eq!(m.call, "Draw");
        assert!(
            m.text.contains("Tier 1 output bound for a draw touches a NULL-mapped tile, first at tile 1 = (x 1, y 0, z 0) of subresource 0"),
            "{}",
            m.text
        );
        d.info_queue().clear();
        let b = ctx.read_tiled_subresource(&r, 0).unwrap();
        assert_eq!(px(&b, 256, 5, 5), [0xFF, 0xFF, 0, 0xFF], "mapped: written");
        assert_eq!(
            px(&b, 256, 200, 5),
            value,
            "NULL: dropped, reads {null_read:?}"
        );
    }
}

#[test]
fn depth_on_null_tiles_reads_zero_and_drops_writes_while_the_shader_runs() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×128 D32_FLOAT = two 128×128 tiles: (0, 0) mapped, (1, 0) NULL.
    let mut desc = tiled_tex(256, 128, 1, 1, Format::D32Float);
    desc.bind_flags = BindFlags::DEPTH_STENCIL;
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    let (color, rtv) = target(&d, 256, 128, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 256, 128);
    let dsv = d
        .create_tiled_depth_stencil_view(&r, None, DsvFlags::default())
        .unwrap();
    ctx.om_set_render_targets_tiled(
        &[Some(OmRenderTarget::View(rtv))],
        Some(&OmDepthStencil::Tiled(dsv.clone())),
    )
    .unwrap();
    let ds = d
        .create_depth_stencil_state(&DepthStencilDesc::default())
        .unwrap();
    ctx.om_set_depth_stencil_state(Some(&ds), 0).unwrap();
    ctx.clear_tiled_depth_stencil_view(&dsv, true, false, 1.0, 0)
        .unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 256.0, 128.0],
        0.5,
        [1.0; 4],
    )
    .unwrap();
    let rgba = tessera_testkit::rgba8(&color, 0);
    assert_eq!(rgba[10 * 256 + 10], [0xFF; 4], "mapped: 0.5 < 1.0 passes");
    assert_eq!(rgba[10 * 256 + 200], [0; 4], "NULL reads 0: 0.5 < 0 fails");
    let z = ctx.read_tiled_subresource(&r, 0).unwrap();
    let at = |x: usize, y: usize| {
        let i = (y * 256 + x) * 4;
        f32::from_le_bytes([z[i], z[i + 1], z[i + 2], z[i + 3]])
    };
    assert_eq!(at(10, 10), 0.5, "the depth write reached the mapped tile");
    assert_eq!(at(200, 10), 0.0);
    // A second quad behind the first fails on the mapped tile's stored 0.5.
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 256.0, 128.0],
        0.7,
        [0.0, 0.0, 0.0, 1.0],
    )
    .unwrap();
    assert_eq!(tessera_testkit::rgba8(&color, 0)[10 * 256 + 10], [0xFF; 4]);
    // ALWAYS: the pixel shader runs over NULL depth too; its depth write there is dropped.
    let always = d
        .create_depth_stencil_state(&DepthStencilDesc {
            depth_func: ComparisonFunc::Always,
            ..DepthStencilDesc::default()
        })
        .unwrap();
    ctx.om_set_depth_stencil_state(Some(&always), 0).unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 256.0, 128.0],
        0.25,
        [0.0, 0.0, 1.0, 1.0],
    )
    .unwrap();
    assert_eq!(
        tessera_testkit::rgba8(&color, 0)[10 * 256 + 200],
        [0, 0, 0xFF, 0xFF]
    );
    let z = ctx.read_tiled_subresource(&r, 0).unwrap();
    let at = |x: usize, y: usize| {
        let i = (y * 256 + x) * 4;
        f32::from_le_bytes([z[i], z[i + 1], z[i + 2], z[i + 3]])
    };
    assert_eq!((at(10, 10), at(200, 10)), (0.25, 0.0));
    assert!(ids(&d).is_empty());
}

#[test]
fn a_pool_tile_mapped_twice_shows_writes_in_draw_order() {
    use tessera::resource::tiled::TILE_RANGE_REUSE_SINGLE_TILE;
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = tiled_rt(&d, 256, 128, 1);
    let p = pool(&d, 1);
    // Both resource tiles on pool tile 0 (one range, REUSE_SINGLE_TILE).
    ctx.update_tile_mappings(
        &r,
        &UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[c(0, 0, 0)]),
            sizes: Some(&[linear(2)]),
            pool: Some(&p),
            num_ranges: 1,
            range_flags: Some(&[TILE_RANGE_REUSE_SINGLE_TILE]),
            pool_starts: Some(&[0]),
            range_counts: Some(&[2]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
    assert_eq!(r.mappings(), [Some(0), Some(0)]);
    bind_tiled(&d, &mut ctx, &r, 256, 128);
    d.info_queue().clear();
    // Draw 1: red over the left tile; the right tile shows it (one pool tile).
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [0.0, 0.0, 128.0, 128.0],
        0.5,
        [1.0, 0.0, 0.0, 1.0],
    )
    .unwrap();
    let b = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(px(&b, 256, 5, 100), [0xFF, 0, 0, 0xFF]);
    assert_eq!(px(&b, 256, 133, 100), [0xFF, 0, 0, 0xFF]);
    // Draw 2: green over the top half of the right tile, written after draw 1's red.
    draw_quad(
        &d,
        &mut ctx,
        (256, 128),
        [128.0, 0.0, 256.0, 64.0],
        0.5,
        [0.0, 1.0, 0.0, 1.0],
    )
    .unwrap();
    let b = ctx.read_tiled_subresource(&r, 0).unwrap();
    for x in [5, 133] {
        assert_eq!(
            px(&b, 256, x, 10),
            [0, 0xFF, 0, 0xFF],
            "x {x}: draw 2 wins on top"
        );
        assert_eq!(
            px(&b, 256, x, 100),
            [0xFF, 0, 0, 0xFF],
            "x {x}: draw 1 stays below"
        );
    }
    // Both draws covered both duplicates: D3D calls it undefined, Tessera warns.
    assert_eq!(
        ids(&d),
        [
            MessageId::DuplicateTileMappingsInCoveredArea,
            MessageId::DuplicateTileMappingsInCoveredArea
        ]
    );
}

/// Draws a fixed set of overlapping blended quads into a tiled target (threads `n`), then
/// into an untiled one; returns the tiled readback and the untiled bytes.
fn render_mesh(n: usize) -> (Vec<u8>, Vec<u8>) {
    let d = Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(2),
            ..CapsOptions::default()
        },
        threads: Some(n),
        ..DeviceDesc::at(FeatureLevel::L11_1)
    })
    .unwrap();
    let mut ctx = d.immediate_context();
    // 512×384 = 4×3 tiles: tile 5 NULL, tile 7 aliases tile 2's pool tile, the rest mapped.
    let r = tiled_rt(&d, 512, 384, 1);
    let p = pool(&d, 12);
    for t in 0..12u32 {
        if t != 5 && t != 7 {
            map(&mut ctx, &r, &p, c(t % 4, t / 4, 0), 1, t);
        }
    }
    map(&mut ctx, &r, &p, c(3, 1, 0), 1, 2);
    bind_tiled(&d, &mut ctx, &r, 512, 384);
    additive(&d, &mut ctx);
    let (plain, plain_rtv) = target(&d, 512, 384, Format::R8G8B8A8Unorm);
    for round in 0..2 {
        for k in 0..40u32 {
            let f = k as f32;
            let rect = [
                (f * 37.0) % 400.0,
                (f * 53.0) % 300.0,
                (f * 37.0) % 400.0 + 60.0 + f,
                (f * 53.0) % 300.0 + 50.0 + f,
            ];
            let col = [0.05 + f / 400.0, 0.1, f / 80.0, 0.03];
            draw_quad(&d, &mut ctx, (512, 384), rect, 0.5, col).unwrap();
        }
        if round == 0 {
            ctx.om_set_render_targets(&[Some(plain_rtv.clone())], None)
                .unwrap();
        }
    }
    (
        ctx.read_tiled_subresource(&r, 0).unwrap(),
        tessera_testkit::bytes(&plain, 0),
    )
}

#[test]
fn the_same_bytes_at_1_2_and_8_threads_and_as_an_untiled_target() {
    let (tiled, plain) = render_mesh(1);
    for n in [2, 8] {
        let (t, u) = render_mesh(n);
        assert!(t == tiled, "tiled bytes at {n} threads");
        assert!(u == plain, "untiled bytes at {n} threads");
    }
    // Every tile that is mapped once holds the untiled target's bytes; the NULL tile reads 0.
    let mut differing = 0;
    for y in 0..384u32 {
        for x in 0..512u32 {
            let tile = x / 128 + 4 * (y / 128);
            let want = match tile {
                5 => [0; 4],
                2 | 7 => continue,
                _ => px(&plain, 512, x, y),
            };
            if px(&tiled, 512, x, y) != want {
                differing += 1;
            }
        }
    }
    assert_eq!(differing, 0);
    assert!(plain.iter().any(|&b| b != 0), "the mesh drew something");
}

#[test]
fn tiled_outputs_and_tiled_inputs_obey_the_binding_hazard() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = tiled_rt(&d, 256, 128, 1);
    let srv = d.create_tiled_shader_resource_view(&r, None).unwrap();
    ctx.ps_set_tiled_shader_resources(0, &[Some(srv.clone())])
        .unwrap();
    bind_tiled(&d, &mut ctx, &r, 256, 128);
    assert!(
        ctx.ps_get_tiled_shader_resources()[0].is_none(),
        "binding the output unbinds it"
    );
    assert!(ids(&d).contains(&MessageId::DevicePsSetShaderResourcesHazard));
    d.info_queue().clear();
    ctx.ps_set_tiled_shader_resources(0, &[Some(srv)]).unwrap();
    assert!(
        ctx.ps_get_tiled_shader_resources()[0].is_none(),
        "bound as NULL"
    );
    assert_eq!(ids(&d), [MessageId::DevicePsSetShaderResourcesHazard]);
}

#[test]
fn tiled_output_views_outside_the_scope_are_refused() {
    let d = device(2);
    // No RENDER_TARGET bind flag.
    let r = d
        .create_tiled_texture(&tiled_tex(256, 128, 1, 2, Format::R8G8B8A8Unorm), None)
        .unwrap();
    assert!(matches!(
        d.create_tiled_render_target_view(&r, None),
        Err(tessera::Error::Resource(_))
    ));
    let r = tiled_rt(&d, 256, 128, 2);
    // The default view covers both slices (target_views.rs draws through such views).
    assert_eq!(
        d.create_tiled_render_target_view(&r, None)
            .unwrap()
            .desc()
            .range
            .array_size,
        2
    );
    let b = d.create_tiled_buffer(&tiled_buf(65536), None).unwrap();
    assert!(matches!(
        d.create_tiled_render_target_view(&b, None),
        Err(tessera::Error::Unsupported(_))
    ));
}

#[test]
fn a_clear_through_a_null_tile_at_tier_1_is_reported_and_dropped() {
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Zero).unwrap();
    let mut ctx = d.immediate_context();
    let r = tiled_rt(&d, 256, 128, 1);
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(1, 0, 0), 1, 0);
    let rtv = d.create_tiled_render_target_view(&r, None).unwrap();
    d.info_queue().clear();
    ctx.clear_tiled_render_target_view(&rtv, [1.0, 0.0, 0.0, 1.0])
        .unwrap();
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError]);
    let m = &d.info_queue().messages()[0];
    assert_eq!(m.call, "ClearRenderTargetView");
    assert!(
        m.text.contains("tile 0 = (x 0, y 0, z 0) of subresource 0"),
        "{}",
        m.text
    );
    d.info_queue().clear();
    let b = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(px(&b, 256, 130, 0), [0xFF, 0, 0, 0xFF]);
    assert_eq!(px(&b, 256, 0, 0), [0; 4]);
}
