//! `CapsError`: every refusal of the caps layer, naming level, rule, limit and offending value.

use tessera_format::Format;

use crate::FeatureLevel;
use crate::desc::{PrimitiveTopology, QueryType, ShaderStage};
use crate::values::DrawKind;
use tessera_types::ShaderProfile;

/// A call refused by a feature-level rule; `rule()` gives the stable SPEC.md reference.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum CapsError {
    /// A texture dimension exceeds the level's maximum (SPEC §1.2, §2.1 CreateTexture*).
    #[error(
        "feature level {level} allows at most {limit} texels per {kind} dimension; the texture uses {value}"
    )]
    TextureDimension {
        /// Device feature level.
        level: FeatureLevel,
        /// "Texture1D", "Texture2D", "TextureCube" or "Texture3D".
        kind: &'static str,
        /// The level's maximum.
        limit: u32,
        /// The offending extent.
        value: u32,
    },
    /// The array size exceeds the level's maximum (SPEC §1.2, §1.3, §2.1 CreateTexture2D).
    #[error(
        "feature level {level} allows at most {limit} {} for this texture; the texture uses {value}",
        noun(*limit, "array slice", "array slices")
    )]
    TextureArraySize {
        /// Device feature level.
        level: FeatureLevel,
        /// The maximum for this kind of texture at this level.
        limit: u32,
        /// The offending array size.
        value: u32,
    },
    /// Too many mip levels for the size or level (SPEC §1.3, D3D11 CreateTexture*).
    #[error(
        "feature level {level} allows at most {limit} {} for this texture; the texture uses {value}",
        noun(*limit, "mip level", "mip levels")
    )]
    MipLevels {
        /// Device feature level.
        level: FeatureLevel,
        /// Full-chain length or level maximum.
        limit: u32,
        /// The offending mip count.
        value: u32,
    },
    /// A 9_x power-of-two rule is broken (SPEC §1.2 note B, §2.1 CreateTexture2D/3D).
    #[error(
        "feature level {level} requires power-of-two dimensions for {reason}; the texture is {width}x{height}x{depth}"
    )]
    NonPowerOfTwo {
        /// Device feature level.
        level: FeatureLevel,
        /// Which rule: "mipmapped textures", "cube textures", "volume textures".
        reason: &'static str,
        /// Width.
        width: u32,
        /// Height.
        height: u32,
        /// Depth.
        depth: u32,
    },
    /// 9_x: a non-power-of-two 2D texture sampled with WRAP addressing (SPEC §1.2 note B; RefDev rejects the draw, FL-05).
    #[error(
        "feature level {level} does not allow WRAP addressing on a non-power-of-two texture ({width}x{height})"
    )]
    NonPow2Wrap {
        /// Device feature level.
        level: FeatureLevel,
        /// Texture width.
        width: u32,
        /// Texture height.
        height: u32,
    },
    /// The level lacks a feature entirely (SPEC §1.2, §2 "not supported" rows).
    #[error("feature level {level} does not support {feature} ({rule})")]
    Unsupported {
        /// Device feature level.
        level: FeatureLevel,
        /// What was attempted, e.g. "CreateTexture1D".
        feature: &'static str,
        /// SPEC reference.
        rule: &'static str,
    },
    /// A descriptor breaks a rule (D3D11 validation at every level, or a 9_x rule of SPEC §2).
    #[error("feature level {level}: {reason} ({rule})")]
    InvalidDesc {
        /// Device feature level.
        level: FeatureLevel,
        /// SPEC reference / D3D11 rule id.
        rule: &'static str,
        /// What is wrong, with values.
        reason: String,
    },
    /// 9_x buffer bind flags must hold exactly one of VB/IB/CB (SPEC §2.1 CreateBuffer).
    #[error(
        "feature level {level} requires a buffer to bind exactly one of VERTEX_BUFFER, INDEX_BUFFER, CONSTANT_BUFFER; the buffer binds 0x{bind_flags:x}"
    )]
    BufferBindFlags {
        /// Device feature level.
        level: FeatureLevel,
        /// The offending `D3D11_BIND_FLAG` bits.
        bind_flags: u32,
    },
    /// A format lacks the support a bind or view needs (SPEC §2.1 CheckFormatSupport, formats.json).
    #[error("feature level {level} does not support {format} as {usage}", format = .format.name())]
    FormatUnsupported {
        /// Device feature level.
        level: FeatureLevel,
        /// The format.
        format: Format,
        /// The formats.json target that is missing, e.g. "rendertarget".
        usage: &'static str,
    },
    /// The index format is not allowed (SPEC §1.2, §2.2 IASetIndexBuffer).
    #[error("feature level {level} allows only {allowed} index buffers; the call uses {format}", format = .format.name())]
    IndexFormat {
        /// Device feature level.
        level: FeatureLevel,
        /// The allowed formats, e.g. "R16_UINT".
        allowed: String,
        /// The offending format.
        format: Format,
    },
    /// An index value exceeds the level's maximum (SPEC §1.2, §2.2 DrawIndexed).
    #[error(
        "feature level {level} allows at most {limit} as an index value; the draw uses {value}"
    )]
    IndexValue {
        /// Device feature level.
        level: FeatureLevel,
        /// `max_vertex_index`.
        limit: u32,
        /// The largest index the draw reads.
        value: u32,
    },
    /// A draw produces too many primitives (SPEC §1.2, §2.2 Draw; RefDev: draw rejected, §7.7).
    #[error(
        "feature level {level} allows at most {limit} primitives per draw; the draw uses {value}"
    )]
    PrimitiveCount {
        /// Device feature level.
        level: FeatureLevel,
        /// `max_primitive_count`.
        limit: u32,
        /// Primitives the draw would produce.
        value: u64,
    },
    /// A draw entry point is not available (SPEC §2.2 DrawInstanced/…Indirect/DrawAuto).
    #[error("feature level {level} does not support {method} ({rule})", method = .kind.name())]
    DrawMethod {
        /// Device feature level.
        level: FeatureLevel,
        /// The entry point.
        kind: DrawKind,
        /// SPEC reference.
        rule: &'static str,
    },
    /// A topology is not allowed for this draw (SPEC §2.2 IASetPrimitiveTopology, DrawIndexed).
    #[error("feature level {level} does not allow topology {topology:?}: {reason}")]
    Topology {
        /// Device feature level.
        level: FeatureLevel,
        /// The topology.
        topology: PrimitiveTopology,
        /// Why.
        reason: &'static str,
    },
    /// Too many of something bound or declared at once (viewports, scissors, RTs, input slots, …).
    #[error(
        "feature level {level} allows at most {limit} {}; the call uses {value}",
        counted(*limit, what)
    )]
    Count {
        /// Device feature level.
        level: FeatureLevel,
        /// What is counted, in the plural ("render targets"); the message drops the final
        /// "s" when the limit is 1 ("at most 1 render target").
        what: &'static str,
        /// SPEC reference.
        rule: &'static str,
        /// The level's maximum.
        limit: u64,
        /// The offending count or value.
        value: u64,
    },
    /// 9_3 MRTs of different bit depth (SPEC §2.2 OMSetRenderTargets).
    #[error("feature level {level} requires all render targets to have the same bit depth; {first} has {first_bits} bits but {other} has {other_bits}", first = .first.name(), other = .other.name())]
    RenderTargetBitDepth {
        /// Device feature level.
        level: FeatureLevel,
        /// Format of render target 0.
        first: Format,
        /// Its bits per element.
        first_bits: u32,
        /// The first mismatching format.
        other: Format,
        /// Its bits per element.
        other_bits: u32,
    },
    /// One `D3D11_INPUT_ELEMENT_DESC` breaks a `CreateInputLayout` rule (D3D11 CreateInputLayout).
    #[error(
        "feature level {level} refuses input element {element} ({semantic}): {reason} ({rule})"
    )]
    InputElement {
        /// Device feature level.
        level: FeatureLevel,
        /// Index of the element in the layout.
        element: usize,
        /// Its semantic name and index, e.g. "TEXCOORD1".
        semantic: String,
        /// The rule, e.g. "D3D11 CreateInputLayout: AlignedByteOffset alignment".
        rule: &'static str,
        /// What is wrong, with the limit and the value.
        reason: String,
    },
    /// A state object breaks a rule (sampler, rasterizer, blend, depth-stencil, input layout).
    #[error("feature level {level} refuses this {state}: {reason} ({rule})")]
    State {
        /// Device feature level.
        level: FeatureLevel,
        /// "sampler state", "rasterizer state", "blend state", "input layout", …
        state: &'static str,
        /// SPEC reference.
        rule: &'static str,
        /// What is wrong, with values.
        reason: String,
    },
    /// The sampler's MaxAnisotropy exceeds the level's maximum (SPEC §1.2, §2.1, §4.1).
    #[error(
        "feature level {level} allows at most {limit} as MaxAnisotropy; the sampler uses {value}"
    )]
    Anisotropy {
        /// Device feature level.
        level: FeatureLevel,
        /// `max_anisotropy`.
        limit: u32,
        /// The offending value.
        value: u32,
    },
    /// A view breaks a rule (SPEC §2.1 CreateShaderResourceView/RenderTargetView, D3D11 view rules).
    #[error("feature level {level} refuses this view: {reason} ({rule})")]
    View {
        /// Device feature level.
        level: FeatureLevel,
        /// SPEC reference.
        rule: &'static str,
        /// What is wrong, with values.
        reason: String,
    },
    /// A viewport or scissor rect is out of range (SPEC §2.2 RSSetViewports quirk, §3.2 bounds).
    #[error("feature level {level} refuses {what} {index}: {reason} ({rule})")]
    Rect {
        /// Device feature level.
        level: FeatureLevel,
        /// "viewport" or "scissor rect".
        what: &'static str,
        /// Index in the array.
        index: usize,
        /// SPEC reference.
        rule: &'static str,
        /// What is wrong, with values.
        reason: String,
    },
    /// A query type is not available (SPEC §1.2, §2.1 CreateQuery/CreatePredicate).
    #[error("feature level {level} does not support {query:?} queries (SPEC §2.1 CreateQuery)")]
    Query {
        /// Device feature level.
        level: FeatureLevel,
        /// The query type.
        query: QueryType,
    },
    /// A shader stage is not available (SPEC §1.2, §2.1 Create*Shader).
    #[error("feature level {level} does not support {stage:?} shaders (SPEC §2.1)")]
    ShaderStage {
        /// Device feature level.
        level: FeatureLevel,
        /// The stage.
        stage: ShaderStage,
    },
    /// A shader profile is not accepted (SPEC §2.1 CreateVertexShader/CreatePixelShader).
    #[error("feature level {level} does not accept shader profile '{profile}'; allowed: {allowed}")]
    ShaderProfile {
        /// Device feature level.
        level: FeatureLevel,
        /// The offending profile.
        profile: String,
        /// The accepted profiles.
        allowed: String,
    },
    /// A shader's declared profile is not run at this level, or is for the other stage
    /// (SPEC §2.1 CreateVertexShader/CreatePixelShader, §2.2 VSSetShader/PSSetShader).
    #[error(
        "{call}: feature level {level} does not run {profile} shaders here; allowed: {allowed}"
    )]
    ShaderProfileRefused {
        /// The API call, e.g. "CreatePixelShader" or "PSSetShader".
        call: &'static str,
        /// Device feature level.
        level: FeatureLevel,
        /// The declared profile.
        profile: ShaderProfile,
        /// The profiles the call accepts at this level.
        allowed: String,
    },
    /// A pixel shader uses a per-sample feature that its declared profile lacks: the
    /// `SV_SampleIndex` input, `sample` interpolation and the `SV_Coverage` output are ps_4_1,
    /// the `SV_Coverage` input ps_5_0 (D3D11 HLSL system values and interpolation modifiers).
    #[error(
        "{call}: {feature} needs a {needs} shader or later; the shader declares {profile} (feature level {level})"
    )]
    ShaderFeatureProfile {
        /// The API call.
        call: &'static str,
        /// Device feature level.
        level: FeatureLevel,
        /// The declared profile.
        profile: ShaderProfile,
        /// The feature, e.g. "the SV_SampleIndex input".
        feature: &'static str,
        /// The lowest profile that has it.
        needs: ShaderProfile,
    },
    /// A shader reads more float4 constants than the level allows (SPEC §2.2
    /// PSSetConstantBuffers "at most 32 constants in total", VSSetConstantBuffers "at most 255";
    /// SPEC §1.3: 4096 per constant buffer at 10_0+).
    #[error(
        "{call}: feature level {level} allows a {profile} shader at most {limit} constants {scope}; it declares {value}"
    )]
    ShaderConstants {
        /// The API call.
        call: &'static str,
        /// Device feature level.
        level: FeatureLevel,
        /// The declared profile.
        profile: ShaderProfile,
        /// "in total" (9_x) or "per constant buffer" (10_0+).
        scope: &'static str,
        /// The level's maximum.
        limit: u64,
        /// The declared count.
        value: u64,
    },
    /// A shader declares a resource slot past the level's slot count (SPEC §1.3, §2.2
    /// PSSetShaderResources 8 / PSSetSamplers 16 at 9_x; no vertex texture fetch at 9_x).
    #[error(
        "{call}: feature level {level} has {limit} {what} slots for a {profile} shader; it declares slot {value}"
    )]
    ShaderSlot {
        /// The API call.
        call: &'static str,
        /// Device feature level.
        level: FeatureLevel,
        /// The declared profile.
        profile: ShaderProfile,
        /// "shader-resource", "sampler" or "constant-buffer".
        what: &'static str,
        /// Slots the stage has at this level.
        limit: u32,
        /// The offending slot.
        value: u32,
    },
    /// SampleMask 0 at 9_x (SPEC §2.2 OMSetBlendState).
    #[error("feature level {level} requires a non-zero SampleMask; the call uses 0x{value:08x}")]
    SampleMask {
        /// Device feature level.
        level: FeatureLevel,
        /// The mask.
        value: u32,
    },
    /// A copy is not allowed (SPEC §2.2 CopyResource/CopySubresourceRegion, D3D11 copy rules).
    #[error("feature level {level} refuses this copy: {reason} ({rule})")]
    Copy {
        /// Device feature level.
        level: FeatureLevel,
        /// SPEC reference.
        rule: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The level allows the feature but Tessera does not implement it yet: a reference device
    /// refuses rather than claim what it does not do (the facade returns it as `Unsupported`).
    #[error(
        "{feature} is not implemented by Tessera yet (feature level {level} allows it; {rule})"
    )]
    NotImplemented {
        /// Device feature level.
        level: FeatureLevel,
        /// What was attempted, e.g. "tiled resources (MISC_TILED)".
        feature: &'static str,
        /// SPEC reference of the feature.
        rule: &'static str,
    },
    /// A requested tiled-resources tier is outside what the level allows (SPEC §1.2, §6.11).
    #[error(
        "feature level {level} allows tiled resources tier {min}..={max}; the device asks for tier {value}"
    )]
    TiledTier {
        /// Device feature level.
        level: FeatureLevel,
        /// Lowest tier the level requires.
        min: u32,
        /// Highest tier the level allows.
        max: u32,
        /// The requested tier.
        value: u32,
    },
    /// A shader uses a tiled-resources feature its device's tier lacks (SPEC §6.8: `_s`
    /// status feedback and `_cl` LOD clamp need Tier 2; "shaders that use them are refused").
    #[error(
        "{call}: the shader uses {feature}, which needs tiled resources tier {required}; the device's tier is {tier} (feature level {level})"
    )]
    TiledShaderFeature {
        /// Device feature level.
        level: FeatureLevel,
        /// The refusing call (`CreatePixelShader`, …).
        call: &'static str,
        /// The feature used.
        feature: &'static str,
        /// The lowest tier that has it.
        required: u32,
        /// The device's tiled tier (0 where it has none).
        tier: u32,
    },
    /// No requested level is at or below the device's maximum (SPEC §1.1, D3D11CreateDevice).
    #[error(
        "none of the requested feature levels ({requested}) is supported; the device supports up to {max_supported}"
    )]
    NoFeatureLevel {
        /// The requested levels, comma-separated.
        requested: String,
        /// The device's highest level.
        max_supported: FeatureLevel,
    },
}

impl CapsError {
    /// A stable rule id: the SPEC.md section and method/row the refusal follows.
    pub fn rule(&self) -> &'static str {
        match self {
            Self::TextureDimension { .. } => "SPEC §1.2 max texture dimension",
            Self::TextureArraySize { .. } => "SPEC §1.2/§2.1 max texture array size",
            Self::MipLevels { .. } => "SPEC §1.3 max mip levels",
            Self::NonPowerOfTwo { .. } => "SPEC §1.2 note B / §2.1 CreateTexture2D/3D pow2",
            Self::NonPow2Wrap { .. } => "SPEC §1.2 note B: no WRAP on non-pow2 textures (9_x)",
            Self::Unsupported { rule, .. }
            | Self::NotImplemented { rule, .. }
            | Self::InvalidDesc { rule, .. }
            | Self::DrawMethod { rule, .. }
            | Self::Count { rule, .. }
            | Self::State { rule, .. }
            | Self::InputElement { rule, .. }
            | Self::View { rule, .. }
            | Self::Rect { rule, .. }
            | Self::Copy { rule, .. } => rule,
            Self::BufferBindFlags { .. } => "SPEC §2.1 CreateBuffer bind flags",
            Self::FormatUnsupported { .. } => "SPEC §2.1 CheckFormatSupport (formats.json)",
            Self::IndexFormat { .. } => "SPEC §2.2 IASetIndexBuffer index formats",
            Self::IndexValue { .. } => "SPEC §2.2 DrawIndexed max index value",
            Self::PrimitiveCount { .. } => "SPEC §2.2 Draw max primitives",
            Self::Topology { .. } => "SPEC §2.2 IASetPrimitiveTopology",
            Self::RenderTargetBitDepth { .. } => "SPEC §2.2 OMSetRenderTargets same bit depth",
            Self::Anisotropy { .. } => "SPEC §2.1 CreateSamplerState MaxAnisotropy",
            Self::Query { .. } => "SPEC §2.1 CreateQuery",
            Self::ShaderStage { .. } => "SPEC §2.1 Create*Shader",
            Self::ShaderProfile { .. } => "SPEC §2.1 CreateVertexShader/CreatePixelShader profiles",
            Self::ShaderProfileRefused { .. } => {
                "SPEC §2.1 Create*Shader / §2.2 *SetShader profile rules"
            }
            Self::ShaderFeatureProfile { .. } => {
                "D3D11 HLSL: SV_SampleIndex / sample / SV_Coverage output need ps_4_1, SV_Coverage input ps_5_0"
            }
            Self::ShaderConstants { .. } => "SPEC §2.2 PS/VSSetConstantBuffers constants in total",
            Self::ShaderSlot { .. } => "SPEC §1.3/§2.2 shader resource and sampler slots",
            Self::SampleMask { .. } => "SPEC §2.2 OMSetBlendState SampleMask",
            Self::TiledTier { .. } => "SPEC §6.11 tiled resources tier",
            Self::TiledShaderFeature { .. } => "SPEC §6.8 _s / _cl instructions need Tier 2",
            Self::NoFeatureLevel { .. } => "SPEC §1.1 D3D11CreateDevice feature level selection",
        }
    }

    /// The feature level the refusal applies to (`None` for device-creation failures).
    pub fn level(&self) -> Option<FeatureLevel> {
        match self {
            Self::TextureDimension { level, .. }
            | Self::TextureArraySize { level, .. }
            | Self::MipLevels { level, .. }
            | Self::NonPowerOfTwo { level, .. }
            | Self::NonPow2Wrap { level, .. }
            | Self::Unsupported { level, .. }
            | Self::NotImplemented { level, .. }
            | Self::InvalidDesc { level, .. }
            | Self::BufferBindFlags { level, .. }
            | Self::FormatUnsupported { level, .. }
            | Self::IndexFormat { level, .. }
            | Self::IndexValue { level, .. }
            | Self::PrimitiveCount { level, .. }
            | Self::DrawMethod { level, .. }
            | Self::Topology { level, .. }
            | Self::Count { level, .. }
            | Self::RenderTargetBitDepth { level, .. }
            | Self::State { level, .. }
            | Self::InputElement { level, .. }
            | Self::Anisotropy { level, .. }
            | Self::View { level, .. }
            | Self::Rect { level, .. }
            | Self::Query { level, .. }
            | Self::ShaderStage { level, .. }
            | Self::ShaderProfile { level, .. }
            | Self::ShaderProfileRefused { level, .. }
            | Self::ShaderFeatureProfile { level, .. }
            | Self::ShaderConstants { level, .. }
            | Self::ShaderSlot { level, .. }
            | Self::SampleMask { level, .. }
            | Self::Copy { level, .. }
            | Self::TiledTier { level, .. }
            | Self::TiledShaderFeature { level, .. } => Some(*level),
            Self::NoFeatureLevel { .. } => None,
        }
    }
}

/// The plural noun `what` of a [`CapsError::Count`], singular when `limit` is 1.
fn counted(limit: u64, what: &'static str) -> &'static str {
    match what.strip_suffix('s') {
        Some(one) if limit == 1 => one,
        _ => what,
    }
}

/// `one` when `n` is 1, else `many` (so a limit of 1 reads "at most 1 array slice").
fn noun(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}
