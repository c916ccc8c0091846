//! Scene files for the Tessera device: a documented, versioned JSON format
//! (`docs/scene-format.md`), plus glTF 2.0 and PLY models rendered with the built-in lit
//! shaders. Everything renders through the facade, so every feature-level rule applies.
//!
//! ```no_run
//! let scene = tessera_scene::load("assets/scenes/depth_test.json")?;
//! let out = scene.render(&tessera_scene::RenderOptions::default())?;
//! out.first().unwrap().save("depth.png").unwrap();
//! # Ok::<(), tessera_scene::SceneError>(())
//! ```

mod camera;
mod error;
mod exec;
pub mod format;
pub mod input;
mod jsonpath;
pub mod model;
pub mod rastbench;
mod scene;
pub mod shaders;
mod sniff;
mod wgsl;

pub use error::SceneError;
pub use exec::{DEPTH_OUTPUT, RenderOptions, RenderedTargets};
pub use input::InputPolicy;
pub use scene::Scene;

use std::path::Path;

/// Loads a scene JSON (`.json`), a glTF model (`.gltf`, `.glb`) or a PLY mesh (`.ply`),
/// chosen by extension, with the default [`InputPolicy`].
pub fn load(path: impl AsRef<Path>) -> Result<Scene, SceneError> {
    load_with(path, &InputPolicy::default())
}

/// [`load`] with every file read under `policy` (see `docs/scene-format.md`, "File references
/// and input limits").
pub fn load_with(path: impl AsRef<Path>, policy: &InputPolicy) -> Result<Scene, SceneError> {
    let path = path.as_ref();
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    match ext.as_str() {
        "gltf" | "glb" => model::load_gltf_with(path, policy),
        "ply" => model::load_ply_with(path, policy),
        _ => Scene::load_with(path, policy),
    }
}
