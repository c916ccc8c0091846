//! Render an indexed, textured quad at feature level 10_0: a texture with initial data, a
//! shader-resource view, a sampler, an index buffer and `draw_indexed`.
//!
//! `cargo run --release --example textured_mesh -- textured.png` (default `textured.png`).

use std::error::Error;
use std::sync::Arc;

use tessera::caps::{
    AddressMode, BindFlags, BufferDesc, Filter, FilterKind, FilterReduction, InputClassification,
    InputElementDesc, PrimitiveTopology, SamplerDesc, TextureDesc, Viewport,
};
use tessera::pipeline::builtin::{TexturedPs, TransformVs};
use tessera::resource::SubresourceData;
use tessera::{Buffer, Device, DeviceDesc, FeatureLevel, Format, VertexBufferView};

/// Width and height of the target.
const SIZE: u32 = 128;
/// Width and height of the checkerboard texture.
const TEX: u32 = 4;

/// A DEFAULT-usage buffer holding `data`.
fn buffer(device: &Device, bind_flags: BindFlags, data: &[u8]) -> tessera::Result<Buffer> {
    let desc = BufferDesc {
        byte_width: data.len() as u32,
        bind_flags,
        ..Default::default()
    };
    device.create_buffer(&desc, Some(data))
}

/// Draws the quad and returns the target's pixels.
fn render() -> Result<image::RgbaImage, Box<dyn Error>> {
    let device = Device::new(&DeviceDesc::at(FeatureLevel::L10_0))?;
    let mut ctx = device.immediate_context();
    let desc = TextureDesc::tex2d(SIZE, SIZE, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    let target = device.create_texture(&desc, None)?;
    let rtv = device.create_render_target_view(&target, None)?;

    // A 4×4 checkerboard, white and orange, uploaded as the texture's initial data.
    let texels: Vec<u8> = (0..TEX * TEX)
        .flat_map(|i| match (i % TEX + i / TEX) % 2 {
            0 => [255, 255, 255, 255],
            _ => [255, 128, 0, 255],
        })
        .collect();
    let init = SubresourceData {
        data: &texels,
        row_pitch: (TEX * 4) as usize,
        depth_pitch: 0,
    };
    let tex_desc = TextureDesc::tex2d(TEX, TEX, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let texture = device.create_texture(&tex_desc, Some(&[init]))?;
    let srv = device.create_shader_resource_view(&texture, None)?;
    let point = FilterKind::Point;
    let sampler = device.create_sampler_state(&SamplerDesc {
        filter: Filter {
            min: point,
            mag: point,
            mip: point,
            anisotropic: false,
            reduction: FilterReduction::Standard,
        },
        address_u: AddressMode::Wrap,
        address_v: AddressMode::Wrap,
        ..Default::default()
    })?;

    // Four corners (position, uv, tint) and two triangles of 16-bit indices.
    #[rustfmt::skip]
    let vertices: [f32; 40] = [
        -0.9,  0.9, 0.5, 1.0,   0.0, 0.0,   1.0, 1.0, 1.0, 1.0,
         0.9,  0.9, 0.5, 1.0,   2.0, 0.0,   1.0, 1.0, 1.0, 1.0,
        -0.9, -0.9, 0.5, 1.0,   0.0, 2.0,   1.0, 1.0, 1.0, 1.0,
         0.9, -0.9, 0.5, 1.0,   2.0, 2.0,   1.0, 1.0, 1.0, 1.0,
    ];
    let indices: [u16; 6] = [0, 1, 2, 2, 1, 3];
    let vb = buffer(
        &device,
        BindFlags::VERTEX_BUFFER,
        bytemuck::cast_slice(&vertices),
    )?;
    let ib = buffer(
        &device,
        BindFlags::INDEX_BUFFER,
        bytemuck::cast_slice(&indices),
    )?;
    let element = |name: &str, format, offset| InputElementDesc {
        semantic_name: name.into(),
        semantic_index: 0,
        format,
        input_slot: 0,
        aligned_byte_offset: offset,
        input_slot_class: InputClassification::PerVertex,
        instance_data_step_rate: 0,
    };
    let layout = device.create_input_layout(&[
        element("POSITION", Format::R32G32B32A32Float, 0),
        element("TEXCOORD", Format::R32G32Float, 16),
        element("COLOR", Format::R32G32B32A32Float, 24),
    ])?;
    let identity: [f32; 16] = identity();
    let cb = buffer(
        &device,
        BindFlags::CONSTANT_BUFFER,
        bytemuck::cast_slice(&identity),
    )?;
    let vs = device.create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))?;
    let ps = device.create_pixel_shader(Arc::new(TexturedPs))?;

    ctx.ia_set_input_layout(Some(&layout))?;
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)?;
    let view = VertexBufferView {
        buffer: vb,
        stride: 40,
        offset: 0,
    };
    ctx.ia_set_vertex_buffers(0, &[Some(view)])?;
    ctx.ia_set_index_buffer(Some(&ib), Format::R16Uint, 0)?;
    ctx.vs_set_shader(Some(&vs))?;
    ctx.vs_set_constant_buffers(0, &[Some(cb)])?;
    ctx.ps_set_shader(Some(&ps))?;
    ctx.ps_set_shader_resources(0, &[Some(srv)])?;
    ctx.ps_set_samplers(0, &[Some(sampler)])?;
    ctx.rs_set_viewports(&[Viewport::full(SIZE, SIZE)])?;
    ctx.om_set_render_targets(&[Some(rtv.clone())], None)?;
    ctx.clear_render_target_view(&rtv, [0.0, 0.0, 0.0, 1.0])?;
    ctx.draw_indexed(6, 0, 0)?;
    for message in device.info_queue().take() {
        println!("{message}");
    }
    Ok(tessera::resource::read_rgba8(&target, 0)?)
}

/// The identity matrix, rows of float4 (TransformVs's cb0).
fn identity() -> [f32; 16] {
    let mut m = [0.0; 16];
    for i in 0..4 {
        m[i * 5] = 1.0;
    }
    m
}

fn main() -> Result<(), Box<dyn Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "textured.png".into());
    let image = render()?;
    image.save(&path)?;
    println!("wrote {path} ({}x{})", image.width(), image.height());
    Ok(())
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the example. The quad spans pixels 6.4..121.6 and repeats the 4×4
    /// checkerboard twice, so each texel covers 14.4 pixels: the first cell is white, the next
    /// orange, and the border stays the clear colour.
    #[test]
    fn the_checkerboard_repeats_inside_the_quad() {
        let image = super::render().unwrap();
        assert_eq!(image.get_pixel(2, 2).0, [0, 0, 0, 255]);
        assert_eq!(image.get_pixel(10, 10).0, [255, 255, 255, 255]);
        assert_eq!(image.get_pixel(25, 10).0, [255, 128, 0, 255]);
        assert_eq!(image.get_pixel(25, 25).0, [255, 255, 255, 255]);
    }
}
