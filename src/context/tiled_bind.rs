//! `VSSetShaderResources` / `PSSetShaderResources` with views of tiled textures (issue #16
//! part 3). A slot holds either an ordinary or a tiled view: setting one clears the other. A
//! view of a bound tiled output (part 6) is bound as NULL with D3D's hazard warning.

use super::{DeviceContext, set_slots};
use crate::debug::MessageId;
use crate::error::Result;
use crate::tiled::TiledShaderResourceView;

/// Sets `slots[start..start + len]` to `None` where they exist.
pub(super) fn clear_slots<T>(slots: &mut [Option<T>], start: usize, len: usize) {
    let end = start.saturating_add(len).min(slots.len());
    if let Some(range) = slots.get_mut(start..end) {
        range.iter_mut().for_each(|s| *s = None);
    }
}

impl DeviceContext {
    /// The views to store: foreign ones refused, views of a bound tiled output replaced by
    /// `None` with a hazard warning per slot.
    fn tiled_views(
        &self,
        call: &'static str,
        start: usize,
        views: &[Option<TiledShaderResourceView>],
    ) -> Result<Vec<Option<TiledShaderResourceView>>> {
        for v in views.iter().flatten() {
            self.owned(call, "tiled shader-resource view", v.resource().owner())?;
        }
        let id = if call.starts_with("VS") {
            MessageId::DeviceVsSetShaderResourcesHazard
        } else {
            MessageId::DevicePsSetShaderResourcesHazard
        };
        let mut out = Vec::with_capacity(views.len());
        for (k, v) in views.iter().enumerate() {
            if v.as_ref().is_some_and(|v| self.views_tiled_output(v)) {
                let slot = start + k;
                let text = format!(
                    "the resource set to shader resource slot {slot} is still bound as an \
                     output; forcing the slot to NULL"
                );
                self.device.report_id(id, call, text)?;
                out.push(None);
            } else {
                out.push(v.clone());
            }
        }
        Ok(out)
    }

    /// `VSSetShaderResources` with tiled views (the vertex stage's slot limit); the same slots'
    /// ordinary views are unbound.
    pub fn vs_set_tiled_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<TiledShaderResourceView>],
    ) -> Result<()> {
        const CALL: &str = "VSSetShaderResources";
        self.guarded(CALL, |c| {
            let views = c.tiled_views(CALL, start, views)?;
            let limit = c.device.limits().vs_srv_slots() as usize;
            set_slots(&mut c.vs.tiled_resources, start, &views, limit, CALL)?;
            clear_slots(&mut c.vs.shader_resources, start, views.len());
            Ok(())
        })
    }

    /// `PSSetShaderResources` with tiled views (the pixel stage's slot limit); the same slots'
    /// ordinary views are unbound.
    pub fn ps_set_tiled_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<TiledShaderResourceView>],
    ) -> Result<()> {
        const CALL: &str = "PSSetShaderResources";
        self.guarded(CALL, |c| {
            let views = c.tiled_views(CALL, start, views)?;
            let limit = c.device.limits().ps_srv_slots() as usize;
            set_slots(&mut c.ps.tiled_resources, start, &views, limit, CALL)?;
            clear_slots(&mut c.ps.shader_resources, start, views.len());
            Ok(())
        })
    }

    /// The pixel stage's tiled views (`PSGetShaderResources` for the tiled slots).
    pub fn ps_get_tiled_shader_resources(&self) -> Vec<Option<TiledShaderResourceView>> {
        self.ps.tiled_resources.clone()
    }
}
