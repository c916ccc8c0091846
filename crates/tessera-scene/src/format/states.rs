//! Named pipeline states: rasterizer, depth-stencil, blend and sampler. Every field is optional
//! and an omitted one takes its Direct3D 11 default.

use serde::Deserialize;

use super::names::{AddressName, BlendName, BlendOpName, CullName, FillName, FilterName};
use super::names::{FuncName, StencilOpName};

/// Rasterizer state; omitted fields take `D3D11_RASTERIZER_DESC` defaults.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(
    missing_docs,
    reason = "the fields are the D3D11 state-desc members, snake_case"
)]
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
#[expect(
    missing_docs,
    reason = "the fields are the D3D11 state-desc members, snake_case"
)]
pub struct StencilFaceSpec {
    pub fail_op: Option<StencilOpName>,
    pub depth_fail_op: Option<StencilOpName>,
    pub pass_op: Option<StencilOpName>,
    pub func: Option<FuncName>,
}

/// Depth-stencil state; omitted fields take `D3D11_DEPTH_STENCIL_DESC` defaults.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(
    missing_docs,
    reason = "the fields are the D3D11 state-desc members, snake_case"
)]
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
#[expect(
    missing_docs,
    reason = "the fields are the D3D11 state-desc members, snake_case"
)]
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
#[expect(
    missing_docs,
    reason = "the fields are the D3D11 state-desc members, snake_case"
)]
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
#[expect(
    missing_docs,
    reason = "the fields are the D3D11 state-desc members, snake_case"
)]
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
