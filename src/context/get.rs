//! The `*Get*` calls of the bindings the hazard rules change (`hazard.rs`,
//! `output_hazard.rs`): each returns the slots as bound, a slot a hazard forced to NULL
//! reading `None`.

use tessera_format::Format;
use tessera_resource::{Buffer, DepthStencilView, RenderTargetView, UnorderedAccessView};

use super::{DeviceContext, VertexBufferView};

impl DeviceContext {
    /// `IAGetVertexBuffers`: the vertex-buffer slots as bound.
    pub fn ia_get_vertex_buffers(&self) -> Vec<Option<VertexBufferView>> {
        self.vertex_buffers.clone()
    }

    /// `IAGetIndexBuffer`: the index buffer, its format and offset, as bound.
    pub fn ia_get_index_buffer(&self) -> Option<(Buffer, Format, u32)> {
        self.index_buffer.clone()
    }

    /// `VSGetConstantBuffers`: the vertex stage's constant-buffer slots as bound.
    pub fn vs_get_constant_buffers(&self) -> Vec<Option<Buffer>> {
        self.vs.constant_buffers.clone()
    }

    /// `PSGetConstantBuffers`: the pixel stage's constant-buffer slots as bound.
    pub fn ps_get_constant_buffers(&self) -> Vec<Option<Buffer>> {
        self.ps.constant_buffers.clone()
    }

    /// `CSGetConstantBuffers`: the compute stage's constant-buffer slots as bound.
    pub fn cs_get_constant_buffers(&self) -> Vec<Option<Buffer>> {
        self.cs.constant_buffers.clone()
    }

    /// `CSGetUnorderedAccessViews`: the compute UAV slots as bound.
    pub fn cs_get_unordered_access_views(&self) -> Vec<Option<UnorderedAccessView>> {
        self.cs_uavs.clone()
    }

    /// `OMGetRenderTargetsAndUnorderedAccessViews`: the render-target slots, the
    /// depth-stencil view and the output merger's UAV slots, as bound.
    pub fn om_get_render_targets_and_unordered_access_views(
        &self,
    ) -> (
        Vec<Option<RenderTargetView>>,
        Option<DepthStencilView>,
        Vec<Option<UnorderedAccessView>>,
    ) {
        (
            self.render_targets.clone(),
            self.depth_stencil_view.clone(),
            self.ps_uavs.clone(),
        )
    }
}
