//! Region walking shared by `UpdateTileMappings` and `CopyTileMappings` (SPEC §6.3): a region
//! (start coordinate + size) becomes the list of resource tile indices it covers, in walk order.

use super::error::{TiledCall, TiledError};
use super::tiling::{PACKED_TILE, ResourceTiling};

/// `D3D11_TILED_RESOURCE_COORDINATE`: a tile position in a subresource (SPEC §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TiledResourceCoordinate {
    /// Tile column (for a packed mip: the offset into the packed tiles).
    pub x: u32,
    /// Tile row (0 for a packed mip).
    pub y: u32,
    /// Tile plane of a Texture3D (0 otherwise, and for a packed mip).
    pub z: u32,
    /// Subresource index (`mip + slice * mip_levels`).
    pub subresource: u32,
}

/// `D3D11_TILE_REGION_SIZE` (SPEC §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TileRegionSize {
    /// Tiles in the region (must equal width × height × depth with `use_box`).
    pub num_tiles: u32,
    /// Whether the region is a box (else `num_tiles` walk linearly, on into later subresources).
    pub use_box: bool,
    /// Box width in tiles.
    pub width: u32,
    /// Box height in tiles.
    pub height: u32,
    /// Box depth in tiles (walks array slices of the same mip for arrays).
    pub depth: u32,
}

fn bad(call: TiledCall, what: &'static str, value: u64, limit: u64) -> TiledError {
    TiledError::param(
        call,
        "SPEC §6.3 region inside the resource (RefDev: E_INVALIDARG)",
        what,
        value,
        limit,
    )
}

/// The resource tiles of one region, in walk order (x, then y, then z / slices), or the error.
/// The resource tiles of one region in walk order (SPEC §6.3: x, then y, then z / slices),
/// validated against the resource as `call` (out-of-bounds regions: `E_INVALIDARG`).
pub fn region_tile_list(
    tiling: &ResourceTiling,
    start: TiledResourceCoordinate,
    size: TileRegionSize,
    call: TiledCall,
) -> Result<Vec<u32>, TiledError> {
    let mut out = Vec::new();
    region_tiles(tiling, start, size, call, &mut out)?;
    Ok(out)
}

pub(crate) fn region_tiles(
    t: &ResourceTiling,
    c: TiledResourceCoordinate,
    size: TileRegionSize,
    call: TiledCall,
    out: &mut Vec<u32>,
) -> Result<(), TiledError> {
    let subs = t.subresource_tilings.len() as u64;
    let sub = t
        .subresource_tilings
        .get(c.subresource as usize)
        .ok_or_else(|| bad(call, "subresource", u64::from(c.subresource), subs))?;
    let total = u64::from(t.num_tiles_for_entire_resource);
    let linear = |start: u64, out: &mut Vec<u32>| {
        let end = start + u64::from(size.num_tiles);
        if end > total {
            return Err(bad(call, "last tile of the linear region", end, total));
        }
        out.extend((start..end).map(|i| i as u32));
        Ok(())
    };
    if sub.start_tile_index_in_overall_resource == PACKED_TILE {
        let p = &t.packed_mip_desc;
        if size.use_box || c.y != 0 || c.z != 0 {
            return Err(bad(
                call,
                "packed-mip region must be a tile count with Y = Z = 0",
                1,
                0,
            ));
        }
        if c.x >= p.num_tiles_for_packed_mips {
            return Err(bad(
                call,
                "offset into the packed tiles",
                u64::from(c.x),
                u64::from(p.num_tiles_for_packed_mips),
            ));
        }
        let slice = u64::from(c.subresource / t.mip_levels.max(1));
        let start = slice * u64::from(t.tiles_per_slice())
            + u64::from(p.start_tile_index_in_overall_resource)
            + u64::from(c.x);
        return linear(start, out);
    }
    let (w, h, d) = (sub.width_in_tiles, sub.height_in_tiles, sub.depth_in_tiles);
    for (v, lim, what) in [(c.x, w, "tile x"), (c.y, h, "tile y"), (c.z, d, "tile z")] {
        if v >= lim {
            return Err(bad(call, what, u64::from(v), u64::from(lim)));
        }
    }
    let base = u64::from(sub.start_tile_index_in_overall_resource);
    let at = |x: u32, y: u32, z: u32| {
        base + u64::from(x) + u64::from(w) * (u64::from(y) + u64::from(h) * u64::from(z))
    };
    if !size.use_box {
        return linear(at(c.x, c.y, c.z), out);
    }
    let cells = u64::from(size.width) * u64::from(size.height) * u64::from(size.depth);
    if cells != u64::from(size.num_tiles) {
        return Err(TiledError::param(
            call,
            "SPEC §6.3 box: width × height × depth = NumTiles",
            "box tiles",
            cells,
            u64::from(size.num_tiles),
        ));
    }
    for (v, n, lim, what) in [
        (c.x, size.width, w, "box right edge"),
        (c.y, size.height, h, "box bottom edge"),
    ] {
        if u64::from(v) + u64::from(n) > u64::from(lim) {
            return Err(bad(call, what, u64::from(v) + u64::from(n), u64::from(lim)));
        }
    }
    // Texture3D: depth walks tile planes; 2D arrays: depth walks slices of the same mip.
    let walks_slices = d == 1 && t.array_size > 1;
    let (depth_lim, what) = if walks_slices {
        (
            u64::from(t.array_size - c.subresource / t.mip_levels),
            "box slices",
        )
    } else {
        (u64::from(d - c.z), "box back edge")
    };
    if u64::from(size.depth) > depth_lim {
        return Err(bad(call, what, u64::from(size.depth), depth_lim));
    }
    for k in 0..size.depth {
        let (plane_base, z) = if walks_slices {
            let s = &t.subresource_tilings[(c.subresource + k * t.mip_levels) as usize];
            (u64::from(s.start_tile_index_in_overall_resource) - base, 0)
        } else {
            (0, c.z + k)
        };
        for y in c.y..c.y + size.height {
            for x in c.x..c.x + size.width {
                out.push((plane_base + at(x, y, z)) as u32);
            }
        }
    }
    Ok(())
}
