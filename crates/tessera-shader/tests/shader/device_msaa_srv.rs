//! Multisampled textures read by shaders through the device: a 4x `R32_UINT` target drawn
//! with a different value at each sample (one draw per sample under the sample mask), then
//! bound as a Texture2DMS view and read per sample by a pixel shader and by a compute shader
//! (exact words; sample 4 of the 4x texture reads 0), and the multisampled rule of the bound
//! view's kind at each slot.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, BufferDesc, MiscFlags, PrimitiveTopology, SampleDesc, TextureDesc, ViewDimension,
    Viewport,
};
use tessera::{Buffer, Device, DeviceContext, DeviceDesc, Error, FeatureLevel, Format, Texture};
use tessera_shader::{CompileOptions, WgslComputeShader, WgslPixelShader, WgslVertexShader};

const W: u32 = 4;
const H: u32 = 2;

/// A full-viewport triangle from the vertex index, clockwise (front-facing).
const VS: &str = "
@vertex fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let x = f32(i >> 1u) * 4.0 - 1.0;
    let y = f32(i & 1u) * 4.0 - 1.0;
    return vec4<f32>(x, y, 0.5, 1.0);
}";

/// The word of sample `s` of pixel (x, y): every sample of every pixel differs.
fn word(x: u32, y: u32, s: u32) -> u32 {
    100 * s + 10 * y + x + 1
}

fn device() -> Device {
    Device::new(&DeviceDesc {
        threads: Some(2),
        ..DeviceDesc::at(FeatureLevel::L11_0)
    })
    .unwrap()
}

fn opts() -> CompileOptions {
    CompileOptions::default()
}

fn viewport() -> Viewport {
    Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: W as f32,
        height: H as f32,
        min_depth: 0.0,
        max_depth: 1.0,
    }
}

fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The 4x target, each sample `s` written by its own draw under sample mask `1 << s`.
fn patterned(d: &Device, c: &mut DeviceContext) -> Texture {
    let desc = TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        ..TextureDesc::tex2d(
            W,
            H,
            Format::R32Uint,
            BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE,
        )
    };
    let ms = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&ms, None).unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(
            WgslVertexShader::new(VS, "main", &opts()).unwrap(),
        ))
        .unwrap();
    c.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    c.vs_set_shader(Some(&vs)).unwrap();
    c.om_set_render_targets(&[Some(rtv)], None).unwrap();
    c.rs_set_viewports(&[viewport()]).unwrap();
    for s in 0..4u32 {
        let src = format!(
            "@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<u32> {{
    return vec4<u32>(100u * {s}u + 10u * u32(p.y) + u32(p.x) + 1u);
}}"
        );
        let ps = d
            .create_pixel_shader(Arc::new(
                WgslPixelShader::new(&src, "main", &opts()).unwrap(),
            ))
            .unwrap();
        c.ps_set_shader(Some(&ps)).unwrap();
        c.om_set_blend_state(None, [1.0; 4], 1 << s).unwrap();
        c.draw(3, 0).unwrap();
    }
    c.om_set_blend_state(None, [1.0; 4], u32::MAX).unwrap();
    ms
}

/// Draws `ps` over a single-sample `R32G32B32A32_UINT` target with `srv` at slot 0.
fn read_with_pixel_shader(
    d: &Device,
    c: &mut DeviceContext,
    ps: &str,
    srv: tessera::resource::ShaderResourceView,
) -> Result<Vec<u32>, Error> {
    let desc = TextureDesc::tex2d(W, H, Format::R32G32B32A32Uint, BindFlags::RENDER_TARGET);
    let t = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&t, None).unwrap();
    let ps = d.create_pixel_shader(Arc::new(WgslPixelShader::new(ps, "main", &opts()).unwrap()))?;
    c.om_set_render_targets(&[Some(rtv)], None)?;
    c.ps_set_shader(Some(&ps))?;
    c.ps_set_shader_resources(0, &[Some(srv)])?;
    c.draw(3, 0)?;
    c.ps_set_shader_resources(0, &[None])?;
    Ok(words(t.read().subresource_bytes(0).unwrap()))
}

const PS_SAMPLES: &str = "
@group(1) @binding(0) var t: texture_multisampled_2d<u32>;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<u32> {
    let c = vec2<i32>(p.xy);
    return vec4<u32>(textureLoad(t, c, 0).x, textureLoad(t, c, 1).x, textureLoad(t, c, 2).x,
                     textureLoad(t, c, 3).x);
}";

const PS_QUERIES: &str = "
@group(1) @binding(0) var t: texture_multisampled_2d<u32>;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<u32> {
    let c = vec2<i32>(p.xy);
    let k = i32(p.x) * 0 + 4;
    return vec4<u32>(textureLoad(t, c, k).x, textureNumSamples(t), textureDimensions(t));
}";

#[test]
fn a_pixel_shader_reads_each_sample_of_a_4x_target() {
    let d = device();
    let mut c = d.immediate_context();
    let ms = patterned(&d, &mut c);
    let srv = d.create_shader_resource_view(&ms, None).unwrap();
    assert_eq!(srv.dimension(), ViewDimension::Texture2DMs);
    let got = read_with_pixel_shader(&d, &mut c, PS_SAMPLES, srv.clone()).unwrap();
    let want: Vec<u32> = (0..H)
        .flat_map(|y| (0..W).flat_map(move |x| (0..4).map(move |s| word(x, y, s))))
        .collect();
    assert_eq!(got, want);
    // Sample 4 of a 4x texture reads 0; 4 samples; 4 × 2.
    let got = read_with_pixel_shader(&d, &mut c, PS_QUERIES, srv).unwrap();
    assert_eq!(got, [0, 4, W, H].repeat((W * H) as usize));
}

const CS: &str = "
@group(1) @binding(2) var t: texture_multisampled_2d<u32>;
@group(3) @binding(0) var<storage, read_write> dst: array<u32>;
@compute @workgroup_size(4, 2)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
    let base = (g.y * 4u + g.x) * 5u;
    for (var s = 0u; s < 5u; s++) {
        dst[base + s] = textureLoad(t, g.xy, s).x;
    }
}";

#[test]
fn a_compute_shader_writes_each_sample_to_a_buffer() {
    let d = device();
    let mut c = d.immediate_context();
    let ms = patterned(&d, &mut c);
    c.om_set_render_targets(&[], None).unwrap();
    let srv = d.create_shader_resource_view(&ms, None).unwrap();
    let n = (W * H * 5) as usize;
    let bytes = vec![0xAAu8; n * 4];
    let desc = BufferDesc {
        byte_width: bytes.len() as u32,
        bind_flags: BindFlags::UNORDERED_ACCESS,
        misc_flags: MiscFlags::BUFFER_STRUCTURED,
        structure_byte_stride: 4,
        ..BufferDesc::default()
    };
    let dst: Buffer = d.create_buffer(&desc, Some(&bytes)).unwrap();
    let cs = d
        .create_compute_shader(Arc::new(
            WgslComputeShader::new(CS, "main", &opts()).unwrap(),
        ))
        .unwrap();
    c.cs_set_shader(Some(&cs)).unwrap();
    c.cs_set_shader_resources(2, &[Some(srv)]).unwrap();
    let uav = d.create_unordered_access_view(&dst, None).unwrap();
    c.cs_set_unordered_access_views(0, &[Some(uav)], &[0])
        .unwrap();
    c.dispatch(1, 1, 1).unwrap();
    // Samples 0..4 of each pixel, then sample 4 (past the 4x count): 0.
    let want: Vec<u32> = (0..H)
        .flat_map(|y| {
            (0..W).flat_map(move |x| (0..5).map(move |s| if s < 4 { word(x, y, s) } else { 0 }))
        })
        .collect();
    assert_eq!(words(&dst.read()), want);
}

/// cs_4_0 (10_0) has no `sampleinfo` and takes only a literal `ld2dms` sample index: the
/// compute shader above (a computed index) is refused there and created at 10_1.
#[test]
fn computed_sample_indices_need_cs_4_1() {
    let make = |level| {
        let d = Device::new(&DeviceDesc {
            threads: Some(1),
            ..DeviceDesc::at(level)
        })
        .unwrap();
        d.create_compute_shader(Arc::new(
            WgslComputeShader::new(CS, "main", &opts()).unwrap(),
        ))
        .map(|_| ())
    };
    match make(FeatureLevel::L10_0) {
        Err(Error::ComputeLimit {
            call: "CreateComputeShader",
            rule,
            level: FeatureLevel::L10_0,
            limit: 0,
            value: 1,
        }) if rule.starts_with("cs_4_1 instructions") => {}
        other => panic!("{other:?}"),
    }
    make(FeatureLevel::L10_1).unwrap();
}

#[test]
fn the_bound_view_must_match_the_declared_texture_kind() {
    let d = device();
    let mut c = d.immediate_context();
    let ms = patterned(&d, &mut c);
    let ms_srv = d.create_shader_resource_view(&ms, None).unwrap();
    // A texture_2d<u32> reading the multisampled view: refused, naming the slot.
    let ps_2d = "
@group(1) @binding(0) var t: texture_2d<u32>;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<u32> {
    return textureLoad(t, vec2<i32>(p.xy), 0);
}";
    match read_with_pixel_shader(&d, &mut c, ps_2d, ms_srv) {
        Err(Error::TextureKind {
            call: "Draw",
            slot: 0,
            multisampled: false,
            dimension: ViewDimension::Texture2DMs,
        }) => {}
        other => panic!("{other:?}"),
    }
    // A texture_multisampled_2d reading a single-sample view: refused the other way.
    let one = TextureDesc::tex2d(W, H, Format::R32Uint, BindFlags::SHADER_RESOURCE);
    let t = d.create_texture(&one, None).unwrap();
    let srv = d.create_shader_resource_view(&t, None).unwrap();
    match read_with_pixel_shader(&d, &mut c, PS_SAMPLES, srv) {
        Err(Error::TextureKind {
            call: "Draw",
            slot: 0,
            multisampled: true,
            dimension: ViewDimension::Texture2D,
        }) => {}
        other => panic!("{other:?}"),
    }
    let m = d.info_queue().messages();
    assert!(
        m.iter().any(|m| m
            .text
            .contains("shader resource slot 0 declares a multisampled texture")),
        "{m:?}"
    );
}
