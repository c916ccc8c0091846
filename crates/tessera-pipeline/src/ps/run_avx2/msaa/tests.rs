//! The AVX2 multisampled run against `BandJob::run_planes` (the `wide` path it replaces): the
//! same depth and colour bytes of every sample plane, counters and coarse depth records, bit
//! for bit, at 2, 4 and 8 samples, for every comparison, with and without depth writes, every
//! interpolation mode, flat and per-pixel `w`, any write mask, RGBA and BGRA, blending off and
//! `Over`, on planes and stored values that include NaN, infinities and signed zeros, and
//! target widths that cut runs (which the kernel declines, changing nothing).

use proptest::prelude::*;
use tessera_format::{Format, SurfaceMut};
use tessera_types::ComparisonFunc;

use super::planes_run;
use crate::band::{Band, BandStats, Msaa, SampleBand};
use crate::block::MAX_SAMPLES;
use crate::builtin::VertexColorPs;
use crate::depth_kind::DepthKind;
use crate::om::blend::BlendPlan;
use crate::om::coarse::CoarseDepth;
use crate::om::depth::{BandDepth, COMPARISON_FUNCS, D32Test};
use crate::om::target::{BandTarget, TargetKind};
use crate::ps::BandJob;
use crate::ps::run_avx2::tests::{DrawInputs, flags, plane, range, triangle, value};
use crate::setup::Plane;
use crate::shader::Interpolation;

/// One case: the triangle's planes and flags, the draw's state, the sample offsets, every
/// plane's buffer contents and the runs visited (block column, row pair within the band,
/// blocks).
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
    offsets: [[i8; 2]; MAX_SAMPLES],
    depth: Vec<f32>,
    colour_bytes: Vec<u8>,
    runs: Vec<(u32, u32, u32)>,
}

/// Rows of the surfaces: two bands of 16; the second is the one drawn.
const ROWS: u32 = 32;

/// The planes of the largest sample count tested; a case with fewer uses the first ones.
const PLANES: usize = 8;

fn case() -> impl Strategy<Value = Case> {
    let (flags, range) = (flags(), range());
    let offsets = prop::array::uniform16(prop::array::uniform2(-8i8..8));
    (
        (plane(), plane(), prop::array::uniform4(plane())),
        flags,
        (range, 4u32..40, offsets),
        prop::array::uniform2(-8.0f32..48.0),
        prop::collection::vec((0u32..10, 0u32..8, 1u32..9), 1..4),
    )
        .prop_flat_map(|(planes, flags, (range, width, offsets), origin, runs)| {
            let texels = PLANES * (width * ROWS) as usize;
            (
                Just((planes, flags, range, width, offsets, origin, runs)),
                prop::collection::vec(value(), texels),
                prop::collection::vec(any::<u8>(), 4 * texels),
            )
        })
        .prop_map(|(fixed, depth, colour_bytes)| {
            let ((z, q, colour), flags, range, width, offsets, origin, runs) = fixed;
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
                offsets,
                depth,
                colour_bytes,
                runs: runs
                    .into_iter()
                    .map(|(b, r, n)| (4 * b, 16 + 2 * r, n))
                    .collect(),
            }
        })
}

/// What a case leaves: depth bytes, colour bytes (every plane), counters and coarse bounds.
type Outcome = (Vec<u8>, Vec<u8>, [u64; 2], String);

/// The band's targets of one sample plane.
fn views<'a>(
    rt: &'a mut SurfaceMut<'_>,
    ds: &'a mut SurfaceMut<'_>,
    format: Format,
    width: u32,
) -> (Vec<Option<BandTarget<'a>>>, Option<BandDepth<'a>>) {
    let target = BandTarget {
        data: rt.bands_mut(16).nth(1).unwrap(),
        format,
        kind: TargetKind::of(format).unwrap(),
        texel_size: 4,
        width,
    };
    let depth = BandDepth {
        data: ds.bands_mut(16).nth(1).unwrap(),
        kind: DepthKind::D32,
        width,
    };
    (vec![Some(target)], Some(depth))
}

/// A `width`×[`ROWS`] surface of `format` on `bytes`.
fn surface(format: Format, width: u32, pitch: usize, bytes: &mut [u8]) -> SurfaceMut<'_> {
    let len = bytes.len();
    SurfaceMut::new(format, width, ROWS, 1, pitch, len, bytes).unwrap()
}

/// Runs `case`'s runs on `N` samples with `func` through `visit` (one run: the job, the
/// pattern, the band's early test, column, row, blocks).
fn run_case<const N: usize>(
    case: &Case,
    func: ComparisonFunc,
    mut visit: impl FnMut(&mut BandJob<'_, '_>, &Msaa, &D32Test, [u32; 3]),
) -> Outcome {
    let ms = Msaa {
        count: N,
        offsets: case.offsets,
        sample_mask: u32::MAX,
    };
    let draw = DrawInputs::new(case.mode, case.write_mask);
    let (ctx, planes) = draw.context(
        Some(&VertexColorPs),
        Some(ms),
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
    let texels = (width * ROWS) as usize;
    let mut depth: Vec<u8> = case.depth[..N * texels]
        .iter()
        .flat_map(|d| d.to_le_bytes())
        .collect();
    let mut colour = case.colour_bytes[..4 * N * texels].to_vec();
    let pitch = 4 * width as usize;
    let format = if case.bgra {
        Format::B8G8R8A8Unorm
    } else {
        Format::R8G8B8A8Unorm
    };
    let surface = |f, bytes| surface(f, width, pitch, bytes);
    let mut ds: Vec<SurfaceMut<'_>> = depth
        .chunks_mut(4 * texels)
        .map(|b| surface(Format::D32Float, b))
        .collect();
    let mut rt: Vec<SurfaceMut<'_>> = colour
        .chunks_mut(4 * texels)
        .map(|b| surface(format, b))
        .collect();
    let mut planes_v = rt
        .iter_mut()
        .zip(ds.iter_mut())
        .map(|(r, d)| views(r, d, format, width));
    let (colors, depth0) = planes_v.next().unwrap();
    let samples = planes_v
        .map(|(colors, depth)| SampleBand { colors, depth })
        .collect();
    let mut coarse = CoarseDepth::default();
    coarse.prepare(width, [16, ROWS]);
    coarse.on = case.coarse;
    let mut band = Band {
        y0: 16,
        y1: ROWS,
        colors,
        depth: depth0,
        scratch: Box::default(),
        coarse,
        samples,
    };
    let early = D32Test::of(band.depth.as_ref().unwrap(), &ctx.ds).unwrap();
    let mut stats = BandStats::default();
    let mut job = BandJob {
        ctx: &ctx,
        band: &mut band,
        tri: &tri,
        planes: &planes,
        stats: &mut stats,
    };
    for &(bx, by, count) in &case.runs {
        visit(&mut job, &ms, &early, [bx, by, count]);
    }
    let coarse = format!("{:?}", band.coarse);
    drop(band);
    drop((rt, ds));
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

/// The kernel against `run_planes` on `N` samples, every comparison.
fn check<const N: usize>(c: &Case) -> Result<(), TestCaseError> {
    let Some(tok) = fearless_simd::Level::new().as_avx2() else {
        return Ok(());
    };
    let inside = |bx: u32, n: u32| bx + 4 * n <= c.width;
    for func in COMPARISON_FUNCS {
        let mut declined = Vec::new();
        let base = run_case::<N>(c, func, |job, ms, t, [bx, by, n]| {
            if inside(bx, n) {
                job.run_planes::<N>(ms, bx, by, n, Some(t));
            }
        });
        let avx2 = run_case::<N>(c, func, |job, ms, t, [bx, by, n]| {
            if !planes_run::<N>(job, tok, (ms, t), [bx, by], n) {
                declined.push((bx, n));
            }
        });
        prop_assert!(base == avx2, "{N} {func:?}: {}", difference(&base, &avx2));
        let want: Vec<_> = c
            .runs
            .iter()
            .filter(|r| !inside(r.0, r.2))
            .map(|r| (r.0, r.2))
            .collect();
        prop_assert_eq!(declined, want);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn the_avx2_msaa_run_matches_the_wide_run_bit_for_bit(c in case()) {
        check::<2>(&c)?;
        check::<4>(&c)?;
        check::<PLANES>(&c)?;
    }
}
