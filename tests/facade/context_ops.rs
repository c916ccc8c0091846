//! Context resource operations feeding real draws: update_subresource, Map(WRITE_DISCARD),
//! GenerateMips + SampleLevel, ClearDepthStencilView + depth funcs, CopySubresourceRegion with
//! a box, and byte-identical output across thread counts.

use std::sync::Arc;

use tessera::caps::{
    AddressMode, BindFlags, Blend, BlendDesc, BufferDesc, ComparisonFunc, CpuAccess,
    DepthStencilDesc, Filter, FilterKind, MiscFlags, PrimitiveTopology, SamplerDesc, TextureDesc,
    Usage,
};
use tessera::format::Format;
use tessera::pipeline::builtin::{TexturedPs, TransformVs};
use tessera::pipeline::shader::splat;
use tessera::pipeline::{Interpolation, PixelShader, PsInput, PsOutput, ShaderEnv};
use tessera::resource::{Box3, MapType, SubresourceData};
use tessera::sampler::sample_level;
use tessera::{Device, DeviceContext, Resource, ShaderResourceView, Texture};
use tessera_testkit::*;

const RED8: [u8; 4] = [255, 0, 0, 255];
const GREEN8: [u8; 4] = [0, 255, 0, 255];
const BLUE8: [u8; 4] = [0, 0, 255, 255];

fn point_sampler(d: &Device) -> tessera::SamplerState {
    d.create_sampler_state(&SamplerDesc {
        filter: Filter {
            min: FilterKind::Point,
            mag: FilterKind::Point,
            mip: FilterKind::Point,
            ..Default::default()
        },
        ..Default::default()
    })
    .unwrap()
}

/// Binds a full-target draw with POSITION/TEXCOORD/COLOR(white) sampling `srv` with `ps`.
fn bind_textured(
    d: &Device,
    ctx: &mut DeviceContext,
    srv: &ShaderResourceView,
    ps: Arc<dyn PixelShader>,
    w: u32,
    h: u32,
) {
    let layout = float4_layout(d, &["POSITION", "TEXCOORD", "COLOR"]);
    let uv = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let verts = rect_strip([0.0, 0.0, w as f32, h as f32], 0.5, (w, h), |i| {
        vec![uv[i][0], uv[i][1], 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    });
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(d, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    let ps = d.create_pixel_shader(ps).unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.ps_set_samplers(0, &[Some(point_sampler(d))]).unwrap();
    ctx.ps_set_shader_resources(0, &[Some(srv.clone())])
        .unwrap();
    ctx.rs_set_state(Some(&no_cull(d))).unwrap();
    ctx.rs_set_viewports(&[viewport(w, h)]).unwrap();
}

#[test]
fn update_subresource_box_then_draw_samples_the_new_texel() {
    let d = device(L::L9_1);
    let mut ctx = d.immediate_context();
    let texels: Vec<u8> = (0..16).flat_map(|_| RED8).collect();
    let tex = d
        .create_texture(
            &TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            Some(&[SubresourceData::new(&texels, 16, 0)]),
        )
        .unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    // Texels (1,2) and (2,2) become blue.
    let b = Box3 {
        left: 1,
        top: 2,
        front: 0,
        right: 3,
        bottom: 3,
        back: 1,
    };
    let blue: Vec<u8> = [BLUE8, BLUE8].concat();
    ctx.update_subresource(&Resource::from(&tex), 0, Some(&b), &blue, 8, 0)
        .unwrap();
    let (t, rtv) = target(&d, 4, 4, Format::R8G8B8A8Unorm);
    bind_textured(&d, &mut ctx, &srv, Arc::new(TexturedPs), 4, 4);
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    ctx.draw(4, 0).unwrap();
    let px = rgba8(&t, 0);
    for (i, p) in px.iter().enumerate() {
        let want = if i == 2 * 4 + 1 || i == 2 * 4 + 2 {
            BLUE8
        } else {
            RED8
        };
        assert_eq!(*p, want, "pixel {i}");
    }
}

#[test]
fn map_write_discard_on_a_dynamic_vertex_buffer_then_draw() {
    let d = device(L::L9_1);
    let mut ctx = d.immediate_context();
    let (t, rtv) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    let quad = |c: [f32; 4]| rect_strip([0.0, 0.0, 8.0, 8.0], 0.5, (8, 8), |_| c.to_vec());
    let init = f32_bytes(&quad(RED));
    let vb = d
        .create_buffer(
            &BufferDesc {
                byte_width: init.len() as u32,
                usage: Usage::Dynamic,
                bind_flags: BindFlags::VERTEX_BUFFER,
                cpu_access: CpuAccess::WRITE,
                ..Default::default()
            },
            Some(&init),
        )
        .unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vb.clone(), 32)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    assert!(rgba8(&t, 0).iter().all(|p| *p == RED8));
    let mut m = ctx
        .map(&Resource::from(&vb), 0, MapType::WriteDiscard)
        .unwrap();
    m.data_mut().copy_from_slice(&f32_bytes(&quad(GREEN)));
    ctx.unmap(m);
    ctx.draw(4, 0).unwrap();
    assert!(rgba8(&t, 0).iter().all(|p| *p == GREEN8));
}

/// `SV_Target0 = t0.SampleLevel(s0, v0.xy, cb0[0].x)`.
struct SampleLevelPs;

impl PixelShader for SampleLevelPs {
    fn signature(&self) -> tessera::pipeline::shader::ShaderSignature {
        use tessera::pipeline::shader::{
            ConstantBufferUse, SamplePair, ShaderProfile, ShaderSignature,
        };
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::required(0, 1)],
            shader_resources: vec![0],
            samplers: vec![0],
            samples: vec![SamplePair {
                texture: 0,
                sampler: 0,
                coords: 0,
                components: 2,
            }],
            ..ShaderSignature::new(ShaderProfile::Ps4_0Level9_1)
        }
    }

    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let lod = splat(env.constant(0, 0)[0]);
        out.targets[0] = sample_level(
            env.texture(0),
            env.sampler(0),
            input.varyings[0],
            lod,
            [0; 3],
        );
    }
}

/// An 8×8, 4-mip texture whose mip 0 is (200 | 100 left/right, 40 | 80 top/bottom): every
/// mip the box filter makes is exact, down to (150, 60) at 1×1.
#[test]
fn generate_mips_then_sample_level_reads_exact_mip_colours() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let mut desc = TextureDesc::tex2d(
        8,
        8,
        Format::R8G8B8A8Unorm,
        BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
    );
    desc.mip_levels = 4;
    desc.misc_flags = MiscFlags::GENERATE_MIPS;
    let tex = d.create_texture(&desc, None).unwrap();
    let mut mip0 = Vec::new();
    for y in 0..8 {
        for x in 0..8 {
            mip0.extend([
                if x < 4 { 200 } else { 100 },
                if y < 4 { 40 } else { 80 },
                0,
                255,
            ]);
        }
    }
    ctx.update_subresource(&Resource::from(&tex), 0, None, &mip0, 32, 0)
        .unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    ctx.generate_mips(&srv).unwrap();

    let (t, rtv) = target(&d, 2, 2, Format::R8G8B8A8Unorm);
    bind_textured(&d, &mut ctx, &srv, Arc::new(SampleLevelPs), 2, 2);
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    let quadrants = [
        [200, 40, 0, 255],
        [100, 40, 0, 255],
        [200, 80, 0, 255],
        [100, 80, 0, 255],
    ];
    for lod in 0..4 {
        let cb = constant_buffer(&d, &[[lod as f32, 0.0, 0.0, 0.0]]);
        ctx.ps_set_constant_buffers(0, &[Some(cb)]).unwrap();
        ctx.draw(4, 0).unwrap();
        let px = rgba8(&t, 0);
        let want: Vec<[u8; 4]> = if lod < 3 {
            quadrants.to_vec()
        } else {
            vec![[150, 60, 0, 255]; 4]
        };
        assert_eq!(px, want, "lod {lod}");
    }
    // The generated mips themselves.
    assert_eq!(rgba8(&tex, 3), vec![[150, 60, 0, 255]]);
    assert_eq!(rgba8(&tex, 2), quadrants.to_vec());
}

#[test]
fn clear_depth_then_less_and_greater() {
    let d = device(L::L10_0);
    let mut ctx = d.immediate_context();
    let (t, rtv) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    let (depth, dsv) = depth_target(&d, 8, 8, Format::D32Float);
    ctx.om_set_render_targets(&[Some(rtv)], Some(&dsv)).unwrap();
    let depths = |t: &Texture| -> Vec<f32> {
        bytes(t, 0)
            .chunks(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    };
    for (func, pass_left) in [
        (ComparisonFunc::Less, true),
        (ComparisonFunc::Greater, false),
    ] {
        let state = d
            .create_depth_stencil_state(&DepthStencilDesc {
                depth_func: func,
                ..Default::default()
            })
            .unwrap();
        ctx.om_set_depth_stencil_state(Some(&state), 0).unwrap();
        ctx.clear_render_target_view(&d.create_render_target_view(&t, None).unwrap(), [0.0; 4])
            .unwrap();
        ctx.clear_depth_stencil_view(&dsv, true, false, 0.5, 0)
            .unwrap();
        assert!(depths(&depth).iter().all(|z| *z == 0.5));
        // Left half nearer (0.25), right half farther (0.75).
        draw_quad(&d, &mut ctx, (8, 8), [0.0, 0.0, 4.0, 8.0], 0.25, RED).unwrap();
        draw_quad(&d, &mut ctx, (8, 8), [4.0, 0.0, 8.0, 8.0], 0.75, GREEN).unwrap();
        let px = rgba8(&t, 0);
        let z = depths(&depth);
        for i in 0..64 {
            let left = i % 8 < 4;
            let (want_px, want_z) = match (left, pass_left) {
                (true, true) => (RED8, 0.25),
                (false, false) => (GREEN8, 0.75),
                _ => ([0; 4], 0.5),
            };
            assert_eq!((px[i], z[i]), (want_px, want_z), "{func:?} pixel {i}");
        }
    }
}

#[test]
fn copy_subresource_region_with_a_box() {
    let d = device(L::L9_1);
    let mut ctx = d.immediate_context();
    let (src, rtv) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    draw_quad(&d, &mut ctx, (8, 8), [2.0, 2.0, 6.0, 6.0], 0.5, RED).unwrap();
    let (dst, _) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    // Source box [1,5)x[2,6) → destination (4,4): covers dst [4,8)x[4,8).
    let b = Box3 {
        left: 1,
        top: 2,
        front: 0,
        right: 5,
        bottom: 6,
        back: 1,
    };
    ctx.copy_subresource_region(
        &Resource::from(&dst),
        0,
        4,
        4,
        0,
        &Resource::from(&src),
        0,
        Some(&b),
    )
    .unwrap();
    let px = rgba8(&dst, 0);
    for y in 0..8 {
        for x in 0..8 {
            // dst (x,y) in [4,8)² came from src (x-3, y-2); src is red on [2,6)².
            let inside = x >= 4 && y >= 4;
            let (sx, sy) = (x as i32 - 3, y as i32 - 2);
            let red = inside && (2..6).contains(&sx) && (2..6).contains(&sy);
            let want = if red { RED8 } else { [0; 4] };
            assert_eq!(px[y * 8 + x], want, "dst ({x},{y})");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Determinism: a busy scene is byte-identical with 1, 2 and 8 worker threads.

fn busy_scene(threads: usize) -> (Vec<u8>, Vec<u8>) {
    const S: u32 = 128;
    let d = device_threads(L::L11_0, threads);
    assert_eq!(d.threads(), threads);
    let mut ctx = d.immediate_context();
    let (t, rtv) = target(&d, S, S, Format::R8G8B8A8Unorm);
    let (depth, dsv) = depth_target(&d, S, S, Format::D24UnormS8Uint);
    // A 16×16 procedural texture, sampled trilinear with WRAP.
    let mut texels = Vec::new();
    for y in 0..16u32 {
        for x in 0..16u32 {
            texels.extend([(x * 16) as u8, (y * 16) as u8, ((x ^ y) * 16) as u8, 255]);
        }
    }
    let tex = d
        .create_texture(
            &TextureDesc::tex2d(16, 16, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE),
            Some(&[SubresourceData::new(&texels, 64, 0)]),
        )
        .unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    bind_textured(&d, &mut ctx, &srv, Arc::new(TexturedPs), S, S);
    let wrap = d
        .create_sampler_state(&SamplerDesc {
            address_u: AddressMode::Wrap,
            address_v: AddressMode::Wrap,
            ..Default::default()
        })
        .unwrap();
    ctx.ps_set_samplers(0, &[Some(wrap)]).unwrap();
    let mut blend = BlendDesc::default();
    let rt = &mut blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::SrcAlpha;
    rt.dest_blend = Blend::InvSrcAlpha;
    let blend = d.create_blend_state(&blend).unwrap();
    ctx.om_set_blend_state(Some(&blend), [1.0; 4], u32::MAX)
        .unwrap();
    ctx.om_set_render_targets(&[Some(rtv.clone())], Some(&dsv))
        .unwrap();
    ctx.clear_render_target_view(&rtv, [0.1, 0.2, 0.3, 1.0])
        .unwrap();
    ctx.clear_depth_stencil_view(&dsv, true, true, 1.0, 0)
        .unwrap();
    // The MMIX LCG stream this scene was built on (the kit keeps it for that).
    let mut rng = Rng::mmix_lcg(0x7e55e7a);
    let mut verts = Vec::new();
    for _ in 0..600 {
        let (cx, cy) = (rng.unit() * 2.4 - 1.2, rng.unit() * 2.4 - 1.2);
        let z = rng.unit();
        let a = 0.3 + 0.7 * rng.unit();
        let tint = [rng.unit(), rng.unit(), rng.unit(), a];
        for _ in 0..3 {
            let (x, y) = (cx + rng.unit() * 0.6 - 0.3, cy + rng.unit() * 0.6 - 0.3);
            verts.extend([x, y, z, 1.0, x * 3.0, y * 3.0, 0.0, 0.0]);
            verts.extend(tint);
        }
    }
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let stats = ctx.draw(verts.len() as u32 / 12, 0).unwrap();
    assert_eq!(stats.ia_primitives, 600);
    (bytes(&t, 0), bytes(&depth, 0))
}

#[test]
fn busy_scene_is_byte_identical_with_1_2_and_8_threads() {
    let (c1, z1) = busy_scene(1);
    let background = [26u8, 51, 77, 255];
    let changed = c1.chunks(4).filter(|p| *p != background).count();
    assert!(
        changed > 128 * 128 / 2,
        "scene too sparse: {changed} pixels"
    );
    for threads in [2, 8] {
        let (c, z) = busy_scene(threads);
        assert!(c == c1, "colour differs with {threads} threads");
        assert!(z == z1, "depth differs with {threads} threads");
    }
}
