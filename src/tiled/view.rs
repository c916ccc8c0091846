//! Shader-resource views of tiled Texture2D / Texture2DArray / cubes / Texture3D (issue #16) and what a draw
//! samples through them.
//!
//! A draw resolves each bound tiled view once, before any pixel runs: it walks the tiles the
//! view's subresources lie in, copies the bytes of each **mapped** tile once (64 KiB), and
//! points every NULL tile at one tile holding the NULL value of SPEC §6.8 ([`Access`]: 0 at
//! Tier 2/3, BC1 the transparent-black block [`NULL_BC1_BLOCK`]; at Tier 1 the device's
//! [`Tier1NullRead`](super::Tier1NullRead) value, and the draw stores
//! `NULL_TILE_MAPPING_ACCESS_ERROR` once per resource). The sampler then reads each texel on
//! demand through the memory owner's translation (`tessera_format::memory::TileTexels`: element
//! → resource tile + offset → those bytes), with a tiled fetcher chosen once per view
//! (`tessera_sampler::TextureView::tiled`), so a sparsely mapped virtual texture costs its
//! mapped tiles, not its virtual size, and the untiled sampler loop is untouched. A filter
//! footprint straddling NULL and mapped tiles weighs the NULL texels as 0 with their normal
//! weights.

use tessera_caps::MiscFlags;
use tessera_caps::{ViewDesc, ViewDimension};
use tessera_format::memory::{TILE_SIZE_BYTES, TileTexels, TiledSubresource};
use tessera_format::{Format, Layout, Surface};
use tessera_resource::tiled::{TiledDesc, TiledTier, subresource_placement};
use tessera_resource::{Resource, ResourceError, ViewKind, calc_subresource, resolve_view_of_desc};
use tessera_sampler::TextureView;

use super::stand_in::{StandIn, Subresources};
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

impl TiledShaderResourceView {
    /// The resource tiles the view covers: its mips of its slices (a 3D view: its mips whole).
    pub(crate) fn covered_tiles(&self) -> Result<Vec<u32>> {
        let tiling = self.resource.tiling();
        let r = self.desc.range;
        let mut tiles = Vec::new();
        for slice in r.first_array_slice..r.first_array_slice + r.array_size {
            for mip in r.most_detailed_mip..r.most_detailed_mip + r.mip_levels {
                let sub = calc_subresource(mip, slice, tiling.mip_levels);
                tiles.extend(subresource_placement(self.resource.desc(), &tiling, sub)?.tiles());
            }
        }
        Ok(tiles)
    }
}

impl Device {
    /// `CreateShaderResourceView` of a tiled texture (`None` = the whole resource in its own
    /// format): the ordinary SRV rules (bind flag, format cast, range), then Tessera's scope:
    /// Texture2D, Texture2DArray, TextureCube, TextureCubeArray, Texture2DMS(Array) and (Tier 3)
    /// Texture3D views (buffers take
    /// [`Device::create_tiled_buffer_shader_resource_view`]).
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
                    "shader-resource views of tiled buffers are made by create_tiled_buffer_shader_resource_view",
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
                ViewDimension::Texture2D
                    | ViewDimension::Texture2DArray
                    | ViewDimension::TextureCube
                    | ViewDimension::TextureCubeArray
                    | ViewDimension::Texture3D
                    | ViewDimension::Texture2DMs
                    | ViewDimension::Texture2DMsArray
            ) {
                return Err(Error::Unsupported(
                    "tiled shader-resource views other than Texture2D(Array) / TextureCube(Array) / Texture3D / Texture2DMS(Array) are not implemented",
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

/// One tiled view resolved for a draw: its subresources (slice-major, mips of a slice
/// consecutive, as [`TextureView::new`] takes them) and the tiles they can read.
pub(crate) struct ResolvedTiled {
    format: Format,
    dimension: ViewDimension,
    array_size: u32,
    extents: Vec<Layout>,
    subresources: Vec<TiledSubresource>,
    /// Resource tile → entry of `store` (0: the NULL tile; `u32::MAX`: outside the view).
    index: Vec<u32>,
    /// 64 KiB entries one after the other: entry 0 the NULL value, then one copy of each
    /// mapped tile the view covers.
    store: Vec<u8>,
    /// A multisampled view (Texture2DMS / 2DMSArray): each slice's sample planes, staged
    /// through a stand-in (`stand_in.rs`: samples moved from the tile layout by the memory
    /// owner's `scatter_sample`), in the view's format; empty for other views.
    planes: Vec<(Layout, Vec<u8>)>,
}

/// Index of a resource tile the view does not cover (never read).
const UNCOVERED: u32 = u32::MAX;

impl ResolvedTiled {
    /// Reads the tiles of `view` through its mapping table. `reported` holds the resources
    /// this draw already reported at Tier 1 (once per draw and resource); the call adds this
    /// one if it reports.
    pub(crate) fn read(
        device: &Device,
        view: &TiledShaderResourceView,
        reported: &mut Vec<usize>,
    ) -> Result<Self> {
        if matches!(
            view.desc.dimension,
            ViewDimension::Texture2DMs | ViewDimension::Texture2DMsArray
        ) {
            return Self::read_multisampled(device, view, reported);
        }
        let res = &view.resource;
        let TiledDesc::Texture(td) = res.desc() else {
            return Err(Error::Unsupported(
                "shader-resource views of tiled buffers are not implemented",
            ));
        };
        let poison =
            res.tier() == TiledTier::Tier1 && device.inner.tiled_null_read == Tier1NullRead::Poison;
        let bc1 = matches!(
            td.format,
            Format::Bc1Typeless | Format::Bc1Unorm | Format::Bc1UnormSrgb
        );
        let map = res.lock();
        let tiling = map.tiling();
        let r = view.desc.range;
        let mut access = Access::new(device, res, &map);
        let count = (r.mip_levels * r.array_size) as usize;
        let mut extents = Vec::with_capacity(count);
        let mut subresources = Vec::with_capacity(count);
        let mut index = vec![UNCOVERED; tiling.num_tiles_for_entire_resource as usize];
        // The mapped tiles to copy, in store order (entry k + 1 = reads[k]).
        let mut reads = Vec::new();
        for slice in 0..r.array_size {
            for m in 0..r.mip_levels {
                let mip = r.most_detailed_mip + m;
                let sub = calc_subresource(mip, r.first_array_slice + slice, tiling.mip_levels);
                let place = subresource_placement(res.desc(), tiling, sub)?;
                for tile in place.tiles() {
                    let Some(at) = index.get_mut(tile as usize) else {
                        continue;
                    };
                    if *at != UNCOVERED {
                        continue;
                    }
                    *at = 0;
                    if access.reaches_memory(tile) {
                        *at = u32::try_from(reads.len() + 1).unwrap_or(0);
                        reads.push(tile);
                    }
                }
                // A 3D view reads every W slice of its mips (its range has one "slice").
                let depth = if view.desc.dimension == ViewDimension::Texture3D {
                    (td.depth >> mip).max(1)
                } else {
                    1
                };
                let layout = Layout::tight(
                    td.format,
                    (td.width >> mip).max(1),
                    (td.height >> mip).max(1),
                    depth,
                )
                .and_then(|l| l.with_format(view.desc.format))
                .map_err(ResourceError::from)?;
                extents.push(layout);
                subresources.push(place);
            }
        }
        // One allocation for every entry (an over-large view is a typed `OutOfMemory`).
        let tile = TILE_SIZE_BYTES as usize;
        let mut store =
            tessera_resource::allocate_zeroed((reads.len() as u64 + 1) * TILE_SIZE_BYTES)?;
        let (null, copies) = store.split_at_mut(tile);
        if poison {
            for (i, b) in null.iter_mut().enumerate() {
                *b = super::POISON_WORD[i % 4];
            }
        } else if bc1 {
            for (i, b) in null.iter_mut().enumerate() {
                *b = NULL_BC1_BLOCK[i % 8];
            }
        }
        for (&t, bytes) in reads.iter().zip(copies.chunks_exact_mut(tile)) {
            if !access.read_over_zeros(t, 0, bytes)? {
                // Nothing behind it after all: the tile reads the NULL entry (its copy unused).
                index[t as usize] = 0;
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
            extents,
            subresources,
            index,
            store,
            planes: Vec::new(),
        })
    }

    /// [`Self::read`] of a multisampled view: its slices staged in an ordinary multisampled
    /// stand-in through the tiles (NULL tiles: the tier's NULL value, Tier 1 reported as for
    /// the other views), then copied out as sample planes in the view's format.
    fn read_multisampled(
        device: &Device,
        view: &TiledShaderResourceView,
        reported: &mut Vec<usize>,
    ) -> Result<Self> {
        let res = &view.resource;
        let map = res.lock();
        let r = view.desc.range;
        let slices = r.first_array_slice..r.first_array_slice + r.array_size;
        let subs = Subresources::View {
            mips: 0..1,
            slices,
            keep: MiscFlags(0),
        };
        let stand = StandIn::new(device, res, &map, &subs, None)?;
        let mut access = Access::new(device, res, &map);
        stand.load(&mut access)?;
        let addr = res.addr();
        if !reported.contains(&addr) && access.reports() {
            reported.push(addr);
            access.report(device, "Draw", "view bound for a draw")?;
        }
        let Resource::Texture(t) = stand.resource() else {
            return Err(Error::Unsupported("a multisampled tiled view of a buffer"));
        };
        let g = t.read();
        let mut planes = Vec::with_capacity(r.array_size as usize);
        for slice in 0..r.array_size {
            let s = g
                .surface(slice)?
                .with_format(view.desc.format)
                .map_err(ResourceError::from)?;
            planes.push((s.layout(), s.as_bytes().to_vec()));
        }
        Ok(Self {
            format: view.desc.format,
            dimension: view.desc.dimension,
            array_size: r.array_size,
            extents: Vec::new(),
            subresources: Vec::new(),
            index: Vec::new(),
            store: Vec::new(),
            planes,
        })
    }

    /// The sampler's view: each texel read on demand through the tiles, in the view's format.
    pub(crate) fn texture_view(&self) -> Result<TextureView<'_>> {
        if !self.planes.is_empty() {
            let mut surfaces = Vec::with_capacity(self.planes.len());
            for (layout, bytes) in &self.planes {
                surfaces.push(Surface::from_layout(*layout, bytes).map_err(ResourceError::from)?);
            }
            return Ok(TextureView::multisampled(self.dimension, surfaces)?);
        }
        debug_assert!(self.extents.iter().all(|l| l.format() == self.format));
        // Store entry 0 is the NULL tile: the residency feedback (`*_status`) reports reads of it.
        let tiles =
            TileTexels::new(&self.subresources, &self.index, &self.store).with_null_entry(0);
        Ok(TextureView::tiled(
            self.dimension,
            &self.extents,
            self.array_size,
            tiles,
        )?)
    }
}
