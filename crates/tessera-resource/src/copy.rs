//! `CopyResource` and `CopySubresourceRegion` (SPEC §2.2 rules at 9_x via `Caps::validate_copy`).
//!
//! Copies are byte moves: row-wise `copy_from_slice`, one memcpy when the region is contiguous.
//! RefDev choice: a copy within one resource goes through a temporary, so overlap is harmless.

use tessera_caps::{BindFlags, Caps, CopyDesc, CopyKind, ResourceDesc};

use crate::blit::{Extent, Pitched, copy_region};
use crate::layout::{Box3, box_region};
use crate::{Resource, ResourceError, Texture, memory};

fn resource_desc(r: &Resource) -> ResourceDesc {
    match r {
        Resource::Buffer(b) => ResourceDesc::Buffer(*b.desc()),
        Resource::Texture(t) => ResourceDesc::Texture(*t.desc()),
    }
}

fn check_common(
    caps: &Caps,
    kind: CopyKind,
    dst: &Resource,
    src: &Resource,
) -> Result<(), ResourceError> {
    caps.validate_copy(&CopyDesc {
        kind,
        src: resource_desc(src),
        dst: resource_desc(dst),
    })?;
    dst.check_not_mapped()?;
    src.check_not_mapped()?;
    Ok(())
}

fn refuse(op: &'static str, reason: impl Into<String>) -> ResourceError {
    ResourceError::InvalidOperation {
        op,
        reason: reason.into(),
    }
}

/// `CopyResource`: same type, dimensions and format family; distinct resources; dst not IMMUTABLE.
pub fn copy_resource(caps: &Caps, dst: &Resource, src: &Resource) -> Result<(), ResourceError> {
    const OP: &str = "CopyResource";
    if dst.ptr_eq(src) {
        return Err(refuse(OP, "source and destination are the same resource"));
    }
    check_common(caps, CopyKind::Resource, dst, src)?;
    match (dst, src) {
        (Resource::Buffer(d), Resource::Buffer(s)) => {
            let s = s.read();
            let mut d = d.write();
            if d.len() != s.len() {
                return Err(refuse(OP, "buffer sizes differ"));
            }
            d.copy_from_slice(&s);
            Ok(())
        }
        (Resource::Texture(d), Resource::Texture(s)) => {
            if d.size_in_bytes() != s.size_in_bytes() {
                return Err(refuse(OP, "texture storage sizes differ"));
            }
            let s = s.read();
            let mut d = d.write();
            d.bytes_mut().copy_from_slice(s.bytes());
            Ok(())
        }
        _ => Err(refuse(OP, "source and destination differ in type")),
    }
}

/// `CopySubresourceRegion`: bounds-checked; BC boxes and destinations block-aligned; depth-stencil
/// and multisampled resources only as whole subresources (D3D11); an empty box is a no-op.
#[expect(
    clippy::too_many_arguments,
    reason = "the parameters of D3D11's CopySubresourceRegion"
)]
pub fn copy_subresource_region(
    caps: &Caps,
    dst: &Resource,
    dst_sub: u32,
    dst_x: u32,
    dst_y: u32,
    dst_z: u32,
    src: &Resource,
    src_sub: u32,
    src_box: Option<&Box3>,
) -> Result<(), ResourceError> {
    const OP: &str = "CopySubresourceRegion";
    dst.check_sub(dst_sub)?;
    src.check_sub(src_sub)?;
    check_common(caps, CopyKind::SubresourceRegion, dst, src)?;
    if src_box.is_some_and(Box3::is_empty) {
        return Ok(());
    }
    match (dst, src) {
        (Resource::Buffer(d), Resource::Buffer(s)) => {
            let bx = src_box.copied().unwrap_or(Box3::bytes(0, s.len() as u32));
            if bx.top != 0
                || bx.bottom != 1
                || bx.front != 0
                || bx.back != 1
                || bx.right as usize > s.len()
            {
                return Err(ResourceError::OutOfBounds(format!(
                    "source box {bx:?} outside the buffer"
                )));
            }
            if dst_y != 0 || dst_z != 0 {
                return Err(ResourceError::OutOfBounds(
                    "buffer destination y/z must be 0".into(),
                ));
            }
            let n = (bx.right - bx.left) as usize;
            let e = Extent {
                row_bytes: n,
                rows: 1,
                depth: 1,
            };
            let sp = Pitched {
                offset: bx.left as usize,
                row_pitch: n,
                depth_pitch: n,
            };
            let dp = Pitched {
                offset: dst_x as usize,
                row_pitch: n,
                depth_pitch: n,
            };
            if d.ptr_eq(s) {
                let tmp =
                    memory::allocate_copy(s.read().get(sp.offset..sp.offset + n).unwrap_or(&[]))?;
                let at0 = Pitched { offset: 0, ..sp };
                return copy_region(&mut d.write(), dp, &tmp, at0, e);
            }
            copy_region(&mut d.write(), dp, &s.read(), sp, e)
        }
        (Resource::Texture(d), Resource::Texture(s)) => {
            copy_texture_region(d, dst_sub, [dst_x, dst_y, dst_z], s, src_sub, src_box)
        }
        _ => Err(refuse(OP, "source and destination differ in type")),
    }
}

fn copy_texture_region(
    d: &Texture,
    dst_sub: u32,
    [x, y, z]: [u32; 3],
    s: &Texture,
    src_sub: u32,
    src_box: Option<&Box3>,
) -> Result<(), ResourceError> {
    const OP: &str = "CopySubresourceRegion";
    let (dd, sd) = (d.desc(), s.desc());
    if !sd.format.is_castable_to(dd.format) {
        return Err(refuse(
            OP,
            format!(
                "formats {:?} and {:?} are not in one family",
                sd.format, dd.format
            ),
        ));
    }
    if sd.sample_desc.count != dd.sample_desc.count {
        return Err(refuse(OP, "sample counts differ"));
    }
    let sl = s.layout(src_sub)?;
    let dl = d.layout(dst_sub)?;
    let whole = Box3::whole(sl.width, sl.height, sl.depth);
    let bx = src_box.copied().unwrap_or(whole);
    let special = |t: &Texture| {
        t.desc().format.is_depth_stencil()
            || t.desc().bind_flags.contains(BindFlags::DEPTH_STENCIL)
            || t.desc().sample_desc.count > 1
    };
    if (special(d) || special(s))
        && (bx != whole || (x, y, z) != (0, 0, 0) || (sl.width, sl.height) != (dl.width, dl.height))
    {
        return Err(refuse(
            OP,
            "depth-stencil and multisampled resources copy whole subresources only",
        ));
    }
    let sr = box_region(&sl, sd.format, &bx)?;
    let info = dd.format.info();
    let (bw, bh) = (info.block_width.max(1), info.block_height.max(1));
    if x % bw != 0 || y % bh != 0 {
        return Err(ResourceError::OutOfBounds(format!(
            "destination ({x},{y}) is not aligned to {bw}x{bh} blocks"
        )));
    }
    if info.bytes_per_block != sd.format.info().bytes_per_block
        || bw != sd.format.info().block_width.max(1)
    {
        return Err(refuse(OP, "source and destination element sizes differ"));
    }
    let (ex, ey, ez) = sr.elems;
    let fits = |origin: u32, n: u32, limit: u32| origin.checked_add(n).is_some_and(|e| e <= limit);
    if !fits(x / bw, ex, dl.elements_per_row)
        || !fits(y / bh, ey, dl.rows)
        || !fits(z, ez, dl.memory_slices())
    {
        return Err(ResourceError::OutOfBounds(format!(
            "destination at ({x},{y},{z}) does not fit the source box"
        )));
    }
    let elem = info.bytes_per_block as usize;
    let dr_at = Pitched {
        offset: dl.offset,
        row_pitch: dl.row_pitch,
        depth_pitch: dl.depth_pitch,
    }
    .at_element(x / bw, y / bh, z, elem);
    if d.ptr_eq(s) {
        let mut g = d.write();
        let mut tmp = memory::allocate_zeroed(
            (sr.extent.row_bytes * sr.extent.rows * sr.extent.depth) as u64,
        )?;
        let packed = sr.extent.packed();
        copy_region(&mut tmp, packed, g.bytes(), sr.at, sr.extent)?;
        return copy_region(g.bytes_mut(), dr_at, &tmp, packed, sr.extent);
    }
    let sg = s.read();
    let mut dg = d.write();
    copy_region(dg.bytes_mut(), dr_at, sg.bytes(), sr.at, sr.extent)
}
