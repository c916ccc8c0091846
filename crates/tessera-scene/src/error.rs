//! [`SceneError`]: every way loading or rendering a scene can fail, naming where.

use std::path::PathBuf;

/// Why a scene could not be loaded or rendered. Display is one line, starting with the file
/// (and `line:column` for syntax and schema errors).
#[derive(Debug, thiserror::Error)]
pub enum SceneError {
    /// A file could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The JSON is malformed or does not match the schema.
    #[error("{}:{line}:{column}: {message}{}", file.display(), at_path(json_path))]
    Parse {
        /// The scene file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// Where in the document, e.g. `commands[3].draw.vertex_count` (may be empty).
        json_path: String,
        /// serde_json's message.
        message: String,
    },
    /// The scene is well-formed but inconsistent (unknown names, bad sizes, …).
    #[error("{}: {json_path}: {message}", file.display())]
    Invalid {
        /// The scene file.
        file: PathBuf,
        /// Where in the document.
        json_path: String,
        /// What is wrong.
        message: String,
    },
    /// The device refused a call (feature-level rule, resource rule, …).
    #[error("{}: {json_path}: {source}", file.display())]
    Device {
        /// The scene file.
        file: PathBuf,
        /// The object or command that was refused, e.g. `commands[2].set_render_targets`.
        json_path: String,
        /// The device's error.
        source: Box<tessera::Error>,
    },
    /// A model (glTF, PLY) or image file could not be decoded.
    #[error("{}: {message}", file.display())]
    Decode {
        /// The file.
        file: PathBuf,
        /// What went wrong.
        message: String,
    },
}

fn at_path(p: &str) -> String {
    if p.is_empty() {
        String::new()
    } else {
        format!(" (at {p})")
    }
}

impl SceneError {
    /// The device error inside, if the device refused a call.
    pub fn device_error(&self) -> Option<&tessera::Error> {
        match self {
            Self::Device { source, .. } => Some(source),
            _ => None,
        }
    }
}
