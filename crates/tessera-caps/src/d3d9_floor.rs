//! [`D3d9Floor`]: the cumulative D3DCAPS9 floor behind a 9_x level (SPEC §1.4), built once from
//! caps.toml `[d3d9_caps."9_x"]` (each level merged onto the ones below it) plus the per-level
//! numbers of `[levels."9_x"]`.

use std::sync::OnceLock;

use serde::Serialize;

use crate::FeatureLevel;
use crate::d3d9::D3d9Caps;
use crate::limits::Limits;
use crate::table::caps_table;

/// The D3DCAPS9 capabilities a 9_x device must at least have, cumulative: 9_2 includes every
/// flag of 9_1, 9_3 both (SPEC §1.4 "each later level adds to the earlier ones").
///
/// Serialized keys are the caps.toml keys, i.e. the D3DCAPS9 member names ("MaxTextureWidth",
/// "TextureCaps"); flag groups are lists of caps.toml's flag names without the D3D9 prefix
/// ("ALPHA" is `D3DPTEXTURECAPS_ALPHA`), in caps.toml order, lower levels first, no duplicates.
/// `None` numbers are members §1.4 gives no floor for at this level (JSON `null`).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct D3d9Floor {
    /// `Caps2` (9_1: DYNAMICTEXTURES, FULLSCREENGAMMA).
    pub caps2: Vec<String>,
    /// `DevCaps2` (9_2: vertex elements may share a stream offset).
    pub dev_caps2: Vec<String>,
    /// `PresentationIntervals` (9_1: IMMEDIATE, ONE).
    pub presentation_intervals: Vec<String>,
    /// `PrimitiveMiscCaps` (9_1 colour write enable, 9_2 separate alpha blend, 9_3 independent
    /// write masks and MRT post-PS blending).
    pub primitive_misc_caps: Vec<String>,
    /// `ShadeCaps` (9_1: Gouraud shading).
    pub shade_caps: Vec<String>,
    /// `TextureFilterCaps` (9_1: min/mag point and linear).
    pub texture_filter_caps: Vec<String>,
    /// `TextureCaps` (9_1: ALPHA, CUBEMAP, MIPMAP, PERSPECTIVE).
    pub texture_caps: Vec<String>,
    /// TextureCaps flags a device has both of or neither (SPEC §1.4: NONPOW2CONDITIONAL and POW2).
    #[serde(rename = "TextureCaps_BothOrNeither")]
    pub texture_caps_both_or_neither: Vec<String>,
    /// `TextureAddressCaps` (9_1 CLAMP/INDEPENDENTUV/MIRROR/WRAP, 9_2 MIRRORONCE, 9_3 BORDER).
    pub texture_address_caps: Vec<String>,
    /// `VolumeTextureAddressCaps` (9_2: MIRRORONCE; §1.4 names nothing at 9_1).
    pub volume_texture_address_caps: Vec<String>,
    /// `TextureOpCaps` (9_1: DISABLE, MODULATE, SELECTARG1/2).
    pub texture_op_caps: Vec<String>,
    /// `SrcBlendCaps` (9_1).
    pub src_blend_caps: Vec<String>,
    /// `DestBlendCaps` (9_1).
    pub dest_blend_caps: Vec<String>,
    /// `StretchRectFilterCaps` (9_1: point and linear).
    pub stretch_rect_filter_caps: Vec<String>,
    /// `ZCmpCaps` (9_1: ALWAYS, LESSEQUAL).
    pub z_cmp_caps: Vec<String>,
    /// `RasterCaps` (9_1: depth bias and slope-scaled depth bias).
    pub raster_caps: Vec<String>,
    /// `StencilCaps` (9_1: two-sided stencil).
    pub stencil_caps: Vec<String>,
    /// `PS20Caps` (9_3: gradient instructions).
    #[serde(rename = "PS20Caps")]
    pub ps20_caps: Vec<String>,
    /// `MaxTextureWidth` (2048; 9_3: 4096).
    pub max_texture_width: u32,
    /// `MaxTextureHeight` (2048; 9_3: 4096).
    pub max_texture_height: u32,
    /// `NumSimultaneousRTs` (1; 9_3: 4).
    #[serde(rename = "NumSimultaneousRTs")]
    pub num_simultaneous_rts: u32,
    /// `MaxSimultaneousTextures` (8).
    pub max_simultaneous_textures: u32,
    /// `MaxTextureBlendStages` (8).
    pub max_texture_blend_stages: u32,
    /// `PixelShaderVersion` ("2.0"): §1.4 adds no version at 9_2/9_3, only the 2_b profile
    /// ([`Self::pixel_shader_profile`]).
    pub pixel_shader_version: String,
    /// `VertexShaderVersion` ("2.0" from 9_2, "3.0" reported at 9_3); `None` at 9_1, where
    /// §1.4 requires none (the 10Level9 vs_2_0 profile is in [`Self::vertex_shader_profile`]).
    pub vertex_shader_version: Option<String>,
    /// The D3D9 pixel-shader profile behind the level (caps.toml `d3d9_shader_versions`).
    pub pixel_shader_profile: Option<String>,
    /// The D3D9 vertex-shader profile behind the level (caps.toml `d3d9_shader_versions`).
    pub vertex_shader_profile: Option<String>,
    /// `MaxPrimitiveCount` (65535; 9_2+: 1048575).
    pub max_primitive_count: u32,
    /// `MaxVertexIndex` (65534; 9_2+: 1048575).
    pub max_vertex_index: u32,
    /// `MaxVolumeExtent` (256).
    pub max_volume_extent: u32,
    /// `MaxTextureRepeat` floor: 128 / 2048 / 8192 (§1.4 "0 or >= N"; 0 means unlimited and
    /// also meets the floor).
    pub max_texture_repeat: u32,
    /// `MaxAnisotropy` (2; 9_2+: 16).
    pub max_anisotropy: u32,
    /// `MaxVertexW` (0; 9_2+: 1e10).
    pub max_vertex_w: f64,
    /// `PS20Caps.NumInstructionSlots` (9_3: 512, ps_2_b).
    #[serde(rename = "PS20Caps_NumInstructionSlots")]
    pub ps20_num_instruction_slots: Option<u32>,
    /// `PS20Caps.NumTemps` (9_3: 32).
    #[serde(rename = "PS20Caps_NumTemps")]
    pub ps20_num_temps: Option<u32>,
    /// `VS20Caps.NumTemps` (9_3: 32, vs_2_a).
    #[serde(rename = "VS20Caps_NumTemps")]
    pub vs20_num_temps: Option<u32>,
    /// `MaxVertexShaderConst` (9_3: 256).
    pub max_vertex_shader_const: Option<u32>,
    /// Event queries always report TRUE (9_1+).
    #[serde(rename = "event_query_always_true")]
    pub event_query_always_true: bool,
    /// Occlusion queries always return a non-zero count (9_2+).
    #[serde(rename = "occlusion_query_nonzero")]
    pub occlusion_query_nonzero: bool,
}

/// Appends the flags of `add` not yet in `acc`, keeping first-seen order (cumulative, §1.4).
fn merge(acc: &mut Vec<String>, add: Option<&Vec<String>>) {
    for flag in add.into_iter().flatten() {
        if !acc.contains(flag) {
            acc.push(flag.clone());
        }
    }
}

/// Takes `value` where the higher level's table gives one (a later level raises the floor).
fn raise<T: Clone>(acc: &mut T, value: Option<&T>) {
    if let Some(v) = value {
        acc.clone_from(v);
    }
}

impl D3d9Floor {
    /// Adds one level's `[d3d9_caps]` table onto the floor of the levels below (SPEC §1.4).
    fn add(&mut self, c: &D3d9Caps) {
        merge(&mut self.caps2, c.caps2.as_ref());
        merge(&mut self.dev_caps2, c.dev_caps2.as_ref());
        merge(
            &mut self.presentation_intervals,
            c.presentation_intervals.as_ref(),
        );
        merge(
            &mut self.primitive_misc_caps,
            c.primitive_misc_caps.as_ref(),
        );
        merge(&mut self.shade_caps, c.shade_caps.as_ref());
        merge(
            &mut self.texture_filter_caps,
            c.texture_filter_caps.as_ref(),
        );
        merge(&mut self.texture_caps, c.texture_caps.as_ref());
        merge(
            &mut self.texture_address_caps,
            c.texture_address_caps.as_ref(),
        );
        merge(
            &mut self.volume_texture_address_caps,
            c.volume_texture_address_caps.as_ref(),
        );
        merge(&mut self.texture_op_caps, c.texture_op_caps.as_ref());
        merge(&mut self.src_blend_caps, c.src_blend_caps.as_ref());
        merge(&mut self.dest_blend_caps, c.dest_blend_caps.as_ref());
        merge(
            &mut self.stretch_rect_filter_caps,
            c.stretch_rect_filter_caps.as_ref(),
        );
        merge(&mut self.z_cmp_caps, c.z_cmp_caps.as_ref());
        merge(&mut self.raster_caps, c.raster_caps.as_ref());
        merge(&mut self.stencil_caps, c.stencil_caps.as_ref());
        merge(&mut self.ps20_caps, c.ps20_caps.as_ref());
        raise(&mut self.max_texture_width, c.max_texture_width.as_ref());
        raise(&mut self.max_texture_height, c.max_texture_height.as_ref());
        raise(
            &mut self.num_simultaneous_rts,
            c.num_simultaneous_rts.as_ref(),
        );
        raise(
            &mut self.max_simultaneous_textures,
            c.max_simultaneous_textures.as_ref(),
        );
        raise(
            &mut self.max_texture_blend_stages,
            c.max_texture_blend_stages.as_ref(),
        );
        raise(
            &mut self.pixel_shader_version,
            c.pixel_shader_version.as_ref(),
        );
        if let Some(v) = &c.vertex_shader_version {
            self.vertex_shader_version = Some(v.clone());
        }
        raise(
            &mut self.max_primitive_count,
            c.max_primitive_count.as_ref(),
        );
        raise(&mut self.max_vertex_index, c.max_vertex_index.as_ref());
        raise(&mut self.max_volume_extent, c.max_volume_extent.as_ref());
        raise(&mut self.max_anisotropy, c.max_anisotropy.as_ref());
        raise(&mut self.max_vertex_w, c.max_vertex_w.as_ref());
        self.ps20_num_instruction_slots = c
            .ps20_num_instruction_slots
            .or(self.ps20_num_instruction_slots);
        self.ps20_num_temps = c.ps20_num_temps.or(self.ps20_num_temps);
        self.vs20_num_temps = c.vs20_num_temps.or(self.vs20_num_temps);
        self.max_vertex_shader_const = c.max_vertex_shader_const.or(self.max_vertex_shader_const);
        raise(
            &mut self.event_query_always_true,
            c.event_query_always_true.as_ref(),
        );
        raise(
            &mut self.occlusion_query_nonzero,
            c.occlusion_query_nonzero.as_ref(),
        );
    }

    /// The cumulative floor of a 9_x `level` (SPEC §1.4); `None` at 10_0+.
    fn build(level: FeatureLevel) -> Option<Self> {
        if !level.is_9_x() {
            return None;
        }
        let mut floor = Self::default();
        for below in FeatureLevel::ALL.into_iter().filter(|l| *l <= level) {
            if let Some(table) = caps_table().d3d9_caps.get(below.name()) {
                floor.add(table);
            }
        }
        let limits = Limits::for_level(level);
        // caps.toml words MaxTextureRepeat as prose ("0 or >= 128"); the number is the level's
        // `max_texture_repeat` (tests prove the two agree).
        floor.max_texture_repeat = limits.max_texture_repeat;
        // caps.toml `[d3d9_caps]` keeps the "both or neither" pair in a comment only (§1.4).
        floor.texture_caps_both_or_neither = vec!["NONPOW2CONDITIONAL".into(), "POW2".into()];
        // "vs_2_a / ps_2_x(2_b)": §1.4 "PS 2_b", "VS 2_a" (caps.toml `d3d9_shader_versions`).
        if let Some((vs, ps)) = limits
            .d3d9_shader_versions
            .as_deref()
            .and_then(|v| v.split_once(" / "))
        {
            floor.vertex_shader_profile = Some(vs.to_owned());
            floor.pixel_shader_profile = Some(ps.to_owned());
        }
        Some(floor)
    }
}

/// The cumulative D3DCAPS9 floor behind a 9_x `level`, built once; `None` at 10_0+ (SPEC §1.4).
pub fn d3d9_floor(level: FeatureLevel) -> Option<&'static D3d9Floor> {
    static FLOORS: OnceLock<Vec<Option<D3d9Floor>>> = OnceLock::new();
    FLOORS
        .get_or_init(|| {
            FeatureLevel::ALL
                .into_iter()
                .map(D3d9Floor::build)
                .collect()
        })
        .get(level.index())
        .and_then(Option::as_ref)
}
