//! D3D11's binding hazards with UAVs: binding a UAV (compute or output merger) forces the
//! shader-resource slots that view its resource to NULL, and binding an SRV of a resource
//! bound as any output binds NULL; each with the warnings D3D's debug layer gives. The
//! hazard holds across the graphics and compute bindings (a render target set as a compute
//! SRV reads NULL, as in D3D11).

use std::sync::Arc;

use tessera::caps::{BindFlags, BufferDesc, MiscFlags, TextureDesc};
use tessera::debug::MessageId;
use tessera::{Buffer, Device, DeviceDesc, FeatureLevel, Format};
use tessera_shader::{CompileOptions, WgslComputeShader};

fn device() -> Device {
    Device::new(&DeviceDesc {
        threads: Some(2),
        ..DeviceDesc::at(FeatureLevel::L11_0)
    })
    .unwrap()
}

fn words_buffer(d: &Device, words: &[u32]) -> Buffer {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let desc = BufferDesc {
        byte_width: bytes.len() as u32,
        bind_flags: BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
        misc_flags: MiscFlags::BUFFER_STRUCTURED,
        structure_byte_stride: 4,
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, Some(&bytes)).unwrap()
}

fn words(b: &Buffer) -> Vec<u32> {
    b.read()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn ids(d: &Device) -> Vec<MessageId> {
    d.info_queue().messages().iter().map(|m| m.id).collect()
}

/// `dst[i] = src[i] + 1`.
const COPY: &str = "
@group(1) @binding(3) var<storage, read> src: array<u32>;
@group(3) @binding(0) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    dst[g.x] = src[g.x] + 1u;
}";

#[test]
fn a_compute_uav_unbinds_the_srv_of_its_resource_and_the_srv_then_binds_null() {
    let d = device();
    let mut c = d.immediate_context();
    let cs = WgslComputeShader::new(COPY, "main", &CompileOptions::default()).unwrap();
    let cs = d.create_compute_shader(Arc::new(cs)).unwrap();
    c.cs_set_shader(Some(&cs)).unwrap();
    let a = words_buffer(&d, &[10, 20, 30, 40]);
    let srv = d.create_shader_resource_view(&a, None).unwrap();
    let uav = d.create_unordered_access_view(&a, None).unwrap();
    c.cs_set_shader_resources(3, &[Some(srv.clone())]).unwrap();
    assert!(d.info_queue().is_empty());
    c.cs_set_unordered_access_views(0, &[Some(uav)], &[0])
        .unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceCsSetUnorderedAccessViewsHazard,
            MessageId::DeviceCsSetShaderResourcesHazard
        ]
    );
    let m = d.info_queue().messages();
    assert!(
        m[0].text.contains("CS unordered access view slot 0"),
        "{}",
        m[0].text
    );
    assert!(
        m[1].text.contains("CS shader resource slot 3"),
        "{}",
        m[1].text
    );
    assert!(c.cs_get_shader_resources().iter().all(Option::is_none));
    // The dispatch runs (it was refused before): the unbound SRV reads 0, so dst = 0 + 1.
    c.dispatch(1, 1, 1).unwrap();
    assert_eq!(words(&a), [1, 1, 1, 1]);
    // Binding the SRV while the UAV is bound binds NULL, with the input hazard.
    d.info_queue().clear();
    c.cs_set_shader_resources(3, &[Some(srv)]).unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceCsSetShaderResourcesHazard]);
    assert!(c.cs_get_shader_resources()[3].is_none());
}

#[test]
fn an_output_merger_uav_unbinds_pixel_srvs_and_a_render_target_is_no_compute_input() {
    let d = device();
    let mut c = d.immediate_context();
    let a = words_buffer(&d, &[0; 4]);
    let srv = d.create_shader_resource_view(&a, None).unwrap();
    let uav = d.create_unordered_access_view(&a, None).unwrap();
    c.ps_set_shader_resources(0, &[None, Some(srv.clone())])
        .unwrap();
    c.om_set_render_targets_and_unordered_access_views(
        Some((&[], None)),
        0,
        Some(&[Some(uav)]),
        &[0],
    )
    .unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceOmSetRenderTargetsAndUnorderedAccessViewsHazard,
            MessageId::DevicePsSetShaderResourcesHazard
        ]
    );
    assert!(
        d.info_queue().messages()[0]
            .text
            .contains("OM unordered access view slot 0")
    );
    assert!(c.ps_get_shader_resources().iter().all(Option::is_none));
    // The same buffer as a compute SRV: still bound on output (the OM UAV).
    d.info_queue().clear();
    c.cs_set_shader_resources(0, &[Some(srv)]).unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceCsSetShaderResourcesHazard]);
    assert!(c.cs_get_shader_resources()[0].is_none());
    // A render target's texture as a compute SRV reads NULL (D3D11: "Resource being set to CS
    // shader resource slot 0 is still bound on output!").
    let desc = TextureDesc::tex2d(
        4,
        4,
        Format::R8G8B8A8Unorm,
        BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE,
    );
    let t = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&t, None).unwrap();
    let tsrv = d.create_shader_resource_view(&t, None).unwrap();
    c.cs_set_shader_resources(1, &[Some(tsrv.clone())]).unwrap();
    d.info_queue().clear();
    c.om_set_render_targets(&[Some(rtv)], None).unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceOmSetRenderTargetsHazard,
            MessageId::DeviceCsSetShaderResourcesHazard
        ]
    );
    assert!(c.cs_get_shader_resources()[1].is_none());
    d.info_queue().clear();
    c.cs_set_shader_resources(1, &[Some(tsrv)]).unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceCsSetShaderResourcesHazard]);
}
