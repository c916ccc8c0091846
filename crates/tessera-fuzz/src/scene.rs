//! The scene-file targets: bytes in, a scene rendered at [`RENDER_SIZE`]² on one thread.

use std::path::Path;

use tessera_scene::{RenderOptions, Scene};

/// The side of the square every fuzzed scene is rendered at (the scene's own size and its
/// viewports are scaled to it), so no input can ask for a large target.
pub const RENDER_SIZE: u32 = 16;

/// Where fuzzed scene text claims to come from: a folder that does not exist, so relative
/// `file` paths in an input resolve to nothing.
pub(crate) const ORIGIN: &str = "/nonexistent/tessera-fuzz/input.json";

/// How far a scene input got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneOutcome {
    /// Not UTF-8 (scene JSON only).
    NotUtf8,
    /// Parsing or loading refused it with a `SceneError`.
    Rejected,
    /// It loaded, and rendering refused it with a `SceneError`.
    RenderRefused,
    /// It rendered.
    Rendered,
}

/// Scene JSON: UTF-8, [`Scene::from_str_at`], then a render at [`RENDER_SIZE`]² on one thread.
pub fn scene_json(data: &[u8]) -> SceneOutcome {
    let Ok(text) = std::str::from_utf8(data) else {
        return SceneOutcome::NotUtf8;
    };
    match Scene::from_str_at(text, Path::new(ORIGIN)) {
        Ok(scene) => render(&scene),
        Err(_) => SceneOutcome::Rejected,
    }
}

/// Renders a loaded scene small; every output must come back at the requested size.
pub(crate) fn render(scene: &Scene) -> SceneOutcome {
    let options = RenderOptions {
        size: Some((RENDER_SIZE, RENDER_SIZE)),
        threads: Some(1),
        ..RenderOptions::default()
    };
    match scene.render(&options) {
        Ok(out) => {
            for (name, image) in &out.images {
                assert_eq!(
                    image.dimensions(),
                    (RENDER_SIZE, RENDER_SIZE),
                    "output {name:?} is not at the requested size"
                );
            }
            SceneOutcome::Rendered
        }
        Err(_) => SceneOutcome::RenderRefused,
    }
}
