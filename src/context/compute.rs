//! The compute stage (`CS*`, `Dispatch`, `DispatchIndirect`): bindings, the D3D dispatch limits
//! and the run itself, through the bound [`ComputeShader`](tessera_pipeline::ComputeShader).
//!
//! UAVs and shader resources of the compute stage are buffer views (structured, raw, or typed
//! with a 32-bit single-channel format; an APPEND / COUNTER UAV's hidden counter bound where
//! the shader uses it, `uav::resolve`) or, for a slot the shader declares as a storage texture, a
//! Texture1D, Texture2D, Texture2DArray or Texture3D UAV of the declared dimension and format
//! (typed UAV loads as the level allows). A dispatch
//! whose shader runs past its step budget is abandoned with [`Error::ShaderHung`] and an
//! info-queue message, like a GPU's timeout detection, and the device is removed
//! (`src/removed.rs`).

use std::ops::Range;

use tessera_caps::{FeatureLevel, SAMPLER_SLOTS_PER_STAGE, SRV_SLOTS_PER_STAGE, ShaderStage};
use tessera_pipeline::ComputeMemory;
use tessera_resource::{Buffer, ShaderResourceView, Texture, UnorderedAccessView, ViewInfo};

use super::hazard::OutputSlot;
use super::reads::{ReadSet, StageReads};
use super::staged::Substitutes;
use super::uav::{self, UavLocks};
use super::{DeviceContext, set_slots};
use crate::debug::MessageId;
use crate::error::{Error, Result};
use crate::state::SamplerState;

/// A compute shader object (`ID3D11ComputeShader`, 11_0+; cs_4_x at 10_x where the level has
/// it): any [`ComputeShader`](tessera_pipeline::ComputeShader) implementation, checked against
/// the level's thread-group, shared-memory, UAV-slot and atomics rules when created.
#[derive(Clone)]
pub struct ComputeShaderHandle(
    pub(crate) std::sync::Arc<dyn tessera_pipeline::ComputeShader>,
    pub(crate) tessera_caps::DeviceId,
);

impl std::fmt::Debug for ComputeShaderHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ComputeShaderHandle")
    }
}

impl crate::state::DeviceChild for ComputeShaderHandle {
    fn owner(&self) -> tessera_caps::DeviceId {
        self.1
    }
}

/// Thread groups per dimension of one dispatch (`D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION`).
pub const MAX_DISPATCH_GROUPS: u32 = 65535;

impl DeviceContext {
    /// `CSSetShader`: refused where the level lacks compute (9_x; 10_x without cs_4_x).
    pub fn cs_set_shader(&mut self, shader: Option<&ComputeShaderHandle>) -> Result<()> {
        self.guarded("CSSetShader", |c| {
            c.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, "CSSetShader")?;
            if let Some(s) = shader {
                c.owned("CSSetShader", "compute shader", s.1)?;
            }
            c.compute_shader = shader.cloned();
            Ok(())
        })
    }

    /// `CSSetConstantBuffers`: the compute stage rule, 14 slots.
    pub fn cs_set_constant_buffers(
        &mut self,
        start: usize,
        buffers: &[Option<Buffer>],
    ) -> Result<()> {
        const CALL: &str = "CSSetConstantBuffers";
        self.guarded(CALL, |c| {
            c.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, CALL)?;
            for b in buffers.iter().flatten() {
                c.owned(CALL, "constant buffer", b.owner())?;
            }
            let limit = c.device.limits().constant_buffer_slots() as usize;
            set_slots(&mut c.cs.constant_buffers, start, buffers, limit, CALL)
        })
    }

    /// `CSSetShaderResources`: the compute stage rule, 128 slots; textures are sampled, buffer
    /// views are the shader's read-only storage buffers.
    pub fn cs_set_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<ShaderResourceView>],
    ) -> Result<()> {
        const CALL: &str = "CSSetShaderResources";
        self.guarded(CALL, |c| {
            c.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, CALL)?;
            let limit = SRV_SLOTS_PER_STAGE as usize;
            if start.saturating_add(views.len()) > limit {
                // The slot rule first (set_slots refuses it), then the hazard rule.
                set_slots(&mut c.cs.shader_resources, start, views, limit, CALL)?;
            }
            let views = c.input_views(CALL, start, views)?;
            set_slots(&mut c.cs.shader_resources, start, &views, limit, CALL)?;
            c.clear_tiled_srv_slots(start, views.len());
            Ok(())
        })
    }

    /// `CSSetSamplers`: the compute stage rule, 16 slots.
    pub fn cs_set_samplers(
        &mut self,
        start: usize,
        samplers: &[Option<SamplerState>],
    ) -> Result<()> {
        const CALL: &str = "CSSetSamplers";
        self.guarded(CALL, |c| {
            c.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, CALL)?;
            let limit = SAMPLER_SLOTS_PER_STAGE as usize;
            set_slots(&mut c.cs.samplers, start, samplers, limit, CALL)
        })
    }

    /// `CSSetUnorderedAccessViews`: the compute stage rule, the level's UAV slots (1 at 10_x,
    /// 8 at 11_0, 64 at 11_1+). `initial_counts` (`pUAVInitialCounts`): empty (NULL) or one
    /// entry per view; once the call succeeds, entry `i` sets the hidden counter of an APPEND /
    /// COUNTER view `i` unless it is `u32::MAX` (D3D's −1, keep); other views ignore it.
    pub fn cs_set_unordered_access_views(
        &mut self,
        start: usize,
        views: &[Option<UnorderedAccessView>],
        initial_counts: &[u32],
    ) -> Result<()> {
        const CALL: &str = "CSSetUnorderedAccessViews";
        self.guarded(CALL, |c| {
            let caps = c.device.caps();
            caps.validate_stage_method(ShaderStage::Compute, CALL)?;
            uav::check_initial_counts(views.len(), initial_counts.len(), caps.level(), CALL)?;
            for v in views.iter().flatten() {
                c.owned(CALL, "unordered access view", v.owner())?;
            }
            let limit = c.device.caps().check_feature_support().uav_slots as usize;
            if start.saturating_add(views.len()) > limit {
                // The slot rule first (set_slots refuses it), then the conflict rule.
                return set_slots(&mut c.cs_uavs, start, views, limit, CALL);
            }
            // Two views of the list sharing a subresource: the call is dropped.
            let new: Vec<(OutputSlot, &ViewInfo)> = views
                .iter()
                .enumerate()
                .filter_map(|(k, v)| Some((OutputSlot::ComputeUav(start + k), &**v.as_ref()?)))
                .collect();
            c.check_output_conflicts(CALL, &new)?;
            let new: Vec<OutputSlot> = new.into_iter().map(|(o, _)| o).collect();
            set_slots(&mut c.cs_uavs, start, views, limit, CALL)?;
            uav::apply_initial_counts(views, initial_counts);
            c.clear_tiled_uav_slots(start, views.len());
            // Compute UAVs of other slots that share a subresource with the new ones: unbound.
            let id = MessageId::DeviceCsSetUnorderedAccessViewsHazard;
            c.unbind_conflicting_outputs(CALL, id, &new, |o| {
                matches!(o, OutputSlot::ComputeUav(_))
            })?;
            c.unbind_hazardous_inputs(CALL, id)
        })
    }

    /// `Dispatch(x, y, z)`: at most 65,535 groups per dimension, `z = 1` at 10_x (cs_4_x); a
    /// zero count runs nothing. Needs a bound compute shader.
    pub fn dispatch(&mut self, x: u32, y: u32, z: u32) -> Result<()> {
        let r = self.run_dispatch("Dispatch", [x, y, z]);
        self.finish_dispatch("Dispatch", r)
    }

    /// Stores a refusal; a hung shader then removes the device ([`Device::hung`](crate::Device)).
    fn finish_dispatch(&self, call: &'static str, r: Result<()>) -> Result<()> {
        let hung = matches!(r, Err(Error::ShaderHung { .. }));
        let r = self.device.refused(call, r);
        if hung {
            self.device.hung(call);
        }
        r
    }

    /// `DispatchIndirect`: the three group counts are the `u32`s at byte `offset` of `args`
    /// (which must lie inside it), then as [`Self::dispatch`].
    pub fn dispatch_indirect(&mut self, args: &Buffer, offset: u32) -> Result<()> {
        const CALL: &str = "DispatchIndirect";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, CALL)?;
            self.owned(CALL, "argument buffer", args.owner())?;
            if args.is_mapped() {
                return Err(tessera_resource::ResourceError::Mapped { sub: 0 }.into());
            }
            let bytes = args.read();
            let at = offset as usize;
            let words = bytes.get(at..at + 12).ok_or(Error::ComputeLimit {
                call: CALL,
                rule: "the 12 argument bytes lie inside the argument buffer",
                level: self.device.caps().level(),
                limit: bytes.len() as u64,
                value: at as u64 + 12,
            })?;
            let w =
                |i: usize| u32::from_le_bytes([words[i], words[i + 1], words[i + 2], words[i + 3]]);
            let groups = [w(0), w(4), w(8)];
            drop(bytes);
            self.run_dispatch(CALL, groups)
        };
        let r = run();
        self.finish_dispatch(CALL, r)
    }

    fn run_dispatch(&self, call: &'static str, groups: [u32; 3]) -> Result<()> {
        self.device.check_not_removed(call)?;
        let caps = self.device.caps();
        caps.validate_stage_method(ShaderStage::Compute, call)?;
        let level = self.device.caps().level();
        let shader = self.compute_shader.as_ref().ok_or(Error::NotBound {
            call,
            what: "a compute shader",
        })?;
        for g in groups {
            if g > MAX_DISPATCH_GROUPS {
                return Err(Error::ComputeLimit {
                    call,
                    rule: "thread groups per dimension (D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION)",
                    level,
                    limit: u64::from(MAX_DISPATCH_GROUPS),
                    value: u64::from(g),
                });
            }
        }
        if level < FeatureLevel::L11_0 && groups[2] > 1 {
            return Err(Error::ComputeLimit {
                call,
                rule: "ThreadGroupCountZ with cs_4_x (10_x)",
                level,
                limit: 1,
                value: u64::from(groups[2]),
            });
        }
        if groups.contains(&0) {
            return Ok(());
        }
        // Tiled views: their shadows hold the tiles' bytes for the dispatch.
        self.report_tiled_dispatch_sharing(call)?;
        let mut reported = Vec::new();
        self.load_tiled_compute(call, &mut reported)?;
        self.dispatch_bound(call, groups, shader, &mut reported)?;
        self.store_tiled_compute(call, &mut reported)
    }

    /// Locks the bound views and runs the shader (the dispatch rules already checked;
    /// `reported`: the tiled resources this dispatch already reported at Tier 1).
    fn dispatch_bound(
        &self,
        call: &'static str,
        groups: [u32; 3],
        shader: &ComputeShaderHandle,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        let level = self.device.caps().level();
        let storage = shader.0.storage_textures();
        StageReads::check_textures(&self.cs, &shader.0.texture_uses(), call)?;
        let mut bound = uav::resolve(
            &self.cs_uavs,
            &storage,
            &shader.0.uav_counters(),
            level,
            call,
        )?;
        // Two UAVs of different subresources of one texture (mip 0 and mip 1): the later one
        // runs on a staged copy, stored back after the dispatch.
        let staged = uav::stage_shared(&self.device, &mut bound, &[])?;
        let mut srvs: Vec<Option<(&Buffer, Range<usize>)>> = Vec::new();
        for v in &self.cs.shader_resources {
            srvs.push(match v {
                Some(v) if v.texture().is_none() => Some(uav::buffer_view_bytes(v, call)?),
                _ => None,
            });
        }
        // A texture SRV of another subresource of a UAV's texture (D3D's hazard is per
        // subresource: read mip 0, write mip 1) reads a staged copy (`staged.rs`).
        let written: Vec<&ViewInfo> = self.cs_uavs.iter().flatten().map(|v| &**v).collect();
        let subs = Substitutes::for_stage(&self.device, &self.cs, &written)?;
        // Constant buffers are read-locked for the dispatch too.
        let mut read_buffers: Vec<&Buffer> = srvs.iter().flatten().map(|(b, _)| *b).collect();
        read_buffers.extend(self.cs.constant_buffers.iter().flatten());
        let read_textures: Vec<&Texture> = self
            .cs
            .shader_resources
            .iter()
            .enumerate()
            .filter(|(slot, _)| subs.keeps(*slot))
            .filter_map(|(_, v)| v.as_ref()?.texture())
            .collect();
        uav::check_exclusive(
            &bound,
            &read_buffers,
            &read_textures,
            "one resource in two compute UAV slots, or as a compute UAV and SRV or constant buffer at once",
        )?;
        self.run_locked(call, groups, shader, reported, &bound, srvs, &subs)?;
        for s in &staged {
            s.store()?;
        }
        Ok(())
    }

    /// Locks the resolved UAVs (`bound`), the buffer SRVs (`srvs`), constant buffers and
    /// texture SRVs (as `subs` gives them) and runs the shader.
    #[expect(
        clippy::too_many_arguments,
        reason = "the dispatch's resolved bindings"
    )]
    fn run_locked(
        &self,
        call: &'static str,
        groups: [u32; 3],
        shader: &ComputeShaderHandle,
        reported: &mut Vec<usize>,
        bound: &[Option<uav::UavBinding>],
        srvs: Vec<Option<(&Buffer, Range<usize>)>>,
        subs: &Substitutes,
    ) -> Result<()> {
        let mut locks = UavLocks::lock(bound);
        let tessera_pipeline::PixelUavs {
            uavs: mut uav_bytes,
            layouts: uav_layouts,
        } = locks.memory()?;
        // Read locks: one per distinct resource of the dispatch ([`ReadSet`]).
        let mut set = ReadSet::default();
        let srv_slots: Vec<Option<(usize, Range<usize>)>> = srvs
            .into_iter()
            .map(|s| s.map(|(b, r)| (set.buffer(b), r)))
            .collect();
        let mut reads = StageReads::lock(&self.cs, subs, &mut set, false);
        reads.resolve_tiled(&self.device, &self.cs, reported)?;
        let set = set;
        let srv_bytes: Vec<Option<&[u8]>> = srv_slots
            .iter()
            .map(|g| g.as_ref().map(|(i, r)| &set.buffer_bytes(*i)[r.clone()]))
            .collect();
        let env = reads.env(&set, &self.cs)?;
        let memory = ComputeMemory {
            uavs: &mut uav_bytes,
            srvs: &srv_bytes,
            uav_layouts: &uav_layouts,
        };
        self.device
            .inner
            .pool
            .install(|| shader.0.dispatch(&env, memory, groups))
            .map_err(|fault| Error::ShaderHung { call, fault })
    }
}
