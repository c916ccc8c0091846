//! Whole-tile data access through a mapping table (SPEC §6.5): NULL tiles read 0 and drop
//! writes; packed tiles are refused. `copy_tiles` / `update_tiles` of part 2 build on these.

use super::error::{TiledCall, TiledError};
use super::mapping::TileMappings;

impl TileMappings {
    /// The bytes of resource tile `tile`: `Ok(None)` for a NULL tile (reads 0, SPEC §6.5).
    pub fn read_tile(&self, tile: u32) -> Result<Option<Vec<u8>>, TiledError> {
        let e = self.entry(tile)?;
        Ok(e.and_then(|p| self.pool()?.lock().read(p)))
    }

    /// Writes a whole resource tile; returns `false` when the tile is NULL and the write is
    /// dropped (SPEC §6.5). Packed tiles are refused (SPEC §6.2: use ordinary updates).
    pub fn write_tile(&self, tile: u32, data: &[u8]) -> Result<bool, TiledError> {
        let p = &self.tiling().packed_mip_desc;
        if self.tiling().is_packed_tile(tile) {
            return Err(TiledError::param(
                TiledCall::Tiles,
                "SPEC §6.2 CopyTiles/UpdateTiles may not touch packed tiles",
                "tile",
                u64::from(tile),
                u64::from(p.start_tile_index_in_overall_resource),
            ));
        }
        match (self.entry(tile)?, self.pool()) {
            (Some(t), Some(pool)) => {
                pool.lock().write(t, data);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// Copies `out.len()` bytes at `offset` of resource tile `tile` into `out`; returns `false`
    /// and leaves `out` untouched when the tile is NULL (the caller chooses the NULL value,
    /// SPEC §6.8). The span must lie inside one tile.
    pub fn read_bytes(&self, tile: u32, offset: usize, out: &mut [u8]) -> Result<bool, TiledError> {
        check_span(tile, offset, out.len())?;
        match (self.entry(tile)?, self.pool()) {
            (Some(t), Some(pool)) => Ok(pool.lock().read_into(t, offset, out)),
            _ => Ok(false),
        }
    }

    /// Writes `data` at `offset` of resource tile `tile`; returns `false` when the tile is NULL
    /// and the write is dropped (SPEC §6.8). The span must lie inside one tile.
    pub fn write_bytes(&self, tile: u32, offset: usize, data: &[u8]) -> Result<bool, TiledError> {
        check_span(tile, offset, data.len())?;
        match (self.entry(tile)?, self.pool()) {
            (Some(t), Some(pool)) => Ok(pool.lock().write_at(t, offset, data)),
            _ => Ok(false),
        }
    }

    pub(crate) fn entry(&self, tile: u32) -> Result<Option<u32>, TiledError> {
        self.entries().get(tile as usize).copied().ok_or_else(|| {
            TiledError::param(
                TiledCall::Tiles,
                "SPEC §6.5 tile inside the resource",
                "tile",
                u64::from(tile),
                self.entries().len() as u64,
            )
        })
    }
}

fn check_span(_tile: u32, offset: usize, len: usize) -> Result<(), TiledError> {
    if offset as u64 + len as u64 > tessera_format::memory::TILE_SIZE_BYTES {
        return Err(TiledError::param(
            TiledCall::Tiles,
            "SPEC §6.5 a byte span lies inside one 64 KiB tile",
            "span end",
            offset as u64 + len as u64,
            tessera_format::memory::TILE_SIZE_BYTES,
        ));
    }
    Ok(())
}
