//! The tiled-resources model (SPEC §6): shapes, tilings, pools, mapping tables (TESTCASES TR-*).

mod mapping;
mod pool_copy;
mod props;
mod shapes;
mod tiling;
mod validation;

use tessera_caps::{BindFlags, BufferDesc, TextureDesc, TextureDimension};
use tessera_format::Format;
use tessera_resource::MemoryBudget;
use tessera_resource::tiled::*;
use tessera_testkit::desc::*;

/// A tiled Texture2D description (default usage, SRV, `mips` levels, `arrays` slices).
pub fn t2d(w: u32, h: u32, mips: u32, arrays: u32, format: Format) -> TextureDesc {
    let mut d = tex2d(w, h, format, BindFlags::SHADER_RESOURCE);
    d.mip_levels = mips;
    d.array_size = arrays;
    d
}

/// A tiled Texture3D description.
pub fn t3d(w: u32, h: u32, d: u32, mips: u32, format: Format) -> TextureDesc {
    let mut t = tex3d(w, h, d, mips, format, BindFlags::SHADER_RESOURCE);
    t.dimension = TextureDimension::D3;
    t
}

/// A tiled buffer of `bytes` (SRV bind).
pub fn tbuf(bytes: u32) -> BufferDesc {
    buffer_desc(bytes, BindFlags::SHADER_RESOURCE)
}

/// The tiling of a texture at `tier`, unwrapped.
pub fn tiling(d: TextureDesc, tier: TiledTier) -> ResourceTiling {
    get_resource_tiling(&TiledDesc::Texture(d), tier, false).unwrap()
}

/// A mapping table for a `tw`×`th`-tile RGBA8 texture (1 mip) and a pool of `pool_tiles`.
pub fn table(tw: u32, th: u32, pool_tiles: u64) -> (TileMappings, TilePool) {
    let t = tiling(
        t2d(tw * 128, th * 128, 1, 1, Format::R8G8B8A8Unorm),
        TiledTier::Tier2,
    );
    let pool = TilePool::new(&MemoryBudget::new(1 << 30), pool_tiles * 65536).unwrap();
    (TileMappings::new(t), pool)
}

/// Tile index of (x, y) in subresource 0 of a table made by [`table`].
pub fn at(m: &TileMappings, x: u32, y: u32) -> usize {
    (x + y * m.tiling().subresource_tilings[0].width_in_tiles) as usize
}
