//! The ordinary copy, update, resolve and mip calls with tiled resources (SPEC §6.5, §6.8):
//! `CopySubresourceRegion` with boxes, `UpdateSubresource` with boxes, `CopyResource`,
//! `ResolveSubresource` and `GenerateMips`. Each tiled side is staged in an ordinary
//! stand-in (`crate::tiled::StandIn`), the ordinary operation of `tessera_resource` runs on
//! the stand-ins (every D3D11 rule of the ordinary call applies unchanged), and the written
//! stand-ins are stored back through the tiles with the NULL rules (reads 0 / writes dropped;
//! Tier 1: `tiled_null_read` and `NULL_TILE_MAPPING_ACCESS_ERROR`, once per call and resource).
//! A refused call stores nothing and reports no access.

use std::sync::MutexGuard;

use tessera_caps::{MiscFlags, SubresourceRange, ViewDesc};
use tessera_format::Format;
use tessera_resource::tiled::{TileMappings, TiledDesc};
use tessera_resource::{Box3, Resource, ResourceError, ShaderResourceView, Texture};

use super::DeviceContext;
use crate::error::Result;
use crate::tiled::{
    Access, AnyResource, StandIn, Subresources, TiledResource, TiledShaderResourceView,
    stand_in_union,
};

/// One resource a call takes: which subresources, the texel box it touches (`None`: all of
/// them), and whether the call writes it.
struct Side<'a> {
    any: AnyResource<'a>,
    subs: Subresources,
    region: Option<Box3>,
    written: bool,
}

/// A texel box of `extent` at `at`.
fn boxed([x, y, z]: [u32; 3], [w, h, d]: [u32; 3]) -> Box3 {
    Box3 {
        left: x,
        top: y,
        front: z,
        right: x.saturating_add(w),
        bottom: y.saturating_add(h),
        back: z.saturating_add(d),
    }
}

/// The texel extent of subresource `sub` (a buffer: its bytes × 1 × 1); `None` if it has none.
fn extent(any: AnyResource<'_>, sub: u32) -> Option<[u32; 3]> {
    match any {
        AnyResource::Plain(Resource::Buffer(b)) => Some([b.len() as u32, 1, 1]),
        AnyResource::Plain(Resource::Texture(t)) => {
            let l = t.layout(sub).ok()?;
            Some([l.width, l.height, l.depth])
        }
        AnyResource::Tiled(r) => match r.desc() {
            TiledDesc::Buffer(b) => Some([b.byte_width, 1, 1]),
            TiledDesc::Texture(td) => {
                let mips = td.resolved_mip_levels().max(1);
                let m = sub % mips;
                let d = if td.dimension == tessera_caps::TextureDimension::D3 {
                    td.depth
                } else {
                    1
                };
                Some([
                    (td.width >> m).max(1),
                    (td.height >> m).max(1),
                    (d >> m).max(1),
                ])
            }
        },
    }
}

impl DeviceContext {
    /// Runs `op` on the sides as ordinary resources (tiled sides staged in stand-ins, loaded
    /// before, the written ones stored after; see the module doc).
    fn staged(
        &self,
        call: &'static str,
        sides: &[Side<'_>],
        op: impl FnOnce(&[Resource]) -> Result<()>,
    ) -> Result<()> {
        self.device.check_not_removed(call)?;
        for s in sides {
            match s.any {
                AnyResource::Plain(r) => self.owned(call, "resource", r.owner())?,
                AnyResource::Tiled(r) => self.owned(call, "tiled resource", r.owner())?,
            }
        }
        // The tiled resources, each once, locked in address order (no deadlock between two
        // contexts copying both ways).
        let mut tiled: Vec<&TiledResource> = sides
            .iter()
            .filter_map(|s| match s.any {
                AnyResource::Tiled(r) => Some(r),
                AnyResource::Plain(_) => None,
            })
            .collect();
        tiled.sort_by_key(|r| r.addr());
        tiled.dedup_by(|a, b| a.ptr_eq(b));
        let guards: Vec<MutexGuard<'_, TileMappings>> = tiled.iter().map(|r| r.lock()).collect();
        let index = |r: &TiledResource| tiled.iter().position(|t| t.ptr_eq(r)).unwrap_or(0);
        // One stand-in per (resource, subresources): a call reading and writing one
        // subresource sees one ordinary resource (the ordinary overlap rule applies).
        let mut stand: Vec<(usize, Subresources, StandIn, bool)> = Vec::new();
        let mut resources = Vec::with_capacity(sides.len());
        for (i, s) in sides.iter().enumerate() {
            let AnyResource::Tiled(r) = s.any else {
                if let AnyResource::Plain(p) = s.any {
                    resources.push(p.clone());
                }
                continue;
            };
            let k = index(r);
            if let Some((_, _, st, w)) = stand
                .iter_mut()
                .find(|(j, subs, _, _)| *j == k && *subs == s.subs)
            {
                *w |= s.written;
                resources.push(st.resource());
                continue;
            }
            let region = sides
                .iter()
                .skip(i)
                .filter(|o| {
                    matches!(o.any, AnyResource::Tiled(t) if t.ptr_eq(r)) && o.subs == s.subs
                })
                .map(|o| o.region)
                .reduce(stand_in_union)
                .flatten();
            let st = StandIn::new(&self.device, r, &guards[k], &s.subs, region)?;
            resources.push(st.resource());
            stand.push((k, s.subs.clone(), st, s.written));
        }
        let mut access: Vec<Access<'_>> = tiled
            .iter()
            .zip(&guards)
            .map(|(r, g)| Access::new(&self.device, r, g))
            .collect();
        for (k, _, st, _) in &stand {
            st.load(&mut access[*k])?;
        }
        op(&resources)?;
        for (k, _, st, written) in &stand {
            if *written {
                st.store(&mut access[*k])?;
            }
        }
        for a in access {
            a.report(&self.device, call, call)?;
        }
        Ok(())
    }

    /// `CopySubresourceRegion` where either side may be tiled: the box `src_box` of
    /// `src_sub` (`None`: all of it) to (`dst_x`, `dst_y`, `dst_z`) of `dst_sub`, with every
    /// rule of [`Self::copy_subresource_region`]. Tiled texels on NULL tiles read 0 (Tier 1:
    /// the device's `Tier1NullRead`) and writes to them are dropped; the same tiled
    /// subresource as source and destination copies as through a temporary.
    #[expect(
        clippy::too_many_arguments,
        reason = "the parameters of D3D11's CopySubresourceRegion"
    )]
    pub fn copy_subresource_region_any(
        &mut self,
        dst: AnyResource<'_>,
        dst_sub: u32,
        dst_x: u32,
        dst_y: u32,
        dst_z: u32,
        src: AnyResource<'_>,
        src_sub: u32,
        src_box: Option<&Box3>,
    ) -> Result<()> {
        const CALL: &str = "CopySubresourceRegion";
        if let (AnyResource::Plain(d), AnyResource::Plain(s)) = (dst, src) {
            return self
                .copy_subresource_region(d, dst_sub, dst_x, dst_y, dst_z, s, src_sub, src_box);
        }
        let src_region = src_box.copied();
        let copied = match src_region {
            Some(b) => Some([
                b.right.saturating_sub(b.left),
                b.bottom.saturating_sub(b.top),
                b.back.saturating_sub(b.front),
            ]),
            None => extent(src, src_sub),
        };
        let sides = [
            Side {
                any: dst,
                subs: Subresources::One(dst_sub),
                region: copied.map(|e| boxed([dst_x, dst_y, dst_z], e)),
                written: true,
            },
            Side {
                any: src,
                subs: Subresources::One(src_sub),
                region: src_region,
                written: false,
            },
        ];
        let run = self.staged(CALL, &sides, |r| {
            let caps = self.device.caps();
            let (d, s) = (&r[0], &r[1]);
            let (ds, ss) = (sub_of(dst, dst_sub), sub_of(src, src_sub));
            Ok(tessera_resource::copy_subresource_region(
                caps, d, ds, dst_x, dst_y, dst_z, s, ss, src_box,
            )?)
        });
        self.device.refused(CALL, run)
    }

    /// `UpdateSubresource` of a tiled resource: `data` (rows `row_pitch`, planes
    /// `depth_pitch` apart) into the box `dst_box` of subresource `sub` (`None`: all of it; a
    /// tiled buffer: a byte range), with every rule of [`Self::update_subresource`]. Writes to
    /// NULL tiles are dropped (Tier 1: reported).
    pub fn update_subresource_tiled(
        &mut self,
        dst: &TiledResource,
        sub: u32,
        dst_box: Option<&Box3>,
        data: &[u8],
        row_pitch: usize,
        depth_pitch: usize,
    ) -> Result<()> {
        const CALL: &str = "UpdateSubresource";
        let sides = [Side {
            any: AnyResource::Tiled(dst),
            subs: Subresources::One(sub),
            region: dst_box.copied(),
            written: true,
        }];
        let run = self.staged(CALL, &sides, |r| {
            Ok(tessera_resource::update_subresource(
                self.device.caps(),
                &r[0],
                0,
                dst_box,
                data,
                row_pitch,
                depth_pitch,
            )?)
        });
        self.device.refused(CALL, run)
    }

    /// `CopyResource` where either side may be tiled (buffers and textures, every
    /// subresource), with every rule of [`Self::copy_resource`] (one resource as both sides is
    /// refused). NULL tiles read 0 / drop writes (Tier 1: reported).
    pub fn copy_resource_any(&mut self, dst: AnyResource<'_>, src: AnyResource<'_>) -> Result<()> {
        const CALL: &str = "CopyResource";
        if let (AnyResource::Plain(d), AnyResource::Plain(s)) = (dst, src) {
            return self.copy_resource(d, s);
        }
        let side = |any, written| Side {
            any,
            subs: Subresources::All,
            region: None,
            written,
        };
        let sides = [side(dst, true), side(src, false)];
        let run = self.staged(CALL, &sides, |r| {
            Ok(tessera_resource::copy_resource(
                self.device.caps(),
                &r[0],
                &r[1],
            )?)
        });
        self.device.refused(CALL, run)
    }

    /// `ResolveSubresource` where either side may be tiled, with every rule of
    /// [`Self::resolve_subresource`]. A multisampled tiled source's samples are read through
    /// the tiles (NULL: 0; Tier 1: the `Tier1NullRead` value, reported); a tiled destination
    /// drops writes to NULL tiles (Tier 1: reported).
    pub fn resolve_subresource_any(
        &mut self,
        dst: AnyResource<'_>,
        dst_sub: u32,
        src: AnyResource<'_>,
        src_sub: u32,
        format: Format,
    ) -> Result<()> {
        const CALL: &str = "ResolveSubresource";
        let sides = [
            Side {
                any: dst,
                subs: Subresources::One(dst_sub),
                region: None,
                written: true,
            },
            Side {
                any: src,
                subs: Subresources::One(src_sub),
                region: None,
                written: false,
            },
        ];
        let run = self.staged(CALL, &sides, |r| {
            let tex = |r: &Resource| -> Result<Texture> {
                Ok(r.as_texture()
                    .ok_or(ResourceError::InvalidOperation {
                        op: CALL,
                        reason: "ResolveSubresource takes textures".into(),
                    })?
                    .clone())
            };
            Ok(tessera_resource::resolve_subresource(
                self.device.caps(),
                &tex(&r[0])?,
                sub_of(dst, dst_sub),
                &tex(&r[1])?,
                sub_of(src, src_sub),
                format,
            )?)
        });
        self.device.refused(CALL, run)
    }

    /// `GenerateMips` on a shader-resource view of a tiled texture, with every rule of
    /// [`Self::generate_mips`] (GENERATE_MIPS, RENDER_TARGET | SHADER_RESOURCE binds, a
    /// filterable format). Mip by mip, as D3D renders each mip from the one above (SPEC §6.5:
    /// "GenerateMips on partially mapped resources just follows the NULL rules"): mip `m + 1`
    /// is made from mip `m` **as read through the tiles** (NULL texels read 0; Tier 1: the
    /// `Tier1NullRead` value), then stored with writes to NULL tiles dropped, so a mip below a
    /// NULL mip is made from zeros. Tier 1 reports once per call.
    pub fn generate_mips_tiled(&mut self, srv: &TiledShaderResourceView) -> Result<()> {
        const CALL: &str = "GenerateMips";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            self.owned(CALL, "tiled resource", srv.resource().owner())?;
            let (v, resource) = (srv.desc(), srv.resource());
            let r = v.range;
            let caps = self.device.caps();
            let map = resource.lock();
            let mut access = Access::new(&self.device, resource, &map);
            // Pairs of mips (one level for a one-mip view: the rules run, nothing changes).
            for m in 0..r.mip_levels.max(2) - 1 {
                let first = r.most_detailed_mip + m;
                let mips = first..(first + 2).min(r.most_detailed_mip + r.mip_levels);
                let subs = Subresources::View {
                    mips: mips.clone(),
                    slices: r.first_array_slice..r.first_array_slice + r.array_size,
                    keep: MiscFlags(MiscFlags::GENERATE_MIPS.0 | MiscFlags::TEXTURE_CUBE.0),
                };
                let st = StandIn::new(&self.device, resource, &map, &subs, None)?;
                st.load(&mut access)?;
                let desc = ViewDesc {
                    range: SubresourceRange {
                        most_detailed_mip: 0,
                        mip_levels: mips.len() as u32,
                        first_array_slice: 0,
                        ..r
                    },
                    ..v
                };
                let view = ShaderResourceView::new(caps, st.resource(), Some(&desc))?;
                tessera_resource::generate_mips(caps, &view)?;
                st.store(&mut access)?;
            }
            access.report(&self.device, CALL, CALL)
        };
        self.device.refused(CALL, run())
    }
}

/// The stand-in's number of subresource `sub` of `any` (a tiled side holds it as 0).
fn sub_of(any: AnyResource<'_>, sub: u32) -> u32 {
    match any {
        AnyResource::Plain(_) => sub,
        AnyResource::Tiled(_) => 0,
    }
}
