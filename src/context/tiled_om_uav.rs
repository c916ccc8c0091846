//! `OMSetRenderTargetsAndUnorderedAccessViews` with views of tiled resources (issue #16): any
//! render target, the depth buffer and any pixel-stage UAV may be a tiled view. The slot rules
//! are the ordinary call's (`om_uav.rs`, on the views' shadows); a tiled UAV's shadow is
//! loaded before every draw whose pixel shader has UAVs and stored after it, after the tiled
//! outputs, in slot order (`crate::tiled::TiledTarget`: changed tiles only, NULL writes
//! dropped, the same bytes at any thread count since such draws shade in one serial order).

use tessera_resource::{DepthStencilView, RenderTargetView, UnorderedAccessView};

use super::DeviceContext;
use crate::error::{Error, Result};
use crate::tiled::{OmDepthStencil, OmRenderTarget, OmUnorderedAccessView, TiledTarget};

/// Ordinary render-target views (tiled ones as their shadows), the depth view, and the tiled
/// targets behind them.
pub(super) type SplitOutputs = (
    Vec<Option<RenderTargetView>>,
    Option<DepthStencilView>,
    Vec<TiledTarget>,
);

/// Splits OM outputs into the shadows' ordinary views and the tiled targets behind them.
pub(super) fn split_outputs(
    views: &[Option<OmRenderTarget>],
    depth: Option<&OmDepthStencil>,
) -> SplitOutputs {
    let mut tiled = Vec::new();
    let plain = views
        .iter()
        .map(|v| match v {
            None => None,
            Some(OmRenderTarget::View(v)) => Some(v.clone()),
            Some(OmRenderTarget::Tiled(t)) => {
                tiled.push(t.target.clone());
                Some(t.view.clone())
            }
        })
        .collect();
    let dsv = depth.map(|d| match d {
        OmDepthStencil::View(v) => v.clone(),
        OmDepthStencil::Tiled(t) => {
            tiled.push(t.target.clone());
            t.view.clone()
        }
    });
    (plain, dsv, tiled)
}

impl DeviceContext {
    /// `OMSetRenderTargetsAndUnorderedAccessViews` where any output or UAV may be a view of a
    /// tiled resource: the rules of
    /// [`DeviceContext::om_set_render_targets_and_unordered_access_views`] on the views (a
    /// tiled one as its shadow), `None` keeping the bound targets / UAVs as there, and the
    /// binding hazards of [`DeviceContext::om_set_render_targets_tiled`].
    pub fn om_set_render_targets_and_tiled_unordered_access_views(
        &mut self,
        targets: Option<(&[Option<OmRenderTarget>], Option<&OmDepthStencil>)>,
        uav_start: usize,
        uavs: Option<&[Option<OmUnorderedAccessView>]>,
        initial_counts: &[u32],
    ) -> Result<()> {
        const CALL: &str = "OMSetRenderTargetsAndUnorderedAccessViews";
        let outputs = targets.map(|(v, d)| split_outputs(v, d));
        let mut tiled_uavs: Vec<Option<TiledTarget>> = Vec::new();
        let plain_uavs: Option<Vec<Option<UnorderedAccessView>>> = uavs.map(|list| {
            list.iter()
                .map(|v| match v {
                    None => {
                        tiled_uavs.push(None);
                        None
                    }
                    Some(OmUnorderedAccessView::View(v)) => {
                        tiled_uavs.push(None);
                        Some(v.clone())
                    }
                    Some(OmUnorderedAccessView::Tiled(t)) => {
                        tiled_uavs.push(Some(t.target.clone()));
                        Some(t.view.clone())
                    }
                })
                .collect()
        });
        self.guarded(CALL, |c| {
            let outs = outputs.iter().flat_map(|(_, _, t)| t);
            for t in outs.chain(tiled_uavs.iter().flatten()) {
                c.owned(CALL, "tiled resource", t.resource().owner())?;
            }
            Ok(())
        })?;
        self.om_set_render_targets_and_unordered_access_views(
            outputs.as_ref().map(|(v, d, _)| (v.as_slice(), d.as_ref())),
            uav_start,
            plain_uavs.as_deref(),
            initial_counts,
        )?;
        if plain_uavs
            .as_ref()
            .is_some_and(|l| l.iter().any(Option::is_some))
        {
            // The ordinary call laid the UAVs out from slot 0 (None below `uav_start`).
            self.ps_tiled_uavs = vec![None; uav_start];
            self.ps_tiled_uavs.extend(tiled_uavs);
        }
        if let Some((_, _, tiled)) = outputs {
            self.tiled_outputs = tiled;
            self.guarded(CALL, DeviceContext::unbind_hazardous_tiled_inputs)?;
        }
        Ok(())
    }

    /// The tiled pixel-stage UAVs a draw runs with: those bound while the pixel shader has UAV
    /// slots (none otherwise). Refused (as the ordinary rule refuses one resource in two UAV
    /// slots or as a UAV and another binding of the draw): a tiled resource behind a UAV and
    /// behind another UAV, a tiled output or a tiled shader-resource view of the draw.
    pub(super) fn ps_tiled_uavs_for_draw(&self) -> Result<Vec<TiledTarget>> {
        let uses = self
            .pixel_shader
            .as_ref()
            .is_some_and(|ps| !ps.0.uav_slots().is_empty());
        if !uses {
            return Ok(Vec::new());
        }
        let bound: Vec<TiledTarget> = self.ps_tiled_uavs.iter().flatten().cloned().collect();
        for (i, u) in bound.iter().enumerate() {
            let r = u.resource();
            let clash = bound[i + 1..].iter().any(|o| o.resource().ptr_eq(r))
                || self.tiled_outputs.iter().any(|o| o.resource().ptr_eq(r))
                || self
                    .vs
                    .tiled_resources
                    .iter()
                    .chain(&self.ps.tiled_resources)
                    .flatten()
                    .any(|v| v.resource().ptr_eq(r));
            if clash {
                return Err(Error::Unsupported(
                    "one tiled resource in two pixel-stage UAV slots, or as a pixel-stage UAV and any other binding of the draw at once",
                ));
            }
        }
        Ok(bound)
    }
}
