//! Shader-resource views of tiled textures (issue #16 part 3): what can be viewed, how the
//! views bind, and a textured plane drawn from a tiled texture matching the same draw from an
//! ordinary texture that holds zeros where the tiles are NULL.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, Filter, PrimitiveTopology, SamplerDesc, SubresourceRange, TextureDesc,
    TextureDimension, ViewDesc, ViewDimension,
};
use tessera::format::Format;
use tessera::pipeline::builtin::{TexturedPs, TransformVs};
use tessera::resource::{ResourceError, SubresourceData};
use tessera::{Device, DeviceContext, Error};
use tessera_testkit::{
    float4_layout, identity_constants, no_cull, rect_strip, rgba8, target, vb_view, vertex_buffer,
    viewport,
};

use super::*;

fn view_desc(dimension: ViewDimension, first_slice: u32, slices: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: u32::MAX,
            first_array_slice: first_slice,
            array_size: slices,
        },
    }
}

#[test]
fn tiled_views_follow_the_srv_rules_and_tesseras_scope() {
    let d = device(3);
    let arr = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 4, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let v = d
        .create_tiled_shader_resource_view(
            &arr,
            Some(&view_desc(ViewDimension::Texture2DArray, 1, 2)),
        )
        .unwrap();
    assert_eq!(v.desc().range.first_array_slice, 1);
    assert_eq!(v.desc().range.array_size, 2);
    assert_eq!(v.desc().range.mip_levels, 1, "-1 resolved");
    assert!(v.resource().ptr_eq(&arr));
    // Past the slices: the ordinary range rule.
    let r = d.create_tiled_shader_resource_view(
        &arr,
        Some(&view_desc(ViewDimension::Texture2DArray, 3, 2)),
    );
    assert!(
        matches!(r, Err(Error::Resource(ResourceError::InvalidView(_)))),
        "{r:?}"
    );
    // No SHADER_RESOURCE bind flag: refused like an ordinary texture.
    let bare = d
        .create_tiled_texture(
            &TextureDesc {
                bind_flags: BindFlags::NONE,
                ..tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm)
            },
            None,
        )
        .unwrap();
    let r = d.create_tiled_shader_resource_view(&bare, None);
    assert!(
        matches!(r, Err(Error::Resource(ResourceError::InvalidView(ref s))) if s.contains("bind flag")),
        "{r:?}"
    );
    // Buffers and Texture3D: not implemented, said so.
    let buf = d.create_tiled_buffer(&tiled_buf(65536), None).unwrap();
    let r = d.create_tiled_shader_resource_view(&buf, None);
    assert!(
        matches!(r, Err(Error::Unsupported(s)) if s.contains("tiled buffers")),
        "{r:?}"
    );
    let mut t3 = tiled_tex(64, 32, 1, 1, Format::R8G8B8A8Unorm);
    t3.dimension = TextureDimension::D3;
    t3.depth = 32;
    let vol = d.create_tiled_texture(&t3, None).unwrap();
    // Texture3D (Tier 3): a view of its one mip (tiled::volume samples through it).
    let v = d.create_tiled_shader_resource_view(&vol, None).unwrap();
    assert_eq!(v.desc().dimension, ViewDimension::Texture3D);
    // Multisampled: a Texture2DMS view (tiled::ms_views reads its samples).
    let mut ms = tiled_tex(128, 128, 1, 1, Format::R8G8B8A8Unorm);
    ms.bind_flags = BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET;
    ms.sample_desc.count = 4;
    let ms = d.create_tiled_texture(&ms, None).unwrap();
    let v = d.create_tiled_shader_resource_view(&ms, None).unwrap();
    assert_eq!(v.desc().dimension, ViewDimension::Texture2DMs);
    // Another device's resource.
    let other = device(3);
    let r = other.create_tiled_shader_resource_view(&arr, None);
    assert!(matches!(r, Err(Error::ForeignObject { .. })), "{r:?}");
    assert_eq!(d.caps().tiled_tier(), Some(3));
}

#[test]
fn a_slot_holds_an_ordinary_or_a_tiled_view() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let tv = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let tex = d
        .create_texture(
            &TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            None,
        )
        .unwrap();
    let sv = d.create_shader_resource_view(&tex, None).unwrap();
    ctx.ps_set_tiled_shader_resources(1, &[Some(tv.clone())])
        .unwrap();
    assert!(ctx.ps_get_tiled_shader_resources()[1].is_some());
    ctx.ps_set_shader_resources(0, &[None, Some(sv.clone())])
        .unwrap();
    assert!(
        ctx.ps_get_tiled_shader_resources()[1].is_none(),
        "the ordinary view replaced it"
    );
    ctx.ps_set_tiled_shader_resources(1, &[Some(tv)]).unwrap();
    assert!(ctx.ps_get_shader_resources()[1].is_none(), "and back");
    let limit = d.limits().ps_srv_slots() as usize;
    assert!(matches!(
        ctx.ps_set_tiled_shader_resources(limit, &[None]),
        Err(Error::SlotRange { .. })
    ));
}

/// Draws a 256×256 texture with [`TexturedPs`] (point sampling) on an 8×8 RGBA8 target;
/// `bind` binds t0.
pub(super) fn plane(d: &Device, bind: impl FnOnce(&mut DeviceContext)) -> Vec<[u8; 4]> {
    let mut ctx = d.immediate_context();
    let (out, rtv) = target(d, 8, 8, Format::R8G8B8A8Unorm);
    let layout = float4_layout(d, &["POSITION", "TEXCOORD", "COLOR"]);
    let uv = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let verts = rect_strip([0.0, 0.0, 8.0, 8.0], 0.5, (8, 8), |i| {
        vec![uv[i][0], uv[i][1], 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    });
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(d, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(d))])
        .unwrap();
    let ps = d.create_pixel_shader(Arc::new(TexturedPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let point = SamplerDesc {
        filter: Filter::default(),
        ..SamplerDesc::default()
    };
    let point = d.create_sampler_state(&point).unwrap();
    ctx.ps_set_samplers(0, &[Some(point)]).unwrap();
    bind(&mut ctx);
    ctx.rs_set_state(Some(&no_cull(d))).unwrap();
    ctx.rs_set_viewports(&[viewport(8, 8)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    ctx.draw(4, 0).unwrap();
    rgba8(&out, 0)
}

#[test]
fn a_plane_drawn_from_a_tiled_texture_matches_the_zero_filled_texture() {
    let d = device(2);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 2);
    // A checkerboard of tiles: (0, 0) and (1, 1) mapped, (1, 0) and (0, 1) NULL.
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &r, &p, c(1, 1, 0), 1, 1);
    let texels = pattern(256, 256);
    ctx.write_tiled_subresource(&r, 0, &texels).unwrap();
    let view = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let tiled = plane(&d, |ctx| {
        ctx.ps_set_tiled_shader_resources(0, &[Some(view)]).unwrap()
    });
    // The same bytes with the NULL tiles' texels zero, in an ordinary texture.
    let mut zeroed = texels.clone();
    for (i, px) in zeroed.chunks_exact_mut(4).enumerate() {
        let (x, y) = (i % 256, i / 256);
        if (x < 128) != (y < 128) {
            px.fill(0);
        }
    }
    let tex = d
        .create_texture(
            &TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            Some(&[SubresourceData::new(&zeroed, 256 * 4, 0)]),
        )
        .unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    let ordinary = plane(&d, |ctx| {
        ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap()
    });
    assert_eq!(tiled, ordinary);
    // Pixel (i, j) samples texel (32i + 16, 32j + 16): the NULL quadrants are 16 black pixels each.
    assert_eq!(tiled.iter().filter(|p| **p == [0; 4]).count(), 32);
    assert_eq!(tiled[0], [16, 16, 0, 0xA5]);
    assert_eq!(tiled[7 * 8 + 7], [240, 240, 0, 0xA5]);
}
