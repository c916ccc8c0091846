//! `GetResourceTiling` as a pure function of the description and the tier (SPEC §6.2), and the
//! tier-dependent creation rules of tiled resources (SPEC §6.1, TESTCASES TR-05/TR-06).

use tessera_caps::{BufferDesc, TextureDesc, TextureDimension};
use tessera_format::memory::{TILE_SIZE_BYTES, TileDimension, TileShape, standard_tile_shape};

use super::create::{check_common, refuse};
use super::error::TiledError;

/// `D3D11_PACKED_TILE`: the start index a packed subresource reports (SPEC §6.2).
pub const PACKED_TILE: u32 = 0xFFFF_FFFF;

/// The emulated tiled-resources tier (SPEC §6.8, §6.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TiledTier {
    /// Tier 1 (11_0+): standard mips only where every dimension is a multiple of the tile.
    Tier1 = 1,
    /// Tier 2 (11_1+): every mip of at least one full tile is standard.
    Tier2 = 2,
    /// Tier 3: Tier 2 plus tiled Texture3D.
    Tier3 = 3,
}

/// The description a tiling is computed from: a tiled buffer or texture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TiledDesc {
    /// A buffer created with `MISC_TILED`.
    Buffer(BufferDesc),
    /// A Texture2D or Texture2DArray / Texture3D created with `MISC_TILED`.
    Texture(TextureDesc),
}

/// `D3D11_PACKED_MIP_DESC` (SPEC §6.2); all 0 when nothing is packed except `num_standard_mips`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PackedMipDesc {
    /// Mips per slice in standard tiles.
    pub num_standard_mips: u32,
    /// Mips per slice packed into the tail.
    pub num_packed_mips: u32,
    /// Tiles the packed tail of one slice uses (RefDev: ceil(tail bytes / 65536)).
    pub num_tiles_for_packed_mips: u32,
    /// Index of the first packed tile of slice 0 in the resource.
    pub start_tile_index_in_overall_resource: u32,
}

/// `D3D11_SUBRESOURCE_TILING` (SPEC §6.2); packed subresources: 0,0,0 and [`PACKED_TILE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubresourceTiling {
    /// Tiles across.
    pub width_in_tiles: u32,
    /// Tiles down.
    pub height_in_tiles: u32,
    /// Tiles deep.
    pub depth_in_tiles: u32,
    /// Index of the subresource's first tile in the resource.
    pub start_tile_index_in_overall_resource: u32,
}

/// Everything `GetResourceTiling` reports, plus what the mapping model needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceTiling {
    /// Tiles of the whole resource (every slice, packed tails included).
    pub num_tiles_for_entire_resource: u32,
    /// The packed tail of each slice.
    pub packed_mip_desc: PackedMipDesc,
    /// The standard tile shape; 0×0×0 when the resource is fully packed (SPEC §6.12).
    pub standard_tile_shape_for_non_packed_mips: TileShape,
    /// One entry per subresource in subresource order (`mip + slice * mip_levels`).
    pub subresource_tilings: Vec<SubresourceTiling>,
    /// Mip levels per slice (1 for buffers).
    pub mip_levels: u32,
    /// Array slices (1 for buffers and 3D).
    pub array_size: u32,
    /// Whether this is a buffer (the Tier-1 dimension class of SPEC §6.10).
    pub is_buffer: bool,
}

impl ResourceTiling {
    /// Tiles of one array slice (total / array size, SPEC §6.2).
    pub fn tiles_per_slice(&self) -> u32 {
        self.num_tiles_for_entire_resource / self.array_size.max(1)
    }

    /// Whether resource tile `tile` belongs to a slice's packed tail (SPEC §6.2).
    pub fn is_packed_tile(&self, tile: u32) -> bool {
        let p = &self.packed_mip_desc;
        p.num_packed_mips > 0
            && tile % self.tiles_per_slice().max(1) >= p.start_tile_index_in_overall_resource
    }
}

fn ceil_div(a: u64, b: u64) -> u64 {
    a.div_ceil(b)
}

fn to_u32(v: u64, what: &'static str) -> Result<u32, TiledError> {
    u32::try_from(v).map_err(|_| {
        refuse(
            "SPEC §6.2 tile indices are UINT",
            what,
            v,
            u64::from(u32::MAX),
        )
    })
}

/// `GetResourceTiling` of a tiled resource at `tier`, after the creation rules of SPEC §6.1/§6.2.
///
/// RefDev choices (docs/tiled-resources.md): Tier 2/3 pack exactly the mips below one full tile in
/// some dimension; the tail is packed linearly at the element size, N = ceil(bytes / 65536) per slice.
pub fn get_resource_tiling(
    desc: &TiledDesc,
    tier: TiledTier,
    has_initial_data: bool,
) -> Result<ResourceTiling, TiledError> {
    match desc {
        TiledDesc::Buffer(b) => buffer_tiling(b, has_initial_data),
        TiledDesc::Texture(t) => texture_tiling(t, tier, has_initial_data),
    }
}

fn buffer_tiling(b: &BufferDesc, init: bool) -> Result<ResourceTiling, TiledError> {
    check_common(b.usage, b.bind_flags, init)?;
    if b.byte_width == 0 {
        return Err(refuse("SPEC §6.1 buffer size", "byte width", 0, 1));
    }
    let n = to_u32(ceil_div(u64::from(b.byte_width), TILE_SIZE_BYTES), "tiles")?;
    Ok(ResourceTiling {
        num_tiles_for_entire_resource: n,
        packed_mip_desc: PackedMipDesc {
            num_standard_mips: 1,
            ..PackedMipDesc::default()
        },
        standard_tile_shape_for_non_packed_mips: TileShape {
            width: TILE_SIZE_BYTES as u32,
            height: 1,
            depth: 1,
        },
        subresource_tilings: vec![SubresourceTiling {
            width_in_tiles: n,
            height_in_tiles: 1,
            depth_in_tiles: 1,
            start_tile_index_in_overall_resource: 0,
        }],
        mip_levels: 1,
        array_size: 1,
        is_buffer: true,
    })
}

fn texture_tiling(
    t: &TextureDesc,
    tier: TiledTier,
    init: bool,
) -> Result<ResourceTiling, TiledError> {
    let dim = match t.dimension {
        TextureDimension::D1 => {
            return Err(refuse(
                "SPEC §6.1 Texture1D is never tiled",
                "dimension",
                1,
                0,
            ));
        }
        TextureDimension::D2 => TileDimension::Texture2D,
        TextureDimension::D3 if tier < TiledTier::Tier3 => {
            return Err(refuse(
                "SPEC §6.1 tiled Texture3D needs Tier 3",
                "tier",
                tier as u64,
                3,
            ));
        }
        TextureDimension::D3 => TileDimension::Texture3D,
    };
    check_common(t.usage, t.bind_flags, init)?;
    let samples = t.sample_desc.count;
    let shape = standard_tile_shape(t.format, dim, samples)?;
    let info = t.format.info();
    let mips = t.resolved_mip_levels();
    let arrays = if dim == TileDimension::Texture3D {
        1
    } else {
        t.array_size.max(1)
    };
    let depth0 = if dim == TileDimension::Texture3D {
        t.depth.max(1)
    } else {
        1
    };
    let extent = |m: u32| {
        [
            (t.width >> m).max(1),
            (t.height >> m).max(1),
            (depth0 >> m).max(1),
        ]
    };
    let tile = [shape.width, shape.height, shape.depth];
    let standard = |m: u32| {
        let e = extent(m);
        (0..3).all(|i| match tier {
            TiledTier::Tier1 => e[i] % tile[i] == 0,
            _ => e[i] >= tile[i],
        })
    };
    let num_standard = (0..mips).find(|&m| !standard(m)).unwrap_or(mips);
    let num_packed = mips - num_standard;
    if num_packed > 0 && arrays > 1 {
        return Err(refuse(
            "SPEC §6.2 a tiled array may not have mips below the tile size (Tier 1: not a multiple)",
            "array size",
            u64::from(arrays),
            1,
        ));
    }
    let mut per_slice: Vec<(u32, u32, u32, u64)> = Vec::new();
    let mut slice_standard_tiles = 0u64;
    for m in 0..num_standard {
        let e = extent(m);
        let n: Vec<u64> = (0..3)
            .map(|i| ceil_div(u64::from(e[i]), u64::from(tile[i])))
            .collect();
        per_slice.push((n[0] as u32, n[1] as u32, n[2] as u32, slice_standard_tiles));
        slice_standard_tiles += n[0] * n[1] * n[2];
    }
    let tail_bytes: u64 = (num_standard..mips)
        .map(|m| {
            let e = extent(m);
            ceil_div(u64::from(e[0]), u64::from(info.block_width))
                * ceil_div(u64::from(e[1]), u64::from(info.block_height))
                * u64::from(e[2])
                * u64::from(info.bytes_per_block)
                * u64::from(samples)
        })
        .sum();
    let tail_tiles = ceil_div(tail_bytes, TILE_SIZE_BYTES);
    let slice_tiles = slice_standard_tiles + tail_tiles;
    let total = to_u32(slice_tiles * u64::from(arrays), "tiles of the resource")?;
    let mut subresource_tilings = Vec::new();
    for s in 0..u64::from(arrays) {
        for m in 0..mips {
            subresource_tilings.push(match per_slice.get(m as usize) {
                Some(&(w, h, d, start)) => SubresourceTiling {
                    width_in_tiles: w,
                    height_in_tiles: h,
                    depth_in_tiles: d,
                    start_tile_index_in_overall_resource: (start + s * slice_tiles) as u32,
                },
                None => SubresourceTiling {
                    width_in_tiles: 0,
                    height_in_tiles: 0,
                    depth_in_tiles: 0,
                    start_tile_index_in_overall_resource: PACKED_TILE,
                },
            });
        }
    }
    let packed_mip_desc = PackedMipDesc {
        num_standard_mips: num_standard,
        num_packed_mips: num_packed,
        num_tiles_for_packed_mips: tail_tiles as u32,
        start_tile_index_in_overall_resource: if num_packed > 0 {
            slice_standard_tiles as u32
        } else {
            0
        },
    };
    Ok(ResourceTiling {
        num_tiles_for_entire_resource: total,
        packed_mip_desc,
        standard_tile_shape_for_non_packed_mips: if num_standard == 0 {
            TileShape::default()
        } else {
            shape
        },
        subresource_tilings,
        mip_levels: mips,
        array_size: arrays,
        is_buffer: false,
    })
}
