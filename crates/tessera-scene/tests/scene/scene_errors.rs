//! Scene-file errors: file:line:column, JSON paths, device refusals, never a panic.

use tessera_scene::{RenderOptions, Scene, SceneError};

const MINIMAL: &str = r#"{
  "format": "tessera-scene",
  "version": 1,
  "size": [8, 8],
  "commands": [
    {"clear_rtv": {"color": [1, 0, 0, 1]}}
  ]
}"#;

#[test]
fn minimal_scene_renders() {
    let s = Scene::from_str_at(MINIMAL, "mem.json").unwrap();
    let out = s.render(&RenderOptions::default()).unwrap();
    let img = out.get("color").unwrap();
    assert!(img.pixels().all(|p| p.0 == [255, 0, 0, 255]));
    // Size override.
    let out = s
        .render(&RenderOptions {
            size: Some((4, 2)),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(out.first().unwrap().dimensions(), (4, 2));
}

#[test]
fn typo_names_file_line_column_and_path() {
    let text = MINIMAL.replace("\"color\": [1, 0, 0, 1]", "\"colour\": [1, 0, 0, 1]");
    let err = Scene::from_str_at(&text, "typo.json").unwrap_err();
    let msg = err.to_string();
    assert!(matches!(err, SceneError::Parse { line: 6, .. }), "{msg}");
    assert!(msg.starts_with("typo.json:6:"), "{msg}");
    assert!(msg.contains("unknown field `colour`"), "{msg}");
    assert!(msg.contains("commands[0].clear_rtv"), "{msg}");
}

#[test]
fn wrong_type_has_json_path() {
    let text = MINIMAL.replace(
        "{\"clear_rtv\": {\"color\": [1, 0, 0, 1]}}",
        "{\"clear_rtv\": {\"color\": [1, 0, 0, 1]}},\n    {\"draw\": {\"vertex_count\": \"three\"}}",
    );
    let msg = Scene::from_str_at(&text, "t.json").unwrap_err().to_string();
    assert!(msg.contains("commands[1].draw.vertex_count"), "{msg}");
}

#[test]
fn header_and_names_are_checked() {
    let v2 = MINIMAL.replace("\"version\": 1", "\"version\": 2");
    assert!(
        Scene::from_str_at(&v2, "v.json")
            .unwrap_err()
            .to_string()
            .contains("unsupported version 2")
    );
    let bad = MINIMAL.replace(
        "{\"clear_rtv\": {\"color\": [1, 0, 0, 1]}}",
        "{\"set_vs\": \"nope\"}",
    );
    let s = Scene::from_str_at(&bad, "n.json").unwrap();
    let msg = s.render(&RenderOptions::default()).unwrap_err().to_string();
    assert!(msg.contains("commands[0].set_vs"), "{msg}");
    assert!(msg.contains("no vertex shader named \"nope\""), "{msg}");
    let fmt = MINIMAL.replace(
        "\"size\"",
        "\"targets\": {\"colors\": [{\"name\": \"c\", \"format\": \"R8G8B8A8_UNROM\"}]}, \"size\"",
    );
    let msg = Scene::from_str_at(&fmt, "f.json").unwrap_err().to_string();
    assert!(
        msg.contains("unknown DXGI format name `R8G8B8A8_UNROM`"),
        "{msg}"
    );
}

#[test]
fn missing_file_is_io_error() {
    let err = Scene::load("does/not/exist.json").unwrap_err();
    assert!(matches!(err, SceneError::Io { .. }));
    assert!(tessera_scene::load("does/not/exist.ply").is_err());
    assert!(tessera_scene::load("does/not/exist.gltf").is_err());
}

#[test]
fn documented_full_example_renders() {
    let doc = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/scene-format.md");
    let text = std::fs::read_to_string(doc).unwrap();
    let example = text
        .split("## A full example")
        .nth(1)
        .and_then(|s| s.split("```json").nth(1))
        .and_then(|s| s.split("```").next())
        .unwrap();
    let s = Scene::from_str_at(example, "docs/scene-format.md").unwrap();
    let out = s.render(&RenderOptions::default()).unwrap();
    assert_eq!(out.first().unwrap().dimensions(), (128, 128));
}

#[test]
fn json_nesting_is_bounded_by_the_parser() {
    // 100 000 nested arrays where commands are expected: the typed reader refuses the
    // second level, and serde_json's recursion limit (128) bounds any untyped nesting, so
    // the stack never overflows.
    let deep = |open: &str, close: &str| {
        format!(
            "{{\"format\": \"tessera-scene\", \"version\": 1, \"size\": [8, 8], \"commands\": {}{}}}",
            open.repeat(100_000),
            close.repeat(100_000)
        )
    };
    for (open, close, expected) in [
        ("[", "]", "expected value"),
        ("{\"a\":", "}", "invalid type: map"),
    ] {
        match Scene::from_str_at(&deep(open, close), "deep.json") {
            Err(SceneError::Parse {
                line: 1, message, ..
            }) => {
                assert!(message.starts_with(expected), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}
