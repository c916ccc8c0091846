//! Per-format layout data: element size, block shape, numeric kind, component bit fields.

use crate::Format;

/// How a format's bits are interpreted (DXGI name suffix); one kind per format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumericKind {
    /// `_TYPELESS` (and `UNKNOWN`): bits only, must be viewed through a typed format.
    Typeless,
    /// `_UNORM`: n-bit code `v` reads as `v / (2^n - 1)` (§4.7).
    Unorm,
    /// `_UNORM_SRGB`: RGB through the sRGB curve, alpha as UNORM (§4.7).
    UnormSrgb,
    /// `_SNORM`: `v / (2^(n-1) - 1)`, most negative code reads -1.0 (§4.7).
    Snorm,
    /// `_UINT`: shader sees unsigned integers.
    Uint,
    /// `_SINT`: shader sees signed (two's complement) integers.
    Sint,
    /// `_FLOAT` (and BC6H `_UF16`/`_SF16`): float32/16/11/10 by component width.
    Float,
    /// `R9G9B9E5_SHAREDEXP`: three 9-bit mantissas sharing one 5-bit exponent.
    SharedExp,
    /// Depth-stencil formats (`D16`, `D24S8`, `D32`, `D32S8X24`): read via the depth/stencil codec.
    Depth,
}

/// One slot of an element's memory layout, listed from the least significant bits upwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// Red channel.
    R,
    /// Green channel.
    G,
    /// Blue channel.
    B,
    /// Alpha channel.
    A,
    /// Padding bits that are not read (the `X` in a DXGI name).
    X,
    /// Depth plane of a depth-stencil format.
    Depth,
    /// Stencil plane of a depth-stencil format.
    Stencil,
    /// Shared exponent of `R9G9B9E5_SHAREDEXP`.
    SharedExponent,
}

/// Static layout facts of one DXGI format (per element: a texel, or a 4x4 block for BC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatInfo {
    /// Bits per element: per texel, or per block for block-compressed formats.
    pub bits_per_element: u32,
    /// Element width in texels (4 for BC, else 1).
    pub block_width: u32,
    /// Element height in texels (4 for BC, else 1).
    pub block_height: u32,
    /// Bytes per element (texel or block).
    pub bytes_per_block: u32,
    /// Numeric interpretation of the bits.
    pub kind: NumericKind,
    /// Memory slots from least significant upwards (channels present in the format).
    pub components: &'static [Component],
    /// Bit width of R,G,B,A (0 = absent); depth formats store `[depth, stencil, 0, 0]`; BC: all 0.
    pub channel_bits: [u32; 4],
    /// Bit offset of R,G,B,A inside the little-endian element (same indexing as `channel_bits`).
    pub channel_offsets: [u32; 4],
    /// The family's TYPELESS format (the format itself when it has no typeless family).
    pub family: Format,
}

/// Component lists shared by the format table.
pub(crate) mod comps {
    use super::Component::{self, *};
    pub const NONE: &[Component] = &[];
    pub const RGBA: &[Component] = &[R, G, B, A];
    pub const RGB: &[Component] = &[R, G, B];
    pub const RG: &[Component] = &[R, G];
    pub const R1: &[Component] = &[R];
    pub const A1: &[Component] = &[A];
    pub const BGRA: &[Component] = &[B, G, R, A];
    pub const BGRX: &[Component] = &[B, G, R, X];
    pub const BGR: &[Component] = &[B, G, R];
    pub const RGBE: &[Component] = &[R, G, B, SharedExponent];
    pub const RGX: &[Component] = &[R, G, X];
    pub const RXX: &[Component] = &[R, X, X];
    pub const XGX: &[Component] = &[X, G, X];
    pub const RX: &[Component] = &[R, X];
    pub const XG: &[Component] = &[X, G];
    pub const D: &[Component] = &[Depth];
    pub const DS: &[Component] = &[Depth, Stencil];
    pub const DSX: &[Component] = &[Depth, Stencil, X];
}

/// Builds a plain (1x1 element) format's info; `bits`/`offs` are per R,G,B,A.
pub(crate) const fn plain(
    kind: NumericKind,
    family: Format,
    bits_per_element: u32,
    components: &'static [Component],
    channel_bits: [u32; 4],
    channel_offsets: [u32; 4],
) -> FormatInfo {
    FormatInfo {
        bits_per_element,
        block_width: 1,
        block_height: 1,
        bytes_per_block: bits_per_element / 8,
        kind,
        components,
        channel_bits,
        channel_offsets,
        family,
    }
}

/// Builds a uniform-width format: `n` channels of `w` bits packed from bit 0 in R,G,B,A order.
pub(crate) const fn uniform(
    kind: NumericKind,
    family: Format,
    n: u32,
    w: u32,
    components: &'static [Component],
) -> FormatInfo {
    let mut bits = [0u32; 4];
    let mut offs = [0u32; 4];
    let mut i = 0;
    while i < n as usize {
        bits[i] = w;
        offs[i] = w * i as u32;
        i += 1;
    }
    plain(kind, family, n * w, components, bits, offs)
}

/// Builds a 4x4 block-compressed format's info (`bytes` per block: 8 or 16).
pub(crate) const fn block(
    kind: NumericKind,
    family: Format,
    bytes: u32,
    components: &'static [Component],
) -> FormatInfo {
    FormatInfo {
        bits_per_element: bytes * 8,
        block_width: 4,
        block_height: 4,
        bytes_per_block: bytes,
        kind,
        components,
        channel_bits: [0; 4],
        channel_offsets: [0; 4],
        family,
    }
}

impl FormatInfo {
    /// True for 4x4 block-compressed (BC) formats.
    #[inline]
    pub const fn is_block_compressed(&self) -> bool {
        self.block_width > 1
    }
}
