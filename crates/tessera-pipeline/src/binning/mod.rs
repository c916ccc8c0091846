//! Binning: clip and setup in parallel chunks, each chunk's triangles binned into the row
//! bands ([`BAND_HEIGHT`]) their bounds touch.

mod lines;

use rayon::prelude::*;
use tessera_types::{CullMode, RasterizerDesc, Viewport};

use crate::band::BAND_HEIGHT;
use crate::front::ia::Triangle;
use crate::front::vertex::ShadedVertices;
use crate::setup::clip::ClipPlanes;
use crate::setup::{
    LaneVertices, Plane, Primitive, SETUP_LANES, ScreenTriangle, ScreenVertex, SetupParams,
    lane_setup_applies, point_square, setup_screen_lanes, setup_screen_triangle, setup_triangle,
    to_screen,
};

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
    /// The set-up primitives, in submission order.
    pub(crate) prims: Vec<Primitive>,
    /// Their attribute planes.
    pub(crate) planes: Vec<Plane>,
    /// While binning: per binned triangle, its index in `prims` and its first and last band.
    spans: Vec<[u32; 3]>,
    /// Per band `b`: `items[starts[b]..starts[b + 1]]` are its triangles (indices into
    /// `prims`), in submission order; filled from `spans` once the chunk is set up (counting
    /// first, so no per-band list grows).
    starts: Vec<u32>,
    items: Vec<u32>,
    /// Line segments that reached setup (after clipping) and the one-pixel primitives their
    /// lit pixels became, so [`len`](Self::len) counts each line once.
    lines: usize,
    line_pixels: usize,
    /// Scratch list of one line's lit pixels.
    pixels: Vec<[i32; 2]>,
    /// Scratch list of one alpha-antialiased line's covered pixels and their coverage.
    aa_pixels: Vec<([i32; 2], u32)>,
}

/// What the assembled primitives of a draw are rasterized as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PrimKind {
    /// Solid triangles (SPEC §3.4).
    Triangles,
    /// Triangles in wireframe fill: their edges as lines (SPEC §3.4).
    Wireframe,
    /// Lines (a, b, b), in the rasterizer state's line mode (SPEC §3.5).
    Lines,
    /// Points (i, i, i) (SPEC §3.6).
    Points,
}

impl SetupChunk {
    /// Primitives that survived clipping and culling (a line counts once, however many
    /// pixels it lights).
    pub(crate) fn len(&self) -> usize {
        self.prims.len() - self.line_pixels + self.lines
    }

    /// Sets up and bins the two triangles of point `v` at screen position `at` (SPEC §3.6;
    /// `params` with culling off).
    fn push_point(
        &mut self,
        v: &[f32],
        at: ScreenVertex,
        params: &SetupParams<'_>,
        id: u32,
        bands: usize,
    ) {
        let before = self.prims.len();
        for square in point_square(at) {
            let s = setup_screen_triangle([v; 3], square, v, params, id, &mut self.planes);
            self.prims.extend(s.map(Primitive::Triangle));
        }
        self.bin_from(before, bands);
    }

    /// Sets up the `pending` unclipped triangles together, bins them and empties `pending`.
    fn flush(
        &mut self,
        pending: &mut Vec<ScreenTriangle>,
        vertices: &LaneVertices<'_>,
        params: &SetupParams<'_>,
        bands: usize,
    ) {
        if pending.is_empty() {
            return;
        }
        let before = self.prims.len();
        setup_screen_lanes(pending, vertices, params, &mut self.prims, &mut self.planes);
        pending.clear();
        self.bin_from(before, bands);
    }

    /// Bins the triangles from index `before` on: each goes to every band its bounds touch (a
    /// small triangle's covered blocks are found by those bands, in their rows only).
    fn bin_from(&mut self, before: usize, bands: usize) {
        for (index, prim) in self.prims.iter().enumerate().skip(before) {
            let [x0, y0, x1, y1] = prim.bounds();
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

    /// Band `b`'s triangles (indices into `prims`) in submission order.
    pub(crate) fn bin(&self, b: usize) -> &[u32] {
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
    kind: PrimKind,
) -> Vec<SetupChunk> {
    // Points are never culled (SPEC §3.6) and always front-facing (§3.4, RS-16): their
    // squares are clockwise on screen, so clockwise is front for them whatever the state says.
    let point_rs = RasterizerDesc {
        cull_mode: CullMode::None,
        front_counter_clockwise: false,
        ..*params.rasterizer
    };
    let point_params = SetupParams {
        rasterizer: &point_rs,
        ..*params
    };
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
    let vertices = LaneVertices {
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
                prims: Vec::with_capacity(tris.len()),
                planes: Vec::with_capacity(tris.len() * 4 * params.inputs.len()),
                spans: Vec::with_capacity(tris.len()),
                starts: Vec::new(),
                items: Vec::new(),
                lines: 0,
                line_pixels: 0,
                pixels: Vec::new(),
                aa_pixels: Vec::new(),
            };
            let vs = lines::Vertices {
                planes: &planes,
                len,
                data: &shaded.data,
                codes: &codes,
                screen: &screen,
            };
            // Unclipped triangles are set up eight at a time; a clipped one first flushes
            // those before it, so the chunk keeps the submission order.
            let in_lanes = lane_setup_applies(params);
            let mut pending: Vec<ScreenTriangle> = Vec::with_capacity(SETUP_LANES);
            for (i, t) in tris.iter().enumerate() {
                let id =
                    first_primitive.wrapping_add((chunk_index * TRIANGLES_PER_TASK + i) as u32);
                match kind {
                    PrimKind::Lines => {
                        // Line primitives: SV_IsFrontFace true, no depth bias (SPEC §3.4, §3.7).
                        chunk.push_line([t[0], t[1]], &vs, params, (id, (true, 0.0)), bands);
                        continue;
                    }
                    PrimKind::Wireframe => {
                        chunk.push_wire(*t, &vs, params, id, bands);
                        continue;
                    }
                    PrimKind::Triangles | PrimKind::Points => {}
                }
                let c = t.map(|k| codes[k as usize]);
                if kind == PrimKind::Points {
                    // A point outside the clip volume (or at a NaN position) is dropped whole;
                    // its square is cut only by the viewport/scissor rectangle.
                    if c[0] == 0 {
                        let k = t[0] as usize;
                        chunk.push_point(shaded.vertex(k), screen[k], &point_params, id, bands);
                    }
                    continue;
                }
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
                    if in_lanes {
                        pending.push(ScreenTriangle {
                            vertices: *t,
                            primitive_id: id,
                        });
                        if pending.len() == SETUP_LANES {
                            chunk.flush(&mut pending, &vertices, params, bands);
                        }
                    } else {
                        let before = chunk.prims.len();
                        let v = t.map(|k| shaded.vertex(k as usize));
                        let tri = setup_screen_triangle(
                            v,
                            t.map(|k| screen[k as usize]),
                            v[0],
                            params,
                            id,
                            &mut chunk.planes,
                        );
                        chunk.prims.extend(tri.map(Primitive::Triangle));
                        chunk.bin_from(before, bands);
                    }
                } else {
                    chunk.flush(&mut pending, &vertices, params, bands);
                    let before = chunk.prims.len();
                    let v = t.map(|k| shaded.vertex(k as usize));
                    let poly = planes.clip_triangle(v, len, c.map(|c| c & !NAN_SCREEN));
                    for k in 1..poly.len().saturating_sub(1) {
                        let fan = [&poly[0][..len], &poly[k][..len], &poly[k + 1][..len]];
                        if let Some(s) = setup_triangle(fan, v[0], params, id, &mut chunk.planes) {
                            chunk.prims.push(Primitive::Triangle(s));
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

/// Whether any triangle of `chunks` is binned to band `b`.
pub(crate) fn touches(chunks: &[SetupChunk], b: usize) -> bool {
    chunks.iter().any(|c| !c.bin(b).is_empty())
}
