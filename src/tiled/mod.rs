//! Tiled resources (issue #16, docs/tiled-resources.md, SPEC §6): tile pools, tiled buffers
//! and Texture2D/2DArray/cube/3D, their mappings, tile copies and updates, at the tier the
//! device runs ([`tessera_caps::CapsOptions::tiled_resources_tier`], default the highest the
//! level allows: 1 at 11_0, 3 from 11_1, as `TiledResourcesTier` answers).
//!
//! - Views: shader-resource views ([`TiledShaderResourceView`], cube and Texture3D included)
//!   sampled with the NULL rules of SPEC §6.8, residency feedback and the per-sample clamp
//!   (Tier 2); render-target and depth-stencil views of any slices, 4× MSAA included
//!   ([`TiledRenderTargetView`], [`TiledDepthStencilView`]); UAVs of buffers, Texture2D(Array)
//!   slices and Texture3D ([`TiledUnorderedAccessView`]) in the compute and pixel stages
//!   ([`OmUnorderedAccessView`]); tiled buffer SRVs ([`TiledBufferShaderResourceView`]) in
//!   compute. A view owns a *shadow* (`shadow.rs`) loaded from the tiles before a draw or a
//!   dispatch and stored after it.
//! - Copies, updates, resolves, mips and `ClearView`: the ordinary calls with tiled resources
//!   ([`AnyResource`]; `DeviceContext::copy_subresource_region_any`, `copy_resource_any`,
//!   `update_subresource_tiled`, `resolve_subresource_any`, `generate_mips_tiled`,
//!   `clear_view`) through ordinary stand-ins of the touched subresources (`stand_in.rs`).
//!
//! A [`TiledResource`] is not a [`tessera_resource::Resource`]: `create_buffer` /
//! `create_texture` refuse `MISC_TILED`, naming the `create_tiled_*` call. What is not done is
//! listed in docs/tiled-resources.md "Features by tier".
//!
//! ```
//! use tessera::caps::{BindFlags, BufferDesc, CapsOptions, MiscFlags, TextureDesc};
//! use tessera::resource::tiled::{TileRegionSize, TiledResourceCoordinate, UpdateTileMappings};
//! use tessera::{Device, DeviceDesc, FeatureLevel, Format};
//!
//! let device = Device::new(&DeviceDesc {
//!     caps_options: CapsOptions { tiled_resources_tier: Some(2), ..CapsOptions::default() },
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
mod overlap;
mod shadow;
mod stand_in;
mod target;
mod uav;
mod view;

use std::sync::{Arc, Mutex, MutexGuard};

use tessera_caps::DeviceId;
use tessera_resource::tiled::{ResourceTiling, TileMappings, TiledDesc, TiledTier};

pub use crate::device::Tier1NullRead;
pub(crate) use access::Access;
pub(crate) use overlap::{BoundTiles, report_shared_tiles};
pub use stand_in::AnyResource;
pub(crate) use stand_in::{StandIn, Subresources, union as stand_in_union};
pub(crate) use target::TiledTarget;
pub use target::{OmDepthStencil, OmRenderTarget, TiledDepthStencilView, TiledRenderTargetView};
pub use uav::{OmUnorderedAccessView, TiledBufferShaderResourceView, TiledUnorderedAccessView};
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
