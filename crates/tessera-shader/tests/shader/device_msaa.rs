//! Per-sample fragment inputs through the device on a 4× target (RS-18, RS-19):
//! `@builtin(sample_index)` runs the shader once per covered sample, `@builtin(sample_mask)`
//! in is the covered samples, `@interpolate(perspective, sample)` is the sample's position.

use std::sync::Arc;

use tessera::caps::{BindFlags, SampleDesc, TextureDesc, Viewport};
use tessera::{Device, DeviceDesc, FeatureLevel, Format};
use tessera_shader::{CompileOptions, WgslPixelShader, WgslVertexShader};

/// One triangle over the whole 4 × 2 target (pixels (0, 0), (8, 0), (0, 4)), its
/// `@location(0)` the pixel position.
const VS: &str = "
struct O { @builtin(position) p: vec4<f32>, @location(0) xy: vec2<f32>, }
@vertex fn main(@builtin(vertex_index) i: u32) -> O {
    var p = array<vec2<f32>, 3>(vec2<f32>(-1.0, 1.0), vec2<f32>(3.0, 1.0), vec2<f32>(-1.0, -3.0));
    var xy = array<vec2<f32>, 3>(vec2<f32>(0.0, 0.0), vec2<f32>(8.0, 0.0), vec2<f32>(0.0, 4.0));
    return O(vec4<f32>(p[i], 0.5, 1.0), xy[i]);
}";

/// o0 = (sample index, popcount(SV_Coverage input), x · 16, y · 16) / 255.
const PS: &str = "
@fragment fn main(
    @builtin(sample_index) s: u32,
    @builtin(sample_mask) m: u32,
    @location(0) @interpolate(perspective, sample) xy: vec2<f32>,
) -> @location(0) vec4<f32> {
    return vec4<f32>(f32(s), f32(countOneBits(m)), xy * 16.0) / 255.0;
}";

#[test]
fn sample_index_mask_and_sample_inputs_on_a_4x_target() {
    const P4: [[i32; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];
    let d = Device::new(&DeviceDesc::at(FeatureLevel::L11_0)).unwrap();
    let opts = CompileOptions::default();
    let vs = WgslVertexShader::new(VS, "main", &opts).unwrap_or_else(|e| panic!("{e}"));
    let ps = WgslPixelShader::new(PS, "main", &opts).unwrap_or_else(|e| panic!("{e}"));
    let vs = d.create_vertex_shader(Arc::new(vs)).unwrap();
    let ps = d.create_pixel_shader(Arc::new(ps)).unwrap();
    let desc = TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        ..TextureDesc::tex2d(4, 2, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
    };
    let tex = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&tex, None).unwrap();
    let mut c = d.immediate_context();
    c.ia_set_primitive_topology(tessera::caps::PrimitiveTopology::TriangleList)
        .unwrap();
    c.vs_set_shader(Some(&vs)).unwrap();
    c.ps_set_shader(Some(&ps)).unwrap();
    c.rs_set_viewports(&[Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: 4.0,
        height: 2.0,
        min_depth: 0.0,
        max_depth: 1.0,
    }])
    .unwrap();
    c.om_set_render_targets(&[Some(rtv)], None).unwrap();
    let stats = c.draw(3, 0).unwrap();
    assert_eq!(stats.ps_invocations, 32, "one call per sample");
    let bytes = tex.read().subresource_bytes(0).unwrap().to_vec();
    assert_eq!(bytes.len(), 4 * 4 * 2 * 4);
    for (s, o) in P4.iter().enumerate() {
        for (x, y) in [(0, 0), (3, 1)] {
            // The plane of sample s, texel (x, y): x · 16 + 8 + ox, y · 16 + 8 + oy.
            let at = ((s * 2 + y) * 4 + x) * 4;
            let want = [
                s as u8,
                4,
                (x as i32 * 16 + 8 + o[0]) as u8,
                (y as i32 * 16 + 8 + o[1]) as u8,
            ];
            assert_eq!(bytes[at..at + 4], want, "pixel ({x}, {y}) sample {s}");
        }
    }
}
