//! The state a draw executes with: everything the D3D context has bound, borrowed.

use tessera_format::{Format, SurfaceMut};
use tessera_sampler::Lanes;
use tessera_types::{
    BlendDesc, DepthStencilDesc, PrimitiveTopology, RasterizerDesc, Rect, SamplePair, Viewport,
};

use crate::env::ShaderEnv;
use crate::layout::InputLayout;
use crate::shader::{PixelShader, UavLock, VertexShader};

/// A vertex buffer bound to an input slot (`IASetVertexBuffers`).
#[derive(Clone, Copy, Debug, Default)]
pub struct VertexBufferBinding<'a> {
    /// The buffer's bytes (the whole buffer: reads past its end return D3D's defaults).
    pub data: &'a [u8],
    /// Bytes between consecutive vertices.
    pub stride: u32,
    /// Byte offset of vertex 0.
    pub offset: u32,
}

/// The bound index buffer (`IASetIndexBuffer`).
#[derive(Clone, Copy, Debug)]
pub struct IndexBufferBinding<'a> {
    /// The buffer's bytes.
    pub data: &'a [u8],
    /// `R16_UINT` or `R32_UINT`.
    pub format: Format,
    /// Byte offset of index 0.
    pub offset: u32,
}

/// One of the D3D draw calls with its arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawArgs {
    /// `DrawInstanced` (plain `Draw` is one instance from 0).
    Vertices {
        /// Vertices per instance.
        vertex_count: u32,
        /// First vertex.
        start_vertex: u32,
        /// Instances.
        instance_count: u32,
        /// First instance.
        start_instance: u32,
    },
    /// `DrawIndexedInstanced` (plain `DrawIndexed` is one instance from 0).
    Indexed {
        /// Indices per instance.
        index_count: u32,
        /// First index.
        start_index: u32,
        /// Added to each index before fetching vertices.
        base_vertex: i32,
        /// Instances.
        instance_count: u32,
        /// First instance.
        start_instance: u32,
    },
}

/// The output-merger targets of a draw: mip/slice surfaces of the bound views.
#[derive(Default)]
pub struct Targets<'a> {
    /// Render targets by slot.
    pub colors: Vec<Option<SurfaceMut<'a>>>,
    /// The depth-stencil surface.
    pub depth_stencil: Option<SurfaceMut<'a>>,
    /// The DSV forbids depth writes (`D3D11_DSV_READ_ONLY_DEPTH`).
    pub read_only_depth: bool,
    /// The DSV forbids stencil writes (`D3D11_DSV_READ_ONLY_STENCIL`).
    pub read_only_stencil: bool,
    /// The targets' sample pattern: offsets `[x, y]` from the pixel centre in 1/16 pixel, +y
    /// down, in sample order (SPEC §3.8; `tessera_caps::standard_sample_positions`). Empty or
    /// one entry: single-sample. With `n > 1` entries every target surface holds `n` sample
    /// planes (`tessera_format::sample_planes`), coverage and depth are found per sample, the
    /// pixel shader runs once per pixel at its centre and each covered sample is blended and
    /// written.
    pub sample_positions: &'a [[i8; 2]],
}

/// Everything a draw reads besides its targets.
pub struct DrawState<'a> {
    /// Primitive topology.
    pub topology: PrimitiveTopology,
    /// The resolved input layout.
    pub input_layout: &'a InputLayout,
    /// Vertex buffers by slot.
    pub vertex_buffers: &'a [VertexBufferBinding<'a>],
    /// The index buffer for indexed draws.
    pub index_buffer: Option<IndexBufferBinding<'a>>,
    /// The vertex shader.
    pub vertex_shader: &'a dyn VertexShader,
    /// The pixel shader (`None`: depth/stencil only).
    pub pixel_shader: Option<&'a dyn PixelShader>,
    /// Vertex-stage bindings.
    pub vs_env: &'a ShaderEnv<'a>,
    /// Pixel-stage bindings.
    pub ps_env: &'a ShaderEnv<'a>,
    /// Rasterizer state.
    pub rasterizer: RasterizerDesc,
    /// Depth-stencil state.
    pub depth_stencil: DepthStencilDesc,
    /// Stencil reference value.
    pub stencil_ref: u8,
    /// Blend state.
    pub blend: BlendDesc,
    /// Blend factor for `BLEND_FACTOR` / `INV_BLEND_FACTOR`.
    pub blend_factor: [f32; 4],
    /// Sample mask: bit `i` gates sample `i` (SPEC §5.3; bit 0 gates single-sample targets).
    pub sample_mask: u32,
    /// Viewports (index 0 is used without a geometry shader).
    pub viewports: &'a [Viewport],
    /// Scissor rectangles.
    pub scissors: &'a [Rect],
    /// The texture–sampler pairs whose texture repeat the draw measures (`crate::report`):
    /// the facade passes the pixel shader's declared pairs at 9_x; empty (10_0+) measures
    /// nothing and costs nothing.
    pub repeat_probes: &'a [SamplePair],
    /// The UAVs of the output merger (`OMSetRenderTargetsAndUnorderedAccessViews`) that the
    /// pixel shader reads and writes (a `Mutex<PixelUavs>`): `Some` runs the pixel stage serially in a fixed order
    /// (`schedule::raster_serial`); `None` for a pixel shader without UAVs.
    pub ps_uavs: Option<&'a (dyn UavLock + 'a)>,
    /// The SIMD path of the draw's hot loops (`docs/simd.md`): the device's, chosen once;
    /// every path gives the same bytes.
    pub simd: Lanes,
}

/// Counters a draw reports (a subset of `D3D11_QUERY_DATA_PIPELINE_STATISTICS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawStats {
    /// Vertices the vertex shader ran for.
    pub vs_invocations: u64,
    /// Primitives assembled.
    pub ia_primitives: u64,
    /// Primitives sent to the rasterizer after clipping and culling.
    pub c_primitives: u64,
    /// Pixel-shader lanes run, helpers included.
    pub ps_invocations: u64,
    /// Samples that passed depth and stencil (occlusion query).
    pub samples_passed: u64,
    /// Work the coarse depth test dropped: small triangles (counted per band they reach)
    /// before their coverage was found, and pieces of large triangles' fully covered runs
    /// (up to 64×2 pixels). Not a D3D statistic: it shows the test at work.
    pub coarse_rejected: u64,
    /// What the info queue reports: texture repeat (9_x), out-of-bounds index fetches.
    pub report: DrawReport,
}

/// The largest texture repeat of a draw and where it was first reached (measured by
/// `crate::report`, whose doc gives the rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureRepeat {
    /// The span's `f32` bits (non-negative, +inf for NaN/inf): ordered as integers, and `Eq`.
    pub(crate) span_bits: u32,
    /// SRV slot of the probe (declared texture) that reached it.
    pub texture: u32,
    /// Instance (0-based within the draw) of the primitive.
    pub instance: u32,
    /// `SV_PrimitiveID` of the primitive within its instance.
    pub primitive: u32,
}

impl TextureRepeat {
    /// The span in normalized texture units (+inf for a NaN or infinite coordinate).
    pub fn span(&self) -> f32 {
        f32::from_bits(self.span_bits)
    }

    /// True when the span is over `limit` (caps.toml `max_texture_repeat`: "≤ limit" is allowed).
    pub fn exceeds(&self, limit: u32) -> bool {
        self.span() > limit as f32
    }

    /// Keeps the larger span; on a tie the earlier (instance, primitive), then lower slot.
    /// Commutative and associative, so the merge order does not matter.
    pub(crate) fn merge(a: Option<Self>, b: Option<Self>) -> Option<Self> {
        match (a, b) {
            (Some(a), Some(b)) => {
                let key = |r: &Self| (std::cmp::Reverse(r.span_bits), r.instance, r.primitive);
                Some(if key(&b) < key(&a) { b } else { a })
            }
            (a, b) => a.or(b),
        }
    }
}

/// Report of one draw, carried by `DrawStats::report` (not a D3D statistic).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawReport {
    /// The largest texture repeat over the measured primitives; `None` when not measured
    /// (no probes) or no primitive reached the rasterizer.
    pub texture_repeat: Option<TextureRepeat>,
    /// Index fetches past the end of the index buffer (each reads 0, D3D11.3 §8.4), over
    /// every instance.
    pub index_fetches_out_of_bounds: u64,
}
