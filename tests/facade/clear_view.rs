//! `ID3D11DeviceContext1::ClearView` on ordinary views (the D3D11 reference page's rules:
//! rectangles on every slice, clipped, empty ones no-ops, none = the whole view; the colour
//! converted to the view format; depth-only DSVs; buffers' element ranges; no Texture3D).

use tessera::caps::{
    BindFlags, BufferDesc, SubresourceRange, TextureDesc, TextureDimension, ViewDesc, ViewDimension,
};
use tessera::format::Format;
use tessera::resource::{DsvFlags, Rect, Texture};
use tessera::{ClearViewOf, Device, DeviceDesc, Error, FeatureLevel};

fn device() -> Device {
    Device::new(&DeviceDesc::at(FeatureLevel::L11_1)).unwrap()
}

/// Texel (x, y) of slice / subresource `sub` of an 8-wide 4-byte texture.
fn px(t: &Texture, sub: u32, x: usize, y: u32) -> [u8; 4] {
    let g = t.read();
    let s = g.surface(sub).unwrap();
    s.row(y, 0)[x * 4..x * 4 + 4].try_into().unwrap()
}

#[test]
fn feature_support_answers_clear_view() {
    let f = device().check_feature_support();
    assert!(f.clear_view);
    assert!(f.clear_view_also_supports_depth_only_formats);
}

#[test]
fn rects_are_clipped_empty_ones_do_nothing_and_every_slice_is_cleared() {
    let d = device();
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        array_size: 2,
        ..TextureDesc::tex2d(8, 8, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
    };
    let t = d.create_texture(&desc, None).unwrap();
    let rtv = d.create_render_target_view(&t, None).unwrap();
    let rects = [
        Rect::new(1, 1, 3, 3),
        Rect::new(6, -2, 20, 2),
        Rect::new(4, 4, 4, 8),
        Rect::new(5, 5, 2, 7),
    ];
    ctx.clear_view(
        ClearViewOf::RenderTarget(&rtv),
        [1.0, 0.25, 0.0, 1.0],
        &rects,
    )
    .unwrap();
    let c = [255, 64, 0, 255];
    for slice in 0..2 {
        assert_eq!(px(&t, slice, 1, 1), c);
        assert_eq!(px(&t, slice, 2, 2), c);
        assert_eq!(px(&t, slice, 3, 2), [0; 4]);
        assert_eq!(px(&t, slice, 1, 3), [0; 4]);
        assert_eq!(px(&t, slice, 6, 0), c);
        assert_eq!(px(&t, slice, 7, 1), c);
        assert_eq!(px(&t, slice, 7, 2), [0; 4]);
        assert_eq!(px(&t, slice, 4, 4), [0; 4]);
        assert_eq!(px(&t, slice, 3, 5), [0; 4]);
    }
    // No rectangles: the whole view.
    ctx.clear_view(ClearViewOf::RenderTarget(&rtv), [0.0, 0.0, 1.0, 0.0], &[])
        .unwrap();
    assert_eq!(px(&t, 1, 4, 4), [0, 0, 255, 0]);
    assert_eq!(px(&t, 0, 7, 7), [0, 0, 255, 0]);
}

#[test]
fn integer_views_take_the_integral_value_and_depth_views_color_0() {
    let d = device();
    let mut ctx = d.immediate_context();
    let t = d
        .create_texture(
            &TextureDesc::tex2d(8, 8, Format::R8G8B8A8Uint, BindFlags::RENDER_TARGET),
            None,
        )
        .unwrap();
    let rtv = d.create_render_target_view(&t, None).unwrap();
    ctx.clear_view(
        ClearViewOf::RenderTarget(&rtv),
        [300.7, -5.0, 7.9, f32::NAN],
        &[Rect::new(0, 0, 1, 1)],
    )
    .unwrap();
    assert_eq!(px(&t, 0, 0, 0), [255, 0, 7, 0]);
    assert_eq!(px(&t, 0, 1, 0), [0; 4]);
    // D32_FLOAT: color[0] clamped to [0, 1].
    let z = d
        .create_texture(
            &TextureDesc::tex2d(8, 8, Format::D32Float, BindFlags::DEPTH_STENCIL),
            None,
        )
        .unwrap();
    let dsv = d
        .create_depth_stencil_view(&z, None, DsvFlags::default())
        .unwrap();
    ctx.clear_view(
        ClearViewOf::DepthStencil(&dsv),
        [0.25, 9.0, 9.0, 9.0],
        &[Rect::new(2, 0, 4, 1)],
    )
    .unwrap();
    assert_eq!(px(&z, 0, 2, 0), 0.25f32.to_le_bytes());
    assert_eq!(px(&z, 0, 4, 0), [0; 4]);
    ctx.clear_view(
        ClearViewOf::DepthStencil(&dsv),
        [7.0, 0.0, 0.0, 0.0],
        &[Rect::new(4, 0, 5, 1)],
    )
    .unwrap();
    assert_eq!(px(&z, 0, 4, 0), 1.0f32.to_le_bytes());
}

#[test]
fn buffer_uavs_clear_element_ranges() {
    let d = device();
    let mut ctx = d.immediate_context();
    let b = d
        .create_buffer(
            &BufferDesc {
                byte_width: 64,
                bind_flags: BindFlags::UNORDERED_ACCESS,
                ..BufferDesc::default()
            },
            None,
        )
        .unwrap();
    let view = ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 4,
            array_size: 8,
        },
    };
    let uav = d.create_unordered_access_view(&b, Some(&view)).unwrap();
    ctx.clear_view(
        ClearViewOf::UnorderedAccess(&uav),
        [7.0, 0.0, 0.0, 0.0],
        &[Rect::new(2, 0, 5, 1), Rect::new(7, 0, 99, 1)],
    )
    .unwrap();
    let words: Vec<u32> = b
        .read()
        .chunks_exact(4)
        .map(|w| u32::from_le_bytes(w.try_into().unwrap()))
        .collect();
    assert_eq!(words, [0, 0, 0, 0, 0, 0, 7, 7, 7, 0, 0, 7, 0, 0, 0, 0]);
}

#[test]
fn stencil_formats_and_texture3d_are_refused_and_nothing_changes() {
    let d = device();
    let mut ctx = d.immediate_context();
    let ds = d
        .create_texture(
            &TextureDesc::tex2d(8, 8, Format::D24UnormS8Uint, BindFlags::DEPTH_STENCIL),
            None,
        )
        .unwrap();
    let dsv = d
        .create_depth_stencil_view(&ds, None, DsvFlags::default())
        .unwrap();
    let e = ctx.clear_view(ClearViewOf::DepthStencil(&dsv), [1.0; 4], &[]);
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    assert!(ds.read().bytes().iter().all(|&b| b == 0));
    let t3 = d
        .create_texture(
            &TextureDesc {
                dimension: TextureDimension::D3,
                depth: 4,
                ..TextureDesc::tex2d(8, 8, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET)
            },
            None,
        )
        .unwrap();
    let rtv = d.create_render_target_view(&t3, None).unwrap();
    let e = ctx.clear_view(ClearViewOf::RenderTarget(&rtv), [1.0; 4], &[]);
    assert!(matches!(e, Err(Error::Resource(_))), "{e:?}");
    assert!(t3.read().bytes().iter().all(|&b| b == 0));
    assert_eq!(d.info_queue().messages().len(), 2);
}
