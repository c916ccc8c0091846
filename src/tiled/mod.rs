//! The tiled-resources **preview** (issue #16 part 2, docs/tiled-resources.md): tile pools,
//! tiled buffers and Texture2D/2DArray/3D, their mappings, tile copies and updates, and
//! whole-subresource reads and writes through the mapping table, at the tier a device is
//! created with ([`tessera_caps::CapsOptions::emulated_tiled_tier`]).
//!
//! Part 3 (first slice): shader-resource views of tiled Texture2D / Texture2DArray
//! ([`TiledShaderResourceView`]) sampled in draws with the NULL rules of SPEC §6.8.
//!
//! Part 6: render-target and depth-stencil views of one slice of a tiled Texture2D /
//! Texture2DArray ([`TiledRenderTargetView`], [`TiledDepthStencilView`]), bound with
//! [`crate::DeviceContext::om_set_render_targets_tiled`]; draws and clears write and read them
//! through the tiles (the NULL rules of SPEC §6.8, draw-order writes on shared pool tiles).
//!
//! Tier 2 shader semantics and compute views: residency feedback and the per-sample clamp
//! through `tessera_sampler`'s `*_status` calls (Tier-1 refusal of shaders declaring them),
//! cube SRVs, UAVs of tiled buffers and Texture2D slices ([`TiledUnorderedAccessView`]) and
//! tiled buffer SRVs ([`TiledBufferShaderResourceView`]) in the compute stage.
//!
//! Copies, updates, resolves and mips: the ordinary calls with tiled resources
//! ([`AnyResource`]; `DeviceContext::copy_subresource_region_any`, `copy_resource_any`,
//! `update_subresource_tiled`, `resolve_subresource_any`, `generate_mips_tiled`) through
//! ordinary stand-ins of the touched subresources (`stand_in.rs`).
//!
//! What it is not: Texture3D views, multi-slice / MSAA targets (docs/tiled-resources.md
//! "Features by tier"). A
//! [`TiledResource`] is not a [`tessera_resource::Resource`], and `create_buffer` /
//! `create_texture` refuse `MISC_TILED`. `CheckFeatureSupport` keeps answering
//! `TiledResourcesTier` 0 until every feature of a tier is in.
//!
//! ```
//! use tessera::caps::{BindFlags, BufferDesc, CapsOptions, MiscFlags, TextureDesc};
//! use tessera::resource::tiled::{TileRegionSize, TiledResourceCoordinate, UpdateTileMappings};
//! use tessera::{Device, DeviceDesc, FeatureLevel, Format};
//!
//! let device = Device::new(&DeviceDesc {
//!     caps_options: CapsOptions { emulated_tiled_tier: Some(2), ..CapsOptions::default() },
//!     ..DeviceDesc::at(FeatureLevel::L11_1)
//! })?;
//! let pool = device.create_tile_pool(&BufferDesc {
//!     byte_width: 4 * 65536,
//!     misc_flags: MiscFlags::TILE_POOL,
//!     ..BufferDesc::default()
//! })?;
//! // 256×256 RGBA8 = 2×2 tiles of 128×128 texels, all NULL at first.
//! let texture = device.create_tiled_texture(
//!     &TextureDesc {
//!         misc_flags: MiscFlags::TILED,
//!         ..TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
//!     },
//!     None,
//! )?;
//! let mut ctx = device.immediate_context();
//! // Map tile (0, 0) to pool tile 3.
//! ctx.update_tile_mappings(&texture, &UpdateTileMappings {
//!     num_regions: 1,
//!     starts: Some(&[TiledResourceCoordinate::default()]),
//!     sizes: Some(&[TileRegionSize { num_tiles: 1, ..TileRegionSize::default() }]),
//!     pool: Some(&pool),
//!     num_ranges: 1,
//!     pool_starts: Some(&[3]),
//!     ..UpdateTileMappings::default()
//! })?;
//! ctx.write_tiled_subresource(&texture, 0, &vec![0xFF; 256 * 256 * 4])?;
//! let bytes = ctx.read_tiled_subresource(&texture, 0)?;
//! assert_eq!(bytes[..4], [0xFF; 4]); // texel (0, 0): tile (0, 0), mapped
//! assert_eq!(bytes[128 * 4..128 * 4 + 4], [0; 4]); // texel (128, 0): a NULL tile reads 0
//! # Ok::<(), tessera::Error>(())
//! ```

mod access;
mod create;
mod stand_in;
mod target;
mod uav;
mod view;

use std::sync::{Arc, Mutex, MutexGuard};

use tessera_caps::DeviceId;
use tessera_resource::tiled::{ResourceTiling, TileMappings, TiledDesc, TiledTier};

pub use crate::device::Tier1NullRead;
pub(crate) use access::Access;
pub use stand_in::AnyResource;
pub(crate) use stand_in::{StandIn, Subresources, union as stand_in_union};
pub(crate) use target::TiledTarget;
pub use target::{OmDepthStencil, OmRenderTarget, TiledDepthStencilView, TiledRenderTargetView};
pub use uav::{TiledBufferShaderResourceView, TiledUnorderedAccessView};
pub(crate) use view::ResolvedTiled;
pub use view::{NULL_BC1_BLOCK, TiledShaderResourceView};

/// The poison of [`Tier1NullRead::Poison`]: byte `i` of a tile reads `POISON_WORD[i % 4]`
/// (opaque magenta in R8G8B8A8, a NaN in R32_FLOAT).
pub const POISON_WORD: [u8; 4] = [0xFF, 0x00, 0xFF, 0xFF];

/// A tiled buffer or texture (`MISC_TILED`): its description, tiling and mapping table. A
/// cheap handle; clones name the same resource.
#[derive(Clone)]
pub struct TiledResource {
    inner: Arc<TiledInner>,
}

struct TiledInner {
    desc: TiledDesc,
    tier: TiledTier,
    owner: DeviceId,
    mappings: Mutex<TileMappings>,
}

impl std::fmt::Debug for TiledResource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TiledResource")
            .field("desc", &self.inner.desc)
            .field("tier", &self.inner.tier)
            .finish_non_exhaustive()
    }
}

impl TiledResource {
    pub(crate) fn new(
        desc: TiledDesc,
        tier: TiledTier,
        owner: DeviceId,
        tiling: ResourceTiling,
    ) -> Self {
        Self {
            inner: Arc::new(TiledInner {
                desc,
                tier,
                owner,
                mappings: Mutex::new(TileMappings::new(tiling)),
            }),
        }
    }

    /// The creation description.
    pub fn desc(&self) -> &TiledDesc {
        &self.inner.desc
    }

    /// The tier its rules follow (the device's emulated tier).
    pub fn tier(&self) -> TiledTier {
        self.inner.tier
    }

    /// The device that created it.
    pub fn owner(&self) -> DeviceId {
        self.inner.owner
    }

    /// Whether both handles name the same resource.
    pub fn ptr_eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// `GetResourceTiling` (SPEC §6.2).
    pub fn tiling(&self) -> ResourceTiling {
        self.lock().tiling().clone()
    }

    /// Every resource tile's pool tile now (`None` = NULL), in resource tile order. D3D has no
    /// call to read mappings back (SPEC §6.4); Tessera offers it so tests can see the table.
    pub fn mappings(&self) -> Vec<Option<u32>> {
        self.lock().entries().to_vec()
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, TileMappings> {
        // Every mutation validates first and applies without failing: a poisoned lock holds a
        // consistent table.
        self.inner
            .mappings
            .lock()
            .unwrap_or_else(|p| p.into_inner())
    }

    /// Address of the shared state, for a deadlock-free lock order of two resources.
    pub(crate) fn addr(&self) -> usize {
        Arc::as_ptr(&self.inner) as usize
    }
}
