//! Draw execution. A draw is processed in batches of primitives (see [`crate::front::batch`]); each
//! batch is prepared as fixed groups in parallel (indices read and deduplicated, the vertex
//! stage run on the group's distinct vertices, triangles clipped and set up in chunks and
//! binned into row bands), then every band is rasterized in parallel while the next batch is
//! prepared.
//!
//! Determinism: batches run in order; within a batch every band processes its triangles in
//! submission order (chunks in order, triangles in order within a chunk); every value is
//! computed by a fixed sequence of operations that does not depend on which thread runs it.
//! So the image is byte-identical at any thread count.

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use rayon::prelude::*;

use tessera_types::{FillMode, PrimitiveTopology, Viewport};

use crate::band::{Msaa, PsIo, RasterContext, make_bands};
use crate::binning::{PrimKind, setup_chunks};
use crate::block::MAX_SAMPLES;
use crate::depth_kind::DepthKind;
use crate::error::PipelineError;
use crate::front::batch::{VertexSource, batch_ranges, build_batch, group_ranges, list_stride};
use crate::om::blend::{BlendPlan, blend_constant};
use crate::om::coverage::CoverageOut;
use crate::om::depth::DepthStencilOps;
use crate::om::solid::SolidCache;
use crate::om::target::{TargetKind, blend_range};
use crate::report::{index_fetches_out_of_bounds, measure_repeat};
use crate::schedule::{raster_batches, raster_serial, window};
use crate::setup::{LineMode, MSAA_SAMPLE_REACH, SetupParams};
use crate::shader::{Interpolation, MAX_RENDER_TARGETS, MAX_VARYINGS, Sampling};
use crate::state::{DrawArgs, DrawReport, DrawState, DrawStats, Targets, TextureRepeat};

/// Executes one draw against `targets` and returns its statistics.
pub fn draw(
    state: &DrawState<'_>,
    targets: &mut Targets<'_>,
    args: DrawArgs,
) -> Result<DrawStats, PipelineError> {
    match state.topology {
        PrimitiveTopology::PointList
        | PrimitiveTopology::LineList
        | PrimitiveTopology::LineStrip
        | PrimitiveTopology::LineListAdj
        | PrimitiveTopology::LineStripAdj
        | PrimitiveTopology::TriangleList
        | PrimitiveTopology::TriangleStrip
        | PrimitiveTopology::TriangleListAdj
        | PrimitiveTopology::TriangleStripAdj => {}
        PrimitiveTopology::Undefined => return Ok(DrawStats::default()),
    }
    let kind = prim_kind(state);
    let rs = &state.rasterizer;
    let msaa = sample_pattern(targets.sample_positions, state.sample_mask)?;
    let samples = msaa.map_or(1, |m| m.count);
    let lines = matches!(kind, PrimKind::Lines | PrimKind::Wireframe);
    // Aliased and alpha-antialiased lines light whole pixels (every sample, D3D11.3 §3.4.4,
    // §15.14.1); sample-frequency shading of them is undefined there.
    let line_mode = LineMode::of(rs);
    if samples > 1
        && lines
        && line_mode != LineMode::Quadrilateral
        && state
            .pixel_shader
            .is_some_and(|ps| PsIo::of(Some(ps), ps.inputs()).sample_frequency)
    {
        return Err(PipelineError::MultisampledLines { samples });
    }
    // Quadrilateral lines on a pattern that stacks several samples on the centre are
    // undefined (D3D11.3 §3.4.5).
    if lines && line_mode == LineMode::Quadrilateral && samples > 1 {
        let centred = targets.sample_positions.iter().filter(|&&o| o == [0, 0]);
        if centred.count() > 1 {
            return Err(PipelineError::QuadLinesOnCenterPattern { samples });
        }
    }
    let Some(viewport) = state.viewports.first().copied() else {
        return Ok(DrawStats::default());
    };
    let (width, height) = match target_size(targets)? {
        (0, 0) if state.ps_uavs.is_some() => uav_only_size(&viewport),
        size => size,
    };
    if uses_dual_source(state) {
        let bound = targets.colors.iter().filter(|c| c.is_some()).count();
        if bound > 1 || targets.colors.iter().skip(1).any(Option::is_some) {
            return Err(PipelineError::DualSourceWithMultipleTargets { bound });
        }
    }
    let depth_kind = match &targets.depth_stencil {
        Some(s) => Some(DepthKind::of(s.format())?),
        None => None,
    };
    let inputs: &[Interpolation] = state.pixel_shader.map_or(&[], |ps| ps.inputs());
    let solid_cache = SolidCache::default();
    let ctx = raster_context(state, targets, inputs, &viewport, depth_kind, &solid_cache)?;
    // The rasterizer's coverage (SV_Coverage input) comes from the per-sample stage; at one
    // sample it runs with the one centre sample, which covers exactly the pixels a
    // single-sample draw does. Every other single-sample draw keeps the pixel stage.
    let msaa = match msaa {
        None if ctx.ps_io.coverage_in => Some(Msaa::single(state.sample_mask)),
        m => m,
    };
    let ctx = RasterContext { msaa, ..ctx };
    // Nothing is rasterized without a pixel shader when depth and stencil are off (SPEC §5.1),
    // and a sample mask without a bit of the targets' samples writes nothing (SPEC §5.3).
    let ds = &state.depth_stencil;
    let sample_bits = u32::MAX >> (32 - samples);
    let rasterize = !(state.pixel_shader.is_none() && !ds.depth_enable && !ds.stencil_enable)
        && state.sample_mask & sample_bits != 0;
    let rect = raster_rect(&viewport, state, width, height);
    let params = SetupParams {
        viewport,
        rect,
        rasterizer: &state.rasterizer,
        inputs,
        depth: depth_kind,
        sample_reach: if samples > 1 { MSAA_SAMPLE_REACH } else { 0 },
    };
    let mut bands = make_bands(targets, height, depth_kind, samples)?;

    let (source, count) = VertexSource::of(state, args)?;
    let (instances, start_instance) = match args {
        DrawArgs::Vertices {
            instance_count,
            start_instance,
            ..
        }
        | DrawArgs::Indexed {
            instance_count,
            start_instance,
            ..
        } => (instance_count, start_instance),
    };
    let ranges = batch_ranges(state.topology, count);
    // Batches in submission order; while the bands rasterize some, the next ones are
    // assembled, shaded and set up (their results do not depend on that overlap).
    // Batch k is instance k / ranges of range k % ranges: computed, never listed, so the
    // memory of a draw does not grow with its instance count.
    let batches = (instances as usize).saturating_mul(ranges.len());
    // Strips are one group starting at 0, so any stride gives their first ID.
    let per_primitive = list_stride(state.topology).unwrap_or(3);
    let bands_len = bands.len();
    // A batch is prepared as fixed groups in parallel; their chunks, in group order, keep
    // the submission order.
    let prepare = |instance: &u32, range: &Range<u32>| {
        let groups: Vec<_> = group_ranges(state.topology, range.clone())
            .into_par_iter()
            .map(|group| {
                let batch = build_batch(state, &source, group.clone(), *instance, start_instance);
                // SV_PrimitiveID counts the primitives of each instance from 0; list groups
                // hold whole primitives and strips are a single group, so this is the
                // group's first ID.
                let first_primitive = group.start / per_primitive;
                let chunks = rasterize.then(|| {
                    setup_chunks(
                        &batch.triangles,
                        &batch.shaded,
                        &params,
                        &viewport,
                        bands_len,
                        first_primitive,
                        kind,
                    )
                });
                // Only when asked (9_x): the surviving primitives' pre-clip spans.
                let repeat = match &chunks {
                    Some(chunks) if !state.repeat_probes.is_empty() => measure_repeat(
                        chunks,
                        &batch,
                        state.repeat_probes,
                        *instance,
                        first_primitive,
                    ),
                    _ => None,
                };
                (
                    batch.shaded.vertex_count() as u64,
                    batch.triangles.len() as u64,
                    chunks,
                    repeat,
                )
            })
            .collect();
        let vertices = groups.iter().map(|g| g.0).sum::<u64>();
        let triangles = groups.iter().map(|g| g.1).sum::<u64>();
        let repeat = groups
            .iter()
            .fold(None, |best, g| TextureRepeat::merge(best, g.3));
        let chunks = rasterize.then(|| {
            groups
                .into_iter()
                .flat_map(|g| g.2.unwrap_or_default())
                .collect::<Vec<_>>()
        });
        (vertices, triangles, chunks, repeat)
    };
    // Counters of the front end, summed over the batches in whatever order they finish.
    let (vertices, triangles, clipped) = (AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0));
    // The merge is order-independent (`TextureRepeat::merge`), so the finishing order is not seen.
    let repeat = Mutex::new(None);
    // Several batches are prepared (each in parallel groups) at once, and the bands rasterize
    // them in submission order as they become ready, see [`raster_batches`].
    let prepare_batch = |k: usize| {
        let instance = (k / ranges.len()) as u32;
        let (v, t, chunks, r) = prepare(&instance, &ranges[k % ranges.len()]);
        if r.is_some() {
            let mut best = repeat.lock().unwrap_or_else(PoisonError::into_inner);
            *best = TextureRepeat::merge(*best, r);
        }
        vertices.fetch_add(v, Ordering::Relaxed);
        triangles.fetch_add(t, Ordering::Relaxed);
        let chunks = chunks?;
        let c = chunks.iter().map(|c| c.len() as u64).sum::<u64>();
        clipped.fetch_add(c, Ordering::Relaxed);
        Some(chunks)
    };
    // A pixel shader with UAVs may write any address: its pixels run in one fixed serial
    // order (`schedule::raster_serial`, docs/pipeline.md), the front end still in parallel.
    let band_stats = if state.ps_uavs.is_some() {
        raster_serial(&ctx, &mut bands, batches, prepare_batch)
    } else {
        raster_batches(
            &ctx,
            &mut bands,
            batches,
            window(rayon::current_num_threads()),
            prepare_batch,
        )
    };
    Ok(DrawStats {
        vs_invocations: vertices.into_inner(),
        ia_primitives: triangles.into_inner(),
        c_primitives: clipped.into_inner(),
        ps_invocations: band_stats.ps_lanes,
        samples_passed: band_stats.passed,
        coarse_rejected: band_stats.coarse_rejected,
        report: DrawReport {
            texture_repeat: repeat.into_inner().unwrap_or_else(PoisonError::into_inner),
            index_fetches_out_of_bounds: index_fetches_out_of_bounds(state, args, instances),
        },
    })
}

/// What the draw's primitives are rasterized as: points and lines by topology, triangles
/// solid or, in wireframe fill, as their edges (SPEC §3.4–§3.6).
fn prim_kind(state: &DrawState<'_>) -> PrimKind {
    match state.topology {
        PrimitiveTopology::PointList => PrimKind::Points,
        PrimitiveTopology::LineList
        | PrimitiveTopology::LineStrip
        | PrimitiveTopology::LineListAdj
        | PrimitiveTopology::LineStripAdj => PrimKind::Lines,
        _ if state.rasterizer.fill_mode == FillMode::Wireframe => PrimKind::Wireframe,
        _ => PrimKind::Triangles,
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

/// The raster area of a draw with UAVs and no render target or depth buffer (UAV-only
/// rendering): the viewport's extent from the origin, at most 16384 × 16384 (the largest
/// target Tessera rasterizes).
fn uav_only_size(vp: &Viewport) -> (u32, u32) {
    let edge = |o: f32, e: f32| (o + e).ceil().clamp(0.0, 16384.0) as u32;
    (
        edge(vp.top_left_x, vp.width),
        edge(vp.top_left_y, vp.height),
    )
}

fn target_size(targets: &Targets<'_>) -> Result<(u32, u32), PipelineError> {
    let mut size = None;
    let surfaces = targets
        .colors
        .iter()
        .flatten()
        .chain(targets.depth_stencil.iter());
    for s in surfaces {
        let this = (s.width(), s.height());
        match size {
            None => size = Some(this),
            Some(first) if first != this => {
                return Err(PipelineError::TargetSizeMismatch { first, other: this });
            }
            Some(_) => {}
        }
        // Whole rows, the last one's padding included (the band split's contract).
        let needed = s.layout().whole_rows_bytes();
        let got = s.as_surface().as_bytes().len();
        if got < needed {
            return Err(PipelineError::TargetTooSmall {
                width: s.width(),
                height: s.height(),
                needed,
                got,
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

fn raster_context<'a>(
    state: &'a DrawState<'a>,
    targets: &Targets<'_>,
    inputs: &'a [Interpolation],
    vp: &Viewport,
    depth_kind: Option<DepthKind>,
    solid_cache: &'a SolidCache,
) -> Result<RasterContext<'a>, PipelineError> {
    let ds = state.depth_stencil;
    let has_stencil = depth_kind.is_some_and(DepthKind::has_stencil);
    let ops = DepthStencilOps {
        desc: ds,
        stencil_ref: state.stencil_ref,
        depth_write: ds.depth_enable && ds.depth_write && !targets.read_only_depth,
        stencil_write: ds.stencil_enable && has_stencil && !targets.read_only_stencil,
    };
    // Coverage taken away after the shader (discard, alpha-to-coverage, oMask) must be known
    // before depth and stencil are written: those draws test late.
    let coverage_out = CoverageOut::of(
        state.blend.alpha_to_coverage_enable,
        state.pixel_shader.is_some_and(|ps| ps.writes_coverage()),
    );
    let late = state
        .pixel_shader
        .is_some_and(|ps| late_depth_stencil(ps, coverage_out));
    let mut blend = [state.blend.render_target[0]; MAX_RENDER_TARGETS];
    if state.blend.independent_blend_enable {
        blend = state.blend.render_target;
    }
    let dual_source = uses_dual_source(state);
    let ps_io = PsIo::of(state.pixel_shader, inputs);
    let mut ranges = [None; MAX_RENDER_TARGETS];
    let mut integer_rt0 = false;
    for (slot, target) in targets.colors.iter().enumerate().take(MAX_RENDER_TARGETS) {
        if let Some(t) = target {
            let kind = TargetKind::of(t.format())?;
            integer_rt0 |= slot == 0 && kind == TargetKind::Integer;
            ranges[slot] = blend_range(t.format());
        }
    }
    // Alpha-antialiased lines multiply their coverage into o0.a (SPEC §3.5); an integer
    // target 0 holds no fraction of it and keeps the shader's bits (docs/pipeline.md).
    let line_coverage = matches!(prim_kind(state), PrimKind::Lines | PrimKind::Wireframe)
        && LineMode::of(&state.rasterizer) == LineMode::AlphaAntialiased
        && !integer_rt0;
    Ok(RasterContext {
        ps: state.pixel_shader,
        env: state.ps_env,
        inputs,
        depth_range: (vp.min_depth, vp.max_depth),
        ds: ops,
        early_depth: !late,
        depth_active: depth_kind.is_some()
            && (ds.depth_enable || (ds.stencil_enable && has_stencil)),
        may_discard: state.pixel_shader.is_some_and(|ps| ps.may_discard()),
        coverage_out,
        blend,
        blend_constants: ranges.map(|range| blend_constant(state.blend_factor, range)),
        blend_plans: blend.map(|desc| BlendPlan::of(&desc)),
        dual_source,
        ranges,
        passthrough: state
            .pixel_shader
            .and_then(|ps| ps.passthrough())
            .filter(|&k| {
                // The pass-through path interpolates at the centre, once per pixel.
                k < inputs.len().min(MAX_VARYINGS)
                    && ps_io.sampling(k) == Sampling::Center
                    && !ps_io.sample_frequency
                    && !late
                    && !dual_source
                    && state.ps_uavs.is_none()
                    && !line_coverage
            }),
        msaa: None,
        ps_io,
        line_coverage,
        uavs: state.ps_uavs,
        lanes: state.simd,
        solid_cache,
    })
}

/// Whether depth/stencil is tested after the pixel shader: it writes `SV_Depth`; or it may
/// discard, has UAVs or takes coverage away (`coverage`: alpha-to-coverage, oMask) and does
/// not force early depth/stencil (`[earlydepthstencil]`). D3D
/// lets the hardware test early only when no depth is written and no UAV is accessed, so the
/// UAV writes of pixels that then fail the depth test still happen.
fn late_depth_stencil(ps: &dyn crate::shader::PixelShader, coverage: CoverageOut) -> bool {
    ps.writes_depth()
        || (!ps.early_depth_stencil()
            && (ps.may_discard() || !ps.uav_slots().is_empty() || coverage != CoverageOut::None))
}

/// The draw's sample pattern ([`Targets::sample_positions`](crate::state::Targets)) checked:
/// `None` for single-sample (no entry, or the one centre sample), else 2, 4, 8 or 16 offsets
/// in [-8, 7] sixteenths (SPEC §3.8), with the draw's sample mask; `BadSamplePattern` otherwise.
fn sample_pattern(positions: &[[i8; 2]], sample_mask: u32) -> Result<Option<Msaa>, PipelineError> {
    let in_range = positions.iter().flatten().all(|v| (-8..=7).contains(v));
    match positions.len() {
        0 => Ok(None),
        1 if positions[0] == [0, 0] => Ok(None),
        n @ (2 | 4 | 8 | 16) if in_range => {
            let mut offsets = [[0; 2]; MAX_SAMPLES];
            offsets[..n].copy_from_slice(positions);
            Ok(Some(Msaa {
                count: n,
                offsets,
                sample_mask,
            }))
        }
        n => Err(PipelineError::BadSamplePattern {
            count: n,
            offsets: positions.to_vec(),
        }),
    }
}
