//! Multisampled targets through the device (SPEC §3.8): the pattern of the target's
//! `SampleDesc` (standard, or centre for `CENTER_MULTISAMPLE_PATTERN`), drawn per sample and
//! resolved with `ResolveSubresource`.

use tessera::caps::{BindFlags, SampleDesc, TextureDesc};
use tessera::format::Format;
use tessera::{FeatureLevel as L, Texture};
use tessera_testkit::*;

/// A 4×2 RGBA8 target of 4 samples with `quality`, the rectangle x ∈ [0, 1.5] drawn in red,
/// then resolved: pixel 0 is covered at every sample, pixel 1 at two of four with the
/// standard pattern (samples 0 and 2 at x 1.375 and 1.125: half red) and at none with the
/// centre pattern (every sample at x 1.5, on the right edge).
fn draw_and_resolve(quality: u32) -> Vec<[u8; 4]> {
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        sample_desc: SampleDesc { count: 4, quality },
        ..TextureDesc::tex2d(4, 2, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
    };
    let ms = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&ms, None).unwrap();
    bind_color_pipeline(&d, &mut ctx, &rtv, 4, 2);
    let v = rect_strip([0.0, 0.0, 1.5, 2.0], 0.5, (4, 2), |_| {
        vec![1.0, 0.0, 0.0, 1.0]
    });
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &v), 32)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    let one = TextureDesc::tex2d(4, 2, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE);
    let dst: Texture = d.create_texture(&one, None).unwrap();
    ctx.resolve_subresource(&dst, 0, &ms, 0, Format::R8G8B8A8Unorm)
        .unwrap();
    rgba8(&dst, 0)
}

#[test]
fn standard_and_centre_patterns_draw_and_resolve() {
    let (red, half, none) = ([255, 0, 0, 255], [128, 0, 0, 128], [0, 0, 0, 0]);
    let standard = [red, half, none, none, red, half, none, none];
    assert_eq!(draw_and_resolve(0), standard);
    assert_eq!(
        draw_and_resolve(tessera::caps::STANDARD_MULTISAMPLE_PATTERN),
        standard
    );
    let centre = [red, none, none, none, red, none, none, none];
    assert_eq!(
        draw_and_resolve(tessera::caps::CENTER_MULTISAMPLE_PATTERN),
        centre
    );
}
