//! Tier 3: views of tiled Texture3D (issue #16, SPEC §6.8 "Texture3D tiled"): UAVs (all or
//! some W slices) written by a compute shader and SRVs loaded and sampled by one, through
//! 32×32×16 tiles (R32), NULL tiles reading 0 and dropping writes, the same bytes at 1 and 8
//! threads. And (the same shader) compute UAVs of several Texture2DArray slices, ordinary
//! and tiled.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, BufferDesc, CapsOptions, MiscFlags, SubresourceRange, TextureDesc, ViewDesc,
    ViewDimension,
};
use tessera::format::{Format, Layout};
use tessera::pipeline::{ComputeMemory, ComputeShader, ShaderEnv, ShaderFault, StorageTextureUse};
use tessera::resource::tiled::TiledResourceCoordinate;
use tessera::tiled::{Tier1NullRead, TiledResource};
use tessera::{Device, DeviceDesc, FeatureLevel};
use wide::{f32x8, i32x8};

use super::*;

fn device3(threads: usize) -> Device {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(3),
            ..CapsOptions::default()
        },
        tiled_null_read: Tier1NullRead::Zero,
        threads: Some(threads),
        ..DeviceDesc::at(FeatureLevel::L11_1)
    })
    .unwrap()
}

fn word(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
}

/// Tile (x, y, z) of subresource 0.
fn c3(x: u32, y: u32, z: u32) -> TiledResourceCoordinate {
    TiledResourceCoordinate {
        x,
        y,
        z,
        subresource: 0,
    }
}

/// A tiled 64×64×32 R32_UINT Texture3D (2×2×2 tiles of 32×32×16) with `bind`; tiles
/// (0, 0, 0) and (1, 1, 1) mapped.
fn volume(d: &Device, bind: BindFlags) -> TiledResource {
    let desc = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Uint, bind)
    };
    let t = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 2);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &t, &p, c3(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, c3(1, 1, 1), 1, 1);
    t
}

/// Storage texture `u0` (R32_UINT of `dimension`: Texture3D or Texture2DArray): every texel
/// (x, y, z) of the view gets `1 + x + 100 y + 10000 z` (z counted in the view's W slices or
/// array slices).
#[derive(Debug)]
struct Fill {
    dimension: ViewDimension,
}

impl ComputeShader for Fill {
    fn workgroup_size(&self) -> [u32; 3] {
        [1, 1, 1]
    }
    fn workgroup_bytes(&self) -> u32 {
        0
    }
    fn uav_slots(&self) -> Vec<u32> {
        vec![0]
    }
    fn uses_uav_atomics(&self) -> bool {
        false
    }
    fn storage_textures(&self) -> Vec<StorageTextureUse> {
        vec![StorageTextureUse {
            slot: 0,
            format: Format::R32Uint,
            reads: false,
            dimension: self.dimension,
        }]
    }
    fn dispatch(
        &self,
        _env: &ShaderEnv<'_>,
        memory: ComputeMemory<'_, '_>,
        _groups: [u32; 3],
    ) -> Result<(), ShaderFault> {
        let layout: Option<Layout> = memory.uav_layouts.first().copied().flatten();
        let (Some(l), Some(Some(uav))) = (layout, memory.uavs.first_mut()) else {
            return Ok(());
        };
        for z in 0..l.depth() {
            for y in 0..l.height() {
                for x in 0..l.width() {
                    if let Some(at) = l.element_offset(x, y, z) {
                        let v = 1 + x + 100 * y + 10000 * z;
                        uav[at..at + 4].copy_from_slice(&v.to_le_bytes());
                    }
                }
            }
        }
        Ok(())
    }
}

/// W slices `first..first + n`.
fn w_slices(first: u32, n: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Texture3D,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: n,
        },
    }
}

fn fill(d: &Device, view: Option<&ViewDesc>) -> Vec<u8> {
    let t = volume(d, BindFlags::UNORDERED_ACCESS);
    let uav = d.create_tiled_unordered_access_view(&t, view).unwrap();
    let cs = d
        .create_compute_shader(Arc::new(Fill {
            dimension: ViewDimension::Texture3D,
        }))
        .unwrap();
    let mut ctx = d.immediate_context();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_tiled_unordered_access_views(0, &[Some(uav)])
        .unwrap();
    ctx.dispatch(1, 1, 1).unwrap();
    ctx.read_tiled_subresource(&t, 0).unwrap()
}

fn at(x: usize, y: usize, z: usize) -> usize {
    (z * 64 + y) * 64 + x
}

#[test]
fn a_tiled_texture3d_uav_writes_mapped_tiles_and_drops_null_ones() {
    let d = device3(1);
    let out = fill(&d, None);
    assert_eq!(word(&out, at(3, 4, 5)), 1 + 3 + 400 + 50000);
    assert_eq!(word(&out, at(31, 31, 15)), 1 + 31 + 3100 + 150_000);
    assert_eq!(word(&out, at(40, 40, 20)), 1 + 40 + 4000 + 200_000);
    // NULL tiles: (1, 0, 0), (0, 1, 0), (0, 0, 1), …
    for (x, y, z) in [(40, 4, 5), (4, 40, 5), (4, 4, 20), (40, 40, 5)] {
        assert_eq!(word(&out, at(x, y, z)), 0, "({x}, {y}, {z})");
    }
    assert!(ids(&d).is_empty());
    assert_eq!(fill(&device3(8), None), out, "8 threads");
    // A view of W slices 16..32: its z 0 is slice 16; slices below it are untouched.
    let out = fill(&d, Some(&w_slices(16, 16)));
    assert_eq!(word(&out, at(40, 40, 20)), 1 + 40 + 4000 + 40000);
    assert_eq!(word(&out, at(3, 4, 5)), 0, "outside the view (mapped)");
}

/// `uav0[i] = t0.Load(LOADS[i])` (raw bits), then `uav0[8 + i]` = bits of
/// `t0.SampleLevel(default sampler: linear, clamp; (u, v, w), 0).r` for three probes.
#[derive(Debug)]
struct Probe;

const LOADS: [(i32, i32, i32); 8] = [
    (3, 4, 5),
    (31, 31, 15),
    (40, 40, 20),
    (63, 63, 31),
    (40, 4, 5),
    (4, 40, 5),
    (4, 4, 20),
    (64, 0, 0),
];

impl ComputeShader for Probe {
    fn workgroup_size(&self) -> [u32; 3] {
        [1, 1, 1]
    }
    fn workgroup_bytes(&self) -> u32 {
        0
    }
    fn uav_slots(&self) -> Vec<u32> {
        vec![0]
    }
    fn uses_uav_atomics(&self) -> bool {
        false
    }
    fn dispatch(
        &self,
        env: &ShaderEnv<'_>,
        memory: ComputeMemory<'_, '_>,
        _groups: [u32; 3],
    ) -> Result<(), ShaderFault> {
        let Some(Some(uav)) = memory.uavs.first_mut() else {
            return Ok(());
        };
        let lane = |f: fn((i32, i32, i32)) -> i32| i32x8::new(LOADS.map(f));
        let coords = [lane(|p| p.0), lane(|p| p.1), lane(|p| p.2), i32x8::ZERO];
        let bits = tessera::sampler::load(env.texture(0), coords, [0; 3]);
        for (i, v) in bits[0].to_array().into_iter().enumerate() {
            uav[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
        }
        // Texel centres of (3, 4, 5) and (40, 40, 20), and (3, 4) on the z edge between
        // slice 15 (tile (0, 0, 0), mapped) and slice 16 (tile (0, 0, 1), NULL).
        let texels = |a: [f32; 3], n: f32| {
            f32x8::new([a[0], a[1], a[2], 0.5, 0.5, 0.5, 0.5, 0.5]) / f32x8::splat(n)
        };
        let coords = [
            texels([3.5, 40.5, 3.5], 64.0),
            texels([4.5, 40.5, 4.5], 64.0),
            texels([5.5, 20.5, 16.0], 32.0),
            f32x8::ZERO,
        ];
        let sampler = tessera::sampler::Sampler::default();
        let r =
            tessera::sampler::sample_level(env.texture(0), &sampler, coords, f32x8::ZERO, [0; 3]);
        for (i, x) in r[0].to_array().into_iter().enumerate() {
            let at = 4 * (8 + i);
            uav[at..at + 4].copy_from_slice(&x.to_bits().to_le_bytes());
        }
        Ok(())
    }
}

/// Texel (x, y, z) of the probed volume: 1 + x + 100 y + 10000 z (exact in f32).
fn value(x: i32, y: i32, z: i32) -> f32 {
    (1 + x + 100 * y + 10000 * z) as f32
}

fn probe(d: &Device) -> Vec<u8> {
    let desc = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Float, BindFlags::SHADER_RESOURCE)
    };
    let t = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 2);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &t, &p, c3(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, c3(1, 1, 1), 1, 1);
    let texels: Vec<u8> = (0..32)
        .flat_map(|z| (0..64).flat_map(move |y| (0..64).map(move |x| (x, y, z))))
        .flat_map(|(x, y, z)| value(x, y, z).to_le_bytes())
        .collect();
    ctx.write_tiled_subresource(&t, 0, &texels).unwrap();
    let srv = d.create_tiled_shader_resource_view(&t, None).unwrap();
    assert_eq!(srv.desc().dimension, ViewDimension::Texture3D);
    let out = d
        .create_buffer(
            &BufferDesc {
                byte_width: 16 * 4,
                bind_flags: BindFlags::UNORDERED_ACCESS,
                ..BufferDesc::default()
            },
            None,
        )
        .unwrap();
    let words = ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: 16,
        },
    };
    let uav =
        tessera::resource::UnorderedAccessView::new(d.caps(), out.clone(), Some(&words)).unwrap();
    let cs = d.create_compute_shader(Arc::new(Probe)).unwrap();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_tiled_shader_resources(0, &[Some(srv)]).unwrap();
    ctx.cs_set_unordered_access_views(0, &[Some(uav)], &[])
        .unwrap();
    ctx.dispatch(1, 1, 1).unwrap();
    out.read().to_vec()
}

#[test]
fn a_tiled_texture3d_srv_is_loaded_and_sampled_through_the_tiles() {
    let d = device3(1);
    let b = probe(&d);
    let f = |i: usize| f32::from_bits(word(&b, i));
    // Loads: mapped texels, NULL tiles (0), out of range (0).
    let want = [
        value(3, 4, 5),
        value(31, 31, 15),
        value(40, 40, 20),
        value(63, 63, 31),
        0.0,
        0.0,
        0.0,
        0.0,
    ];
    assert_eq!((0..8).map(f).collect::<Vec<_>>(), want);
    // Samples: the texel centres, and the z edge weighing the NULL slice as 0 with weight ½.
    assert_eq!(f(8), value(3, 4, 5));
    assert_eq!(f(9), value(40, 40, 20));
    assert_eq!(f(10), value(3, 4, 15) * 0.5);
    assert!(ids(&d).is_empty());
    assert_eq!(probe(&device3(8)), b, "8 threads");
}

#[test]
fn a_tiled_texture3d_rtv_clears_its_w_slices() {
    let d = device3(1);
    let mut ctx = d.immediate_context();
    // 64×64×32 R32_FLOAT render target, tiles (0, 0, 0) and (1, 1, 1) mapped, every texel 1.0.
    let desc = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Float, BindFlags::RENDER_TARGET)
    };
    let t = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 2);
    map(&mut ctx, &t, &p, c3(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, c3(1, 1, 1), 1, 1);
    ctx.write_tiled_subresource(&t, 0, &1.0f32.to_le_bytes().repeat(64 * 64 * 32))
        .unwrap();
    let view = ViewDesc {
        format: Format::R32Float,
        ..w_slices(16, 16)
    };
    let rtv = d.create_tiled_render_target_view(&t, Some(&view)).unwrap();
    ctx.clear_tiled_render_target_view(&rtv, [2.5, 0.0, 0.0, 0.0])
        .unwrap();
    let out = ctx.read_tiled_subresource(&t, 0).unwrap();
    let texel = |x, y, z| f32::from_bits(word(&out, at(x, y, z)));
    assert_eq!(texel(3, 4, 5), 1.0, "W slice 5: outside the view, kept");
    assert_eq!([texel(40, 40, 20), texel(63, 63, 31)], [2.5; 2]);
    assert_eq!(texel(3, 4, 20), 0.0, "NULL tile (0, 0, 1)");
}

/// `SV_Target0 = t0.SampleLevel(default sampler, (x / 64, y / 64, 5.5 / 32), 0)` at the
/// pixel centre (x, y): texel (x, y, 5) of the 64×64×32 volume.
struct SliceFivePs;

impl tessera::pipeline::PixelShader for SliceFivePs {
    fn signature(&self) -> tessera::pipeline::shader::ShaderSignature {
        use tessera::pipeline::shader::{ShaderProfile, ShaderSignature};
        ShaderSignature {
            shader_resources: vec![0],
            samplers: vec![0],
            outputs: vec![tessera::pipeline::shader::SignatureElement::named(
                "SV_Target",
                0,
                0,
                4,
            )],
            ..ShaderSignature::new(ShaderProfile::Ps5_0)
        }
    }
    fn inputs(&self) -> &[tessera::pipeline::Interpolation] {
        &[]
    }
    fn shade(
        &self,
        env: &ShaderEnv<'_>,
        input: &tessera::pipeline::PsInput<'_>,
        out: &mut tessera::pipeline::PsOutput,
    ) {
        let n = f32x8::splat(64.0);
        let coords = [
            input.position[0] / n,
            input.position[1] / n,
            f32x8::splat(5.5 / 32.0),
            f32x8::ZERO,
        ];
        out.targets[0] = tessera::sampler::sample_level(
            env.texture(0),
            env.sampler(0),
            coords,
            f32x8::ZERO,
            [0; 3],
        );
    }
}

fn draw_slice_five(d: &Device) -> Vec<u8> {
    let desc = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Float, BindFlags::SHADER_RESOURCE)
    };
    let t = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 2);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &t, &p, c3(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, c3(1, 1, 1), 1, 1);
    let texels: Vec<u8> = (0..32)
        .flat_map(|z| (0..64).flat_map(move |y| (0..64).map(move |x| (x, y, z))))
        .flat_map(|(x, y, z)| value(x, y, z).to_le_bytes())
        .collect();
    ctx.write_tiled_subresource(&t, 0, &texels).unwrap();
    let (tex, rtv) = tessera_testkit::target(d, 64, 64, Format::R32Float);
    tessera_testkit::bind_color_pipeline(d, &mut ctx, &rtv, 64, 64);
    let ps = d.create_pixel_shader(Arc::new(SliceFivePs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let srv = d.create_tiled_shader_resource_view(&t, None).unwrap();
    ctx.ps_set_tiled_shader_resources(0, &[Some(srv)]).unwrap();
    let linear = d
        .create_sampler_state(&tessera::caps::SamplerDesc::default())
        .unwrap();
    ctx.ps_set_samplers(0, &[Some(linear)]).unwrap();
    tessera_testkit::draw_quad(d, &mut ctx, (64, 64), [0.0, 0.0, 64.0, 64.0], 0.5, [0.0; 4])
        .unwrap();
    tessera_testkit::bytes(&tex, 0)
}

#[test]
fn a_pixel_shader_samples_a_tiled_texture3d() {
    let d = device3(1);
    let b = draw_slice_five(&d);
    let px = |x: usize, y: usize| f32::from_bits(word(&b, y * 64 + x));
    assert_eq!(px(3, 4), value(3, 4, 5));
    assert_eq!(px(31, 31), value(31, 31, 5));
    // Slice 5 of tiles (1, 0, 0), (0, 1, 0), (1, 1, 0): NULL.
    assert_eq!([px(40, 4), px(4, 40), px(40, 40)], [0.0; 3]);
    assert!(ids(&d).is_empty(), "{:?}", d.info_queue().messages());
    assert_eq!(draw_slice_five(&device3(8)), b, "8 threads");
}

#[test]
fn compute_uavs_of_several_array_slices_ordinary_and_tiled() {
    let run = |threads| {
        let d = device3(threads);
        let mut ctx = d.immediate_context();
        let view = ViewDesc {
            dimension: ViewDimension::Texture2DArray,
            ..w_slices(1, 2)
        };
        // Ordinary 32×32×3 R32_UINT.
        let tex = d
            .create_texture(
                &TextureDesc {
                    array_size: 3,
                    ..TextureDesc::tex2d(32, 32, Format::R32Uint, BindFlags::UNORDERED_ACCESS)
                },
                None,
            )
            .unwrap();
        let plain = tessera::resource::UnorderedAccessView::new(
            d.caps(),
            tessera::resource::Resource::from(tex.clone()),
            Some(&view),
        )
        .unwrap();
        // Tiled 128×128×3 (one tile a slice): slices 0 and 1 mapped, slice 2 NULL.
        let t = d
            .create_tiled_texture(
                &TextureDesc {
                    bind_flags: BindFlags::UNORDERED_ACCESS,
                    ..tiled_tex(128, 128, 1, 3, Format::R32Uint)
                },
                None,
            )
            .unwrap();
        let p = pool(&d, 2);
        map(&mut ctx, &t, &p, c(0, 0, 0), 1, 0);
        map(&mut ctx, &t, &p, c(0, 0, 1), 1, 1);
        let tiled = d
            .create_tiled_unordered_access_view(&t, Some(&view))
            .unwrap();
        let cs = d
            .create_compute_shader(Arc::new(Fill {
                dimension: ViewDimension::Texture2DArray,
            }))
            .unwrap();
        ctx.cs_set_shader(Some(&cs)).unwrap();
        ctx.cs_set_unordered_access_views(0, &[Some(plain)], &[])
            .unwrap();
        ctx.dispatch(1, 1, 1).unwrap();
        ctx.cs_set_tiled_unordered_access_views(0, &[Some(tiled)])
            .unwrap();
        ctx.dispatch(1, 1, 1).unwrap();
        let ordinary: Vec<Vec<u8>> = (0..3).map(|s| tessera_testkit::bytes(&tex, s)).collect();
        let tiled: Vec<Vec<u8>> = (0..3)
            .map(|s| ctx.read_tiled_subresource(&t, s).unwrap())
            .collect();
        (ordinary, tiled)
    };
    let (ordinary, tiled) = run(1);
    // View slice z = resource slice 1 + z.
    assert_eq!(word(&ordinary[1], 4 * 32 + 3), 1 + 3 + 400);
    assert_eq!(word(&ordinary[2], 4 * 32 + 3), 1 + 3 + 400 + 10000);
    assert_eq!(ordinary[0], vec![0; 32 * 32 * 4], "outside the view");
    assert_eq!(word(&tiled[1], 4 * 128 + 3), 1 + 3 + 400);
    assert_eq!(word(&tiled[1], 127 * 128 + 127), 1 + 127 + 12700);
    assert_eq!(
        tiled[0],
        vec![0; 128 * 128 * 4],
        "outside the view (mapped)"
    );
    assert_eq!(
        tiled[2],
        vec![0; 128 * 128 * 4],
        "NULL slice: writes dropped"
    );
    assert_eq!(run(8), (ordinary, tiled), "8 threads");
}
