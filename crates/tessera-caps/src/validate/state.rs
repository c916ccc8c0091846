//! State-object rules: CreateSamplerState, CreateRasterizerState, CreateBlendState,
//! CreateDepthStencilState, CreateInputLayout (SPEC §2.1, §4.1, §4.9, §6.11).

use std::collections::HashSet;

use super::unsupported;
use crate::FeatureLevel;
use crate::caps::Caps;
use crate::desc::{
    APPEND_ALIGNED_ELEMENT, Blend, BlendDesc, DepthStencilDesc, InputClassification,
    InputElementDesc, RasterizerDesc, RenderTargetBlendDesc,
};
use crate::error::CapsError;
use crate::format_support::FormatSupport;

/// Most vertex elements in one input layout (SPEC §1.3: 32).
pub const MAX_VERTEX_ELEMENTS: usize = 32;

pub(super) fn state(
    level: FeatureLevel,
    state: &'static str,
    rule: &'static str,
    reason: impl Into<String>,
) -> CapsError {
    CapsError::State {
        level,
        state,
        rule,
        reason: reason.into(),
    }
}

/// The alpha-slot equivalent of a colour factor (SRC_COLOR acts as SRC_ALPHA in the alpha slot).
fn alpha_equivalent(b: Blend) -> Blend {
    match b {
        Blend::SrcColor => Blend::SrcAlpha,
        Blend::InvSrcColor => Blend::InvSrcAlpha,
        Blend::DestColor => Blend::DestAlpha,
        Blend::InvDestColor => Blend::InvDestAlpha,
        Blend::Src1Color => Blend::Src1Alpha,
        Blend::InvSrc1Color => Blend::InvSrc1Alpha,
        other => other,
    }
}

impl Caps {
    /// `CreateRasterizerState` (SPEC §2.1 CreateRasterizerState; §1.2 forced sample count, conservative raster).
    pub fn validate_rasterizer_state(&self, desc: &RasterizerDesc) -> Result<(), CapsError> {
        const S: &str = "rasterizer state";
        let level = self.level();
        let lim = self.limits();
        if lim.depth_clip_enable_required == Some(true) && !desc.depth_clip_enable {
            return Err(state(
                level,
                S,
                "SPEC §2.1 CreateRasterizerState: DepthClipEnable",
                "DepthClipEnable must be TRUE",
            ));
        }
        if lim.depth_bias_clamp_must_be_zero == Some(true) && desc.depth_bias_clamp != 0.0 {
            return Err(state(
                level,
                S,
                "SPEC §2.1 CreateRasterizerState: DepthBiasClamp",
                format!(
                    "DepthBiasClamp must be 0; the state uses {}",
                    desc.depth_bias_clamp
                ),
            ));
        }
        if desc.depth_bias_clamp.is_nan() || desc.slope_scaled_depth_bias.is_nan() {
            return Err(state(
                level,
                S,
                "D3D11 CreateRasterizerState",
                "depth bias values must not be NaN",
            ));
        }
        let fsc = desc.forced_sample_count;
        if fsc > 0 {
            let limit = if lim.max_forced_sample_count_uav_only > 0 {
                lim.max_forced_sample_count_uav_only
            } else {
                u32::from(lim.forced_sample_count_1 == Some(true))
            };
            if !matches!(fsc, 1 | 4 | 8 | 16) || fsc > limit {
                return Err(CapsError::Count {
                    level,
                    what: "as ForcedSampleCount",
                    rule: "SPEC §1.2 ForcedSampleCount",
                    limit: u64::from(limit),
                    value: u64::from(fsc),
                });
            }
        }
        if desc.conservative_raster
            && self.check_feature_support().conservative_rasterization_tier == 0
        {
            return Err(unsupported(
                level,
                "conservative rasterization",
                "SPEC §1.2, §3.9",
            ));
        }
        Ok(())
    }

    /// `CreateBlendState` (SPEC §2.1 CreateBlendState, CreateBlendState1; §1.2 A2C, logic ops).
    /// 9_x: separate alpha blend follows `D3DPMISCCAPS_SEPARATEALPHABLEND` (9_2+) and per-target
    /// write masks `D3DPMISCCAPS_INDEPENDENTWRITEMASKS` (9_3+) (SPEC §1.4).
    pub fn validate_blend_state(&self, desc: &BlendDesc) -> Result<(), CapsError> {
        const S: &str = "blend state";
        let level = self.level();
        let lim = self.limits();
        let nine = level.is_9_x();
        if desc.alpha_to_coverage_enable && !lim.alpha_to_coverage {
            return Err(state(
                level,
                S,
                "SPEC §2.1 CreateBlendState: AlphaToCoverageEnable",
                "AlphaToCoverageEnable must be FALSE",
            ));
        }
        let used: &[RenderTargetBlendDesc] = if desc.independent_blend_enable {
            &desc.render_target
        } else {
            &desc.render_target[..1]
        };
        let rt0 = desc.render_target[0];
        if nine && desc.independent_blend_enable {
            let first4 = &desc.render_target[..4];
            if first4.iter().any(|rt| rt.blend_enable != rt0.blend_enable) {
                return Err(state(
                    level,
                    S,
                    "SPEC §2.1 CreateBlendState: RenderTarget[0..3].BlendEnable equal",
                    "BlendEnable differs between render targets 0..3",
                ));
            }
            if !lim.independent_write_masks
                && first4.iter().any(|rt| rt.write_mask != rt0.write_mask)
            {
                return Err(state(
                    level,
                    S,
                    "SPEC §2.1 CreateBlendState: write masks equal (9_1, 9_2)",
                    "RenderTargetWriteMask differs between render targets 0..3",
                ));
            }
        }
        if level == FeatureLevel::L10_0 && desc.independent_blend_enable {
            let same_fn = |rt: &RenderTargetBlendDesc| {
                (
                    rt.src_blend,
                    rt.dest_blend,
                    rt.blend_op,
                    rt.src_blend_alpha,
                    rt.dest_blend_alpha,
                    rt.blend_op_alpha,
                ) == (
                    rt0.src_blend,
                    rt0.dest_blend,
                    rt0.blend_op,
                    rt0.src_blend_alpha,
                    rt0.dest_blend_alpha,
                    rt0.blend_op_alpha,
                )
            };
            if used
                .iter()
                .filter(|rt| rt.blend_enable)
                .any(|rt| !same_fn(rt))
            {
                return Err(state(
                    level,
                    S,
                    "SPEC §1.2 independent blend (10_1+)",
                    "per-target blend functions need 10_1",
                ));
            }
        }
        for (i, rt) in used.iter().enumerate() {
            let factors = [
                rt.src_blend,
                rt.dest_blend,
                rt.src_blend_alpha,
                rt.dest_blend_alpha,
            ];
            if rt.blend_enable && nine {
                if factors.contains(&Blend::SrcAlphaSat) {
                    return Err(state(
                        level,
                        S,
                        "SPEC §2.1 CreateBlendState: no SRC_ALPHA_SAT",
                        format!("render target {i} uses SRC_ALPHA_SAT"),
                    ));
                }
                if factors.iter().any(|b| b.is_dual_source()) {
                    return Err(state(
                        level,
                        S,
                        "SPEC §2.1 CreateBlendState: no dual-source factors",
                        format!("render target {i} uses a SRC1_* factor"),
                    ));
                }
                if !lim.separate_alpha_blend
                    && (alpha_equivalent(rt.src_blend) != alpha_equivalent(rt.src_blend_alpha)
                        || alpha_equivalent(rt.dest_blend) != alpha_equivalent(rt.dest_blend_alpha)
                        || rt.blend_op != rt.blend_op_alpha)
                {
                    return Err(state(
                        level,
                        S,
                        "SPEC §2.1 CreateBlendState: no separate alpha blend (9_1)",
                        format!("render target {i} blends alpha differently from colour"),
                    ));
                }
            }
            if rt.logic_op_enable {
                if nine || !self.supports(lim.logic_ops) {
                    return Err(unsupported(
                        level,
                        "logic ops (CreateBlendState1)",
                        "SPEC §2.1 CreateBlendState1, §1.2 logic ops",
                    ));
                }
                if rt.blend_enable {
                    return Err(state(
                        level,
                        S,
                        "D3D11.1 CreateBlendState1",
                        format!("render target {i} enables both blending and a logic op"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// `CreateDepthStencilState`: no level-specific rule; two-sided stencil is accepted at 9_x (SPEC §2.1, §7.3 RefDev).
    pub fn validate_depth_stencil_state(&self, desc: &DepthStencilDesc) -> Result<(), CapsError> {
        let _ = desc;
        Ok(())
    }

    /// `CreateInputLayout` (SPEC §2.1 CreateInputLayout, §1.2 input slots/overlap, §1.3 32 elements, formats.json).
    /// 9_x: shared/overlapping element offsets follow
    /// `D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET` (9_2+, SPEC §1.4).
    pub fn validate_input_layout(&self, elements: &[InputElementDesc]) -> Result<(), CapsError> {
        const S: &str = "input layout";
        let level = self.level();
        let lim = self.limits();
        if elements.len() > MAX_VERTEX_ELEMENTS {
            return Err(CapsError::Count {
                level,
                what: "vertex elements",
                rule: "SPEC §1.3 32 vertex elements",
                limit: MAX_VERTEX_ELEMENTS as u64,
                value: elements.len() as u64,
            });
        }
        let mut offsets = HashSet::new();
        for (i, e) in elements.iter().enumerate() {
            if e.input_slot >= lim.max_input_slots {
                return Err(CapsError::Count {
                    level,
                    what: "as an input slot index",
                    rule: "SPEC §1.2 IA input slots",
                    limit: u64::from(lim.max_input_slots) - 1,
                    value: u64::from(e.input_slot),
                });
            }
            if e.semantic_name.is_empty() {
                return Err(state(
                    level,
                    S,
                    "D3D11 CreateInputLayout",
                    format!("element {i} has no semantic name"),
                ));
            }
            match e.input_slot_class {
                InputClassification::PerInstance
                    if lim.per_instance_input_data == Some(false) || !lim.instancing =>
                {
                    return Err(state(
                        level,
                        S,
                        "SPEC §2.1 CreateInputLayout: no PER_INSTANCE_DATA (9_1, 9_2)",
                        format!("element {i} ({}) is per-instance", e.semantic_name),
                    ));
                }
                InputClassification::PerVertex if e.instance_data_step_rate != 0 => {
                    return Err(state(
                        level,
                        S,
                        "D3D11 CreateInputLayout",
                        format!(
                            "per-vertex element {i} has InstanceDataStepRate {}",
                            e.instance_data_step_rate
                        ),
                    ));
                }
                _ => {}
            }
            let fs = self.check_format_support(e.format);
            if !fs.contains(FormatSupport::IA_VERTEX_BUFFER) {
                return Err(CapsError::FormatUnsupported {
                    level,
                    format: e.format,
                    usage: "a vertex element",
                });
            }
            if !lim.overlapping_vertex_elements
                && e.aligned_byte_offset != APPEND_ALIGNED_ELEMENT
                && !offsets.insert((e.input_slot, e.aligned_byte_offset))
            {
                return Err(state(
                    level,
                    S,
                    "SPEC §1.2 overlapping vertex elements (9_1)",
                    format!(
                        "element {i} shares offset {} in slot {}",
                        e.aligned_byte_offset, e.input_slot
                    ),
                ));
            }
        }
        // 9_3: if any element is per-vertex, slot 0 must be per-vertex.
        if level == FeatureLevel::L9_3
            && elements
                .iter()
                .any(|e| e.input_slot_class == InputClassification::PerVertex)
            && elements.iter().any(|e| {
                e.input_slot == 0 && e.input_slot_class == InputClassification::PerInstance
            })
        {
            return Err(state(
                level,
                S,
                "SPEC §2.1 CreateInputLayout: slot 0 per-vertex (9_3)",
                "input slot 0 is per-instance while per-vertex data exists",
            ));
        }
        Ok(())
    }
}
