//! Draw-time reports: state a draw runs with that D3D defines but its debug layer warns about
//! (no viewport, vertex buffers missing, strides too small, fetches past a
//! buffer's end) and what 10Level9 calls hardware-dependent. Refusals are in `draw`.

use tessera_caps::DrawKind;
use tessera_pipeline::{DrawArgs, DrawStats};

use super::DeviceContext;
use crate::debug::MessageId;
use crate::error::Result;

impl DeviceContext {
    /// Stores the warnings of a draw about to run (in a fixed order: viewport, render
    /// targets, vertex buffers by slot, then 10Level9 notes).
    pub(super) fn report_draw_state(
        &self,
        call: &'static str,
        kind: DrawKind,
        args: DrawArgs,
    ) -> Result<()> {
        let d = &self.device;
        if self.viewports.is_empty() {
            d.report_id(
                MessageId::DeviceDrawViewportNotSet,
                call,
                "no viewport is set; nothing is rasterized",
            )?;
        }
        self.report_shader_linkage(call)?;
        self.report_vertex_buffers(call, args)?;
        if kind == DrawKind::DrawIndexedInstanced
            && d.feature_level().is_9_x()
            && self
                .input_layout
                .as_ref()
                .is_none_or(|l| l.layout().elements.iter().all(|e| !e.per_instance))
        {
            d.report_id(
                MessageId::HardwareDependent,
                call,
                format!(
                    "feature level {}: DrawIndexedInstanced with no per-instance input; some \
                     D3D9 hardware draws nothing (SPEC §2.2)",
                    d.feature_level()
                ),
            )?;
        }
        Ok(())
    }

    /// Per input slot the layout reads: a missing buffer, a stride smaller than the slot's
    /// elements, and (non-indexed draws) vertex fetches past the buffer's end.
    fn report_vertex_buffers(&self, call: &'static str, args: DrawArgs) -> Result<()> {
        let Some(layout) = &self.input_layout else {
            return Ok(());
        };
        let mut slots: Vec<u32> = layout.layout().elements.iter().map(|e| e.slot).collect();
        slots.sort_unstable();
        slots.dedup();
        for slot in slots {
            let elements = || layout.layout().elements.iter().filter(|e| e.slot == slot);
            let end = elements().map(|e| e.offset + e.size).max().unwrap_or(0);
            let Some(Some(vb)) = self.vertex_buffers.get(slot as usize) else {
                self.device.report_id(
                    MessageId::DeviceDrawVertexBufferNotSet,
                    call,
                    format!("the input layout reads slot {slot}, which has no vertex buffer; the reads return 0"),
                )?;
                continue;
            };
            if vb.stride != 0 && vb.stride < end {
                self.device.report_id(
                    MessageId::DeviceDrawVertexBufferStrideTooSmall,
                    call,
                    format!(
                        "slot {slot}: stride {} is smaller than the {end} bytes its elements span",
                        vb.stride
                    ),
                )?;
            }
            let DrawArgs::Vertices {
                vertex_count,
                start_vertex,
                instance_count,
                start_instance,
            } = args
            else {
                continue;
            };
            if vertex_count == 0 || instance_count == 0 {
                continue;
            }
            // The last element fetched: the highest vertex (or instance) index times the stride.
            let per_instance = elements().all(|e| e.per_instance);
            let last = if per_instance {
                let rate = elements().map(|e| e.step_rate.max(1)).min().unwrap_or(1);
                u64::from(start_instance) + u64::from(instance_count - 1) / u64::from(rate)
            } else {
                u64::from(start_vertex) + u64::from(vertex_count - 1)
            };
            let needed = u64::from(vb.offset) + last * u64::from(vb.stride) + u64::from(end);
            let len = u64::from(vb.buffer.desc().byte_width);
            if needed > len {
                self.device.report_id(
                    MessageId::DeviceDrawVertexBufferTooSmall,
                    call,
                    format!(
                        "slot {slot}: the draw reads {needed} bytes of a {len}-byte vertex buffer; \
                         fetches past its end return 0"
                    ),
                )?;
            }
        }
        Ok(())
    }

    /// After a draw: what it measured. A 9_x primitive over the level's texture-repeat limit
    /// is an error message (the rendering stays D3D11's; a strict device refuses the draw),
    /// index fetches past the index buffer's end a warning.
    pub(super) fn report_draw_results(&self, call: &'static str, stats: &DrawStats) -> Result<()> {
        let d = &self.device;
        let limit = d.limits().max_texture_repeat;
        if let Some(r) = stats.report.texture_repeat
            && d.feature_level().is_9_x()
            && r.exceeds(limit)
        {
            d.report_id(
                MessageId::TextureRepeatExceeded,
                call,
                format!(
                    "feature level {}: primitive {} (instance {}) spans {} repeats of the texture \
                     in slot {}; the limit is {limit} (D3DCAPS9.MaxTextureRepeat, SPEC §1.4, §2.2 Draw)",
                    d.feature_level(),
                    r.primitive,
                    r.instance,
                    r.span(),
                    r.texture
                ),
            )?;
        }
        let oob = stats.report.index_fetches_out_of_bounds;
        if oob > 0 {
            d.report_id(
                MessageId::DeviceDrawIndexBufferTooSmall,
                call,
                format!("{oob} index fetches are past the end of the index buffer; they read 0"),
            )?;
        }
        Ok(())
    }
}
