//! Validation rules of SPEC §1 and §2, as `Caps` methods, one file per area.

mod copy;
mod draw;
mod input_layout;
mod msaa;
mod query;
mod resource;
mod sampler;
mod shader;
mod state;
mod texture;
mod tiled;
mod view;

pub use copy::{
    COPY_RULE_GPU_TO_GPU, COPY_RULE_MIPPED_TEX3D, COPY_RULE_SRV_ONLY_TO_STAGING,
    COPY_RULE_TEX3D_TO_STAGING, CopyDesc, CopyKind, ResourceDesc,
};
pub use input_layout::{MAX_VERTEX_ELEMENTS, MAX_VERTEX_STRUCTURE_BYTES};
pub use msaa::{
    CENTER_MULTISAMPLE_PATTERN, SAMPLE_COUNTS, STANDARD_MULTISAMPLE_PATTERN,
    center_sample_positions, standard_sample_positions,
};

use crate::FeatureLevel;
use crate::error::CapsError;

/// True for a non-zero power of two.
pub(crate) const fn is_pow2(v: u32) -> bool {
    v != 0 && v & (v - 1) == 0
}

/// Shorthand for a `CapsError::InvalidDesc`.
pub(crate) fn invalid(
    level: FeatureLevel,
    rule: &'static str,
    reason: impl Into<String>,
) -> CapsError {
    CapsError::InvalidDesc {
        level,
        rule,
        reason: reason.into(),
    }
}

/// Shorthand for a `CapsError::Unsupported`.
pub(crate) const fn unsupported(
    level: FeatureLevel,
    feature: &'static str,
    rule: &'static str,
) -> CapsError {
    CapsError::Unsupported {
        level,
        feature,
        rule,
    }
}
