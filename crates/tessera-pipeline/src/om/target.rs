//! Render-target access for eight lanes: load, convert and store in the target's format.

use tessera_format::{BandMut, Format, NumericKind};
use wide::{f32x8, u32x8};

use super::{read_block_u32, unorm8, write_block_u32};
use crate::block::{Coverage, LANE_X, LANE_Y, lanes};
use crate::error::PipelineError;
use crate::shader::Reg;

/// How a render target's texels are read and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// `R8G8B8A8_UNORM` (`bgra = false`) or `B8G8R8A8_UNORM` (`bgra = true`): SIMD fast path.
    Unorm8 {
        /// Memory order is B, G, R, A.
        bgra: bool,
    },
    /// Any other float-readable format, through `tessera-format`'s codec.
    Float,
    /// `_UINT` / `_SINT` formats: values are the shader's bit patterns.
    Integer,
}

impl TargetKind {
    /// Classifies `format`, refusing formats a render target cannot have.
    pub fn of(format: Format) -> Result<Self, PipelineError> {
        match format {
            Format::R8G8B8A8Unorm => Ok(Self::Unorm8 { bgra: false }),
            Format::B8G8R8A8Unorm => Ok(Self::Unorm8 { bgra: true }),
            f if f.is_integer() => Ok(Self::Integer),
            f if f.is_float_readable()
                && !f.is_compressed()
                && f.kind() != NumericKind::SharedExp =>
            {
                Ok(Self::Float)
            }
            format => Err(PipelineError::BadRenderTargetFormat { format }),
        }
    }
}

/// The clamp range D3D applies to blend inputs and results for a format (SPEC §5.2).
pub fn blend_range(format: Format) -> Option<(f32, f32)> {
    match format.kind() {
        NumericKind::Unorm | NumericKind::UnormSrgb => Some((0.0, 1.0)),
        NumericKind::Snorm => Some((-1.0, 1.0)),
        _ => None,
    }
}

/// The rows of one render target that a band owns.
pub struct BandTarget<'a> {
    /// The band's rows, addressed by the memory owner in target coordinates.
    pub data: BandMut<'a>,
    /// Texel format.
    pub format: Format,
    /// Access path.
    pub kind: TargetKind,
    /// Bytes per texel.
    pub texel_size: usize,
    /// Target width in pixels.
    pub width: u32,
}

impl BandTarget<'_> {
    /// Loads the lanes of `mask` of the 4×2 block at (`bx`, `by`) as float4 registers (integer
    /// formats as bit patterns); other lanes read 0.
    pub fn load(&self, bx: u32, by: u32, mask: Coverage) -> Reg {
        if let Some(block) = self.unorm8_block(bx, by) {
            return block.dst();
        }
        let mut v = [[0.0f32; 8]; 4];
        for k in lanes(mask) {
            let texel = self.data.texel(bx + LANE_X[k], by + LANE_Y[k]);
            let rgba = match self.kind {
                TargetKind::Unorm8 { bgra } => {
                    let (r, b) = if bgra {
                        (texel[2], texel[0])
                    } else {
                        (texel[0], texel[2])
                    };
                    [r, texel[1], b, texel[3]].map(|c| f32::from(c) / 255.0)
                }
                TargetKind::Float => self.format.decode_float(texel).unwrap_or_default(),
                TargetKind::Integer => self
                    .format
                    .decode_uint(texel)
                    .unwrap_or_default()
                    .map(f32::from_bits),
            };
            for c in 0..4 {
                v[c][k] = rgba[c];
            }
        }
        v.map(f32x8::from)
    }

    /// Stores the lanes of `mask`, writing only the channels of `write_mask` (R=1, G=2, B=4,
    /// A=8): channel bits outside the mask keep their stored value exactly.
    pub fn store(&mut self, bx: u32, by: u32, mask: Coverage, value: &Reg, write_mask: u8) {
        if let Some(block) = self.unorm8_block(bx, by) {
            self.store_unorm8_block(&block, mask, value, write_mask);
            return;
        }
        let channels = value.map(f32x8::to_array);
        // Edge blocks of RGBA8/BGRA8 targets use the same packed encode as whole blocks.
        let packed = match self.kind {
            TargetKind::Unorm8 { bgra } => Some(pack_unorm8(value, bgra).to_array()),
            _ => None,
        };
        let info = self.format.info();
        let full = (0..4).all(|c| info.channel_bits[c] == 0 || write_mask & (1 << c) != 0);
        for k in lanes(mask) {
            let (x, y) = (bx + LANE_X[k], by + LANE_Y[k]);
            let size = self.texel_size;
            let mut encoded = [0u8; 16];
            let rgba = [
                channels[0][k],
                channels[1][k],
                channels[2][k],
                channels[3][k],
            ];
            match (self.kind, packed) {
                (TargetKind::Unorm8 { .. }, Some(texels)) => {
                    encoded[..4].copy_from_slice(&texels[k].to_le_bytes());
                }
                (TargetKind::Integer, _) => {
                    let _ = self
                        .format
                        .encode_uint(rgba.map(f32::to_bits), &mut encoded[..size]);
                }
                _ => {
                    let _ = self.format.encode_float(rgba, &mut encoded[..size]);
                }
            }
            let texel = self.data.texel_mut(x, y);
            if full {
                texel.copy_from_slice(&encoded[..size]);
            } else {
                merge_channels(
                    texel,
                    &encoded[..size],
                    info.channel_bits,
                    info.channel_offsets,
                    write_mask,
                );
            }
        }
    }
}

/// An RGBA8/BGRA8 4×2 block wholly inside its target, read once for blend and store.
#[derive(Clone, Copy, Debug)]
pub struct Unorm8Block {
    bx: u32,
    by: u32,
    old: u32x8,
    bgra: bool,
}

impl Unorm8Block {
    /// The stored texels as float registers (`code / 255`), the blend's destination.
    #[inline(always)]
    pub fn dst(&self) -> Reg {
        unpack_unorm8(self.old, self.bgra)
    }

    /// `value` encoded exactly as this block's texels (what
    /// [`BandTarget::store_unorm8_block`] writes), for [`BandTarget::store_packed_unorm8`].
    #[inline(always)]
    pub fn pack(&self, value: &Reg) -> u32x8 {
        pack_unorm8(value, self.bgra)
    }
}

impl BandTarget<'_> {
    /// The block at (`bx`, `by`) when the target is RGBA8/BGRA8 UNORM and the block lies wholly
    /// inside it: the fast path of [`load`](Self::load) + [`store`](Self::store).
    #[inline(always)]
    pub fn unorm8_block(&self, bx: u32, by: u32) -> Option<Unorm8Block> {
        let TargetKind::Unorm8 { bgra } = self.kind else {
            return None;
        };
        // Rows at least 16 bytes apart: the store's two row borrows cannot overlap, so it
        // finds the block again.
        if bx + 4 > self.width || self.texel_size != 4 || self.data.row_pitch() < 16 {
            return None;
        }
        let (a, b) = self.data.block_rows(bx, by)?;
        let old = u32x8::from(read_block_u32(a, b));
        Some(Unorm8Block { bx, by, old, bgra })
    }

    /// Stores `value` into the lanes of `mask` and the channels of `write_mask` of `block`,
    /// exactly as [`store`](Self::store) does.
    #[inline(always)]
    pub fn store_unorm8_block(
        &mut self,
        block: &Unorm8Block,
        mask: Coverage,
        value: &Reg,
        write_mask: u8,
    ) {
        self.store_packed_unorm8(block, mask, pack_unorm8(value, block.bgra), write_mask);
    }

    /// [`store_unorm8_block`](Self::store_unorm8_block) of texels already encoded
    /// ([`Unorm8Block::pack`]): one encode for several sample planes of the same colour.
    #[inline(always)]
    pub fn store_packed_unorm8(
        &mut self,
        block: &Unorm8Block,
        mask: Coverage,
        new: u32x8,
        write_mask: u8,
    ) {
        let v = merge_packed(block.old, new, mask, write_mask, block.bgra);
        if let Some((a, b)) = self.data.block_rows_mut(block.bx, block.by) {
            write_block_u32(a, b, v);
        }
    }

    /// The two rows of the `count` blocks from (`bx`, `by`) rightwards when the target is
    /// RGBA8/BGRA8 UNORM and they lie wholly inside it (as [`unorm8_block`](Self::unorm8_block)
    /// requires of each), with the target's `bgra` flag: for [`store_packed_rows`], block `k`
    /// being bytes `16k..16k + 16` of each row.
    #[inline(always)]
    pub fn unorm8_rows(
        &mut self,
        bx: u32,
        by: u32,
        count: u32,
    ) -> Option<(bool, &mut [u8], &mut [u8])> {
        let TargetKind::Unorm8 { bgra } = self.kind else {
            return None;
        };
        let len = 16 * count as usize;
        if bx + 4 * count > self.width || self.texel_size != 4 || self.data.row_pitch() < len {
            return None;
        }
        let (a, b) = self.data.row_pair_mut(bx, by, len)?;
        Some((bgra, a, b))
    }
}

/// [`BandTarget::store_packed_unorm8`] of a block whose two rows are `row0` and `row1`
/// ([`BandTarget::unorm8_rows`]): the same bytes.
#[inline(always)]
pub fn store_packed_rows(
    row0: &mut [u8; 16],
    row1: &mut [u8; 16],
    mask: Coverage,
    new: u32x8,
    write_mask: u8,
    bgra: bool,
) {
    let old = u32x8::from(read_block_u32(row0, row1));
    write_block_u32(row0, row1, merge_packed(old, new, mask, write_mask, bgra));
}

/// Encoded texels `new` in the lanes of `mask` and the channels of `write_mask`, `old`
/// elsewhere.
#[inline(always)]
fn merge_packed(old: u32x8, new: u32x8, mask: Coverage, write_mask: u8, bgra: bool) -> [u32; 8] {
    let write = u32x8::splat(channel_bytes(write_mask, bgra)) & lane_select(mask);
    ((new & write) | (old & !write)).to_array()
}

impl BandTarget<'_> {
    /// Replaces each texel of the lanes in `mask` of the block at (`bx`, `by`) by `f(texel)`
    /// (32-bit texels in memory byte order) when the target is RGBA8/BGRA8 UNORM and the block
    /// lies wholly inside it, as [`unorm8_block`](Self::unorm8_block) requires; else `false`
    /// and nothing is written.
    #[inline(always)]
    pub fn map_unorm8_block(
        &mut self,
        bx: u32,
        by: u32,
        mask: Coverage,
        f: impl Fn(u32) -> u32,
    ) -> bool {
        if !matches!(self.kind, TargetKind::Unorm8 { .. })
            || bx + 4 > self.width
            || self.texel_size != 4
            || self.data.row_pitch() < 16
        {
            return false;
        }
        let Some((a, b)) = self.data.block_rows_mut(bx, by) else {
            return false;
        };
        // Texel x of row r is lane (x / 2)·4 + 2r + x % 2 (two quads side by side).
        for (r, row) in [a, b].into_iter().enumerate() {
            for (x, texel) in row.chunks_exact_mut(4).enumerate() {
                if mask & (1 << ((x >> 1) * 4 + 2 * r + (x & 1))) != 0 {
                    let old = u32::from_le_bytes([texel[0], texel[1], texel[2], texel[3]]);
                    texel.copy_from_slice(&f(old).to_le_bytes());
                }
            }
        }
        true
    }
}

impl BandTarget<'_> {
    /// The bytes of `count` whole blocks from (`bx`, `by`) rightwards: rows `by` and `by + 1`,
    /// columns `bx..bx + 4·count` (`16·count` bytes each), when the target is RGBA8/BGRA8 UNORM
    /// and the run lies wholly inside it (as [`map_unorm8_block`](Self::map_unorm8_block)
    /// requires of a block); else `None`.
    #[inline(always)]
    pub fn unorm8_run_rows(
        &mut self,
        bx: u32,
        by: u32,
        count: u32,
    ) -> Option<(&mut [u8], &mut [u8])> {
        let len = 16 * count as usize;
        if !matches!(self.kind, TargetKind::Unorm8 { .. })
            || bx + 4 * count > self.width
            || self.texel_size != 4
            || self.data.row_pitch() < len
        {
            return None;
        }
        self.data.row_pair_mut(bx, by, len)
    }
}

/// All-ones lanes where `mask` has a bit.
#[inline(always)]
fn lane_select(mask: Coverage) -> u32x8 {
    let bits = u32x8::from([1, 2, 4, 8, 16, 32, 64, 128]);
    (u32x8::splat(u32::from(mask)) & bits).cmp_eq(bits)
}

/// Byte-lane mask of the channels `write_mask` enables, in memory order.
#[inline(always)]
pub(crate) fn channel_bytes(write_mask: u8, bgra: bool) -> u32 {
    // R=1, G=2, B=4, A=8 → bytes 0..3 (B and R swap places in BGRA memory order).
    const SPREAD: [u32; 16] = {
        let mut t = [0u32; 16];
        let mut m = 0;
        while m < 16 {
            let mut c = 0;
            while c < 4 {
                if m & (1 << c) != 0 {
                    t[m] |= 0xff << (8 * c);
                }
                c += 1;
            }
            m += 1;
        }
        t
    };
    let m = write_mask & 0xf;
    let m = if bgra {
        (m & 0b1010) | ((m & 1) << 2) | ((m >> 2) & 1)
    } else {
        m
    };
    SPREAD[usize::from(m)]
}

/// Eight packed RGBA8/BGRA8 texels → float registers.
#[inline(always)]
pub(crate) fn unpack_unorm8(px: u32x8, bgra: bool) -> Reg {
    let byte = |shift: u32| unorm8::decode((px >> shift) & u32x8::splat(0xff));
    let (r, b) = if bgra {
        (byte(16), byte(0))
    } else {
        (byte(0), byte(16))
    };
    [r, byte(8), b, byte(24)]
}

/// Float registers → eight packed RGBA8/BGRA8 texels (exact UNORM encode).
#[inline(always)]
pub(crate) fn pack_unorm8(value: &Reg, bgra: bool) -> u32x8 {
    let [r, g, b, a] = unorm8::encode_rgba(value);
    let (lo, hi) = if bgra { (b, r) } else { (r, b) };
    lo | (g << 8) | (hi << 16) | (a << 24)
}

/// Copies the bits of the channels in `write_mask` from `new` into `texel` (little-endian
/// element, channel bit ranges from the format table).
fn merge_channels(texel: &mut [u8], new: &[u8], bits: [u32; 4], offsets: [u32; 4], write_mask: u8) {
    for c in 0..4 {
        if bits[c] == 0 || write_mask & (1 << c) == 0 {
            continue;
        }
        for bit in offsets[c]..offsets[c] + bits[c] {
            let (byte, shift) = ((bit / 8) as usize, bit % 8);
            let m = 1u8 << shift;
            texel[byte] = (texel[byte] & !m) | (new[byte] & m);
        }
    }
}
