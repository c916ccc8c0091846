//! `CopySubresourceRegion` of a whole subresource between a tiled texture and an ordinary one
//! (SPEC §6.5, §6.8; TESTCASES TR-25): the tiled side through the mapping table with the NULL
//! rules (reads 0, writes dropped; Tier 1 reported), the ordinary side row by row through its
//! surface (the memory owner's rows).

use tessera_caps::Usage;
use tessera_format::memory::TiledSubresource;
use tessera_resource::Texture;
use tessera_resource::tiled::{
    TileMappings, TiledCall, TiledDesc, TiledError, subresource_placement,
};

use super::DeviceContext;
use crate::error::{Error, Result};
use crate::tiled::{Access, TiledResource};

const CALL: &str = "CopySubresourceRegion";

fn refuse(rule: &'static str, what: &'static str, value: u64, limit: u64) -> Error {
    TiledError::param(TiledCall::Tiles, rule, what, value, limit).into()
}

/// The checks both directions share: owners, a tiled texture, one format, an ordinary side that
/// is not mapped (and, written, not IMMUTABLE), the same extent and one sample. Returns the
/// tiled subresource's placement.
fn check(
    ctx: &DeviceContext,
    tex: &Texture,
    tex_sub: u32,
    tiled: &TiledResource,
    map: &TileMappings,
    tiled_sub: u32,
    tex_written: bool,
) -> Result<TiledSubresource> {
    ctx.owned(CALL, "resource", tex.owner())?;
    ctx.owned(CALL, "tiled resource", tiled.owner())?;
    let TiledDesc::Texture(td) = tiled.desc() else {
        return Err(refuse(
            "a tiled buffer is copied with CopyTiles (Tessera: no buffer CopySubresourceRegion with tiles)",
            "tiled dimension",
            0,
            1,
        ));
    };
    let d = tex.desc();
    if d.format != td.format {
        return Err(refuse(
            "CopySubresourceRegion with a tiled texture needs the same format (Tessera)",
            "format",
            d.format as u64,
            td.format as u64,
        ));
    }
    if (tex_written && d.usage == Usage::Immutable) || tex.is_mapped(tex_sub) {
        return Err(refuse(
            "the ordinary texture is not mapped, and not IMMUTABLE when written (D3D11 CopySubresourceRegion)",
            "usage",
            d.usage as u64,
            0,
        ));
    }
    let place = subresource_placement(tiled.desc(), map.tiling(), tiled_sub)?;
    let dims = {
        let g = tex.read();
        let s = g.surface(tex_sub)?;
        (s.width_in_elements(), s.height_in_elements(), s.depth())
    };
    if dims != (place.width, place.height, place.depth) || place.samples != 1 {
        return Err(refuse(
            "CopySubresourceRegion with a tiled texture copies a whole subresource of the same extent, one sample (Tessera)",
            "width in elements",
            u64::from(dims.0),
            u64::from(place.width),
        ));
    }
    Ok(place)
}

/// Rows of a tight subresource copy of `place`, with their (y, z).
fn rows(
    place: &TiledSubresource,
    len: usize,
) -> impl Iterator<Item = (u32, u32, std::ops::Range<usize>)> {
    let n = (place.height as usize * place.depth as usize).max(1);
    let row = (len / n).max(1);
    let h = place.height.max(1);
    (0..n).map(move |i| (i as u32 % h, i as u32 / h, i * row..(i + 1) * row))
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
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            let map = src.lock();
            let place = check(self, dst, dst_sub, src, &map, src_sub, true)?;
            let mut bytes = tessera_resource::allocate_zeroed(place.linear_len())?;
            let mut access = Access::new(&self.device, src, &map);
            for s in place.spans() {
                let out = &mut bytes[s.linear_offset..s.linear_offset + s.len];
                access.read(s.tile, s.tile_offset, out)?;
            }
            let mut w = dst.write();
            let mut surface = w.surface_mut(dst_sub)?;
            for (y, z, r) in rows(&place, bytes.len()) {
                surface.row_mut(y, z).copy_from_slice(&bytes[r]);
            }
            access.report(&self.device, CALL, "CopySubresourceRegion")
        };
        self.device.refused(CALL, run())
    }

    /// Copies subresource `src_sub` of the ordinary texture `src` whole into subresource
    /// `dst_sub` of the tiled texture `dst` (same format, same extent, one sample; `src` not
    /// mapped). Writes to NULL tiles are dropped (Tier 1: reported).
    pub fn copy_subresource_to_tiled(
        &mut self,
        dst: &TiledResource,
        dst_sub: u32,
        src: &Texture,
        src_sub: u32,
    ) -> Result<()> {
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            let map = dst.lock();
            let place = check(self, src, src_sub, dst, &map, dst_sub, false)?;
            let mut bytes = tessera_resource::allocate_zeroed(place.linear_len())?;
            {
                let g = src.read();
                let surface = g.surface(src_sub)?;
                let len = bytes.len();
                for (y, z, r) in rows(&place, len) {
                    bytes[r].copy_from_slice(surface.row(y, z));
                }
            }
            let mut access = Access::new(&self.device, dst, &map);
            for s in place.spans() {
                access.write(
                    s.tile,
                    s.tile_offset,
                    &bytes[s.linear_offset..s.linear_offset + s.len],
                )?;
            }
            access.report(&self.device, CALL, "CopySubresourceRegion")
        };
        self.device.refused(CALL, run())
    }
}
