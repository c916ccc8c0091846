//! Standard 64 KiB tile shapes of tiled resources (SPEC §6.2, `shared/spec/tiles.toml`) and
//! the in-tile address (row-major elements, row pitch = tile width in elements × element size,
//! SPEC §6.5). The memory owner keeps both so tiled layouts ask the same questions as linear ones.

use crate::Format;

/// Bytes in one tile, of every tiled resource and tile pool (SPEC §6.1).
pub const TILE_SIZE_BYTES: u64 = 65536;

/// The resource dimension a tile shape is asked for (SPEC §6.2; Texture1D is never tiled).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileDimension {
    /// A buffer: 65536 one-byte "texels" per tile.
    Buffer,
    /// Texture2D / Texture2DArray / cube (array).
    Texture2D,
    /// Texture3D (Tier 3 only, checked by the tiling model).
    Texture3D,
}

/// A tile's extent in texels (bytes for buffers; texels, not blocks, for BC formats).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TileShape {
    /// Texels across (D3D11 `WidthInTexels`).
    pub width: u32,
    /// Texels down (D3D11 `HeightInTexels`).
    pub height: u32,
    /// Texels deep (D3D11 `DepthInTexels`).
    pub depth: u32,
}

/// Why a (format, dimension, sample count) has no standard tile shape (SPEC §6.1, §6.2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TileShapeError {
    /// Stencil-containing formats cannot be tiled (SPEC §6.1).
    #[error("SPEC §6.1: {format:?} contains stencil; stencil formats cannot be tiled")]
    StencilFormat {
        /// The refused format.
        format: Format,
    },
    /// The element size has no standard shape: 96 bpp, `UNKNOWN`, packed/video layouts (SPEC §6.1).
    #[error("SPEC §6.1: {format:?} ({bits} bits per element) has no standard tile shape")]
    UnsupportedFormat {
        /// The refused format.
        format: Format,
        /// Its bits per element.
        bits: u32,
    },
    /// Only 1 and 4 samples may be tiled, and 4 only below 128 bpp and for Texture2D (SPEC §6.1).
    #[error(
        "SPEC §6.1: {sample_count} samples of {format:?} cannot be tiled (allowed: 1, or 4 below 128 bpp on Texture2D)"
    )]
    SampleCount {
        /// The refused format.
        format: Format,
        /// The refused sample count.
        sample_count: u32,
    },
}

/// The standard tile shape of `format` for `dim` at `sample_count` (SPEC §6.2, tiles.toml).
///
/// Buffers ignore the format and get 65536×1×1. Texture2D: 8/16/32/64/128 bpp →
/// 256×256, 256×128, 128×128, 128×64, 64×64; BC 8-byte blocks → 512×256, 16-byte → 256×256;
/// 4× MSAA halves width and height. Texture3D: 64×32×32, 32×32×32, 32×32×16, 32×16×16,
/// 16×16×16, BC 128×64×16 and 64×64×16.
pub fn standard_tile_shape(
    format: Format,
    dim: TileDimension,
    sample_count: u32,
) -> Result<TileShape, TileShapeError> {
    if dim == TileDimension::Buffer {
        return Ok(TileShape {
            width: TILE_SIZE_BYTES as u32,
            height: 1,
            depth: 1,
        });
    }
    if format.has_stencil() {
        return Err(TileShapeError::StencilFormat { format });
    }
    let info = format.info();
    let bytes = info.bytes_per_block;
    let unsupported = TileShapeError::UnsupportedFormat {
        format,
        bits: info.bits_per_element,
    };
    // Shape in elements (blocks for BC) by element size; BC shares the table of its block size.
    let elements = match (dim, bytes) {
        (TileDimension::Texture3D, 1) => [64, 32, 32],
        (TileDimension::Texture3D, 2) => [32, 32, 32],
        (TileDimension::Texture3D, 4) => [32, 32, 16],
        (TileDimension::Texture3D, 8) => [32, 16, 16],
        (TileDimension::Texture3D, 16) => [16, 16, 16],
        (_, 1) => [256, 256, 1],
        (_, 2) => [256, 128, 1],
        (_, 4) => [128, 128, 1],
        (_, 8) => [128, 64, 1],
        (_, 16) => [64, 64, 1],
        _ => return Err(unsupported),
    };
    if format == Format::Unknown || info.block_width == 0 {
        return Err(unsupported);
    }
    let msaa_ok = dim == TileDimension::Texture2D && bytes < 16 && !format.is_compressed();
    let (div_w, div_h) = match sample_count {
        1 => (1, 1),
        4 if msaa_ok => (2, 2),
        _ => {
            return Err(TileShapeError::SampleCount {
                format,
                sample_count,
            });
        }
    };
    Ok(TileShape {
        width: elements[0] * info.block_width / div_w,
        height: elements[1] * info.block_height / div_h,
        depth: elements[2],
    })
}

/// Byte offset inside a tile of element (`ex`, `ey`, `ez`) with `sample` (SPEC §6.5): rows of
/// elements `tile_width_elements × samples × element_bytes` apart, planes one tile-row block
/// apart, the samples of a pixel consecutive. `None` when the element is outside the tile.
pub fn tile_element_offset(
    shape_elements: TileShape,
    element_bytes: u32,
    samples: u32,
    (ex, ey, ez, sample): (u32, u32, u32, u32),
) -> Option<usize> {
    if ex >= shape_elements.width
        || ey >= shape_elements.height
        || ez >= shape_elements.depth
        || sample >= samples
    {
        return None;
    }
    let pixel = u64::from(ez) * u64::from(shape_elements.height) * u64::from(shape_elements.width)
        + u64::from(ey) * u64::from(shape_elements.width)
        + u64::from(ex);
    let at = (pixel * u64::from(samples) + u64::from(sample)) * u64::from(element_bytes);
    usize::try_from(at)
        .ok()
        .filter(|&a| (a as u64) < TILE_SIZE_BYTES)
}
