//! `DeviceContext`: the immediate context's bound state and its state-setting calls
//! (`ID3D11DeviceContext`), each validated against the device's feature level.

mod draw;
mod ops;

use std::sync::PoisonError;

use tessera_caps::{
    BlendDesc, DepthStencilDesc, PrimitiveTopology, RasterizerDesc, Rect, Viewport,
};
use tessera_format::Format;
use tessera_pipeline::DrawStats;
use tessera_resource::{Buffer, DepthStencilView, RenderTargetView, ShaderResourceView};

use crate::device::Device;
use crate::error::{Error, Result};
use crate::query::{Query, QueryData};
use crate::state::{
    BlendState, DepthStencilState, InputLayoutHandle, PixelShaderHandle, RasterizerState,
    SamplerState, VertexShaderHandle,
};

/// Vertex buffer slots (`D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT`).
pub const VERTEX_BUFFER_SLOTS: usize = 32;

/// A vertex buffer binding for [`DeviceContext::ia_set_vertex_buffers`].
#[derive(Clone, Debug)]
pub struct VertexBufferView {
    /// The buffer.
    pub buffer: Buffer,
    /// Bytes per vertex.
    pub stride: u32,
    /// Byte offset of vertex 0.
    pub offset: u32,
}

/// What one shader stage has bound.
#[derive(Clone, Debug, Default)]
pub(crate) struct StageBindings {
    pub(crate) constant_buffers: Vec<Option<Buffer>>,
    pub(crate) shader_resources: Vec<Option<ShaderResourceView>>,
    pub(crate) samplers: Vec<Option<SamplerState>>,
}

fn set_slots<T: Clone>(
    slots: &mut Vec<Option<T>>,
    start: usize,
    items: &[Option<T>],
    limit: usize,
    call: &'static str,
) -> Result<()> {
    let end = start.saturating_add(items.len());
    if end > limit {
        return Err(Error::SlotRange {
            call,
            start,
            end,
            limit,
        });
    }
    if slots.len() < end {
        slots.resize(end, None);
    }
    slots[start..end].clone_from_slice(items);
    Ok(())
}

impl Device {
    /// A new immediate context for this device (use it from one thread at a time). Defined with
    /// the context so that the device module does not depend on it.
    pub fn immediate_context(&self) -> DeviceContext {
        DeviceContext::new(self.clone())
    }
}

/// The immediate context: bound state plus the draw, copy and clear calls.
pub struct DeviceContext {
    pub(crate) device: Device,
    pub(crate) topology: PrimitiveTopology,
    pub(crate) input_layout: Option<InputLayoutHandle>,
    pub(crate) vertex_buffers: Vec<Option<VertexBufferView>>,
    pub(crate) index_buffer: Option<(Buffer, Format, u32)>,
    pub(crate) vertex_shader: Option<VertexShaderHandle>,
    pub(crate) pixel_shader: Option<PixelShaderHandle>,
    pub(crate) vs: StageBindings,
    pub(crate) ps: StageBindings,
    pub(crate) rasterizer: RasterizerDesc,
    pub(crate) viewports: Vec<Viewport>,
    pub(crate) scissors: Vec<Rect>,
    pub(crate) blend: BlendDesc,
    pub(crate) blend_factor: [f32; 4],
    pub(crate) sample_mask: u32,
    pub(crate) depth_stencil: DepthStencilDesc,
    pub(crate) stencil_ref: u8,
    pub(crate) render_targets: Vec<Option<RenderTargetView>>,
    pub(crate) depth_stencil_view: Option<DepthStencilView>,
    pub(crate) active_queries: Vec<Query>,
}

impl DeviceContext {
    pub(crate) fn new(device: Device) -> Self {
        Self {
            device,
            topology: PrimitiveTopology::Undefined,
            input_layout: None,
            vertex_buffers: Vec::new(),
            index_buffer: None,
            vertex_shader: None,
            pixel_shader: None,
            vs: StageBindings::default(),
            ps: StageBindings::default(),
            rasterizer: RasterizerDesc::default(),
            viewports: Vec::new(),
            scissors: Vec::new(),
            blend: BlendDesc::default(),
            blend_factor: [1.0; 4],
            sample_mask: u32::MAX,
            depth_stencil: DepthStencilDesc::default(),
            stencil_ref: 0,
            render_targets: Vec::new(),
            depth_stencil_view: None,
            active_queries: Vec::new(),
        }
    }

    /// The device this context belongs to.
    pub fn device(&self) -> &Device {
        &self.device
    }

    /// `ClearState`: every binding back to its default.
    pub fn clear_state(&mut self) {
        *self = Self::new(self.device.clone());
    }

    /// `IASetPrimitiveTopology` (adjacency refused where the level lacks it, SPEC §2.2).
    pub fn ia_set_primitive_topology(&mut self, topology: PrimitiveTopology) -> Result<()> {
        if topology.is_adjacency() {
            self.device.caps().validate_topology(topology, false)?;
        }
        self.topology = topology;
        Ok(())
    }

    /// `IASetInputLayout`.
    pub fn ia_set_input_layout(&mut self, layout: Option<&InputLayoutHandle>) {
        self.input_layout = layout.cloned();
    }

    /// `IASetVertexBuffers`.
    pub fn ia_set_vertex_buffers(
        &mut self,
        start_slot: usize,
        buffers: &[Option<VertexBufferView>],
    ) -> Result<()> {
        let limit = (self.device.limits().max_input_slots as usize).min(VERTEX_BUFFER_SLOTS);
        set_slots(
            &mut self.vertex_buffers,
            start_slot,
            buffers,
            limit,
            "IASetVertexBuffers",
        )
    }

    /// `IASetIndexBuffer` (9_1: R16_UINT only, SPEC §2.2 / FL-11).
    pub fn ia_set_index_buffer(
        &mut self,
        buffer: Option<&Buffer>,
        format: Format,
        offset: u32,
    ) -> Result<()> {
        match buffer {
            Some(b) => {
                self.device.caps().validate_index_format(format)?;
                self.index_buffer = Some((b.clone(), format, offset));
            }
            None => self.index_buffer = None,
        }
        Ok(())
    }

    /// `VSSetShader`: the same profile rules as `CreateVertexShader` (SPEC §2.2), checked
    /// against this context's level; on refusal the bound shader is unchanged.
    pub fn vs_set_shader(&mut self, shader: Option<&VertexShaderHandle>) -> Result<()> {
        if let Some(s) = shader {
            self.device
                .caps()
                .validate_vertex_shader("VSSetShader", s.signature())?;
        }
        self.vertex_shader = shader.cloned();
        Ok(())
    }

    /// `PSSetShader`: the same profile rules as `CreatePixelShader` (SPEC §2.2), checked
    /// against this context's level; on refusal the bound shader is unchanged.
    pub fn ps_set_shader(&mut self, shader: Option<&PixelShaderHandle>) -> Result<()> {
        if let Some(s) = shader {
            self.device
                .caps()
                .validate_pixel_shader("PSSetShader", s.signature())?;
        }
        self.pixel_shader = shader.cloned();
        Ok(())
    }

    /// `VSSetConstantBuffers`.
    pub fn vs_set_constant_buffers(
        &mut self,
        start: usize,
        buffers: &[Option<Buffer>],
    ) -> Result<()> {
        set_slots(
            &mut self.vs.constant_buffers,
            start,
            buffers,
            self.device.limits().constant_buffer_slots() as usize,
            "VSSetConstantBuffers",
        )
    }

    /// `PSSetConstantBuffers`.
    pub fn ps_set_constant_buffers(
        &mut self,
        start: usize,
        buffers: &[Option<Buffer>],
    ) -> Result<()> {
        set_slots(
            &mut self.ps.constant_buffers,
            start,
            buffers,
            self.device.limits().constant_buffer_slots() as usize,
            "PSSetConstantBuffers",
        )
    }

    /// `VSSetShaderResources` (no vertex texture fetch at 9_x, SPEC §2.2).
    pub fn vs_set_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<ShaderResourceView>],
    ) -> Result<()> {
        let limit = self.device.limits().vs_srv_slots() as usize;
        set_slots(
            &mut self.vs.shader_resources,
            start,
            views,
            limit,
            "VSSetShaderResources",
        )
    }

    /// `PSSetShaderResources` (8 slots at 9_x, SPEC §2.2).
    pub fn ps_set_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<ShaderResourceView>],
    ) -> Result<()> {
        let limit = self.device.limits().ps_srv_slots() as usize;
        set_slots(
            &mut self.ps.shader_resources,
            start,
            views,
            limit,
            "PSSetShaderResources",
        )
    }

    /// `VSSetSamplers` (none at 9_x).
    pub fn vs_set_samplers(
        &mut self,
        start: usize,
        samplers: &[Option<SamplerState>],
    ) -> Result<()> {
        let limit = self.device.limits().vs_sampler_slots() as usize;
        set_slots(
            &mut self.vs.samplers,
            start,
            samplers,
            limit,
            "VSSetSamplers",
        )
    }

    /// `PSSetSamplers` (16 slots).
    pub fn ps_set_samplers(
        &mut self,
        start: usize,
        samplers: &[Option<SamplerState>],
    ) -> Result<()> {
        let limit = self.device.limits().ps_sampler_slots() as usize;
        set_slots(
            &mut self.ps.samplers,
            start,
            samplers,
            limit,
            "PSSetSamplers",
        )
    }

    /// `RSSetState` (`None` = the default rasterizer state).
    pub fn rs_set_state(&mut self, state: Option<&RasterizerState>) {
        self.rasterizer = state.map_or_else(RasterizerDesc::default, |s| s.0);
    }

    /// `RSSetViewports` (count, bounds, depth range and the 9_x negative-origin quirk: FL-27, RS-09).
    pub fn rs_set_viewports(&mut self, viewports: &[Viewport]) -> Result<()> {
        self.device.caps().validate_viewports(viewports)?;
        self.viewports = viewports.to_vec();
        Ok(())
    }

    /// `RSSetScissorRects`.
    pub fn rs_set_scissor_rects(&mut self, rects: &[Rect]) -> Result<()> {
        self.device.caps().validate_scissors(rects)?;
        self.scissors = rects.to_vec();
        Ok(())
    }

    /// `OMSetBlendState` (`None` = default state; sample mask 0 refused at 9_x, FL-26).
    pub fn om_set_blend_state(
        &mut self,
        state: Option<&BlendState>,
        blend_factor: [f32; 4],
        sample_mask: u32,
    ) -> Result<()> {
        self.device.caps().validate_sample_mask(sample_mask)?;
        self.blend = state.map_or_else(BlendDesc::default, |s| s.0);
        self.blend_factor = blend_factor;
        self.sample_mask = sample_mask;
        Ok(())
    }

    /// `OMSetDepthStencilState` (`None` = default state).
    pub fn om_set_depth_stencil_state(
        &mut self,
        state: Option<&DepthStencilState>,
        stencil_ref: u8,
    ) {
        self.depth_stencil = state.map_or_else(DepthStencilDesc::default, |s| s.0);
        self.stencil_ref = stencil_ref;
    }

    /// `OMSetRenderTargets` (count and 9_3 bit-depth rule, FL-25).
    pub fn om_set_render_targets(
        &mut self,
        views: &[Option<RenderTargetView>],
        depth: Option<&DepthStencilView>,
    ) -> Result<()> {
        let formats: Vec<Format> = views.iter().flatten().map(|v| v.format()).collect();
        let limit = self.device.limits().max_render_targets as usize;
        if views.len() > limit {
            self.device
                .caps()
                .validate_render_targets(&vec![Format::R8G8B8A8Unorm; views.len()])?;
        }
        self.device.caps().validate_render_targets(&formats)?;
        // SPEC §5.6 / OM-19: every bound RTV and the DSV must have the same dimensions.
        let sizes = views
            .iter()
            .flatten()
            .map(|v| &**v)
            .chain(depth.map(|v| &**v))
            .filter_map(|v| {
                let tex = v.texture()?;
                let mip = v.range().most_detailed_mip;
                Some((
                    (tex.desc().width >> mip).max(1),
                    (tex.desc().height >> mip).max(1),
                ))
            });
        let mut first = None;
        for size in sizes {
            match first {
                None => first = Some(size),
                Some(f) if f != size => {
                    return Err(tessera_pipeline::PipelineError::TargetSizeMismatch {
                        first: f,
                        other: size,
                    }
                    .into());
                }
                Some(_) => {}
            }
        }
        self.render_targets = views.to_vec();
        self.depth_stencil_view = depth.cloned();
        Ok(())
    }

    /// `Begin` on a query.
    pub fn begin(&mut self, query: &Query) {
        let mut s = query.state.lock().unwrap_or_else(PoisonError::into_inner);
        *s = Default::default();
        s.active = true;
        drop(s);
        self.active_queries.push(query.clone());
    }

    /// `End` on a query.
    pub fn end(&mut self, query: &Query) {
        let mut s = query.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.active = false;
        s.ended = true;
        drop(s);
        self.active_queries
            .retain(|q| !std::sync::Arc::ptr_eq(&q.state, &query.state));
    }

    /// `GetData`: the result of an ended query (Tessera executes synchronously).
    pub fn get_data(&self, query: &Query) -> Result<QueryData> {
        use tessera_caps::QueryType as Q;
        let s = query.state.lock().unwrap_or_else(PoisonError::into_inner);
        if !s.ended && query.kind != Q::Timestamp {
            return Err(Error::QueryNotEnded);
        }
        Ok(match query.kind {
            Q::Event => QueryData::Event(true),
            Q::Occlusion => QueryData::Occlusion(s.stats.samples_passed),
            Q::OcclusionPredicate => QueryData::Predicate(s.stats.samples_passed > 0),
            Q::Timestamp => QueryData::Timestamp(query.created.elapsed().as_nanos() as u64),
            _ => QueryData::PipelineStatistics(s.stats),
        })
    }

    pub(crate) fn record_stats(&self, stats: &DrawStats) {
        for q in &self.active_queries {
            let mut s = q.state.lock().unwrap_or_else(PoisonError::into_inner);
            let t = &mut s.stats;
            t.vs_invocations += stats.vs_invocations;
            t.ia_primitives += stats.ia_primitives;
            t.c_primitives += stats.c_primitives;
            t.ps_invocations += stats.ps_invocations;
            t.samples_passed += stats.samples_passed;
        }
    }
}
