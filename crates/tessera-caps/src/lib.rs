//! The Direct3D feature-level layer of Tessera.
//!
//! Re-exports the plain vocabulary of `tessera-types` at its old paths ([`desc`]: the
//! `D3D11_*_DESC` structures, also at the root; the feature levels, [`FeatureLevel`]) and holds
//! the rule book: the levels' limits ([`Limits`], parsed from the crate's copy of `caps.toml`),
//! per-level format support ([`format_support`], from `formats.json`), and
//! the validation rules a device applies at creation, state-setting and draw time ([`Caps`]).
//!
//! Reference-device choices where the spec leaves room:
//! - "optional" capabilities are reported as supported ([`CapsOptions::minimal_optional_features`]
//!   turns them off); the tiled tier defaults to the highest the level allows (SPEC §6.11).
//! - Texture3D extent at 9_2/9_3 is 256 (the FL table; SPEC §7.1); Texture1D is unsupported at 9_x (§7.2).
//! - Two-sided stencil is accepted at 9_x (§7.3); 9_1 and 9_2 require equal write masks (§7.4).
//! - Over-limit draws at 9_x are rejected (§7.7).

mod caps;
mod d3d9;
mod d3d9_floor;
mod error;
mod format_support;
mod limits;
mod table;
mod validate;
mod values;

pub use caps::{
    Caps, CapsOptions, DeviceCreation, DeviceId, FeatureSupport,
    IMPLEMENTED_CONSERVATIVE_RASTERIZATION_TIER, IMPLEMENTED_PS_SPECIFIED_STENCIL_REF,
    IMPLEMENTED_RASTERIZER_ORDERED_VIEWS, IMPLEMENTED_TILED_RESOURCES_TIER, select_feature_level,
    tiled_tier_range,
};
pub use d3d9::{D3d9Caps, TenLevel9, TenLevel9Rule};
pub use d3d9_floor::{D3d9Floor, d3d9_floor};
pub use error::CapsError;
pub use format_support::{
    FORMATS_JSON, FormatSupport, format_support, format_support_by_name, listed_formats,
    refdev_supports,
};
pub use limits::{
    CONSTANT_BUFFER_SLOTS_PER_STAGE, Limits, SAMPLER_SLOTS_PER_STAGE, SRV_SLOTS_PER_STAGE,
};
pub use table::{CAPS_TOML, CapsFile, Meta, caps_table, d3d9_caps};
pub use tessera_types::desc;
pub use tessera_types::desc::*;
pub use tessera_types::{
    ConstantBufferUse, FeatureLevel, ParseFeatureLevelError, SamplePair, ShaderProfile,
    ShaderSignature, SignatureElement, TiledShaderUse,
};
pub use validate::{
    CENTER_MULTISAMPLE_PATTERN, COPY_RULE_GPU_TO_GPU, COPY_RULE_MIPPED_TEX3D,
    COPY_RULE_SRV_ONLY_TO_STAGING, COPY_RULE_TEX3D_TO_STAGING, CopyDesc, CopyKind,
    MAX_VERTEX_ELEMENTS, MAX_VERTEX_STRUCTURE_BYTES, ResourceDesc, SAMPLE_COUNTS,
    STANDARD_MULTISAMPLE_PATTERN, center_sample_positions, standard_sample_positions,
};
pub use values::{CountOrNote, DrawKind, NonPow2, PerLevel, Support, Tier};
