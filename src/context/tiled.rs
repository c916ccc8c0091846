//! The `ID3D11DeviceContext2` tile calls (SPEC §6.3–§6.7) and reading /
//! writing whole subresources of a tiled resource through its mapping table (readback; the
//! NULL rules of SPEC §6.8). Each call is validated whole before anything changes.

use tessera_caps::Usage;
use tessera_format::memory::TILE_SIZE_BYTES;
use tessera_resource::Buffer;
use tessera_resource::tiled::{
    TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE, TILE_COPY_NO_OVERWRITE,
    TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER, TileMappings, TilePool, TileRegionSize,
    TiledCall, TiledError, TiledResourceCoordinate, UpdateTileMappings, copy_tile_mappings,
    region_tile_list, subresource_placement,
};

use super::DeviceContext;
use crate::debug::MessageId;
use crate::error::{Error, Result};
use crate::tiled::{Access, TiledResource};

const TILE: usize = TILE_SIZE_BYTES as usize;

/// The region's tiles, none of them packed (SPEC §6.2: CopyTiles/UpdateTiles may not touch
/// packed tiles).
fn data_tiles(
    map: &TileMappings,
    start: TiledResourceCoordinate,
    size: TileRegionSize,
    call: TiledCall,
) -> Result<Vec<u32>> {
    let tiles = region_tile_list(map.tiling(), start, size, call)?;
    if let Some(&t) = tiles.iter().find(|&&t| map.tiling().is_packed_tile(t)) {
        return Err(TiledError::param(
            call,
            "SPEC §6.2 CopyTiles/UpdateTiles may not touch packed tiles",
            "tile",
            u64::from(t),
            u64::from(
                map.tiling()
                    .packed_mip_desc
                    .start_tile_index_in_overall_resource,
            ),
        )
        .into());
    }
    Ok(tiles)
}

impl DeviceContext {
    fn pool_owned(&self, call: &'static str, pool: &TilePool) -> Result<()> {
        if pool.uses_budget(&self.device.inner.budget) {
            Ok(())
        } else {
            Err(Error::ForeignObject {
                call,
                object: "tile pool",
            })
        }
    }

    /// `UpdateTileMappings` (SPEC §6.3, §6.12): on any error the table is unchanged.
    pub fn update_tile_mappings(
        &mut self,
        resource: &TiledResource,
        args: &UpdateTileMappings<'_>,
    ) -> Result<()> {
        const CALL: &str = "UpdateTileMappings";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.owned(CALL, "tiled resource", resource.owner())?;
            if let Some(p) = args.pool {
                self.pool_owned(CALL, p)?;
            }
            Ok(resource.lock().update_tile_mappings(args)?)
        };
        self.device.refused(CALL, run())
    }

    /// `CopyTileMappings` (SPEC §6.4): as if through a temporary; a source in another pool
    /// clears every destination mapping first. On any error `dst` is unchanged.
    pub fn copy_tile_mappings(
        &mut self,
        dst: &TiledResource,
        dst_start: TiledResourceCoordinate,
        src: &TiledResource,
        src_start: TiledResourceCoordinate,
        size: TileRegionSize,
        flags: u32,
    ) -> Result<()> {
        const CALL: &str = "CopyTileMappings";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.owned(CALL, "tiled resource", dst.owner())?;
            self.owned(CALL, "tiled resource", src.owner())?;
            if dst.ptr_eq(src) {
                let mut d = dst.lock();
                return Ok(copy_tile_mappings(
                    &mut d, dst_start, None, src_start, size, flags,
                )?);
            }
            // A fixed lock order (by address) so two contexts copying both ways cannot deadlock.
            let (mut d, s) = if dst.addr() < src.addr() {
                let d = dst.lock();
                (d, src.lock())
            } else {
                let s = src.lock();
                (dst.lock(), s)
            };
            Ok(copy_tile_mappings(
                &mut d,
                dst_start,
                Some(&s),
                src_start,
                size,
                flags,
            )?)
        };
        self.device.refused(CALL, run())
    }

    /// `ResizeTilePool` (SPEC §6.6, §6.12): grows and shrinks; mapped tiles past a shrunk end
    /// stay alive (reported as `RESIZETILEPOOL_SHRINK_WITH_MAPPINGS_STILL_DEFINED_PAST_END`).
    /// On any error the pool is unchanged.
    pub fn resize_tile_pool(&mut self, pool: &TilePool, new_size_bytes: u64) -> Result<()> {
        const CALL: &str = "ResizeTilePool";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.pool_owned(CALL, pool)?;
            pool.resize(new_size_bytes)?;
            let (alive, size) = (pool.tiles_alive(), pool.size_in_tiles());
            if alive > size {
                self.device.report_id(
                    MessageId::ResizeTilePoolShrinkWithMappingsStillDefinedPastEnd,
                    CALL,
                    format!(
                        "the pool shrank to {size} tiles; {} mapped tiles past the end keep their memory until unmapped (SPEC §6.6)",
                        alive - size
                    ),
                )?;
            }
            Ok(())
        };
        self.device.refused(CALL, run())
    }

    /// `TiledResourceBarrier` (SPEC §6.7): `None` = all tiled accesses. A serial CPU device
    /// orders every access already; only the owners are checked.
    pub fn tiled_resource_barrier(
        &mut self,
        before: Option<&TiledResource>,
        after: Option<&TiledResource>,
    ) -> Result<()> {
        const CALL: &str = "TiledResourceBarrier";
        let run = || -> Result<()> {
            for r in [before, after].into_iter().flatten() {
                self.owned(CALL, "tiled resource", r.owner())?;
            }
            Ok(())
        };
        self.device.refused(CALL, run())
    }

    /// `CopyTiles` (SPEC §6.5): whole tiles between a region of `resource` and `buffer` from
    /// `buffer_offset`, 64 KiB per tile in region order (the linear layout is the tile's own:
    /// row pitch = tile width × element bytes). `flags`: exactly one direction, optionally
    /// NO_OVERWRITE (neither direction is refused: a RefDev choice, SPEC §6.12). NULL tiles read
    /// 0 (Tier 1: the device's `Tier1NullRead`) and drop writes.
    pub fn copy_tiles(
        &mut self,
        resource: &TiledResource,
        start: TiledResourceCoordinate,
        size: TileRegionSize,
        buffer: &Buffer,
        buffer_offset: u64,
        flags: u32,
    ) -> Result<()> {
        const CALL: &str = "CopyTiles";
        const C: TiledCall = TiledCall::CopyTiles;
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.owned(CALL, "tiled resource", resource.owner())?;
            self.owned(CALL, "buffer", buffer.owner())?;
            let dir = flags
                & (TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE
                    | TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER);
            let known = TILE_COPY_NO_OVERWRITE
                | TILE_COPY_LINEAR_BUFFER_TO_SWIZZLED_TILED_RESOURCE
                | TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER;
            if flags & !known != 0 || dir.count_ones() != 1 {
                return Err(TiledError::param(
                    C,
                    "SPEC §6.5 CopyTiles takes exactly one direction flag (and optionally NO_OVERWRITE)",
                    "flags",
                    u64::from(flags),
                    u64::from(known),
                )
                .into());
            }
            if buffer.desc().usage == Usage::Immutable || buffer.is_mapped() {
                return Err(TiledError::param(
                    C,
                    "SPEC §6.5 the CopyTiles buffer is DEFAULT, DYNAMIC or STAGING and not mapped",
                    "buffer usage",
                    buffer.desc().usage as u64,
                    0,
                )
                .into());
            }
            let map = resource.lock();
            let tiles = data_tiles(&map, start, size, C)?;
            let end = buffer_offset.saturating_add(tiles.len() as u64 * TILE_SIZE_BYTES);
            if end > buffer.len() as u64 {
                return Err(TiledError::param(
                    C,
                    "SPEC §6.5 the buffer holds every copied tile from its offset",
                    "last buffer byte",
                    end,
                    buffer.len() as u64,
                )
                .into());
            }
            let mut access = Access::new(&self.device, resource, &map);
            let at = |i: usize| buffer_offset as usize + i * TILE;
            if dir == TILE_COPY_SWIZZLED_TILED_RESOURCE_TO_LINEAR_BUFFER {
                let mut bytes = buffer.write();
                for (i, &t) in tiles.iter().enumerate() {
                    access.read(t, 0, &mut bytes[at(i)..at(i) + TILE])?;
                }
            } else {
                let bytes = buffer.read();
                for (i, &t) in tiles.iter().enumerate() {
                    access.write(t, 0, &bytes[at(i)..at(i) + TILE])?;
                }
            }
            access.report(&self.device, CALL, "CopyTiles")
        };
        self.device.refused(CALL, run())
    }

    /// `UpdateTiles` (SPEC §6.5): `data` holds 64 KiB per tile of the region, in region order;
    /// writes to NULL tiles are dropped (Tier 1: reported). `flags`: 0 or NO_OVERWRITE.
    pub fn update_tiles(
        &mut self,
        resource: &TiledResource,
        start: TiledResourceCoordinate,
        size: TileRegionSize,
        data: &[u8],
        flags: u32,
    ) -> Result<()> {
        const CALL: &str = "UpdateTiles";
        const C: TiledCall = TiledCall::Tiles;
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.owned(CALL, "tiled resource", resource.owner())?;
            if flags & !TILE_COPY_NO_OVERWRITE != 0 {
                return Err(TiledError::param(
                    C,
                    "SPEC §6.5 UpdateTiles flags are 0 or NO_OVERWRITE",
                    "flags",
                    u64::from(flags),
                    u64::from(TILE_COPY_NO_OVERWRITE),
                )
                .into());
            }
            let map = resource.lock();
            let tiles = data_tiles(&map, start, size, C)?;
            let need = tiles.len() as u64 * TILE_SIZE_BYTES;
            if (data.len() as u64) < need {
                return Err(TiledError::param(
                    C,
                    "SPEC §6.5 the source holds 65536 bytes per updated tile",
                    "source bytes",
                    data.len() as u64,
                    need,
                )
                .into());
            }
            let mut access = Access::new(&self.device, resource, &map);
            for (i, &t) in tiles.iter().enumerate() {
                access.write(t, 0, &data[i * TILE..(i + 1) * TILE])?;
            }
            access.report(&self.device, CALL, "UpdateTiles")
        };
        self.device.refused(CALL, run())
    }

    /// Subresource `sub` of a tiled resource, tightly packed (rows of elements, the samples of
    /// a pixel consecutive; a buffer: its bytes), read through the mapping table: NULL tiles
    /// read 0 (Tier 1: the device's `Tier1NullRead`, reported). Tessera's readback path.
    pub fn read_tiled_subresource(
        &mut self,
        resource: &TiledResource,
        sub: u32,
    ) -> Result<Vec<u8>> {
        const CALL: &str = "ReadTiledSubresource";
        let run = || -> Result<Vec<u8>> {
            self.device.check_not_removed(CALL)?;
            self.owned(CALL, "tiled resource", resource.owner())?;
            let map = resource.lock();
            let place = subresource_placement(resource.desc(), map.tiling(), sub)?;
            let mut out = tessera_resource::allocate_zeroed(place.linear_len())?;
            let mut access = Access::new(&self.device, resource, &map);
            for s in place.spans() {
                access.read(
                    s.tile,
                    s.tile_offset,
                    &mut out[s.linear_offset..s.linear_offset + s.len],
                )?;
            }
            access.report(&self.device, CALL, "readback")?;
            Ok(out)
        };
        self.device.refused(CALL, run())
    }

    /// `UpdateSubresource` of a whole subresource of a tiled resource: `data` tightly packed as
    /// [`Self::read_tiled_subresource`] returns it; writes to NULL tiles are dropped (SPEC §6.5;
    /// Tier 1: reported). Packed mips are written here (CopyTiles/UpdateTiles may not).
    pub fn write_tiled_subresource(
        &mut self,
        resource: &TiledResource,
        sub: u32,
        data: &[u8],
    ) -> Result<()> {
        const CALL: &str = "UpdateSubresource";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.owned(CALL, "tiled resource", resource.owner())?;
            let map = resource.lock();
            let place = subresource_placement(resource.desc(), map.tiling(), sub)?;
            if data.len() as u64 != place.linear_len() {
                return Err(TiledError::param(
                    TiledCall::Tiles,
                    "UpdateSubresource of a tiled subresource takes it whole, tightly packed",
                    "source bytes",
                    data.len() as u64,
                    place.linear_len(),
                )
                .into());
            }
            let mut access = Access::new(&self.device, resource, &map);
            for s in place.spans() {
                access.write(
                    s.tile,
                    s.tile_offset,
                    &data[s.linear_offset..s.linear_offset + s.len],
                )?;
            }
            access.report(&self.device, CALL, "UpdateSubresource")
        };
        self.device.refused(CALL, run())
    }
}
