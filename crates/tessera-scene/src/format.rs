//! The serde model of a `tessera-scene` JSON file (version 1). See `docs/scene-format.md`.
//!
//! Every struct denies unknown fields so a typo is an error; every omitted state field takes
//! its Direct3D 11 default.

use std::collections::BTreeMap;

use serde::Deserialize;
use tessera::caps::{
    AddressMode, Blend, BlendOp, ComparisonFunc, CullMode, FillMode, FilterKind, FilterReduction,
    PrimitiveTopology, StencilOp,
};
use tessera::{FeatureLevel, Format};

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
}

/// The depth-stencil target.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DepthTargetSpec {
    /// Format (default D24_UNORM_S8_UINT).
    #[serde(default = "default_depth_format")]
    pub format: FormatName,
}

/// Element type of inline buffer data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ElementType {
    /// 32-bit float.
    F32,
    /// 32-bit unsigned.
    U32,
    /// 32-bit signed.
    I32,
    /// 16-bit unsigned.
    U16,
    /// 16-bit signed.
    I16,
    /// 8-bit unsigned.
    U8,
    /// 8-bit signed.
    I8,
}

/// A buffer: inline numbers of one type, or a binary file next to the scene.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BufferSpec {
    /// Element type of `data`.
    #[serde(rename = "type", default)]
    pub element: Option<ElementType>,
    /// Inline values.
    #[serde(default)]
    pub data: Option<Vec<f64>>,
    /// A binary file (relative to the scene file).
    #[serde(default)]
    pub file: Option<String>,
}

/// Procedural checkerboard.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckerSpec {
    /// `[width, height]`.
    pub size: [u32; 2],
    /// Cell edge in texels (default 8).
    #[serde(default = "default_cell")]
    pub cell: u32,
    /// First colour (default white).
    #[serde(default = "white")]
    pub a: [f32; 4],
    /// Second colour (default black).
    #[serde(default = "black")]
    pub b: [f32; 4],
}

fn default_cell() -> u32 {
    8
}
fn white() -> [f32; 4] {
    [1.0; 4]
}
fn black() -> [f32; 4] {
    [0.0, 0.0, 0.0, 1.0]
}

/// Procedural gradient.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GradientSpec {
    /// `[width, height]`.
    pub size: [u32; 2],
    /// Colour at the left (or top) edge.
    pub from: [f32; 4],
    /// Colour at the right (or bottom) edge.
    pub to: [f32; 4],
    /// Vertical instead of horizontal.
    #[serde(default)]
    pub vertical: bool,
}

/// Procedural solid colour.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolidSpec {
    /// `[width, height]`.
    pub size: [u32; 2],
    /// The colour.
    pub color: [f32; 4],
}

/// A texture: exactly one source, plus mips and format.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TextureSpec {
    /// PNG or JPEG file (relative to the scene file).
    #[serde(default)]
    pub file: Option<String>,
    /// Procedural checkerboard.
    #[serde(default)]
    pub checkerboard: Option<CheckerSpec>,
    /// Procedural gradient.
    #[serde(default)]
    pub gradient: Option<GradientSpec>,
    /// Procedural solid colour.
    #[serde(default)]
    pub solid: Option<SolidSpec>,
    /// Generate the full mip chain (box filter).
    #[serde(default)]
    pub mips: bool,
    /// Format (default R8G8B8A8_UNORM).
    #[serde(default)]
    pub format: Option<FormatName>,
}

/// One input-layout element.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElementSpec {
    /// Semantic name ("POSITION").
    pub semantic: String,
    /// Semantic index (default 0).
    #[serde(default)]
    pub index: u32,
    /// Vertex format.
    pub format: FormatName,
    /// Input slot (default 0).
    #[serde(default)]
    pub slot: u32,
    /// Byte offset; omitted = append aligned.
    #[serde(default)]
    pub offset: Option<u32>,
    /// Per-instance data.
    #[serde(default)]
    pub per_instance: bool,
    /// Instance step rate (default 1 for per-instance elements, 0 otherwise).
    #[serde(default)]
    pub step_rate: Option<u32>,
}

/// `D3D11_FILL_MODE` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum FillName {
    Wireframe,
    Solid,
}

/// `D3D11_CULL_MODE` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum CullName {
    None,
    Front,
    Back,
}

/// `D3D11_COMPARISON_FUNC` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum FuncName {
    Never,
    Less,
    Equal,
    LessEqual,
    Greater,
    NotEqual,
    GreaterEqual,
    Always,
}

/// `D3D11_STENCIL_OP` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum StencilOpName {
    Keep,
    Zero,
    Replace,
    IncrSat,
    DecrSat,
    Invert,
    Incr,
    Decr,
}

/// `D3D11_BLEND` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum BlendName {
    Zero,
    One,
    SrcColor,
    InvSrcColor,
    SrcAlpha,
    InvSrcAlpha,
    DestAlpha,
    InvDestAlpha,
    DestColor,
    InvDestColor,
    SrcAlphaSat,
    BlendFactor,
    InvBlendFactor,
    Src1Color,
    InvSrc1Color,
    Src1Alpha,
    InvSrc1Alpha,
}

/// `D3D11_BLEND_OP` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum BlendOpName {
    Add,
    Subtract,
    RevSubtract,
    Min,
    Max,
}

/// `D3D11_TEXTURE_ADDRESS_MODE` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum AddressName {
    Wrap,
    Mirror,
    Clamp,
    Border,
    MirrorOnce,
}

/// `D3D11_PRIMITIVE_TOPOLOGY` names.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)]
pub enum TopologyName {
    PointList,
    LineList,
    LineStrip,
    TriangleList,
    TriangleStrip,
    LineListAdj,
    LineStripAdj,
    TriangleListAdj,
    TriangleStripAdj,
}

impl From<FillName> for FillMode {
    fn from(v: FillName) -> Self {
        match v {
            FillName::Wireframe => Self::Wireframe,
            FillName::Solid => Self::Solid,
        }
    }
}

impl From<CullName> for CullMode {
    fn from(v: CullName) -> Self {
        match v {
            CullName::None => Self::None,
            CullName::Front => Self::Front,
            CullName::Back => Self::Back,
        }
    }
}

impl From<FuncName> for ComparisonFunc {
    fn from(v: FuncName) -> Self {
        use FuncName as F;
        match v {
            F::Never => Self::Never,
            F::Less => Self::Less,
            F::Equal => Self::Equal,
            F::LessEqual => Self::LessEqual,
            F::Greater => Self::Greater,
            F::NotEqual => Self::NotEqual,
            F::GreaterEqual => Self::GreaterEqual,
            F::Always => Self::Always,
        }
    }
}

impl From<StencilOpName> for StencilOp {
    fn from(v: StencilOpName) -> Self {
        use StencilOpName as S;
        match v {
            S::Keep => Self::Keep,
            S::Zero => Self::Zero,
            S::Replace => Self::Replace,
            S::IncrSat => Self::IncrSat,
            S::DecrSat => Self::DecrSat,
            S::Invert => Self::Invert,
            S::Incr => Self::Incr,
            S::Decr => Self::Decr,
        }
    }
}

impl From<BlendName> for Blend {
    fn from(v: BlendName) -> Self {
        use BlendName as B;
        match v {
            B::Zero => Self::Zero,
            B::One => Self::One,
            B::SrcColor => Self::SrcColor,
            B::InvSrcColor => Self::InvSrcColor,
            B::SrcAlpha => Self::SrcAlpha,
            B::InvSrcAlpha => Self::InvSrcAlpha,
            B::DestAlpha => Self::DestAlpha,
            B::InvDestAlpha => Self::InvDestAlpha,
            B::DestColor => Self::DestColor,
            B::InvDestColor => Self::InvDestColor,
            B::SrcAlphaSat => Self::SrcAlphaSat,
            B::BlendFactor => Self::BlendFactor,
            B::InvBlendFactor => Self::InvBlendFactor,
            B::Src1Color => Self::Src1Color,
            B::InvSrc1Color => Self::InvSrc1Color,
            B::Src1Alpha => Self::Src1Alpha,
            B::InvSrc1Alpha => Self::InvSrc1Alpha,
        }
    }
}

impl From<BlendOpName> for BlendOp {
    fn from(v: BlendOpName) -> Self {
        match v {
            BlendOpName::Add => Self::Add,
            BlendOpName::Subtract => Self::Subtract,
            BlendOpName::RevSubtract => Self::RevSubtract,
            BlendOpName::Min => Self::Min,
            BlendOpName::Max => Self::Max,
        }
    }
}

impl From<AddressName> for AddressMode {
    fn from(v: AddressName) -> Self {
        match v {
            AddressName::Wrap => Self::Wrap,
            AddressName::Mirror => Self::Mirror,
            AddressName::Clamp => Self::Clamp,
            AddressName::Border => Self::Border,
            AddressName::MirrorOnce => Self::MirrorOnce,
        }
    }
}

impl From<TopologyName> for PrimitiveTopology {
    fn from(v: TopologyName) -> Self {
        use TopologyName as T;
        match v {
            T::PointList => Self::PointList,
            T::LineList => Self::LineList,
            T::LineStrip => Self::LineStrip,
            T::TriangleList => Self::TriangleList,
            T::TriangleStrip => Self::TriangleStrip,
            T::LineListAdj => Self::LineListAdj,
            T::LineStripAdj => Self::LineStripAdj,
            T::TriangleListAdj => Self::TriangleListAdj,
            T::TriangleStripAdj => Self::TriangleStripAdj,
        }
    }
}

/// A `D3D11_FILTER` written in snake_case ("min_mag_mip_linear", "anisotropic",
/// "comparison_min_mag_linear_mip_point", "minimum_anisotropic", …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct FilterName(pub tessera::caps::Filter);

impl TryFrom<String> for FilterName {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        use FilterKind::{Linear as L, Point as P};
        let (reduction, rest) = if let Some(r) = s.strip_prefix("comparison_") {
            (FilterReduction::Comparison, r)
        } else if let Some(r) = s.strip_prefix("minimum_") {
            (FilterReduction::Minimum, r)
        } else if let Some(r) = s.strip_prefix("maximum_") {
            (FilterReduction::Maximum, r)
        } else {
            (FilterReduction::Standard, s.as_str())
        };
        let table = [
            ("min_mag_mip_point", P, P, P),
            ("min_mag_point_mip_linear", P, P, L),
            ("min_point_mag_linear_mip_point", P, L, P),
            ("min_point_mag_mip_linear", P, L, L),
            ("min_linear_mag_mip_point", L, P, P),
            ("min_linear_mag_point_mip_linear", L, P, L),
            ("min_mag_linear_mip_point", L, L, P),
            ("min_mag_mip_linear", L, L, L),
            ("anisotropic", L, L, L),
        ];
        let (name, min, mag, mip) =
            table.iter().copied().find(|t| t.0 == rest).ok_or_else(|| {
                format!(
                    "unknown filter `{s}`: expected a D3D11_FILTER name in snake_case, e.g. \
                     \"min_mag_mip_linear\", \"min_mag_linear_mip_point\", \"anisotropic\", \
                     optionally prefixed by comparison_, minimum_ or maximum_"
                )
            })?;
        Ok(Self(tessera::caps::Filter {
            min,
            mag,
            mip,
            anisotropic: name == "anisotropic",
            reduction,
        }))
    }
}

/// Rasterizer state; omitted fields take `D3D11_RASTERIZER_DESC` defaults.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct RasterizerSpec {
    pub fill_mode: Option<FillName>,
    pub cull_mode: Option<CullName>,
    pub front_counter_clockwise: Option<bool>,
    pub depth_bias: Option<i32>,
    pub depth_bias_clamp: Option<f32>,
    pub slope_scaled_depth_bias: Option<f32>,
    pub depth_clip_enable: Option<bool>,
    pub scissor_enable: Option<bool>,
    pub multisample_enable: Option<bool>,
    pub antialiased_line_enable: Option<bool>,
}

/// One face of the stencil state.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct StencilFaceSpec {
    pub fail_op: Option<StencilOpName>,
    pub depth_fail_op: Option<StencilOpName>,
    pub pass_op: Option<StencilOpName>,
    pub func: Option<FuncName>,
}

/// Depth-stencil state; omitted fields take `D3D11_DEPTH_STENCIL_DESC` defaults.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct DepthStencilSpec {
    pub depth_enable: Option<bool>,
    pub depth_write: Option<bool>,
    pub depth_func: Option<FuncName>,
    pub stencil_enable: Option<bool>,
    pub stencil_read_mask: Option<u8>,
    pub stencil_write_mask: Option<u8>,
    pub front_face: Option<StencilFaceSpec>,
    pub back_face: Option<StencilFaceSpec>,
}

/// Blend state of one render target.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct TargetBlendSpec {
    pub blend_enable: Option<bool>,
    pub src_blend: Option<BlendName>,
    pub dest_blend: Option<BlendName>,
    pub blend_op: Option<BlendOpName>,
    pub src_blend_alpha: Option<BlendName>,
    pub dest_blend_alpha: Option<BlendName>,
    pub blend_op_alpha: Option<BlendOpName>,
    /// Channels written, as letters: "rgba" (default), "rgb", "" …
    pub write_mask: Option<String>,
}

/// Blend state; omitted fields take `D3D11_BLEND_DESC` defaults.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct BlendSpec {
    pub alpha_to_coverage_enable: Option<bool>,
    pub independent_blend_enable: Option<bool>,
    /// Per-target entries (at most 8), target 0 first.
    #[serde(default)]
    pub render_targets: Vec<TargetBlendSpec>,
}

/// Sampler state; omitted fields take `D3D11_SAMPLER_DESC` defaults.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct SamplerSpec {
    pub filter: Option<FilterName>,
    pub address_u: Option<AddressName>,
    pub address_v: Option<AddressName>,
    pub address_w: Option<AddressName>,
    pub mip_lod_bias: Option<f32>,
    pub max_anisotropy: Option<u32>,
    pub comparison_func: Option<FuncName>,
    pub border_color: Option<[f32; 4]>,
    pub min_lod: Option<f32>,
    pub max_lod: Option<f32>,
}

/// Parameters of the `transform` vertex shaders.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TransformSpec {
    /// Input registers after the position passed on as varyings.
    pub varyings: usize,
}

/// A built-in shader.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ShaderSpec {
    /// `TransformVs`: `pos = M·v0`, varyings `v1..`.
    Transform(TransformSpec),
    /// Scene-side VS: `pos = M·(v0 + (v1.xyz, 0))`, varyings `v2..` (v1: a per-instance offset).
    InstancedTransform(TransformSpec),
    /// `VertexColorPs`.
    VertexColor,
    /// `ConstantColorPs`.
    ConstantColor,
    /// `TexturedPs`.
    Textured,
    /// `LitVs`.
    LitVs,
    /// `LitPs`.
    LitPs,
}

/// A camera: right-handed look-at plus a perspective (or orthographic) projection with D3D
/// clip-space depth z ∈ [0, 1].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CameraSpec {
    /// Eye position.
    pub eye: [f32; 3],
    /// Point looked at.
    pub target: [f32; 3],
    /// Up vector (default +Y).
    #[serde(default = "up")]
    pub up: [f32; 3],
    /// Vertical field of view in degrees (default 60).
    #[serde(default = "fov")]
    pub fov_y_deg: f32,
    /// Near plane (default 0.1).
    #[serde(default = "near")]
    pub near: f32,
    /// Far plane (default 100).
    #[serde(default = "far")]
    pub far: f32,
    /// Width / height; default: the render-target aspect.
    #[serde(default)]
    pub aspect: Option<f32>,
    /// Orthographic view of this height instead of a perspective.
    #[serde(default)]
    pub ortho_height: Option<f32>,
}

fn up() -> [f32; 3] {
    [0.0, 1.0, 0.0]
}
fn fov() -> f32 {
    60.0
}
fn near() -> f32 {
    0.1
}
fn far() -> f32 {
    100.0
}

/// A model (world) transform: `translate · rotate_z · rotate_y · rotate_x · scale`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelSpec {
    /// Translation.
    #[serde(default)]
    pub translate: [f32; 3],
    /// Euler angles in degrees (applied X, then Y, then Z).
    #[serde(default)]
    pub rotate_deg: [f32; 3],
    /// Scale (default 1).
    #[serde(default)]
    pub scale: Option<[f32; 3]>,
}

/// A matrix built from named values.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatrixSpec {
    /// Camera (view · projection); omitted = identity.
    #[serde(default)]
    pub camera: Option<CameraSpec>,
    /// World transform; omitted = identity.
    #[serde(default)]
    pub model: Option<ModelSpec>,
    /// Explicit rows, multiplied after (left of) the camera and model.
    #[serde(default)]
    pub rows: Option<[[f32; 4]; 4]>,
}

/// `LitPs` parameters.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LitPsSpec {
    /// Direction towards the light (default (0.3, 1, 0.5)).
    #[serde(default = "light_dir")]
    pub light_direction: [f32; 3],
    /// Light colour (default white).
    #[serde(default = "light_color")]
    pub light_color: [f32; 3],
    /// Ambient colour (default 0.15 grey).
    #[serde(default = "ambient")]
    pub ambient: [f32; 3],
    /// Base colour factor (default white).
    #[serde(default = "white")]
    pub base_color: [f32; 4],
    /// Eye position for the specular term (default origin).
    #[serde(default)]
    pub eye: [f32; 3],
    /// Specular power; 0 = no specular (default 32).
    #[serde(default = "spec_power")]
    pub specular_power: f32,
    /// Specular intensity (default 0.25).
    #[serde(default = "spec_intensity")]
    pub specular_intensity: f32,
    /// Multiply by `t0.Sample(s0, uv)`.
    #[serde(default)]
    pub textured: bool,
}

fn light_dir() -> [f32; 3] {
    [0.3, 1.0, 0.5]
}
fn light_color() -> [f32; 3] {
    [1.0; 3]
}
fn ambient() -> [f32; 3] {
    [0.15; 3]
}
fn spec_power() -> f32 {
    32.0
}
fn spec_intensity() -> f32 {
    0.25
}

impl Default for LitPsSpec {
    fn default() -> Self {
        Self {
            light_direction: light_dir(),
            light_color: light_color(),
            ambient: ambient(),
            base_color: white(),
            eye: [0.0; 3],
            specular_power: spec_power(),
            specular_intensity: spec_intensity(),
            textured: false,
        }
    }
}

/// A constant buffer: raw floats or convenient named values.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ConstantsSpec {
    /// Raw floats (padded to 16 bytes).
    Floats(Vec<f32>),
    /// Four-component colours, one register each (`ConstantColorPs`).
    Colors(Vec<[f32; 4]>),
    /// One matrix as 4 rows (`TransformVs`).
    Matrix(MatrixSpec),
    /// `LitVs`: world·view·projection, world, normal matrix.
    LitVs(MatrixSpec),
    /// `LitPs` light and material.
    LitPs(LitPsSpec),
}

/// One vertex-buffer binding.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VertexBufferSpec {
    /// Buffer name.
    pub buffer: String,
    /// Bytes per vertex.
    pub stride: u32,
    /// Byte offset (default 0).
    #[serde(default)]
    pub offset: u32,
}

/// A viewport in pixels.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ViewportSpec {
    #[serde(default)]
    pub x: f32,
    #[serde(default)]
    pub y: f32,
    pub width: f32,
    pub height: f32,
    #[serde(default)]
    pub min_depth: f32,
    #[serde(default = "one")]
    pub max_depth: f32,
}

fn one() -> f32 {
    1.0
}

/// A scissor rectangle in pixels (right/bottom exclusive).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct RectSpec {
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
}

fn all_ones() -> u32 {
    u32::MAX
}
fn ones4() -> [f32; 4] {
    [1.0; 4]
}
fn yes() -> bool {
    true
}
fn r16() -> FormatName {
    FormatName(Format::R16Uint)
}

/// A command, executed in order.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[allow(missing_docs)]
pub enum Command {
    /// `ClearRenderTargetView` (target omitted: every colour target).
    ClearRtv {
        #[serde(default)]
        target: Option<String>,
        color: [f32; 4],
    },
    /// `ClearDepthStencilView`: clears depth when `depth` is given, stencil when `stencil` is;
    /// with neither, depth is cleared to 1.
    ClearDsv {
        #[serde(default)]
        depth: Option<f32>,
        #[serde(default)]
        stencil: Option<u8>,
    },
    /// `OMSetRenderTargets` by colour-target names, with or without the depth target.
    SetRenderTargets {
        colors: Vec<String>,
        #[serde(default = "yes")]
        depth: bool,
    },
    /// `IASetPrimitiveTopology`.
    SetTopology(TopologyName),
    /// `IASetInputLayout`.
    SetInputLayout(String),
    /// `IASetVertexBuffers`.
    SetVertexBuffers {
        #[serde(default)]
        start_slot: usize,
        buffers: Vec<VertexBufferSpec>,
    },
    /// `IASetIndexBuffer` (format default R16_UINT).
    SetIndexBuffer {
        buffer: String,
        #[serde(default = "r16")]
        format: FormatName,
        #[serde(default)]
        offset: u32,
    },
    /// `VSSetShader`.
    SetVs(String),
    /// `PSSetShader` (null unbinds).
    SetPs(Option<String>),
    /// `VSSetConstantBuffers`.
    SetVsConstantBuffers {
        #[serde(default)]
        start: usize,
        buffers: Vec<String>,
    },
    /// `PSSetConstantBuffers`.
    SetPsConstantBuffers {
        #[serde(default)]
        start: usize,
        buffers: Vec<String>,
    },
    /// `PSSetShaderResources` (whole-texture views).
    SetPsTextures {
        #[serde(default)]
        start: usize,
        textures: Vec<String>,
    },
    /// `PSSetSamplers`.
    SetPsSamplers {
        #[serde(default)]
        start: usize,
        samplers: Vec<String>,
    },
    /// `RSSetState` (null: default state).
    SetRasterizer(Option<String>),
    /// `OMSetDepthStencilState` (state null: default state).
    SetDepthStencil {
        #[serde(default)]
        state: Option<String>,
        #[serde(default)]
        stencil_ref: u8,
    },
    /// `OMSetBlendState` (state null: default state).
    SetBlend {
        #[serde(default)]
        state: Option<String>,
        #[serde(default = "ones4")]
        blend_factor: [f32; 4],
        #[serde(default = "all_ones")]
        sample_mask: u32,
    },
    /// `RSSetViewports` (pixels).
    SetViewports(Vec<ViewportSpec>),
    /// `RSSetScissorRects` (pixels).
    SetScissors(Vec<RectSpec>),
    /// `Draw`.
    Draw {
        vertex_count: u32,
        #[serde(default)]
        start_vertex: u32,
    },
    /// `DrawIndexed`.
    DrawIndexed {
        index_count: u32,
        #[serde(default)]
        start_index: u32,
        #[serde(default)]
        base_vertex: i32,
    },
    /// `DrawInstanced`.
    DrawInstanced {
        vertex_count: u32,
        instance_count: u32,
        #[serde(default)]
        start_vertex: u32,
        #[serde(default)]
        start_instance: u32,
    },
    /// `DrawIndexedInstanced`.
    DrawIndexedInstanced {
        index_count: u32,
        instance_count: u32,
        #[serde(default)]
        start_index: u32,
        #[serde(default)]
        base_vertex: i32,
        #[serde(default)]
        start_instance: u32,
    },
}

impl Command {
    /// The command's JSON name (for error paths).
    pub fn name(&self) -> &'static str {
        match self {
            Self::ClearRtv { .. } => "clear_rtv",
            Self::ClearDsv { .. } => "clear_dsv",
            Self::SetRenderTargets { .. } => "set_render_targets",
            Self::SetTopology(_) => "set_topology",
            Self::SetInputLayout(_) => "set_input_layout",
            Self::SetVertexBuffers { .. } => "set_vertex_buffers",
            Self::SetIndexBuffer { .. } => "set_index_buffer",
            Self::SetVs(_) => "set_vs",
            Self::SetPs(_) => "set_ps",
            Self::SetVsConstantBuffers { .. } => "set_vs_constant_buffers",
            Self::SetPsConstantBuffers { .. } => "set_ps_constant_buffers",
            Self::SetPsTextures { .. } => "set_ps_textures",
            Self::SetPsSamplers { .. } => "set_ps_samplers",
            Self::SetRasterizer(_) => "set_rasterizer",
            Self::SetDepthStencil { .. } => "set_depth_stencil",
            Self::SetBlend { .. } => "set_blend",
            Self::SetViewports(_) => "set_viewports",
            Self::SetScissors(_) => "set_scissors",
            Self::Draw { .. } => "draw",
            Self::DrawIndexed { .. } => "draw_indexed",
            Self::DrawInstanced { .. } => "draw_instanced",
            Self::DrawIndexedInstanced { .. } => "draw_indexed_instanced",
        }
    }
}
