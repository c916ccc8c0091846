//! Tiled resources vs untiled (issue #16's speed targets, docs/tiled-resources.md):
//! - `tiled/sample`: bilinear and trilinear sampling of a 1024² RGBA8 full-chain texture,
//!   untiled vs the same texels in a fully mapped tiled view (every tile and the packed tail
//!   mapped), through `tessera_sampler::sample` on 8-lane batches (unit = samples); the
//!   `_mirror_core` pairs use MIRROR addressing, outside the untiled SIMD fast path, so both
//!   views run the per-lane core;
//! - `tiled/fill`: the `fill` scene's work (16 full-screen quads, flat colour, alpha 0.20..0.35,
//!   SRC_ALPHA / INV_SRC_ALPHA, no depth; 1920×1080 RGBA8) drawn after a clear into an untiled
//!   target vs a fully mapped tiled one (unit = pixels blended);
//! - `tiled/draw` ([`tiled_draw`]): textured draws through the device, untiled vs tiled, whose
//!   `small` pair measures the per-draw resolve of a tiled view.
//!
//! Threads: `RB_THREADS` / `RAYON_NUM_THREADS`, default 1.
#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented `pub fn`"
)]

mod common;
mod tiled_draw;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tessera::caps::{
    AddressMode, BindFlags, Blend, BlendDesc, BufferDesc, CapsOptions, CullMode, Filter,
    FilterKind, InputElementDesc, MiscFlags, PrimitiveTopology, RasterizerDesc,
    RenderTargetBlendDesc, SamplerDesc, TextureDesc, ViewDimension, Viewport,
};
use tessera::format::Layout;
use tessera::format::memory::{TILE_SIZE_BYTES, TileTexels, TiledSubresource};
use tessera::pipeline::builtin::{TransformVs, VertexColorPs};
use tessera::resource::tiled::{
    TileRegionSize, TiledDesc, TiledResourceCoordinate, UpdateTileMappings, subresource_placement,
};
use tessera::sampler::{Sampler, TextureView, sample};
use tessera::tiled::{OmRenderTarget, TiledResource};
use tessera::{Device, DeviceContext, DeviceDesc, FeatureLevel, Format, VertexBufferView};
use wide::f32x8;

const SIZE: u32 = 1024;
const LEVELS: u32 = 11;
const BATCHES: usize = 512;
const FILL_W: u32 = 1920;
const FILL_H: u32 = 1080;

fn device() -> Device {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(2),
            ..CapsOptions::default()
        },
        threads: Some(common::threads()),
        ..DeviceDesc::at(FeatureLevel::L11_1)
    })
    .unwrap()
}

/// Level `l`'s bytes: a hash pattern (the same as `benches/sampling.rs`).
fn level(l: u32) -> Vec<u8> {
    let s = (SIZE >> l) as usize;
    (0..s * s * 4)
        .map(|i| (i as u32).wrapping_mul(2_654_435_761).rotate_right(13) as u8)
        .collect()
}

/// Maps every tile of `r` to pool tiles 0.. of a pool just big enough.
fn map_all(device: &Device, ctx: &mut DeviceContext, r: &TiledResource) {
    let n = r.tiling().num_tiles_for_entire_resource;
    let pool = device
        .create_tile_pool(&BufferDesc {
            byte_width: n * TILE_SIZE_BYTES as u32,
            misc_flags: MiscFlags::TILE_POOL,
            ..BufferDesc::default()
        })
        .unwrap();
    ctx.update_tile_mappings(
        r,
        &UpdateTileMappings {
            num_regions: 1,
            starts: Some(&[TiledResourceCoordinate::default()]),
            sizes: Some(&[TileRegionSize {
                num_tiles: n,
                ..TileRegionSize::default()
            }]),
            pool: Some(&pool),
            num_ranges: 1,
            pool_starts: Some(&[0]),
            range_counts: Some(&[n]),
            ..UpdateTileMappings::default()
        },
    )
    .unwrap();
}

fn sampler(mip: FilterKind) -> Sampler {
    sampler_in(mip, AddressMode::Wrap)
}

/// [`sampler`] with address mode `m` on U, V and W.
fn sampler_in(mip: FilterKind, m: AddressMode) -> Sampler {
    Sampler::new(&SamplerDesc {
        filter: Filter {
            min: FilterKind::Linear,
            mag: FilterKind::Linear,
            mip,
            ..Default::default()
        },
        address_u: m,
        address_v: m,
        address_w: m,
        ..Default::default()
    })
}

/// Two 2×2 quads of uv with texel spacing `step`, shifted by `k` (as `benches/sampling.rs`).
fn coords(k: usize, step: f32) -> [f32x8; 4] {
    let base = (k as f32 * 0.37) % 1.0;
    let u: [f32; 8] = [0.0, 1.0, 0.0, 1.0, 2.0, 3.0, 2.0, 3.0].map(|x| base + x * step);
    let v: [f32; 8] = [0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0, 1.0].map(|y| base * 0.5 + y * step);
    [f32x8::from(u), f32x8::from(v), f32x8::ZERO, f32x8::ZERO]
}

fn sampling(c: &mut Criterion) {
    let device = device();
    let mut ctx = device.immediate_context();
    let levels: Vec<Vec<u8>> = (0..LEVELS).map(level).collect();
    // Untiled.
    let init: Vec<_> = levels
        .iter()
        .enumerate()
        .map(|(l, d)| tessera::resource::SubresourceData::new(d, (SIZE as usize >> l) * 4, d.len()))
        .collect();
    let mut desc = TextureDesc::tex2d(
        SIZE,
        SIZE,
        Format::R8G8B8A8Unorm,
        BindFlags::SHADER_RESOURCE,
    );
    desc.mip_levels = LEVELS;
    let tex = device.create_texture(&desc, Some(&init)).unwrap();
    let guard = tex.read();
    let surfaces = (0..LEVELS).map(|l| guard.surface(l).unwrap()).collect();
    let untiled = TextureView::new(ViewDimension::Texture2D, surfaces, 1).unwrap();
    // Tiled: the same texels, every tile mapped; the view built as a draw builds it (each
    // mapped tile's bytes once, tile → store index).
    desc.misc_flags = MiscFlags::TILED;
    let r = device.create_tiled_texture(&desc, None).unwrap();
    map_all(&device, &mut ctx, &r);
    for (l, d) in levels.iter().enumerate() {
        ctx.write_tiled_subresource(&r, l as u32, d).unwrap();
    }
    let tiling = r.tiling();
    let TiledDesc::Texture(td) = r.desc() else {
        unreachable!()
    };
    let subs: Vec<TiledSubresource> = (0..LEVELS)
        .map(|l| subresource_placement(r.desc(), &tiling, l).unwrap())
        .collect();
    let extents: Vec<Layout> = (0..LEVELS)
        .map(|l| Layout::tight(td.format, SIZE >> l, SIZE >> l, 1).unwrap())
        .collect();
    let n = tiling.num_tiles_for_entire_resource;
    let tile = TILE_SIZE_BYTES as usize;
    let mut store = vec![0u8; tile];
    let mut index = vec![0u32; n as usize];
    for (l, sub) in subs.iter().enumerate() {
        let linear = ctx.read_tiled_subresource(&r, l as u32).unwrap();
        for span in sub.spans() {
            let t = span.tile as usize;
            if index[t] == 0 {
                index[t] = (store.len() / tile) as u32;
                store.resize(store.len() + tile, 0);
            }
            let at = index[t] as usize * tile + span.tile_offset;
            store[at..at + span.len]
                .copy_from_slice(&linear[span.linear_offset..span.linear_offset + span.len]);
        }
    }
    let tiles = TileTexels::new(&subs, &index, &store);
    let tiled = TextureView::tiled(ViewDimension::Texture2D, &extents, 1, tiles).unwrap();
    let step = 2.7 / SIZE as f32; // LOD ≈ 1.43: trilinear blends mips 1 and 2
    let batch: Vec<[f32x8; 4]> = (0..BATCHES).map(|k| coords(k, step)).collect();
    // The same bits both ways (the bench compares equal work).
    for uv in &batch {
        for s in [sampler(FilterKind::Point), sampler(FilterKind::Linear)] {
            let a = sample(Some(&untiled), &s, *uv, [0; 3]);
            let b = sample(Some(&tiled), &s, *uv, [0; 3]);
            for ch in 0..4 {
                assert_eq!(
                    a[ch].to_array().map(f32::to_bits),
                    b[ch].to_array().map(f32::to_bits)
                );
            }
        }
    }
    let mut g = c.benchmark_group("tiled/sample");
    g.throughput(Throughput::Elements((BATCHES * 8) as u64));
    // MIRROR is outside the untiled SIMD fast path: both views run the per-lane core, which
    // isolates the cost of the tiled fetch from the fast path's.
    for (label, s) in [
        ("bilinear", sampler(FilterKind::Point)),
        ("trilinear", sampler(FilterKind::Linear)),
        (
            "bilinear_mirror_core",
            sampler_in(FilterKind::Point, AddressMode::Mirror),
        ),
        (
            "trilinear_mirror_core",
            sampler_in(FilterKind::Linear, AddressMode::Mirror),
        ),
    ] {
        for (kind, view) in [("untiled", &untiled), ("tiled", &tiled)] {
            g.bench_function(format!("{label}/{kind}"), |b| {
                b.iter(|| {
                    for uv in &batch {
                        black_box(sample(Some(view), &s, *uv, [0; 3]));
                    }
                })
            });
        }
    }
    g.finish();
}

fn draws(c: &mut Criterion) {
    let levels: Vec<Vec<u8>> = (0..LEVELS).map(level).collect();
    tiled_draw::draw(c, &device(), &levels, SIZE);
}

fn element(name: &str, offset: u32) -> InputElementDesc {
    InputElementDesc {
        semantic_name: name.into(),
        semantic_index: 0,
        format: Format::R32G32B32A32Float,
        input_slot: 0,
        aligned_byte_offset: offset,
        input_slot_class: Default::default(),
        instance_data_step_rate: 0,
    }
}

/// Binds the fill scene's state: 16 full-screen quads (position, colour), blending.
fn bind_fill(device: &Device, ctx: &mut DeviceContext) -> u32 {
    let mut verts: Vec<f32> = Vec::new();
    for k in 0..16u32 {
        let col = [
            (k * 37 % 16) as f32 / 16.0,
            (k * 11 % 16) as f32 / 16.0,
            (k * 5 % 16) as f32 / 16.0,
            0.20 + 0.01 * k as f32,
        ];
        for [x, y] in [
            [-1.0, -1.0],
            [-1.0, 1.0],
            [1.0, 1.0],
            [-1.0, -1.0],
            [1.0, 1.0],
            [1.0, -1.0],
        ] {
            verts.extend([x, y, 0.5, 1.0]);
            verts.extend(col);
        }
    }
    let bytes: Vec<u8> = verts.iter().flat_map(|f| f.to_le_bytes()).collect();
    let vb = device
        .create_buffer(
            &BufferDesc {
                byte_width: bytes.len() as u32,
                bind_flags: BindFlags::VERTEX_BUFFER,
                ..Default::default()
            },
            Some(&bytes),
        )
        .unwrap();
    let layout = device
        .create_input_layout(&[element("POSITION", 0), element("TEXCOORD", 16)])
        .unwrap();
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(
        0,
        &[Some(VertexBufferView {
            buffer: vb,
            stride: 32,
            offset: 0,
        })],
    )
    .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let vs = device
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    let ps = device.create_pixel_shader(Arc::new(VertexColorPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let rs = device
        .create_rasterizer_state(&RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        })
        .unwrap();
    ctx.rs_set_state(Some(&rs)).unwrap();
    ctx.rs_set_viewports(&[Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: FILL_W as f32,
        height: FILL_H as f32,
        min_depth: 0.0,
        max_depth: 1.0,
    }])
    .unwrap();
    let mut bd = BlendDesc::default();
    bd.render_target[0] = RenderTargetBlendDesc {
        blend_enable: true,
        src_blend: Blend::SrcAlpha,
        dest_blend: Blend::InvSrcAlpha,
        src_blend_alpha: Blend::One,
        dest_blend_alpha: Blend::InvSrcAlpha,
        ..Default::default()
    };
    let blend = device.create_blend_state(&bd).unwrap();
    ctx.om_set_blend_state(Some(&blend), [1.0; 4], u32::MAX)
        .unwrap();
    verts.len() as u32 / 8
}

fn fill(c: &mut Criterion) {
    let device = device();
    let mut ctx = device.immediate_context();
    let count = bind_fill(&device, &mut ctx);
    let desc = TextureDesc::tex2d(
        FILL_W,
        FILL_H,
        Format::R8G8B8A8Unorm,
        BindFlags::RENDER_TARGET,
    );
    let tex = device.create_texture(&desc, None).unwrap();
    let rtv = device.create_render_target_view(&tex, None).unwrap();
    let r = device
        .create_tiled_texture(
            &TextureDesc {
                misc_flags: MiscFlags::TILED,
                ..desc
            },
            None,
        )
        .unwrap();
    map_all(&device, &mut ctx, &r);
    let trtv = device.create_tiled_render_target_view(&r, None).unwrap();
    let mut g = c.benchmark_group("tiled/fill");
    g.throughput(Throughput::Elements(u64::from(FILL_W * FILL_H * 16)));
    g.bench_function("untiled", |b| {
        ctx.om_set_render_targets(&[Some(rtv.clone())], None)
            .unwrap();
        b.iter(|| {
            ctx.clear_render_target_view(&rtv, [0.0, 0.0, 0.0, 1.0])
                .unwrap();
            black_box(ctx.draw(count, 0).unwrap());
        })
    });
    g.bench_function("tiled", |b| {
        ctx.om_set_render_targets_tiled(&[Some(OmRenderTarget::Tiled(trtv.clone()))], None)
            .unwrap();
        b.iter(|| {
            ctx.clear_tiled_render_target_view(&trtv, [0.0, 0.0, 0.0, 1.0])
                .unwrap();
            black_box(ctx.draw(count, 0).unwrap());
        })
    });
    g.finish();
    // The same bytes both ways.
    assert_eq!(
        ctx.read_tiled_subresource(&r, 0).unwrap(),
        tex.read().subresource_bytes(0).unwrap()
    );
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = sampling, draws, fill
}
criterion_main!(benches);
