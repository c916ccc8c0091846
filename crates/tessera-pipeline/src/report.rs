//! What a draw reports beyond the D3D statistics, for the info queue: the 9_x texture-repeat
//! measure and fetches past the end of the index buffer (issue #15).
//!
//! Texture repeat (SPEC §1.2, §2.2 Draw: at most 128 / 2048 / 8192 per primitive at
//! 9_1 / 9_2 / 9_3): measured only when [`DrawState::repeat_probes`] is non-empty (the facade
//! sets it at 9_x, so 10_0+ draws pay nothing). For each primitive, each probe (a declared
//! texture–sampler pair) and each of its coordinate components (u, v; w for three), the span
//! is `max − min` of that varying component over the primitive's three post-VS vertices,
//! before clipping, so it does not depend on the viewport. Normalized coordinates are already
//! "span in texels ÷ dimension", so no texture size enters. A primitive counts when at least
//! one piece of it reaches the rasterizer (counted in `c_primitives`): not wholly outside the
//! clip volume, not culled by face or zero area, not outside the viewport/scissor rectangle.
//! A NaN or infinite coordinate (or a span that overflows) counts as an infinite span, so it
//! exceeds every limit. The draw's maximum is kept with the first primitive reaching it,
//! ordered by (instance, `SV_PrimitiveID`), then probe order: the same at any thread count.
//!
//! [`DrawState::repeat_probes`]: crate::DrawState::repeat_probes

use tessera_format::Format;
use tessera_types::SamplePair;

use crate::binning::SetupChunk;
use crate::front::batch::Batch;
use crate::front::ia::Triangle;
use crate::front::vertex::ShadedVertices;
use crate::state::{DrawArgs, DrawState, TextureRepeat};

/// Span of one primitive for `probes` (module doc), with the slot of the first probe reaching it.
fn primitive_span(tri: &Triangle, shaded: &ShadedVertices, probes: &[SamplePair]) -> (u32, u32) {
    let mut best = (0u32, 0u32);
    let v = tri.map(|k| shaded.vertex(k as usize));
    for p in probes {
        for c in 0..usize::from(p.components.min(4)) {
            let at = 4 * (1 + p.coords as usize) + c;
            let (Some(&a), Some(&b), Some(&d)) = (v[0].get(at), v[1].get(at), v[2].get(at)) else {
                continue;
            };
            // `f32::max` skips NaN, so non-finite inputs are caught before the span.
            let span = a.max(b).max(d) - a.min(b).min(d);
            let finite = a.is_finite() && b.is_finite() && d.is_finite() && span.is_finite();
            let bits = if finite {
                span.to_bits()
            } else {
                f32::INFINITY.to_bits()
            };
            if bits > best.0 {
                best = (bits, p.texture);
            }
        }
    }
    best
}

/// The largest span over the primitives of a group's set-up `chunks` (from `batch`, whose
/// first primitive ID is `first_primitive`); clipped pieces of one primitive count once.
pub(crate) fn measure_repeat(
    chunks: &[SetupChunk],
    batch: &Batch,
    probes: &[SamplePair],
    instance: u32,
    first_primitive: u32,
) -> Option<TextureRepeat> {
    let mut best: Option<TextureRepeat> = None;
    let mut last = None;
    for prim in chunks.iter().flat_map(|c| &c.prims) {
        let id = prim.primitive_id();
        if last == Some(id) {
            continue;
        }
        last = Some(id);
        let Some(tri) = batch
            .triangles
            .get(id.wrapping_sub(first_primitive) as usize)
        else {
            continue;
        };
        let (span_bits, texture) = primitive_span(tri, &batch.shaded, probes);
        let this = TextureRepeat {
            span_bits,
            texture,
            instance,
            primitive: id,
        };
        best = TextureRepeat::merge(best, Some(this));
    }
    best
}

/// Index positions of an indexed draw that lie past the end of its index buffer, over every
/// instance (0 for non-indexed draws).
pub(crate) fn index_fetches_out_of_bounds(
    state: &DrawState<'_>,
    args: DrawArgs,
    instances: u32,
) -> u64 {
    let (
        DrawArgs::Indexed {
            index_count,
            start_index,
            ..
        },
        Some(ib),
    ) = (args, state.index_buffer.as_ref())
    else {
        return 0;
    };
    let size = if ib.format == Format::R16Uint { 2 } else { 4 };
    let len = ib.data.len() as u64;
    let valid_end = len.saturating_sub(u64::from(ib.offset)) / size;
    let (start, count) = (u64::from(start_index), u64::from(index_count));
    let inside = valid_end.saturating_sub(start).min(count);
    (count - inside) * u64::from(instances)
}
