//! Bounds-checked row copies between pitched memory, shared by init, update, copy and map.

use crate::ResourceError;

/// A pitched block of memory: start offset plus row and depth pitch in bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pitched {
    pub(crate) offset: usize,
    pub(crate) row_pitch: usize,
    pub(crate) depth_pitch: usize,
}

/// The extent copied: `rows` rows of `row_bytes` bytes, in `depth` slices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Extent {
    pub(crate) row_bytes: usize,
    pub(crate) rows: usize,
    pub(crate) depth: usize,
}

impl Extent {
    /// True when nothing is copied.
    pub(crate) fn is_empty(&self) -> bool {
        self.row_bytes == 0 || self.rows == 0 || self.depth == 0
    }
}

fn oob(what: &str) -> ResourceError {
    ResourceError::OutOfBounds(format!("{what} is too small for the region"))
}

/// One past the last byte a pitched region touches, or `None` on overflow.
pub(crate) fn span_end(p: Pitched, e: Extent) -> Option<usize> {
    if e.is_empty() {
        return Some(p.offset);
    }
    let last_slice = (e.depth - 1).checked_mul(p.depth_pitch)?;
    let last_row = (e.rows - 1).checked_mul(p.row_pitch)?;
    p.offset
        .checked_add(last_slice)?
        .checked_add(last_row)?
        .checked_add(e.row_bytes)
}

/// Copies the region row by row; one `copy_from_slice` when both sides are tightly packed.
pub(crate) fn copy_region(
    dst: &mut [u8],
    d: Pitched,
    src: &[u8],
    s: Pitched,
    e: Extent,
) -> Result<(), ResourceError> {
    if e.is_empty() {
        return Ok(());
    }
    let dst_end = span_end(d, e).ok_or_else(|| oob("destination"))?;
    let src_end = span_end(s, e).ok_or_else(|| oob("source"))?;
    if dst_end > dst.len() {
        return Err(oob("destination"));
    }
    if src_end > src.len() {
        return Err(oob("source"));
    }
    let packed_rows = |p: Pitched| p.row_pitch == e.row_bytes || e.rows == 1;
    let slice_bytes = e.row_bytes * e.rows;
    let packed_slices = |p: Pitched| p.depth_pitch == slice_bytes || e.depth == 1;
    if packed_rows(d) && packed_rows(s) && packed_slices(d) && packed_slices(s) {
        let n = slice_bytes * e.depth;
        if let (Some(dr), Some(sr)) = (
            dst.get_mut(d.offset..d.offset + n),
            src.get(s.offset..s.offset + n),
        ) {
            dr.copy_from_slice(sr);
            return Ok(());
        }
    }
    for z in 0..e.depth {
        for y in 0..e.rows {
            let doff = d.offset + z * d.depth_pitch + y * d.row_pitch;
            let soff = s.offset + z * s.depth_pitch + y * s.row_pitch;
            let dr = dst
                .get_mut(doff..doff + e.row_bytes)
                .ok_or_else(|| oob("destination"))?;
            let sr = src
                .get(soff..soff + e.row_bytes)
                .ok_or_else(|| oob("source"))?;
            dr.copy_from_slice(sr);
        }
    }
    Ok(())
}
