//! The tiled-resources **preview** (issue #16 part 2, docs/tiled-resources.md): tile pools,
//! tiled buffers and Texture2D/2DArray/3D, their mappings, tile copies and updates, and
//! whole-subresource reads and writes through the mapping table, at the tier a device is
//! created with ([`tessera_caps::CapsOptions::emulated_tiled_tier`]).
//!
//! What it is not: views. A [`TiledResource`] is not a [`tessera_resource::Resource`], so no
//! shader-resource, render-target, depth-stencil or unordered-access view can be made of it,
//! and `create_buffer` / `create_texture` refuse `MISC_TILED` ("tiled resource views are not
//! implemented yet"). `CheckFeatureSupport` keeps answering `TiledResourcesTier` 0.

mod access;
mod create;

use std::sync::{Arc, Mutex, MutexGuard};

use tessera_caps::DeviceId;
use tessera_resource::tiled::{ResourceTiling, TileMappings, TiledDesc, TiledTier};

pub use crate::device::Tier1NullRead;
pub(crate) use access::Access;

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
