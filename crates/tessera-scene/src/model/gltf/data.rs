//! Buffers and images of a glTF document, loaded by Tessera rather than by the glTF library:
//! the GLB BIN chunk, `data:` URIs (base64) and relative file URIs read through
//! [`read_file`] under the policy, so a missing `.bin` or texture names that file. Buffer views
//! are checked against their buffers here, once, before any accessor or image uses them.

use std::path::{Path, PathBuf};

use image::DynamicImage;

use crate::error::SceneError;
use crate::input::{InputPolicy, base_of, decode_image_counted, read_file};

/// Where the document came from and how its references are read.
pub(super) struct Source<'a> {
    /// The model file (names it in errors; its folder anchors relative URIs).
    pub origin: &'a Path,
    /// The GLB BIN chunk, if any.
    pub bin: Option<&'a [u8]>,
    /// The input limits.
    pub policy: &'a InputPolicy,
}

impl Source<'_> {
    fn bad(&self, at: String, rule: impl Into<String>) -> SceneError {
        SceneError::Malformed {
            file: self.origin.to_owned(),
            at,
            rule: rule.into(),
        }
    }

    /// The bytes a URI names: a base64 `data:` URI or a file relative to the model's folder.
    fn uri(&self, uri: &str, at: &str) -> Result<(Vec<u8>, PathBuf), SceneError> {
        if let Some(rest) = uri.strip_prefix("data:") {
            let Some((_, b64)) = rest.split_once(";base64,") else {
                return Err(self.bad(at.to_owned(), "a data: URI must be base64 encoded"));
            };
            let bytes = base64::decode(b64)
                .map_err(|e| self.bad(at.to_owned(), format!("bad base64 in a data: URI: {e}")))?;
            return Ok((bytes, self.origin.to_owned()));
        }
        if let Some((scheme, _)) = uri.split_once(':')
            && scheme.len() > 1
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        {
            return Err(self.bad(at.to_owned(), format!("unsupported URI scheme `{scheme}:`")));
        }
        let base = base_of(self.origin);
        let path = base.join(percent_decode(uri));
        Ok((read_file(&path, Some(&base), self.policy)?, path))
    }

    /// Loads every buffer, checking each holds its declared `byteLength`.
    pub fn buffers(&self, root: &gltf::json::Root) -> Result<Vec<Vec<u8>>, SceneError> {
        let mut out = Vec::with_capacity(root.buffers.len());
        for (i, b) in root.buffers.iter().enumerate() {
            let at = format!("buffers[{i}]");
            let (mut bytes, file) = match (&b.uri, i, self.bin) {
                (Some(uri), _, _) => self.uri(uri, &at)?,
                (None, 0, Some(bin)) => (bin.to_vec(), self.origin.to_owned()),
                (None, _, _) => {
                    return Err(self.bad(at, "a buffer without a uri needs the GLB BIN chunk"));
                }
            };
            let declared = b.byte_length.0;
            if (bytes.len() as u64) < declared {
                return Err(SceneError::Malformed {
                    file,
                    at,
                    rule: format!(
                        "holds {} bytes but byteLength declares {declared}",
                        bytes.len()
                    ),
                });
            }
            bytes.truncate(declared as usize);
            out.push(bytes);
        }
        Ok(out)
    }

    /// Each buffer view's bytes, after checking the view lies inside its buffer.
    pub fn views<'b>(
        &self,
        root: &gltf::json::Root,
        buffers: &'b [Vec<u8>],
    ) -> Result<Vec<&'b [u8]>, SceneError> {
        let mut out = Vec::with_capacity(root.buffer_views.len());
        for (i, v) in root.buffer_views.iter().enumerate() {
            let at = format!("bufferViews[{i}]");
            let b = v.buffer.value();
            let buffer = buffers
                .get(b)
                .ok_or_else(|| self.bad(at.clone(), format!("no buffer {b}")))?;
            let offset = v.byte_offset.map_or(0, |o| o.0);
            let len = v.byte_length.0;
            match offset.checked_add(len) {
                Some(end) if end <= buffer.len() as u64 => {
                    out.push(&buffer[offset as usize..end as usize]);
                }
                _ => {
                    return Err(self.bad(
                        at,
                        format!(
                            "bytes {offset}..+{len} run past buffer {b} of {} bytes",
                            buffer.len()
                        ),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// Decodes every image (8-bit grey, grey-alpha, RGB or RGBA kept; others are `None`).
    pub fn images(
        &self,
        root: &gltf::json::Root,
        views: &[&[u8]],
    ) -> Result<Vec<Option<DynamicImage>>, SceneError> {
        let mut out = Vec::with_capacity(root.images.len());
        let mut used = 0;
        for (i, img) in root.images.iter().enumerate() {
            let at = format!("images[{i}]");
            let (bytes, file) = match (&img.uri, img.buffer_view) {
                (Some(uri), None) => self.uri(uri, &at)?,
                (None, Some(v)) => {
                    if img.mime_type.is_none() {
                        return Err(self.bad(at, "an image in a buffer view needs a mimeType"));
                    }
                    let bytes = views.get(v.value()).ok_or_else(|| {
                        self.bad(at.clone(), format!("no buffer view {}", v.value()))
                    })?;
                    (bytes.to_vec(), self.origin.to_owned())
                }
                (Some(_), Some(_)) => {
                    return Err(self.bad(at, "an image has a uri or a bufferView, not both"));
                }
                (None, None) => {
                    return Err(self.bad(at, "an image needs a uri or a bufferView"));
                }
            };
            let decoded = decode_image_counted(&bytes, &file, self.policy, &mut used)?;
            out.push(match decoded {
                d @ (DynamicImage::ImageRgba8(_)
                | DynamicImage::ImageRgb8(_)
                | DynamicImage::ImageLuma8(_)
                | DynamicImage::ImageLumaA8(_)) => Some(d),
                _ => None,
            });
        }
        Ok(out)
    }
}

/// `%XX` escapes of a URI reference decoded (invalid escapes are kept as written).
fn percent_decode(uri: &str) -> String {
    let b = uri.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%'
            && i + 2 < b.len()
            && let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2]))
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
