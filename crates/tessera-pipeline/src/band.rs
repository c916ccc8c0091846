//! The band: the rows `[y0, y1)` of every target that one worker owns, the per-draw state
//! the raster and pixel stages read ([`RasterContext`]), and the per-band scratch and
//! counters they share. Below the raster and pixel stages, above the output merger whose
//! band views ([`BandTarget`], [`BandDepth`], [`CoarseDepth`]) a band holds.

use tessera_types::RenderTargetBlendDesc;

use crate::block::Coverage;
use crate::depth_kind::DepthKind;
use crate::env::ShaderEnv;
use crate::error::PipelineError;
use crate::om::blend::BlendPlan;
#[cfg(doc)]
use crate::om::blend::blend_constant;
use crate::om::coarse::CoarseDepth;
use crate::om::depth::{BandDepth, DepthStencilOps};
use crate::om::solid::SolidTables;
use crate::om::target::{BandTarget, TargetKind};
use crate::shader::{
    Interpolation, MAX_RENDER_TARGETS, MAX_VARYINGS, PixelShader, PsOutput, Reg, ZERO_REG,
};
use crate::state::Targets;

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
    /// Test depth/stencil before the shader (it neither writes depth nor discards).
    pub early_depth: bool,
    /// Depth or stencil testing is enabled with a buffer that has the plane; when false every
    /// lane passes and nothing is written, so the test is skipped.
    pub depth_active: bool,
    /// The pixel shader may discard lanes.
    pub may_discard: bool,
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
}

/// Pixel-shader inputs and outputs reused across blocks.
pub struct Scratch {
    /// Interpolated varyings.
    pub varyings: [Reg; MAX_VARYINGS],
    /// Shader outputs.
    pub out: PsOutput,
    /// The output merger of the current triangle as byte tables, when [`prepare`](crate::ps::solid::prepare)
    /// built them for it (`None` for every other triangle).
    pub solid: Option<SolidTables>,
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

/// Splits every target into bands of [`BAND_HEIGHT`] rows, each owning its rows of every target.
pub fn make_bands<'t>(
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
