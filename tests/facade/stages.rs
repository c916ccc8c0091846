//! The stages Tessera does not execute yet (src/context/stages.rs): GS/HS/DS Set* calls (and
//! the CS calls' level rules; compute itself is tested in tessera-shader's `device_compute`),
//! each at the level below its own (a caps error naming the method and the level) and at its
//! level (binding nothing succeeds; anything needing execution is `Error::Unsupported`).
//! The methods (draws, Dispatch, OM UAVs, CopyStructureCount) are in `stage_methods`.

use FeatureLevel::*;
use tessera::caps::{BindFlags, BufferDesc, CapsError, CapsOptions, SamplerDesc, TextureDesc};
use tessera::{Device, DeviceContext, DeviceDesc, Error, FeatureLevel, Format};

pub(crate) fn ctx(level: FeatureLevel) -> DeviceContext {
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
pub(crate) fn refused<T: std::fmt::Debug>(
    r: tessera::Result<T>,
    level: FeatureLevel,
    method: &str,
) {
    match r {
        Err(Error::Caps(CapsError::Unsupported {
            level: l, feature, ..
        })) => {
            assert_eq!((l, feature), (level, method));
        }
        other => panic!("expected {method} refused at {level}, got {other:?}"),
    }
}

/// Asserts `Error::Unsupported(what)`: the level has it, Tessera does not execute it.
#[track_caller]
pub(crate) fn not_executed<T: std::fmt::Debug>(r: tessera::Result<T>, what: &str) {
    match r {
        Err(Error::Unsupported(w)) => assert_eq!(w, what),
        other => panic!("expected Unsupported({what}), got {other:?}"),
    }
}

/// A 256-byte constant buffer.
pub(crate) fn buffer(c: &DeviceContext) -> tessera::Buffer {
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
        assert!(matches!(
            c.dispatch(1, 1, 1),
            Err(Error::NotBound {
                what: "a compute shader",
                ..
            })
        ));
    }
}

#[test]
fn compute_stage_at_11_0_binds_and_needs_a_shader_to_dispatch() {
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
    assert!(
        c.cs_set_unordered_access_views(0, &[Some(uav)], &[0])
            .is_ok()
    );
    let not_bound = |r: tessera::Result<()>| {
        assert!(matches!(
            r,
            Err(Error::NotBound {
                what: "a compute shader",
                ..
            })
        ));
    };
    not_bound(c.dispatch(1, 1, 1));
    let args = c
        .device()
        .create_buffer(
            &BufferDesc {
                byte_width: 16,
                bind_flags: BindFlags::CONSTANT_BUFFER,
                ..BufferDesc::default()
            },
            Some(&[1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]),
        )
        .unwrap();
    not_bound(c.dispatch_indirect(&args, 0));
}
