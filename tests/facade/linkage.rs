//! Draw-time reports from the bound shaders' signatures: constant buffers, shader resources
//! and samplers a shader reads that are not bound (or too small), vertex inputs the layout
//! does not provide, and pixel-shader outputs without a render target.

use std::sync::Arc;

use tessera::caps::{BindFlags, SamplerDesc, TextureDesc};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::pipeline::builtin::{TexturedPs, TransformVs};
use tessera::{Device, DeviceContext, FeatureLevel as L};
use tessera_testkit::*;

fn ids(d: &Device) -> Vec<MessageId> {
    d.info_queue().take().iter().map(|m| m.id).collect()
}

/// The colour rig with `TexturedPs` (t0 with s0, reading v0 and v1) and a quad bound:
/// 16×16, 10_0; `TransformVs { varyings: 2 }` over a `POSITION, TEXCOORD, COLOR` layout
/// writes both varyings, so the stages link.
fn rig() -> (Device, DeviceContext) {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let (_, rtv) = target(&d, 16, 16, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 16, 16);
    let ps = d.create_pixel_shader(Arc::new(TexturedPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    let layout = float4_layout(&d, &["POSITION", "TEXCOORD", "COLOR"]);
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    let verts = rect_strip([0.0, 0.0, 16.0, 16.0], 0.5, (16, 16), |_| vec![0.5; 8]);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 48)])
        .unwrap();
    (d, ctx)
}

#[test]
fn unbound_texture_and_sampler_are_reported_in_slot_order() {
    let (d, mut ctx) = rig();
    ctx.draw(4, 0).unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceDrawShaderResourceViewNotSet,
            MessageId::DeviceDrawSamplerNotSet
        ]
    );
    let tex = d
        .create_texture(
            &TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            None,
        )
        .unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap();
    ctx.draw(4, 0).unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceDrawSamplerNotSet]);
    let s = d.create_sampler_state(&SamplerDesc::default()).unwrap();
    ctx.ps_set_samplers(0, &[Some(s)]).unwrap();
    ctx.draw(4, 0).unwrap();
    assert_eq!(ids(&d), []);
}

#[test]
fn constant_buffers_missing_or_too_small() {
    let (d, mut ctx) = rig();
    let ps = d
        .create_pixel_shader(Arc::new(tessera::pipeline::builtin::VertexColorPs))
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    // TransformVs declares cb0 optional (identity when empty): an empty slot is not reported.
    ctx.vs_set_constant_buffers(0, &[None]).unwrap();
    ctx.draw(4, 0).unwrap();
    assert_eq!(ids(&d), []);
    // ConstantColorPs needs its cb0: the empty slot is reported.
    let constant_ps = d
        .create_pixel_shader(Arc::new(tessera::pipeline::builtin::ConstantColorPs))
        .unwrap();
    ctx.ps_set_shader(Some(&constant_ps)).unwrap();
    ctx.draw(4, 0).unwrap();
    // (It also writes SV_Target1..7, which have no views: those reports are not this test's.)
    let reported = ids(&d);
    let cb = MessageId::DeviceDrawConstantBufferNotSet;
    assert_eq!(
        reported.iter().filter(|&&id| id == cb).count(),
        1,
        "{reported:?}"
    );
    assert_eq!(reported[0], cb, "{reported:?}");
    ctx.ps_set_shader(Some(&ps)).unwrap();
    // TransformVs reads 4 constants (64 bytes): 48 are too few, 64 are enough.
    ctx.vs_set_constant_buffers(0, &[Some(constant_buffer(&d, &[[0.0; 4]; 3]))])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    let m = d.info_queue().take();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].id, MessageId::DeviceDrawConstantBufferTooSmall);
    assert!(
        m[0].text.contains("64 bytes") && m[0].text.contains("48 bytes"),
        "{}",
        m[0].text
    );
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(&d))])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    assert_eq!(ids(&d), []);
}

#[test]
fn vertex_inputs_the_layout_lacks_and_outputs_without_targets() {
    let (d, mut ctx) = rig();
    let ps = d
        .create_pixel_shader(Arc::new(tessera::pipeline::builtin::VertexColorPs))
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    // TransformVs { varyings: 2 } reads v0..v2; a POSITION, COLOR layout has two elements.
    let layout = float4_layout(&d, &["POSITION", "COLOR"]);
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.draw(4, 0).unwrap();
    let m = d.info_queue().take();
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].id, MessageId::DeviceShaderLinkageSemanticNameNotFound);
    assert!(m[0].text.contains("register v2"), "{}", m[0].text);
    // No render target for SV_Target0.
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.om_set_render_targets(&[None], None).unwrap();
    ctx.draw(4, 0).unwrap();
    let m = d.info_queue().take();
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].id, MessageId::DeviceDrawRenderTargetViewNotSet);
    assert!(m[0].text.contains("SV_Target0"));
}

#[test]
fn pixel_inputs_the_vertex_shader_does_not_write() {
    let (d, mut ctx) = rig();
    let ps = d
        .create_pixel_shader(Arc::new(tessera::pipeline::builtin::VertexColorPs))
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    // VertexColorPs reads v0; TransformVs { varyings: 0 } writes SV_Position only.
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 0 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.draw(4, 0).unwrap();
    let m = d.info_queue().take();
    assert_eq!(m.len(), 1, "{m:?}");
    assert_eq!(m[0].id, MessageId::DeviceShaderLinkageSemanticNameNotFound);
    assert!(
        m[0].text.contains("pixel shader reads varying v0"),
        "{}",
        m[0].text
    );
    // One varying written: linked, nothing to report.
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.draw(4, 0).unwrap();
    assert_eq!(ids(&d), []);
}
