//! The one owner of untrusted file input: every file a scene, model, rastbench scene or
//! `tessera compare` reads goes through [`read_file`], and every image through
//! [`decode_image`], both bounded by an [`InputPolicy`].

use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use crate::error::SceneError;

/// Limits on what input files may be and hold. `InputPolicy::default()` is what
/// [`crate::load`] and [`crate::Scene::load`] use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputPolicy {
    /// Largest file read, in bytes (default 256 MiB).
    pub max_file_bytes: u64,
    /// Whether a file reference may leave the folder of the file naming it (absolute paths,
    /// `..`, symbolic links out; default `false`).
    pub allow_outside_base: bool,
    /// Largest image width or height, in pixels (default 16384).
    pub max_image_dimension: u32,
    /// Largest allocation an image decoder may make, in bytes (default 1 GiB).
    pub max_image_alloc_bytes: u64,
}

impl Default for InputPolicy {
    fn default() -> Self {
        Self {
            max_file_bytes: 256 << 20,
            allow_outside_base: false,
            max_image_dimension: 16384,
            max_image_alloc_bytes: 1 << 30,
        }
    }
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SceneError + '_ {
    move |source| SceneError::Io {
        path: path.to_owned(),
        source,
    }
}

fn kind_of(ft: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_fifo() {
            return "a FIFO";
        }
        if ft.is_char_device() {
            return "a character device";
        }
        if ft.is_block_device() {
            return "a block device";
        }
        if ft.is_socket() {
            return "a socket";
        }
    }
    if ft.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Reads `path` whole, refusing what is not a regular file, what is larger than
/// `policy.max_file_bytes`, and (when `base` is given and `policy.allow_outside_base` is false)
/// what does not lie under `base` once both are canonicalized. At most limit + 1 bytes are
/// read, so a file that grows while it is read is still bounded.
pub fn read_file(
    path: &Path,
    base: Option<&Path>,
    policy: &InputPolicy,
) -> Result<Vec<u8>, SceneError> {
    if let (Some(base), false) = (base, policy.allow_outside_base) {
        let real = path.canonicalize().map_err(io_err(path))?;
        let root = base.canonicalize().map_err(io_err(base))?;
        if !real.starts_with(&root) {
            return Err(SceneError::OutsideBase {
                file: path.to_owned(),
                base: base.to_owned(),
            });
        }
    }
    let meta = std::fs::metadata(path).map_err(io_err(path))?;
    check_meta(path, &meta, policy)?;
    let file = std::fs::File::open(path).map_err(io_err(path))?;
    // The path may have been swapped between the two checks: check what was opened.
    check_meta(path, &file.metadata().map_err(io_err(path))?, policy)?;
    let mut bytes = Vec::new();
    file.take(policy.max_file_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io_err(path))?;
    if bytes.len() as u64 > policy.max_file_bytes {
        return Err(too_large(path, policy, bytes.len() as u64));
    }
    Ok(bytes)
}

fn too_large(path: &Path, policy: &InputPolicy, size: u64) -> SceneError {
    SceneError::FileTooLarge {
        file: path.to_owned(),
        size,
        limit: policy.max_file_bytes,
    }
}

fn check_meta(
    path: &Path,
    meta: &std::fs::Metadata,
    policy: &InputPolicy,
) -> Result<(), SceneError> {
    if !meta.file_type().is_file() {
        return Err(SceneError::NotRegularFile {
            file: path.to_owned(),
            kind: kind_of(meta.file_type()),
        });
    }
    if meta.len() > policy.max_file_bytes {
        return Err(too_large(path, policy, meta.len()));
    }
    Ok(())
}

/// Decodes a PNG or JPEG (the format is guessed from the bytes, not from the name), refusing
/// images wider or taller than `policy.max_image_dimension` and decodes that would allocate more
/// than `policy.max_image_alloc_bytes`. `origin` names the image in errors.
pub fn decode_image(
    bytes: &[u8],
    origin: &Path,
    policy: &InputPolicy,
) -> Result<image::DynamicImage, SceneError> {
    decode_image_counted(bytes, origin, policy, &mut 0)
}

/// [`decode_image`] for one of several images of a file: `used` is the RGBA8 bytes of the
/// images decoded so far, and all of them together must stay within
/// `policy.max_image_alloc_bytes` (a small compressed image can decode to a large one, so a
/// file of many would otherwise be unbounded).
pub(crate) fn decode_image_counted(
    bytes: &[u8],
    origin: &Path,
    policy: &InputPolicy,
    used: &mut u64,
) -> Result<image::DynamicImage, SceneError> {
    let decode = |e: image::ImageError| SceneError::Decode {
        file: origin.to_owned(),
        message: e.to_string(),
    };
    let reader = || {
        image::ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(io_err(origin))
    };
    let probe = reader()?;
    if probe.format().is_none() {
        return Err(SceneError::Decode {
            file: origin.to_owned(),
            message: "unrecognised image format (PNG and JPEG are supported)".into(),
        });
    }
    let (width, height) = probe.into_dimensions().map_err(decode)?;
    let limit = policy.max_image_dimension;
    if width > limit || height > limit {
        return Err(SceneError::ImageTooLarge {
            file: origin.to_owned(),
            width,
            height,
            limit,
        });
    }
    // Every image is converted to RGBA8 for upload: that allocation must fit as well.
    let rgba = u64::from(width) * u64::from(height) * 4;
    if rgba > policy.max_image_alloc_bytes {
        return Err(image_alloc(origin, policy, rgba));
    }
    let total = used.saturating_add(rgba);
    if total > policy.max_image_alloc_bytes {
        return Err(SceneError::Limit {
            file: origin.to_owned(),
            what: "bytes of the decoded images together".into(),
            value: total,
            limit: policy.max_image_alloc_bytes,
        });
    }
    *used = total;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(limit);
    limits.max_image_height = Some(limit);
    limits.max_alloc = Some(policy.max_image_alloc_bytes);
    let mut r = reader()?;
    r.limits(limits);
    r.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => image_alloc(origin, policy, rgba),
        e => decode(e),
    })
}

fn image_alloc(origin: &Path, policy: &InputPolicy, bytes: u64) -> SceneError {
    SceneError::ImageAlloc {
        file: origin.to_owned(),
        bytes,
        limit: policy.max_image_alloc_bytes,
    }
}

/// The folder relative references of `file` resolve against (`.` for a bare file name).
pub(crate) fn base_of(file: &Path) -> PathBuf {
    match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    }
}
