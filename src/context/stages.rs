//! The context calls of the stages and methods Tessera does not execute yet: GS/HS/DS
//! `*SetShader`, `*SetConstantBuffers`, `*SetShaderResources`, `*SetSamplers`,
//! `DrawAuto` and `Draw*Indirect` (compute is in `compute`, the output merger's UAVs in
//! `om_uav`).
//!
//! Each call is first refused with a caps error naming the method and the level where the
//! level lacks the stage or method (SPEC §2.2). Where the level has it, binding nothing
//! (`None` slots, or an empty list) succeeds and changes nothing — that is the whole truth,
//! as nothing is bound — and anything that would need execution is refused with
//! [`Error::Unsupported`]; no call is a silent no-op.

use tessera_caps::{
    CapsError, DrawKind, SAMPLER_SLOTS_PER_STAGE, SRV_SLOTS_PER_STAGE, ShaderStage,
};
use tessera_pipeline::DrawStats;
use tessera_resource::{Buffer, ShaderResourceView};

use super::DeviceContext;
use crate::error::{Error, Result};
use crate::state::SamplerState;

/// No value of this type exists: the shader kinds below cannot be created yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NotCreatable {}

macro_rules! shader_handle {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        ///
        /// No value can be created yet (Tessera has no `Create*Shader` for this stage), so the
        /// matching `*_set_shader` only ever receives `None`; the type keeps the signature
        /// that a later shader object will fill.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name(NotCreatable);
    };
}

shader_handle!(
    /// A geometry shader object (`ID3D11GeometryShader`, 10_0+).
    GeometryShaderHandle
);
shader_handle!(
    /// A hull shader object (`ID3D11HullShader`, 11_0+).
    HullShaderHandle
);
shader_handle!(
    /// A domain shader object (`ID3D11DomainShader`, 11_0+).
    DomainShaderHandle
);

impl DeviceContext {
    /// A binding call of a stage Tessera does not execute: the level's stage rule, then the
    /// slot range, then `Unsupported` if anything would be bound.
    fn bind_nothing<T>(
        &self,
        stage: ShaderStage,
        call: &'static str,
        start: usize,
        items: &[Option<T>],
        limit: usize,
        unsupported: &'static str,
    ) -> Result<()> {
        let r = self.check_nothing_bound(stage, call, start, items, limit, unsupported);
        self.device.refused(call, r)
    }

    fn check_nothing_bound<T>(
        &self,
        stage: ShaderStage,
        call: &'static str,
        start: usize,
        items: &[Option<T>],
        limit: usize,
        unsupported: &'static str,
    ) -> Result<()> {
        self.device.caps().validate_stage_method(stage, call)?;
        let end = start.saturating_add(items.len());
        if end > limit {
            return Err(Error::SlotRange {
                call,
                start,
                end,
                limit,
            });
        }
        if items.iter().any(Option::is_some) {
            return Err(Error::Unsupported(unsupported));
        }
        Ok(())
    }
}

macro_rules! stage_calls {
    (
        $stage:ident, $handle:ident, $what:literal,
        $set_shader:ident = $set_shader_call:literal,
        $cbs:ident = $cbs_call:literal,
        $srvs:ident = $srvs_call:literal,
        $samplers:ident = $samplers_call:literal
    ) => {
        impl DeviceContext {
            #[doc = concat!("`", $set_shader_call, "`: refused where the level lacks the ", $what,
                " stage (SPEC §2.2); `None` binds nothing and succeeds.")]
            pub fn $set_shader(&mut self, shader: Option<&$handle>) -> Result<()> {
                let r = self.device.caps().validate_stage_method(ShaderStage::$stage, $set_shader_call);
                self.device.refused($set_shader_call, r.map_err(Error::from))?;
                if let Some(handle) = shader {
                    match handle.0 {}
                }
                Ok(())
            }

            #[doc = concat!("`", $cbs_call, "`: the ", $what, " stage rule (SPEC §2.2), 14 slots; ",
                "a buffer is `Error::Unsupported` (the stage does not run yet).")]
            pub fn $cbs(&mut self, start: usize, buffers: &[Option<Buffer>]) -> Result<()> {
                let limit = self.device.limits().constant_buffer_slots() as usize;
                self.bind_nothing(ShaderStage::$stage, $cbs_call, start, buffers, limit,
                    concat!($what, "-shader constant buffers"))
            }

            #[doc = concat!("`", $srvs_call, "`: the ", $what, " stage rule (SPEC §2.2), 128 slots; ",
                "a view is `Error::Unsupported` (the stage does not run yet).")]
            pub fn $srvs(&mut self, start: usize, views: &[Option<ShaderResourceView>]) -> Result<()> {
                self.bind_nothing(ShaderStage::$stage, $srvs_call, start, views,
                    SRV_SLOTS_PER_STAGE as usize, concat!($what, "-shader resources"))
            }

            #[doc = concat!("`", $samplers_call, "`: the ", $what, " stage rule (SPEC §2.2), 16 slots; ",
                "a sampler is `Error::Unsupported` (the stage does not run yet).")]
            pub fn $samplers(&mut self, start: usize, samplers: &[Option<SamplerState>]) -> Result<()> {
                self.bind_nothing(ShaderStage::$stage, $samplers_call, start, samplers,
                    SAMPLER_SLOTS_PER_STAGE as usize, concat!($what, "-shader samplers"))
            }
        }
    };
}

stage_calls!(
    Geometry,
    GeometryShaderHandle,
    "geometry",
    gs_set_shader = "GSSetShader",
    gs_set_constant_buffers = "GSSetConstantBuffers",
    gs_set_shader_resources = "GSSetShaderResources",
    gs_set_samplers = "GSSetSamplers"
);
stage_calls!(
    Hull,
    HullShaderHandle,
    "hull",
    hs_set_shader = "HSSetShader",
    hs_set_constant_buffers = "HSSetConstantBuffers",
    hs_set_shader_resources = "HSSetShaderResources",
    hs_set_samplers = "HSSetSamplers"
);
stage_calls!(
    Domain,
    DomainShaderHandle,
    "domain",
    ds_set_shader = "DSSetShader",
    ds_set_constant_buffers = "DSSetConstantBuffers",
    ds_set_shader_resources = "DSSetShaderResources",
    ds_set_samplers = "DSSetSamplers"
);

impl DeviceContext {
    /// A method the level may allow but Tessera does not execute yet: the level's `rule`
    /// first, then `Error::Unsupported(what)`; either is reported to the info queue.
    fn not_executed<T>(
        &self,
        call: &'static str,
        rule: std::result::Result<(), CapsError>,
        what: &'static str,
    ) -> Result<T> {
        let r = rule
            .map_err(Error::from)
            .and_then(|()| Err(Error::Unsupported(what)));
        self.device.refused(call, r)
    }

    /// `DrawInstancedIndirect`: refused at 9_x and 10_x (SPEC §2.2); `Error::Unsupported` at
    /// 11_0+ (indirect arguments are not read yet).
    pub fn draw_instanced_indirect(&mut self, args: &Buffer, offset: u32) -> Result<DrawStats> {
        let _ = (args, offset);
        let rule = self
            .device
            .caps()
            .validate_draw_method(DrawKind::DrawInstancedIndirect);
        self.not_executed("DrawInstancedIndirect", rule, "DrawInstancedIndirect")
    }

    /// `DrawIndexedInstancedIndirect`: refused at 9_x and 10_x (SPEC §2.2); `Error::Unsupported`
    /// at 11_0+ (indirect arguments are not read yet).
    pub fn draw_indexed_instanced_indirect(
        &mut self,
        args: &Buffer,
        offset: u32,
    ) -> Result<DrawStats> {
        let _ = (args, offset);
        let rule = self
            .device
            .caps()
            .validate_draw_method(DrawKind::DrawIndexedInstancedIndirect);
        let what = "DrawIndexedInstancedIndirect";
        self.not_executed("DrawIndexedInstancedIndirect", rule, what)
    }

    /// `DrawAuto`: refused at 9_x (SPEC §2.2); `Error::Unsupported` at 10_0+ (no stream output).
    pub fn draw_auto(&mut self) -> Result<DrawStats> {
        let rule = self.device.caps().validate_draw_method(DrawKind::DrawAuto);
        self.not_executed("DrawAuto", rule, "DrawAuto (stream output)")
    }
}
