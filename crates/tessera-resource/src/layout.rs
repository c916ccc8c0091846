//! Subresource layout: how every mip and array slice sits in one tightly packed allocation.
//!
//! Order is D3D's subresource order (`subresource = mip + slice * mip_levels`), so one array
//! slice holds all its mips back to back. Rows are tightly packed: a row is one row of texels
//! (one row of 4x4 blocks for BC formats). A multisampled subresource (2D, one slice) is
//! `sample_count` sample planes, each laid out like the single-sample subresource and
//! `depth_pitch` bytes apart (`tessera_format::memory::sample_planes`, docs/memory.md).

use tessera_caps::TextureDesc;

use crate::ResourceError;

/// Where one subresource lives in its texture's storage (`D3D11_MAPPED_SUBRESOURCE`-style pitches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubresourceLayout {
    /// Byte offset of the subresource's first element in the texture storage.
    pub offset: usize,
    /// Bytes from one row to the next (one row of blocks for BC formats), D3D RowPitch.
    pub row_pitch: usize,
    /// Bytes from one depth slice to the next, D3D DepthPitch.
    pub depth_pitch: usize,
    /// Width of this mip in texels (`max(1, width >> mip)`).
    pub width: u32,
    /// Height of this mip in texels (`max(1, height >> mip)`).
    pub height: u32,
    /// Depth of this mip in texels (`max(1, depth >> mip)`; 1 for 1D/2D).
    pub depth: u32,
    /// Rows of elements per depth slice (`ceil(height / block_height)`).
    pub rows: u32,
    /// Elements per row (`ceil(width / block_width)`).
    pub elements_per_row: u32,
    /// Samples per pixel (1 unless multisampled); each sample is a plane `depth_pitch` bytes
    /// after the previous one.
    pub sample_count: u32,
    /// Total bytes of this subresource (`depth_pitch * depth * sample_count`).
    pub size: usize,
    /// Mip level of this subresource.
    pub mip: u32,
    /// Array slice of this subresource.
    pub array_slice: u32,
}

impl SubresourceLayout {
    /// The byte range of this subresource inside the texture storage.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.offset..self.offset + self.size
    }

    /// Bytes of valid data in one row (equal to `row_pitch`: storage is tightly packed).
    pub fn row_bytes(&self) -> usize {
        self.row_pitch
    }

    /// Slices of memory, `depth_pitch` bytes apart: the depth slices, or the sample planes of a
    /// multisampled subresource (which is one slice deep).
    pub fn memory_slices(&self) -> u32 {
        self.depth.saturating_mul(self.sample_count)
    }

    /// The memory slices that depth slices `z0..z1` occupy: those slices, or every sample
    /// plane of a multisampled subresource.
    pub fn memory_slice_range(&self, z0: u32, z1: u32) -> std::ops::Range<u32> {
        if self.sample_count > 1 {
            0..self.memory_slices()
        } else {
            z0..z1.min(self.depth)
        }
    }
}

/// Per-mip layout shared by all array slices (offset is relative to the slice start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MipLayout {
    pub(crate) offset_in_slice: u64,
    pub(crate) row_pitch: u64,
    pub(crate) depth_pitch: u64,
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) depth: u32,
    pub(crate) rows: u32,
    pub(crate) elements_per_row: u32,
    pub(crate) size: u64,
}

/// The layout of a whole texture: per-mip entries plus the size of one array slice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TextureLayout {
    pub(crate) mips: Vec<MipLayout>,
    pub(crate) slice_size: u64,
    pub(crate) array_size: u32,
    pub(crate) sample_count: u32,
    pub(crate) total: u64,
}

/// Size of a mip dimension (D3D: `max(1, floor(dim / 2^mip))`).
pub(crate) fn mip_dim(dim: u32, mip: u32) -> u32 {
    dim.checked_shr(mip).unwrap_or(0).max(1)
}

fn overflow() -> ResourceError {
    ResourceError::OutOfMemory {
        requested_bytes: u64::MAX,
        limit_bytes: crate::memory::physical_memory_limit_bytes(),
    }
}

impl TextureLayout {
    /// Computes the packed layout with checked arithmetic; overflow reports `OutOfMemory`.
    pub(crate) fn compute(desc: &TextureDesc) -> Result<Self, ResourceError> {
        let info = desc.format.info();
        let bpe = u64::from(info.bytes_per_block);
        if bpe == 0 || info.block_width == 0 || info.block_height == 0 {
            return Err(ResourceError::InvalidDesc(format!(
                "format {:?} has no addressable element size",
                desc.format
            )));
        }
        if desc.width == 0 || desc.height == 0 || desc.depth == 0 || desc.array_size == 0 {
            return Err(ResourceError::InvalidDesc(
                "texture dimensions and array size must be >= 1".into(),
            ));
        }
        let mip_levels = desc.resolved_mip_levels();
        if mip_levels == 0 || mip_levels > desc.full_mip_count() {
            return Err(ResourceError::InvalidDesc(format!(
                "mip_levels {} exceeds the full chain of {} for {}x{}x{}",
                desc.mip_levels,
                desc.full_mip_count(),
                desc.width,
                desc.height,
                desc.depth
            )));
        }
        let samples = desc.sample_desc.count.max(1);
        let mut mips = Vec::with_capacity(mip_levels as usize);
        let mut offset = 0u64;
        for mip in 0..mip_levels {
            let width = mip_dim(desc.width, mip);
            let height = mip_dim(desc.height, mip);
            let depth = mip_dim(desc.depth, mip);
            let blocks_w = width.div_ceil(info.block_width);
            let rows = height.div_ceil(info.block_height);
            let elements_per_row = blocks_w;
            let row_pitch = u64::from(elements_per_row)
                .checked_mul(bpe)
                .ok_or_else(overflow)?;
            let depth_pitch = row_pitch
                .checked_mul(u64::from(rows))
                .ok_or_else(overflow)?;
            // Multisampled: one sample plane per sample (depth is 1).
            let size = depth_pitch
                .checked_mul(u64::from(depth))
                .and_then(|v| v.checked_mul(u64::from(samples)))
                .ok_or_else(overflow)?;
            mips.push(MipLayout {
                offset_in_slice: offset,
                row_pitch,
                depth_pitch,
                width,
                height,
                depth,
                rows,
                elements_per_row,
                size,
            });
            offset = offset.checked_add(size).ok_or_else(overflow)?;
        }
        let total = offset
            .checked_mul(u64::from(desc.array_size))
            .ok_or_else(overflow)?;
        Ok(Self {
            mips,
            slice_size: offset,
            array_size: desc.array_size,
            sample_count: samples,
            total,
        })
    }

    /// Number of subresources (`mip_levels * array_size`).
    pub(crate) fn subresource_count(&self) -> u32 {
        (self.mips.len() as u32).saturating_mul(self.array_size)
    }

    /// The layout of subresource `sub`, or `None` when out of range.
    pub(crate) fn subresource(&self, sub: u32) -> Option<SubresourceLayout> {
        let mip_levels = self.mips.len() as u32;
        if mip_levels == 0 {
            return None;
        }
        let mip = sub % mip_levels;
        let slice = sub / mip_levels;
        if slice >= self.array_size {
            return None;
        }
        let m = self.mips.get(mip as usize)?;
        let offset = self
            .slice_size
            .checked_mul(u64::from(slice))?
            .checked_add(m.offset_in_slice)?;
        Some(SubresourceLayout {
            offset: usize::try_from(offset).ok()?,
            row_pitch: usize::try_from(m.row_pitch).ok()?,
            depth_pitch: usize::try_from(m.depth_pitch).ok()?,
            width: m.width,
            height: m.height,
            depth: m.depth,
            rows: m.rows,
            elements_per_row: m.elements_per_row,
            sample_count: self.sample_count,
            size: usize::try_from(m.size).ok()?,
            mip,
            array_slice: slice,
        })
    }
}

/// One mip over several slices as one pitched span of the storage ([`TextureLayout::slices_span`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SlicesSpan {
    /// The bytes the span covers (other mips of the slices lie between them, untouched).
    pub(crate) range: std::ops::Range<usize>,
    pub(crate) row_pitch: usize,
    /// Bytes from one slice of the span to the next.
    pub(crate) slice_pitch: usize,
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// Slices in the span.
    pub(crate) count: u32,
}

impl TextureLayout {
    /// Mip `mip` of array slices `slices` (a 1D or 2D array: slices `slice_size` bytes
    /// apart), or of depth slices `slices` of that mip when `depth` (a 3D texture: slices
    /// `depth_pitch` apart), as one span whose depth is the slices: how a UAV of an array or
    /// of W slices is addressed. `None` when the slices are empty or outside the resource.
    pub(crate) fn slices_span(
        &self,
        mip: u32,
        slices: std::ops::Range<u32>,
        depth: bool,
    ) -> Option<SlicesSpan> {
        let m = self.mips.get(mip as usize)?;
        let count = slices.end.checked_sub(slices.start).filter(|&c| c > 0)?;
        let limit = if depth { m.depth } else { self.array_size };
        if slices.end > limit || self.sample_count > 1 {
            return None;
        }
        let (pitch, last, base) = if depth {
            (m.depth_pitch, m.depth_pitch, m.offset_in_slice)
        } else {
            (self.slice_size, m.size, m.offset_in_slice)
        };
        let start = pitch
            .checked_mul(u64::from(slices.start))?
            .checked_add(base)?;
        let len = pitch.checked_mul(u64::from(count - 1))?.checked_add(last)?;
        let end = start.checked_add(len)?;
        Some(SlicesSpan {
            range: usize::try_from(start).ok()?..usize::try_from(end).ok()?,
            row_pitch: usize::try_from(m.row_pitch).ok()?,
            slice_pitch: usize::try_from(pitch).ok()?,
            width: m.width,
            height: m.height,
            count,
        })
    }
}

/// D3D's `D3D11CalcSubresource`: `mip + slice * mip_levels`.
pub fn calc_subresource(mip: u32, array_slice: u32, mip_levels: u32) -> u32 {
    mip.saturating_add(array_slice.saturating_mul(mip_levels))
}

/// A 3D box in texels (`D3D11_BOX`): left/top/front inclusive, right/bottom/back exclusive.
/// For buffers `left..right` are bytes and the other axes must be `0..1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Box3 {
    /// First x (texels; bytes for buffers).
    pub left: u32,
    /// First y.
    pub top: u32,
    /// First z (depth slice).
    pub front: u32,
    /// One past the last x.
    pub right: u32,
    /// One past the last y.
    pub bottom: u32,
    /// One past the last z.
    pub back: u32,
}

impl Box3 {
    /// A 2D box `[left, right) x [top, bottom)` in slice 0.
    pub const fn rect(left: u32, top: u32, right: u32, bottom: u32) -> Self {
        Self {
            left,
            top,
            front: 0,
            right,
            bottom,
            back: 1,
        }
    }

    /// A byte range of a buffer.
    pub const fn bytes(start: u32, end: u32) -> Self {
        Self {
            left: start,
            top: 0,
            front: 0,
            right: end,
            bottom: 1,
            back: 1,
        }
    }

    /// True when the box selects nothing (D3D: such a copy or update is a no-op).
    pub const fn is_empty(&self) -> bool {
        self.right <= self.left || self.bottom <= self.top || self.back <= self.front
    }

    /// The whole of a `width x height x depth` subresource.
    pub const fn whole(width: u32, height: u32, depth: u32) -> Self {
        Self {
            left: 0,
            top: 0,
            front: 0,
            right: width,
            bottom: height,
            back: depth,
        }
    }
}

/// A box resolved to bytes inside a texture's storage.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ByteRegion {
    pub(crate) at: crate::blit::Pitched,
    pub(crate) extent: crate::blit::Extent,
    /// Size in elements (blocks for BC): x, y, z.
    pub(crate) elems: (u32, u32, u32),
}

/// Resolves `b` in subresource `l` of `format` to bytes; checks bounds and BC block alignment.
pub(crate) fn box_region(
    l: &SubresourceLayout,
    format: tessera_format::Format,
    b: &Box3,
) -> Result<ByteRegion, ResourceError> {
    let info = format.info();
    let (bw, bh) = (info.block_width.max(1), info.block_height.max(1));
    if b.right > l.width || b.bottom > l.height || b.back > l.depth {
        return Err(ResourceError::OutOfBounds(format!(
            "box {b:?} exceeds the {}x{}x{} subresource",
            l.width, l.height, l.depth
        )));
    }
    if bw > 1 || bh > 1 {
        let edge_ok = |v: u32, full: u32, blk: u32| v.is_multiple_of(blk) || v == full;
        if !b.left.is_multiple_of(bw)
            || !b.top.is_multiple_of(bh)
            || !edge_ok(b.right, l.width, bw)
            || !edge_ok(b.bottom, l.height, bh)
        {
            return Err(ResourceError::OutOfBounds(format!(
                "box {b:?} is not aligned to {bw}x{bh} blocks"
            )));
        }
    }
    let ex = (b.right - b.left).div_ceil(bw);
    let ey = (b.bottom - b.top).div_ceil(bh);
    // The box's depth slices, or (multisampled, one slice deep) every sample plane.
    let ez = (b.back - b.front).saturating_mul(l.sample_count);
    let elem = info.bytes_per_block as usize;
    Ok(ByteRegion {
        at: crate::blit::Pitched {
            offset: l.offset,
            row_pitch: l.row_pitch,
            depth_pitch: l.depth_pitch,
        }
        .at_element(b.left / bw, b.top / bh, b.front, elem),
        extent: crate::blit::Extent {
            row_bytes: ex as usize * elem,
            rows: ey as usize,
            depth: ez as usize,
        },
        elems: (ex, ey, ez),
    })
}
