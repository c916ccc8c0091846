//! The hand cases of issue #20 that the device's limits answer: each fails with one error line
//! and exit code 2, at once, without taking the machine's memory or threads.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

use crate::common::root;

/// Runs `tessera` with `args`, returning its output and how long it took.
fn run(args: &[&str]) -> (Output, Duration) {
    let t0 = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .output()
        .unwrap();
    (out, t0.elapsed())
}

/// Exit code 2 and exactly one stderr line, containing `needle`.
fn one_line_error(out: &Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: ") && err.contains(needle), "{err}");
}

#[test]
fn thread_counts_past_the_device_limit_fail_at_once() {
    let scene = root().join("assets/scenes/triangle.json");
    let dir = std::env::temp_dir().join(format!("tessera-cli-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("t.png");
    for threads in ["100000", "18446744073709551615", "257"] {
        let (out, took) = run(&[
            "render",
            "--threads",
            threads,
            "-o",
            png.to_str().unwrap(),
            scene.to_str().unwrap(),
        ]);
        one_line_error(&out, "DeviceLimits::max_threads = 256");
        assert!(took < Duration::from_secs(10), "{threads}: {took:?}");
        assert!(!png.exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_scene_past_the_memory_budget_fails_naming_the_budget() {
    // Eight 16384x16384 RGBA8 targets: 8 GiB, against a 64 MiB budget (the default is 2 GiB).
    let colors: Vec<String> = (0..8).map(|i| format!("{{\"name\": \"t{i}\"}}")).collect();
    let text = format!(
        "{{\"format\": \"tessera-scene\", \"version\": 1, \"feature_level\": \"11_0\", \
         \"size\": [16384, 16384], \"targets\": {{\"colors\": [{}]}}, \"commands\": []}}",
        colors.join(", ")
    );
    let dir = std::env::temp_dir().join(format!("tessera-cli-budget-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scene = dir.join("eight.json");
    std::fs::write(&scene, text).unwrap();
    let png = dir.join("eight.png");
    let (out, _) = run(&[
        "render",
        "--memory-budget",
        "64",
        "-o",
        png.to_str().unwrap(),
        scene.to_str().unwrap(),
    ]);
    one_line_error(
        &out,
        "device memory budget exceeded: 1073741824 bytes requested while 0 of the budget's \
         67108864 bytes are held by live resources",
    );
    assert!(!png.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn file_references_outside_the_scene_folder_need_allow_any_path() {
    let base = std::env::temp_dir().join(format!("tessera-cli-paths-{}", std::process::id()));
    let (scenes, data) = (base.join("scenes"), base.join("data"));
    std::fs::create_dir_all(&scenes).unwrap();
    std::fs::create_dir_all(&data).unwrap();
    let bin = data.join("v.bin");
    std::fs::write(&bin, [0u8; 16]).unwrap();
    let scene = scenes.join("s.json");
    let text = format!(
        "{{\"format\": \"tessera-scene\", \"version\": 1, \"feature_level\": \"11_0\", \
         \"size\": [4, 4], \"buffers\": {{\"v\": {{\"file\": {:?}}}}}, \"commands\": []}}",
        bin.to_str().unwrap()
    );
    std::fs::write(&scene, text).unwrap();
    let png = base.join("s.png");
    let args = [
        "render",
        "-o",
        png.to_str().unwrap(),
        scene.to_str().unwrap(),
    ];
    let (out, _) = run(&args);
    one_line_error(&out, "v.bin: the reference leaves the folder");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--allow-any-path"), "{err}");
    assert!(!png.exists());
    let (out, _) = run(&[&args[..], &["--allow-any-path"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(png.exists());
    let _ = std::fs::remove_dir_all(&base);
}
