//! The 4×2 block that the raster, pixel and output-merger stages work on: two 2×2 quads, eight
//! SIMD lanes, and the one coverage type of its lanes.

/// Lane → pixel x offset inside a 4×2 block (two quads, each TL, TR, BL, BR).
pub const LANE_X: [u32; 8] = [0, 1, 0, 1, 2, 3, 2, 3];
/// Lane → pixel y offset inside a 4×2 block.
pub const LANE_Y: [u32; 8] = [0, 0, 1, 1, 0, 0, 1, 1];

/// Pixel-centre offsets of the lanes of a block (x: 0.5, 1.5, 0.5, 1.5, 2.5, …).
pub const LANE_CX: [f32; 8] = [0.5, 1.5, 0.5, 1.5, 2.5, 3.5, 2.5, 3.5];
/// Pixel-centre offsets of the lanes of a block in y.
pub const LANE_CY: [f32; 8] = [0.5, 0.5, 1.5, 1.5, 0.5, 0.5, 1.5, 1.5];

/// The coverage of a block: bit k set = lane k covered (one sample per pixel). The one
/// coverage type of the raster, pixel and output-merger stages; multisampled targets carry one
/// per sample (`SampleCoverage`).
pub type Coverage = u8;

/// Most samples per pixel a sample pattern has (SPEC §3.8: 16).
pub const MAX_SAMPLES: usize = 16;

/// The coverage of a block on a multisampled target: entry `s` holds the lanes whose sample
/// `s` is covered (a [`Coverage`] per sample), entries past the sample count are 0.
pub type SampleCoverage = [Coverage; MAX_SAMPLES];

/// Iterates the covered lanes of `mask`.
#[inline]
pub fn lanes(mask: Coverage) -> impl Iterator<Item = usize> {
    (0..8).filter(move |k| mask & (1 << k) != 0)
}
