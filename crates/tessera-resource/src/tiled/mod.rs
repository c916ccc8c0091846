//! The tiled-resources model (SPEC §6, docs/tiled-resources.md): tilings, tile pools, mapping
//! tables and their validated updates. Part 2 (issue #16) plugs it into textures and views; until
//! then devices keep refusing `MISC_TILED` / `MISC_TILE_POOL` (Tier 0).

mod copy;
mod create;
mod error;
mod mapping;
mod pool;
mod region;
mod tiles;
mod tiling;

pub use copy::{copy_tile_mappings, tiled_resource_barrier};
pub use create::check_tier_for_level;
pub use error::{TiledCall, TiledError};
pub use mapping::{
    TILE_MAPPING_NO_OVERWRITE, TILE_RANGE_NULL, TILE_RANGE_REUSE_SINGLE_TILE, TILE_RANGE_SKIP,
    TileMappings, UpdateTileMappings,
};
pub use pool::{DimensionClass, TilePool};
pub use region::{TileRegionSize, TiledResourceCoordinate};
pub use tiling::{
    PACKED_TILE, PackedMipDesc, ResourceTiling, SubresourceTiling, TiledDesc, TiledTier,
    get_resource_tiling,
};
