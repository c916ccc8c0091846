//! Executing one command: each is one (or, for clears, a few) device-context calls, with the
//! names it uses looked up among the scene's objects.

use std::collections::BTreeMap;

use tessera::caps::{Rect, Viewport};
use tessera::{DeviceContext, VertexBufferView};

use super::{DepthOut, Objects, TargetOut, bind_targets, get};
use crate::error::SceneError;
use crate::format::Command;
use crate::scene::Scene;

impl Scene {
    /// Looks up every name of a binding list (`{path}.{field}[i]` in errors), as the
    /// `Some(..)` slots the context's `*_set_*` calls take.
    fn lookup_all<T: Clone>(
        &self,
        map: &BTreeMap<String, T>,
        names: &[String],
        what: &str,
        path: &str,
        field: &str,
    ) -> Result<Vec<Option<T>>, SceneError> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let p = format!("{path}.{field}[{i}]");
                Ok(Some(get(self, map, n, what, &p)?.clone()))
            })
            .collect()
    }

    /// Looks up an optional name (`None` stays `None`: the default state or no shader).
    fn lookup_opt<'a, T>(
        &self,
        map: &'a BTreeMap<String, T>,
        name: Option<&str>,
        what: &str,
        path: &str,
    ) -> Result<Option<&'a T>, SceneError> {
        name.map(|n| get(self, map, n, what, path)).transpose()
    }

    /// `set_ps_textures`: untiled views in one call; where a tiled texture is named, one call
    /// per slot (a tiled view binds through `ps_set_tiled_shader_resources`).
    fn set_ps_textures(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        start: usize,
        textures: &[String],
        path: &str,
    ) -> Result<(), SceneError> {
        let dev = |e: tessera::Error| self.device_err(path.to_owned(), e);
        if !textures.iter().any(|n| o.tiled.srvs.contains_key(n)) {
            let list = self.lookup_all(&o.srvs, textures, "texture", path, "textures")?;
            return ctx.ps_set_shader_resources(start, &list).map_err(dev);
        }
        for (i, n) in textures.iter().enumerate() {
            let slot = start + i;
            if let Some(v) = o.tiled.srvs.get(n) {
                ctx.ps_set_tiled_shader_resources(slot, &[Some(v.clone())])
                    .map_err(dev)?;
            } else {
                let p = format!("{path}.textures[{i}]");
                let v = get(self, &o.srvs, n, "texture", &p)?;
                ctx.ps_set_shader_resources(slot, &[Some(v.clone())])
                    .map_err(dev)?;
            }
        }
        Ok(())
    }

    /// `set_cs_textures` naming a tiled texture: slot by slot, tiled views through
    /// `cs_set_tiled_shader_resources`, buffers and untiled textures through the ordinary call.
    fn set_cs_textures_tiled(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        start: usize,
        textures: &[String],
        path: &str,
    ) -> Result<(), SceneError> {
        let dev = |e: tessera::Error| self.device_err(path.to_owned(), e);
        for (i, n) in textures.iter().enumerate() {
            let slot = start + i;
            if let Some(v) = o.tiled.srvs.get(n) {
                ctx.cs_set_tiled_shader_resources(slot, &[Some(v.clone())])
                    .map_err(dev)?;
            } else if let Some(v) = o.tiled.buffer_srvs.get(n) {
                ctx.cs_set_tiled_buffer_shader_resources(slot, &[Some(v.clone())])
                    .map_err(dev)?;
            } else {
                let p = format!("{path}.textures[{i}]");
                let v = match o.buffer_srvs.get(n) {
                    Some(v) => v,
                    None => get(self, &o.srvs, n, "texture or buffer", &p)?,
                };
                ctx.cs_set_shader_resources(slot, &[Some(v.clone())])
                    .map_err(dev)?;
            }
        }
        Ok(())
    }

    /// `set_cs_uavs` naming a tiled buffer: slot by slot, tiled views through
    /// `cs_set_tiled_unordered_access_views`, the others through the ordinary call.
    fn set_cs_uavs_tiled(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        start: usize,
        buffers: &[String],
        path: &str,
    ) -> Result<(), SceneError> {
        let dev = |e: tessera::Error| self.device_err(path.to_owned(), e);
        for (i, n) in buffers.iter().enumerate() {
            let slot = start + i;
            if let Some(v) = o.tiled.buffer_uavs.get(n) {
                ctx.cs_set_tiled_unordered_access_views(slot, &[Some(v.clone())])
                    .map_err(dev)?;
            } else {
                let p = format!("{path}.buffers[{i}]");
                let v = get(self, &o.uavs, n, "UAV buffer", &p)?;
                ctx.cs_set_unordered_access_views(slot, &[Some(v.clone())], &[0])
                    .map_err(dev)?;
            }
        }
        Ok(())
    }

    /// Runs `cmd` (found at `path`) with explicit viewports and scissors scaled by `(sx, sy)`.
    pub(super) fn execute(
        &self,
        ctx: &mut DeviceContext,
        o: &Objects,
        cmd: &Command,
        path: &str,
        (sx, sy): (f32, f32),
    ) -> Result<(), SceneError> {
        let dev = |e: tessera::Error| self.device_err(path.to_owned(), e);
        match cmd {
            Command::ClearRtv { target, color } => {
                if let Some(t) = target {
                    o.color(self, t, format!("{path}.target"))?;
                }
                for (n, t) in &o.colors {
                    if target.as_ref().is_none_or(|t| t == n) {
                        match t {
                            TargetOut::Plain(_, v) => ctx.clear_render_target_view(v, *color),
                            TargetOut::Tiled(_, v) => ctx.clear_tiled_render_target_view(v, *color),
                        }
                        .map_err(dev)?;
                    }
                }
            }
            Command::ClearDsv { depth, stencil } => {
                let dsv = o.depth.as_ref().ok_or_else(|| {
                    self.invalid(path.to_owned(), "the scene has no depth target")
                })?;
                let clear_depth = depth.is_some() || stencil.is_none();
                let (d, s) = (depth.unwrap_or(1.0), stencil.unwrap_or(0));
                match dsv {
                    DepthOut::Plain(_, v) => {
                        ctx.clear_depth_stencil_view(v, clear_depth, stencil.is_some(), d, s)
                    }
                    DepthOut::Tiled(_, v) => {
                        ctx.clear_tiled_depth_stencil_view(v, clear_depth, stencil.is_some(), d, s)
                    }
                }
                .map_err(dev)?;
            }
            Command::SetRenderTargets { colors, depth } => {
                let mut views = Vec::new();
                for (i, c) in colors.iter().enumerate() {
                    views.push(o.color(self, c, format!("{path}.colors[{i}]"))?);
                }
                let d = if *depth { o.depth.as_ref() } else { None };
                bind_targets(ctx, &views, d).map_err(dev)?;
            }
            Command::SetTopology(t) => ctx.ia_set_primitive_topology((*t).into()).map_err(dev)?,
            Command::SetInputLayout(n) => {
                ctx.ia_set_input_layout(Some(get(self, &o.layouts, n, "input layout", path)?))
                    .map_err(dev)?;
            }
            Command::SetVertexBuffers {
                start_slot,
                buffers,
            } => {
                let mut views = Vec::new();
                for (i, b) in buffers.iter().enumerate() {
                    let p = format!("{path}.buffers[{i}]");
                    views.push(Some(VertexBufferView {
                        buffer: get(self, &o.buffers, &b.buffer, "buffer", &p)?.clone(),
                        stride: b.stride,
                        offset: b.offset,
                    }));
                }
                ctx.ia_set_vertex_buffers(*start_slot, &views)
                    .map_err(dev)?;
            }
            Command::SetIndexBuffer {
                buffer,
                format,
                offset,
            } => {
                let b = get(self, &o.buffers, buffer, "buffer", path)?;
                ctx.ia_set_index_buffer(Some(b), format.0, *offset)
                    .map_err(dev)?;
            }
            Command::SetVs(n) => {
                ctx.vs_set_shader(Some(get(self, &o.vs, n, "vertex shader", path)?))
                    .map_err(dev)?;
            }
            Command::SetPs(n) => {
                ctx.ps_set_shader(self.lookup_opt(&o.ps, n.as_deref(), "pixel shader", path)?)
                    .map_err(dev)?;
            }
            Command::SetVsConstantBuffers { start, buffers } => {
                let list = self.lookup_all(&o.cbs, buffers, "constant buffer", path, "buffers")?;
                ctx.vs_set_constant_buffers(*start, &list).map_err(dev)?;
            }
            Command::SetPsConstantBuffers { start, buffers } => {
                let list = self.lookup_all(&o.cbs, buffers, "constant buffer", path, "buffers")?;
                ctx.ps_set_constant_buffers(*start, &list).map_err(dev)?;
            }
            Command::SetPsTextures { start, textures } => {
                self.set_ps_textures(ctx, o, *start, textures, path)?;
            }
            Command::SetPsSamplers { start, samplers } => {
                let list = self.lookup_all(&o.samplers, samplers, "sampler", path, "samplers")?;
                ctx.ps_set_samplers(*start, &list).map_err(dev)?;
            }
            Command::SetRasterizer(n) => {
                ctx.rs_set_state(self.lookup_opt(&o.rs, n.as_deref(), "rasterizer state", path)?)
                    .map_err(dev)?;
            }
            Command::SetDepthStencil { state, stencil_ref } => {
                let s = self.lookup_opt(&o.ds, state.as_deref(), "depth-stencil state", path)?;
                ctx.om_set_depth_stencil_state(s, *stencil_ref)
                    .map_err(dev)?;
            }
            Command::SetBlend {
                state,
                blend_factor,
                sample_mask,
            } => {
                let s = self.lookup_opt(&o.bs, state.as_deref(), "blend state", path)?;
                ctx.om_set_blend_state(s, *blend_factor, *sample_mask)
                    .map_err(dev)?;
            }
            Command::SetViewports(vps) => {
                let v: Vec<Viewport> = vps
                    .iter()
                    .map(|v| Viewport {
                        top_left_x: v.x * sx,
                        top_left_y: v.y * sy,
                        width: v.width * sx,
                        height: v.height * sy,
                        min_depth: v.min_depth,
                        max_depth: v.max_depth,
                    })
                    .collect();
                ctx.rs_set_viewports(&v).map_err(dev)?;
            }
            Command::SetScissors(rects) => {
                let scale = |v: i32, s: f32| (v as f32 * s).round() as i32;
                let r: Vec<Rect> = rects
                    .iter()
                    .map(|r| Rect {
                        left: scale(r.left, sx),
                        top: scale(r.top, sy),
                        right: scale(r.right, sx),
                        bottom: scale(r.bottom, sy),
                    })
                    .collect();
                ctx.rs_set_scissor_rects(&r).map_err(dev)?;
            }
            Command::SetCs(n) => {
                ctx.cs_set_shader(self.lookup_opt(&o.cs, n.as_deref(), "compute shader", path)?)
                    .map_err(dev)?;
            }
            Command::SetCsConstantBuffers { start, buffers } => {
                let list = self.lookup_all(&o.cbs, buffers, "constant buffer", path, "buffers")?;
                ctx.cs_set_constant_buffers(*start, &list).map_err(dev)?;
            }
            Command::SetCsUavs {
                start,
                buffers,
                initial_counts,
            } => {
                if buffers.iter().any(|n| o.tiled.buffer_uavs.contains_key(n)) {
                    return self.set_cs_uavs_tiled(ctx, o, *start, buffers, path);
                }
                let list = self.lookup_all(&o.uavs, buffers, "UAV buffer", path, "buffers")?;
                let counts = initial_counts
                    .clone()
                    .unwrap_or_else(|| vec![0; list.len()]);
                ctx.cs_set_unordered_access_views(*start, &list, &counts)
                    .map_err(dev)?;
            }
            Command::UnbindCsUavs { start, count } => {
                let list = vec![None; *count];
                let counts = vec![0; *count];
                ctx.cs_set_unordered_access_views(*start, &list, &counts)
                    .map_err(dev)?;
            }
            Command::SetCsTextures { start, textures } => {
                let tiled = |n: &String| {
                    o.tiled.srvs.contains_key(n) || o.tiled.buffer_srvs.contains_key(n)
                };
                if textures.iter().any(tiled) {
                    return self.set_cs_textures_tiled(ctx, o, *start, textures, path);
                }
                let mut list = Vec::with_capacity(textures.len());
                for (i, n) in textures.iter().enumerate() {
                    let p = format!("{path}.textures[{i}]");
                    let v = match o.buffer_srvs.get(n) {
                        Some(v) => v,
                        None => get(self, &o.srvs, n, "texture or buffer", &p)?,
                    };
                    list.push(Some(v.clone()));
                }
                ctx.cs_set_shader_resources(*start, &list).map_err(dev)?;
            }
            Command::SetCsSamplers { start, samplers } => {
                let list = self.lookup_all(&o.samplers, samplers, "sampler", path, "samplers")?;
                ctx.cs_set_samplers(*start, &list).map_err(dev)?;
            }
            Command::SetPsUavs {
                start,
                uavs,
                initial_counts,
            } => {
                let list = self.lookup_all(&o.uavs, uavs, "UAV buffer or texture", path, "uavs")?;
                let counts = initial_counts
                    .clone()
                    .unwrap_or_else(|| vec![u32::MAX; list.len()]);
                ctx.om_set_render_targets_and_unordered_access_views(
                    None,
                    *start,
                    Some(&list),
                    &counts,
                )
                .map_err(dev)?;
            }
            Command::CopyStructureCount {
                buffer,
                offset,
                uav,
            } => {
                let b = get(self, &o.buffers, buffer, "buffer", path)?;
                let u = get(self, &o.uavs, uav, "UAV buffer", path)?;
                ctx.copy_structure_count(b, *offset, u).map_err(dev)?;
            }
            Command::ClearUnorderedAccessViewUint { uav, values } => {
                let p = format!("{path}.uav");
                let v = get(self, &o.uavs, uav, "UAV buffer or texture", &p)?;
                ctx.clear_unordered_access_view_uint(v, *values)
                    .map_err(dev)?;
            }
            Command::ClearUnorderedAccessViewFloat { uav, values } => {
                let p = format!("{path}.uav");
                let v = get(self, &o.uavs, uav, "UAV buffer or texture", &p)?;
                ctx.clear_unordered_access_view_float(v, *values)
                    .map_err(dev)?;
            }
            Command::Dispatch { x, y, z } => ctx.dispatch(*x, *y, *z).map_err(dev)?,
            Command::Draw {
                vertex_count,
                start_vertex,
            } => {
                ctx.draw(*vertex_count, *start_vertex).map_err(dev)?;
            }
            Command::DrawIndexed {
                index_count,
                start_index,
                base_vertex,
            } => {
                ctx.draw_indexed(*index_count, *start_index, *base_vertex)
                    .map_err(dev)?;
            }
            Command::DrawInstanced {
                vertex_count,
                instance_count,
                start_vertex,
                start_instance,
            } => {
                ctx.draw_instanced(
                    *vertex_count,
                    *instance_count,
                    *start_vertex,
                    *start_instance,
                )
                .map_err(dev)?;
            }
            Command::DrawIndexedInstanced {
                index_count,
                instance_count,
                start_index,
                base_vertex,
                start_instance,
            } => {
                ctx.draw_indexed_instanced(
                    *index_count,
                    *instance_count,
                    *start_index,
                    *base_vertex,
                    *start_instance,
                )
                .map_err(dev)?;
            }
            Command::UpdateTileMappings(s) => self.update_tile_mappings(ctx, o, s, path)?,
            Command::UpdateTiles(s) => self.update_tiles(ctx, o, s, path)?,
            Command::CopyTileMappings(s) => self.copy_tile_mappings(ctx, o, s, path)?,
            Command::CopyTiles(s) => self.copy_tiles(ctx, o, s, path)?,
            Command::ResizeTilePool(s) => self.resize_tile_pool(ctx, o, s, path)?,
            Command::TiledResourceBarrier(s) => self.tiled_resource_barrier(ctx, o, s, path)?,
        }
        Ok(())
    }
}
