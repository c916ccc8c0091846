//! Built-in shaders and the constant buffers they read, with the camera, model-transform and
//! light values those are built from.

use serde::Deserialize;

use super::ones4;

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
    /// A WGSL entry point, compiled by tessera-shader when the scene is loaded; its stage is
    /// the entry point's (`@vertex` or `@fragment`).
    Wgsl(WgslSpec),
    /// A SPIR-V entry point (a `.spv` file, e.g. from `dxc -spirv` or naga), compiled by
    /// tessera-shader when the scene is loaded, at the entry point's stage.
    Spirv(SpirvSpec),
}

/// A SPIR-V shader of a scene: the binary module, the entry point to compile and whether
/// its clip space is Vulkan's.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpirvSpec {
    /// The `.spv` file, relative to the scene file's folder.
    pub file: String,
    /// The entry point's name.
    pub entry: String,
    /// Negate the vertex position's y (SPIR-V written for Vulkan, whose clip-space y points
    /// down: GLSL, naga/Tint from WGSL, `dxc -fvk-invert-y`); default false (`dxc -spirv`
    /// of HLSL keeps D3D's clip space).
    #[serde(default)]
    pub flip_y: bool,
}

/// A WGSL shader of a scene: exactly one of `file` (relative to the scene file) or inline
/// `source`, and the entry point to compile.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WgslSpec {
    /// The `.wgsl` file, relative to the scene file's folder.
    #[serde(default)]
    pub file: Option<String>,
    /// Inline WGSL source.
    #[serde(default)]
    pub source: Option<String>,
    /// The entry point's name.
    pub entry: String,
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
    #[serde(default = "ones4")]
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
            base_color: ones4(),
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
