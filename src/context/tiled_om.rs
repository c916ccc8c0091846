//! `OMSetRenderTargets`, `ClearRenderTargetView` and `ClearDepthStencilView` with views of
//! tiled textures (issue #16 part 6; `crate::tiled::TiledTarget` has the model): a tiled
//! output binds its shadow view, and every draw and clear loads the shadow from the tiles
//! before and stores it back after. D3D's binding hazard holds across the two kinds: binding
//! a tiled output unbinds the tiled shader-resource views of the same subresource, and a
//! tiled view of a bound tiled output is bound as NULL, each with the hazard warning.

use super::DeviceContext;
use super::tiled_om_uav::split_outputs;
use crate::debug::MessageId;
use crate::error::Result;
use crate::tiled::{
    BoundTiles, OmDepthStencil, OmRenderTarget, TiledDepthStencilView, TiledRenderTargetView,
    TiledShaderResourceView, TiledTarget, report_shared_tiles,
};

impl DeviceContext {
    /// `OMSetRenderTargets` where any output may be a view of a tiled texture: the rules of
    /// [`DeviceContext::om_set_render_targets`] on the views (a tiled one as its shadow), and
    /// the binding hazards of both kinds of shader-resource view.
    pub fn om_set_render_targets_tiled(
        &mut self,
        views: &[Option<OmRenderTarget>],
        depth: Option<&OmDepthStencil>,
    ) -> Result<()> {
        const CALL: &str = "OMSetRenderTargets";
        let (plain, dsv, tiled) = split_outputs(views, depth);
        self.guarded(CALL, |c| {
            for t in &tiled {
                c.owned(CALL, "tiled resource", t.resource().owner())?;
            }
            Ok(())
        })?;
        self.om_set_render_targets(&plain, dsv.as_ref())?;
        self.tiled_outputs = tiled;
        self.guarded(CALL, DeviceContext::unbind_hazardous_tiled_inputs)
    }

    /// Whether `view` sees a subresource of a bound tiled output.
    pub(super) fn views_tiled_output(&self, view: &TiledShaderResourceView) -> bool {
        self.tiled_outputs.iter().any(|t| t.is_seen_by(view))
    }

    pub(super) fn unbind_hazardous_tiled_inputs(&mut self) -> Result<()> {
        const CALL: &str = "OMSetRenderTargets";
        let mut messages = Vec::new();
        for (name, id) in [
            ("VS", MessageId::DeviceVsSetShaderResourcesHazard),
            ("PS", MessageId::DevicePsSetShaderResourcesHazard),
        ] {
            let hit: Vec<usize> = {
                let slots = if name == "VS" {
                    &self.vs.tiled_resources
                } else {
                    &self.ps.tiled_resources
                };
                slots
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| v.as_ref().is_some_and(|v| self.views_tiled_output(v)))
                    .map(|(i, _)| i)
                    .collect()
            };
            let slots = if name == "VS" {
                &mut self.vs.tiled_resources
            } else {
                &mut self.ps.tiled_resources
            };
            for slot in hit {
                slots[slot] = None;
                messages.push((
                    id,
                    format!("forcing {name} shader resource slot {slot} to NULL"),
                ));
            }
        }
        if !messages.is_empty() {
            self.device.report_id(
                MessageId::DeviceOmSetRenderTargetsHazard,
                CALL,
                "a tiled resource set as an output is still bound as a shader input",
            )?;
        }
        for (id, text) in messages {
            self.device.report_id(id, CALL, text)?;
        }
        Ok(())
    }

    /// Reports the SPEC §6.9 sharings of a draw's tiled views (`crate::tiled::report_shared_tiles`):
    /// the bound tiled outputs ("tiled output k", binding order: targets, depth, UAVs) against
    /// the VS and PS tiled shader-resource views and the other tiles of their resources.
    pub(super) fn report_tiled_draw_sharing(&self, call: &'static str) -> Result<()> {
        if self.tiled_outputs.is_empty() {
            return Ok(());
        }
        let outputs: Vec<BoundTiles<'_>> = self
            .tiled_outputs
            .iter()
            .enumerate()
            .map(|(k, t)| {
                BoundTiles::new(t.resource(), t.covered_tiles(), format!("tiled output {k}"))
            })
            .collect();
        let mut inputs = Vec::new();
        for (stage, slots) in [
            ("VS", &self.vs.tiled_resources),
            ("PS", &self.ps.tiled_resources),
        ] {
            for (slot, v) in slots.iter().enumerate() {
                if let Some(v) = v {
                    let name = format!("{stage} shader resource slot {slot}");
                    inputs.push(BoundTiles::new(v.resource(), v.covered_tiles()?, name));
                }
            }
        }
        report_shared_tiles(&self.device, call, &outputs, &inputs)
    }

    /// Loads every bound tiled output's shadow before a draw.
    pub(super) fn load_tiled_outputs(
        &self,
        call: &'static str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        for t in &self.tiled_outputs {
            t.load(&self.device, call, "output bound for a draw", reported)?;
        }
        Ok(())
    }

    /// Stores every bound tiled output's shadow after a draw.
    pub(super) fn store_tiled_outputs(
        &self,
        call: &'static str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        for t in &self.tiled_outputs {
            t.store(&self.device, call, "output bound for a draw", reported)?;
        }
        Ok(())
    }

    /// `ClearRenderTargetView` of a tiled view: every texel of the view (its slices; a 3D
    /// view: its W slices) is written through the tiles (NULL tiles drop it; Tier 1: reported).
    pub fn clear_tiled_render_target_view(
        &mut self,
        rtv: &TiledRenderTargetView,
        color: [f32; 4],
    ) -> Result<()> {
        const CALL: &str = "ClearRenderTargetView";
        self.guarded(CALL, |c| {
            c.owned(CALL, "tiled resource", rtv.resource().owner())?;
            Ok(())
        })?;
        let mut reported = Vec::new();
        if !rtv.target.view_covers_shadow() {
            // The clear writes only the view's W slices: load the rest so the store keeps it.
            let r = rtv.target.load(&self.device, CALL, CALL, &mut reported);
            self.device.refused(CALL, r)?;
        }
        self.clear_render_target_view(&rtv.view, color)?;
        let r = rtv.target.store(&self.device, CALL, CALL, &mut reported);
        self.device.refused(CALL, r)
    }

    /// `ClearDepthStencilView` of a tiled view (depth only: tiled textures have no stencil,
    /// SPEC §6.1), written through the tiles like [`Self::clear_tiled_render_target_view`].
    pub fn clear_tiled_depth_stencil_view(
        &mut self,
        dsv: &TiledDepthStencilView,
        clear_depth: bool,
        clear_stencil: bool,
        depth: f32,
        stencil: u8,
    ) -> Result<()> {
        const CALL: &str = "ClearDepthStencilView";
        self.guarded(CALL, |c| {
            c.owned(CALL, "tiled resource", dsv.resource().owner())?;
            Ok(())
        })?;
        let target: &TiledTarget = &dsv.target;
        // A clear without the depth flag writes nothing: load first so the store keeps it.
        let mut reported = Vec::new();
        let r = target.load(&self.device, CALL, CALL, &mut reported);
        self.device.refused(CALL, r)?;
        self.clear_depth_stencil_view(&dsv.view, clear_depth, clear_stencil, depth, stencil)?;
        let r = target.store(&self.device, CALL, CALL, &mut reported);
        self.device.refused(CALL, r)
    }
}
