//! The AVX2 pass-through run against `BandJob::run_blocks` (the `wide` path it replaces): the
//! same depth and colour bytes, counters and coarse depth records, bit for bit, for every
//! comparison, with and without depth writes, every interpolation mode, flat and per-pixel
//! `w`, any write mask, RGBA and BGRA, blending off and `Over`, on planes and stored values that include NaN,
//! infinities and signed zeros, and target widths that cut runs (which the kernel declines,
//! changing nothing).

use proptest::prelude::*;
use tessera_format::Format;
use tessera_format::SurfaceMut;
use tessera_sampler::{Lanes, SimdPath};
use tessera_types::{ColorWriteMask, ComparisonFunc, DepthStencilDesc, RenderTargetBlendDesc};

use super::passthrough_run;
use crate::band::{Band, BandStats, Msaa, PsIo, RasterContext};
use crate::depth_kind::DepthKind;
use crate::env::ShaderEnv;
use crate::om::blend::BlendPlan;
use crate::om::coarse::CoarseDepth;
use crate::om::coverage::CoverageOut;
use crate::om::depth::{BandDepth, COMPARISON_FUNCS, DepthStencilOps};
use crate::om::solid::SolidCache;
use crate::om::target::{BandTarget, TargetKind};
use crate::ps::BandJob;
use crate::setup::{Plane, TriSetup};
use crate::shader::{Interpolation, MAX_RENDER_TARGETS, PixelShader};

/// Floats that stress the planes and comparisons: specials, ties, and any bits.
pub(super) fn value() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(0.5),
        Just(1.0),
        -0.5f32..1.5,
        any::<u32>().prop_map(f32::from_bits),
    ]
}

/// A plane: gradients small enough (mostly) that depths and colours vary across a block.
pub(super) fn plane() -> impl Strategy<Value = Plane> {
    let grad = prop_oneof![4 => -0.05f32..0.05, 1 => value()];
    (value(), grad.clone(), grad).prop_map(|(v0, dx, dy)| Plane { v0, dx, dy })
}

/// One case: the triangle's planes and flags, the draw's state, the buffers' contents and
/// the runs visited (block column, row pair within the band, blocks).
#[derive(Clone, Debug)]
struct Case {
    z: Plane,
    q: Plane,
    colour: [Plane; 4],
    w_flat: Option<f32>,
    flat_varyings: bool,
    origin: [f32; 2],
    mode: Interpolation,
    write: bool,
    write_mask: u32,
    bgra: bool,
    blend: BlendPlan,
    coarse: bool,
    range: (f32, f32),
    width: u32,
    depth: Vec<f32>,
    colour_bytes: Vec<u8>,
    runs: Vec<(u32, u32, u32)>,
}

/// Rows of the surfaces: two bands of 16; the second is the one drawn.
const ROWS: u32 = 32;

/// Blending off, or `Over` with either alpha factor.
pub(super) fn blend() -> impl Strategy<Value = BlendPlan> {
    prop_oneof![
        Just(BlendPlan::Off),
        Just(BlendPlan::Over { alpha_one: true }),
        Just(BlendPlan::Over { alpha_one: false }),
    ]
}

/// A case's flags: flat `w` (or per pixel), flat varyings, the interpolation mode, depth
/// writes, the write mask, BGRA, the coarse bounds on, and the blend.
pub(super) type Flags = (
    Option<f32>,
    bool,
    Interpolation,
    bool,
    u32,
    bool,
    bool,
    BlendPlan,
);

/// [`Flags`] of both kernels' cases.
pub(super) fn flags() -> impl Strategy<Value = Flags> {
    let modes = prop::sample::select(vec![
        Interpolation::Perspective,
        Interpolation::NoPerspective,
        Interpolation::Constant,
    ]);
    (
        prop::option::of(value()),
        any::<bool>(),
        modes,
        any::<bool>(),
        0u32..32,
        any::<bool>(),
        any::<bool>(),
        blend(),
    )
}

/// Depth ranges: the whole one, a narrower one, and the empty one at a signed zero.
pub(super) fn range() -> impl Strategy<Value = (f32, f32)> {
    prop_oneof![Just((0.0, 1.0)), Just((0.25, 0.75)), Just((-0.0, 0.0))]
}

fn case() -> impl Strategy<Value = Case> {
    let (flags, range) = (flags(), range());
    let width = 4u32..40;
    (
        (plane(), plane(), prop::array::uniform4(plane())),
        flags,
        range,
        width,
        prop::array::uniform2(-8.0f32..48.0),
        prop::collection::vec((0u32..10, 0u32..8, 1u32..9), 1..4),
    )
        .prop_flat_map(|(planes, flags, range, width, origin, runs)| {
            let texels = (width * ROWS) as usize;
            (
                Just((planes, flags, range, width, origin, runs)),
                prop::collection::vec(value(), texels),
                prop::collection::vec(any::<u8>(), 4 * texels),
            )
        })
        .prop_map(|(fixed, depth, colour_bytes)| {
            let ((z, q, colour), flags, range, width, origin, runs) = fixed;
            let (w_flat, flat_varyings, mode, write, write_mask, bgra, coarse, blend) = flags;
            Case {
                z,
                q,
                colour,
                w_flat,
                flat_varyings,
                origin,
                mode,
                write,
                write_mask,
                bgra,
                blend,
                coarse,
                range,
                width,
                depth,
                colour_bytes,
                runs: runs
                    .into_iter()
                    .map(|(b, r, n)| (4 * b, 16 + 2 * r, n))
                    .collect(),
            }
        })
}

/// What both kernels' test draws borrow: the shader environment, the inputs (the
/// pass-through varying is input 1, so that its planes are not the first four), the blend
/// descriptions and the draw's solid-colour cache.
pub(super) struct DrawInputs {
    env: ShaderEnv<'static>,
    inputs: [Interpolation; 2],
    blend: [RenderTargetBlendDesc; MAX_RENDER_TARGETS],
    cache: SolidCache,
}

impl DrawInputs {
    /// A pass-through draw of an input interpolated by `mode`, written with `write_mask`.
    pub(super) fn new(mode: Interpolation, write_mask: u32) -> Self {
        let mut blend = [RenderTargetBlendDesc::default(); MAX_RENDER_TARGETS];
        blend[0].write_mask = ColorWriteMask(write_mask);
        Self {
            env: ShaderEnv::default(),
            inputs: [Interpolation::Perspective, mode],
            blend,
            cache: SolidCache::default(),
        }
    }

    /// The context of the draw testing D32 depth early with `func` in `range`, writing
    /// depth or not, blending by `plan`, with shader `ps` and pattern `msaa`; and the
    /// planes of its inputs, input 1's being `colour`.
    pub(super) fn context<'a>(
        &'a self,
        ps: Option<&'a dyn PixelShader>,
        msaa: Option<Msaa>,
        (func, range, write, plan): (ComparisonFunc, (f32, f32), bool, BlendPlan),
        colour: [Plane; 4],
    ) -> (RasterContext<'a>, Vec<Plane>) {
        let ctx = RasterContext {
            ps,
            env: &self.env,
            inputs: &self.inputs,
            depth_range: range,
            ds: DepthStencilOps {
                desc: DepthStencilDesc {
                    depth_enable: true,
                    depth_write: write,
                    depth_func: func,
                    ..Default::default()
                },
                stencil_ref: 0,
                depth_write: write,
                stencil_write: false,
            },
            early_depth: true,
            depth_active: true,
            may_discard: false,
            coverage_out: CoverageOut::None,
            blend: self.blend,
            blend_constants: [[0.0; 4]; MAX_RENDER_TARGETS],
            blend_plans: [plan; MAX_RENDER_TARGETS],
            dual_source: false,
            ranges: [Some((0.0, 1.0)); MAX_RENDER_TARGETS],
            passthrough: Some(1),
            msaa,
            ps_io: PsIo::default(),
            uavs: None,
            line_coverage: false,
            lanes: Lanes::new(SimdPath::Baseline).unwrap(),
            solid_cache: &self.cache,
        };
        let zero = Plane {
            v0: 0.0,
            dx: 0.0,
            dy: 0.0,
        };
        (ctx, [[zero; 4], colour].concat())
    }
}

/// A test triangle: its origin, depth and `1/w` planes, flat `w` (or per pixel) and whether
/// its varyings are flat.
pub(super) fn triangle(
    origin: [f32; 2],
    [z, q]: [Plane; 2],
    w_flat: Option<f32>,
    flat_varyings: bool,
) -> TriSetup {
    TriSetup {
        origin,
        z,
        q,
        w_flat,
        flat_varyings,
        ..Default::default()
    }
}

/// What a case leaves: depth bytes, colour bytes, counters and coarse bounds.
type Outcome = (Vec<u8>, Vec<u8>, [u64; 2], String);

/// Runs `case`'s runs with `func` through `visit` (one run: the job, column, row, blocks).
fn run_case(
    case: &Case,
    func: ComparisonFunc,
    mut visit: impl FnMut(&mut BandJob<'_, '_>, u32, u32, u32),
) -> Outcome {
    let draw = DrawInputs::new(case.mode, case.write_mask);
    let (ctx, planes) = draw.context(
        None,
        None,
        (func, case.range, case.write, case.blend),
        case.colour,
    );
    let tri = triangle(
        case.origin,
        [case.z, case.q],
        case.w_flat,
        case.flat_varyings,
    );
    let width = case.width;
    let mut depth: Vec<u8> = case.depth.iter().flat_map(|d| d.to_le_bytes()).collect();
    let mut colour = case.colour_bytes.clone();
    let pitch = 4 * width as usize;
    let (d_len, c_len) = (depth.len(), colour.len());
    let mut ds =
        SurfaceMut::new(Format::D32Float, width, ROWS, 1, pitch, d_len, &mut depth).unwrap();
    let format = if case.bgra {
        Format::B8G8R8A8Unorm
    } else {
        Format::R8G8B8A8Unorm
    };
    let mut rt = SurfaceMut::new(format, width, ROWS, 1, pitch, c_len, &mut colour).unwrap();
    let mut coarse = CoarseDepth::default();
    coarse.prepare(width, [16, ROWS]);
    coarse.on = case.coarse;
    let mut band = Band {
        y0: 16,
        y1: ROWS,
        colors: vec![Some(BandTarget {
            data: rt.bands_mut(16).nth(1).unwrap(),
            format,
            kind: TargetKind::of(format).unwrap(),
            texel_size: 4,
            width,
        })],
        depth: Some(BandDepth {
            data: ds.bands_mut(16).nth(1).unwrap(),
            kind: DepthKind::D32,
            width,
        }),
        scratch: Box::default(),
        coarse,
        samples: Vec::new(),
    };
    let mut stats = BandStats::default();
    let mut job = BandJob {
        ctx: &ctx,
        band: &mut band,
        tri: &tri,
        planes: &planes,
        stats: &mut stats,
    };
    for &(bx, by, count) in &case.runs {
        visit(&mut job, bx, by, count);
    }
    let coarse = format!("{:?}", band.coarse);
    drop(band);
    (depth, colour, [stats.ps_lanes, stats.passed], coarse)
}

/// Where two outcomes first differ, briefly.
fn difference(a: &Outcome, b: &Outcome) -> String {
    let first = |x: &[u8], y: &[u8]| x.iter().zip(y).position(|(p, q)| p != q);
    match (first(&a.0, &b.0), first(&a.1, &b.1)) {
        (Some(i), _) => format!("depth byte {i}: {} vs {}", a.0[i], b.0[i]),
        (_, Some(i)) => format!("colour byte {i}: {} vs {}", a.1[i], b.1[i]),
        _ if a.2 != b.2 => format!("counters {:?} vs {:?}", a.2, b.2),
        _ => format!("coarse {} vs {}", a.3, b.3),
    }
}

/// A run inside the target: the kernel takes it; one that leaves it: the kernel declines.
fn inside(case: &Case, bx: u32, count: u32) -> bool {
    bx + 4 * count <= case.width
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_avx2_run_matches_the_wide_run_bit_for_bit(c in case()) {
        let Some(tok) = fearless_simd::Level::new().as_avx2() else {
            return Ok(());
        };
        for func in COMPARISON_FUNCS {
            let mut declined = Vec::new();
            let base = run_case(&c, func, |job, bx, by, n| {
                if inside(&c, bx, n) {
                    job.run_blocks::<false>(bx, by, n);
                }
            });
            let avx2 = run_case(&c, func, |job, bx, by, n| {
                let taken = passthrough_run(job, tok, [bx, by], n);
                if !taken {
                    declined.push((bx, n));
                }
            });
            prop_assert!(base == avx2, "{:?}: {}", func, difference(&base, &avx2));
            let want: Vec<_> = c
                .runs
                .iter()
                .filter(|r| !inside(&c, r.0, r.2))
                .map(|r| (r.0, r.2))
                .collect();
            prop_assert_eq!(declined, want);
        }
    }
}
