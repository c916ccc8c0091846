//! Shared helpers: draw triangles given in pixel coordinates into small targets.

#![allow(dead_code)]

use tessera_caps::{
    BlendDesc, DepthStencilDesc, InputElementDesc, PrimitiveTopology, RasterizerDesc, Viewport,
};
use tessera_format::{Format, SurfaceMut};
use tessera_pipeline::builtin::{TransformVs, VertexColorPs};
use tessera_pipeline::{
    DrawArgs, DrawState, DrawStats, InputLayout, PixelShader, ShaderEnv, Targets,
    VertexBufferBinding,
};

/// A vertex: pixel-space position (x, y), depth z, and a colour.
#[derive(Clone, Copy, Debug)]
pub struct V {
    pub x: f32,
    pub y: f32,
    pub z: f32,
    pub color: [f32; 4],
}

pub fn v(x: f32, y: f32, color: [f32; 4]) -> V {
    V {
        x,
        y,
        z: 0.5,
        color,
    }
}

/// Everything a test may vary.
pub struct Setup {
    pub width: u32,
    pub height: u32,
    pub format: Format,
    pub rasterizer: RasterizerDesc,
    pub blend: BlendDesc,
    pub depth_stencil: DepthStencilDesc,
    pub topology: PrimitiveTopology,
    pub viewport: Option<Viewport>,
}

impl Setup {
    pub fn new(width: u32, height: u32) -> Self {
        Self {
            width,
            height,
            format: Format::R8G8B8A8Unorm,
            rasterizer: RasterizerDesc {
                cull_mode: tessera_caps::CullMode::None,
                ..Default::default()
            },
            blend: BlendDesc::default(),
            depth_stencil: DepthStencilDesc {
                depth_enable: false,
                depth_write: false,
                ..Default::default()
            },
            topology: PrimitiveTopology::TriangleList,
            viewport: None,
        }
    }
}

/// Clip-space bytes for vertices given in pixel space of a `w`×`h` full-target viewport.
pub fn vertex_bytes(verts: &[V], w: u32, h: u32) -> Vec<u8> {
    let mut out = Vec::new();
    for v in verts {
        let x = v.x / w as f32 * 2.0 - 1.0;
        let y = 1.0 - v.y / h as f32 * 2.0;
        for f in [x, y, v.z, 1.0].iter().chain(v.color.iter()) {
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
    out
}

pub fn layout() -> InputLayout {
    let e = |name: &str, format, offset| InputElementDesc {
        semantic_name: name.into(),
        semantic_index: 0,
        format,
        input_slot: 0,
        aligned_byte_offset: offset,
        input_slot_class: Default::default(),
        instance_data_step_rate: 0,
    };
    InputLayout::new(&[
        e("POSITION", Format::R32G32B32A32Float, 0),
        e("COLOR", Format::R32G32B32A32Float, 16),
    ])
    .unwrap()
}

/// Draws `verts` (non-indexed) into `target` (initial bytes) with the vertex-colour shader.
pub fn draw_into(
    setup: &Setup,
    target: &mut [u8],
    verts: &[V],
    ps: Option<&dyn PixelShader>,
) -> DrawStats {
    let bytes = vertex_bytes(verts, setup.width, setup.height);
    let vbs = [VertexBufferBinding {
        data: &bytes,
        stride: 32,
        offset: 0,
    }];
    let layout = layout();
    let vs = TransformVs { varyings: 1 };
    let default_ps = VertexColorPs;
    let env = ShaderEnv::default();
    let vp = setup.viewport.unwrap_or(Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: setup.width as f32,
        height: setup.height as f32,
        min_depth: 0.0,
        max_depth: 1.0,
    });
    let viewports = [vp];
    let state = DrawState {
        topology: setup.topology,
        input_layout: &layout,
        vertex_buffers: &vbs,
        index_buffer: None,
        vertex_shader: &vs,
        pixel_shader: Some(ps.unwrap_or(&default_ps)),
        vs_env: &env,
        ps_env: &env,
        rasterizer: setup.rasterizer,
        depth_stencil: setup.depth_stencil,
        stencil_ref: 0,
        blend: setup.blend,
        blend_factor: [1.0; 4],
        sample_mask: u32::MAX,
        viewports: &viewports,
        scissors: &[],
    };
    let texel = setup.format.info().bytes_per_block as usize;
    let pitch = setup.width as usize * texel;
    let surface = SurfaceMut::new(
        setup.format,
        setup.width,
        setup.height,
        1,
        pitch,
        pitch * setup.height as usize,
        target,
    )
    .unwrap();
    let mut targets = Targets {
        colors: vec![Some(surface)],
        ..Default::default()
    };
    let args = DrawArgs::Vertices {
        vertex_count: verts.len() as u32,
        start_vertex: 0,
        instance_count: 1,
        start_instance: 0,
    };
    tessera_pipeline::draw(&state, &mut targets, args).unwrap()
}

/// Additive ONE/ONE blending on target 0.
pub fn additive() -> BlendDesc {
    let mut b = BlendDesc::default();
    b.render_target[0].blend_enable = true;
    b.render_target[0].src_blend = tessera_caps::Blend::One;
    b.render_target[0].dest_blend = tessera_caps::Blend::One;
    b.render_target[0].src_blend_alpha = tessera_caps::Blend::One;
    b.render_target[0].dest_blend_alpha = tessera_caps::Blend::One;
    b
}

/// The red channel of an RGBA8 target as a w×h grid of bytes.
pub fn red(target: &[u8], w: u32) -> Vec<Vec<u8>> {
    target
        .chunks(w as usize * 4)
        .map(|row| row.chunks(4).map(|p| p[0]).collect())
        .collect()
}
