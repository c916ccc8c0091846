//! `OMSetRenderTargetsAndUnorderedAccessViews` (11_0+ with UAVs): the output merger's render
//! targets and the pixel stage's UAVs bound in one call, with D3D11's slot rules.
//!
//! - 9_x: the method does not exist (SPEC §2.2); 10_x: render targets only (UAVs are
//!   compute-only there, SPEC §1.2).
//! - The UAV slots end within the level's UAV slots: 8 at 11_0, shared with the render
//!   targets (`UAVStartSlot` + `NumUAVs` ≤ 8 with `UAVStartSlot` ≥ `NumRTVs`), 64 at 11_1+
//!   (`D3D11_1_UAV_SLOT_COUNT`).
//! - `UAVStartSlot` ≥ `NumRTVs`: a UAV in a render-target slot is refused, also against the
//!   render targets kept by `D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL` and the UAVs kept by
//!   `D3D11_KEEP_UNORDERED_ACCESS_VIEWS` (`None` here).
//! - A UAV list replaces every UAV of the output merger (slots outside it are unbound, as the
//!   D3D11 runtime passes the whole slot range to the driver); `OMSetRenderTargets` keeps them.
//! - `pUAVInitialCounts`: empty (NULL) or one entry per UAV of the list; once the call is
//!   accepted, entry `i` sets the hidden counter of an APPEND / COUNTER view `i` unless it is
//!   `u32::MAX` (D3D's −1, keep); other views ignore it.

use tessera_resource::{
    Buffer, DepthStencilView, RenderTargetView, Resource, Texture, UnorderedAccessView, ViewInfo,
};

use super::DeviceContext;
use super::hazard::OutputSlot;
use super::staged::Substitutes;
use super::uav::{self, StagedUav, UavBinding};
use crate::debug::MessageId;
use crate::error::{Error, Result};

const CALL: &str = "OMSetRenderTargetsAndUnorderedAccessViews";

impl DeviceContext {
    /// `OMSetRenderTargetsAndUnorderedAccessViews`. `targets` is `(RTVs, DSV)`, or `None` for
    /// `D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL`; `uavs` the UAVs from slot `uav_start`,
    /// or `None` for `D3D11_KEEP_UNORDERED_ACCESS_VIEWS`. The slot rules are in the module
    /// docs; each refusal is a typed error ([`Error::UavLimit`], a caps error at 9_x / 10_x)
    /// stored in the info queue, and changes nothing.
    pub fn om_set_render_targets_and_unordered_access_views(
        &mut self,
        targets: Option<(&[Option<RenderTargetView>], Option<&DepthStencilView>)>,
        uav_start: usize,
        uavs: Option<&[Option<UnorderedAccessView>]>,
        initial_counts: &[u32],
    ) -> Result<()> {
        self.guarded(CALL, |c| {
            let caps = c.device.caps();
            caps.validate_om_uavs(uav_start, uavs.map_or(0, <[_]>::len))?;
            if let Some(list) = uavs {
                uav::check_initial_counts(list.len(), initial_counts.len(), caps.level(), CALL)?;
            }
            let rtvs = targets.map_or(c.render_targets.len(), |(v, _)| v.len());
            // The lowest UAV slot bound after the call.
            let first_uav = match uavs {
                Some(list) if !list.is_empty() => Some(uav_start),
                Some(_) => None,
                None => c.ps_uavs.iter().position(Option::is_some),
            };
            if let Some(first) = first_uav
                && first < rtvs
            {
                return Err(Error::UavLimit {
                    call: CALL,
                    rule: "UAVStartSlot >= NumRTVs (pixel-stage UAVs follow the render targets in the output slots)",
                    level: caps.level(),
                    limit: rtvs as u64,
                    value: first as u64,
                });
            }
            for v in uavs.into_iter().flatten().flatten() {
                c.owned(CALL, "unordered access view", v.owner())?;
            }
            if let Some((views, depth)) = targets {
                c.check_render_targets(views, depth)?;
            }
            // The call's own views sharing a subresource: the call is dropped (D3D11).
            let mut new: Vec<(OutputSlot, &ViewInfo)> = Vec::new();
            if let Some((views, depth)) = targets {
                new.extend(views.iter().enumerate().filter_map(|(i, v)| {
                    Some((OutputSlot::RenderTarget(i), &**v.as_ref()?))
                }));
                new.extend(depth.map(|d| (OutputSlot::DepthStencil, &**d)));
            }
            if let Some(list) = uavs {
                new.extend(list.iter().enumerate().filter_map(|(k, v)| {
                    Some((OutputSlot::PixelUav(uav_start + k), &**v.as_ref()?))
                }));
            }
            c.check_output_conflicts(CALL, &new)?;
            let new: Vec<OutputSlot> = new.into_iter().map(|(o, _)| o).collect();
            if let Some(list) = uavs {
                c.ps_uavs.clear();
                c.ps_tiled_uavs.clear();
                if list.iter().any(Option::is_some) {
                    c.ps_uavs.resize(uav_start + list.len(), None);
                    c.ps_uavs[uav_start..].clone_from_slice(list);
                }
                uav::apply_initial_counts(list, initial_counts);
            }
            if let Some((views, depth)) = targets {
                c.render_targets = views.to_vec();
                c.depth_stencil_view = depth.cloned();
                c.tiled_outputs.clear();
            }
            // Older outputs that share a subresource with the new views are unbound: the
            // compute UAVs, and the render targets or OM UAVs the call kept.
            let id = MessageId::DeviceOmSetRenderTargetsAndUnorderedAccessViewsHazard;
            let (keep_targets, keep_uavs) = (targets.is_none(), uavs.is_none());
            c.unbind_conflicting_outputs(CALL, id, &new, |o| match o {
                OutputSlot::ComputeUav(_) => true,
                OutputSlot::RenderTarget(_) | OutputSlot::DepthStencil => keep_targets,
                OutputSlot::PixelUav(_) => keep_uavs,
            })?;
            c.unbind_hazardous_inputs(CALL, id)
        })
    }
}

/// A draw's resolved pixel-stage UAVs by slot, and the UAVs of them that run on staged copies.
pub(super) type PixelUavBindings = (Vec<Option<UavBinding>>, Vec<StagedUav>);

impl DeviceContext {
    /// The pixel shader's UAVs for a draw, resolved (`None`: the shader uses none, and the
    /// draw runs as one without UAVs). Refused: a bound UAV in a render-target slot (possible
    /// after `OMSetRenderTargets` kept the UAVs), the typed-UAV rules of the compute stage
    /// (one place, `uav`), and a resource bound both as a UAV and in any other slot the draw
    /// reads or writes (binding already resolved D3D's rules, so this is a safety net); a
    /// shader resource of another subresource of a UAV's texture is no clash (`subs`: it
    /// reads a staged copy), nor a UAV of another subresource of a target's or an earlier
    /// UAV's texture (it runs on a staged copy, returned to be stored after the draw).
    pub(super) fn resolve_ps_uavs(
        &self,
        call: &'static str,
        targets: &[(Texture, u32, Option<u32>)],
        subs: [&Substitutes; 2],
    ) -> Result<Option<PixelUavBindings>> {
        let Some(ps) = self.pixel_shader.as_ref() else {
            return Ok(None);
        };
        if ps.0.uav_slots().is_empty() {
            return Ok(None);
        }
        let counters = ps.0.uav_counters();
        let level = self.device.caps().level();
        if let Some(first) = self.ps_uavs.iter().position(Option::is_some)
            && first < self.render_targets.len()
        {
            return Err(Error::UavLimit {
                call,
                rule: "a pixel-stage UAV slot lies below the bound render targets' slots",
                level,
                limit: self.render_targets.len() as u64,
                value: first as u64,
            });
        }
        let mut bound = uav::resolve(
            &self.ps_uavs,
            &ps.0.storage_textures(),
            &counters,
            level,
            call,
        )?;
        // A UAV of another subresource of a target's texture, or of an earlier UAV's texture,
        // runs on a staged copy (`uav::stage_shared`), stored back after the draw.
        let target_textures: Vec<&Texture> = targets.iter().map(|(t, ..)| t).collect();
        let staged = uav::stage_shared(&self.device, &mut bound, &target_textures)?;
        let stages = [&self.vs, &self.ps];
        let mut buffers: Vec<&Buffer> = Vec::new();
        buffers.extend(self.vertex_buffers.iter().flatten().map(|v| &v.buffer));
        buffers.extend(self.index_buffer.iter().map(|(b, ..)| b));
        for s in stages {
            buffers.extend(s.constant_buffers.iter().flatten());
            buffers.extend(s.shader_resources.iter().flatten().filter_map(
                |v| match v.resource() {
                    Resource::Buffer(b) => Some(b),
                    _ => None,
                },
            ));
        }
        let mut textures: Vec<&Texture> = targets.iter().map(|(t, ..)| t).collect();
        // A shader resource of a UAV's texture reads a staged copy (`staged.rs`), not the
        // texture the UAV locks.
        for (s, subs) in stages.into_iter().zip(subs) {
            textures.extend(
                s.shader_resources
                    .iter()
                    .enumerate()
                    .filter(|(slot, _)| subs.keeps(*slot))
                    .filter_map(|(_, v)| v.as_ref()?.texture()),
            );
        }
        uav::check_exclusive(
            &bound,
            &buffers,
            &textures,
            "one resource in two pixel-stage UAV slots, or as a pixel-stage UAV and any other binding of the draw at once",
        )?;
        Ok(Some((bound, staged)))
    }
}
