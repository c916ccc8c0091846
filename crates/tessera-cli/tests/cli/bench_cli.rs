//! Runs the built `tessera bench`: any scene file gives one JSON line of whole renders, the
//! rastbench path still gives its line, and every error exits 2.

use std::process::Output;

use crate::common::tessera;

fn scene(name: &str) -> String {
    format!("{}/../../assets/scenes/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn line(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().count(), 1, "{text}");
    serde_json::from_str(text.trim()).expect("one JSON line")
}

#[test]
fn bench_times_whole_renders_of_a_scene_file() {
    let out = tessera(&[
        "bench",
        &scene("lit_sphere.json"),
        "--frames",
        "1",
        "--warmup",
        "0",
    ]);
    let v = line(&out);
    assert_eq!(v["kind"], "scene");
    assert!(v["frame"].as_str().unwrap().starts_with("whole render"));
    assert_eq!(v["scene"], "lit_sphere");
    assert_eq!(
        (v["frames"].as_u64(), v["warmup"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(v["frame_ms"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(128), Some(128))
    );
    assert_eq!(v["feature_level"], "11_0");
    for k in [
        "median_ms",
        "min_ms",
        "max_ms",
        "threads",
        "commands",
        "load_ms",
    ] {
        assert!(v[k].is_number(), "{k} missing: {v}");
    }
    assert_eq!(v["median_ms"], v["frame_ms"][0]);
}

#[test]
fn bench_errors_exit_2() {
    let missing = tessera(&["bench", "/nonexistent/scene.json"]);
    assert_eq!(missing.status.code(), Some(2));
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(err.starts_with("error: /nonexistent/scene.json: "), "{err}");
    let zero = tessera(&["bench", &scene("lit_sphere.json"), "--frames", "0"]);
    assert_eq!(zero.status.code(), Some(2));
    let err = String::from_utf8_lossy(&zero.stderr);
    assert!(
        err.contains("the frame count must be in 1..=1000000"),
        "{err}"
    );
    let clear = tessera(&["bench", &scene("lit_sphere.json"), "--mode", "clear"]);
    assert_eq!(clear.status.code(), Some(2));
    let err = String::from_utf8_lossy(&clear.stderr);
    assert!(
        err.contains("apply to rastbench-scene-v1 headers only"),
        "{err}"
    );
}

#[test]
fn bench_runs_a_written_rastbench_scene() {
    let dir = std::env::temp_dir().join(format!("tessera-bench-cli-{}", std::process::id()));
    let out = tessera(&["bench", "--write-scenes", dir.to_str().unwrap()]);
    assert!(out.status.success());
    let note = String::from_utf8_lossy(&out.stderr);
    assert!(
        note.starts_with("rastbench scenes (the perf harness's format"),
        "{note}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("fill.json"));
    let fill = dir.join("fill.json");
    let v = line(&tessera(&[
        "bench",
        fill.to_str().unwrap(),
        "--frames",
        "1",
        "--warmup",
        "0",
        "--mode",
        "clear",
    ]));
    assert_eq!(v["kind"], "rastbench");
    assert_eq!(v["scene"], "fill");
    assert_eq!(v["mode"], "clear");
    assert_eq!(
        (v["width"].as_u64(), v["triangles"].as_u64()),
        (Some(1920), Some(32))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bench_help_explains_rastbench() {
    let text = String::from_utf8_lossy(&tessera(&["bench", "--help"]).stdout).into_owned();
    assert!(
        text.contains("rastbench: the perf harness's scene format"),
        "{text}"
    );
    assert!(text.contains("\"kind\": \"scene\""), "{text}");
}
