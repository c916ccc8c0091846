//! Executing a scene through the facade: every object is created by the device and every
//! command is a context call, so the device's feature-level rules apply.
//!
//! This module holds the render loop and reads the outputs back; objects are created in
//! `resources` (buffers, textures, layouts, targets), `states` (pipeline states) and `shaders`
//! (shaders and constant buffers), and `commands` turns each command into context calls.

use std::collections::BTreeMap;

use image::RgbaImage;
use tessera::caps::Viewport;
use tessera::debug::Message;
use tessera::tiled::TiledResource;
use tessera::{
    BlendState, Buffer, DepthStencilState, Device, DeviceDesc, FeatureLevel, InputLayoutHandle,
    PixelShaderHandle, RasterizerState, SamplerState, ShaderResourceView, Texture,
    VertexShaderHandle,
};

use crate::error::SceneError;
use crate::scene::Scene;

mod buffer_views;
mod commands;
mod procedural;
mod resources;
mod shaders;
mod states;
mod targets;
mod tiled;

pub(crate) use procedural::procedural;
use targets::{DepthOut, TargetOut, TargetRef, bind_targets};

/// How to render a scene: overrides of what the file says.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Feature level instead of the scene's.
    pub feature_level: Option<FeatureLevel>,
    /// Target size instead of the scene's (explicit viewports and scissors scale with it).
    pub size: Option<(u32, u32)>,
    /// Rasterizer threads (`None`: `RAYON_NUM_THREADS` or the CPU count).
    pub threads: Option<usize>,
    /// A strict device ([`DeviceDesc::strict`]): an error message of the info queue fails
    /// the command that raised it.
    pub strict: bool,
    /// The device's own limits: memory budget, work per draw, threads
    /// ([`tessera::DeviceLimits`]; `tessera render` lowers the memory budget to 2 GiB).
    pub limits: tessera::DeviceLimits,
    /// The SIMD path ([`DeviceDesc::simd`]; `None`: `TESSERA_SIMD`, else the best the CPU
    /// runs). Every path renders the same bytes.
    pub simd: Option<tessera::sampler::SimdPath>,
}

/// The name `outputs` gives the depth-stencil target (docs/scene-format.md).
pub const DEPTH_OUTPUT: &str = "depth";

/// The targets a scene writes out, in `outputs` order: each as an RGBA8 view and as the
/// target texture itself (its own format and bytes, e.g. for DDS).
#[derive(Clone, Debug)]
pub struct RenderedTargets {
    /// (target name, RGBA8 view; depth as grey).
    pub images: Vec<(String, RgbaImage)>,
    /// (target name, the target texture), same order as `images`.
    pub textures: Vec<(String, Texture)>,
    /// The info-queue messages stored during the render (since the queue was last read), in
    /// call order.
    pub messages: Vec<Message>,
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

/// A colour target: (name, its texture and view).
type ColorTarget = (String, TargetOut);

/// Every device object a scene creates, by name.
struct Objects {
    buffers: BTreeMap<String, Buffer>,
    /// `R32_UINT` UAVs of the buffers and Texture2D UAVs of the textures `set_cs_uavs`,
    /// `set_ps_uavs` and the UAV clears name.
    uavs: BTreeMap<String, tessera::resource::UnorderedAccessView>,
    cs: BTreeMap<String, tessera::ComputeShaderHandle>,
    cbs: BTreeMap<String, Buffer>,
    srvs: BTreeMap<String, ShaderResourceView>,
    /// Whole-buffer `R32_UINT` shader-resource views of the buffers `set_cs_textures` names.
    buffer_srvs: BTreeMap<String, ShaderResourceView>,
    layouts: BTreeMap<String, InputLayoutHandle>,
    rs: BTreeMap<String, RasterizerState>,
    ds: BTreeMap<String, DepthStencilState>,
    bs: BTreeMap<String, BlendState>,
    samplers: BTreeMap<String, SamplerState>,
    vs: BTreeMap<String, VertexShaderHandle>,
    ps: BTreeMap<String, PixelShaderHandle>,
    colors: Vec<ColorTarget>,
    depth: Option<DepthOut>,
    /// Tile pools, tiled textures and their views.
    tiled: tiled::TiledObjects,
}

impl Objects {
    /// The colour target `name`; the error names `path`.
    fn color(&self, scene: &Scene, name: &str, path: String) -> Result<&TargetOut, SceneError> {
        self.colors
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
            .ok_or_else(|| scene.invalid(path, format!("no colour target named {name:?}")))
    }

    /// The tiled resource `name`: a `"tiled": true` texture or colour target; the error names
    /// `path`.
    fn tiled_resource(
        &self,
        scene: &Scene,
        name: &str,
        path: &str,
    ) -> Result<&TiledResource, SceneError> {
        if let Some(t) = self.tiled.textures.get(name) {
            return Ok(t);
        }
        if let Some(t) = self.tiled.buffers.get(name) {
            return Ok(t);
        }
        match self.colors.iter().find(|(n, _)| n == name) {
            Some((_, TargetOut::Tiled(t, _))) => Ok(t),
            None if name == DEPTH_OUTPUT => match &self.depth {
                Some(DepthOut::Tiled(t, _)) => Ok(t),
                _ => Err(scene.invalid(
                    path.to_owned(),
                    format!("no tiled texture, buffer or target named {name:?}"),
                )),
            },
            _ => Err(scene.invalid(
                path.to_owned(),
                format!("no tiled texture, buffer or target named {name:?}"),
            )),
        }
    }

    /// The target `outputs[i]` names: a colour target, or `"depth"` for the depth target.
    fn output(&self, scene: &Scene, name: &str, path: String) -> Result<TargetRef<'_>, SceneError> {
        match self.colors.iter().find(|(n, _)| n == name) {
            Some((_, TargetOut::Plain(tex, _))) => return Ok(TargetRef::Plain(tex)),
            Some((_, TargetOut::Tiled(t, _))) => return Ok(TargetRef::Tiled(t)),
            None => {}
        }
        match &self.depth {
            Some(DepthOut::Plain(tex, _)) if name == DEPTH_OUTPUT => Ok(TargetRef::Plain(tex)),
            Some(DepthOut::Tiled(t, _)) if name == DEPTH_OUTPUT => Ok(TargetRef::Tiled(t)),
            _ => Err(scene.invalid(
                path,
                format!(
                    "no colour target named {name:?} (and {DEPTH_OUTPUT:?} needs targets.depth)"
                ),
            )),
        }
    }
}

/// The object `name` of kind `what` (e.g. "input layout"); the error names `path`.
fn get<'a, T>(
    scene: &Scene,
    map: &'a BTreeMap<String, T>,
    name: &str,
    what: &str,
    path: &str,
) -> Result<&'a T, SceneError> {
    map.get(name)
        .ok_or_else(|| scene.invalid(path.to_owned(), format!("no {what} named {name:?}")))
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
            strict: options.strict,
            limits: options.limits,
            simd: options.simd,
            caps_options: tessera::caps::CapsOptions {
                tiled_resources_tier: self.file.tiled_resources_tier,
                ..tessera::caps::CapsOptions::default()
            },
            tiled_null_read: match self.file.tiled_null_read {
                crate::format::NullReadName::Zero => tessera::tiled::Tier1NullRead::Zero,
                crate::format::NullReadName::Poison => tessera::tiled::Tier1NullRead::Poison,
            },
            ..DeviceDesc::at(level)
        };
        let device = Device::new(&desc).map_err(|e| self.device_err("(device)".into(), e))?;
        self.render_on(&device, options.size, progress)
    }

    fn device_err(&self, json_path: String, source: tessera::Error) -> SceneError {
        SceneError::Device {
            file: self.source.clone(),
            json_path,
            source: Box::new(source),
        }
    }

    /// `map_err` adapter: a device refusal at `json_path`.
    fn dev(&self, json_path: String) -> impl FnOnce(tessera::Error) -> SceneError + '_ {
        move |e| self.device_err(json_path, e)
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
        self.check_size(w, h)?;
        let (sx, sy) = (w as f32 / sw as f32, h as f32 / sh as f32);
        let aspect = w as f32 / h as f32;
        let objs = self.create_objects(device, w, h, aspect)?;
        let mut ctx = device.immediate_context();
        // Initial bindings: every colour target plus the depth target, and a full viewport.
        let rtvs: Vec<_> = objs.colors.iter().map(|(_, t)| t).collect();
        bind_targets(&mut ctx, &rtvs, objs.depth.as_ref())
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
        let mut out = self.read_outputs(device, &mut ctx, &objs)?;
        out.messages = device.info_queue().take();
        Ok(out)
    }

    /// Reads back the targets named by `outputs` (default: every colour target); a
    /// multisampled colour target is resolved first ([`Scene::resolved`]).
    fn read_outputs(
        &self,
        device: &Device,
        ctx: &mut tessera::DeviceContext,
        objs: &Objects,
    ) -> Result<RenderedTargets, SceneError> {
        let names: Vec<String> = match &self.file.outputs {
            Some(o) => o.clone(),
            None => objs.colors.iter().map(|(n, _)| n.clone()).collect(),
        };
        let mut images = Vec::new();
        let mut textures = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let p = format!("outputs[{i}]");
            let through_tiles;
            let tex = match objs.output(self, name, p.clone())? {
                TargetRef::Plain(t) => t,
                TargetRef::Tiled(t) => {
                    through_tiles = self.read_through_tiles(device, ctx, t, &p)?;
                    &through_tiles
                }
            };
            let resolved = self.resolved(device, ctx, tex, &format!("outputs[{i}]"))?;
            let tex = resolved.as_ref().unwrap_or(tex);
            let img = tessera::resource::read_rgba8(tex, 0)
                .map_err(|e| self.device_err(format!("outputs[{i}]"), e.into()))?;
            images.push((name.clone(), img));
            textures.push((name.clone(), tex.clone()));
        }
        Ok(RenderedTargets {
            images,
            textures,
            messages: Vec::new(),
        })
    }

    /// A multisampled output resolved into a new single-sample texture of its format
    /// (`ResolveSubresource`: the average of each pixel's samples, SPEC §3.8); `None` for a
    /// single-sample one. A multisampled depth target cannot be an output: depth formats do
    /// not resolve.
    fn resolved(
        &self,
        device: &Device,
        ctx: &mut tessera::DeviceContext,
        tex: &Texture,
        path: &str,
    ) -> Result<Option<Texture>, SceneError> {
        let d = tex.desc();
        if d.sample_desc.count <= 1 {
            return Ok(None);
        }
        if d.format.is_depth_stencil() {
            return Err(self.invalid(
                path.to_owned(),
                format!(
                    "the {}-sample depth target cannot be an output: depth formats do not resolve",
                    d.sample_desc.count
                ),
            ));
        }
        let one = tessera::caps::TextureDesc::tex2d(
            d.width,
            d.height,
            d.format,
            tessera::caps::BindFlags::SHADER_RESOURCE,
        );
        let dst = device
            .create_texture(&one, None)
            .map_err(self.dev(path.to_owned()))?;
        ctx.resolve_subresource(&dst, 0, tex, 0, d.format)
            .map_err(self.dev(path.to_owned()))?;
        Ok(Some(dst))
    }
}
