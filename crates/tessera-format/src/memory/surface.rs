//! [`Surface`] / [`SurfaceMut`]: a checked [`Layout`] over borrowed bytes, and every way to
//! reach an element of it.

use super::band::BandMut;
use super::layout::Layout;
use super::words::Words32;
use crate::{Format, FormatError};

/// Read-only view of a 1D/2D/3D subresource (see [`Layout`]); fields private, so every
/// surface went through the checks of [`Surface::new`].
#[derive(Clone, Copy, Debug)]
pub struct Surface<'a> {
    layout: Layout,
    data: &'a [u8],
}

/// Mutable view of a subresource; same layout rules as [`Surface`].
#[derive(Debug)]
pub struct SurfaceMut<'a> {
    layout: Layout,
    data: &'a mut [u8],
}

/// The accessors both views share, read from their [`Layout`].
macro_rules! layout_accessors {
    () => {
        /// The surface's layout.
        #[inline]
        pub fn layout(&self) -> Layout {
            self.layout
        }

        /// Element format.
        #[inline]
        pub fn format(&self) -> Format {
            self.layout.format()
        }

        /// Width in texels.
        #[inline]
        pub fn width(&self) -> u32 {
            self.layout.width()
        }

        /// Height in texels.
        #[inline]
        pub fn height(&self) -> u32 {
            self.layout.height()
        }

        /// Depth in slices (1 for 1D/2D).
        #[inline]
        pub fn depth(&self) -> u32 {
            self.layout.depth()
        }

        /// Bytes between element rows (the D3D `RowPitch`).
        #[inline]
        pub fn row_pitch(&self) -> usize {
            self.layout.row_pitch()
        }

        /// Bytes between slices (the D3D `DepthPitch`).
        #[inline]
        pub fn depth_pitch(&self) -> usize {
            self.layout.depth_pitch()
        }

        /// Width in elements (blocks for BC).
        #[inline]
        pub fn width_in_elements(&self) -> u32 {
            self.layout.width_in_elements()
        }

        /// Height in elements (block rows for BC).
        #[inline]
        pub fn height_in_elements(&self) -> u32 {
            self.layout.height_in_elements()
        }
    };
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
        let layout = Layout::linear(format, width, height, depth, row_pitch, depth_pitch)?;
        Self::from_layout(layout, data)
    }

    /// A view of `data` with a checked `layout` (`BufferTooSmall` when `data` is shorter).
    pub fn from_layout(layout: Layout, data: &'a [u8]) -> Result<Self, FormatError> {
        layout.check_len(data.len())?;
        Ok(Self { layout, data })
    }

    /// A surface of `layout` whose memory holds no element (every [`Surface::element`] read
    /// misses, [`Surface::texel`] is empty): the extent of a subresource whose bytes come from
    /// elsewhere, such as a tiled view read through [`super::TileTexels`].
    pub fn unbacked(layout: Layout) -> Surface<'static> {
        Surface { layout, data: &[] }
    }

    /// Tightly packed `(row_pitch, depth_pitch)`; see [`super::tight_pitches`].
    pub fn tight_pitches(format: Format, width: u32, height: u32) -> (usize, usize) {
        super::tight_pitches(format, width, height)
    }

    /// The same memory read as `format` (a TYPELESS cast: same element size and block shape).
    pub fn with_format(self, format: Format) -> Result<Self, FormatError> {
        Ok(Self {
            layout: self.layout.with_format(format)?,
            data: self.data,
        })
    }

    layout_accessors!();

    /// Bytes of the element at (x, y, z) in element coords; caller guarantees bounds (debug-asserted);
    /// never panics: an out-of-range element yields an empty slice.
    #[inline]
    pub fn texel(&self, x: u32, y: u32, z: u32) -> &'a [u8] {
        debug_assert!(
            x < self.width_in_elements() && y < self.height_in_elements() && z < self.depth()
        );
        let o = self.layout.offset(x, y, z);
        self.data
            .get(o..o + self.layout.element_bytes())
            .unwrap_or(&[])
    }

    /// Bytes of element (x, y, z) in element coords if the memory holds them (coordinates are
    /// not checked against the extent): the read of fetchers whose callers resolved addressing.
    #[inline]
    pub fn element(&self, x: u32, y: u32, z: u32) -> Option<&'a [u8]> {
        let o = self.layout.offset(x, y, z);
        self.data.get(o..o + self.layout.element_bytes())
    }

    /// The little-endian 32-bit element at (x, y) of slice 0, or 0 (every component 0) when
    /// the memory does not hold it: the per-lane read of 32-bit-texel fast paths.
    #[inline]
    pub fn word32(&self, x: u32, y: u32) -> i32 {
        let o = y as usize * self.layout.row_pitch() + x as usize * 4;
        match self.data.get(o..).and_then(<[u8]>::first_chunk::<4>) {
            Some(b) => i32::from_le_bytes(*b),
            None => 0,
        }
    }

    /// Bytes of element row `y` of slice `z` (exactly one row of elements; empty if out of range).
    #[inline]
    pub fn row(&self, y: u32, z: u32) -> &'a [u8] {
        let o = self.layout.offset(0, y, z);
        self.data.get(o..o + self.layout.row_bytes()).unwrap_or(&[])
    }

    /// The 8-lane address unit over this surface when its elements are 32-bit, its layout
    /// linear and its memory < 4 GiB ([`Words32::of`]).
    #[inline]
    pub fn words32(&self) -> Option<Words32<'a>> {
        Words32::of(self)
    }

    /// The memory the layout covers, from its first byte: for bulk copies between surfaces of
    /// one layout and for identity; element addresses into it come from this type.
    #[inline]
    pub fn as_bytes(&self) -> &'a [u8] {
        self.data
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
        let layout = Layout::linear(format, width, height, depth, row_pitch, depth_pitch)?;
        Self::from_layout(layout, data)
    }

    /// A mutable view of `data` with a checked `layout` (`BufferTooSmall` when shorter).
    pub fn from_layout(layout: Layout, data: &'a mut [u8]) -> Result<Self, FormatError> {
        layout.check_len(data.len())?;
        Ok(Self { layout, data })
    }

    /// The same memory written as `format` (a TYPELESS cast; see [`Surface::with_format`]).
    pub fn with_format(self, format: Format) -> Result<Self, FormatError> {
        Ok(Self {
            layout: self.layout.with_format(format)?,
            data: self.data,
        })
    }

    layout_accessors!();

    /// Mutable reborrow: the same layout over the same bytes for a shorter lifetime.
    #[inline]
    pub fn reborrow(&mut self) -> SurfaceMut<'_> {
        SurfaceMut {
            layout: self.layout,
            data: &mut *self.data,
        }
    }

    /// Read-only reborrow.
    #[inline]
    pub fn as_surface(&self) -> Surface<'_> {
        Surface {
            layout: self.layout,
            data: self.data,
        }
    }

    /// Read-only bytes of the element at (x, y, z); same contract as [`Surface::texel`].
    #[inline]
    pub fn texel(&self, x: u32, y: u32, z: u32) -> &[u8] {
        let o = self.layout.offset(x, y, z);
        self.data
            .get(o..o + self.layout.element_bytes())
            .unwrap_or(&[])
    }

    /// Mutable bytes of the element at (x, y, z); caller guarantees bounds (debug-asserted), empty if out of range.
    #[inline]
    pub fn texel_mut(&mut self, x: u32, y: u32, z: u32) -> &mut [u8] {
        debug_assert!(
            x < self.width_in_elements() && y < self.height_in_elements() && z < self.depth()
        );
        let o = self.layout.offset(x, y, z);
        let n = self.layout.element_bytes();
        self.data.get_mut(o..o + n).unwrap_or(&mut [])
    }

    /// Mutable bytes of element (x, y, z) in element coords if the memory holds them
    /// (coordinates not checked against the extent): [`Surface::element`] for writes, so a
    /// caller can report an out-of-range write as its own error.
    #[inline]
    pub fn element_mut(&mut self, x: u32, y: u32, z: u32) -> Option<&mut [u8]> {
        let o = self.layout.offset(x, y, z);
        let n = self.layout.element_bytes();
        self.data.get_mut(o..o + n)
    }

    /// Mutable bytes of element row `y` of slice `z` (one row of elements; empty if out of range).
    #[inline]
    pub fn row_mut(&mut self, y: u32, z: u32) -> &mut [u8] {
        let o = self.layout.offset(0, y, z);
        let n = self.layout.row_bytes();
        self.data.get_mut(o..o + n).unwrap_or(&mut [])
    }

    /// Slice 0 split into bands of `rows` rows (the last may be shorter), top to bottom: the
    /// only way the pipeline's parallel bands get target memory, so no two share a byte.
    /// `rows` = 0 is taken as 1.
    pub fn bands_mut(&mut self, rows: u32) -> impl Iterator<Item = BandMut<'_>> {
        split_bands(self.layout, &mut *self.data, rows)
    }

    /// [`Self::bands_mut`] of a surface given up whole, so the bands keep its lifetime (the
    /// sample planes of [`Self::planes_mut`], each banded as a target of its own).
    pub fn into_bands(self, rows: u32) -> impl Iterator<Item = BandMut<'a>> {
        split_bands(self.layout, self.data, rows)
    }

    /// The memory the layout covers, writable (bulk fills and copies of a whole layout).
    #[inline]
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        self.data
    }

    /// The surface given up as its layout and writable memory, for a consumer that
    /// addresses it through [`Layout::element_offset`] (a compute shader's texture UAV).
    #[inline]
    pub fn into_parts(self) -> (Layout, &'a mut [u8]) {
        (self.layout, self.data)
    }
}

/// Slice 0 of `layout` over `data` in bands of `rows` rows ([`SurfaceMut::bands_mut`]).
fn split_bands(layout: Layout, data: &mut [u8], rows: u32) -> impl Iterator<Item = BandMut<'_>> {
    let rows = rows.max(1);
    let band_bytes = layout.row_pitch() * rows as usize;
    // Slice 0 only: 2D targets (3D targets bind one slice through their view).
    let slice = layout.bytes_needed().min(if layout.depth() > 1 {
        layout.depth_pitch()
    } else {
        usize::MAX
    });
    let len = slice.min(data.len());
    let data = &mut data[..len];
    data.chunks_mut(band_bytes.max(1))
        .enumerate()
        .map(move |(i, bytes)| {
            let y0 = i as u32 * rows;
            BandMut::new(layout, y0, bytes)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A TYPELESS cast keeps the bytes and needs the same element size and block shape.
    #[test]
    fn with_format_needs_the_same_element_shape() {
        let data = [7u8; 64];
        let s = Surface::new(Format::R8G8B8A8Unorm, 4, 4, 1, 16, 64, &data).unwrap();
        let srgb = s.with_format(Format::R8G8B8A8UnormSrgb).unwrap();
        assert_eq!(srgb.format(), Format::R8G8B8A8UnormSrgb);
        assert_eq!(srgb.texel(3, 3, 0), s.texel(3, 3, 0));
        assert!(matches!(
            s.with_format(Format::R16G16B16A16Float),
            Err(FormatError::InvalidLayout { .. })
        ));
        assert!(matches!(
            s.with_format(Format::Bc1Unorm),
            Err(FormatError::InvalidLayout { .. })
        ));
    }

    /// Bands cover every row once, in order, the last one shorter, and address in target rows.
    #[test]
    fn bands_split_rows_without_sharing_bytes() {
        let (w, h, pitch) = (3u32, 5u32, 16usize);
        let mut data: Vec<u8> = (0..pitch * h as usize).map(|i| i as u8).collect();
        let mut s =
            SurfaceMut::new(Format::R32Float, w, h, 1, pitch, pitch * 5, &mut data).unwrap();
        let y0s: Vec<u32> = s.bands_mut(2).map(|b| b.y0()).collect();
        assert_eq!(y0s, [0, 2, 4]);
        for mut band in s.bands_mut(2) {
            let y = band.y0();
            // A row of this band reads the target's row; the next band's rows are absent.
            let want: Vec<u8> = (0..4).map(|k| (y as usize * pitch + 4 + k) as u8).collect();
            assert_eq!(band.texel(1, y), &want[..]);
            assert!(band.texel(0, y + 2).is_empty());
            band.texel_mut(2, y).fill(0xee);
        }
        for y in [0u32, 2, 4] {
            assert_eq!(s.texel(2, y, 0), &[0xee; 4]);
        }
        assert_ne!(s.texel(2, 1, 0), &[0xee; 4]);
    }
}
