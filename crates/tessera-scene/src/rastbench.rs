//! `rastbench-scene-v1`: the language-neutral benchmark scenes of the perf harness
//! (`shared/perf/README.md` §3), loaded from disk or generated in process, and rendered on a
//! Tessera [`Device`] with the harness's measurement protocol (§5).
//!
//! A scene is `NAME.json` (a flat header), `NAME.vtx.bin` (stride-40 vertices: clip-space
//! position f32×4, colour f32×4, uv f32×2), `NAME.idx.bin` (u32 triangle list) and, for
//! textured scenes, `tex.rgba` (1024² RGBA8 with its 11 mips concatenated).
//!
//! GL conventions are mapped onto the D3D device as follows:
//! * clip z ∈ [-w, w] → D3D's [0, w] by the vertex shader: [`TransformVs`] with the matrix
//!   rows `x, y, (0, 0, ½, ½), w` in `cb0`, so depth = z/w·½ + ½ as in GL;
//! * NDC y = +1 is the top row and pixel centres are at .5 in both APIs: no change;
//! * `shader: color` → [`VertexColorPs`]; `shader: texture` → [`TexturedPs`] (varyings uv then
//!   colour) with a trilinear WRAP sampler over all 11 mips of `tex.rgba`.
//!
//! [`generate`] reproduces `gen_scenes.py` byte for byte (same integer-hash PRNG, the same
//! float64 operations in the same order, rounded once to f32).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tessera::caps::{
    AddressMode, BindFlags, Blend, BlendDesc, BlendOp, BufferDesc, ComparisonFunc, CullMode,
    DepthStencilDesc, Filter, FilterKind, InputElementDesc, PrimitiveTopology, RasterizerDesc,
    Rect, RenderTargetBlendDesc, SamplerDesc, TextureDesc, Usage, Viewport,
};
use tessera::pipeline::builtin::{TexturedPs, TransformVs, VertexColorPs};
use tessera::pipeline::{DrawStats, PixelShader};
use tessera::resource::{DsvFlags, SubresourceData};
use tessera::{
    Buffer, DepthStencilView, Device, DeviceContext, Format, RenderTargetView, Texture,
    VertexBufferView,
};

/// Bytes per vertex in `NAME.vtx.bin`.
pub const VERTEX_STRIDE: usize = 40;
/// Width and height of `tex.rgba`'s level 0.
pub const TEXTURE_SIZE: u32 = 1024;
/// Levels in `tex.rgba` (1024 → 1).
pub const TEXTURE_LEVELS: u32 = 11;
/// Bytes of `tex.rgba`: 1024² RGBA8 plus its full mip chain.
pub const TEXTURE_BYTES: usize = 5_592_404;
/// The four standard scenes, in the harness's order.
pub const STANDARD_SCENES: [&str; 4] = ["fill", "tris", "big", "tex"];

/// Errors loading or preparing a rastbench scene.
#[derive(Debug, thiserror::Error)]
pub enum RastBenchError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// The header is not valid JSON or lacks a required key.
    #[error("{path}: bad rastbench header: {source}")]
    Json {
        /// The header file.
        path: PathBuf,
        /// The parse error.
        source: serde_json::Error,
    },
    /// The header names a format, layout or state this loader does not implement.
    #[error("unsupported {key} = {value:?} (rastbench-scene-v1 expects {expected})")]
    Unsupported {
        /// Header key.
        key: &'static str,
        /// Its value.
        value: String,
        /// What is supported.
        expected: &'static str,
    },
    /// A binary file's size disagrees with the header.
    #[error("{what}: {actual} bytes, header implies {expected}")]
    Size {
        /// Which file.
        what: String,
        /// Bytes the header implies.
        expected: u64,
        /// Bytes found.
        actual: u64,
    },
    /// An index refers past the vertex buffer.
    #[error("index {position} is {index}, but the scene has {vertex_count} vertices")]
    IndexOutOfRange {
        /// Position in the index buffer.
        position: usize,
        /// The index value.
        index: u32,
        /// Vertices in the scene.
        vertex_count: u32,
    },
    /// Not one of the standard generated scenes.
    #[error("unknown standard scene {0:?} (expected fill, tris, big or tex)")]
    UnknownScene(String),
    /// The device refused an object or a call.
    #[error(transparent)]
    Device(#[from] tessera::Error),
}

/// Result alias for this module.
pub type Result<T, E = RastBenchError> = std::result::Result<T, E>;

/// The `NAME.json` header. Unknown keys are ignored (the format is external).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// `rastbench-scene-v1`.
    #[serde(default)]
    pub format: String,
    /// Scene name.
    #[serde(default)]
    pub name: String,
    /// Render-target width.
    pub width: u32,
    /// Render-target height.
    pub height: u32,
    /// Vertex file name, relative to the header.
    #[serde(default)]
    pub vertex_file: Option<String>,
    /// Vertices.
    pub vertex_count: u32,
    /// Bytes per vertex (40).
    #[serde(default = "default_stride")]
    pub vertex_stride: u32,
    /// Index file name, relative to the header.
    #[serde(default)]
    pub index_file: Option<String>,
    /// Indices.
    pub index_count: u32,
    /// Triangles (`index_count / 3`).
    #[serde(default)]
    pub triangle_count: u32,
    /// `triangle_list`.
    #[serde(default)]
    pub topology: Option<String>,
    /// `u32`.
    #[serde(default)]
    pub index_type: Option<String>,
    /// `none`.
    #[serde(default)]
    pub cull: Option<String>,
    /// Depth test on.
    pub depth_test: bool,
    /// Depth writes on.
    pub depth_write: bool,
    /// `less`.
    #[serde(default)]
    pub depth_func: Option<String>,
    /// `d32_float`.
    #[serde(default)]
    pub depth_format: Option<String>,
    /// Depth clear value.
    #[serde(default = "one")]
    pub clear_depth: f32,
    /// `rgba8_unorm`.
    #[serde(default)]
    pub color_format: Option<String>,
    /// Alpha blending on.
    pub blend: bool,
    /// RGBA clear colour.
    pub clear_color: [f32; 4],
    /// `color` or `texture`.
    pub shader: String,
    /// Pre-depth-test rasterized samples per frame (for Mpix/s).
    pub covered_px_per_frame: u64,
    /// Texture file, relative to the header (textured scenes).
    #[serde(default)]
    pub texture_file: Option<String>,
    /// Texture width.
    #[serde(default)]
    pub texture_width: Option<u32>,
    /// Texture height.
    #[serde(default)]
    pub texture_height: Option<u32>,
    /// Texture levels.
    #[serde(default)]
    pub texture_levels: Option<u32>,
    /// Free text.
    #[serde(default)]
    pub description: String,
}

fn default_stride() -> u32 {
    VERTEX_STRIDE as u32
}

fn one() -> f32 {
    1.0
}

/// Which pixel shader a scene uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShaderKind {
    /// Interpolated vertex colour.
    Color,
    /// Trilinear, wrapped `tex.rgba` at the interpolated uv.
    Texture,
}

/// A loaded (or generated) scene: header plus raw little-endian bytes.
#[derive(Clone, Debug)]
pub struct RastBenchScene {
    /// The header.
    pub header: Header,
    /// `vertex_count × 40` bytes.
    pub vertices: Vec<u8>,
    /// `index_count × 4` bytes.
    pub indices: Vec<u8>,
    /// `tex.rgba` for textured scenes (`TEXTURE_BYTES`).
    pub texture: Option<Arc<Vec<u8>>>,
}

fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|source| RastBenchError::Io {
        path: path.to_owned(),
        source,
    })
}

fn expect_opt(
    key: &'static str,
    value: &Option<String>,
    ok: &[&str],
    expected: &'static str,
) -> Result<()> {
    match value {
        Some(v) if !ok.iter().any(|o| v.eq_ignore_ascii_case(o)) => {
            Err(RastBenchError::Unsupported {
                key,
                value: v.clone(),
                expected,
            })
        }
        _ => Ok(()),
    }
}

fn check_size(what: &str, expected: u64, actual: usize) -> Result<()> {
    if expected != actual as u64 {
        return Err(RastBenchError::Size {
            what: what.to_owned(),
            expected,
            actual: actual as u64,
        });
    }
    Ok(())
}

impl RastBenchScene {
    /// Loads `NAME.json` and the binaries it names (relative to its folder), validating sizes.
    pub fn load(path: impl AsRef<Path>) -> Result<Self> {
        let path = path.as_ref();
        let text = read_file(path)?;
        let header: Header =
            serde_json::from_slice(&text).map_err(|source| RastBenchError::Json {
                path: path.to_owned(),
                source,
            })?;
        let dir = path.parent().unwrap_or(Path::new("."));
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or(&header.name)
            .to_owned();
        let vfile = header
            .vertex_file
            .clone()
            .unwrap_or(format!("{stem}.vtx.bin"));
        let ifile = header
            .index_file
            .clone()
            .unwrap_or(format!("{stem}.idx.bin"));
        let vertices = read_file(&dir.join(&vfile))?;
        let indices = read_file(&dir.join(&ifile))?;
        let texture = if header.shader == "texture" {
            let tfile = header.texture_file.clone().unwrap_or("tex.rgba".into());
            Some(Arc::new(read_file(&dir.join(tfile))?))
        } else {
            None
        };
        let scene = Self {
            header,
            vertices,
            indices,
            texture,
        };
        scene.validate()?;
        Ok(scene)
    }

    /// Checks the header's states and the binaries' sizes and index range.
    pub fn validate(&self) -> Result<()> {
        let h = &self.header;
        if !h.format.is_empty() && h.format != "rastbench-scene-v1" {
            return Err(RastBenchError::Unsupported {
                key: "format",
                value: h.format.clone(),
                expected: "rastbench-scene-v1",
            });
        }
        if h.vertex_stride as usize != VERTEX_STRIDE {
            return Err(RastBenchError::Unsupported {
                key: "vertex_stride",
                value: h.vertex_stride.to_string(),
                expected: "40",
            });
        }
        if h.width == 0 || h.height == 0 || h.width > 16384 || h.height > 16384 {
            return Err(RastBenchError::Unsupported {
                key: "width/height",
                value: format!("{}x{}", h.width, h.height),
                expected: "1..=16384",
            });
        }
        expect_opt("topology", &h.topology, &["triangle_list"], "triangle_list")?;
        expect_opt("index_type", &h.index_type, &["u32"], "u32")?;
        expect_opt("cull", &h.cull, &["none"], "none")?;
        expect_opt("depth_func", &h.depth_func, &["less"], "less")?;
        expect_opt("depth_format", &h.depth_format, &["d32_float"], "d32_float")?;
        expect_opt(
            "color_format",
            &h.color_format,
            &["rgba8_unorm"],
            "rgba8_unorm",
        )?;
        self.shader_kind()?;
        if h.index_count % 3 != 0 {
            return Err(RastBenchError::Unsupported {
                key: "index_count",
                value: h.index_count.to_string(),
                expected: "a multiple of 3 (triangle list)",
            });
        }
        check_size(
            "vertex file",
            u64::from(h.vertex_count) * VERTEX_STRIDE as u64,
            self.vertices.len(),
        )?;
        check_size(
            "index file",
            u64::from(h.index_count) * 4,
            self.indices.len(),
        )?;
        if let Some(tex) = &self.texture {
            let (w, ht, l) = (h.texture_width, h.texture_height, h.texture_levels);
            if w.is_some_and(|w| w != TEXTURE_SIZE)
                || ht.is_some_and(|x| x != TEXTURE_SIZE)
                || l.is_some_and(|x| x != TEXTURE_LEVELS)
            {
                return Err(RastBenchError::Unsupported {
                    key: "texture_width/height/levels",
                    value: format!("{w:?}x{ht:?} {l:?} levels"),
                    expected: "1024x1024 with 11 levels",
                });
            }
            check_size("tex.rgba", TEXTURE_BYTES as u64, tex.len())?;
        }
        for (position, c) in self.indices.chunks_exact(4).enumerate() {
            let index = u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if index >= h.vertex_count {
                return Err(RastBenchError::IndexOutOfRange {
                    position,
                    index,
                    vertex_count: h.vertex_count,
                });
            }
        }
        Ok(())
    }

    /// The scene's pixel shader.
    pub fn shader_kind(&self) -> Result<ShaderKind> {
        match self.header.shader.as_str() {
            "color" => Ok(ShaderKind::Color),
            "texture" => Ok(ShaderKind::Texture),
            other => Err(RastBenchError::Unsupported {
                key: "shader",
                value: other.to_owned(),
                expected: "color or texture",
            }),
        }
    }

    /// Creates every device object once: buffers, texture, views, states and shaders.
    pub fn prepare(&self, device: &Device) -> Result<Prepared> {
        self.validate()?;
        let h = &self.header;
        let kind = self.shader_kind()?;
        let vb = device.create_buffer(
            &BufferDesc {
                byte_width: self.vertices.len() as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::VERTEX_BUFFER,
                ..Default::default()
            },
            Some(&self.vertices),
        )?;
        let ib = device.create_buffer(
            &BufferDesc {
                byte_width: self.indices.len().max(4) as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::INDEX_BUFFER,
                ..Default::default()
            },
            Some(if self.indices.is_empty() {
                &[0; 4]
            } else {
                &self.indices
            }),
        )?;
        // GL clip z in [-w, w] → D3D [0, w]: z' = ½z + ½w.
        let matrix: [f32; 16] = [
            1.0, 0.0, 0.0, 0.0, //
            0.0, 1.0, 0.0, 0.0, //
            0.0, 0.0, 0.5, 0.5, //
            0.0, 0.0, 0.0, 1.0,
        ];
        let cb_bytes: Vec<u8> = matrix.iter().flat_map(|f| f.to_le_bytes()).collect();
        let cb = device.create_buffer(
            &BufferDesc {
                byte_width: cb_bytes.len() as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::CONSTANT_BUFFER,
                ..Default::default()
            },
            Some(&cb_bytes),
        )?;

        let element = |name: &str, format: Format, offset: u32| InputElementDesc {
            semantic_name: name.into(),
            semantic_index: 0,
            format,
            input_slot: 0,
            aligned_byte_offset: offset,
            input_slot_class: Default::default(),
            instance_data_step_rate: 0,
        };
        let position = element("POSITION", Format::R32G32B32A32Float, 0);
        let color = element("COLOR", Format::R32G32B32A32Float, 16);
        let uv = element("TEXCOORD", Format::R32G32Float, 32);
        // TransformVs passes input registers 1.. through in element order; TexturedPs reads
        // uv (v0) then the tint colour (v1).
        let (elements, varyings, ps): (Vec<_>, usize, Arc<dyn PixelShader>) = match kind {
            ShaderKind::Color => (vec![position, color], 1, Arc::new(VertexColorPs)),
            ShaderKind::Texture => (vec![position, uv, color], 2, Arc::new(TexturedPs)),
        };
        let layout = device.create_input_layout(&elements)?;
        let vs = device.create_vertex_shader(Arc::new(TransformVs { varyings }))?;
        let ps = device.create_pixel_shader(ps)?;

        let target = device.create_texture(
            &TextureDesc::tex2d(
                h.width,
                h.height,
                Format::R8G8B8A8Unorm,
                BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE,
            ),
            None,
        )?;
        let rtv = device.create_render_target_view(&target, None)?;
        let depth = device.create_texture(
            &TextureDesc::tex2d(
                h.width,
                h.height,
                Format::D32Float,
                BindFlags::DEPTH_STENCIL,
            ),
            None,
        )?;
        let dsv = device.create_depth_stencil_view(&depth, None, DsvFlags::default())?;

        let mut ctx_state = FrameState {
            layout,
            vs,
            ps,
            vb,
            ib,
            cb,
            srv: None,
            sampler: None,
        };
        if let (ShaderKind::Texture, Some(bytes)) = (kind, &self.texture) {
            let mut desc = TextureDesc::tex2d(
                TEXTURE_SIZE,
                TEXTURE_SIZE,
                Format::R8G8B8A8Unorm,
                BindFlags::SHADER_RESOURCE,
            );
            desc.mip_levels = TEXTURE_LEVELS;
            desc.usage = Usage::Immutable;
            let mut init = Vec::with_capacity(TEXTURE_LEVELS as usize);
            let mut offset = 0usize;
            for level in 0..TEXTURE_LEVELS {
                let s = (TEXTURE_SIZE >> level) as usize;
                let len = s * s * 4;
                init.push(SubresourceData::new(
                    &bytes[offset..offset + len],
                    s * 4,
                    len,
                ));
                offset += len;
            }
            let tex = device.create_texture(&desc, Some(&init))?;
            ctx_state.srv = Some(device.create_shader_resource_view(&tex, None)?);
            ctx_state.sampler = Some(device.create_sampler_state(&SamplerDesc {
                filter: Filter {
                    min: FilterKind::Linear,
                    mag: FilterKind::Linear,
                    mip: FilterKind::Linear,
                    ..Default::default()
                },
                address_u: AddressMode::Wrap,
                address_v: AddressMode::Wrap,
                address_w: AddressMode::Wrap,
                ..Default::default()
            })?);
        }

        let rasterizer = device.create_rasterizer_state(&RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        })?;
        let depth_state = device.create_depth_stencil_state(&DepthStencilDesc {
            depth_enable: h.depth_test,
            depth_write: h.depth_write,
            depth_func: ComparisonFunc::Less,
            ..Default::default()
        })?;
        let mut blend = BlendDesc::default();
        blend.render_target[0] = RenderTargetBlendDesc {
            blend_enable: h.blend,
            src_blend: Blend::SrcAlpha,
            dest_blend: Blend::InvSrcAlpha,
            blend_op: BlendOp::Add,
            src_blend_alpha: Blend::One,
            dest_blend_alpha: Blend::InvSrcAlpha,
            blend_op_alpha: BlendOp::Add,
            ..Default::default()
        };
        let blend = device.create_blend_state(&blend)?;
        let scissored = device.create_rasterizer_state(&RasterizerDesc {
            cull_mode: CullMode::None,
            scissor_enable: true,
            ..Default::default()
        })?;
        let no_depth = device.create_depth_stencil_state(&DepthStencilDesc {
            depth_enable: false,
            depth_write: false,
            ..Default::default()
        })?;

        Ok(Prepared {
            scissored,
            no_depth,
            header: h.clone(),
            state: ctx_state,
            rasterizer,
            depth_state,
            blend,
            target,
            rtv,
            dsv,
        })
    }
}

struct FrameState {
    layout: tessera::InputLayoutHandle,
    vs: tessera::VertexShaderHandle,
    ps: tessera::PixelShaderHandle,
    vb: Buffer,
    ib: Buffer,
    cb: Buffer,
    srv: Option<tessera::ShaderResourceView>,
    sampler: Option<tessera::SamplerState>,
}

/// What one benchmark frame does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FrameMode {
    /// Clear colour and depth, then draw every index.
    #[default]
    Draw,
    /// Clear colour and depth only.
    Clear,
}

/// Which part of the pipeline a profiling draw runs (timed from the facade, the pipeline
/// unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawPart {
    /// The whole draw.
    Full,
    /// Input assembly, vertex shading and primitive assembly only: no pixel shader and no
    /// depth, which D3D defines as rasterizing nothing (the pipeline returns after assembly).
    VertexOnly,
    /// Everything up to and including clip, setup and binning, with an empty scissor
    /// rectangle so no pixel is rasterized.
    SetupOnly,
}

/// A scene's device objects, created once by [`RastBenchScene::prepare`].
pub struct Prepared {
    header: Header,
    state: FrameState,
    rasterizer: tessera::RasterizerState,
    depth_state: tessera::DepthStencilState,
    blend: tessera::BlendState,
    scissored: tessera::RasterizerState,
    no_depth: tessera::DepthStencilState,
    target: Texture,
    rtv: RenderTargetView,
    dsv: DepthStencilView,
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("scene", &self.header.name)
            .finish_non_exhaustive()
    }
}

impl Prepared {
    /// The scene header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The colour target (RGBA8, top row first).
    pub fn target(&self) -> &Texture {
        &self.target
    }

    /// Binds the scene's state on `ctx` (done by every [`Prepared::frame`]; cheap).
    pub fn bind(&self, ctx: &mut DeviceContext) -> Result<()> {
        let s = &self.state;
        let h = &self.header;
        ctx.ia_set_input_layout(Some(&s.layout));
        ctx.ia_set_vertex_buffers(
            0,
            &[Some(VertexBufferView {
                buffer: s.vb.clone(),
                stride: VERTEX_STRIDE as u32,
                offset: 0,
            })],
        )?;
        ctx.ia_set_index_buffer(Some(&s.ib), Format::R32Uint, 0)?;
        ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)?;
        ctx.vs_set_shader(Some(&s.vs));
        ctx.vs_set_constant_buffers(0, &[Some(s.cb.clone())])?;
        ctx.ps_set_shader(Some(&s.ps));
        ctx.ps_set_shader_resources(0, std::slice::from_ref(&s.srv))?;
        ctx.ps_set_samplers(0, std::slice::from_ref(&s.sampler))?;
        ctx.rs_set_state(Some(&self.rasterizer));
        ctx.rs_set_viewports(&[Viewport {
            top_left_x: 0.0,
            top_left_y: 0.0,
            width: h.width as f32,
            height: h.height as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }])?;
        ctx.om_set_blend_state(Some(&self.blend), [1.0; 4], u32::MAX)?;
        ctx.om_set_depth_stencil_state(Some(&self.depth_state), 0);
        ctx.om_set_render_targets(&[Some(self.rtv.clone())], Some(&self.dsv))?;
        Ok(())
    }

    /// Clears colour and depth, then (in [`FrameMode::Draw`]) draws every index in one call.
    /// Tessera executes synchronously, so the frame is complete on return.
    pub fn frame(&self, ctx: &mut DeviceContext, mode: FrameMode) -> Result<DrawStats> {
        self.clear(ctx)?;
        match mode {
            FrameMode::Clear => Ok(DrawStats::default()),
            FrameMode::Draw => self.draw(ctx),
        }
    }

    /// The clear half of a frame.
    pub fn clear(&self, ctx: &mut DeviceContext) -> Result<()> {
        ctx.clear_render_target_view(&self.rtv, self.header.clear_color)?;
        ctx.clear_depth_stencil_view(&self.dsv, true, false, self.header.clear_depth, 0)?;
        Ok(())
    }

    /// The draw half of a frame (binds the state, then one `DrawIndexed` of every index).
    pub fn draw(&self, ctx: &mut DeviceContext) -> Result<DrawStats> {
        self.bind(ctx)?;
        if self.header.index_count == 0 {
            return Ok(DrawStats::default());
        }
        Ok(ctx.draw_indexed(self.header.index_count, 0, 0)?)
    }

    /// One draw of every index restricted to `part` of the pipeline (see [`DrawPart`]).
    pub fn draw_part(&self, ctx: &mut DeviceContext, part: DrawPart) -> Result<DrawStats> {
        self.bind(ctx)?;
        match part {
            DrawPart::Full => {}
            DrawPart::VertexOnly => {
                ctx.ps_set_shader(None);
                ctx.om_set_depth_stencil_state(Some(&self.no_depth), 0);
            }
            DrawPart::SetupOnly => {
                ctx.rs_set_state(Some(&self.scissored));
                ctx.rs_set_scissor_rects(&[Rect::default()])?;
            }
        }
        if self.header.index_count == 0 {
            return Ok(DrawStats::default());
        }
        let stats = ctx.draw_indexed(self.header.index_count, 0, 0)?;
        self.bind(ctx)?;
        Ok(stats)
    }

    /// The colour target as 8-bit RGBA, top row first.
    pub fn read_rgba8(&self) -> Result<image::RgbaImage> {
        tessera::resource::read_rgba8(&self.target, 0).map_err(|e| RastBenchError::Device(e.into()))
    }
}

// ------------------------------------------------------------------ generator (gen_scenes.py)

const GEN_W: u32 = 1920;
const GEN_H: u32 = 1080;
const PI: f64 = std::f64::consts::PI;

/// `lowbias32` integer hash (Chris Wellons), as in `gen_scenes.py`.
fn h32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7FEB_352D);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846C_A68B);
    x ^= x >> 16;
    x
}

struct Rng {
    s: u32,
    n: u32,
}

impl Rng {
    fn new(seed: u32) -> Self {
        // Python: h32(seed * 0x9E3779B9 + 12345) with unbounded ints, masked to 32 bits.
        Self {
            s: h32(seed.wrapping_mul(0x9E37_79B9).wrapping_add(12345)),
            n: 0,
        }
    }

    fn u32(&mut self) -> u32 {
        self.n += 1;
        h32(self.s ^ h32(self.n))
    }

    fn f(&mut self) -> f64 {
        f64::from(self.u32()) / 4_294_967_296.0
    }
}

#[derive(Default)]
struct Mesh {
    v: Vec<f32>,
    i: Vec<u32>,
}

impl Mesh {
    fn with_capacity(verts: usize, indices: usize) -> Self {
        Self {
            v: Vec::with_capacity(verts * 10),
            i: Vec::with_capacity(indices),
        }
    }

    /// Appends one vertex (each f64 rounded once to f32) and returns its index.
    fn vert(&mut self, pos: [f64; 4], col: [f64; 4], uv: [f64; 2]) -> u32 {
        self.v.extend(pos.iter().map(|&x| x as f32));
        self.v.extend(col.iter().map(|&x| x as f32));
        self.v.extend(uv.iter().map(|&x| x as f32));
        (self.v.len() / 10 - 1) as u32
    }

    fn tri(&mut self, a: u32, b: u32, c: u32) {
        self.i.extend([a, b, c]);
    }

    fn nv(&self) -> u32 {
        (self.v.len() / 10) as u32
    }
}

/// Area in pixels of a screen-space polygon clipped to `[0,W]×[0,H]` (`clip_area_px`).
fn clip_area_px(p: &[(f64, f64)]) -> f64 {
    type Pt = (f64, f64);
    fn clip(poly: &[Pt], inside: impl Fn(Pt) -> bool, inter: impl Fn(Pt, Pt) -> Pt) -> Vec<Pt> {
        let mut out = Vec::new();
        let n = poly.len();
        for k in 0..n {
            let a = poly[(k + n - 1) % n];
            let b = poly[k];
            let (ia, ib) = (inside(a), inside(b));
            if ib {
                if !ia {
                    out.push(inter(a, b));
                }
                out.push(b);
            } else if ia {
                out.push(inter(a, b));
            }
        }
        out
    }
    let ix = |c: f64| move |a: Pt, b: Pt| (c, a.1 + (b.1 - a.1) * (c - a.0) / (b.0 - a.0));
    let iy = |c: f64| move |a: Pt, b: Pt| (a.0 + (b.0 - a.0) * (c - a.1) / (b.1 - a.1), c);
    let (w, h) = (f64::from(GEN_W), f64::from(GEN_H));
    let mut poly = p.to_vec();
    poly = clip(&poly, |q| q.0 >= 0.0, ix(0.0));
    if poly.is_empty() {
        return 0.0;
    }
    poly = clip(&poly, |q| q.0 <= w, ix(w));
    if poly.is_empty() {
        return 0.0;
    }
    poly = clip(&poly, |q| q.1 >= 0.0, iy(0.0));
    if poly.is_empty() {
        return 0.0;
    }
    poly = clip(&poly, |q| q.1 <= h, iy(h));
    if poly.is_empty() {
        return 0.0;
    }
    let n = poly.len();
    let mut s = 0.0;
    for k in 0..n {
        let (x0, y0) = poly[(k + n - 1) % n];
        let (x1, y1) = poly[k];
        s += x0 * y1 - x1 * y0;
    }
    s.abs() * 0.5
}

fn ndc_to_px(x: f64, y: f64) -> (f64, f64) {
    (
        (x * 0.5 + 0.5) * f64::from(GEN_W),
        (0.5 - y * 0.5) * f64::from(GEN_H),
    )
}

fn scene_fill() -> (Mesh, u64) {
    let mut m = Mesh::default();
    for k in 0..16u32 {
        let hue = f64::from(k) / 16.0;
        let r = 0.5 + 0.5 * (2.0 * PI * hue).cos();
        let g = 0.5 + 0.5 * (2.0 * PI * (hue - 1.0 / 3.0)).cos();
        let b = 0.5 + 0.5 * (2.0 * PI * (hue - 2.0 / 3.0)).cos();
        let a = 0.20 + 0.05 * f64::from(k % 4);
        let col = [r, g, b, a];
        let base = m.nv();
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            m.vert([x, y, 0.0, 1.0], col, [(x + 1.0) * 0.5, (1.0 - y) * 0.5]);
        }
        m.tri(base, base + 1, base + 2);
        m.tri(base, base + 2, base + 3);
    }
    (m, 16 * u64::from(GEN_W) * u64::from(GEN_H))
}

fn scene_tris() -> (Mesh, u64) {
    const N: u32 = 250;
    const L: u32 = 8;
    let bases = [0.6, -0.2, 0.3, -0.6, 0.0, 0.45, -0.4, 0.15];
    let nv = ((N + 1) * (N + 1) * L) as usize;
    let mut m = Mesh::with_capacity(nv, (N * N * 6 * L) as usize);
    let mut rng = Rng::new(2);
    let n = f64::from(N);
    for l in 0..L {
        let lf = f64::from(l);
        let first = m.nv();
        for j in 0..=N {
            for i in 0..=N {
                let mut x = -1.0 + 2.0 * f64::from(i) / n;
                let mut y = -1.0 + 2.0 * f64::from(j) / n;
                let (jx, jy) = (rng.f() - 0.5, rng.f() - 0.5);
                if 0 < i && i < N {
                    x += jx * 0.6 * (2.0 / n);
                }
                if 0 < j && j < N {
                    y += jy * 0.6 * (2.0 / n);
                }
                let z = bases[l as usize]
                    + 0.25
                        * (2.0 * PI * (x * 1.5 + lf * 0.37)).sin()
                        * (2.0 * PI * (y * 1.2 - lf * 0.21)).cos();
                let col = [rng.f(), rng.f(), rng.f(), 1.0];
                m.vert([x, y, z, 1.0], col, [(x + 1.0) * 0.5, (1.0 - y) * 0.5]);
            }
        }
        for j in 0..N {
            for i in 0..N {
                let v00 = first + j * (N + 1) + i;
                let (v10, v01, v11) = (v00 + 1, v00 + N + 1, v00 + N + 2);
                m.tri(v00, v10, v11);
                m.tri(v00, v11, v01);
            }
        }
    }
    (m, u64::from(L) * u64::from(GEN_W) * u64::from(GEN_H))
}

fn scene_big() -> (Mesh, u64) {
    let mut m = Mesh::with_capacity(3000, 3000);
    let mut rng = Rng::new(3);
    for _ in 0..1000 {
        let (cx, cy) = (rng.f() * 2.2 - 1.1, rng.f() * 2.2 - 1.1);
        let r = 0.2 + 0.3 * rng.f();
        let a0 = rng.f() * 2.0 * PI;
        let mut pts = [0u32; 3];
        for (k, pt) in pts.iter_mut().enumerate() {
            let a = a0 + (k as f64 * 2.0) * PI / 3.0 + (rng.f() - 0.5) * 0.6;
            let rr = r * (0.8 + 0.4 * rng.f());
            let (x, y) = (cx + rr * a.cos(), cy + rr * a.sin());
            let z = rng.f() * 1.9 - 0.95;
            let col = [rng.f(), rng.f(), rng.f(), 1.0];
            *pt = m.vert([x, y, z, 1.0], col, [(x + 1.0) * 0.5, (1.0 - y) * 0.5]);
        }
        m.tri(pts[0], pts[1], pts[2]);
    }
    let mut area = 0.0;
    for t in 0..1000 {
        let poly: Vec<(f64, f64)> = (0..3)
            .map(|k| {
                let o = m.i[3 * t + k] as usize * 10;
                ndc_to_px(f64::from(m.v[o]), f64::from(m.v[o + 1]))
            })
            .collect();
        area += clip_area_px(&poly);
    }
    (m, area.round_ties_even() as u64)
}

fn scene_tex() -> (Mesh, u64) {
    const N: u32 = 158;
    let mut m = Mesh::with_capacity(((N + 1) * (N + 1)) as usize, (N * N * 6) as usize);
    let n = f64::from(N);
    let pitch = 45.0 * (PI / 180.0);
    let fovy = 60.0 * (PI / 180.0);
    let aspect = f64::from(GEN_W) / f64::from(GEN_H);
    let (near, far) = (0.1, 100.0);
    let f = 1.0 / (fovy / 2.0).tan();
    let (s, c) = (pitch.sin(), pitch.cos());
    let eye_h = 2.0;
    for j in 0..=N {
        let d = 0.2 + (9.0 - 0.2) * f64::from(j) / n;
        for i in 0..=N {
            let x = -8.0 + 16.0 * f64::from(i) / n;
            let xv = x;
            let yv = -eye_h * c + d * s;
            let zf = eye_h * s + d * c;
            let clip = [
                f / aspect * xv,
                f * yv,
                (far + near) / (far - near) * zf - 2.0 * far * near / (far - near),
                zf,
            ];
            m.vert(clip, [1.0; 4], [x * 1.0, d * 1.0]);
        }
    }
    for j in 0..N {
        for i in 0..N {
            let v00 = j * (N + 1) + i;
            let (v10, v01, v11) = (v00 + 1, v00 + N + 1, v00 + N + 2);
            m.tri(v00, v10, v11);
            m.tri(v00, v11, v01);
        }
    }
    (m, u64::from(GEN_W) * u64::from(GEN_H))
}

/// `tex.rgba` exactly as `gen_scenes.py` makes it: 1024² RGBA8 plus 10 box-filtered mips.
pub fn generate_texture() -> Vec<u8> {
    let size = TEXTURE_SIZE as usize;
    let mut out = Vec::with_capacity(TEXTURE_BYTES);
    let mut cell_col = [[0u32; 3]; 256];
    for (key, col) in cell_col.iter_mut().enumerate() {
        let h = h32(key as u32 + 777);
        *col = [
            64 + (h & 127),
            64 + ((h >> 8) & 127),
            64 + ((h >> 16) & 127),
        ];
    }
    for y in 0..size {
        for x in 0..size {
            let (cx, cy) = (x >> 6, y >> 6);
            let [mut r, mut g, mut b] = cell_col[cy * 16 + cx];
            if (cx + cy) & 1 == 1 {
                if ((x + y) >> 1) & 1 == 1 {
                    (r, g, b) = (255 - r, 255 - g, 255 - b);
                }
            } else {
                r = (r + (x as u32 & 63) * 2) & 255;
                b = (b + (y as u32 & 63) * 2) & 255;
            }
            if x & 15 == 0 || y & 15 == 0 {
                (r, g, b) = (r >> 2, g >> 2, b >> 2);
            }
            out.extend([r as u8, g as u8, b as u8, 255]);
        }
    }
    let mut start = 0usize;
    let mut s = size;
    while s > 1 {
        let d = s / 2;
        for y in 0..d {
            let r0 = start + 2 * y * s * 4;
            let r1 = start + (2 * y + 1) * s * 4;
            for x in 0..d {
                let (a, b) = (r0 + 8 * x, r1 + 8 * x);
                for c in 0..4 {
                    let sum = u32::from(out[a + c])
                        + u32::from(out[a + 4 + c])
                        + u32::from(out[b + c])
                        + u32::from(out[b + 4 + c]);
                    out.push(((sum + 2) >> 2) as u8);
                }
            }
        }
        start += s * s * 4;
        s = d;
    }
    debug_assert_eq!(out.len(), TEXTURE_BYTES);
    out
}

/// Generates one of the standard scenes (`fill`, `tris`, `big`, `tex`) at 1920×1080,
/// byte-identical to `gen_scenes.py`. `texture` is shared by textured scenes (pass `None` to
/// generate it here).
pub fn generate(name: &str, texture: Option<Arc<Vec<u8>>>) -> Result<RastBenchScene> {
    let (m, covered, shader, depth, blend, description) = match name {
        "fill" => {
            let (m, c) = scene_fill();
            (
                m,
                c,
                "color",
                false,
                true,
                "16 full-screen quads, alpha blended, no depth",
            )
        }
        "tris" => {
            let (m, c) = scene_tris();
            (
                m,
                c,
                "color",
                true,
                false,
                "8 jittered grid layers, 1,000,000 tris, depth LESS",
            )
        }
        "big" => {
            let (m, c) = scene_big();
            (
                m,
                c,
                "color",
                true,
                false,
                "1000 random large intersecting triangles, depth LESS",
            )
        }
        "tex" => {
            let (m, c) = scene_tex();
            (
                m,
                c,
                "texture",
                true,
                false,
                "perspective ground plane, trilinear texture, depth LESS",
            )
        }
        other => return Err(RastBenchError::UnknownScene(other.to_owned())),
    };
    let textured = shader == "texture";
    let header = Header {
        format: "rastbench-scene-v1".into(),
        name: name.into(),
        width: GEN_W,
        height: GEN_H,
        vertex_file: Some(format!("{name}.vtx.bin")),
        vertex_count: m.nv(),
        vertex_stride: VERTEX_STRIDE as u32,
        index_file: Some(format!("{name}.idx.bin")),
        index_count: m.i.len() as u32,
        triangle_count: (m.i.len() / 3) as u32,
        topology: Some("triangle_list".into()),
        index_type: Some("u32".into()),
        cull: Some("none".into()),
        depth_test: depth,
        depth_write: depth,
        depth_func: Some("less".into()),
        depth_format: Some("d32_float".into()),
        clear_depth: 1.0,
        color_format: Some("rgba8_unorm".into()),
        blend,
        clear_color: [0.0, 0.0, 0.0, 1.0],
        shader: shader.into(),
        covered_px_per_frame: covered,
        texture_file: textured.then(|| "tex.rgba".into()),
        texture_width: textured.then_some(TEXTURE_SIZE),
        texture_height: textured.then_some(TEXTURE_SIZE),
        texture_levels: textured.then_some(TEXTURE_LEVELS),
        description: description.into(),
    };
    let vertices: Vec<u8> = m.v.iter().flat_map(|f| f.to_le_bytes()).collect();
    let indices: Vec<u8> = m.i.iter().flat_map(|i| i.to_le_bytes()).collect();
    let texture = textured.then(|| texture.unwrap_or_else(|| Arc::new(generate_texture())));
    Ok(RastBenchScene {
        header,
        vertices,
        indices,
        texture,
    })
}

/// Writes a scene's `NAME.json`, `NAME.vtx.bin`, `NAME.idx.bin` (and `tex.rgba`) into `dir`.
pub fn write_scene(scene: &RastBenchScene, dir: impl AsRef<Path>) -> Result<PathBuf> {
    let dir = dir.as_ref();
    let io = |path: &Path, r: std::io::Result<()>| {
        r.map_err(|source| RastBenchError::Io {
            path: path.to_owned(),
            source,
        })
    };
    io(dir, std::fs::create_dir_all(dir))?;
    let name = &scene.header.name;
    for (file, bytes) in [
        (format!("{name}.vtx.bin"), &scene.vertices),
        (format!("{name}.idx.bin"), &scene.indices),
    ] {
        let p = dir.join(file);
        io(&p, std::fs::write(&p, bytes))?;
    }
    if let Some(tex) = &scene.texture {
        let p = dir.join("tex.rgba");
        io(&p, std::fs::write(&p, tex.as_slice()))?;
    }
    let p = dir.join(format!("{name}.json"));
    let json =
        serde_json::to_string_pretty(&scene.header).map_err(|source| RastBenchError::Json {
            path: p.clone(),
            source,
        })?;
    io(&p, std::fs::write(&p, json + "\n"))?;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// FIPS 180-4 SHA-256, enough to check the generator against the published digests
    /// without a dependency.
    fn sha256_hex(data: &[u8]) -> String {
        const K: [u32; 64] = [
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
            0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
            0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
            0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
            0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
            0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
            0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
            0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
            0xc67178f2,
        ];
        let mut h: [u32; 8] = [
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
            0x5be0cd19,
        ];
        let mut msg = data.to_vec();
        let bits = (data.len() as u64).wrapping_mul(8);
        msg.push(0x80);
        while msg.len() % 64 != 56 {
            msg.push(0);
        }
        msg.extend(bits.to_be_bytes());
        for block in msg.chunks_exact(64) {
            let mut w = [0u32; 64];
            for (i, c) in block.chunks_exact(4).enumerate() {
                w[i] = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
            }
            for i in 16..64 {
                let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
                let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
                w[i] = w[i - 16]
                    .wrapping_add(s0)
                    .wrapping_add(w[i - 7])
                    .wrapping_add(s1);
            }
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
            for i in 0..64 {
                let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
                let ch = (e & f) ^ (!e & g);
                let t1 = hh
                    .wrapping_add(s1)
                    .wrapping_add(ch)
                    .wrapping_add(K[i])
                    .wrapping_add(w[i]);
                let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
                let maj = (a & b) ^ (a & c) ^ (b & c);
                let t2 = s0.wrapping_add(maj);
                hh = g;
                g = f;
                f = e;
                e = d.wrapping_add(t1);
                d = c;
                c = b;
                b = a;
                a = t1.wrapping_add(t2);
            }
            for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
                *x = x.wrapping_add(y);
            }
        }
        h.iter().map(|x| format!("{x:08x}")).collect()
    }

    #[test]
    fn sha256_known_vectors() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(sha256_hex(&[b'a'; 1000]).len(), 64);
    }

    fn published(name: &str) -> Option<serde_json::Value> {
        let dir = std::env::var("RASTBENCH_SCENE_DIR")
            .unwrap_or_else(|_| "/work/shared/perf/scenes".into());
        let text = std::fs::read(Path::new(&dir).join(format!("{name}.json"))).ok()?;
        serde_json::from_slice(&text).ok()
    }

    /// The in-process generator reproduces gen_scenes.py byte for byte: sha256 of every binary
    /// equals the digest published in the harness's scene headers (skipped where absent).
    #[test]
    fn generator_matches_published_sha256() {
        let tex = Arc::new(generate_texture());
        assert_eq!(tex.len(), TEXTURE_BYTES);
        for name in STANDARD_SCENES {
            let scene = generate(name, Some(tex.clone())).unwrap();
            scene.validate().unwrap();
            let Some(json) = published(name) else {
                eprintln!("no published header for {name}: sha256 check skipped");
                continue;
            };
            let sha = &json["sha256"];
            assert_eq!(
                sha[format!("{name}.vtx.bin")].as_str().unwrap(),
                sha256_hex(&scene.vertices),
                "{name}.vtx.bin"
            );
            assert_eq!(
                sha[format!("{name}.idx.bin")].as_str().unwrap(),
                sha256_hex(&scene.indices),
                "{name}.idx.bin"
            );
            if let Some(t) = sha["tex.rgba"].as_str() {
                assert_eq!(t, sha256_hex(&tex), "tex.rgba");
            }
            let h: Header = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(h.vertex_count, scene.header.vertex_count, "{name}");
            assert_eq!(h.index_count, scene.header.index_count, "{name}");
            assert_eq!(
                h.covered_px_per_frame, scene.header.covered_px_per_frame,
                "{name} covered px"
            );
        }
    }

    #[test]
    fn load_round_trips_and_rejects_bad_sizes() {
        let dir = std::env::temp_dir().join(format!("rastbench-test-{}", std::process::id()));
        let scene = generate("big", None).unwrap();
        let path = write_scene(&scene, &dir).unwrap();
        let loaded = RastBenchScene::load(&path).unwrap();
        assert_eq!(loaded.vertices, scene.vertices);
        assert_eq!(loaded.indices, scene.indices);
        assert_eq!(loaded.header, scene.header);
        std::fs::write(dir.join("big.idx.bin"), &scene.indices[..8]).unwrap();
        assert!(matches!(
            RastBenchScene::load(&path),
            Err(RastBenchError::Size { .. })
        ));
        let mut bad = scene.clone();
        bad.indices[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(
            bad.validate(),
            Err(RastBenchError::IndexOutOfRange { .. })
        ));
        assert!(matches!(
            RastBenchScene::load(dir.join("missing.json")),
            Err(RastBenchError::Io { .. })
        ));
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A small frame renders: the fill scene's blended quads produce the expected colour.
    #[test]
    fn fill_frame_renders_blended_colour() {
        let mut scene = generate("fill", None).unwrap();
        scene.header.width = 16;
        scene.header.height = 8;
        let device = Device::new(&tessera::DeviceDesc {
            threads: Some(1),
            ..Default::default()
        })
        .unwrap();
        let prepared = scene.prepare(&device).unwrap();
        let mut ctx = device.immediate_context();
        prepared.frame(&mut ctx, FrameMode::Clear).unwrap();
        let img = prepared.read_rgba8().unwrap();
        assert_eq!(img.get_pixel(3, 3).0, [0, 0, 0, 255]);
        let stats = prepared.frame(&mut ctx, FrameMode::Draw).unwrap();
        assert_eq!(stats.ia_primitives, 32);
        let img = prepared.read_rgba8().unwrap();
        let p = img.get_pixel(5, 5).0;
        assert!(p != [0, 0, 0, 255] && p[3] == 255, "{p:?}");
        assert!(
            img.pixels().all(|q| q.0 == p),
            "flat quads give a flat image"
        );
    }
}
