//! State-object rules: CreateSamplerState, CreateRasterizerState, CreateBlendState,
//! CreateDepthStencilState (SPEC §2.1, §4.1, §4.9, §6.11); CreateInputLayout is in `input_layout`.

use super::unsupported;
use crate::FeatureLevel;
use crate::caps::Caps;
use crate::desc::{Blend, BlendDesc, DepthStencilDesc, RasterizerDesc, RenderTargetBlendDesc};
use crate::error::CapsError;

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
}
