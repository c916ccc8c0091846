//! WGSL shaders in scene files (#18): `{"wgsl": {"file" | "source", "entry"}}`, compiled at
//! load, with typed errors naming the scene, the shader and naga's `line:column`.

use tessera_scene::{RenderOptions, Scene, SceneError};
use tessera_testkit::workspace_root as root;

/// The JSON example of docs/scene-format.md between the `wgsl-example` markers.
fn docs_example() -> String {
    let doc = std::fs::read_to_string(root().join("docs/scene-format.md")).expect("docs");
    let start = doc
        .find("<!-- wgsl-example:begin -->")
        .expect("begin marker");
    let end = doc.find("<!-- wgsl-example:end -->").expect("end marker");
    let block = &doc[start..end];
    let json = block.find("```json\n").expect("json fence") + 8;
    let close = block[json..].find("```").expect("closing fence") + json;
    block[json..close].to_owned()
}

#[test]
fn docs_example_renders() {
    let scene = Scene::from_str_at(&docs_example(), "docs.json").unwrap_or_else(|e| panic!("{e}"));
    let out = scene.render(&RenderOptions::default()).expect("renders");
    let img = out.first().expect("an output");
    // The inline PS returns cb0 = (0.25, 0.5, 1, 1): UNORM8 round(0.25·255) = 64.
    for p in img.pixels() {
        assert_eq!(p.0, [64, 128, 255, 255]);
    }
}

#[test]
fn syntax_error_names_scene_shader_and_line_column() {
    let text = docs_example().replace("return t.c;", "return t.c");
    let err = Scene::from_str_at(&text, "bad.json").unwrap_err();
    let SceneError::Shader {
        json_path, shader, ..
    } = &err
    else {
        panic!("not a shader error: {err}");
    };
    assert_eq!(
        (json_path.as_str(), shader.as_str()),
        ("shaders.ps", "inline source")
    );
    let msg = err.to_string();
    assert!(
        msg.starts_with("bad.json: shaders.ps: inline source: WGSL parse error: 3:"),
        "{msg}"
    );
}

#[test]
fn missing_entry_point_lists_the_module_entries() {
    let text = docs_example().replace(r#""entry": "main""#, r#""entry": "nope""#);
    let msg = Scene::from_str_at(&text, "e.json").unwrap_err().to_string();
    assert!(
        msg.contains("shaders.ps: inline source: no vertex entry point named `nope` (entry points: main (Fragment))"),
        "{msg}"
    );
}

#[test]
fn file_and_source_together_are_refused() {
    let text = docs_example().replace(
        r#"{"entry": "main", "source":"#,
        r#"{"entry": "main", "file": "x.wgsl", "source":"#,
    );
    let msg = Scene::from_str_at(&text, "both.json")
        .unwrap_err()
        .to_string();
    assert_eq!(
        msg,
        "both.json: shaders.ps: give exactly one of \"file\" or \"source\""
    );
}

#[test]
fn shader_file_resolves_against_the_scene_and_reports_its_path() {
    let dir = std::env::temp_dir().join(format!("tessera-wgsl-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("shaders")).expect("dir");
    std::fs::write(
        dir.join("shaders/bad.wgsl"),
        "@fragment fn main() -> @location(0) vec4<f32> {\n  return 1;\n}\n",
    )
    .expect("write");
    let text = docs_example().replace(
        r#"{"entry": "main", "source":"#,
        r#"{"entry": "main", "file": "shaders/bad.wgsl", "ignored":"#,
    );
    // `ignored` is not a field: the schema refuses it first.
    assert!(Scene::from_str_at(&text, dir.join("s.json")).is_err());
    let start = text.find(r#", "ignored":"#).expect("ignored");
    let end = text[start..].find("}}").expect("end") + start;
    let text = format!("{}{}", &text[..start], &text[end..]);
    let err = Scene::from_str_at(&text, dir.join("s.json")).unwrap_err();
    let msg = err.to_string();
    assert!(
        matches!(&err, SceneError::Shader { shader, .. } if shader == "shaders/bad.wgsl"),
        "{msg}"
    );
    assert!(
        msg.contains("shaders.ps: shaders/bad.wgsl: WGSL parse error: "),
        "{msg}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
