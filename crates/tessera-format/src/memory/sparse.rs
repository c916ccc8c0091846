//! On-demand reads of a tiled view (SPEC §6.5, §6.8): an element of one of the view's
//! subresources → its resource tile and in-tile offset ([`TiledSubresource::element_address`])
//! → the bytes of the tile that tile reads from. Only the tiles a read can reach are held,
//! so a sparsely mapped virtual texture costs its mapped tiles, not its virtual size.

use std::ops::Range;

use super::tile::TILE_SIZE_BYTES;
use super::tile_words::TileWords32;
use super::tiled::{TiledPlacement, TiledSubresource};

impl TiledSubresource {
    /// The resource tiles this subresource's bytes lie in (standard tiles: every tile of its
    /// tile grid; packed: the tiles its range of the slice's tail covers).
    pub fn tiles(&self) -> Range<u32> {
        match self.placement {
            TiledPlacement::Standard {
                first_tile,
                tiles_wide,
                tiles_high,
                shape_elements: s,
            } => {
                let deep = self.depth.div_ceil(s.depth.max(1));
                let n = u64::from(tiles_wide) * u64::from(tiles_high) * u64::from(deep);
                let end = (u64::from(first_tile) + n).min(u64::from(u32::MAX));
                first_tile..end as u32
            }
            TiledPlacement::Packed {
                first_tile,
                tail_offset,
            } => {
                let len = self.linear_len();
                if len == 0 {
                    return first_tile..first_tile;
                }
                let first = u64::from(first_tile) + tail_offset / TILE_SIZE_BYTES;
                let last = u64::from(first_tile) + (tail_offset + len - 1) / TILE_SIZE_BYTES;
                let clamp = |t: u64| t.min(u64::from(u32::MAX)) as u32;
                clamp(first)..clamp(last + 1)
            }
        }
    }
}

/// The tiles one tiled view reads, and where each of its subresources lies in them: resource
/// tile `t` reads store entry `index[t]`, the 64 KiB at byte `index[t] · 65536` of `store`
/// (the tiles one after the other; the caller puts the NULL value its tier asks for in an
/// entry and points every NULL tile at it). A tile past `index`, or an entry past `store`,
/// reads nothing (`None`, as memory a surface does not hold). [`TileTexels::with_null_entry`]
/// names the store entry of the NULL tiles, so a read can tell whether it came from one (the
/// residency feedback of `CheckAccessFullyMapped`, SPEC §6.8).
#[derive(Clone, Copy, Debug)]
pub struct TileTexels<'a> {
    subresources: &'a [TiledSubresource],
    index: &'a [u32],
    store: &'a [u8],
    /// The store entry every NULL tile points at (`None`: no tile is NULL).
    null: Option<u32>,
}

impl<'a> TileTexels<'a> {
    /// The view's subresources (in the sampler's order: slice-major, mips of a slice
    /// consecutive), the resource-tile → store entry table and the tile bytes (entry `k` at
    /// byte `k · 65536`).
    pub fn new(subresources: &'a [TiledSubresource], index: &'a [u32], store: &'a [u8]) -> Self {
        Self {
            subresources,
            index,
            store,
            null: None,
        }
    }

    /// The same tiles, with store entry `entry` being the NULL tile (what every unmapped
    /// resource tile points at): [`Self::element_status`] reports reads of it.
    pub fn with_null_entry(mut self, entry: u32) -> Self {
        self.null = Some(entry);
        self
    }

    /// [`Self::element`], and whether the element's resource tile is NULL (points at the
    /// [`Self::with_null_entry`] entry). Outside the subresource: `(None, false)`.
    #[inline]
    pub fn element_status(&self, sub: u32, x: u32, y: u32, z: u32) -> (Option<&'a [u8]>, bool) {
        let Some(s) = self.subresources.get(sub as usize) else {
            return (None, false);
        };
        let Some((tile, offset)) = s.element_address(x, y, z, 0) else {
            return (None, false);
        };
        let Some(&entry) = self.index.get(tile as usize) else {
            return (None, false);
        };
        let bytes = self
            .entry(entry)
            .and_then(|b| b.get(offset..offset + s.element_bytes as usize));
        (bytes, self.null == Some(entry))
    }

    /// Bytes of element (`x`, `y`, `z`) (BC: block coordinates) of view subresource `sub`, or
    /// `None` outside it or where no tile bytes back it.
    #[inline]
    pub fn element(&self, sub: u32, x: u32, y: u32, z: u32) -> Option<&'a [u8]> {
        let s = self.subresources.get(sub as usize)?;
        let (tile, offset) = s.element_address(x, y, z, 0)?;
        let bytes = self.entry(*self.index.get(tile as usize)?)?;
        bytes.get(offset..offset + s.element_bytes as usize)
    }

    /// The 64 KiB of store entry `k`, if the store holds it.
    fn entry(&self, k: u32) -> Option<&'a [u8]> {
        let at = usize::try_from(u64::from(k) * TILE_SIZE_BYTES).ok()?;
        self.store
            .get(at..at.checked_add(TILE_SIZE_BYTES as usize)?)
    }

    /// The extent in elements (width, height, depth) of view subresource `sub`.
    pub fn extent(&self, sub: u32) -> Option<[u32; 3]> {
        let s = self.subresources.get(sub as usize)?;
        Some([s.width, s.height, s.depth])
    }

    /// Subresources in the view.
    pub fn len(&self) -> usize {
        self.subresources.len()
    }

    /// Whether the view has no subresource.
    pub fn is_empty(&self) -> bool {
        self.subresources.is_empty()
    }

    /// The 8-lane address unit of view subresource `sub` ([`TileWords32`]), when its texels
    /// are 32-bit (one sample, one plane), its extent is a power of two on both axes, it lies
    /// in power-of-two blocks of one tile each (standard tiles of a power-of-two shape, or a
    /// packed mip inside one tile of its tail), every tile it lies in reads a store entry the
    /// store holds, and the store is at most 4 GiB (offsets fit `u32`). Checks every tile of
    /// the subresource once.
    pub fn words32(&self, sub: u32) -> Option<TileWords32<'a>> {
        let s = self.subresources.get(sub as usize)?;
        let tiles = self.store.len() as u64 / TILE_SIZE_BYTES;
        if s.element_bytes != 4
            || s.samples != 1
            || s.depth != 1
            || !s.width.is_power_of_two()
            || !s.height.is_power_of_two()
            || self.store.len() as u64 > 1 << 32
        {
            return None;
        }
        // (first resource tile, blocks across, blocks down, block extent, byte base in entry)
        let (first, wide, high, [bw, bh], base) = match s.placement {
            TiledPlacement::Standard {
                first_tile,
                tiles_wide,
                tiles_high,
                shape_elements: e,
            } => {
                if !e.width.is_power_of_two() || !e.height.is_power_of_two() || e.depth != 1 {
                    return None;
                }
                // The blocks the extent reaches (a smaller table is never read past).
                let (w, h) = (s.width.div_ceil(e.width), s.height.div_ceil(e.height));
                if w > tiles_wide || h > tiles_high {
                    return None;
                }
                (first_tile, tiles_wide, h, [e.width, e.height], 0)
            }
            TiledPlacement::Packed {
                first_tile,
                tail_offset,
            } => {
                let in_tile = tail_offset % TILE_SIZE_BYTES;
                if in_tile + s.linear_len() > TILE_SIZE_BYTES {
                    return None;
                }
                let tile = u64::from(first_tile) + tail_offset / TILE_SIZE_BYTES;
                (
                    u32::try_from(tile).ok()?,
                    1,
                    1,
                    [s.width, s.height],
                    in_tile as u32,
                )
            }
        };
        let n = (u64::from(wide) * u64::from(high)) as usize;
        let start = first as usize;
        let index = self.index.get(start..start.checked_add(n)?)?;
        if index.iter().any(|&k| u64::from(k) >= tiles) {
            return None;
        }
        Some(TileWords32::new(self.store, index, wide, [bw, bh], base))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::TileShape;

    fn standard() -> TiledSubresource {
        TiledSubresource {
            placement: TiledPlacement::Standard {
                first_tile: 3,
                tiles_wide: 2,
                tiles_high: 2,
                shape_elements: TileShape {
                    width: 128,
                    height: 128,
                    depth: 1,
                },
            },
            width: 256,
            height: 256,
            depth: 1,
            element_bytes: 4,
            samples: 1,
        }
    }

    #[test]
    fn standard_tiles_cover_the_grid() {
        assert_eq!(standard().tiles(), 3..7);
    }

    #[test]
    fn packed_tiles_cover_the_tail_range() {
        let s = TiledSubresource {
            placement: TiledPlacement::Packed {
                first_tile: 10,
                tail_offset: 65536 - 8,
            },
            width: 4,
            height: 1,
            depth: 1,
            element_bytes: 4,
            samples: 1,
        };
        // 16 bytes from 8 before the end of the first tail tile: tiles 10 and 11.
        assert_eq!(s.tiles(), 10..12);
    }

    #[test]
    fn element_reads_the_store_entry_of_its_tile() {
        let subs = [standard()];
        // Tile 4 = tile (1, 0): element (128 + 1, 2) lies at row 2, column 1 of it.
        let mut index = vec![0u32; 7];
        index[4] = 1;
        let mut tile = vec![0u8; 65536];
        let at = 2 * 128 * 4 + 4;
        tile[at..at + 4].copy_from_slice(&[1, 2, 3, 4]);
        let store = [vec![9u8; 65536], tile].concat();
        let t = TileTexels::new(&subs, &index, &store);
        assert_eq!(t.element(0, 129, 2, 0), Some(&[1u8, 2, 3, 4][..]));
        // Tile 3 points at store entry 0 (the caller's NULL value).
        assert_eq!(t.element(0, 1, 2, 0), Some(&[9u8, 9, 9, 9][..]));
        assert_eq!(t.element(0, 256, 0, 0), None);
        assert_eq!(t.element(1, 0, 0, 0), None);
        // Without a NULL entry nothing is NULL; with entry 0, tile 3 is.
        assert_eq!(
            t.element_status(0, 1, 2, 0),
            (Some(&[9u8, 9, 9, 9][..]), false)
        );
        let t = t.with_null_entry(0);
        assert_eq!(
            t.element_status(0, 1, 2, 0),
            (Some(&[9u8, 9, 9, 9][..]), true)
        );
        assert_eq!(
            t.element_status(0, 129, 2, 0),
            (Some(&[1u8, 2, 3, 4][..]), false)
        );
        assert_eq!(t.element_status(0, 256, 0, 0), (None, false));
        // An entry past the store reads nothing.
        index[4] = 2;
        let t = TileTexels::new(&subs, &index, &store);
        assert_eq!(t.element(0, 129, 2, 0), None);
    }
}
