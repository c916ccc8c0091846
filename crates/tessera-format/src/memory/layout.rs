//! [`Layout`]: where each element of a subresource lies, and the checks that make every
//! address of a validated layout in bounds.

use crate::{Format, FormatError};

/// How the elements (texels, or 4×4 blocks of BC formats) of one 1D/2D/3D subresource lie in
/// memory. Linear: rows `row_pitch` bytes apart, slices `depth_pitch` apart, elements of a row
/// adjacent. Constructed only through [`Layout::linear`] / [`Layout::tight`], which check it;
/// a checked layout's every address fits in [`Layout::bytes_needed`] bytes.
///
/// Room for what comes (docs/memory.md): a sample count for MSAA (the samples of an element
/// adjacent, so `(x, y, z, s)` is one more index) and a tiled layout (64 KiB tiles through a
/// tile map into a pool; unmapped tiles read as absent and drop writes). Both are variants of
/// this type, answered by the same accessors of [`super::Surface`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    format: Format,
    width: u32,
    height: u32,
    depth: u32,
    row_pitch: usize,
    depth_pitch: usize,
    /// Element bytes (`bytes_per_block`), cached: every address uses it.
    element: usize,
    needed: usize,
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

impl Layout {
    /// A linear layout; refuses a format without element size, a zero extent, pitches smaller
    /// than a row or slice, and sizes that overflow (`InvalidLayout`).
    pub fn linear(
        format: Format,
        width: u32,
        height: u32,
        depth: u32,
        row_pitch: usize,
        depth_pitch: usize,
    ) -> Result<Self, FormatError> {
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
        Ok(Self {
            format,
            width,
            height,
            depth,
            row_pitch,
            depth_pitch,
            element: bpb,
            needed,
        })
    }

    /// A tightly packed linear layout ([`tight_pitches`]).
    pub fn tight(format: Format, width: u32, height: u32, depth: u32) -> Result<Self, FormatError> {
        let (row, slice) = tight_pitches(format, width, height);
        Self::linear(format, width, height, depth, row, slice)
    }

    /// Checks that `len` bytes hold the whole layout (`BufferTooSmall` otherwise).
    pub(crate) fn check_len(&self, len: usize) -> Result<(), FormatError> {
        if len < self.needed {
            return Err(FormatError::BufferTooSmall {
                format: self.format,
                needed: self.needed,
                got: len,
            });
        }
        Ok(())
    }

    /// The same layout read as `format`, which must have the same element size and block
    /// shape (a TYPELESS cast, `InvalidLayout` otherwise).
    pub fn with_format(self, format: Format) -> Result<Self, FormatError> {
        let (a, b) = (self.format.info(), format.info());
        if (a.bytes_per_block, a.block_width, a.block_height)
            != (b.bytes_per_block, b.block_width, b.block_height)
        {
            return Err(FormatError::InvalidLayout {
                format,
                reason: "a cast needs the same element size and block shape",
            });
        }
        Ok(Self { format, ..self })
    }

    /// Element format.
    #[inline]
    pub fn format(&self) -> Format {
        self.format
    }

    /// Width in texels.
    #[inline]
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in texels.
    #[inline]
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Depth in slices (1 for 1D/2D).
    #[inline]
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// Bytes between element rows (block rows for BC): the D3D `RowPitch` of a map or update.
    #[inline]
    pub fn row_pitch(&self) -> usize {
        self.row_pitch
    }

    /// Bytes between depth slices: the D3D `DepthPitch`.
    #[inline]
    pub fn depth_pitch(&self) -> usize {
        self.depth_pitch
    }

    /// Bytes of one element.
    #[inline]
    pub fn element_bytes(&self) -> usize {
        self.element
    }

    /// Bytes from the first element to one past the last.
    #[inline]
    pub fn bytes_needed(&self) -> usize {
        self.needed
    }

    /// Width in elements (blocks for BC).
    #[inline]
    pub fn width_in_elements(&self) -> u32 {
        self.width.div_ceil(self.format.info().block_width)
    }

    /// Height in elements (block rows for BC).
    #[inline]
    pub fn height_in_elements(&self) -> u32 {
        self.height.div_ceil(self.format.info().block_height)
    }

    /// Bytes of whole rows and slices, the last row's padding included (what a target must
    /// hold so that every band of it is whole rows).
    #[inline]
    pub fn whole_rows_bytes(&self) -> usize {
        self.depth_pitch * (self.depth as usize - 1)
            + self.row_pitch * self.height_in_elements() as usize
    }

    /// Bytes of one row of elements.
    #[inline]
    pub fn row_bytes(&self) -> usize {
        self.width_in_elements() as usize * self.element
    }

    /// Byte offset of element (x, y, z) when it lies inside the extent (in elements), else
    /// `None`: the address of one texel of a storage texture (a texture UAV), whose shader
    /// coordinates may be anything (D3D drops out-of-range UAV writes and reads 0).
    #[inline]
    pub fn element_offset(&self, x: u32, y: u32, z: u32) -> Option<usize> {
        let inside =
            x < self.width_in_elements() && y < self.height_in_elements() && z < self.depth;
        inside.then(|| self.offset(x, y, z))
    }

    /// Byte offset of element (x, y, z). In bounds for in-range coordinates of a checked
    /// layout; callers that may pass others check the result against the memory.
    #[inline(always)]
    pub(crate) fn offset(&self, x: u32, y: u32, z: u32) -> usize {
        z as usize * self.depth_pitch + y as usize * self.row_pitch + x as usize * self.element
    }
}
