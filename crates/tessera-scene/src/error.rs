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
    /// A WGSL shader of the scene did not compile (naga's `line:column` message for syntax
    /// errors, or the tessera-shader rule it breaks).
    #[error("{}: {json_path}: {shader}: {source}", file.display())]
    Shader {
        /// The scene file.
        file: PathBuf,
        /// The `shaders` entry, e.g. `shaders.ps`.
        json_path: String,
        /// The shader file as written in the scene, or `inline source`.
        shader: String,
        /// tessera-shader's error.
        source: Box<tessera_shader::CompileError>,
    },
    /// A model (glTF, PLY) or image file could not be decoded.
    #[error("{}: {message}", file.display())]
    Decode {
        /// The file.
        file: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A file reference names something that is not a regular file (FIFO, device, folder, …).
    #[error("{}: is {kind}; only regular files are read", file.display())]
    NotRegularFile {
        /// The file.
        file: PathBuf,
        /// What it is, e.g. `a FIFO`.
        kind: &'static str,
    },
    /// A file is larger than [`crate::input::InputPolicy::max_file_bytes`].
    #[error("{}: {size} bytes exceed the input limit of {limit} bytes", file.display())]
    FileTooLarge {
        /// The file.
        file: PathBuf,
        /// Its size (or the bytes read before stopping).
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A file reference leaves the folder of the file naming it (absolute path, `..`, link),
    /// and [`crate::input::InputPolicy::allow_outside_base`] is false.
    #[error(
        "{}: the reference leaves the folder {}; outside paths are refused unless allowed (InputPolicy::allow_outside_base; tessera render --allow-any-path)",
        file.display(),
        base.display()
    )]
    OutsideBase {
        /// The reference, as resolved against `base`.
        file: PathBuf,
        /// The folder references must stay in.
        base: PathBuf,
    },
    /// An image is wider or taller than [`crate::input::InputPolicy::max_image_dimension`].
    #[error("{}: image of {width}x{height} exceeds the limit of {limit} pixels a side", file.display())]
    ImageTooLarge {
        /// The image (or the model or scene file holding it).
        file: PathBuf,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// The limit.
        limit: u32,
    },
    /// Decoding an image would allocate more than
    /// [`crate::input::InputPolicy::max_image_alloc_bytes`].
    #[error("{}: decoding needs {bytes} bytes, over the image limit of {limit}", file.display())]
    ImageAlloc {
        /// The image.
        file: PathBuf,
        /// Bytes the decoded image needs.
        bytes: u64,
        /// The limit.
        limit: u64,
    },
    /// A model file breaks a structural rule (GLB header, glTF accessor, PLY header, …).
    #[error("{}: {at}: {rule}", file.display())]
    Malformed {
        /// The model file.
        file: PathBuf,
        /// Where, e.g. `accessors[2]` or `GLB header`.
        at: String,
        /// The rule broken, with the offending values.
        rule: String,
    },
    /// A count or size in a model file is larger than the input can hold or a limit allows.
    #[error("{}: {what}: {value} exceeds the limit of {limit}", file.display())]
    Limit {
        /// The model file.
        file: PathBuf,
        /// What was measured, e.g. `PLY elements need bytes`.
        what: String,
        /// The value found.
        value: u64,
        /// The limit it exceeds.
        limit: u64,
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
