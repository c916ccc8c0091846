//! Render one vertex-coloured triangle at feature level 11_0 and save it as a PNG.
//!
//! `cargo run --release --example triangle -- triangle.png` (the path defaults to
//! `triangle.png`). The steps are those of a Direct3D 11 program: device, render target and
//! view, vertex buffer and input layout, shaders, state, viewport, draw, read back.

use std::error::Error;
use std::sync::Arc;

use tessera::caps::{
    BindFlags, BufferDesc, InputClassification, InputElementDesc, PrimitiveTopology, TextureDesc,
    Viewport,
};
use tessera::pipeline::builtin::{TransformVs, VertexColorPs};
use tessera::{Device, DeviceDesc, FeatureLevel, Format, VertexBufferView};

/// Width and height of the target.
const SIZE: u32 = 256;

/// Draws the triangle and returns the target's pixels.
fn render() -> Result<image::RgbaImage, Box<dyn Error>> {
    // The device and its immediate context (ID3D11Device / ID3D11DeviceContext).
    let device = Device::new(&DeviceDesc::at(FeatureLevel::L11_0))?;
    let mut ctx = device.immediate_context();

    // A 256×256 RGBA8 render target and its view.
    let desc = TextureDesc::tex2d(SIZE, SIZE, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    let target = device.create_texture(&desc, None)?;
    let rtv = device.create_render_target_view(&target, None)?;

    // Three vertices: a clip-space position (x, y, z, w) and a colour (r, g, b, a).
    #[rustfmt::skip]
    let vertices: [f32; 24] = [
         0.0,  0.8, 0.5, 1.0,   1.0, 0.0, 0.0, 1.0,
         0.8, -0.8, 0.5, 1.0,   0.0, 1.0, 0.0, 1.0,
        -0.8, -0.8, 0.5, 1.0,   0.0, 0.0, 1.0, 1.0,
    ];
    let bytes: &[u8] = bytemuck::cast_slice(&vertices);
    let vb = device.create_buffer(
        &BufferDesc {
            byte_width: bytes.len() as u32,
            bind_flags: BindFlags::VERTEX_BUFFER,
            ..Default::default()
        },
        Some(bytes),
    )?;
    let element = |name: &str, offset| InputElementDesc {
        semantic_name: name.into(),
        semantic_index: 0,
        format: Format::R32G32B32A32Float,
        input_slot: 0,
        aligned_byte_offset: offset,
        input_slot_class: InputClassification::PerVertex,
        instance_data_step_rate: 0,
    };
    let layout = device.create_input_layout(&[element("POSITION", 0), element("COLOR", 16)])?;

    // Built-in shaders: TransformVs multiplies the position by the matrix in cb0 and passes
    // the colour on; VertexColorPs writes the interpolated colour.
    let vs = device.create_vertex_shader(Arc::new(TransformVs { varyings: 1 }))?;
    let ps = device.create_pixel_shader(Arc::new(VertexColorPs))?;
    #[rustfmt::skip]
    let identity: [f32; 16] = [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0];
    let cb = device.create_buffer(
        &BufferDesc {
            byte_width: 64,
            bind_flags: BindFlags::CONSTANT_BUFFER,
            ..Default::default()
        },
        Some(bytemuck::cast_slice(&identity)),
    )?;

    // Bind everything, clear, draw.
    ctx.ia_set_input_layout(Some(&layout))?;
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)?;
    ctx.ia_set_vertex_buffers(
        0,
        &[Some(VertexBufferView {
            buffer: vb,
            stride: 32,
            offset: 0,
        })],
    )?;
    ctx.vs_set_shader(Some(&vs))?;
    ctx.vs_set_constant_buffers(0, &[Some(cb)])?;
    ctx.ps_set_shader(Some(&ps))?;
    ctx.rs_set_viewports(&[Viewport::full(SIZE, SIZE)])?;
    ctx.om_set_render_targets(&[Some(rtv.clone())], None)?;
    ctx.clear_render_target_view(&rtv, [0.1, 0.1, 0.1, 1.0])?;
    let stats = ctx.draw(3, 0)?;
    println!("drew {stats:?}");

    // Anything the debug layer noticed (nothing, for this program).
    for message in device.info_queue().take() {
        println!("{message}");
    }
    Ok(tessera::resource::read_rgba8(&target, 0)?)
}

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "triangle.png".into());
    let image = render()?;
    image.save(&path)?;
    println!("wrote {path} ({}x{})", image.width(), image.height());
    Ok(())
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the example: the background is the clear colour and the centre is
    /// inside the triangle, a blend of its three vertex colours.
    #[test]
    fn the_triangle_covers_the_centre_and_not_the_corners() {
        let image = super::render().unwrap();
        assert_eq!(image.get_pixel(0, 0).0, [26, 26, 26, 255]);
        assert_eq!(image.get_pixel(128, 140).0, [112, 72, 71, 255]);
    }
}
