//! Creating the scene's objects: buffers, textures, input layouts and the render targets (the
//! states and shaders are created in `states` and `shaders`).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use tessera::caps::{
    APPEND_ALIGNED_ELEMENT, BindFlags, BufferDesc, InputClassification, InputElementDesc,
    MiscFlags, SampleDesc, TextureDesc, Usage,
};
use tessera::resource::DsvFlags;
use tessera::resource::UnorderedAccessView;
use tessera::{Buffer, Device, InputLayoutHandle, ShaderResourceView};

use super::{ColorTarget, DEPTH_OUTPUT, DepthOut, Objects, TargetOut, procedural};
use crate::error::SceneError;
use crate::format::{BufferViewKind, Command};
use crate::scene::Scene;

impl Scene {
    /// Creates every object of the scene, in file order of the sections, with `w`×`h` targets.
    pub(super) fn create_objects(
        &self,
        device: &Device,
        w: u32,
        h: u32,
        aspect: f32,
    ) -> Result<Objects, SceneError> {
        let buffers = self.create_buffers(device)?;
        let cbs = self.create_constant_buffers(device, aspect)?;
        let srvs = self.create_textures(device)?;
        let uavs = self.create_uavs(device, &buffers, &srvs)?;
        let buffer_srvs = self.create_buffer_srvs(device, &buffers)?;
        let layouts = self.create_input_layouts(device)?;
        let rs = self.create_rasterizer_states(device)?;
        let ds = self.create_depth_stencil_states(device)?;
        let bs = self.create_blend_states(device)?;
        let samplers = self.create_samplers(device)?;
        let (vs, ps, cs) = self.create_shaders(device)?;
        let colors = self.create_color_targets(device, w, h)?;
        let depth = self.create_depth_target(device, w, h)?;
        let tiled = self.create_tiled(device)?;
        Ok(Objects {
            buffers,
            uavs,
            cs,
            cbs,
            srvs,
            buffer_srvs,
            layouts,
            rs,
            ds,
            bs,
            samplers,
            vs,
            ps,
            colors,
            depth,
            tiled,
        })
    }

    /// Immutable vertex buffers, or index buffers for those a `set_index_buffer` names.
    fn create_buffers(&self, device: &Device) -> Result<BTreeMap<String, Buffer>, SceneError> {
        let (mut index_buffers, uav_buffers) = (BTreeSet::new(), self.uav_buffers());
        let srv_buffers = self.srv_buffers();
        for c in &self.file.commands {
            if let Command::SetIndexBuffer { buffer, .. } = c {
                index_buffers.insert(buffer.as_str());
            }
        }
        let mut buffers = BTreeMap::new();
        for (name, bytes) in &self.buffers {
            if self.file.buffers.get(name).is_some_and(|b| b.tiled) {
                continue; // made in `tiled`
            }
            let p = format!("buffers.{name}");
            let len =
                u32::try_from(bytes.len()).map_err(|_| self.invalid(p.clone(), "too large"))?;
            let kind = self.buffer_view_kind(name);
            let structured = matches!(kind, Some(BufferViewKind::Append | BufferViewKind::Counter));
            let bind = if structured {
                BindFlags::default() // structured buffers are no vertex or index buffers
            } else if index_buffers.contains(name.as_str()) {
                BindFlags::INDEX_BUFFER
            } else {
                BindFlags::VERTEX_BUFFER
            };
            // A buffer a compute shader writes is a default-usage UAV too (then a vertex or
            // index buffer for the draws after the dispatch).
            let uav = uav_buffers.contains(name.as_str());
            let desc = BufferDesc {
                byte_width: len,
                usage: if uav {
                    Usage::Default
                } else {
                    Usage::Immutable
                },
                bind_flags: match (uav, srv_buffers.contains(name.as_str())) {
                    (true, true) => bind | BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
                    (true, false) => bind | BindFlags::UNORDERED_ACCESS,
                    (false, true) => bind | BindFlags::SHADER_RESOURCE,
                    (false, false) => bind,
                },
                misc_flags: match kind {
                    Some(BufferViewKind::Raw) => MiscFlags::BUFFER_ALLOW_RAW_VIEWS,
                    Some(_) => MiscFlags::BUFFER_STRUCTURED,
                    None => MiscFlags::default(),
                },
                structure_byte_stride: if structured { 4 } else { 0 },
                ..Default::default()
            };
            let b = device
                .create_buffer(&desc, Some(bytes))
                .map_err(self.dev(p))?;
            buffers.insert(name.clone(), b);
        }
        Ok(buffers)
    }

    /// The buffers and textures a `set_cs_uavs`, `set_ps_uavs` or UAV clear command names,
    /// and the buffers of `copy_tiles` (default usage).
    fn uav_buffers(&self) -> BTreeSet<&str> {
        let mut out = BTreeSet::new();
        for c in &self.file.commands {
            match c {
                Command::SetCsUavs { buffers: names, .. }
                | Command::SetPsUavs { uavs: names, .. } => {
                    out.extend(names.iter().map(String::as_str));
                }
                Command::ClearUnorderedAccessViewUint { uav, .. }
                | Command::ClearUnorderedAccessViewFloat { uav, .. } => {
                    out.insert(uav.as_str());
                }
                _ => {}
            }
            if let Command::CopyTiles(t) = c {
                out.insert(t.buffer.as_str());
            }
        }
        out
    }

    /// Whole-buffer `R32_UINT` UAVs of the buffers a `set_cs_uavs` command names, and
    /// Texture2D UAVs (mip 0, the texture's format) of the textures it names.
    fn create_uavs(
        &self,
        device: &Device,
        buffers: &BTreeMap<String, Buffer>,
        srvs: &BTreeMap<String, ShaderResourceView>,
    ) -> Result<BTreeMap<String, UnorderedAccessView>, SceneError> {
        let mut uavs = BTreeMap::new();
        for name in self.uav_buffers() {
            let Some(b) = buffers.get(name) else {
                if let Some(t) = srvs.get(name).and_then(|v| v.texture()) {
                    let v = device
                        .create_unordered_access_view(t, None)
                        .map_err(self.dev(format!("textures.{name}")))?;
                    uavs.insert(name.to_owned(), v);
                }
                continue; // the command reports an unknown name when it runs
            };
            let (desc, flags) = self.buffer_view(name, true);
            let v = device
                .create_unordered_access_view_with_flags(b, Some(&desc), flags)
                .map_err(self.dev(format!("buffers.{name}")))?;
            uavs.insert(name.to_owned(), v);
        }
        Ok(uavs)
    }

    /// The buffers a `set_cs_textures` command names (read-only storage buffers).
    fn srv_buffers(&self) -> BTreeSet<&str> {
        let mut out = BTreeSet::new();
        for c in &self.file.commands {
            if let Command::SetCsTextures { textures, .. } = c {
                out.extend(textures.iter().map(String::as_str));
            }
        }
        out
    }

    /// Whole-buffer `R32_UINT` shader-resource views of the buffers `set_cs_textures` names
    /// (texture names there use the textures' own views).
    fn create_buffer_srvs(
        &self,
        device: &Device,
        buffers: &BTreeMap<String, Buffer>,
    ) -> Result<BTreeMap<String, ShaderResourceView>, SceneError> {
        let mut out = BTreeMap::new();
        for name in self.srv_buffers() {
            let Some(b) = buffers.get(name) else {
                continue; // a texture, or an unknown name the command reports
            };
            let (desc, flags) = self.buffer_view(name, false);
            let v = device
                .create_shader_resource_view_with_flags(b, Some(&desc), flags)
                .map_err(self.dev(format!("buffers.{name}")))?;
            out.insert(name.to_owned(), v);
        }
        Ok(out)
    }

    /// Untiled textures (decoded files or procedural images) and their whole-texture views
    /// (tiled ones are made in `tiled`).
    fn create_textures(
        &self,
        device: &Device,
    ) -> Result<BTreeMap<String, ShaderResourceView>, SceneError> {
        let mut srvs = BTreeMap::new();
        let uav_names = self.uav_buffers();
        for (name, spec) in self.file.textures.iter().filter(|(_, s)| !s.tiled) {
            let p = format!("textures.{name}");
            let img = match self.images.get(name) {
                Some(i) => Arc::clone(i),
                None => Arc::new(procedural(spec).map_err(|m| self.invalid(p.clone(), m))?),
            };
            let format = spec.format.map_or(tessera::Format::R8G8B8A8Unorm, |f| f.0);
            // A texture `set_cs_uavs` names is also a UAV (a compute pass writes it).
            let bind = if uav_names.contains(name.as_str()) {
                BindFlags::SHADER_RESOURCE | BindFlags::UNORDERED_ACCESS
            } else {
                BindFlags::SHADER_RESOURCE
            };
            let tex = device
                .create_texture_from_image(&img, format, spec.mips, bind)
                .map_err(|e| self.device_err(p.clone(), e))?;
            let srv = device
                .create_shader_resource_view(&tex, None)
                .map_err(self.dev(p))?;
            srvs.insert(name.clone(), srv);
        }
        Ok(srvs)
    }

    fn create_input_layouts(
        &self,
        device: &Device,
    ) -> Result<BTreeMap<String, InputLayoutHandle>, SceneError> {
        let mut layouts = BTreeMap::new();
        for (name, elems) in &self.file.input_layouts {
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
                .map_err(self.dev(format!("input_layouts.{name}")))?;
            layouts.insert(name.clone(), l);
        }
        Ok(layouts)
    }

    fn create_color_targets(
        &self,
        device: &Device,
        w: u32,
        h: u32,
    ) -> Result<Vec<ColorTarget>, SceneError> {
        let mut colors: Vec<ColorTarget> = Vec::new();
        for (i, c) in self.file.targets.colors.iter().enumerate() {
            let p = format!("targets.colors[{i}]");
            if colors.iter().any(|(n, _)| *n == c.name) {
                return Err(self.invalid(p, format!("duplicate target name {:?}", c.name)));
            }
            let desc = TextureDesc {
                sample_desc: SampleDesc {
                    count: c.sample_count,
                    quality: c.sample_quality,
                },
                misc_flags: if c.tiled {
                    MiscFlags::TILED
                } else {
                    MiscFlags::default()
                },
                ..TextureDesc::tex2d(w, h, c.format.0, BindFlags::RENDER_TARGET)
            };
            let out = if c.tiled {
                if self.file.textures.get(&c.name).is_some_and(|t| t.tiled) {
                    return Err(self.invalid(
                        format!("{p}.name"),
                        format!("{:?} also names a tiled texture", c.name),
                    ));
                }
                let tex = device
                    .create_tiled_texture(&desc, None)
                    .map_err(self.dev(format!("{p}.tiled")))?;
                let rtv = device
                    .create_tiled_render_target_view(&tex, None)
                    .map_err(self.dev(format!("{p}.tiled")))?;
                TargetOut::Tiled(tex, rtv)
            } else {
                let tex = device
                    .create_texture(&desc, None)
                    .map_err(self.dev(p.clone()))?;
                let rtv = device
                    .create_render_target_view(&tex, None)
                    .map_err(self.dev(p))?;
                TargetOut::Plain(tex, rtv)
            };
            colors.push((c.name.clone(), out));
        }
        Ok(colors)
    }

    fn create_depth_target(
        &self,
        device: &Device,
        w: u32,
        h: u32,
    ) -> Result<Option<DepthOut>, SceneError> {
        let Some(d) = &self.file.targets.depth else {
            return Ok(None);
        };
        let p = "targets.depth".to_owned();
        let desc = TextureDesc {
            sample_desc: SampleDesc {
                count: d.sample_count,
                quality: d.sample_quality,
            },
            misc_flags: if d.tiled {
                MiscFlags::TILED
            } else {
                MiscFlags::default()
            },
            ..TextureDesc::tex2d(w, h, d.format.0, BindFlags::DEPTH_STENCIL)
        };
        if d.tiled {
            let p = format!("{p}.tiled");
            let taken = self
                .file
                .textures
                .get(DEPTH_OUTPUT)
                .is_some_and(|t| t.tiled)
                || self
                    .file
                    .targets
                    .colors
                    .iter()
                    .any(|c| c.name == DEPTH_OUTPUT);
            if taken {
                return Err(self.invalid(
                    p,
                    format!("{DEPTH_OUTPUT:?} also names a tiled texture or a colour target"),
                ));
            }
            let tex = device
                .create_tiled_texture(&desc, None)
                .map_err(self.dev(p.clone()))?;
            let dsv = device
                .create_tiled_depth_stencil_view(&tex, None, DsvFlags::default())
                .map_err(self.dev(p))?;
            return Ok(Some(DepthOut::Tiled(tex, dsv)));
        }
        let tex = device
            .create_texture(&desc, None)
            .map_err(self.dev(p.clone()))?;
        let dsv = device
            .create_depth_stencil_view(&tex, None, DsvFlags::default())
            .map_err(self.dev(p))?;
        Ok(Some(DepthOut::Plain(tex, dsv)))
    }
}
