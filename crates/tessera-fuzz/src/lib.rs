//! Tessera's fuzz targets as plain functions: each takes the fuzzer's bytes, runs them through
//! one of Tessera's input surfaces, and says how far they got. They must never panic; a panic
//! is a bug in the code under test. `fuzz/` (cargo-fuzz, nightly) calls them from one-line
//! `fuzz_target!`s, and this crate's tests run the committed regression corpus and a
//! deterministic mutation smoke test through them on stable.
//!
//! - [`scene_json`]: scene JSON (`docs/scene-format.md`), parsed and rendered small;
//! - [`ply`], [`gltf`], [`glb`]: models from memory, rendered small;
//! - [`image`]: PNG/JPEG through the texture and `tessera compare` decoder;
//! - [`api()`]: a device at a fuzzer-chosen feature level and up to [`api::MAX_OPS`] calls.
//!
//! [`TARGETS`] lists them by the name their corpus folder and `fuzz_target!` carry.

pub mod api;
mod models;
mod scene;

pub use api::{ApiOutcome, api};
pub use models::{ImageOutcome, fuzz_policy, glb, gltf, image, ply};
pub use scene::{RENDER_SIZE, SceneOutcome, scene_json};

/// One fuzz target: its name (the corpus folder `corpus/<name>/` and the cargo-fuzz binary)
/// and its body, returning the name of the outcome (the prefix of its corpus files' names).
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The target's name.
    pub name: &'static str,
    /// Runs one input; returns its outcome's `name()`.
    pub run: fn(&[u8]) -> &'static str,
}

/// Every target.
pub const TARGETS: &[Target] = &[
    Target {
        name: "scene_json",
        run: |d| scene_json(d).name(),
    },
    Target {
        name: "ply",
        run: |d| ply(d).name(),
    },
    Target {
        name: "gltf",
        run: |d| gltf(d).name(),
    },
    Target {
        name: "glb",
        run: |d| glb(d).name(),
    },
    Target {
        name: "image",
        run: |d| image(d).name(),
    },
    Target {
        name: "api",
        run: |d| api(d).name(),
    },
];

impl SceneOutcome {
    /// A short name: `notutf8`, `rejected`, `refused` or `rendered`.
    pub fn name(self) -> &'static str {
        match self {
            Self::NotUtf8 => "notutf8",
            Self::Rejected => "rejected",
            Self::RenderRefused => "refused",
            Self::Rendered => "rendered",
        }
    }
}

impl ApiOutcome {
    /// A short name: `empty`, `allrefused`, `accepted` or `drew`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::AllRefused => "allrefused",
            Self::Accepted => "accepted",
            Self::Drew => "drew",
        }
    }
}
