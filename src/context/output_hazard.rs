//! D3D11's hazards with unordered-access views beyond the shader resources (issue #18),
//! resolved when binding as the D3D11 runtime does
//! (`ID3D11DeviceContext::OMSetRenderTargetsAndUnorderedAccessViews` remarks):
//!
//! - **Conflicts inside one call**: two render targets, two UAVs, or a render target and a UAV
//!   of one output call that share a subresource. The runtime does not pass such a call to
//!   the driver: the call is refused with [`Error::OutputConflict`] (an error message) and the
//!   bound outputs stay as they were. The same holds for two UAVs of one
//!   `CSSetUnorderedAccessViews` list.
//! - **Conflicts with older outputs**: the new binding wins. An output-merger call unbinds the
//!   compute UAVs that share a subresource with its new views; binding only UAVs
//!   (`D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL`) unbinds the kept render targets that
//!   conflict with them, binding only render targets (`D3D11_KEEP_UNORDERED_ACCESS_VIEWS`,
//!   `OMSetRenderTargets`) the kept OM UAVs; `CSSetUnorderedAccessViews` unbinds the compute
//!   UAVs of other slots that conflict with its views. Each unbound slot is a warning under
//!   the call's hazard ID.
//! - **Buffer inputs**: a buffer bound as a UAV (either stage) is an output, so its vertex
//!   and index buffer slots are forced to NULL when the UAV is bound
//!   (`DEVICE_IASETVERTEXBUFFERS_HAZARD`, `DEVICE_IASETINDEXBUFFER_HAZARD`), and binding such
//!   a buffer as one of those inputs binds NULL, as the shader resources do (`hazard.rs`). A
//!   constant buffer is never a UAV (`CONSTANT_BUFFER` combines with no other bind flag,
//!   checked at `CreateBuffer`), so D3D's `*SETCONSTANTBUFFERS_HAZARD` cannot arise.

use tessera_resource::{Buffer, Resource, ViewInfo};

use super::DeviceContext;
use super::hazard::OutputSlot;
use crate::debug::MessageId;
use crate::error::{Error, Result};

/// A buffer input slot that an output can force to NULL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BufferInput {
    /// Vertex-buffer slot `n`.
    Vertex(usize),
    /// The index buffer.
    Index,
}

impl BufferInput {
    /// The hazard message ID of the input's binding call.
    pub(super) fn id(self) -> MessageId {
        match self {
            Self::Vertex(_) => MessageId::DeviceIaSetVertexBuffersHazard,
            Self::Index => MessageId::DeviceIaSetIndexBufferHazard,
        }
    }

    /// The slot, as the messages name it.
    pub(super) fn describe(self) -> String {
        match self {
            Self::Vertex(n) => format!("vertex buffer slot {n}"),
            Self::Index => "the index buffer".to_string(),
        }
    }
}

impl DeviceContext {
    /// Whether `b` is bound as an output: a UAV of it in an OM or CS slot.
    pub(super) fn buffer_is_output(&self, b: &Buffer) -> bool {
        self.ps_uavs
            .iter()
            .chain(&self.cs_uavs)
            .flatten()
            .any(|u| matches!(u.resource(), Resource::Buffer(x) if x.ptr_eq(b)))
    }

    /// An input binding of a buffer (`input` names the slot) that is bound as an output: a
    /// warning under the input's hazard ID; the caller binds NULL.
    pub(super) fn refuse_output_buffer(
        &self,
        call: &'static str,
        input: BufferInput,
    ) -> Result<()> {
        let text = format!(
            "the resource set to {} is still bound as an output; forcing the slot to NULL",
            input.describe()
        );
        self.device.report_id(input.id(), call, text)
    }

    /// The bound vertex and index buffers whose buffer is bound as a UAV, with the UAV's output slot.
    pub(super) fn hazardous_buffer_inputs(&self) -> Vec<(BufferInput, OutputSlot)> {
        let uavs: Vec<(OutputSlot, &Buffer)> = self
            .ps_uavs
            .iter()
            .enumerate()
            .map(|(i, u)| (OutputSlot::PixelUav(i), u))
            .chain(
                self.cs_uavs
                    .iter()
                    .enumerate()
                    .map(|(i, u)| (OutputSlot::ComputeUav(i), u)),
            )
            .filter_map(|(o, u)| match u.as_ref()?.resource() {
                Resource::Buffer(b) => Some((o, b)),
                Resource::Texture(_) => None,
            })
            .collect();
        if uavs.is_empty() {
            return Vec::new();
        }
        let mut inputs: Vec<(BufferInput, &Buffer)> = Vec::new();
        for (n, v) in self.vertex_buffers.iter().enumerate() {
            if let Some(v) = v {
                inputs.push((BufferInput::Vertex(n), &v.buffer));
            }
        }
        if let Some((b, ..)) = &self.index_buffer {
            inputs.push((BufferInput::Index, b));
        }
        let mut out = Vec::new();
        for (input, b) in inputs {
            for (o, u) in &uavs {
                if u.ptr_eq(b) {
                    out.push((input, *o));
                }
            }
        }
        out
    }

    /// Sets a buffer input slot to NULL.
    pub(super) fn unbind_buffer_input(&mut self, input: BufferInput) {
        match input {
            BufferInput::Vertex(n) => self.vertex_buffers[n] = None,
            BufferInput::Index => self.index_buffer = None,
        }
    }

    /// Refuses an output call whose own views (`views`: slot and view, in call order) share
    /// a subresource: D3D11's runtime drops such a call, so nothing changes.
    pub(super) fn check_output_conflicts(
        &self,
        call: &'static str,
        views: &[(OutputSlot, &ViewInfo)],
    ) -> Result<()> {
        for (i, (a, va)) in views.iter().enumerate() {
            for (b, vb) in &views[i + 1..] {
                if va.overlaps(vb) {
                    let rule = match (a, b) {
                        (OutputSlot::RenderTarget(_), OutputSlot::RenderTarget(_)) => {
                            "one subresource in two render-target slots"
                        }
                        (OutputSlot::RenderTarget(_), _) => {
                            "one subresource as a render target and a UAV of one call"
                        }
                        _ => "one subresource in two UAV slots of one call",
                    };
                    return Err(Error::OutputConflict {
                        call,
                        rule,
                        level: self.device.caps().level(),
                        first: a.describe(),
                        second: b.describe(),
                    });
                }
            }
        }
        Ok(())
    }

    /// After an output call: every bound output that `old` selects and that shares a
    /// subresource with one of the call's views (`new`) is set to NULL, with a warning under
    /// `id` per slot (the newer binding wins).
    pub(super) fn unbind_conflicting_outputs(
        &mut self,
        call: &'static str,
        id: MessageId,
        new: &[OutputSlot],
        old: impl Fn(OutputSlot) -> bool,
    ) -> Result<()> {
        let mut hit: Vec<(OutputSlot, OutputSlot)> = Vec::new();
        for (o, ov) in self.all_outputs() {
            if new.contains(&o) || !old(o) {
                continue;
            }
            let with = self
                .all_outputs()
                .find(|(n, nv)| new.contains(n) && nv.overlaps(ov));
            if let Some((n, _)) = with {
                hit.push((o, n));
            }
        }
        for (o, n) in hit {
            match o {
                OutputSlot::RenderTarget(i) => self.render_targets[i] = None,
                OutputSlot::DepthStencil => self.depth_stencil_view = None,
                OutputSlot::PixelUav(i) => self.ps_uavs[i] = None,
                OutputSlot::ComputeUav(i) => {
                    self.cs_uavs[i] = None;
                    self.clear_tiled_uav_slots(i, 1);
                }
            }
            let text = format!(
                "forcing {} to NULL: its resource is now bound to {}",
                o.describe(),
                n.describe()
            );
            self.device.report_id(id, call, text)?;
        }
        Ok(())
    }
}

impl DeviceContext {
    /// The items of an input call (`IASetVertexBuffers`) to store: a
    /// buffer bound as an output (a UAV) becomes NULL, with the input's hazard warning
    /// (`slot` names item `k`'s slot).
    pub(super) fn input_buffers<T: Clone>(
        &self,
        call: &'static str,
        items: &[Option<T>],
        buffer: impl Fn(&T) -> &Buffer,
        slot: impl Fn(usize) -> BufferInput,
    ) -> Result<Vec<Option<T>>> {
        let mut out = items.to_vec();
        if self
            .ps_uavs
            .iter()
            .chain(&self.cs_uavs)
            .all(Option::is_none)
        {
            return Ok(out);
        }
        for (k, item) in out.iter_mut().enumerate() {
            if item
                .as_ref()
                .is_some_and(|t| self.buffer_is_output(buffer(t)))
            {
                self.refuse_output_buffer(call, slot(k))?;
                *item = None;
            }
        }
        Ok(out)
    }
}
