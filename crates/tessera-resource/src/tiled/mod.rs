//! The tiled-resources model (SPEC §6, docs/tiled-resources.md): tilings, tile pools, mapping
//! tables and their validated updates, and where each subresource lies in its tiles. The
//! facade's tiled resources (`tessera::tiled`, issue #16) build on it.

mod copy;
mod create;
mod error;
mod mapping;
mod place;
mod pool;
mod region;
mod tiles;
mod tiling;

pub use copy::{
    TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE, TILE_COPY_NO_OVERWRITE,
    TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER, copy_tile_mappings, tiled_resource_barrier,
};
pub use create::check_tier_for_level;
pub use error::{TiledCall, TiledError};
pub use mapping::{
    TILE_MAPPING_NO_OVERWRITE, TILE_RANGE_NULL, TILE_RANGE_REUSE_SINGLE_TILE, TILE_RANGE_SKIP,
    TileMappings, UpdateTileMappings,
};
pub use place::subresource_placement;
pub use pool::{DimensionClass, TilePool};
pub use region::{TileRegionSize, TiledResourceCoordinate, region_tile_list};
pub use tiling::{
    PACKED_TILE, PackedMipDesc, ResourceTiling, SubresourceTiling, TiledDesc, TiledTier,
    get_resource_tiling,
};
