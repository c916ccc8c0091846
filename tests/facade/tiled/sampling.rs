//! Sampling tiled textures through a draw (issue #16 part 3, SPEC §6.8): NULL texels read 0
//! in the format's components and the default in the others, filter footprints across a
//! NULL/mapped seam weigh NULL texels as 0, a NULL mip reads 0, and Tier 1 reads the poison /
//! zero value with `NULL_TILE_MAPPING_ACCESS_ERROR` once per draw and resource.

use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::tiled::{Tier1NullRead, TiledShaderResourceView};
use tessera::{Device, DeviceContext, FeatureLevel};

use super::probe::{probe, probe_slice, setup};
use super::*;

/// A `w`×`h` single-mip tiled texture of `format` on `d` with resource tile 0 mapped and
/// every texel written `fill`, and its whole-resource view.
fn seam(
    d: &Device,
    ctx: &mut DeviceContext,
    w: u32,
    h: u32,
    format: Format,
    fill: u8,
) -> TiledShaderResourceView {
    let r = d
        .create_tiled_texture(&tiled_tex(w, h, 1, 1, format), None)
        .unwrap();
    let p = pool(d, 1);
    map(ctx, &r, &p, c(0, 0, 0), 1, 0);
    let bytes = (w * h * format.info().bytes_per_block) as usize;
    let len = if format.is_compressed() {
        bytes / 16
    } else {
        bytes
    };
    ctx.write_tiled_subresource(&r, 0, &vec![fill; len])
        .unwrap();
    d.create_tiled_shader_resource_view(&r, None).unwrap()
}

#[test]
fn point_and_linear_across_a_null_seam() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×256 RGBA8: tiles of 128×128; tile (0, 0) mapped and white, tile (1, 0) NULL.
    let view = seam(&d, &mut ctx, 256, 256, Format::R8G8B8A8Unorm, 0xFF);
    let out = setup(&d, &mut ctx, false);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view.clone())])
        .unwrap();
    let texel = |x: f32| [(x + 0.5) / 256.0, 0.5 / 256.0];
    assert_eq!(probe(&d, &mut ctx, &out, texel(127.0), 0.0), [1.0; 4]);
    assert_eq!(
        probe(&d, &mut ctx, &out, texel(128.0), 0.0),
        [0.0; 4],
        "NULL: 0 in R, G, B and A"
    );
    let out = setup(&d, &mut ctx, true);
    // Halfway between texel centres 127 and 128: the NULL texel weighs 0.5 as 0.
    assert_eq!(
        probe(&d, &mut ctx, &out, [128.0 / 256.0, 0.5 / 256.0], 0.0),
        [0.5; 4]
    );
    // A quarter of the way from 127 to 128: 0.75 of the mapped texel.
    assert_eq!(
        probe(&d, &mut ctx, &out, [127.75 / 256.0, 0.5 / 256.0], 0.0),
        [0.75; 4]
    );
    assert!(ids(&d).is_empty(), "Tier 2 defines NULL reads: no message");
}

#[test]
fn missing_components_read_their_default_and_bc1_reads_transparent_black() {
    let d = device(3);
    let mut ctx = d.immediate_context();
    // R8_UNORM tiles are 256×256: tile 0 mapped and 1.0, tile 1 NULL.
    let view = seam(&d, &mut ctx, 512, 256, Format::R8Unorm, 0xFF);
    let out = setup(&d, &mut ctx, false);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    let at = |x: f32| [(x + 0.5) / 512.0, 0.5 / 256.0];
    assert_eq!(
        probe(&d, &mut ctx, &out, at(255.0), 0.0),
        [1.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(
        probe(&d, &mut ctx, &out, at(256.0), 0.0),
        [0.0, 0.0, 0.0, 1.0]
    );
    let out = setup(&d, &mut ctx, true);
    assert_eq!(
        probe(&d, &mut ctx, &out, [256.0 / 512.0, 0.5 / 256.0], 0.0),
        [0.5, 0.0, 0.0, 1.0]
    );
    // BC1 tiles are 512×256 texels (128×64 blocks of 8 bytes): tile 0 mapped, tile 1 NULL.
    let view = seam(&d, &mut ctx, 1024, 256, Format::Bc1Unorm, 0x00);
    let out = setup(&d, &mut ctx, false);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    let at = |x: f32| [(x + 0.5) / 1024.0, 0.5 / 256.0];
    // The mapped all-zero block: black, alpha 1 (its index 0 is colour 0).
    assert_eq!(
        probe(&d, &mut ctx, &out, at(511.0), 0.0),
        [0.0, 0.0, 0.0, 1.0]
    );
    // The NULL block: 0 in every component BC1 has, alpha included.
    assert_eq!(probe(&d, &mut ctx, &out, at(512.0), 0.0), [0.0; 4]);
}

#[test]
fn a_null_mip_reads_zero_and_trilinear_weighs_it() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×256 RGBA8, full chain: mip 0 = 2×2 tiles, mip 1 = 1 tile, mips 2.. packed.
    let desc = tiled_tex(256, 256, 0, 1, Format::R8G8B8A8Unorm);
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let tiling = r.tiling();
    assert_eq!(tiling.packed_mip_desc.num_standard_mips, 2);
    let packed = tiling.packed_mip_desc.num_tiles_for_packed_mips;
    let p = pool(&d, 4 + packed);
    map(&mut ctx, &r, &p, c(0, 0, 0), 4, 0);
    // The packed tail: subresource 2, starting at its first packed tile.
    map(&mut ctx, &r, &p, c(0, 0, 2), packed, 4);
    for mip in [0u32, 2, 3] {
        let side = (256 >> mip) as usize;
        ctx.write_tiled_subresource(&r, mip, &vec![0xFF; side * side * 4])
            .unwrap();
    }
    let view = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let out = setup(&d, &mut ctx, true);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    let uv = [0.5, 0.5];
    assert_eq!(probe(&d, &mut ctx, &out, uv, 0.0), [1.0; 4]);
    assert_eq!(
        probe(&d, &mut ctx, &out, uv, 1.0),
        [0.0; 4],
        "mip 1 is NULL"
    );
    assert_eq!(
        probe(&d, &mut ctx, &out, uv, 0.5),
        [0.5; 4],
        "half of mip 0, half of NULL mip 1"
    );
    assert_eq!(
        probe(&d, &mut ctx, &out, uv, 1.75),
        [0.75; 4],
        "mip 2 (packed, mapped) weighs 0.75"
    );
    assert_eq!(probe(&d, &mut ctx, &out, uv, 2.0), [1.0; 4]);
    // A view starting at mip 1 sees the NULL mip as its most detailed one.
    let v1 = d
        .create_tiled_shader_resource_view(
            &r,
            Some(&tessera::caps::ViewDesc {
                format: Format::R8G8B8A8Unorm,
                dimension: tessera::caps::ViewDimension::Texture2D,
                range: tessera::caps::SubresourceRange {
                    most_detailed_mip: 1,
                    mip_levels: u32::MAX,
                    first_array_slice: 0,
                    array_size: 1,
                },
            }),
        )
        .unwrap();
    ctx.ps_set_tiled_shader_resources(0, &[Some(v1)]).unwrap();
    assert_eq!(probe(&d, &mut ctx, &out, uv, 0.0), [0.0; 4]);
    assert_eq!(probe(&d, &mut ctx, &out, uv, 1.0), [1.0; 4]);
}

#[test]
fn tier_1_reads_the_poison_and_reports_once_per_draw_and_resource() {
    for (null_read, value) in [
        (Tier1NullRead::Poison, [1.0, 0.0, 1.0, 1.0]),
        (Tier1NullRead::Zero, [0.0; 4]),
    ] {
        let d = device_at(FeatureLevel::L11_0, Some(1), null_read).unwrap();
        let mut ctx = d.immediate_context();
        let view = seam(&d, &mut ctx, 256, 256, Format::R8G8B8A8Unorm, 0xFF);
        d.info_queue().clear();
        let out = setup(&d, &mut ctx, false);
        // The same resource in two slots: still one message per draw.
        ctx.ps_set_tiled_shader_resources(0, &[Some(view.clone()), Some(view)])
            .unwrap();
        let texel = |x: f32| [(x + 0.5) / 256.0, 0.5 / 256.0];
        assert_eq!(
            probe(&d, &mut ctx, &out, texel(128.0), 0.0),
            value,
            "{null_read:?}"
        );
        let msgs = d.info_queue().messages();
        assert_eq!(
            ids(&d),
            [MessageId::NullTileMappingAccessError],
            "{null_read:?}"
        );
        assert_eq!(msgs[0].call, "Draw");
        assert!(
            msgs[0].text.contains("Tier 1 view bound for a draw touches a NULL-mapped tile, first at tile 1 = (x 1, y 0, z 0) of subresource 0"),
            "{}",
            msgs[0].text
        );
        // The view covers NULL tiles, so every draw reports, even one sampling mapped texels.
        assert_eq!(probe(&d, &mut ctx, &out, texel(127.0), 0.0), [1.0; 4]);
        assert_eq!(ids(&d).len(), 2);
    }
}

#[test]
fn array_slices_of_a_view_read_their_own_tiles() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 256×256×3 RGBA8: slice 1's tile (0, 0) mapped and white, every other tile NULL.
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 3, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(0, 0, 1), 1, 0);
    ctx.write_tiled_subresource(&r, 1, &vec![0xFF; 256 * 256 * 4])
        .unwrap();
    let desc = tessera::caps::ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: tessera::caps::ViewDimension::Texture2DArray,
        range: tessera::caps::SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 1,
            array_size: 2,
        },
    };
    let view = d
        .create_tiled_shader_resource_view(&r, Some(&desc))
        .unwrap();
    let out = setup(&d, &mut ctx, false);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    let at = |x: f32, slice: f32| [(x + 0.5) / 256.0, 0.5 / 256.0, slice];
    assert_eq!(
        probe_slice(&d, &mut ctx, &out, at(0.0, 0.0), 0.0),
        [1.0; 4],
        "resource slice 1"
    );
    assert_eq!(
        probe_slice(&d, &mut ctx, &out, at(128.0, 0.0), 0.0),
        [0.0; 4],
        "its NULL tile"
    );
    assert_eq!(
        probe_slice(&d, &mut ctx, &out, at(0.0, 1.0), 0.0),
        [0.0; 4],
        "resource slice 2"
    );
    // Past the view's last slice: clamped to it (slice 2, NULL), never slice 0 or 1's memory.
    assert_eq!(probe_slice(&d, &mut ctx, &out, at(0.0, 5.0), 0.0), [0.0; 4]);
}

#[test]
fn packed_bc1_mips_read_through_the_tail() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    // 512×512 BC1, full chain: mip 0 = 1×2 tiles of 512×256 texels, mips 1.. packed.
    let r = d
        .create_tiled_texture(&tiled_tex(512, 512, 0, 1, Format::Bc1Unorm), None)
        .unwrap();
    let t = r.tiling();
    assert_eq!(t.packed_mip_desc.num_standard_mips, 1);
    let packed = t.packed_mip_desc.num_tiles_for_packed_mips;
    let view = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let out = setup(&d, &mut ctx, false);
    ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap();
    // Nothing mapped: every mip is transparent black.
    for lod in [0.0, 3.0, 9.0] {
        assert_eq!(
            probe(&d, &mut ctx, &out, [0.3, 0.7], lod),
            [0.0; 4],
            "lod {lod}"
        );
    }
    // The tail mapped and written with zero blocks (opaque black); mip 0 stays NULL.
    let p = pool(&d, packed);
    map(&mut ctx, &r, &p, c(0, 0, 1), packed, 0);
    for mip in 1..10u32 {
        let blocks = ((512u32 >> mip).max(1)).div_ceil(4) as usize;
        ctx.write_tiled_subresource(&r, mip, &vec![0; blocks * blocks * 8])
            .unwrap();
    }
    for lod in [1.0, 3.0, 9.0] {
        assert_eq!(
            probe(&d, &mut ctx, &out, [0.3, 0.7], lod),
            [0.0, 0.0, 0.0, 1.0],
            "lod {lod}"
        );
    }
    assert_eq!(probe(&d, &mut ctx, &out, [0.3, 0.7], 0.0), [0.0; 4]);
}
