//! The output-merger state calls (`OMSet*`): state objects re-checked against the level,
//! render targets checked for count, bit depth and size, and the binding hazards resolved.

use tessera_caps::{BlendDesc, DepthStencilDesc, TextureDimension};
use tessera_format::Format;
use tessera_resource::{DepthStencilView, RenderTargetView, ViewInfo};

use super::DeviceContext;
use super::hazard::OutputSlot;
use crate::debug::MessageId;
use crate::error::{Error, Result};
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

    /// `OMSetRenderTargets` (count and 9_3 bit-depth rule, FL-25; equal sizes, OM-19; equal
    /// array sizes and one resource type, SPEC §5.6: a Texture3D RTV's W size is its array
    /// size). Shader
    /// resources that view a subresource now bound as an output are set to NULL, with hazard
    /// warnings (D3D11).
    pub fn om_set_render_targets(
        &mut self,
        views: &[Option<RenderTargetView>],
        depth: Option<&DepthStencilView>,
    ) -> Result<()> {
        const CALL: &str = "OMSetRenderTargets";
        self.guarded(CALL, |c| {
            c.check_render_targets(views, depth)?;
            // One subresource in two render-target slots: the call is dropped (D3D11).
            let mut new: Vec<(OutputSlot, &ViewInfo)> = views
                .iter()
                .enumerate()
                .filter_map(|(i, v)| Some((OutputSlot::RenderTarget(i), &**v.as_ref()?)))
                .collect();
            new.extend(depth.map(|d| (OutputSlot::DepthStencil, &**d)));
            c.check_output_conflicts(CALL, &new)?;
            let new: Vec<OutputSlot> = new.into_iter().map(|(o, _)| o).collect();
            c.render_targets = views.to_vec();
            c.depth_stencil_view = depth.cloned();
            c.tiled_outputs.clear();
            // The kept OM UAVs and the compute UAVs that share a subresource with the new
            // targets are unbound.
            let id = MessageId::DeviceOmSetRenderTargetsHazard;
            c.unbind_conflicting_outputs(CALL, id, &new, |o| {
                matches!(o, OutputSlot::PixelUav(_) | OutputSlot::ComputeUav(_))
            })?;
            c.unbind_hazardous_inputs(CALL, id)
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
        check_slices_and_types(views, depth)?;
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

/// SPEC §5.6: every bound render target views one resource type (a Texture3D RTV goes with no
/// Texture2D RTV), and every output, the DSV included, the same number of slices: an array
/// view's `ArraySize`, a Texture3D RTV's `WSize` (the view's slices a geometry shader could
/// select), 1 for a single slice. So a 3D RTV of one W slice pairs with a Texture2D DSV of its
/// width and height, as an array RTV of one slice does.
fn check_slices_and_types(
    views: &[Option<RenderTargetView>],
    depth: Option<&DepthStencilView>,
) -> Result<()> {
    const CALL: &str = "OMSetRenderTargets";
    let rtvs = || views.iter().flatten().filter_map(|v| v.texture());
    let dims: Vec<u32> = rtvs()
        .map(|t| match t.dimension() {
            TextureDimension::D1 => 1,
            TextureDimension::D2 => 2,
            TextureDimension::D3 => 3,
        })
        .collect();
    if let Some(&other) = dims.iter().find(|&&d| d != dims[0]) {
        return Err(Error::OutputMismatch {
            call: CALL,
            rule: "SPEC §5.6: render targets bound together view one resource type (Texture1D/2D/3D)",
            first: dims[0],
            other,
        });
    }
    let slices: Vec<u32> = views
        .iter()
        .flatten()
        .map(|v| &**v)
        .chain(depth.map(|v| &**v))
        .filter(|v| v.texture().is_some())
        .map(|v| v.range().array_size)
        .collect();
    if let Some(&other) = slices.iter().find(|&&n| n != slices[0]) {
        return Err(Error::OutputMismatch {
            call: CALL,
            rule: "SPEC §5.6: the bound render targets and depth-stencil view have the same array size (a Texture3D RTV: its W slices)",
            first: slices[0],
            other,
        });
    }
    Ok(())
}
