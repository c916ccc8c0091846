//! Context state rules through the facade: slot limits per level, missing bindings, the
//! SRV/RTV hazard rule, MRT with different formats and the MRT size rule (OM-19).

use std::sync::Arc;

use tessera::caps::{BindFlags, Filter, FilterKind, PrimitiveTopology, SamplerDesc, TextureDesc};
use tessera::format::Format;
use tessera::pipeline::builtin::{ConstantColorPs, TexturedPs, TransformVs};
use tessera::resource::SubresourceData;
use tessera::{Device, DeviceContext, Error, ShaderResourceView, Texture};
use tessera_testkit::*;

const RED8: [u8; 4] = [255, 0, 0, 255];
const GREEN8: [u8; 4] = [0, 255, 0, 255];

fn srv_tex(d: &Device, w: u32, h: u32, binds: BindFlags, fill: [u8; 4]) -> Texture {
    let data: Vec<u8> = (0..w * h).flat_map(|_| fill).collect();
    d.create_texture(
        &TextureDesc::tex2d(w, h, Format::R8G8B8A8Unorm, binds),
        Some(&[SubresourceData::new(&data, w as usize * 4, 0)]),
    )
    .unwrap()
}

#[test]
fn ps_shader_resource_slots_8_at_9_x_128_at_10_0() {
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let d = device(level);
        let mut ctx = d.immediate_context();
        let t = srv_tex(&d, 4, 4, BindFlags::SHADER_RESOURCE, RED8);
        let v = d.create_shader_resource_view(&t, None).unwrap();
        let views = vec![Some(v.clone()); 9];
        ctx.ps_set_shader_resources(0, &views[..8]).unwrap();
        let r = ctx.ps_set_shader_resources(0, &views);
        assert!(
            matches!(
                r,
                Err(Error::SlotRange {
                    start: 0,
                    end: 9,
                    limit: 8,
                    ..
                })
            ),
            "{level}: {r:?}"
        );
        let r = ctx.ps_set_shader_resources(8, &views[..1]);
        assert!(
            matches!(r, Err(Error::SlotRange { limit: 8, .. })),
            "{level}"
        );
        // 16 pixel-shader samplers at every level.
        let s = d.create_sampler_state(&Default::default()).unwrap();
        ctx.ps_set_samplers(0, &vec![Some(s.clone()); 16]).unwrap();
        assert!(ctx.ps_set_samplers(16, &[Some(s)]).is_err());
    }
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let t = srv_tex(&d, 4, 4, BindFlags::SHADER_RESOURCE, RED8);
    let v = d.create_shader_resource_view(&t, None).unwrap();
    ctx.ps_set_shader_resources(0, &vec![Some(v.clone()); 128])
        .unwrap();
    assert!(matches!(
        ctx.ps_set_shader_resources(128, &[Some(v)]),
        Err(Error::SlotRange { limit: 128, .. })
    ));
}

#[test]
fn vs_samplers_and_resources_refused_at_9_x() {
    for level in [L::L9_1, L::L9_2, L::L9_3] {
        let d = device(level);
        let mut ctx = d.immediate_context();
        let s = d.create_sampler_state(&Default::default()).unwrap();
        let r = ctx.vs_set_samplers(0, &[Some(s)]);
        assert!(
            matches!(r, Err(Error::SlotRange { limit: 0, .. })),
            "{level}: {r:?}"
        );
        let t = srv_tex(&d, 4, 4, BindFlags::SHADER_RESOURCE, RED8);
        let v = d.create_shader_resource_view(&t, None).unwrap();
        let r = ctx.vs_set_shader_resources(0, &[Some(v)]);
        assert!(
            matches!(r, Err(Error::SlotRange { limit: 0, .. })),
            "{level}: {r:?}"
        );
    }
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let s = d.create_sampler_state(&Default::default()).unwrap();
    ctx.vs_set_samplers(0, &vec![Some(s); 16]).unwrap();
}

#[test]
fn draw_without_input_layout_or_vertex_shader_is_not_bound() {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let (tex, rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 4, 4);
    ctx.ia_set_input_layout(None);
    let r = draw_quad(&d, &mut ctx, (4, 4), [0.0, 0.0, 4.0, 4.0], 0.5, RED);
    assert!(
        matches!(
            r,
            Err(Error::NotBound {
                what: "an input layout",
                ..
            })
        ),
        "{r:?}"
    );
    let layout = float4_layout(&d, &["POSITION", "COLOR"]);
    ctx.ia_set_input_layout(Some(&layout));
    ctx.vs_set_shader(None).unwrap();
    let r = draw_quad(&d, &mut ctx, (4, 4), [0.0, 0.0, 4.0, 4.0], 0.5, RED);
    assert!(
        matches!(
            r,
            Err(Error::NotBound {
                what: "a vertex shader",
                ..
            })
        ),
        "{r:?}"
    );
    assert!(rgba8(&tex, 0).iter().all(|p| *p == [0; 4]));
    // Both bound again: renders.
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    draw_quad(&d, &mut ctx, (4, 4), [0.0, 0.0, 4.0, 4.0], 0.5, RED).unwrap();
    assert!(rgba8(&tex, 0).iter().all(|p| *p == RED8));
}

/// Binds a full-target textured draw (TexturedPs, white tint, point sampler) sampling `srv`.
fn bind_textured(d: &Device, ctx: &mut DeviceContext, srv: &ShaderResourceView, w: u32, h: u32) {
    let layout = float4_layout(d, &["POSITION", "TEXCOORD", "COLOR"]);
    let uv = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let verts = rect_strip([0.0, 0.0, w as f32, h as f32], 0.5, (w, h), |i| {
        vec![uv[i][0], uv[i][1], 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    });
    ctx.ia_set_input_layout(Some(&layout));
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(d, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    let ps = d.create_pixel_shader(Arc::new(TexturedPs)).unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let point = d
        .create_sampler_state(&SamplerDesc {
            filter: Filter {
                min: FilterKind::Point,
                mag: FilterKind::Point,
                mip: FilterKind::Point,
                ..Default::default()
            },
            ..Default::default()
        })
        .unwrap();
    ctx.ps_set_samplers(0, &[Some(point)]).unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv.clone())])
        .unwrap();
    ctx.rs_set_state(Some(&no_cull(d)));
    ctx.rs_set_viewports(&[viewport(w, h)]).unwrap();
}

/// D3D's hazard rule: a resource bound as a render target reads as unbound through an SRV
/// (zeros, SPEC TX-15), never the target's own contents.
#[test]
fn srv_of_the_bound_render_target_samples_zeros() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let binds = BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE;
    // Control: a separate green texture is sampled as green into target A.
    let green = srv_tex(&d, 4, 4, binds, GREEN8);
    let green_srv = d.create_shader_resource_view(&green, None).unwrap();
    let (a, a_rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    bind_textured(&d, &mut ctx, &green_srv, 4, 4);
    ctx.om_set_render_targets(&[Some(a_rtv)], None).unwrap();
    ctx.draw(4, 0).unwrap();
    assert!(rgba8(&a, 0).iter().all(|p| *p == GREEN8));
    // Hazard: the green texture is both the SRV and the render target: it samples zeros.
    let rtv = d.create_render_target_view(&green, None).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    ctx.draw(4, 0).unwrap();
    assert!(
        rgba8(&green, 0).iter().all(|p| *p == [0, 0, 0, 0]),
        "{:?}",
        rgba8(&green, 0)
    );
}

#[test]
fn mrt_two_formats_get_their_own_colours_at_10_0() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let (t0, v0) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    let (t1, v1) = target(&d, 8, 8, Format::R32Float);
    bind_color_pipeline(&d, &mut ctx, &v0, 8, 8);
    ctx.om_set_render_targets(&[Some(v0), Some(v1)], None)
        .unwrap();
    let ps = d.create_pixel_shader(Arc::new(ConstantColorPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let cb = constant_buffer(&d, &[[1.0, 0.0, 0.2, 1.0], [0.375, 0.5, 0.5, 0.5]]);
    ctx.ps_set_constant_buffers(0, &[Some(cb)]).unwrap();
    draw_quad(&d, &mut ctx, (8, 8), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
    assert!(rgba8(&t0, 0).iter().all(|p| *p == [255, 0, 51, 255]));
    let floats: Vec<f32> = bytes(&t1, 0)
        .chunks(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    assert_eq!(floats.len(), 64);
    assert!(floats.iter().all(|f| *f == 0.375), "{floats:?}");
}

/// OM-19: render targets of different sizes are refused at OMSetRenderTargets (RefDev), and
/// the refused call leaves the previous binding in place.
#[test]
fn om19_mrt_size_mismatch_refused() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let (t, v) = target(&d, 16, 16, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &v, 16, 16);
    let (big, big_v) = target(&d, 256, 256, Format::R8G8B8A8Unorm);
    let (_small, small_v) = target(&d, 128, 128, Format::R8G8B8A8Unorm);
    let r = ctx.om_set_render_targets(&[Some(big_v.clone()), Some(small_v)], None);
    assert!(r.is_err(), "256² + 128² targets accepted");
    // A depth buffer of another size is refused the same way.
    let (_depth, dsv) = depth_target(&d, 128, 128, Format::D32Float);
    assert!(
        ctx.om_set_render_targets(&[Some(big_v)], Some(&dsv))
            .is_err()
    );
    draw_quad(&d, &mut ctx, (16, 16), [0.0, 0.0, 16.0, 16.0], 0.5, RED).unwrap();
    assert!(rgba8(&t, 0).iter().all(|p| *p == RED8));
    assert!(rgba8(&big, 0).iter().all(|p| *p == [0; 4]));
}
