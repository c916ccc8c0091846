//! Clip/setup in parallel chunks with binning into row bands, and the parallel rasterization
//! of those bands.

use rayon::prelude::*;
use tessera_caps::Viewport;

use crate::clip::ClipPlanes;
use crate::error::PipelineError;
use crate::ia::Triangle;
use crate::om::coarse::CoarseDepth;
use crate::om::depth::{BandDepth, DepthKind};
use crate::om::target::{BandTarget, TargetKind};
use crate::raster::{
    Band, BandStats, RasterContext, band_coarse_test, band_early_test, raster_triangle,
};
use crate::setup::{
    BatchVertices, Plane, SETUP_LANES, ScreenTriangle, ScreenVertex, SetupParams, TriSetup,
    batch_setup_applies, setup_screen_batch, setup_screen_triangle, setup_triangle, to_screen,
};
use crate::shader::MAX_RENDER_TARGETS;
use crate::state::Targets;
use crate::vertex::ShadedVertices;

/// Rows per band: the unit of parallel rasterization. Even, so a 4×2 block never spans two
/// bands. 16 rather than 8 halves the triangle × band pairs of small triangles that a band
/// edge cuts, while 1080 rows still make 68 bands to share among the threads.
pub const BAND_HEIGHT: u32 = 16;
const _: () = assert!(
    BAND_HEIGHT.is_multiple_of(2),
    "a 4×2 block must not span two bands"
);
/// Triangles per setup task.
const TRIANGLES_PER_TASK: usize = 1024;
/// Vertices per task of the per-vertex screen transform.
const VERTICES_PER_TASK: usize = 512;
/// Outcode bit of a vertex inside every clip plane whose screen position is NaN (the clip
/// planes use bits 0..7).
const NAN_SCREEN: u8 = 0x80;
/// Guard band half-extent in pixels beyond the viewport centre.
const GUARD_PIXELS: f32 = 16384.0;

/// Set-up triangles of one task, binned by band.
pub(crate) struct SetupChunk {
    tris: Vec<TriSetup>,
    planes: Vec<Plane>,
    /// While binning: per binned triangle, its index in `tris` and its first and last band.
    spans: Vec<[u32; 3]>,
    /// Per band `b`: `items[starts[b]..starts[b + 1]]` are its triangles (indices into
    /// `tris`), in submission order; filled from `spans` once the chunk is set up (counting
    /// first, so no per-band list grows).
    starts: Vec<u32>,
    items: Vec<u32>,
}

impl SetupChunk {
    /// Triangles that survived clipping and culling.
    pub(crate) fn len(&self) -> usize {
        self.tris.len()
    }

    /// Sets up the `pending` unclipped triangles together, bins them and empties `pending`.
    fn flush(
        &mut self,
        pending: &mut Vec<ScreenTriangle>,
        vertices: &BatchVertices<'_>,
        params: &SetupParams<'_>,
        bands: usize,
    ) {
        if pending.is_empty() {
            return;
        }
        let before = self.tris.len();
        setup_screen_batch(pending, vertices, params, &mut self.tris, &mut self.planes);
        pending.clear();
        self.bin_from(before, bands);
    }

    /// Bins the triangles from index `before` on: each goes to every band its bounds touch (a
    /// small triangle's covered blocks are found by those bands, in their rows only).
    fn bin_from(&mut self, before: usize, bands: usize) {
        for (index, tri) in self.tris.iter().enumerate().skip(before) {
            let [x0, y0, x1, y1] = tri.bounds;
            if x0 >= x1 || y0 >= y1 {
                continue;
            }
            let (first, last) = (y0 as u32 / BAND_HEIGHT, (y1 as u32 - 1) / BAND_HEIGHT);
            let last = last.min(bands as u32 - 1);
            self.spans.push([index as u32, first, last]);
        }
    }

    /// Fills the per-band lists from the binned spans (a counting sort that keeps the
    /// submission order within each band).
    fn finish_bins(&mut self, bands: usize) {
        let mut starts = vec![0u32; bands + 1];
        for &[_, first, last] in &self.spans {
            for b in first..=last {
                starts[b as usize + 1] += 1;
            }
        }
        for b in 0..bands {
            starts[b + 1] += starts[b];
        }
        let mut next = starts.clone();
        let mut items = vec![0u32; starts[bands] as usize];
        for &[index, first, last] in &self.spans {
            for b in first..=last {
                let at = &mut next[b as usize];
                items[*at as usize] = index;
                *at += 1;
            }
        }
        self.spans = Vec::new();
        (self.starts, self.items) = (starts, items);
    }

    /// Band `b`'s triangles (indices into `tris`) in submission order.
    fn bin(&self, b: usize) -> &[u32] {
        match (self.starts.get(b), self.starts.get(b + 1)) {
            (Some(&s), Some(&e)) => &self.items[s as usize..e as usize],
            _ => &[],
        }
    }
}

pub(crate) fn setup_chunks(
    triangles: &[Triangle],
    shaded: &ShadedVertices,
    params: &SetupParams<'_>,
    vp: &Viewport,
    bands: usize,
    first_primitive: u32,
) -> Vec<SetupChunk> {
    let planes = ClipPlanes {
        depth_clip: params.rasterizer.depth_clip_enable,
        guard_x: (GUARD_PIXELS / (vp.width * 0.5).max(1.0)).max(1.0),
        guard_y: (GUARD_PIXELS / (vp.height * 0.5).max(1.0)).max(1.0),
    };
    let len = shaded.stride;
    // Once per shaded vertex (not per use): the clip outcode and, inside every plane, the
    // screen position; a vertex inside every plane whose screen position is NaN gets
    // `NAN_SCREEN` (a triangle using it is dropped, as setup would drop it).
    let (codes, screen): (Vec<u8>, Vec<ScreenVertex>) = (0..shaded.vertex_count())
        .into_par_iter()
        .with_min_len(VERTICES_PER_TASK)
        .map(|i| {
            let v = shaded.vertex(i);
            match planes.outcode(v) {
                0 => to_screen(v, vp).map_or((NAN_SCREEN, ScreenVertex::default()), |s| (0, s)),
                code => (code, ScreenVertex::default()),
            }
        })
        .unzip();
    let vertices = BatchVertices {
        data: &shaded.data,
        stride: shaded.stride,
        screen: &screen,
    };
    triangles
        .par_chunks(TRIANGLES_PER_TASK)
        .enumerate()
        .map(|(chunk_index, tris)| {
            // Sized for the common case (no clipping) so setup never regrows them.
            let mut chunk = SetupChunk {
                tris: Vec::with_capacity(tris.len()),
                planes: Vec::with_capacity(tris.len() * 4 * params.inputs.len()),
                spans: Vec::with_capacity(tris.len()),
                starts: Vec::new(),
                items: Vec::new(),
            };
            // Unclipped triangles are set up eight at a time; a clipped one first flushes
            // those before it, so the chunk keeps the submission order.
            let batched = batch_setup_applies(params);
            let mut pending: Vec<ScreenTriangle> = Vec::with_capacity(SETUP_LANES);
            for (i, t) in tris.iter().enumerate() {
                let id =
                    first_primitive.wrapping_add((chunk_index * TRIANGLES_PER_TASK + i) as u32);
                let c = t.map(|k| codes[k as usize]);
                if c[0] & c[1] & c[2] & !NAN_SCREEN != 0 {
                    continue;
                }
                let any = c[0] | c[1] | c[2];
                if any & !NAN_SCREEN == 0 {
                    // Inside every plane; a vertex whose screen position is NaN culls the
                    // triangle, as in setup.
                    if any != 0 {
                        continue;
                    }
                    if batched {
                        pending.push(ScreenTriangle {
                            vertices: *t,
                            primitive_id: id,
                        });
                        if pending.len() == SETUP_LANES {
                            chunk.flush(&mut pending, &vertices, params, bands);
                        }
                    } else {
                        let before = chunk.tris.len();
                        let v = t.map(|k| shaded.vertex(k as usize));
                        let tri = setup_screen_triangle(
                            v,
                            t.map(|k| screen[k as usize]),
                            v[0],
                            params,
                            id,
                            &mut chunk.planes,
                        );
                        chunk.tris.extend(tri);
                        chunk.bin_from(before, bands);
                    }
                } else {
                    chunk.flush(&mut pending, &vertices, params, bands);
                    let before = chunk.tris.len();
                    let v = t.map(|k| shaded.vertex(k as usize));
                    let poly = planes.clip_triangle(v, len, c.map(|c| c & !NAN_SCREEN));
                    for k in 1..poly.len().saturating_sub(1) {
                        let fan = [&poly[0][..len], &poly[k][..len], &poly[k + 1][..len]];
                        if let Some(s) = setup_triangle(fan, v[0], params, id, &mut chunk.planes) {
                            chunk.tris.push(s);
                        }
                    }
                    chunk.bin_from(before, bands);
                }
            }
            chunk.flush(&mut pending, &vertices, params, bands);
            chunk.finish_bins(bands);
            chunk
        })
        .collect()
}

/// Splits every target into bands of [`BAND_HEIGHT`] rows, each owning its rows of every target.
pub(crate) fn make_bands<'t>(
    targets: &'t mut Targets<'_>,
    height: u32,
    depth_kind: Option<DepthKind>,
) -> Result<Vec<Band<'t>>, PipelineError> {
    let bands = height.div_ceil(BAND_HEIGHT) as usize;
    let mut work: Vec<Band<'t>> = (0..bands)
        .map(|b| Band {
            y0: b as u32 * BAND_HEIGHT,
            y1: (b as u32 + 1) * BAND_HEIGHT,
            colors: Vec::new(),
            depth: None,
            scratch: Box::default(),
            coarse: CoarseDepth::default(),
        })
        .collect();
    for target in targets.colors.iter_mut().take(MAX_RENDER_TARGETS) {
        match target {
            Some(s) => {
                let kind = TargetKind::of(s.format())?;
                let texel_size = s.format().info().bytes_per_block as usize;
                let (format, width) = (s.format(), s.width());
                for (band, data) in work.iter_mut().zip(s.bands_mut(BAND_HEIGHT)) {
                    band.colors.push(Some(BandTarget {
                        data,
                        format,
                        kind,
                        texel_size,
                        width,
                    }));
                }
            }
            None => work.iter_mut().for_each(|b| b.colors.push(None)),
        }
    }
    if let (Some(s), Some(kind)) = (targets.depth_stencil.as_mut(), depth_kind) {
        let width = s.width();
        for (band, data) in work.iter_mut().zip(s.bands_mut(BAND_HEIGHT)) {
            band.depth = Some(BandDepth { data, kind, width });
        }
    }
    Ok(work)
}

/// Rasterizes the triangles of `chunks` binned to band `b` into `band`, in submission order.
pub(crate) fn raster_band(
    ctx: &RasterContext<'_>,
    band: &mut Band<'_>,
    b: usize,
    chunks: &[SetupChunk],
    stats: &mut BandStats,
) {
    let early = band_early_test(ctx, band);
    let coarse = band_coarse_test(band, early.as_ref());
    for chunk in chunks {
        for &t in chunk.bin(b) {
            let tri = &chunk.tris[t as usize];
            let planes = &chunk.planes[tri.attr_offset as usize..];
            raster_triangle(ctx, band, early.as_ref(), coarse, tri, planes, stats);
        }
    }
}

/// Whether any triangle of `chunks` is binned to band `b`.
pub(crate) fn touches(chunks: &[SetupChunk], b: usize) -> bool {
    chunks.iter().any(|c| !c.bin(b).is_empty())
}
