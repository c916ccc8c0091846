//! The colour targets of a scene, ordinary or `"tiled": true` (issue #16): how they are
//! bound (`OMSetRenderTargets`, the tiled call where a target is tiled) and how a tiled one is
//! read back through its tiles.

use tessera::tiled::{
    OmDepthStencil, OmRenderTarget, TiledDepthStencilView, TiledRenderTargetView, TiledResource,
};
use tessera::{DepthStencilView, Device, RenderTargetView, Texture};

use crate::error::SceneError;
use crate::scene::Scene;

/// The texture and view of a colour target: ordinary, or `"tiled": true` (written and read
/// back through its tiles).
#[derive(Clone)]
pub(super) enum TargetOut {
    /// An ordinary texture.
    Plain(Texture, RenderTargetView),
    /// A tiled texture (`MISC_TILED`) and its whole-texture render-target view.
    Tiled(TiledResource, TiledRenderTargetView),
}

impl TargetOut {
    /// The view as an output of `om_set_render_targets_tiled`.
    pub(super) fn om(&self) -> OmRenderTarget {
        match self {
            Self::Plain(_, v) => OmRenderTarget::View(v.clone()),
            Self::Tiled(_, v) => OmRenderTarget::Tiled(v.clone()),
        }
    }
}

/// The texture and view of the depth target: ordinary, or `"tiled": true`.
#[derive(Clone)]
pub(super) enum DepthOut {
    /// An ordinary texture.
    Plain(Texture, DepthStencilView),
    /// A tiled texture (`MISC_TILED`) and its whole-texture depth-stencil view.
    Tiled(TiledResource, TiledDepthStencilView),
}

impl DepthOut {
    /// The view as the depth output of `om_set_render_targets_tiled`.
    fn om(&self) -> OmDepthStencil {
        match self {
            Self::Plain(_, v) => OmDepthStencil::View(v.clone()),
            Self::Tiled(_, v) => OmDepthStencil::Tiled(v.clone()),
        }
    }
}

/// `OMSetRenderTargets` of scene targets: the ordinary call, or the tiled one where a target
/// is tiled.
pub(super) fn bind_targets(
    ctx: &mut tessera::DeviceContext,
    views: &[&TargetOut],
    depth: Option<&DepthOut>,
) -> Result<(), tessera::Error> {
    let tiled_depth = matches!(depth, Some(DepthOut::Tiled(..)));
    if tiled_depth || views.iter().any(|v| matches!(v, TargetOut::Tiled(..))) {
        let list: Vec<_> = views.iter().map(|v| Some(v.om())).collect();
        let d = depth.map(DepthOut::om);
        ctx.om_set_render_targets_tiled(&list, d.as_ref())
    } else {
        let list: Vec<_> = views
            .iter()
            .map(|v| match v {
                TargetOut::Plain(_, rtv) => Some(rtv.clone()),
                TargetOut::Tiled(..) => None,
            })
            .collect();
        let d = match depth {
            Some(DepthOut::Plain(_, v)) => Some(v),
            _ => None,
        };
        ctx.om_set_render_targets(&list, d)
    }
}

/// An output's texture: ordinary or tiled.
pub(super) enum TargetRef<'a> {
    /// An ordinary texture.
    Plain(&'a Texture),
    /// A tiled texture, read back through its tiles.
    Tiled(&'a TiledResource),
}

impl Scene {
    /// A tiled colour or depth target copied through its tiles (`CopySubresourceRegion`, SPEC §6.5:
    /// NULL tiles read as SPEC §6.8 says) into a new ordinary texture of its description.
    pub(super) fn read_through_tiles(
        &self,
        device: &Device,
        ctx: &mut tessera::DeviceContext,
        tiled: &TiledResource,
        path: &str,
    ) -> Result<Texture, SceneError> {
        let tessera::resource::tiled::TiledDesc::Texture(d) = tiled.desc() else {
            return Err(self.invalid(path.to_owned(), "a tiled target is a texture"));
        };
        let desc = tessera::caps::TextureDesc {
            sample_desc: d.sample_desc,
            ..tessera::caps::TextureDesc::tex2d(
                d.width,
                d.height,
                d.format,
                if d.format.is_depth_stencil() {
                    tessera::caps::BindFlags::DEPTH_STENCIL
                } else {
                    tessera::caps::BindFlags::RENDER_TARGET
                },
            )
        };
        let dst = device
            .create_texture(&desc, None)
            .map_err(self.dev(path.to_owned()))?;
        let res = tessera::resource::Resource::from(dst.clone());
        ctx.copy_subresource_region_any(
            tessera::tiled::AnyResource::Plain(&res),
            0,
            0,
            0,
            0,
            tessera::tiled::AnyResource::Tiled(tiled),
            0,
            None,
        )
        .map_err(self.dev(path.to_owned()))?;
        Ok(dst)
    }
}
