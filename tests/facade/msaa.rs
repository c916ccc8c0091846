//! Multisampled targets through the device (SPEC §3.8): the pattern of the target's
//! `SampleDesc` (standard, or centre for `CENTER_MULTISAMPLE_PATTERN`), drawn per sample and
//! resolved with `ResolveSubresource`; a multisampled array read per slice and sample by a
//! Rust pixel shader (`ShaderEnv::load_sample`).

use std::sync::Arc;

use tessera::caps::{BindFlags, SampleDesc, TextureDesc};
use tessera::format::Format;
use tessera::{FeatureLevel as L, Texture};
use tessera_testkit::*;

/// A 4×2 RGBA8 target of 4 samples with `quality`, the rectangle x ∈ [0, 1.5] drawn in red,
/// then resolved: pixel 0 is covered at every sample, pixel 1 at two of four with the
/// standard pattern (samples 0 and 2 at x 1.375 and 1.125: half red) and at none with the
/// centre pattern (every sample at x 1.5, on the right edge).
fn draw_and_resolve(quality: u32) -> Vec<[u8; 4]> {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        sample_desc: SampleDesc { count: 4, quality },
        ..TextureDesc::tex2d(4, 2, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
    };
    let ms = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&ms, None).unwrap();
    bind_color_pipeline(&d, &mut ctx, &rtv, 4, 2);
    let v = rect_strip([0.0, 0.0, 1.5, 2.0], 0.5, (4, 2), |_| {
        vec![1.0, 0.0, 0.0, 1.0]
    });
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &v), 32)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    let one = TextureDesc::tex2d(4, 2, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let dst: Texture = d.create_texture(&one, None).unwrap();
    ctx.resolve_subresource(&dst, 0, &ms, 0, Format::R8G8B8A8Unorm)
        .unwrap();
    rgba8(&dst, 0)
}

#[test]
fn standard_and_centre_patterns_draw_and_resolve() {
    let (red, half, none) = ([255, 0, 0, 255], [128, 0, 0, 128], [0, 0, 0, 0]);
    let standard = [red, half, none, none, red, half, none, none];
    assert_eq!(draw_and_resolve(0), standard);
    assert_eq!(
        draw_and_resolve(tessera::caps::STANDARD_MULTISAMPLE_PATTERN),
        standard
    );
    let centre = [red, none, none, none, red, none, none, none];
    assert_eq!(
        draw_and_resolve(tessera::caps::CENTER_MULTISAMPLE_PATTERN),
        centre
    );
}

/// `SV_Target0 = t0.Load(int3(SV_Position.xy, cb0[0].x), cb0[0].y)` of a
/// `Texture2DMSArray<float4>` (`ShaderEnv::load_sample`), declaring its slot multisampled.
pub(crate) struct MsArrayLoadPs;

impl tessera::pipeline::PixelShader for MsArrayLoadPs {
    fn signature(&self) -> tessera::pipeline::shader::ShaderSignature {
        use tessera::pipeline::shader::{ConstantBufferUse, ShaderProfile, ShaderSignature};
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::required(0, 1)],
            shader_resources: vec![0],
            ..ShaderSignature::new(ShaderProfile::Ps4_1)
        }
    }
    fn inputs(&self) -> &[tessera::pipeline::Interpolation] {
        &[]
    }
    fn texture_uses(&self) -> Vec<tessera::pipeline::TextureUse> {
        vec![tessera::pipeline::TextureUse {
            slot: 0,
            multisampled: true,
        }]
    }
    fn shade(
        &self,
        env: &tessera::pipeline::ShaderEnv<'_>,
        input: &tessera::pipeline::PsInput<'_>,
        out: &mut tessera::pipeline::PsOutput,
    ) {
        use wide::{f32x8, i32x8};
        let cb = env.constant(0, 0);
        let xy = |c: usize| i32x8::new(input.position[c].to_array().map(|v| v as i32));
        let bits = env.load_sample(
            0,
            [xy(0), xy(1), i32x8::splat(cb[0] as i32)],
            i32x8::splat(cb[1] as i32),
        );
        out.targets[0] = bits.map(|b| f32x8::new(b.to_array().map(f32::from_bits)));
    }
}

/// A 4x Texture2DMSArray of two slices (slice 0 cleared red, slice 1 green, then its sample 2
/// drawn blue under sample mask 0b0100), read per slice and sample by a Rust pixel shader
/// through `ShaderEnv::load_sample`: whole-array and one-slice views, out-of-range slices and
/// sample indices reading 0.
#[test]
fn a_rust_shader_loads_each_sample_of_a_multisampled_array() {
    use tessera::caps::{SubresourceRange, ViewDesc, ViewDimension};
    let d = device(L::L10_1);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        array_size: 2,
        ..TextureDesc::tex2d(
            4,
            2,
            Format::R8G8B8A8Unorm,
            BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE,
        )
    };
    let ms = d.create_texture(&desc, None).unwrap();
    let slice = |first: u32| ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: ViewDimension::Texture2DMsArray,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: 1,
        },
    };
    let rtv0 = d.create_render_target_view(&ms, Some(&slice(0))).unwrap();
    let rtv1 = d.create_render_target_view(&ms, Some(&slice(1))).unwrap();
    ctx.clear_render_target_view(&rtv0, [1.0, 0.0, 0.0, 1.0])
        .unwrap();
    ctx.clear_render_target_view(&rtv1, [0.0, 1.0, 0.0, 1.0])
        .unwrap();
    bind_color_pipeline(&d, &mut ctx, &rtv1, 4, 2);
    ctx.om_set_blend_state(None, [1.0; 4], 0b0100).unwrap();
    let v = rect_strip([0.0, 0.0, 4.0, 2.0], 0.5, (4, 2), |_| {
        vec![0.0, 0.0, 1.0, 1.0]
    });
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &v), 32)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    ctx.om_set_blend_state(None, [1.0; 4], u32::MAX).unwrap();

    let (t, rtv) = target(&d, 4, 2, Format::R8G8B8A8Unorm);
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    let ps = d.create_pixel_shader(Arc::new(MsArrayLoadPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let (red, green, blue, zero) = (
        [255, 0, 0, 255],
        [0, 255, 0, 255],
        [0, 0, 255, 255],
        [0, 0, 0, 0],
    );
    let all = d.create_shader_resource_view(&ms, None).unwrap();
    let one = d.create_shader_resource_view(&ms, Some(&slice(1))).unwrap();
    for (srv, cases) in [
        (
            &all,
            vec![
                ((0, 0), red),
                ((0, 3), red),
                ((1, 1), green),
                ((1, 2), blue),
                ((1, 4), zero),
                ((1, -1), zero),
                ((2, 0), zero),
            ],
        ),
        (&one, vec![((0, 2), blue), ((0, 0), green), ((1, 2), zero)]),
    ] {
        ctx.ps_set_shader_resources(0, &[Some(srv.clone())])
            .unwrap();
        for ((s, k), want) in cases {
            let cb = constant_buffer(&d, &[[s as f32, k as f32, 0.0, 0.0]]);
            ctx.ps_set_constant_buffers(0, &[Some(cb)]).unwrap();
            ctx.draw(4, 0).unwrap();
            assert_eq!(rgba8(&t, 0), vec![want; 8], "slice {s} sample {k}");
        }
    }
}
