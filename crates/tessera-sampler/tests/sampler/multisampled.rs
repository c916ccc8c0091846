//! Multisampled views (`Texture2DMS[Array].Load(coords, sampleIndex)`): each sample read
//! exactly through the memory owner's sample planes, every out-of-range lane reading 0, the
//! other reads refusing the view.

use tessera_format::memory::sample_planes;
use tessera_format::{Format, Surface, SurfaceMut};
use tessera_sampler::{
    SampleError, Sampler, TextureView, load, load_sample, load_sample_float, sample_level,
};
use tessera_types::desc::ViewDimension as D;
use wide::{f32x8, i32x8};

/// Bytes of a `w` × `h` surface of `n` sample planes of `format`, each element filled by `f`.
fn planes(
    format: Format,
    (w, h, n): (u32, u32, u32),
    f: impl Fn(u32, u32, u32) -> Vec<u8>,
) -> Vec<u8> {
    let l = sample_planes(format, w, h, n).unwrap();
    let mut data = vec![0u8; l.bytes_needed()];
    let mut s = SurfaceMut::from_layout(l, &mut data).unwrap();
    for p in 0..n {
        for y in 0..h {
            for x in 0..w {
                s.sample_mut(x, y, p).unwrap().copy_from_slice(&f(x, y, p));
            }
        }
    }
    data
}

fn surface(format: Format, (w, h, n): (u32, u32, u32), data: &[u8]) -> Surface<'_> {
    Surface::from_layout(sample_planes(format, w, h, n).unwrap(), data).unwrap()
}

fn i8x(v: [i32; 8]) -> i32x8 {
    i32x8::new(v)
}

/// The value stored at sample `s` of pixel (x, y) of slice `z`.
fn word(x: u32, y: u32, s: u32, z: u32) -> u32 {
    1000 * z + 100 * s + 10 * y + x + 1
}

#[test]
fn load_sample_reads_each_sample_and_zero_out_of_range() {
    let dims = (3, 2, 4);
    let d0 = planes(Format::R32Uint, dims, |x, y, s| {
        word(x, y, s, 0).to_le_bytes().to_vec()
    });
    let d1 = planes(Format::R32Uint, dims, |x, y, s| {
        word(x, y, s, 1).to_le_bytes().to_vec()
    });
    let ms = TextureView::multisampled(D::Texture2DMs, vec![surface(Format::R32Uint, dims, &d0)])
        .unwrap();
    assert_eq!(
        (ms.samples(), ms.dimensions(0), ms.mip_count()),
        (4, (3, 2, 1), 1)
    );
    // Lanes 0–3: samples 0..4 of (2, 1); lane 4: sample 4 (past 4x); lane 5: sample −1;
    // lane 6: x = 3 (past the width); lane 7: y = −1.
    let x = i8x([2, 2, 2, 2, 2, 2, 3, 0]);
    let y = i8x([1, 1, 1, 1, 1, 1, 0, -1]);
    let s = i8x([0, 1, 2, 3, 4, -1, 0, 0]);
    let out = load_sample(Some(&ms), [x, y, i32x8::splat(7)], s);
    // R32_UINT: G, B are 0 and A defaults to integer 1, in range and out of range alike.
    assert_eq!(out[0].to_array(), [13, 113, 213, 313, 0, 0, 0, 0]);
    assert_eq!(out[1].to_array(), [0; 8]);
    assert_eq!(out[3].to_array(), [1; 8]);
    // The array view: the slice is `.z`; slice 2 is past the two slices. Slice 0's surface
    // lies in memory that goes on into slice 1 (as the slices of one resource do): its sample
    // 4 must still read 0, not slice 1's sample 0.
    let both = [d0.clone(), d1.clone()].concat();
    let arr = TextureView::multisampled(
        D::Texture2DMsArray,
        vec![
            surface(Format::R32Uint, dims, &both),
            surface(Format::R32Uint, dims, &d1),
        ],
    )
    .unwrap();
    assert_eq!(arr.dimensions(0), (3, 2, 2));
    let z = i8x([0, 1, 1, 1, 2, -1, 0, 1]);
    let out = load_sample(
        Some(&arr),
        [i32x8::splat(1), i32x8::splat(0), z],
        i8x([3, 0, 1, 3, 0, 0, 4, 2]),
    );
    assert_eq!(out[0].to_array(), [302, 1002, 1102, 1302, 0, 0, 0, 1202]);
    // Unbound and single-sample views read zeros.
    assert_eq!(load_sample(None, [x, y, x], s)[0].to_array(), [0; 8]);
}

#[test]
fn load_sample_converts_like_load() {
    let dims = (2, 1, 2);
    let data = planes(Format::R8G8B8A8Unorm, dims, |x, _, s| {
        vec![255 * s as u8, 51 * x as u8, 0, 255]
    });
    let ms = TextureView::multisampled(
        D::Texture2DMs,
        vec![surface(Format::R8G8B8A8Unorm, dims, &data)],
    )
    .unwrap();
    let out = load_sample_float(
        Some(&ms),
        [i8x([0, 1, 1, 0, 2, 0, 0, 0]), i32x8::ZERO, i32x8::ZERO],
        i8x([0, 0, 1, 1, 0, 2, 0, 0]),
    );
    assert_eq!(out[0].to_array(), [0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(out[1].to_array(), [0.0, 0.2, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0]);
    // RGBA stores alpha: out of range reads alpha 0.
    assert_eq!(out[3].to_array(), [1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0]);
    // Sampling and `load` read a multisampled view as unbound (D3D: only Load(coords, s)).
    let c = [
        f32x8::splat(0.25),
        f32x8::splat(0.5),
        f32x8::ZERO,
        f32x8::ZERO,
    ];
    let got = sample_level(Some(&ms), &Sampler::default(), c, f32x8::ZERO, [0; 3]);
    assert_eq!(got.map(|v| v.to_array()), [[0.0; 8]; 4]);
    assert_eq!(
        load(Some(&ms), [i32x8::ZERO; 4], [0; 3])[3].to_array(),
        [0; 8]
    );
    // A single-sample view is not read by load_sample.
    let one = Surface::from_layout(
        sample_planes(Format::R8G8B8A8Unorm, 2, 1, 1).unwrap(),
        &data[..8],
    )
    .unwrap();
    let single = TextureView::new(D::Texture2D, vec![one], 1).unwrap();
    assert_eq!(
        load_sample_float(Some(&single), [i32x8::ZERO; 3], i32x8::ZERO)[3].to_array(),
        [0.0; 8]
    );
}

#[test]
fn multisampled_views_are_built_only_from_sample_planes() {
    let dims = (2, 2, 4);
    let data = planes(Format::R32Uint, dims, |_, _, _| vec![0; 4]);
    let s = surface(Format::R32Uint, dims, &data);
    assert_eq!(
        TextureView::new(D::Texture2DMs, vec![s], 1).unwrap_err(),
        SampleError::UnsupportedDimension(D::Texture2DMs)
    );
    assert_eq!(
        TextureView::multisampled(D::Texture2D, vec![s]).unwrap_err(),
        SampleError::UnsupportedDimension(D::Texture2D)
    );
    assert_eq!(
        TextureView::multisampled(D::Texture2DMs, vec![s, s]).unwrap_err(),
        SampleError::ArraySize {
            dimension: D::Texture2DMs,
            array_size: 2
        }
    );
    assert_eq!(
        TextureView::multisampled(D::Texture2DMs, vec![]).unwrap_err(),
        SampleError::Empty
    );
    let one = Surface::from_layout(
        sample_planes(Format::R32Uint, 2, 2, 1).unwrap(),
        &data[..16],
    )
    .unwrap();
    assert_eq!(
        TextureView::multisampled(D::Texture2DMsArray, vec![s, one]).unwrap_err(),
        SampleError::SampleCount { found: 1 }
    );
}
