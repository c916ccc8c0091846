//! Plain descriptor types, mirroring the `D3D11_*_DESC` structures field for field.
//!
//! These are the vocabulary every layer shares: the caps layer validates them, the resource
//! layer creates from them and the pipeline executes them. They hold no behaviour beyond
//! D3D's documented defaults.

use tessera_format::Format;

/// How the CPU and GPU may access a resource (`D3D11_USAGE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Usage {
    /// GPU read/write; CPU updates through `update_subresource` only.
    #[default]
    Default,
    /// Initialised at creation, never written again.
    Immutable,
    /// CPU writes through `map(WRITE_DISCARD / WRITE_NO_OVERWRITE)`; GPU reads.
    Dynamic,
    /// CPU-visible copy target/source; never bound to the pipeline.
    Staging,
}

macro_rules! flags {
    ($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $flag:ident = $bit:expr;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub u32);
        impl $name {
            /// No flag set.
            pub const NONE: Self = Self(0);
            $($(#[$fdoc])* pub const $flag: Self = Self($bit);)*
            /// True when every bit of `other` is set in `self`.
            pub const fn contains(self, other: Self) -> bool { self.0 & other.0 == other.0 }
            /// True when any bit of `other` is set in `self`.
            pub const fn intersects(self, other: Self) -> bool { self.0 & other.0 != 0 }
            /// True when no bit is set.
            pub const fn is_empty(self) -> bool { self.0 == 0 }
        }
        impl core::ops::BitOr for $name {
            type Output = Self;
            fn bitor(self, rhs: Self) -> Self { Self(self.0 | rhs.0) }
        }
    };
}

flags! {
    /// Where a resource may be bound (`D3D11_BIND_FLAG`).
    BindFlags {
        /// `D3D11_BIND_VERTEX_BUFFER`.
        VERTEX_BUFFER = 0x1;
        /// `D3D11_BIND_INDEX_BUFFER`.
        INDEX_BUFFER = 0x2;
        /// `D3D11_BIND_CONSTANT_BUFFER`.
        CONSTANT_BUFFER = 0x4;
        /// `D3D11_BIND_SHADER_RESOURCE`.
        SHADER_RESOURCE = 0x8;
        /// `D3D11_BIND_STREAM_OUTPUT`.
        STREAM_OUTPUT = 0x10;
        /// `D3D11_BIND_RENDER_TARGET`.
        RENDER_TARGET = 0x20;
        /// `D3D11_BIND_DEPTH_STENCIL`.
        DEPTH_STENCIL = 0x40;
        /// `D3D11_BIND_UNORDERED_ACCESS`.
        UNORDERED_ACCESS = 0x80;
    }
}

flags! {
    /// CPU access a resource allows (`D3D11_CPU_ACCESS_FLAG`).
    CpuAccess {
        /// `D3D11_CPU_ACCESS_WRITE`.
        WRITE = 0x10000;
        /// `D3D11_CPU_ACCESS_READ`.
        READ = 0x20000;
    }
}

flags! {
    /// Miscellaneous resource options (`D3D11_RESOURCE_MISC_FLAG`).
    MiscFlags {
        /// `GENERATE_MIPS`: the resource may be the target of `generate_mips`.
        GENERATE_MIPS = 0x1;
        /// `SHARED`: shareable between devices (refused for R8G8B8A8 at 9_x).
        SHARED = 0x2;
        /// `TEXTURECUBE`: a Texture2D array of 6·n faces viewable as cubes.
        TEXTURE_CUBE = 0x4;
        /// `BUFFER_ALLOW_RAW_VIEWS`.
        BUFFER_ALLOW_RAW_VIEWS = 0x20;
        /// `BUFFER_STRUCTURED`.
        BUFFER_STRUCTURED = 0x40;
        /// `TILED`: a reserved resource backed by tile-pool mappings.
        TILED = 0x40000;
        /// `TILE_POOL`: a buffer used as a tile pool.
        TILE_POOL = 0x20000;
    }
}

/// Multisample count and quality (`DXGI_SAMPLE_DESC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SampleDesc {
    /// Samples per pixel (1 = no MSAA).
    pub count: u32,
    /// Vendor quality level; 0 or a standard pattern value.
    pub quality: u32,
}

impl Default for SampleDesc {
    fn default() -> Self {
        Self {
            count: 1,
            quality: 0,
        }
    }
}

/// `D3D11_BUFFER_DESC`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BufferDesc {
    /// Size in bytes.
    pub byte_width: u32,
    /// CPU/GPU access pattern.
    pub usage: Usage,
    /// Pipeline bindings.
    pub bind_flags: BindFlags,
    /// CPU access.
    pub cpu_access: CpuAccess,
    /// Miscellaneous options.
    pub misc_flags: MiscFlags,
    /// Element stride of a structured buffer, else 0.
    pub structure_byte_stride: u32,
}

/// The dimensionality of a texture resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureDimension {
    /// `ID3D11Texture1D` (height and depth are 1).
    D1,
    /// `ID3D11Texture2D` (depth is 1); cubes are 2D arrays with `TEXTURE_CUBE`.
    D2,
    /// `ID3D11Texture3D` (array size is 1).
    D3,
}

/// One descriptor for `D3D11_TEXTURE1D_DESC`, `D3D11_TEXTURE2D_DESC` and `D3D11_TEXTURE3D_DESC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureDesc {
    /// 1D, 2D (and cube) or 3D.
    pub dimension: TextureDimension,
    /// Width in texels of mip 0.
    pub width: u32,
    /// Height in texels of mip 0 (1 for 1D).
    pub height: u32,
    /// Depth in texels of mip 0 (1 for 1D and 2D).
    pub depth: u32,
    /// Mip levels; 0 means the full chain.
    pub mip_levels: u32,
    /// Array slices (1 for 3D; 6·n for cubes).
    pub array_size: u32,
    /// Texel format.
    pub format: Format,
    /// Multisampling (2D only).
    pub sample_desc: SampleDesc,
    /// CPU/GPU access pattern.
    pub usage: Usage,
    /// Pipeline bindings.
    pub bind_flags: BindFlags,
    /// CPU access.
    pub cpu_access: CpuAccess,
    /// Miscellaneous options.
    pub misc_flags: MiscFlags,
}

impl TextureDesc {
    /// A single-mip, single-slice 2D texture with default usage, as most callers want.
    pub fn tex2d(width: u32, height: u32, format: Format, bind_flags: BindFlags) -> Self {
        Self {
            dimension: TextureDimension::D2,
            width,
            height,
            depth: 1,
            mip_levels: 1,
            array_size: 1,
            format,
            sample_desc: SampleDesc::default(),
            usage: Usage::Default,
            bind_flags,
            cpu_access: CpuAccess::NONE,
            misc_flags: MiscFlags::NONE,
        }
    }

    /// True when `misc_flags` marks the texture as a cube (array).
    pub fn is_cube(&self) -> bool {
        self.misc_flags.contains(MiscFlags::TEXTURE_CUBE)
    }

    /// The number of mips in a full chain for this texture's largest dimension.
    pub fn full_mip_count(&self) -> u32 {
        let largest = self.width.max(self.height).max(self.depth).max(1);
        32 - largest.leading_zeros()
    }

    /// The mip count after resolving `mip_levels == 0` to the full chain.
    pub fn resolved_mip_levels(&self) -> u32 {
        if self.mip_levels == 0 {
            self.full_mip_count()
        } else {
            self.mip_levels
        }
    }
}

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

/// Blend factor (`D3D11_BLEND`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Blend {
    /// (0,0,0,0).
    Zero,
    /// (1,1,1,1).
    #[default]
    One,
    /// Source colour.
    SrcColor,
    /// 1 - source colour.
    InvSrcColor,
    /// Source alpha.
    SrcAlpha,
    /// 1 - source alpha.
    InvSrcAlpha,
    /// Destination alpha.
    DestAlpha,
    /// 1 - destination alpha.
    InvDestAlpha,
    /// Destination colour.
    DestColor,
    /// 1 - destination colour.
    InvDestColor,
    /// (f,f,f,1) with f = min(As, 1 - Ad).
    SrcAlphaSat,
    /// The blend factor set with `OMSetBlendState`.
    BlendFactor,
    /// 1 - the blend factor.
    InvBlendFactor,
    /// Second source colour (dual-source).
    Src1Color,
    /// 1 - second source colour.
    InvSrc1Color,
    /// Second source alpha.
    Src1Alpha,
    /// 1 - second source alpha.
    InvSrc1Alpha,
}

impl Blend {
    /// True for the dual-source factors (`SRC1_*`).
    pub fn is_dual_source(self) -> bool {
        matches!(
            self,
            Self::Src1Color | Self::InvSrc1Color | Self::Src1Alpha | Self::InvSrc1Alpha
        )
    }
}

/// Blend operation (`D3D11_BLEND_OP`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlendOp {
    /// src·Fs + dst·Fd.
    #[default]
    Add,
    /// src·Fs − dst·Fd.
    Subtract,
    /// dst·Fd − src·Fs.
    RevSubtract,
    /// min(src, dst) (factors ignored).
    Min,
    /// max(src, dst) (factors ignored).
    Max,
}

/// Output-merger logic operation (`D3D11_LOGIC_OP`, 11_1+).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LogicOp {
    /// 0.
    Clear,
    /// 1s.
    Set,
    /// s.
    Copy,
    /// !s.
    CopyInverted,
    /// d (default).
    #[default]
    Noop,
    /// !d.
    Invert,
    /// s & d.
    And,
    /// !(s & d).
    Nand,
    /// s | d.
    Or,
    /// !(s | d).
    Nor,
    /// s ^ d.
    Xor,
    /// !(s ^ d).
    Equiv,
    /// s & !d.
    AndReverse,
    /// !s & d.
    AndInverted,
    /// s | !d.
    OrReverse,
    /// !s | d.
    OrInverted,
}

flags! {
    /// Colour channels written (`D3D11_COLOR_WRITE_ENABLE`).
    ColorWriteMask {
        /// Red.
        RED = 0x1;
        /// Green.
        GREEN = 0x2;
        /// Blue.
        BLUE = 0x4;
        /// Alpha.
        ALPHA = 0x8;
        /// All four channels.
        ALL = 0xf;
    }
}

/// Blend state of one render target (`D3D11_RENDER_TARGET_BLEND_DESC1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RenderTargetBlendDesc {
    /// Blending on.
    pub blend_enable: bool,
    /// Logic op on (11_1+, UINT targets); exclusive with blending.
    pub logic_op_enable: bool,
    /// Colour source factor.
    pub src_blend: Blend,
    /// Colour destination factor.
    pub dest_blend: Blend,
    /// Colour operation.
    pub blend_op: BlendOp,
    /// Alpha source factor.
    pub src_blend_alpha: Blend,
    /// Alpha destination factor.
    pub dest_blend_alpha: Blend,
    /// Alpha operation.
    pub blend_op_alpha: BlendOp,
    /// Logic operation when enabled.
    pub logic_op: LogicOp,
    /// Channels written.
    pub write_mask: ColorWriteMask,
}

impl Default for RenderTargetBlendDesc {
    fn default() -> Self {
        Self {
            blend_enable: false,
            logic_op_enable: false,
            src_blend: Blend::One,
            dest_blend: Blend::Zero,
            blend_op: BlendOp::Add,
            src_blend_alpha: Blend::One,
            dest_blend_alpha: Blend::Zero,
            blend_op_alpha: BlendOp::Add,
            logic_op: LogicOp::Noop,
            write_mask: ColorWriteMask::ALL,
        }
    }
}

/// `D3D11_BLEND_DESC1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BlendDesc {
    /// Derive coverage from SV_Target0 alpha.
    pub alpha_to_coverage_enable: bool,
    /// Use `render_target[i]` per target; otherwise target 0's state for all.
    pub independent_blend_enable: bool,
    /// Per-target state.
    pub render_target: [RenderTargetBlendDesc; 8],
}

/// Texture filter (`D3D11_FILTER`), decomposed into its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FilterKind {
    /// Nearest texel.
    #[default]
    Point,
    /// Bilinear / linear.
    Linear,
}

/// How filtered samples are reduced (`D3D11_FILTER_REDUCTION_TYPE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FilterReduction {
    /// Weighted average.
    #[default]
    Standard,
    /// Compare each texel against a reference, then average (shadow maps).
    Comparison,
    /// Component-wise minimum of the footprint (Tiled Resources Tier 2).
    Minimum,
    /// Component-wise maximum of the footprint (Tiled Resources Tier 2).
    Maximum,
}

/// `D3D11_FILTER` as its min/mag/mip parts, anisotropy and reduction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Filter {
    /// Minification filter.
    pub min: FilterKind,
    /// Magnification filter.
    pub mag: FilterKind,
    /// Filter between mips.
    pub mip: FilterKind,
    /// Anisotropic filtering (min/mag/mip are then all linear).
    pub anisotropic: bool,
    /// Reduction mode.
    pub reduction: FilterReduction,
}

/// Texture address mode (`D3D11_TEXTURE_ADDRESS_MODE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AddressMode {
    /// Tile the texture.
    Wrap,
    /// Tile with every other copy mirrored.
    Mirror,
    /// Clamp to the edge texel.
    #[default]
    Clamp,
    /// Use the border colour outside [0, 1].
    Border,
    /// Mirror once about 0, then clamp.
    MirrorOnce,
}

/// `D3D11_SAMPLER_DESC`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerDesc {
    /// Filtering.
    pub filter: Filter,
    /// U addressing.
    pub address_u: AddressMode,
    /// V addressing.
    pub address_v: AddressMode,
    /// W addressing.
    pub address_w: AddressMode,
    /// Bias added to the computed LOD.
    pub mip_lod_bias: f32,
    /// Anisotropy clamp, 1..=16.
    pub max_anisotropy: u32,
    /// Comparison for comparison filters.
    pub comparison_func: ComparisonFunc,
    /// Colour used by `AddressMode::Border`.
    pub border_color: [f32; 4],
    /// Lowest mip LOD (most detailed).
    pub min_lod: f32,
    /// Highest mip LOD.
    pub max_lod: f32,
}

impl Default for SamplerDesc {
    fn default() -> Self {
        Self {
            filter: Filter {
                min: FilterKind::Linear,
                mag: FilterKind::Linear,
                mip: FilterKind::Linear,
                anisotropic: false,
                reduction: FilterReduction::Standard,
            },
            address_u: AddressMode::Clamp,
            address_v: AddressMode::Clamp,
            address_w: AddressMode::Clamp,
            mip_lod_bias: 0.0,
            max_anisotropy: 1,
            comparison_func: ComparisonFunc::Never,
            border_color: [1.0; 4],
            min_lod: f32::MIN,
            max_lod: f32::MAX,
        }
    }
}

/// `D3D11_VIEWPORT`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Viewport {
    /// Left edge in pixels.
    pub top_left_x: f32,
    /// Top edge in pixels.
    pub top_left_y: f32,
    /// Width in pixels.
    pub width: f32,
    /// Height in pixels.
    pub height: f32,
    /// Depth mapped from z = 0.
    pub min_depth: f32,
    /// Depth mapped from z = 1.
    pub max_depth: f32,
}

/// A scissor rectangle (`D3D11_RECT`): left/top inclusive, right/bottom exclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    /// Left edge, inclusive.
    pub left: i32,
    /// Top edge, inclusive.
    pub top: i32,
    /// Right edge, exclusive.
    pub right: i32,
    /// Bottom edge, exclusive.
    pub bottom: i32,
}

/// Query kinds (`D3D11_QUERY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueryType {
    /// Completion event.
    Event,
    /// Samples passing depth/stencil.
    Occlusion,
    /// GPU timestamp.
    Timestamp,
    /// Timestamp frequency and validity.
    TimestampDisjoint,
    /// Pipeline statistics.
    PipelineStatistics,
    /// Occlusion predicate.
    OcclusionPredicate,
    /// Stream-output statistics.
    SoStatistics,
    /// Stream-output overflow predicate.
    SoOverflowPredicate,
}

/// Shader stages that can be created (`Create*Shader`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShaderStage {
    /// Vertex shader.
    Vertex,
    /// Hull shader (11_0+).
    Hull,
    /// Domain shader (11_0+).
    Domain,
    /// Geometry shader (10_0+).
    Geometry,
    /// Pixel shader.
    Pixel,
    /// Compute shader.
    Compute,
}

/// Which mips and array slices a view selects (the common part of every `D3D11_*_VIEW_DESC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubresourceRange {
    /// First (most detailed) mip in the view.
    pub most_detailed_mip: u32,
    /// Mip count; `u32::MAX` (D3D's −1) means "to the last mip".
    pub mip_levels: u32,
    /// First array slice (or first W slice for a 3D RTV).
    pub first_array_slice: u32,
    /// Slice count; `u32::MAX` means "to the last slice".
    pub array_size: u32,
}

impl SubresourceRange {
    /// Every mip and slice of the resource.
    pub const ALL: Self = Self {
        most_detailed_mip: 0,
        mip_levels: u32::MAX,
        first_array_slice: 0,
        array_size: u32::MAX,
    };

    /// One mip of every slice, as RTVs, DSVs and UAVs select.
    pub const fn mip(mip: u32) -> Self {
        Self {
            most_detailed_mip: mip,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: u32::MAX,
        }
    }
}

/// How a view interprets its resource (`D3D11_SRV_DIMENSION` and friends, collapsed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ViewDimension {
    /// A range of buffer elements.
    Buffer,
    /// Texture1D.
    Texture1D,
    /// Texture1D array.
    Texture1DArray,
    /// Texture2D.
    Texture2D,
    /// Texture2D array.
    Texture2DArray,
    /// Multisampled Texture2D.
    Texture2DMs,
    /// Multisampled Texture2D array.
    Texture2DMsArray,
    /// Texture3D.
    Texture3D,
    /// Cube (6 faces).
    TextureCube,
    /// Cube array (6·n faces).
    TextureCubeArray,
}

/// A view descriptor for SRVs, RTVs, DSVs and UAVs (`D3D11_*_VIEW_DESC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewDesc {
    /// Format of the view; must be castable from the resource's (TYPELESS rule).
    pub format: Format,
    /// How the resource is seen.
    pub dimension: ViewDimension,
    /// Selected mips and slices (for buffers: `first_array_slice` = first element,
    /// `array_size` = element count).
    pub range: SubresourceRange,
}
