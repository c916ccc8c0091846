//! Shader-resource views of tiled Texture2D / Texture2DArray (issue #16 part 3) and what a draw
//! samples through them.
//!
//! A draw resolves each bound tiled view once, before any pixel runs, into tight linear copies
//! of the view's subresources, read through the mapping table with the NULL rules of SPEC §6.8
//! ([`Access`]); the sampler then reads those copies through its ordinary (untiled) path. So a
//! NULL texel is 0 in every component the format has and the default for the others (its bytes
//! are 0; BC1 gets the transparent-black block, see [`NULL_BC1_BLOCK`]), and a filter footprint
//! straddling NULL and mapped tiles weighs the NULL texels as 0 with their normal weights. At
//! Tier 1 NULL texels read the device's [`Tier1NullRead`](super::Tier1NullRead) value and the
//! draw stores `NULL_TILE_MAPPING_ACCESS_ERROR` once per resource. The untiled sampler loop is
//! untouched: the tiled case is chosen once per view and draw, not per texel.

use tessera_caps::{ViewDesc, ViewDimension};
use tessera_format::{Format, Layout, Surface};
use tessera_resource::tiled::{TiledDesc, TiledTier, subresource_placement};
use tessera_resource::{ResourceError, ViewKind, calc_subresource, resolve_view_of_desc};
use tessera_sampler::TextureView;

use super::{Access, Tier1NullRead, TiledResource};
use crate::device::Device;
use crate::error::{Error, Result};

/// What a NULL BC1 block reads as when NULL reads are zero: both endpoints 0 (the three-colour
/// mode) and every index 3, so each texel decodes to (0, 0, 0, 0). An all-zero BC1 block would
/// decode to opaque black, breaking "0 in every component present" (SPEC §6.8) for its alpha.
pub const NULL_BC1_BLOCK: [u8; 8] = [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF];

/// A shader-resource view of a tiled Texture2D or Texture2DArray (`CreateShaderResourceView`
/// on a `MISC_TILED` texture): the resource and its resolved description. Bound with
/// [`crate::DeviceContext::ps_set_tiled_shader_resources`] /
/// [`crate::DeviceContext::vs_set_tiled_shader_resources`].
#[derive(Clone, Debug)]
pub struct TiledShaderResourceView {
    resource: TiledResource,
    desc: ViewDesc,
}

impl TiledShaderResourceView {
    /// The viewed tiled texture.
    pub fn resource(&self) -> &TiledResource {
        &self.resource
    }

    /// The resolved view (typed format, dimension, explicit mip and slice counts).
    pub fn desc(&self) -> ViewDesc {
        self.desc
    }
}

impl Device {
    /// `CreateShaderResourceView` of a tiled texture (`None` = the whole resource in its own
    /// format): the ordinary SRV rules (bind flag, format cast, range), then Tessera's scope:
    /// Texture2D and Texture2DArray views only (`Error::Unsupported` for buffers, Texture3D
    /// and cube views of tiled resources, which are not implemented).
    pub fn create_tiled_shader_resource_view(
        &self,
        resource: &TiledResource,
        desc: Option<&ViewDesc>,
    ) -> Result<TiledShaderResourceView> {
        const CALL: &str = "CreateShaderResourceView";
        let make = || -> Result<TiledShaderResourceView> {
            self.check_owner(CALL, "tiled resource", resource.owner())?;
            let TiledDesc::Texture(td) = resource.desc() else {
                return Err(Error::Unsupported(
                    "shader-resource views of tiled buffers are not implemented",
                ));
            };
            let tiling = resource.tiling();
            let view = resolve_view_of_desc(
                self.caps(),
                ViewKind::ShaderResource,
                td,
                tiling.mip_levels,
                tiling.array_size,
                desc,
            )?;
            if !matches!(
                view.dimension,
                ViewDimension::Texture2D | ViewDimension::Texture2DArray
            ) {
                return Err(Error::Unsupported(
                    "tiled shader-resource views other than Texture2D / Texture2DArray are not implemented",
                ));
            }
            Ok(TiledShaderResourceView {
                resource: resource.clone(),
                desc: view,
            })
        };
        self.refused(CALL, make())
    }
}

/// One tiled view resolved for a draw: tight copies of its subresources (slice-major, mips of
/// a slice consecutive, as [`TextureView::new`] takes them).
pub(crate) struct ResolvedTiled {
    format: Format,
    dimension: ViewDimension,
    array_size: u32,
    surfaces: Vec<(Layout, Vec<u8>)>,
}

impl ResolvedTiled {
    /// Reads every subresource of `view` through its mapping table. `reported` holds the
    /// resources this draw already reported at Tier 1 (once per draw and resource); the call
    /// adds this one if it reports.
    pub(crate) fn read(
        device: &Device,
        view: &TiledShaderResourceView,
        reported: &mut Vec<usize>,
    ) -> Result<Self> {
        let res = &view.resource;
        let TiledDesc::Texture(td) = res.desc() else {
            return Err(Error::Unsupported(
                "shader-resource views of tiled buffers are not implemented",
            ));
        };
        let zero_null =
            res.tier() != TiledTier::Tier1 || device.inner.tiled_null_read == Tier1NullRead::Zero;
        let bc1 = matches!(
            td.format,
            Format::Bc1Typeless | Format::Bc1Unorm | Format::Bc1UnormSrgb
        );
        let map = res.lock();
        let tiling = map.tiling();
        let r = view.desc.range;
        let mut access = Access::new(device, res, &map);
        let mut surfaces = Vec::with_capacity((r.mip_levels * r.array_size) as usize);
        for slice in 0..r.array_size {
            for m in 0..r.mip_levels {
                let mip = r.most_detailed_mip + m;
                let sub = calc_subresource(mip, r.first_array_slice + slice, tiling.mip_levels);
                let place = subresource_placement(res.desc(), tiling, sub)?;
                let mut bytes = tessera_resource::allocate_zeroed(place.linear_len())?;
                for s in place.spans() {
                    let out = &mut bytes[s.linear_offset..s.linear_offset + s.len];
                    let mapped = access.read_over_zeros(s.tile, s.tile_offset, out)?;
                    if !mapped && zero_null && bc1 {
                        for (i, b) in out.iter_mut().enumerate() {
                            *b = NULL_BC1_BLOCK[(s.linear_offset + i) % 8];
                        }
                    }
                }
                let layout = Layout::tight(
                    td.format,
                    (td.width >> mip).max(1),
                    (td.height >> mip).max(1),
                    1,
                )
                .map_err(ResourceError::from)?;
                surfaces.push((layout, bytes));
            }
        }
        let addr = res.addr();
        if !reported.contains(&addr) && access.reports() {
            reported.push(addr);
            access.report(device, "Draw", "view bound for a draw")?;
        }
        Ok(Self {
            format: view.desc.format,
            dimension: view.desc.dimension,
            array_size: r.array_size,
            surfaces,
        })
    }

    /// The sampler's view of the copies, in the view's format.
    pub(crate) fn texture_view(&self) -> Result<TextureView<'_>> {
        let mut surfaces = Vec::with_capacity(self.surfaces.len());
        for (layout, bytes) in &self.surfaces {
            let s = Surface::from_layout(*layout, bytes).map_err(ResourceError::from)?;
            surfaces.push(s.with_format(self.format).map_err(ResourceError::from)?);
        }
        Ok(TextureView::new(self.dimension, surfaces, self.array_size)?)
    }
}
