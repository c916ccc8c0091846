//! End-to-end: create a device, bind state, draw, read back exact pixels.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, BufferDesc, CpuAccess, InputElementDesc, PrimitiveTopology, TextureDesc, Usage,
    Viewport,
};
use tessera::pipeline::builtin::{TransformVs, VertexColorPs};
use tessera::{Device, DeviceDesc, FeatureLevel, Format, VertexBufferView};

fn vertex_buffer(device: &Device, verts: &[[f32; 8]]) -> tessera::Buffer {
    let bytes: Vec<u8> = verts
        .iter()
        .flatten()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let desc = BufferDesc {
        byte_width: bytes.len() as u32,
        usage: Usage::Default,
        bind_flags: BindFlags::VERTEX_BUFFER,
        ..Default::default()
    };
    device.create_buffer(&desc, Some(&bytes)).unwrap()
}

fn element(name: &str, offset: u32) -> InputElementDesc {
    InputElementDesc {
        semantic_name: name.into(),
        semantic_index: 0,
        format: Format::R32G32B32A32Float,
        input_slot: 0,
        aligned_byte_offset: offset,
        input_slot_class: Default::default(),
        instance_data_step_rate: 0,
    }
}

/// A red full-viewport triangle pair over a 8×8 target, read back through a staging copy.
fn render_quad(level: FeatureLevel) -> Vec<u8> {
    let device = Device::new(&DeviceDesc::at(level)).unwrap();
    let mut ctx = device.immediate_context();
    let target = device
        .create_texture(
            &TextureDesc::tex2d(8, 8, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET),
            None,
        )
        .unwrap();
    let rtv = device.create_render_target_view(&target, None).unwrap();
    let red = [1.0, 0.0, 0.0, 1.0];
    let quad = [
        [-1.0, 1.0, 0.5, 1.0],
        [1.0, 1.0, 0.5, 1.0],
        [-1.0, -1.0, 0.5, 1.0],
        [1.0, -1.0, 0.5, 1.0],
    ];
    let verts: Vec<[f32; 8]> = quad
        .iter()
        .map(|p| [p[0], p[1], p[2], p[3], red[0], red[1], red[2], red[3]])
        .collect();
    let vb = vertex_buffer(&device, &verts);
    let layout = device
        .create_input_layout(&[element("POSITION", 0), element("COLOR", 16)])
        .unwrap();
    let vs = device
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    let ps = device.create_pixel_shader(Arc::new(VertexColorPs)).unwrap();
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(
        0,
        &[Some(VertexBufferView {
            buffer: vb,
            stride: 32,
            offset: 0,
        })],
    )
    .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.rs_set_state(Some(
        &device.create_rasterizer_state(&Default::default()).unwrap(),
    ))
    .unwrap();
    let vp = Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: 8.0,
        height: 8.0,
        min_depth: 0.0,
        max_depth: 1.0,
    };
    ctx.rs_set_viewports(&[vp]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    let stats = ctx.draw(4, 0).unwrap();
    assert_eq!(stats.ia_primitives, 2);

    let mut staging_desc = TextureDesc::tex2d(8, 8, Format::R8G8B8A8Unorm, BindFlags::NONE);
    staging_desc.usage = Usage::Staging;
    staging_desc.cpu_access = CpuAccess::READ;
    let staging = device.create_texture(&staging_desc, None).unwrap();
    ctx.copy_resource(&(&staging).into(), &(&target).into())
        .unwrap();
    staging.read().bytes().to_vec()
}

#[test]
fn strip_quad_fills_target_at_9_1_and_11_0() {
    for level in [FeatureLevel::L9_1, FeatureLevel::L11_0] {
        let bytes = render_quad(level);
        assert_eq!(bytes.len(), 8 * 8 * 4);
        assert!(
            bytes.chunks(4).all(|p| p == [255, 0, 0, 255]),
            "level {level}: {bytes:?}"
        );
    }
}

#[test]
fn device_is_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Device>();
    check::<tessera::Texture>();
    check::<tessera::Buffer>();
}

#[test]
fn tiled_flags_on_ordinary_creation_are_refused_not_silently_allocated() {
    use tessera::caps::{CapsError, MiscFlags};
    let device = Device::new(&DeviceDesc::at(FeatureLevel::L11_0)).unwrap();
    let tiled = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
    };
    assert!(matches!(
        device.create_texture(&tiled, None),
        Err(tessera::Error::Caps(CapsError::InvalidDesc { reason, .. })) if reason.contains("create_tiled_texture")
    ));
    let pool = BufferDesc {
        byte_width: 65536,
        misc_flags: MiscFlags::TILE_POOL,
        ..BufferDesc::default()
    };
    assert!(matches!(
        device.create_buffer(&pool, None),
        Err(tessera::Error::Caps(CapsError::InvalidDesc { reason, .. })) if reason.contains("create_tile_pool")
    ));
}

/// `CreateInputLayout` through the device: a misaligned R32_FLOAT offset is refused by the
/// caps rule, an aligned one is accepted (the placement itself is tested in the pipeline).
#[test]
fn create_input_layout_refuses_a_misaligned_offset() {
    let device = Device::new(&DeviceDesc::at(FeatureLevel::L11_0)).unwrap();
    let r32 = |offset| InputElementDesc {
        format: Format::R32Float,
        ..element("TEXCOORD", offset)
    };
    assert!(device.create_input_layout(&[r32(4)]).is_ok());
    assert!(matches!(
        device.create_input_layout(&[r32(2)]),
        Err(tessera::Error::Caps(
            tessera::caps::CapsError::InputElement { element: 0, .. }
        ))
    ));
}
