//! A golden test of the crate's own scene: `cargo test` renders `scenes/two_triangles.json`
//! and compares it with `tests/golden/two_triangles.png` of THIS crate.
//!
//! First run: `TESSERA_BLESS=1 cargo test` writes the golden; commit it. Later runs compare
//! bit-exactly; a difference writes `target/golden/two_triangles.{actual,diff}.png` here.

use std::path::Path;

use tessera::golden::{self, Tolerance};

#[test]
fn two_triangles_match_their_golden() {
    let scene = tessera_scene::load(my_renders::scenes_dir().join("two_triangles.json")).unwrap();
    let rendered = scene
        .render(&tessera_scene::RenderOptions::default())
        .unwrap();
    let image = rendered.first().unwrap();
    golden::check("two_triangles", image, Tolerance::EXACT).unwrap();
}

/// The golden lies under this crate, not under Tessera's source tree: the default of
/// `golden::check` is the caller's `CARGO_MANIFEST_DIR`.
#[test]
fn the_golden_belongs_to_this_crate() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = golden::GoldenConfig::from_env();
    if std::env::var_os("TESSERA_GOLDEN_DIR").is_none() {
        assert_eq!(config.golden_dir, here.join("tests/golden"));
    }
    assert!(here.join("tests/golden/two_triangles.png").is_file());
}
