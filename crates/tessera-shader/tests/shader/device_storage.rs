//! Storage textures through the device: `texture_storage_2d` bound as a Texture2D UAV
//! (`create_unordered_access_view`), texels encoded in the view's format through
//! `tessera_format::memory`, D3D's typed-UAV rules per level as typed errors, the same bytes
//! at 1, 2 and 8 threads.

use std::sync::Arc;

use tessera::caps::{BindFlags, BufferDesc, MiscFlags, TextureDesc};
use tessera::{Device, DeviceDesc, Error, FeatureLevel, Format, Texture};
use tessera_shader::{CompileError, CompileOptions, Program, Stage, WgslComputeShader};

fn device(level: FeatureLevel, threads: usize) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(threads),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

fn texture(d: &Device, w: u32, h: u32, format: Format, fill: u8) -> Texture {
    let desc = TextureDesc::tex2d(
        w,
        h,
        format,
        BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
    );
    let bytes = vec![fill; (w * h) as usize * format.info().bytes_per_block as usize];
    let pitch = (w * format.info().bytes_per_block) as usize;
    let init = [tessera::resource::SubresourceData::new(
        &bytes,
        pitch,
        pitch * h as usize,
    )];
    d.create_texture(&desc, Some(&init)).unwrap()
}

/// Runs `src` over `groups` with `tex` in UAV slot 0; the texture's bytes afterwards.
fn run(d: &Device, src: &str, tex: &Texture, groups: [u32; 3]) -> tessera::Result<Vec<u8>> {
    let cs = WgslComputeShader::new(src, "main", &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let cs = d.create_compute_shader(Arc::new(cs))?;
    let uav = d.create_unordered_access_view(tex, None)?;
    let mut ctx = d.immediate_context();
    ctx.cs_set_shader(Some(&cs))?;
    ctx.cs_set_unordered_access_views(0, &[Some(uav)], &[0])?;
    ctx.dispatch(groups[0], groups[1], groups[2])?;
    let bytes = tex.read().subresource_bytes(0).unwrap().to_vec();
    Ok(bytes)
}

const STORE_RGBA8: &str = "
@group(3) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(4, 4) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = textureDimensions(t);
    // Every invocation of 8 x 8 stores; those outside the 6 x 5 texture are dropped.
    textureStore(t, vec2<i32>(id.xy), vec4<f32>(f32(id.x) / 255.0, f32(id.y) / 255.0,
        f32(size.x * 10u + size.y) / 255.0, 1.0));
}";

#[test]
fn a_storage_texture_write_is_the_texel_in_the_views_format_at_every_thread_count() {
    let (w, h) = (6u32, 5u32);
    // Independent expectation: x / 255 and y / 255 are exactly bytes x and y in UNORM8.
    let mut want = Vec::new();
    for y in 0..h {
        for x in 0..w {
            want.extend_from_slice(&[x as u8, y as u8, 65, 255]);
        }
    }
    for threads in [1, 2, 8] {
        let d = device(FeatureLevel::L11_0, threads);
        let tex = texture(&d, w, h, Format::R8G8B8A8Unorm, 0xAB);
        let got = run(&d, STORE_RGBA8, &tex, [2, 2, 1]).unwrap();
        assert_eq!(got, want, "{threads} threads");
    }
}

#[test]
fn float_and_integer_storage_formats_round_trip_and_read_write_accumulates() {
    let d = device(FeatureLevel::L11_0, 2);
    let tex = texture(&d, 4, 4, Format::R32G32B32A32Float, 0);
    let src = "
@group(3) @binding(0) var t: texture_storage_2d<rgba32float, write>;
@compute @workgroup_size(4, 4) fn main(@builtin(local_invocation_id) id: vec3<u32>) {
    textureStore(t, id.xy, vec4<f32>(f32(id.x) * 0.5, -f32(id.y), 1.0 / 3.0, 2.0));
}";
    let got = run(&d, src, &tex, [1, 1, 1]).unwrap();
    for (i, texel) in got.chunks_exact(16).enumerate() {
        let f = |k: usize| f32::from_le_bytes(texel[4 * k..4 * k + 4].try_into().unwrap());
        let (x, y) = ((i % 4) as f32, (i / 4) as f32);
        assert_eq!([f(0), f(1), f(2), f(3)], [x * 0.5, -y, 1.0 / 3.0, 2.0]);
    }
    // read_write r32uint (a typed UAV load every level with UAVs has): three dispatches add.
    let tex = texture(&d, 8, 2, Format::R32Uint, 0);
    let src = "
@group(3) @binding(0) var t: texture_storage_2d<r32uint, read_write>;
@compute @workgroup_size(8, 2) fn main(@builtin(local_invocation_id) id: vec3<u32>) {
    let old = textureLoad(t, id.xy);
    textureStore(t, id.xy, vec4<u32>(old.x + id.x + 10u * id.y + 1u, 0u, 0u, 0u));
}";
    let mut got = Vec::new();
    for _ in 0..3 {
        got = run(&d, src, &tex, [1, 1, 1]).unwrap();
    }
    let words: Vec<u32> = got
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let want: Vec<u32> = (0..16).map(|i| 3 * ((i % 8) + 10 * (i / 8) + 1)).collect();
    assert_eq!(words, want);
}

#[test]
fn typed_uav_rules_are_typed_errors_naming_the_rule() {
    let uav_format = |e: Error| match e {
        Error::UavFormat { rule, .. } => rule,
        e => panic!("expected UavFormat, got {e:?}"),
    };
    let rw = "
@group(3) @binding(0) var t: texture_storage_2d<rgba8unorm, read_write>;
@compute @workgroup_size(1) fn main() { textureStore(t, vec2<i32>(0, 0), textureLoad(t, vec2<i32>(0, 0)) + 0.25); }";
    // Typed UAV loads of RGBA8: not at 11_x (R32 only), at 12_0 (the 18 formats).
    for level in [FeatureLevel::L11_0, FeatureLevel::L11_1] {
        let d = device(level, 1);
        let tex = texture(&d, 2, 2, Format::R8G8B8A8Unorm, 0);
        let rule = uav_format(run(&d, rw, &tex, [1, 1, 1]).unwrap_err());
        assert!(
            rule.contains("R32_FLOAT/UINT/SINT only below 12_0"),
            "{rule}"
        );
    }
    let d = device(FeatureLevel::L12_0, 1);
    let tex = texture(&d, 2, 2, Format::R8G8B8A8Unorm, 0x40);
    let got = run(&d, rw, &tex, [1, 1, 1]).unwrap();
    // 0x40 = 64/255; + 0.25 = 127.75/255 -> 128.
    assert_eq!(&got[..4], &[128, 128, 128, 128]);
    // The view must have the declared format.
    let d = device(FeatureLevel::L11_0, 1);
    let tex = texture(&d, 4, 4, Format::R32Float, 0);
    let rule = uav_format(run(&d, STORE_RGBA8, &tex, [1, 1, 1]).unwrap_err());
    assert!(rule.contains("storage texture's texel format"), "{rule}");
    // A buffer UAV where the shader declares a storage texture.
    let cs = WgslComputeShader::new(STORE_RGBA8, "main", &CompileOptions::default()).unwrap();
    let cs = d.create_compute_shader(Arc::new(cs)).unwrap();
    let buf = d
        .create_buffer(
            &BufferDesc {
                byte_width: 64,
                bind_flags: BindFlags::UNORDERED_ACCESS,
                misc_flags: MiscFlags::BUFFER_STRUCTURED,
                structure_byte_stride: 4,
                ..BufferDesc::default()
            },
            None,
        )
        .unwrap();
    let uav = d.create_unordered_access_view(&buf, None).unwrap();
    let mut ctx = d.immediate_context();
    ctx.cs_set_shader(Some(&cs)).unwrap();
    ctx.cs_set_unordered_access_views(0, &[Some(uav)], &[0])
        .unwrap();
    let rule = uav_format(ctx.dispatch(1, 1, 1).unwrap_err());
    assert!(rule.contains("not a buffer view"), "{rule}");
    // cs_4_x (10_x) has no typed UAVs.
    let d10 = device(FeatureLevel::L10_0, 1);
    let cs = WgslComputeShader::new(STORE_RGBA8, "main", &CompileOptions::default()).unwrap();
    match d10.create_compute_shader(Arc::new(cs)) {
        Err(Error::ComputeLimit { rule, .. }) => assert!(rule.contains("typed UAVs"), "{rule}"),
        other => panic!("{other:?}"),
    }
    // Storage textures in a vertex shader are refused at compile time, naming the construct
    // (pixel shaders have them: device_pixel_uav.rs).
    let vs = "@group(3) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;
@vertex fn main() -> @builtin(position) vec4<f32> { textureStore(t, vec2<i32>(0, 0), vec4<f32>(1.0)); return vec4<f32>(0.0); }";
    match Program::from_wgsl(vs, "main", Stage::Vertex, &CompileOptions::default()) {
        Err(CompileError::Unsupported { construct }) => {
            assert!(construct.contains("the vertex stage"), "{construct}");
        }
        other => panic!("{other:?}"),
    }
}
