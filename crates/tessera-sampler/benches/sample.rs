//! 8-lane `sample` of a 1024² RGBA8 UNORM texture with a full mip chain, WRAP addressing:
//! point, bilinear and trilinear, the SIMD fast path against the per-lane core
//! (`tessera_sampler::per_lane`). Unit: texels returned (8 per call). Coordinates walk a
//! 256×128-pixel screen region in quads at ~1.3 texels per pixel (LOD ≈ 0.38, so trilinear
//! blends mips 0 and 1, as on the `tex` ground plane's near half).
#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented `pub fn`"
)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tessera_format::{Format, Surface};
use tessera_sampler::{Sampler, TextureView, per_lane, sample};
use tessera_types::desc::{AddressMode, FilterKind, SamplerDesc, ViewDimension};
use wide::f32x8;

const SIZE: u32 = 1024;
const CALLS: usize = 4096;

fn mips() -> Vec<(u32, Vec<u8>)> {
    let mut out = Vec::new();
    let mut n = SIZE;
    loop {
        let data = (0..n * n * 4)
            .map(|i| (i ^ n).wrapping_mul(2_654_435_761).rotate_right(13) as u8)
            .collect();
        out.push((n, data));
        if n == 1 {
            return out;
        }
        n /= 2;
    }
}

/// Coordinates of `CALLS` 8-lane calls: two horizontally adjacent 2×2 quads each.
fn coords() -> Vec<[f32x8; 4]> {
    let step = 1.3 / SIZE as f32;
    (0..CALLS)
        .map(|k| {
            let (px, py) = ((k % 64) as f32 * 4.0, (k / 64) as f32 * 2.0);
            let mut u = [0.0; 8];
            let mut v = [0.0; 8];
            for l in 0..8 {
                let x = px + (l / 4 * 2 + l % 2) as f32 + 0.5;
                let y = py + (l % 4 / 2) as f32 + 0.5;
                u[l] = 0.137 + x * step;
                v[l] = 0.291 + y * step;
            }
            [f32x8::new(u), f32x8::new(v), f32x8::ZERO, f32x8::ZERO]
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let chain = mips();
    let surfaces = chain
        .iter()
        .map(|(n, d)| {
            let (rp, dp) = Surface::tight_pitches(Format::R8G8B8A8Unorm, *n, *n);
            Surface::new(Format::R8G8B8A8Unorm, *n, *n, 1, rp, dp, d).unwrap()
        })
        .collect();
    let view = TextureView::new(ViewDimension::Texture2D, surfaces, 1).unwrap();
    let coords = coords();
    use FilterKind::{Linear as L, Point as P};
    for (name, (min, mag, mip)) in [
        ("point", (P, P, P)),
        ("bilinear", (L, L, P)),
        ("trilinear", (L, L, L)),
    ] {
        let mut d = SamplerDesc::default();
        (d.filter.min, d.filter.mag, d.filter.mip) = (min, mag, mip);
        (d.address_u, d.address_v) = (AddressMode::Wrap, AddressMode::Wrap);
        let s = Sampler::new(&d);
        let mut g = c.benchmark_group(format!("sample/{name}"));
        g.throughput(Throughput::Elements(8));
        let mut k = 0;
        g.bench_function("fast", |b| {
            b.iter(|| {
                k = (k + 1) % CALLS;
                sample(Some(&view), &s, black_box(coords[k]), [0; 3])
            })
        });
        g.bench_function("per_lane", |b| {
            b.iter(|| {
                k = (k + 1) % CALLS;
                per_lane::sample(Some(&view), &s, black_box(coords[k]), [0; 3])
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
