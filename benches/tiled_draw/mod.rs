//! `tiled/draw`: whole draws through the device that sample a 1024² RGBA8 full-chain texture
//! (`TexturedPs`, the default sampler: trilinear, CLAMP) from an untiled view vs a fully mapped
//! tiled view of the same texels (unit = pixels drawn):
//! - `small` (a 16×16 target): almost all of a tiled draw's extra time is its per-draw resolve
//!   of the view (`src/tiled/view.rs`: one copy of each mapped tile, here 85 tiles + the tail,
//!   and the view's tile units), so `tiled − untiled` is that resolve;
//! - `full` (1920×1080, the texture magnified: bilinear at mip 0): the resolve next to a
//!   frame's sampling.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, Throughput};
use tessera::caps::{BindFlags, MiscFlags, PrimitiveTopology, TextureDesc};
use tessera::pipeline::builtin::{TexturedPs, TransformVs};
use tessera::resource::SubresourceData;
use tessera::{Device, DeviceContext, Format};
use tessera_testkit::{
    float4_layout, identity_constants, no_cull, rect_strip, target, vb_view, vertex_buffer,
    viewport,
};

/// Binds a full-target textured quad (uv 0..1, white) on a `w`×`h` RGBA8 target.
fn bind_quad(d: &Device, ctx: &mut DeviceContext, w: u32, h: u32) {
    let (_, rtv) = target(d, w, h, Format::R8G8B8A8Unorm);
    let layout = float4_layout(d, &["POSITION", "TEXCOORD", "COLOR"]);
    let uv = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]];
    let verts = rect_strip([0.0, 0.0, w as f32, h as f32], 0.5, (w, h), |i| {
        vec![uv[i][0], uv[i][1], 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]
    });
    ctx.ia_set_input_layout(Some(&layout)).unwrap();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(d, &verts), 48)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleStrip)
        .unwrap();
    let vs = d
        .create_vertex_shader(Arc::new(TransformVs { varyings: 2 }))
        .unwrap();
    ctx.vs_set_shader(Some(&vs)).unwrap();
    ctx.vs_set_constant_buffers(0, &[Some(identity_constants(d))])
        .unwrap();
    let ps = d.create_pixel_shader(Arc::new(TexturedPs)).unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let s = d.create_sampler_state(&Default::default()).unwrap();
    ctx.ps_set_samplers(0, &[Some(s)]).unwrap();
    ctx.rs_set_state(Some(&no_cull(d))).unwrap();
    ctx.rs_set_viewports(&[viewport(w, h)]).unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
}

/// The `tiled/draw` group; `levels[l]` are mip `l`'s texels of a `size`² RGBA8 texture.
pub fn draw(c: &mut Criterion, d: &Device, levels: &[Vec<u8>], size: u32) {
    let mut ctx = d.immediate_context();
    let init: Vec<_> = levels
        .iter()
        .enumerate()
        .map(|(l, b)| SubresourceData::new(b, (size as usize >> l) * 4, b.len()))
        .collect();
    let mut desc = TextureDesc::tex2d(
        size,
        size,
        Format::R8G8B8A8Unorm,
        BindFlags::SHADER_RESOURCE,
    );
    desc.mip_levels = levels.len() as u32;
    let tex = d.create_texture(&desc, Some(&init)).unwrap();
    let srv = d.create_shader_resource_view(&tex, None).unwrap();
    desc.misc_flags = MiscFlags::TILED;
    let r = d.create_tiled_texture(&desc, None).unwrap();
    super::map_all(d, &mut ctx, &r);
    for (l, b) in levels.iter().enumerate() {
        ctx.write_tiled_subresource(&r, l as u32, b).unwrap();
    }
    let tsrv = d.create_tiled_shader_resource_view(&r, None).unwrap();
    let mut g = c.benchmark_group("tiled/draw");
    for (label, w, h) in [("small", 16, 16), ("full", 1920, 1080)] {
        bind_quad(d, &mut ctx, w, h);
        g.throughput(Throughput::Elements(u64::from(w * h)));
        g.bench_function(format!("{label}/untiled"), |b| {
            ctx.ps_set_shader_resources(0, &[Some(srv.clone())])
                .unwrap();
            b.iter(|| black_box(ctx.draw(4, 0).unwrap()))
        });
        g.bench_function(format!("{label}/tiled"), |b| {
            ctx.ps_set_tiled_shader_resources(0, &[Some(tsrv.clone())])
                .unwrap();
            b.iter(|| black_box(ctx.draw(4, 0).unwrap()))
        });
    }
    g.finish();
}
