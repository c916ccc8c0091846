//! [`BandMut`]: the rows of one band of a target, addressed in target coordinates.

use super::layout::Layout;
use crate::Format;

/// Rows `y0 .. y0 + rows` of slice 0 of a surface, split off by
/// [`super::SurfaceMut::bands_mut`]. Coordinates are the target's (`y` counts from the top of
/// the surface, not of the band); elements outside the band read and write as absent (empty
/// or `None`), never another band's bytes.
#[derive(Debug)]
pub struct BandMut<'a> {
    layout: Layout,
    y0: u32,
    data: &'a mut [u8],
}

impl<'a> BandMut<'a> {
    /// A band over `data`, which starts at row `y0` (crate-internal: bands come from a surface).
    pub(crate) fn new(layout: Layout, y0: u32, data: &'a mut [u8]) -> Self {
        Self { layout, y0, data }
    }

    /// First row of the band in target coordinates.
    #[inline]
    pub fn y0(&self) -> u32 {
        self.y0
    }

    /// Element format.
    #[inline]
    pub fn format(&self) -> Format {
        self.layout.format()
    }

    /// Target width in texels.
    #[inline]
    pub fn width(&self) -> u32 {
        self.layout.width()
    }

    /// Bytes between rows.
    #[inline]
    pub fn row_pitch(&self) -> usize {
        self.layout.row_pitch()
    }

    /// Byte offset of element (x, y) in the band's memory (`y ≥ y0`).
    #[inline(always)]
    fn offset(&self, x: u32, y: u32) -> usize {
        self.layout.offset(x, y.wrapping_sub(self.y0), 0)
    }

    /// Bytes of element (x, y); empty outside the band.
    #[inline]
    pub fn texel(&self, x: u32, y: u32) -> &[u8] {
        let o = self.offset(x, y);
        self.data
            .get(o..o + self.layout.element_bytes())
            .unwrap_or(&[])
    }

    /// Mutable bytes of row `y`'s elements (the row without its padding); empty outside the
    /// band.
    #[inline]
    pub fn row_mut(&mut self, y: u32) -> &mut [u8] {
        let o = self.offset(0, y);
        let n = self.layout.row_bytes();
        self.data.get_mut(o..o + n).unwrap_or(&mut [])
    }

    /// Mutable bytes of element (x, y); empty outside the band.
    #[inline]
    pub fn texel_mut(&mut self, x: u32, y: u32) -> &mut [u8] {
        let o = self.offset(x, y);
        let n = self.layout.element_bytes();
        self.data.get_mut(o..o + n).unwrap_or(&mut [])
    }

    /// The first 16 bytes at (x, y) and at (x, y + 1): the two rows of a 4×2 block of 32-bit
    /// texels, if both lie in the band.
    #[inline(always)]
    pub fn block_rows(&self, x: u32, y: u32) -> Option<(&[u8; 16], &[u8; 16])> {
        let row0 = self.offset(x, y);
        let row1 = row0.checked_add(self.layout.row_pitch())?;
        let a = self
            .data
            .get(row0..row0.checked_add(16)?)?
            .try_into()
            .ok()?;
        let b = self
            .data
            .get(row1..row1.checked_add(16)?)?
            .try_into()
            .ok()?;
        Some((a, b))
    }

    /// [`Self::block_rows`] for writing (`None` also when the rows would overlap: pitch < 16).
    #[inline(always)]
    pub fn block_rows_mut(&mut self, x: u32, y: u32) -> Option<(&mut [u8; 16], &mut [u8; 16])> {
        let (a, b) = self.row_pair_mut(x, y, 16)?;
        Some((a.try_into().ok()?, b.try_into().ok()?))
    }

    /// `len` bytes from (x, y) and from (x, y + 1), if both lie in the band and do not overlap
    /// (`len` ≤ row pitch): the two rows of a run of 2-row blocks.
    #[inline(always)]
    pub fn row_pair_mut(&mut self, x: u32, y: u32, len: usize) -> Option<(&mut [u8], &mut [u8])> {
        let pitch = self.layout.row_pitch();
        if len > pitch {
            return None;
        }
        let row0 = self.offset(x, y);
        let (head, tail) = self.data.split_at_mut_checked(row0.checked_add(pitch)?)?;
        let a = head.get_mut(row0..row0.checked_add(len)?)?;
        let b = tail.get_mut(..len)?;
        Some((a, b))
    }
}
