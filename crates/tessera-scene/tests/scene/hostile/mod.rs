//! Hostile input (issue #20): every malformed model, hostile file reference and oversized
//! image gives a typed [`tessera_scene::SceneError`] naming the rule, the limit and the value
//! in the right file. Every input is built here by hand.

mod files;
mod gltf_doc;
mod gltf_files;
mod images;
mod ply;

use std::path::{Path, PathBuf};

/// A fresh, empty folder under the system temp dir, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// Creates `tessera-hostile-<tag>-<pid>-<n>`.
    pub fn new(tag: &str) -> Self {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let p =
            std::env::temp_dir().join(format!("tessera-hostile-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Self(p)
    }

    /// A path inside the folder.
    pub fn join(&self, rel: impl AsRef<Path>) -> PathBuf {
        self.0.join(rel)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
