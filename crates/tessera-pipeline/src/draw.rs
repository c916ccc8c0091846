//! Draw execution: vertex stage, primitive assembly, clip and setup in parallel chunks,
//! binning into row bands, then every band rasterized in parallel.
//!
//! Determinism: every band processes its triangles in submission order (chunks in order,
//! triangles in order within a chunk), and every value is computed by a fixed sequence of
//! operations that does not depend on which thread runs it, so the image is byte-identical
//! at any thread count.

use rayon::prelude::*;
use tessera_caps::{FillMode, PrimitiveTopology, Viewport};

use crate::clip::ClipPlanes;
use crate::error::PipelineError;
use crate::ia::{STRIP_CUT, Triangle, assemble_triangles, read_indices};
use crate::om::depth::{BandDepth, DepthKind, DepthStencilOps};
use crate::om::target::{BandTarget, TargetKind, blend_range};
use crate::raster::{Band, BandStats, RasterContext, raster_triangle};
use crate::setup::{Plane, SetupParams, TriSetup, setup_triangle};
use crate::shader::{Interpolation, MAX_RENDER_TARGETS};
use crate::state::{DrawArgs, DrawState, DrawStats, Targets};
use crate::vertex::{ShadedVertices, VertexKey, shade_vertices};

/// Rows per band: the unit of parallel rasterization.
pub const BAND_HEIGHT: u32 = 16;
/// Triangles per setup task.
const TRIANGLES_PER_TASK: usize = 1024;
/// Guard band half-extent in pixels beyond the viewport centre.
const GUARD_PIXELS: f32 = 16384.0;

/// Set-up triangles of one task, binned by band.
struct SetupChunk {
    tris: Vec<TriSetup>,
    planes: Vec<Plane>,
    /// Per band: indices into `tris`, in submission order.
    bins: Vec<Vec<u32>>,
}

/// Executes one draw against `targets` and returns its statistics.
pub fn draw(
    state: &DrawState<'_>,
    targets: &mut Targets<'_>,
    args: DrawArgs,
) -> Result<DrawStats, PipelineError> {
    match state.topology {
        PrimitiveTopology::TriangleList
        | PrimitiveTopology::TriangleStrip
        | PrimitiveTopology::TriangleListAdj
        | PrimitiveTopology::TriangleStripAdj => {}
        PrimitiveTopology::Undefined => return Ok(DrawStats::default()),
        topology => return Err(PipelineError::UnsupportedTopology { topology }),
    }
    if state.rasterizer.fill_mode != FillMode::Solid {
        // Wireframe draws triangle edges as lines (SPEC §3.4), which are not implemented:
        // refuse rather than silently filling.
        return Err(PipelineError::UnsupportedFillMode {
            fill_mode: state.rasterizer.fill_mode,
        });
    }
    let (width, height) = target_size(targets)?;
    let Some(viewport) = state.viewports.first().copied() else {
        return Ok(DrawStats::default());
    };
    if uses_dual_source(state) {
        let bound = targets.colors.iter().filter(|c| c.is_some()).count();
        if bound > 1 || targets.colors.iter().skip(1).any(Option::is_some) {
            return Err(PipelineError::DualSourceWithMultipleTargets { bound });
        }
    }
    let (keys, stream, instances, per_instance) = vertex_stream(state, args)?;
    let shaded = shade_vertices(
        state.vertex_shader,
        state.vs_env,
        state.input_layout,
        state.vertex_buffers,
        start_instance(args),
        &keys,
    );
    let mut triangles = Vec::with_capacity(stream.len() / 3 * instances as usize);
    assemble_triangles(state.topology, &stream, &mut triangles);
    let per_draw = triangles.len();
    // Later instances repeat instance 0's triangles over their own copy of the vertices.
    for instance in 1..instances {
        let base = instance * per_instance;
        for k in 0..per_draw {
            let t = triangles[k];
            triangles.push([t[0] + base, t[1] + base, t[2] + base]);
        }
    }
    let mut stats = DrawStats {
        vs_invocations: keys.len() as u64,
        ia_primitives: triangles.len() as u64,
        ..DrawStats::default()
    };
    // Nothing is rasterized without a pixel shader when depth and stencil are off (SPEC §5.1),
    // and a sample mask without bit 0 writes nothing on single-sample targets (SPEC §5.3).
    let ds = &state.depth_stencil;
    if (state.pixel_shader.is_none() && !ds.depth_enable && !ds.stencil_enable)
        || state.sample_mask & 1 == 0
    {
        return Ok(stats);
    }
    let depth_kind = match &targets.depth_stencil {
        Some(s) => Some(DepthKind::of(s.format)?),
        None => None,
    };
    let inputs: &[Interpolation] = state.pixel_shader.map_or(&[], |ps| ps.inputs());
    let rect = raster_rect(&viewport, state, width, height);
    let params = SetupParams {
        viewport,
        rect,
        rasterizer: &state.rasterizer,
        inputs,
        depth: depth_kind,
    };
    let bands = height.div_ceil(BAND_HEIGHT) as usize;
    let chunks = setup_chunks(&triangles, &shaded, &params, &viewport, bands);
    stats.c_primitives = chunks.iter().map(|c| c.tris.len() as u64).sum();

    let ctx = raster_context(state, targets, inputs, &viewport, depth_kind)?;
    let band_stats = rasterize(&ctx, targets, &chunks, width, depth_kind)?;
    stats.ps_invocations = band_stats.ps_lanes;
    stats.samples_passed = band_stats.passed;
    Ok(stats)
}

fn start_instance(args: DrawArgs) -> u32 {
    match args {
        DrawArgs::Vertices { start_instance, .. } | DrawArgs::Indexed { start_instance, .. } => {
            start_instance
        }
    }
}

fn uses_dual_source(state: &DrawState<'_>) -> bool {
    let rt = &state.blend.render_target[0];
    rt.blend_enable
        && [
            rt.src_blend,
            rt.dest_blend,
            rt.src_blend_alpha,
            rt.dest_blend_alpha,
        ]
        .iter()
        .any(|b| b.is_dual_source())
}

/// The vertices to shade (one key per distinct vertex and instance) and the draw's vertex
/// stream as positions into the keys of instance 0 (cuts kept), plus instance count and keys
/// per instance. Indexed draws shade each distinct index once: the post-transform cache.
fn vertex_stream(
    state: &DrawState<'_>,
    args: DrawArgs,
) -> Result<(Vec<VertexKey>, Vec<u32>, u32, u32), PipelineError> {
    let (per_vertex, stream, instances): (Vec<(u64, u32)>, Vec<u32>, u32) = match args {
        DrawArgs::Vertices {
            vertex_count,
            start_vertex,
            instance_count,
            ..
        } => {
            let keys = (0..vertex_count).map(|i| {
                let v = start_vertex.wrapping_add(i);
                (u64::from(v), v)
            });
            (keys.collect(), (0..vertex_count).collect(), instance_count)
        }
        DrawArgs::Indexed {
            index_count,
            start_index,
            base_vertex,
            instance_count,
            ..
        } => {
            let ib = state
                .index_buffer
                .as_ref()
                .ok_or(PipelineError::NoIndexBuffer)?;
            let indices = read_indices(ib, start_index, index_count)?;
            let cut = crate::ia::has_strip_cut(state.topology)
                .then(|| crate::ia::strip_cut_value(ib.format));
            let (distinct, stream) = dedupe_indices(&indices, cut);
            let keys = distinct
                .iter()
                .map(|&i| {
                    let v = i64::from(i) + i64::from(base_vertex);
                    // A negative vertex index reads out of range (defaults), as D3D defines.
                    (u64::try_from(v).unwrap_or(u64::MAX / 2), v as u32)
                })
                .collect();
            (keys, stream, instance_count)
        }
    };
    let per_instance = per_vertex.len() as u32;
    let mut keys = Vec::with_capacity(per_vertex.len() * instances as usize);
    for instance in 0..instances {
        keys.extend(
            per_vertex
                .iter()
                .map(|&(vertex_index, vertex_id)| VertexKey {
                    vertex_index,
                    instance,
                    vertex_id,
                }),
        );
    }
    Ok((keys, stream, instances, per_instance))
}

/// The post-transform cache: each distinct index value once (in order of first use), and the
/// draw's stream as positions into that list, with cuts (`cut`) as [`STRIP_CUT`]. Dense index
/// ranges use a lookup table (linear time); sparse ones sort.
fn dedupe_indices(indices: &[u32], cut: Option<u32>) -> (Vec<u32>, Vec<u32>) {
    let max = indices
        .iter()
        .copied()
        .filter(|&i| Some(i) != cut)
        .max()
        .unwrap_or(0);
    let mut distinct = Vec::new();
    let stream: Vec<u32> = if (max as usize) <= indices.len().saturating_mul(4).max(1024) {
        let mut slot = vec![u32::MAX; max as usize + 1];
        indices
            .iter()
            .map(|&i| {
                if Some(i) == cut {
                    return STRIP_CUT;
                }
                let s = &mut slot[i as usize];
                if *s == u32::MAX {
                    *s = distinct.len() as u32;
                    distinct.push(i);
                }
                *s
            })
            .collect()
    } else {
        distinct = indices
            .iter()
            .copied()
            .filter(|&i| Some(i) != cut)
            .collect();
        distinct.sort_unstable();
        distinct.dedup();
        indices
            .iter()
            .map(|&i| {
                if Some(i) == cut {
                    STRIP_CUT
                } else {
                    distinct.binary_search(&i).map_or(0, |p| p as u32)
                }
            })
            .collect()
    };
    (distinct, stream)
}

fn target_size(targets: &Targets<'_>) -> Result<(u32, u32), PipelineError> {
    let mut size = None;
    let surfaces = targets
        .colors
        .iter()
        .flatten()
        .chain(targets.depth_stencil.iter());
    for s in surfaces {
        let this = (s.width, s.height);
        match size {
            None => size = Some(this),
            Some(first) if first != this => {
                return Err(PipelineError::TargetSizeMismatch { first, other: this });
            }
            Some(_) => {}
        }
        let needed = s.row_pitch * s.height as usize;
        if s.data.len() < needed {
            return Err(PipelineError::TargetTooSmall {
                width: s.width,
                height: s.height,
                needed,
                got: s.data.len(),
            });
        }
    }
    Ok(size.unwrap_or((0, 0)))
}

/// Viewport (implicit scissor, floor of each edge) ∩ scissor ∩ target (SPEC §3.2).
fn raster_rect(vp: &Viewport, state: &DrawState<'_>, width: u32, height: u32) -> [i32; 4] {
    let mut r = [
        vp.top_left_x.floor() as i32,
        vp.top_left_y.floor() as i32,
        (vp.top_left_x + vp.width).floor() as i32,
        (vp.top_left_y + vp.height).floor() as i32,
    ];
    if state.rasterizer.scissor_enable {
        let s = state.scissors.first().copied().unwrap_or_default();
        r = [
            r[0].max(s.left),
            r[1].max(s.top),
            r[2].min(s.right),
            r[3].min(s.bottom),
        ];
    }
    [
        r[0].max(0),
        r[1].max(0),
        r[2].min(width as i32),
        r[3].min(height as i32),
    ]
}

fn setup_chunks(
    triangles: &[Triangle],
    shaded: &ShadedVertices,
    params: &SetupParams<'_>,
    vp: &Viewport,
    bands: usize,
) -> Vec<SetupChunk> {
    let planes = ClipPlanes {
        depth_clip: params.rasterizer.depth_clip_enable,
        guard_x: (GUARD_PIXELS / (vp.width * 0.5).max(1.0)).max(1.0),
        guard_y: (GUARD_PIXELS / (vp.height * 0.5).max(1.0)).max(1.0),
    };
    let len = shaded.stride;
    triangles
        .par_chunks(TRIANGLES_PER_TASK)
        .enumerate()
        .map(|(chunk_index, tris)| {
            let mut chunk = SetupChunk {
                tris: Vec::new(),
                planes: Vec::new(),
                bins: vec![Vec::new(); bands],
            };
            for (i, t) in tris.iter().enumerate() {
                let id = (chunk_index * TRIANGLES_PER_TASK + i) as u32;
                let v = t.map(|k| shaded.vertex(k as usize));
                let codes = v.map(|v| planes.outcode(v));
                let before = chunk.tris.len();
                if codes[0] & codes[1] & codes[2] != 0 {
                    continue;
                }
                if codes[0] | codes[1] | codes[2] == 0 {
                    if let Some(s) = setup_triangle(v, v[0], params, id, &mut chunk.planes) {
                        chunk.tris.push(s);
                    }
                } else {
                    let poly = planes.clip_triangle(v, len, codes);
                    for k in 1..poly.len().saturating_sub(1) {
                        let fan = [&poly[0][..len], &poly[k][..len], &poly[k + 1][..len]];
                        if let Some(s) = setup_triangle(fan, v[0], params, id, &mut chunk.planes) {
                            chunk.tris.push(s);
                        }
                    }
                }
                for (index, tri) in chunk.tris.iter().enumerate().skip(before) {
                    let first = (tri.bounds[1] as u32 / BAND_HEIGHT) as usize;
                    let last = ((tri.bounds[3] as u32 - 1) / BAND_HEIGHT) as usize;
                    for bin in &mut chunk.bins[first..=last.min(bands - 1)] {
                        bin.push(index as u32);
                    }
                }
            }
            chunk
        })
        .collect()
}

fn raster_context<'a>(
    state: &'a DrawState<'a>,
    targets: &Targets<'_>,
    inputs: &'a [Interpolation],
    vp: &Viewport,
    depth_kind: Option<DepthKind>,
) -> Result<RasterContext<'a>, PipelineError> {
    let ds = state.depth_stencil;
    let has_stencil = depth_kind.is_some_and(DepthKind::has_stencil);
    let ops = DepthStencilOps {
        desc: ds,
        stencil_ref: state.stencil_ref,
        depth_write: ds.depth_enable && ds.depth_write && !targets.read_only_depth,
        stencil_write: ds.stencil_enable && has_stencil && !targets.read_only_stencil,
    };
    let late = state
        .pixel_shader
        .is_some_and(|ps| ps.writes_depth() || ps.may_discard());
    let mut blend = [state.blend.render_target[0]; MAX_RENDER_TARGETS];
    if state.blend.independent_blend_enable {
        blend = state.blend.render_target;
    }
    let mut ranges = [None; MAX_RENDER_TARGETS];
    for (slot, target) in targets.colors.iter().enumerate().take(MAX_RENDER_TARGETS) {
        if let Some(t) = target {
            TargetKind::of(t.format)?;
            ranges[slot] = blend_range(t.format);
        }
    }
    Ok(RasterContext {
        ps: state.pixel_shader,
        env: state.ps_env,
        inputs,
        depth_range: (vp.min_depth, vp.max_depth),
        ds: ops,
        early_depth: !late,
        blend,
        blend_factor: state.blend_factor,
        ranges,
    })
}

/// Splits every target into bands and rasterizes the bands in parallel.
fn rasterize(
    ctx: &RasterContext<'_>,
    targets: &mut Targets<'_>,
    chunks: &[SetupChunk],
    width: u32,
    depth_kind: Option<DepthKind>,
) -> Result<BandStats, PipelineError> {
    let _ = width;
    let bands = chunks.first().map_or(0, |c| c.bins.len());
    let mut work: Vec<Band<'_>> = (0..bands)
        .map(|b| Band {
            y0: b as u32 * BAND_HEIGHT,
            y1: (b as u32 + 1) * BAND_HEIGHT,
            colors: Vec::new(),
            depth: None,
            scratch: Box::default(),
        })
        .collect();
    for target in targets.colors.iter_mut().take(MAX_RENDER_TARGETS) {
        match target {
            Some(s) => {
                let kind = TargetKind::of(s.format)?;
                let texel_size = s.format.info().bytes_per_block as usize;
                let (format, pitch, width) = (s.format, s.row_pitch, s.width);
                let rows = s.data.chunks_mut(pitch * BAND_HEIGHT as usize);
                for (band, data) in work.iter_mut().zip(rows) {
                    band.colors.push(Some(BandTarget {
                        data,
                        row_pitch: pitch,
                        y0: band.y0,
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
        let (pitch, width) = (s.row_pitch, s.width);
        for (band, data) in work
            .iter_mut()
            .zip(s.data.chunks_mut(pitch * BAND_HEIGHT as usize))
        {
            band.depth = Some(BandDepth {
                data,
                row_pitch: pitch,
                y0: band.y0,
                kind,
                width,
            });
        }
    }
    let stats = work
        .par_iter_mut()
        .enumerate()
        .map(|(b, band)| {
            let mut stats = BandStats::default();
            for chunk in chunks {
                for &t in &chunk.bins[b] {
                    let tri = &chunk.tris[t as usize];
                    let planes = &chunk.planes[tri.attr_offset as usize..];
                    raster_triangle(ctx, band, tri, planes, &mut stats);
                }
            }
            stats
        })
        .reduce(BandStats::default, |a, b| BandStats {
            ps_lanes: a.ps_lanes + b.ps_lanes,
            passed: a.passed + b.passed,
        });
    Ok(stats)
}
