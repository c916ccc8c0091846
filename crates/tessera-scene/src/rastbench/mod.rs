//! `rastbench-scene-v1`: the language-neutral benchmark scenes of the perf harness
//! (`shared/perf/README.md` §3), loaded from disk or generated in process, and rendered on a
//! Tessera [`Device`] with the harness's measurement protocol (§5).
//!
//! A scene is `NAME.json` (a flat header), `NAME.vtx.bin` (stride-40 vertices: clip-space
//! position f32×4, colour f32×4, uv f32×2), `NAME.idx.bin` (u32 triangle list) and, for
//! textured scenes, `tex.rgba` (1024² RGBA8 with its 11 mips concatenated).
//!
//! GL conventions are mapped onto the D3D device as follows:
//! * clip z ∈ [-w, w] → D3D's [0, w] by the vertex shader: [`TransformVs`](tessera::pipeline::builtin::TransformVs) with the matrix
//!   rows `x, y, (0, 0, ½, ½), w` in `cb0`, so depth = z/w·½ + ½ as in GL;
//! * NDC y = +1 is the top row and pixel centres are at .5 in both APIs: no change;
//! * `shader: color` → `VertexColorPs`; `shader: texture` → `TexturedPs` (varyings uv then
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
    Rect, RenderTargetBlendDesc, SampleDesc, SamplerDesc, TextureDesc, Usage, Viewport,
};
use tessera::pipeline::DrawStats;
use tessera::resource::{DsvFlags, SubresourceData};
use tessera::{
    Buffer, DepthStencilView, Device, DeviceContext, Format, RenderTargetView, Texture,
    VertexBufferView,
};

use crate::error::SceneError;
use crate::input::{InputPolicy, base_of};

mod device;
mod generate;
mod shaders;
#[cfg(test)]
mod tests;

pub use device::{DrawPart, FrameMode, Prepared};
pub use generate::{generate, generate_texture, write_scene};
pub use shaders::BenchShaders;

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
    /// A file was refused by the input policy (not a regular file, too large, outside the
    /// header's folder).
    #[error(transparent)]
    Input(Box<SceneError>),
    /// The device refused an object or a call.
    #[error(transparent)]
    Device(#[from] tessera::Error),
    /// A WGSL twin of the built-in shaders did not compile (`--shaders wgsl`).
    #[error("the WGSL benchmark shaders: {0}")]
    Shader(Box<tessera_shader::CompileError>),
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

/// Reads a scene file through [`crate::input::read_file`] (regular files only, bounded size,
/// the binaries kept inside the header's folder unless the policy allows otherwise).
fn read_file(path: &Path, base: Option<&Path>, policy: &InputPolicy) -> Result<Vec<u8>> {
    crate::input::read_file(path, base, policy).map_err(|e| match e {
        SceneError::Io { path, source } => RastBenchError::Io { path, source },
        e => RastBenchError::Input(Box::new(e)),
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
    /// Loads `NAME.json` and the binaries it names (relative to its folder), validating sizes,
    /// with the default [`InputPolicy`].
    pub fn load(path: impl AsRef<Path>) -> Result<Self> {
        Self::load_with(path, &InputPolicy::default())
    }

    /// [`RastBenchScene::load`] with every file read under `policy`.
    pub fn load_with(path: impl AsRef<Path>, policy: &InputPolicy) -> Result<Self> {
        let path = path.as_ref();
        let text = read_file(path, None, policy)?;
        let header: Header =
            serde_json::from_slice(&text).map_err(|source| RastBenchError::Json {
                path: path.to_owned(),
                source,
            })?;
        let dir = &base_of(path);
        let read = |name: &str| read_file(&dir.join(name), Some(dir), policy);
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
        let vertices = read(&vfile)?;
        let indices = read(&ifile)?;
        let texture = if header.shader == "texture" {
            let tfile = header.texture_file.clone().unwrap_or("tex.rgba".into());
            Some(Arc::new(read(&tfile)?))
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
        if !h.index_count.is_multiple_of(3) {
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
}
