//! Render-target and depth-stencil views of tiled Texture2D / Texture2DArray (issue #16 part 6)
//! and how a draw or a clear reaches their tiles.
//!
//! A view owns a **shadow**: an ordinary single-subresource texture of the viewed mip's extent,
//! reserved from the device budget at view creation. Before a draw (or a clear), the view's
//! rows are **loaded** into the shadow through the memory owner's translation
//! (`TiledSubresource::row_spans`: runs contiguous in one tile and one row), NULL tiles read as
//! SPEC §6.8 says ([`Access`]: 0 at Tier 2/3; the device's `Tier1NullRead` at Tier 1); the
//! pipeline then blends, depth-tests and writes the shadow exactly as an untiled target; after
//! the draw the shadow is **stored** back: a resource tile whose bytes changed is written to
//! its pool tile whole-run by run, writes to NULL tiles are dropped. Stores walk resource
//! tiles in index order after the whole draw, so the bytes are the same at any thread count;
//! two resource tiles on one pool tile (REUSE_SINGLE_TILE) see each other's writes draw by
//! draw, and within one draw (undefined in D3D, SPEC §6.9) the higher resource tile's bytes
//! win, reported as `DUPLICATE_TILE_MAPPINGS_IN_COVERED_AREA`.

use std::ops::Range;
use std::sync::Arc;

use tessera_caps::{BindFlags, MiscFlags, SubresourceRange, TextureDesc, ViewDesc, ViewDimension};
use tessera_format::memory::RowSpan;
use tessera_resource::tiled::{TiledDesc, subresource_placement};
use tessera_resource::{
    DepthStencilView, DsvFlags, RenderTargetView, Resource, Texture, ViewKind, calc_subresource,
    resolve_view_of_desc,
};

use super::{Access, TiledResource};
use crate::debug::MessageId;
use crate::device::Device;
use crate::error::{Error, Result};

/// One viewed subresource of a tiled texture (or a tiled buffer, for compute views) and its
/// shadow (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct TiledTarget {
    pub(super) resource: TiledResource,
    pub(super) desc: ViewDesc,
    pub(super) shadow: Shadow,
    pub(super) spans: Arc<[RowSpan]>,
    pub(super) tiles: Range<u32>,
}

/// The ordinary resource a [`TiledTarget`]'s views really use: a one-subresource texture of the
/// viewed mip, or (a tiled buffer's compute views, `uav.rs`) a buffer of the same bytes, whose
/// one row is the buffer (its row spans all have `y = z = 0`).
#[derive(Clone, Debug)]
pub(crate) enum Shadow {
    Texture(Texture),
    Buffer(tessera_resource::Buffer),
}

/// The bytes `s` names in `row` (a shadow row).
fn span_of<'r>(row: &'r [u8], s: &RowSpan) -> Result<&'r [u8]> {
    row.get(s.row_offset..s.row_offset + s.len)
        .ok_or(Error::Unsupported(
            "a tiled row span outside its shadow row",
        ))
}

/// [`span_of`], writable.
fn span_of_mut<'r>(row: &'r mut [u8], s: &RowSpan) -> Result<&'r mut [u8]> {
    row.get_mut(s.row_offset..s.row_offset + s.len)
        .ok_or(Error::Unsupported(
            "a tiled row span outside its shadow row",
        ))
}

/// A render-target view of a tiled Texture2D / Texture2DArray (`CreateRenderTargetView` on a
/// `MISC_TILED` texture; one mip of one slice). Bound with
/// [`crate::DeviceContext::om_set_render_targets_tiled`].
#[derive(Clone, Debug)]
pub struct TiledRenderTargetView {
    pub(crate) target: TiledTarget,
    pub(crate) view: RenderTargetView,
}

/// A depth-stencil view of a tiled Texture2D / Texture2DArray (`CreateDepthStencilView` on a
/// `MISC_TILED` D16 / D32 texture; one mip of one slice).
#[derive(Clone, Debug)]
pub struct TiledDepthStencilView {
    pub(crate) target: TiledTarget,
    pub(crate) view: DepthStencilView,
}

impl TiledRenderTargetView {
    /// The viewed tiled texture.
    pub fn resource(&self) -> &TiledResource {
        &self.target.resource
    }

    /// The resolved view (typed format, dimension, its mip and slice).
    pub fn desc(&self) -> ViewDesc {
        self.target.desc
    }
}

impl TiledDepthStencilView {
    /// The viewed tiled texture.
    pub fn resource(&self) -> &TiledResource {
        &self.target.resource
    }

    /// The resolved view (typed format, dimension, its mip and slice).
    pub fn desc(&self) -> ViewDesc {
        self.target.desc
    }
}

/// An output for [`crate::DeviceContext::om_set_render_targets_tiled`]: an ordinary or a tiled
/// render-target view.
#[derive(Clone, Debug)]
pub enum OmRenderTarget {
    /// An ordinary view.
    View(RenderTargetView),
    /// A view of a tiled texture.
    Tiled(TiledRenderTargetView),
}

/// The depth-stencil output for [`crate::DeviceContext::om_set_render_targets_tiled`].
#[derive(Clone, Debug)]
pub enum OmDepthStencil {
    /// An ordinary view.
    View(DepthStencilView),
    /// A view of a tiled texture.
    Tiled(TiledDepthStencilView),
}

impl Device {
    /// `CreateRenderTargetView` of a tiled texture (`None` = mip 0 of slice 0 in its own
    /// format): the ordinary RTV rules (bind flag, format cast, range), then Tessera's scope:
    /// a Texture2D / Texture2DArray view of one slice, one sample (`Error::Unsupported`
    /// otherwise). The shadow's bytes are reserved from the device budget.
    pub fn create_tiled_render_target_view(
        &self,
        resource: &TiledResource,
        desc: Option<&ViewDesc>,
    ) -> Result<TiledRenderTargetView> {
        const CALL: &str = "CreateRenderTargetView";
        let make = || -> Result<TiledRenderTargetView> {
            let (target, shadow_desc) =
                self.tiled_target(CALL, resource, ViewKind::RenderTarget, desc)?;
            let view =
                RenderTargetView::new(self.caps(), target.shadow_resource(), Some(&shadow_desc))?;
            Ok(TiledRenderTargetView { target, view })
        };
        self.refused(CALL, make())
    }

    /// `CreateDepthStencilView` of a tiled texture with `D3D11_DSV_READ_ONLY_*` flags: as
    /// [`Device::create_tiled_render_target_view`], for the depth formats a tiled texture may
    /// have (D16, D32; SPEC §6.1 refuses stencil formats).
    pub fn create_tiled_depth_stencil_view(
        &self,
        resource: &TiledResource,
        desc: Option<&ViewDesc>,
        flags: DsvFlags,
    ) -> Result<TiledDepthStencilView> {
        const CALL: &str = "CreateDepthStencilView";
        let make = || -> Result<TiledDepthStencilView> {
            let (target, shadow_desc) =
                self.tiled_target(CALL, resource, ViewKind::DepthStencil, desc)?;
            let view = DepthStencilView::with_flags(
                self.caps(),
                target.shadow_resource(),
                Some(&shadow_desc),
                flags,
            )?;
            Ok(TiledDepthStencilView { target, view })
        };
        self.refused(CALL, make())
    }

    pub(super) fn tiled_target(
        &self,
        call: &'static str,
        resource: &TiledResource,
        kind: ViewKind,
        desc: Option<&ViewDesc>,
    ) -> Result<(TiledTarget, ViewDesc)> {
        self.check_owner(call, "tiled resource", resource.owner())?;
        let TiledDesc::Texture(td) = resource.desc() else {
            return Err(Error::Unsupported(
                "render-target and depth-stencil views of tiled buffers do not exist (D3D11)",
            ));
        };
        let tiling = resource.tiling();
        let view = resolve_view_of_desc(
            self.caps(),
            kind,
            td,
            tiling.mip_levels,
            tiling.array_size,
            desc,
        )?;
        if !matches!(
            view.dimension,
            ViewDimension::Texture2D | ViewDimension::Texture2DArray
        ) || td.sample_desc.count > 1
        {
            return Err(Error::Unsupported(
                "tiled output views other than single-sample Texture2D / Texture2DArray are not implemented",
            ));
        }
        let r = view.range;
        if r.array_size != 1 {
            return Err(Error::Unsupported(
                "tiled output views of more than one array slice are not implemented",
            ));
        }
        let mip = r.most_detailed_mip;
        let sub = calc_subresource(mip, r.first_array_slice, tiling.mip_levels);
        let place = subresource_placement(resource.desc(), &tiling, sub)?;
        let shadow = Texture::new_in(
            &self.inner.budget,
            self.caps(),
            &TextureDesc {
                width: (td.width >> mip).max(1),
                height: (td.height >> mip).max(1),
                mip_levels: 1,
                array_size: 1,
                bind_flags: match kind {
                    ViewKind::DepthStencil => BindFlags::DEPTH_STENCIL,
                    ViewKind::UnorderedAccess => BindFlags::UNORDERED_ACCESS,
                    _ => BindFlags::RENDER_TARGET,
                },
                misc_flags: MiscFlags(td.misc_flags.0 & !MiscFlags::TILED.0),
                ..*td
            },
            None,
        )?;
        let shadow_desc = ViewDesc {
            format: view.format,
            dimension: ViewDimension::Texture2D,
            range: SubresourceRange {
                most_detailed_mip: 0,
                mip_levels: 1,
                first_array_slice: 0,
                array_size: 1,
            },
        };
        let target = TiledTarget {
            resource: resource.clone(),
            desc: view,
            shadow: Shadow::Texture(shadow),
            spans: place.row_spans().into(),
            tiles: place.tiles(),
        };
        Ok((target, shadow_desc))
    }
}

impl TiledTarget {
    /// The viewed tiled texture.
    pub(crate) fn resource(&self) -> &TiledResource {
        &self.resource
    }

    /// The shadow as a resource (what the target's ordinary view is made of).
    pub(super) fn shadow_resource(&self) -> Resource {
        match &self.shadow {
            Shadow::Texture(t) => Resource::from(t.clone()),
            Shadow::Buffer(b) => Resource::from(b.clone()),
        }
    }

    /// Whether the shader-resource view `v` sees this target's subresource (D3D's hazard).
    pub(crate) fn is_seen_by(&self, v: &super::TiledShaderResourceView) -> bool {
        let (r, o) = (v.desc().range, self.desc.range);
        let inside = |x: u32, first: u32, n: u32| x >= first && x - first < n;
        v.resource().ptr_eq(&self.resource)
            && inside(o.most_detailed_mip, r.most_detailed_mip, r.mip_levels)
            && inside(o.first_array_slice, r.first_array_slice, r.array_size)
    }

    /// Loads the view's rows into the shadow (NULL tiles: the tier's NULL value). `reported`
    /// holds the resources this draw already reported (once per draw and resource).
    pub(crate) fn load(
        &self,
        device: &Device,
        call: &'static str,
        what: &str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        let map = self.resource.lock();
        let mut access = Access::new(device, &self.resource, &map);
        load_spans(&mut access, &self.shadow, 0, &self.spans)?;
        // Two covered resource tiles on one pool tile: writes of one draw through both are
        // undefined in D3D (SPEC §6.9).
        let mut pool_tiles: Vec<(u32, u32)> = self
            .tiles
            .clone()
            .filter_map(|t| Some((map.entries().get(t as usize).copied()??, t)))
            .collect();
        pool_tiles.sort_unstable();
        let dup = pool_tiles.windows(2).find(|w| w[0].0 == w[1].0);
        if let Some(w) = dup {
            let text = format!(
                "{what}: resource tiles {} and {} both map pool tile {} (SPEC §6.9: undefined within one draw; Tessera stores the higher resource tile's bytes last)",
                w[0].1, w[1].1, w[0].0
            );
            device.report_id(MessageId::DuplicateTileMappingsInCoveredArea, call, text)?;
        }
        report_once(device, &self.resource, access, call, what, reported)
    }

    /// Stores the shadow back: every resource tile whose bytes differ from its pool tile's is
    /// written (in resource tile order); NULL tiles drop the write.
    pub(crate) fn store(
        &self,
        device: &Device,
        call: &'static str,
        what: &str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        let map = self.resource.lock();
        let mut access = Access::new(device, &self.resource, &map);
        store_spans(
            &mut access,
            &self.shadow,
            0,
            &self.spans,
            self.tiles.clone(),
        )?;
        report_once(device, &self.resource, access, call, what, reported)
    }
}

/// Reads `spans` of a tiled subresource into subresource `sub` of `shadow` (a buffer: its
/// bytes), NULL tiles reading the tier's NULL value (`access`).
pub(super) fn load_spans(
    access: &mut Access<'_>,
    shadow: &Shadow,
    sub: u32,
    spans: &[RowSpan],
) -> Result<()> {
    match shadow {
        Shadow::Texture(t) => {
            let mut g = t.write();
            let mut surface = g.surface_mut(sub)?;
            for s in spans {
                let out = span_of_mut(surface.row_mut(s.y, s.z), s)?;
                access.read(s.tile, s.tile_offset, out)?;
            }
        }
        Shadow::Buffer(b) => {
            let mut g = b.write();
            for s in spans {
                access.read(s.tile, s.tile_offset, span_of_mut(&mut g, s)?)?;
            }
        }
    }
    Ok(())
}

/// Stores `spans` of subresource `sub` of `shadow` back: every resource tile (of `tiles`)
/// whose bytes differ from its pool tile's is written, in resource tile order; NULL tiles drop
/// the write.
pub(super) fn store_spans(
    access: &mut Access<'_>,
    shadow: &Shadow,
    sub: u32,
    spans: &[RowSpan],
    tiles: Range<u32>,
) -> Result<()> {
    match shadow {
        Shadow::Texture(t) => {
            let g = t.read();
            let surface = g.surface(sub)?;
            store_rows(access, spans, tiles, |s| span_of(surface.row(s.y, s.z), s))
        }
        Shadow::Buffer(b) => {
            let g = b.read();
            store_rows(access, spans, tiles, |s| span_of(&g, s))
        }
    }
}

/// The stores of [`store_spans`], the shadow's bytes of each span given by `row_of`.
fn store_rows<'r>(
    access: &mut Access<'_>,
    spans: &[RowSpan],
    tiles: Range<u32>,
    row_of: impl Fn(&RowSpan) -> Result<&'r [u8]>,
) -> Result<()> {
    let first = tiles.start;
    let n = tiles.len();
    // 0: not looked at, 1: clean, 2: dirty, 3: NULL (dropped).
    let mut state = vec![0u8; n];
    let mut scratch = Vec::new();
    for s in spans {
        let Some(st) = state.get_mut((s.tile - first) as usize) else {
            continue;
        };
        if *st == 0 {
            *st = if access.reaches_memory(s.tile) { 1 } else { 3 };
        }
        if *st != 1 {
            continue;
        }
        scratch.resize(s.len, 0);
        access.read(s.tile, s.tile_offset, &mut scratch)?;
        if scratch != row_of(s)? {
            *st = 2;
        }
    }
    for s in spans {
        if state.get((s.tile - first) as usize) == Some(&2) {
            access.write(s.tile, s.tile_offset, row_of(s)?)?;
        }
    }
    Ok(())
}

fn report_once(
    device: &Device,
    resource: &TiledResource,
    access: Access<'_>,
    call: &'static str,
    what: &str,
    reported: &mut Vec<usize>,
) -> Result<()> {
    let addr = resource.addr();
    if !reported.contains(&addr) && access.reports() {
        reported.push(addr);
        access.report(device, call, what)?;
    }
    Ok(())
}
