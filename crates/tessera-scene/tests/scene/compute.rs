//! Compute in scene files: `{"zeros": BYTES}` buffers, `set_cs*` and `dispatch`; the golden
//! `compute_flower` covers the rendering at 1, 2 and 8 threads (golden.rs).

use tessera_scene::{RenderOptions, Scene};
use tessera_testkit::workspace_root as root;

fn flower() -> String {
    std::fs::read_to_string(root().join("assets/scenes/compute_flower.json")).expect("scene")
}

fn load(text: &str) -> Result<Scene, String> {
    let dir = root().join("assets/scenes");
    Scene::from_str_at(text, dir.join("variant.json")).map_err(|e| e.to_string())
}

#[test]
fn zeros_buffers_have_a_limit_and_one_source() {
    let big = flower().replace(r#"{"zeros": 4032}"#, r#"{"zeros": 67108865}"#);
    let e = load(&big).unwrap_err();
    assert!(
        e.ends_with("buffers.petals.zeros: 67108865 bytes is past the 67108864-byte limit"),
        "{e}"
    );
    let both = flower().replace(
        r#"{"zeros": 4032}"#,
        r#"{"zeros": 4032, "type": "f32", "data": [0]}"#,
    );
    let e = load(&both).unwrap_err();
    assert!(
        e.ends_with(r#"buffers.petals: give exactly one of "data", "file" or "zeros""#),
        "{e}"
    );
}

#[test]
fn without_the_dispatch_the_buffer_stays_zero_and_nothing_is_drawn() {
    // The draw reads the buffer the dispatch writes: remove the dispatch and every triangle is
    // degenerate, so the image is the clear colour alone.
    let text = flower().replace(r#"{"dispatch": {"x": 3}},"#, "");
    let out = load(&text)
        .unwrap()
        .render(&RenderOptions::default())
        .expect("renders");
    let clear = [13, 13, 20, 255]; // round(0.05·255), round(0.08·255)
    assert!(
        out.first()
            .expect("an output")
            .pixels()
            .all(|p| p.0 == clear)
    );
    let with = load(&flower())
        .unwrap()
        .render(&RenderOptions::default())
        .expect("renders");
    assert!(
        with.first()
            .expect("an output")
            .pixels()
            .any(|p| p.0 != clear)
    );
}

#[test]
fn a_dispatch_past_the_limit_fails_the_render() {
    let text = flower().replace(r#"{"dispatch": {"x": 3}}"#, r#"{"dispatch": {"x": 65536}}"#);
    let e = load(&text)
        .unwrap()
        .render(&RenderOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("65536 exceeds the limit 65535"), "{e}");
}
