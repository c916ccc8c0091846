//! The SIMD fast path of the `sample*` operations is bit-identical to the per-lane core
//! ([`tessera_sampler::per_lane`]): seeded random 8-lane calls for every covered format, U/V
//! address-mode pair and min/mag/mip filter, over power-of-two, non-power-of-two and array
//! textures, with coordinates at texel centres and edges, 8-bit subtexel steps, negative, huge and
//! non-finite values, and LODs at and around mip boundaries and in magnification.

use crate::common::Img;
use tessera_format::Format;
use tessera_sampler::{
    Sampler, TextureView, per_lane, sample, sample_bias, sample_clamped, sample_grad, sample_level,
    sample_live,
};
use tessera_testkit::Rng;
use tessera_types::desc::{AddressMode, FilterKind, SamplerDesc, ViewDimension};
use wide::f32x8;

/// A mip chain (per slice) of raw 4-byte texels: random bytes, with some rows drawn from a
/// two-value palette so equal neighbours (the `a == b` combine case) are common.
pub(crate) fn chain(rng: &mut Rng, format: Format, w: u32, h: u32, slices: u32) -> Vec<Img> {
    let mut out = Vec::new();
    for _ in 0..slices {
        let (mut w, mut h) = (w, h);
        loop {
            let pal = [rng.u64() as u32, rng.u64() as u32];
            let mut data = Vec::with_capacity((w * h * 4) as usize);
            for y in 0..h {
                for _ in 0..w {
                    let t = if y % 3 == 0 {
                        pal[rng.below(2) as usize]
                    } else {
                        rng.u64() as u32
                    };
                    data.extend_from_slice(&t.to_le_bytes());
                }
            }
            out.push(Img {
                format,
                w,
                h,
                d: 1,
                data,
            });
            if w == 1 && h == 1 {
                break;
            }
            w = (w / 2).max(1);
            h = (h / 2).max(1);
        }
    }
    out
}

/// A coordinate on an axis whose level-0 extent is `n`.
#[expect(
    clippy::disallowed_methods,
    reason = "powi of 2 spreads the test inputs; both paths see the same values"
)]
fn coord(rng: &mut Rng, n: u32) -> f32 {
    let m = 1u32 << rng.below(4);
    let size = (n / m).max(1) as f32;
    let i = rng.range(-3.0, size + 3.0).floor();
    match rng.below(10) {
        0 | 1 => rng.range(-1.5, 2.5),
        // Texel centre (linear weight exactly 0).
        2 => (i + 0.5) / size,
        // Texel edge, and one ulp either side.
        3 => {
            let e = i / size;
            match rng.below(3) {
                0 => e,
                1 => f32::from_bits(e.to_bits().wrapping_add(1)),
                _ => f32::from_bits(e.to_bits().wrapping_sub(1)),
            }
        }
        // 8-bit subtexel steps.
        4 => (i * 256.0 + rng.below(256) as f32) / (256.0 * size),
        // Negative and huge (WRAP range reduction; CLAMP to ±10).
        5 => rng.range(-40.0, -0.000_001),
        6 => {
            let e = rng.below(40) as i32;
            let sign = if rng.below(2) == 0 { 1.0 } else { -1.0 };
            sign * 2f32.powi(e) * rng.range(1.0, 2.0)
        }
        7 => rng.pick(&[
            0.0,
            -0.0,
            1.0,
            -1.0e-10,
            1.0e-10,
            0.999_999_94,
            1.000_000_1,
            10.0,
            -10.0,
            10.5,
            -11.0,
            8_388_608.5,
            -8_388_607.5,
            1.0e30,
            -1.0e30,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MIN_POSITIVE,
            -1.0e-40,
        ]),
        _ => rng.range(-0.2, 1.2),
    }
}

/// A LOD: magnification, random, exact 8.8 steps and mip boundaries (and one step either side).
fn lod(rng: &mut Rng) -> f32 {
    let k = rng.range(-3.0, 9.0).floor();
    match rng.below(6) {
        0 => rng.range(-4.0, 10.0),
        1 => k,
        2 => k + rng.below(256) as f32 / 256.0,
        3 => k + 0.5 + rng.pick(&[-1.0, 0.0, 1.0]) / 256.0,
        4 => k + rng.pick(&[-1.0, 1.0]) / 512.0,
        _ => rng.range(-8.0, 0.0),
    }
}

/// A derivative pair (normalised units) giving LOD `l` on a level-0 extent `n`, along x, y or a
/// diagonal; sometimes zero or random.
#[expect(
    clippy::disallowed_methods,
    reason = "powf spreads the test derivatives; both paths see the same values"
)]
fn derivs(rng: &mut Rng, n: [u32; 2], l: f32) -> ([f32; 2], [f32; 2]) {
    let len = 2f32.powf(l);
    let (a, b) = (len / n[0] as f32, len / n[1] as f32);
    match rng.below(6) {
        0 => ([a, 0.0], [0.0, b * rng.range(0.1, 1.0)]),
        1 => ([a * rng.range(0.1, 1.0), 0.0], [0.0, -b]),
        2 => ([a * 0.6, b * 0.8], [-a * 0.8, b * 0.6]),
        3 => ([0.0, 0.0], [0.0, 0.0]),
        4 => ([-a, 0.0], [0.0, b]),
        _ => (
            [rng.range(-0.3, 0.3), rng.range(-0.3, 0.3)],
            [rng.range(-0.3, 0.3), rng.range(-0.3, 0.3)],
        ),
    }
}

fn assert_same(got: [f32x8; 4], want: [f32x8; 4], what: &dyn Fn() -> String) {
    for i in 0..4 {
        let (g, w) = (got[i].to_array(), want[i].to_array());
        for l in 0..8 {
            assert_eq!(
                g[l].to_bits(),
                w[l].to_bits(),
                "component {i} lane {l}: fast {} vs per-lane {}; {}",
                g[l],
                w[l],
                what()
            );
        }
    }
}

/// A test texture's shape.
pub(crate) struct Tex {
    pub name: &'static str,
    pub dim: ViewDimension,
    pub w: u32,
    pub h: u32,
    pub slices: u32,
}

const TEXTURES: [Tex; 4] = [
    Tex {
        name: "64x32 pow2",
        dim: ViewDimension::Texture2D,
        w: 64,
        h: 32,
        slices: 1,
    },
    Tex {
        name: "45x27 npot",
        dim: ViewDimension::Texture2D,
        w: 45,
        h: 27,
        slices: 1,
    },
    Tex {
        name: "16x16x3 array",
        dim: ViewDimension::Texture2DArray,
        w: 16,
        h: 16,
        slices: 3,
    },
    Tex {
        name: "1x8 pow2",
        dim: ViewDimension::Texture2D,
        w: 1,
        h: 8,
        slices: 1,
    },
];

/// Calls of each operation per (format, modes, filter, texture).
const CALLS: usize = 160;

#[test]
fn fast_path_is_bit_identical_to_per_lane_core() {
    use AddressMode::{Clamp, Wrap};
    use FilterKind::{Linear as L, Point as P};
    let formats = [
        Format::R8G8B8A8Unorm,
        Format::R8G8B8A8UnormSrgb,
        Format::B8G8R8A8Unorm,
        Format::B8G8R8A8UnormSrgb,
    ];
    let mut rng = Rng::splitmix64(0x5eed_fa57);
    let mut calls = 0usize;
    for format in formats {
        for tex in &TEXTURES {
            let imgs = chain(&mut rng, format, tex.w, tex.h, tex.slices);
            let surfaces = imgs.iter().map(Img::surface).collect();
            let base = TextureView::new(tex.dim, surfaces, tex.slices).unwrap();
            let mips = base.mip_count();
            for (mu, mv) in [(Wrap, Wrap), (Wrap, Clamp), (Clamp, Wrap), (Clamp, Clamp)] {
                for filter in 0..8u32 {
                    let kind = |b: u32| if filter & b != 0 { L } else { P };
                    let mut d = SamplerDesc::default();
                    (d.filter.min, d.filter.mag, d.filter.mip) = (kind(4), kind(2), kind(1));
                    (d.address_u, d.address_v) = (mu, mv);
                    let plain = Sampler::new(&d);
                    // LOD clamps and bias (MinLOD wins over MaxLOD; integral MinLOD boundaries).
                    d.mip_lod_bias = 0.75;
                    d.min_lod = 1.0;
                    d.max_lod = 2.5;
                    let clamped = Sampler::new(&d);
                    // A resource min-LOD clamp inside, and one beyond, the view's mips.
                    let rmin = base.clone().with_resource_min_lod(1.5, 0);
                    let empty = base.clone().with_resource_min_lod(mips as f32 + 0.5, 0);
                    for n in 0..CALLS {
                        let (v, s): (&TextureView<'_>, &Sampler) = match n % 8 {
                            5 => (&base, &clamped),
                            6 => (&rmin, &plain),
                            7 if n % 32 == 7 => (&empty, &plain),
                            _ => (&base, &plain),
                        };
                        check_call(&mut rng, v, s, tex, n);
                        calls += 1;
                    }
                }
            }
        }
    }
    // 4 formats × 4 textures × 4 mode pairs × 8 filters × CALLS, each through five operations.
    assert_eq!(calls, 4 * 4 * 4 * 8 * CALLS);
}

/// One seeded call of each operation (`sample`, `_bias`, `_clamped`, `_level`, `_grad`) on `v`:
/// the fast path's bits equal the per-lane core's.
pub(crate) fn check_call(rng: &mut Rng, v: &TextureView<'_>, s: &Sampler, tex: &Tex, n: usize) {
    let n0 = [tex.w, tex.h];
    // Two quads: base coordinate plus derivative steps (coarse derivatives then give the
    // intended LOD); a few calls use fully random lanes instead.
    let mut c = [[0.0f32; 8]; 4];
    let random_lanes = rng.below(8) == 0;
    for q in 0..2 {
        let l = lod(rng);
        let (dx, dy) = derivs(rng, n0, l);
        let b = [coord(rng, n0[0]), coord(rng, n0[1])];
        for (k, (fx, fy)) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)]
            .into_iter()
            .enumerate()
        {
            let l = 4 * q + k;
            for ax in 0..2 {
                c[ax][l] = if random_lanes {
                    coord(rng, n0[ax])
                } else {
                    b[ax] + dx[ax] * fx + dy[ax] * fy
                };
            }
            c[2][l] = rng.pick(&[-1.0, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 7.0]);
            c[3][l] = 0.0;
        }
    }
    let coords = c.map(f32x8::new);
    let off = if rng.below(4) == 0 {
        [rng.below(16) as i32 - 8, rng.below(16) as i32 - 8, 0]
    } else {
        [0; 3]
    };
    let what = |op: &'static str| {
        let c = c;
        move || {
            format!(
                "{op} {} {:?} n={n} coords={c:?} off={off:?}",
                tex.name,
                s.desc()
            )
        }
    };
    let vv = Some(v);

    let want = per_lane::sample(vv, s, coords, off);
    assert_same(sample(vv, s, coords, off), want, &what("sample"));

    // `sample_live`: the live lanes are `sample`'s (their LOD from every lane's coordinates),
    // the others 0. Masks: all, none, one quad, one lane, and random.
    let bits = rng.u64() as u8;
    let live = rng.pick(&[
        0xff,
        0x00,
        0x0f,
        0xf0,
        bits,
        bits & 0x0f,
        bits & 0xf0,
        1 << (bits & 7),
    ]);
    let keep = |r: f32x8| {
        let a = r.to_array();
        f32x8::new(core::array::from_fn(|l| {
            if live & (1 << l) != 0 { a[l] } else { 0.0 }
        }))
    };
    assert_same(
        sample_live(vv, s, coords, off, live),
        want.map(keep),
        &|| format!("live {live:#04x}: {}", what("sample_live")()),
    );

    let bias = f32x8::new(core::array::from_fn(|_| {
        rng.pick(&[0.0, 0.5, -1.0, 1.0 / 256.0, 2.25, -0.5])
    }));
    assert_same(
        sample_bias(vv, s, coords, bias, off),
        per_lane::sample_bias(vv, s, coords, bias, off),
        &what("sample_bias"),
    );

    let cl = f32x8::new(core::array::from_fn(|_| {
        rng.pick(&[f32::MIN, 0.0, 0.5, 1.0, 2.0, 2.75])
    }));
    assert_same(
        sample_clamped(vv, s, coords, cl, off),
        per_lane::sample_clamped(vv, s, coords, cl, off),
        &what("sample_clamped"),
    );

    let lv = f32x8::new(core::array::from_fn(|_| lod(rng)));
    assert_same(
        sample_level(vv, s, coords, lv, off),
        per_lane::sample_level(vv, s, coords, lv, off),
        &what("sample_level"),
    );

    // Per-lane derivatives (a different LOD, and mip pair, on every lane).
    let mut ddx = [[0.0f32; 8]; 3];
    let mut ddy = [[0.0f32; 8]; 3];
    for l in 0..8 {
        let lv = lod(rng);
        let (dx, dy) = derivs(rng, n0, lv);
        for ax in 0..2 {
            ddx[ax][l] = dx[ax];
            ddy[ax][l] = dy[ax];
        }
    }
    let (ddx, ddy) = (ddx.map(f32x8::new), ddy.map(f32x8::new));
    assert_same(
        sample_grad(vv, s, coords, ddx, ddy, off),
        per_lane::sample_grad(vv, s, coords, ddx, ddy, off),
        &what("sample_grad"),
    );
}

/// Padded row pitches match the core; a surface whose memory does not hold every texel cannot
/// be made (the memory owner's constructor refuses it), so no path ever reads past one.
#[test]
fn padded_and_short_surfaces_match_the_core() {
    use AddressMode::{Clamp, Wrap};
    let mut rng = Rng::splitmix64(0x0dd_5afe);
    let (w, h) = (32u32, 16u32);
    let pitch = w as usize * 4 + 12;
    let data: Vec<u8> = (0..pitch * h as usize).map(|_| rng.u64() as u8).collect();
    for format in [Format::R8G8B8A8Unorm, Format::B8G8R8A8UnormSrgb] {
        for len in [pitch * 9 + 20, 3] {
            let short = tessera_format::Surface::new(
                format,
                w,
                h,
                1,
                pitch,
                pitch * h as usize,
                &data[..len],
            );
            assert!(matches!(
                short,
                Err(tessera_format::FormatError::BufferTooSmall { .. })
            ));
        }
        // Exactly the bytes the layout needs (the last row's padding absent), and more.
        for len in [data.len(), data.len() - 12] {
            let s = tessera_format::Surface::new(
                format,
                w,
                h,
                1,
                pitch,
                pitch * h as usize,
                &data[..len],
            )
            .unwrap();
            let v = TextureView::new(ViewDimension::Texture2D, vec![s], 1).unwrap();
            for (mu, mv) in [(Wrap, Wrap), (Clamp, Wrap), (Wrap, Clamp)] {
                for linear in [false, true] {
                    let kind = if linear {
                        FilterKind::Linear
                    } else {
                        FilterKind::Point
                    };
                    let mut d = SamplerDesc::default();
                    (d.filter.min, d.filter.mag, d.filter.mip) = (kind, kind, kind);
                    (d.address_u, d.address_v) = (mu, mv);
                    let smp = Sampler::new(&d);
                    for n in 0..200 {
                        let c: [f32x8; 4] = [
                            f32x8::new(core::array::from_fn(|_| coord(&mut rng, w))),
                            f32x8::new(core::array::from_fn(|_| coord(&mut rng, h))),
                            f32x8::ZERO,
                            f32x8::ZERO,
                        ];
                        let lv = f32x8::new(core::array::from_fn(|_| lod(&mut rng)));
                        assert_same(
                            sample_level(Some(&v), &smp, c, lv, [0; 3]),
                            per_lane::sample_level(Some(&v), &smp, c, lv, [0; 3]),
                            &|| format!("{format:?} len {len} {mu:?} {mv:?} {linear} n={n}"),
                        );
                    }
                }
            }
        }
    }
}
