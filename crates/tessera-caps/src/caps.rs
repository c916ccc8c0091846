//! `Caps`: a device's feature level plus its optional-feature answers (SPEC §1.2, §6.11).

use tessera_format::Format;

use crate::FeatureLevel;
use crate::d3d9_floor::{D3d9Floor, d3d9_floor};
use crate::error::CapsError;
use crate::format_support::{FormatSupport, format_support};
use crate::limits::Limits;
use crate::values::{Support, Tier};

/// Device-creation options: the answers a device gives where the level leaves a choice (SPEC §1.2 "optional").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CapsOptions {
    /// The tiled-resources tier the device emulates and reports as `TiledResourcesTier`
    /// (SPEC §6.11): `None` = the RefDev default, the highest tier the level allows (the lowest
    /// with [`CapsOptions::minimal_optional_features`]), so a test can check an application
    /// against Tier 1 hardware with `Some(1)`. Tile pools, tiled resources and every tiled call
    /// follow that tier's rules; `Some(0)` (where the level allows it) turns them off. Refused
    /// outside the level's range (Tier 1 needs 11_0, Tier 2/3 need 11_1, 12_x needs 2+).
    pub tiled_resources_tier: Option<u32>,
    /// Turn off optional features (RefDev default `false`: every "optional" cap is reported as supported).
    pub minimal_optional_features: bool,
}

/// `CheckFeatureSupport` answers of the device (D3D11_FEATURE_* like; SPEC §1.2 footnotes, §6.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FeatureSupport {
    /// `D3D11_FEATURE_THREADING.DriverConcurrentCreates` (RefDev: true).
    pub driver_concurrent_creates: bool,
    /// `D3D11_FEATURE_THREADING.DriverCommandLists` (RefDev: true).
    pub driver_command_lists: bool,
    /// `D3D11_FEATURE_DOUBLES` (SM5 optional extra, §1.2 footnote; RefDev: true at 11_0+).
    pub double_precision_float_shader_ops: bool,
    /// `D3D10_X_HARDWARE_OPTIONS`: cs_4_x with raw/structured buffers at 10_x (§1.2 compute "optional").
    pub compute_shaders_plus_raw_and_structured_buffers_via_shader_4_x: bool,
    /// `D3D11_FEATURE_D3D11_OPTIONS.OutputMergerLogicOp` (§1.2 logic ops).
    pub output_merger_logic_op: bool,
    /// `D3D11_FEATURE_D3D11_OPTIONS.ClearView`: `ID3D11DeviceContext1::ClearView` with
    /// rectangles on render-target and unordered-access views (Tessera: true at every level).
    pub clear_view: bool,
    /// `D3D11_FEATURE_D3D11_OPTIONS1.ClearViewAlsoSupportsDepthOnlyFormats`: `ClearView` on
    /// depth-stencil views of depth-only formats (Tessera: true).
    pub clear_view_also_supports_depth_only_formats: bool,
    /// `D3D11_FEATURE_D3D11_OPTIONS1.TiledResourcesTier` (§6.11).
    pub tiled_resources_tier: u32,
    /// `D3D11_FEATURE_D3D11_OPTIONS1.MinMaxFiltering`: true exactly when tier >= 2 (§6.11).
    pub min_max_filtering: bool,
    /// `D3D11_FEATURE_D3D11_OPTIONS2.ConservativeRasterizationTier` (§1.2, §3.9).
    pub conservative_rasterization_tier: u32,
    /// `D3D11_FEATURE_D3D11_OPTIONS2.ROVsSupported` (§1.2).
    pub rasterizer_ordered_views: bool,
    /// `D3D11_FEATURE_D3D11_OPTIONS2.PSSpecifiedStencilRefSupported` (§1.2, §5.5).
    pub ps_specified_stencil_ref: bool,
    /// `D3D11_FEATURE_D3D9_SHADOW_SUPPORT` (§4.9: the 9_x shadow-buffer path).
    pub d3d9_shadow_support: bool,
    /// Timestamp queries (optional at 9_x; RefDev: true).
    pub timestamp_queries: bool,
    /// Extended (BGRA) formats (§1.2).
    pub extended_formats_bgra: bool,
    /// Constant-buffer offsetting / partial updates (§1.2).
    pub cb_offsetting_partial_updates: bool,
    /// UAV slots usable by the level (§1.2).
    pub uav_slots: u32,
}

/// The highest tiled-resources tier Tessera implements in full: 3. docs/tiled-resources.md
/// ("Features by tier") lists every D3D11 tiled feature and where it is tested. A device answers
/// `TiledResourcesTier` = [`CapsOptions::tiled_resources_tier`] or its level's default, never
/// above this; lowering it turns the tier's features off everywhere (one constant, one owner).
pub const IMPLEMENTED_TILED_RESOURCES_TIER: u32 = 3;

/// The highest conservative-rasterization tier Tessera implements: none. The rasterizer has no
/// conservative mode, so every device answers `ConservativeRasterizationTier` 0 (also at 12_1+,
/// whose level requires Tier 1: docs/caps.md "Not implemented") and a rasterizer state asking
/// for it is refused.
pub const IMPLEMENTED_CONSERVATIVE_RASTERIZATION_TIER: u32 = 0;

/// Whether rasterizer-ordered views are implemented: no (pixel-shader UAVs are not executed),
/// so `ROVsSupported` is false at every level, 12_1+ included.
pub const IMPLEMENTED_RASTERIZER_ORDERED_VIEWS: bool = false;

/// Whether a pixel shader can output the stencil reference (SV_StencilRef): no (the pixel-shader
/// output has no stencil value), so `PSSpecifiedStencilRefSupported` is false at every level.
pub const IMPLEMENTED_PS_SPECIFIED_STENCIL_REF: bool = false;

/// `tier`, or `implemented` where the level would allow more than Tessera executes.
const fn at_most(tier: u32, implemented: u32) -> u32 {
    if tier < implemented {
        tier
    } else {
        implemented
    }
}

/// The lowest and highest tiled-resources tier a level permits (SPEC §1.2, §6.11).
pub fn tiled_tier_range(level: FeatureLevel) -> (u32, u32) {
    use FeatureLevel::*;
    match level {
        L9_1 | L9_2 | L9_3 | L10_0 | L10_1 => (0, 0),
        // "Tier 1 allowed from 11_0"; "Tier 2 requires FL 11_1 minimum".
        L11_0 => (0, 1),
        L11_1 => (0, 3),
        L12_0 | L12_1 => (2, 3),
        L12_2 => (3, 3),
    }
}

/// The identity of one device's caps layer: every object a device creates carries it, and
/// binding or using an object of another device is refused (D3D11: objects belong to the
/// device that created them; the debug layer reports a foreign object as corruption).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeviceId(u64);

impl DeviceId {
    /// A new identity, distinct from every other in this process.
    fn fresh() -> Self {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Self(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

/// A device's capabilities: its level, limits and optional-feature answers (SPEC §1, §2, §6.11).
/// Each `Caps` built by [`Caps::new`] or [`Caps::for_level`] is a distinct device ([`DeviceId`]);
/// copies of it are the same device.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    device: DeviceId,
    level: FeatureLevel,
    limits: &'static Limits,
    options: CapsOptions,
    features: FeatureSupport,
}

impl Caps {
    /// Builds the caps of a device at `level`; refuses a tiled tier the level does not allow (SPEC §6.11).
    pub fn new(level: FeatureLevel, options: CapsOptions) -> Result<Self, CapsError> {
        let limits = Limits::for_level(level);
        let (min, max) = tiled_tier_range(level);
        let tier = match options.tiled_resources_tier {
            Some(t) if t < min || t > max => {
                return Err(CapsError::TiledTier {
                    level,
                    min,
                    max,
                    value: t,
                });
            }
            Some(t) if t > IMPLEMENTED_TILED_RESOURCES_TIER => {
                return Err(CapsError::NotImplemented {
                    level,
                    feature: "a tiled resources tier above what Tessera implements (IMPLEMENTED_TILED_RESOURCES_TIER)",
                    rule: "SPEC §6.11 tiled resources tier",
                });
            }
            Some(t) => t,
            None if options.minimal_optional_features => {
                at_most(min, IMPLEMENTED_TILED_RESOURCES_TIER)
            }
            None => at_most(max, IMPLEMENTED_TILED_RESOURCES_TIER),
        };
        let opt = |s: Support| match s {
            Support::Yes => true,
            Support::No => false,
            Support::Optional => !options.minimal_optional_features,
        };
        let tier_value = |t: Tier, optional_answer: u32| match t {
            Tier::AtLeast(n) => n,
            Tier::Optional if options.minimal_optional_features => 0,
            Tier::Optional => optional_answer,
        };
        let is_10x = matches!(level, FeatureLevel::L10_0 | FeatureLevel::L10_1);
        let features = FeatureSupport {
            driver_concurrent_creates: true,
            driver_command_lists: true,
            double_precision_float_shader_ops: level >= FeatureLevel::L11_0,
            compute_shaders_plus_raw_and_structured_buffers_via_shader_4_x: is_10x
                && opt(limits.compute_shader),
            output_merger_logic_op: opt(limits.logic_ops),
            clear_view: true,
            clear_view_also_supports_depth_only_formats: true,
            tiled_resources_tier: tier,
            // §6.11: MinMaxFiltering is TRUE exactly when the tiled tier is >= 2.
            min_max_filtering: tier >= 2,
            // RefDev would answer Tier 1 where optional (§3.9); never more than is implemented.
            conservative_rasterization_tier: at_most(
                tier_value(limits.conservative_rasterization_tier, 1),
                IMPLEMENTED_CONSERVATIVE_RASTERIZATION_TIER,
            ),
            rasterizer_ordered_views: IMPLEMENTED_RASTERIZER_ORDERED_VIEWS
                && opt(limits.rasterizer_ordered_views),
            ps_specified_stencil_ref: IMPLEMENTED_PS_SPECIFIED_STENCIL_REF
                && limits.shader_specified_stencil_ref.is_some_and(opt),
            d3d9_shadow_support: level.is_9_x(),
            timestamp_queries: limits.timestamp_queries.is_none_or(opt),
            extended_formats_bgra: opt(limits.extended_formats_bgra),
            cb_offsetting_partial_updates: opt(limits.cb_offsetting_partial_updates),
            uav_slots: if is_10x && !opt(limits.compute_shader) {
                0
            } else {
                limits.uav_slot_count()
            },
        };
        Ok(Self {
            device: DeviceId::fresh(),
            level,
            limits,
            options,
            features,
        })
    }

    /// Caps with the RefDev defaults (every optional feature on, the highest tiled tier Tessera
    /// implements) (SPEC §1.2).
    pub fn for_level(level: FeatureLevel) -> Self {
        match Self::new(level, CapsOptions::default()) {
            Ok(caps) => caps,
            // Default options carry no tier override, so `new` cannot fail.
            Err(_) => unreachable!("default CapsOptions are always valid"),
        }
    }

    /// The device's feature level.
    pub fn level(&self) -> FeatureLevel {
        self.level
    }

    /// The level's limits (SPEC §1.2).
    pub fn limits(&self) -> &'static Limits {
        self.limits
    }

    /// The device these caps belong to: the owner stamped on every object created with them.
    pub fn device_id(&self) -> DeviceId {
        self.device
    }

    /// The options the caps were built with.
    pub fn options(&self) -> CapsOptions {
        self.options
    }

    /// `CheckFeatureSupport` answers (SPEC §1.2, §6.11).
    pub fn check_feature_support(&self) -> FeatureSupport {
        self.features
    }

    /// The cumulative D3DCAPS9 floor behind this 9_x level; `None` at 10_0+ (SPEC §1.4).
    pub fn d3d9_floor(&self) -> Option<&'static D3d9Floor> {
        d3d9_floor(self.level)
    }

    /// `CheckFormatSupport` answer for `format` (SPEC §2.1, formats.json).
    pub fn check_format_support(&self, format: Format) -> FormatSupport {
        format_support(self.level, format)
    }

    /// The device's tiled-resources tier (`TiledResourcesTier`, SPEC §6.11), `None` where it is
    /// 0 (below 11_0, or [`CapsOptions::tiled_resources_tier`] `Some(0)`): then every tiled
    /// call is refused. Its rules (Tier 1 reports and refusals, Tier 2 NULL semantics, Tier 3
    /// volumes) are the ones every tiled call, sampler and shader check follows.
    pub fn tiled_tier(&self) -> Option<u32> {
        let t = self.features.tiled_resources_tier;
        (t > 0).then_some(t)
    }

    /// The ordinary `CreateBuffer` / `CreateTexture*` with a tiled misc flag: a tiled resource
    /// is a `TiledResource`, made by the device's `create_tile_pool` / `create_tiled_buffer` /
    /// `create_tiled_texture` (Tessera's API shape: one type per kind of memory), so the
    /// ordinary call refuses it, naming the call to use; where the device has no tiled tier the
    /// level's `Unsupported` answers instead.
    pub(crate) fn tiled_elsewhere(&self, call: &'static str) -> CapsError {
        if self.tiled_tier().is_none() {
            return CapsError::Unsupported {
                level: self.level,
                feature: "tiled resources",
                rule: "SPEC §6.11 tiled resources tier",
            };
        }
        CapsError::InvalidDesc {
            level: self.level,
            rule: "Tessera API: MISC_TILED / MISC_TILE_POOL resources are TiledResource / TilePool objects",
            reason: format!(
                "{call} makes no tiled resource; use the device's create_tile_pool / create_tiled_buffer / create_tiled_texture"
            ),
        }
    }

    /// True when an optional/required capability is on for this device.
    pub(crate) fn supports(&self, s: Support) -> bool {
        match s {
            Support::Yes => true,
            Support::No => false,
            Support::Optional => !self.options.minimal_optional_features,
        }
    }
}

/// `D3D11CreateDevice` feature-level negotiation (SPEC §1.1).
#[derive(Clone, Copy, Debug, Default)]
pub struct DeviceCreation;

impl DeviceCreation {
    /// The first requested level at or below `max_supported`; empty = 11_0, 10_1, 10_0, 9_3, 9_2, 9_1 (SPEC §1.1).
    pub fn select_feature_level(
        requested: &[FeatureLevel],
        max_supported: FeatureLevel,
    ) -> Result<FeatureLevel, CapsError> {
        select_feature_level(requested, max_supported)
    }
}

/// The first requested level at or below `max_supported`; empty = the D3D11 default list (SPEC §1.1).
pub fn select_feature_level(
    requested: &[FeatureLevel],
    max_supported: FeatureLevel,
) -> Result<FeatureLevel, CapsError> {
    let list: &[FeatureLevel] = if requested.is_empty() {
        &FeatureLevel::D3D11_DEFAULT_REQUEST
    } else {
        requested
    };
    list.iter()
        .copied()
        .find(|l| *l <= max_supported)
        .ok_or_else(|| CapsError::NoFeatureLevel {
            requested: list.iter().map(|l| l.name()).collect::<Vec<_>>().join(", "),
            max_supported,
        })
}
