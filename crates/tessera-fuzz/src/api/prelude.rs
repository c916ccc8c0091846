//! The optional prelude of an `api` input: a working colour pipeline (a 32×32 RGBA8 target
//! and its view, a full viewport, `TransformVs` and `VertexColorPs`, a `POSITION, COLOR`
//! layout, a vertex buffer of one triangle and a 16-bit index buffer, a triangle list), so
//! that random calls after it reach the draw path instead of stopping at "nothing bound".

use std::sync::Arc;
use tessera_testkit::element;

use tessera::caps::{BindFlags, BufferDesc, PrimitiveTopology, TextureDesc, Usage, Viewport};
use tessera::pipeline::builtin::{TransformVs, VertexColorPs};
use tessera::{Format, VertexBufferView};

use super::Run;
use super::specs::SMALL_EXTENT;

/// One triangle: three `[x, y, z, w]` positions, each followed by an RGBA colour.
const TRIANGLE: [f32; 24] = [
    -0.8, -0.8, 0.5, 1.0, 1.0, 0.0, 0.0, 1.0, //
    0.0, 0.8, 0.5, 1.0, 0.0, 1.0, 0.0, 1.0, //
    0.8, -0.8, 0.5, 1.0, 0.0, 0.0, 1.0, 1.0,
];

impl Run {
    /// Creates and binds the prelude's pipeline; each call goes through [`Run::check`] (none
    /// is refused at any level, so every object lands in its pool).
    pub(crate) fn prelude(&mut self) {
        let d = self.device.clone();
        let n = SMALL_EXTENT;
        let desc = TextureDesc::tex2d(n, n, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
        if let Some(tex) = self.check(d.create_texture(&desc, None)) {
            if let Some(rtv) = self.check(d.create_render_target_view(&tex, None)) {
                let r = self.ctx.om_set_render_targets(&[Some(rtv.clone())], None);
                self.check(r);
                self.pools.rtvs.push(rtv);
            }
            self.pools.resources.push(tex.into());
        }
        let vp = Viewport {
            width: n as f32,
            height: n as f32,
            max_depth: 1.0,
            ..Viewport::default()
        };
        let r = self.ctx.rs_set_viewports(&[vp]);
        self.check(r);
        let bytes: Vec<u8> = TRIANGLE.iter().flat_map(|f| f.to_le_bytes()).collect();
        let vb = BufferDesc {
            byte_width: bytes.len() as u32,
            usage: Usage::Default,
            bind_flags: BindFlags::VERTEX_BUFFER,
            ..BufferDesc::default()
        };
        if let Some(b) = self.check(d.create_buffer(&vb, Some(&bytes))) {
            let view = VertexBufferView {
                buffer: b.clone(),
                stride: 32,
                offset: 0,
            };
            let r = self.ctx.ia_set_vertex_buffers(0, &[Some(view)]);
            self.check(r);
            self.pools.resources.push(b.into());
        }
        let indices: Vec<u8> = [0u16, 1, 2, 2, 1, 0]
            .iter()
            .flat_map(|i| i.to_le_bytes())
            .collect();
        let ib = BufferDesc {
            byte_width: indices.len() as u32,
            bind_flags: BindFlags::INDEX_BUFFER,
            ..vb
        };
        if let Some(b) = self.check(d.create_buffer(&ib, Some(&indices))) {
            let r = self.ctx.ia_set_index_buffer(Some(&b), Format::R16Uint, 0);
            self.check(r);
            self.pools.resources.push(b.into());
        }
        let f4 = Format::R32G32B32A32Float;
        let layout = [
            element("POSITION", 0, f4, 0, 0),
            element("COLOR", 0, f4, 0, 16),
        ];
        if let Some(l) = self.check(d.create_input_layout(&layout)) {
            let r = self.ctx.ia_set_input_layout(Some(&l));
            self.check(r);
            self.pools.layouts.push(l);
        }
        if let Some(vs) = self.check(d.create_vertex_shader(Arc::new(TransformVs { varyings: 1 })))
        {
            let r = self.ctx.vs_set_shader(Some(&vs));
            self.check(r);
            self.pools.vss.push(vs);
        }
        if let Some(ps) = self.check(d.create_pixel_shader(Arc::new(VertexColorPs))) {
            let r = self.ctx.ps_set_shader(Some(&ps));
            self.check(r);
            self.pools.pss.push(ps);
        }
        let r = self
            .ctx
            .ia_set_primitive_topology(PrimitiveTopology::TriangleList);
        self.check(r);
    }
}
