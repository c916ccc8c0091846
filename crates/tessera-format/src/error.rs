//! The crate's typed error.

use crate::Format;

/// Every way a format query or texel conversion can fail; never a panic.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FormatError {
    /// `from_name` got a string that names no supported DXGI format; `suggestion` is the
    /// format whose DXGI name matches it but for case and underscores (a Rust variant name
    /// such as `R8G8B8A8Unorm`, or lower case).
    #[error("unknown DXGI format name `{name}`{}", suggestion.map_or(String::new(), |f| format!("; did you mean `{}`?", f.name())))]
    UnknownName {
        /// The string given.
        name: String,
        /// The format it nearly names, if any.
        suggestion: Option<Format>,
    },
    /// `from_dxgi` got a numeric value that is not a supported DXGI format.
    #[error("unknown or unsupported DXGI_FORMAT value {0}")]
    UnknownDxgiValue(u32),
    /// A float decode/encode was asked of a format whose shader view is not float (integer, typeless, depth, BC).
    #[error("{format:?} is not read or written as float by this path")]
    NotFloatReadable {
        /// The offending format.
        format: Format,
    },
    /// A UINT/SINT decode/encode was asked of a format that is not UINT/SINT.
    #[error("{format:?} is not an integer (UINT/SINT) format")]
    NotInteger {
        /// The offending format.
        format: Format,
    },
    /// A depth decode/encode was asked of a format that has no depth plane.
    #[error("{format:?} has no depth component")]
    NoDepth {
        /// The offending format.
        format: Format,
    },
    /// A stencil decode/encode was asked of a format that has no stencil plane.
    #[error("{format:?} has no stencil component")]
    NoStencil {
        /// The offending format.
        format: Format,
    },
    /// A block decode was asked of a format that is not block-compressed (or is BC TYPELESS).
    #[error("{format:?} is not a decodable block-compressed format")]
    NotBlockCompressed {
        /// The offending format.
        format: Format,
    },
    /// A texel/element operation was asked of a block-compressed or typeless format.
    #[error("{format:?} has no per-texel codec (block-compressed or typeless)")]
    NoTexelCodec {
        /// The offending format.
        format: Format,
    },
    /// The byte slice handed in is shorter than the element, block or surface needs.
    #[error("{format:?}: buffer too small, need {needed} bytes, got {got}")]
    BufferTooSmall {
        /// The format being read or written.
        format: Format,
        /// Bytes required.
        needed: usize,
        /// Bytes supplied.
        got: usize,
    },
    /// Surface dimensions or pitches are inconsistent (zero size, pitch smaller than a row, overflow).
    #[error("{format:?}: invalid surface layout: {reason}")]
    InvalidLayout {
        /// The surface's format.
        format: Format,
        /// What is wrong.
        reason: &'static str,
    },
}
