//! Render-target and depth-stencil views of tiled Texture2D / Texture2DArray / 2DMS /
//! 2DMSArray (issue #16 part 6; several slices, 4× MSAA) and how a draw or a clear reaches
//! their tiles.
//!
//! A view owns a **shadow** (`shadow.rs`): an ordinary one-mip texture of the viewed mip's
//! extent holding the view's slices, with the resource's sample count, reserved from the
//! device budget at view creation. Before a draw (or a clear), the view's
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

use tessera_caps::{BindFlags, MiscFlags, SubresourceRange, TextureDesc, ViewDesc, ViewDimension};
use tessera_resource::tiled::{TiledDesc, subresource_placement};
use tessera_resource::{
    DepthStencilView, DsvFlags, RenderTargetView, Texture, ViewKind, calc_subresource,
    resolve_view_of_desc,
};

use super::TiledResource;
pub(crate) use super::shadow::TiledTarget;
use super::shadow::{Part, Shadow};
use crate::device::Device;
use crate::error::{Error, Result};

/// A render-target view of a tiled Texture2D / Texture2DArray / 2DMS / 2DMSArray
/// (`CreateRenderTargetView` on a `MISC_TILED` texture; one mip of any slices). Bound with
/// [`crate::DeviceContext::om_set_render_targets_tiled`].
#[derive(Clone, Debug)]
pub struct TiledRenderTargetView {
    pub(crate) target: TiledTarget,
    pub(crate) view: RenderTargetView,
}

/// A depth-stencil view of a tiled Texture2D / Texture2DArray / 2DMS / 2DMSArray
/// (`CreateDepthStencilView` on a `MISC_TILED` D16 / D32 texture; one mip of any slices).
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
    /// a Texture2D / Texture2DArray / 2DMS / 2DMSArray or Texture3D view (`Error::Unsupported`
    /// otherwise; draws write its first slice, as an ordinary array view's (a 3D view: its
    /// first W slice, Tier 3), clears every slice). The shadow's bytes are reserved from the
    /// device budget.
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

    /// The target of a tiled output or texture UAV: the view resolved by the ordinary rules
    /// of `kind`, then Tessera's scope (Texture2D / 2DArray / 2DMS / 2DMSArray views of any
    /// slices, and Texture3D RTVs / UAVs), and its shadow: a one-mip texture of the viewed mip's
    /// extent holding the view's slices (a 3D view: the mip's whole depth), with the
    /// resource's sample count. Returns the shadow's view description (mip 0, the slices
    /// from 0; a 3D view keeps its W slices).
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
        let three_d = view.dimension == ViewDimension::Texture3D;
        let in_scope = match view.dimension {
            ViewDimension::Texture2D
            | ViewDimension::Texture2DArray
            | ViewDimension::Texture2DMs
            | ViewDimension::Texture2DMsArray => true,
            // 3D RTVs: clears write their W slices, draws their first (as untiled ones).
            ViewDimension::Texture3D => kind != ViewKind::DepthStencil,
            _ => false,
        };
        if !in_scope {
            return Err(Error::Unsupported(
                "tiled output views other than Texture2D / 2DArray / 2DMS / 2DMSArray / Texture3D are not implemented",
            ));
        }
        let r = view.range;
        let mip = r.most_detailed_mip;
        // A 3D view's range is W slices of its one subresource (the mip).
        let slices = if three_d {
            0..1
        } else {
            r.first_array_slice..r.first_array_slice + r.array_size
        };
        let parts = slices
            .clone()
            .map(|slice| {
                let sub = calc_subresource(mip, slice, tiling.mip_levels);
                Ok(Part::new(subresource_placement(
                    resource.desc(),
                    &tiling,
                    sub,
                )?))
            })
            .collect::<Result<Vec<_>>>()?;
        let cleared = MiscFlags::TILED.0 | MiscFlags::TEXTURE_CUBE.0 | MiscFlags::GENERATE_MIPS.0;
        let shadow = Texture::new_in(
            &self.inner.budget,
            self.caps(),
            &TextureDesc {
                width: (td.width >> mip).max(1),
                height: (td.height >> mip).max(1),
                depth: if three_d {
                    (td.depth >> mip).max(1)
                } else {
                    td.depth
                },
                mip_levels: 1,
                array_size: slices.len() as u32,
                bind_flags: match kind {
                    ViewKind::DepthStencil => BindFlags::DEPTH_STENCIL,
                    ViewKind::UnorderedAccess => BindFlags::UNORDERED_ACCESS,
                    _ => BindFlags::RENDER_TARGET,
                },
                misc_flags: MiscFlags(td.misc_flags.0 & !cleared),
                ..*td
            },
            None,
        )?;
        let shadow_desc = ViewDesc {
            format: view.format,
            dimension: view.dimension,
            range: SubresourceRange {
                most_detailed_mip: 0,
                mip_levels: 1,
                first_array_slice: if three_d { r.first_array_slice } else { 0 },
                array_size: r.array_size,
            },
        };
        let target = TiledTarget {
            resource: resource.clone(),
            desc: view,
            shadow: Shadow::Texture(shadow),
            parts: parts.into(),
        };
        Ok((target, shadow_desc))
    }
}
