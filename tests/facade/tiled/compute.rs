//! Tiled UAVs (buffers, Texture2D) and tiled buffer SRVs in the compute stage: reads and
//! writes through the mapping table (Tier 2: NULL reads 0, writes dropped — TR-08; Tier 1: the
//! null-read value and NULL_TILE_MAPPING_ACCESS_ERROR once per dispatch and resource), the same
//! bytes at 1, 2 and 8 threads.

use std::sync::Arc;

use tessera::caps::{BindFlags, CapsOptions, SubresourceRange, ViewDesc, ViewDimension};
use tessera::debug::MessageId;
use tessera::format::{Format, Layout};
use tessera::pipeline::{ComputeMemory, ComputeShader, ShaderEnv, ShaderFault, StorageTextureUse};
use tessera::tiled::{Tier1NullRead, TiledResource};
use tessera::{Device, DeviceDesc, FeatureLevel};

use super::*;

/// Words of a 3-tile buffer.
const WORDS: u32 = 3 * 65536 / 4;

/// `uav0[i] = srv0[i] + 1` where SRV slot 0 is bound, else `uav0[i] = 2 · uav0[i] + 1`; or,
/// with a storage texture (R32_UINT) in UAV slot 0, texel (x, y) = `x + 1000 y`. One thread a
/// word or texel, 64 a group along x.
#[derive(Debug)]
struct Words {
    texture: bool,
}

fn word(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
}

impl ComputeShader for Words {
    fn workgroup_size(&self) -> [u32; 3] {
        [64, 1, 1]
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
        if self.texture {
            vec![StorageTextureUse {
                slot: 0,
                format: Format::R32Uint,
                reads: false,
                dimension: ViewDimension::Texture2D,
            }]
        } else {
            Vec::new()
        }
    }
    fn dispatch(
        &self,
        _env: &ShaderEnv<'_>,
        memory: ComputeMemory<'_, '_>,
        groups: [u32; 3],
    ) -> Result<(), ShaderFault> {
        let srv = memory.srvs.first().copied().flatten();
        let layout: Option<Layout> = memory.uav_layouts.first().copied().flatten();
        let Some(Some(uav)) = memory.uavs.first_mut() else {
            return Ok(());
        };
        for y in 0..groups[1] {
            for x in 0..groups[0] * 64 {
                let (value, at) = match layout {
                    Some(l) => match l.element_offset(x, y, 0) {
                        Some(at) => (x + 1000 * y, at),
                        None => continue,
                    },
                    None => {
                        let i = x as usize;
                        if 4 * i + 4 > uav.len() {
                            continue;
                        }
                        let v = match srv {
                            Some(s) => word(s, i) + 1,
                            None => word(uav, i).wrapping_mul(2).wrapping_add(1),
                        };
                        (v, 4 * i)
                    }
                };
                uav[at..at + 4].copy_from_slice(&value.to_le_bytes());
            }
        }
        Ok(())
    }
}

fn device_threads(level: FeatureLevel, tier: u32, null: Tier1NullRead, threads: usize) -> Device {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(tier),
            ..CapsOptions::default()
        },
        tiled_null_read: null,
        threads: Some(threads),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

fn r32_buffer_view(words: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: words,
        },
    }
}

/// A 3-tile tiled buffer (UAV + SRV binds) with tiles 0 and 2 mapped, word i = i written.
fn words_buffer(d: &Device) -> TiledResource {
    let b = d
        .create_tiled_buffer(
            &BufferDesc {
                bind_flags: BindFlags(BindFlags::UNORDERED_ACCESS.0 | BindFlags::SHADER_RESOURCE.0),
                ..tiled_buf(3 * 65536)
            },
            None,
        )
        .unwrap();
    let p = pool(d, 2);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &b, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &b, &p, c(2, 0, 0), 1, 1);
    let bytes: Vec<u8> = (0..WORDS).flat_map(u32::to_le_bytes).collect();
    ctx.write_tiled_subresource(&b, 0, &bytes).unwrap();
    b
}

fn dispatch_words(d: &Device, b: &TiledResource, times: u32) -> Vec<u8> {
    let cs = d
        .create_compute_shader(Arc::new(Words { texture: false }))
        .unwrap();
    let uav = d
        .create_tiled_unordered_access_view(b, Some(&r32_buffer_view(WORDS)))
        .unwrap();
    let mut ctx = d.immediate_context();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_tiled_unordered_access_views(0, &[Some(uav)])
        .unwrap();
    for _ in 0..times {
        ctx.dispatch(WORDS / 64, 1, 1).unwrap();
    }
    ctx.read_tiled_subresource(b, 0).unwrap()
}

#[test]
fn tr08_a_tiled_buffer_uav_writes_mapped_tiles_and_drops_null_ones() {
    let d = device(2);
    let b = words_buffer(&d);
    let out = dispatch_words(&d, &b, 1);
    for i in [0u32, 1, 16383, 32768, 49151] {
        assert_eq!(word(&out, i as usize), 2 * i + 1, "word {i}");
    }
    // Tile 1 (words 16384..32768) is NULL: it read 0 and its writes were dropped.
    for i in [16384u32, 20000, 32767] {
        assert_eq!(word(&out, i as usize), 0, "word {i}");
    }
    // A second dispatch reads what the first stored (and NULL still reads 0).
    let out = dispatch_words(&d, &b, 1);
    assert_eq!(word(&out, 7), 2 * (2 * 7 + 1) + 1);
    assert_eq!(word(&out, 16390), 0);
    assert!(!ids(&d).contains(&MessageId::NullTileMappingAccessError));
}

#[test]
fn tiled_uavs_give_the_same_bytes_at_1_2_and_8_threads() {
    let run = |threads| {
        let d = device_threads(FeatureLevel::L11_1, 2, Tier1NullRead::Zero, threads);
        let b = words_buffer(&d);
        dispatch_words(&d, &b, 3)
    };
    let one = run(1);
    assert_eq!(word(&one, 5), 8 * 5 + 7);
    assert_eq!(one, run(2));
    assert_eq!(one, run(8));
}

#[test]
fn tier1_uav_null_reads_the_null_value_and_reports_once_per_dispatch() {
    let d = device_threads(FeatureLevel::L11_0, 1, Tier1NullRead::Poison, 1);
    let b = words_buffer(&d);
    let nulls = |d: &Device| {
        ids(d)
            .iter()
            .filter(|&&id| id == MessageId::NullTileMappingAccessError)
            .count()
    };
    let before = nulls(&d);
    let out = dispatch_words(&d, &b, 2);
    assert_eq!(word(&out, 3), 4 * 3 + 3);
    // Reads of the NULL tile gave the poison; its writes were dropped, so readback shows it too.
    assert_eq!(
        word(&out, 20000),
        u32::from_le_bytes(tessera::tiled::POISON_WORD)
    );
    // Two dispatches (one each: the load and the store report together) and one readback.
    assert_eq!(nulls(&d) - before, 3);
}

#[test]
fn a_tiled_buffer_srv_reads_through_the_tiles() {
    let d = device(2);
    let b = words_buffer(&d);
    let srv = d
        .create_tiled_buffer_shader_resource_view(&b, Some(&r32_buffer_view(WORDS)))
        .unwrap();
    let out_buf = d
        .create_buffer(
            &BufferDesc {
                byte_width: WORDS * 4,
                bind_flags: BindFlags::UNORDERED_ACCESS,
                ..BufferDesc::default()
            },
            None,
        )
        .unwrap();
    let uav = tessera::resource::UnorderedAccessView::new(
        d.caps(),
        out_buf.clone(),
        Some(&r32_buffer_view(WORDS)),
    )
    .unwrap();
    let cs = d
        .create_compute_shader(Arc::new(Words { texture: false }))
        .unwrap();
    let mut ctx = d.immediate_context();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_tiled_buffer_shader_resources(0, &[Some(srv)])
        .unwrap();
    ctx.cs_set_unordered_access_views(0, &[Some(uav)], &[])
        .unwrap();
    ctx.dispatch(WORDS / 64, 1, 1).unwrap();
    let out = out_buf.read().to_vec();
    assert_eq!(word(&out, 10), 11);
    assert_eq!(word(&out, 40000), 40001);
    // The NULL tile read 0.
    assert_eq!(word(&out, 16384), 1);
}

#[test]
fn a_tiled_texture_uav_writes_its_mapped_tiles() {
    let d = device(2);
    // 256×256 R32_UINT: 2×2 tiles of 128×128; tiles 0 and 3 mapped.
    let t = d
        .create_tiled_texture(
            &TextureDesc {
                bind_flags: BindFlags::UNORDERED_ACCESS,
                ..tiled_tex(256, 256, 1, 1, Format::R32Uint)
            },
            None,
        )
        .unwrap();
    let p = pool(&d, 2);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &t, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, c(1, 1, 0), 1, 1);
    let uav = d.create_tiled_unordered_access_view(&t, None).unwrap();
    let cs = d
        .create_compute_shader(Arc::new(Words { texture: true }))
        .unwrap();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_tiled_unordered_access_views(0, &[Some(uav)])
        .unwrap();
    ctx.dispatch(4, 256, 1).unwrap();
    let out = ctx.read_tiled_subresource(&t, 0).unwrap();
    let texel = |x: usize, y: usize| word(&out, y * 256 + x);
    assert_eq!(texel(3, 5), 5003);
    assert_eq!(texel(200, 150), 150_200);
    // Tiles 1 (x ≥ 128, y < 128) and 2 (x < 128, y ≥ 128) are NULL.
    assert_eq!(texel(130, 5), 0);
    assert_eq!(texel(5, 130), 0);
}

/// `uav0[x] = t0.Load(x, 0, 0)` (raw bits) for 64 threads a group along x.
#[derive(Debug)]
struct LoadRow;

impl ComputeShader for LoadRow {
    fn workgroup_size(&self) -> [u32; 3] {
        [64, 1, 1]
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
        groups: [u32; 3],
    ) -> Result<(), ShaderFault> {
        let Some(Some(uav)) = memory.uavs.first_mut() else {
            return Ok(());
        };
        for g in 0..groups[0] {
            let x = wide::i32x8::new(core::array::from_fn(|l| (g * 64 + l as u32) as i32));
            for k in 0..8 {
                let xs = x + wide::i32x8::splat(8 * k);
                let zero = wide::i32x8::ZERO;
                let bits = tessera::sampler::load(env.texture(0), [xs, zero, zero, zero], [0; 3]);
                for (v, i) in bits[0].to_array().into_iter().zip(xs.to_array()) {
                    let at = 4 * i as usize;
                    uav[at..at + 4].copy_from_slice(&v.to_le_bytes());
                }
            }
        }
        Ok(())
    }
}

#[test]
fn a_tiled_texture_srv_is_read_by_a_compute_shader() {
    let d = device(2);
    // 256×128 R32_UINT: tile 0 (x < 128) mapped, texel (x, y) = x + 7; tile 1 NULL.
    let t = d
        .create_tiled_texture(&tiled_tex(256, 128, 1, 1, Format::R32Uint), None)
        .unwrap();
    let p = pool(&d, 1);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &t, &p, c(0, 0, 0), 1, 0);
    let texels: Vec<u8> = (0..128u32)
        .flat_map(|_| (0..256u32).flat_map(|x| (x + 7).to_le_bytes()))
        .collect();
    ctx.write_tiled_subresource(&t, 0, &texels).unwrap();
    let srv = d.create_tiled_shader_resource_view(&t, None).unwrap();
    let out_buf = d
        .create_buffer(
            &BufferDesc {
                byte_width: 256 * 4,
                bind_flags: BindFlags::UNORDERED_ACCESS,
                ..BufferDesc::default()
            },
            None,
        )
        .unwrap();
    let uav = tessera::resource::UnorderedAccessView::new(
        d.caps(),
        out_buf.clone(),
        Some(&r32_buffer_view(256)),
    )
    .unwrap();
    let cs = d.create_compute_shader(Arc::new(LoadRow)).unwrap();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_tiled_shader_resources(0, &[Some(srv)]).unwrap();
    ctx.cs_set_unordered_access_views(0, &[Some(uav)], &[])
        .unwrap();
    ctx.dispatch(4, 1, 1).unwrap();
    let out = out_buf.read().to_vec();
    assert_eq!(word(&out, 5), 12);
    assert_eq!(word(&out, 127), 134);
    assert_eq!(word(&out, 128), 0, "NULL tile");
    assert_eq!(word(&out, 255), 0, "NULL tile");
}

/// A dispatch `uav[i] = srv[i] + 1` with the UAV on one-tile buffer `u` (pool tile 0) and the
/// SRV on one-tile buffer `s` (pool tile `s_pool`, word i = i); threads `n`. Returns the
/// dispatch's messages as (id, text) and `u`'s bytes.
fn shared_dispatch(n: usize, s_pool: u32) -> (Vec<(MessageId, String)>, Vec<u8>) {
    const ONE: u32 = 65536 / 4;
    let d = device_threads(FeatureLevel::L11_1, 2, Tier1NullRead::Zero, n);
    let desc = BufferDesc {
        bind_flags: BindFlags(BindFlags::UNORDERED_ACCESS.0 | BindFlags::SHADER_RESOURCE.0),
        ..tiled_buf(65536)
    };
    let (u, s) = (
        d.create_tiled_buffer(&desc, None).unwrap(),
        d.create_tiled_buffer(&desc, None).unwrap(),
    );
    let p = pool(&d, 2);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &u, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &s, &p, c(0, 0, 0), 1, s_pool);
    let bytes: Vec<u8> = (0..ONE).flat_map(u32::to_le_bytes).collect();
    ctx.write_tiled_subresource(&s, 0, &bytes).unwrap();
    let cs = d
        .create_compute_shader(Arc::new(Words { texture: false }))
        .unwrap();
    let uav = d
        .create_tiled_unordered_access_view(&u, Some(&r32_buffer_view(ONE)))
        .unwrap();
    let srv = d
        .create_tiled_buffer_shader_resource_view(&s, Some(&r32_buffer_view(ONE)))
        .unwrap();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_tiled_unordered_access_views(0, &[Some(uav)])
        .unwrap();
    ctx.cs_set_tiled_buffer_shader_resources(0, &[Some(srv)])
        .unwrap();
    d.info_queue().clear();
    ctx.dispatch(ONE / 64, 1, 1).unwrap();
    let m = d
        .info_queue()
        .messages()
        .iter()
        .inspect(|m| assert_eq!(m.call, "Dispatch"))
        .map(|m| (m.id, m.text.clone()))
        .collect();
    (m, ctx.read_tiled_subresource(&u, 0).unwrap())
}

#[test]
fn a_dispatch_reading_and_writing_one_pool_tile_warns() {
    let (m, out) = shared_dispatch(1, 0);
    assert_eq!(
        m,
        [
            (
                MessageId::TileMappingsSharedBetweenInputAndOutput,
                "CS shader resource slot 0 resource tile 0 and CS unordered access view slot 0 resource tile 0 both map pool tile 0 (SPEC §6.9: reading and writing one pool tile in one call is undefined; Tessera's input sees the tile as it was before the call)".to_string()
            ),
            (
                MessageId::TileMappingsInCoveredAreaDuplicatedOutside,
                "CS unordered access view slot 0 resource tile 0 maps pool tile 0, which resource tile 0 of another resource (CS shader resource slot 0) also maps (SPEC §6.9: views of the other tiles may not see the results)".to_string()
            ),
        ]
    );
    // The SRV read the tile before the dispatch: u[i] = i + 1.
    assert_eq!(
        (word(&out, 0), word(&out, 10), word(&out, 16383)),
        (1, 11, 16384)
    );
    assert_eq!(shared_dispatch(8, 0), (m, out));
    // Distinct pool tiles: no message, the same bytes.
    let (m, out2) = shared_dispatch(1, 1);
    assert_eq!(m, []);
    assert_eq!(out2, shared_dispatch(8, 0).1);
}
