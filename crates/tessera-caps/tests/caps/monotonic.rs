//! Monotonicity (issue #15): going up one level (9_1 < 9_2 < … < 12_2) never lowers a limit,
//! never loses a feature and never drops a key, except where listed in [`EXCEPTIONS`] with the
//! SPEC reason. Every field is reached through serde, so a newly added field is covered (or
//! fails) without editing this file.

use std::collections::BTreeSet;

use serde_json::{Map, Value};
use tessera_caps::{Caps, FeatureLevel, Limits, d3d9_floor};

use FeatureLevel::*;

/// One allowed break: `key` may fall, vanish or change from the level below to `at`.
struct Exception {
    key: &'static str,
    at: FeatureLevel,
    reason: &'static str,
}

const fn ex(key: &'static str, at: FeatureLevel, reason: &'static str) -> Exception {
    Exception { key, at, reason }
}

const NINE_X_ONLY: &str = "9_x only (10Level9 rules, SPEC §2); 10_0+ has no such key";
const NINE_X_SLOTS: &str = "9_x per-stage slot counts (§2.2); 10_0+ gives *_per_stage (§1.3) \
                            (accessor ladders checked below)";
const PER_STAGE: &str = "10_x/11_x per-stage counts; 12_x rows give none and the accessors use \
                         the D3D10/11 constants (§1.3), checked below";

/// The explicit list of breaks of monotonicity in `Limits`, `FeatureSupport` and the D3D9 floor.
const EXCEPTIONS: &[Exception] = &[
    ex("vs_profiles", L10_0, NINE_X_ONLY),
    ex("ps_profiles", L10_0, NINE_X_ONLY),
    ex(
        "d3d9_shader_versions",
        L10_0,
        "the D3D9 shaders behind 9_x (§1.4)",
    ),
    ex("max_ps_samplers", L10_0, NINE_X_SLOTS),
    ex("max_ps_srvs", L10_0, NINE_X_SLOTS),
    ex("max_vs_samplers", L10_0, NINE_X_SLOTS),
    ex("max_vs_srvs", L10_0, NINE_X_SLOTS),
    ex(
        "max_ps_constants",
        L10_0,
        "9_x float4 constant totals (§2.2); 10_0+ binds constant buffers (§1.3)",
    ),
    ex(
        "max_vs_constants",
        L10_0,
        "9_x float4 constant totals (§2.2); 10_0+ binds constant buffers (§1.3)",
    ),
    ex(
        "event_queries",
        L10_0,
        "9_x CreateQuery rule (§2.1); events are always there at 10_0+",
    ),
    ex(
        "timestamp_queries",
        L10_0,
        "optional only at 9_x (§2.1); always there at 10_0+",
    ),
    ex(
        "per_instance_input_data",
        L10_0,
        "9_x CreateInputLayout rule (§2.1); 10_0+ has instancing",
    ),
    ex(
        "msaa_guaranteed",
        L10_0,
        "9_x: no MSAA guarantee (§2.1); 10_0+ gives required_msaa_counts",
    ),
    ex(
        "depth_clip_enable_required",
        L10_0,
        "a 9_x restriction (§2.1), lifted at 10_0",
    ),
    ex(
        "depth_bias_clamp_must_be_zero",
        L10_0,
        "a 9_x restriction (§2.1), lifted at 10_0",
    ),
    ex(
        "sampler_min_lod_integral",
        L10_0,
        "a 9_x restriction (§2.1), lifted at 10_0",
    ),
    ex(
        "sampler_max_lod_must_be_flt_max",
        L10_0,
        "a 9_x restriction (§2.1), lifted at 10_0",
    ),
    ex(
        "sampler_border_color_range",
        L10_0,
        "a 9_x restriction (§2.1), lifted at 10_0",
    ),
    ex(
        "draw_methods",
        L10_0,
        "the 9_x draw list (§2.2); 10_0+ has every method",
    ),
    ex(
        "indexed_point_lists",
        L10_0,
        "a 9_x restriction (§2.2 DrawIndexed), lifted at 10_0",
    ),
    ex(
        "adjacency_topologies",
        L10_0,
        "a 9_x restriction (§2.2), lifted at 10_0",
    ),
    ex(
        "max_texture_3d_dimension_alt",
        L10_0,
        "9_2/9_3 informative conflict (§7.1)",
    ),
    ex(
        "mrt_same_bit_depth_required",
        L10_0,
        "a 9_3 restriction (§2.2 OMSetRenderTargets)",
    ),
    ex(
        "extended_formats_bgra",
        L10_0,
        "§1.2: required at 9_x (D3D9 hardware), optional at 10_x",
    ),
    ex(
        "cb_offsetting_partial_updates",
        L10_0,
        "§1.2: yes at 9_x (the 11.1 runtime emulates it), optional at 10_0..11_0",
    ),
    ex(
        "d3d9_shadow_support",
        L10_0,
        "the D3D9 shadow-buffer path exists only at 9_x (§4.9)",
    ),
    ex(
        "compute_shaders_plus_raw_and_structured_buffers_via_shader_4_x",
        L11_0,
        "the 10_x cs_4_x option (§1.2); 11_0+ has cs_5_0",
    ),
    ex(
        "independent_blend",
        L11_0,
        "a 10_1 key (§1.2); independent blend stays at 11_0+",
    ),
    ex(
        "forced_sample_count_1",
        L11_1,
        "10_x/11_0 key (§1.2); 11_1+ has full target-independent rasterization",
    ),
    ex("max_samplers_per_stage", L12_0, PER_STAGE),
    ex("max_srvs_per_stage", L12_0, PER_STAGE),
    ex("max_constant_buffers_per_stage", L12_0, PER_STAGE),
    ex(
        "gpu_va_bits",
        L12_2,
        "12_2 splits it into gpu_va_bits_per_resource/_per_process (§1.2)",
    ),
    ex(
        "uav_slots",
        L12_2,
        "12_2: 'tiered' prose (§1.2 footnote 9); uav_slot_count() checked below",
    ),
    ex(
        "map_default_buffer",
        L12_2,
        "12_2 is D3D12-only: 'n/a' (§1.2)",
    ),
];

/// Ordered vocabularies of string-valued keys: (key, [(value, rank)]).
const LADDERS: &[(&str, &[(&str, u32)])] = &[
    (
        "shader_model",
        &[
            ("4_0_level_9_1", 0),
            ("4_0_level_9_3", 1),
            ("4.0", 2),
            ("4.1", 3),
            ("5.0", 4),
            ("5.1 (D3D12; D3D11 API: 5.0)", 5),
            ("6.5", 6),
        ],
    ),
    (
        "d3d9_shader_versions",
        &[("vs_2_0 / ps_2_0", 0), ("vs_2_a / ps_2_x(2_b)", 1)],
    ),
    (
        "non_pow2_textures",
        &[("conditional", 0), ("unconditional", 1)],
    ),
    (
        "typed_uav_loads",
        &[
            ("3 formats (R32_FLOAT, R32_UINT, R32_SINT) + optional", 3),
            ("3 formats + optional", 3),
            ("18 formats + optional", 18),
        ],
    ),
    ("VertexShaderVersion", &[("2.0", 0), ("3.0", 1)]),
    ("PixelShaderProfile", &[("ps_2_0", 0), ("ps_2_x(2_b)", 1)]),
    ("VertexShaderProfile", &[("vs_2_0", 0), ("vs_2_a", 1)]),
];

/// Rank of a bool / "optional" / number: false = 0 < "optional" < true = 1; tiers as numbers.
fn rank(v: &Value) -> Option<f64> {
    match v {
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::String(s) if s == "optional" => Some(0.5),
        Value::Number(n) => n.as_f64(),
        _ => None,
    }
}

/// Whether `hi` (the level above) keeps everything `lo` has.
fn keeps(key: &str, lo: &Value, hi: &Value) -> bool {
    match (lo, hi) {
        (_, Value::Null) => lo.is_null(),
        (Value::Null, _) => true,
        (Value::Array(a), Value::Array(b)) => a.iter().all(|x| b.contains(x)),
        (Value::String(a), Value::String(b)) if a == b => true,
        (Value::String(a), Value::String(b)) => LADDERS
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, ladder)| {
                let r = |s: &str| ladder.iter().find(|(v, _)| *v == s).map(|(_, r)| *r);
                Some(r(a)? <= r(b)?)
            })
            .unwrap_or(false),
        _ => matches!((rank(lo), rank(hi)), (Some(x), Some(y)) if y >= x),
    }
}

fn object<T: serde::Serialize>(value: &T) -> Map<String, Value> {
    match serde_json::to_value(value).unwrap() {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

/// Checks each consecutive pair of `maps`; returns the breaks not excused, and records the
/// exceptions used in `used`.
fn breaks(
    maps: &[(FeatureLevel, Map<String, Value>)],
    used: &mut BTreeSet<(&str, FeatureLevel)>,
) -> Vec<String> {
    let mut out = Vec::new();
    for pair in maps.windows(2) {
        let ((lo_level, lo), (hi_level, hi)) = (&pair[0], &pair[1]);
        for (key, value) in lo {
            let above = hi.get(key).unwrap_or(&Value::Null);
            if keeps(key, value, above) {
                continue;
            }
            match EXCEPTIONS
                .iter()
                .find(|e| e.key == key && e.at == *hi_level)
            {
                Some(e) => {
                    assert!(!e.reason.is_empty());
                    used.insert((e.key, e.at));
                }
                None => out.push(format!("{key}: {lo_level} {value} -> {hi_level} {above}")),
            }
        }
    }
    out
}

#[test]
fn levels_only_grow_except_where_listed() {
    let mut used = BTreeSet::new();
    let limits: Vec<_> = FeatureLevel::ALL
        .map(|l| (l, object(Limits::for_level(l))))
        .to_vec();
    let device: Vec<_> = FeatureLevel::ALL
        .map(|l| (l, object(&Caps::for_level(l).check_feature_support())))
        .to_vec();
    let floors: Vec<_> = FeatureLevel::ALL
        .into_iter()
        .filter_map(|l| Some((l, object(d3d9_floor(l)?))))
        .collect();
    assert_eq!(floors.len(), 3);
    let mut bad = breaks(&limits, &mut used);
    bad.extend(breaks(&device, &mut used));
    bad.extend(breaks(&floors, &mut used));
    assert!(
        bad.is_empty(),
        "not monotonic (add a SPEC reason to EXCEPTIONS if intended):\n{}",
        bad.join("\n")
    );
    for e in EXCEPTIONS {
        assert!(
            used.contains(&(e.key, e.at)),
            "stale exception {} at {}",
            e.key,
            e.at
        );
    }
}

/// The level-independent accessors behind the keys excused above still only grow.
#[test]
fn slot_accessors_only_grow() {
    for pair in FeatureLevel::ALL.windows(2) {
        let (lo, hi) = (Limits::for_level(pair[0]), Limits::for_level(pair[1]));
        let ladder = |f: fn(&Limits) -> u32| f(hi) >= f(lo);
        assert!(ladder(Limits::ps_sampler_slots), "{}", pair[1]);
        assert!(ladder(Limits::ps_srv_slots), "{}", pair[1]);
        assert!(ladder(Limits::vs_sampler_slots), "{}", pair[1]);
        assert!(ladder(Limits::vs_srv_slots), "{}", pair[1]);
        assert!(ladder(Limits::constant_buffer_slots), "{}", pair[1]);
        assert!(ladder(Limits::mip_level_limit), "{}", pair[1]);
        assert!(ladder(Limits::uav_slot_count), "{}", pair[1]);
    }
}
