//! Output merger: depth/stencil tests and updates, blending, logic ops, write masks and format
//! conversion on eight lanes (two 2×2 quads) at a time, in the order of SPEC §5.1.

pub mod blend;
pub mod depth;
pub mod target;
pub mod unorm8;

/// Lane → pixel x offset inside a 4×2 block (two quads, each TL, TR, BL, BR).
pub const LANE_X: [u32; 8] = [0, 1, 0, 1, 2, 3, 2, 3];
/// Lane → pixel y offset inside a 4×2 block.
pub const LANE_Y: [u32; 8] = [0, 0, 1, 1, 0, 0, 1, 1];

/// A bitmask of lanes (bit k = lane k).
pub type LaneMask = u8;

/// Iterates the set lanes of `mask`.
#[inline]
pub fn lanes(mask: LaneMask) -> impl Iterator<Item = usize> {
    (0..8).filter(move |k| mask & (1 << k) != 0)
}

/// Four little-endian u32 from the first 16 bytes of `b` (one unaligned 16-byte load).
#[inline(always)]
pub fn read_u32x4(b: &[u8]) -> [u32; 4] {
    bytemuck::pod_read_unaligned::<[u32; 4]>(&b[..16]).map(u32::from_le)
}

/// Writes four little-endian u32 into the first 16 bytes of `b` (one 16-byte store).
#[inline(always)]
pub fn write_u32x4(b: &mut [u8], v: [u32; 4]) {
    b[..16].copy_from_slice(bytemuck::bytes_of(&v.map(u32::to_le)));
}
