//! Executing a scene through the facade: every object is created by the device and every
//! command is a context call, so the device's feature-level rules apply.

use std::collections::BTreeMap;
use std::sync::Arc;

use image::{DynamicImage, Rgba, Rgba32FImage, RgbaImage};
use tessera::caps::{
    APPEND_ALIGNED_ELEMENT, BindFlags, BlendDesc, BufferDesc, ColorWriteMask, DepthStencilDesc,
    InputClassification, InputElementDesc, RasterizerDesc, Rect, SamplerDesc, StencilFaceDesc,
    TextureDesc, Usage, Viewport,
};
use tessera::pipeline::builtin::{
    ConstantColorPs, LitPs, LitVs, TexturedPs, TransformVs, VertexColorPs,
};
use tessera::resource::DsvFlags;
use tessera::{
    BlendState, Buffer, DepthStencilState, DepthStencilView, Device, DeviceDesc, FeatureLevel,
    InputLayoutHandle, PixelShaderHandle, RasterizerState, RenderTargetView, SamplerState,
    ShaderResourceView, Texture, VertexBufferView, VertexShaderHandle,
};

use crate::camera;
use crate::error::SceneError;
use crate::format::{Command, ConstantsSpec, StencilFaceSpec, TargetBlendSpec, TextureSpec};
use crate::scene::Scene;
use crate::shaders::InstancedTransformVs;

/// How to render a scene: overrides of what the file says.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Feature level instead of the scene's.
    pub feature_level: Option<FeatureLevel>,
    /// Target size instead of the scene's (explicit viewports and scissors scale with it).
    pub size: Option<(u32, u32)>,
    /// Rasterizer threads (`None`: `RAYON_NUM_THREADS` or the CPU count).
    pub threads: Option<usize>,
}

/// The colour targets a scene writes out, in `outputs` order, read back as RGBA8.
#[derive(Clone, Debug)]
pub struct RenderedTargets {
    /// (target name, image).
    pub images: Vec<(String, RgbaImage)>,
}

impl RenderedTargets {
    /// The image of target `name`.
    pub fn get(&self, name: &str) -> Option<&RgbaImage> {
        self.images.iter().find(|(n, _)| n == name).map(|(_, i)| i)
    }

    /// The first output.
    pub fn first(&self) -> Option<&RgbaImage> {
        self.images.first().map(|(_, i)| i)
    }
}

struct Objects {
    buffers: BTreeMap<String, Buffer>,
    cbs: BTreeMap<String, Buffer>,
    srvs: BTreeMap<String, ShaderResourceView>,
    layouts: BTreeMap<String, InputLayoutHandle>,
    rs: BTreeMap<String, RasterizerState>,
    ds: BTreeMap<String, DepthStencilState>,
    bs: BTreeMap<String, BlendState>,
    samplers: BTreeMap<String, SamplerState>,
    vs: BTreeMap<String, VertexShaderHandle>,
    ps: BTreeMap<String, PixelShaderHandle>,
    colors: Vec<(String, Texture, RenderTargetView)>,
    depth: Option<DepthStencilView>,
}

fn get<'a, T>(
    scene: &Scene,
    map: &'a BTreeMap<String, T>,
    name: &str,
    what: &str,
    path: &str,
) -> Result<&'a T, SceneError> {
    map.get(name).ok_or_else(|| SceneError::Invalid {
        file: scene.source.clone(),
        json_path: path.to_owned(),
        message: format!("no {what} named {name:?}"),
    })
}

impl Scene {
    /// Renders on a new device configured by `options`.
    pub fn render(&self, options: &RenderOptions) -> Result<RenderedTargets, SceneError> {
        self.render_with_progress(options, &mut |_, _| {})
    }

    /// Renders, calling `progress(done, total)` after each command.
    pub fn render_with_progress(
        &self,
        options: &RenderOptions,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<RenderedTargets, SceneError> {
        let level = options.feature_level.unwrap_or(self.file.feature_level.0);
        let desc = DeviceDesc {
            threads: options.threads,
            ..DeviceDesc::at(level)
        };
        let device = Device::new(&desc).map_err(|e| self.device_err("feature_level".into(), e))?;
        self.render_on(&device, options.size, progress)
    }

    fn device_err(&self, json_path: String, source: tessera::Error) -> SceneError {
        SceneError::Device {
            file: self.source.clone(),
            json_path,
            source: Box::new(source),
        }
    }

    fn bad(&self, json_path: String, message: impl Into<String>) -> SceneError {
        SceneError::Invalid {
            file: self.source.clone(),
            json_path,
            message: message.into(),
        }
    }

    /// Renders on an existing device (its feature level applies), optionally at another size.
    pub fn render_on(
        &self,
        device: &Device,
        size: Option<(u32, u32)>,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<RenderedTargets, SceneError> {
        let [sw, sh] = self.file.size;
        let (w, h) = size.unwrap_or((sw, sh));
        if w == 0 || h == 0 || w > 16384 || h > 16384 {
            return Err(self.bad("size".into(), format!("size {w}x{h} is outside 1..=16384")));
        }
        let (sx, sy) = (w as f32 / sw as f32, h as f32 / sh as f32);
        let aspect = w as f32 / h as f32;
        let objs = self.create_objects(device, w, h, aspect)?;
        let mut ctx = device.immediate_context();
        // Initial bindings: every colour target plus the depth target, and a full viewport.
        let rtvs: Vec<_> = objs
            .colors
            .iter()
            .map(|(_, _, v)| Some(v.clone()))
            .collect();
        ctx.om_set_render_targets(&rtvs, objs.depth.as_ref())
            .map_err(|e| self.device_err("targets".into(), e))?;
        ctx.rs_set_viewports(&[Viewport {
            top_left_x: 0.0,
            top_left_y: 0.0,
            width: w as f32,
            height: h as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }])
        .map_err(|e| self.device_err("targets".into(), e))?;
        let total = self.file.commands.len();
        for (i, cmd) in self.file.commands.iter().enumerate() {
            let path = format!("commands[{i}].{}", cmd.name());
            self.execute(&mut ctx, &objs, cmd, &path, (sx, sy))?;
            progress(i + 1, total);
        }
        let names: Vec<String> = match &self.file.outputs {
            Some(o) => o.clone(),
            None => objs.colors.iter().map(|(n, _, _)| n.clone()).collect(),
        };
        let mut images = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let (_, tex, _) = objs
                .colors
                .iter()
                .find(|(n, _, _)| n == name)
                .ok_or_else(|| {
                    self.bad(
                        format!("outputs[{i}]"),
                        format!("no colour target named {name:?}"),
                    )
                })?;
            let img = tessera::resource::read_rgba8(tex, 0)
                .map_err(|e| self.device_err(format!("outputs[{i}]"), e.into()))?;
            images.push((name.clone(), img));
        }
        Ok(RenderedTargets { images })
    }

    fn create_objects(
        &self,
        device: &Device,
        w: u32,
        h: u32,
        aspect: f32,
    ) -> Result<Objects, SceneError> {
        let f = &self.file;
        let dev = |p: String| move |e: tessera::Error| self.device_err(p, e);
        let mut index_buffers = std::collections::BTreeSet::new();
        for c in &f.commands {
            if let Command::SetIndexBuffer { buffer, .. } = c {
                index_buffers.insert(buffer.as_str());
            }
        }
        let mut buffers = BTreeMap::new();
        for (name, bytes) in &self.buffers {
            let p = format!("buffers.{name}");
            let len = u32::try_from(bytes.len()).map_err(|_| self.bad(p.clone(), "too large"))?;
            let bind = if index_buffers.contains(name.as_str()) {
                BindFlags::INDEX_BUFFER
            } else {
                BindFlags::VERTEX_BUFFER
            };
            let desc = BufferDesc {
                byte_width: len,
                usage: Usage::Immutable,
                bind_flags: bind,
                ..Default::default()
            };
            let b = device.create_buffer(&desc, Some(bytes)).map_err(dev(p))?;
            buffers.insert(name.clone(), b);
        }
        let mut cbs = BTreeMap::new();
        for (name, spec) in &f.constant_buffers {
            let p = format!("constant_buffers.{name}");
            let mut floats = match spec {
                ConstantsSpec::Floats(v) => v.clone(),
                ConstantsSpec::Colors(c) => c.iter().flatten().copied().collect(),
                ConstantsSpec::Matrix(m) => {
                    let mut out = Vec::new();
                    camera::push_rows(&mut out, &camera::matrices(m, aspect).0);
                    out
                }
                ConstantsSpec::LitVs(m) => camera::lit_vs(m, aspect),
                ConstantsSpec::LitPs(l) => camera::lit_ps(l),
            };
            if floats.len() > 4096 * 4 {
                return Err(self.bad(p, "more than 4096 registers"));
            }
            let padded = floats.len().div_ceil(4).max(1) * 4;
            floats.resize(padded, 0.0);
            let bytes: Vec<u8> = floats.iter().flat_map(|v| v.to_le_bytes()).collect();
            let desc = BufferDesc {
                byte_width: bytes.len() as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::CONSTANT_BUFFER,
                ..Default::default()
            };
            cbs.insert(
                name.clone(),
                device.create_buffer(&desc, Some(&bytes)).map_err(dev(p))?,
            );
        }
        let mut srvs = BTreeMap::new();
        for (name, spec) in &f.textures {
            let p = format!("textures.{name}");
            let img = match self.images.get(name) {
                Some(i) => Arc::clone(i),
                None => Arc::new(procedural(spec).map_err(|m| self.bad(p.clone(), m))?),
            };
            let format = spec.format.map_or(tessera::Format::R8G8B8A8Unorm, |f| f.0);
            let tex = Texture::from_image(
                device.caps(),
                &img,
                format,
                spec.mips,
                BindFlags::SHADER_RESOURCE,
            )
            .map_err(|e| self.device_err(p.clone(), e.into()))?;
            let srv = device
                .create_shader_resource_view(&tex, None)
                .map_err(dev(p))?;
            srvs.insert(name.clone(), srv);
        }
        let mut layouts = BTreeMap::new();
        for (name, elems) in &f.input_layouts {
            let descs: Vec<InputElementDesc> = elems
                .iter()
                .map(|e| InputElementDesc {
                    semantic_name: e.semantic.clone(),
                    semantic_index: e.index,
                    format: e.format.0,
                    input_slot: e.slot,
                    aligned_byte_offset: e.offset.unwrap_or(APPEND_ALIGNED_ELEMENT),
                    input_slot_class: if e.per_instance {
                        InputClassification::PerInstance
                    } else {
                        InputClassification::PerVertex
                    },
                    instance_data_step_rate: e.step_rate.unwrap_or(if e.per_instance {
                        1
                    } else {
                        0
                    }),
                })
                .collect();
            let l = device
                .create_input_layout(&descs)
                .map_err(dev(format!("input_layouts.{name}")))?;
            layouts.insert(name.clone(), l);
        }
        let mut rs = BTreeMap::new();
        for (name, s) in &f.rasterizer_states {
            let d0 = RasterizerDesc::default();
            let d = RasterizerDesc {
                fill_mode: s.fill_mode.map_or(d0.fill_mode, Into::into),
                cull_mode: s.cull_mode.map_or(d0.cull_mode, Into::into),
                front_counter_clockwise: s
                    .front_counter_clockwise
                    .unwrap_or(d0.front_counter_clockwise),
                depth_bias: s.depth_bias.unwrap_or(d0.depth_bias),
                depth_bias_clamp: s.depth_bias_clamp.unwrap_or(d0.depth_bias_clamp),
                slope_scaled_depth_bias: s
                    .slope_scaled_depth_bias
                    .unwrap_or(d0.slope_scaled_depth_bias),
                depth_clip_enable: s.depth_clip_enable.unwrap_or(d0.depth_clip_enable),
                scissor_enable: s.scissor_enable.unwrap_or(d0.scissor_enable),
                multisample_enable: s.multisample_enable.unwrap_or(d0.multisample_enable),
                antialiased_line_enable: s
                    .antialiased_line_enable
                    .unwrap_or(d0.antialiased_line_enable),
                ..d0
            };
            let st = device
                .create_rasterizer_state(&d)
                .map_err(dev(format!("rasterizer_states.{name}")))?;
            rs.insert(name.clone(), st);
        }
        let mut ds = BTreeMap::new();
        for (name, s) in &f.depth_stencil_states {
            let d0 = DepthStencilDesc::default();
            let face = |f: &Option<StencilFaceSpec>| {
                let f0 = StencilFaceDesc::default();
                match f {
                    None => f0,
                    Some(f) => StencilFaceDesc {
                        fail_op: f.fail_op.map_or(f0.fail_op, Into::into),
                        depth_fail_op: f.depth_fail_op.map_or(f0.depth_fail_op, Into::into),
                        pass_op: f.pass_op.map_or(f0.pass_op, Into::into),
                        func: f.func.map_or(f0.func, Into::into),
                    },
                }
            };
            let d = DepthStencilDesc {
                depth_enable: s.depth_enable.unwrap_or(d0.depth_enable),
                depth_write: s.depth_write.unwrap_or(d0.depth_write),
                depth_func: s.depth_func.map_or(d0.depth_func, Into::into),
                stencil_enable: s.stencil_enable.unwrap_or(d0.stencil_enable),
                stencil_read_mask: s.stencil_read_mask.unwrap_or(d0.stencil_read_mask),
                stencil_write_mask: s.stencil_write_mask.unwrap_or(d0.stencil_write_mask),
                front_face: face(&s.front_face),
                back_face: face(&s.back_face),
            };
            let st = device
                .create_depth_stencil_state(&d)
                .map_err(dev(format!("depth_stencil_states.{name}")))?;
            ds.insert(name.clone(), st);
        }
        let mut bs = BTreeMap::new();
        for (name, s) in &f.blend_states {
            let p = format!("blend_states.{name}");
            if s.render_targets.len() > 8 {
                return Err(self.bad(p, "at most 8 render_targets entries"));
            }
            let mut d = BlendDesc {
                alpha_to_coverage_enable: s.alpha_to_coverage_enable.unwrap_or(false),
                independent_blend_enable: s.independent_blend_enable.unwrap_or(false),
                ..Default::default()
            };
            for (i, t) in s.render_targets.iter().enumerate() {
                d.render_target[i] = target_blend(t)
                    .map_err(|m| self.bad(format!("{p}.render_targets[{i}].write_mask"), m))?;
            }
            bs.insert(name.clone(), device.create_blend_state(&d).map_err(dev(p))?);
        }
        let mut samplers = BTreeMap::new();
        for (name, s) in &f.samplers {
            let d0 = SamplerDesc::default();
            let d = SamplerDesc {
                filter: s.filter.map_or(d0.filter, |f| f.0),
                address_u: s.address_u.map_or(d0.address_u, Into::into),
                address_v: s.address_v.map_or(d0.address_v, Into::into),
                address_w: s.address_w.map_or(d0.address_w, Into::into),
                mip_lod_bias: s.mip_lod_bias.unwrap_or(d0.mip_lod_bias),
                max_anisotropy: s.max_anisotropy.unwrap_or(d0.max_anisotropy),
                comparison_func: s.comparison_func.map_or(d0.comparison_func, Into::into),
                border_color: s.border_color.unwrap_or(d0.border_color),
                min_lod: s.min_lod.unwrap_or(d0.min_lod),
                max_lod: s.max_lod.unwrap_or(d0.max_lod),
            };
            let st = device
                .create_sampler_state(&d)
                .map_err(dev(format!("samplers.{name}")))?;
            samplers.insert(name.clone(), st);
        }
        let (mut vs, mut ps) = (BTreeMap::new(), BTreeMap::new());
        for (name, s) in &f.shaders {
            use crate::format::ShaderSpec as S;
            let p = format!("shaders.{name}");
            let max = tessera::pipeline::shader::MAX_VARYINGS;
            match s {
                S::Transform(t) | S::InstancedTransform(t) if t.varyings > max => {
                    return Err(self.bad(p, format!("at most {max} varyings")));
                }
                S::Transform(t) => {
                    let sh = Arc::new(TransformVs {
                        varyings: t.varyings,
                    });
                    vs.insert(
                        name.clone(),
                        device.create_vertex_shader(sh).map_err(dev(p))?,
                    );
                }
                S::InstancedTransform(t) => {
                    let sh = Arc::new(InstancedTransformVs {
                        varyings: t.varyings,
                    });
                    vs.insert(
                        name.clone(),
                        device.create_vertex_shader(sh).map_err(dev(p))?,
                    );
                }
                S::LitVs => {
                    vs.insert(
                        name.clone(),
                        device
                            .create_vertex_shader(Arc::new(LitVs))
                            .map_err(dev(p))?,
                    );
                }
                S::VertexColor => {
                    ps.insert(
                        name.clone(),
                        device
                            .create_pixel_shader(Arc::new(VertexColorPs))
                            .map_err(dev(p))?,
                    );
                }
                S::ConstantColor => {
                    ps.insert(
                        name.clone(),
                        device
                            .create_pixel_shader(Arc::new(ConstantColorPs))
                            .map_err(dev(p))?,
                    );
                }
                S::Textured => {
                    ps.insert(
                        name.clone(),
                        device
                            .create_pixel_shader(Arc::new(TexturedPs))
                            .map_err(dev(p))?,
                    );
                }
                S::LitPs => {
                    ps.insert(
                        name.clone(),
                        device
                            .create_pixel_shader(Arc::new(LitPs))
                            .map_err(dev(p))?,
                    );
                }
            }
        }
        let mut colors = Vec::new();
        for (i, c) in f.targets.colors.iter().enumerate() {
            let p = format!("targets.colors[{i}]");
            if colors.iter().any(|(n, _, _): &(String, _, _)| *n == c.name) {
                return Err(self.bad(p, format!("duplicate target name {:?}", c.name)));
            }
            let desc = TextureDesc::tex2d(w, h, c.format.0, BindFlags::RENDER_TARGET);
            let tex = device.create_texture(&desc, None).map_err(dev(p.clone()))?;
            let rtv = device
                .create_render_target_view(&tex, None)
                .map_err(dev(p))?;
            colors.push((c.name.clone(), tex, rtv));
        }
        let depth = match &f.targets.depth {
            Some(d) => {
                let p = "targets.depth".to_owned();
                let desc = TextureDesc::tex2d(w, h, d.format.0, BindFlags::DEPTH_STENCIL);
                let tex = device.create_texture(&desc, None).map_err(dev(p.clone()))?;
                Some(
                    device
                        .create_depth_stencil_view(&tex, None, DsvFlags::default())
                        .map_err(dev(p))?,
                )
            }
            None => None,
        };
        Ok(Objects {
            buffers,
            cbs,
            srvs,
            layouts,
            rs,
            ds,
            bs,
            samplers,
            vs,
            ps,
            colors,
            depth,
        })
    }

    fn execute(
        &self,
        ctx: &mut tessera::DeviceContext,
        o: &Objects,
        cmd: &Command,
        path: &str,
        (sx, sy): (f32, f32),
    ) -> Result<(), SceneError> {
        let dev = |e: tessera::Error| self.device_err(path.to_owned(), e);
        match cmd {
            Command::ClearRtv { target, color } => {
                for (n, _, v) in &o.colors {
                    if target.as_ref().is_none_or(|t| t == n) {
                        ctx.clear_render_target_view(v, *color).map_err(dev)?;
                    }
                }
                if let Some(t) = target
                    && !o.colors.iter().any(|(n, _, _)| n == t)
                {
                    return Err(self.bad(
                        format!("{path}.target"),
                        format!("no colour target named {t:?}"),
                    ));
                }
            }
            Command::ClearDsv { depth, stencil } => {
                let dsv = o
                    .depth
                    .as_ref()
                    .ok_or_else(|| self.bad(path.to_owned(), "the scene has no depth target"))?;
                let clear_depth = depth.is_some() || stencil.is_none();
                ctx.clear_depth_stencil_view(
                    dsv,
                    clear_depth,
                    stencil.is_some(),
                    depth.unwrap_or(1.0),
                    stencil.unwrap_or(0),
                )
                .map_err(dev)?;
            }
            Command::SetRenderTargets { colors, depth } => {
                let mut views = Vec::new();
                for (i, c) in colors.iter().enumerate() {
                    let v = o.colors.iter().find(|(n, _, _)| n == c).ok_or_else(|| {
                        self.bad(
                            format!("{path}.colors[{i}]"),
                            format!("no colour target named {c:?}"),
                        )
                    })?;
                    views.push(Some(v.2.clone()));
                }
                let d = if *depth { o.depth.as_ref() } else { None };
                ctx.om_set_render_targets(&views, d).map_err(dev)?;
            }
            Command::SetTopology(t) => ctx.ia_set_primitive_topology((*t).into()).map_err(dev)?,
            Command::SetInputLayout(n) => {
                ctx.ia_set_input_layout(Some(get(self, &o.layouts, n, "input layout", path)?));
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
            }
            Command::SetPs(n) => match n {
                Some(n) => ctx.ps_set_shader(Some(get(self, &o.ps, n, "pixel shader", path)?)),
                None => ctx.ps_set_shader(None),
            },
            Command::SetVsConstantBuffers { start, buffers }
            | Command::SetPsConstantBuffers { start, buffers } => {
                let mut list = Vec::new();
                for (i, b) in buffers.iter().enumerate() {
                    let p = format!("{path}.buffers[{i}]");
                    list.push(Some(get(self, &o.cbs, b, "constant buffer", &p)?.clone()));
                }
                if matches!(cmd, Command::SetVsConstantBuffers { .. }) {
                    ctx.vs_set_constant_buffers(*start, &list).map_err(dev)?;
                } else {
                    ctx.ps_set_constant_buffers(*start, &list).map_err(dev)?;
                }
            }
            Command::SetPsTextures { start, textures } => {
                let mut list = Vec::new();
                for (i, t) in textures.iter().enumerate() {
                    let p = format!("{path}.textures[{i}]");
                    list.push(Some(get(self, &o.srvs, t, "texture", &p)?.clone()));
                }
                ctx.ps_set_shader_resources(*start, &list).map_err(dev)?;
            }
            Command::SetPsSamplers { start, samplers } => {
                let mut list = Vec::new();
                for (i, s) in samplers.iter().enumerate() {
                    let p = format!("{path}.samplers[{i}]");
                    list.push(Some(get(self, &o.samplers, s, "sampler", &p)?.clone()));
                }
                ctx.ps_set_samplers(*start, &list).map_err(dev)?;
            }
            Command::SetRasterizer(n) => match n {
                Some(n) => ctx.rs_set_state(Some(get(self, &o.rs, n, "rasterizer state", path)?)),
                None => ctx.rs_set_state(None),
            },
            Command::SetDepthStencil { state, stencil_ref } => {
                let s = match state {
                    Some(n) => Some(get(self, &o.ds, n, "depth-stencil state", path)?),
                    None => None,
                };
                ctx.om_set_depth_stencil_state(s, *stencil_ref);
            }
            Command::SetBlend {
                state,
                blend_factor,
                sample_mask,
            } => {
                let s = match state {
                    Some(n) => Some(get(self, &o.bs, n, "blend state", path)?),
                    None => None,
                };
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
        }
        Ok(())
    }
}

fn target_blend(t: &TargetBlendSpec) -> Result<tessera::caps::RenderTargetBlendDesc, String> {
    let d0 = tessera::caps::RenderTargetBlendDesc::default();
    let write_mask = match &t.write_mask {
        None => d0.write_mask,
        Some(s) => {
            let mut m = 0;
            for ch in s.chars() {
                m |= match ch {
                    'r' => ColorWriteMask::RED.0,
                    'g' => ColorWriteMask::GREEN.0,
                    'b' => ColorWriteMask::BLUE.0,
                    'a' => ColorWriteMask::ALPHA.0,
                    _ => return Err(format!("write_mask {s:?}: use the letters r, g, b, a")),
                };
            }
            ColorWriteMask(m)
        }
    };
    Ok(tessera::caps::RenderTargetBlendDesc {
        blend_enable: t.blend_enable.unwrap_or(d0.blend_enable),
        src_blend: t.src_blend.map_or(d0.src_blend, Into::into),
        dest_blend: t.dest_blend.map_or(d0.dest_blend, Into::into),
        blend_op: t.blend_op.map_or(d0.blend_op, Into::into),
        src_blend_alpha: t.src_blend_alpha.map_or(d0.src_blend_alpha, Into::into),
        dest_blend_alpha: t.dest_blend_alpha.map_or(d0.dest_blend_alpha, Into::into),
        blend_op_alpha: t.blend_op_alpha.map_or(d0.blend_op_alpha, Into::into),
        write_mask,
        ..d0
    })
}

/// Largest procedural texture edge (keeps a typo from allocating gigabytes).
const MAX_PROCEDURAL: u32 = 4096;

/// Builds the image of a procedural texture.
pub(crate) fn procedural(spec: &TextureSpec) -> Result<DynamicImage, String> {
    let check = |[w, h]: [u32; 2]| {
        if w == 0 || h == 0 || w > MAX_PROCEDURAL || h > MAX_PROCEDURAL {
            Err(format!("size {w}x{h} is outside 1..={MAX_PROCEDURAL}"))
        } else {
            Ok((w, h))
        }
    };
    let img = if let Some(c) = &spec.checkerboard {
        let (w, h) = check(c.size)?;
        let cell = c.cell.max(1);
        Rgba32FImage::from_fn(w, h, |x, y| {
            Rgba(if (x / cell + y / cell) % 2 == 0 {
                c.a
            } else {
                c.b
            })
        })
    } else if let Some(g) = &spec.gradient {
        let (w, h) = check(g.size)?;
        Rgba32FImage::from_fn(w, h, |x, y| {
            let t = if g.vertical {
                if h > 1 {
                    y as f32 / (h - 1) as f32
                } else {
                    0.0
                }
            } else if w > 1 {
                x as f32 / (w - 1) as f32
            } else {
                0.0
            };
            Rgba(std::array::from_fn(|i| {
                g.from[i] + (g.to[i] - g.from[i]) * t
            }))
        })
    } else if let Some(s) = &spec.solid {
        let (w, h) = check(s.size)?;
        Rgba32FImage::from_pixel(w, h, Rgba(s.color))
    } else {
        return Err("no source (file, checkerboard, gradient or solid)".into());
    };
    Ok(DynamicImage::ImageRgba32F(img))
}
