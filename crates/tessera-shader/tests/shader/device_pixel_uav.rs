//! Pixel-shader UAVs through the device (`OMSetRenderTargetsAndUnorderedAccessViews`, 11_0+):
//! WGSL `@group(3)` storage buffers, atomics and storage textures in a fragment shader; the
//! fixed serial order (same bytes at 1, 2 and 8 threads); helper and discarded lanes never
//! writing; the shader running before the depth test unless `@early_depth_test(force)`; the
//! slot rules as typed errors with info-queue messages.

use std::sync::Arc;

use tessera::caps::{BindFlags, BufferDesc, MiscFlags, TextureDesc, Viewport};
use tessera::debug::MessageId;
use tessera::resource::{DsvFlags, UnorderedAccessView};
use tessera::{
    Buffer, Device, DeviceContext, DeviceDesc, Error, FeatureLevel, Format, RenderTargetView,
    Texture,
};
use tessera_shader::{CompileOptions, WgslPixelShader, WgslVertexShader};

fn device(level: FeatureLevel, threads: usize) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(threads),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

/// Vertices 0..3: the triangle (0, 0), (n, 0), (0, n) in pixels of an n × n viewport;
/// vertices 3..6 the other half of the square, so 6 vertices cover every pixel once.
const VS: &str = "
@vertex fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    var p = array<vec2<f32>, 6>(vec2<f32>(-1.0, 1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, -1.0),
        vec2<f32>(1.0, 1.0), vec2<f32>(1.0, -1.0), vec2<f32>(-1.0, -1.0));
    return vec4<f32>(p[i], 0.5, 1.0);
}";

/// A structured buffer of `n` zero words, usable as a UAV.
fn words_buffer(d: &Device, n: usize) -> Buffer {
    let desc = BufferDesc {
        byte_width: 4 * n as u32,
        bind_flags: BindFlags::UNORDERED_ACCESS | BindFlags::SHADER_RESOURCE,
        misc_flags: MiscFlags::BUFFER_STRUCTURED,
        structure_byte_stride: 4,
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, Some(&vec![0; 4 * n])).unwrap()
}

fn words(b: &Buffer) -> Vec<u32> {
    b.read()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn target(d: &Device, n: u32) -> (Texture, RenderTargetView) {
    let desc = TextureDesc::tex2d(n, n, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    let t = d.create_texture(&desc, None).unwrap();
    let v = d.create_render_target_view(&t, None).unwrap();
    (t, v)
}

/// A context with the WGSL `VS`, fragment shader `ps`, an `n` × n viewport.
fn context(d: &Device, ps: &str, n: u32) -> DeviceContext {
    let opts = CompileOptions::default();
    let vs = WgslVertexShader::new(VS, "main", &opts).unwrap_or_else(|e| panic!("{e}"));
    let ps = WgslPixelShader::new(ps, "main", &opts).unwrap_or_else(|e| panic!("{e}"));
    let vs = d.create_vertex_shader(Arc::new(vs)).unwrap();
    let ps = d.create_pixel_shader(Arc::new(ps)).unwrap();
    let mut c = d.immediate_context();
    c.ia_set_primitive_topology(tessera::caps::PrimitiveTopology::TriangleList)
        .unwrap();
    c.vs_set_shader(Some(&vs)).unwrap();
    c.ps_set_shader(Some(&ps)).unwrap();
    c.rs_set_viewports(&[Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: n as f32,
        height: n as f32,
        min_depth: 0.0,
        max_depth: 1.0,
    }])
    .unwrap();
    c
}

fn uav(d: &Device, b: &Buffer) -> Option<UnorderedAccessView> {
    Some(d.create_unordered_access_view(b, None).unwrap())
}

const COUNT: &str = "
@group(3) @binding(1) var<storage, read_write> count: atomic<u32>;
@fragment fn main() -> @location(0) vec4<f32> {
    atomicAdd(&count, 1u);
    return vec4<f32>(1.0, 0.0, 0.0, 1.0);
}";

#[test]
fn an_atomic_counts_the_covered_pixels_exactly_at_every_thread_count() {
    // The triangle (0,0), (32,0), (0,32): centres (x + ½, y + ½) strictly inside x + y < 31
    // count, those on the hypotenuse (x + y = 31) lie on a bottom-right edge and do not
    // (top-left rule): 31 + 30 + … + 1 = 496 pixels.
    for threads in [1, 2, 8] {
        let d = device(FeatureLevel::L11_0, threads);
        let mut c = context(&d, COUNT, 32);
        let (tex, rtv) = target(&d, 32);
        let count = words_buffer(&d, 1);
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[Some(rtv)], None)),
            1,
            Some(&[uav(&d, &count)]),
            &[0],
        )
        .unwrap();
        let stats = c.draw(3, 0).unwrap();
        assert_eq!(words(&count), [496], "{threads} threads");
        assert_eq!(stats.samples_passed, 496);
        // Helper lanes of the edge quads ran (derivatives) but wrote nothing.
        assert!(stats.ps_invocations > 496, "{}", stats.ps_invocations);
        let red = tex
            .read()
            .subresource_bytes(0)
            .unwrap()
            .chunks_exact(4)
            .filter(|p| p[0] == 255)
            .count();
        assert_eq!(red, 496);
    }
}

const APPEND: &str = "
@group(3) @binding(1) var<storage, read_write> next: atomic<u32>;
@group(3) @binding(2) var<storage, read_write> log: array<u32>;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    let i = atomicAdd(&next, 1u);
    log[i] = u32(p.x) + 1000u * u32(p.y);
    return vec4<f32>(0.0);
}";

#[test]
fn the_pixel_order_is_fixed_bands_top_down_then_blocks_lane_by_lane() {
    let n = 64u32;
    let mut first: Option<Vec<u32>> = None;
    for threads in [1, 2, 8] {
        let d = device(FeatureLevel::L11_0, threads);
        let mut c = context(&d, APPEND, n);
        let (_, rtv) = target(&d, n);
        let (next, log) = (words_buffer(&d, 1), words_buffer(&d, (n * n) as usize));
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[Some(rtv)], None)),
            1,
            Some(&[uav(&d, &next), uav(&d, &log)]),
            &[0, 0],
        )
        .unwrap();
        c.draw(6, 0).unwrap();
        assert_eq!(words(&next), [n * n]);
        let got = words(&log);
        // Every pixel exactly once.
        let mut sorted = got.clone();
        sorted.sort_unstable();
        let mut all: Vec<u32> = (0..n)
            .flat_map(|y| (0..n).map(move |x| x + 1000 * y))
            .collect();
        all.sort_unstable();
        assert_eq!(sorted, all);
        // Block (0, 0) first, its lanes quad by quad (top-left, top-right, bottom-left,
        // bottom-right), and band 0 (rows 0..16) before any other row.
        assert_eq!(got[..8], [0, 1, 1000, 1001, 2, 3, 1002, 1003]);
        assert!(got[..(16 * n) as usize].iter().all(|v| v / 1000 < 16));
        match &first {
            None => first = Some(got),
            Some(f) => assert_eq!(&got, f, "{threads} threads"),
        }
    }
}

#[test]
fn discarded_lanes_write_nothing_after_the_discard() {
    let src = "
@group(3) @binding(0) var<storage, read_write> c: array<atomic<u32>, 2>;
@fragment fn main(@builtin(position) p: vec4<f32>) {
    atomicAdd(&c[0], 1u);
    if (u32(p.x) & 1u) == 1u { discard; }
    atomicAdd(&c[1], 1u);
}";
    let d = device(FeatureLevel::L11_0, 2);
    let mut c = context(&d, src, 32);
    let counts = words_buffer(&d, 2);
    c.om_set_render_targets_and_unordered_access_views(
        Some((&[], None)),
        0,
        Some(&[uav(&d, &counts)]),
        &[0],
    )
    .unwrap();
    // UAV-only rendering: no render target, the viewport is the raster area.
    c.draw(6, 0).unwrap();
    assert_eq!(words(&counts), [1024, 512]);
}

#[test]
fn a_storage_texture_is_written_per_pixel_and_read_back() {
    let src = "
@group(3) @binding(0) var t: texture_storage_2d<r32uint, write>;
@fragment fn main(@builtin(position) p: vec4<f32>) {
    textureStore(t, vec2<i32>(p.xy), vec4<u32>(u32(p.x) + 100u * u32(p.y) + 1u, 0u, 0u, 0u));
}";
    for threads in [1, 2, 8] {
        let d = device(FeatureLevel::L11_0, threads);
        let mut c = context(&d, src, 16);
        let desc = TextureDesc::tex2d(16, 16, Format::R32Uint, BindFlags::UNORDERED_ACCESS);
        let tex = d.create_texture(&desc, None).unwrap();
        let view = d.create_unordered_access_view(&tex, None).unwrap();
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[], None)),
            0,
            Some(&[Some(view)]),
            &[0],
        )
        .unwrap();
        c.draw(6, 0).unwrap();
        let bytes = tex.read().subresource_bytes(0).unwrap().to_vec();
        let got: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let want: Vec<u32> = (0..16)
            .flat_map(|y| (0..16).map(move |x| x + 100 * y + 1))
            .collect();
        assert_eq!(got, want, "{threads} threads");
    }
}

/// Draws the full square at z = 0.5 against a D32 buffer cleared to `clear` (LESS), `ps`
/// counting into a UAV; the count.
fn count_against_depth(ps: &str, clear: f32) -> u32 {
    let d = device(FeatureLevel::L11_0, 2);
    let mut c = context(&d, ps, 32);
    let (_, rtv) = target(&d, 32);
    let desc = TextureDesc::tex2d(32, 32, Format::D32Float, BindFlags::DEPTH_STENCIL);
    let depth = d.create_texture(&desc, None).unwrap();
    let dsv = d
        .create_depth_stencil_view(&depth, None, DsvFlags::default())
        .unwrap();
    c.clear_depth_stencil_view(&dsv, true, false, clear, 0)
        .unwrap();
    let count = words_buffer(&d, 1);
    c.om_set_render_targets_and_unordered_access_views(
        Some((&[Some(rtv)], Some(&dsv))),
        1,
        Some(&[uav(&d, &count)]),
        &[0],
    )
    .unwrap();
    c.draw(6, 0).unwrap();
    words(&count)[0]
}

#[test]
fn uav_writes_happen_before_the_depth_test_unless_early_depth_is_forced() {
    // D3D tests depth early only when the shader writes no depth and accesses no UAV: the
    // pixels failing depth (everything, against a buffer of 0) still count.
    assert_eq!(count_against_depth(COUNT, 0.0), 1024);
    let early = COUNT.replace("@fragment fn", "@fragment @early_depth_test(force) fn");
    assert_eq!(count_against_depth(&early, 0.0), 0);
    assert_eq!(count_against_depth(&early, 1.0), 1024);
}

fn last_message(d: &Device) -> tessera::debug::Message {
    d.info_queue()
        .messages()
        .last()
        .cloned()
        .expect("a message")
}

#[test]
fn the_uav_slots_follow_the_render_targets_with_typed_errors_and_messages() {
    const CALL: &str = "OMSetRenderTargetsAndUnorderedAccessViews";
    let d = device(FeatureLevel::L11_0, 1);
    let mut c = d.immediate_context();
    let (_, rtv) = target(&d, 4);
    let b = words_buffer(&d, 4);
    let u = uav(&d, &b);
    // UAVStartSlot below NumRTVs.
    let r = c.om_set_render_targets_and_unordered_access_views(
        Some((&[Some(rtv.clone())], None)),
        0,
        Some(std::slice::from_ref(&u)),
        &[0],
    );
    match r {
        Err(Error::UavLimit {
            call: CALL,
            limit: 1,
            value: 0,
            level: FeatureLevel::L11_0,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    let m = last_message(&d);
    assert_eq!((m.call, m.id), (CALL, MessageId::BindingRule));
    assert!(m.text.contains("UAVStartSlot >= NumRTVs"), "{}", m.text);
    // 11_0: the 8 output slots are shared, so 1 RTV + UAVs in slots 1..9 is too many.
    let nine: Vec<Option<UnorderedAccessView>> = vec![None; 8];
    assert!(matches!(
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[Some(rtv.clone())], None)),
            1,
            Some(&nine),
            &[0; 8]
        ),
        Err(Error::Caps(tessera::caps::CapsError::Count {
            limit: 8,
            value: 9,
            ..
        }))
    ));
    // Allowed: slot 1 after one render target.
    c.om_set_render_targets_and_unordered_access_views(
        Some((&[Some(rtv.clone())], None)),
        1,
        Some(std::slice::from_ref(&u)),
        &[0],
    )
    .unwrap();
    // D3D11_KEEP_UNORDERED_ACCESS_VIEWS: two render targets now overlap the kept UAV in 1.
    let (_, rtv2) = target(&d, 4);
    match c.om_set_render_targets_and_unordered_access_views(
        Some((&[Some(rtv.clone()), Some(rtv2)], None)),
        0,
        None,
        &[],
    ) {
        Err(Error::UavLimit {
            limit: 2, value: 1, ..
        }) => {}
        other => panic!("{other:?}"),
    }
    // D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL: the kept render target is in slot 0.
    match c.om_set_render_targets_and_unordered_access_views(
        None,
        0,
        Some(std::slice::from_ref(&u)),
        &[0],
    ) {
        Err(Error::UavLimit {
            limit: 1, value: 0, ..
        }) => {}
        other => panic!("{other:?}"),
    }
    // 11_1: 64 UAV slots.
    let d = device(FeatureLevel::L11_1, 1);
    let mut c = d.immediate_context();
    let u = uav(&d, &words_buffer(&d, 4));
    c.om_set_render_targets_and_unordered_access_views(
        Some((&[], None)),
        63,
        Some(std::slice::from_ref(&u)),
        &[0],
    )
    .unwrap();
    assert!(matches!(
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[], None)),
            63,
            Some(&[u.clone(), None]),
            &[0, 0]
        ),
        Err(Error::Caps(tessera::caps::CapsError::Count {
            limit: 64,
            value: 65,
            ..
        }))
    ));
}

#[test]
fn pixel_shader_uavs_are_refused_below_11_0_and_past_the_levels_slots() {
    let opts = CompileOptions::default();
    let ps = |binding: u32| {
        let src = COUNT.replace("@binding(1)", &format!("@binding({binding})"));
        Arc::new(WgslPixelShader::new(&src, "main", &opts).unwrap())
    };
    for level in [FeatureLevel::L10_0, FeatureLevel::L10_1] {
        let d = device(level, 1);
        assert!(d.create_pixel_shader(ps(1)).is_err(), "{level:?}");
        assert_eq!(last_message(&d).call, "CreatePixelShader");
    }
    let d = device(FeatureLevel::L11_0, 1);
    assert!(d.create_pixel_shader(ps(7)).is_ok());
    match d.create_pixel_shader(ps(8)) {
        Err(Error::UavLimit {
            call: "CreatePixelShader",
            limit: 7,
            value: 8,
            ..
        }) => {}
        other => panic!("{other:?}"),
    }
    assert!(
        device(FeatureLevel::L11_1, 1)
            .create_pixel_shader(ps(63))
            .is_ok()
    );
}

/// D3D11 (`OMSetRenderTargetsAndUnorderedAccessViews` remarks): a render target and a UAV of
/// one call that share a subresource conflict, and the runtime drops the call.
#[test]
fn a_render_target_and_a_uav_of_one_subresource_are_refused_at_binding() {
    let d = device(FeatureLevel::L11_0, 1);
    let mut c = context(&d, COUNT, 4);
    let desc = TextureDesc::tex2d(
        4,
        4,
        Format::R8G8B8A8Unorm,
        BindFlags::RENDER_TARGET | BindFlags::UNORDERED_ACCESS,
    );
    let t = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&t, None).unwrap();
    let u = d.create_unordered_access_view(&t, None).unwrap();
    let r = c.om_set_render_targets_and_unordered_access_views(
        Some((&[Some(rtv)], None)),
        1,
        Some(&[Some(u)]),
        &[0],
    );
    match r {
        Err(Error::OutputConflict {
            call: "OMSetRenderTargetsAndUnorderedAccessViews",
            ref first,
            ref second,
            ..
        }) if first == "render target slot 0" && second == "OM unordered access view slot 1" => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(last_message(&d).id, MessageId::BindingRule);
}
