//! The serde model of a `tessera-scene` JSON file (version 1). See `docs/scene-format.md`.
//!
//! Every struct denies unknown fields so a typo is an error; every omitted state field takes
//! its Direct3D 11 default.
//!
//! This module holds the top-level [`SceneFile`], its targets and the name wrappers of formats
//! and feature levels; the sections live in `resources` (buffers, textures, input layouts),
//! `names` (Direct3D 11 enumerations), `states` (pipeline states), `shaders` (shaders and
//! constant buffers) and `commands`, all re-exported here.

use std::collections::BTreeMap;

use serde::Deserialize;
use tessera::{FeatureLevel, Format};

mod commands;
mod names;
mod resources;
mod shaders;
mod states;
mod tiled;

pub use commands::{Command, RectSpec, VertexBufferSpec, ViewportSpec};
pub use names::{
    AddressName, BlendName, BlendOpName, CullName, FillName, FilterName, FuncName, StencilOpName,
    TopologyName,
};
pub use resources::{
    BufferSpec, BufferViewKind, CheckerSpec, ElementSpec, ElementType, GradientSpec, SolidSpec,
    TextureSpec,
};
pub use shaders::{
    CameraSpec, ConstantsSpec, LitPsSpec, MatrixSpec, ModelSpec, ShaderSpec, SpirvSpec,
    TransformSpec, WgslSpec,
};
pub use states::{
    BlendSpec, DepthStencilSpec, RasterizerSpec, SamplerSpec, StencilFaceSpec, TargetBlendSpec,
};
pub use tiled::{
    CoordinateSpec, CopyTileMappingsSpec, CopyTilesSpec, NullReadName, RangeFlagName,
    RegionSizeSpec, ResizeTilePoolSpec, TileCopyFlagName, TilePoolSpec, TiledResourceBarrierSpec,
    UpdateTileMappingsSpec, UpdateTilesSpec,
};

/// A DXGI format written by name ("R8G8B8A8_UNORM", with or without `DXGI_FORMAT_`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct FormatName(pub Format);

impl TryFrom<String> for FormatName {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Format::from_name(&s)
            .map(FormatName)
            .map_err(|_| format!("unknown DXGI format name `{s}` (write e.g. \"R32G32B32_FLOAT\")"))
    }
}

/// A feature level written "9_1", "11_0", "12_2" (or any spelling `FeatureLevel` parses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct LevelName(pub FeatureLevel);

impl TryFrom<String> for LevelName {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse::<FeatureLevel>()
            .map(LevelName)
            .map_err(|e| e.to_string())
    }
}

impl Default for LevelName {
    fn default() -> Self {
        Self(FeatureLevel::L11_0)
    }
}

/// The whole scene file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneFile {
    /// Must be "tessera-scene".
    pub format: String,
    /// Must be 1.
    pub version: u32,
    /// Free text.
    #[serde(default)]
    pub description: String,
    /// Device feature level (default "11_0").
    #[serde(default)]
    pub feature_level: LevelName,
    /// Render-target size `[width, height]`.
    pub size: [u32; 2],
    /// The device's tiled-resources tier (`CapsOptions::tiled_resources_tier`: 0, 1, 2 or 3
    /// where the level allows it, SPEC §6.11); omitted: the highest the level allows.
    #[serde(default)]
    pub tiled_resources_tier: Option<u32>,
    /// What a Tier-1 NULL tile reads (`DeviceDesc::tiled_null_read`: `"zero"` or `"poison"`).
    #[serde(default)]
    pub tiled_null_read: NullReadName,
    /// Tile pools by name (need `tiled_resources_tier`).
    #[serde(default)]
    pub tile_pools: BTreeMap<String, TilePoolSpec>,
    /// Colour targets and the optional depth-stencil target.
    #[serde(default)]
    pub targets: TargetsSpec,
    /// Vertex and index buffers by name.
    #[serde(default)]
    pub buffers: BTreeMap<String, BufferSpec>,
    /// Textures by name.
    #[serde(default)]
    pub textures: BTreeMap<String, TextureSpec>,
    /// Input layouts by name.
    #[serde(default)]
    pub input_layouts: BTreeMap<String, Vec<ElementSpec>>,
    /// Rasterizer states by name.
    #[serde(default)]
    pub rasterizer_states: BTreeMap<String, RasterizerSpec>,
    /// Depth-stencil states by name.
    #[serde(default)]
    pub depth_stencil_states: BTreeMap<String, DepthStencilSpec>,
    /// Blend states by name.
    #[serde(default)]
    pub blend_states: BTreeMap<String, BlendSpec>,
    /// Sampler states by name.
    #[serde(default)]
    pub samplers: BTreeMap<String, SamplerSpec>,
    /// Built-in shaders by name.
    #[serde(default)]
    pub shaders: BTreeMap<String, ShaderSpec>,
    /// Constant buffers by name.
    #[serde(default)]
    pub constant_buffers: BTreeMap<String, ConstantsSpec>,
    /// Commands executed in order.
    pub commands: Vec<Command>,
    /// Colour targets written out (names); default: every colour target.
    #[serde(default)]
    pub outputs: Option<Vec<String>>,
}

/// `targets`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetsSpec {
    /// Colour targets (default: one "color" target, R8G8B8A8_UNORM).
    #[serde(default = "default_colors")]
    pub colors: Vec<ColorTargetSpec>,
    /// Optional depth-stencil target.
    #[serde(default)]
    pub depth: Option<DepthTargetSpec>,
}

impl Default for TargetsSpec {
    fn default() -> Self {
        Self {
            colors: default_colors(),
            depth: None,
        }
    }
}

fn default_colors() -> Vec<ColorTargetSpec> {
    vec![ColorTargetSpec {
        name: "color".into(),
        format: default_color_format(),
        sample_count: 1,
        sample_quality: 0,
        tiled: false,
    }]
}

fn default_color_format() -> FormatName {
    FormatName(Format::R8G8B8A8Unorm)
}

fn default_depth_format() -> FormatName {
    FormatName(Format::D24UnormS8Uint)
}

/// One colour target.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColorTargetSpec {
    /// Name used by `clear_rtv`, `set_render_targets` and `outputs`.
    pub name: String,
    /// Format (default R8G8B8A8_UNORM).
    #[serde(default = "default_color_format")]
    pub format: FormatName,
    /// Samples per pixel (default 1): 2, 4, 8 or 16 where the format and level allow them
    /// (SPEC §3.8); a multisampled target is written out resolved.
    #[serde(default = "one")]
    pub sample_count: u32,
    /// `DXGI_SAMPLE_DESC.Quality` (default 0; at 10_1+ 0xFFFFFFFF / 0xFFFFFFFE select the
    /// standard / centre pattern).
    #[serde(default)]
    pub sample_quality: u32,
    /// A tiled target (`MISC_TILED`, SPEC §6.1; the device's tiled-target rules apply):
    /// every tile starts NULL, the tile commands name it by its
    /// name, draws and clears write through its tiles (writes to NULL tiles are dropped) and
    /// its output is read back through them (NULL tiles read 0 at Tier 2/3).
    #[serde(default)]
    pub tiled: bool,
}

/// The depth-stencil target.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DepthTargetSpec {
    /// Format (default D24_UNORM_S8_UINT).
    #[serde(default = "default_depth_format")]
    pub format: FormatName,
    /// Samples per pixel (default 1); bound with colour targets, their counts must match.
    #[serde(default = "one")]
    pub sample_count: u32,
    /// `DXGI_SAMPLE_DESC.Quality` (default 0).
    #[serde(default)]
    pub sample_quality: u32,
    /// A tiled depth target (`MISC_TILED`; D16 / D32 only, SPEC §6.1): as a tiled colour
    /// target, named `"depth"` by the tile commands and `outputs`.
    #[serde(default)]
    pub tiled: bool,
}

/// Serde default of the sample counts: one sample.
fn one() -> u32 {
    1
}

/// `[1, 1, 1, 1]`: opaque white, and the default blend factor.
fn ones4() -> [f32; 4] {
    [1.0; 4]
}
