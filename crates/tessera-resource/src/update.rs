//! `UpdateSubresource`: CPU data into a DEFAULT (or STAGING) resource, optionally into a box.

use tessera_caps::{BindFlags, Caps, Usage};

use crate::blit::{Pitched, copy_region};
use crate::layout::{Box3, box_region};
use crate::{Resource, ResourceError};

/// `UpdateSubresource`: refused on IMMUTABLE/DYNAMIC, depth-stencil and multisampled resources (D3D11);
/// a boxed constant-buffer update needs the partial-update cap; an empty box is a no-op.
pub fn update_subresource(
    caps: &Caps,
    dst: &Resource,
    sub: u32,
    dst_box: Option<&Box3>,
    data: &[u8],
    row_pitch: usize,
    depth_pitch: usize,
) -> Result<(), ResourceError> {
    const OP: &str = "UpdateSubresource";
    dst.check_sub(sub)?;
    let usage = dst.usage();
    if matches!(usage, Usage::Immutable | Usage::Dynamic) {
        return Err(ResourceError::UsageNotAllowed { op: OP, usage });
    }
    dst.check_not_mapped()?;
    if dst_box.is_some_and(Box3::is_empty) {
        return Ok(());
    }
    match dst {
        Resource::Buffer(b) => {
            let len = b.len() as u32;
            let bx = dst_box.copied().unwrap_or(Box3::bytes(0, len));
            if bx.top != 0 || bx.bottom != 1 || bx.front != 0 || bx.back != 1 || bx.right > len {
                return Err(ResourceError::OutOfBounds(format!(
                    "buffer box {bx:?} outside 0..{len}"
                )));
            }
            let is_cb = b.desc().bind_flags.contains(BindFlags::CONSTANT_BUFFER);
            if is_cb
                && dst_box.is_some()
                && !caps.check_feature_support().cb_offsetting_partial_updates
            {
                return Err(ResourceError::Unsupported {
                    op: "partial constant-buffer update",
                    level: caps.level(),
                });
            }
            let n = (bx.right - bx.left) as usize;
            let src = data.get(..n).ok_or_else(|| {
                ResourceError::OutOfBounds(format!("{n} bytes needed, {} given", data.len()))
            })?;
            let mut w = b.write();
            let d = w
                .get_mut(bx.left as usize..bx.right as usize)
                .ok_or_else(|| ResourceError::OutOfBounds("buffer box".into()))?;
            d.copy_from_slice(src);
            Ok(())
        }
        Resource::Texture(t) => {
            let desc = t.desc();
            if desc.format.is_depth_stencil() || desc.bind_flags.contains(BindFlags::DEPTH_STENCIL)
            {
                return Err(ResourceError::InvalidOperation {
                    op: OP,
                    reason: "depth-stencil destinations are refused".into(),
                });
            }
            if desc.sample_desc.count > 1 {
                return Err(ResourceError::InvalidOperation {
                    op: OP,
                    reason: "multisampled destinations are refused".into(),
                });
            }
            let l = t.layout(sub)?;
            let bx = dst_box
                .copied()
                .unwrap_or(Box3::whole(l.width, l.height, l.depth));
            let r = box_region(&l, desc.format, &bx)?;
            if r.extent.rows > 1 && row_pitch < r.extent.row_bytes {
                return Err(ResourceError::OutOfBounds(format!(
                    "row pitch {row_pitch} < {} bytes per row",
                    r.extent.row_bytes
                )));
            }
            if r.extent.depth > 1 && depth_pitch < row_pitch.saturating_mul(r.extent.rows) {
                return Err(ResourceError::OutOfBounds(format!(
                    "depth pitch {depth_pitch} too small"
                )));
            }
            let mut w = t.write();
            copy_region(
                w.bytes_mut(),
                r.at,
                data,
                Pitched {
                    offset: 0,
                    row_pitch,
                    depth_pitch,
                },
                r.extent,
            )
        }
    }
}
