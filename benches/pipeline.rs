//! Pipeline throughput through the facade on a 256² target: triangle setup and the SIMD
//! edge/coverage loop (many tiny vs few big triangles), binning, depth test, blending per
//! format, attribute interpolation and vertex fetch. Each group states its unit via
//! `Throughput`. Threads: `RB_THREADS` / `RAYON_NUM_THREADS`, default 1.
#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented `pub fn`"
)]

mod common;

use std::sync::Arc;

use common::{Rig, SumPs, push_quad, push_tri};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tessera::Format;
use tessera::caps::Rect;
use tessera::pipeline::Interpolation;
use tessera::pipeline::builtin::VertexColorPs;

const SIZE: u32 = 256;

/// A grid of `cells`² cells over the viewport, two triangles each.
fn grid(cells: u32) -> Vec<[f32; 4]> {
    grid_at(cells, 0.5)
}

/// [`grid`] at depth `z`.
fn grid_at(cells: u32, z: f32) -> Vec<[f32; 4]> {
    let mut v = Vec::new();
    let step = 2.0 / cells as f32;
    for j in 0..cells {
        for i in 0..cells {
            let (x0, y0) = (-1.0 + i as f32 * step, -1.0 + j as f32 * step);
            let (x1, y1) = (x0 + step, y0 + step);
            push_tri(&mut v, [[x0, y0], [x1, y0], [x1, y1]], z, 1);
            push_tri(&mut v, [[x0, y0], [x1, y1], [x0, y1]], z, 1);
        }
    }
    v
}

/// Setup + coverage: the same 256² area as 131,072 two-pixel triangles, 2,048 32-pixel
/// triangles, or 2 big ones (×8 layers); unit = triangles.
fn triangles(c: &mut Criterion) {
    let mut g = c.benchmark_group("raster/triangles");
    for (label, cells, layers) in [
        ("tiny_0.5px", 256u32, 1u32),
        ("small_32px", 32, 1),
        ("big_32k", 1, 8),
    ] {
        let mut rig = Rig::new(SIZE, Format::R8G8B8A8Unorm, false);
        let mut v = Vec::new();
        for _ in 0..layers {
            v.extend(grid(cells));
        }
        rig.bind(&v, 1, Some(Arc::new(VertexColorPs)), false, None);
        let count = v.len() as u32 / 2;
        g.throughput(Throughput::Elements(u64::from(count / 3)));
        g.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter(|| rig.frame(count))
        });
    }
    g.finish();
}

/// Covered pixels per second for the same three cases (unit = pixels).
fn coverage(c: &mut Criterion) {
    let mut g = c.benchmark_group("raster/coverage_px");
    for (label, cells) in [("tiny_0.5px", 256u32), ("small_32px", 32), ("big_32k", 1)] {
        let mut rig = Rig::new(SIZE, Format::R8G8B8A8Unorm, false);
        let v = grid(cells);
        rig.bind(&v, 1, Some(Arc::new(VertexColorPs)), false, None);
        let count = v.len() as u32 / 2;
        g.throughput(Throughput::Elements(u64::from(SIZE * SIZE)));
        g.bench_function(BenchmarkId::from_parameter(label), |b| {
            b.iter(|| rig.frame(count))
        });
    }
    g.finish();
}

/// Binning: 4,096 full-height one-pixel slivers (each binned into every 16-row band) with a
/// one-column scissor, so little is shaded; unit = triangle×band bin entries.
fn binning(c: &mut Criterion) {
    let mut g = c.benchmark_group("raster/binning");
    let mut rig = Rig::new(SIZE, Format::R8G8B8A8Unorm, false);
    let mut v = Vec::new();
    let px = 2.0 / SIZE as f32;
    for k in 0..4096 {
        let x = -1.0 + (k % SIZE) as f32 * px;
        push_tri(&mut v, [[x, -1.0], [x + px, 1.0], [x, 1.0]], 0.5, 1);
    }
    let scissor = Rect {
        left: 0,
        top: 0,
        right: 1,
        bottom: SIZE as i32,
    };
    rig.bind(&v, 1, Some(Arc::new(VertexColorPs)), false, Some(scissor));
    let count = v.len() as u32 / 2;
    let bands = u64::from(SIZE.div_ceil(tessera::pipeline::BAND_HEIGHT));
    g.throughput(Throughput::Elements(4096 * bands));
    g.bench_function("slivers_4096", |b| b.iter(|| rig.frame(count)));
    g.finish();
}

/// Depth test LESS on 8 full-screen layers: front-to-back (layers 2..8 fail: test only, or
/// dropped by the coarse depth test) and back-to-front (all pass: test + write + shade), as
/// two big triangles per layer or as a grid of 32-pixel triangles; unit = tested pixels.
fn depth(c: &mut Criterion) {
    let mut g = c.benchmark_group("om/depth_less");
    for (label, front_to_back, cells) in [
        ("front_to_back_rejects", true, 1),
        ("back_to_front_passes", false, 1),
        ("small_front_to_back_rejects", true, 32),
        ("small_back_to_front_passes", false, 32),
    ] {
        let mut rig = Rig::new(SIZE, Format::R8G8B8A8Unorm, true);
        let mut v = Vec::new();
        for l in 0..8 {
            let z = if front_to_back {
                0.1 + l as f32 * 0.1
            } else {
                0.9 - l as f32 * 0.1
            };
            if cells == 1 {
                push_quad(&mut v, z, 1);
            } else {
                v.extend(grid_at(cells, z));
            }
        }
        rig.bind(&v, 1, Some(Arc::new(VertexColorPs)), false, None);
        let count = v.len() as u32 / 2;
        g.throughput(Throughput::Elements(8 * u64::from(SIZE * SIZE)));
        g.bench_function(label, |b| b.iter(|| rig.frame(count)));
    }
    g.finish();
}

/// SRC_ALPHA / INV_SRC_ALPHA blending of 8 full-screen layers per target format; unit = pixels.
fn blend(c: &mut Criterion) {
    let mut g = c.benchmark_group("om/blend");
    for (label, format) in [
        ("rgba8_unorm", Format::R8G8B8A8Unorm),
        ("rgba16_float", Format::R16G16B16A16Float),
        ("rgba32_float", Format::R32G32B32A32Float),
    ] {
        let mut rig = Rig::new(SIZE, format, false);
        let mut v = Vec::new();
        for _ in 0..8 {
            push_quad(&mut v, 0.5, 1);
        }
        rig.bind(&v, 1, Some(Arc::new(VertexColorPs)), true, None);
        let count = v.len() as u32 / 2;
        g.throughput(Throughput::Elements(8 * u64::from(SIZE * SIZE)));
        g.bench_function(label, |b| b.iter(|| rig.frame(count)));
    }
    g.finish();
}

/// "Over" blending of 8 full-screen layers of one colour each into RGBA8: the uniform-colour
/// byte tables of `tessera_pipeline::flat` (the `om/blend` layers vary their colour per
/// vertex, so they take the per-block path); unit = pixels.
fn blend_flat(c: &mut Criterion) {
    let mut g = c.benchmark_group("om/blend_flat");
    let mut rig = Rig::new(SIZE, Format::R8G8B8A8Unorm, false);
    let mut v = Vec::new();
    for layer in 0..8 {
        let colour = [0.1 * layer as f32, 0.5, 0.8, 0.2 + 0.05 * layer as f32];
        for p in [
            [-1.0, -1.0],
            [-1.0, 1.0],
            [1.0, 1.0],
            [-1.0, -1.0],
            [1.0, 1.0],
            [1.0, -1.0],
        ] {
            v.push([p[0], p[1], 0.5, 1.0]);
            v.push(colour);
        }
    }
    rig.bind(&v, 1, Some(Arc::new(VertexColorPs)), true, None);
    let count = v.len() as u32 / 2;
    g.throughput(Throughput::Elements(8 * u64::from(SIZE * SIZE)));
    g.bench_function("rgba8_unorm", |b| b.iter(|| rig.frame(count)));
    g.finish();
}

/// Perspective interpolation of 1, 4, 8 and 15 float4 varyings over 4 full-screen layers;
/// unit = pixels.
fn interpolation(c: &mut Criterion) {
    let mut g = c.benchmark_group("ps/interpolate_varyings");
    for n in [1usize, 4, 8, 15] {
        let mut rig = Rig::new(SIZE, Format::R8G8B8A8Unorm, false);
        let mut v = Vec::new();
        for _ in 0..4 {
            push_quad(&mut v, 0.5, n);
        }
        let ps = SumPs {
            inputs: vec![Interpolation::Perspective; n],
        };
        rig.bind(&v, n, Some(Arc::new(ps)), false, None);
        let count = (v.len() / (n + 1)) as u32;
        g.throughput(Throughput::Elements(4 * u64::from(SIZE * SIZE)));
        g.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| rig.frame(count))
        });
    }
    g.finish();
}

/// Vertex fetch + pass-through VS + assembly with no pixel shader and no depth (nothing is
/// rasterized): 65,535 vertices of 1 and 8 float4 attributes; unit = vertices.
fn vertex_fetch(c: &mut Criterion) {
    let mut g = c.benchmark_group("ia/vertex_fetch");
    for n in [1usize, 8] {
        let mut rig = Rig::new(SIZE, Format::R8G8B8A8Unorm, false);
        let mut v = Vec::new();
        for k in 0..21_845 {
            let x = (k % 200) as f32 * 0.01 - 1.0;
            push_tri(&mut v, [[x, -1.0], [x + 0.01, 1.0], [x, 1.0]], 0.5, n);
        }
        rig.bind(&v, n, None, false, None);
        let count = (v.len() / (n + 1)) as u32;
        g.throughput(Throughput::Elements(u64::from(count)));
        g.bench_with_input(BenchmarkId::new("attributes", n), &n, |b, _| {
            b.iter(|| rig.frame(count))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = triangles, coverage, binning, depth, blend, blend_flat, interpolation, vertex_fetch
}
criterion_main!(benches);
