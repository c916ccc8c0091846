//! The output-merger state calls (`OMSet*`): state objects re-checked against the level,
//! render targets checked for count, bit depth and size, and the binding hazards resolved.

use tessera_caps::{BlendDesc, DepthStencilDesc};
use tessera_format::Format;
use tessera_resource::{DepthStencilView, RenderTargetView};

use super::DeviceContext;
use crate::debug::MessageId;
use crate::error::Result;
use crate::state::{BlendState, DepthStencilState, DeviceChild};

impl DeviceContext {
    /// `OMSetBlendState` (`None` = default state; every CreateBlendState rule of the level is
    /// checked again, and a sample mask of 0 is refused at 9_x, FL-26).
    pub fn om_set_blend_state(
        &mut self,
        state: Option<&BlendState>,
        blend_factor: [f32; 4],
        sample_mask: u32,
    ) -> Result<()> {
        self.guarded("OMSetBlendState", |c| {
            if let Some(s) = state {
                c.device.caps().validate_blend_state(s.desc())?;
                c.owned("OMSetBlendState", "blend state", s.owner())?;
            }
            c.device.caps().validate_sample_mask(sample_mask)?;
            c.blend = state.map_or_else(BlendDesc::default, |s| s.0);
            c.blend_factor = blend_factor;
            c.sample_mask = sample_mask;
            Ok(())
        })
    }

    /// `OMSetDepthStencilState` (`None` = default state; the level's rules re-checked).
    pub fn om_set_depth_stencil_state(
        &mut self,
        state: Option<&DepthStencilState>,
        stencil_ref: u8,
    ) -> Result<()> {
        self.guarded("OMSetDepthStencilState", |c| {
            if let Some(s) = state {
                c.device.caps().validate_depth_stencil_state(s.desc())?;
                c.owned("OMSetDepthStencilState", "depth-stencil state", s.owner())?;
            }
            c.depth_stencil = state.map_or_else(DepthStencilDesc::default, |s| s.0);
            c.stencil_ref = stencil_ref;
            Ok(())
        })
    }

    /// `OMSetRenderTargets` (count and 9_3 bit-depth rule, FL-25; equal sizes, OM-19). Shader
    /// resources that view a subresource now bound as an output are set to NULL, with hazard
    /// warnings (D3D11).
    pub fn om_set_render_targets(
        &mut self,
        views: &[Option<RenderTargetView>],
        depth: Option<&DepthStencilView>,
    ) -> Result<()> {
        self.guarded("OMSetRenderTargets", |c| {
            c.check_render_targets(views, depth)?;
            c.render_targets = views.to_vec();
            c.depth_stencil_view = depth.cloned();
            c.tiled_outputs.clear();
            c.unbind_hazardous_inputs(
                "OMSetRenderTargets",
                MessageId::DeviceOmSetRenderTargetsHazard,
            )
        })
    }

    pub(super) fn check_render_targets(
        &self,
        views: &[Option<RenderTargetView>],
        depth: Option<&DepthStencilView>,
    ) -> Result<()> {
        for v in views.iter().flatten() {
            self.owned("OMSetRenderTargets", "render-target view", v.owner())?;
        }
        if let Some(d) = depth {
            self.owned("OMSetRenderTargets", "depth-stencil view", d.owner())?;
        }
        let formats: Vec<Format> = views.iter().flatten().map(|v| v.format()).collect();
        let limit = self.device.limits().max_render_targets as usize;
        if views.len() > limit {
            self.device
                .caps()
                .validate_render_targets(&vec![Format::R8G8B8A8Unorm; views.len()])?;
        }
        self.device.caps().validate_render_targets(&formats)?;
        // SPEC §5.6 / OM-19: every bound RTV and the DSV must have the same dimensions.
        let sizes = views
            .iter()
            .flatten()
            .map(|v| &**v)
            .chain(depth.map(|v| &**v))
            .filter_map(|v| {
                let tex = v.texture()?;
                let mip = v.range().most_detailed_mip;
                Some((
                    (tex.desc().width >> mip).max(1),
                    (tex.desc().height >> mip).max(1),
                ))
            });
        let mut first = None;
        for size in sizes {
            match first {
                None => first = Some(size),
                Some(f) if f != size => {
                    return Err(tessera_pipeline::PipelineError::TargetSizeMismatch {
                        first: f,
                        other: size,
                    }
                    .into());
                }
                Some(_) => {}
            }
        }
        Ok(())
    }
}
