//! The crate's data copies equal the spec files, and every caps.toml key reaches the typed structs.

use tessera_caps::{
    CAPS_TOML, CapsFile, FORMATS_JSON, FeatureLevel, FormatSupport, Limits, caps_table,
    format_support, format_support_by_name,
};
use tessera_format::Format;

const SPEC_CAPS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/spec/caps.toml"
);
const SPEC_FORMATS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/spec/formats.json"
);

/// The spec file at `path`. Outside CI a checkout without `../shared` skips the drift check
/// with a note; with `TESSERA_REQUIRE_SHARED` set it fails.
fn spec_file(path: &str) -> Option<String> {
    match std::fs::read_to_string(path) {
        Ok(s) => Some(s),
        Err(e) if std::env::var_os("TESSERA_REQUIRE_SHARED").is_some() => {
            panic!(
                "drift check needs {path} with TESSERA_REQUIRE_SHARED set, and it is not readable: {e}"
            )
        }
        Err(e) => {
            eprintln!("SKIP drift check: {path} not readable ({e}); the crate copy is used as-is");
            None
        }
    }
}

#[test]
fn caps_toml_copy_matches_spec() {
    if let Some(spec) = spec_file(SPEC_CAPS) {
        assert_eq!(
            CAPS_TOML, spec,
            "crates/tessera-caps/data/caps.toml drifted from shared/spec/caps.toml"
        );
    }
}

#[test]
fn formats_json_copy_matches_spec() {
    if let Some(spec) = spec_file(SPEC_FORMATS) {
        assert_eq!(
            FORMATS_JSON, spec,
            "crates/tessera-caps/data/formats.json drifted from shared/spec/formats.json"
        );
    }
}

/// Walks every key of the raw TOML and checks the typed value serializes back to exactly it.
#[test]
fn every_raw_key_equals_the_typed_value() {
    let raw: toml::Table = toml::from_str(CAPS_TOML).unwrap();
    let typed = toml::Value::try_from(caps_table()).unwrap();
    let typed = typed.as_table().unwrap();
    fn walk(path: &str, raw: &toml::Value, typed: Option<&toml::Value>, n: &mut usize) {
        let Some(typed) = typed else {
            panic!("{path}: present in caps.toml, missing from the typed struct")
        };
        match (raw, typed) {
            (toml::Value::Table(r), toml::Value::Table(t)) => {
                for (k, v) in r {
                    walk(&format!("{path}.{k}"), v, t.get(k), n);
                }
                for k in t.keys() {
                    assert!(r.contains_key(k), "{path}.{k}: typed struct invents a key");
                }
            }
            (toml::Value::Array(r), toml::Value::Array(t)) => {
                assert_eq!(r.len(), t.len(), "{path}: array length");
                for (i, (rv, tv)) in r.iter().zip(t).enumerate() {
                    walk(&format!("{path}[{i}]"), rv, Some(tv), n);
                }
            }
            _ => {
                *n += 1;
                assert_eq!(raw, typed, "{path}");
            }
        }
    }
    let mut n = 0;
    for (k, v) in &raw {
        walk(k, v, typed.get(k), &mut n);
    }
    assert!(n > 900, "walked only {n} scalar values");
    // Every level parses, in order, and the struct is the per-level one.
    let file: CapsFile = toml::from_str(CAPS_TOML).unwrap();
    for level in FeatureLevel::ALL {
        assert_eq!(&file.levels[level.name()], Limits::for_level(level));
        let raw_level = raw["levels"][level.name()].as_table().unwrap();
        assert_eq!(
            raw_level["max_primitive_count"].as_integer().unwrap() as u32,
            Limits::for_level(level).max_primitive_count
        );
        assert_eq!(
            raw_level["max_vertex_index"].as_integer().unwrap() as u32,
            Limits::for_level(level).max_vertex_index
        );
    }
    assert_eq!(
        file.meta.levels,
        FeatureLevel::ALL.map(|l| l.name().to_owned()).to_vec()
    );
    for (name, value) in &file.meta.enum_value {
        assert_eq!(name.parse::<FeatureLevel>().unwrap().to_d3d(), *value);
    }
}

#[test]
fn typed_spot_checks() {
    let l91 = Limits::for_level(FeatureLevel::L9_1);
    assert_eq!(l91.max_primitive_count, 65535);
    assert_eq!(l91.max_vertex_index, 65534);
    assert_eq!(l91.index_formats, vec![Format::R16Uint]);
    assert_eq!(l91.max_render_targets, 1);
    assert_eq!(l91.max_texture_2d_dimension, 2048);
    assert!(!l91.occlusion_queries);
    let l122 = Limits::for_level(FeatureLevel::L12_2);
    assert_eq!(l122.tiled_resources_tier, tessera_caps::Tier::AtLeast(3));
    assert_eq!(l122.uav_slot_count(), 64);
    assert_eq!(
        Limits::for_level(FeatureLevel::L11_0).max_primitive_count,
        u32::MAX
    );
}

/// Every formats.json letter maps to the documented RefDev answer, for every level page.
#[test]
fn format_support_matches_json() {
    let root: serde_json::Value = serde_json::from_str(FORMATS_JSON).unwrap();
    let targets: Vec<&str> = root["_targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        targets,
        FormatSupport::TARGETS
            .iter()
            .map(|(_, n)| *n)
            .collect::<Vec<_>>()
    );
    let mut checked = 0;
    for level in FeatureLevel::ALL {
        let page = match level {
            FeatureLevel::L9_2 => "9_1",
            FeatureLevel::L12_2 => "12_1",
            l => l.name(),
        };
        for (name, row) in root[page].as_object().unwrap() {
            let letters = row[1].as_str().unwrap();
            let got = format_support_by_name(level, name);
            for ((flag, target), letter) in FormatSupport::TARGETS.iter().zip(letters.bytes()) {
                let mut want = matches!(letter, b'R' | b'O' | b'D');
                if level == FeatureLevel::L9_2
                    && name == "DXGI_FORMAT_R32_UINT"
                    && matches!(*target, "format_support" | "input_assembler_index_buffer")
                {
                    want = true;
                }
                assert_eq!(got.contains(*flag), want, "{level} {name} {target}");
                checked += 1;
            }
        }
    }
    assert!(checked > 40_000);
    assert!(
        format_support(FeatureLevel::L9_1, Format::R8G8B8A8Unorm)
            .contains(FormatSupport::RENDER_TARGET)
    );
    assert!(
        !format_support(FeatureLevel::L9_1, Format::R32Uint)
            .contains(FormatSupport::IA_INDEX_BUFFER)
    );
    assert!(
        format_support(FeatureLevel::L9_2, Format::R32Uint)
            .contains(FormatSupport::IA_INDEX_BUFFER)
    );
}
