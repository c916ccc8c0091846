//! Packing formats of WGSL's data packing and unpacking builtins ([`Pack`]).

/// A WGSL packed layout: what [`Op::Pack`](super::Op::Pack) writes and
/// [`Op::Unpack`](super::Op::Unpack) reads. Component `i` lives in bits `8i..8i+7` (four
/// 8-bit fields) or `16i..16i+15` (two 16-bit fields) of the `u32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pack {
    /// `pack4x8snorm` / `unpack4x8snorm`: `⌊0.5 + 127·clamp(x, -1, 1)⌋` / `max(v / 127, -1)`.
    Snorm4x8,
    /// `pack4x8unorm` / `unpack4x8unorm`: `⌊0.5 + 255·clamp(x, 0, 1)⌋` / `v / 255`.
    Unorm4x8,
    /// `pack2x16snorm` / `unpack2x16snorm` (32767 in place of 127).
    Snorm2x16,
    /// `pack2x16unorm` / `unpack2x16unorm` (65535 in place of 255).
    Unorm2x16,
    /// `pack2x16float` / `unpack2x16float`: binary16, round to nearest even.
    Float2x16,
    /// `pack4xI8` / `unpack4xI8`: the low byte of each `i32` / each byte sign-extended.
    I8x4,
    /// `pack4xU8` / `unpack4xU8`: the low byte of each `u32` / each byte zero-extended.
    U8x4,
    /// `pack4xI8Clamp`: each `i32` clamped to `[-128, 127]` (pack only).
    I8x4Clamp,
    /// `pack4xU8Clamp`: each `u32` clamped to `[0, 255]` (pack only).
    U8x4Clamp,
}

impl Pack {
    /// Components packed into one `u32` (4 or 2).
    pub const fn components(self) -> usize {
        match self {
            Self::Snorm2x16 | Self::Unorm2x16 | Self::Float2x16 => 2,
            _ => 4,
        }
    }
}
