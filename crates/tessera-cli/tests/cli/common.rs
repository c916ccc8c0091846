//! Helpers every CLI test module shares: the built binary, the repository root, scratch folders.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The built `tessera` binary, ready for arguments.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tessera"))
}

/// Runs `tessera args…` to completion.
pub fn tessera(args: &[&str]) -> Output {
    bin().args(args).output().expect("run tessera")
}

/// Runs `tessera args…`, which must succeed, and parses its stdout as JSON.
#[track_caller]
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = tessera(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON")
}

/// The repository root (the scenes are under `assets/scenes`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh, empty temporary folder named after the calling test file and `tag` (so two
/// modules' tags never collide).
#[track_caller]
pub fn scratch(tag: &str) -> PathBuf {
    let file = Path::new(std::panic::Location::caller().file())
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let d = std::env::temp_dir().join(format!("tessera-cli-{}-{file}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
