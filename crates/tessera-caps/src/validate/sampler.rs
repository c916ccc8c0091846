//! CreateSamplerState rules (SPEC §2.1 CreateSamplerState, §4.1 ranges, §4.9 shadow path, §6.11 min/max).

use super::state::state;
use super::unsupported;
use crate::caps::Caps;
use crate::desc::{AddressMode, ComparisonFunc, FilterReduction, SamplerDesc};
use crate::error::CapsError;

impl Caps {
    /// `CreateSamplerState` (SPEC §2.1 CreateSamplerState, §4.1 ranges, §4.9 shadow path, §6.11 min/max).
    /// D3D9 floor behind the 9_x rules (SPEC §1.4): `D3DCAPS9.MaxAnisotropy` = 2 at 9_1, 16 from 9_2;
    /// MIRROR_ONCE follows `D3DPTADDRESSCAPS_MIRRORONCE` (9_2+); BORDER follows
    /// `D3DPTADDRESSCAPS_BORDER` (9_3+; 9_1/9_2 only through the §4.9 shadow path).
    pub fn validate_sampler(&self, desc: &SamplerDesc) -> Result<(), CapsError> {
        const S: &str = "sampler state";
        let level = self.level();
        let lim = self.limits();
        let nine = level.is_9_x();
        let f = desc.filter;
        if f.anisotropic {
            if desc.max_anisotropy == 0 {
                return Err(state(
                    level,
                    S,
                    "SPEC §4.1 MaxAnisotropy 1..16",
                    "MaxAnisotropy 0 with an anisotropic filter",
                ));
            }
            if desc.max_anisotropy > lim.max_anisotropy {
                return Err(CapsError::Anisotropy {
                    level,
                    limit: lim.max_anisotropy,
                    value: desc.max_anisotropy,
                });
            }
        }
        if desc.max_anisotropy > 16 {
            return Err(CapsError::Anisotropy {
                level,
                limit: 16,
                value: desc.max_anisotropy,
            });
        }
        if !(-16.0..=15.99).contains(&desc.mip_lod_bias) {
            return Err(state(
                level,
                S,
                "SPEC §4.1 MipLODBias range",
                format!("MipLODBias {} outside [-16, 15.99]", desc.mip_lod_bias),
            ));
        }
        if desc.min_lod.is_nan() || desc.max_lod.is_nan() {
            return Err(state(
                level,
                S,
                "SPEC §4.1 MinLOD/MaxLOD not NaN",
                "MinLOD/MaxLOD is NaN",
            ));
        }
        // §4.9: comparison + LESS_EQUAL, matching min/mag, no anisotropy: allowed at 9_x (D3D11.1 shadow path).
        let shadow_path = f.reduction == FilterReduction::Comparison
            && desc.comparison_func == ComparisonFunc::LessEqual
            && f.min == f.mag
            && !f.anisotropic;
        match f.reduction {
            FilterReduction::Comparison if nine && !shadow_path => {
                return Err(state(
                    level,
                    S,
                    "SPEC §2.1 CreateSamplerState / §4.9",
                    "comparison filters need the 9_x shadow path (LESS_EQUAL, min == mag, no anisotropy)",
                ));
            }
            // MinMaxFiltering answers TRUE exactly when the tiled tier is >= 2.
            FilterReduction::Minimum | FilterReduction::Maximum
                if !self.check_feature_support().min_max_filtering =>
            {
                return Err(unsupported(
                    level,
                    "MINIMUM/MAXIMUM filters",
                    "SPEC §6.11 MinMaxFiltering (tiled tier >= 2)",
                ));
            }
            _ => {}
        }
        for (axis, mode) in [
            ("AddressU", desc.address_u),
            ("AddressV", desc.address_v),
            ("AddressW", desc.address_w),
        ] {
            if mode == AddressMode::MirrorOnce && !lim.mirror_once {
                return Err(state(
                    level,
                    S,
                    "SPEC §2.1 CreateSamplerState: no MIRROR_ONCE",
                    format!("{axis} = MIRROR_ONCE"),
                ));
            }
            if mode == AddressMode::Border && !lim.border_address_mode && !shadow_path {
                return Err(state(
                    level,
                    S,
                    "SPEC §2.1 CreateSamplerState: no BORDER",
                    format!("{axis} = BORDER"),
                ));
            }
        }
        if let Some([lo, hi]) = lim.sampler_border_color_range
            && let Some(c) = desc
                .border_color
                .iter()
                .find(|c| !(lo..=hi).contains(&f64::from(**c)))
        {
            return Err(state(
                level,
                S,
                "SPEC §2.1 CreateSamplerState: BorderColor in [0,1]",
                format!("BorderColor component {c} outside [{lo}, {hi}]"),
            ));
        }
        if lim.sampler_min_lod_integral == Some(true) && desc.min_lod.fract() != 0.0 {
            return Err(state(
                level,
                S,
                "SPEC §2.1 CreateSamplerState: MinLOD integral",
                format!("MinLOD {} has a fractional part", desc.min_lod),
            ));
        }
        if lim.sampler_max_lod_must_be_flt_max == Some(true) && desc.max_lod != f32::MAX {
            return Err(state(
                level,
                S,
                "SPEC §2.1 CreateSamplerState: MaxLOD == FLT_MAX",
                format!("MaxLOD {} is not FLT_MAX", desc.max_lod),
            ));
        }
        Ok(())
    }

    /// Draw-time: a texture of `width`x`height` sampled through `sampler` — no WRAP on non-pow2 at 9_x (SPEC §1.2 note B; FL-05).
    pub fn validate_sampling(
        &self,
        width: u32,
        height: u32,
        sampler: &SamplerDesc,
    ) -> Result<(), CapsError> {
        if self.limits().nonpow2_conditional().is_none()
            || (width.is_power_of_two() && height.is_power_of_two())
        {
            return Ok(());
        }
        if [sampler.address_u, sampler.address_v, sampler.address_w].contains(&AddressMode::Wrap) {
            return Err(CapsError::NonPow2Wrap {
                level: self.level(),
                width,
                height,
            });
        }
        Ok(())
    }
}
