//! D3D11's binding hazards: a subresource is never bound as a shader input and an output at
//! once. Binding an output unbinds the inputs that view it; binding an input that views a
//! bound output binds NULL instead. Both are reported as warnings, as D3D's debug layer does.

use tessera_resource::{ShaderResourceView, ViewInfo};

use super::DeviceContext;
use crate::debug::MessageId;
use crate::error::Result;

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

    /// The views to store for `*SetShaderResources`: foreign views refused, views of a bound
    /// output replaced by `None` with a hazard warning per slot.
    pub(super) fn input_views(
        &self,
        call: &'static str,
        start: usize,
        views: &[Option<ShaderResourceView>],
    ) -> Result<Vec<Option<ShaderResourceView>>> {
        let id = if call.starts_with("VS") {
            MessageId::DeviceVsSetShaderResourcesHazard
        } else {
            MessageId::DevicePsSetShaderResourcesHazard
        };
        let mut out = Vec::with_capacity(views.len());
        for (k, view) in views.iter().enumerate() {
            let Some(v) = view else {
                out.push(None);
                continue;
            };
            self.owned(call, "shader-resource view", v.owner())?;
            if self.outputs().any(|(_, o)| o.overlaps(v)) {
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

    /// After `OMSetRenderTargets`: every VS/PS shader resource that views a bound output is
    /// unbound, with one output hazard per output slot and one input hazard per input slot.
    pub(super) fn unbind_hazardous_inputs(&mut self) -> Result<()> {
        const CALL: &str = "OMSetRenderTargets";
        let mut messages = Vec::new();
        let mut outputs_hit: Vec<usize> = Vec::new();
        for (stage, id) in [
            (0, MessageId::DeviceVsSetShaderResourcesHazard),
            (1, MessageId::DevicePsSetShaderResourcesHazard),
        ] {
            let slots = if stage == 0 {
                &self.vs.shader_resources
            } else {
                &self.ps.shader_resources
            };
            let mut hit = Vec::new();
            for (slot, view) in slots.iter().enumerate() {
                let Some(v) = view else { continue };
                for (o, out) in self.outputs() {
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
            let name = if stage == 0 { "VS" } else { "PS" };
            for slot in &hit {
                let text = format!("forcing {name} shader resource slot {slot} to NULL");
                messages.push((id, text));
            }
            let slots = if stage == 0 {
                &mut self.vs.shader_resources
            } else {
                &mut self.ps.shader_resources
            };
            for slot in hit {
                slots[slot] = None;
            }
        }
        outputs_hit.sort_unstable();
        for o in outputs_hit {
            let what = if o == usize::MAX {
                "the depth-stencil slot".to_string()
            } else {
                format!("render target slot {o}")
            };
            let text = format!("the resource set to {what} is still bound as a shader input");
            self.device
                .report_id(MessageId::DeviceOmSetRenderTargetsHazard, CALL, text)?;
        }
        for (id, text) in messages {
            self.device.report_id(id, CALL, text)?;
        }
        Ok(())
    }
}
