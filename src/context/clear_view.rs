//! `ID3D11DeviceContext1::ClearView` (D3D11.1; the rules: `tessera_resource::clear_view`) on
//! ordinary views and on views of tiled textures and buffers: a tiled view's shadow is loaded
//! from the tiles, cleared in its rectangles as an ordinary view, and stored back (changed
//! resource tiles only; writes to NULL tiles dropped; Tier 1: `NULL_TILE_MAPPING_ACCESS_ERROR`
//! once per call when the view covers a NULL tile). A refused call loads and stores nothing.

use tessera_resource::{
    ClearViewTarget, DepthStencilView, Rect, RenderTargetView, UnorderedAccessView,
    check_clear_view,
};

use super::DeviceContext;
use crate::error::Result;
use crate::tiled::{
    TiledDepthStencilView, TiledRenderTargetView, TiledTarget, TiledUnorderedAccessView,
};

/// A view [`DeviceContext::clear_view`] takes: an ordinary or a tiled render-target,
/// depth-stencil (depth-only formats) or unordered-access view.
#[derive(Clone, Copy, Debug)]
pub enum ClearViewOf<'a> {
    /// An ordinary render-target view.
    RenderTarget(&'a RenderTargetView),
    /// An ordinary depth-stencil view of a depth-only format.
    DepthStencil(&'a DepthStencilView),
    /// An ordinary unordered-access view.
    UnorderedAccess(&'a UnorderedAccessView),
    /// A render-target view of a tiled texture.
    TiledRenderTarget(&'a TiledRenderTargetView),
    /// A depth-stencil view of a tiled texture.
    TiledDepthStencil(&'a TiledDepthStencilView),
    /// An unordered-access view of a tiled buffer or texture.
    TiledUnorderedAccess(&'a TiledUnorderedAccessView),
}

impl DeviceContext {
    /// `ClearView`: fills `rects` (`D3D11_RECT`s, clipped to the view; none = the whole
    /// view; empty ones do nothing) of every array slice of `view` with `color` converted to
    /// the view's format, as `ClearRenderTargetView` / `ClearUnorderedAccessViewFloat` convert
    /// it (integer formats: the integral value; a depth view: `color[0]` clamped to [0, 1]).
    /// Refused: depth-stencil views of formats with stencil, Texture3D views, UAVs at 9_x.
    pub fn clear_view(
        &mut self,
        view: ClearViewOf<'_>,
        color: [f32; 4],
        rects: &[Rect],
    ) -> Result<()> {
        const CALL: &str = "ClearView";
        let run = || -> Result<()> {
            self.device.check_not_removed(CALL)?;
            let (target, tiled): (ClearViewTarget<'_>, Option<&TiledTarget>) = match view {
                ClearViewOf::RenderTarget(v) => (ClearViewTarget::RenderTarget(v), None),
                ClearViewOf::DepthStencil(v) => (ClearViewTarget::DepthStencil(v), None),
                ClearViewOf::UnorderedAccess(v) => (ClearViewTarget::UnorderedAccess(v), None),
                ClearViewOf::TiledRenderTarget(v) => {
                    (ClearViewTarget::RenderTarget(&v.view), Some(&v.target))
                }
                ClearViewOf::TiledDepthStencil(v) => {
                    (ClearViewTarget::DepthStencil(&v.view), Some(&v.target))
                }
                ClearViewOf::TiledUnorderedAccess(v) => {
                    (ClearViewTarget::UnorderedAccess(&v.view), Some(&v.target))
                }
            };
            match tiled {
                Some(t) => self.owned(CALL, "tiled resource", t.resource().owner())?,
                None => {
                    let owner = match target {
                        ClearViewTarget::RenderTarget(v) => v.owner(),
                        ClearViewTarget::DepthStencil(v) => v.owner(),
                        ClearViewTarget::UnorderedAccess(v) => v.owner(),
                    };
                    self.owned(CALL, "view", owner)?;
                }
            }
            let caps = self.device.caps();
            let Some(t) = tiled else {
                return Ok(self
                    .device
                    .inner
                    .pool
                    .install(|| tessera_resource::clear_view(caps, target, color, rects))?);
            };
            check_clear_view(caps, target, color)?;
            let mut reported = Vec::new();
            t.load(&self.device, CALL, CALL, &mut reported)?;
            tessera_resource::clear_view(caps, target, color, rects)?;
            t.store(&self.device, CALL, CALL, &mut reported)
        };
        self.device.refused(CALL, run())
    }
}
