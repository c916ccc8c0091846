//! A draw whose WGSL shader runs past its step budget is abandoned with `Error::ShaderHung`
//! and an info-queue message (like a GPU's timeout detection) and removes the device
//! (`DXGI_ERROR_DEVICE_HUNG`): later work fails with `Error::DeviceRemoved`. With
//! `DeviceDesc::keep_device_after_hang` the next draw runs normally.

use std::sync::Arc;

use tessera::caps::{BindFlags, TextureDesc, Viewport};
use tessera::debug::MessageId;
use tessera::{Device, DeviceDesc, DeviceRemovedReason, Error, FeatureLevel, Format};
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

/// A device at 11_0 (keeping itself after a hang when `keep`) with an 8×8 target bound, the
/// full-screen VS and the PS that spins while its cb0 says so; `cb(hang)` makes that cb0.
fn rig(keep: bool) -> (Device, tessera::DeviceContext, tessera::Texture) {
    let d = Device::new(&DeviceDesc {
        threads: Some(2),
        keep_device_after_hang: keep,
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
    (d, c, tex)
}

fn cb(d: &Device, hang: u32) -> tessera::Buffer {
    let mut bytes = hang.to_le_bytes().to_vec();
    bytes.resize(16, 0);
    let desc = tessera::caps::BufferDesc {
        byte_width: 16,
        bind_flags: BindFlags::CONSTANT_BUFFER,
        ..Default::default()
    };
    d.create_buffer(&desc, Some(&bytes)).unwrap()
}

/// Draws with the spinning PS: the draw fails as hung, with its message.
fn hang(d: &Device, c: &mut tessera::DeviceContext) {
    c.ps_set_constant_buffers(0, &[Some(cb(d, 1))]).unwrap();
    let before = d.info_queue().messages().len();
    match c.draw(3, 0) {
        Err(Error::ShaderHung {
            call: "Draw",
            fault: ShaderFault::StepBudget { budget: 2_000 },
        }) => {}
        other => panic!("{other:?}"),
    }
    let msgs = d.info_queue().messages();
    assert!(
        msgs[before].text.starts_with("Draw: device hung: "),
        "{}",
        msgs[before].text
    );
    assert_eq!(msgs[before].id, MessageId::PipelineRule);
}

#[test]
fn a_hung_draw_removes_the_device_and_later_work_is_refused() {
    let (d, mut c, tex) = rig(false);
    assert_eq!(d.get_device_removed_reason(), None);
    let before = d.info_queue().messages().len();
    hang(&d, &mut c);
    assert_eq!(
        d.get_device_removed_reason(),
        Some(DeviceRemovedReason::Hung)
    );
    assert_eq!(DeviceRemovedReason::Hung.hresult(), 0x887A_0006);
    let msgs = d.info_queue().messages();
    assert_eq!(msgs.len(), before + 2);
    assert_eq!(msgs[before + 1].id, MessageId::DeviceRemoved);
    assert!(
        msgs[before + 1]
            .text
            .starts_with("Draw: device removed (DXGI_ERROR_DEVICE_HUNG): "),
        "{}",
        msgs[before + 1].text
    );
    // A draw that would not hang, a clear and a map are refused now, each with a message.
    c.ps_set_constant_buffers(0, &[Some(cb(&d, 0))]).unwrap();
    let removed = |r: Result<(), Error>, call: &str| match r {
        Err(Error::DeviceRemoved {
            call: c,
            reason: DeviceRemovedReason::Hung,
        }) if c == call => {}
        other => panic!("{call}: {other:?}"),
    };
    removed(c.draw(3, 0).map(|_| ()), "Draw");
    let rtv = d.create_render_target_view(&tex, None).unwrap();
    removed(
        c.clear_render_target_view(&rtv, [0.0; 4]),
        "ClearRenderTargetView",
    );
    let res = tessera::Resource::from(tex.clone());
    removed(
        c.map(&res, 0, tessera::resource::MapType::Read).map(|_| ()),
        "Map",
    );
    let msgs = d.info_queue().messages();
    assert_eq!(msgs.len(), before + 5);
    assert!(
        msgs[before + 2..]
            .iter()
            .all(|m| m.id == MessageId::DeviceRemoved)
    );
    assert_eq!(
        msgs[before + 2].text,
        "Draw: the device was removed (DXGI_ERROR_DEVICE_HUNG): DXGI_ERROR_DEVICE_REMOVED; create a new device"
    );
    // Binding state still works (D3D's state calls return nothing either way).
    c.ps_set_constant_buffers(0, &[Some(cb(&d, 0))]).unwrap();
}

#[test]
fn keep_device_after_hang_lets_the_next_draw_run() {
    let (d, mut c, _tex) = rig(true);
    let before = d.info_queue().messages().len();
    hang(&d, &mut c);
    assert_eq!(d.info_queue().messages().len(), before + 1);
    assert_eq!(d.get_device_removed_reason(), None);
    // The fault was taken: a draw that does not hang succeeds.
    c.ps_set_constant_buffers(0, &[Some(cb(&d, 0))]).unwrap();
    c.draw(3, 0).unwrap();
}
