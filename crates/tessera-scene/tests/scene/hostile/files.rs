//! File references of scene files and rastbench headers through `input::read_file`: regular
//! files only, bounded size, and kept inside the referring file's folder.

use std::path::{Path, PathBuf};

use tessera_scene::input::{InputPolicy, read_file};
use tessera_scene::rastbench::{RastBenchError, RastBenchScene};
use tessera_scene::{Scene, SceneError};

use super::TempDir;

/// A scene whose one buffer is the file `reference`.
fn scene_with_buffer(reference: &str) -> String {
    format!(
        r#"{{"format": "tessera-scene", "version": 1, "size": [4, 4],
            "targets": {{"colors": [{{"name": "c", "format": "R8G8B8A8_UNORM"}}]}},
            "buffers": {{"b": {{"file": {reference:?}}}}}, "commands": []}}"#
    )
}

fn load_scene(dir: &TempDir, reference: &str, policy: &InputPolicy) -> Result<Scene, SceneError> {
    let p = dir.join("scene.json");
    std::fs::write(&p, scene_with_buffer(reference)).unwrap();
    Scene::load_with(&p, policy)
}

fn allow_any() -> InputPolicy {
    InputPolicy {
        allow_outside_base: true,
        ..Default::default()
    }
}

#[track_caller]
fn expect_not_regular(r: Result<Scene, SceneError>, path: &Path, kind: &str) {
    match r {
        Err(SceneError::NotRegularFile { file, kind: k }) => {
            assert_eq!((file.as_path(), k), (path, kind))
        }
        other => panic!("expected NotRegularFile ({kind}), got {other:?}"),
    }
}

#[track_caller]
fn expect_outside(r: Result<Scene, SceneError>, path: PathBuf, base: PathBuf) {
    match r {
        Err(SceneError::OutsideBase { file, base: b }) => assert_eq!((file, b), (path, base)),
        other => panic!("expected OutsideBase, got {other:?}"),
    }
}

#[test]
fn buffer_file_loads_from_the_scene_folder() {
    let dir = TempDir::new("ok");
    std::fs::write(dir.join("b.bin"), [1u8, 2, 3, 4]).unwrap();
    load_scene(&dir, "b.bin", &InputPolicy::default()).unwrap();
}

#[test]
fn fifo_is_refused_without_blocking() {
    let dir = TempDir::new("fifo");
    let fifo = dir.join("pipe");
    match std::process::Command::new("mkfifo").arg(&fifo).status() {
        Ok(s) if s.success() => {}
        other => {
            eprintln!("skipping the FIFO test: mkfifo is not available ({other:?})");
            return;
        }
    }
    expect_not_regular(
        load_scene(&dir, "pipe", &InputPolicy::default()),
        &fifo,
        "a FIFO",
    );
}

#[test]
fn dev_zero_is_refused_as_a_device() {
    let dir = TempDir::new("zero");
    let zero = Path::new("/dev/zero");
    expect_not_regular(
        load_scene(&dir, "/dev/zero", &allow_any()),
        zero,
        "a character device",
    );
    let base = dir.0.clone();
    expect_outside(
        load_scene(&dir, "/dev/zero", &InputPolicy::default()),
        zero.into(),
        base,
    );
}

#[test]
fn directory_is_refused() {
    let dir = TempDir::new("dir");
    std::fs::create_dir(dir.join("d")).unwrap();
    let r = load_scene(&dir, "d", &InputPolicy::default());
    expect_not_regular(r, &dir.join("d"), "a directory");
}

#[test]
fn references_leaving_the_scene_folder_are_refused() {
    let dir = TempDir::new("escape");
    std::fs::create_dir(dir.join("s")).unwrap();
    std::fs::write(dir.join("secret.bin"), [7u8; 4]).unwrap();
    let sub = TempDir(dir.join("s"));
    let r = load_scene(&sub, "../secret.bin", &InputPolicy::default());
    expect_outside(r, dir.join("s/../secret.bin"), dir.join("s"));
    let abs = dir.join("secret.bin");
    let r = load_scene(&sub, abs.to_str().unwrap(), &InputPolicy::default());
    expect_outside(r, abs, dir.join("s"));
    load_scene(&sub, "../secret.bin", &allow_any()).unwrap();
    std::mem::forget(sub); // removed with `dir`
}

#[test]
fn a_symbolic_link_out_of_the_folder_is_refused() {
    let dir = TempDir::new("link");
    std::fs::create_dir(dir.join("s")).unwrap();
    std::fs::write(dir.join("secret.bin"), [7u8; 4]).unwrap();
    std::os::unix::fs::symlink(dir.join("secret.bin"), dir.join("s/inside.bin")).unwrap();
    let sub = TempDir(dir.join("s"));
    let r = load_scene(&sub, "inside.bin", &InputPolicy::default());
    expect_outside(r, dir.join("s/inside.bin"), dir.join("s"));
    std::mem::forget(sub); // removed with `dir`
}

#[test]
fn a_4_gib_file_is_refused_before_reading() {
    let dir = TempDir::new("big");
    let f = std::fs::File::create(dir.join("big.bin")).unwrap();
    f.set_len(4 << 30).unwrap();
    match load_scene(&dir, "big.bin", &InputPolicy::default()) {
        Err(SceneError::FileTooLarge { file, size, limit }) => {
            assert_eq!(
                (file, size, limit),
                (dir.join("big.bin"), 4 << 30, 256 << 20)
            );
        }
        other => panic!("expected FileTooLarge, got {other:?}"),
    }
}

#[test]
fn a_file_longer_than_its_metadata_says_is_still_bounded() {
    // /proc files report a length of 0 and hold more: only limit + 1 bytes are read.
    let policy = InputPolicy {
        max_file_bytes: 10,
        ..Default::default()
    };
    let p = Path::new("/proc/self/status");
    if !p.exists() {
        eprintln!("skipping: no /proc/self/status");
        return;
    }
    match read_file(p, None, &policy) {
        Err(SceneError::FileTooLarge { file, size, limit }) => {
            assert_eq!((file.as_path(), size, limit), (p, 11, 10));
        }
        other => panic!("expected FileTooLarge, got {other:?}"),
    }
}

#[test]
fn rastbench_binaries_go_through_the_guard() {
    let dir = TempDir::new("rastbench");
    let header = r#"{"format": "rastbench-scene-v1", "name": "x", "width": 4, "height": 4,
        "vertex_file": "/dev/zero", "vertex_count": 3, "index_count": 3, "depth_test": false,
        "depth_write": false, "blend": false, "clear_color": [0, 0, 0, 1], "shader": "color",
        "covered_px_per_frame": 0}"#;
    std::fs::write(dir.join("x.json"), header).unwrap();
    match RastBenchScene::load(dir.join("x.json")) {
        Err(RastBenchError::Input(e)) => match *e {
            SceneError::OutsideBase { file, base } => {
                assert_eq!((file, base), (PathBuf::from("/dev/zero"), dir.0.clone()));
            }
            e => panic!("expected OutsideBase, got {e:?}"),
        },
        other => panic!("expected Input(OutsideBase), got {other:?}"),
    }
    let allow = allow_any();
    match RastBenchScene::load_with(dir.join("x.json"), &allow) {
        Err(RastBenchError::Input(e)) => {
            assert!(
                matches!(
                    *e,
                    SceneError::NotRegularFile {
                        kind: "a character device",
                        ..
                    }
                ),
                "{e:?}"
            );
        }
        other => panic!("expected Input(NotRegularFile), got {other:?}"),
    }
}
