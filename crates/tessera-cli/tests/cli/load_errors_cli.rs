//! `tessera render` handed the wrong kind of file: the one error line names the file, what it
//! is and what was expected, with exit code 2.

use std::path::PathBuf;
use std::process::Command;

/// Writes `bytes` to a fresh temporary `name` and returns the error line of rendering it.
fn render_error(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!(
        "tessera-load-errors-{}-{}",
        std::process::id(),
        name.replace('.', "_")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .current_dir(&dir)
        .args(["render", name, "-o", "o.png"])
        .output()
        .expect("run tessera");
    assert_eq!(out.status.code(), Some(2), "{name}");
    assert!(!dir.join("o.png").exists(), "{name}: output written");
    let _ = std::fs::remove_dir_all(&dir);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    err.trim_end().to_owned()
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

#[test]
fn a_png_given_as_a_scene() {
    assert_eq!(
        render_error("x.png", PNG),
        "error: x.png: not a scene file: a .json scene is UTF-8 JSON; this file starts with PNG image bytes (models are chosen by extension: .gltf, .glb, .ply)"
    );
}

#[test]
fn an_empty_gltf_and_glb() {
    for name in ["e.gltf", "e.glb"] {
        assert_eq!(
            render_error(name, b""),
            format!(
                "error: {name}: the file is empty; a glTF model is glTF 2.0 JSON (.gltf) or binary glTF starting with `glTF` (.glb)"
            )
        );
    }
}

#[test]
fn an_empty_json() {
    assert_eq!(
        render_error("e.json", b"\n"),
        "error: e.json: the file is empty; a scene is a JSON object with \"format\": \"tessera-scene\" (docs/scene-format.md)"
    );
}

#[test]
fn a_gltf_named_json() {
    assert_eq!(
        render_error("m.json", br#"{"asset": {"version": "2.0"}, "scenes": []}"#),
        "error: m.json: not a scene file: it is a glTF model (it has \"asset\"); name it .gltf to render it as a model"
    );
}

#[test]
fn a_directory() {
    let dir = std::env::temp_dir().join(format!("tessera-load-errors-dir-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("d.json")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .current_dir(&dir)
        .args(["render", "d.json", "-o", "o.png"])
        .output()
        .expect("run tessera");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "error: d.json: is a directory; only regular files are read"
    );
}

#[test]
fn binary_garbage_as_ply() {
    assert_eq!(
        render_error("g.ply", b"\x00\x01\xfe\xffgarbage end_header"),
        "error: g.ply: not a PLY file: a PLY mesh starts with the line `ply`; this file is binary (byte 2 is not UTF-8 text)"
    );
    assert_eq!(
        render_error("e.ply", b""),
        "error: e.ply: the file is empty; a PLY mesh starts with the line `ply`"
    );
}

#[test]
fn json_that_is_not_an_object() {
    assert_eq!(
        render_error("a.json", b"[1, 2, 3]"),
        "error: a.json: not a scene file: the top level is an array, not an object; a scene is a JSON object with \"format\": \"tessera-scene\" (docs/scene-format.md)"
    );
}

#[test]
fn a_rastbench_header_given_to_render() {
    let err = render_error("r.json", br#"{"format": "rastbench-scene-v1", "width": 8}"#);
    assert_eq!(
        err,
        "error: r.json: not a scene file: it is a rastbench-scene-v1 header (a perf-harness benchmark scene; run it with `tessera bench FILE`)"
    );
}

#[test]
fn a_scene_named_gltf() {
    assert_eq!(
        render_error("s.gltf", br#"{"format": "tessera-scene", "version": 1}"#),
        "error: s.gltf: not a glTF model: it is a tessera scene (\"format\": \"tessera-scene\"); name it .json to render it as a scene"
    );
}

#[test]
fn a_scene_whose_spirv_shader_does_not_parse() {
    // The SPIR-V test scene with its vertex shader's module replaced by text: one error line
    // naming the scene, the shaders entry and the .spv file, and no image written.
    let src =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tessera-scene/tests/scene/spirv");
    let dir =
        std::env::temp_dir().join(format!("tessera-load-errors-spirv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(src.join("triangle.json"), dir.join("s.json")).unwrap();
    std::fs::copy(src.join("color.spv"), dir.join("color.spv")).unwrap();
    std::fs::write(dir.join("transform_vk.spv"), b"@vertex fn main() {}\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .current_dir(&dir)
        .args(["render", "s.json", "-o", "o.png"])
        .output()
        .expect("run tessera");
    let written = dir.join("o.png").exists();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(2));
    assert!(!written, "output written");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: s.json: shaders.vs: transform_vk.spv: SPIR-V parse error: "),
        "{err}"
    );
}
