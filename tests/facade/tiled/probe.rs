//! A one-pixel draw that samples t0 with s0 at a fixed coordinate and LOD into an
//! R32G32B32A32_FLOAT target, so a test reads the sampler's exact result through the device.

use std::sync::Arc;

use tessera::caps::{Filter, FilterKind, PrimitiveTopology, SamplerDesc};
use tessera::format::Format;
use tessera::pipeline::ShaderEnv;
use tessera::pipeline::builtin::TransformVs;
use tessera::pipeline::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, SamplePair, ShaderProfile, ShaderSignature,
    SignatureElement,
};
use tessera::sampler::sample_level;
use tessera::{Device, DeviceContext};
use tessera_testkit::{
    bytes, float4_layout, identity_constants, no_cull, rect_strip, target, vb_view, vertex_buffer,
    viewport,
};
use wide::f32x8;

/// `SV_Target0 = t0.SampleLevel(s0, (u, v, slice), lod)` at constant coordinates and `lod`.
struct ProbePs {
    uvw: [f32; 3],
    lod: f32,
}

impl PixelShader for ProbePs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            shader_resources: vec![0],
            samplers: vec![0],
            samples: vec![SamplePair {
                texture: 0,
                sampler: 0,
                coords: 0,
                components: 3,
            }],
            inputs: vec![SignatureElement::positional(0, 2)],
            outputs: vec![SignatureElement::named("SV_Target", 0, 0, 4)],
            ..ShaderSignature::new(ShaderProfile::Ps5_0)
        }
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn shade(&self, env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        let uv = [
            f32x8::splat(self.uvw[0]),
            f32x8::splat(self.uvw[1]),
            f32x8::splat(self.uvw[2]),
            f32x8::ZERO,
        ];
        out.targets[0] = sample_level(
            env.texture(0),
            env.sampler(0),
            uv,
            f32x8::splat(self.lod),
            [0; 3],
        );
    }
}

/// Binds everything but t0 (the caller binds it) for a probe on a 1×1 target; returns the
/// target texture.
pub fn setup(d: &Device, ctx: &mut DeviceContext, filter_linear: bool) -> tessera::Texture {
    let (tex, rtv) = target(d, 1, 1, Format::R32G32B32A32Float);
    let layout = float4_layout(d, &["POSITION", "TEXCOORD"]);
    let verts = rect_strip([0.0, 0.0, 1.0, 1.0], 0.5, (1, 1), |_| vec![0.0; 4]);
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(d, &verts), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(d))])
        .unwrap();
    let k = if filter_linear {
        FilterKind::Linear
    } else {
        FilterKind::Point
    };
    let filter = Filter {
        min: k,
        mag: k,
        mip: k,
        ..Filter::default()
    };
    let s = d
        .create_sampler_state(&SamplerDesc {
            filter,
            ..SamplerDesc::default()
        })
        .unwrap();
    ctx.ps_set_samplers(0, &[Some(s)]).unwrap();
    ctx.rs_set_state(Some(&no_cull(d))).unwrap();
    ctx.rs_set_viewports(&[viewport(1, 1)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    tex
}

/// Draws the probe at `uv` (array slice 0) / `lod` and returns the sampled value.
pub fn probe(
    d: &Device,
    ctx: &mut DeviceContext,
    out: &tessera::Texture,
    uv: [f32; 2],
    lod: f32,
) -> [f32; 4] {
    probe_slice(d, ctx, out, [uv[0], uv[1], 0.0], lod)
}

/// [`probe`] at array slice `uvw[2]` of the view.
pub fn probe_slice(
    d: &Device,
    ctx: &mut DeviceContext,
    out: &tessera::Texture,
    uvw: [f32; 3],
    lod: f32,
) -> [f32; 4] {
    let ps = d
        .create_pixel_shader(Arc::new(ProbePs { uvw, lod }))
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.draw(4, 0).unwrap();
    let b = bytes(out, 0);
    core::array::from_fn(|i| {
        f32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
    })
}
