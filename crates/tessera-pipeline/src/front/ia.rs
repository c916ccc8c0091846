//! Input assembler: vertex fetch through a resolved [`InputLayout`], index fetch and primitive
//! assembly.

use std::ops::Range;

use tessera_format::Format;
use tessera_types::PrimitiveTopology;

use crate::error::PipelineError;
#[cfg(doc)]
use crate::layout::InputLayout;
use crate::layout::ResolvedElement;
use crate::state::{IndexBufferBinding, VertexBufferBinding};

/// Fetches one element of one vertex as a float4 register value (integers as bit patterns).
///
/// Reads past the end of the buffer, or from an unbound slot, return 0 for the format's present
/// components and the defaults (0, 0, 0, 1) for missing ones (SPEC §3.10).
pub fn fetch_element(
    element: &ResolvedElement,
    buffers: &[VertexBufferBinding<'_>],
    index: u64,
) -> [f32; 4] {
    let format = element.format;
    let default = default_value(format);
    let Some(vb) = buffers.get(element.slot as usize) else {
        return out_of_range(format, default);
    };
    let start = index
        .checked_mul(u64::from(vb.stride))
        .and_then(|o| o.checked_add(u64::from(vb.offset) + u64::from(element.offset)));
    let Some(bytes) = start
        .and_then(|s| usize::try_from(s).ok())
        .and_then(|s| vb.data.get(s..s.checked_add(element.size as usize)?))
    else {
        return out_of_range(format, default);
    };
    if let Some(n) = float32_components(format) {
        let mut v = [0.0, 0.0, 0.0, 1.0];
        for (c, chunk) in v.iter_mut().zip(bytes.chunks_exact(4)).take(n) {
            *c = f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        return v;
    }
    if format.is_integer() {
        match format.decode_uint(bytes) {
            Ok(v) => v.map(f32::from_bits),
            Err(_) => default,
        }
    } else {
        format.decode_float(bytes).unwrap_or(default)
    }
}

/// [`fetch_element`] of a per-vertex element in a plain 32-bit float format, with the
/// per-draw lookups (slot, format, offsets) done once: the vertex stage's fast path.
#[derive(Clone, Copy, Debug)]
pub struct FloatFetch<'a> {
    format: Format,
    data: &'a [u8],
    stride: u64,
    offset: u64,
    size: usize,
    components: usize,
}

impl<'a> FloatFetch<'a> {
    /// The fast fetch of `element`, when it reads per-vertex data of a plain 32-bit float format
    /// from a bound slot.
    pub fn of(element: &ResolvedElement, buffers: &[VertexBufferBinding<'a>]) -> Option<Self> {
        if element.per_instance {
            return None;
        }
        let components = float32_components(element.format)?;
        let vb = buffers.get(element.slot as usize)?;
        Some(Self {
            format: element.format,
            data: vb.data,
            stride: u64::from(vb.stride),
            offset: u64::from(vb.offset) + u64::from(element.offset),
            size: element.size as usize,
            components,
        })
    }

    /// Exactly `fetch_element(element, buffers, index)`.
    #[inline]
    pub fn fetch(&self, index: u64) -> [f32; 4] {
        let bytes = index
            .checked_mul(self.stride)
            .and_then(|o| o.checked_add(self.offset))
            .and_then(|s| usize::try_from(s).ok())
            .and_then(|s| self.data.get(s..s.checked_add(self.size)?));
        let Some(bytes) = bytes else {
            return out_of_range(self.format, default_value(self.format));
        };
        let mut v = [0.0, 0.0, 0.0, 1.0];
        for (c, chunk) in v
            .iter_mut()
            .zip(bytes.chunks_exact(4))
            .take(self.components)
        {
            *c = f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        v
    }
}

/// Component count of the plain 32-bit float vertex formats (the common, fast case).
#[inline]
fn float32_components(format: Format) -> Option<usize> {
    match format {
        Format::R32G32B32A32Float => Some(4),
        Format::R32G32B32Float => Some(3),
        Format::R32G32Float => Some(2),
        Format::R32Float => Some(1),
        _ => None,
    }
}

fn default_value(format: Format) -> [f32; 4] {
    if format.is_integer() {
        [0.0, 0.0, 0.0, f32::from_bits(1)]
    } else {
        [0.0, 0.0, 0.0, 1.0]
    }
}

/// The value of an out-of-range fetch: zeros for the present components, defaults for the rest.
fn out_of_range(format: Format, default: [f32; 4]) -> [f32; 4] {
    let present = format.info().components.len().min(4);
    let mut v = default;
    for c in v.iter_mut().take(present) {
        *c = 0.0;
    }
    v
}

/// Reads the indices a draw uses, widened to u32 without interpretation. An index read past
/// the end of the index buffer is 0 (D3D11.3 §8.4).
pub fn read_indices(
    ib: &IndexBufferBinding<'_>,
    start_index: u32,
    index_count: u32,
) -> Result<Vec<u32>, PipelineError> {
    index_size(ib.format)?;
    Ok((0..index_count)
        .map(|i| index_at(ib, u64::from(start_index) + u64::from(i)))
        .collect())
}

/// The index value at `position` of an R16/R32 index buffer (widened, uninterpreted); a read
/// past the buffer's end is 0 (D3D11.3 §8.4). The format must have passed [`read_indices`]'s
/// or [`check_index_format`]'s check.
#[inline]
pub fn index_at(ib: &IndexBufferBinding<'_>, position: u64) -> u32 {
    let wide = ib.format == Format::R32Uint;
    let size = if wide { 4 } else { 2 };
    let at = usize::try_from(u64::from(ib.offset) + position * size as u64).unwrap_or(usize::MAX);
    match ib.data.get(at..at.saturating_add(size)) {
        Some(b) if wide => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
        Some(b) => u32::from(u16::from_le_bytes([b[0], b[1]])),
        None => 0,
    }
}

/// Appends [`index_at`] of every position in `positions` to `out`: one bounds check and a
/// plain decode when the whole run lies in the buffer, position by position otherwise.
pub fn append_indices(ib: &IndexBufferBinding<'_>, positions: Range<u64>, out: &mut Vec<u32>) {
    let size: u64 = if ib.format == Format::R32Uint { 4 } else { 2 };
    let bytes = positions
        .start
        .checked_mul(size)
        .zip(positions.end.checked_mul(size))
        .and_then(|(a, b)| {
            Some((
                a.checked_add(u64::from(ib.offset))?,
                b.checked_add(u64::from(ib.offset))?,
            ))
        })
        .and_then(|(a, b)| Some((usize::try_from(a).ok()?, usize::try_from(b).ok()?)))
        .and_then(|(a, b)| ib.data.get(a..b));
    match bytes {
        Some(b) if size == 4 => out.extend(
            b.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        ),
        Some(b) => out.extend(
            b.chunks_exact(2)
                .map(|c| u32::from(u16::from_le_bytes([c[0], c[1]]))),
        ),
        None => out.extend(positions.map(|p| index_at(ib, p))),
    }
}

/// Refuses index formats other than R16_UINT and R32_UINT.
pub fn check_index_format(format: Format) -> Result<(), PipelineError> {
    index_size(format).map(|_| ())
}

fn index_size(format: Format) -> Result<usize, PipelineError> {
    match format {
        Format::R16Uint => Ok(2),
        Format::R32Uint => Ok(4),
        format => Err(PipelineError::BadIndexFormat { format }),
    }
}

/// The strip-cut value of an index format: all ones (0xFFFF or 0xFFFFFFFF), SPEC §3.10.
pub fn strip_cut_value(format: Format) -> u32 {
    if format == Format::R16Uint {
        0xffff
    } else {
        u32::MAX
    }
}

/// True for the topologies in which the all-ones index cuts the strip (SPEC §3.10); in list
/// topologies it is an ordinary index value.
pub fn has_strip_cut(topology: PrimitiveTopology) -> bool {
    matches!(
        topology,
        PrimitiveTopology::LineStrip
            | PrimitiveTopology::TriangleStrip
            | PrimitiveTopology::LineStripAdj
            | PrimitiveTopology::TriangleStripAdj
    )
}

/// The largest index value an indexed draw fetches (cuts excluded in strips), for the
/// feature-level index-value limit (SPEC §2.2, FL-12/FL-13). `None` when the draw has none.
pub fn max_index_value(
    ib: &IndexBufferBinding<'_>,
    topology: PrimitiveTopology,
    start_index: u32,
    index_count: u32,
) -> Result<Option<u32>, PipelineError> {
    let cut = has_strip_cut(topology).then(|| strip_cut_value(ib.format));
    let indices = read_indices(ib, start_index, index_count)?;
    Ok(indices.into_iter().filter(|&i| Some(i) != cut).max())
}

/// The marker for a strip cut in an assembled vertex stream.
pub const STRIP_CUT: u32 = u32::MAX;

/// A primitive as positions in the draw's vertex stream, leading (provoking) vertex first.
pub type Triangle = [u32; 3];

/// Assembles triangles from a stream of vertex positions (`stream[i]` is the i-th vertex of
/// the draw, or [`STRIP_CUT`] in indexed strips). Incomplete primitives are dropped, each cut
/// restarts the strip, and odd strip triangles are re-wound as (i, i+2, i+1) so the leading
/// vertex stays first (SPEC §3.10).
pub fn assemble_triangles(topology: PrimitiveTopology, stream: &[u32], out: &mut Vec<Triangle>) {
    match topology {
        // A point is carried as the triangle (i, i, i); setup turns it into its square.
        PrimitiveTopology::PointList => {
            out.extend(
                stream
                    .iter()
                    .filter(|&&i| i != STRIP_CUT)
                    .map(|&i| [i, i, i]),
            );
        }
        // A line a → b is carried as the triangle (a, b, b); setup lights its pixels.
        PrimitiveTopology::LineList => {
            for l in stream.chunks_exact(2) {
                if !l.contains(&STRIP_CUT) {
                    out.push([l[0], l[1], l[1]]);
                }
            }
        }
        PrimitiveTopology::LineStrip => {
            for run in stream.split(|&i| i == STRIP_CUT) {
                out.extend(run.windows(2).map(|w| [w[0], w[1], w[1]]));
            }
        }
        // With no geometry shader the adjacent vertices (the first and last of each line's
        // four) are shaded and dropped: the line is its two middle vertices (SPEC §3.10).
        PrimitiveTopology::LineListAdj => {
            for l in stream.chunks_exact(4) {
                if !l.contains(&STRIP_CUT) {
                    out.push([l[1], l[2], l[2]]);
                }
            }
        }
        PrimitiveTopology::LineStripAdj => {
            for run in stream.split(|&i| i == STRIP_CUT) {
                if let Some(inner) = run.get(1..run.len().saturating_sub(1)) {
                    out.extend(inner.windows(2).map(|w| [w[0], w[1], w[1]]));
                }
            }
        }
        PrimitiveTopology::TriangleList => {
            for t in stream.chunks_exact(3) {
                if !t.contains(&STRIP_CUT) {
                    out.push([t[0], t[1], t[2]]);
                }
            }
        }
        PrimitiveTopology::TriangleStrip => {
            for run in stream.split(|&i| i == STRIP_CUT) {
                for (k, w) in run.windows(3).enumerate() {
                    out.push(if k % 2 == 0 {
                        [w[0], w[1], w[2]]
                    } else {
                        [w[0], w[2], w[1]]
                    });
                }
            }
        }
        PrimitiveTopology::TriangleListAdj => {
            for t in stream.chunks_exact(6) {
                if !t.contains(&STRIP_CUT) {
                    out.push([t[0], t[2], t[4]]);
                }
            }
        }
        PrimitiveTopology::TriangleStripAdj => {
            for run in stream.split(|&i| i == STRIP_CUT) {
                let n = run.len() / 2;
                for k in 0..n.saturating_sub(2) {
                    let (a, b, c) = (run[2 * k], run[2 * k + 2], run[2 * k + 4]);
                    out.push(if k % 2 == 0 { [a, b, c] } else { [a, c, b] });
                }
            }
        }
        PrimitiveTopology::Undefined => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `append_indices` appends `index_at` of each position, for both formats, offsets, runs
    /// inside, across and past the buffer's end, and the largest positions a draw can have.
    #[test]
    fn append_indices_matches_index_at() {
        let data: Vec<u8> = (0..97u8).map(|b| b.wrapping_mul(37)).collect();
        for format in [Format::R16Uint, Format::R32Uint] {
            for offset in [0u32, 2, 6] {
                let ib = IndexBufferBinding {
                    data: &data,
                    format,
                    offset,
                };
                for start in (0..60u64).chain([u64::from(u32::MAX), 2 * u64::from(u32::MAX)]) {
                    for len in [0u64, 1, 3, 17, 50] {
                        let positions = start..start.saturating_add(len);
                        let mut got = vec![7];
                        append_indices(&ib, positions.clone(), &mut got);
                        let want: Vec<u32> = std::iter::once(7)
                            .chain(positions.map(|p| index_at(&ib, p)))
                            .collect();
                        assert_eq!(got, want, "{format:?} {offset} {start} {len}");
                    }
                }
            }
        }
    }

    /// `FloatFetch::fetch` returns `fetch_element`'s value for every plain float format, in and
    /// past the buffer (partly past, wholly past, index overflow), and `FloatFetch::of`
    /// declines what it does not cover.
    #[test]
    fn float_fetch_matches_fetch_element() {
        let data: Vec<u8> = (0..203u32)
            .flat_map(|i| (i as f32 * 0.75 - 3.0).to_le_bytes())
            .collect();
        let buffers = [
            VertexBufferBinding {
                data: &data,
                stride: 40,
                offset: 8,
            },
            VertexBufferBinding {
                data: &data[..97],
                stride: 12,
                offset: 0,
            },
        ];
        let formats = [
            Format::R32G32B32A32Float,
            Format::R32G32B32Float,
            Format::R32G32Float,
            Format::R32Float,
        ];
        for format in formats {
            for slot in 0..2 {
                for offset in [0u32, 4, 12, 28] {
                    let element = ResolvedElement {
                        format,
                        size: format.info().bytes_per_block,
                        slot,
                        offset,
                        step_rate: 0,
                        per_instance: false,
                    };
                    let fast = FloatFetch::of(&element, &buffers).unwrap();
                    for index in (0..40u64).chain([u64::MAX / 8, u64::MAX]) {
                        let want = fetch_element(&element, &buffers, index).map(f32::to_bits);
                        assert_eq!(
                            fast.fetch(index).map(f32::to_bits),
                            want,
                            "{element:?} {index}"
                        );
                    }
                }
            }
        }
        let element = ResolvedElement {
            format: Format::R32G32Float,
            size: 8,
            slot: 0,
            offset: 0,
            step_rate: 1,
            per_instance: true,
        };
        assert!(FloatFetch::of(&element, &buffers).is_none());
        let unbound = ResolvedElement {
            slot: 2,
            per_instance: false,
            ..element
        };
        assert!(FloatFetch::of(&unbound, &buffers).is_none());
        let unorm = ResolvedElement {
            format: Format::R8G8B8A8Unorm,
            size: 4,
            ..unbound
        };
        assert!(FloatFetch::of(&ResolvedElement { slot: 0, ..unorm }, &buffers).is_none());
    }
}
