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
    assert_eq!(v["shaders"], "builtin");
    // `--shaders wgsl` compiles the WGSL twins at prepare and says so; a bad kind exits 2, and
    // so does the flag on a tessera scene file (rastbench only).
    let run = |shaders: &str, path: &str| {
        tessera(&[
            "bench",
            path,
            "--frames",
            "1",
            "--warmup",
            "0",
            "--mode",
            "clear",
            "--shaders",
            shaders,
        ])
    };
    assert_eq!(
        line(&run("wgsl", fill.to_str().unwrap()))["shaders"],
        "wgsl"
    );
    let bad = run("hlsl", fill.to_str().unwrap());
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`hlsl` is not a shader kind"));
    let on_scene = tessera(&["bench", &scene("triangle.json"), "--shaders", "wgsl"]);
    assert_eq!(on_scene.status.code(), Some(2));
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

/// `--simd` forces the path and the line reports it; an unknown name, a path this CPU lacks
/// and a bad `TESSERA_SIMD` exit 2 with an error naming the value.
#[test]
fn bench_simd_flag_forces_the_path_and_reports_it() {
    use tessera::sampler::SimdPath;
    let run = |path: &str| {
        tessera(&[
            "bench",
            &scene("triangle.json"),
            "--frames",
            "1",
            "--warmup",
            "0",
            "--simd",
            path,
        ])
    };
    let v = line(&run("baseline"));
    assert_eq!(v["simd"], "baseline");
    assert!(v["simd_build"].is_string(), "{v}");
    let avx2 = run("avx2");
    if SimdPath::Avx2.supported() {
        assert_eq!(line(&avx2)["simd"], "avx2");
    } else {
        assert_eq!(avx2.status.code(), Some(2));
        let err = String::from_utf8_lossy(&avx2.stderr);
        assert!(err.contains("`avx2` is not supported by this CPU"), "{err}");
    }
    let bad = run("sse9");
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("unknown SIMD path `sse9` (from --simd)"),
        "{err}"
    );
    let env = crate::common::bin()
        .env("TESSERA_SIMD", "fast")
        .args(["bench", &scene("triangle.json"), "--frames", "1"])
        .output()
        .expect("run tessera");
    assert_eq!(env.status.code(), Some(2));
    let err = String::from_utf8_lossy(&env.stderr);
    assert!(
        err.starts_with("error: ") && err.contains("unknown SIMD path `fast` (from TESSERA_SIMD)"),
        "{err}"
    );
}
