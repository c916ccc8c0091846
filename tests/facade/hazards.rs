//! D3D11's binding hazard is per subresource (issue #18): a shader reads one subresource of a
//! texture while the same call writes another — a pixel shader reading mip 0 while the output
//! merger renders mip 1 (mip-chain generation), a compute shader reading mip 0 through an SRV
//! while it writes mip 1 through a UAV. Exact bytes, no message, the same at 1 and 8 threads.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, Filter, FilterKind, PrimitiveTopology, SamplerDesc, SubresourceRange, TextureDesc,
    ViewDesc, ViewDimension,
};
use tessera::format::{Format, Layout};
use tessera::pipeline::builtin::{TexturedPs, TransformVs};
use tessera::pipeline::{ComputeMemory, ComputeShader, ShaderEnv, ShaderFault, StorageTextureUse};
use tessera::resource::SubresourceData;
use tessera::{Device, Texture};
use tessera_testkit::*;
use wide::i32x8;

/// A view of mip `mip` alone.
fn mip_view(format: Format, mip: u32) -> ViewDesc {
    ViewDesc {
        format,
        dimension: ViewDimension::Texture2D,
        range: SubresourceRange {
            most_detailed_mip: mip,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: 1,
        },
    }
}

/// An 8×8 texture of two mips: mip 0 texel (x, y) is `texel(x, y)` (4 bytes), mip 1 zeros.
fn two_mips(
    d: &Device,
    format: Format,
    binds: BindFlags,
    texel: fn(u32, u32) -> [u8; 4],
) -> Texture {
    let mut desc = TextureDesc::tex2d(8, 8, format, binds);
    desc.mip_levels = 2;
    let mip0: Vec<u8> = (0..64).flat_map(|i| texel(i % 8, i / 8)).collect();
    let mip1 = vec![0u8; 4 * 4 * 4];
    d.create_texture(
        &desc,
        Some(&[
            SubresourceData::new(&mip0, 32, 0),
            SubresourceData::new(&mip1, 16, 0),
        ]),
    )
    .unwrap()
}

/// Mip 0's colour at (x, y).
fn colour(x: u32, y: u32) -> [u8; 4] {
    [30 * x as u8, 30 * y as u8, 7, 255]
}

/// Renders mip 1 of a texture from its mip 0 (a point-sampled full-target quad) on a device
/// with `threads` workers; returns both mips' bytes and the info queue's message count.
fn render_mip1_from_mip0(threads: usize) -> (Vec<u8>, Vec<u8>, usize) {
    let d = device_threads(L::L10_0, threads);
    let mut ctx = d.immediate_context();
    let binds = BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE;
    let t = two_mips(&d, Format::R8G8B8A8Unorm, binds, colour);
    let srv = d
        .create_shader_resource_view(&t, Some(&mip_view(Format::R8G8B8A8Unorm, 0)))
        .unwrap();
    let rtv = d
        .create_render_target_view(&t, Some(&mip_view(Format::R8G8B8A8Unorm, 1)))
        .unwrap();
    let layout = float4_layout(&d, &["POSITION", "TEXCOORD", "COLOR"]);
    let uv = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let verts = rect_strip([0.0, 0.0, 4.0, 4.0], 0.5, (4, 4), |i| {
        vec![uv[i][0], uv[i][1], 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    });
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(&d))])
        .unwrap();
    let ps = d.create_pixel_shader(Arc::new(TexturedPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let point = d
        .create_sampler_state(&SamplerDesc {
            filter: Filter {
                min: FilterKind::Point,
                mag: FilterKind::Point,
                mip: FilterKind::Point,
                ..Default::default()
            },
            ..Default::default()
        })
        .unwrap();
    ctx.ps_set_samplers(0, &[Some(point)]).unwrap();
    ctx.rs_set_state(Some(&no_cull(&d))).unwrap();
    ctx.rs_set_viewports(&[viewport(4, 4)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv)]).unwrap();
    // Different subresources: no hazard, the SRV stays bound.
    assert!(ctx.ps_get_shader_resources()[0].is_some());
    ctx.draw(4, 0).unwrap();
    (bytes(&t, 0), bytes(&t, 1), d.info_queue().messages().len())
}

#[test]
fn a_draw_renders_mip_1_from_mip_0_of_the_same_texture() {
    let (mip0, mip1, messages) = render_mip1_from_mip0(1);
    assert_eq!(messages, 0);
    // Mip 0 is untouched; mip 1 pixel (x, y) samples mip 0 at texel (2x + 1, 2y + 1) (the
    // pixel centre's uv times 8, point sampled).
    let want0: Vec<u8> = (0..64).flat_map(|i| colour(i % 8, i / 8)).collect();
    assert_eq!(mip0, want0);
    let want1: Vec<u8> = (0..16)
        .flat_map(|i| colour(2 * (i % 4) + 1, 2 * (i / 4) + 1))
        .collect();
    assert_eq!(mip1, want1);
    assert_eq!(&mip1[..8], &[30, 30, 7, 255, 90, 30, 7, 255]);
    // The same bytes with 8 workers.
    assert_eq!(render_mip1_from_mip0(8), (mip0, mip1, 0));
}

/// UAV slot 0 (R32_UINT Texture2D, 4×4) texel (x, y) = SRV t0's texel (2x + 1, 2y + 1) + 1.
#[derive(Debug)]
struct Downsample;

impl ComputeShader for Downsample {
    fn workgroup_size(&self) -> [u32; 3] {
        [4, 4, 1]
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
            dimension: ViewDimension::Texture2D,
        }]
    }
    fn dispatch(
        &self,
        env: &ShaderEnv<'_>,
        memory: ComputeMemory<'_, '_>,
        groups: [u32; 3],
    ) -> Result<(), ShaderFault> {
        let layout: Option<Layout> = memory.uav_layouts.first().copied().flatten();
        let (Some(layout), Some(Some(uav))) = (layout, memory.uavs.first_mut()) else {
            return Ok(());
        };
        for y in 0..4 * groups[1] {
            for x in 0..4 * groups[0] {
                let c = [
                    i32x8::splat(2 * x as i32 + 1),
                    i32x8::splat(2 * y as i32 + 1),
                    i32x8::splat(0),
                    i32x8::splat(0),
                ];
                let texel = tessera::sampler::load(env.texture(0), c, [0; 3]);
                let v = texel[0].to_array()[0] + 1;
                if let Some(at) = layout.element_offset(x, y, 0) {
                    uav[at..at + 4].copy_from_slice(&v.to_le_bytes());
                }
            }
        }
        Ok(())
    }
}

/// Mip 1 (R32_UINT words) written by [`Downsample`] from mip 0 of the same texture on a device
/// with `threads` workers; mip 0 and mip 1 as words.
fn downsample(threads: usize) -> (Vec<u32>, Vec<u32>) {
    let d = device_threads(L::L11_0, threads);
    let mut ctx = d.immediate_context();
    let binds = BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE;
    let t = two_mips(&d, Format::R32Uint, binds, |x, y| {
        (x + 100 * y).to_le_bytes()
    });
    let srv = d
        .create_shader_resource_view(&t, Some(&mip_view(Format::R32Uint, 0)))
        .unwrap();
    let uav = d
        .create_unordered_access_view(&t, Some(&mip_view(Format::R32Uint, 1)))
        .unwrap();
    let cs = d.create_compute_shader(Arc::new(Downsample)).unwrap();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_shader_resources(0, &[Some(srv)]).unwrap();
    ctx.cs_set_unordered_access_views(0, &[Some(uav)], &[0])
        .unwrap();
    // Different subresources: no hazard, the SRV stays bound.
    assert!(ctx.cs_get_shader_resources()[0].is_some());
    assert!(d.info_queue().is_empty(), "{:?}", d.info_queue().messages());
    ctx.dispatch(1, 1, 1).unwrap();
    assert!(d.info_queue().is_empty(), "{:?}", d.info_queue().messages());
    let words = |sub| -> Vec<u32> {
        bytes(&t, sub)
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect()
    };
    (words(0), words(1))
}

#[test]
fn a_dispatch_reads_mip_0_through_an_srv_and_writes_mip_1_through_a_uav() {
    let (mip0, mip1) = downsample(1);
    let want1: Vec<u32> = (0..16)
        .map(|i| (2 * (i % 4) + 1) + 100 * (2 * (i / 4) + 1) + 1)
        .collect();
    assert_eq!(mip1, want1);
    assert_eq!(&want1[..2], &[102, 104]);
    let want0: Vec<u32> = (0..64).map(|i| i % 8 + 100 * (i / 8)).collect();
    assert_eq!(mip0, want0);
    // The same words with 8 workers.
    assert_eq!(downsample(8), (mip0, mip1));
}

/// UAV slot 0 (R32_UINT, mip 0 of a texture, 8×8) texel (x, y) = 1000 + x + 10y, and UAV slot
/// 1 (mip 1 of the same texture, 4×4) texel (x, y) = 2000 + x + 10y.
#[derive(Debug)]
struct TwoMips;

impl ComputeShader for TwoMips {
    fn workgroup_size(&self) -> [u32; 3] {
        [1, 1, 1]
    }
    fn workgroup_bytes(&self) -> u32 {
        0
    }
    fn uav_slots(&self) -> Vec<u32> {
        vec![0, 1]
    }
    fn uses_uav_atomics(&self) -> bool {
        false
    }
    fn storage_textures(&self) -> Vec<StorageTextureUse> {
        (0..2)
            .map(|slot| StorageTextureUse {
                slot,
                format: Format::R32Uint,
                reads: false,
                dimension: ViewDimension::Texture2D,
            })
            .collect()
    }
    fn dispatch(
        &self,
        _env: &ShaderEnv<'_>,
        memory: ComputeMemory<'_, '_>,
        _groups: [u32; 3],
    ) -> Result<(), ShaderFault> {
        for (slot, size) in [(0, 8), (1, 4)] {
            let Some(layout) = memory.uav_layouts[slot] else {
                continue;
            };
            let Some(uav) = memory.uavs[slot].as_mut() else {
                continue;
            };
            for y in 0..size {
                for x in 0..size {
                    if let Some(at) = layout.element_offset(x, y, 0) {
                        let v = 1000 * (slot as u32 + 1) + x + 10 * y;
                        uav[at..at + 4].copy_from_slice(&v.to_le_bytes());
                    }
                }
            }
        }
        Ok(())
    }
}

fn words(t: &Texture, sub: u32) -> Vec<u32> {
    bytes(t, sub)
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn a_dispatch_writes_two_mips_of_one_texture_through_two_uavs() {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let binds = BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE;
    let t = two_mips(&d, Format::R32Uint, binds, |_, _| 7u32.to_le_bytes());
    let u0 = d
        .create_unordered_access_view(&t, Some(&mip_view(Format::R32Uint, 0)))
        .unwrap();
    let u1 = d
        .create_unordered_access_view(&t, Some(&mip_view(Format::R32Uint, 1)))
        .unwrap();
    let cs = d.create_compute_shader(Arc::new(TwoMips)).unwrap();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    // Different subresources: no conflict, both stay bound.
    ctx.cs_set_unordered_access_views(0, &[Some(u0), Some(u1)], &[0, 0])
        .unwrap();
    ctx.dispatch(1, 1, 1).unwrap();
    assert!(d.info_queue().is_empty(), "{:?}", d.info_queue().messages());
    let want0: Vec<u32> = (0..64).map(|i| 1000 + i % 8 + 10 * (i / 8)).collect();
    let want1: Vec<u32> = (0..16).map(|i| 2000 + i % 4 + 10 * (i / 4)).collect();
    assert_eq!(words(&t, 0), want0);
    assert_eq!(words(&t, 1), want1);
}

/// `SV_Target0` = red; every byte of UAV slot 1 (a texture's mip 1) = 0x5A.
#[derive(Debug)]
struct RedAndFill;

impl tessera::pipeline::PixelShader for RedAndFill {
    fn signature(&self) -> tessera::pipeline::shader::ShaderSignature {
        use tessera::pipeline::shader::{ShaderProfile, ShaderSignature, SignatureElement};
        ShaderSignature {
            outputs: vec![SignatureElement::named("SV_Target", 0, 0, 4)],
            ..ShaderSignature::new(ShaderProfile::Ps5_0)
        }
    }
    fn inputs(&self) -> &[tessera::pipeline::Interpolation] {
        &[]
    }
    fn shade(
        &self,
        _env: &ShaderEnv<'_>,
        _input: &tessera::pipeline::PsInput<'_>,
        out: &mut tessera::pipeline::PsOutput,
    ) {
        out.targets[0] = tessera::pipeline::shader::splat4([1.0, 0.0, 0.0, 1.0]);
    }
    fn uav_slots(&self) -> Vec<u32> {
        vec![1]
    }
    fn storage_textures(&self) -> Vec<StorageTextureUse> {
        vec![StorageTextureUse {
            slot: 1,
            format: Format::R8G8B8A8Unorm,
            reads: false,
            dimension: ViewDimension::Texture2D,
        }]
    }
    fn shade_with_uavs(
        &self,
        env: &ShaderEnv<'_>,
        input: &tessera::pipeline::PsInput<'_>,
        out: &mut tessera::pipeline::PsOutput,
        uavs: &mut tessera::pipeline::PixelUavs<'_>,
    ) {
        if let Some(Some(u)) = uavs.uavs.get_mut(1) {
            u.fill(0x5A);
        }
        self.shade(env, input, out);
    }
}

#[test]
fn a_draw_renders_mip_0_and_writes_mip_1_of_one_texture_through_a_uav() {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let binds = BindFlags::RENDER_TARGET | BindFlags::UNORDERED_ACCESS;
    let t = two_mips(&d, Format::R8G8B8A8Unorm, binds, |_, _| [1, 2, 3, 4]);
    let rtv = d
        .create_render_target_view(&t, Some(&mip_view(Format::R8G8B8A8Unorm, 0)))
        .unwrap();
    let u = d
        .create_unordered_access_view(&t, Some(&mip_view(Format::R8G8B8A8Unorm, 1)))
        .unwrap();
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    let ps = d.create_pixel_shader(Arc::new(RedAndFill)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    // Different subresources: no conflict.
    ctx.om_set_render_targets_and_unordered_access_views(
        Some((&[Some(rtv)], None)),
        1,
        Some(&[Some(u)]),
        &[0],
    )
    .unwrap();
    draw_quad(&d, &mut ctx, (8, 8), [0.0, 0.0, 8.0, 8.0], 0.5, RED).unwrap();
    assert!(d.info_queue().is_empty(), "{:?}", d.info_queue().messages());
    assert_eq!(bytes(&t, 0), [255, 0, 0, 255].repeat(64));
    assert_eq!(bytes(&t, 1), vec![0x5A; 64]);
}
