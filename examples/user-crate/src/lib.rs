//! A user's crate with a golden test of its own scene (see `tests/golden.rs` and README.md).

use std::path::{Path, PathBuf};

/// The folder of this crate's scene files.
pub fn scenes_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes")
}
