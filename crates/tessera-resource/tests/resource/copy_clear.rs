//! Copies (FL-31), clears of every format family (FL-30) and mips (resolve: resolve.rs).

use tessera_caps::{BindFlags, FeatureLevel as L, MiscFlags, TextureDesc, Usage};
use tessera_format::Format;
use tessera_resource::{
    Box3, DepthStencilView, RenderTargetView, Resource, ResourceError, ShaderResourceView,
    SubresourceData, Texture, UnorderedAccessView, clear_depth_stencil_view,
    clear_render_target_view, clear_unordered_access_view_float, clear_unordered_access_view_uint,
    copy_resource, copy_subresource_region, generate_mips,
};
use tessera_testkit::desc::*;

fn filled(c: &tessera_caps::Caps, d: &TextureDesc) -> Texture {
    let t = Texture::new(c, d, None).unwrap();
    {
        let mut g = t.write();
        for (i, b) in g.bytes_mut().iter_mut().enumerate() {
            *b = i as u8;
        }
    }
    t
}

#[test]
fn fl31_copy_rules_9_x_vs_10_0() {
    for (level, ok3d) in [(L::L9_1, false), (L::L10_0, true)] {
        let c = caps(level);
        let v = tex3d(4, 4, 4, 1, Format::R8G8B8A8Unorm, SRV);
        let src = Resource::from(filled(&c, &v));
        let dst = Resource::from(Texture::new(&c, &staging(v), None).unwrap());
        assert_eq!(
            copy_resource(&c, &dst, &src).is_ok(),
            ok3d,
            "{level:?} 3D -> staging"
        );
        let t2 = tex2d(4, 4, Format::R8G8B8A8Unorm, rt_srv());
        let src2 = Resource::from(filled(&c, &t2));
        let dst2 = Resource::from(Texture::new(&c, &staging(t2), None).unwrap());
        copy_resource(&c, &dst2, &src2).unwrap();
        assert_eq!(
            dst2.as_texture().unwrap().read().bytes(),
            src2.as_texture().unwrap().read().bytes()
        );
        let mipped = tex3d(4, 4, 4, 2, Format::R8G8B8A8Unorm, SRV);
        let m_src = Resource::from(filled(&c, &mipped));
        let m_dst = Resource::from(Texture::new(&c, &mipped, None).unwrap());
        assert_eq!(
            copy_subresource_region(&c, &m_dst, 0, 0, 0, 0, &m_src, 0, None).is_ok(),
            ok3d
        );
    }
}

#[test]
fn copy_resource_requires_match() {
    let c = caps(L::L11_0);
    let a = Resource::from(filled(&c, &tex2d(4, 4, Format::R8G8B8A8Unorm, SRV)));
    let b =
        Resource::from(Texture::new(&c, &tex2d(4, 2, Format::R8G8B8A8Unorm, SRV), None).unwrap());
    assert!(copy_resource(&c, &b, &a).is_err());
    assert!(copy_resource(&c, &a, &a).is_err(), "same resource");
    let imm_data = [0u8; 64];
    let imm = TextureDesc {
        usage: Usage::Immutable,
        ..tex2d(4, 4, Format::R8G8B8A8Unorm, SRV)
    };
    let imm = Resource::from(
        Texture::new(&c, &imm, Some(&[SubresourceData::new(&imm_data, 16, 64)])).unwrap(),
    );
    assert!(
        copy_resource(&c, &imm, &a).is_err(),
        "IMMUTABLE destination"
    );
    let typeless = Resource::from(
        Texture::new(&c, &tex2d(4, 4, Format::R8G8B8A8Typeless, SRV), None).unwrap(),
    );
    copy_resource(&c, &typeless, &a).unwrap();
}

#[test]
fn copy_subresource_region_boxes() {
    let c = caps(L::L11_0);
    let src = filled(&c, &tex2d(4, 4, Format::R8Unorm, SRV));
    let dst = Texture::new(&c, &tex2d(4, 4, Format::R8Unorm, SRV), None).unwrap();
    let (rs, rd) = (Resource::from(&src), Resource::from(&dst));
    copy_subresource_region(&c, &rd, 0, 2, 1, 0, &rs, 0, Some(&Box3::rect(0, 2, 2, 4))).unwrap();
    assert_eq!(
        dst.read().bytes(),
        &[0, 0, 0, 0, 0, 0, 8, 9, 0, 0, 12, 13, 0, 0, 0, 0]
    );
    // Destination exactly at the edge fits; one further does not.
    assert!(
        copy_subresource_region(&c, &rd, 0, 3, 3, 0, &rs, 0, Some(&Box3::rect(0, 0, 1, 1))).is_ok()
    );
    assert!(
        copy_subresource_region(&c, &rd, 0, 4, 3, 0, &rs, 0, Some(&Box3::rect(0, 0, 1, 1)))
            .is_err()
    );
    assert!(
        copy_subresource_region(&c, &rd, 0, 0, 0, 0, &rs, 0, Some(&Box3::rect(0, 0, 5, 1)))
            .is_err()
    );
    // Same resource, overlapping: behaves as through a temporary.
    copy_subresource_region(&c, &rs, 0, 1, 0, 0, &rs, 0, Some(&Box3::rect(0, 0, 3, 1))).unwrap();
    assert_eq!(&src.read().bytes()[..4], &[0, 0, 1, 2]);
    // BC: block-aligned boxes and destinations, partial edge block allowed.
    let bc_src = filled(
        &c,
        &TextureDesc {
            mip_levels: 0,
            ..tex2d(8, 8, Format::Bc1Unorm, SRV)
        },
    );
    let bc_dst = Texture::new(&c, &tex2d(4, 4, Format::Bc1Unorm, SRV), None).unwrap();
    let (bs, bd) = (Resource::from(&bc_src), Resource::from(&bc_dst));
    copy_subresource_region(&c, &bd, 0, 0, 0, 0, &bs, 0, Some(&Box3::rect(4, 4, 8, 8))).unwrap();
    assert_eq!(bc_dst.read().bytes(), &bc_src.read().bytes()[24..32]);
    assert!(
        copy_subresource_region(&c, &bd, 0, 0, 0, 0, &bs, 0, Some(&Box3::rect(2, 0, 6, 4)))
            .is_err()
    );
    copy_subresource_region(&c, &bd, 0, 0, 0, 0, &bs, 2, None).unwrap(); // 2x2 mip = one block
    assert_eq!(bc_dst.read().bytes(), &bc_src.read().bytes()[40..48]);
}

#[test]
fn fl30_clear_rtv_cube_face0_only_at_9_x() {
    for (level, faces_cleared) in [(L::L9_3, 1usize), (L::L10_0, 6)] {
        let c = caps(level);
        let d = TextureDesc {
            array_size: 6,
            misc_flags: MiscFlags::TEXTURE_CUBE,
            ..tex2d(4, 4, Format::R8G8B8A8Unorm, rt_srv())
        };
        let t = Texture::new(&c, &d, None).unwrap();
        let rtv = RenderTargetView::new(&c, &t, None).unwrap();
        clear_render_target_view(&c, &rtv, [1.0, 0.0, 0.0, 1.0]).unwrap();
        let g = t.read();
        for face in 0..6u32 {
            let red = g
                .subresource_bytes(face)
                .unwrap()
                .chunks(4)
                .all(|p| p == [255, 0, 0, 255]);
            assert_eq!(
                red,
                (face as usize) < faces_cleared,
                "{level:?} face {face}"
            );
        }
    }
}

fn clear_bytes(format: Format, color: [f32; 4]) -> Vec<u8> {
    let c = caps(L::L11_0);
    let t = Texture::new(&c, &tex2d(2, 1, format, RT), None).unwrap();
    clear_render_target_view(&c, &RenderTargetView::new(&c, &t, None).unwrap(), color).unwrap();
    let g = t.read();
    let b = g.bytes();
    assert_eq!(b[..b.len() / 2], b[b.len() / 2..]);
    b[..b.len() / 2].to_vec()
}

#[test]
fn clear_every_color_family_exact_bytes() {
    assert_eq!(
        clear_bytes(Format::R8G8B8A8Unorm, [0.5, 1.5, -1.0, 0.2]),
        vec![128, 255, 0, 51]
    );
    assert_eq!(
        clear_bytes(Format::B8G8R8A8Unorm, [1.0, 0.0, 0.0, 1.0]),
        vec![0, 0, 255, 255]
    );
    assert_eq!(
        clear_bytes(Format::R8G8B8A8UnormSrgb, [0.5, 0.0, 1.0, 0.5]),
        vec![188, 0, 255, 128]
    );
    assert_eq!(
        clear_bytes(Format::R32G32B32A32Float, [0.5, -2.0, 0.0, 1.0]),
        [0.5f32, -2.0, 0.0, 1.0]
            .iter()
            .flat_map(|f| f.to_le_bytes())
            .collect::<Vec<_>>()
    );
    assert_eq!(
        clear_bytes(Format::R16G16B16A16Float, [1.0, 0.5, -2.0, 0.0]),
        vec![0x00, 0x3C, 0x00, 0x38, 0x00, 0xC0, 0, 0]
    );
    // Integer targets: truncate toward zero, saturate to the channel range.
    assert_eq!(
        clear_bytes(Format::R8G8B8A8Uint, [3.7, 300.0, -5.0, 1.0]),
        vec![3, 255, 0, 1]
    );
    assert_eq!(
        clear_bytes(Format::R8G8B8A8Sint, [-3.7, 200.0, -200.0, 1.0]),
        vec![0xFD, 127, 0x80, 1]
    );
    assert_eq!(
        clear_bytes(Format::R32Uint, [4_000_000_000.0, 0.0, 0.0, 0.0]),
        4_000_000_000u32.to_le_bytes().to_vec()
    );
    assert_eq!(
        clear_bytes(Format::R16G16Snorm, [-1.0, 0.5, 0.0, 0.0]),
        vec![0x01, 0x80, 0x00, 0x40]
    );
}

fn ds_bytes(format: Format, cd: bool, cs: bool, depth: f32, stencil: u8, pre: u8) -> Vec<u8> {
    let c = caps(L::L11_0);
    let t = Texture::new(&c, &tex2d(1, 1, format, BindFlags::DEPTH_STENCIL), None).unwrap();
    t.write().bytes_mut().fill(pre);
    clear_depth_stencil_view(
        &c,
        &DepthStencilView::new(&c, &t, None).unwrap(),
        cd,
        cs,
        depth,
        stencil,
    )
    .unwrap();
    t.read().bytes().to_vec()
}

#[test]
fn clear_depth_formats_exact_bytes() {
    assert_eq!(
        ds_bytes(Format::D16Unorm, true, false, 0.5, 0, 0),
        vec![0x00, 0x80]
    );
    assert_eq!(
        ds_bytes(Format::D16Unorm, true, false, 2.0, 0, 0),
        vec![0xFF, 0xFF]
    );
    assert_eq!(
        ds_bytes(Format::D24UnormS8Uint, true, true, 1.0, 0x5A, 0),
        vec![0xFF, 0xFF, 0xFF, 0x5A]
    );
    assert_eq!(
        ds_bytes(Format::D24UnormS8Uint, true, false, 0.0, 0x5A, 0x11),
        vec![0, 0, 0, 0x11]
    );
    assert_eq!(
        ds_bytes(Format::D24UnormS8Uint, false, true, 0.0, 0x5A, 0x11),
        vec![0x11, 0x11, 0x11, 0x5A]
    );
    assert_eq!(
        ds_bytes(Format::D32Float, true, true, 0.25, 7, 0),
        0.25f32.to_le_bytes().to_vec()
    );
    assert_eq!(
        ds_bytes(Format::D32Float, true, false, f32::NAN, 0, 9),
        vec![0, 0, 0, 0]
    );
    let mut d32s8 = 0.75f32.to_le_bytes().to_vec();
    d32s8.extend([0xC3, 0, 0, 0]);
    assert_eq!(
        ds_bytes(Format::D32FloatS8X24Uint, true, true, 0.75, 0xC3, 0),
        d32s8
    );
}

#[test]
fn clear_uav_refused_at_9_x_and_exact_at_11_0() {
    let c = caps(L::L11_0);
    let t = Texture::new(
        &c,
        &tex2d(2, 1, Format::R8G8B8A8Unorm, BindFlags::UNORDERED_ACCESS),
        None,
    )
    .unwrap();
    let uav = UnorderedAccessView::new(&c, &t, None).unwrap();
    clear_unordered_access_view_uint(&c, &uav, [0x1FF, 2, 3, 4]).unwrap();
    assert_eq!(t.read().bytes(), &[0xFF, 2, 3, 4, 0xFF, 2, 3, 4]);
    clear_unordered_access_view_float(&c, &uav, [1.0, 0.0, 0.5, 1.0]).unwrap();
    assert_eq!(t.read().bytes(), &[255, 0, 128, 255, 255, 0, 128, 255]);
    let c9 = caps(L::L9_3);
    assert!(matches!(
        clear_unordered_access_view_uint(&c9, &uav, [0; 4]),
        Err(ResourceError::Caps(_))
    ));
    assert!(clear_unordered_access_view_float(&c9, &uav, [0.0; 4]).is_err());
}

#[test]
fn generate_mips_box_filter_linear_for_srgb() {
    let c = caps(L::L11_0);
    let d = TextureDesc {
        mip_levels: 0,
        misc_flags: MiscFlags::GENERATE_MIPS,
        ..tex2d(2, 2, Format::R8G8B8A8UnormSrgb, rt_srv())
    };
    let t = Texture::new(&c, &d, None).unwrap();
    t.write()
        .subresource_bytes_mut(0)
        .unwrap()
        .copy_from_slice(&[255, 0, 0, 255, 0, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0]);
    generate_mips(&c, &ShaderResourceView::new(&c, &t, None).unwrap()).unwrap();
    // linear average of R: 0.5 -> sRGB 188; alpha linear: 0.5 -> 128.
    assert_eq!(t.read().subresource_bytes(1).unwrap(), &[188, 0, 0, 128]);
    let plain = Texture::new(
        &c,
        &TextureDesc {
            mip_levels: 0,
            ..tex2d(2, 2, Format::R8G8B8A8Unorm, rt_srv())
        },
        None,
    )
    .unwrap();
    assert!(
        generate_mips(&c, &ShaderResourceView::new(&c, &plain, None).unwrap()).is_err(),
        "no GENERATE_MIPS flag"
    );
}
