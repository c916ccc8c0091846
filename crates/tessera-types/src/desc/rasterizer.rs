//! Input assembly, rasterizer and depth-stencil state descriptors.

use tessera_format::Format;

/// Primitive topology (`D3D11_PRIMITIVE_TOPOLOGY`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PrimitiveTopology {
    /// Not yet set: draws are refused.
    #[default]
    Undefined,
    /// Independent points.
    PointList,
    /// Independent line segments.
    LineList,
    /// Connected line segments.
    LineStrip,
    /// Independent triangles.
    TriangleList,
    /// Connected triangles, alternating winding.
    TriangleStrip,
    /// Lines with adjacency.
    LineListAdj,
    /// Line strip with adjacency.
    LineStripAdj,
    /// Triangles with adjacency.
    TriangleListAdj,
    /// Triangle strip with adjacency.
    TriangleStripAdj,
}

impl PrimitiveTopology {
    /// True for the four adjacency topologies (refused at 9_x).
    pub fn is_adjacency(self) -> bool {
        matches!(
            self,
            Self::LineListAdj | Self::LineStripAdj | Self::TriangleListAdj | Self::TriangleStripAdj
        )
    }

    /// Primitives produced by `vertex_count` vertices (D3D counts only complete primitives).
    pub fn primitive_count(self, vertex_count: u64) -> u64 {
        let n = vertex_count;
        match self {
            Self::Undefined => 0,
            Self::PointList => n,
            Self::LineList => n / 2,
            Self::LineStrip => n.saturating_sub(1),
            Self::TriangleList => n / 3,
            Self::TriangleStrip => n.saturating_sub(2),
            Self::LineListAdj => n / 4,
            Self::LineStripAdj => n.saturating_sub(3),
            Self::TriangleListAdj => n / 6,
            Self::TriangleStripAdj => (n / 2).saturating_sub(2),
        }
    }
}

/// Whether an input element advances per vertex or per instance (`D3D11_INPUT_CLASSIFICATION`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InputClassification {
    /// Advances with each vertex.
    #[default]
    PerVertex,
    /// Advances every `instance_data_step_rate` instances.
    PerInstance,
}

/// Offset meaning "directly after the previous element" (`D3D11_APPEND_ALIGNED_ELEMENT`).
pub const APPEND_ALIGNED_ELEMENT: u32 = 0xffff_ffff;

/// `D3D11_INPUT_ELEMENT_DESC`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InputElementDesc {
    /// HLSL semantic name, e.g. "POSITION".
    pub semantic_name: String,
    /// Semantic index, e.g. 1 for TEXCOORD1.
    pub semantic_index: u32,
    /// Vertex format of the element.
    pub format: Format,
    /// Vertex buffer slot.
    pub input_slot: u32,
    /// Byte offset in the vertex, or [`APPEND_ALIGNED_ELEMENT`].
    pub aligned_byte_offset: u32,
    /// Per-vertex or per-instance.
    pub input_slot_class: InputClassification,
    /// Instances per element step (0 for per-vertex data).
    pub instance_data_step_rate: u32,
}

/// Triangle fill (`D3D11_FILL_MODE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FillMode {
    /// Draw edges as lines.
    Wireframe,
    /// Fill the interior.
    #[default]
    Solid,
}

/// Which triangles to discard (`D3D11_CULL_MODE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CullMode {
    /// Keep both faces.
    None,
    /// Discard front faces.
    Front,
    /// Discard back faces.
    #[default]
    Back,
}

/// `D3D11_RASTERIZER_DESC` (with the 11.1/11.3 `forced_sample_count` and conservative mode).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterizerDesc {
    /// Solid or wireframe.
    pub fill_mode: FillMode,
    /// Face culling.
    pub cull_mode: CullMode,
    /// Counter-clockwise triangles are front faces when true.
    pub front_counter_clockwise: bool,
    /// Constant depth bias, in format units (SPEC §3.7).
    pub depth_bias: i32,
    /// Largest magnitude of the total bias (0 = no clamp).
    pub depth_bias_clamp: f32,
    /// Slope-scaled bias factor.
    pub slope_scaled_depth_bias: f32,
    /// Clip against near/far planes (must be true at 9_x).
    pub depth_clip_enable: bool,
    /// Apply the bound scissor rectangles.
    pub scissor_enable: bool,
    /// Rasterize with multisample coverage.
    pub multisample_enable: bool,
    /// Antialiased lines (only when `multisample_enable` is false).
    pub antialiased_line_enable: bool,
    /// UAV-only rendering sample count (11_0+), 0 = off.
    pub forced_sample_count: u32,
    /// Conservative rasterization (11_3+ / tier-dependent).
    pub conservative_raster: bool,
}

impl Default for RasterizerDesc {
    fn default() -> Self {
        Self {
            fill_mode: FillMode::Solid,
            cull_mode: CullMode::Back,
            front_counter_clockwise: false,
            depth_bias: 0,
            depth_bias_clamp: 0.0,
            slope_scaled_depth_bias: 0.0,
            depth_clip_enable: true,
            scissor_enable: false,
            multisample_enable: false,
            antialiased_line_enable: false,
            forced_sample_count: 0,
            conservative_raster: false,
        }
    }
}

/// Comparison used by depth, stencil and comparison samplers (`D3D11_COMPARISON_FUNC`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ComparisonFunc {
    /// Never passes.
    Never,
    /// Passes when source < destination.
    #[default]
    Less,
    /// Passes when equal.
    Equal,
    /// Passes when source <= destination.
    LessEqual,
    /// Passes when source > destination.
    Greater,
    /// Passes when not equal.
    NotEqual,
    /// Passes when source >= destination.
    GreaterEqual,
    /// Always passes.
    Always,
}

impl ComparisonFunc {
    /// Evaluates `src FUNC dst`; any comparison involving NaN is false except `NotEqual`/`Always`.
    #[inline]
    pub fn test<T: PartialOrd>(self, src: T, dst: T) -> bool {
        match self {
            Self::Never => false,
            Self::Less => src < dst,
            Self::Equal => src == dst,
            Self::LessEqual => src <= dst,
            Self::Greater => src > dst,
            Self::NotEqual => src != dst,
            Self::GreaterEqual => src >= dst,
            Self::Always => true,
        }
    }
}

/// Stencil update operation (`D3D11_STENCIL_OP`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StencilOp {
    /// Keep the stored value.
    #[default]
    Keep,
    /// Store 0.
    Zero,
    /// Store the reference value.
    Replace,
    /// Increment, clamping at the maximum.
    IncrSat,
    /// Decrement, clamping at 0.
    DecrSat,
    /// Bitwise invert.
    Invert,
    /// Increment with wrap.
    Incr,
    /// Decrement with wrap.
    Decr,
}

/// Stencil operations for one face (`D3D11_DEPTH_STENCILOP_DESC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StencilFaceDesc {
    /// Applied when the stencil test fails.
    pub fail_op: StencilOp,
    /// Applied when stencil passes and depth fails.
    pub depth_fail_op: StencilOp,
    /// Applied when both pass.
    pub pass_op: StencilOp,
    /// Stencil comparison `(ref & read_mask) FUNC (stored & read_mask)`.
    pub func: ComparisonFunc,
}

impl Default for StencilFaceDesc {
    fn default() -> Self {
        Self {
            fail_op: StencilOp::Keep,
            depth_fail_op: StencilOp::Keep,
            pass_op: StencilOp::Keep,
            func: ComparisonFunc::Always,
        }
    }
}

/// `D3D11_DEPTH_STENCIL_DESC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DepthStencilDesc {
    /// Depth test on.
    pub depth_enable: bool,
    /// Depth writes on (`D3D11_DEPTH_WRITE_MASK_ALL`).
    pub depth_write: bool,
    /// Depth comparison.
    pub depth_func: ComparisonFunc,
    /// Stencil test on.
    pub stencil_enable: bool,
    /// Mask applied to the reference and stored value before comparing.
    pub stencil_read_mask: u8,
    /// Mask of stencil bits written.
    pub stencil_write_mask: u8,
    /// Front-face operations.
    pub front_face: StencilFaceDesc,
    /// Back-face operations.
    pub back_face: StencilFaceDesc,
}

impl Default for DepthStencilDesc {
    fn default() -> Self {
        Self {
            depth_enable: true,
            depth_write: true,
            depth_func: ComparisonFunc::Less,
            stencil_enable: false,
            stencil_read_mask: 0xff,
            stencil_write_mask: 0xff,
            front_face: StencilFaceDesc::default(),
            back_face: StencilFaceDesc::default(),
        }
    }
}
