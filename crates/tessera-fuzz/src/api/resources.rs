//! The objects an input has created, and the `Create*` calls that fill them.

use std::sync::Arc;

use tessera::pipeline::builtin::{
    ConstantColorPs, LitPs, LitVs, TexturedPs, TransformVs, VertexColorPs,
};
use tessera::pipeline::{PixelShader, VertexShader};
use tessera::resource::{DsvFlags, SubresourceData, UnorderedAccessView};
use tessera::{
    BlendState, DepthStencilState, DepthStencilView, InputLayoutHandle, PixelShaderHandle, Query,
    RasterizerState, RenderTargetView, Resource, SamplerState, ShaderResourceView,
    VertexShaderHandle,
};

use super::Run;
use super::enums::query_type;
use super::ops::{Obj, Op, PsKind, VsKind};

/// Every object created so far, by kind, in creation order.
#[derive(Default)]
pub(crate) struct Pools {
    pub(crate) resources: Vec<Resource>,
    pub(crate) srvs: Vec<ShaderResourceView>,
    pub(crate) rtvs: Vec<RenderTargetView>,
    pub(crate) dsvs: Vec<DepthStencilView>,
    pub(crate) uavs: Vec<UnorderedAccessView>,
    pub(crate) samplers: Vec<SamplerState>,
    pub(crate) rasterizers: Vec<RasterizerState>,
    pub(crate) blends: Vec<BlendState>,
    pub(crate) depth_stencils: Vec<DepthStencilState>,
    pub(crate) layouts: Vec<InputLayoutHandle>,
    pub(crate) vss: Vec<VertexShaderHandle>,
    pub(crate) pss: Vec<PixelShaderHandle>,
    pub(crate) queries: Vec<Query>,
}

/// Object `i` of `pool` (modulo its length), if the pool has any.
pub(crate) fn get<T: Clone>(pool: &[T], i: Obj) -> Option<T> {
    if pool.is_empty() {
        None
    } else {
        Some(pool[usize::from(i) % pool.len()].clone())
    }
}

/// Objects `names` of `pool` for a slot-array call (`None` stays NULL; at most `max`).
pub(crate) fn slots<T: Clone>(pool: &[T], names: &[Option<Obj>], max: usize) -> Vec<Option<T>> {
    names
        .iter()
        .take(max)
        .map(|n| n.and_then(|i| get(pool, i)))
        .collect()
}

/// The largest initial-data allocation: bigger declared sizes get a short slice instead.
const MAX_INIT_BYTES: u32 = 1 << 16;

impl Run {
    /// The `Create*` calls.
    pub(crate) fn create(&mut self, op: Op) {
        let device = self.device.clone();
        match op {
            Op::CreateBuffer(spec) => {
                let desc = spec.desc();
                let init = spec.init.map(|(fill, short)| {
                    let len =
                        desc.byte_width.min(MAX_INIT_BYTES) - u32::from(short).min(desc.byte_width);
                    vec![fill; len as usize]
                });
                if let Some(b) = self.check(device.create_buffer(&desc, init.as_deref())) {
                    self.pools.resources.push(b.into());
                }
            }
            Op::CreateTexture(spec) => {
                let desc = spec.desc();
                let bytes = spec
                    .init
                    .map(|i| (i, vec![i.fill; i.len.get().min(MAX_INIT_BYTES) as usize]));
                let init: Option<Vec<SubresourceData<'_>>> = bytes.as_ref().map(|(i, data)| {
                    let entry = SubresourceData {
                        data,
                        row_pitch: i.row_pitch.get() as usize,
                        depth_pitch: data.len(),
                    };
                    vec![entry; usize::from(i.entries % 8)]
                });
                if let Some(t) = self.check(device.create_texture(&desc, init.as_deref())) {
                    self.pools.resources.push(t.into());
                }
            }
            Op::CreateSrv(r, view) => {
                let Some(res) = get(&self.pools.resources, r) else {
                    return;
                };
                let desc = view.map(|v| v.desc());
                let r = device.create_shader_resource_view(res, desc.as_ref());
                if let Some(v) = self.check(r) {
                    self.pools.srvs.push(v);
                }
            }
            Op::CreateRtv(r, view) => {
                let Some(res) = get(&self.pools.resources, r) else {
                    return;
                };
                let desc = view.map(|v| v.desc());
                let r = device.create_render_target_view(res, desc.as_ref());
                if let Some(v) = self.check(r) {
                    self.pools.rtvs.push(v);
                }
            }
            Op::CreateDsv(r, view, read_only_depth, read_only_stencil) => {
                let Some(res) = get(&self.pools.resources, r) else {
                    return;
                };
                let desc = view.map(|v| v.desc());
                let flags = DsvFlags {
                    read_only_depth,
                    read_only_stencil,
                };
                let r = device.create_depth_stencil_view(res, desc.as_ref(), flags);
                if let Some(v) = self.check(r) {
                    self.pools.dsvs.push(v);
                }
            }
            Op::CreateUav(r, view) => {
                let Some(res) = get(&self.pools.resources, r) else {
                    return;
                };
                let desc = view.map(|v| v.desc());
                let r = device.create_unordered_access_view(res, desc.as_ref());
                if let Some(v) = self.check(r) {
                    self.pools.uavs.push(v);
                }
            }
            _ => self.create_state(op),
        }
    }

    /// State objects, layouts, shaders and queries.
    fn create_state(&mut self, op: Op) {
        let device = self.device.clone();
        match op {
            Op::CreateSampler(spec) => {
                if let Some(s) = self.check(device.create_sampler_state(&spec.desc())) {
                    self.pools.samplers.push(s);
                }
            }
            Op::CreateRasterizer(spec) => {
                if let Some(s) = self.check(device.create_rasterizer_state(&spec.desc())) {
                    self.pools.rasterizers.push(s);
                }
            }
            Op::CreateBlend(spec) => {
                if let Some(s) = self.check(device.create_blend_state(&spec.desc())) {
                    self.pools.blends.push(s);
                }
            }
            Op::CreateDepthStencil(spec) => {
                if let Some(s) = self.check(device.create_depth_stencil_state(&spec.desc())) {
                    self.pools.depth_stencils.push(s);
                }
            }
            Op::CreateInputLayout(elements) => {
                let descs: Vec<_> = elements.iter().take(8).map(|e| e.desc()).collect();
                if let Some(l) = self.check(device.create_input_layout(&descs)) {
                    self.pools.layouts.push(l);
                }
            }
            Op::CreateVs(kind) => {
                let shader: Arc<dyn VertexShader> = match kind {
                    VsKind::Transform(n) => Arc::new(TransformVs {
                        varyings: usize::from(n % 40),
                    }),
                    VsKind::Lit => Arc::new(LitVs),
                    VsKind::Fuzz(spec) => spec.build(),
                };
                if let Some(s) = self.check(device.create_vertex_shader(shader)) {
                    self.pools.vss.push(s);
                }
            }
            Op::CreatePs(kind) => {
                let shader: Arc<dyn PixelShader> = match kind {
                    PsKind::VertexColor => Arc::new(VertexColorPs),
                    PsKind::ConstantColor => Arc::new(ConstantColorPs),
                    PsKind::Textured => Arc::new(TexturedPs),
                    PsKind::Lit => Arc::new(LitPs),
                    PsKind::Fuzz(spec) => spec.build(),
                };
                if let Some(s) = self.check(device.create_pixel_shader(shader)) {
                    self.pools.pss.push(s);
                }
            }
            Op::CreateQuery(kind) => {
                if let Some(q) = self.check(device.create_query(query_type(kind))) {
                    self.pools.queries.push(q);
                }
            }
            _ => {}
        }
    }
}
