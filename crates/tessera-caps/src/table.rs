//! The parsed caps.toml: the whole file ([`CapsFile`]: `[meta]`, the levels, the D3D9 floor,
//! the 10Level9 rules), parsed once, and the per-level [`Limits`] lookup.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::FeatureLevel;
use crate::d3d9::{D3d9Caps, TenLevel9};
use crate::limits::Limits;

/// The caps.toml text the crate was built with (copied from `shared/spec/caps.toml`).
pub const CAPS_TOML: &str = include_str!("../data/caps.toml");

/// caps.toml as a whole (SPEC §1, §2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapsFile {
    /// Level-independent constants (§1.3).
    pub meta: Meta,
    /// Per-level limits keyed by level name ("9_1" …) (§1.2).
    pub levels: BTreeMap<String, Limits>,
    /// D3D9 capability floor behind 9_x, keyed by level name (§1.4).
    pub d3d9_caps: BTreeMap<String, D3d9Caps>,
    /// 10Level9 per-method rules (§2); enforced as code in `validate/`.
    pub tenlevel9: TenLevel9,
}

/// caps.toml `[meta]`: constants shared by every level (SPEC §1.1, §1.3, §3.3, §3.8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// Level names, lowest first (§1.1).
    pub levels: Vec<String>,
    /// `D3D_FEATURE_LEVEL` values by level name (§1.1).
    pub enum_value: BTreeMap<String, u32>,
    /// Tile size in bytes (§1.3, §6).
    pub tile_size_bytes: u32,
    /// Fractional bits of rasterizer x/y fixed point (16.8) (§3.3).
    pub subpixel_fraction_bits: u32,
    /// Fractional bits of texel addressing (§4.6).
    pub subtexel_fraction_bits: u32,
    /// Integer bits of the mip LOD (§4.6).
    pub mip_lod_integer_bits: u32,
    /// Fractional bits of the mip LOD (§4.6).
    pub mip_lod_fraction_bits: u32,
    /// Lowest sampler MipLODBias (§1.3, §4.1).
    pub mip_lod_bias_min: f64,
    /// Highest sampler MipLODBias (§1.3, §4.1).
    pub mip_lod_bias_max: f64,
    /// Lowest viewport coordinate (§1.3, §3.2).
    pub viewport_bounds_min: i32,
    /// Highest viewport coordinate (§1.3, §3.2).
    pub viewport_bounds_max: i32,
    /// Largest position magnitude kept finite through clip/divide/scale (§3.2).
    pub max_position_value: f64,
    /// Largest queryable MSAA sample count (§1.3).
    pub max_multisample_sample_count: u32,
    /// Unique state objects per kind per device (§1.3).
    pub state_objects_per_kind_max: u32,
    /// Standard sample positions in 1/16 pixel, by sample count (§3.8).
    pub standard_sample_positions_1_16th: BTreeMap<String, Vec<[i32; 2]>>,
    /// `D3D11_STANDARD_MULTISAMPLE_PATTERN` quality value (§3.8).
    pub standard_multisample_pattern: u32,
    /// `D3D11_CENTER_MULTISAMPLE_PATTERN` quality value (§3.8).
    pub center_multisample_pattern: u32,
}

impl Limits {
    /// The limits of `level`, parsed once from the crate's caps.toml (SPEC §1.2).
    pub fn for_level(level: FeatureLevel) -> &'static Limits {
        &caps_file().1[level.index()]
    }
}

/// The parsed caps file and the ten levels in [`FeatureLevel::ALL`] order.
fn caps_file() -> &'static (CapsFile, Vec<Limits>) {
    static PARSED: OnceLock<(CapsFile, Vec<Limits>)> = OnceLock::new();
    PARSED.get_or_init(|| {
        // The data is compiled in and covered by tests; a parse failure is a build defect.
        let file: CapsFile = match toml::from_str(CAPS_TOML) {
            Ok(f) => f,
            Err(e) => unreachable!("data/caps.toml does not match Limits: {e}"),
        };
        let levels = FeatureLevel::ALL
            .iter()
            .map(|l| match file.levels.get(l.name()) {
                Some(limits) => limits.clone(),
                None => unreachable!("data/caps.toml lacks level {l}"),
            })
            .collect();
        (file, levels)
    })
}

/// The whole typed caps.toml (meta constants, levels, D3D9 caps floor, 10Level9 rules) (SPEC §1, §2).
pub fn caps_table() -> &'static CapsFile {
    &caps_file().0
}

/// The `[d3d9_caps."X"]` floor of a 9_x level, or `None` at 10_0+ (SPEC §1.4).
pub fn d3d9_caps(level: FeatureLevel) -> Option<&'static D3d9Caps> {
    caps_table().d3d9_caps.get(level.name())
}
