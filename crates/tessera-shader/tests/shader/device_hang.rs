//! A draw whose WGSL shader runs past its step budget is abandoned with `Error::ShaderHung`
//! and an info-queue message (like a GPU's timeout detection); the next draw runs normally.

use std::sync::Arc;

use tessera::caps::{BindFlags, TextureDesc, Viewport};
use tessera::{Device, DeviceDesc, Error, FeatureLevel, Format};
use tessera_pipeline::ShaderFault;
use tessera_shader::{CompileOptions, WgslPixelShader, WgslVertexShader};

const VS: &str = "@vertex fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let x = select(-1.0, 3.0, i == 2u);
    let y = select(-1.0, 3.0, i == 1u);
    return vec4<f32>(x, y, 0.5, 1.0);
}";

/// Spins forever where `hang` is set, else returns a constant colour.
const PS: &str = "struct P { hang: u32, }
@group(0) @binding(0) var<uniform> p: P;
@fragment fn main() -> @location(0) vec4<f32> {
    var i = 0u;
    loop { if p.hang == 0u { break; } i += 1u; }
    return vec4<f32>(1.0, 0.0, 0.0, 1.0);
}";

#[test]
fn a_draw_past_the_step_budget_is_abandoned_with_a_message() {
    let d = Device::new(&DeviceDesc {
        threads: Some(2),
        ..DeviceDesc::at(FeatureLevel::L11_0)
    })
    .unwrap();
    let mut c = d.immediate_context();
    let opts = CompileOptions { step_budget: 2_000 };
    let vs = d
        .create_vertex_shader(Arc::new(WgslVertexShader::new(VS, "main", &opts).unwrap()))
        .unwrap();
    let ps = d
        .create_pixel_shader(Arc::new(WgslPixelShader::new(PS, "main", &opts).unwrap()))
        .unwrap();
    let tex = d
        .create_texture(
            &TextureDesc::tex2d(8, 8, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET),
            None,
        )
        .unwrap();
    let rtv = d.create_render_target_view(&tex, None).unwrap();
    c.om_set_render_targets(&[Some(rtv)], None).unwrap();
    c.rs_set_viewports(&[Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: 8.0,
        height: 8.0,
        min_depth: 0.0,
        max_depth: 1.0,
    }])
    .unwrap();
    c.ia_set_primitive_topology(tessera::caps::PrimitiveTopology::TriangleList)
        .unwrap();
    c.vs_set_shader(Some(&vs)).unwrap();
    c.ps_set_shader(Some(&ps)).unwrap();
    let cb = |hang: u32| {
        let mut bytes = hang.to_le_bytes().to_vec();
        bytes.resize(16, 0);
        let desc = tessera::caps::BufferDesc {
            byte_width: 16,
            bind_flags: BindFlags::CONSTANT_BUFFER,
            ..Default::default()
        };
        d.create_buffer(&desc, Some(&bytes)).unwrap()
    };
    c.ps_set_constant_buffers(0, &[Some(cb(1))]).unwrap();
    let before = d.info_queue().messages().len();
    match c.draw(3, 0) {
        Err(Error::ShaderHung {
            call: "Draw",
            fault: ShaderFault::StepBudget { budget: 2_000 },
        }) => {}
        other => panic!("{other:?}"),
    }
    let msgs = d.info_queue().messages();
    assert_eq!(msgs.len(), before + 1);
    assert!(
        msgs[before].text.contains("device hung"),
        "{}",
        msgs[before].text
    );
    // The fault was taken: a draw that does not hang succeeds.
    c.ps_set_constant_buffers(0, &[Some(cb(0))]).unwrap();
    c.draw(3, 0).unwrap();
}
