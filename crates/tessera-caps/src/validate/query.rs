//! Queries, predicates, counters, shader stages/profiles and compute dispatch (SPEC §1.2, §2.1, §2.2).

use super::unsupported;
use crate::FeatureLevel;
use crate::caps::Caps;
use crate::desc::{QueryType, ShaderStage};
use crate::error::CapsError;

impl Caps {
    /// `CreateQuery` (SPEC §2.1 CreateQuery; FL-28).
    /// 9_x: occlusion queries need the D3D9 floor's non-zero occlusion count (9_2+) and event
    /// queries its always-TRUE event (9_1+) (SPEC §1.4).
    pub fn validate_query(&self, query: QueryType) -> Result<(), CapsError> {
        let lim = self.limits();
        let ok = match query {
            QueryType::Event => lim.event_queries != Some(false),
            QueryType::Occlusion => lim.occlusion_queries,
            QueryType::Timestamp | QueryType::TimestampDisjoint => {
                self.check_feature_support().timestamp_queries
            }
            QueryType::PipelineStatistics | QueryType::OcclusionPredicate => !self.level().is_9_x(),
            QueryType::SoStatistics | QueryType::SoOverflowPredicate => lim.stream_output,
        };
        if ok {
            Ok(())
        } else {
            Err(CapsError::Query {
                level: self.level(),
                query,
            })
        }
    }

    /// `CreatePredicate` (SPEC §2.1 CreatePredicate: unsupported at 9_x; FL-28).
    pub fn validate_predicate(&self, query: QueryType) -> Result<(), CapsError> {
        if self.level().is_9_x() {
            return Err(unsupported(
                self.level(),
                "CreatePredicate",
                "SPEC §2.1 CreatePredicate",
            ));
        }
        match query {
            QueryType::OcclusionPredicate | QueryType::SoOverflowPredicate => {
                self.validate_query(query)
            }
            _ => Err(CapsError::InvalidDesc {
                level: self.level(),
                rule: "D3D11 CreatePredicate",
                reason: format!("{query:?} is not a predicate"),
            }),
        }
    }

    /// `CreateCounter` (SPEC §2.1: unsupported at 9_x; RefDev exposes no device-dependent counters elsewhere either).
    pub fn validate_counter(&self) -> Result<(), CapsError> {
        Err(unsupported(
            self.level(),
            "CreateCounter",
            "SPEC §2.1 CheckCounter/CreateCounter",
        ))
    }

    /// `Create*Shader` / `*SetShader` stage availability (SPEC §1.2, §2.1; FL-19).
    pub fn validate_shader_stage(&self, stage: ShaderStage) -> Result<(), CapsError> {
        let lim = self.limits();
        let ok = match stage {
            ShaderStage::Vertex | ShaderStage::Pixel => true,
            ShaderStage::Geometry => lim.geometry_shader,
            ShaderStage::Hull | ShaderStage::Domain => lim.hull_domain_shaders,
            ShaderStage::Compute => self.supports(lim.compute_shader),
        };
        if ok {
            Ok(())
        } else {
            Err(CapsError::ShaderStage {
                level: self.level(),
                stage,
            })
        }
    }

    /// A `GS*` / `HS*` / `DS*` / `CS*` call or `Dispatch*` named `method`: refused with
    /// `Unsupported` naming the method where the level lacks the stage (SPEC §2.2 GS*, HS*/DS*,
    /// CS*/Dispatch/DispatchIndirect; §1.2: GS 10_0+, HS/DS 11_0+, CS 11_0+ or optional cs_4_x).
    pub fn validate_stage_method(
        &self,
        stage: ShaderStage,
        method: &'static str,
    ) -> Result<(), CapsError> {
        self.validate_shader_stage(stage).map_err(|_| {
            let rule = match stage {
                ShaderStage::Geometry => "SPEC §2.2 GS* (10_0+)",
                ShaderStage::Hull | ShaderStage::Domain => "SPEC §2.2 HS*/DS* (11_0+)",
                ShaderStage::Compute => "SPEC §2.2 CS*/Dispatch/DispatchIndirect",
                ShaderStage::Vertex | ShaderStage::Pixel => "SPEC §2.1 Create*Shader",
            };
            unsupported(self.level(), method, rule)
        })
    }

    /// `OMSetRenderTargetsAndUnorderedAccessViews` with `count` UAV slots from `start`:
    /// refused at 9_x (SPEC §2.2); UAVs outside the compute stage need 11_0 (SPEC §1.2 UAV
    /// slots "CS only" at 10_x); at 11_0+ the slots end within the level's UAV slots.
    pub fn validate_om_uavs(&self, start: usize, count: usize) -> Result<(), CapsError> {
        let level = self.level();
        if level.is_9_x() {
            return Err(unsupported(
                level,
                "OMSetRenderTargetsAndUnorderedAccessViews",
                "SPEC §2.2 OMSetRenderTargetsAndUnorderedAccessViews",
            ));
        }
        if count == 0 {
            return Ok(());
        }
        if level < FeatureLevel::L11_0 {
            return Err(unsupported(
                level,
                "pixel-stage UAVs (OMSetRenderTargetsAndUnorderedAccessViews)",
                "SPEC §1.2 UAV slots: CS only below 11_0",
            ));
        }
        let limit = self.limits().uav_slot_count();
        let end = start.saturating_add(count);
        if end > limit as usize {
            return Err(CapsError::Count {
                level,
                what: "as the end of the UAV slots",
                rule: "SPEC §1.2 UAV slots",
                limit: u64::from(limit),
                value: end as u64,
            });
        }
        Ok(())
    }

    /// Shader profile accepted at this level, e.g. "ps_4_0_level_9_3", "vs_5_0" (SPEC §2.1 CreateVertexShader/PixelShader).
    pub fn validate_shader_profile(
        &self,
        stage: ShaderStage,
        profile: &str,
    ) -> Result<(), CapsError> {
        self.validate_shader_stage(stage)?;
        let level = self.level();
        let lim = self.limits();
        let prefix = match stage {
            ShaderStage::Vertex => "vs",
            ShaderStage::Pixel => "ps",
            ShaderStage::Geometry => "gs",
            ShaderStage::Hull => "hs",
            ShaderStage::Domain => "ds",
            ShaderStage::Compute => "cs",
        };
        let allowed: Vec<String> = match (stage, &lim.vs_profiles, &lim.ps_profiles) {
            (ShaderStage::Vertex, Some(list), _) | (ShaderStage::Pixel, _, Some(list)) => {
                list.clone()
            }
            _ => {
                let models: &[&str] = match level {
                    FeatureLevel::L10_0 => &["4_0"],
                    FeatureLevel::L10_1 => &["4_0", "4_1"],
                    _ => &["4_0", "4_1", "5_0"],
                };
                let mut v: Vec<String> = models.iter().map(|m| format!("{prefix}_{m}")).collect();
                if matches!(stage, ShaderStage::Vertex | ShaderStage::Pixel) {
                    v.push(format!("{prefix}_4_0_level_9_1"));
                    v.push(format!("{prefix}_4_0_level_9_3"));
                }
                v
            }
        };
        if allowed.iter().any(|p| p == profile) {
            Ok(())
        } else {
            Err(CapsError::ShaderProfile {
                level,
                profile: profile.to_owned(),
                allowed: allowed.join(", "),
            })
        }
    }

    /// `Dispatch` / `DispatchIndirect` (SPEC §2.2 CS*/Dispatch; §1.2 compute shader; FL-19).
    pub fn validate_dispatch(&self) -> Result<(), CapsError> {
        if self.supports(self.limits().compute_shader) {
            Ok(())
        } else {
            Err(unsupported(
                self.level(),
                "Dispatch",
                "SPEC §2.2 CS*/Dispatch/DispatchIndirect",
            ))
        }
    }
}
