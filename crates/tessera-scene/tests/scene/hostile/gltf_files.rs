//! glTF buffers and images outside the document: `data:` URIs, relative files read through
//! the input guard, and the errors that name the missing or refused file (not the `.gltf`).

use serde_json::json;
use tessera_scene::SceneError;
use tessera_scene::input::InputPolicy;
use tessera_scene::model::{load_gltf, load_gltf_slice};

use super::TempDir;
use super::gltf_doc::{triangle_bin, triangle_doc};

fn write_gltf(dir: &TempDir, doc: &serde_json::Value) -> std::path::PathBuf {
    let p = dir.join("model.gltf");
    std::fs::write(&p, serde_json::to_vec(doc).unwrap()).unwrap();
    p
}

#[test]
fn data_uri_buffer_loads() {
    let mut d = triangle_doc();
    let uri = format!(
        "data:application/octet-stream;base64,{}",
        base64::encode(triangle_bin())
    );
    d["buffers"][0]["uri"] = json!(uri);
    let bytes = serde_json::to_vec(&d).unwrap();
    load_gltf_slice(&bytes, "m.gltf".as_ref(), &InputPolicy::default()).unwrap();
}

#[test]
fn external_bin_loads_and_a_missing_one_is_named() {
    let dir = TempDir::new("gltf-bin");
    let mut d = triangle_doc();
    d["buffers"][0]["uri"] = json!("tri%20angle.bin");
    std::fs::write(dir.join("tri angle.bin"), triangle_bin()).unwrap();
    load_gltf(&write_gltf(&dir, &d)).unwrap();

    d["buffers"][0]["uri"] = json!("missing.bin");
    match load_gltf(&write_gltf(&dir, &d)) {
        Err(SceneError::Io { path, source }) => {
            assert_eq!(path, dir.join("missing.bin"));
            assert_eq!(source.kind(), std::io::ErrorKind::NotFound);
        }
        other => panic!("expected Io naming missing.bin, got {other:?}"),
    }
}

#[test]
fn missing_texture_is_named() {
    let dir = TempDir::new("gltf-tex");
    let mut d = triangle_doc();
    d["buffers"][0]["uri"] = json!("t.bin");
    d["images"] = json!([{"uri": "DuckCM.png"}]);
    std::fs::write(dir.join("t.bin"), triangle_bin()).unwrap();
    match load_gltf(&write_gltf(&dir, &d)) {
        Err(SceneError::Io { path, .. }) => assert_eq!(path, dir.join("DuckCM.png")),
        other => panic!("expected Io naming DuckCM.png, got {other:?}"),
    }
}

#[test]
fn uri_leaving_the_model_folder_is_refused() {
    let dir = TempDir::new("gltf-escape");
    std::fs::create_dir(dir.join("m")).unwrap();
    std::fs::write(dir.join("secret.bin"), triangle_bin()).unwrap();
    let mut d = triangle_doc();
    d["buffers"][0]["uri"] = json!("../secret.bin");
    let origin = dir.join("m/model.gltf");
    let bytes = serde_json::to_vec(&d).unwrap();
    match load_gltf_slice(&bytes, &origin, &InputPolicy::default()) {
        Err(SceneError::OutsideBase { file, base }) => {
            assert_eq!((file, base), (dir.join("m/../secret.bin"), dir.join("m")));
        }
        other => panic!("expected OutsideBase, got {other:?}"),
    }
    let allow = InputPolicy {
        allow_outside_base: true,
        ..Default::default()
    };
    load_gltf_slice(&bytes, &origin, &allow).unwrap();
}

#[test]
fn uri_schemes_other_than_data_are_refused() {
    let mut d = triangle_doc();
    d["buffers"][0]["uri"] = json!("https://example.com/a.bin");
    let bytes = serde_json::to_vec(&d).unwrap();
    let r = load_gltf_slice(&bytes, "m.gltf".as_ref(), &InputPolicy::default());
    super::gltf_doc::expect_malformed(
        r,
        "m.gltf".as_ref(),
        "buffers[0]",
        "unsupported URI scheme `https:`",
    );
}
