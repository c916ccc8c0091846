//! TESTCASES.md section C (TX-01..TX-18), exact expected values.

use crate::common::*;
use tessera_format::Format;
use tessera_sampler::{
    LodMode, Sampler, calculate_lod, load, load_float, sample, sample_cmp, sample_cmp_level_zero,
    sample_grad, sample_level, sample_one,
};
use tessera_types::desc::{
    AddressMode, ComparisonFunc, FilterKind, FilterReduction, SamplerDesc, ViewDimension,
};
use wide::{f32x8, i32x8};

use AddressMode::*;
use FilterKind::{Linear as L, Point as P};
use ViewDimension as D;

fn row5() -> Vec<Img> {
    vec![r32(5, 1, &[0.0, 1.0, 2.0, 3.0, 4.0])]
}

#[test]
fn tx01_point_width5() {
    let imgs = row5();
    for dim in [D::Texture1D, D::Texture2D] {
        let v = view(dim, &imgs, 1);
        let s = point(Clamp);
        for (u, t) in [(0.5, 2.0), (0.2, 1.0), (0.1999, 0.0), (1.0, 4.0)] {
            assert_eq!(at(&v, &s, [u, 0.5, 0.0, 0.0], 0.0)[0], t, "u={u}");
        }
    }
}

#[test]
fn tx02_linear_width5() {
    let imgs = row5();
    let v = view(D::Texture2D, &imgs, 1);
    let s = linear(Clamp);
    assert_eq!(at(&v, &s, [0.5, 0.5, 0.0, 0.0], 0.0)[0], 2.0);
    assert_eq!(at(&v, &s, [0.3, 0.5, 0.0, 0.0], 0.0)[0], 1.0);
    assert_eq!(at(&v, &s, [0.4, 0.5, 0.0, 0.0], 0.0)[0], 1.5);
}

fn row4() -> Vec<Img> {
    vec![r32(4, 1, &[0.0, 1.0, 2.0, 3.0])]
}

fn point4(mode: AddressMode, u: f32) -> f32 {
    let imgs = row4();
    let v = view(D::Texture1D, &imgs, 1);
    at(&v, &point(mode), [u, 0.0, 0.0, 0.0], 0.0)[0]
}

#[test]
fn tx03_wrap() {
    assert_eq!(point4(Wrap, 1.25), 1.0);
    assert_eq!(point4(Wrap, -0.25), 3.0);
    assert_eq!(point4(Wrap, 1e6 + 0.25), 1.0);
}

#[test]
fn tx04_mirror() {
    assert_eq!(point4(Mirror, 1.25), 2.0);
    assert_eq!(point4(Mirror, -0.25), 0.0);
    assert_eq!(point4(Mirror, 2.25), 1.0);
}

#[test]
fn tx05_mirror_once() {
    assert_eq!(point4(MirrorOnce, -0.25), 0.0);
    assert_eq!(point4(MirrorOnce, -1.25), 3.0);
    assert_eq!(point4(MirrorOnce, 1.25), 3.0);
}

#[test]
fn tx06_border_only_present_components() {
    let imgs = vec![img(Format::R8Unorm, 4, 1, 1, |_, _, _| {
        [0.9, 0.0, 0.0, 1.0]
    })];
    let v = view(D::Texture1D, &imgs, 1);
    let mut d = *point(Border).desc();
    d.border_color = [0.25, 0.5, 0.75, 0.0];
    let r = at(&v, &Sampler::new(&d), [1.5, 0.0, 0.0, 0.0], 0.0);
    assert!((r[0] - 0.25).abs() <= 1.0 / 255.0, "{r:?}");
    assert_eq!(&r[1..], &[0.0, 0.0, 1.0]);
}

fn chain_view(imgs: &[Img]) -> tessera_sampler::TextureView<'_> {
    view(D::Texture2D, imgs, 1)
}

fn grad_lod(s: &Sampler, imgs: &[Img]) -> f32 {
    let v = chain_view(imgs);
    let d = 4.0 / 256.0;
    sample_one(
        Some(&v),
        s,
        [0.3, 0.6, 0.0, 0.0],
        LodMode::Grad {
            ddx: [d, 0.0, 0.0],
            ddy: [0.0, d, 0.0],
            bias: 0.0,
        },
        [0; 3],
        None,
    )[0]
}

#[test]
fn tx07_lod_from_derivatives() {
    let imgs = mip_chain(256, 9);
    let base = *point(Clamp).desc();
    assert_eq!(grad_lod(&Sampler::new(&base), &imgs), 2.0);
    let mut b = base;
    b.mip_lod_bias = 1.5;
    assert_eq!(grad_lod(&Sampler::new(&b), &imgs), 4.0);
    let mut m = base;
    m.max_lod = 3.0;
    m.mip_lod_bias = 1.5;
    assert_eq!(grad_lod(&Sampler::new(&m), &imgs), 3.0);

    // Same through the 8-lane implicit path: quads whose coordinates step 4/256 per pixel.
    let v = chain_view(&imgs);
    let d = 4.0 / 256.0;
    let u = f32x8::new([0.25, 0.25 + d, 0.25, 0.25 + d, 0.5, 0.5 + d, 0.5, 0.5 + d]);
    let vv = f32x8::new([0.25, 0.25, 0.25 + d, 0.25 + d, 0.5, 0.5, 0.5 + d, 0.5 + d]);
    let r = sample(
        Some(&v),
        &Sampler::new(&base),
        [u, vv, f32x8::ZERO, f32x8::ZERO],
        [0; 3],
    );
    assert_eq!(r[0].to_array(), [2.0; 8]);
    let (cl, un) = calculate_lod(
        Some(&v),
        &Sampler::new(&base),
        [u, vv, f32x8::ZERO, f32x8::ZERO],
    );
    assert_eq!((cl.to_array(), un.to_array()), ([2.0; 8], [2.0; 8]));
}

#[test]
fn tx08_min_lod_wins() {
    let imgs = mip_chain(256, 9);
    let mut d = *point(Clamp).desc();
    d.min_lod = 4.0;
    d.max_lod = 3.0;
    assert_eq!(grad_lod(&Sampler::new(&d), &imgs), 4.0);
    let v = chain_view(&imgs);
    let c = splat([0.5, 0.5, 0.0, 0.0]);
    assert_eq!(
        calculate_lod(Some(&v), &Sampler::new(&d), c).0.to_array(),
        [4.0; 8]
    );
}

#[test]
fn tx09_mip_rounding_and_linear_weight() {
    let imgs = mip_chain(256, 9);
    let v = chain_view(&imgs);
    let s = point(Clamp);
    assert_eq!(at(&v, &s, [0.5, 0.5, 0.0, 0.0], 1.49)[0], 1.0);
    assert_eq!(at(&v, &s, [0.5, 0.5, 0.0, 0.0], 1.5)[0], 2.0);
    let s = sampler(P, P, L, Clamp);
    assert_eq!(at(&v, &s, [0.5, 0.5, 0.0, 0.0], 1.25)[0], 1.25);
    // 8-bit weight: 1.3 → 0.30078125 (77/256 after 8.8 rounding).
    assert_eq!(at(&v, &s, [0.5, 0.5, 0.0, 0.0], 1.3)[0], 1.0 + 77.0 / 256.0);
}

#[test]
fn tx10_magnification_after_clamp() {
    let imgs = vec![r32(4, 1, &[0.0, 1.0, 2.0, 3.0])];
    let v = view(D::Texture1D, &imgs, 1);
    let s = sampler(P, L, P, Clamp); // MIN_POINT_MAG_LINEAR_MIP_POINT
    let u = 0.4375; // 1.75 texels → t0 = 1, w = 0.25 → 1.25 bilinear, point → texel 1
    assert_eq!(at(&v, &s, [u, 0.0, 0.0, 0.0], -1.0)[0], 1.25);
    assert_eq!(at(&v, &s, [u, 0.0, 0.0, 0.0], 1.0)[0], 1.0);
    let mut d = *s.desc();
    d.min_lod = 1.0;
    assert_eq!(at(&v, &Sampler::new(&d), [u, 0.0, 0.0, 0.0], -1.0)[0], 1.0);
}

#[test]
fn tx11_cube_face_ties() {
    let imgs: Vec<Img> = (0..6).map(|f| r32(2, 2, &[f as f32; 4])).collect();
    let v = view(D::TextureCube, &imgs, 6);
    let s = point(Clamp);
    assert_eq!(at(&v, &s, [1.0, 1.0, 1.0, 0.0], 0.0)[0], 4.0); // +Z
    assert_eq!(at(&v, &s, [1.0, 1.0, 0.5, 0.0], 0.0)[0], 2.0); // +Y
    assert_eq!(at(&v, &s, [-2.0, 1.0, 1.0, 0.0], 0.0)[0], 1.0); // −X
}

fn cmp_sampler(func: ComparisonFunc, f: FilterKind) -> Sampler {
    let mut d = *sampler(f, f, P, Clamp).desc();
    d.filter.reduction = FilterReduction::Comparison;
    d.comparison_func = func;
    Sampler::new(&d)
}

#[test]
fn tx12_comparison() {
    for fmt in [Format::R32Float, Format::D32Float] {
        let imgs = vec![img(fmt, 2, 1, 1, |x, _, _| {
            [if x == 0 { 0.4 } else { 0.6 }, 0.0, 0.0, 1.0]
        })];
        let v = view(D::Texture2D, &imgs, 1);
        let lin = cmp_sampler(ComparisonFunc::Less, L);
        let c = splat([0.5, 0.5, 0.0, 0.0]);
        let r = sample_cmp_level_zero(Some(&v), &lin, c, f32x8::splat(0.5), [0; 3]);
        assert_eq!(r.to_array(), [0.5; 8], "{fmt:?}");
        let pt = cmp_sampler(ComparisonFunc::Less, P);
        let c = splat([0.75, 0.5, 0.0, 0.0]);
        assert_eq!(
            sample_cmp_level_zero(Some(&v), &pt, c, f32x8::splat(0.5), [0; 3]).to_array(),
            [1.0; 8]
        );
        assert_eq!(
            sample_cmp(Some(&v), &pt, c, f32x8::splat(0.5), [0; 3]).to_array(),
            [1.0; 8]
        );
    }
    for fmt in [Format::R16Unorm, Format::D16Unorm] {
        let imgs = vec![img(fmt, 1, 1, 1, |_, _, _| [1.0, 0.0, 0.0, 1.0])];
        let v = view(D::Texture2D, &imgs, 1);
        let c = splat([0.5, 0.5, 0.0, 0.0]);
        // ref 1.5 clamps to 1.0, so LESS_EQUAL passes and EQUAL passes.
        for func in [ComparisonFunc::LessEqual, ComparisonFunc::Equal] {
            let s = cmp_sampler(func, P);
            assert_eq!(
                sample_cmp_level_zero(Some(&v), &s, c, f32x8::splat(1.5), [0; 3]).to_array(),
                [1.0; 8]
            );
        }
    }
}

#[test]
fn tx13_min_max_reduction() {
    let imgs = vec![r32(2, 2, &[0.2, 0.8, 0.5, 0.1])];
    let v = view(D::Texture2D, &imgs, 1);
    let red = |r| {
        let mut d = *linear(Clamp).desc();
        d.filter.reduction = r;
        Sampler::new(&d)
    };
    let mn = red(FilterReduction::Minimum);
    let mx = red(FilterReduction::Maximum);
    assert_eq!(at(&v, &mn, [0.5, 0.5, 0.0, 0.0], 0.0)[0], 0.1);
    assert_eq!(at(&v, &mx, [0.5, 0.5, 0.0, 0.0], 0.0)[0], 0.8);
    assert_eq!(at(&v, &mn, [0.25, 0.25, 0.0, 0.0], 0.0)[0], 0.2);
    assert_eq!(at(&v, &mx, [0.25, 0.25, 0.0, 0.0], 0.0)[0], 0.2);
    assert_eq!(at(&v, &mx, [0.75, 0.75, 0.0, 0.0], 0.0)[0], 0.1);
}

#[test]
fn tx14_constant_texture_exact_any_filter() {
    let colour = [0.1f32, 0.3, 0.7, 0.9];
    for fmt in [
        Format::R8G8B8A8Unorm,
        Format::R32G32B32A32Float,
        Format::R16G16B16A16Float,
        Format::B8G8R8A8UnormSrgb,
    ] {
        let imgs: Vec<Img> = (0..7)
            .map(|m| img(fmt, 64 >> m, 64 >> m, 1, |_, _, _| colour))
            .collect();
        let expect = fmt.quantize_float(colour);
        let v = view(D::Texture2D, &imgs, 1);
        let mut aniso = *linear(Wrap).desc();
        aniso.filter.anisotropic = true;
        aniso.max_anisotropy = 16;
        for s in [
            Sampler::new(&aniso),
            linear(Wrap),
            sampler(L, L, P, Mirror),
            point(Clamp),
        ] {
            for (dx, dy) in [
                ([0.2, 0.01], [0.003, 0.02]),
                ([0.001, 0.0], [0.0, 0.05]),
                ([0.0123, 0.0456], [0.0789, 0.0011]),
            ] {
                for c in [[0.1234, 0.777], [0.5, 0.5], [-3.3, 2.1]] {
                    let r = sample_one(
                        Some(&v),
                        &s,
                        [c[0], c[1], 0.0, 0.0],
                        LodMode::Grad {
                            ddx: [dx[0], dx[1], 0.0],
                            ddy: [dy[0], dy[1], 0.0],
                            bias: 0.0,
                        },
                        [0; 3],
                        None,
                    );
                    assert_eq!(r, expect, "{fmt:?} {:?}", s.desc().filter);
                }
            }
        }
    }
}

#[test]
fn tx15_unbound_and_out_of_range_load() {
    let c = splat([0.5, 0.5, 0.0, 0.0]);
    let r = sample(None, &Sampler::default(), c, [0; 3]);
    assert_eq!(lane0(r), [0.0; 4]);
    assert_eq!(
        load(None, [i32x8::splat(0); 4], [0; 3]).map(|v| v.to_array()[0]),
        [0; 4]
    );
    let w = 4;
    let at_w = [
        i32x8::splat(w),
        i32x8::splat(0),
        i32x8::splat(0),
        i32x8::splat(0),
    ];
    let rgba8 = vec![img(Format::R8G8B8A8Unorm, 4, 4, 1, |_, _, _| [1.0; 4])];
    let r8 = vec![img(Format::R8Unorm, 4, 4, 1, |_, _, _| [1.0; 4])];
    let mut rg16 = vec![img(Format::R8G8B8A8Unorm, 4, 4, 1, |_, _, _| [1.0; 4])];
    rg16[0].format = Format::R16G16Uint;
    let lf = |imgs: &[Img]| {
        load_float(Some(&view(D::Texture2D, imgs, 1)), at_w, [0; 3]).map(|v| v.to_array()[0])
    };
    assert_eq!(lf(&rgba8), [0.0; 4]);
    assert_eq!(lf(&r8), [0.0, 0.0, 0.0, 1.0]);
    let u = load(Some(&view(D::Texture2D, &rg16, 1)), at_w, [0; 3]).map(|v| v.to_array()[0]);
    assert_eq!(u, [0, 0, 0, 1]);
    // In range: the integer texel itself; offset pushing out of range → defaults.
    let inr = [
        i32x8::splat(3),
        i32x8::splat(0),
        i32x8::splat(0),
        i32x8::splat(0),
    ];
    let u = load(Some(&view(D::Texture2D, &rg16, 1)), inr, [0; 3]).map(|v| v.to_array()[0]);
    assert_eq!(u, [0xffff, 0xffff, 0, 1]);
    let u = load(Some(&view(D::Texture2D, &rg16, 1)), inr, [1, 0, 0]).map(|v| v.to_array()[0]);
    assert_eq!(u, [0, 0, 0, 1]);
    // Sampling an unbound slot with every operation → zeros.
    assert_eq!(
        sample_level(None, &Sampler::default(), c, f32x8::ZERO, [0; 3])[3].to_array(),
        [0.0; 8]
    );
}

#[test]
fn tx16_resource_min_lod() {
    let imgs = mip_chain(32, 6);
    let v = view(D::Texture2D, &imgs, 1).with_resource_min_lod(2.0, 0);
    let c = splat([0.5, 0.5, 0.0, 0.0]);
    let r = sample_level(Some(&v), &point(Clamp), c, f32x8::ZERO, [0; 3]);
    assert_eq!(r[0].to_array(), [2.0; 8]);
    // View {MostDetailedMip 0, MipLevels 2} with resource MinLOD 3 → empty set → 0s + defaults.
    let v2 = TextureViewExt::two_mips(&imgs).with_resource_min_lod(3.0, 0);
    for s in [point(Border), linear(Clamp)] {
        let r = sample_level(Some(&v2), &s, c, f32x8::ZERO, [0; 3]);
        assert_eq!(lane0(r), [0.0, 0.0, 0.0, 1.0]);
    }
    // Load below the clamp → defaults too.
    let l = load_float(Some(&v), [i32x8::splat(0); 4], [0; 3]).map(|x| x.to_array()[0]);
    assert_eq!(l, [0.0, 0.0, 0.0, 1.0]);
}

struct TextureViewExt;
impl TextureViewExt {
    fn two_mips(imgs: &[Img]) -> tessera_sampler::TextureView<'_> {
        view(D::Texture2D, &imgs[..2], 1)
    }
}

#[test]
fn tx17_default_sampler() {
    let s = Sampler::default();
    let d = s.desc();
    assert_eq!((d.filter.min, d.filter.mag, d.filter.mip), (L, L, L));
    assert!(!d.filter.anisotropic);
    assert_eq!(
        (d.address_u, d.address_v, d.address_w),
        (Clamp, Clamp, Clamp)
    );
    assert_eq!(
        (d.max_anisotropy, d.border_color, d.mip_lod_bias),
        (1, [1.0; 4], 0.0)
    );
    assert_eq!((d.min_lod, d.max_lod), (-f32::MAX, f32::MAX));
    assert_eq!(d.comparison_func, ComparisonFunc::Never);
    assert_eq!(*d, SamplerDesc::default());
    // Behaves as bilinear + clamp.
    let imgs = row5();
    let v = view(D::Texture1D, &imgs, 1);
    assert_eq!(at(&v, &s, [0.4, 0.0, 0.0, 0.0], 0.0)[0], 1.5);
    assert_eq!(at(&v, &s, [1.7, 0.0, 0.0, 0.0], 0.0)[0], 4.0);
}

#[test]
fn tx18_conversions_through_load() {
    let mut i = img(Format::R8Unorm, 3, 1, 1, |_, _, _| [0.0; 4]);
    i.data = vec![255, 128, 0];
    let imgs = vec![i];
    let v = view(D::Texture1D, &imgs, 1);
    let ld = |x: i32| {
        load_float(
            Some(&v),
            [i32x8::splat(x), i32x8::ZERO, i32x8::ZERO, i32x8::ZERO],
            [0; 3],
        )[0]
        .to_array()[0]
    };
    assert_eq!(ld(0), 1.0);
    assert_eq!(ld(1), 128.0 / 255.0);
    let mut s = img(Format::R8Snorm, 2, 1, 1, |_, _, _| [0.0; 4]);
    s.data = vec![0x80, 0x81];
    let imgs = vec![s];
    let v = view(D::Texture1D, &imgs, 1);
    let ld = |x: i32| {
        load_float(
            Some(&v),
            [i32x8::splat(x), i32x8::ZERO, i32x8::ZERO, i32x8::ZERO],
            [0; 3],
        )[0]
        .to_array()[0]
    };
    assert_eq!((ld(0), ld(1)), (-1.0, -1.0));
    let mut b = [0u8];
    for (x, code) in [(0.5, 128u8), (f32::NAN, 0), (2.0, 255)] {
        Format::R8Unorm
            .encode_float([x, 0.0, 0.0, 0.0], &mut b)
            .unwrap();
        assert_eq!(b[0], code);
    }
}

#[test]
fn explicit_grad_matches_implicit() {
    let imgs = mip_chain(256, 9);
    let v = chain_view(&imgs);
    let s = linear(Wrap);
    let d = 3.0 / 256.0;
    let u = f32x8::new([0.25, 0.25 + d, 0.25, 0.25 + d, 0.5, 0.5 + d, 0.5, 0.5 + d]);
    let vv = f32x8::new([0.25, 0.25, 0.25 + d, 0.25 + d, 0.5, 0.5, 0.5 + d, 0.5 + d]);
    let c = [u, vv, f32x8::ZERO, f32x8::ZERO];
    let a = sample(Some(&v), &s, c, [0; 3]);
    let g = sample_grad(
        Some(&v),
        &s,
        c,
        [f32x8::splat(d), f32x8::ZERO, f32x8::ZERO],
        [f32x8::ZERO, f32x8::splat(d), f32x8::ZERO],
        [0; 3],
    );
    assert_eq!(a.map(|x| x.to_array()), g.map(|x| x.to_array()));
    // log2(3) = 1.585 → 8.8 = 406/256 → 1 + 150/256.
    assert_eq!(a[0].to_array()[0], 1.0 + 150.0 / 256.0);
}
