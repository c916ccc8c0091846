//! The draw calls: draw-time validation, resource locking, and handing borrowed memory to the
//! pipeline inside the device's thread pool.

use tessera_caps::{DrawKind, TextureDimension};
use tessera_format::SurfaceMut;
use tessera_pipeline::{
    DrawArgs, DrawState, DrawStats, IndexBufferBinding, InputLayout, Targets, VertexBufferBinding,
};
use tessera_resource::{ResourceError, Texture, TextureWriteGuard};

use std::sync::Mutex;

use tessera_pipeline::UavLock;

use super::DeviceContext;
use super::reads::{ReadSet, StageReads};
use super::staged::Substitutes;
use super::uav::UavLocks;
use crate::debug::Severity;
use crate::error::{Error, Result};
use crate::state::InputLayoutHandle;

/// The input layout of a draw with none bound: no elements, so nothing is fetched.
static NO_INPUTS: InputLayout = InputLayout {
    elements: Vec::new(),
};

impl DeviceContext {
    /// `Draw`.
    pub fn draw(&mut self, vertex_count: u32, start_vertex: u32) -> Result<DrawStats> {
        let args = DrawArgs::Vertices {
            vertex_count,
            start_vertex,
            instance_count: 1,
            start_instance: 0,
        };
        self.execute("Draw", DrawKind::Draw, args)
    }

    /// `DrawIndexed`.
    pub fn draw_indexed(
        &mut self,
        index_count: u32,
        start_index: u32,
        base_vertex: i32,
    ) -> Result<DrawStats> {
        let args = DrawArgs::Indexed {
            index_count,
            start_index,
            base_vertex,
            instance_count: 1,
            start_instance: 0,
        };
        self.execute("DrawIndexed", DrawKind::DrawIndexed, args)
    }

    /// `DrawInstanced` (10_0+).
    pub fn draw_instanced(
        &mut self,
        vertex_count: u32,
        instance_count: u32,
        start_vertex: u32,
        start_instance: u32,
    ) -> Result<DrawStats> {
        let args = DrawArgs::Vertices {
            vertex_count,
            start_vertex,
            instance_count,
            start_instance,
        };
        self.execute("DrawInstanced", DrawKind::DrawInstanced, args)
    }

    /// `DrawIndexedInstanced` (9_3+).
    pub fn draw_indexed_instanced(
        &mut self,
        index_count: u32,
        instance_count: u32,
        start_index: u32,
        base_vertex: i32,
        start_instance: u32,
    ) -> Result<DrawStats> {
        let args = DrawArgs::Indexed {
            index_count,
            start_index,
            base_vertex,
            instance_count,
            start_instance,
        };
        self.execute("DrawIndexedInstanced", DrawKind::DrawIndexedInstanced, args)
    }

    fn execute(&mut self, call: &'static str, kind: DrawKind, args: DrawArgs) -> Result<DrawStats> {
        let device = self.device.clone();
        let r = device
            .check_not_removed(call)
            .and_then(|()| self.run_draw(call, kind, args));
        let hung = matches!(r, Err(Error::ShaderHung { .. }));
        let r = device.refused(call, r);
        if hung {
            device.hung(call);
        }
        r
    }

    fn run_draw(
        &mut self,
        call: &'static str,
        kind: DrawKind,
        args: DrawArgs,
    ) -> Result<DrawStats> {
        let caps = self.device.caps();
        let (count, instances) = match args {
            DrawArgs::Vertices {
                vertex_count,
                instance_count,
                ..
            } => (vertex_count, instance_count),
            DrawArgs::Indexed {
                index_count,
                instance_count,
                ..
            } => (index_count, instance_count),
        };
        caps.validate_draw_method(kind)?;
        caps.validate_topology(self.topology, kind.is_indexed())?;
        caps.validate_draw(kind, self.topology, count, instances)?;
        self.device
            .device_limits()
            .check_draw(call, count, instances)?;
        self.validate_wrap_on_non_pow2()?;
        // D3D11 draws without an input layout when the vertex shader reads no inputs (only
        // SV_VertexID / SV_InstanceID): the input assembler then fetches nothing.
        let layout = self.input_layout.clone();
        let reads_inputs = self
            .vertex_shader
            .as_ref()
            .is_none_or(|vs| !vs.signature().inputs.is_empty());
        if layout.is_none() && reads_inputs {
            return Err(Error::NotBound {
                call,
                what: "an input layout",
            });
        }
        let vs = self.vertex_shader.clone().ok_or(Error::NotBound {
            call,
            what: "a vertex shader",
        })?;
        if kind.is_indexed() && self.index_buffer.is_none() {
            return Err(Error::NotBound {
                call,
                what: "an index buffer",
            });
        }
        self.report_draw_state(call, kind, args)?;
        let ps = self.pixel_shader.clone();

        // Read locks: one per distinct resource of the draw ([`ReadSet`]); the staged
        // copies it may lock are declared first, so they outlive it.
        let (vs_subs, ps_subs);
        let mut set = ReadSet::default();
        let vb_slots: Vec<Option<(usize, u32, u32)>> = self
            .vertex_buffers
            .iter()
            .map(|vb| {
                vb.as_ref()
                    .map(|v| (set.buffer(&v.buffer), v.stride, v.offset))
            })
            .collect();
        let ib_slot = self
            .index_buffer
            .as_ref()
            .map(|(b, f, o)| (set.buffer(b), *f, *o));
        if let (
            DrawArgs::Indexed {
                index_count,
                start_index,
                ..
            },
            Some((i, format, offset)),
        ) = (args, ib_slot)
        {
            // Only levels whose limit is below the format's range need the scan (9_x).
            let format_max = tessera_pipeline::strip_cut_value(format);
            if caps.limits().max_vertex_index < format_max {
                let ib = IndexBufferBinding {
                    data: set.buffer_bytes(i),
                    format,
                    offset,
                };
                let max = tessera_pipeline::max_index_value(
                    &ib,
                    self.topology,
                    start_index,
                    index_count,
                )?;
                if let Some(max) = max {
                    caps.validate_index_value(max)?;
                }
            }
        }

        // Tiled outputs: their shadows hold the tiles' bytes for the draw (issue #16 part 6).
        self.report_tiled_draw_sharing(call)?;
        let mut reported = Vec::new();
        self.load_tiled_outputs(call, &mut reported)?;
        // Binding already unbound the shader resources that view a bound output (D3D's
        // hazard rule, per subresource). A view of another subresource of a texture the draw
        // writes (D3D allows it: a mip chain rendered from the mip above) reads a staged copy,
        // made before the outputs are locked (`staged.rs`).
        let ps_uses_uavs = ps.as_ref().is_some_and(|p| !p.0.uav_slots().is_empty());
        let mut written: Vec<&tessera_resource::ViewInfo> =
            self.outputs().map(|(_, v)| v).collect();
        if ps_uses_uavs {
            written.extend(self.ps_uavs.iter().flatten().map(|v| &**v));
        }
        vs_subs = Substitutes::for_stage(&self.device, &self.vs, &written)?;
        ps_subs = Substitutes::for_stage(&self.device, &self.ps, &written)?;
        let mut vs_reads = StageReads::lock(&self.vs, &vs_subs, &mut set, true);
        let mut ps_reads = StageReads::lock(&self.ps, &ps_subs, &mut set, true);
        // Lock targets for writing, one guard per distinct texture.
        let target_textures = self.target_textures()?;
        // The pixel shader's UAVs: write-locked (each resource in no other binding of the
        // draw) and handed to the pipeline, which then shades serially in a fixed order.
        // Tiled pixel-stage UAVs: their shadows hold the tiles' bytes for the draw.
        let ps_tiled_uavs = self.ps_tiled_uavs_for_draw()?;
        for t in &ps_tiled_uavs {
            t.load(
                &self.device,
                call,
                "pixel-shader unordered access view",
                &mut reported,
            )?;
        }
        // A UAV of another subresource of a target's texture runs on a staged copy.
        let (ps_uav_bound, ps_staged) =
            match self.resolve_ps_uavs(call, &target_textures, [&vs_subs, &ps_subs])? {
                Some((bound, staged)) => (Some(bound), staged),
                None => (None, Vec::new()),
            };
        let mut write_guards: Vec<(Texture, TextureWriteGuard<'_>)> = Vec::new();
        for (tex, ..) in &target_textures {
            if !write_guards.iter().any(|(t, _)| t.ptr_eq(tex)) {
                write_guards.push((tex.clone(), tex.write()));
            }
        }
        vs_reads.resolve_tiled(&self.device, &self.vs, &mut reported)?;
        ps_reads.resolve_tiled(&self.device, &self.ps, &mut reported)?;
        vs_reads.check_storage(&self.vs, &vs.0.storage_srv_slots(), call)?;
        StageReads::check_textures(&self.vs, &vs.0.texture_uses(), call)?;
        if let Some(p) = &ps {
            ps_reads.check_storage(&self.ps, &p.0.storage_srv_slots(), call)?;
            StageReads::check_textures(&self.ps, &p.0.texture_uses(), call)?;
        }
        let set = set;
        let vertex_buffers: Vec<VertexBufferBinding<'_>> = vb_slots
            .iter()
            .map(|g| match *g {
                Some((i, stride, offset)) => VertexBufferBinding {
                    data: set.buffer_bytes(i),
                    stride,
                    offset,
                },
                None => VertexBufferBinding::default(),
            })
            .collect();
        let index_buffer = ib_slot.map(|(i, format, offset)| IndexBufferBinding {
            data: set.buffer_bytes(i),
            format,
            offset,
        });
        let vs_env = vs_reads.env(&set, &self.vs)?;
        let ps_env = ps_reads.env(&set, &self.ps)?;

        // A strict device refuses a draw whose 9_x texture repeat is over the limit; the
        // measure comes from the draw itself, so the targets are kept to be put back.
        let measure = caps.level().is_9_x()
            && self
                .pixel_shader
                .as_ref()
                .is_some_and(|p| !p.signature().samples.is_empty());
        let snapshot: Option<Vec<Vec<u8>>> =
            (measure && self.device.info_queue().break_on_severity(Severity::Error)).then(|| {
                write_guards
                    .iter()
                    .map(|(_, g)| g.bytes().to_vec())
                    .collect()
            });
        let mut ps_uav_locks = ps_uav_bound.as_deref().map(UavLocks::lock);
        let ps_uavs = match ps_uav_locks.as_mut() {
            Some(locks) => Some(Mutex::new(locks.memory()?)),
            None => None,
        };
        let mut targets = self.build_targets(&target_textures, &mut write_guards)?;
        let state = DrawState {
            topology: self.topology,
            input_layout: layout
                .as_ref()
                .map_or(&NO_INPUTS, InputLayoutHandle::layout),
            vertex_buffers: &vertex_buffers,
            index_buffer,
            vertex_shader: vs.0.as_ref(),
            pixel_shader: ps.as_ref().map(|p| p.0.as_ref()),
            vs_env: &vs_env,
            ps_env: &ps_env,
            rasterizer: self.rasterizer,
            depth_stencil: self.depth_stencil,
            stencil_ref: self.stencil_ref,
            blend: self.blend,
            blend_factor: self.blend_factor,
            sample_mask: self.sample_mask,
            viewports: &self.viewports,
            scissors: &self.scissors,
            // 9_x only: the pixel shader's declared pairs, for the texture-repeat measure.
            repeat_probes: match &ps {
                Some(p) if caps.level().is_9_x() => &p.signature().samples,
                _ => &[],
            },
            ps_uavs: ps_uavs.as_ref().map(|m| m as &dyn UavLock),
            simd: self.device.inner.lanes,
        };
        // Faults of earlier draws were taken then; clear any left by a use outside a draw.
        let take = || {
            let v = vs.0.take_fault();
            let p = ps.as_ref().and_then(|p| p.0.take_fault());
            v.or(p)
        };
        let _ = take();
        let stats = self
            .device
            .inner
            .pool
            .install(|| tessera_pipeline::draw(&state, &mut targets, args))?;
        drop(targets);
        // A shader that ran past its step budget abandons the draw: device hung, like a GPU's
        // timeout detection (the targets' contents are then undefined; `execute` removes
        // the device).
        if let Some(fault) = take() {
            return Err(Error::ShaderHung { call, fault });
        }
        if let Err(e) = self.report_draw_results(call, &stats) {
            if let Some(snapshot) = snapshot {
                for ((_, g), bytes) in write_guards.iter_mut().zip(snapshot) {
                    g.bytes_mut().copy_from_slice(&bytes);
                }
            }
            return Err(e);
        }
        drop(write_guards);
        drop(ps_uavs);
        drop(ps_uav_locks);
        for s in &ps_staged {
            s.store()?;
        }
        self.store_tiled_outputs(call, &mut reported)?;
        for t in &ps_tiled_uavs {
            t.store(
                &self.device,
                call,
                "pixel-shader unordered access view",
                &mut reported,
            )?;
        }
        self.record_stats(&stats);
        Ok(stats)
    }

    /// FL-05: at 9_x a non-power-of-two texture may not be sampled with WRAP. The pairs are
    /// the bound pixel shader's declared texture–sampler pairs (`ShaderSignature::samples`),
    /// so a shader sampling `t0` with `s1` is checked against sampler 1; an unbound sampler is
    /// the default CLAMP sampler and an unbound texture is not sampled.
    fn validate_wrap_on_non_pow2(&self) -> Result<()> {
        let Some(ps) = self.pixel_shader.as_ref() else {
            return Ok(());
        };
        for pair in &ps.signature().samples {
            let srv = self.ps.shader_resources.get(pair.texture as usize);
            let Some(tex) = srv.and_then(|v| v.as_ref()).and_then(|v| v.texture()) else {
                continue;
            };
            if let Some(Some(sampler)) = self.ps.samplers.get(pair.sampler as usize) {
                let d = tex.desc();
                self.device
                    .caps()
                    .validate_sampling(d.width, d.height, sampler.desc())?;
            }
        }
        Ok(())
    }

    /// The (texture, subresource, W slice of a 3D target) of each bound target: render targets in slot
    /// order, then the depth-stencil view. The surface a draw writes: with nothing writing
    /// `SV_RenderTargetArrayIndex` (no geometry shader), view slice 0 (D3D11.3 §17.x "Render
    /// Target Array Index"): an array view's first array slice, a Texture3D view's first W
    /// slice (`FirstWSlice`) of its mip, a 2D plane of that subresource (docs/memory.md).
    fn target_textures(&self) -> Result<Vec<(Texture, u32, Option<u32>)>> {
        let mut out = Vec::new();
        let views = self
            .render_targets
            .iter()
            .flatten()
            .map(|v| &**v)
            .chain(self.depth_stencil_view.iter().map(|v| &**v));
        for view in views {
            let tex = view
                .texture()
                .ok_or(Error::Unsupported("render targets of buffers"))?;
            let r = view.range();
            let sub = view.subresource(0, 0).unwrap_or(r.most_detailed_mip);
            // A 3D view's range counts W slices of its one subresource (the mip).
            let w_slice = (tex.dimension() == TextureDimension::D3).then_some(r.first_array_slice);
            out.push((tex.clone(), sub, w_slice));
        }
        Ok(out)
    }

    fn build_targets<'g>(
        &self,
        target_textures: &[(Texture, u32, Option<u32>)],
        guards: &'g mut [(Texture, TextureWriteGuard<'_>)],
    ) -> Result<Targets<'g>> {
        let n_rt = self.render_targets.iter().flatten().count();
        let mut slots: Vec<Option<SurfaceMut<'g>>> =
            (0..target_textures.len()).map(|_| None).collect();
        for (tex, guard) in guards.iter_mut() {
            let picks: Vec<usize> = (0..target_textures.len())
                .filter(|&i| target_textures[i].0.ptr_eq(tex))
                .collect();
            let subs: Vec<u32> = picks.iter().map(|&i| target_textures[i].1).collect();
            let surfaces = guard.surfaces_mut(&subs)?;
            for (i, s) in picks.into_iter().zip(surfaces) {
                // A 3D mip gives the drawn W slice (a multisampled one keeps its planes).
                slots[i] = Some(match target_textures[i].2 {
                    Some(w) => s.into_plane(w).map_err(ResourceError::from)?,
                    None => s,
                });
            }
        }
        let mut slots = slots.into_iter();
        let mut colors = Vec::with_capacity(self.render_targets.len());
        for view in &self.render_targets {
            colors.push(match view {
                Some(v) => slots
                    .next()
                    .flatten()
                    .map(|s| s.with_format(v.format()))
                    .transpose()
                    .map_err(ResourceError::from)?,
                None => None,
            });
        }
        debug_assert_eq!(colors.iter().flatten().count(), n_rt);
        let depth_stencil = match &self.depth_stencil_view {
            Some(v) => slots
                .next()
                .flatten()
                .map(|s| s.with_format(v.format()))
                .transpose()
                .map_err(ResourceError::from)?,
            None => None,
        };
        let dsv = self.depth_stencil_view.as_ref();
        Ok(Targets {
            colors,
            depth_stencil,
            read_only_depth: dsv.is_some_and(|v| v.read_only_depth()),
            read_only_stencil: dsv.is_some_and(|v| v.read_only_stencil()),
            sample_positions: match target_textures.first() {
                Some((t, ..)) => sample_pattern(t.desc().sample_desc).ok_or(Error::Unsupported(
                    "a sample count without a sample pattern",
                ))?,
                None => &[],
            },
        })
    }
}

/// The sample positions of a target's `DXGI_SAMPLE_DESC` (SPEC §3.8): the centre pattern for
/// `CENTER_MULTISAMPLE_PATTERN`, else the standard pattern of the count (quality 0 and
/// `STANDARD_MULTISAMPLE_PATTERN` are the standard one on this device); single-sample: none.
/// The pipeline checks every bound target against it (same sample count, SPEC §5.6).
/// `None` for a count without a pattern (texture creation refuses those).
fn sample_pattern(desc: tessera_caps::SampleDesc) -> Option<&'static [[i8; 2]]> {
    match desc.count {
        0 | 1 => Some(&[]),
        n if desc.quality == tessera_caps::CENTER_MULTISAMPLE_PATTERN => {
            tessera_caps::center_sample_positions(n)
        }
        n => tessera_caps::standard_sample_positions(n),
    }
}
