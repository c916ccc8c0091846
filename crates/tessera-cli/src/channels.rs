//! The channels of a texel as the format stores them: name, bit field, and decoded value.
//!
//! `FormatInfo::channel_bits` / `channel_offsets` are indexed R, G, B, A (depth formats:
//! depth, stencil), whatever the memory order of the components: slot `k` is named by `k`,
//! never by `components[k]` (B5G6R5's first component is B, but slot 0 is R's field).

use tessera::format::{Format, NumericKind};

/// One channel of a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Channel {
    /// "R", "G", "B", "A", "Depth" or "Stencil".
    pub name: &'static str,
    /// Slot index: R,G,B,A = 0..3 (depth 0, stencil 1), the index of the decoded value.
    pub slot: usize,
    /// Field width in bits.
    pub bits: u32,
    /// Field offset in the little-endian element.
    pub offset: u32,
}

impl Channel {
    /// Whether this channel of `format` holds float bits (ULPs in `compare`, hex in `probe`):
    /// float formats and D32 depth.
    pub fn is_float(self, format: Format) -> bool {
        match format.info().kind {
            NumericKind::Float => true,
            NumericKind::Depth => self.slot == 0 && self.bits == 32,
            _ => false,
        }
    }
}

/// The channels `format` stores, in R, G, B, A (depth, stencil) order.
pub fn channels(format: Format) -> Vec<Channel> {
    let info = format.info();
    let names = if info.kind == NumericKind::Depth {
        ["Depth", "Stencil", "", ""]
    } else {
        ["R", "G", "B", "A"]
    };
    (0..4)
        .filter(|&k| info.channel_bits[k] > 0)
        .map(|k| Channel {
            name: names[k],
            slot: k,
            bits: info.channel_bits[k],
            offset: info.channel_offsets[k],
        })
        .collect()
}

/// Bits `[offset, offset + bits)` of a little-endian element of at most 16 bytes.
pub fn field(texel: &[u8], ch: Channel) -> u64 {
    let mut v = 0u128;
    for (i, b) in texel.iter().enumerate().take(16) {
        v |= u128::from(*b) << (8 * i);
    }
    let mask = if ch.bits >= 64 {
        u128::from(u64::MAX)
    } else {
        (1u128 << ch.bits) - 1
    };
    ((v >> ch.offset.min(127)) & mask) as u64
}
