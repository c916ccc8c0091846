//! D3D11's binding hazards: a subresource is never bound as a shader input and an output at
//! once. The outputs are the render targets, the depth-stencil view, the output merger's
//! (pixel-stage) UAVs and the compute UAVs; the inputs are the VS, PS and CS shader
//! resources. Binding an output unbinds every input that views it (the input slot is forced
//! to NULL); binding an input that views a bound output binds NULL instead. Both are
//! reported as warnings, as D3D's debug layer does ("Resource being set to … is still bound
//! on output! Forcing to NULL"). The hazard is tracked across the graphics and compute
//! bindings alike, as the D3D11 runtime does (a render target set as a compute SRV reads
//! NULL).

use tessera_resource::{ShaderResourceView, UnorderedAccessView, ViewInfo};

use super::DeviceContext;
use crate::debug::MessageId;
use crate::error::Result;

/// An output binding, for the hazard messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum OutputSlot {
    /// Render-target slot `n`.
    RenderTarget(usize),
    /// The depth-stencil slot.
    DepthStencil,
    /// Output-merger (pixel-stage) UAV slot `n`.
    PixelUav(usize),
    /// Compute UAV slot `n`.
    ComputeUav(usize),
}

impl OutputSlot {
    /// The slot, as the messages name it.
    pub(super) fn describe(self) -> String {
        match self {
            Self::RenderTarget(n) => format!("render target slot {n}"),
            Self::DepthStencil => "the depth-stencil slot".to_string(),
            Self::PixelUav(n) => format!("OM unordered access view slot {n}"),
            Self::ComputeUav(n) => format!("CS unordered access view slot {n}"),
        }
    }
}

/// The bound UAVs of one list, as output slots made by `slot`.
fn uav_slots(
    list: &[Option<UnorderedAccessView>],
    slot: fn(usize) -> OutputSlot,
) -> impl Iterator<Item = (OutputSlot, &ViewInfo)> {
    list.iter()
        .enumerate()
        .filter_map(move |(i, v)| Some((slot(i), &**v.as_ref()?)))
}

/// The three stages with shader resources, their names and input-hazard message IDs.
const STAGES: [(&str, MessageId); 3] = [
    ("VS", MessageId::DeviceVsSetShaderResourcesHazard),
    ("PS", MessageId::DevicePsSetShaderResourcesHazard),
    ("CS", MessageId::DeviceCsSetShaderResourcesHazard),
];

impl DeviceContext {
    /// The bound output views: render targets in slot order, then the depth-stencil view.
    pub(super) fn outputs(&self) -> impl Iterator<Item = (usize, &ViewInfo)> {
        let rtvs = self
            .render_targets
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some((i, &**v.as_ref()?)));
        let dsv = self.depth_stencil_view.iter().map(|v| (usize::MAX, &**v));
        rtvs.chain(dsv)
    }

    /// Every bound output: render targets, depth-stencil, OM UAVs, CS UAVs.
    pub(super) fn all_outputs(&self) -> impl Iterator<Item = (OutputSlot, &ViewInfo)> {
        let targets = self.outputs().map(|(i, v)| {
            let slot = if i == usize::MAX {
                OutputSlot::DepthStencil
            } else {
                OutputSlot::RenderTarget(i)
            };
            (slot, v)
        });
        targets
            .chain(uav_slots(&self.ps_uavs, OutputSlot::PixelUav))
            .chain(uav_slots(&self.cs_uavs, OutputSlot::ComputeUav))
    }

    /// The views to store for `*SetShaderResources` (VS, PS, CS): foreign views refused,
    /// views of a bound output (render target, depth-stencil, OM or CS UAV) replaced by
    /// `None` with a hazard warning per slot.
    pub(super) fn input_views(
        &self,
        call: &'static str,
        start: usize,
        views: &[Option<ShaderResourceView>],
    ) -> Result<Vec<Option<ShaderResourceView>>> {
        let id = STAGES
            .iter()
            .find(|(name, _)| call.starts_with(name))
            .map_or(MessageId::DevicePsSetShaderResourcesHazard, |s| s.1);
        let mut out = Vec::with_capacity(views.len());
        for (k, view) in views.iter().enumerate() {
            let Some(v) = view else {
                out.push(None);
                continue;
            };
            self.owned(call, "shader-resource view", v.owner())?;
            if self.all_outputs().any(|(_, o)| o.overlaps(v)) {
                let slot = start + k;
                let text = format!(
                    "the resource set to shader resource slot {slot} is still bound as an \
                     output; forcing the slot to NULL"
                );
                self.device.report_id(id, call, text)?;
                out.push(None);
            } else {
                out.push(Some(v.clone()));
            }
        }
        Ok(out)
    }

    /// After an output call (`OMSetRenderTargets`, `OMSetRenderTargetsAndUnorderedAccessViews`,
    /// `CSSetUnorderedAccessViews`): every VS, PS and CS shader resource that views a bound
    /// output, and every vertex and index buffer slot of a buffer bound as a UAV,
    /// is unbound, with one output hazard (`output_id`) per output slot and one input
    /// hazard per input slot. (Inputs never view an output bound before the call, so only the
    /// call's new outputs can hit.)
    pub(super) fn unbind_hazardous_inputs(
        &mut self,
        call: &'static str,
        output_id: MessageId,
    ) -> Result<()> {
        let mut messages = Vec::new();
        let mut outputs_hit: Vec<OutputSlot> = Vec::new();
        for (stage, (name, id)) in STAGES.iter().enumerate() {
            let slots = match stage {
                0 => &self.vs.shader_resources,
                1 => &self.ps.shader_resources,
                _ => &self.cs.shader_resources,
            };
            let mut hit = Vec::new();
            for (slot, view) in slots.iter().enumerate() {
                let Some(v) = view else { continue };
                for (o, out) in self.all_outputs() {
                    if out.overlaps(v) {
                        if !outputs_hit.contains(&o) {
                            outputs_hit.push(o);
                        }
                        if !hit.contains(&slot) {
                            hit.push(slot);
                        }
                    }
                }
            }
            for slot in &hit {
                let text = format!("forcing {name} shader resource slot {slot} to NULL");
                messages.push((*id, text));
            }
            let slots = match stage {
                0 => &mut self.vs.shader_resources,
                1 => &mut self.ps.shader_resources,
                _ => &mut self.cs.shader_resources,
            };
            for slot in hit {
                slots[slot] = None;
            }
        }
        // Vertex and index buffers of a buffer bound as a UAV (`output_hazard.rs`).
        let mut buffers_hit = Vec::new();
        for (input, o) in self.hazardous_buffer_inputs() {
            if !outputs_hit.contains(&o) {
                outputs_hit.push(o);
            }
            if !buffers_hit.contains(&input) {
                buffers_hit.push(input);
            }
        }
        for input in buffers_hit {
            self.unbind_buffer_input(input);
            let text = format!("forcing {} to NULL", input.describe());
            messages.push((input.id(), text));
        }
        outputs_hit.sort_unstable();
        for o in outputs_hit {
            let text = format!(
                "the resource set to {} is still bound as an input",
                o.describe()
            );
            self.device.report_id(output_id, call, text)?;
        }
        for (id, text) in messages {
            self.device.report_id(id, call, text)?;
        }
        Ok(())
    }
}
