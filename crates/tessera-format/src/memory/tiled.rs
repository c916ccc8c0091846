//! Tiled address translation (SPEC §6.2, §6.5): an element of a tiled subresource →
//! (resource tile, byte offset in the tile), and the contiguous byte runs between a tiled
//! subresource and its tightly packed linear copy (rows of elements, the samples of a pixel
//! consecutive, planes after rows) that copies, updates and readback walk.

use std::ops::Range;

use super::tile::{TILE_SIZE_BYTES, TileShape, tile_element_offset};

/// Where one subresource of a tiled resource lies in the resource's tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TiledPlacement {
    /// Standard tiles, x fastest then y then z (SPEC §6.2).
    Standard {
        /// Resource tile index of the subresource's tile (0, 0, 0).
        first_tile: u32,
        /// Tiles across (`WidthInTiles`).
        tiles_wide: u32,
        /// Tiles down (`HeightInTiles`).
        tiles_high: u32,
        /// The tile's extent in elements (blocks for BC; pixels for MSAA).
        shape_elements: TileShape,
    },
    /// In the packed tail of its slice: the tail's bytes laid out linearly over its tiles
    /// (RefDev choice, docs/tiled-resources.md), this subresource at `tail_offset`.
    Packed {
        /// Resource tile index of the slice's first packed tile.
        first_tile: u32,
        /// Byte offset of this subresource inside the tail.
        tail_offset: u64,
    },
}

/// One subresource of a tiled resource: its placement and its extent in elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TiledSubresource {
    /// Where its bytes lie.
    pub placement: TiledPlacement,
    /// Elements across (blocks for BC; bytes for a buffer).
    pub width: u32,
    /// Elements down.
    pub height: u32,
    /// Elements deep (Texture3D planes).
    pub depth: u32,
    /// Bytes per element (per block for BC; 1 for a buffer).
    pub element_bytes: u32,
    /// Samples per pixel (stored consecutively, SPEC §6.5).
    pub samples: u32,
}

/// A run of bytes contiguous in one tile and in one row of pixels of the subresource: what
/// render targets and depth buffers of tiled textures load and store rows through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowSpan {
    /// The resource tile.
    pub tile: u32,
    /// Byte offset inside that tile.
    pub tile_offset: usize,
    /// The row (pixel y).
    pub y: u32,
    /// The plane (pixel z).
    pub z: u32,
    /// Byte offset inside the row (pixel x × pixel bytes).
    pub row_offset: usize,
    /// Bytes in the run.
    pub len: usize,
}

/// A run of bytes contiguous both in a tile and in the linear copy of the subresource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileSpan {
    /// The resource tile.
    pub tile: u32,
    /// Byte offset inside that tile.
    pub tile_offset: usize,
    /// Byte offset inside the tightly packed linear subresource.
    pub linear_offset: usize,
    /// Bytes in the run.
    pub len: usize,
}

impl TiledSubresource {
    /// Bytes of one pixel (all its samples).
    fn pixel_bytes(&self) -> u64 {
        u64::from(self.element_bytes) * u64::from(self.samples)
    }

    /// Bytes of the tightly packed linear copy (rows of `width` pixels, `height` rows a plane).
    pub fn linear_len(&self) -> u64 {
        self.pixel_bytes() * u64::from(self.width) * u64::from(self.height) * u64::from(self.depth)
    }

    /// The resource tile and in-tile byte offset of element (`ex`, `ey`, `ez`) sample `sample`
    /// (SPEC §6.5); `None` outside the subresource.
    pub fn element_address(&self, ex: u32, ey: u32, ez: u32, sample: u32) -> Option<(u32, usize)> {
        if ex >= self.width || ey >= self.height || ez >= self.depth || sample >= self.samples {
            return None;
        }
        match self.placement {
            TiledPlacement::Standard {
                first_tile,
                tiles_wide,
                tiles_high,
                shape_elements: s,
            } => {
                let (tx, ty, tz) = (ex / s.width, ey / s.height, ez / s.depth);
                let tile = u64::from(first_tile)
                    + u64::from(tx)
                    + u64::from(tiles_wide)
                        * (u64::from(ty) + u64::from(tiles_high) * u64::from(tz));
                let at = (ex % s.width, ey % s.height, ez % s.depth, sample);
                let offset = tile_element_offset(s, self.element_bytes, self.samples, at)?;
                Some((u32::try_from(tile).ok()?, offset))
            }
            TiledPlacement::Packed {
                first_tile,
                tail_offset,
            } => {
                let pixel = u64::from(ex)
                    + u64::from(self.width)
                        * (u64::from(ey) + u64::from(self.height) * u64::from(ez));
                let at = tail_offset
                    + pixel * self.pixel_bytes()
                    + u64::from(sample) * u64::from(self.element_bytes);
                let tile = u64::from(first_tile) + at / TILE_SIZE_BYTES;
                Some((u32::try_from(tile).ok()?, (at % TILE_SIZE_BYTES) as usize))
            }
        }
    }

    /// Every run of the subresource in linear order, cut at row ends too ([`Self::spans`]
    /// cut again where a packed tail's 64 KiB run crosses a row).
    pub fn row_spans(&self) -> Vec<RowSpan> {
        let row_len = (self.pixel_bytes() * u64::from(self.width)) as usize;
        let height = self.height.max(1);
        let mut out = Vec::new();
        if row_len == 0 {
            return out;
        }
        for s in self.spans() {
            let (mut at, mut tile_offset, mut left) = (s.linear_offset, s.tile_offset, s.len);
            while left > 0 {
                let row = (at / row_len) as u32;
                let row_offset = at % row_len;
                let len = left.min(row_len - row_offset);
                out.push(RowSpan {
                    tile: s.tile,
                    tile_offset,
                    y: row % height,
                    z: row / height,
                    row_offset,
                    len,
                });
                at += len;
                tile_offset += len;
                left -= len;
            }
        }
        out
    }

    /// The runs of [`Self::row_spans`] inside the element box `x` × `y` × `z` (pixels across,
    /// rows, planes; clipped to the subresource), each cut to the box's columns: what a boxed
    /// copy or update touches.
    pub fn row_spans_in(&self, x: Range<u32>, y: Range<u32>, z: Range<u32>) -> Vec<RowSpan> {
        let pixel = self.pixel_bytes() as usize;
        let (lo, hi) = (
            x.start.min(self.width) as usize * pixel,
            x.end.min(self.width) as usize * pixel,
        );
        self.row_spans()
            .into_iter()
            .filter(|s| y.contains(&s.y) && z.contains(&s.z))
            .filter_map(|s| {
                let (a, b) = (s.row_offset.max(lo), (s.row_offset + s.len).min(hi));
                (a < b).then(|| RowSpan {
                    tile_offset: s.tile_offset + (a - s.row_offset),
                    row_offset: a,
                    len: b - a,
                    ..s
                })
            })
            .collect()
    }

    /// Every run of the subresource in linear order. Standard tiles: each row of pixels cut at
    /// tile boundaries; packed: the subresource is one range of the tail, cut every 64 KiB.
    pub fn spans(&self) -> Vec<TileSpan> {
        let mut out = Vec::new();
        match self.placement {
            TiledPlacement::Standard { shape_elements, .. } => {
                let pixel = self.pixel_bytes() as usize;
                let mut linear = 0usize;
                for ez in 0..self.depth {
                    for ey in 0..self.height {
                        let mut ex = 0u32;
                        while ex < self.width {
                            let Some((tile, tile_offset)) = self.element_address(ex, ey, ez, 0)
                            else {
                                return out;
                            };
                            let n = (shape_elements.width - ex % shape_elements.width)
                                .min(self.width - ex);
                            let len = n as usize * pixel;
                            out.push(TileSpan {
                                tile,
                                tile_offset,
                                linear_offset: linear,
                                len,
                            });
                            linear += len;
                            ex += n;
                        }
                    }
                }
            }
            TiledPlacement::Packed {
                first_tile,
                tail_offset,
            } => {
                let end = tail_offset + self.linear_len();
                let mut at = tail_offset;
                while at < end {
                    let in_tile = at % TILE_SIZE_BYTES;
                    let len = (TILE_SIZE_BYTES - in_tile).min(end - at);
                    let Ok(tile) = u32::try_from(u64::from(first_tile) + at / TILE_SIZE_BYTES)
                    else {
                        return out;
                    };
                    out.push(TileSpan {
                        tile,
                        tile_offset: in_tile as usize,
                        linear_offset: (at - tail_offset) as usize,
                        len: len as usize,
                    });
                    at += len;
                }
            }
        }
        out
    }
}

/// Multisampled spans: the samples of a pixel consecutive in the tile (SPEC §6.5), one plane
/// per sample in an ordinary multisampled subresource (`memory::samples`).
impl TiledSubresource {
    /// Sample `sample` of the pixels of `span` (a [`RowSpan`] of this subresource) copied from
    /// `interleaved`, the span's bytes as they lie in the tile (the samples of a pixel
    /// consecutive, SPEC §6.5), into `plane_row`, one row of that sample's plane (the ordinary
    /// multisampled layout, `memory::samples`: pixel x at x × element bytes). `None` (nothing
    /// copied) when the span, the sample or either slice does not fit.
    pub fn scatter_sample(
        &self,
        span: &RowSpan,
        sample: u32,
        interleaved: &[u8],
        plane_row: &mut [u8],
    ) -> Option<()> {
        let (eb, pixel, x0, n) = self.sample_run(span, sample)?;
        let dst = plane_row.get_mut(x0 * eb..(x0 + n) * eb)?;
        let src = interleaved.get(..n * pixel)?;
        let at = sample as usize * eb;
        for (d, p) in dst.chunks_exact_mut(eb).zip(src.chunks_exact(pixel)) {
            d.copy_from_slice(&p[at..at + eb]);
        }
        Some(())
    }

    /// The inverse of [`Self::scatter_sample`]: sample `sample` of the span's pixels from
    /// `plane_row` into their places in `interleaved` (the span's tile bytes).
    pub fn gather_sample(
        &self,
        span: &RowSpan,
        sample: u32,
        plane_row: &[u8],
        interleaved: &mut [u8],
    ) -> Option<()> {
        let (eb, pixel, x0, n) = self.sample_run(span, sample)?;
        let src = plane_row.get(x0 * eb..(x0 + n) * eb)?;
        let dst = interleaved.get_mut(..n * pixel)?;
        let at = sample as usize * eb;
        for (p, s) in dst.chunks_exact_mut(pixel).zip(src.chunks_exact(eb)) {
            p[at..at + eb].copy_from_slice(s);
        }
        Some(())
    }

    /// (element bytes, pixel bytes, first pixel, pixels) of a row span of whole pixels.
    fn sample_run(&self, span: &RowSpan, sample: u32) -> Option<(usize, usize, usize, usize)> {
        let eb = self.element_bytes as usize;
        let pixel = self.pixel_bytes() as usize;
        if sample >= self.samples
            || eb == 0
            || !span.row_offset.is_multiple_of(pixel)
            || !span.len.is_multiple_of(pixel)
        {
            return None;
        }
        Some((eb, pixel, span.row_offset / pixel, span.len / pixel))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 64×2 4× MSAA subresource of 4-byte elements in one standard tile (64×64 pixels).
    fn msaa() -> TiledSubresource {
        TiledSubresource {
            placement: TiledPlacement::Standard {
                first_tile: 0,
                tiles_wide: 1,
                tiles_high: 1,
                shape_elements: TileShape {
                    width: 64,
                    height: 64,
                    depth: 1,
                },
            },
            width: 64,
            height: 2,
            depth: 1,
            element_bytes: 4,
            samples: 4,
        }
    }

    #[test]
    fn samples_scatter_to_planes_and_gather_back() {
        let t = msaa();
        let spans = t.row_spans();
        // One span per row: 64 pixels × 4 samples × 4 bytes.
        assert_eq!(spans.len(), 2);
        let s = spans[1];
        assert_eq!(
            (s.tile_offset, s.y, s.row_offset, s.len),
            (1024, 1, 0, 1024)
        );
        // Byte k of the tile span: pixel k / 16, sample (k / 4) % 4.
        let tile: Vec<u8> = (0..1024).map(|k| (k / 4) as u8).collect();
        let mut planes = vec![vec![0u8; 256]; 4];
        for (sample, row) in planes.iter_mut().enumerate() {
            t.scatter_sample(&s, sample as u32, &tile, row).unwrap();
        }
        // Sample 2 of pixel 5 = interleaved element 5 × 4 + 2 = 22.
        assert_eq!(planes[2][20..24], [22; 4]);
        assert_eq!(planes[0][0..4], [0; 4]);
        assert_eq!(planes[3][252..256], [255; 4]);
        let mut back = vec![0u8; 1024];
        for (sample, row) in planes.iter().enumerate() {
            t.gather_sample(&s, sample as u32, row, &mut back).unwrap();
        }
        assert_eq!(back, tile);
        // A sample past the count, or a span not of whole pixels, copies nothing.
        assert!(t.scatter_sample(&s, 4, &tile, &mut planes[0]).is_none());
        let cut = RowSpan { len: 1000, ..s };
        assert!(t.gather_sample(&cut, 0, &planes[0], &mut back).is_none());
    }
}
