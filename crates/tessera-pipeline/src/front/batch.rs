//! Batches: a draw's primitives are processed in runs of [`BATCH_TRIANGLES`] so that memory
//! stays bounded by the batch, not the draw (the tris benchmark has a million triangles), and
//! the batch's vertices, setups and bins stay in cache. Each batch reads its indices, shades
//! each distinct vertex once (the post-transform cache) and assembles its triangles.

use std::ops::Range;

use tessera_types::PrimitiveTopology;

use crate::error::PipelineError;
use crate::front::ia::{
    STRIP_CUT, Triangle, append_indices, assemble_triangles, check_index_format, has_strip_cut,
    index_at, strip_cut_value,
};
use crate::front::vertex::{ShadedVertices, VertexKey, shade_vertices};
use crate::state::{DrawArgs, DrawState, IndexBufferBinding};

/// Least triangles per batch in list topologies (strips are one batch): a list of `n`
/// triangles is cut into `max(1, n / BATCH_TRIANGLES)` batches of equal size (± one group),
/// so every batch holds between this and twice this many triangles. With per-band progress
/// through batches (`schedule.rs`) small batches cost little: at 16K `tris` peaks at 74–81 MB
/// (32K: 85–98 MB) and is 1–2 % faster at 2 threads (about 10 % slower at 16).
pub const BATCH_TRIANGLES: u32 = 16 * 1024;
/// Triangles per group: a list batch is read, deduplicated, shaded and assembled as
/// independent groups of this size in parallel (a vertex shared by two groups is shaded by
/// both, with identical results). Fixed, so the split never depends on the thread count.
pub const GROUP_TRIANGLES: u32 = 4 * 1024;

/// Where a draw's vertices come from.
#[derive(Clone, Copy)]
pub enum VertexSource<'a> {
    /// `Draw*`: vertex `start + i`.
    Sequential {
        /// First vertex.
        start: u32,
    },
    /// `DrawIndexed*`: index values from the buffer plus `base_vertex`.
    Indexed {
        /// The index buffer.
        ib: IndexBufferBinding<'a>,
        /// First index.
        start: u32,
        /// Added to each index value.
        base_vertex: i32,
        /// The strip-cut value, in strip topologies.
        cut: Option<u32>,
    },
}

impl<'a> VertexSource<'a> {
    /// The source and the stream length (vertices or indices per instance) of a draw.
    pub fn of(state: &DrawState<'a>, args: DrawArgs) -> Result<(Self, u32), PipelineError> {
        Ok(match args {
            DrawArgs::Vertices {
                vertex_count,
                start_vertex,
                ..
            } => (
                Self::Sequential {
                    start: start_vertex,
                },
                vertex_count,
            ),
            DrawArgs::Indexed {
                index_count,
                start_index,
                base_vertex,
                ..
            } => {
                let ib = state.index_buffer.ok_or(PipelineError::NoIndexBuffer)?;
                check_index_format(ib.format)?;
                let cut = has_strip_cut(state.topology).then(|| strip_cut_value(ib.format));
                (
                    Self::Indexed {
                        ib,
                        start: start_index,
                        base_vertex,
                        cut,
                    },
                    index_count,
                )
            }
        })
    }

    /// The index value at stream position `i` (an index read past the buffer's end is 0).
    #[inline]
    fn index(&self, i: u32) -> u32 {
        match self {
            Self::Sequential { start } => start.wrapping_add(i),
            Self::Indexed { ib, start, .. } => index_at(ib, u64::from(*start) + u64::from(i)),
        }
    }
}

/// Indices per primitive in list topologies (`None` for strips, which stay one run).
pub fn list_stride(topology: PrimitiveTopology) -> Option<u32> {
    match topology {
        PrimitiveTopology::PointList => Some(1),
        PrimitiveTopology::LineList => Some(2),
        PrimitiveTopology::LineListAdj => Some(4),
        PrimitiveTopology::TriangleList => Some(3),
        PrimitiveTopology::TriangleListAdj => Some(6),
        _ => None,
    }
}

/// The stream ranges of a draw's batches: whole groups of whole primitives in lists (see
/// [`BATCH_TRIANGLES`]), the whole stream in strips.
pub fn batch_ranges(topology: PrimitiveTopology, count: u32) -> Vec<Range<u32>> {
    let triangles = list_stride(topology).map_or(0, |per| count / per);
    let groups = triangles.div_ceil(GROUP_TRIANGLES).max(1);
    let batches = (triangles / BATCH_TRIANGLES).max(1);
    runs(
        topology,
        0..count,
        groups.div_ceil(batches) * GROUP_TRIANGLES,
    )
}

/// The groups of a batch (see [`GROUP_TRIANGLES`]); strips stay whole.
pub fn group_ranges(topology: PrimitiveTopology, batch: Range<u32>) -> Vec<Range<u32>> {
    runs(topology, batch, GROUP_TRIANGLES)
}

/// `range` cut into runs of `triangles` whole primitives in list topologies; the last run also
/// takes trailing indices that make no whole primitive. Strips stay one run.
fn runs(topology: PrimitiveTopology, range: Range<u32>, triangles: u32) -> Vec<Range<u32>> {
    let Some(per) = list_stride(topology) else {
        return std::iter::once(range).collect();
    };
    let step = triangles * per;
    let n = ((range.end - range.start) / per).div_ceil(triangles).max(1);
    (0..n)
        .map(|b| {
            let end = if b + 1 == n {
                range.end
            } else {
                range.start + (b + 1) * step
            };
            range.start + b * step..end
        })
        .collect()
}

thread_local! {
    /// Each worker's slot table, reused by every batch it deduplicates.
    static SLOTS: std::cell::RefCell<SlotTable> = std::cell::RefCell::default();
}

/// Maps index values to batch-local vertex slots: a stamped table when the index range is
/// dense and the range has at most 2^16 indices, else a sort of the range's indices. Each
/// entry packs the generation that wrote it (high 16 bits) and the slot (low 16 bits), so a
/// table costs 4 bytes per index value.
#[derive(Default)]
struct SlotTable {
    entries: Vec<u32>,
    generation: u16,
}

/// One batch ready for clipping and setup.
pub struct Batch {
    /// Shaded distinct vertices.
    pub shaded: ShadedVertices,
    /// Triangles as indices into `shaded`.
    pub triangles: Vec<Triangle>,
}

/// Reads, deduplicates, shades and assembles the stream positions `range` of `instance`.
pub fn build_batch(
    state: &DrawState<'_>,
    source: &VertexSource<'_>,
    range: Range<u32>,
    instance: u32,
    start_instance: u32,
) -> Batch {
    // The table is borrowed only while deduplicating: the vertex stage below may run other
    // groups' work on this thread.
    let (distinct, stream) = SLOTS.with(|table| dedupe(source, range, &mut table.borrow_mut()));
    let keys: Vec<VertexKey> = distinct
        .iter()
        .map(|&i| {
            let (vertex_index, vertex_id) = match source {
                VertexSource::Sequential { .. } => (u64::from(i), i),
                VertexSource::Indexed { base_vertex, .. } => {
                    let v = i64::from(i) + i64::from(*base_vertex);
                    // A negative vertex index reads out of range (defaults), as D3D defines.
                    (u64::try_from(v).unwrap_or(u64::MAX / 2), v as u32)
                }
            };
            VertexKey {
                vertex_index,
                instance,
                vertex_id,
            }
        })
        .collect();
    let shaded = shade_vertices(
        state.vertex_shader,
        state.vs_env,
        state.input_layout,
        state.vertex_buffers,
        start_instance,
        &keys,
    );
    let mut triangles = Vec::with_capacity(stream.len() / 3);
    assemble_triangles(state.topology, &stream, &mut triangles);
    Batch { shaded, triangles }
}

/// Distinct index values of the range (in order of first use) and the range as positions in
/// that list, cuts as [`STRIP_CUT`].
fn dedupe(
    source: &VertexSource<'_>,
    range: Range<u32>,
    table: &mut SlotTable,
) -> (Vec<u32>, Vec<u32>) {
    let cut = match source {
        VertexSource::Indexed { cut, .. } => *cut,
        VertexSource::Sequential { .. } => {
            // Every vertex of a non-indexed draw is distinct.
            let distinct: Vec<u32> = range.clone().map(|i| source.index(i)).collect();
            return (distinct, (0..range.len() as u32).collect());
        }
    };
    let mut values = Vec::with_capacity(range.len());
    if let VertexSource::Indexed { ib, start, .. } = source {
        let first = u64::from(*start) + u64::from(range.start);
        append_indices(ib, first..first + range.len() as u64, &mut values);
    }
    // Without a strip cut every value counts (a plain, vectorizable maximum).
    let max = match cut {
        None => values.iter().copied().max(),
        Some(cut) => values.iter().copied().filter(|&i| i != cut).max(),
    }
    .unwrap_or(0) as usize;
    let mut distinct = Vec::new();
    if max < (1 << 20).max(4 * values.len()) && values.len() <= 1 << 16 {
        if table.entries.len() <= max {
            table.entries.resize(max + 1, 0);
        }
        table.generation = table.generation.wrapping_add(1);
        if table.generation == 0 {
            table.entries.iter_mut().for_each(|e| *e = 0);
            table.generation = 1;
        }
        let generation = u32::from(table.generation) << 16;
        let stream = values
            .iter()
            .map(|&i| {
                if Some(i) == cut {
                    return STRIP_CUT;
                }
                let entry = &mut table.entries[i as usize];
                if *entry & 0xffff_0000 != generation {
                    // At most 2^16 values, so the slot fits in 16 bits.
                    *entry = generation | distinct.len() as u32;
                    distinct.push(i);
                }
                *entry & 0xffff
            })
            .collect();
        return (distinct, stream);
    }
    distinct = values.iter().copied().filter(|&i| Some(i) != cut).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let stream = values
        .iter()
        .map(|&i| {
            if Some(i) == cut {
                STRIP_CUT
            } else {
                distinct.binary_search(&i).map_or(0, |p| p as u32)
            }
        })
        .collect();
    (distinct, stream)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Batches tile the stream in order, hold whole groups (but the last), and a list of up to
    /// twice `BATCH_TRIANGLES` triangles is one batch.
    #[test]
    fn batches_tile_the_stream_in_whole_groups() {
        let list = PrimitiveTopology::TriangleList;
        for triangles in [
            0u32, 1, 4095, 4096, 50_000, 65_535, 65_536, 100_000, 1_000_000,
        ] {
            let count = triangles * 3 + 2; // two trailing indices make no triangle
            let ranges = batch_ranges(list, count);
            assert_eq!(ranges.first().map(|r| r.start), Some(0));
            assert_eq!(ranges.last().map(|r| r.end), Some(count));
            for pair in ranges.windows(2) {
                assert_eq!(pair[0].end, pair[1].start);
                assert_eq!(
                    pair[0].len() as u32 % (3 * GROUP_TRIANGLES),
                    0,
                    "{triangles}"
                );
                assert!(pair[0].len() as u32 >= 3 * BATCH_TRIANGLES, "{triangles}");
                assert!(pair[0].len() as u32 <= 6 * BATCH_TRIANGLES, "{triangles}");
            }
            if triangles < 2 * BATCH_TRIANGLES {
                assert_eq!(ranges.len(), 1, "{triangles}");
            }
            for batch in &ranges {
                let groups = group_ranges(list, batch.clone());
                assert_eq!(groups.first().map(|g| g.start), Some(batch.start));
                assert_eq!(groups.last().map(|g| g.end), Some(batch.end));
                for pair in groups.windows(2) {
                    assert_eq!(pair[0].end, pair[1].start);
                    assert_eq!(pair[0].len() as u32, 3 * GROUP_TRIANGLES, "{triangles}");
                }
            }
        }
        let strip = PrimitiveTopology::TriangleStrip;
        assert_eq!(batch_ranges(strip, 1 << 20), vec![0..1 << 20]);
    }
}
