//! `CopySubresourceRegion` of a whole subresource from a tiled texture into an ordinary one
//! (SPEC §6.5, §6.8; TESTCASES TR-25): read through the mapping table with the NULL rules,
//! written row by row through the destination's surface (the memory owner's rows).

use tessera_caps::Usage;
use tessera_resource::Texture;
use tessera_resource::tiled::{TiledCall, TiledDesc, TiledError, subresource_placement};

use super::DeviceContext;
use crate::error::Result;
use crate::tiled::{Access, TiledResource};

fn refuse(rule: &'static str, what: &'static str, value: u64, limit: u64) -> crate::error::Error {
    TiledError::param(TiledCall::Tiles, rule, what, value, limit).into()
}

impl DeviceContext {
    /// Copies subresource `src_sub` of the tiled texture `src` whole into subresource `dst_sub`
    /// of `dst` (same format, same extent, one sample; `dst` not IMMUTABLE and not mapped).
    /// Texels on NULL tiles arrive as 0 (Tier 1: the device's `Tier1NullRead`, reported).
    pub fn copy_tiled_subresource(
        &mut self,
        dst: &Texture,
        dst_sub: u32,
        src: &TiledResource,
        src_sub: u32,
    ) -> Result<()> {
        const CALL: &str = "CopySubresourceRegion";
        let run = || -> Result<()> {
            self.owned(CALL, "resource", dst.owner())?;
            self.owned(CALL, "tiled resource", src.owner())?;
            let TiledDesc::Texture(sd) = src.desc() else {
                return Err(refuse(
                    "a tiled buffer is copied with CopyTiles (Tessera: no buffer CopySubresourceRegion from tiles)",
                    "source dimension",
                    0,
                    1,
                ));
            };
            let dd = dst.desc();
            if dd.format != sd.format {
                return Err(refuse(
                    "CopySubresourceRegion from a tiled texture needs the same format (Tessera)",
                    "destination format",
                    dd.format as u64,
                    sd.format as u64,
                ));
            }
            if dd.usage == Usage::Immutable || dst.is_mapped(dst_sub) {
                return Err(refuse(
                    "the copy destination is not IMMUTABLE and not mapped (D3D11 CopySubresourceRegion)",
                    "destination usage",
                    dd.usage as u64,
                    0,
                ));
            }
            let map = src.lock();
            let place = subresource_placement(src.desc(), map.tiling(), src_sub)?;
            let mut w = dst.write();
            let mut surface = w.surface_mut(dst_sub)?;
            let dims = (
                surface.width_in_elements(),
                surface.height_in_elements(),
                surface.depth(),
            );
            if dims != (place.width, place.height, place.depth) || place.samples != 1 {
                return Err(refuse(
                    "CopySubresourceRegion from a tiled texture copies a whole subresource of the same extent, one sample (Tessera)",
                    "destination width in elements",
                    u64::from(dims.0),
                    u64::from(place.width),
                ));
            }
            let mut bytes = tessera_resource::allocate_zeroed(place.linear_len())?;
            let mut access = Access::new(&self.device, src, &map);
            for s in place.spans() {
                access.read(
                    s.tile,
                    s.tile_offset,
                    &mut bytes[s.linear_offset..s.linear_offset + s.len],
                )?;
            }
            let row_len = bytes.len() / (place.height as usize * place.depth as usize).max(1);
            for (i, row) in bytes.chunks(row_len.max(1)).enumerate() {
                let (y, z) = (i as u32 % place.height, i as u32 / place.height);
                surface.row_mut(y, z).copy_from_slice(row);
            }
            access.report(&self.device, CALL, "CopySubresourceRegion")
        };
        self.device.refused(CALL, run())
    }
}
