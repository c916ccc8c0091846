//! Plain data shared by every layer of Tessera: the `D3D11_*_DESC` structures and their enums
//! ([`desc`], also re-exported at the root), the feature levels ([`FeatureLevel`]) and
//! shader profiles and declared resource use ([`ShaderProfile`], [`ShaderSignature`]).
//!
//! Nothing here knows a rule, a limit or a table: validation lives in `tessera-caps`, which
//! re-exports these items at the same paths. The crate depends only on `tessera-format` (for
//! `Format` in view and resource descriptors) and `thiserror`, so the pipeline and the sampler
//! can use the vocabulary without pulling in the rule book, serde or the caps tables.

pub mod desc;

mod level;
mod shader;

pub use desc::*;
pub use level::{FeatureLevel, ParseFeatureLevelError};
pub use shader::{
    ConstantBufferUse, SamplePair, ShaderProfile, ShaderSignature, SignatureElement, TiledShaderUse,
};
