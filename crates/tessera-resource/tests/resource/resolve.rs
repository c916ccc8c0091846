//! Multisampled storage (each sample a plane of the single-sample layout), its clears and
//! copies, and `ResolveSubresource` (SPEC §3.8: plain average; the format's conversion).

use tessera_caps::{Caps, FeatureLevel as L, SampleDesc, TextureDesc};
use tessera_format::Format;
use tessera_resource::{
    RenderTargetView, Resource, ResourceError, Texture, clear_render_target_view, copy_resource,
    resolve_subresource,
};
use tessera_testkit::desc::*;

fn ms_desc(w: u32, h: u32, format: Format, count: u32) -> TextureDesc {
    TextureDesc {
        sample_desc: SampleDesc { count, quality: 0 },
        ..tex2d(w, h, format, RT)
    }
}

/// A multisampled texture whose sample `s` of pixel (x, y) holds `texel(x, y, s)`.
fn ms(c: &Caps, w: u32, h: u32, format: Format, samples: &[Vec<u8>]) -> Texture {
    let t = Texture::new(
        c,
        &ms_desc(w, h, format, samples.len() as u32 / (w * h)),
        None,
    )
    .unwrap();
    {
        let mut g = t.write();
        let mut s = g.surface_mut(0).unwrap();
        let n = samples.len() as u32 / (w * h);
        for (i, v) in samples.iter().enumerate() {
            let i = i as u32;
            let (p, smp) = (i / n, i % n);
            s.sample_mut(p % w, p / w, smp).unwrap().copy_from_slice(v);
        }
    }
    t
}

fn resolved(c: &Caps, src: &Texture, w: u32, h: u32, format: Format) -> Vec<u8> {
    let dst = Texture::new(c, &tex2d(w, h, format, SRV), None).unwrap();
    resolve_subresource(c, &dst, 0, src, 0, format).unwrap();
    dst.read().bytes().to_vec()
}

/// Each sample is a plane laid out exactly like the single-sample texture: same row pitch,
/// plane `s` at `s · depth_pitch`, so plane 0 holds the bytes a 1× texture would.
#[test]
fn samples_are_planes_of_the_single_sample_layout() {
    let c = caps(L::L11_0);
    let one = Texture::new(&c, &tex2d(3, 2, Format::R8G8B8A8Unorm, RT), None).unwrap();
    let four = Texture::new(&c, &ms_desc(3, 2, Format::R8G8B8A8Unorm, 4), None).unwrap();
    let (l1, l4) = (one.layout(0).unwrap(), four.layout(0).unwrap());
    assert_eq!(
        (l4.row_pitch, l4.depth_pitch),
        (l1.row_pitch, l1.depth_pitch)
    );
    assert_eq!((l4.row_pitch, l4.depth_pitch, l4.size), (12, 24, 96));
    assert_eq!((l4.elements_per_row, l4.sample_count), (3, 4));
    {
        let mut g = four.write();
        let mut s = g.surface_mut(0).unwrap();
        s.sample_mut(2, 1, 3)
            .unwrap()
            .copy_from_slice(&[9, 8, 7, 6]);
    }
    // Pixel (2, 1) of plane 3: 3 · 24 + 1 · 12 + 2 · 4.
    assert_eq!(four.read().bytes()[92..96], [9, 8, 7, 6]);
}

/// RGBA8 UNORM, 4 samples: (0+255+255+255)/4 = 191.25 → 191, (0+0+255+255)/4 → 127.5 → 128,
/// 255/4 = 63.75 → 64; alpha 255. The same bytes as sRGB average in linear light: 0 and 255
/// (linear 0 and 1) give linear 0.5, which encodes to sRGB 188, not 128.
#[test]
fn resolve_averages_in_the_float_domain_of_the_format() {
    let c = caps(L::L11_0);
    let px = vec![
        vec![0, 0, 0, 255],
        vec![255, 0, 0, 255],
        vec![255, 255, 0, 255],
        vec![255, 255, 255, 255],
    ];
    let src = ms(&c, 1, 1, Format::R8G8B8A8Unorm, &px);
    assert_eq!(
        resolved(&c, &src, 1, 1, Format::R8G8B8A8Unorm),
        [191, 128, 64, 255]
    );
    let two = vec![vec![0, 0, 0, 255], vec![255, 255, 255, 255]];
    let unorm = ms(&c, 1, 1, Format::R8G8B8A8Unorm, &two);
    assert_eq!(
        resolved(&c, &unorm, 1, 1, Format::R8G8B8A8Unorm),
        [128, 128, 128, 255]
    );
    let srgb = ms(&c, 1, 1, Format::R8G8B8A8UnormSrgb, &two);
    assert_eq!(
        resolved(&c, &srgb, 1, 1, Format::R8G8B8A8UnormSrgb),
        [188, 188, 188, 255]
    );
    // R16_FLOAT, 4 samples 1, 2, 4, 8 → 15/4 = 3.75 (0x4380), per pixel of a 2×1 target.
    let f16 = |v: u16| v.to_le_bytes().to_vec();
    let h = [
        0x3c00, 0x4000, 0x4400, 0x4800, 0x4800, 0x4800, 0x4800, 0xc800,
    ];
    let src = ms(&c, 2, 1, Format::R16Float, &h.map(f16));
    // Pixel 1: (8 + 8 + 8 − 8)/4 = 4 (0x4400).
    assert_eq!(
        resolved(&c, &src, 2, 1, Format::R16Float),
        [0x80, 0x43, 0x00, 0x44]
    );
}

/// Refusals: integer, typeless, depth, cross-family and formats.json-unresolvable formats
/// (`ResolveFormat`), a
/// single-sample source, a multisampled destination, different sizes.
#[test]
fn resolve_refusals_are_typed() {
    let c = caps(L::L11_0);
    let src = Texture::new(&c, &ms_desc(2, 2, Format::R8G8B8A8Typeless, 4), None).unwrap();
    let dst = Texture::new(&c, &tex2d(2, 2, Format::R8G8B8A8Typeless, SRV), None).unwrap();
    let fmt = |f: Format| match resolve_subresource(&c, &dst, 0, &src, 0, f) {
        Err(ResourceError::ResolveFormat {
            level,
            format,
            reason,
        }) => {
            assert_eq!((level, format), (L::L11_0, f));
            reason
        }
        other => panic!("{f:?}: {other:?}"),
    };
    assert_eq!(fmt(Format::R8G8B8A8Uint), "integer formats have no average");
    assert_eq!(fmt(Format::R8G8B8A8Sint), "integer formats have no average");
    assert_eq!(
        fmt(Format::R8G8B8A8Typeless),
        "the resolve format must be typed"
    );
    assert_eq!(
        fmt(Format::R16G16Unorm),
        "the format is not in the source's and destination's family"
    );
    assert_eq!(
        resolve_subresource(&c, &dst, 0, &src, 0, Format::R8G8B8A8Unorm).ok(),
        Some(())
    );
    let d32 = Texture::new(&c, &ms_desc(2, 2, Format::R32Typeless, 4), None).unwrap();
    let d32_dst = Texture::new(&c, &tex2d(2, 2, Format::R32Typeless, SRV), None).unwrap();
    assert!(matches!(
        resolve_subresource(&c, &d32_dst, 0, &d32, 0, Format::D32Float),
        Err(ResourceError::ResolveFormat {
            reason: "depth, block-compressed and video formats are not resolvable",
            ..
        })
    ));
    // R24_UNORM_X8 reads as float but formats.json gives it no multisample_resolve.
    let r24 = TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        ..tex2d(
            2,
            2,
            Format::R24G8Typeless,
            tessera_caps::BindFlags::DEPTH_STENCIL,
        )
    };
    let r24 = Texture::new(&c, &r24, None).unwrap();
    let r24_dst = Texture::new(&c, &tex2d(2, 2, Format::R24G8Typeless, SRV), None).unwrap();
    assert!(matches!(
        resolve_subresource(&c, &r24_dst, 0, &r24, 0, Format::R24UnormX8Typeless),
        Err(ResourceError::ResolveFormat {
            reason: "formats.json: no multisample_resolve at this level",
            ..
        })
    ));
    let single = Texture::new(&c, &tex2d(2, 2, Format::R8G8B8A8Unorm, RT), None).unwrap();
    let op =
        |r: Result<(), ResourceError>| matches!(r, Err(ResourceError::InvalidOperation { .. }));
    assert!(op(resolve_subresource(
        &c,
        &dst,
        0,
        &single,
        0,
        Format::R8G8B8A8Unorm
    )));
    assert!(op(resolve_subresource(
        &c,
        &src,
        0,
        &src,
        0,
        Format::R8G8B8A8Unorm
    )));
    let small = Texture::new(&c, &tex2d(1, 2, Format::R8G8B8A8Unorm, SRV), None).unwrap();
    assert!(op(resolve_subresource(
        &c,
        &small,
        0,
        &src,
        0,
        Format::R8G8B8A8Unorm
    )));
}

/// A clear writes every sample plane; a copy copies every plane.
#[test]
fn clears_and_copies_reach_every_sample() {
    let c = caps(L::L11_0);
    let t = Texture::new(&c, &ms_desc(2, 2, Format::R8G8B8A8Unorm, 8), None).unwrap();
    let rtv = RenderTargetView::new(&c, &t, None).unwrap();
    clear_render_target_view(&c, &rtv, [1.0, 0.0, 0.0, 1.0]).unwrap();
    assert_eq!(t.read().bytes().len(), 2 * 2 * 4 * 8);
    assert!(t.read().bytes().chunks(4).all(|p| p == [255, 0, 0, 255]));
    let copy = Texture::new(&c, &ms_desc(2, 2, Format::R8G8B8A8Unorm, 8), None).unwrap();
    copy_resource(
        &c,
        &Resource::from(copy.clone()),
        &Resource::from(t.clone()),
    )
    .unwrap();
    assert_eq!(copy.read().bytes(), t.read().bytes());
}

/// The resolve copies a pixel whose samples all hold the same texel (UNORM formats of ≤ 10
/// bits per channel without padding), and averages the others: byte for byte what the
/// per-sample decode, f32 sum in sample order, division and encode give, for every byte
/// value, at 2, 4, 8 and 16 samples. Padded (`X8`), sRGB, 16-bit and float formats are
/// averaged whatever their samples (B8G8R8X8's encode writes its padding as 0).
#[test]
fn resolve_of_equal_samples_is_the_average() {
    let c = caps(L::L11_0);
    let (w, h) = (37u32, 5u32);
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for format in [
        Format::R8G8B8A8Unorm,
        Format::B8G8R8A8Unorm,
        Format::R10G10B10A2Unorm,
        Format::R8G8Unorm,
        Format::R16Unorm,
        Format::B8G8R8X8Unorm,
        Format::R8G8B8A8UnormSrgb,
        Format::R32Float,
    ] {
        let size = format.info().bytes_per_block as usize;
        for n in [2u32, 4, 8, 16] {
            // Pixel p: every sample the texel of p's bytes (p, p + 1, …) when p is even, else
            // random samples.
            let mut samples = Vec::new();
            for p in 0..w * h {
                let same: Vec<u8> = (0..size).map(|i| (p as usize * 7 + i * 93) as u8).collect();
                for _ in 0..n {
                    samples.push(if p % 2 == 0 {
                        same.clone()
                    } else {
                        (0..size).map(|_| next() as u8).collect()
                    });
                }
            }
            let src = ms(&c, w, h, format, &samples);
            let got = resolved(&c, &src, w, h, format);
            let mut want = vec![0u8; got.len()];
            for (p, px) in samples.chunks(n as usize).enumerate() {
                let mut acc = [0.0f32; 4];
                for t in px {
                    for (a, v) in acc.iter_mut().zip(format.decode_float(t).unwrap()) {
                        *a += v;
                    }
                }
                let out = &mut want[p * size..(p + 1) * size];
                format.encode_float(acc.map(|v| v / n as f32), out).unwrap();
            }
            assert!(got == want, "{format:?} at {n} samples");
        }
    }
}
