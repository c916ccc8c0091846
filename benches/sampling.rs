//! Texture sampling through `tessera_sampler::sample` / `sample_grad` on 8-lane coordinate
//! batches over a 1024² RGBA8 texture with its full mip chain: point, bilinear, trilinear and
//! 16× anisotropic. Unit = samples (lanes).
#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented `pub fn`"
)]

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tessera::caps::{
    AddressMode, BindFlags, Filter, FilterKind, SamplerDesc, TextureDesc, Usage, ViewDimension,
};
use tessera::resource::SubresourceData;
use tessera::sampler::{Sampler, TextureView, sample, sample_grad};
use tessera::{Device, DeviceDesc, Format};
use wide::f32x8;

const SIZE: u32 = 1024;
const LEVELS: u32 = 11;
/// 8-lane calls per iteration.
const BATCHES: usize = 512;

fn texture(device: &Device) -> tessera::Texture {
    let mut levels = Vec::new();
    for l in 0..LEVELS {
        let s = (SIZE >> l) as usize;
        let data: Vec<u8> = (0..s * s * 4)
            .map(|i| (i as u32).wrapping_mul(2_654_435_761).rotate_right(13) as u8)
            .collect();
        levels.push(data);
    }
    let init: Vec<SubresourceData<'_>> = levels
        .iter()
        .enumerate()
        .map(|(l, d)| {
            let s = (SIZE >> l) as usize;
            SubresourceData::new(d, s * 4, d.len())
        })
        .collect();
    let mut desc = TextureDesc::tex2d(
        SIZE,
        SIZE,
        Format::R8G8B8A8Unorm,
        BindFlags::SHADER_RESOURCE,
    );
    desc.mip_levels = LEVELS;
    desc.usage = Usage::Immutable;
    device.create_texture(&desc, Some(&init)).unwrap()
}

fn sampler(min_mag: FilterKind, mip: FilterKind, aniso: bool) -> Sampler {
    Sampler::new(&SamplerDesc {
        filter: Filter {
            min: min_mag,
            mag: min_mag,
            mip,
            anisotropic: aniso,
            ..Default::default()
        },
        address_u: AddressMode::Wrap,
        address_v: AddressMode::Wrap,
        address_w: AddressMode::Wrap,
        max_anisotropy: if aniso { 16 } else { 1 },
        ..Default::default()
    })
}

/// Two 2×2 quads of uv with texel spacing `step` (LOD ≈ log2(step·1024)), shifted by `k`.
fn coords(k: usize, step: f32) -> [f32x8; 4] {
    let base = (k as f32 * 0.37) % 1.0;
    let u: [f32; 8] = [0.0, 1.0, 0.0, 1.0, 2.0, 3.0, 2.0, 3.0].map(|x| base + x * step);
    let v: [f32; 8] = [0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0].map(|y| base * 0.5 + y * step);
    [f32x8::from(u), f32x8::from(v), f32x8::ZERO, f32x8::ZERO]
}

fn sampling(c: &mut Criterion) {
    let device = Device::new(&DeviceDesc {
        threads: Some(1),
        ..Default::default()
    })
    .unwrap();
    let tex = texture(&device);
    let guard = tex.read();
    let surfaces = (0..LEVELS).map(|l| guard.surface(l).unwrap()).collect();
    let view = TextureView::new(ViewDimension::Texture2D, surfaces, 1).unwrap();
    let step = 2.7 / SIZE as f32; // LOD ≈ 1.43: trilinear blends mips 1 and 2
    let batch: Vec<[f32x8; 4]> = (0..BATCHES).map(|k| coords(k, step)).collect();

    let mut g = c.benchmark_group("sampler/sample");
    g.throughput(Throughput::Elements((BATCHES * 8) as u64));
    for (label, s) in [
        (
            "point",
            sampler(FilterKind::Point, FilterKind::Point, false),
        ),
        (
            "bilinear",
            sampler(FilterKind::Linear, FilterKind::Point, false),
        ),
        (
            "trilinear",
            sampler(FilterKind::Linear, FilterKind::Linear, false),
        ),
    ] {
        g.bench_function(label, |b| {
            b.iter(|| {
                for uv in &batch {
                    black_box(sample(Some(&view), &s, *uv, [0; 3]));
                }
            })
        });
    }
    let aniso = sampler(FilterKind::Linear, FilterKind::Linear, true);
    let ddx = [f32x8::splat(16.0 / SIZE as f32), f32x8::ZERO, f32x8::ZERO];
    let ddy = [f32x8::ZERO, f32x8::splat(1.0 / SIZE as f32), f32x8::ZERO];
    g.bench_function("aniso16_grad", |b| {
        b.iter(|| {
            for uv in &batch {
                black_box(sample_grad(Some(&view), &aniso, *uv, ddx, ddy, [0; 3]));
            }
        })
    });
    let tri = sampler(FilterKind::Linear, FilterKind::Linear, false);
    g.bench_function("trilinear_grad", |b| {
        b.iter(|| {
            for uv in &batch {
                black_box(sample_grad(Some(&view), &tri, *uv, ddx, ddy, [0; 3]));
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = sampling
}
criterion_main!(benches);
