//! The state-setting calls `IA*`, `VS*`, `PS*` and `RS*` (`OM*` are in `om`): each checks
//! that its objects belong to this device, re-checks state objects against the context's
//! level, and reports refusals to the info queue.

use tessera_caps::{PrimitiveTopology, RasterizerDesc, Rect, Viewport};
use tessera_format::Format;
use tessera_resource::{Buffer, ShaderResourceView};

use super::output_hazard::BufferInput;
use super::{DeviceContext, VERTEX_BUFFER_SLOTS, VertexBufferView, set_slots};
use crate::error::Result;
use crate::state::{
    DeviceChild, InputLayoutHandle, PixelShaderHandle, RasterizerState, SamplerState,
    VertexShaderHandle,
};

impl DeviceContext {
    /// Runs `f` and stores its refusal, if any, as an error message of `call`.
    pub(super) fn guarded(
        &mut self,
        call: &'static str,
        f: impl FnOnce(&mut Self) -> Result<()>,
    ) -> Result<()> {
        let device = self.device.clone();
        let r = f(self);
        device.refused(call, r)
    }

    /// `IASetPrimitiveTopology` (adjacency refused where the level lacks it, SPEC §2.2).
    pub fn ia_set_primitive_topology(&mut self, topology: PrimitiveTopology) -> Result<()> {
        self.guarded("IASetPrimitiveTopology", |c| {
            if topology.is_adjacency() {
                c.device.caps().validate_topology(topology, false)?;
            }
            c.topology = topology;
            Ok(())
        })
    }

    /// `IASetInputLayout`.
    pub fn ia_set_input_layout(&mut self, layout: Option<&InputLayoutHandle>) -> Result<()> {
        self.guarded("IASetInputLayout", |c| {
            if let Some(l) = layout {
                c.owned("IASetInputLayout", "input layout", l.owner())?;
            }
            c.input_layout = layout.cloned();
            Ok(())
        })
    }

    /// `IASetVertexBuffers`.
    pub fn ia_set_vertex_buffers(
        &mut self,
        start_slot: usize,
        buffers: &[Option<VertexBufferView>],
    ) -> Result<()> {
        const CALL: &str = "IASetVertexBuffers";
        self.guarded(CALL, |c| {
            for b in buffers.iter().flatten() {
                c.owned(CALL, "vertex buffer", b.buffer.owner())?;
            }
            let limit = (c.device.limits().max_input_slots as usize).min(VERTEX_BUFFER_SLOTS);
            if start_slot.saturating_add(buffers.len()) > limit {
                // The slot rule first (set_slots refuses it), then the hazard rule.
                return set_slots(&mut c.vertex_buffers, start_slot, buffers, limit, CALL);
            }
            let buffers = c.input_buffers(
                CALL,
                buffers,
                |v| &v.buffer,
                |k| BufferInput::Vertex(start_slot + k),
            )?;
            set_slots(&mut c.vertex_buffers, start_slot, &buffers, limit, CALL)
        })
    }

    /// `IASetIndexBuffer` (9_1: R16_UINT only, SPEC §2.2 / FL-11).
    pub fn ia_set_index_buffer(
        &mut self,
        buffer: Option<&Buffer>,
        format: Format,
        offset: u32,
    ) -> Result<()> {
        self.guarded("IASetIndexBuffer", |c| {
            c.index_buffer = match buffer {
                Some(b) => {
                    c.owned("IASetIndexBuffer", "index buffer", b.owner())?;
                    c.device.caps().validate_index_format(format)?;
                    if c.buffer_is_output(b) {
                        c.refuse_output_buffer("IASetIndexBuffer", BufferInput::Index)?;
                        None
                    } else {
                        Some((b.clone(), format, offset))
                    }
                }
                None => None,
            };
            Ok(())
        })
    }

    /// `VSSetShader`: the same profile rules as `CreateVertexShader` (SPEC §2.2), checked
    /// against this context's level; on refusal the bound shader is unchanged.
    pub fn vs_set_shader(&mut self, shader: Option<&VertexShaderHandle>) -> Result<()> {
        self.guarded("VSSetShader", |c| {
            if let Some(s) = shader {
                // The same profile rules as CreateVertexShader (SPEC §2.2), at this level.
                c.device
                    .caps()
                    .validate_vertex_shader("VSSetShader", s.signature())?;
                c.owned("VSSetShader", "vertex shader", s.owner())?;
            }
            c.vertex_shader = shader.cloned();
            Ok(())
        })
    }

    /// `PSSetShader`: the same profile rules as `CreatePixelShader` (SPEC §2.2), checked
    /// against this context's level; on refusal the bound shader is unchanged.
    pub fn ps_set_shader(&mut self, shader: Option<&PixelShaderHandle>) -> Result<()> {
        self.guarded("PSSetShader", |c| {
            if let Some(s) = shader {
                // The same profile rules as CreatePixelShader (SPEC §2.2), at this level.
                c.device
                    .caps()
                    .validate_pixel_shader("PSSetShader", s.signature())?;
                c.owned("PSSetShader", "pixel shader", s.owner())?;
            }
            c.pixel_shader = shader.cloned();
            Ok(())
        })
    }

    /// `VSSetConstantBuffers`.
    pub fn vs_set_constant_buffers(
        &mut self,
        start: usize,
        buffers: &[Option<Buffer>],
    ) -> Result<()> {
        const CALL: &str = "VSSetConstantBuffers";
        self.guarded(CALL, |c| {
            for b in buffers.iter().flatten() {
                c.owned(CALL, "constant buffer", b.owner())?;
            }
            let limit = c.device.limits().constant_buffer_slots() as usize;
            set_slots(&mut c.vs.constant_buffers, start, buffers, limit, CALL)
        })
    }

    /// `PSSetConstantBuffers`.
    pub fn ps_set_constant_buffers(
        &mut self,
        start: usize,
        buffers: &[Option<Buffer>],
    ) -> Result<()> {
        const CALL: &str = "PSSetConstantBuffers";
        self.guarded(CALL, |c| {
            for b in buffers.iter().flatten() {
                c.owned(CALL, "constant buffer", b.owner())?;
            }
            let limit = c.device.limits().constant_buffer_slots() as usize;
            set_slots(&mut c.ps.constant_buffers, start, buffers, limit, CALL)
        })
    }

    /// `VSSetShaderResources` (no vertex texture fetch at 9_x, SPEC §2.2). A view whose
    /// subresources are bound as an output is set to NULL, with a hazard warning (D3D11).
    pub fn vs_set_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<ShaderResourceView>],
    ) -> Result<()> {
        const CALL: &str = "VSSetShaderResources";
        self.guarded(CALL, |c| {
            let views = c.input_views(CALL, start, views)?;
            let limit = c.device.limits().vs_srv_slots() as usize;
            set_slots(&mut c.vs.shader_resources, start, &views, limit, CALL)?;
            super::tiled_bind::clear_slots(&mut c.vs.tiled_resources, start, views.len());
            Ok(())
        })
    }

    /// `PSSetShaderResources` (8 slots at 9_x, SPEC §2.2). A view whose subresources are
    /// bound as an output is set to NULL, with a hazard warning (D3D11).
    pub fn ps_set_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<ShaderResourceView>],
    ) -> Result<()> {
        const CALL: &str = "PSSetShaderResources";
        self.guarded(CALL, |c| {
            let views = c.input_views(CALL, start, views)?;
            let limit = c.device.limits().ps_srv_slots() as usize;
            set_slots(&mut c.ps.shader_resources, start, &views, limit, CALL)?;
            super::tiled_bind::clear_slots(&mut c.ps.tiled_resources, start, views.len());
            Ok(())
        })
    }

    /// `VSSetSamplers` (none at 9_x).
    pub fn vs_set_samplers(
        &mut self,
        start: usize,
        samplers: &[Option<SamplerState>],
    ) -> Result<()> {
        const CALL: &str = "VSSetSamplers";
        self.guarded(CALL, |c| {
            c.check_samplers(CALL, samplers)?;
            let limit = c.device.limits().vs_sampler_slots() as usize;
            set_slots(&mut c.vs.samplers, start, samplers, limit, CALL)
        })
    }

    /// `PSSetSamplers` (16 slots).
    pub fn ps_set_samplers(
        &mut self,
        start: usize,
        samplers: &[Option<SamplerState>],
    ) -> Result<()> {
        const CALL: &str = "PSSetSamplers";
        self.guarded(CALL, |c| {
            c.check_samplers(CALL, samplers)?;
            let limit = c.device.limits().ps_sampler_slots() as usize;
            set_slots(&mut c.ps.samplers, start, samplers, limit, CALL)
        })
    }

    /// Samplers must belong to this device and pass this level's CreateSamplerState rules.
    fn check_samplers(&self, call: &'static str, samplers: &[Option<SamplerState>]) -> Result<()> {
        for s in samplers.iter().flatten() {
            self.device.caps().validate_sampler(s.desc())?;
            self.owned(call, "sampler state", s.owner())?;
        }
        Ok(())
    }

    /// `RSSetState` (`None` = the default rasterizer state; SPEC §2.1 rules re-checked).
    pub fn rs_set_state(&mut self, state: Option<&RasterizerState>) -> Result<()> {
        self.guarded("RSSetState", |c| {
            if let Some(s) = state {
                c.device.caps().validate_rasterizer_state(s.desc())?;
                c.owned("RSSetState", "rasterizer state", s.owner())?;
            }
            c.rasterizer = state.map_or_else(RasterizerDesc::default, |s| s.0);
            Ok(())
        })
    }

    /// `RSSetViewports` (count, bounds, depth range and the 9_x negative-origin quirk: FL-27, RS-09).
    pub fn rs_set_viewports(&mut self, viewports: &[Viewport]) -> Result<()> {
        self.guarded("RSSetViewports", |c| {
            c.device.caps().validate_viewports(viewports)?;
            c.viewports = viewports.to_vec();
            Ok(())
        })
    }

    /// `RSSetScissorRects`.
    pub fn rs_set_scissor_rects(&mut self, rects: &[Rect]) -> Result<()> {
        self.guarded("RSSetScissorRects", |c| {
            c.device.caps().validate_scissors(rects)?;
            c.scissors = rects.to_vec();
            Ok(())
        })
    }
}
