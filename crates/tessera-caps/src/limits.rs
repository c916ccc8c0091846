//! Per-level limits: caps.toml `[levels."X"]` deserialized into one typed struct (SPEC §1.2, §1.3, §2).
//!
//! The crate owns a copy of caps.toml (`data/caps.toml`); every key is a field (serde
//! `deny_unknown_fields`), and tests prove the copy equals `shared/spec/caps.toml` and that every
//! raw key round-trips to the same value.

use serde::{Deserialize, Serialize};
use tessera_format::Format;

use crate::values::{CountOrNote, DrawKind, NonPow2, Support, Tier, format_list};

/// Every limit and flag of one feature level, field for field as caps.toml `[levels."X"]` (SPEC §1.2).
///
/// `Option` fields are keys the table gives only for some levels (e.g. the 9_x per-stage slot
/// counts vs the 10_0+ `*_per_stage` counts); use the accessor methods for a level-independent answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// 12_2 only: which API exposes the level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api: Option<String>,
    /// Shader model as the table words it (§1.2 "Shader model").
    pub shader_model: String,
    /// 9_x: accepted vertex-shader profiles (§2.1 CreateVertexShader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vs_profiles: Option<Vec<String>>,
    /// 9_x: accepted pixel-shader profiles (§2.1 CreatePixelShader).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ps_profiles: Option<Vec<String>>,
    /// 9_x: the D3D9 shader versions behind the profiles (§1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d3d9_shader_versions: Option<String>,
    /// Largest Texture1D width; 0 = CreateTexture1D unsupported (9_x, §2.1, §7.2).
    pub max_texture_1d_dimension: u32,
    /// Largest Texture2D width/height (§1.2; 9_x: `D3DCAPS9.MaxTextureWidth/Height`, §1.4).
    pub max_texture_2d_dimension: u32,
    /// Largest TextureCube face edge (§1.2).
    pub max_texture_cube_dimension: u32,
    /// Largest Texture3D extent on any axis (§1.2 note A; RefDev enforces this value; 9_x:
    /// `D3DCAPS9.MaxVolumeExtent` = 256, §1.4).
    pub max_texture_3d_dimension: u32,
    /// 9_2/9_3: the conflicting 512 of the 10Level9 CreateTexture3D page (§7.1; informative only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_texture_3d_dimension_alt: Option<u32>,
    /// Largest 1D/2D array size; 1 = no arrays (cubes: exactly 6 faces at 9_x) (§1.2, §1.3).
    pub max_texture_array_size: u32,
    /// 10_0+: most mip levels a texture may have (§1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_mip_levels: Option<u32>,
    /// Largest texture repeat across one primitive (§1.2, §2.2 Draw; 9_x: the
    /// `D3DCAPS9.MaxTextureRepeat` floor 128 / 2048 / 8192, §1.4).
    pub max_texture_repeat: u32,
    /// Largest sampler MaxAnisotropy (§1.2, §2.1 CreateSamplerState; 9_x: `D3DCAPS9.MaxAnisotropy`
    /// = 2 at 9_1, 16 at 9_2/9_3, §1.4).
    pub max_anisotropy: u32,
    /// Most primitives one draw may produce (§1.2, §2.2 Draw; 9_x: `D3DCAPS9.MaxPrimitiveCount`
    /// = 65535 at 9_1, 1048575 at 9_2/9_3, §1.4).
    pub max_primitive_count: u32,
    /// Largest index value a draw may use (§1.2, §2.2 DrawIndexed; 9_x: `D3DCAPS9.MaxVertexIndex`
    /// = 65534 at 9_1, 1048575 at 9_2/9_3, §1.4).
    pub max_vertex_index: u32,
    /// IA vertex-buffer input slots (§1.2).
    pub max_input_slots: u32,
    /// Simultaneous render targets (§1.2, §2.2 OMSetRenderTargets; 9_x:
    /// `D3DCAPS9.NumSimultaneousRTs` = 1 at 9_1/9_2, 4 at 9_3, §1.4).
    pub max_render_targets: u32,
    /// 9_3: all bound render targets must have the same bit depth (§2.2 OMSetRenderTargets).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mrt_same_bit_depth_required: Option<bool>,
    /// Index-buffer formats (§1.2, §2.2 IASetIndexBuffer).
    #[serde(with = "format_list")]
    pub index_formats: Vec<Format>,
    /// Viewports (§1.2, §1.3).
    pub max_viewports: u32,
    /// Scissor rectangles (§1.2, §1.3).
    pub max_scissor_rects: u32,
    /// 9_x: pixel-shader sampler slots (§2.2 PSSetSamplers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_ps_samplers: Option<u32>,
    /// 9_x: pixel-shader SRV slots (§2.2 PSSetShaderResources).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_ps_srvs: Option<u32>,
    /// 9_x: vertex-shader sampler slots (0: no vertex texture fetch, §2.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_vs_samplers: Option<u32>,
    /// 9_x: vertex-shader SRV slots (0, §2.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_vs_srvs: Option<u32>,
    /// 9_x: float4 constants a pixel shader may use in total (§2.2 PSSetConstantBuffers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_ps_constants: Option<u32>,
    /// 9_x: float4 constants a vertex shader may use in total (§2.2 VSSetConstantBuffers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_vs_constants: Option<u32>,
    /// 10_x/11_x: sampler slots per stage (§1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_samplers_per_stage: Option<u32>,
    /// 10_x/11_x: SRV slots per stage (§1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_srvs_per_stage: Option<u32>,
    /// 10_x/11_x: API-visible constant-buffer slots per stage (§1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_constant_buffers_per_stage: Option<u32>,
    /// Occlusion queries (§1.2, §2.1 CreateQuery; 9_2+: the D3D9 floor's non-zero occlusion count, §1.4).
    pub occlusion_queries: bool,
    /// 9_x: event queries (§2.1 CreateQuery; the D3D9 floor's always-TRUE event, §1.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_queries: Option<bool>,
    /// 9_x: timestamp queries, optional (RefDev: supported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp_queries: Option<Support>,
    /// Separate alpha blend factors/op (§1.2, §2.1 CreateBlendState; 9_x:
    /// `D3DPMISCCAPS_SEPARATEALPHABLEND` from 9_2, §1.4).
    pub separate_alpha_blend: bool,
    /// MIRROR_ONCE address mode (§1.2, §2.1 CreateSamplerState; 9_x: `D3DPTADDRESSCAPS_MIRRORONCE`
    /// from 9_2, §1.4).
    pub mirror_once: bool,
    /// BORDER address mode (§2.1 CreateSamplerState; 9_1/9_2 only via the shadow path, §4.9;
    /// 9_x: `D3DPTADDRESSCAPS_BORDER` from 9_3, §1.4).
    pub border_address_mode: bool,
    /// Vertex elements may overlap / share an offset (§1.2; 9_x:
    /// `D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET` from 9_2, §1.4).
    pub overlapping_vertex_elements: bool,
    /// Per-target colour write masks (§1.2, §2.1 CreateBlendState; 9_x:
    /// `D3DPMISCCAPS_INDEPENDENTWRITEMASKS` from 9_3, §1.4).
    pub independent_write_masks: bool,
    /// Instanced draws (§1.2; 9_3: DrawIndexedInstanced only).
    pub instancing: bool,
    /// 9_x: per-instance input elements (§2.1 CreateInputLayout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_instance_input_data: Option<bool>,
    /// Non-power-of-two texture rule (§1.2 note B).
    pub non_pow2_textures: NonPow2,
    /// Geometry shaders (§1.2, §2.1).
    pub geometry_shader: bool,
    /// Stream output (§1.2, §2.2 SOSetTargets).
    pub stream_output: bool,
    /// Hull + domain shaders (§1.2, §2.1).
    pub hull_domain_shaders: bool,
    /// Compute shaders (10_x: optional cs_4_x; RefDev: supported).
    pub compute_shader: Support,
    /// UAV slots (12_2: set by the resource binding tier) (§1.2).
    pub uav_slots: CountOrNote,
    /// 10_0+: UAVs bindable at every stage (§1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub uavs_all_stages: Option<bool>,
    /// Texture1D/2D arrays (§1.2).
    pub texture_arrays: bool,
    /// TextureCube arrays (§1.2).
    pub cube_arrays: bool,
    /// BC1–BC3 formats (§1.2).
    pub bc1_bc3: bool,
    /// BC4/BC5 formats (§1.2).
    pub bc4_bc5: bool,
    /// BC6H/BC7 formats (§1.2).
    pub bc6h_bc7: bool,
    /// Alpha-to-coverage (§1.2, §2.1 CreateBlendState).
    pub alpha_to_coverage: bool,
    /// Extended formats such as BGRA (§1.2; 10_x optional, RefDev: yes).
    pub extended_formats_bgra: Support,
    /// 10-bit XR_BIAS format (§1.2).
    pub xr_bias_format: Support,
    /// Output-merger logic ops (§1.2; optional 10_0..11_0, RefDev: yes).
    pub logic_ops: Support,
    /// Target-independent rasterization, ForcedSampleCount > 1 (§1.2).
    pub target_independent_rasterization: bool,
    /// 10_x: ForcedSampleCount = 1 allowed (§1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_sample_count_1: Option<bool>,
    /// MRT with ForcedSampleCount = 1 (§1.2).
    pub mrt_forced_sample_count_1: Support,
    /// Largest ForcedSampleCount for UAV-only rendering (§1.2).
    pub max_forced_sample_count_uav_only: u32,
    /// Constant-buffer offsetting / partial updates (§1.2).
    pub cb_offsetting_partial_updates: Support,
    /// 16-bpp formats such as B5G6R5 (§1.2).
    pub formats_16bpp: Support,
    /// 11_0+: typed UAV loads, as prose (§1.2, §7.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typed_uav_loads: Option<String>,
    /// Tiled resources tier (§1.2, §6.11; optional at 11_x, see `CapsOptions`).
    pub tiled_resources_tier: Tier,
    /// Conservative rasterization tier (§1.2, §3.9).
    pub conservative_rasterization_tier: Tier,
    /// Rasterizer ordered views (§1.2).
    pub rasterizer_ordered_views: Support,
    /// Min/max reduction filters (§1.2, §6.11: exactly when tiled tier >= 2).
    pub min_max_filtering: Support,
    /// 11_0+: shader-specified stencil reference (§1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shader_specified_stencil_ref: Option<Support>,
    /// 11_0+: mapping DEFAULT buffers, as prose ("optional", "n/a") (§1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_default_buffer: Option<String>,
    /// 9_x: MSAA guarantees (none, §2.1 CheckMultisampleQualityLevels).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub msaa_guaranteed: Option<bool>,
    /// 9_x: DepthClipEnable must be TRUE (§2.1 CreateRasterizerState).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_clip_enable_required: Option<bool>,
    /// 9_x: DepthBiasClamp must be 0 (§2.1 CreateRasterizerState).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_bias_clamp_must_be_zero: Option<bool>,
    /// 9_x: sampler MinLOD must be integral (§2.1 CreateSamplerState).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampler_min_lod_integral: Option<bool>,
    /// 9_x: sampler MaxLOD must be FLT_MAX (§2.1 CreateSamplerState).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampler_max_lod_must_be_flt_max: Option<bool>,
    /// 9_x: allowed range of BorderColor components (§2.1 CreateSamplerState).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampler_border_color_range: Option<[f64; 2]>,
    /// 9_x: the only draw methods (§2.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_methods: Option<Vec<DrawKind>>,
    /// 9_x: indexed point lists (never, §2.2 DrawIndexed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indexed_point_lists: Option<bool>,
    /// 9_x: adjacency topologies (never, §2.2 IASetPrimitiveTopology).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjacency_topologies: Option<bool>,
    /// 10_0+: MSAA counts every renderable format must support (§1.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_msaa_counts: Option<Vec<u32>>,
    /// 10_1: independent blend (§1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub independent_blend: Option<bool>,
    /// 10_0+: DrawInstancedIndirect / DrawIndexedInstancedIndirect (§2.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_indirect: Option<bool>,
    /// 11_0+: D3D12 resource binding tier (minimum, §7.10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub d3d12_resource_binding_tier: Option<u32>,
    /// 12_0/12_1: GPU virtual-address bits (§1.2 footnote 10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_va_bits: Option<u32>,
    /// 12_2: raytracing tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raytracing_tier: Option<String>,
    /// 12_2: variable-rate shading tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable_rate_shading_tier: Option<u32>,
    /// 12_2: mesh shader tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mesh_shader_tier: Option<u32>,
    /// 12_2: sampler feedback tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampler_feedback_tier: Option<String>,
    /// 12_2: root signature version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root_signature_version: Option<String>,
    /// 12_2: depth-bounds test.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth_bounds_test: Option<bool>,
    /// 12_2: queues supporting WriteBufferImmediate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_buffer_immediate: Option<Vec<String>>,
    /// 12_2: GPU VA bits per resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_va_bits_per_resource: Option<u32>,
    /// 12_2: GPU VA bits per process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_va_bits_per_process: Option<u32>,
    /// 12_2: wave operations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wave_ops: Option<bool>,
    /// 12_2: OutputMergerLogicOp.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_merger_logic_op: Option<bool>,
    /// 12_2: VP/RT array index from any shader without GS emulation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vp_and_rt_array_index_from_any_shader_without_gs: Option<bool>,
    /// 12_2: copy-queue timestamp queries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy_queue_timestamp_queries: Option<bool>,
    /// 12_2: casting fully typed formats.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub casting_fully_typed_format: Option<bool>,
    /// 12_2: unaligned block-compressed textures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unaligned_block_textures: Option<bool>,
    /// 12_2: 64-bit integer shader ops.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub int64_shader_ops: Option<bool>,
}

/// Sampler slots per stage when the table gives none (12_x rows): the D3D10/11 constant 16 (§1.3).
pub const SAMPLER_SLOTS_PER_STAGE: u32 = 16;
/// SRV slots per stage when the table gives none: the D3D10/11 constant 128 (§1.3).
pub const SRV_SLOTS_PER_STAGE: u32 = 128;
/// API-visible constant-buffer slots per stage when the table gives none: 14 (§1.3).
pub const CONSTANT_BUFFER_SLOTS_PER_STAGE: u32 = 14;

impl Limits {
    /// Pixel-shader sampler slots: `max_ps_samplers` at 9_x, else per-stage (§1.3, §2.2).
    pub fn ps_sampler_slots(&self) -> u32 {
        self.max_ps_samplers
            .or(self.max_samplers_per_stage)
            .unwrap_or(SAMPLER_SLOTS_PER_STAGE)
    }

    /// Pixel-shader SRV slots: `max_ps_srvs` at 9_x, else per-stage (§1.3, §2.2).
    pub fn ps_srv_slots(&self) -> u32 {
        self.max_ps_srvs
            .or(self.max_srvs_per_stage)
            .unwrap_or(SRV_SLOTS_PER_STAGE)
    }

    /// Constant-buffer slots of a stage: `max_constant_buffers_per_stage`, else the D3D11 API
    /// count (§1.3; the 9_x runtime exposes the same 14 slots).
    pub fn constant_buffer_slots(&self) -> u32 {
        self.max_constant_buffers_per_stage
            .unwrap_or(CONSTANT_BUFFER_SLOTS_PER_STAGE)
    }

    /// Vertex-shader sampler slots: 0 at 9_x, else per-stage (§1.3, §2.2).
    pub fn vs_sampler_slots(&self) -> u32 {
        self.max_vs_samplers
            .or(self.max_samplers_per_stage)
            .unwrap_or(SAMPLER_SLOTS_PER_STAGE)
    }

    /// Vertex-shader SRV slots: 0 at 9_x, else per-stage (§1.3, §2.2).
    pub fn vs_srv_slots(&self) -> u32 {
        self.max_vs_srvs
            .or(self.max_srvs_per_stage)
            .unwrap_or(SRV_SLOTS_PER_STAGE)
    }

    /// Most mip levels: `max_mip_levels` at 10_0+, else a full chain of the largest 2D texture (§1.3).
    pub fn mip_level_limit(&self) -> u32 {
        self.max_mip_levels
            .unwrap_or(32 - self.max_texture_2d_dimension.max(1).leading_zeros())
    }

    /// `Some(NonPow2::Conditional)` when 9_x non-power-of-two rules apply, else `None` (SPEC §1.2 note B).
    pub fn nonpow2_conditional(&self) -> Option<NonPow2> {
        (self.non_pow2_textures == NonPow2::Conditional).then_some(NonPow2::Conditional)
    }

    /// UAV slot count (12_2 "tiered": 64 as at 12_1, the D3D11-visible count) (§1.2 footnote 9).
    pub fn uav_slot_count(&self) -> u32 {
        match self.uav_slots {
            CountOrNote::Count(n) => n,
            CountOrNote::Note(_) => 64,
        }
    }
}
