//! Draws into render-target views of Texture3D: with no geometry shader nothing writes
//! `SV_RenderTargetArrayIndex`, so a draw renders into the view's first W slice
//! (`FirstWSlice`) of its mip, as into an array view's first slice. Depth (a 2D DSV of the
//! same size and array size 1, with a 3D RTV of one W slice) and blending apply; the other W
//! slices and mips keep their bytes; the same bytes at 1 and 8 threads. SPEC §5.6 holds for
//! 3D views: the same width and height (OM-19), the same array size (a 3D RTV's W size), one
//! resource type among the render targets.

use tessera::caps::{BindFlags, Blend, BlendDesc, SubresourceRange, ViewDesc, ViewDimension};
use tessera::format::Format;
use tessera::resource::SubresourceData;
use tessera::{Device, FeatureLevel, Texture};
use tessera_testkit::*;

/// Mip 0 of the volume: 8×8×4 RGBA8.
const W: usize = 8;
/// The volume's depth at mip 0.
const D: usize = 4;

/// Initial texel (x, y, z) of mip `mip`: every byte distinct enough to tell slices apart.
fn texel0(mip: usize, x: usize, y: usize, z: usize) -> [u8; 4] {
    [
        (z * 40 + x) as u8,
        (y * 20) as u8,
        (mip * 100 + 7) as u8,
        100,
    ]
}

/// The bytes of mip `mip` (tight: `w`×`w`×`d` texels) as created.
fn initial(mip: usize) -> Vec<u8> {
    let (w, d) = (W >> mip, D >> mip);
    (0..d)
        .flat_map(|z| (0..w).flat_map(move |y| (0..w).map(move |x| texel0(mip, x, y, z))))
        .flatten()
        .collect()
}

/// An 8×8×4 RGBA8 render-target Texture3D of two mips holding [`initial`].
fn volume(d: &Device) -> Texture {
    let (m0, m1) = (initial(0), initial(1));
    let init = [
        SubresourceData::new(&m0, W * 4, W * W * 4),
        SubresourceData::new(&m1, W * 2, W * W),
    ];
    let desc = desc::tex3d(8, 8, 4, 2, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    d.create_texture(&desc, Some(&init)).unwrap()
}

/// A Texture3D RTV of `mip`, W slices `first..first + n`.
fn w_slices(mip: u32, first: u32, n: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: ViewDimension::Texture3D,
        range: SubresourceRange {
            most_detailed_mip: mip,
            mip_levels: 1,
            first_array_slice: first,
            array_size: n,
        },
    }
}

/// Additive blending (ONE + ONE on colour and alpha).
fn additive(d: &Device) -> tessera::BlendState {
    let mut blend = BlendDesc::default();
    let rt = &mut blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::One;
    rt.dest_blend = Blend::One;
    rt.src_blend_alpha = Blend::One;
    rt.dest_blend_alpha = Blend::One;
    d.create_blend_state(&blend).unwrap()
}

/// Two draws into W slice 2 of mip 0 (depth LESS against a cleared 8×8 D32 DSV, additive
/// blending): quad A (x < 6, z 0.3) adds 51 to red, quad B (x ≥ 2, z 0.6) adds 51 to green
/// where A left no nearer depth (x ≥ 6). Then, without depth, one draw into W slices 1..4 of
/// mip 0 (rows y < 2 add 51 to alpha: slice 1 only) and one into W slice 1 of mip 1 (4×4: rows
/// y < 2 add 51 to blue). Returns both mips' bytes.
fn draw(threads: usize) -> (Vec<u8>, Vec<u8>) {
    let d = device_threads(FeatureLevel::L11_0, threads);
    let mut ctx = d.immediate_context();
    let tex = volume(&d);
    let rtv = d
        .create_render_target_view(&tex, Some(&w_slices(0, 2, 1)))
        .unwrap();
    let (_, dsv) = depth_target(&d, 8, 8, Format::D32Float);
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    ctx.om_set_blend_state(Some(&additive(&d)), [0.0; 4], u32::MAX)
        .unwrap();
    ctx.clear_depth_stencil_view(&dsv, true, false, 1.0, 0)
        .unwrap();
    ctx.om_set_render_targets(&[Some(rtv)], Some(&dsv)).unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (8, 8),
        [0.0, 0.0, 6.0, 8.0],
        0.3,
        [0.2, 0.0, 0.0, 0.0],
    )
    .unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (8, 8),
        [2.0, 0.0, 8.0, 8.0],
        0.6,
        [0.0, 0.2, 0.0, 0.0],
    )
    .unwrap();
    // W slices 1..4 of mip 0: the draw writes slice 1.
    let rtv3 = d
        .create_render_target_view(&tex, Some(&w_slices(0, 1, 3)))
        .unwrap();
    ctx.om_set_render_targets(&[Some(rtv3)], None).unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (8, 8),
        [0.0, 0.0, 8.0, 2.0],
        0.5,
        [0.0, 0.0, 0.0, 0.2],
    )
    .unwrap();
    // Mip 1: a 4×4 view of W slice 1 (of 2).
    let rtv1 = d
        .create_render_target_view(&tex, Some(&w_slices(1, 1, 1)))
        .unwrap();
    ctx.om_set_render_targets(&[Some(rtv1)], None).unwrap();
    ctx.rs_set_viewports(&[viewport(4, 4)]).unwrap();
    draw_quad(
        &d,
        &mut ctx,
        (4, 4),
        [0.0, 0.0, 4.0, 2.0],
        0.5,
        [0.0, 0.0, 0.2, 0.0],
    )
    .unwrap();
    assert!(
        d.info_queue().messages().is_empty(),
        "{:?}",
        d.info_queue().messages()
    );
    (bytes(&tex, 0), bytes(&tex, 1))
}

#[test]
fn a_draw_into_a_texture3d_rtv_writes_its_first_w_slice_only() {
    let (m0, m1) = draw(1);
    // Mip 0: W slice 2 drawn (red where A passed, green where B passed), W slice 1 rows 0
    // and 1 alpha + 51, everything else kept.
    let mut want0 = initial(0);
    for y in 0..W {
        for x in 0..W {
            let i = ((2 * W + y) * W + x) * 4;
            let channel = if x < 6 { 0 } else { 1 };
            want0[i + channel] += 51;
        }
    }
    for y in 0..2 {
        for x in 0..W {
            want0[((W + y) * W + x) * 4 + 3] += 51;
        }
    }
    assert_eq!(m0.len(), W * W * D * 4);
    assert_eq!(m0, want0);
    // Spot values: texel (0, 0, 2) = [80 + 51, 0, 7, 100]; (7, 3, 2) = [87, 60 + 51, 7, 100].
    assert_eq!(m0[(2 * W * W) * 4..(2 * W * W) * 4 + 4], [131, 0, 7, 100]);
    let i = ((2 * W + 3) * W + 7) * 4;
    assert_eq!(m0[i..i + 4], [87, 111, 7, 100]);
    let i = ((W + 1) * W + 5) * 4;
    assert_eq!(m0[i..i + 4], [45, 20, 7, 151], "texel (5, 1, 1)");
    // Mip 1: W slice 1, rows 0 and 1, blue + 51; slice 0 and rows 2, 3 kept.
    let mut want1 = initial(1);
    for y in 0..2 {
        for x in 0..4 {
            want1[((4 + y) * 4 + x) * 4 + 2] += 51;
        }
    }
    assert_eq!(m1, want1);
    assert_eq!(m1[(16 * 4)..(16 * 4) + 4], [40, 0, 158, 100]);
    assert_eq!(draw(8), (m0, m1), "8 threads");
}

#[test]
fn spec_5_6_rules_hold_for_texture3d_rtvs() {
    let d = device(FeatureLevel::L11_0);
    let mut ctx = d.immediate_context();
    let tex = volume(&d);
    let view = |mip, first, n| {
        d.create_render_target_view(&tex, Some(&w_slices(mip, first, n)))
            .unwrap()
    };
    let (_, dsv8) = depth_target(&d, 8, 8, Format::D32Float);
    let (_, dsv4) = depth_target(&d, 4, 4, Format::D32Float);
    // Width and height (OM-19): mip 1 of the 8×8×4 volume is 4×4 (its W size is neither).
    let r = ctx.om_set_render_targets(&[Some(view(1, 0, 1))], Some(&dsv8));
    assert!(
        matches!(
            r,
            Err(tessera::Error::Pipeline(
                tessera::pipeline::PipelineError::TargetSizeMismatch {
                    first: (4, 4),
                    other: (8, 8)
                }
            ))
        ),
        "{r:?}"
    );
    ctx.om_set_render_targets(&[Some(view(1, 0, 1))], Some(&dsv4))
        .unwrap();
    // Array size: a 3D RTV of two W slices against a Texture2D DSV (one slice).
    let r = ctx.om_set_render_targets(&[Some(view(0, 2, 2))], Some(&dsv8));
    assert!(
        matches!(
            r,
            Err(tessera::Error::OutputMismatch {
                call: "OMSetRenderTargets",
                first: 2,
                other: 1,
                ..
            })
        ),
        "{r:?}"
    );
    // One resource type among the render targets: Texture3D with Texture2D.
    let (_, rt2d) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    let r = ctx.om_set_render_targets(&[Some(view(0, 0, 1)), Some(rt2d)], None);
    assert!(
        matches!(
            r,
            Err(tessera::Error::OutputMismatch {
                first: 3,
                other: 2,
                ..
            })
        ),
        "{r:?}"
    );
    // Each refusal stored its message; the last good binding stays.
    assert_eq!(d.info_queue().messages().len(), 3);
}
