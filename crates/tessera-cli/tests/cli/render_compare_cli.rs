//! `tessera render` and `tessera compare` end to end, through the built binary.

use crate::common::{bin, root, scratch};

#[test]
fn render_scene_then_compare_with_its_golden() {
    let dir = scratch("render");
    let out = dir.join("depth.png");
    let s = bin()
        .args(["render", "--threads", "2", "-o"])
        .arg(&out)
        .arg(root().join("assets/scenes/depth_test.json"))
        .output()
        .unwrap();
    assert!(s.status.success(), "{}", String::from_utf8_lossy(&s.stderr));
    let c = bin()
        .arg("compare")
        .arg(&out)
        .arg(root().join("assets/golden/depth_test.png"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&c.stdout);
    assert_eq!(c.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("differing pixels: 0"), "{stdout}");
    assert!(stdout.contains("psnr: inf"), "{stdout}");
    // --size and --target by name.
    let small = dir.join("small.png");
    let s = bin()
        .args(["render", "--size", "64x32", "--target", "color", "-o"])
        .arg(&small)
        .arg(root().join("assets/scenes/triangle.json"))
        .output()
        .unwrap();
    assert!(s.status.success(), "{}", String::from_utf8_lossy(&s.stderr));
    assert_eq!(
        image::open(&small).unwrap().to_rgba8().dimensions(),
        (64, 32)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_different_images_exits_1_and_writes_diff() {
    let dir = scratch("compare");
    let diff = dir.join("diff.png");
    let c = bin()
        .arg("compare")
        .arg(root().join("assets/golden/level_mrt_9_1_at_11_0.png"))
        .arg(root().join("assets/golden/level_mrt_9_1_at_11_0_second.png"))
        .arg("--diff")
        .arg(&diff)
        .output()
        .unwrap();
    assert_eq!(c.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&c.stdout).contains("max channel difference: 255"));
    assert!(diff.exists());
    // Within a generous tolerance it matches.
    let c = bin()
        .arg("compare")
        .arg(root().join("assets/golden/level_mrt_9_1_at_11_0.png"))
        .arg(root().join("assets/golden/level_mrt_9_1_at_11_0_second.png"))
        .args(["--max-diff-pixels", "100000"])
        .output()
        .unwrap();
    assert_eq!(c.status.code(), Some(0));
    // A missing file is an error (2).
    let c = bin()
        .args(["compare", "no-such-a.png", "no-such-b.png"])
        .output()
        .unwrap();
    assert_eq!(c.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_scene_gives_one_error_line_exit_2_and_no_png() {
    let dir = scratch("broken");
    let scene = dir.join("broken.json");
    std::fs::write(
        &scene,
        "{\n  \"format\": \"tessera-scene\",\n  \"version\": 1,\n  \"size\": [8, 8],\n  \"commands\": [\n    {\"draw\": {\"vertex_count\": 3, \"strat_vertex\": 0}}\n  ]\n}\n",
    )
    .unwrap();
    let out = dir.join("out.png");
    let s = bin()
        .args(["render", "-o"])
        .arg(&out)
        .arg(&scene)
        .output()
        .unwrap();
    assert_eq!(s.status.code(), Some(2));
    let err = String::from_utf8_lossy(&s.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("broken.json:6:"), "{err}");
    assert!(err.contains("strat_vertex"), "{err}");
    assert!(err.contains("commands[0].draw"), "{err}");
    assert!(!out.exists());
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temp files left"
    );
    // A device refusal (9_1: two render targets) also writes nothing.
    let s = bin()
        .args(["render", "-o"])
        .arg(&out)
        .arg(root().join("assets/scenes/level_mrt_9_1.json"))
        .output()
        .unwrap();
    assert_eq!(s.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&s.stderr).contains("at most 1 render target;"));
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The debug layer on the command line: a 9_1 triangle spanning 200 texture repeats (limit
/// 128) renders with one `error[TEXTURE_REPEAT_EXCEEDED]` line; `--strict` exits 2, names the
/// limit and the measured value, and writes nothing.
#[test]
fn texture_repeat_over_the_9_1_limit_is_reported_and_strict_fails() {
    let dir = scratch("repeat");
    let scene = root().join("assets/scenes/texture_repeat_9_1.json");
    let out = dir.join("repeat.png");
    let s = bin()
        .arg("render")
        .arg(&scene)
        .args(["--quiet", "-o"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&s.stderr);
    assert!(s.status.success(), "{stderr}");
    assert!(out.exists());
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    assert!(
        lines[0].starts_with("error[TEXTURE_REPEAT_EXCEEDED]: Draw: "),
        "{stderr}"
    );
    assert!(
        lines[0].contains("limit is 128") && lines[0].contains("200 repeats"),
        "{stderr}"
    );
    let strict = dir.join("strict.png");
    let s = bin()
        .arg("render")
        .arg(&scene)
        .arg("--strict")
        .arg("-o")
        .arg(&strict)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&s.stderr);
    assert_eq!(s.status.code(), Some(2), "{stderr}");
    assert!(!strict.exists());
    assert!(stderr.contains("128") && stderr.contains("200"), "{stderr}");
    // The same scene at 10_0 has no repeat limit: no message.
    let s = bin()
        .arg("render")
        .arg(&scene)
        .args(["--level", "10_0", "--strict", "--quiet", "-o"])
        .arg(&strict)
        .output()
        .unwrap();
    assert!(
        s.status.success() && s.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&s.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
