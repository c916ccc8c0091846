//! Creation rules of tiled resources that do not depend on the tiling (SPEC §6.1, §6.11).

use tessera_caps::{BindFlags, FeatureLevel, Usage, tiled_tier_range};

use super::error::TiledError;
use super::tiling::TiledTier;

/// Refuses a tier the level does not allow; the level's range is `tessera_caps::tiled_tier_range`
/// (SPEC §6.11: Tier 1 from 11_0, Tier 2/3 from 11_1).
pub fn check_tier_for_level(tier: TiledTier, level: FeatureLevel) -> Result<(), TiledError> {
    let (min, max) = tiled_tier_range(level);
    let t = tier as u32;
    if t < min.max(1) || t > max {
        return Err(TiledError::TierForLevel {
            tier: t,
            level,
            min,
            max,
        });
    }
    Ok(())
}

pub(crate) fn refuse(rule: &'static str, what: &'static str, value: u64, limit: u64) -> TiledError {
    TiledError::Creation {
        rule,
        what,
        value,
        limit,
    }
}

/// Usage, bind and initial-data rules shared by tiled buffers and textures (SPEC §6.1).
pub(crate) fn check_common(
    usage: Usage,
    bind: BindFlags,
    has_initial_data: bool,
) -> Result<(), TiledError> {
    if usage != Usage::Default {
        return Err(refuse(
            "SPEC §6.1 tiled resources are USAGE_DEFAULT only",
            "usage",
            usage as u64,
            0,
        ));
    }
    let banned = BindFlags::VERTEX_BUFFER
        | BindFlags::INDEX_BUFFER
        | BindFlags::CONSTANT_BUFFER
        | BindFlags::STREAM_OUTPUT;
    if bind.intersects(banned) {
        return Err(refuse(
            "SPEC §6.1 tiled resources may not bind as vertex/index/constant/stream-output buffer",
            "bind flags",
            u64::from(bind.0),
            0,
        ));
    }
    if has_initial_data {
        return Err(refuse(
            "SPEC §6.1 tiled resources take no initial data",
            "initial data",
            1,
            0,
        ));
    }
    Ok(())
}
