//! Shared helpers for the criterion benches: a small device rig that draws raw float4
//! vertices through the facade (`TransformVs` pass-through, no constant buffer).

#![allow(
    dead_code,
    reason = "shared by several test binaries, each using a part of it"
)]

use std::sync::Arc;
use std::time::Duration;

use criterion::Criterion;
use tessera::caps::{
    BindFlags, Blend, BlendDesc, BufferDesc, ComparisonFunc, CullMode, DepthStencilDesc,
    InputElementDesc, PrimitiveTopology, RasterizerDesc, Rect, RenderTargetBlendDesc, TextureDesc,
    Viewport,
};
use tessera::pipeline::builtin::TransformVs;
use tessera::pipeline::{Interpolation, PixelShader, PsInput, PsOutput, ShaderEnv};
use tessera::resource::DsvFlags;
use tessera::{
    DepthStencilView, Device, DeviceContext, DeviceDesc, Format, RenderTargetView, Texture,
    VertexBufferView,
};

/// Short measurements so `cargo bench` stays within minutes on two cores.
pub fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
}

/// Threads for bench devices: `RB_THREADS`, else `RAYON_NUM_THREADS`, else 1 (stable numbers).
pub fn threads() -> usize {
    ["RB_THREADS", "RAYON_NUM_THREADS"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(1usize)
        .max(1)
}

/// Pixel shader: `SV_Target0 = Σ v_i` over `inputs` perspective varyings (attribute
/// interpolation cost scales with the count).
pub struct SumPs {
    /// One entry per varying.
    pub inputs: Vec<Interpolation>,
}

impl PixelShader for SumPs {
    fn signature(&self) -> tessera::pipeline::shader::ShaderSignature {
        tessera::pipeline::shader::ShaderSignature::new(
            tessera::pipeline::shader::ShaderProfile::Ps4_0Level9_1,
        )
    }

    fn inputs(&self) -> &[Interpolation] {
        &self.inputs
    }

    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let mut acc = input.varyings[0];
        for v in &input.varyings[1..] {
            for c in 0..4 {
                acc[c] += v[c];
            }
        }
        out.targets[0] = acc;
    }
}

/// A render target (and optional D32 depth) of `size`² with state for raw-vertex draws.
pub struct Rig {
    pub device: Device,
    pub ctx: DeviceContext,
    pub target: Texture,
    pub rtv: RenderTargetView,
    pub dsv: Option<DepthStencilView>,
    pub size: u32,
}

impl Rig {
    pub fn new(size: u32, format: Format, depth: bool) -> Self {
        let device = Device::new(&DeviceDesc {
            threads: Some(threads()),
            ..DeviceDesc::default()
        })
        .unwrap();
        let ctx = device.immediate_context();
        let target = device
            .create_texture(
                &TextureDesc::tex2d(size, size, format, BindFlags::RENDER_TARGET),
                None,
            )
            .unwrap();
        let rtv = device.create_render_target_view(&target, None).unwrap();
        let dsv = depth.then(|| {
            let d = device
                .create_texture(
                    &TextureDesc::tex2d(size, size, Format::D32Float, BindFlags::DEPTH_STENCIL),
                    None,
                )
                .unwrap();
            device
                .create_depth_stencil_view(&d, None, DsvFlags::default())
                .unwrap()
        });
        Self {
            device,
            ctx,
            target,
            rtv,
            dsv,
            size,
        }
    }

    /// Binds `verts` (each `1 + varyings` float4s), a pass-through VS, `ps` (None = no pixel
    /// shader), depth LESS when the rig has depth, blending when `blend`, and an optional
    /// scissor rectangle.
    pub fn bind(
        &mut self,
        verts: &[[f32; 4]],
        varyings: usize,
        ps: Option<Arc<dyn PixelShader>>,
        blend: bool,
        scissor: Option<Rect>,
    ) {
        let d = &self.device;
        let bytes: Vec<u8> = verts
            .iter()
            .flatten()
            .flat_map(|f| f.to_le_bytes())
            .collect();
        let vb = d
            .create_buffer(
                &BufferDesc {
                    byte_width: bytes.len() as u32,
                    bind_flags: BindFlags::VERTEX_BUFFER,
                    ..Default::default()
                },
                Some(&bytes),
            )
            .unwrap();
        let mut elements = vec![element("POSITION", 0, 0)];
        for i in 0..varyings {
            elements.push(element("TEXCOORD", i as u32, 16 * (i as u32 + 1)));
        }
        let layout = d.create_input_layout(&elements).unwrap();
        let vs = d
            .create_vertex_shader(Arc::new(TransformVs { varyings }))
            .unwrap();
        let ctx = &mut self.ctx;
        ctx.ia_set_input_layout(Some(&layout)).unwrap();
        ctx.ia_set_vertex_buffers(
            0,
            &[Some(VertexBufferView {
                buffer: vb,
                stride: 16 * (varyings as u32 + 1),
                offset: 0,
            })],
        )
        .unwrap();
        ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
            .unwrap();
        ctx.vs_set_shader(Some(&vs)).unwrap();
        match ps {
            Some(ps) => ctx
                .ps_set_shader(Some(&d.create_pixel_shader(ps).unwrap()))
                .unwrap(),
            None => ctx.ps_set_shader(None).unwrap(),
        }
        let rs = d
            .create_rasterizer_state(&RasterizerDesc {
                cull_mode: CullMode::None,
                scissor_enable: scissor.is_some(),
                ..Default::default()
            })
            .unwrap();
        ctx.rs_set_state(Some(&rs)).unwrap();
        if let Some(r) = scissor {
            ctx.rs_set_scissor_rects(&[r]).unwrap();
        }
        ctx.rs_set_viewports(&[Viewport {
            top_left_x: 0.0,
            top_left_y: 0.0,
            width: self.size as f32,
            height: self.size as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }])
        .unwrap();
        let ds = d
            .create_depth_stencil_state(&DepthStencilDesc {
                depth_enable: self.dsv.is_some(),
                depth_write: self.dsv.is_some(),
                depth_func: ComparisonFunc::Less,
                ..Default::default()
            })
            .unwrap();
        ctx.om_set_depth_stencil_state(Some(&ds), 0).unwrap();
        let mut bd = BlendDesc::default();
        bd.render_target[0] = RenderTargetBlendDesc {
            blend_enable: blend,
            src_blend: Blend::SrcAlpha,
            dest_blend: Blend::InvSrcAlpha,
            src_blend_alpha: Blend::One,
            dest_blend_alpha: Blend::InvSrcAlpha,
            ..Default::default()
        };
        ctx.om_set_blend_state(
            Some(&d.create_blend_state(&bd).unwrap()),
            [1.0; 4],
            u32::MAX,
        )
        .unwrap();
        ctx.om_set_render_targets(&[Some(self.rtv.clone())], self.dsv.as_ref())
            .unwrap();
    }

    /// Clears colour (and depth), then draws `count` vertices.
    pub fn frame(&mut self, count: u32) {
        self.ctx
            .clear_render_target_view(&self.rtv, [0.0, 0.0, 0.0, 1.0])
            .unwrap();
        if let Some(dsv) = &self.dsv {
            self.ctx
                .clear_depth_stencil_view(dsv, true, false, 1.0, 0)
                .unwrap();
        }
        self.ctx.draw(count, 0).unwrap();
    }
}

fn element(name: &str, index: u32, offset: u32) -> InputElementDesc {
    InputElementDesc {
        semantic_name: name.into(),
        semantic_index: index,
        format: Format::R32G32B32A32Float,
        input_slot: 0,
        aligned_byte_offset: offset,
        input_slot_class: Default::default(),
        instance_data_step_rate: 0,
    }
}

/// Appends the vertices of a triangle with `varyings` colour attributes (alpha 0.5).
pub fn push_tri(out: &mut Vec<[f32; 4]>, pts: [[f32; 2]; 3], z: f32, varyings: usize) {
    for (k, p) in pts.iter().enumerate() {
        out.push([p[0], p[1], z, 1.0]);
        for v in 0..varyings {
            let t = (k + v) as f32 * 0.1;
            out.push([0.2 + t, 0.5, 0.8 - t, 0.5]);
        }
    }
}

/// A full-viewport quad (two triangles) at depth `z`.
pub fn push_quad(out: &mut Vec<[f32; 4]>, z: f32, varyings: usize) {
    push_tri(out, [[-1.0, -1.0], [-1.0, 1.0], [1.0, 1.0]], z, varyings);
    push_tri(out, [[-1.0, -1.0], [1.0, 1.0], [1.0, -1.0]], z, varyings);
}
