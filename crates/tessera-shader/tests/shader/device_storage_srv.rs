//! Read-only storage buffers (`@group(1) var<storage, read>`) in vertex and pixel shaders:
//! buffer shader-resource views bound with `VSSetShaderResources` / `PSSetShaderResources`
//! (structured or `R32` typed), read word by word, unbound slots reading 0; vs_5_0 / ps_5_0.

use std::sync::Arc;

use tessera::caps::{
    BindFlags, BufferDesc, CapsError, MiscFlags, SubresourceRange, TextureDesc, ViewDesc,
    ViewDimension, Viewport,
};
use tessera::resource::ShaderResourceView;
use tessera::{Buffer, Device, DeviceDesc, Error, FeatureLevel, Format};
use tessera_shader::{CompileOptions, WgslPixelShader, WgslVertexShader};

/// Vertex pulling: corner `i` of a full-viewport pair of triangles from `pos` (x, y pairs).
const VS: &str = "
@group(1) @binding(5) var<storage, read> pos: array<vec2<f32>>;
@vertex fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>(pos[i], 0.5, 1.0);
}";

/// Each pixel's colour from a table indexed by its column; past the table's end reads 0.
const PS: &str = "
@group(1) @binding(2) var<storage, read> table: array<u32>;
@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return unpack4x8unorm(table[u32(p.x)] + arrayLength(&table) * 0u);
}";

fn device(level: FeatureLevel) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(2),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

fn structured(d: &Device, bytes: &[u8], stride: u32) -> Buffer {
    let desc = BufferDesc {
        byte_width: bytes.len() as u32,
        bind_flags: BindFlags::SHADER_RESOURCE,
        misc_flags: MiscFlags::BUFFER_STRUCTURED,
        structure_byte_stride: stride,
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, Some(bytes)).unwrap()
}

/// The 8 × 2 target after one draw with the positions and the table's view bound (`None`
/// leaves the pixel shader's slot empty).
fn draw(d: &Device, table: Option<ShaderResourceView>) -> Result<Vec<u32>, Error> {
    let opts = CompileOptions::default();
    let vs = d.create_vertex_shader(Arc::new(WgslVertexShader::new(VS, "main", &opts).unwrap()))?;
    let ps = d.create_pixel_shader(Arc::new(WgslPixelShader::new(PS, "main", &opts).unwrap()))?;
    let corners: [[f32; 2]; 6] = [
        [-1.0, 1.0],
        [1.0, 1.0],
        [-1.0, -1.0],
        [1.0, 1.0],
        [1.0, -1.0],
        [-1.0, -1.0],
    ];
    let bytes: Vec<u8> = corners
        .iter()
        .flatten()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let pos = structured(d, &bytes, 8);
    let desc = TextureDesc::tex2d(8, 2, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    let t = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&t, None).unwrap();
    let mut c = d.immediate_context();
    c.ia_set_primitive_topology(tessera::caps::PrimitiveTopology::TriangleList)?;
    c.vs_set_shader(Some(&vs))?;
    c.ps_set_shader(Some(&ps))?;
    c.vs_set_shader_resources(5, &[Some(d.create_shader_resource_view(&pos, None)?)])?;
    c.ps_set_shader_resources(2, &[table])?;
    c.om_set_render_targets(&[Some(rtv)], None)?;
    c.rs_set_viewports(&[Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: 8.0,
        height: 2.0,
        min_depth: 0.0,
        max_depth: 1.0,
    }])?;
    c.draw(6, 0)?;
    let bytes = t.read().subresource_bytes(0).unwrap().to_vec();
    Ok(bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

#[test]
fn vertex_and_pixel_shaders_read_buffer_srvs_word_by_word() {
    let d = device(FeatureLevel::L11_0);
    // Six words: columns 6 and 7 read past the view's end (0).
    let words: [u32; 6] = [
        0x1122_3344,
        0xff00_ff00,
        0x0000_00ff,
        0x8040_2010,
        0xffff_ffff,
        7,
    ];
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let table = structured(&d, &bytes, 4);
    let srv = d.create_shader_resource_view(&table, None).unwrap();
    let got = draw(&d, Some(srv)).unwrap();
    // unpack4x8unorm then the UNORM render target: the same bytes again.
    let row: Vec<u32> = (0..8).map(|x| words.get(x).copied().unwrap_or(0)).collect();
    assert_eq!(got[..8], row[..]);
    assert_eq!(got[8..], row[..]);
    // An empty pixel-shader slot reads 0 (and the draw says so in the info queue).
    let got = draw(&d, None).unwrap();
    assert_eq!(got, vec![0; 16]);
    let m = d.info_queue().messages();
    assert!(
        m.iter()
            .any(|m| m.text.contains("shader resource slot 2, which is empty")),
        "{m:?}"
    );
}

#[test]
fn storage_srvs_need_sm5_and_a_storage_view() {
    // 10_x: structured buffers are cs_4_x only; the shaders are vs_5_0 / ps_5_0.
    let d = device(FeatureLevel::L10_1);
    match draw(&d, None) {
        Err(Error::Caps(CapsError::ShaderProfileRefused {
            call: "CreateVertexShader",
            ..
        })) => {}
        other => panic!("{other:?}"),
    }
    // A typed RGBA8 buffer view cannot be read as storage words: refused at the draw.
    let d = device(FeatureLevel::L11_0);
    let desc = BufferDesc {
        byte_width: 32,
        bind_flags: BindFlags::SHADER_RESOURCE,
        ..BufferDesc::default()
    };
    let b = d.create_buffer(&desc, Some(&[0; 32])).unwrap();
    let view = ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: 8,
        },
    };
    let srv = d.create_shader_resource_view(&b, Some(&view)).unwrap();
    match draw(&d, Some(srv)) {
        Err(Error::Unsupported(what)) => assert!(what.contains("R32"), "{what}"),
        other => panic!("{other:?}"),
    }
    // The same words through an R32_UINT view are read.
    let words = [0x0403_0201u32; 8];
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let b = d.create_buffer(&desc, Some(&bytes)).unwrap();
    let view = ViewDesc {
        format: Format::R32Uint,
        ..view
    };
    let srv = d.create_shader_resource_view(&b, Some(&view)).unwrap();
    assert_eq!(draw(&d, Some(srv)).unwrap(), vec![0x0403_0201; 16]);
}
