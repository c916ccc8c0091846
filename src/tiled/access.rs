//! Reads and writes through a mapping table with the NULL rules of SPEC §6.8 and the Tier-1
//! reports: NULL tiles read 0 (Tier 1: the device's [`Tier1NullRead`]) and drop writes; at
//! Tier 1 the first NULL access and the first buffer/texture mismatch (SPEC §6.10) of a call
//! are reported once, with the tile's coordinate; a partly mapped packed tail (SPEC §6.2)
//! reads as NULL and is reported at every tier.

use tessera_resource::tiled::{DimensionClass, TileMappings, TiledError, TiledTier};

use super::{POISON_WORD, Tier1NullRead, TiledResource};
use crate::debug::MessageId;
use crate::device::Device;
use crate::error::Result;

/// One call's accesses to one tiled resource, and what it must report afterwards.
pub(crate) struct Access<'a> {
    map: &'a TileMappings,
    tier: TiledTier,
    null_read: Tier1NullRead,
    class: DimensionClass,
    first_null: Option<u32>,
    first_mismatch: Option<u32>,
    partial_packed: Option<u32>,
}

impl<'a> Access<'a> {
    /// Accesses to `resource`, whose table `map` the caller holds locked.
    pub(crate) fn new(device: &Device, resource: &TiledResource, map: &'a TileMappings) -> Self {
        Self {
            map,
            tier: resource.tier(),
            null_read: device.inner.tiled_null_read,
            class: map.class(),
            first_null: None,
            first_mismatch: None,
            partial_packed: None,
        }
    }

    /// Whether resource tile `tile` reaches memory; records why not at Tier 1.
    fn usable(&mut self, tile: u32) -> bool {
        let tiling = self.map.tiling();
        if tiling.is_packed_tile(tile) && self.packed_partly_mapped(tile) {
            self.partial_packed.get_or_insert(tile);
            return false;
        }
        let Some(pool_tile) = self.map.entries().get(tile as usize).copied().flatten() else {
            if self.tier == TiledTier::Tier1 {
                self.first_null.get_or_insert(tile);
            }
            return false;
        };
        if self.tier == TiledTier::Tier1
            && let Some(pool) = self.map.pool()
            && pool
                .last_mapping_class(pool_tile)
                .is_some_and(|c| c != self.class)
        {
            self.first_mismatch.get_or_insert(tile);
            return false;
        }
        true
    }

    /// Whether resource tile `tile` reaches memory ([`Access::read`] would read it from a pool
    /// tile); a NULL one is recorded for the report as a read of it would be.
    pub(crate) fn reaches_memory(&mut self, tile: u32) -> bool {
        self.usable(tile)
    }

    fn packed_partly_mapped(&self, tile: u32) -> bool {
        let t = self.map.tiling();
        let per_slice = t.tiles_per_slice().max(1);
        let first =
            tile - tile % per_slice + t.packed_mip_desc.start_tile_index_in_overall_resource;
        let n = t.packed_mip_desc.num_tiles_for_packed_mips;
        let e = self.map.entries();
        let mapped = (first..first.saturating_add(n))
            .filter(|&i| e.get(i as usize).is_some_and(Option::is_some))
            .count();
        mapped != 0 && mapped != n as usize
    }

    /// Reads `out.len()` bytes at `offset` of resource tile `tile` (inside the tile).
    pub(crate) fn read(&mut self, tile: u32, offset: usize, out: &mut [u8]) -> Result<()> {
        self.read_mapped(tile, offset, out).map(drop)
    }

    /// [`Access::read`], telling whether the bytes came from a mapped tile (`false`: the NULL
    /// value was written).
    pub(crate) fn read_mapped(&mut self, tile: u32, offset: usize, out: &mut [u8]) -> Result<bool> {
        self.read_with(tile, offset, out, false)
    }

    /// [`Access::read_mapped`] into bytes the caller zeroed: a NULL tile that reads 0 leaves
    /// `out` untouched (so fresh zeroed pages of a large copy are never touched).
    pub(crate) fn read_over_zeros(
        &mut self,
        tile: u32,
        offset: usize,
        out: &mut [u8],
    ) -> Result<bool> {
        self.read_with(tile, offset, out, true)
    }

    fn read_with(
        &mut self,
        tile: u32,
        offset: usize,
        out: &mut [u8],
        zeroed: bool,
    ) -> Result<bool> {
        if self.usable(tile) && self.map.read_bytes(tile, offset, out)? {
            return Ok(true);
        }
        match self.null_read {
            Tier1NullRead::Poison if self.tier == TiledTier::Tier1 => {
                for (i, b) in out.iter_mut().enumerate() {
                    *b = POISON_WORD[(offset + i) % 4];
                }
            }
            _ if zeroed => {}
            _ => out.fill(0),
        }
        Ok(false)
    }

    /// Whether [`Access::report`] would store a message.
    pub(crate) fn reports(&self) -> bool {
        self.first_null.is_some() || self.first_mismatch.is_some() || self.partial_packed.is_some()
    }

    /// Writes `data` at `offset` of resource tile `tile` (inside the tile); dropped on NULL.
    pub(crate) fn write(&mut self, tile: u32, offset: usize, data: &[u8]) -> Result<()> {
        if self.usable(tile) {
            self.map.write_bytes(tile, offset, data)?;
        }
        Ok(())
    }

    /// Stores the call's messages (once each, naming the first tile's coordinate).
    pub(crate) fn report(self, device: &Device, call: &'static str, what: &str) -> Result<()> {
        let at = |tile: u32| match self.map.tiling().coordinate_of(tile) {
            Some(c) => format!(
                "tile {tile} = (x {}, y {}, z {}) of subresource {}",
                c.x, c.y, c.z, c.subresource
            ),
            None => format!("tile {tile}"),
        };
        let value = match self.null_read {
            Tier1NullRead::Zero => "reads 0",
            Tier1NullRead::Poison => "reads the poison word FF 00 FF FF",
        };
        if let Some(t) = self.first_null {
            device.report_id(
                MessageId::NullTileMappingAccessError,
                call,
                format!(
                    "Tier 1 {what} touches a NULL-mapped tile, first at {} (SPEC §6.8: undefined at Tier 1; Tessera {value} and drops writes)",
                    at(t)
                ),
            )?;
        }
        if let Some(t) = self.partial_packed {
            device.report_id(
                MessageId::NullTileMappingAccessError,
                call,
                format!(
                    "{what} touches a packed tail that is only partly mapped, at {} (SPEC §6.2: packed tiles are mapped all or nothing; Tessera treats the tail as NULL)",
                    at(t)
                ),
            )?;
        }
        if let Some(t) = self.first_mismatch {
            device.report_id(
                MessageId::TiledResourceTier1BufferTextureMismatch,
                call,
                format!(
                    "Tier 1 {what} through a {:?} reaches pool tiles last mapped by the other dimension class, first at {} (SPEC §6.10; treated as NULL)",
                    self.class,
                    at(t)
                ),
            )?;
        }
        Ok(())
    }
}

impl From<TiledError> for crate::error::Error {
    fn from(e: TiledError) -> Self {
        Self::Tiled(e)
    }
}
