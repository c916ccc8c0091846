//! Address modes at both edges, filter switches at LOD boundaries, cube edges and corners, sRGB,
//! BC1, gather, 3D/array addressing, anisotropy, and 8-lane vs scalar determinism.

use crate::common::*;
use tessera_format::Format;
use tessera_sampler::{LodMode, Sampler, TextureView, gather, gather_cmp, sample_grad, sample_one};
use tessera_testkit::Rng;
use tessera_types::desc::{AddressMode, FilterKind, FilterReduction, SamplerDesc, ViewDimension};
use wide::f32x8;

use AddressMode::*;
use FilterKind::{Linear as L, Point as P};
use ViewDimension as D;

fn border_sampler(mode: AddressMode, border: f32) -> Sampler {
    let mut d = *linear(mode).desc();
    d.border_color = [border; 4];
    Sampler::new(&d)
}

#[test]
fn address_modes_at_both_edges_linear() {
    let imgs = vec![r32(4, 1, &[10.0, 20.0, 30.0, 40.0])];
    let v = view(D::Texture1D, &imgs, 1);
    let cases = [
        (Wrap, 25.0, 25.0),
        (Mirror, 10.0, 40.0),
        (Clamp, 10.0, 40.0),
        (MirrorOnce, 10.0, 40.0),
        (Border, 7.0, 22.0), // border 4: (4+10)/2, (40+4)/2
    ];
    for (mode, left, right) in cases {
        let s = border_sampler(mode, 4.0);
        assert_eq!(
            at(&v, &s, [0.0, 0.0, 0.0, 0.0], 0.0)[0],
            left,
            "{mode:?} u=0"
        );
        assert_eq!(
            at(&v, &s, [1.0, 0.0, 0.0, 0.0], 0.0)[0],
            right,
            "{mode:?} u=1"
        );
    }
    // Point at the last representable coordinate below 1 and at exactly 1.
    let below = 1.0f32 - f32::EPSILON / 2.0;
    for (mode, at_one) in [
        (Wrap, 10.0),
        (Mirror, 40.0),
        (Clamp, 40.0),
        (MirrorOnce, 40.0),
        (Border, 4.0),
    ] {
        let mut d = *point(mode).desc();
        d.border_color = [4.0; 4];
        let s = Sampler::new(&d);
        assert_eq!(at(&v, &s, [below, 0.0, 0.0, 0.0], 0.0)[0], 40.0, "{mode:?}");
        assert_eq!(at(&v, &s, [1.0, 0.0, 0.0, 0.0], 0.0)[0], at_one, "{mode:?}");
        assert_eq!(at(&v, &s, [0.0, 0.0, 0.0, 0.0], 0.0)[0], 10.0, "{mode:?}");
    }
}

#[test]
fn border_in_any_axis_wins_in_2d() {
    let imgs = vec![r32(2, 2, &[1.0; 4])];
    let v = view(D::Texture2D, &imgs, 1);
    let mut d = *point(Clamp).desc();
    d.address_v = Border;
    d.border_color = [0.5; 4];
    let s = Sampler::new(&d);
    assert_eq!(at(&v, &s, [5.0, 0.5, 0.0, 0.0], 0.0)[0], 1.0);
    assert_eq!(at(&v, &s, [0.5, 1.5, 0.0, 0.0], 0.0)[0], 0.5);
}

#[test]
fn mag_min_switch_at_lod_zero() {
    let imgs = vec![r32(4, 1, &[0.0, 1.0, 2.0, 3.0])];
    let v = view(D::Texture1D, &imgs, 1);
    let s = sampler(L, P, P, Clamp); // MIN_LINEAR_MAG_MIP_POINT
    let c = [0.4375, 0.0, 0.0, 0.0];
    assert_eq!(at(&v, &s, c, 0.0)[0], 1.0); // LOD 0 → magnification → point
    assert_eq!(at(&v, &s, c, 0.001)[0], 1.0); // rounds to 0 in 8.8
    assert_eq!(at(&v, &s, c, 1.0 / 256.0)[0], 1.25); // minification → linear
    let s = sampler(P, L, P, Clamp);
    assert_eq!(at(&v, &s, c, 0.0)[0], 1.25);
    assert_eq!(at(&v, &s, c, 1.0 / 256.0)[0], 1.0);
}

#[test]
fn mip_linear_edges_and_point_rounding() {
    let imgs = mip_chain(16, 5);
    let v = view(D::Texture2D, &imgs, 1);
    let tri = sampler(L, L, L, Clamp);
    let c = [0.3, 0.7, 0.0, 0.0];
    assert_eq!(at(&v, &tri, c, 0.0)[0], 0.0);
    assert_eq!(at(&v, &tri, c, 2.0)[0], 2.0);
    assert_eq!(at(&v, &tri, c, 2.5)[0], 2.5);
    assert_eq!(at(&v, &tri, c, 3.99)[0], 3.0 + 253.0 / 256.0);
    assert_eq!(at(&v, &tri, c, 9.0)[0], 4.0); // clamped to last mip
    assert_eq!(at(&v, &tri, c, -5.0)[0], 0.0);
    let pt = sampler(L, L, P, Clamp);
    assert_eq!(at(&v, &pt, c, 0.5 - 1.0 / 256.0)[0], 0.0);
    assert_eq!(at(&v, &pt, c, 0.5)[0], 1.0);
    assert_eq!(at(&v, &pt, c, 3.5)[0], 4.0);
}

fn cube_imgs() -> Vec<Img> {
    (0..6).map(|f| r32(2, 2, &[f as f32; 4])).collect()
}

#[test]
fn cube_edges_fetch_the_adjacent_face() {
    let imgs = cube_imgs();
    let v = view(D::TextureCube, &imgs, 6);
    let s = linear(Wrap); // address modes are ignored on cubes
    // +Z face, u = 0, v = 0.5: half −X (1), half +Z (4).
    assert_eq!(at(&v, &s, [-1.0, 0.0, 1.0, 0.0], 0.0)[0], 2.5);
    // +Z face, u = 1, v = 0.5 → +X (0) and +Z (4).
    assert_eq!(at(&v, &s, [1.0, 0.0, 1.0, 0.0], 0.0)[0], 2.0);
    // +Z face top edge (v = 0) → +Y (2) and +Z (4).
    assert_eq!(at(&v, &s, [0.0, 1.0, 1.0, 0.0], 0.0)[0], 3.0);
    // Centre of a face texel: exact.
    assert_eq!(at(&v, &s, [-0.5, 0.5, 1.0, 0.0], 0.0)[0], 4.0);
}

#[test]
fn cube_corner_splits_missing_weight_equally() {
    let imgs = cube_imgs();
    let v = view(D::TextureCube, &imgs, 6);
    let s = linear(Clamp);
    // (−1, 1, 1): tie → +Z face at u = v = 0: taps corner, +Y (2), −X (1), +Z (4), each 1/4.
    // Missing corner = mean(2, 1, 4) = 7/3 → result 7/3.
    let r = at(&v, &s, [-1.0, 1.0, 1.0, 0.0], 0.0)[0];
    let mean: f32 = (2.0 + 1.0 + 4.0) / 3.0;
    let expect = {
        let r0 = mean + 0.5 * (2.0 - mean);
        let r1 = 1.0 + 0.5 * (4.0 - 1.0);
        r0 + 0.5 * (r1 - r0)
    };
    assert_eq!(r, expect);
    assert!((r - 7.0 / 3.0).abs() < 1e-6);
    // Constant cube: corners stay exact.
    let c: Vec<Img> = (0..6).map(|_| r32(2, 2, &[0.3; 4])).collect();
    let v = view(D::TextureCube, &c, 6);
    for d in [
        [-1.0, 1.0, 1.0],
        [1.0, -1.0, -1.0],
        [1.0, 1.0, 1.0],
        [-1.0, -1.0, -1.0],
    ] {
        assert_eq!(at(&v, &s, [d[0], d[1], d[2], 0.0], 0.0)[0], 0.3);
    }
}

#[test]
fn cube_array_selects_cube() {
    let imgs: Vec<Img> = (0..12).map(|i| r32(2, 2, &[i as f32; 4])).collect();
    let v = view(D::TextureCubeArray, &imgs, 12);
    let s = point(Clamp);
    assert_eq!(at(&v, &s, [0.0, 0.0, 1.0, 1.0], 0.0)[0], 10.0); // cube 1, +Z
    assert_eq!(at(&v, &s, [0.0, 0.0, 1.0, 9.0], 0.0)[0], 10.0); // clamped
    assert_eq!(v.dimensions(0), (2, 2, 2));
}

#[test]
fn cube_lod_from_projected_derivatives() {
    // 8x8 faces, 4 mips; direction (0, 0, 1), d/dx of x = 2·(4/8)/... : one step of 2 texels on the
    // face (face spans 2 units over 8 texels → 0.25 units per texel; 0.5·8·d = 2 → d = 0.5).
    let imgs: Vec<Img> = (0..6)
        .flat_map(|_| (0..4u32).map(|m| r32(8 >> m, 8 >> m, &vec![m as f32; 64 >> (2 * m)])))
        .collect();
    let v = view(D::TextureCube, &imgs, 6);
    let s = point(Clamp);
    let r = sample_one(
        Some(&v),
        &s,
        [0.0, 0.0, 1.0, 0.0],
        LodMode::Grad {
            ddx: [0.5, 0.0, 0.0],
            ddy: [0.0, 0.5, 0.0],
            bias: 0.0,
        },
        [0; 3],
        None,
    );
    assert_eq!(r[0], 1.0);
}

#[test]
fn srgb_decoded_before_filtering() {
    let mut i = img(Format::R8G8B8A8UnormSrgb, 2, 1, 1, |_, _, _| [0.0; 4]);
    i.data = vec![0, 100, 0, 255, 255, 200, 255, 255];
    let imgs = vec![i];
    let v = view(D::Texture1D, &imgs, 1);
    let r = at(&v, &linear(Clamp), [0.5, 0.0, 0.0, 0.0], 0.0);
    let t = tessera_format::convert::srgb8_to_linear_table();
    assert_eq!(r[0], 0.5);
    assert_eq!(r[1], t[100] + 0.5 * (t[200] - t[100]));
    assert_eq!(r[3], 1.0);
    // Generic path (BGRA sRGB through the fast path too) agrees.
    let mut b = img(Format::B8G8R8A8UnormSrgb, 2, 1, 1, |_, _, _| [0.0; 4]);
    b.data = vec![0, 100, 0, 255, 255, 200, 255, 255];
    let imgs = vec![b];
    let v = view(D::Texture1D, &imgs, 1);
    let r2 = at(&v, &linear(Clamp), [0.5, 0.0, 0.0, 0.0], 0.0);
    assert_eq!(r2, [r[2], r[1], r[0], r[3]]);
}

#[test]
fn bc1_known_block() {
    // color0 = pure red (0xF800), color1 = pure blue (0x001F), 4-colour mode;
    // row 0 indices 0,1,2,3, other rows 0.
    let block = vec![0x00, 0xF8, 0x1F, 0x00, 0xE4, 0x00, 0x00, 0x00];
    let decoded = Format::Bc1Unorm.decode_block(&block).unwrap();
    let imgs = vec![Img {
        format: Format::Bc1Unorm,
        w: 4,
        h: 4,
        d: 1,
        data: block,
    }];
    let v = view(D::Texture2D, &imgs, 1);
    let p = point(Clamp);
    assert_eq!(
        at(&v, &p, [0.125, 0.125, 0.0, 0.0], 0.0),
        [1.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(
        at(&v, &p, [0.375, 0.125, 0.0, 0.0], 0.0),
        [0.0, 0.0, 1.0, 1.0]
    );
    for (x, texel) in decoded.iter().take(4).enumerate() {
        let u = (x as f32 + 0.5) / 4.0;
        assert_eq!(at(&v, &p, [u, 0.125, 0.0, 0.0], 0.0), *texel);
    }
    // Bilinear halfway between red and blue.
    assert_eq!(
        at(&v, &linear(Clamp), [0.25, 0.125, 0.0, 0.0], 0.0),
        [0.5, 0.0, 0.5, 1.0]
    );
    // Load sees the same texels.
    let l = tessera_sampler::load_float(
        Some(&v),
        [
            wide::i32x8::splat(2),
            wide::i32x8::ZERO,
            wide::i32x8::ZERO,
            wide::i32x8::ZERO,
        ],
        [0; 3],
    );
    assert_eq!(lane0(l), decoded[2]);
}

#[test]
fn gather_order_and_cmp() {
    let imgs = vec![r32(2, 2, &[0.2, 0.8, 0.5, 0.1])];
    let v = view(D::Texture2D, &imgs, 1);
    let c = splat([0.5, 0.5, 0.0, 0.0]);
    let g = gather(Some(&v), &Sampler::default(), c, 0, [0; 3]);
    assert_eq!(lane0(g), [0.5, 0.1, 0.8, 0.2]); // BL, BR, TR, TL
    let g = gather(Some(&v), &Sampler::default(), c, 3, [0; 3]);
    assert_eq!(lane0(g), [1.0; 4]);
    let mut d = *linear(Clamp).desc();
    d.filter.reduction = FilterReduction::Comparison;
    d.comparison_func = tessera_types::desc::ComparisonFunc::Less;
    let g = gather_cmp(Some(&v), &Sampler::new(&d), c, f32x8::splat(0.3), [0; 3]);
    assert_eq!(lane0(g), [1.0, 0.0, 1.0, 0.0]);
    // Texel offset shifts the footprint: +1 in x clamps to the right column.
    let g = gather(Some(&v), &Sampler::default(), c, 0, [1, 0, 0]);
    assert_eq!(lane0(g), [0.1, 0.1, 0.8, 0.8]);
}

#[test]
fn texture3d_trilinear_and_array_rounding() {
    let imgs = vec![img(Format::R32Float, 2, 2, 2, |x, y, z| {
        [(x + 2 * y + 4 * z) as f32, 0.0, 0.0, 1.0]
    })];
    let v = view(D::Texture3D, &imgs, 1);
    assert_eq!(at(&v, &linear(Clamp), [0.5, 0.5, 0.5, 0.0], 0.0)[0], 3.5);
    assert_eq!(at(&v, &point(Clamp), [0.75, 0.25, 0.75, 0.0], 0.0)[0], 5.0);
    let arr: Vec<Img> = (0..3).map(|i| r32(2, 2, &[i as f32; 4])).collect();
    let v = view(D::Texture2DArray, &arr, 3);
    let s = point(Clamp);
    for (a, e) in [
        (0.5, 0.0),
        (1.5, 2.0),
        (1.49, 1.0),
        (2.5, 2.0),
        (7.0, 2.0),
        (-1.0, 0.0),
    ] {
        assert_eq!(at(&v, &s, [0.5, 0.5, a, 0.0], 0.0)[0], e, "index {a}");
    }
    let rows: Vec<Img> = (0..3).map(|i| r32(2, 1, &[i as f32, 9.0])).collect();
    let v1 = view(D::Texture1DArray, &rows, 3);
    assert_eq!(at(&v1, &s, [0.25, 1.0, 0.0, 0.0], 0.0)[0], 1.0);
}

#[test]
fn view_validation() {
    let imgs = [r32(2, 2, &[0.0; 4]), r32(2, 2, &[0.0; 4])];
    let surf = || imgs.iter().map(Img::surface).collect::<Vec<_>>();
    assert!(TextureView::new(D::Texture2D, surf(), 2).is_err());
    assert!(TextureView::new(D::TextureCube, surf(), 2).is_err());
    assert!(TextureView::new(D::Buffer, surf(), 1).is_err());
    assert!(TextureView::new(D::Texture2DArray, vec![], 1).is_err());
    let v = TextureView::new(D::Texture2DArray, surf(), 2).unwrap();
    assert_eq!(
        (v.mip_count(), v.dimensions(0), v.dimensions(1)),
        (1, (2, 2, 2), (0, 0, 0))
    );
    let v = TextureView::new(D::Texture2D, surf(), 1).unwrap();
    assert_eq!(v.mip_count(), 2);
}

fn aniso(max: u32) -> Sampler {
    let mut d = SamplerDesc::default();
    d.filter.anisotropic = true;
    d.max_anisotropy = max;
    d.address_u = Wrap;
    d.address_v = Wrap;
    Sampler::new(&d)
}

fn grad(v: &TextureView<'_>, s: &Sampler, c: [f32; 2], dx: [f32; 2], dy: [f32; 2]) -> [f32; 4] {
    sample_one(
        Some(v),
        s,
        [c[0], c[1], 0.0, 0.0],
        LodMode::Grad {
            ddx: [dx[0], dx[1], 0.0],
            ddy: [dy[0], dy[1], 0.0],
            bias: 0.0,
        },
        [0; 3],
        None,
    )
}

#[test]
fn anisotropic_probes_along_major_axis() {
    // 64x64 mips where mip m holds a ramp in u: value = x (texel index) at mip 0.
    let imgs: Vec<Img> = (0..7u32)
        .map(|m| {
            let s = 64 >> m;
            img(Format::R32Float, s, s, 1, move |x, _, _| {
                [(x << m) as f32, 0.0, 0.0, 1.0]
            })
        })
        .collect();
    let v = view(D::Texture2D, &imgs, 1);
    // 16:1 footprint along u: LOD 0, 16 probes over ±half the major derivative: the mean of a ramp
    // equals the centre value.
    let r = grad(
        &v,
        &aniso(16),
        [0.5, 0.5],
        [16.0 / 64.0, 0.0],
        [0.0, 1.0 / 64.0],
    )[0];
    assert!((r - 31.5).abs() < 1e-4, "{r}");
    // Anisotropy 1 is exactly trilinear.
    let tri = linear(Wrap);
    for (dx, dy) in [
        ([0.1, 0.02], [0.01, 0.003]),
        ([0.0, 0.3], [0.05, 0.0]),
        ([0.001, 0.002], [0.0007, 0.0]),
    ] {
        assert_eq!(
            grad(&v, &aniso(1), [0.3, 0.6], dx, dy),
            grad(&v, &tri, [0.3, 0.6], dx, dy)
        );
    }
}

#[test]
fn eight_lanes_equal_scalar_per_lane() {
    let fmts = [
        Format::R8G8B8A8Unorm,
        Format::R8G8B8A8UnormSrgb,
        Format::R32G32B32A32Float,
        Format::R16G16B16A16Float,
        Format::R10G10B10A2Unorm,
    ];
    // The MMIX LCG stream this test was written on, mapped to [-0.5, 1.5).
    let mut rng = Rng::mmix_lcg(7);
    let mut next = move || rng.unit() * 2.0 - 0.5;
    for fmt in fmts {
        let imgs: Vec<Img> = (0..5u32)
            .map(|m| {
                img(fmt, 16 >> m, 16 >> m, 1, |x, y, _| {
                    let h = (x * 7 + y * 13 + m * 5) % 17;
                    [
                        h as f32 / 17.0,
                        (16 - h) as f32 / 16.0,
                        (x % 3) as f32 / 2.0,
                        1.0,
                    ]
                })
            })
            .collect();
        let v = view(D::Texture2D, &imgs, 1);
        let samplers = [
            linear(Wrap),
            point(Mirror),
            sampler(L, P, L, MirrorOnce),
            aniso(8),
            border_sampler(Border, 0.25),
        ];
        for s in &samplers {
            for _ in 0..20 {
                let c: [[f32; 8]; 4] = core::array::from_fn(|_| core::array::from_fn(|_| next()));
                let dx: [[f32; 8]; 3] =
                    core::array::from_fn(|_| core::array::from_fn(|_| next() * 0.2));
                let dy: [[f32; 8]; 3] =
                    core::array::from_fn(|_| core::array::from_fn(|_| next() * 0.2));
                let wide = sample_grad(
                    Some(&v),
                    s,
                    c.map(f32x8::new),
                    dx.map(f32x8::new),
                    dy.map(f32x8::new),
                    [1, -2, 0],
                );
                let wide = wide.map(|x| x.to_array());
                for l in 0..8 {
                    let one = sample_one(
                        Some(&v),
                        s,
                        [c[0][l], c[1][l], c[2][l], c[3][l]],
                        LodMode::Grad {
                            ddx: [dx[0][l], dx[1][l], dx[2][l]],
                            ddy: [dy[0][l], dy[1][l], dy[2][l]],
                            bias: 0.0,
                        },
                        [1, -2, 0],
                        None,
                    );
                    for i in 0..4 {
                        assert_eq!(wide[i][l].to_bits(), one[i].to_bits(), "{fmt:?} lane {l}");
                    }
                }
            }
        }
    }
}
