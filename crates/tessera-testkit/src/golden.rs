//! Golden checks as assertions, over the product's `tessera::golden`, and the workspace paths
//! tests read their assets from.

use std::path::{Path, PathBuf};

use image::RgbaImage;
use tessera::golden::GoldenConfig;
pub use tessera::golden::Tolerance;

/// The workspace root (where `assets/` lives).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Asserts `image` equals Tessera's golden `name` (`assets/golden/<name>.png`) byte for byte
/// (`tessera::golden::check_with` and [`Tolerance::EXACT`]: `TESSERA_BLESS=1` refreshes, a missing golden is written outside CI).
///
/// # Panics
/// On a mismatch, a missing golden in CI, or an I/O error, with the check's message (which
/// names the actual/expected/diff images it wrote).
#[track_caller]
pub fn assert_golden(name: &str, image: &RgbaImage) {
    assert_golden_within(name, image, Tolerance::EXACT);
}

/// Asserts `image` matches golden `name` within `tolerance`.
///
/// # Panics
/// As [`assert_golden`].
#[track_caller]
pub fn assert_golden_within(name: &str, image: &RgbaImage, tolerance: Tolerance) {
    let root = workspace_root();
    let config = GoldenConfig::in_dirs(root.join("assets/golden"), root.join("target/golden"));
    if let Err(e) = tessera::golden::check_with(&config, name, image, tolerance) {
        panic!("{e}");
    }
}
