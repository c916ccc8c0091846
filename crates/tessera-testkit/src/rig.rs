//! Device rigs for tests through the facade: devices at a level, render and depth targets,
//! buffers, input layouts, the colour pipeline, a `draw_quad` in pixel coordinates, and pixel
//! readback.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, BufferDesc, CullMode, InputClassification, InputElementDesc, PrimitiveTopology,
    RasterizerDesc, TextureDesc, Usage, Viewport,
};
use tessera::pipeline::builtin::{TransformVs, VertexColorPs};
use tessera::resource::DsvFlags;
use tessera::{
    Buffer, DepthStencilView, Device, DeviceContext, DeviceDesc, FeatureLevel, Format,
    InputLayoutHandle, RenderTargetView, Texture, VertexBufferView,
};

/// Feature levels, short: `L::L11_0`.
pub use tessera::FeatureLevel as L;

/// Opaque red.
pub const RED: [f32; 4] = [1.0, 0.0, 0.0, 1.0];
/// Opaque green.
pub const GREEN: [f32; 4] = [0.0, 1.0, 0.0, 1.0];
/// Opaque blue.
pub const BLUE: [f32; 4] = [0.0, 0.0, 1.0, 1.0];

/// A device at exactly `level`.
pub fn device(level: FeatureLevel) -> Device {
    Device::new(&DeviceDesc::at(level)).unwrap()
}

/// A device at `level` with `threads` rasterization workers.
pub fn device_threads(level: FeatureLevel, threads: usize) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(threads),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

/// A single-mip `w`×`h` render target (also shader-resource bindable) and its RTV.
pub fn target(device: &Device, w: u32, h: u32, format: Format) -> (Texture, RenderTargetView) {
    let tex = device
        .create_texture(
            &TextureDesc::tex2d(w, h, format, BindFlags::RENDER_TARGET),
            None,
        )
        .unwrap();
    let rtv = device.create_render_target_view(&tex, None).unwrap();
    (tex, rtv)
}

/// A single-mip `w`×`h` depth target of `format` (D32_FLOAT, D24_UNORM_S8_UINT…) and its DSV.
pub fn depth_target(
    device: &Device,
    w: u32,
    h: u32,
    format: Format,
) -> (Texture, DepthStencilView) {
    let tex = device
        .create_texture(
            &TextureDesc::tex2d(w, h, format, BindFlags::DEPTH_STENCIL),
            None,
        )
        .unwrap();
    let dsv = device
        .create_depth_stencil_view(&tex, None, DsvFlags::default())
        .unwrap();
    (tex, dsv)
}

/// The bytes of one subresource, read straight from the resource.
pub fn bytes(tex: &Texture, sub: u32) -> Vec<u8> {
    tex.read().subresource_bytes(sub).unwrap().to_vec()
}

/// RGBA8 pixels of one subresource.
pub fn rgba8(tex: &Texture, sub: u32) -> Vec<[u8; 4]> {
    bytes(tex, sub)
        .chunks_exact(4)
        .map(|p| [p[0], p[1], p[2], p[3]])
        .collect()
}

/// Number of pixels equal to `px`.
pub fn count(pixels: &[[u8; 4]], px: [u8; 4]) -> usize {
    pixels.iter().filter(|p| **p == px).count()
}

/// Little-endian bytes of f32s.
pub fn f32_bytes(data: &[f32]) -> Vec<u8> {
    data.iter().flat_map(|f| f.to_le_bytes()).collect()
}

/// A DEFAULT buffer with the given bind flag and contents.
pub fn buffer(device: &Device, bind: BindFlags, data: &[u8]) -> Buffer {
    let desc = BufferDesc {
        byte_width: data.len() as u32,
        usage: Usage::Default,
        bind_flags: bind,
        ..Default::default()
    };
    device.create_buffer(&desc, Some(data)).unwrap()
}

/// A vertex buffer of f32s.
pub fn vertex_buffer(device: &Device, data: &[f32]) -> Buffer {
    buffer(device, BindFlags::VERTEX_BUFFER, &f32_bytes(data))
}

/// A 16-bit index buffer.
pub fn index_buffer16(device: &Device, indices: &[u16]) -> Buffer {
    let b: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
    buffer(device, BindFlags::INDEX_BUFFER, &b)
}

/// A 32-bit index buffer.
pub fn index_buffer32(device: &Device, indices: &[u32]) -> Buffer {
    let b: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
    buffer(device, BindFlags::INDEX_BUFFER, &b)
}

/// A constant buffer of float4 registers (padded to 16 bytes).
pub fn constant_buffer(device: &Device, regs: &[[f32; 4]]) -> Buffer {
    let flat: Vec<f32> = regs.iter().flatten().copied().collect();
    buffer(device, BindFlags::CONSTANT_BUFFER, &f32_bytes(&flat))
}

/// An element of `format` in `slot` at `offset`.
pub fn element(name: &str, index: u32, format: Format, slot: u32, offset: u32) -> InputElementDesc {
    InputElementDesc {
        semantic_name: name.into(),
        semantic_index: index,
        format,
        input_slot: slot,
        aligned_byte_offset: offset,
        input_slot_class: InputClassification::PerVertex,
        instance_data_step_rate: 0,
    }
}

/// A per-instance element (step rate 1).
pub fn instance_element(name: &str, format: Format, slot: u32, offset: u32) -> InputElementDesc {
    InputElementDesc {
        input_slot_class: InputClassification::PerInstance,
        instance_data_step_rate: 1,
        ..element(name, 0, format, slot, offset)
    }
}

/// Slot 0 holds `names.len()` consecutive float4 elements (stride 16·n).
pub fn float4_layout(device: &Device, names: &[&str]) -> InputLayoutHandle {
    let els: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| element(n, 0, Format::R32G32B32A32Float, 0, 16 * i as u32))
        .collect();
    device.create_input_layout(&els).unwrap()
}

/// A vertex-buffer binding of `buffer` with `stride`, offset 0.
pub fn vb_view(buffer: Buffer, stride: u32) -> Option<VertexBufferView> {
    Some(VertexBufferView {
        buffer,
        stride,
        offset: 0,
    })
}

/// Full-target viewport (the same as `Viewport::full(w, h)`).
pub fn viewport(w: u32, h: u32) -> Viewport {
    crate::full_viewport(w, h)
}

/// Pixel → NDC for a `w`×`h` viewport at the origin.
pub fn ndc(px: f32, py: f32, w: u32, h: u32) -> (f32, f32) {
    (px / w as f32 * 2.0 - 1.0, 1.0 - py / h as f32 * 2.0)
}

/// Strip-ordered corners (TL, TR, BL, BR) of pixel rectangle [x0,x1)×[y0,y1), each vertex
/// `[x, y, z, 1]` followed by `extra` (float4 attributes, the same on every corner except
/// `uv`-style attributes supplied by `per_corner`).
pub fn rect_strip(
    rect: [f32; 4],
    z: f32,
    size: (u32, u32),
    per_corner: impl Fn(usize) -> Vec<f32>,
) -> Vec<f32> {
    let [x0, y0, x1, y1] = rect;
    let corners = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)];
    let mut out = Vec::new();
    for (i, (x, y)) in corners.into_iter().enumerate() {
        let (nx, ny) = ndc(x, y, size.0, size.1);
        out.extend([nx, ny, z, 1.0]);
        out.extend(per_corner(i));
    }
    out
}

/// Binds the colour pipeline: `POSITION, COLOR` float4 layout, `TransformVs`, `VertexColorPs`,
/// cull none, a full-target viewport, triangle strips, and the given target.
pub fn bind_color_pipeline(
    device: &Device,
    ctx: &mut DeviceContext,
    rtv: &RenderTargetView,
    w: u32,
    h: u32,
) {
    let layout = float4_layout(device, &["POSITION", "COLOR"]);
    let vs = device
        .create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))
        .unwrap();
    let ps = device.create_pixel_shader(Arc::new(VertexColorPs)).unwrap();
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(device))])
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    ctx.rs_set_state(Some(&no_cull(device))).unwrap();
    ctx.rs_set_viewports(&[viewport(w, h)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv.clone())], None)
        .unwrap();
}

/// A constant buffer holding the identity matrix (`TransformVs`'s b0: positions pass through).
pub fn identity_constants(device: &Device) -> Buffer {
    constant_buffer(
        device,
        &[
            [1.0, 0.0, 0.0, 0.0],
            [0.0, 1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0, 0.0],
            [0.0, 0.0, 0.0, 1.0],
        ],
    )
}

/// A rasterizer state with culling off (everything else default).
pub fn no_cull(device: &Device) -> tessera::RasterizerState {
    device
        .create_rasterizer_state(&RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        })
        .unwrap()
}

/// Draws the pixel rectangle `rect` at depth `z` in `color` with the bound colour pipeline
/// (binds its own vertex buffer in slot 0; the target is `size`).
pub fn draw_quad(
    device: &Device,
    ctx: &mut DeviceContext,
    size: (u32, u32),
    rect: [f32; 4],
    z: f32,
    color: [f32; 4],
) -> tessera::Result<tessera::pipeline::DrawStats> {
    let verts = rect_strip(rect, z, size, |_| color.to_vec());
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(device, &verts), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    ctx.draw(4, 0)
}

/// UNORM8 of a float colour (exact for 0 and 1).
pub fn px(c: [f32; 4]) -> [u8; 4] {
    c.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
}

/// True for a feature-level refusal, whether the caps layer answered directly or through the
/// resource layer (`Error::Resource(ResourceError::Caps(_))`).
pub fn is_caps<T>(r: &tessera::Result<T>) -> bool {
    matches!(
        r,
        Err(tessera::Error::Caps(_))
            | Err(tessera::Error::Resource(
                tessera::resource::ResourceError::Caps(_)
            ))
    )
}

/// The caps error behind a refusal, if any.
pub fn caps_error<T>(r: &tessera::Result<T>) -> Option<&tessera::caps::CapsError> {
    match r {
        Err(tessera::Error::Caps(e))
        | Err(tessera::Error::Resource(tessera::resource::ResourceError::Caps(e))) => Some(e),
        _ => None,
    }
}
