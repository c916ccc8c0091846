//! The device-level gate of tiled resources (SPEC §6.1, §6.11): the device's tiled tier
//! ([`Caps::tiled_tier`]) must be at least 1, and the misc flags a tile pool or a
//! tiled resource may carry. The rules that depend on the tiling (formats, sample counts, mips,
//! usage, binds, initial data: TESTCASES TR-05/TR-06) are `tessera_resource::tiled`'s.

use super::{invalid, unsupported};
use crate::caps::Caps;
use crate::desc::{BufferDesc, MiscFlags, TextureDesc};
use crate::error::CapsError;

const GATE_RULE: &str = "SPEC §6.11 tiled resources (TiledResourcesTier >= 1)";

impl Caps {
    /// The device's tiled tier, or the level's `Unsupported` where it is 0 (below 11_0, or a
    /// device created with `tiled_resources_tier: Some(0)`).
    fn tiled_gate(&self, feature: &'static str) -> Result<u32, CapsError> {
        self.tiled_tier()
            .ok_or(unsupported(self.level(), feature, GATE_RULE))
    }

    /// `CreateBuffer` with `MISC_TILE_POOL` (SPEC §6.1): the tier is at least 1, no other misc flag
    /// (shared pools are not modelled), then the ordinary buffer rules. Returns the tier.
    pub fn validate_tile_pool(&self, desc: &BufferDesc) -> Result<u32, CapsError> {
        let tier = self.tiled_gate("tile pools (MISC_TILE_POOL)")?;
        if desc.misc_flags != MiscFlags::TILE_POOL {
            return Err(invalid(
                self.level(),
                "SPEC §6.1 a tile pool carries MISC_TILE_POOL alone (Tessera: shared pools are not modelled)",
                format!("misc flags {:#x}", desc.misc_flags.0),
            ));
        }
        if desc.byte_width != 0 {
            self.validate_buffer(&BufferDesc {
                misc_flags: MiscFlags::default(),
                ..*desc
            })?;
        }
        Ok(tier)
    }

    /// `CreateBuffer` with `MISC_TILED` (SPEC §6.1): the tier is at least 1, no `SHARED` or
    /// `TILE_POOL`, then the ordinary buffer rules. Returns the tier.
    pub fn validate_tiled_buffer(&self, desc: &BufferDesc) -> Result<u32, CapsError> {
        let tier = self.tiled_gate("tiled buffers (MISC_TILED)")?;
        self.tiled_misc(desc.misc_flags)?;
        self.validate_buffer(&BufferDesc {
            misc_flags: MiscFlags(desc.misc_flags.0 & !MiscFlags::TILED.0),
            ..*desc
        })?;
        Ok(tier)
    }

    /// `CreateTexture2D/3D` with `MISC_TILED` (SPEC §6.1): the tier is at least 1, no `SHARED` or
    /// `TILE_POOL`, then the ordinary texture rules. Returns the tier.
    pub fn validate_tiled_texture(&self, desc: &TextureDesc) -> Result<u32, CapsError> {
        let tier = self.tiled_gate("tiled textures (MISC_TILED)")?;
        self.tiled_misc(desc.misc_flags)?;
        self.validate_texture(&TextureDesc {
            misc_flags: MiscFlags(desc.misc_flags.0 & !MiscFlags::TILED.0),
            ..*desc
        })?;
        Ok(tier)
    }

    fn tiled_misc(&self, misc: MiscFlags) -> Result<(), CapsError> {
        if !misc.contains(MiscFlags::TILED)
            || misc.intersects(MiscFlags::SHARED | MiscFlags::TILE_POOL)
        {
            return Err(invalid(
                self.level(),
                "SPEC §6.1 a tiled resource carries MISC_TILED, and not SHARED or TILE_POOL",
                format!("misc flags {:#x}", misc.0),
            ));
        }
        Ok(())
    }
}
