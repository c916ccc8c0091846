//! The facade's error type: every refusal names its layer and rule.

use tessera_caps::{CapsError, DrawKind};
use tessera_pipeline::PipelineError;
use tessera_resource::ResourceError;
use tessera_sampler::{SampleError, SimdError};

use crate::debug::{Message, MessageId};

/// Why a device or context call was refused.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A feature-level rule (SPEC §1, §2).
    #[error(transparent)]
    Caps(CapsError),
    /// A resource rule: creation, views, copies, maps.
    #[error(transparent)]
    Resource(ResourceError),
    /// The pipeline refused the draw.
    #[error(transparent)]
    Pipeline(#[from] PipelineError),
    /// A shader-resource view could not be sampled.
    #[error(transparent)]
    Sample(#[from] SampleError),
    /// The SIMD path asked for (`DeviceDesc::simd` or `TESSERA_SIMD`) is unknown or not
    /// supported by this CPU.
    #[error(transparent)]
    Simd(#[from] SimdError),
    /// The thread pool could not be created.
    #[error("could not create a pool of {threads} threads: {reason}")]
    ThreadPool {
        /// Requested thread count.
        threads: usize,
        /// The pool builder's message.
        reason: String,
    },
    /// A call asks for more than one of the device's own limits allows ([`crate::DeviceLimits`]).
    #[error(
        "{call}: {value} exceeds {limit} = {max} (a Tessera device limit, not a D3D one; \
         raise it in DeviceDesc::limits)"
    )]
    DeviceLimit {
        /// The D3D call.
        call: &'static str,
        /// The setting, as `DeviceLimits::<field>`.
        limit: &'static str,
        /// The setting's value.
        max: u64,
        /// What the call asked for.
        value: u64,
    },
    /// A draw needs state that is not bound.
    #[error("{call} needs {what}; none is bound")]
    NotBound {
        /// The D3D call.
        call: &'static str,
        /// The missing binding.
        what: &'static str,
    },
    /// A slot index outside the stage's slot range.
    #[error("{call}: slots {start}..{end} exceed the {limit} slots of this stage")]
    SlotRange {
        /// The D3D call.
        call: &'static str,
        /// First slot.
        start: usize,
        /// One past the last slot.
        end: usize,
        /// Slot count.
        limit: usize,
    },
    /// Two views of one output call share a subresource (two render targets, two UAVs, or a
    /// render target and a UAV): D3D11's runtime does not pass such a call to the driver, so
    /// the bound outputs are unchanged (`OMSetRenderTargetsAndUnorderedAccessViews` remarks).
    #[error(
        "{call}: {rule} at {level:?}: {first} and {second} share a subresource; nothing was bound"
    )]
    OutputConflict {
        /// The D3D call.
        call: &'static str,
        /// The rule.
        rule: &'static str,
        /// The device's feature level.
        level: tessera_caps::FeatureLevel,
        /// The first slot of the pair.
        first: String,
        /// The second slot of the pair.
        second: String,
    },
    /// A feature Tessera does not implement yet (named, never silently ignored).
    #[error("{0} is not implemented by Tessera yet")]
    Unsupported(&'static str),
    /// An object created by another device was passed to this one.
    #[error("{call}: the {object} was created by another device")]
    ForeignObject {
        /// The D3D call.
        call: &'static str,
        /// What was passed.
        object: &'static str,
    },
    /// A strict device ([`crate::DeviceDesc::strict`]) stored an error or corruption
    /// message for a call that would otherwise have succeeded.
    #[error("strict device: {0}")]
    Strict(Box<Message>),
    /// A tiled-resources rule refused the call (SPEC §6; a refused mapping call
    /// changes nothing).
    #[error(transparent)]
    Tiled(tessera_resource::tiled::TiledError),
    /// A compute-stage rule of the level refused the call: D3D's dispatch or thread-group
    /// limits, shared memory, UAV slots, atomics at cs_4_x.
    #[error("{call}: {rule} at {level:?}: {value} exceeds the limit {limit}")]
    ComputeLimit {
        /// The D3D call.
        call: &'static str,
        /// The rule.
        rule: &'static str,
        /// The device's feature level.
        level: tessera_caps::FeatureLevel,
        /// The limit.
        limit: u64,
        /// What the call asked for.
        value: u64,
    },
    /// A rule of the level on unordered-access views outside the compute stage refused the
    /// call: the pixel stage's UAV slots overlap the render targets (D3D11: `UAVStartSlot` ≥
    /// `NumRTVs`, the 8 output slots being shared at 11_0), or a pixel shader uses a UAV slot
    /// past the level's UAV slots.
    #[error("{call}: {rule} at {level:?} (limit {limit}, value {value})")]
    UavLimit {
        /// The D3D call.
        call: &'static str,
        /// The rule.
        rule: &'static str,
        /// The device's feature level.
        level: tessera_caps::FeatureLevel,
        /// The limit (the bound on the value the rule names).
        limit: u64,
        /// What the call asked for.
        value: u64,
    },
    /// An append/consume counter rule: `pUAVInitialCounts` of `CSSetUnorderedAccessViews` /
    /// `OMSetRenderTargetsAndUnorderedAccessViews`, `CopyStructureCount`'s source and
    /// destination, or a shader using the counter of a UAV slot without an APPEND / COUNTER
    /// view there (docs/resources.md "Buffer view flags").
    #[error("{call}: {rule} at {level:?} (limit {limit}, value {value})")]
    UavCounter {
        /// The D3D call.
        call: &'static str,
        /// The rule.
        rule: &'static str,
        /// The device's feature level.
        level: tessera_caps::FeatureLevel,
        /// The bound the rule sets (or the view's flag bits for a counter binding).
        limit: u64,
        /// What the call asked for.
        value: u64,
    },
    /// A texture UAV bound for a dispatch breaks a typed-UAV rule of the level: the view is
    /// not the Texture2D of the shader's storage-texture format, or the shader loads from a
    /// format the level has no typed UAV loads for.
    #[error(
        "{call}: UAV slot {slot}: {rule} at {level:?} (view format {view:?}, shader format {shader:?})"
    )]
    UavFormat {
        /// The D3D call.
        call: &'static str,
        /// The UAV slot.
        slot: u32,
        /// The rule.
        rule: &'static str,
        /// The device's feature level.
        level: tessera_caps::FeatureLevel,
        /// The bound view's format.
        view: tessera_format::Format,
        /// The format the shader declares.
        shader: tessera_format::Format,
    },
    /// A shader ran past its step budget (or otherwise faulted): the dispatch was abandoned,
    /// as a GPU's timeout detection removes the device (`DXGI_ERROR_DEVICE_HUNG`).
    #[error("{call}: device hung: {fault}")]
    ShaderHung {
        /// The D3D call.
        call: &'static str,
        /// What the shader reported.
        fault: tessera_pipeline::ShaderFault,
    },
    /// The device was removed (a shader hung earlier, [`crate::Device::get_device_removed_reason`]):
    /// the call executes nothing (`DXGI_ERROR_DEVICE_REMOVED`).
    #[error(
        "{call}: the device was removed ({}): DXGI_ERROR_DEVICE_REMOVED; create a new device",
        reason.name()
    )]
    DeviceRemoved {
        /// The D3D call.
        call: &'static str,
        /// Why it was removed.
        reason: crate::DeviceRemovedReason,
    },
    /// `CreateInputLayout` with a shader: the shader's input signature reads an element the
    /// descriptions do not provide (D3D11 refuses the layout; `CREATEINPUTLAYOUT_MISSINGELEMENT`).
    #[error(
        "{call}: the vertex shader's input signature reads {element}, which no input-layout \
         element provides (D3D11 checks the layout against the shader at creation)"
    )]
    MissingInputElement {
        /// The D3D call.
        call: &'static str,
        /// The input: semantic name and index, or `register v<k>` when unnamed.
        element: String,
    },
    /// A query was read before it ended.
    #[error("query data requested before End")]
    QueryNotEnded,
    /// The multisampled rule of a shader's texture slot: a Texture2DMS / Texture2DMSArray view
    /// is read only through a multisampled texture (HLSL `Texture2DMS`, WGSL
    /// `texture_multisampled_2d`), and such a texture only reads a multisampled view (D3D:
    /// the view dimension must match the shader's declaration, `DEVICE_DRAW_VIEW_DIMENSION_MISMATCH`).
    #[error(
        "{call}: shader resource slot {slot} declares a {} texture but a {dimension:?} view is bound",
        if *multisampled { "multisampled" } else { "single-sample" }
    )]
    TextureKind {
        /// The D3D call.
        call: &'static str,
        /// The shader-resource slot.
        slot: u32,
        /// True when the shader declares a multisampled texture there.
        multisampled: bool,
        /// The bound view's dimension.
        dimension: tessera_caps::ViewDimension,
    },
    /// Outputs bound together that SPEC §5.6 (D3D's MRT rules) forbids: render targets of
    /// different resource types (TextureDimension 1, 2, 3), or outputs viewing different
    /// numbers of slices (an array view's `ArraySize`, a Texture3D RTV's `WSize`, 1 otherwise;
    /// the DSV included). Width and height are `PipelineError::TargetSizeMismatch`.
    #[error("{call}: {rule}: the first bound output has {first}, another {other}")]
    OutputMismatch {
        /// The D3D call.
        call: &'static str,
        /// The rule.
        rule: &'static str,
        /// The first bound output's value.
        first: u32,
        /// The mismatching output's value.
        other: u32,
    },
}

/// A caps refusal; `NotImplemented` (the level allows it, Tessera does not do it yet)
/// becomes [`Error::Unsupported`] so every missing feature reads the same to a caller.
impl From<CapsError> for Error {
    fn from(e: CapsError) -> Self {
        match e {
            CapsError::NotImplemented { feature, .. } => Self::Unsupported(feature),
            e => Self::Caps(e),
        }
    }
}

/// A resource refusal; a caps `NotImplemented` inside it becomes [`Error::Unsupported`].
impl From<ResourceError> for Error {
    fn from(e: ResourceError) -> Self {
        match e {
            ResourceError::Caps(e) => e.into(),
            e => Self::Resource(e),
        }
    }
}

impl Error {
    /// The info-queue message ID this refusal is stored under: D3D11's where D3D has a
    /// message for the rule, else the Tessera class of the rule.
    pub fn message_id(&self) -> MessageId {
        match self {
            Self::Caps(e) => caps_message_id(e),
            Self::Resource(ResourceError::ForeignObject { .. }) | Self::ForeignObject { .. } => {
                MessageId::ForeignObject
            }
            Self::Resource(_) => MessageId::ResourceRule,
            Self::Pipeline(_) => MessageId::PipelineRule,
            Self::Sample(_) | Self::TextureKind { .. } => MessageId::SampleRule,
            Self::NotBound { what, .. } => match *what {
                "a vertex shader" => MessageId::DeviceDrawVertexShaderNotSet,
                "an input layout" => MessageId::DeviceDrawInputLayoutNotSet,
                "an index buffer" => MessageId::DeviceDrawIndexBufferNotSet,
                _ => MessageId::BindingRule,
            },
            Self::SlotRange { .. }
            | Self::UavLimit { .. }
            | Self::OutputConflict { .. }
            | Self::UavCounter { .. } => MessageId::BindingRule,
            Self::Unsupported(_) => MessageId::NotImplemented,
            Self::QueryNotEnded => MessageId::QueryMisuse,
            Self::MissingInputElement { .. } => MessageId::CreateInputLayoutMissingElement,
            Self::Strict(m) => m.id,
            Self::ThreadPool { .. } | Self::Simd(_) => MessageId::ResourceRule,
            Self::DeviceLimit { .. } => MessageId::DeviceLimitExceeded,
            Self::Tiled(e) => tiled_message_id(e),
            Self::ComputeLimit { .. }
            | Self::UavFormat { .. }
            | Self::ShaderHung { .. }
            | Self::OutputMismatch { .. } => MessageId::PipelineRule,
            Self::DeviceRemoved { .. } => MessageId::DeviceRemoved,
        }
    }
}

fn tiled_message_id(e: &tessera_resource::tiled::TiledError) -> MessageId {
    match e.message_id() {
        Some("UPDATETILEMAPPINGS_INVALID_PARAMETER") => {
            MessageId::UpdateTileMappingsInvalidParameter
        }
        Some("COPYTILEMAPPINGS_INVALID_PARAMETER") => MessageId::CopyTileMappingsInvalidParameter,
        Some("COPYTILES_INVALID_PARAMETER") => MessageId::CopyTilesInvalidParameter,
        Some("UPDATETILES_INVALID_PARAMETER") => MessageId::UpdateTilesInvalidParameter,
        Some("RESIZETILEPOOL_INVALID_PARAMETER") => MessageId::ResizeTilePoolInvalidParameter,
        _ => MessageId::ResourceRule,
    }
}

fn caps_message_id(e: &CapsError) -> MessageId {
    match e {
        CapsError::DrawMethod {
            kind: DrawKind::DrawInstanced,
            ..
        } => MessageId::DrawInstancedNotSupported,
        CapsError::DrawMethod {
            kind: DrawKind::DrawIndexedInstanced,
            ..
        } => MessageId::DrawIndexedInstancedNotSupportedBelow9_3,
        CapsError::SampleMask { .. } => MessageId::SetBlendStateSampleMaskCannotBeZero,
        CapsError::Anisotropy { .. } => MessageId::CreateSamplerStateExcessiveAnisotropy,
        CapsError::RenderTargetBitDepth { .. } => MessageId::OmSetRenderTargetsNoDifferingBitDepths,
        _ => MessageId::FeatureLevelRule,
    }
}

/// Shorthand for results of the facade.
pub type Result<T, E = Error> = std::result::Result<T, E>;
