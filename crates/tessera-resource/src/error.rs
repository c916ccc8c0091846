//! The crate's typed error: every refusal maps to what D3D11 would return (`E_INVALIDARG`,
//! `E_OUTOFMEMORY`) or to a context call the debug layer would drop.

use tessera_caps::{CapsError, FeatureLevel, Usage};
use tessera_format::{Format, FormatError};

/// Every way a resource operation can fail; operations never panic.
#[derive(Debug, thiserror::Error)]
pub enum ResourceError {
    /// A feature-level rule checked by `tessera-caps` refused the request (`E_INVALIDARG`).
    #[error(transparent)]
    Caps(#[from] CapsError),
    /// An object created by another device was passed to this one (D3D11 debug layer:
    /// CORRUPTION; device children belong to the device that created them).
    #[error("the {object} was created by another device")]
    ForeignObject {
        /// What was passed: "resource", "view".
        object: &'static str,
    },
    /// A texel conversion failed in `tessera-format`.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// One allocation is larger than the process may make (half of physical memory,
    /// `E_OUTOFMEMORY`); nothing was allocated.
    #[error(
        "out of memory: one allocation of {requested_bytes} bytes requested, the limit for one \
         allocation is {limit_bytes} bytes (half of physical memory)"
    )]
    OutOfMemory {
        /// Bytes the request needs (`u64::MAX` when the size computation overflowed).
        requested_bytes: u64,
        /// The budget in force.
        limit_bytes: u64,
    },
    /// The device's live resources plus this one would exceed its memory budget
    /// (`E_OUTOFMEMORY`; `DeviceLimits::memory_bytes` in the facade); nothing was allocated.
    #[error(
        "device memory budget exceeded: {requested_bytes} bytes requested while {live_bytes} of \
         the budget's {budget_bytes} bytes are held by live resources"
    )]
    DeviceMemoryBudget {
        /// Bytes the new resource needs.
        requested_bytes: u64,
        /// Bytes held by the device's live resources.
        live_bytes: u64,
        /// The device's budget.
        budget_bytes: u64,
    },
    /// The description breaks a D3D11 creation rule (`E_INVALIDARG`).
    #[error("invalid resource description: {0}")]
    InvalidDesc(String),
    /// Initial data is missing, too short or has pitches too small (`E_INVALIDARG`).
    #[error("invalid initial data: {0}")]
    InvalidInitData(String),
    /// A subresource index beyond `mip_levels * array_size`.
    #[error("subresource {sub} out of range (resource has {count})")]
    SubresourceOutOfRange {
        /// The index given.
        sub: u32,
        /// Subresources the resource has.
        count: u32,
    },
    /// A box, offset or data slice outside the subresource or misaligned for a block format.
    #[error("out of bounds: {0}")]
    OutOfBounds(String),
    /// The operation is not allowed on a resource with this usage (D3D11 usage rules).
    #[error("{op} is not allowed on a {usage:?} resource")]
    UsageNotAllowed {
        /// The operation refused.
        op: &'static str,
        /// The resource's usage.
        usage: Usage,
    },
    /// The operation breaks a D3D11 rule other than usage (formats, binds, dimensions).
    #[error("{op}: {reason}")]
    InvalidOperation {
        /// The operation refused.
        op: &'static str,
        /// Which rule was broken.
        reason: String,
    },
    /// The operation does not exist at this feature level (SPEC §2.2).
    #[error("{op} is not supported at feature level {level}")]
    Unsupported {
        /// The operation refused.
        op: &'static str,
        /// The device's level.
        level: FeatureLevel,
    },
    /// `map` on a subresource that is already mapped (D3D11: one map per subresource).
    #[error("subresource {sub} is already mapped")]
    AlreadyMapped {
        /// The subresource.
        sub: u32,
    },
    /// A GPU-side operation touched a subresource that is currently mapped.
    #[error("subresource {sub} is mapped; unmap it first")]
    Mapped {
        /// The subresource.
        sub: u32,
    },
    /// A buffer view's flags (RAW / APPEND / COUNTER) break a D3D11 creation rule
    /// (`E_INVALIDARG` from `CreateShaderResourceView` / `CreateUnorderedAccessView`).
    #[error(
        "buffer view flags {flags:?} (bits {bits:#x}) at feature level {level}: {rule} (view format {format:?}, value {value})",
        bits = flags.bits()
    )]
    BufferViewFlags {
        /// The rule broken.
        rule: &'static str,
        /// The device's level.
        level: FeatureLevel,
        /// The flags asked for.
        flags: crate::BufferViewFlags,
        /// The view's format.
        format: Format,
        /// The offending value the rule names (0 where the rule names none).
        value: u64,
    },
    /// A view description is invalid for its resource (`E_INVALIDARG` from Create*View).
    #[error("invalid view: {0}")]
    InvalidView(String),
    /// `ResolveSubresource` cannot average `format` (SPEC §3.8 resolve, §2.1 CheckFormatSupport
    /// `multisample_resolve`): integer, typeless, depth and block formats, or a format the level
    /// does not resolve, or one outside the source's or destination's family.
    #[error(
        "ResolveSubresource at feature level {level}: {format:?} cannot be resolved ({reason})"
    )]
    ResolveFormat {
        /// Device feature level.
        level: FeatureLevel,
        /// The resolve format asked for.
        format: Format,
        /// Which rule refuses it.
        reason: &'static str,
    },
    /// The format cannot be used by this operation (e.g. readback of a typeless format).
    #[error("{op}: format {format:?} is not supported here")]
    FormatNotSupported {
        /// The operation refused.
        op: &'static str,
        /// The offending format.
        format: Format,
    },
    /// Encoding, decoding or writing an image failed.
    #[error("image: {0}")]
    Image(String),
    /// A file operation failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

impl From<image::ImageError> for ResourceError {
    fn from(e: image::ImageError) -> Self {
        Self::Image(e.to_string())
    }
}
