//! `CreateBuffer(MISC_TILE_POOL)`, `CreateBuffer/CreateTexture2D/3D(MISC_TILED)` and
//! `GetResourceTiling`: the caps gate (a tiled tier, misc flags, ordinary
//! rules), then the tiling rules of `tessera_resource::tiled` (SPEC §6.1, §6.2, TR-05/TR-06).

use tessera_caps::{BufferDesc, TextureDesc};
use tessera_resource::SubresourceData;
use tessera_resource::tiled::{
    ResourceTiling, TilePool, TiledDesc, TiledTier, get_resource_tiling,
};

use super::TiledResource;
use crate::device::Device;
use crate::error::Result;

fn tier_of(t: u32) -> TiledTier {
    match t {
        1 => TiledTier::Tier1,
        2 => TiledTier::Tier2,
        // `Caps::new` admits only 1..=3.
        _ => TiledTier::Tier3,
    }
}

impl Device {
    /// The device's tiled-resources tier (`TiledResourcesTier`, SPEC §6.11), `None` where it is
    /// 0 (below 11_0, or created with `tiled_resources_tier: Some(0)`).
    pub fn tiled_tier(&self) -> Option<TiledTier> {
        self.caps().tiled_tier().map(tier_of)
    }

    /// `CreateBuffer` with `MISC_TILE_POOL` (SPEC §6.1): USAGE_DEFAULT, a multiple of 65536
    /// bytes (0 allowed); its tiles are reserved from this device's memory budget and get
    /// bytes on first write.
    pub fn create_tile_pool(&self, desc: &BufferDesc) -> Result<TilePool> {
        let make = || -> Result<TilePool> {
            self.caps().validate_tile_pool(desc)?;
            Ok(TilePool::new_desc(&self.inner.budget, desc)?)
        };
        self.refused("CreateBuffer", make())
    }

    /// `CreateBuffer` with `MISC_TILED` (SPEC §6.1): every tile starts NULL. `init` must be
    /// `None` (tiled resources take no initial data; it is refused, not ignored).
    pub fn create_tiled_buffer(
        &self,
        desc: &BufferDesc,
        init: Option<&[u8]>,
    ) -> Result<TiledResource> {
        let make = || -> Result<TiledResource> {
            let tier = tier_of(self.caps().validate_tiled_buffer(desc)?);
            self.tiled(TiledDesc::Buffer(*desc), tier, init.is_some())
        };
        self.refused("CreateBuffer", make())
    }

    /// `CreateTexture2D/3D` with `MISC_TILED` (SPEC §6.1, §6.2; Texture3D at Tier 3 only,
    /// Texture1D never): every tile starts NULL. `init` must be `None`.
    pub fn create_tiled_texture(
        &self,
        desc: &TextureDesc,
        init: Option<&[SubresourceData<'_>]>,
    ) -> Result<TiledResource> {
        let make = || -> Result<TiledResource> {
            let tier = tier_of(self.caps().validate_tiled_texture(desc)?);
            self.tiled(TiledDesc::Texture(*desc), tier, init.is_some())
        };
        self.refused("CreateTexture", make())
    }

    fn tiled(&self, desc: TiledDesc, tier: TiledTier, init: bool) -> Result<TiledResource> {
        let tiling = get_resource_tiling(&desc, tier, init)?;
        Ok(TiledResource::new(
            desc,
            tier,
            self.caps().device_id(),
            tiling,
        ))
    }

    /// `GetResourceTiling` (SPEC §6.2): total tiles, packed-mip description, standard tile
    /// shape (0×0×0 when fully packed) and every subresource's tiling.
    pub fn get_resource_tiling(&self, resource: &TiledResource) -> Result<ResourceTiling> {
        let r = self
            .check_owner("GetResourceTiling", "tiled resource", resource.owner())
            .map(|()| resource.tiling());
        self.refused("GetResourceTiling", r)
    }
}
