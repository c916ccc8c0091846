//! Tiled resources of a scene (issue #16, SPEC §6): tile pools, `"tiled": true` textures and
//! their views (tiled colour targets are made with the targets, `resources.rs`), and the
//! `update_tile_mappings`, `update_tiles`, `copy_tile_mappings`, `copy_tiles`,
//! `resize_tile_pool` and `tiled_resource_barrier` commands. The device does
//! every check; a refusal is a [`SceneError::Device`] at the field's path.

use std::collections::BTreeMap;

use tessera::caps::{
    BindFlags, BufferDesc, MiscFlags, SubresourceRange, TextureDesc, ViewDesc, ViewDimension,
};
use tessera::resource::tiled::{
    TilePool, TileRegionSize, TiledResourceCoordinate, UpdateTileMappings,
};
use tessera::tiled::{
    TiledBufferShaderResourceView, TiledResource, TiledShaderResourceView, TiledUnorderedAccessView,
};
use tessera::{Device, DeviceContext};

use super::{Objects, get, procedural};
use crate::error::SceneError;
use crate::format::{
    CoordinateSpec, CopyTileMappingsSpec, CopyTilesSpec, RegionSizeSpec, ResizeTilePoolSpec,
    TiledResourceBarrierSpec, UpdateTileMappingsSpec, UpdateTilesSpec,
};
use crate::scene::Scene;

/// The tile pools and tiled textures (with their whole-texture views) of a scene.
#[derive(Default)]
pub(super) struct TiledObjects {
    /// Tile pools by name.
    pub(super) pools: BTreeMap<String, TilePool>,
    /// `"tiled": true` textures by name.
    pub(super) textures: BTreeMap<String, TiledResource>,
    /// Their whole-texture shader-resource views, by texture name.
    pub(super) srvs: BTreeMap<String, TiledShaderResourceView>,
    /// `"tiled": true` buffers by name.
    pub(super) buffers: BTreeMap<String, TiledResource>,
    /// Their whole-buffer `R32_UINT` UAVs, by buffer name.
    pub(super) buffer_uavs: BTreeMap<String, TiledUnorderedAccessView>,
    /// Their whole-buffer `R32_UINT` shader-resource views, by buffer name.
    pub(super) buffer_srvs: BTreeMap<String, TiledBufferShaderResourceView>,
}

/// A whole-buffer `R32_UINT` view description (the scene's buffer views).
fn r32_buffer_view() -> ViewDesc {
    ViewDesc {
        format: tessera::Format::R32Uint,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange::ALL,
    }
}

fn coordinate(c: CoordinateSpec) -> TiledResourceCoordinate {
    TiledResourceCoordinate {
        x: c.x,
        y: c.y,
        z: c.z,
        subresource: c.subresource,
    }
}

fn region(r: RegionSizeSpec) -> TileRegionSize {
    TileRegionSize {
        num_tiles: r.num_tiles,
        use_box: r.use_box,
        width: r.width,
        height: r.height,
        depth: r.depth,
    }
}

/// A count D3D11 takes beside an array: the array's length where the count is omitted (1
/// where both are); the device checks the count against the array.
fn count<T>(explicit: Option<u32>, array: Option<&[T]>) -> u32 {
    explicit.unwrap_or_else(|| array.map_or(1, |a| u32::try_from(a.len()).unwrap_or(u32::MAX)))
}

impl Scene {
    /// Creates the tile pools and the `"tiled": true` textures (every tile NULL) and views.
    pub(super) fn create_tiled(&self, device: &Device) -> Result<TiledObjects, SceneError> {
        let mut out = TiledObjects::default();
        for (name, spec) in &self.file.tile_pools {
            let p = format!("tile_pools.{name}");
            let byte_width = u32::try_from(spec.size_bytes).map_err(|_| {
                self.invalid(
                    format!("{p}.size_bytes"),
                    format!("{} bytes is past the 32-bit ByteWidth", spec.size_bytes),
                )
            })?;
            let desc = BufferDesc {
                byte_width,
                misc_flags: MiscFlags::TILE_POOL,
                ..BufferDesc::default()
            };
            let pool = device.create_tile_pool(&desc).map_err(self.dev(p))?;
            out.pools.insert(name.clone(), pool);
        }
        for (name, spec) in self.file.buffers.iter().filter(|(_, s)| s.tiled) {
            let p = format!("buffers.{name}");
            let Some(byte_width) = spec
                .zeros
                .filter(|_| spec.data.is_none() && spec.file.is_none())
            else {
                return Err(self.invalid(
                    format!("{p}.tiled"),
                    "a tiled buffer takes its size from `zeros` and no `data` or `file` (tiled resources take no initial data, SPEC §6.1)",
                ));
            };
            let desc = BufferDesc {
                byte_width,
                bind_flags: BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
                misc_flags: MiscFlags::TILED,
                ..BufferDesc::default()
            };
            let buf = device
                .create_tiled_buffer(&desc, None)
                .map_err(self.dev(format!("{p}.tiled")))?;
            let view = r32_buffer_view();
            let uav = device
                .create_tiled_unordered_access_view(&buf, Some(&view))
                .map_err(self.dev(p.clone()))?;
            let srv = device
                .create_tiled_buffer_shader_resource_view(&buf, Some(&view))
                .map_err(self.dev(p))?;
            out.buffers.insert(name.clone(), buf);
            out.buffer_uavs.insert(name.clone(), uav);
            out.buffer_srvs.insert(name.clone(), srv);
        }
        for (name, spec) in self.file.textures.iter().filter(|(_, s)| s.tiled) {
            let p = format!("textures.{name}");
            // A solid source gives its size without being generated (a virtual texture's
            // image would be its virtual size).
            let (w, h) = match (&spec.solid, self.images.get(name)) {
                (Some(solid), _) => (solid.size[0], solid.size[1]),
                (None, Some(i)) => (i.width(), i.height()),
                (None, None) => {
                    let i = procedural(spec).map_err(|m| self.invalid(p.clone(), m))?;
                    (i.width(), i.height())
                }
            };
            let format = spec.format.map_or(tessera::Format::R8G8B8A8Unorm, |f| f.0);
            let desc = TextureDesc {
                misc_flags: MiscFlags::TILED,
                mip_levels: if spec.mips { 0 } else { 1 },
                ..TextureDesc::tex2d(w, h, format, BindFlags::SHADER_RESOURCE)
            };
            let tex = device
                .create_tiled_texture(&desc, None)
                .map_err(self.dev(p.clone()))?;
            let srv = device
                .create_tiled_shader_resource_view(&tex, None)
                .map_err(self.dev(p))?;
            out.textures.insert(name.clone(), tex);
            out.srvs.insert(name.clone(), srv);
        }
        Ok(out)
    }

    /// `update_tile_mappings` at `path`.
    pub(super) fn update_tile_mappings(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        s: &UpdateTileMappingsSpec,
        path: &str,
    ) -> Result<(), SceneError> {
        let t = &o.tiled;
        let res = o.tiled_resource(self, &s.tiled_resource, path)?;
        let pool = match &s.tile_pool {
            Some(n) => Some(get(
                self,
                &t.pools,
                n,
                "tile pool",
                &format!("{path}.tile_pool"),
            )?),
            None => None,
        };
        let starts: Option<Vec<_>> = s
            .tiled_resource_region_start_coordinates
            .as_ref()
            .map(|v| v.iter().copied().map(coordinate).collect());
        let sizes: Option<Vec<_>> = s
            .tiled_resource_region_sizes
            .as_ref()
            .map(|v| v.iter().copied().map(region).collect());
        let flags: Option<Vec<u32>> = s
            .range_flags
            .as_ref()
            .map(|v| v.iter().map(|f| f.bits()).collect());
        let num_ranges = s.num_ranges.unwrap_or_else(|| {
            [
                flags.as_ref().map(Vec::len),
                s.tile_pool_start_offsets.as_ref().map(Vec::len),
                s.range_tile_counts.as_ref().map(Vec::len),
            ]
            .into_iter()
            .flatten()
            .max()
            .map_or(1, |n| u32::try_from(n).unwrap_or(u32::MAX))
        });
        let args = UpdateTileMappings {
            num_regions: count(s.num_tiled_resource_regions, starts.as_deref()),
            starts: starts.as_deref(),
            sizes: sizes.as_deref(),
            pool,
            num_ranges,
            range_flags: flags.as_deref(),
            pool_starts: s.tile_pool_start_offsets.as_deref(),
            range_counts: s.range_tile_counts.as_deref(),
            flags: s.flags,
        };
        ctx.update_tile_mappings(res, &args)
            .map_err(self.dev(path.to_owned()))
    }

    /// `update_tiles` at `path`: the source texture's RGBA8 image bytes are the tile data.
    pub(super) fn update_tiles(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        s: &UpdateTilesSpec,
        path: &str,
    ) -> Result<(), SceneError> {
        let res = o.tiled_resource(self, &s.dest_tiled_resource, path)?;
        let sp = format!("{path}.source_tile_data");
        let src = self.file.textures.get(&s.source_tile_data);
        let bytes = match (src, self.images.get(&s.source_tile_data)) {
            (Some(spec), _) if spec.tiled => {
                return Err(self.invalid(sp, "the source must be an untiled texture"));
            }
            (Some(_), Some(img)) => img.to_rgba8().into_raw(),
            (Some(spec), None) => procedural(spec)
                .map_err(|m| self.invalid(sp.clone(), m))?
                .to_rgba8()
                .into_raw(),
            (None, _) => {
                return Err(self.invalid(sp, format!("no texture named {:?}", s.source_tile_data)));
            }
        };
        let start = coordinate(s.dest_tile_region_start_coordinate);
        let size = region(s.dest_tile_region_size);
        ctx.update_tiles(res, start, size, &bytes, s.flags)
            .map_err(self.dev(path.to_owned()))
    }

    /// `copy_tile_mappings` at `path`.
    pub(super) fn copy_tile_mappings(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        s: &CopyTileMappingsSpec,
        path: &str,
    ) -> Result<(), SceneError> {
        let dst = o.tiled_resource(self, &s.dest_tiled_resource, path)?;
        let src = o.tiled_resource(self, &s.source_tiled_resource, path)?;
        ctx.copy_tile_mappings(
            dst,
            coordinate(s.dest_region_start_coordinate),
            src,
            coordinate(s.source_region_start_coordinate),
            region(s.tile_region_size),
            s.flags,
        )
        .map_err(self.dev(path.to_owned()))
    }

    /// `copy_tiles` at `path`: between the tiles and a scene buffer (default usage).
    pub(super) fn copy_tiles(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        s: &CopyTilesSpec,
        path: &str,
    ) -> Result<(), SceneError> {
        let res = o.tiled_resource(self, &s.tiled_resource, path)?;
        let buffer = get(
            self,
            &o.buffers,
            &s.buffer,
            "buffer",
            &format!("{path}.buffer"),
        )?;
        let flags = s.flags.iter().fold(0, |a, f| a | f.bits());
        ctx.copy_tiles(
            res,
            coordinate(s.tile_region_start_coordinate),
            region(s.tile_region_size),
            buffer,
            s.buffer_start_offset_in_bytes,
            flags,
        )
        .map_err(self.dev(path.to_owned()))
    }

    /// `resize_tile_pool` at `path`.
    pub(super) fn resize_tile_pool(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        s: &ResizeTilePoolSpec,
        path: &str,
    ) -> Result<(), SceneError> {
        let pool = get(
            self,
            &o.tiled.pools,
            &s.tile_pool,
            "tile pool",
            &format!("{path}.tile_pool"),
        )?;
        ctx.resize_tile_pool(pool, s.new_size_in_bytes)
            .map_err(self.dev(path.to_owned()))
    }

    /// `tiled_resource_barrier` at `path` (a validated no-op on a serial device, SPEC §6.7).
    pub(super) fn tiled_resource_barrier(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        s: &TiledResourceBarrierSpec,
        path: &str,
    ) -> Result<(), SceneError> {
        let one = |n: &Option<String>, field: &str| -> Result<Option<&TiledResource>, SceneError> {
            n.as_ref()
                .map(|n| o.tiled_resource(self, n, &format!("{path}.{field}")))
                .transpose()
        };
        let before = one(
            &s.tiled_resource_or_view_accessed_before_barrier,
            "tiled_resource_or_view_accessed_before_barrier",
        )?;
        let after = one(
            &s.tiled_resource_or_view_accessed_after_barrier,
            "tiled_resource_or_view_accessed_after_barrier",
        )?;
        ctx.tiled_resource_barrier(before, after)
            .map_err(self.dev(path.to_owned()))
    }
}
