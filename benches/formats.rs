//! Format conversion (decode/encode of RGBA8 UNORM, RGBA8 sRGB and RGBA16F texels; unit =
//! texels), `CopyResource` of a 4096² RGBA8 texture and `CopySubresourceRegion` of a
//! 4095×4096 box of it (unit = bytes).
#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented `pub fn`"
)]

mod common;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tessera::caps::{BindFlags, TextureDesc};
use tessera::resource::Box3;
use tessera::{Device, DeviceDesc, Format};

const TEXELS: usize = 65_536;

fn conversion(c: &mut Criterion) {
    let mut g = c.benchmark_group("format");
    g.throughput(Throughput::Elements(TEXELS as u64));
    for (label, format) in [
        ("rgba8_unorm", Format::R8G8B8A8Unorm),
        ("rgba8_srgb", Format::R8G8B8A8UnormSrgb),
        ("rgba16_float", Format::R16G16B16A16Float),
    ] {
        let bpp = if format == Format::R16G16B16A16Float {
            8
        } else {
            4
        };
        let bytes: Vec<u8> = (0..TEXELS * bpp)
            .map(|i| (i as u32).wrapping_mul(2_654_435_761).rotate_right(11) as u8)
            .map(|b| if bpp == 8 { b & 0x3b } else { b })
            .collect();
        let floats: Vec<[f32; 4]> = bytes
            .chunks_exact(bpp)
            .map(|t| format.decode_float(t).unwrap())
            .collect();
        g.bench_function(format!("decode/{label}"), |b| {
            b.iter(|| {
                for t in bytes.chunks_exact(bpp) {
                    black_box(format.decode_float(black_box(t)).unwrap());
                }
            })
        });
        let mut out = vec![0u8; TEXELS * bpp];
        g.bench_function(format!("encode/{label}"), |b| {
            b.iter(|| {
                for (f, o) in floats.iter().zip(out.chunks_exact_mut(bpp)) {
                    format.encode_float(black_box(*f), o).unwrap();
                }
                black_box(&out);
            })
        });
    }
    g.finish();
}

fn copy(c: &mut Criterion) {
    let device = Device::new(&DeviceDesc {
        threads: Some(common::threads()),
        ..Default::default()
    })
    .unwrap();
    let mut ctx = device.immediate_context();
    let desc = TextureDesc::tex2d(
        4096,
        4096,
        Format::R8G8B8A8Unorm,
        BindFlags::SHADER_RESOURCE,
    );
    let src = device.create_texture(&desc, None).unwrap();
    let dst = device.create_texture(&desc, None).unwrap();
    let mut g = c.benchmark_group("resource/copy");
    g.throughput(Throughput::Bytes(4096 * 4096 * 4));
    g.bench_function("rgba8_4096x4096", |b| {
        b.iter(|| ctx.copy_resource(&(&dst).into(), &(&src).into()).unwrap())
    });
    // CopySubresourceRegion of a 4095×4096 box one texel right: the row-by-row path (was the
    // hand-run timing test crates/tessera-resource/tests/copy_speed.rs).
    g.throughput(Throughput::Bytes(4095 * 4096 * 4));
    g.bench_function("region_4095x4096", |b| {
        let region = Box3::rect(0, 0, 4095, 4096);
        b.iter(|| {
            ctx.copy_subresource_region(
                &(&dst).into(),
                0,
                1,
                0,
                0,
                &(&src).into(),
                0,
                Some(&region),
            )
            .unwrap()
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = conversion, copy
}
criterion_main!(benches);
