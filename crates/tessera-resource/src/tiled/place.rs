//! Where each subresource of a tiled resource lies in its tiles, and which coordinate a
//! resource tile has (SPEC §6.2): the bridge from a [`ResourceTiling`] to the memory owner's
//! [`TiledSubresource`] address translation.

use tessera_format::memory::{TiledPlacement, TiledSubresource};

use super::error::{TiledCall, TiledError};
use super::region::TiledResourceCoordinate;
use super::tiling::{PACKED_TILE, ResourceTiling, TiledDesc};

/// Element extent (blocks for BC, bytes for buffers) of mip `m` of `desc`, with element bytes
/// and samples: the unit the tail and the linear copies are counted in.
fn mip_elements(desc: &TiledDesc, m: u32) -> (u32, u32, u32, u32, u32) {
    match desc {
        TiledDesc::Buffer(b) => (b.byte_width, 1, 1, 1, 1),
        TiledDesc::Texture(t) => {
            let info = t.format.info();
            let depth = if t.dimension == tessera_caps::TextureDimension::D3 {
                (t.depth >> m).max(1)
            } else {
                1
            };
            (
                (t.width >> m).max(1).div_ceil(info.block_width.max(1)),
                (t.height >> m).max(1).div_ceil(info.block_height.max(1)),
                depth,
                info.bytes_per_block,
                t.sample_desc.count.max(1),
            )
        }
    }
}

/// The placement of subresource `sub` (`mip + slice * mip_levels`) of a tiled resource of
/// `desc` with `tiling`: standard tiles, or its offset in its slice's packed tail (RefDev: tail
/// mips back to back, tightly packed). Refuses a subresource past the resource.
pub fn subresource_placement(
    desc: &TiledDesc,
    tiling: &ResourceTiling,
    sub: u32,
) -> Result<TiledSubresource, TiledError> {
    let Some(st) = tiling.subresource_tilings.get(sub as usize) else {
        return Err(TiledError::param(
            TiledCall::Tiles,
            "SPEC §6.2 subresource inside the resource",
            "subresource",
            u64::from(sub),
            tiling.subresource_tilings.len() as u64,
        ));
    };
    let mips = tiling.mip_levels.max(1);
    let (mip, slice) = (sub % mips, sub / mips);
    let (width, height, depth, element_bytes, samples) = mip_elements(desc, mip);
    let placement = if st.start_tile_index_in_overall_resource == PACKED_TILE {
        let p = &tiling.packed_mip_desc;
        let tail_offset = (p.num_standard_mips..mip)
            .map(|m| {
                let (w, h, d, b, s) = mip_elements(desc, m);
                u64::from(w) * u64::from(h) * u64::from(d) * u64::from(b) * u64::from(s)
            })
            .sum();
        TiledPlacement::Packed {
            first_tile: slice * tiling.tiles_per_slice() + p.start_tile_index_in_overall_resource,
            tail_offset,
        }
    } else {
        let shape = tiling.standard_tile_shape_for_non_packed_mips;
        let (bw, bh) = match desc {
            TiledDesc::Buffer(_) => (1, 1),
            TiledDesc::Texture(t) => {
                let info = t.format.info();
                (info.block_width.max(1), info.block_height.max(1))
            }
        };
        TiledPlacement::Standard {
            first_tile: st.start_tile_index_in_overall_resource,
            tiles_wide: st.width_in_tiles,
            tiles_high: st.height_in_tiles,
            shape_elements: tessera_format::memory::TileShape {
                width: shape.width / bw,
                height: shape.height / bh,
                depth: shape.depth,
            },
        }
    };
    Ok(TiledSubresource {
        placement,
        width,
        height,
        depth,
        element_bytes,
        samples,
    })
}

impl ResourceTiling {
    /// The coordinate of resource tile `tile` (SPEC §6.3): (x, y, z, subresource) of a standard
    /// tile, or for a packed tile the slice's first packed mip with x = offset into the packed
    /// tiles. `None` past the resource.
    pub fn coordinate_of(&self, tile: u32) -> Option<TiledResourceCoordinate> {
        if tile >= self.num_tiles_for_entire_resource {
            return None;
        }
        let mips = self.mip_levels.max(1);
        for (i, s) in self.subresource_tilings.iter().enumerate() {
            let start = s.start_tile_index_in_overall_resource;
            let n = s.width_in_tiles * s.height_in_tiles * s.depth_in_tiles;
            if start != PACKED_TILE && tile >= start && tile - start < n {
                let k = tile - start;
                return Some(TiledResourceCoordinate {
                    x: k % s.width_in_tiles,
                    y: (k / s.width_in_tiles) % s.height_in_tiles,
                    z: k / (s.width_in_tiles * s.height_in_tiles),
                    subresource: i as u32,
                });
            }
        }
        let per_slice = self.tiles_per_slice().max(1);
        let slice = tile / per_slice;
        Some(TiledResourceCoordinate {
            x: (tile % per_slice)
                .checked_sub(self.packed_mip_desc.start_tile_index_in_overall_resource)?,
            y: 0,
            z: 0,
            subresource: slice * mips + self.packed_mip_desc.num_standard_mips,
        })
    }
}
