//! The memory owner: the one place that turns (x, y, z[, sample]) into bytes (docs/memory.md).
//!
//! - [`Layout`]: how a subresource's elements lie in memory. Linear (rows `row_pitch` apart,
//!   slices `depth_pitch` apart) today; multisampled and tiled layouts extend it, so that
//!   every reader and writer keeps asking the same questions.
//! - [`Surface`] / [`SurfaceMut`]: a validated layout over borrowed bytes, with element, row
//!   and block accessors. Their fields are private: the validating constructor is the only
//!   way in and [`Surface::with_format`] the only reinterpretation (TYPELESS casts).
//! - [`BandMut`]: the rows of one band of a target, split off by [`SurfaceMut::bands_mut`]
//!   so parallel bands never share bytes.
//! - [`sample_planes`]: multisampled subresources, each sample a plane laid out like the
//!   single-sample subresource ([`Surface::sample`], [`Surface::plane`], [`SurfaceMut::planes_mut`]).
//! - [`Pitched`] / [`copy_region`]: pitched regions of raw memory (user data, allocations)
//!   and the row copies between them.
//! - [`Words32`]: the 8-lane address unit of 32-bit-texel fast paths (SIMD byte offsets and
//!   reads), taken from a surface when its layout is linear and its memory < 4 GiB.
//! - [`standard_tile_shape`] / [`tile_element_offset`]: 64 KiB tile shapes of tiled resources
//!   and the in-tile address (SPEC §6.2, §6.5).
//! - [`TiledSubresource`]: a tiled subresource's element → (resource tile, offset in tile), and
//!   the [`TileSpan`]s between it and its tight linear copy (copies, updates, readback), and
//!   the [`RowSpan`]s render targets of tiled textures load and store rows through.
//! - [`TileTexels`] / [`TileWords32`]: a tiled view's reads (element → tile → store bytes),
//!   per texel and, for 32-bit texels in power-of-two blocks, 8 lanes at once.

mod band;
mod layout;
mod pitched;
mod samples;
mod sparse;
mod surface;
mod tile;
mod tile_words;
mod tiled;
mod words;

pub use band::BandMut;
pub use layout::{Layout, tight_pitches};
pub use pitched::{Extent, Pitched, RegionSide, copy_region};
pub use samples::sample_planes;
pub use sparse::TileTexels;
pub use surface::{Surface, SurfaceMut};
pub use tile::{
    TILE_SIZE_BYTES, TileDimension, TileShape, TileShapeError, standard_tile_shape,
    tile_element_offset,
};
pub use tile_words::TileWords32;
pub use tiled::{RowSpan, TileSpan, TiledPlacement, TiledSubresource};
pub use words::Words32;
