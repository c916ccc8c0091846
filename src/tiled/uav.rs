//! Unordered-access views of tiled buffers, Texture2D / Texture2DArray (one mip, any slices)
//! and Texture3D (one mip, its W slices), for the compute and pixel stages, and
//! shader-resource views of tiled buffers for the compute stage (issue #16).
//!
//! Each view owns a **shadow** as a tiled render target does (`target.rs`): an ordinary buffer
//! of the tiled buffer's bytes, or an ordinary texture of the viewed mip, reserved from the
//! device budget when the view is made, with an ordinary view of it made by the ordinary view
//! rules (bind flag, format, range, structured / raw, typed-UAV formats). Before each dispatch
//! the shadow is **loaded** from the tiles through the memory owner's translation
//! (`TiledSubresource::row_spans`), NULL tiles reading SPEC §6.8's value (Tier 2/3: 0; Tier 1:
//! the device's `Tier1NullRead` and `NULL_TILE_MAPPING_ACCESS_ERROR`, once per dispatch and
//! resource); the shader runs on the shadow like any UAV; after the dispatch a UAV's shadow is
//! **stored**: every resource tile whose bytes changed is written to its pool tile, in
//! resource-tile order, after the whole dispatch (so the bytes are the same at any thread
//! count), and writes to NULL tiles are dropped. A shader that writes a NULL tile and reads
//! it back within one dispatch sees its write (SPEC §6.8 allows a write to "linger in a
//! cache"); the next dispatch reads 0.

use tessera_caps::{BufferDesc, MiscFlags, SubresourceRange, ViewDesc, ViewDimension};
use tessera_format::Format;
use tessera_resource::tiled::{TiledDesc, subresource_placement};
use tessera_resource::{Buffer, ShaderResourceView, UnorderedAccessView, ViewKind};

use super::TiledResource;
use super::shadow::{Part, Shadow, TiledTarget};
use crate::device::Device;
use crate::error::{Error, Result};

/// An unordered-access view of a tiled buffer, of one mip of slices of a tiled Texture2D /
/// Texture2DArray, or of one mip (W slices) of a tiled Texture3D (`CreateUnorderedAccessView`
/// on a `MISC_TILED` resource). Bound with
/// [`crate::DeviceContext::cs_set_tiled_unordered_access_views`] or, for the pixel stage,
/// [`crate::DeviceContext::om_set_render_targets_and_tiled_unordered_access_views`].
#[derive(Clone, Debug)]
pub struct TiledUnorderedAccessView {
    pub(crate) target: TiledTarget,
    pub(crate) view: UnorderedAccessView,
}

/// A shader-resource view of a tiled buffer (`CreateShaderResourceView` on a `MISC_TILED`
/// buffer), read by compute shaders as a storage buffer. Bound with
/// [`crate::DeviceContext::cs_set_tiled_buffer_shader_resources`].
#[derive(Clone, Debug)]
pub struct TiledBufferShaderResourceView {
    pub(crate) target: TiledTarget,
    pub(crate) view: ShaderResourceView,
}

/// A pixel-stage UAV for
/// [`crate::DeviceContext::om_set_render_targets_and_tiled_unordered_access_views`]: an
/// ordinary or a tiled unordered-access view.
#[derive(Clone, Debug)]
pub enum OmUnorderedAccessView {
    /// An ordinary view.
    View(UnorderedAccessView),
    /// A view of a tiled buffer or texture.
    Tiled(TiledUnorderedAccessView),
}

impl TiledUnorderedAccessView {
    /// The viewed tiled resource.
    pub fn resource(&self) -> &TiledResource {
        &self.target.resource
    }

    /// The resolved view (typed format, dimension, range).
    pub fn desc(&self) -> ViewDesc {
        self.view.desc()
    }
}

impl TiledBufferShaderResourceView {
    /// The viewed tiled buffer.
    pub fn resource(&self) -> &TiledResource {
        &self.target.resource
    }

    /// The resolved view (format, element range).
    pub fn desc(&self) -> ViewDesc {
        self.view.desc()
    }
}

impl Device {
    /// `CreateUnorderedAccessView` of a tiled resource (`None` = the whole buffer / mip 0 of
    /// slice 0): the ordinary UAV rules, then Tessera's scope: a buffer view, a Texture2D /
    /// Texture2DArray view of any slices or a Texture3D view (`Error::Unsupported` otherwise).
    /// The shadow (the view's slices; a 3D view: its mip's whole depth) is reserved from the
    /// device budget.
    pub fn create_tiled_unordered_access_view(
        &self,
        resource: &TiledResource,
        desc: Option<&ViewDesc>,
    ) -> Result<TiledUnorderedAccessView> {
        const CALL: &str = "CreateUnorderedAccessView";
        let make = || -> Result<TiledUnorderedAccessView> {
            let (target, view_desc) = match resource.desc() {
                TiledDesc::Buffer(_) => (self.tiled_buffer_target(CALL, resource)?, desc.copied()),
                TiledDesc::Texture(_) => {
                    let (t, d) =
                        self.tiled_target(CALL, resource, ViewKind::UnorderedAccess, desc)?;
                    (t, Some(d))
                }
            };
            let mut target = target;
            let view = UnorderedAccessView::new(
                self.caps(),
                target.shadow_resource(),
                view_desc.as_ref(),
            )?;
            if matches!(resource.desc(), TiledDesc::Buffer(_)) {
                target.desc = view.desc();
            }
            Ok(TiledUnorderedAccessView { target, view })
        };
        self.refused(CALL, make())
    }

    /// `CreateShaderResourceView` of a tiled buffer (`None` = the whole buffer): the ordinary
    /// buffer SRV rules on its shadow. Textures take
    /// [`Device::create_tiled_shader_resource_view`].
    pub fn create_tiled_buffer_shader_resource_view(
        &self,
        resource: &TiledResource,
        desc: Option<&ViewDesc>,
    ) -> Result<TiledBufferShaderResourceView> {
        const CALL: &str = "CreateShaderResourceView";
        let make = || -> Result<TiledBufferShaderResourceView> {
            let mut target = self.tiled_buffer_target(CALL, resource)?;
            let view = ShaderResourceView::new(self.caps(), target.shadow_resource(), desc)?;
            target.desc = view.desc();
            Ok(TiledBufferShaderResourceView { target, view })
        };
        self.refused(CALL, make())
    }

    /// The shadow of a tiled buffer: an ordinary buffer of its size, bind flags and structure
    /// (so the ordinary view rules judge views of it), without `MISC_TILED`.
    fn tiled_buffer_target(
        &self,
        call: &'static str,
        resource: &TiledResource,
    ) -> Result<TiledTarget> {
        self.check_owner(call, "tiled resource", resource.owner())?;
        let TiledDesc::Buffer(bd) = resource.desc() else {
            return Err(Error::Unsupported(
                "shader-resource views of tiled textures are made by create_tiled_shader_resource_view",
            ));
        };
        let tiling = resource.tiling();
        let place = subresource_placement(resource.desc(), &tiling, 0)?;
        let shadow = Buffer::new_in(
            &self.inner.budget,
            self.caps(),
            &BufferDesc {
                misc_flags: MiscFlags(bd.misc_flags.0 & !MiscFlags::TILED.0),
                ..*bd
            },
            None,
        )?;
        Ok(TiledTarget {
            resource: resource.clone(),
            // The whole buffer in bytes; the caller puts its view's description here.
            desc: ViewDesc {
                format: Format::Unknown,
                dimension: ViewDimension::Buffer,
                range: SubresourceRange {
                    most_detailed_mip: 0,
                    mip_levels: 1,
                    first_array_slice: 0,
                    array_size: bd.byte_width,
                },
            },
            shadow: Shadow::Buffer(shadow),
            parts: vec![Part::new(place)].into(),
        })
    }
}
