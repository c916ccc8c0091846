//! Shader profile and declared-resource rules of `Create*Shader` and `*SetShader`
//! (SPEC §1.2 "Shader model", §1.3, §2.1 CreateVertexShader/CreatePixelShader, §2.2
//! VSSetShader/PSSetShader, PS/VSSetConstantBuffers, PSSetShaderResources, PSSetSamplers).
//!
//! Which profiles a level runs: 9_1/9_2 `*_4_0_level_9_1` only; 9_3 adds `*_4_0_level_9_3`
//! (caps.toml `vs_profiles`/`ps_profiles`); 10_0 runs `*_4_0` and both level-9 profiles;
//! 10_1 adds `*_4_1`; 11_0 and up add `*_5_0`.
//!
//! Constants: at 9_x a pixel shader may read at most 32 float4 constants and a vertex shader
//! at most 255, summed over its constant buffers (caps.toml `max_ps_constants`,
//! `max_vs_constants`; the 10Level9 context page, SPEC §2.2, for all of 9_1..9_3). SPEC §1.4's
//! "VS 2_a: 256 constants" is the D3D9 hardware floor behind 9_3, not the D3D11 API limit: the
//! 10Level9 page's 255 (one register short of the hardware's 256) applies at 9_3 too. At 10_0+
//! each constant buffer holds at most 4096 constants (SPEC §1.3).

use tessera_types::{ShaderProfile, ShaderSignature, TiledShaderUse};

use crate::FeatureLevel;
use crate::caps::Caps;
use crate::desc::ShaderStage;
use crate::error::CapsError;

/// Float4 constants one constant buffer holds at 10_0+ (SPEC §1.3: 4096 16-byte elements).
const CONSTANTS_PER_BUFFER: u64 = 4096;

impl Caps {
    /// The profiles of `stage` (vertex or pixel) this level runs, lowest first (SPEC §2.1).
    pub fn shader_profiles(&self, stage: ShaderStage) -> Vec<ShaderProfile> {
        let lim = self.limits();
        let listed = match stage {
            ShaderStage::Vertex => lim.vs_profiles.as_ref(),
            ShaderStage::Pixel => lim.ps_profiles.as_ref(),
            _ => return Vec::new(),
        };
        if let Some(list) = listed {
            let mut v: Vec<_> = list
                .iter()
                .filter_map(|n| ShaderProfile::from_name(n))
                .collect();
            v.sort();
            return v;
        }
        use ShaderProfile::*;
        let (vs, ps): (&[ShaderProfile], &[ShaderProfile]) = match self.level() {
            FeatureLevel::L10_0 => (
                &[Vs4_0Level9_1, Vs4_0Level9_3, Vs4_0],
                &[Ps4_0Level9_1, Ps4_0Level9_3, Ps4_0],
            ),
            FeatureLevel::L10_1 => (
                &[Vs4_0Level9_1, Vs4_0Level9_3, Vs4_0, Vs4_1],
                &[Ps4_0Level9_1, Ps4_0Level9_3, Ps4_0, Ps4_1],
            ),
            _ => (&ShaderProfile::ALL[..5], &ShaderProfile::ALL[5..]),
        };
        if stage == ShaderStage::Vertex { vs } else { ps }.to_vec()
    }

    /// `CreateVertexShader` / `VSSetShader` (`call`): the declared profile, constants and
    /// slots against this level (SPEC §2.1, §2.2).
    pub fn validate_vertex_shader(
        &self,
        call: &'static str,
        sig: &ShaderSignature,
    ) -> Result<(), CapsError> {
        let lim = self.limits();
        let slots = Slots {
            constants: lim.max_vs_constants,
            srvs: lim.vs_srv_slots(),
            samplers: lim.vs_sampler_slots(),
        };
        self.validate_shader(call, ShaderStage::Vertex, sig, slots)
    }

    /// `Create*Shader` (`call`) of a shader declaring tiled-resources features: the `_s`
    /// status feedback and `_cl` per-sample LOD clamp need Tier 2 (SPEC §6.8: "not available"
    /// at Tier 1), so below it the shader is refused. The tier is the device's `TiledResourcesTier`.
    pub fn validate_tiled_shader_use(
        &self,
        call: &'static str,
        used: TiledShaderUse,
    ) -> Result<(), CapsError> {
        const REQUIRED: u32 = 2;
        let tier = self.check_feature_support().tiled_resources_tier;
        match used.first_used() {
            Some(feature) if tier < REQUIRED => Err(CapsError::TiledShaderFeature {
                level: self.level(),
                call,
                feature,
                required: REQUIRED,
                tier,
            }),
            _ => Ok(()),
        }
    }

    /// `CreatePixelShader` / `PSSetShader` (`call`): the declared profile, constants and
    /// slots against this level (SPEC §2.1, §2.2).
    pub fn validate_pixel_shader(
        &self,
        call: &'static str,
        sig: &ShaderSignature,
    ) -> Result<(), CapsError> {
        let lim = self.limits();
        let slots = Slots {
            constants: lim.max_ps_constants,
            srvs: lim.ps_srv_slots(),
            samplers: lim.ps_sampler_slots(),
        };
        self.validate_shader(call, ShaderStage::Pixel, sig, slots)
    }

    /// `CreatePixelShader` (`call`): the pixel shader's per-sample features against its
    /// declared `profile` — `sample_rate` (it reads `SV_SampleIndex` or has a `sample`
    /// input) and `coverage_out` (it writes `SV_Coverage`) need ps_4_1, `coverage_in` (it
    /// reads `SV_Coverage`) ps_5_0. The profile itself is checked against the level by
    /// [`Self::validate_pixel_shader`].
    pub fn validate_pixel_features(
        &self,
        call: &'static str,
        profile: ShaderProfile,
        sample_rate: bool,
        coverage_in: bool,
        coverage_out: bool,
    ) -> Result<(), CapsError> {
        let uses = [
            (
                sample_rate,
                "the SV_SampleIndex input or sample interpolation",
                ShaderProfile::Ps4_1,
            ),
            (coverage_out, "the SV_Coverage output", ShaderProfile::Ps4_1),
            (coverage_in, "the SV_Coverage input", ShaderProfile::Ps5_0),
        ];
        for (used, feature, needs) in uses {
            if used && profile < needs {
                return Err(CapsError::ShaderFeatureProfile {
                    call,
                    level: self.level(),
                    profile,
                    feature,
                    needs,
                });
            }
        }
        Ok(())
    }

    fn validate_shader(
        &self,
        call: &'static str,
        stage: ShaderStage,
        sig: &ShaderSignature,
        slots: Slots,
    ) -> Result<(), CapsError> {
        self.validate_shader_stage(stage)?;
        let (level, profile) = (self.level(), sig.profile);
        let allowed = self.shader_profiles(stage);
        if profile.stage() != stage || !allowed.contains(&profile) {
            return Err(CapsError::ShaderProfileRefused {
                call,
                level,
                profile,
                allowed: allowed
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        let constants = |scope, limit: u64, value: u64| {
            (value > limit).then_some(CapsError::ShaderConstants {
                call,
                level,
                profile,
                scope,
                limit,
                value,
            })
        };
        let refused = match slots.constants {
            Some(limit) => constants("in total", u64::from(limit), sig.total_constants()),
            None => sig.constant_buffers.iter().find_map(|c| {
                constants(
                    "per constant buffer",
                    CONSTANTS_PER_BUFFER,
                    u64::from(c.constants),
                )
            }),
        };
        if let Some(e) = refused {
            return Err(e);
        }
        let slot = |what, limit: u32, mut used: std::vec::IntoIter<u32>| {
            used.find(|&s| s >= limit).map_or(Ok(()), |value| {
                Err(CapsError::ShaderSlot {
                    call,
                    level,
                    profile,
                    what,
                    limit,
                    value,
                })
            })
        };
        let lim = self.limits();
        slot(
            "constant-buffer",
            lim.constant_buffer_slots(),
            sig.constant_buffers
                .iter()
                .map(|c| c.slot)
                .collect::<Vec<_>>()
                .into_iter(),
        )?;
        let pairs = &sig.samples;
        slot(
            "shader-resource",
            slots.srvs,
            [
                &sig.shader_resources[..],
                &pairs.iter().map(|p| p.texture).collect::<Vec<_>>(),
            ]
            .concat()
            .into_iter(),
        )?;
        slot(
            "sampler",
            slots.samplers,
            [
                &sig.samplers[..],
                &pairs.iter().map(|p| p.sampler).collect::<Vec<_>>(),
            ]
            .concat()
            .into_iter(),
        )
    }
}

/// A stage's limits for the shader rules: 9_x total constants (`None` at 10_0+), SRV and
/// sampler slot counts.
#[derive(Clone, Copy)]
struct Slots {
    constants: Option<u32>,
    srvs: u32,
    samplers: u32,
}
