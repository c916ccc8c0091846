//! Point lists (SPEC §3.6): a point is the 1×1-pixel square centred on its vertex, rasterized
//! as two triangles with the top-left rule, never culled, its attributes constant.

use tessera::caps::{CullMode, PrimitiveTopology, RasterizerDesc};
use tessera::format::Format;
use tessera::{Device, DeviceContext, FeatureLevel as L, Texture};
use tessera_testkit::*;

const W: u32 = 8;

fn rig(level: L) -> (Device, DeviceContext, Texture) {
    let d = device(level);
    let mut ctx = d.immediate_context();
    let (t, rtv) = target(&d, W, W, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, W, W);
    ctx.ia_set_primitive_topology(PrimitiveTopology::PointList)
        .unwrap();
    (d, ctx, t)
}

/// Draws points at pixel positions `(x, y, z)` in `color`.
fn points(
    d: &Device,
    ctx: &mut DeviceContext,
    at: &[(f32, f32, f32)],
    color: [f32; 4],
) -> tessera::pipeline::DrawStats {
    let v: Vec<f32> = at
        .iter()
        .flat_map(|&(px, py, z)| {
            let (x, y) = ndc(px, py, W, W);
            [x, y, z, 1.0].into_iter().chain(color)
        })
        .collect();
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(d, &v), 32)])
        .unwrap();
    ctx.draw(at.len() as u32, 0).unwrap()
}

fn covered(t: &Texture) -> Vec<(u32, u32)> {
    let px = rgba8(t, 0);
    (0..W * W)
        .filter(|&i| px[i as usize] != [0, 0, 0, 0])
        .map(|i| (i % W, i / W))
        .collect()
}

#[test]
fn a_point_covers_exactly_one_pixel_by_the_top_left_rule() {
    // At a pixel centre: that pixel.
    let (d, mut ctx, t) = rig(L::L9_3);
    points(&d, &mut ctx, &[(2.5, 3.5, 0.5)], [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(covered(&t), [(2, 3)]);
    // On a pixel corner (2, 3): the square's corners are four pixel centres; only the one on
    // its top and left edges, pixel (1, 2), is inside by the top-left rule.
    let (d, mut ctx, t) = rig(L::L11_0);
    points(&d, &mut ctx, &[(2.0, 3.0, 0.5)], [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(covered(&t), [(1, 2)]);
}

#[test]
fn points_are_never_culled_and_their_colour_is_exact() {
    let (d, mut ctx, t) = rig(L::L10_0);
    let rtv = d.create_render_target_view(&t, None).unwrap();
    for cull_mode in [CullMode::Back, CullMode::Front] {
        ctx.clear_render_target_view(&rtv, [0.0; 4]).unwrap();
        let rs = d
            .create_rasterizer_state(&RasterizerDesc {
                cull_mode,
                ..Default::default()
            })
            .unwrap();
        ctx.rs_set_state(Some(&rs)).unwrap();
        points(
            &d,
            &mut ctx,
            &[(0.5, 0.5, 0.5), (6.5, 1.5, 0.5)],
            [0.2, 0.4, 0.6, 1.0],
        );
    }
    assert_eq!(covered(&t), [(0, 0), (6, 1)]);
    let pixels = rgba8(&t, 0);
    assert_eq!(pixels[0], px([0.2, 0.4, 0.6, 1.0]));
}

#[test]
fn a_point_outside_the_clip_volume_is_dropped_whole() {
    let (d, mut ctx, t) = rig(L::L10_0);
    // z = 1.5 is beyond the far plane: the point is clipped whole, not drawn at a clamped
    // depth, and nothing of it reaches the rasterizer.
    let stats = points(&d, &mut ctx, &[(3.5, 3.5, 1.5)], [1.0; 4]);
    assert!(covered(&t).is_empty(), "{:?}", covered(&t));
    assert_eq!((stats.ia_primitives, stats.c_primitives), (1, 0));
    let stats = points(&d, &mut ctx, &[(3.5, 3.5, 0.5)], [1.0; 4]);
    assert_eq!(
        stats.c_primitives, 2,
        "a point is two triangles for the rasterizer"
    );
}
