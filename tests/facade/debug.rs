//! The info queue (debug layer): refusals stored beside the typed error, storage limit and
//! filters, strict mode, foreign objects, binding hazards and draw-state warnings.

use tessera::caps::{BindFlags, BlendDesc, SamplerDesc, TextureDesc, ViewDesc, ViewDimension};
use tessera::debug::{Category, Filter, FilterList, MessageId, Severity};
use tessera::format::Format;
use tessera::{Device, DeviceDesc, Error, FeatureLevel as L};
use tessera_testkit::*;

fn ids(d: &Device) -> Vec<MessageId> {
    d.info_queue().messages().iter().map(|m| m.id).collect()
}

fn aniso(n: u32) -> SamplerDesc {
    SamplerDesc {
        filter: tessera::caps::Filter {
            anisotropic: true,
            ..SamplerDesc::default().filter
        },
        max_anisotropy: n,
        ..SamplerDesc::default()
    }
}

fn rt_srv_texture(d: &Device, mips: u32) -> tessera::Texture {
    let mut desc = TextureDesc::tex2d(
        8,
        8,
        Format::R8G8B8A8Unorm,
        BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE,
    );
    desc.mip_levels = mips;
    d.create_texture(&desc, None).unwrap()
}

#[test]
fn a_refusal_is_stored_beside_the_typed_error() {
    let d = device(L::L9_1);
    let r = d.create_sampler_state(&aniso(4));
    assert!(is_caps(&r));
    let m = d.info_queue().messages();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].id, MessageId::CreateSamplerStateExcessiveAnisotropy);
    assert_eq!(m[0].id.number(), 0x0010_0004);
    assert_eq!(
        m[0].id.d3d11_name().as_deref(),
        Some("D3D11_MESSAGE_ID_CREATESAMPLERSTATE_EXCESSIVE_ANISOTROPY")
    );
    assert_eq!(m[0].severity, Severity::Error);
    assert_eq!(m[0].category, Category::StateCreation);
    assert_eq!(m[0].call, "CreateSamplerState");
    assert!(
        m[0].text.contains("9_1") && m[0].text.contains('4'),
        "{}",
        m[0].text
    );
    // The same descriptor is accepted where the level allows it, and nothing is stored.
    let d = device(L::L9_2);
    d.create_sampler_state(&aniso(4)).unwrap();
    assert!(d.info_queue().is_empty());
}

#[test]
fn the_storage_limit_drops_the_oldest_and_counts_it() {
    let d = device(L::L9_1);
    let q = d.info_queue();
    q.set_storage_limit(2);
    for n in [3, 4, 5] {
        let _ = d.create_sampler_state(&aniso(n));
    }
    let m = q.messages();
    assert_eq!(m.len(), 2);
    assert!(m[0].text.contains('4') && m[1].text.contains('5'));
    assert_eq!(q.discarded_by_limit(), 1);
    assert_eq!(q.take().len(), 2);
    assert!(q.is_empty());
}

#[test]
fn storage_filters_allow_and_deny() {
    let d = device(L::L9_1);
    let q = d.info_queue();
    q.set_storage_filter(Filter {
        deny: FilterList {
            ids: vec![MessageId::CreateSamplerStateExcessiveAnisotropy],
            ..FilterList::default()
        },
        ..Filter::default()
    });
    let _ = d.create_sampler_state(&aniso(4));
    assert!(q.is_empty());
    q.set_storage_filter(Filter {
        allow: FilterList {
            severities: vec![Severity::Warning],
            ..FilterList::default()
        },
        ..Filter::default()
    });
    let _ = d.create_sampler_state(&aniso(4));
    assert!(q.is_empty(), "errors are not on the allow list");
    q.set_storage_filter(Filter::default());
    let _ = d.create_sampler_state(&aniso(4));
    assert_eq!(q.len(), 1);
}

#[test]
fn break_on_severity_fails_an_otherwise_successful_call() {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let (_t, rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 4, 4);
    ctx.rs_set_viewports(&[]).unwrap();
    let verts = rect_strip([0.0, 0.0, 4.0, 4.0], 0.5, (4, 4), |_| vec![1.0; 4]);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 32)])
        .unwrap();
    // No viewport: a warning, and the draw succeeds.
    ctx.draw(4, 0).unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceDrawViewportNotSet]);
    d.info_queue()
        .set_break_on_severity(Severity::Warning, true);
    let r = ctx.draw(4, 0);
    assert!(
        matches!(&r, Err(Error::Strict(m)) if m.id == MessageId::DeviceDrawViewportNotSet),
        "{r:?}"
    );
}

#[test]
fn a_strict_device_breaks_on_errors_only() {
    let strict = Device::new(&DeviceDesc {
        strict: true,
        ..DeviceDesc::at(L::L9_1)
    })
    .unwrap();
    let q = strict.info_queue();
    assert!(q.break_on_severity(Severity::Error));
    assert!(q.break_on_severity(Severity::Corruption));
    assert!(!q.break_on_severity(Severity::Warning));
    assert!(
        !device(L::L9_1)
            .info_queue()
            .break_on_severity(Severity::Error)
    );
}

#[test]
fn objects_of_another_device_are_refused_as_corruption() {
    let a = device(L::L11_0);
    let b = device(L::L11_0);
    let mut ctx = b.immediate_context();
    let blend = a.create_blend_state(&BlendDesc::default()).unwrap();
    let r = ctx.om_set_blend_state(Some(&blend), [1.0; 4], u32::MAX);
    assert!(
        matches!(
            r,
            Err(Error::ForeignObject {
                call: "OMSetBlendState",
                object: "blend state"
            })
        ),
        "{r:?}"
    );
    let m = b.info_queue().messages();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].severity, Severity::Corruption);
    assert_eq!(m[0].id, MessageId::ForeignObject);
    // The device's own state binds.
    let own = b.create_blend_state(&BlendDesc::default()).unwrap();
    ctx.om_set_blend_state(Some(&own), [1.0; 4], u32::MAX)
        .unwrap();
    // A view of another device's texture is refused at creation.
    let tex = rt_srv_texture(&a, 1);
    let r = b.create_shader_resource_view(&tex, None);
    assert!(
        matches!(
            r,
            Err(Error::Resource(
                tessera::resource::ResourceError::ForeignObject { .. }
            ))
        ),
        "{r:?}"
    );
    let sampler = a.create_sampler_state(&SamplerDesc::default()).unwrap();
    assert!(matches!(
        ctx.ps_set_samplers(0, &[Some(sampler)]),
        Err(Error::ForeignObject { .. })
    ));
}

#[test]
fn binding_re_checks_the_level_rules_before_the_owner() {
    // An 11_0 blend state with independent blend enables is refused on a 9_1 context by the
    // 9_x CreateBlendState rule itself (not only because the device differs).
    let hi = device(L::L11_0);
    let mut desc = BlendDesc {
        independent_blend_enable: true,
        ..BlendDesc::default()
    };
    desc.render_target[1].blend_enable = true;
    let state = hi.create_blend_state(&desc).unwrap();
    let lo = device(L::L9_1);
    let mut ctx = lo.immediate_context();
    let r = ctx.om_set_blend_state(Some(&state), [1.0; 4], u32::MAX);
    assert!(is_caps(&r), "{r:?}");
}

#[test]
fn binding_an_output_unbinds_the_input_and_warns() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let t = rt_srv_texture(&d, 1);
    let srv = d.create_shader_resource_view(&t, None).unwrap();
    let rtv = d.create_render_target_view(&t, None).unwrap();
    ctx.ps_set_shader_resources(0, &[None, Some(srv.clone())])
        .unwrap();
    assert!(d.info_queue().is_empty());
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceOmSetRenderTargetsHazard,
            MessageId::DevicePsSetShaderResourcesHazard
        ]
    );
    assert!(d.info_queue().messages()[1].text.contains("slot 1"));
    assert!(ctx.ps_get_shader_resources().iter().all(Option::is_none));
    // Binding the input while the output is bound binds NULL, with the input hazard.
    d.info_queue().clear();
    ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap();
    assert_eq!(ids(&d), [MessageId::DevicePsSetShaderResourcesHazard]);
    assert!(ctx.ps_get_shader_resources()[0].is_none());
}

#[test]
fn views_of_different_mips_are_no_hazard() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let t = rt_srv_texture(&d, 2);
    let mip = |most_detailed_mip, dimension| ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension,
        range: tessera::caps::SubresourceRange {
            most_detailed_mip,
            mip_levels: 1,
            ..tessera::caps::SubresourceRange::ALL
        },
    };
    let srv = d
        .create_shader_resource_view(&t, Some(&mip(1, ViewDimension::Texture2D)))
        .unwrap();
    let rtv = d
        .create_render_target_view(&t, Some(&mip(0, ViewDimension::Texture2D)))
        .unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv.clone())])
        .unwrap();
    ctx.om_set_render_targets(&[Some(rtv.clone())], None)
        .unwrap();
    assert!(d.info_queue().is_empty(), "{:?}", d.info_queue().messages());
    assert!(ctx.ps_get_shader_resources()[0].is_some());
    // The draw runs (mip 1 is read through a staged copy, `tests/facade/hazards.rs` checks
    // the bytes), with no message: D3D draws it too.
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap();
    let verts = rect_strip([0.0, 0.0, 8.0, 8.0], 0.5, (8, 8), |_| vec![1.0; 4]);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 32)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    assert!(d.info_queue().is_empty(), "{:?}", d.info_queue().messages());
    assert!(rgba8(&t, 0).iter().all(|p| *p == [255; 4]));
}

#[test]
fn draw_state_warnings_name_the_slot_and_the_bytes() {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let (_t, rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 4, 4);
    // Four vertices of 32 bytes: exactly 128 bytes, no warning.
    let verts = rect_strip([0.0, 0.0, 4.0, 4.0], 0.5, (4, 4), |_| vec![1.0; 4]);
    let vb = vertex_buffer(&d, &verts);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vb.clone(), 32)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    assert!(d.info_queue().is_empty(), "{:?}", d.info_queue().messages());
    // One vertex more reads past the end.
    ctx.draw(4, 1).unwrap();
    let m = d.info_queue().take();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].id, MessageId::DeviceDrawVertexBufferTooSmall);
    assert!(
        m[0].text.contains("160") && m[0].text.contains("128"),
        "{}",
        m[0].text
    );
    // A stride of 16 is smaller than the 32 bytes of POSITION + COLOR.
    ctx.ia_set_vertex_buffers(0, &[vb_view(vb, 16)]).unwrap();
    ctx.draw(4, 0).unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceDrawVertexBufferStrideTooSmall]);
    d.info_queue().clear();
    // No vertex buffer, and no render target.
    ctx.ia_set_vertex_buffers(0, &[None]).unwrap();
    ctx.om_set_render_targets(&[], None).unwrap();
    ctx.draw(4, 0).unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceDrawRenderTargetViewNotSet,
            MessageId::DeviceDrawVertexBufferNotSet
        ]
    );
}

#[test]
fn a_draw_without_a_vertex_shader_is_refused_with_d3ds_id() {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let (_t, rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 4, 4);
    ctx.vs_set_shader(None).unwrap();
    assert!(matches!(ctx.draw(3, 0), Err(Error::NotBound { .. })));
    assert_eq!(ids(&d), [MessageId::DeviceDrawVertexShaderNotSet]);
}

#[test]
fn message_ids_are_unique_and_d3ds_are_below_tesseras_range() {
    let all = MessageId::ALL;
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a.number(), b.number(), "{a:?} {b:?}");
            assert_ne!(a.name(), b.name());
        }
        let ours = a.number() >= tessera::debug::TESSERA_MESSAGES_START;
        assert_eq!(ours, a.d3d11_name().is_none(), "{a:?}");
    }
}

#[test]
fn messages_are_identical_at_1_2_and_8_threads() {
    let run = |threads| {
        let d = device_threads(L::L9_3, threads);
        let mut ctx = d.immediate_context();
        let (_t, rtv) = target(&d, 32, 32, Format::R8G8B8A8Unorm);
        bind_color_pipeline(&d, &mut ctx, &rtv, 32, 32);
        let verts = rect_strip([0.0, 0.0, 32.0, 32.0], 0.5, (32, 32), |_| vec![1.0; 4]);
        let vb = vertex_buffer(&d, &verts);
        ctx.ia_set_vertex_buffers(0, &[vb_view(vb.clone(), 16)])
            .unwrap();
        ctx.draw(4, 4).unwrap();
        let _ = d.create_sampler_state(&aniso(32));
        ctx.ia_set_vertex_buffers(0, &[vb_view(vb, 32)]).unwrap();
        ctx.draw(4, 0).unwrap();
        d.info_queue().take()
    };
    let one = run(1);
    assert_eq!(one.len(), 3, "{one:?}");
    assert_eq!(run(2), one);
    assert_eq!(run(8), one);
}
