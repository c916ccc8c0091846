//! Borrowed views of texel memory (pitch-linear, element = texel or 4x4 block) used by the
//! pipeline and sampler without knowing about resources.

use crate::{Format, FormatError};

/// Validates a layout and returns `(element bytes, element row bytes, bytes needed)`.
/// Checks a layout and that `len` bytes hold all of it (`BufferTooSmall` otherwise).
fn validate(
    format: Format,
    width: u32,
    height: u32,
    depth: u32,
    row_pitch: usize,
    depth_pitch: usize,
    len: usize,
) -> Result<(), FormatError> {
    let info = format.info();
    let bad = |reason| FormatError::InvalidLayout { format, reason };
    if info.bytes_per_block == 0 {
        return Err(bad("format has no element size (UNKNOWN)"));
    }
    if width == 0 || height == 0 || depth == 0 {
        return Err(bad("zero width, height or depth"));
    }
    let bpb = info.bytes_per_block as usize;
    let (bw, bh) = (
        width.div_ceil(info.block_width) as usize,
        height.div_ceil(info.block_height) as usize,
    );
    let row_bytes = bw.checked_mul(bpb).ok_or(bad("size overflow"))?;
    if row_pitch < row_bytes {
        return Err(bad("row_pitch smaller than one row of elements"));
    }
    let slice_bytes = row_pitch
        .checked_mul(bh - 1)
        .and_then(|v| v.checked_add(row_bytes))
        .ok_or(bad("size overflow"))?;
    if depth > 1 && depth_pitch < slice_bytes {
        return Err(bad("depth_pitch smaller than one slice"));
    }
    let needed = depth_pitch
        .checked_mul(depth as usize - 1)
        .and_then(|v| v.checked_add(slice_bytes))
        .ok_or(bad("size overflow"))?;
    if len < needed {
        return Err(FormatError::BufferTooSmall {
            format,
            needed,
            got: len,
        });
    }
    Ok(())
}

/// Byte offset of element (x, y, z); precondition: in bounds (validated layout ⇒ no overflow).
#[inline]
fn offset(format: Format, row_pitch: usize, depth_pitch: usize, x: u32, y: u32, z: u32) -> usize {
    z as usize * depth_pitch
        + y as usize * row_pitch
        + x as usize * format.info().bytes_per_block as usize
}

/// Read-only view of a 1D/2D/3D subresource: rows of elements `row_pitch` apart, slices `depth_pitch` apart.
#[derive(Clone, Copy, Debug)]
pub struct Surface<'a> {
    /// Element format.
    pub format: Format,
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// Depth in slices (1 for 1D/2D).
    pub depth: u32,
    /// Bytes between element rows (block rows for BC).
    pub row_pitch: usize,
    /// Bytes between depth slices.
    pub depth_pitch: usize,
    /// The texel memory (at least as large as the layout needs).
    pub data: &'a [u8],
}

/// Mutable view of a subresource; same layout rules as [`Surface`].
#[derive(Debug)]
pub struct SurfaceMut<'a> {
    /// Element format.
    pub format: Format,
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// Depth in slices (1 for 1D/2D).
    pub depth: u32,
    /// Bytes between element rows (block rows for BC).
    pub row_pitch: usize,
    /// Bytes between depth slices.
    pub depth_pitch: usize,
    /// The texel memory (at least as large as the layout needs).
    pub data: &'a mut [u8],
}

/// Tightly packed `(row_pitch, depth_pitch)` for `width` x `height` texels (BC rows are block rows).
pub fn tight_pitches(format: Format, width: u32, height: u32) -> (usize, usize) {
    let info = format.info();
    let row = width.div_ceil(info.block_width.max(1)) as usize * info.bytes_per_block as usize;
    (
        row,
        row * height.div_ceil(info.block_height.max(1)) as usize,
    )
}

impl<'a> Surface<'a> {
    /// Creates a view, checking pitches and that `data` holds the whole layout (`BufferTooSmall` otherwise).
    pub fn new(
        format: Format,
        width: u32,
        height: u32,
        depth: u32,
        row_pitch: usize,
        depth_pitch: usize,
        data: &'a [u8],
    ) -> Result<Self, FormatError> {
        validate(
            format,
            width,
            height,
            depth,
            row_pitch,
            depth_pitch,
            data.len(),
        )?;
        Ok(Surface {
            format,
            width,
            height,
            depth,
            row_pitch,
            depth_pitch,
            data,
        })
    }

    /// Tightly packed `(row_pitch, depth_pitch)`; see [`tight_pitches`].
    pub fn tight_pitches(format: Format, width: u32, height: u32) -> (usize, usize) {
        tight_pitches(format, width, height)
    }

    /// Width in elements (blocks for BC).
    pub fn width_in_elements(&self) -> u32 {
        self.width.div_ceil(self.format.info().block_width)
    }

    /// Height in elements (block rows for BC).
    pub fn height_in_elements(&self) -> u32 {
        self.height.div_ceil(self.format.info().block_height)
    }

    /// Bytes of the element at (x, y, z) in element coords; caller guarantees bounds (debug-asserted);
    /// never panics: an out-of-range element yields an empty slice.
    #[inline]
    pub fn texel(&self, x: u32, y: u32, z: u32) -> &'a [u8] {
        debug_assert!(
            x < self.width_in_elements() && y < self.height_in_elements() && z < self.depth
        );
        let o = offset(self.format, self.row_pitch, self.depth_pitch, x, y, z);
        let n = self.format.info().bytes_per_block as usize;
        self.data.get(o..o + n).unwrap_or(&[])
    }

    /// Bytes of element row `y` of slice `z` (exactly one row of elements; empty if out of range).
    pub fn row(&self, y: u32, z: u32) -> &'a [u8] {
        let o = offset(self.format, self.row_pitch, self.depth_pitch, 0, y, z);
        let n = self.width_in_elements() as usize * self.format.info().bytes_per_block as usize;
        self.data.get(o..o + n).unwrap_or(&[])
    }
}

impl<'a> SurfaceMut<'a> {
    /// Creates a mutable view with the same checks as [`Surface::new`].
    pub fn new(
        format: Format,
        width: u32,
        height: u32,
        depth: u32,
        row_pitch: usize,
        depth_pitch: usize,
        data: &'a mut [u8],
    ) -> Result<Self, FormatError> {
        validate(
            format,
            width,
            height,
            depth,
            row_pitch,
            depth_pitch,
            data.len(),
        )?;
        Ok(SurfaceMut {
            format,
            width,
            height,
            depth,
            row_pitch,
            depth_pitch,
            data,
        })
    }

    /// Read-only reborrow.
    pub fn as_surface(&self) -> Surface<'_> {
        Surface {
            format: self.format,
            width: self.width,
            height: self.height,
            depth: self.depth,
            row_pitch: self.row_pitch,
            depth_pitch: self.depth_pitch,
            data: self.data,
        }
    }

    /// Read-only bytes of the element at (x, y, z); same contract as [`Surface::texel`].
    #[inline]
    pub fn texel(&self, x: u32, y: u32, z: u32) -> &[u8] {
        let o = offset(self.format, self.row_pitch, self.depth_pitch, x, y, z);
        let n = self.format.info().bytes_per_block as usize;
        self.data.get(o..o + n).unwrap_or(&[])
    }

    /// Mutable bytes of the element at (x, y, z); caller guarantees bounds (debug-asserted), empty if out of range.
    #[inline]
    pub fn texel_mut(&mut self, x: u32, y: u32, z: u32) -> &mut [u8] {
        debug_assert!({
            let s = self.as_surface();
            x < s.width_in_elements() && y < s.height_in_elements() && z < s.depth
        });
        let o = offset(self.format, self.row_pitch, self.depth_pitch, x, y, z);
        let n = self.format.info().bytes_per_block as usize;
        self.data.get_mut(o..o + n).unwrap_or(&mut [])
    }

    /// Mutable bytes of element row `y` of slice `z` (one row of elements; empty if out of range).
    pub fn row_mut(&mut self, y: u32, z: u32) -> &mut [u8] {
        let o = offset(self.format, self.row_pitch, self.depth_pitch, 0, y, z);
        let n = self.as_surface().width_in_elements() as usize
            * self.format.info().bytes_per_block as usize;
        self.data.get_mut(o..o + n).unwrap_or(&mut [])
    }
}
