//! Resources: buffers (inline numbers or a binary file), textures (an image file or a procedural
//! source) and input-layout elements.

use serde::Deserialize;

use super::{FormatName, ones4};

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
    /// A zero-filled buffer of this many bytes (for a buffer a compute shader fills).
    #[serde(default)]
    pub zeros: Option<u32>,
    /// A tiled buffer (`MISC_TILED`, SPEC §6.1) of `zeros` bytes (no `data` or `file`: tiled
    /// resources take no initial data): every tile starts NULL, the tile commands name it,
    /// `set_cs_uavs` and `set_cs_textures` bind its whole-buffer `R32_UINT` tiled views.
    #[serde(default)]
    pub tiled: bool,
    /// The flags of the buffer's views (issue #18; docs/resources.md "Buffer view flags"):
    /// omitted = whole-buffer `R32_UINT` views.
    #[serde(default)]
    pub view: Option<BufferViewKind>,
}

/// The kind of a buffer's views in a scene file (`"view"` of a buffer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BufferViewKind {
    /// `"raw"`: created with `BUFFER_ALLOW_RAW_VIEWS`; its SRV and UAV are whole-buffer
    /// `R32_TYPELESS` RAW views (HLSL `ByteAddressBuffer` / `RWByteAddressBuffer`).
    Raw,
    /// `"append"`: a structured buffer of 4-byte elements (`BUFFER_STRUCTURED`, stride 4, no
    /// vertex or index binding) whose UAV is an APPEND view with a hidden counter.
    Append,
    /// `"counter"`: as `"append"`, with a COUNTER view.
    Counter,
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
    #[serde(default = "ones4")]
    pub a: [f32; 4],
    /// Second colour (default black).
    #[serde(default = "black")]
    pub b: [f32; 4],
}

fn default_cell() -> u32 {
    8
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
    /// A tiled texture (`MISC_TILED`, SPEC §6.1): the source gives only its size (a `solid`
    /// source is never generated, so a 16384² virtual texture costs nothing), `mips` asks for
    /// the full chain, every tile starts NULL, and the tile commands fill it.
    #[serde(default)]
    pub tiled: bool,
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
