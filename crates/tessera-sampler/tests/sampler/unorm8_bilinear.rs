//! The exact UNORM8 bilinear rule (see the sampler's `core` module docs): for R8G8B8A8 /
//! B8G8R8A8 UNORM views the 2×2 footprint is `S / (255·2^16)` with the integer sum
//! `S = Σ code · weight` and one IEEE `f32` division. Checked on the per-lane core and the SIMD
//! fast path: exact values against an independent rational rounding, the SPEC §4.6 invariants
//! (within [min, max], constant texture exact, monotonic in each weight), bit identity of the
//! two paths for every pair of 8-bit weights, and the paths the rule must leave alone (sRGB,
//! border taps, point sampling) against the float combines they keep.
#![allow(
    clippy::needless_range_loop,
    reason = "channel indices address the taps, the results and the expectations together"
)]

use crate::common::Img;
use tessera_format::Format;
use tessera_sampler::{Sampler, TextureView, per_lane, sample_level};
use tessera_testkit::Rng;
use tessera_types::desc::{AddressMode, FilterKind, SamplerDesc, ViewDimension};
use wide::f32x8;

const UNORM: [Format; 2] = [Format::R8G8B8A8Unorm, Format::B8G8R8A8Unorm];

/// A single-mip RGBA8-family texture from raw texels (bytes in memory order).
fn raw(format: Format, w: u32, h: u32, texels: &[[u8; 4]]) -> Img {
    Img {
        format,
        w,
        h,
        d: 1,
        data: texels.iter().flatten().copied().collect(),
    }
}

fn view(imgs: &[Img]) -> TextureView<'_> {
    TextureView::new(
        ViewDimension::Texture2D,
        imgs.iter().map(Img::surface).collect(),
        1,
    )
    .unwrap()
}

fn sampler(filter: FilterKind, mode: AddressMode, border: f32) -> Sampler {
    let mut d = SamplerDesc::default();
    (d.filter.min, d.filter.mag, d.filter.mip) = (filter, filter, filter);
    (d.address_u, d.address_v, d.address_w) = (mode, mode, mode);
    d.border_color = [border; 4];
    Sampler::new(&d)
}

/// The normalised coordinate whose linear footprint on an axis of `n` texels (a power of two)
/// starts at texel `t0` with 8-bit weight `k` of the second texel (exact in `f32`).
fn coord(t0: u32, k: u32, n: u32) -> f32 {
    (t0 * 256 + 128 + k) as f32 / (256 * n) as f32
}

/// The `f32` nearest to `num / den` (ties cannot occur for these quotients, see the core's
/// docs), found by exact integer comparison, independent of the sampler's division.
fn nearest(num: u64, den: u64) -> f32 {
    // |q − num/den| as a comparable exact fraction: q = m · 2^−e.
    let err = |q: f32| -> (u128, u32) {
        let bits = q.to_bits();
        let (exp, man) = ((bits >> 23) as i32, u128::from(bits & 0x7f_ffff));
        let (m, e) = if exp == 0 {
            (man, 149)
        } else {
            (man | 0x80_0000, 150 - exp as u32)
        };
        // |m·den − num·2^e| / (den · 2^e); e ≤ 149 keeps num·2^e in u128 only for small e,
        // so scale both sides to a common shift instead.
        assert!(e <= 60, "quotients here are ≥ 2^−25");
        let (a, b) = (m * u128::from(den), u128::from(num) << e);
        (a.abs_diff(b), e)
    };
    if num == 0 {
        return 0.0;
    }
    let guess = (num as f64 / den as f64) as f32;
    let mut best = guess;
    for q in [
        f32::from_bits(guess.to_bits().saturating_sub(1)),
        guess,
        f32::from_bits(guess.to_bits() + 1),
    ] {
        let ((d1, e1), (d0, e0)) = (err(q), err(best));
        // Compare d1 / 2^e1 with d0 / 2^e0.
        let (l, r) = if e1 >= e0 {
            (d1, d0 << (e1 - e0))
        } else {
            (d1 << (e0 - e1), d0)
        };
        if l < r {
            best = q;
        }
    }
    best
}

/// The integer sum of the rule for one channel.
fn sum(t: [u32; 4], kx: u32, ky: u32) -> u64 {
    let w = [
        (256 - kx) * (256 - ky),
        kx * (256 - ky),
        (256 - kx) * ky,
        kx * ky,
    ];
    (0..4).map(|i| u64::from(t[i] * w[i])).sum()
}

/// The rule's value of one channel.
fn rule(t: [u32; 4], kx: u32, ky: u32) -> f32 {
    nearest(sum(t, kx, ky), 255 << 16)
}

/// The core's float combine (`a` for w = 0 or a = b, else the clamped lerp).
fn lerp(a: f32, b: f32, w: f32) -> f32 {
    if w == 0.0 || a == b {
        return a;
    }
    let r = a + w * (b - a);
    r.clamp(a.min(b), a.max(b))
}

/// The float chain (x, x, then y) the rule replaces, on decoded values.
fn chain(v: [f32; 4], kx: u32, ky: u32) -> f32 {
    let (wx, wy) = (kx as f32 / 256.0, ky as f32 / 256.0);
    let r0 = lerp(v[0], v[1], wx);
    if ky == 0 {
        return r0;
    }
    lerp(r0, lerp(v[2], v[3], wx), wy)
}

/// Channel index (R, G, B, A) of memory byte `b` for `format`.
fn channel(format: Format, b: usize) -> usize {
    if format == Format::B8G8R8A8Unorm || format == Format::B8G8R8A8UnormSrgb {
        [2, 1, 0, 3][b]
    } else {
        b
    }
}

/// Samples 8 lanes at LOD 0 with footprints `(x0, kx, y0, ky)` through both paths, checks they
/// agree bit for bit and returns the (fast-path) result per lane.
fn both(v: &TextureView<'_>, s: &Sampler, lanes: [(u32, u32, u32, u32); 8]) -> [[f32; 4]; 8] {
    let (w, h, _) = v.dimensions(0);
    let u = f32x8::new(lanes.map(|(x0, kx, _, _)| coord(x0, kx, w)));
    let vv = f32x8::new(lanes.map(|(_, _, y0, ky)| coord(y0, ky, h)));
    let c = [u, vv, f32x8::ZERO, f32x8::ZERO];
    let lod = f32x8::ZERO;
    let fast = sample_level(Some(v), s, c, lod, [0; 3]).map(|x| x.to_array());
    let core = per_lane::sample_level(Some(v), s, c, lod, [0; 3]).map(|x| x.to_array());
    for i in 0..4 {
        for l in 0..8 {
            assert_eq!(
                fast[i][l].to_bits(),
                core[i][l].to_bits(),
                "channel {i} lane {l} {:?}: fast {} core {}",
                lanes[l],
                fast[i][l],
                core[i][l]
            );
        }
    }
    core::array::from_fn(|l| core::array::from_fn(|i| fast[i][l]))
}

/// The four taps' codes (TL, TR, BL, BR) of channel `ch` at footprint `(x0, y0)` (WRAP).
fn taps(img: &Img, x0: u32, y0: u32, ch: usize) -> [u32; 4] {
    let b = (0..4).find(|&b| channel(img.format, b) == ch).unwrap();
    let at =
        |x: u32, y: u32| u32::from(img.data[(4 * ((y % img.h) * img.w + x % img.w)) as usize + b]);
    [
        at(x0, y0),
        at(x0 + 1, y0),
        at(x0, y0 + 1),
        at(x0 + 1, y0 + 1),
    ]
}

fn random_img(rng: &mut Rng, format: Format, w: u32, h: u32) -> Img {
    let texels: Vec<[u8; 4]> = (0..w * h)
        .map(|_| (rng.u64() as u32).to_le_bytes())
        .collect();
    raw(format, w, h, &texels)
}

#[test]
fn exact_values_for_chosen_codes_and_weights() {
    let s = sampler(FilterKind::Linear, AddressMode::Wrap, 0.0);
    for format in UNORM {
        // Memory bytes of TL, TR, BL, BR.
        let imgs = [raw(
            format,
            2,
            2,
            &[
                [0, 255, 52, 10],
                [255, 0, 162, 11],
                [0, 128, 15, 12],
                [255, 127, 11, 13],
            ],
        )];
        let v = view(&imgs);
        let picks = [
            (128, 0),
            (1, 0),
            (0, 1),
            (13, 4),
            (255, 255),
            (128, 128),
            (37, 201),
            (255, 1),
        ];
        let r = both(&v, &s, picks.map(|(kx, ky)| (0, kx, 0, ky)));
        let byte = |l: usize, b: usize| r[l][channel(format, b)];
        // Byte 0 (0, 255 / 0, 255): the exact halfway point and the smallest step.
        assert_eq!(byte(0, 0), 0.5);
        assert_eq!(byte(1, 0), 1.0 / 256.0);
        assert_eq!(byte(2, 0), 0.0);
        // Byte 2 at (13, 4): S = 3_730_136; the float chain (decode, x, x, y) gave one ulp more.
        let dec = |c: u32| c as f32 / 255.0;
        let want = 3_730_136.0f32 / 16_711_680.0;
        assert_eq!(byte(3, 2).to_bits(), want.to_bits());
        assert_eq!(
            chain([52, 162, 15, 11].map(dec), 13, 4).to_bits(),
            want.to_bits() + 1
        );
        for (l, &(kx, ky)) in picks.iter().enumerate() {
            for ch in 0..4 {
                let t = taps(&imgs[0], 0, 0, ch);
                assert_eq!(
                    r[l][ch].to_bits(),
                    rule(t, kx, ky).to_bits(),
                    "{format:?} ch {ch} ({kx}, {ky})"
                );
            }
        }
    }
}

#[test]
fn randomised_values_and_invariants() {
    let mut rng = Rng::splitmix64(0x0b11_13ea);
    let s = sampler(FilterKind::Linear, AddressMode::Wrap, 0.0);
    for format in UNORM {
        for round in 0..300 {
            let imgs = [random_img(&mut rng, format, 8, 4)];
            let v = view(&imgs);
            let lanes: [(u32, u32, u32, u32); 8] = core::array::from_fn(|_| {
                // Weights: uniform, or the extremes 0, 1, 255.
                let mut k = || match rng.below(4) {
                    0 => [0, 1, 255][rng.below(3) as usize],
                    _ => rng.below(256),
                };
                let (kx, ky) = (k(), k());
                (rng.below(8), kx, rng.below(4), ky)
            });
            let r = both(&v, &s, lanes);
            for (l, &(x0, kx, y0, ky)) in lanes.iter().enumerate() {
                for ch in 0..4 {
                    let t = taps(&imgs[0], x0, y0, ch);
                    let got = r[l][ch];
                    assert_eq!(got.to_bits(), rule(t, kx, ky).to_bits(), "round {round}");
                    // Within [min, max] of the taps of non-zero weight (the fetched ones).
                    let w = [
                        (256 - kx) * (256 - ky),
                        kx * (256 - ky),
                        (256 - kx) * ky,
                        kx * ky,
                    ];
                    let fetched = (0..4).filter(|&i| w[i] != 0).map(|i| t[i] as f32 / 255.0);
                    let lo = fetched.clone().fold(f32::INFINITY, f32::min);
                    let hi = fetched.fold(f32::NEG_INFINITY, f32::max);
                    assert!(lo <= got && got <= hi, "{got} not in [{lo}, {hi}]");
                }
            }
        }
    }
}

#[test]
fn constant_texture_gives_the_exact_constant() {
    let mut rng = Rng::splitmix64(0xc0de);
    let s = sampler(FilterKind::Linear, AddressMode::Wrap, 0.0);
    for format in UNORM {
        for c in 0..=255u8 {
            let imgs = [raw(format, 4, 4, &[[c, 255 - c, c / 3, c ^ 0x5a]; 16])];
            let v = view(&imgs);
            let lanes = core::array::from_fn(|_| {
                (rng.below(4), rng.below(256), rng.below(4), rng.below(256))
            });
            for r in both(&v, &s, lanes) {
                for b in 0..4 {
                    let code = [c, 255 - c, c / 3, c ^ 0x5a][b];
                    assert_eq!(
                        r[channel(format, b)],
                        f32::from(code) / 255.0,
                        "code {code}"
                    );
                }
            }
        }
    }
}

#[test]
fn monotonic_in_each_weight() {
    let mut rng = Rng::splitmix64(0x0030_7070);
    let s = sampler(FilterKind::Linear, AddressMode::Clamp, 0.0);
    for format in UNORM {
        for _ in 0..40 {
            let imgs = [random_img(&mut rng, format, 2, 2)];
            let v = view(&imgs);
            for fixed in [0, 1, 77, 128, 254, 255, rng.below(256)] {
                for x_varies in [true, false] {
                    let mut seq = Vec::with_capacity(256);
                    for base in (0..256).step_by(8) {
                        let lanes = core::array::from_fn(|l| {
                            let k = base + l as u32;
                            if x_varies {
                                (0, k, 0, fixed)
                            } else {
                                (0, fixed, 0, k)
                            }
                        });
                        seq.extend(both(&v, &s, lanes));
                    }
                    for ch in 0..4 {
                        let up = seq.windows(2).all(|p| p[0][ch] <= p[1][ch]);
                        let down = seq.windows(2).all(|p| p[0][ch] >= p[1][ch]);
                        assert!(up || down, "{format:?} ch {ch} fixed {fixed} x {x_varies}");
                    }
                }
            }
        }
    }
}

/// Every pair of 8-bit weights, on both UNORM layouts, WRAP (including the footprints that wrap
/// at the right edge, which the fast path reads tap by tap) and CLAMP, bilinear at one level and
/// trilinear between two: the fast path equals the per-lane core bit for bit.
#[test]
fn fast_path_equals_core_for_every_weight_pair() {
    let mut rng = Rng::splitmix64(0xfa57_c0de);
    for format in UNORM {
        let imgs = [
            random_img(&mut rng, format, 8, 8),
            random_img(&mut rng, format, 4, 4),
        ];
        let v = TextureView::new(
            ViewDimension::Texture2D,
            imgs.iter().map(Img::surface).collect(),
            1,
        )
        .unwrap();
        for mode in [AddressMode::Wrap, AddressMode::Clamp] {
            let s = sampler(FilterKind::Linear, mode, 0.0);
            for kx in 0..256u32 {
                for ky0 in (0..256u32).step_by(8) {
                    let x0 = rng.below(8);
                    let u = f32x8::new(core::array::from_fn(|_| coord(x0, kx, 8)));
                    let vv = f32x8::new(core::array::from_fn(|l| {
                        coord(rng.below(8), ky0 + l as u32, 8)
                    }));
                    let c = [u, vv, f32x8::ZERO, f32x8::ZERO];
                    // LOD 0 (bilinear) on even calls, else a fraction between levels 0 and 1.
                    let lod = if ky0 % 16 == 0 {
                        f32x8::ZERO
                    } else {
                        f32x8::splat(rng.below(256) as f32 / 256.0)
                    };
                    let fast = sample_level(Some(&v), &s, c, lod, [0; 3]);
                    let core = per_lane::sample_level(Some(&v), &s, c, lod, [0; 3]);
                    for i in 0..4 {
                        let (f, k) = (fast[i].to_array(), core[i].to_array());
                        for l in 0..8 {
                            assert_eq!(
                                f[l].to_bits(),
                                k[l].to_bits(),
                                "{format:?} {mode:?} {kx} {ky0}+{l}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// What the rule must not touch: sRGB (decoded to linear, then the float combines), a
/// footprint with a border tap (the border colour is not a code) and point sampling keep the
/// float results.
#[test]
fn srgb_border_and_point_keep_the_float_combines() {
    let mut rng = Rng::splitmix64(0x5126);
    let table = tessera_format::convert::srgb8_to_linear_table();
    for (format, srgb) in [
        (Format::R8G8B8A8UnormSrgb, true),
        (Format::B8G8R8A8UnormSrgb, true),
        (Format::R8G8B8A8Unorm, false),
    ] {
        let imgs = [random_img(&mut rng, format, 2, 2)];
        let v = view(&imgs);
        let img = &imgs[0];
        let dec = |ch: usize, c: u32| {
            if srgb && ch < 3 {
                table[c as usize]
            } else {
                c as f32 / 255.0
            }
        };
        // sRGB: the float chain on decoded taps (UNORM: the rule, for contrast).
        let s = sampler(FilterKind::Linear, AddressMode::Clamp, 0.0);
        for _ in 0..64 {
            let lanes = core::array::from_fn(|_| (0, rng.below(256), 0, rng.below(256)));
            let r = both(&v, &s, lanes);
            for (l, &(_, kx, _, ky)) in lanes.iter().enumerate() {
                for ch in 0..4 {
                    let t = taps(img, 0, 0, ch);
                    // The whole sRGB view keeps the float chain, alpha included.
                    let want = if srgb {
                        chain(t.map(|c| dec(ch, c)), kx, ky)
                    } else {
                        rule(t, kx, ky)
                    };
                    assert_eq!(r[l][ch].to_bits(), want.to_bits(), "{format:?} ch {ch}");
                }
            }
        }
        // BORDER (the per-lane core only): the footprint at (−1, 0) reads the border colour
        // (0.3 as the format quantises it) for its left taps, and keeps the float chain.
        let border = format.quantize_float([0.3; 4]);
        let s = sampler(FilterKind::Linear, AddressMode::Border, 0.3);
        for kx in [1u32, 77, 128, 255] {
            let ky = 200;
            let u = (128 + kx) as f32 / 512.0 - 0.5;
            let c = [u, coord(0, ky, 2), 0.0, 0.0].map(f32x8::splat);
            let r = per_lane::sample_level(Some(&v), &s, c, f32x8::ZERO, [0; 3]);
            for ch in 0..4 {
                let t = taps(img, 0, 0, ch);
                let b = border[ch];
                let want = chain([b, dec(ch, t[0]), b, dec(ch, t[2])], kx, ky);
                assert_eq!(
                    r[ch].to_array()[0].to_bits(),
                    want.to_bits(),
                    "{format:?} ch {ch} kx {kx}"
                );
            }
        }
        // Point: exactly the decoded texel.
        let s = sampler(FilterKind::Point, AddressMode::Clamp, 0.0);
        let lanes = core::array::from_fn(|l| ((l % 2) as u32, 0, (l / 2 % 2) as u32, 0));
        let c = [
            f32x8::new(lanes.map(|(x, _, _, _): (u32, u32, u32, u32)| (x as f32 + 0.5) / 2.0)),
            f32x8::new(lanes.map(|(_, _, y, _)| (y as f32 + 0.5) / 2.0)),
            f32x8::ZERO,
            f32x8::ZERO,
        ];
        let r = sample_level(Some(&v), &s, c, f32x8::ZERO, [0; 3]).map(|x| x.to_array());
        for (l, &(x, _, y, _)) in lanes.iter().enumerate() {
            for ch in 0..4 {
                let t = taps(img, x, y, ch)[0];
                assert_eq!(r[ch][l].to_bits(), dec(ch, t).to_bits());
            }
        }
    }
}

/// The rule is the in-plane filter of every non-cube dimension: 1D (x only), 3D (each z plane,
/// then the float combine in z), and an anisotropic sampler whose footprint needs one probe
/// equals the plain trilinear sampler.
#[test]
fn one_d_three_d_and_single_probe_aniso_use_the_rule() {
    use tessera_sampler::{LodMode, sample_one};
    let mut rng = Rng::splitmix64(0x1d3d);
    let one = |v: &TextureView<'_>, s: &Sampler, c: [f32; 4]| {
        sample_one(Some(v), s, c, LodMode::Level(0.0), [0; 3], None)
    };
    let s = sampler(FilterKind::Linear, AddressMode::Wrap, 0.0);
    // 1D: S = (t0·(256 − kx) + t1·kx) · 2^16 / 2^8.
    let texels: Vec<[u8; 4]> = (0..8).map(|_| (rng.u64() as u32).to_le_bytes()).collect();
    let imgs = [raw(Format::R8G8B8A8Unorm, 8, 1, &texels)];
    let v = TextureView::new(ViewDimension::Texture1D, vec![imgs[0].surface()], 1).unwrap();
    for _ in 0..200 {
        let (x0, kx) = (rng.below(8), rng.below(256));
        let r = one(&v, &s, [coord(x0, kx, 8), 0.0, 0.0, 0.0]);
        for ch in 0..4 {
            let (a, b) = (texels[x0 as usize][ch], texels[(x0 as usize + 1) % 8][ch]);
            let t = [a, b, 0, 0].map(u32::from);
            assert_eq!(r[ch].to_bits(), rule(t, kx, 0).to_bits(), "1D ch {ch}");
        }
    }
    // 3D: each plane by the rule, then the core's z combine.
    let (w, h, d) = (4u32, 4u32, 4u32);
    let texels: Vec<[u8; 4]> = (0..w * h * d)
        .map(|_| (rng.u64() as u32).to_le_bytes())
        .collect();
    let data: Vec<u8> = texels.iter().flatten().copied().collect();
    let (rp, dp) = tessera_format::Surface::tight_pitches(Format::R8G8B8A8Unorm, w, h);
    let surf = tessera_format::Surface::new(Format::R8G8B8A8Unorm, w, h, d, rp, dp, &data).unwrap();
    let v = TextureView::new(ViewDimension::Texture3D, vec![surf], 1).unwrap();
    let at = |x: u32, y: u32, z: u32, ch: usize| {
        u32::from(texels[((z % d * h + y % h) * w + x % w) as usize][ch])
    };
    for _ in 0..200 {
        let k: [u32; 3] = core::array::from_fn(|_| rng.below(256));
        let t0: [u32; 3] = core::array::from_fn(|_| rng.below(4));
        let c = [
            coord(t0[0], k[0], w),
            coord(t0[1], k[1], h),
            coord(t0[2], k[2], d),
            0.0,
        ];
        let r = one(&v, &s, c);
        for ch in 0..4 {
            let plane = |z: u32| {
                let (x, y) = (t0[0], t0[1]);
                rule(
                    [
                        at(x, y, z, ch),
                        at(x + 1, y, z, ch),
                        at(x, y + 1, z, ch),
                        at(x + 1, y + 1, z, ch),
                    ],
                    k[0],
                    k[1],
                )
            };
            let (p0, p1) = (plane(t0[2]), plane(t0[2] + 1));
            let want = if k[2] == 0 {
                p0
            } else {
                lerp(p0, p1, k[2] as f32 / 256.0)
            };
            assert_eq!(r[ch].to_bits(), want.to_bits(), "3D ch {ch} {k:?} {t0:?}");
        }
    }
    // Anisotropic sampler, isotropic footprint (one probe) = trilinear sampler, bit for bit.
    let imgs = [
        random_img(&mut rng, Format::B8G8R8A8Unorm, 16, 16),
        random_img(&mut rng, Format::B8G8R8A8Unorm, 8, 8),
    ];
    let v = TextureView::new(
        ViewDimension::Texture2D,
        imgs.iter().map(Img::surface).collect(),
        1,
    )
    .unwrap();
    let mut ad = *s.desc();
    ad.filter.anisotropic = true;
    ad.max_anisotropy = 16;
    let aniso = Sampler::new(&ad);
    for _ in 0..200 {
        let c = [
            rng.below(4096) as f32 / 4096.0,
            rng.below(4096) as f32 / 4096.0,
            0.0,
            0.0,
        ];
        let dd = (1.0 + rng.below(256) as f32 / 256.0) / 16.0;
        let mode = LodMode::Grad {
            ddx: [dd, 0.0, 0.0],
            ddy: [0.0, dd, 0.0],
            bias: 0.0,
        };
        let a = sample_one(Some(&v), &aniso, c, mode, [0; 3], None);
        let t = sample_one(Some(&v), &s, c, mode, [0; 3], None);
        assert_eq!(a.map(f32::to_bits), t.map(f32::to_bits), "{c:?} {dd}");
    }
}
