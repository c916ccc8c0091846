//! Pool tiles shared across the views of one draw (SPEC §6.9, issue #16): a tiled input and a
//! tiled output on one pool tile warn `TILE_MAPPINGS_SHARED_BETWEEN_INPUT_AND_OUTPUT`; an
//! output's covered pool tile also mapped outside the view (the same resource's other tiles,
//! another bound resource) warns `TILE_MAPPINGS_IN_COVERED_AREA_DUPLICATED_OUTSIDE`; distinct
//! tiles warn nothing; the bytes are those of the shadow model (the input reads the tile as it
//! was before the draw) and the reports are the same at 1 and 8 threads.

use tessera::caps::{BindFlags, CapsOptions, SubresourceRange, ViewDesc, ViewDimension};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::tiled::{OmRenderTarget, TiledResource};
use tessera::{Device, DeviceContext, DeviceDesc, FeatureLevel};
use tessera_testkit::{bind_color_pipeline, draw_quad, target};

use super::*;

/// A Tier-2 device at 11_1 with `n` threads.
fn device_n(n: usize) -> Device {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(2),
            ..CapsOptions::default()
        },
        threads: Some(n),
        ..DeviceDesc::at(FeatureLevel::L11_1)
    })
    .unwrap()
}

/// A tiled 256×128 RGBA8 texture (2 tiles a slice) with `arrays` slices, RT and SRV bind.
fn tiled_rt(d: &Device, arrays: u32) -> TiledResource {
    let mut desc = tiled_tex(256, 128, 1, arrays, Format::R8G8B8A8Unorm);
    desc.bind_flags = BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE;
    d.create_tiled_texture(&desc, None).unwrap()
}

/// Binds the colour pipeline and slice 0 of `r` as tiled target 0.
fn bind_slice0(d: &Device, ctx: &mut DeviceContext, r: &TiledResource) {
    let (_, scratch) = target(d, 256, 128, Format::R8G8B8A8Unorm);
    bind_color_pipeline(d, ctx, &scratch, 256, 128);
    let view = ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: ViewDimension::Texture2DArray,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: 1,
        },
    };
    let rtv = d.create_tiled_render_target_view(r, Some(&view)).unwrap();
    ctx.om_set_render_targets_tiled(&[Some(OmRenderTarget::Tiled(rtv))], None)
        .unwrap();
}

/// Draws a red quad over the whole 256×128 target.
fn draw_red(d: &Device, ctx: &mut DeviceContext) {
    draw_quad(
        d,
        ctx,
        (256, 128),
        [0.0, 0.0, 256.0, 128.0],
        0.5,
        [1.0, 0.0, 0.0, 1.0],
    )
    .unwrap();
}

/// A stored message as (id, call, text).
type Msg = (MessageId, &'static str, String);

/// The stored messages as (id, call, text).
fn messages(d: &Device) -> Vec<Msg> {
    d.info_queue()
        .messages()
        .iter()
        .map(|m| (m.id, m.call, m.text.clone()))
        .collect()
}

/// Output `a` (tiles 0, 1 on pool tiles 0, 1) drawn red while a PS tiled SRV of `b` (tile 0
/// on pool tile `b_pool`, cleared to 0x40 first) is bound; threads `n`. Returns the messages
/// of the draw, `a`'s bytes and `b`'s bytes after it.
fn input_and_output(n: usize, b_pool: u32) -> (Vec<Msg>, Vec<u8>, Vec<u8>) {
    let d = device_n(n);
    let mut ctx = d.immediate_context();
    let p = pool(&d, 3);
    let (a, b) = (tiled_rt(&d, 1), tiled_rt(&d, 1));
    map(&mut ctx, &a, &p, c(0, 0, 0), 2, 0);
    map(&mut ctx, &b, &p, c(0, 0, 0), 1, b_pool);
    ctx.write_tiled_subresource(&b, 0, &vec![0x40; 256 * 128 * 4])
        .unwrap();
    bind_slice0(&d, &mut ctx, &a);
    let srv = d.create_tiled_shader_resource_view(&b, None).unwrap();
    ctx.ps_set_tiled_shader_resources(0, &[Some(srv)]).unwrap();
    d.info_queue().clear();
    draw_red(&d, &mut ctx);
    let m = messages(&d);
    let a_bytes = ctx.read_tiled_subresource(&a, 0).unwrap();
    let b_bytes = ctx.read_tiled_subresource(&b, 0).unwrap();
    (m, a_bytes, b_bytes)
}

#[test]
fn input_and_output_on_one_pool_tile_warn_once_per_pair() {
    // b's tile 0 on pool tile 1 = a's tile 1.
    let (m, a, b) = input_and_output(1, 1);
    assert_eq!(
        m,
        [
            (
                MessageId::TileMappingsSharedBetweenInputAndOutput,
                "Draw",
                "PS shader resource slot 0 resource tile 0 and tiled output 0 resource tile 1 both map pool tile 1 (SPEC §6.9: reading and writing one pool tile in one call is undefined; Tessera's input sees the tile as it was before the call)".to_string()
            ),
            (
                MessageId::TileMappingsInCoveredAreaDuplicatedOutside,
                "Draw",
                "tiled output 0 resource tile 1 maps pool tile 1, which resource tile 0 of another resource (PS shader resource slot 0) also maps (SPEC §6.9: views of the other tiles may not see the results)".to_string()
            ),
        ]
    );
    assert_eq!(m[0].0.number(), 0x0030_0199);
    assert_eq!(m[1].0.number(), 0x0030_0197);
    // The reports change no byte: a is red; b's tile 0 shows a's tile 1 (one pool tile).
    assert!(a.chunks(4).all(|t| t == [0xFF, 0, 0, 0xFF]));
    assert_eq!(&b[..4], [0xFF, 0, 0, 0xFF]);
    assert_eq!(&b[128 * 4..128 * 4 + 4], [0; 4], "b's tile 1 is NULL");
    // The same reports and bytes at 8 threads.
    assert_eq!(input_and_output(8, 1), (m, a, b));
}

#[test]
fn input_and_output_on_distinct_pool_tiles_warn_nothing() {
    let (m, a, b) = input_and_output(1, 2);
    assert_eq!(m, []);
    assert!(a.chunks(4).all(|t| t == [0xFF, 0, 0, 0xFF]));
    assert_eq!(&b[..4], [0x40; 4], "b keeps its own pool tile");
}

/// Slice 0 of a 2-slice texture (tiles 0, 1 on pool tiles 0, 1) drawn red twice while slice
/// 1's tile 3 maps pool tile `outside_pool`. Returns the messages of the draws.
fn duplicated_outside(n: usize, outside_pool: u32) -> Vec<Msg> {
    let d = device_n(n);
    let mut ctx = d.immediate_context();
    let p = pool(&d, 3);
    let r = tiled_rt(&d, 2);
    map(&mut ctx, &r, &p, c(0, 0, 0), 2, 0);
    map(&mut ctx, &r, &p, c(1, 0, 1), 1, outside_pool);
    bind_slice0(&d, &mut ctx, &r);
    d.info_queue().clear();
    draw_red(&d, &mut ctx);
    draw_red(&d, &mut ctx);
    let bytes = ctx.read_tiled_subresource(&r, 1).unwrap();
    let tile3 = [
        bytes[128 * 4],
        bytes[128 * 4 + 1],
        bytes[128 * 4 + 2],
        bytes[128 * 4 + 3],
    ];
    let expected = if outside_pool == 0 {
        [0xFF, 0, 0, 0xFF]
    } else {
        [0; 4]
    };
    assert_eq!(tile3, expected, "slice 1's tile 3 shows its pool tile");
    messages(&d)
}

#[test]
fn covered_tile_mapped_outside_the_view_warns_once_per_draw() {
    let m = duplicated_outside(1, 0);
    let one = (
        MessageId::TileMappingsInCoveredAreaDuplicatedOutside,
        "Draw",
        "tiled output 0 resource tile 0 maps pool tile 0, which resource tile 3 of the same resource, outside the view, also maps (SPEC §6.9: views of the other tiles may not see the results)".to_string(),
    );
    assert_eq!(m, [one.clone(), one]);
    assert_eq!(duplicated_outside(8, 0), m);
}

#[test]
fn tiles_outside_the_view_on_other_pool_tiles_warn_nothing() {
    assert_eq!(duplicated_outside(1, 2), []);
}
