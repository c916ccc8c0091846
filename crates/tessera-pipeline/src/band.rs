//! The band: the rows `[y0, y1)` of every target that one worker owns, the per-draw state
//! the raster and pixel stages read ([`RasterContext`]), and the per-band scratch and
//! counters they share. Below the raster and pixel stages, above the output merger whose
//! band views ([`BandTarget`], [`BandDepth`], [`CoarseDepth`]) a band holds.

use std::sync::Arc;

use tessera_sampler::Lanes;
use tessera_types::RenderTargetBlendDesc;

use crate::block::{Coverage, MAX_SAMPLES};
use crate::depth_kind::DepthKind;
use crate::env::ShaderEnv;
use crate::error::PipelineError;
use crate::om::blend::BlendPlan;
#[cfg(doc)]
use crate::om::blend::blend_constant;
use crate::om::coarse::CoarseDepth;
use crate::om::coverage::CoverageOut;
use crate::om::depth::{BandDepth, DepthStencilOps};
use crate::om::solid::{SolidCache, SolidTables};
use crate::om::target::{BandTarget, TargetKind};
use crate::shader::{
    Interpolation, MAX_RENDER_TARGETS, MAX_VARYINGS, PixelShader, PsOutput, Reg, Sampling, UavLock,
    ZERO_REG,
};
use crate::state::Targets;
use tessera_format::SurfaceMut;

/// Rows per band: the unit of parallel rasterization. Even, so a 4×2 block never spans two
/// bands. 16 rather than 8 halves the triangle × band pairs of small triangles that a band
/// edge cuts, while 1080 rows still make 68 bands to share among the threads.
pub const BAND_HEIGHT: u32 = 16;
const _: () = assert!(
    BAND_HEIGHT.is_multiple_of(2),
    "a 4×2 block must not span two bands"
);
/// Read-only per-draw state of the raster and pixel stages.
pub struct RasterContext<'a> {
    /// The pixel shader, if any.
    pub ps: Option<&'a dyn PixelShader>,
    /// Its bindings.
    pub env: &'a ShaderEnv<'a>,
    /// Its input interpolation modes.
    pub inputs: &'a [Interpolation],
    /// Viewport depth range `[min, max]` that depth is clamped to (SPEC §5.4).
    pub depth_range: (f32, f32),
    /// Depth-stencil operations.
    pub ds: DepthStencilOps,
    /// Test depth/stencil before the shader: it neither writes depth, nor discards, nor has
    /// UAVs, or it forces early depth/stencil (`[earlydepthstencil]`) and writes no depth.
    pub early_depth: bool,
    /// Depth or stencil testing is enabled with a buffer that has the plane; when false every
    /// lane passes and nothing is written, so the test is skipped.
    pub depth_active: bool,
    /// The pixel shader may discard lanes.
    pub may_discard: bool,
    /// Alpha-to-coverage or the shader's `SV_Coverage` output (SPEC §5.3), applied after the
    /// shader and before the late depth/stencil test.
    pub coverage_out: CoverageOut,
    /// Blend state per target (RT 0's for all unless independent blend).
    pub blend: [RenderTargetBlendDesc; MAX_RENDER_TARGETS],
    /// Blend factor per target, clamped to the target's range ([`blend_constant`]).
    pub blend_constants: [[f32; 4]; MAX_RENDER_TARGETS],
    /// Blend path per target ([`BlendPlan::of`] its blend state).
    pub blend_plans: [BlendPlan; MAX_RENDER_TARGETS],
    /// The draw blends with a second source (`out.targets[1]` is read).
    pub dual_source: bool,
    /// Blend clamp range per target.
    pub ranges: [Option<(f32, f32)>; MAX_RENDER_TARGETS],
    /// The pixel shader passes this varying straight to the one bound target
    /// ([`PixelShader::passthrough`]), depth is tested early and blending reads no second
    /// source: the pixel stage skips the shader call.
    pub passthrough: Option<usize>,
    /// The sample pattern of multisampled targets (`None`: single-sample; a one-sample
    /// pattern at the centre for a single-sample draw whose shader reads `SV_Coverage`, so that
    /// the per-sample stage gives it the rasterizer's coverage).
    pub msaa: Option<Msaa>,
    /// The per-sample inputs the pixel shader asks for (all off unless it does).
    pub ps_io: PsIo<'a>,
    /// The pixel shader's UAVs (`Some`: the draw runs the pixel stage serially, `schedule::raster_serial`).
    pub uavs: Option<&'a (dyn UavLock + 'a)>,
    /// The draw's primitives are the pixels of alpha-antialiased lines (AntialiasedLineEnable
    /// without MultisampleEnable on a line or wireframe draw, SPEC §3.5): each shader call's
    /// `o0.a` is multiplied by the primitive's [`TriSetup::coverage`](crate::setup::TriSetup)
    /// before the output merger (D3D11.3 §3.4.4).
    pub line_coverage: bool,
    /// The SIMD path the band loop runs on ([`DrawState::simd`](crate::state::DrawState)).
    pub lanes: Lanes,
    /// The solid-colour tables the draw's bands have built ([`crate::ps::solid`]). By
    /// reference: a field with interior mutability would make every `&RasterContext` a
    /// pointer LLVM must reload through after each store (`tris` +3.4 % on the baseline path).
    pub solid_cache: &'a SolidCache,
}

/// The sample pattern of a multisampled draw (SPEC §3.8) and its sample mask (§5.3).
#[derive(Clone, Copy, Debug)]
pub struct Msaa {
    /// Samples per pixel: 2, 4, 8 or 16.
    pub count: usize,
    /// Offsets `[x, y]` from the pixel centre in 1/16 pixel, in sample order.
    pub offsets: [[i8; 2]; MAX_SAMPLES],
    /// The draw's sample mask: bit `i` gates sample `i` (RefDev mapping, SPEC §5.3).
    pub sample_mask: u32,
}

impl Msaa {
    /// Sample `s`'s offset `[x, y]` from the pixel centre in pixels (sixteenths, exact in f32).
    #[inline(always)]
    pub fn offset_px(&self, s: usize) -> [f32; 2] {
        self.offsets[s].map(|o| f32::from(o) / 16.0)
    }

    /// The one-sample pattern (the pixel centre) with the draw's sample mask: single-sample
    /// draws that need the per-sample stage.
    pub fn single(sample_mask: u32) -> Self {
        Self {
            count: 1,
            offsets: [[0; 2]; MAX_SAMPLES],
            sample_mask,
        }
    }
}

/// What the pixel shader reads that depends on the samples of its pixel (D3D11.3 §3.5.4,
/// §3.5.5, §16.3.2): derived once per draw from [`PixelShader::input_sampling`],
/// [`PixelShader::reads_sample_index`] and [`PixelShader::reads_coverage`].
#[derive(Clone, Copy, Debug, Default)]
pub struct PsIo<'a> {
    /// Where each input is evaluated (shorter than the inputs: the rest at the centre).
    pub sampling: &'a [Sampling],
    /// An interpolated (not constant) input is `centroid`.
    pub centroid: bool,
    /// The shader runs once per covered sample: it reads `SV_SampleIndex` or has a `sample`
    /// input.
    pub sample_frequency: bool,
    /// The shader reads `SV_Coverage` as an input.
    pub coverage_in: bool,
}

impl<'a> PsIo<'a> {
    /// The per-sample inputs of `ps` (interpolation modes `inputs`).
    pub fn of(ps: Option<&'a dyn PixelShader>, inputs: &[Interpolation]) -> Self {
        let Some(ps) = ps else {
            return Self::default();
        };
        let sampling = ps.input_sampling();
        let interpolated = |i: usize| inputs.get(i) != Some(&Interpolation::Constant);
        Self {
            sampling,
            centroid: sampling
                .iter()
                .enumerate()
                .any(|(i, &s)| s == Sampling::Centroid && interpolated(i)),
            sample_frequency: ps.reads_sample_index() || sampling.contains(&Sampling::Sample),
            coverage_in: ps.reads_coverage(),
        }
    }

    /// Where input `i` is evaluated.
    #[inline(always)]
    pub fn sampling(&self, i: usize) -> Sampling {
        self.sampling.get(i).copied().unwrap_or_default()
    }
}

/// The rows `[y0, y1)` of every target that one worker owns.
pub struct Band<'a> {
    /// First row.
    pub y0: u32,
    /// One past the last row.
    pub y1: u32,
    /// Render targets by slot.
    pub colors: Vec<Option<BandTarget<'a>>>,
    /// Depth-stencil.
    pub depth: Option<BandDepth<'a>>,
    /// Per-band shader scratch, reused for every block so the hot loop allocates and clears
    /// nothing it does not need.
    pub scratch: Box<Scratch>,
    /// Per-cell depth bounds of the draw, when its depth test can use them.
    pub coarse: CoarseDepth,
    /// Samples 1.. of multisampled targets (sample 0 is `colors` and `depth`); empty for
    /// single-sample targets.
    pub samples: Vec<SampleBand<'a>>,
}

/// The band's rows of one sample plane of every target (SPEC §3.8; docs/memory.md).
pub struct SampleBand<'a> {
    /// Render targets by slot.
    pub colors: Vec<Option<BandTarget<'a>>>,
    /// Depth-stencil.
    pub depth: Option<BandDepth<'a>>,
}

impl<'a> Band<'a> {
    /// The render targets and depth-stencil of sample `s` (0: the band's own).
    #[inline]
    pub fn sample_views(
        &mut self,
        s: usize,
    ) -> Option<(&mut Vec<Option<BandTarget<'a>>>, &mut Option<BandDepth<'a>>)> {
        match s {
            0 => Some((&mut self.colors, &mut self.depth)),
            _ => self
                .samples
                .get_mut(s - 1)
                .map(|p| (&mut p.colors, &mut p.depth)),
        }
    }
}

/// Pixel-shader inputs and outputs reused across blocks.
pub struct Scratch {
    /// Interpolated varyings.
    pub varyings: [Reg; MAX_VARYINGS],
    /// Shader outputs.
    pub out: PsOutput,
    /// The output merger of the current triangle as byte tables, when [`prepare`](crate::ps::solid::prepare)
    /// built them for it (`None` for every other triangle).
    pub solid: Option<Arc<SolidTables>>,
    /// The current small triangle's covered blocks in the band ([`small_coverage`](crate::rast::small_coverage)), and
    /// scratch slots past them.
    pub blocks: Vec<CoveredBlock>,
}

impl Default for Scratch {
    fn default() -> Self {
        Self {
            varyings: [ZERO_REG; MAX_VARYINGS],
            out: PsOutput::default(),
            solid: None,
            blocks: Vec::new(),
        }
    }
}

/// Counters accumulated by a band.
#[derive(Clone, Copy, Debug, Default)]
pub struct BandStats {
    /// Pixel-shader lanes run.
    pub ps_lanes: u64,
    /// Pixels that passed depth/stencil.
    pub passed: u64,
    /// Small triangles (per band) and pieces of large triangles' runs dropped by the coarse
    /// depth test.
    pub coarse_rejected: u64,
}

/// A block of a small triangle with at least one covered lane, found by [`small_coverage`](crate::rast::small_coverage) in
/// the band that owns its rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoveredBlock {
    /// Left column of the block (a multiple of 4; targets are at most 16384 wide).
    pub bx: u16,
    /// Top row of the block (even; a band's rows start at a multiple of its even height, so a
    /// block never straddles two bands).
    pub by: u16,
    /// Covered lanes, already cut to the triangle's bounds rectangle.
    pub mask: Coverage,
}

/// Splits every target into bands of [`BAND_HEIGHT`] rows, each owning its rows of every
/// target; a multisampled target (`samples` > 1 planes, [`tessera_format::sample_planes`]) is
/// split plane by plane, plane 0 into the band's own views and plane `s` into `samples[s - 1]`.
pub fn make_bands<'t>(
    targets: &'t mut Targets<'_>,
    height: u32,
    depth_kind: Option<DepthKind>,
    samples: usize,
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
            samples: (1..samples)
                .map(|_| SampleBand {
                    colors: Vec::new(),
                    depth: None,
                })
                .collect(),
        })
        .collect();
    for target in targets.colors.iter_mut().take(MAX_RENDER_TARGETS) {
        match target {
            Some(s) => {
                let kind = TargetKind::of(s.format())?;
                let texel_size = s.format().info().bytes_per_block as usize;
                let (format, width) = (s.format(), s.width());
                for (p, plane) in planes(s, samples)?.into_iter().enumerate() {
                    for (band, data) in work.iter_mut().zip(plane.into_bands(BAND_HEIGHT)) {
                        let t = Some(BandTarget {
                            data,
                            format,
                            kind,
                            texel_size,
                            width,
                        });
                        match band.sample_views(p) {
                            Some((colors, _)) => colors.push(t),
                            None => unreachable!("a band has a view per sample"),
                        }
                    }
                }
            }
            None => work.iter_mut().for_each(|b| {
                b.colors.push(None);
                b.samples.iter_mut().for_each(|p| p.colors.push(None));
            }),
        }
    }
    if let (Some(s), Some(kind)) = (targets.depth_stencil.as_mut(), depth_kind) {
        let width = s.width();
        for (p, plane) in planes(s, samples)?.into_iter().enumerate() {
            for (band, data) in work.iter_mut().zip(plane.into_bands(BAND_HEIGHT)) {
                if let Some((_, depth)) = band.sample_views(p) {
                    *depth = Some(BandDepth { data, kind, width });
                }
            }
        }
    }
    Ok(work)
}

/// The sample planes of a target: itself when single-sample, else its `samples` planes
/// (`SampleCountMismatch` when it has another number of slices).
fn planes<'t>(
    s: &'t mut SurfaceMut<'_>,
    samples: usize,
) -> Result<Vec<SurfaceMut<'t>>, PipelineError> {
    if samples <= 1 {
        return Ok(vec![s.reborrow()]);
    }
    if s.depth() as usize != samples {
        return Err(PipelineError::SampleCountMismatch {
            expected: samples,
            got: s.depth(),
        });
    }
    let got = s.depth();
    s.planes_mut()
        .map_err(|_| PipelineError::SampleCountMismatch {
            expected: samples,
            got,
        })
}
