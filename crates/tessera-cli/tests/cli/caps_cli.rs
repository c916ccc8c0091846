//! Runs the built `tessera` binary: `tessera caps` JSON values, diff, listing, the bad-level
//! error and the `--d3d9` floor (SPEC §1.4).

use crate::common::{json, tessera};

#[test]
fn caps_9_1_json_has_the_limits() {
    let v = json(&["caps", "9_1", "--json"]);
    assert_eq!(v["feature_level"], "9_1");
    assert_eq!(v["max_primitive_count"], 65535);
    assert_eq!(v["max_vertex_index"], 65534);
    assert_eq!(v["max_render_targets"], 1);
    assert_eq!(v["index_formats"], serde_json::json!(["R16_UINT"]));
    assert_eq!(v["timestamp_queries"], "optional");
    assert_eq!(v["max_texture_2d_dimension"], 2048);
}

#[test]
fn caps_accepts_d3d_enum_values() {
    let v = json(&["caps", "0xb000", "--json"]);
    assert_eq!(v["feature_level"], "11_0");
    assert_eq!(v["max_primitive_count"], 4294967295u64);
    assert_eq!(
        v["index_formats"],
        serde_json::json!(["R16_UINT", "R32_UINT"])
    );
}

#[test]
fn caps_human_table() {
    let out = tessera(&["caps", "9_3"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("max_render_targets"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("max_render_targets") && l.trim_end().ends_with(" 4")),
        "{text}"
    );
}

#[test]
fn caps_diff_shows_only_changes() {
    let v = json(&["caps", "--diff", "9_1", "11_0", "--json"]);
    let changes = v["changes"].as_object().unwrap();
    assert_eq!(changes["max_primitive_count"]["from"], 65535);
    assert_eq!(changes["max_primitive_count"]["to"], 4294967295u64);
    assert_eq!(changes["max_render_targets"]["to"], 8);
    assert!(!changes.contains_key("bc1_bc3"), "unchanged key listed");
    let out = tessera(&["caps", "--diff", "9_1", "11_0"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("max_vertex_index") && !text.contains("bc1_bc3"),
        "{text}"
    );
}

#[test]
fn caps_without_level_lists_levels() {
    let out = tessera(&["caps"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for l in [
        "9_1", "9_2", "9_3", "10_0", "10_1", "11_0", "11_1", "12_0", "12_1", "12_2",
    ] {
        assert!(text.contains(l), "{l} missing from {text}");
    }
}

#[test]
fn bad_level_is_one_line_exit_2() {
    for args in [&["caps", "9_4"][..], &["caps", "--diff", "9_1", "13_0"][..]] {
        let out = tessera(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("valid levels: 9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, 12_0, 12_1, 12_2"),
            "{err}"
        );
        assert!(!err.contains("Usage"), "{err}");
    }
    let err = String::from_utf8_lossy(&tessera(&["caps", "9_4"]).stderr).into_owned();
    assert_eq!(
        err.trim_end(),
        "error: unknown feature level '9_4'; valid levels: 9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, 12_0, 12_1, 12_2"
    );
}

#[test]
fn help_mentions_caps() {
    let out = tessera(&["--help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("caps"));
    let out = tessera(&["caps", "--help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("--diff"));
}

#[test]
fn caps_device_reports_the_highest_tiled_tier_of_the_level() {
    // The RefDev default: the highest tier the level allows (SPEC §6.11; WARP reports Tier 3).
    for (level, tier) in [("10_1", 0), ("11_0", 1), ("11_1", 3), ("12_0", 3)] {
        let v = json(&["caps", level, "--json"]);
        assert_eq!(v["device"]["tiled_resources_tier"], tier, "{level}");
        assert_eq!(v["device"]["min_max_filtering"], tier >= 2, "{level}");
    }
    let text = String::from_utf8_lossy(&tessera(&["caps", "11_0"]).stdout).into_owned();
    assert!(text.contains("CheckFeatureSupport"), "{text}");
}

#[test]
fn caps_9_1_d3d9_json_is_the_d3dcaps9_floor() {
    let v = json(&["caps", "9_1", "--d3d9", "--json"]);
    assert_eq!(v["MaxTextureWidth"], 2048);
    assert_eq!(v["MaxTextureHeight"], 2048);
    assert_eq!(v["MaxPrimitiveCount"], 65535);
    assert_eq!(v["MaxVertexIndex"], 65534);
    assert_eq!(v["NumSimultaneousRTs"], 1);
    assert_eq!(v["MaxAnisotropy"], 2);
    assert_eq!(v["MaxTextureRepeat"], 128);
    // The 9_1 flags of SPEC §1.4, as caps.toml spells them.
    let has = |group: &str, flags: &[&str]| {
        let list = v[group]
            .as_array()
            .unwrap_or_else(|| panic!("{group}: {v}"));
        for f in flags {
            assert!(
                list.contains(&serde_json::json!(f)),
                "{group} lacks {f}: {v}"
            );
        }
    };
    has("Caps2", &["DYNAMICTEXTURES", "FULLSCREENGAMMA"]);
    has("PresentationIntervals", &["IMMEDIATE", "ONE"]);
    has("PrimitiveMiscCaps", &["COLORWRITEENABLE"]);
    has(
        "TextureCaps",
        &["ALPHA", "CUBEMAP", "MIPMAP", "PERSPECTIVE"],
    );
    has(
        "TextureAddressCaps",
        &["CLAMP", "INDEPENDENTUV", "MIRROR", "WRAP"],
    );
    has(
        "TextureOpCaps",
        &["DISABLE", "MODULATE", "SELECTARG1", "SELECTARG2"],
    );
    has("ZCmpCaps", &["ALWAYS", "LESSEQUAL"]);
    has("RasterCaps", &["DEPTHBIAS", "SLOPESCALEDEPTHBIAS"]);
    has("StencilCaps", &["TWOSIDED"]);
    // 9_2's and 9_3's additions are not in the 9_1 floor.
    let address = v["TextureAddressCaps"].as_array().unwrap();
    assert!(!address.contains(&serde_json::json!("MIRRORONCE")), "{v}");
}

#[test]
fn caps_9_3_d3d9_table_shows_4096_four_targets_and_8192() {
    let out = tessera(&["caps", "9_3", "--d3d9"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let row = |name: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no {name} row in {text}"))
            .split_whitespace()
            .skip(1)
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(row("MaxTextureWidth"), "4096");
    assert_eq!(row("MaxTextureHeight"), "4096");
    assert_eq!(row("NumSimultaneousRTs"), "4");
    assert_eq!(row("MaxTextureRepeat"), "8192");
    assert!(
        row("TextureAddressCaps").ends_with("MIRRORONCE, BORDER"),
        "{text}"
    );
}

#[test]
fn caps_d3d9_above_9_x_is_an_error() {
    for args in [
        &["caps", "10_0", "--d3d9"][..],
        &["caps", "12_2", "--d3d9", "--json"][..],
    ] {
        let out = tessera(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("no D3D9 caps floor") && err.contains("9_1, 9_2 and 9_3"),
            "{err}"
        );
    }
}

#[test]
fn caps_diff_leaves_out_keys_absent_at_one_level_and_false_at_the_other() {
    let out = tessera(&["caps", "--diff", "9_1", "11_0"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    // Noise: given only at 9_1, as false or 0.
    assert!(!text.contains("adjacency_topologies  "), "{text}");
    assert!(!text.contains("false -> -"), "{text}");
    assert!(!text.contains("  max_vs_samplers "), "{text}");
    assert!(
        text.contains("Not listed: 8 keys given at one level only, as false/0")
            && text.contains("adjacency_topologies, indexed_point_lists, max_vs_samplers"),
        "{text}"
    );
    // Meaningful changes stay, including a 9_x-only limit with a real value.
    for l in [
        "  geometry_shader                   false -> true",
        "  max_ps_constants                  32 -> -",
        "  max_samplers_per_stage            - -> 16",
    ] {
        assert!(text.lines().any(|x| x == l), "{l:?} missing: {text}");
    }
    let v = json(&["caps", "--diff", "9_1", "11_0", "--json"]);
    assert!(
        !v["changes"]
            .as_object()
            .unwrap()
            .contains_key("adjacency_topologies")
    );
    assert_eq!(
        v["given_at_one_level_only_as_false"][0],
        "adjacency_topologies"
    );
}
