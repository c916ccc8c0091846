//! SPIR-V shaders in scene files (#18): `{"spirv": {"file", "entry", "flip_y"}}`, compiled at
//! load. The
//! `.spv` files under `tests/scene/spirv/` are naga's SPIR-V output of the WGSL twins in
//! `assets/shaders/`; [`committed_spv_files_are_nagas_output`] regenerates them and fails when
//! they differ (`TESSERA_BLESS=1` rewrites them, e.g. after a naga update).

use std::path::{Path, PathBuf};

use naga::back::spv::{Options, WriterFlags, write_vec};
use tessera_scene::{RenderOptions, Scene, SceneError};
use tessera_testkit::workspace_root as root;

/// The folder of the SPIR-V test scene and its `.spv` files.
fn dir() -> PathBuf {
    root().join("crates/tessera-scene/tests/scene/spirv")
}

/// naga's SPIR-V of every entry point of `assets/shaders/<wgsl>`: SPIR-V 1.0, no debug info,
/// with naga's Vulkan y-flip of the vertex position (`ADJUST_COORDINATE_SPACE`) when `vulkan`.
fn spirv_of(wgsl: &str, vulkan: bool) -> Vec<u8> {
    let text = std::fs::read_to_string(root().join("assets/shaders").join(wgsl)).expect("twin");
    let v = tessera_shader::parse_wgsl(&text).expect("the twin parses");
    let flags = if vulkan {
        WriterFlags::ADJUST_COORDINATE_SPACE
    } else {
        WriterFlags::empty()
    };
    let options = Options {
        lang_version: (1, 0),
        flags,
        ..Options::default()
    };
    let words = write_vec(&v.module, &v.info, &options, None).expect("naga writes SPIR-V");
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// The committed `.spv` files and how each is generated: `(file, wgsl twin, vulkan y-flip)`.
const GENERATED: [(&str, &str, bool); 3] = [
    ("transform_vk.spv", "transform.wgsl", true),
    ("transform.spv", "transform.wgsl", false),
    ("color.spv", "color.wgsl", false),
];

#[test]
fn committed_spv_files_are_nagas_output() {
    let bless = std::env::var_os("TESSERA_BLESS").is_some();
    for (file, wgsl, vulkan) in GENERATED {
        let want = spirv_of(wgsl, vulkan);
        let path = dir().join(file);
        if bless {
            std::fs::write(&path, &want).expect("write .spv");
        }
        let have = std::fs::read(&path).unwrap_or_default();
        assert!(
            have == want,
            "{file} is not naga's SPIR-V of {wgsl}: regenerate with TESSERA_BLESS=1 cargo test -p tessera-scene --test scene -- spirv::"
        );
    }
}

/// The scene at `path` (its text `text`) rendered at 1, 2 and 8 threads: one image's bytes.
fn render(text: &str, path: &Path) -> Vec<u8> {
    let scene = Scene::from_str_at(text, path).unwrap_or_else(|e| panic!("{e}"));
    let mut first: Option<Vec<u8>> = None;
    for threads in [1, 2, 8] {
        let opts = RenderOptions {
            threads: Some(threads),
            ..Default::default()
        };
        let out = scene.render(&opts).unwrap_or_else(|e| panic!("{e}"));
        assert!(out.messages.is_empty(), "{:?}", out.messages);
        let img = out.first().expect("an output").as_raw().clone();
        match &first {
            None => first = Some(img),
            Some(f) => assert!(f == &img, "{threads} threads differ from 1"),
        }
    }
    first.expect("rendered")
}

/// The scene text with each `{"spirv": {"file": F, "entry": E}}` shader replaced by the WGSL
/// source of `assets/shaders/<wgsl>` at the same entry point.
fn wgsl_twin(text: &str, twins: &[(&str, &str)]) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    let shaders = v["shaders"].as_object_mut().expect("shaders");
    for s in shaders.values_mut() {
        let Some(spirv) = s.get("spirv") else {
            continue;
        };
        let file = spirv["file"].as_str().expect("file");
        let entry = spirv["entry"].clone();
        let (_, wgsl) = twins.iter().find(|(f, _)| *f == file).expect("a twin");
        let source =
            std::fs::read_to_string(root().join("assets/shaders").join(wgsl)).expect("twin");
        *s = serde_json::json!({"wgsl": {"source": source, "entry": entry}});
    }
    serde_json::to_string(&v).expect("json")
}

const TWINS: [(&str, &str); 3] = [
    ("transform_vk.spv", "transform.wgsl"),
    ("transform.spv", "transform.wgsl"),
    ("color.spv", "color.wgsl"),
];

/// The test scene with its vertex shader `file` read with `flip_y`.
fn with_vs(text: &str, file: &str, flip_y: bool) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).expect("json");
    v["shaders"]["vs"]["spirv"]["file"] = file.into();
    v["shaders"]["vs"]["spirv"]["flip_y"] = flip_y.into();
    serde_json::to_string(&v).expect("json")
}

#[test]
fn flip_y_reads_vulkan_spirv_and_is_off_by_default() {
    let path = dir().join("triangle.json");
    let text = std::fs::read_to_string(&path).expect("scene");
    let wgsl = render(&wgsl_twin(&text, &TWINS), &path);
    // D3D-space SPIR-V (naga without its Vulkan flip) needs no flip: the default.
    let mut plain: serde_json::Value =
        serde_json::from_str(&with_vs(&text, "transform.spv", false)).expect("json");
    plain["shaders"]["vs"]["spirv"]
        .as_object_mut()
        .expect("spirv")
        .remove("flip_y");
    let plain = serde_json::to_string(&plain).expect("json");
    assert!(
        render(&plain, &path) == wgsl,
        "transform.spv without flip_y"
    );
    // Vulkan SPIR-V read without the flip, or D3D SPIR-V read with it: the triangle upside
    // down (the same picture both ways), not the WGSL one.
    let upside_down = render(&with_vs(&text, "transform_vk.spv", false), &path);
    assert!(upside_down != wgsl, "transform_vk.spv without flip_y");
    assert!(render(&with_vs(&text, "transform.spv", true), &path) == upside_down);
}

#[test]
fn spirv_scene_renders_the_wgsl_twins_bytes() {
    let path = dir().join("triangle.json");
    let text = std::fs::read_to_string(&path).expect("scene");
    let spirv = render(&text, &path);
    let wgsl = render(&wgsl_twin(&text, &TWINS), &path);
    assert!(spirv == wgsl, "SPIR-V and WGSL renders differ");
    // The triangle covers part of the target: pixels other than the clear colour (26, 26, 26).
    let covered = spirv.chunks(4).filter(|p| p[..3] != [26, 26, 26]).count();
    assert!((500..4096).contains(&covered), "{covered} pixels covered");
}

/// The scene copied to a fresh folder with `transform_vk.spv` replaced by `bytes`: the load
/// error's text.
fn load_error(tag: &str, bytes: &[u8]) -> (SceneError, PathBuf) {
    let tmp = std::env::temp_dir().join(format!("tessera-spirv-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).expect("dir");
    std::fs::copy(dir().join("color.spv"), tmp.join("color.spv")).expect("copy");
    std::fs::write(tmp.join("transform_vk.spv"), bytes).expect("write");
    let path = tmp.join("s.json");
    let text = std::fs::read_to_string(dir().join("triangle.json")).expect("scene");
    let err = Scene::from_str_at(&text, &path).expect_err("a bad .spv fails the load");
    std::fs::remove_dir_all(&tmp).ok();
    (err, path)
}

#[test]
fn bad_spirv_fails_the_load_in_one_line_naming_the_file() {
    let good = std::fs::read(dir().join("transform_vk.spv")).expect("spv");
    let cases: [(&str, &[u8], &str); 3] = [
        ("text", b"@vertex fn main() {}\n", "SPIR-V parse error: "),
        ("truncated", &good[..good.len() - 6], "SPIR-V parse error: "),
        ("empty", b"", "SPIR-V parse error: "),
    ];
    for (tag, bytes, kind) in cases {
        let (err, path) = load_error(tag, bytes);
        assert!(
            matches!(&err, SceneError::Shader { json_path, shader, .. }
                if json_path == "shaders.vs" && shader == "transform_vk.spv"),
            "{tag}: {err}"
        );
        let msg = err.to_string();
        let head = format!("{}: shaders.vs: transform_vk.spv: {kind}", path.display());
        assert!(msg.starts_with(&head), "{tag}: {msg}");
        assert_eq!(msg.lines().count(), 1, "{tag}: {msg}");
    }
}

#[test]
fn missing_spirv_entry_point_lists_the_module_entries() {
    let path = dir().join("triangle.json");
    let text = std::fs::read_to_string(&path)
        .expect("scene")
        .replace(r#""entry": "vs_1""#, r#""entry": "vs_9""#);
    let msg = Scene::from_str_at(&text, &path).unwrap_err().to_string();
    assert!(
        msg.contains("shaders.vs: transform_vk.spv: no vertex entry point named `vs_9` (entry points: vs_1 (Vertex), vs_2 (Vertex), instanced_1 (Vertex))"),
        "{msg}"
    );
}
