//! The device-level gate of tiled resources (SPEC §6.1, §6.11): the tiled-resources preview
//! ([`crate::CapsOptions::emulated_tiled_tier`]) must be on, and the misc flags a tile pool or a
//! tiled resource may carry. The rules that depend on the tiling (formats, sample counts, mips,
//! usage, binds, initial data: TESTCASES TR-05/TR-06) are `tessera_resource::tiled`'s.

use super::{invalid, unsupported};
use crate::caps::{Caps, tiled_tier_range};
use crate::desc::{BufferDesc, MiscFlags, TextureDesc};
use crate::error::CapsError;

const GATE_RULE: &str = "SPEC §6.11 tiled resources (Tessera: the emulated-tier preview)";

impl Caps {
    /// The emulated tier, or the refusal: the level's `Unsupported` below 11_0, else
    /// `NotImplemented` when the device was created without the preview.
    fn tiled_preview(&self, feature: &'static str) -> Result<u32, CapsError> {
        if let Some(t) = self.emulated_tiled_tier() {
            return Ok(t);
        }
        if tiled_tier_range(self.level()).1 == 0 {
            return Err(unsupported(self.level(), feature, GATE_RULE));
        }
        Err(CapsError::NotImplemented {
            level: self.level(),
            feature,
            rule: GATE_RULE,
        })
    }

    /// `CreateBuffer` with `MISC_TILE_POOL` (SPEC §6.1): the preview is on, no other misc flag
    /// (shared pools are not modelled), then the ordinary buffer rules. Returns the tier.
    pub fn validate_tile_pool(&self, desc: &BufferDesc) -> Result<u32, CapsError> {
        let tier = self.tiled_preview("tile pools (MISC_TILE_POOL) without the tiled preview")?;
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

    /// `CreateBuffer` with `MISC_TILED` (SPEC §6.1): the preview is on, no `SHARED` or
    /// `TILE_POOL`, then the ordinary buffer rules. Returns the tier.
    pub fn validate_tiled_buffer(&self, desc: &BufferDesc) -> Result<u32, CapsError> {
        let tier = self.tiled_preview("tiled buffers (MISC_TILED) without the tiled preview")?;
        self.tiled_misc(desc.misc_flags)?;
        self.validate_buffer(&BufferDesc {
            misc_flags: MiscFlags(desc.misc_flags.0 & !MiscFlags::TILED.0),
            ..*desc
        })?;
        Ok(tier)
    }

    /// `CreateTexture2D/3D` with `MISC_TILED` (SPEC §6.1): the preview is on, no `SHARED` or
    /// `TILE_POOL`, then the ordinary texture rules. Returns the tier.
    pub fn validate_tiled_texture(&self, desc: &TextureDesc) -> Result<u32, CapsError> {
        let tier = self.tiled_preview("tiled textures (MISC_TILED) without the tiled preview")?;
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
