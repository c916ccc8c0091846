//! The stages and methods Tessera does not execute yet (src/context/stages.rs), each at the
//! level below its own (a caps error naming the method and the level) and at its level
//! (binding nothing succeeds; anything needing execution is `Error::Unsupported`).

use FeatureLevel::*;
use tessera::caps::{
    BindFlags, BufferDesc, CapsError, CapsOptions, DrawKind, PrimitiveTopology, SamplerDesc,
    TextureDesc,
};
use tessera::{Device, DeviceContext, DeviceDesc, Error, FeatureLevel, Format};

fn ctx(level: FeatureLevel) -> DeviceContext {
    Device::new(&DeviceDesc::at(level))
        .unwrap()
        .immediate_context()
}

/// A 10_x context without the optional cs_4_x.
fn minimal_ctx(level: FeatureLevel) -> DeviceContext {
    let desc = DeviceDesc {
        caps_options: CapsOptions {
            minimal_optional_features: true,
            ..CapsOptions::default()
        },
        ..DeviceDesc::at(level)
    };
    Device::new(&desc).unwrap().immediate_context()
}

/// Asserts a caps `Unsupported` refusal naming `method` at `level`.
#[track_caller]
fn refused<T: std::fmt::Debug>(r: tessera::Result<T>, level: FeatureLevel, method: &str) {
    match r {
        Err(Error::Caps(CapsError::Unsupported {
            level: l, feature, ..
        })) => {
            assert_eq!((l, feature), (level, method));
        }
        other => panic!("expected {method} refused at {level}, got {other:?}"),
    }
}

#[track_caller]
fn not_executed<T: std::fmt::Debug>(r: tessera::Result<T>, what: &str) {
    match r {
        Err(Error::Unsupported(w)) => assert_eq!(w, what),
        other => panic!("expected Unsupported({what}), got {other:?}"),
    }
}

fn buffer(c: &DeviceContext) -> tessera::Buffer {
    let desc = BufferDesc {
        byte_width: 256,
        bind_flags: BindFlags::CONSTANT_BUFFER,
        ..BufferDesc::default()
    };
    c.device().create_buffer(&desc, None).unwrap()
}

#[test]
fn geometry_stage_refused_at_9_3_binds_nothing_at_10_0() {
    let mut c = ctx(L9_3);
    refused(c.gs_set_shader(None), L9_3, "GSSetShader");
    refused(
        c.gs_set_constant_buffers(0, &[None]),
        L9_3,
        "GSSetConstantBuffers",
    );
    refused(
        c.gs_set_shader_resources(0, &[None]),
        L9_3,
        "GSSetShaderResources",
    );
    refused(c.gs_set_samplers(0, &[None]), L9_3, "GSSetSamplers");
    let mut c = ctx(L10_0);
    assert!(c.gs_set_shader(None).is_ok());
    assert!(c.gs_set_constant_buffers(0, &[None, None]).is_ok());
    assert!(c.gs_set_shader_resources(127, &[None]).is_ok());
    assert!(c.gs_set_samplers(15, &[None]).is_ok());
    let b = buffer(&c);
    not_executed(
        c.gs_set_constant_buffers(0, &[Some(b)]),
        "geometry-shader constant buffers",
    );
    let s = c
        .device()
        .create_sampler_state(&SamplerDesc::default())
        .unwrap();
    not_executed(c.gs_set_samplers(0, &[Some(s)]), "geometry-shader samplers");
    let tex = TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let t = c.device().create_texture(&tex, None).unwrap();
    let srv = c.device().create_shader_resource_view(&t, None).unwrap();
    not_executed(
        c.gs_set_shader_resources(0, &[Some(srv)]),
        "geometry-shader resources",
    );
    assert!(matches!(
        c.gs_set_samplers(16, &[None]),
        Err(Error::SlotRange {
            call: "GSSetSamplers",
            start: 16,
            end: 17,
            limit: 16
        })
    ));
}

#[test]
fn hull_and_domain_stages_refused_at_10_1_bind_nothing_at_11_0() {
    let mut c = ctx(L10_1);
    refused(c.hs_set_shader(None), L10_1, "HSSetShader");
    refused(
        c.hs_set_constant_buffers(0, &[None]),
        L10_1,
        "HSSetConstantBuffers",
    );
    refused(
        c.hs_set_shader_resources(0, &[None]),
        L10_1,
        "HSSetShaderResources",
    );
    refused(c.hs_set_samplers(0, &[None]), L10_1, "HSSetSamplers");
    refused(c.ds_set_shader(None), L10_1, "DSSetShader");
    refused(
        c.ds_set_constant_buffers(0, &[None]),
        L10_1,
        "DSSetConstantBuffers",
    );
    refused(
        c.ds_set_shader_resources(0, &[None]),
        L10_1,
        "DSSetShaderResources",
    );
    refused(c.ds_set_samplers(0, &[None]), L10_1, "DSSetSamplers");
    let mut c = ctx(L11_0);
    assert!(c.hs_set_shader(None).is_ok());
    assert!(c.hs_set_constant_buffers(13, &[None]).is_ok());
    assert!(c.hs_set_shader_resources(0, &[]).is_ok());
    assert!(c.hs_set_samplers(0, &[None]).is_ok());
    assert!(c.ds_set_shader(None).is_ok());
    assert!(c.ds_set_constant_buffers(0, &[None]).is_ok());
    assert!(c.ds_set_shader_resources(0, &[None]).is_ok());
    assert!(c.ds_set_samplers(0, &[None]).is_ok());
    assert!(matches!(
        c.ds_set_constant_buffers(14, &[None]),
        Err(Error::SlotRange { limit: 14, .. })
    ));
    let b = buffer(&c);
    not_executed(
        c.hs_set_constant_buffers(0, &[Some(b.clone())]),
        "hull-shader constant buffers",
    );
    not_executed(
        c.ds_set_constant_buffers(0, &[Some(b)]),
        "domain-shader constant buffers",
    );
}

#[test]
fn compute_stage_refused_at_9_3_and_without_cs_4_x() {
    let mut c = ctx(L9_3);
    refused(c.cs_set_shader(None), L9_3, "CSSetShader");
    refused(
        c.cs_set_constant_buffers(0, &[None]),
        L9_3,
        "CSSetConstantBuffers",
    );
    refused(
        c.cs_set_shader_resources(0, &[None]),
        L9_3,
        "CSSetShaderResources",
    );
    refused(c.cs_set_samplers(0, &[None]), L9_3, "CSSetSamplers");
    refused(
        c.cs_set_unordered_access_views(0, &[None], &[0]),
        L9_3,
        "CSSetUnorderedAccessViews",
    );
    refused(c.dispatch(1, 1, 1), L9_3, "Dispatch");
    let args = buffer(&c);
    refused(c.dispatch_indirect(&args, 0), L9_3, "DispatchIndirect");
    for level in [L10_0, L10_1] {
        let mut m = minimal_ctx(level);
        refused(m.cs_set_shader(None), level, "CSSetShader");
        refused(m.dispatch(1, 1, 1), level, "Dispatch");
        refused(m.dispatch_indirect(&args, 0), level, "DispatchIndirect");
        // The RefDev default reports cs_4_x: the stage exists, with one UAV slot.
        let mut c = ctx(level);
        assert!(c.cs_set_shader(None).is_ok());
        assert!(c.cs_set_unordered_access_views(0, &[None], &[0]).is_ok());
        assert!(matches!(
            c.cs_set_unordered_access_views(1, &[None], &[0]),
            Err(Error::SlotRange { limit: 1, .. })
        ));
        not_executed(c.dispatch(1, 1, 1), "Dispatch (compute shaders)");
    }
}

#[test]
fn compute_stage_at_11_0_binds_nothing_and_does_not_dispatch() {
    let mut c = ctx(L11_0);
    assert!(c.cs_set_shader(None).is_ok());
    assert!(c.cs_set_constant_buffers(0, &[None]).is_ok());
    assert!(c.cs_set_shader_resources(0, &[None]).is_ok());
    assert!(c.cs_set_samplers(0, &[None]).is_ok());
    assert!(c.cs_set_unordered_access_views(7, &[None], &[0]).is_ok());
    assert!(matches!(
        c.cs_set_unordered_access_views(7, &[None, None], &[0, 0]),
        Err(Error::SlotRange { limit: 8, .. })
    ));
    let tex = TextureDesc::tex2d(4, 4, Format::R32Float, BindFlags::UNORDERED_ACCESS);
    let t = c.device().create_texture(&tex, None).unwrap();
    let uav = c.device().create_unordered_access_view(&t, None).unwrap();
    not_executed(
        c.cs_set_unordered_access_views(0, &[Some(uav)], &[0]),
        "compute-shader unordered access views",
    );
    not_executed(c.dispatch(1, 1, 1), "Dispatch (compute shaders)");
    let args = buffer(&c);
    not_executed(
        c.dispatch_indirect(&args, 0),
        "DispatchIndirect (compute shaders)",
    );
}

#[track_caller]
fn draw_refused<T: std::fmt::Debug>(r: tessera::Result<T>, level: FeatureLevel, kind: DrawKind) {
    match r {
        Err(Error::Caps(CapsError::DrawMethod {
            level: l, kind: k, ..
        })) => {
            assert_eq!((l, k), (level, kind));
        }
        other => panic!("expected {kind:?} refused at {level}, got {other:?}"),
    }
}

/// The draw passed its method and limit checks and stopped at the missing input layout.
#[track_caller]
fn reached_binding_checks<T: std::fmt::Debug>(r: tessera::Result<T>) {
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
}

#[test]
fn instanced_draws_per_level() {
    let tri = PrimitiveTopology::TriangleList;
    for level in [L9_1, L9_2] {
        let mut c = ctx(level);
        c.ia_set_primitive_topology(tri).unwrap();
        draw_refused(
            c.draw_indexed_instanced(3, 2, 0, 0, 0),
            level,
            DrawKind::DrawIndexedInstanced,
        );
    }
    for level in [L9_1, L9_2, L9_3] {
        let mut c = ctx(level);
        c.ia_set_primitive_topology(tri).unwrap();
        draw_refused(c.draw_instanced(3, 2, 0, 0), level, DrawKind::DrawInstanced);
    }
    let mut c = ctx(L9_3);
    c.ia_set_primitive_topology(tri).unwrap();
    reached_binding_checks(c.draw_indexed_instanced(3 * 1_048_575, 2, 0, 0, 0));
    assert!(matches!(
        c.draw_indexed_instanced(3 * 1_048_576, 2, 0, 0, 0),
        Err(Error::Caps(CapsError::PrimitiveCount {
            level: L9_3,
            limit: 1_048_575,
            value: 1_048_576
        }))
    ));
    let mut c = ctx(L10_0);
    c.ia_set_primitive_topology(tri).unwrap();
    reached_binding_checks(c.draw_instanced(3, 2, 0, 0));
}

#[test]
fn draw_auto_refused_at_9_3_not_executed_at_10_0() {
    draw_refused(ctx(L9_3).draw_auto(), L9_3, DrawKind::DrawAuto);
    not_executed(ctx(L10_0).draw_auto(), "DrawAuto (stream output)");
}

#[test]
fn indirect_draws_refused_below_11_0() {
    for level in [L9_3, L10_0, L10_1] {
        let mut c = ctx(level);
        let args = buffer(&c);
        draw_refused(
            c.draw_instanced_indirect(&args, 0),
            level,
            DrawKind::DrawInstancedIndirect,
        );
        draw_refused(
            c.draw_indexed_instanced_indirect(&args, 0),
            level,
            DrawKind::DrawIndexedInstancedIndirect,
        );
    }
    let mut c = ctx(L11_0);
    let args = buffer(&c);
    not_executed(c.draw_instanced_indirect(&args, 0), "DrawInstancedIndirect");
    not_executed(
        c.draw_indexed_instanced_indirect(&args, 0),
        "DrawIndexedInstancedIndirect",
    );
}

#[test]
fn render_targets_and_uavs_per_level() {
    const M: &str = "OMSetRenderTargetsAndUnorderedAccessViews";
    let mut c = ctx(L9_3);
    refused(
        c.om_set_render_targets_and_unordered_access_views(&[], None, 0, &[], &[]),
        L9_3,
        M,
    );
    let mut c = ctx(L10_0);
    assert!(
        c.om_set_render_targets_and_unordered_access_views(&[], None, 0, &[], &[])
            .is_ok()
    );
    refused(
        c.om_set_render_targets_and_unordered_access_views(&[], None, 0, &[None], &[0]),
        L10_0,
        "pixel-stage UAVs (OMSetRenderTargetsAndUnorderedAccessViews)",
    );
    let mut c = ctx(L11_0);
    let tex = TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    let t = c.device().create_texture(&tex, None).unwrap();
    let rtv = c.device().create_render_target_view(&t, None).unwrap();
    assert!(
        c.om_set_render_targets_and_unordered_access_views(&[Some(rtv)], None, 1, &[None], &[0])
            .is_ok()
    );
    assert!(matches!(
        c.om_set_render_targets_and_unordered_access_views(&[], None, 7, &[None, None], &[0, 0]),
        Err(Error::Caps(CapsError::Count {
            limit: 8,
            value: 9,
            ..
        }))
    ));
    let ua = TextureDesc::tex2d(4, 4, Format::R32Float, BindFlags::UNORDERED_ACCESS);
    let u = c.device().create_texture(&ua, None).unwrap();
    let uav = c.device().create_unordered_access_view(&u, None).unwrap();
    not_executed(
        c.om_set_render_targets_and_unordered_access_views(&[], None, 0, &[Some(uav)], &[0]),
        "pixel-shader unordered access views",
    );
}

#[test]
fn copy_structure_count_refused_at_9_3_not_executed_at_11_0() {
    // No UAV can be created at 9_x; the view comes from an 11_0 device.
    let mut c11 = ctx(L11_0);
    let desc = TextureDesc::tex2d(4, 4, Format::R32Float, BindFlags::UNORDERED_ACCESS);
    let t = c11.device().create_texture(&desc, None).unwrap();
    let uav = c11.device().create_unordered_access_view(&t, None).unwrap();
    let dst = buffer(&c11);
    let mut c9 = ctx(L9_3);
    refused(
        c9.copy_structure_count(&dst, 0, &uav),
        L9_3,
        "CopyStructureCount",
    );
    not_executed(
        c11.copy_structure_count(&dst, 0, &uav),
        "UAV structure counts",
    );
}
