//! Output merger: depth/stencil tests and updates, blending, logic ops, write masks and format
//! conversion on eight lanes (two 2×2 quads) at a time, in the order of SPEC §5.1.

pub(crate) mod blend;
pub(crate) mod coarse;
pub(crate) mod coverage;
pub(crate) mod depth;
pub(crate) mod depth_row;
pub(crate) mod solid;
#[cfg(target_arch = "x86_64")]
pub(crate) mod solid_avx2;
pub(crate) mod target;
pub(crate) mod unorm8;

// Block reads and writes reinterpret u64 pairs of texels as u32 lanes, which is the memory
// order only on little-endian hosts (D3D resources are little-endian).
const _: () = assert!(
    cfg!(target_endian = "little"),
    "Tessera needs a little-endian host"
);

/// The eight 32-bit texels of a 4×2 block in lane order (two quads: TL, TR, BL, BR each), from
/// its two rows: two 8-byte pieces per row, no per-texel shuffling.
#[inline(always)]
pub fn read_block_u32(row0: &[u8; 16], row1: &[u8; 16]) -> [u32; 8] {
    let a: [u64; 2] = bytemuck::pod_read_unaligned(row0);
    let b: [u64; 2] = bytemuck::pod_read_unaligned(row1);
    bytemuck::cast([a[0], b[0], a[1], b[1]])
}

/// Writes a block's eight 32-bit texels (lane order) back to its two rows.
#[inline(always)]
pub fn write_block_u32(row0: &mut [u8; 16], row1: &mut [u8; 16], lanes: [u32; 8]) {
    let q: [u64; 4] = bytemuck::cast(lanes);
    row0.copy_from_slice(bytemuck::bytes_of(&[q[0], q[2]]));
    row1.copy_from_slice(bytemuck::bytes_of(&[q[1], q[3]]));
}
