//! Tiled resources in a scene (issue #16, SPEC §6): tile pools and the fields of the tile
//! commands, named after the D3D11 parameters in snake_case.

use serde::Deserialize;

/// A tile pool (`CreateBuffer` with `MISC_TILE_POOL`, SPEC §6.1).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilePoolSpec {
    /// `ByteWidth`: a multiple of 65536 (the device refuses anything else).
    pub size_bytes: u64,
}

/// `D3D11_TILED_RESOURCE_COORDINATE` (every field defaults to 0).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoordinateSpec {
    /// Tile column (for a packed mip: the offset into the packed tiles).
    #[serde(default)]
    pub x: u32,
    /// Tile row.
    #[serde(default)]
    pub y: u32,
    /// Tile plane of a Texture3D.
    #[serde(default)]
    pub z: u32,
    /// Subresource index.
    #[serde(default)]
    pub subresource: u32,
}

/// `D3D11_TILE_REGION_SIZE` (`num_tiles` defaults to 1, the box to 1×1×1 and off).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionSizeSpec {
    /// `NumTiles`.
    #[serde(default = "one")]
    pub num_tiles: u32,
    /// `bUseBox`.
    #[serde(default)]
    pub use_box: bool,
    /// `Width` in tiles.
    #[serde(default = "one")]
    pub width: u32,
    /// `Height` in tiles.
    #[serde(default = "one")]
    pub height: u32,
    /// `Depth` in tiles.
    #[serde(default = "one")]
    pub depth: u32,
}

fn one() -> u32 {
    1
}

/// A `D3D11_TILE_RANGE_FLAG` of one range of `UpdateTileMappings`, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RangeFlagName {
    /// 0: map to consecutive pool tiles.
    None,
    /// `D3D11_TILE_RANGE_NULL`.
    Null,
    /// `D3D11_TILE_RANGE_SKIP`.
    Skip,
    /// `D3D11_TILE_RANGE_REUSE_SINGLE_TILE`.
    ReuseSingleTile,
}

impl RangeFlagName {
    /// The D3D11 flag value.
    pub fn bits(self) -> u32 {
        use tessera::resource::tiled::{
            TILE_RANGE_NULL, TILE_RANGE_REUSE_SINGLE_TILE, TILE_RANGE_SKIP,
        };
        match self {
            Self::None => 0,
            Self::Null => TILE_RANGE_NULL,
            Self::Skip => TILE_RANGE_SKIP,
            Self::ReuseSingleTile => TILE_RANGE_REUSE_SINGLE_TILE,
        }
    }
}

/// `UpdateTileMappings` (SPEC §6.3). The counts default to the lengths of the arrays they
/// count (1 where the array is omitted), as D3D11 reads them.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpdateTileMappingsSpec {
    /// `pTiledResource`: a `"tiled": true` texture, buffer or target.
    pub tiled_resource: String,
    /// `NumTiledResourceRegions`.
    #[serde(default)]
    pub num_tiled_resource_regions: Option<u32>,
    /// `pTiledResourceRegionStartCoordinates`.
    #[serde(default)]
    pub tiled_resource_region_start_coordinates: Option<Vec<CoordinateSpec>>,
    /// `pTiledResourceRegionSizes`.
    #[serde(default)]
    pub tiled_resource_region_sizes: Option<Vec<RegionSizeSpec>>,
    /// `pTilePool` (omitted: keep the resource's pool).
    #[serde(default)]
    pub tile_pool: Option<String>,
    /// `NumRanges`.
    #[serde(default)]
    pub num_ranges: Option<u32>,
    /// `pRangeFlags`.
    #[serde(default)]
    pub range_flags: Option<Vec<RangeFlagName>>,
    /// `pTilePoolStartOffsets`.
    #[serde(default)]
    pub tile_pool_start_offsets: Option<Vec<u32>>,
    /// `pRangeTileCounts`.
    #[serde(default)]
    pub range_tile_counts: Option<Vec<u32>>,
    /// `Flags`: 0 or 1 (`D3D11_TILE_MAPPING_NO_OVERWRITE`).
    #[serde(default)]
    pub flags: u32,
}

/// `UpdateTiles` (SPEC §6.5).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpdateTilesSpec {
    /// `pDestTiledResource`: a `"tiled": true` texture, buffer or target.
    pub dest_tiled_resource: String,
    /// `pDestTileRegionStartCoordinate`.
    #[serde(default)]
    pub dest_tile_region_start_coordinate: CoordinateSpec,
    /// `pDestTileRegionSize`.
    #[serde(default = "one_tile")]
    pub dest_tile_region_size: RegionSizeSpec,
    /// `pSourceTileData`: an untiled texture of the scene whose RGBA8 image bytes (row-major)
    /// are the tile data, 65536 bytes per tile in region order (a 128-wide RGBA8 image holds
    /// one 128×128 RGBA8 tile every 128 rows).
    pub source_tile_data: String,
    /// `Flags`: 0 or 1 (`D3D11_TILE_COPY_NO_OVERWRITE`).
    #[serde(default)]
    pub flags: u32,
}

fn one_tile() -> RegionSizeSpec {
    RegionSizeSpec {
        num_tiles: 1,
        use_box: false,
        width: 1,
        height: 1,
        depth: 1,
    }
}

/// `ResizeTilePool` (SPEC §6.6, §6.12: grows and shrinks).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResizeTilePoolSpec {
    /// `pTilePool`: a pool of `tile_pools`.
    pub tile_pool: String,
    /// `NewSizeInBytes`: a multiple of 65536.
    pub new_size_in_bytes: u64,
}

/// `CopyTileMappings` (SPEC §6.4: as if through a temporary).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopyTileMappingsSpec {
    /// `pDestTiledResource`.
    pub dest_tiled_resource: String,
    /// `pDestRegionStartCoordinate`.
    #[serde(default)]
    pub dest_region_start_coordinate: CoordinateSpec,
    /// `pSourceTiledResource`.
    pub source_tiled_resource: String,
    /// `pSourceRegionStartCoordinate`.
    #[serde(default)]
    pub source_region_start_coordinate: CoordinateSpec,
    /// `pTileRegionSize`.
    #[serde(default = "one_tile")]
    pub tile_region_size: RegionSizeSpec,
    /// `Flags`: 0 or 1 (`D3D11_TILE_MAPPING_NO_OVERWRITE`).
    #[serde(default)]
    pub flags: u32,
}

/// A `D3D11_TILE_COPY_FLAG` of `copy_tiles`, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TileCopyFlagName {
    /// `D3D11_TILE_COPY_NO_OVERWRITE`.
    NoOverwrite,
    /// `D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE`.
    LinearBufferToSwizzledTiledResource,
    /// `D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER`.
    SwizzledTiledResourceToLinearBuffer,
}

impl TileCopyFlagName {
    /// The D3D11 flag value.
    pub fn bits(self) -> u32 {
        use tessera::resource::tiled::{
            TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE, TILE_COPY_NO_OVERWRITE,
            TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER,
        };
        match self {
            Self::NoOverwrite => TILE_COPY_NO_OVERWRITE,
            Self::LinearBufferToSwizzledTiledResource => {
                TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE
            }
            Self::SwizzledTiledResourceToLinearBuffer => {
                TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER
            }
        }
    }
}

/// `CopyTiles` (SPEC §6.5): between a tiled texture's tiles and a buffer of the scene.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopyTilesSpec {
    /// `pTiledResource`.
    pub tiled_resource: String,
    /// `pTileRegionStartCoordinate`.
    #[serde(default)]
    pub tile_region_start_coordinate: CoordinateSpec,
    /// `pTileRegionSize`.
    #[serde(default = "one_tile")]
    pub tile_region_size: RegionSizeSpec,
    /// `pBuffer`: a buffer of `buffers` (created with default usage).
    pub buffer: String,
    /// `BufferStartOffsetInBytes`.
    #[serde(default)]
    pub buffer_start_offset_in_bytes: u64,
    /// `Flags`, by name (the device refuses neither or both directions).
    #[serde(default)]
    pub flags: Vec<TileCopyFlagName>,
}

/// `TiledResourceBarrier` (SPEC §6.7; omitted = NULL: every tiled access).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TiledResourceBarrierSpec {
    /// `pTiledResourceOrViewAccessedBeforeBarrier`: a tiled texture.
    #[serde(default)]
    pub tiled_resource_or_view_accessed_before_barrier: Option<String>,
    /// `pTiledResourceOrViewAccessedAfterBarrier`: a tiled texture.
    #[serde(default)]
    pub tiled_resource_or_view_accessed_after_barrier: Option<String>,
}

/// `DeviceDesc::tiled_null_read`: what a Tier-1 NULL tile reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NullReadName {
    /// 0 (the default).
    #[default]
    Zero,
    /// The poison word `FF 00 FF FF` (opaque magenta in RGBA8).
    Poison,
}
