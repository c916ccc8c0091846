//! Pitched regions of raw memory: the bounds-checked row copies and fills behind resource
//! initialisation, `UpdateSubresource`, copies, maps and clears, and the placement of a box
//! inside a subresource. Memory that is not (yet) a [`super::Surface`] (user data with its own
//! pitches, a whole allocation) is addressed here, so that no other code multiplies pitches.

/// A pitched block of memory: start offset plus row and depth pitch in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pitched {
    /// Byte offset of the first element.
    pub offset: usize,
    /// Bytes between rows (block rows for BC).
    pub row_pitch: usize,
    /// Bytes between slices.
    pub depth_pitch: usize,
}

/// The extent of a region: `rows` rows of `row_bytes` bytes, in `depth` slices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    /// Bytes of one row.
    pub row_bytes: usize,
    /// Rows per slice.
    pub rows: usize,
    /// Slices.
    pub depth: usize,
}

/// Which side of a copy its memory cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionSide {
    /// The destination is too small for the region.
    Destination,
    /// The source is too small for the region.
    Source,
}

impl RegionSide {
    /// "destination" or "source".
    pub fn name(self) -> &'static str {
        match self {
            Self::Destination => "destination",
            Self::Source => "source",
        }
    }
}

impl Extent {
    /// True when nothing is copied.
    pub fn is_empty(&self) -> bool {
        self.row_bytes == 0 || self.rows == 0 || self.depth == 0
    }

    /// The tightly packed region of this extent at offset 0 (a temporary copy's layout).
    pub fn packed(&self) -> Pitched {
        Pitched {
            offset: 0,
            row_pitch: self.row_bytes,
            depth_pitch: self.row_bytes * self.rows,
        }
    }
}

impl Pitched {
    /// The region starting at element (x, y, z) of this one, elements `element_bytes` wide.
    #[inline]
    pub fn at_element(self, x: u32, y: u32, z: u32, element_bytes: usize) -> Self {
        Self {
            offset: self.offset
                + z as usize * self.depth_pitch
                + y as usize * self.row_pitch
                + x as usize * element_bytes,
            ..self
        }
    }

    /// One past the last byte the region touches with extent `e`, or `None` on overflow.
    pub fn span_end(self, e: Extent) -> Option<usize> {
        if e.is_empty() {
            return Some(self.offset);
        }
        let last_slice = (e.depth - 1).checked_mul(self.depth_pitch)?;
        let last_row = (e.rows - 1).checked_mul(self.row_pitch)?;
        self.offset
            .checked_add(last_slice)?
            .checked_add(last_row)?
            .checked_add(e.row_bytes)
    }

    /// Row `y` of slice `z` (`row_bytes` long) of `data`, if `data` holds it.
    #[inline]
    pub fn row_mut(
        self,
        data: &mut [u8],
        y: usize,
        z: usize,
        row_bytes: usize,
    ) -> Option<&mut [u8]> {
        let o = self.offset + z * self.depth_pitch + y * self.row_pitch;
        data.get_mut(o..o.checked_add(row_bytes)?)
    }

    /// Slice `z` of `data` from its first row to the end of its last (`rows` rows of
    /// `row_bytes`), if `data` holds it: rows start every `row_pitch` bytes of the result.
    pub fn slice_rows_mut(
        self,
        data: &mut [u8],
        z: usize,
        rows: usize,
        row_bytes: usize,
    ) -> Option<&mut [u8]> {
        if rows == 0 {
            return Some(&mut []);
        }
        let start = self.offset + z * self.depth_pitch;
        let end = start + (rows - 1) * self.row_pitch + row_bytes;
        data.get_mut(start..end)
    }
}

/// Copies region `e` from `src` at `s` to `dst` at `d`, row by row (one `copy_from_slice` when
/// both sides are tightly packed); nothing is written when either side cannot hold it.
pub fn copy_region(
    dst: &mut [u8],
    d: Pitched,
    src: &[u8],
    s: Pitched,
    e: Extent,
) -> Result<(), RegionSide> {
    if e.is_empty() {
        return Ok(());
    }
    let dst_end = d.span_end(e).ok_or(RegionSide::Destination)?;
    let src_end = s.span_end(e).ok_or(RegionSide::Source)?;
    if dst_end > dst.len() {
        return Err(RegionSide::Destination);
    }
    if src_end > src.len() {
        return Err(RegionSide::Source);
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
                .ok_or(RegionSide::Destination)?;
            let sr = src
                .get(soff..soff + e.row_bytes)
                .ok_or(RegionSide::Source)?;
            dr.copy_from_slice(sr);
        }
    }
    Ok(())
}
