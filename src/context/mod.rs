//! `DeviceContext`: the immediate context's bound state (`ID3D11DeviceContext`); the calls are
//! in `bind` (state setting), `draw`, `ops` (copies, clears, maps) and `hazard`.

mod bind;
mod checks;
mod clear_view;
mod compute;
mod draw;
mod get;
mod hazard;
pub(crate) mod linkage;
mod om;
mod om_uav;
mod ops;
mod output_hazard;
mod reads;
mod staged;
mod stages;
mod tiled;
mod tiled_bind;
mod tiled_compute;
mod tiled_copy;
mod tiled_om;
mod tiled_om_uav;
mod tiled_ops;
mod uav;

use std::sync::PoisonError;

use tessera_caps::{
    BlendDesc, DepthStencilDesc, DeviceId, PrimitiveTopology, RasterizerDesc, Rect, Viewport,
};
use tessera_format::Format;
use tessera_pipeline::DrawStats;
use tessera_resource::{Buffer, DepthStencilView, RenderTargetView, ShaderResourceView};

pub use clear_view::ClearViewOf;
pub use compute::{ComputeShaderHandle, MAX_DISPATCH_GROUPS};
pub use stages::{DomainShaderHandle, GeometryShaderHandle, HullShaderHandle};

use crate::device::Device;
use crate::error::{Error, Result};
use crate::query::{Query, QueryData};
use crate::state::{InputLayoutHandle, PixelShaderHandle, SamplerState, VertexShaderHandle};

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
    /// Tiled views (issue #16 part 3); a slot holds an ordinary or a tiled view, never both.
    pub(crate) tiled_resources: Vec<Option<crate::tiled::TiledShaderResourceView>>,
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
    pub(crate) compute_shader: Option<ComputeShaderHandle>,
    pub(crate) cs: StageBindings,
    pub(crate) cs_uavs: Vec<Option<tessera_resource::UnorderedAccessView>>,
    /// The tiled resources behind compute UAV slots (issue #16): the slot's view in `cs_uavs`
    /// is the shadow's, loaded before and stored after every dispatch.
    pub(crate) cs_tiled_uavs: Vec<Option<crate::tiled::TiledTarget>>,
    /// The tiled buffers behind compute SRV slots: the slot's view in `cs.shader_resources`
    /// is the shadow's, loaded before every dispatch.
    pub(crate) cs_tiled_srvs: Vec<Option<crate::tiled::TiledTarget>>,
    /// The output merger's UAVs (`OMSetRenderTargetsAndUnorderedAccessViews`), by UAV slot,
    /// read and written by the pixel shader.
    pub(crate) ps_uavs: Vec<Option<tessera_resource::UnorderedAccessView>>,
    /// The tiled resources behind pixel-stage UAV slots: the slot's view in `ps_uavs` is the
    /// shadow's, loaded before and stored after every draw whose pixel shader has UAVs.
    pub(crate) ps_tiled_uavs: Vec<Option<crate::tiled::TiledTarget>>,
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
    /// The tiled textures behind bound outputs (issue #16 part 6): each output's shadow is the
    /// view bound in `render_targets` / `depth_stencil_view`, loaded before and stored after
    /// every draw and clear.
    pub(crate) tiled_outputs: Vec<crate::tiled::TiledTarget>,
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
            compute_shader: None,
            cs: StageBindings::default(),
            cs_uavs: Vec::new(),
            cs_tiled_uavs: Vec::new(),
            cs_tiled_srvs: Vec::new(),
            ps_uavs: Vec::new(),
            ps_tiled_uavs: Vec::new(),
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
            tiled_outputs: Vec::new(),
            active_queries: Vec::new(),
        }
    }

    /// Refuses an object of another device (every object a call takes goes through here).
    pub(crate) fn owned(
        &self,
        call: &'static str,
        object: &'static str,
        owner: DeviceId,
    ) -> Result<()> {
        self.device.check_owner(call, object, owner)
    }

    /// `PSGetShaderResources`: the pixel stage's shader-resource slots as bound (a view a
    /// hazard unbound reads `None`).
    pub fn ps_get_shader_resources(&self) -> Vec<Option<ShaderResourceView>> {
        self.ps.shader_resources.clone()
    }

    /// `CSGetShaderResources`: the compute stage's shader-resource slots as bound (a view a
    /// hazard unbound reads `None`).
    pub fn cs_get_shader_resources(&self) -> Vec<Option<ShaderResourceView>> {
        self.cs.shader_resources.clone()
    }

    /// The device this context belongs to.
    pub fn device(&self) -> &Device {
        &self.device
    }

    /// `ClearState`: every binding back to its default.
    pub fn clear_state(&mut self) {
        *self = Self::new(self.device.clone());
    }

    /// `Begin` on a query (refused for a query of another device).
    pub fn begin(&mut self, query: &Query) -> Result<()> {
        let r = self.owned("Begin", "query", query.owner());
        self.device.refused("Begin", r)?;
        let mut s = query.state.lock().unwrap_or_else(PoisonError::into_inner);
        *s = Default::default();
        s.active = true;
        drop(s);
        self.active_queries.push(query.clone());
        Ok(())
    }

    /// `End` on a query (refused for a query of another device).
    pub fn end(&mut self, query: &Query) -> Result<()> {
        let r = self.owned("End", "query", query.owner());
        self.device.refused("End", r)?;
        let mut s = query.state.lock().unwrap_or_else(PoisonError::into_inner);
        s.active = false;
        s.ended = true;
        drop(s);
        self.active_queries
            .retain(|q| !std::sync::Arc::ptr_eq(&q.state, &query.state));
        Ok(())
    }

    /// `GetData`: the result of an ended query (Tessera executes synchronously). Occlusion
    /// counts are exact at every level: at 9_2/9_3 (D3D9 floor, SPEC §1.4: "occlusion queries
    /// must always return a non-zero count") a draw with visible samples reports their number,
    /// never a stub 0 (docs/caps.md "Occlusion queries at 9_x").
    pub fn get_data(&self, query: &Query) -> Result<QueryData> {
        use tessera_caps::QueryType as Q;
        let run = || -> Result<QueryData> {
            self.owned("GetData", "query", query.owner())?;
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
        };
        self.device.refused("GetData", run())
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
