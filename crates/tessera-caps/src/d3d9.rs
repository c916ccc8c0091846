//! The non-level tables of caps.toml: `[meta]` constants, the `[d3d9_caps]` floor (SPEC §1.4)
//! and the `[[tenlevel9.rule]]` list (SPEC §2), typed so nothing is silently dropped.

use serde::{Deserialize, Serialize};

use crate::values::PerLevel;

/// One `[d3d9_caps."9_x"]` table: the D3DCAPS9 floor a 9_x level adds (SPEC §1.4; cumulative).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(
    missing_docs,
    reason = "field names are the D3DCAPS9 member names (SPEC §1.4)"
)]
pub struct D3d9Caps {
    #[serde(rename = "Caps2", default, skip_serializing_if = "Option::is_none")]
    pub caps2: Option<Vec<String>>,
    #[serde(rename = "DevCaps2", default, skip_serializing_if = "Option::is_none")]
    pub dev_caps2: Option<Vec<String>>,
    #[serde(
        rename = "PresentationIntervals",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub presentation_intervals: Option<Vec<String>>,
    #[serde(
        rename = "PrimitiveMiscCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub primitive_misc_caps: Option<Vec<String>>,
    #[serde(rename = "ShadeCaps", default, skip_serializing_if = "Option::is_none")]
    pub shade_caps: Option<Vec<String>>,
    #[serde(
        rename = "TextureFilterCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub texture_filter_caps: Option<Vec<String>>,
    #[serde(
        rename = "TextureCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub texture_caps: Option<Vec<String>>,
    #[serde(
        rename = "TextureAddressCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub texture_address_caps: Option<Vec<String>>,
    #[serde(
        rename = "VolumeTextureAddressCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub volume_texture_address_caps: Option<Vec<String>>,
    #[serde(
        rename = "TextureOpCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub texture_op_caps: Option<Vec<String>>,
    #[serde(
        rename = "SrcBlendCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub src_blend_caps: Option<Vec<String>>,
    #[serde(
        rename = "DestBlendCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub dest_blend_caps: Option<Vec<String>>,
    #[serde(
        rename = "StretchRectFilterCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub stretch_rect_filter_caps: Option<Vec<String>>,
    #[serde(rename = "ZCmpCaps", default, skip_serializing_if = "Option::is_none")]
    pub z_cmp_caps: Option<Vec<String>>,
    #[serde(
        rename = "RasterCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub raster_caps: Option<Vec<String>>,
    #[serde(
        rename = "StencilCaps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub stencil_caps: Option<Vec<String>>,
    #[serde(rename = "PS20Caps", default, skip_serializing_if = "Option::is_none")]
    pub ps20_caps: Option<Vec<String>>,
    #[serde(
        rename = "MaxTextureWidth",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_texture_width: Option<u32>,
    #[serde(
        rename = "MaxTextureHeight",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_texture_height: Option<u32>,
    #[serde(
        rename = "NumSimultaneousRTs",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub num_simultaneous_rts: Option<u32>,
    #[serde(
        rename = "MaxSimultaneousTextures",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_simultaneous_textures: Option<u32>,
    #[serde(
        rename = "MaxTextureBlendStages",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_texture_blend_stages: Option<u32>,
    #[serde(
        rename = "PixelShaderVersion",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub pixel_shader_version: Option<String>,
    #[serde(
        rename = "VertexShaderVersion",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub vertex_shader_version: Option<String>,
    #[serde(
        rename = "MaxPrimitiveCount",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_primitive_count: Option<u32>,
    #[serde(
        rename = "MaxVertexIndex",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_vertex_index: Option<u32>,
    #[serde(
        rename = "MaxVolumeExtent",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_volume_extent: Option<u32>,
    #[serde(
        rename = "MaxTextureRepeat",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_texture_repeat: Option<String>,
    #[serde(
        rename = "MaxAnisotropy",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_anisotropy: Option<u32>,
    #[serde(
        rename = "MaxVertexW",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_vertex_w: Option<f64>,
    #[serde(
        rename = "PS20Caps_NumInstructionSlots",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub ps20_num_instruction_slots: Option<u32>,
    #[serde(
        rename = "PS20Caps_NumTemps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub ps20_num_temps: Option<u32>,
    #[serde(
        rename = "VS20Caps_NumTemps",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub vs20_num_temps: Option<u32>,
    #[serde(
        rename = "MaxVertexShaderConst",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub max_vertex_shader_const: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_query_always_true: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occlusion_query_nonzero: Option<bool>,
}

/// caps.toml `[tenlevel9]` (SPEC §2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TenLevel9 {
    /// The per-method rules, in table order.
    pub rule: Vec<TenLevel9Rule>,
}

/// One `[[tenlevel9.rule]]`: a method, the levels it applies to and what it checks (SPEC §2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(missing_docs, reason = "field names are the caps.toml keys (SPEC §2)")]
pub struct TenLevel9Rule {
    pub method: String,
    pub levels: Vec<String>,
    /// "unsupported" | "limit" | "validation" | "note".
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checks: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub index_formats: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profiles: Option<PerLevel<Vec<String>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supported: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_dimension: Option<PerLevel<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_primitives: Option<PerLevel<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_texture_repeat: Option<PerLevel<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_index_value: Option<PerLevel<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indexed_point_lists: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_render_targets: Option<PerLevel<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_shader_constants: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_samplers: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_srvs: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rects: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_viewports: Option<u32>,
}
