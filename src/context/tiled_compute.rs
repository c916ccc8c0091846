//! `CSSetUnorderedAccessViews` / `CSSetShaderResources` with views of tiled resources, and
//! the loads and stores of their shadows around a dispatch (issue #16; `src/tiled/uav.rs`).
//! A slot holds an ordinary or a tiled view: setting either clears the other in that slot.

use tessera_caps::ShaderStage;

use super::tiled_bind::clear_slots;
use super::{DeviceContext, set_slots};
use crate::error::Result;
use crate::tiled::{
    BoundTiles, TiledBufferShaderResourceView, TiledShaderResourceView, TiledUnorderedAccessView,
    report_shared_tiles,
};

impl DeviceContext {
    /// `CSSetUnorderedAccessViews` with views of tiled buffers / textures (the level's UAV
    /// slots); each slot binds the view's shadow as an ordinary UAV.
    pub fn cs_set_tiled_unordered_access_views(
        &mut self,
        start: usize,
        views: &[Option<TiledUnorderedAccessView>],
    ) -> Result<()> {
        const CALL: &str = "CSSetUnorderedAccessViews";
        self.guarded(CALL, |c| {
            c.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, CALL)?;
            for v in views.iter().flatten() {
                c.owned(CALL, "tiled unordered access view", v.resource().owner())?;
            }
            let limit = c.device.caps().check_feature_support().uav_slots as usize;
            let shadows: Vec<_> = views
                .iter()
                .map(|v| v.as_ref().map(|v| v.view.clone()))
                .collect();
            let targets: Vec<_> = views
                .iter()
                .map(|v| v.as_ref().map(|v| v.target.clone()))
                .collect();
            set_slots(&mut c.cs_uavs, start, &shadows, limit, CALL)?;
            set_slots(&mut c.cs_tiled_uavs, start, &targets, limit, CALL)
        })
    }

    /// `CSSetShaderResources` with views of tiled buffers (128 slots); each slot binds the
    /// view's shadow as an ordinary buffer SRV (a read-only storage buffer).
    pub fn cs_set_tiled_buffer_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<TiledBufferShaderResourceView>],
    ) -> Result<()> {
        const CALL: &str = "CSSetShaderResources";
        self.guarded(CALL, |c| {
            c.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, CALL)?;
            for v in views.iter().flatten() {
                c.owned(CALL, "tiled shader-resource view", v.resource().owner())?;
            }
            let limit = tessera_caps::SRV_SLOTS_PER_STAGE as usize;
            let shadows: Vec<_> = views
                .iter()
                .map(|v| v.as_ref().map(|v| v.view.clone()))
                .collect();
            let targets: Vec<_> = views
                .iter()
                .map(|v| v.as_ref().map(|v| v.target.clone()))
                .collect();
            set_slots(&mut c.cs.shader_resources, start, &shadows, limit, CALL)?;
            set_slots(&mut c.cs_tiled_srvs, start, &targets, limit, CALL)?;
            clear_slots(&mut c.cs.tiled_resources, start, views.len());
            Ok(())
        })
    }

    /// `CSSetShaderResources` with views of tiled textures (128 slots), sampled by the compute
    /// shader as in a draw (`ResolvedTiled`, once per dispatch); the same slots' ordinary and
    /// tiled buffer views are unbound.
    pub fn cs_set_tiled_shader_resources(
        &mut self,
        start: usize,
        views: &[Option<TiledShaderResourceView>],
    ) -> Result<()> {
        const CALL: &str = "CSSetShaderResources";
        self.guarded(CALL, |c| {
            c.device
                .caps()
                .validate_stage_method(ShaderStage::Compute, CALL)?;
            for v in views.iter().flatten() {
                c.owned(CALL, "tiled shader-resource view", v.resource().owner())?;
            }
            let limit = tessera_caps::SRV_SLOTS_PER_STAGE as usize;
            set_slots(&mut c.cs.tiled_resources, start, views, limit, CALL)?;
            clear_slots(&mut c.cs.shader_resources, start, views.len());
            clear_slots(&mut c.cs_tiled_srvs, start, views.len());
            Ok(())
        })
    }

    /// `ClearUnorderedAccessViewUint` of a tiled UAV: the view's shadow is loaded (a view may
    /// cover less than its shadow: a buffer range, some W slices), cleared by the ordinary
    /// rules and stored (NULL tiles drop the clear; Tier 1: reported once).
    pub fn clear_tiled_unordered_access_view_uint(
        &mut self,
        uav: &TiledUnorderedAccessView,
        values: [u32; 4],
    ) -> Result<()> {
        const CALL: &str = "ClearUnorderedAccessViewUint";
        self.clear_tiled_uav(CALL, uav, |c| {
            c.clear_unordered_access_view_uint(&uav.view, values)
        })
    }

    /// `ClearUnorderedAccessViewFloat` of a tiled UAV, as
    /// [`Self::clear_tiled_unordered_access_view_uint`].
    pub fn clear_tiled_unordered_access_view_float(
        &mut self,
        uav: &TiledUnorderedAccessView,
        values: [f32; 4],
    ) -> Result<()> {
        const CALL: &str = "ClearUnorderedAccessViewFloat";
        self.clear_tiled_uav(CALL, uav, |c| {
            c.clear_unordered_access_view_float(&uav.view, values)
        })
    }

    /// Load, `clear` (the ordinary call on the shadow's view), store.
    fn clear_tiled_uav(
        &mut self,
        call: &'static str,
        uav: &TiledUnorderedAccessView,
        clear: impl FnOnce(&mut Self) -> Result<()>,
    ) -> Result<()> {
        self.guarded(call, |c| {
            c.owned(call, "tiled unordered access view", uav.resource().owner())
        })?;
        let mut reported = Vec::new();
        let r = uav.target.load(&self.device, call, call, &mut reported);
        self.device.refused(call, r)?;
        clear(self)?;
        let r = uav.target.store(&self.device, call, call, &mut reported);
        self.device.refused(call, r)
    }

    /// Unbinds the tiled views of `len` UAV slots from `start` (an ordinary view set there).
    pub(super) fn clear_tiled_uav_slots(&mut self, start: usize, len: usize) {
        clear_slots(&mut self.cs_tiled_uavs, start, len);
    }

    /// Unbinds the tiled views (buffer and texture) of `len` SRV slots from `start`.
    pub(super) fn clear_tiled_srv_slots(&mut self, start: usize, len: usize) {
        clear_slots(&mut self.cs_tiled_srvs, start, len);
        clear_slots(&mut self.cs.tiled_resources, start, len);
    }

    /// Reports the SPEC §6.9 sharings of a dispatch's tiled views
    /// (`crate::tiled::report_shared_tiles`): the bound tiled UAVs ("CS unordered access view
    /// slot k") against the tiled shader-resource views (buffer and texture) and the other
    /// tiles of their resources.
    pub(super) fn report_tiled_dispatch_sharing(&self, call: &'static str) -> Result<()> {
        let outputs: Vec<BoundTiles<'_>> = self
            .cs_tiled_uavs
            .iter()
            .enumerate()
            .filter_map(|(k, t)| {
                let t = t.as_ref()?;
                let name = format!("CS unordered access view slot {k}");
                Some(BoundTiles::new(t.resource(), t.covered_tiles(), name))
            })
            .collect();
        if outputs.is_empty() {
            return Ok(());
        }
        let mut inputs = Vec::new();
        for (slot, t) in self.cs_tiled_srvs.iter().enumerate() {
            if let Some(t) = t {
                let name = format!("CS shader resource slot {slot}");
                inputs.push(BoundTiles::new(t.resource(), t.covered_tiles(), name));
            }
        }
        for (slot, v) in self.cs.tiled_resources.iter().enumerate() {
            if let Some(v) = v {
                let name = format!("CS shader resource slot {slot}");
                inputs.push(BoundTiles::new(v.resource(), v.covered_tiles()?, name));
            }
        }
        report_shared_tiles(&self.device, call, &outputs, &inputs)
    }

    /// Loads every bound tiled compute view's shadow before a dispatch (NULL tiles: the tier's
    /// value; Tier 1 reports once per dispatch and resource through `reported`).
    pub(super) fn load_tiled_compute(
        &self,
        call: &'static str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        for t in self.cs_tiled_srvs.iter().flatten() {
            t.load(&self.device, call, "compute shader-resource view", reported)?;
        }
        for t in self.cs_tiled_uavs.iter().flatten() {
            t.load(
                &self.device,
                call,
                "compute unordered access view",
                reported,
            )?;
        }
        Ok(())
    }

    /// Stores every bound tiled UAV's shadow after a dispatch, in slot order (writes to NULL
    /// tiles dropped).
    pub(super) fn store_tiled_compute(
        &self,
        call: &'static str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        for t in self.cs_tiled_uavs.iter().flatten() {
            t.store(
                &self.device,
                call,
                "compute unordered access view",
                reported,
            )?;
        }
        Ok(())
    }
}
