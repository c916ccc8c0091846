//! `CopyTileMappings` (SPEC §6.4, §6.12) and `TiledResourceBarrier` (SPEC §6.7).

use super::error::{TiledCall, TiledError};
use super::mapping::{TILE_MAPPING_NO_OVERWRITE, TileMappings};
use super::region::{TileRegionSize, TiledResourceCoordinate, region_tiles};

/// `D3D11_TILE_COPY_NO_OVERWRITE` (SPEC §6.5).
pub const TILE_COPY_NO_OVERWRITE: u32 = 1;
/// `D3D11_TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE` (SPEC §6.5).
pub const TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE: u32 = 2;
/// `D3D11_TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER` (SPEC §6.5).
pub const TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER: u32 = 4;

/// `CopyTileMappings`: copies the mappings (not data) of a region of `src` (`None`: `dst` itself)
/// into `dst`, as if through a temporary (overlap is fine). A source pool different from the
/// destination's clears every destination mapping first. Validated whole before applying.
pub fn copy_tile_mappings(
    dst: &mut TileMappings,
    dst_start: TiledResourceCoordinate,
    src: Option<&TileMappings>,
    src_start: TiledResourceCoordinate,
    size: TileRegionSize,
    flags: u32,
) -> Result<(), TiledError> {
    const CALL: TiledCall = TiledCall::CopyTileMappings;
    if flags & !TILE_MAPPING_NO_OVERWRITE != 0 {
        return Err(TiledError::param(
            CALL,
            "SPEC §6.4 Flags is 0 or NO_OVERWRITE",
            "flags",
            u64::from(flags),
            1,
        ));
    }
    let mut dst_tiles = Vec::new();
    region_tiles(dst.tiling(), dst_start, size, CALL, &mut dst_tiles)?;
    let source = src.unwrap_or(dst);
    let mut src_tiles = Vec::new();
    region_tiles(source.tiling(), src_start, size, CALL, &mut src_tiles)?;
    if src_tiles.len() != dst_tiles.len() {
        return Err(TiledError::param(
            CALL,
            "SPEC §6.4 source and destination regions hold the same tiles",
            "source tiles",
            src_tiles.len() as u64,
            dst_tiles.len() as u64,
        ));
    }
    // The temporary: the source mappings are read before anything is written.
    let values: Vec<Option<u32>> = src_tiles
        .iter()
        .map(|&t| source.entries()[t as usize])
        .collect();
    if let Some(pool) = source.pool().cloned() {
        dst.switch_pool(&pool);
    }
    dst.apply_entries(&dst_tiles, &values);
    Ok(())
}

/// `TiledResourceBarrier`: ordering only; a serial CPU device has nothing to wait for
/// (SPEC §6.7). Both arguments may be `None` ("all tiled accesses"); always succeeds.
pub fn tiled_resource_barrier(_before: Option<&TileMappings>, _after: Option<&TileMappings>) {}
