//! Views (FL-29, casting, ranges), map rules, update_subresource with a box.

use tessera_caps::{
    BindFlags, BufferDesc, CpuAccess, FeatureLevel as L, MiscFlags, SubresourceRange, TextureDesc,
    Usage, ViewDesc, ViewDimension,
};
use tessera_format::Format;
use tessera_resource::{
    Box3, Buffer, DepthStencilView, DsvFlags, MapType, RenderTargetView, Resource, ResourceError,
    ShaderResourceView, Texture, UnorderedAccessView, map, update_subresource,
};
use tessera_testkit::desc::*;

fn srv_desc(format: Format, mip0: u32, mips: u32) -> ViewDesc {
    ViewDesc {
        format,
        dimension: ViewDimension::Texture2D,
        range: SubresourceRange {
            most_detailed_mip: mip0,
            mip_levels: mips,
            first_array_slice: 0,
            array_size: 1,
        },
    }
}

#[test]
fn fl29_srv_must_reach_smallest_mip_at_9_x() {
    for level in [L::L9_1, L::L9_3] {
        let c = caps(level);
        let t = Texture::new(
            &c,
            &TextureDesc {
                mip_levels: 3,
                ..tex2d(4, 4, Format::R8G8B8A8Unorm, SRV)
            },
            None,
        )
        .unwrap();
        let f = Format::R8G8B8A8Unorm;
        assert!(ShaderResourceView::new(&c, &t, Some(&srv_desc(f, 0, 1))).is_err());
        assert!(ShaderResourceView::new(&c, &t, Some(&srv_desc(f, 1, 2))).is_ok());
        let v = ShaderResourceView::new(&c, &t, Some(&srv_desc(f, 0, u32::MAX))).unwrap();
        assert_eq!(v.range().mip_levels, 3);
    }
    let c = caps(L::L10_0);
    let t = Texture::new(
        &c,
        &TextureDesc {
            mip_levels: 3,
            ..tex2d(4, 4, Format::R8G8B8A8Unorm, SRV)
        },
        None,
    )
    .unwrap();
    assert!(ShaderResourceView::new(&c, &t, Some(&srv_desc(Format::R8G8B8A8Unorm, 0, 1))).is_ok());
}

#[test]
fn typeless_casting_and_defaults() {
    let c = caps(L::L11_0);
    let t = Texture::new(&c, &tex2d(4, 4, Format::R8G8B8A8Typeless, rt_srv()), None).unwrap();
    assert!(
        ShaderResourceView::new(&c, &t, None).is_err(),
        "typeless default format"
    );
    let v = ShaderResourceView::new(
        &c,
        &t,
        Some(&srv_desc(Format::R8G8B8A8UnormSrgb, 0, u32::MAX)),
    )
    .unwrap();
    assert_eq!(v.format(), Format::R8G8B8A8UnormSrgb);
    assert!(
        ShaderResourceView::new(&c, &t, Some(&srv_desc(Format::R8G8B8A8Typeless, 0, 1))).is_err()
    );
    assert!(ShaderResourceView::new(&c, &t, Some(&srv_desc(Format::R16G16Float, 0, 1))).is_err());
    assert!(
        ShaderResourceView::new(&c, &t, Some(&srv_desc(Format::R8G8B8A8Unorm, 1, 1))).is_err(),
        "mip out of range"
    );
    let typed = Texture::new(&c, &tex2d(4, 4, Format::R8G8B8A8Unorm, SRV), None).unwrap();
    let v = ShaderResourceView::new(&c, &typed, None).unwrap();
    assert_eq!(
        (
            v.format(),
            v.dimension(),
            v.range().mip_levels,
            v.range().array_size
        ),
        (Format::R8G8B8A8Unorm, ViewDimension::Texture2D, 1, 1)
    );
    assert!(
        RenderTargetView::new(&c, &typed, None).is_err(),
        "no RENDER_TARGET bind"
    );
    assert!(v.resource().ptr_eq(&Resource::from(&typed)));
}

#[test]
fn rtv_dsv_uav_rules() {
    let c9 = caps(L::L9_3);
    let c11 = caps(L::L11_0);
    let t3 = tex3d(4, 4, 4, 1, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    assert!(RenderTargetView::new(&c9, Texture::new(&c9, &t3, None).unwrap(), None).is_err());
    let tex = Texture::new(&c11, &t3, None).unwrap();
    let rtv = RenderTargetView::new(&c11, &tex, None).unwrap();
    assert_eq!(
        (rtv.range().first_array_slice, rtv.range().array_size),
        (0, 4)
    );
    let ds = tex2d(4, 4, Format::D24UnormS8Uint, BindFlags::DEPTH_STENCIL);
    let dst = Texture::new(&c9, &ds, None).unwrap();
    assert!(DepthStencilView::new(&c9, &dst, None).is_ok());
    let ro = DsvFlags {
        read_only_depth: true,
        read_only_stencil: true,
    };
    assert!(matches!(
        DepthStencilView::with_flags(&c9, &dst, None, ro),
        Err(ResourceError::Unsupported { .. })
    ));
    let dst11 = Texture::new(&c11, &ds, None).unwrap();
    let v = DepthStencilView::with_flags(&c11, &dst11, None, ro).unwrap();
    assert!(v.read_only_depth() && v.read_only_stencil());
    let d32 = Texture::new(
        &c11,
        &tex2d(4, 4, Format::D32Float, BindFlags::DEPTH_STENCIL),
        None,
    )
    .unwrap();
    let ro_s = DsvFlags {
        read_only_depth: false,
        read_only_stencil: true,
    };
    assert!(DepthStencilView::with_flags(&c11, &d32, None, ro_s).is_err());
    let uav_tex = tex2d(4, 4, Format::R32Float, BindFlags::UNORDERED_ACCESS);
    assert!(Texture::new(&c9, &uav_tex, None).is_err());
    assert!(
        UnorderedAccessView::new(&c11, Texture::new(&c11, &uav_tex, None).unwrap(), None).is_ok()
    );
}

fn staging_buf(cpu: CpuAccess) -> BufferDesc {
    BufferDesc {
        byte_width: 16,
        usage: Usage::Staging,
        cpu_access: cpu,
        ..BufferDesc::default()
    }
}

fn dynamic_buf(bind: BindFlags) -> BufferDesc {
    BufferDesc {
        byte_width: 16,
        usage: Usage::Dynamic,
        cpu_access: CpuAccess::WRITE,
        bind_flags: bind,
        ..BufferDesc::default()
    }
}

#[test]
fn map_rules() {
    let c = caps(L::L11_0);
    let r = Resource::from(Buffer::new(&c, &staging_buf(CpuAccess::READ), None).unwrap());
    assert!(map(&c, &r, 0, MapType::Read).is_ok());
    assert!(
        map(&c, &r, 0, MapType::Write).is_err(),
        "WRITE needs CPU_ACCESS_WRITE"
    );
    assert!(
        map(&c, &r, 0, MapType::WriteDiscard).is_err(),
        "WRITE_DISCARD needs DYNAMIC"
    );
    let rw = Resource::from(
        Buffer::new(&c, &staging_buf(CpuAccess::READ | CpuAccess::WRITE), None).unwrap(),
    );
    {
        let mut m = map(&c, &rw, 0, MapType::ReadWrite).unwrap();
        assert!(matches!(
            map(&c, &rw, 0, MapType::Read),
            Err(ResourceError::AlreadyMapped { sub: 0 })
        ));
        m.data_mut()[..4].copy_from_slice(&[1, 2, 3, 4]);
    }
    assert_eq!(&rw.as_buffer().unwrap().read()[..4], &[1, 2, 3, 4]);
    let m = map(&c, &rw, 0, MapType::Read).unwrap();
    m.unmap();
    // Dynamic: discard gives zeroed memory; no-overwrite keeps contents; READ refused.
    let vb = Resource::from(Buffer::new(&c, &dynamic_buf(BindFlags::VERTEX_BUFFER), None).unwrap());
    let mut m = map(&c, &vb, 0, MapType::WriteDiscard).unwrap();
    m[0] = 9;
    drop(m);
    assert_eq!(map(&c, &vb, 0, MapType::WriteNoOverwrite).unwrap()[0], 9);
    assert!(map(&c, &vb, 0, MapType::Read).is_err());
    // NO_OVERWRITE on a dynamic constant buffer: refused at 11_0, allowed at 11_1.
    let cb = dynamic_buf(BindFlags::CONSTANT_BUFFER);
    let cb10 = Resource::from(Buffer::new(&c, &cb, None).unwrap());
    assert!(map(&c, &cb10, 0, MapType::WriteNoOverwrite).is_err());
    let c111 = caps(L::L11_1);
    let cb11 = Resource::from(Buffer::new(&c111, &cb, None).unwrap());
    assert!(map(&c111, &cb11, 0, MapType::WriteNoOverwrite).is_ok());
    // DEFAULT resources cannot be mapped.
    let def =
        Resource::from(Texture::new(&c, &tex2d(4, 4, Format::R8G8B8A8Unorm, SRV), None).unwrap());
    assert!(map(&c, &def, 0, MapType::Read).is_err());
    // Out-of-range subresource.
    assert!(matches!(
        map(&c, &rw, 1, MapType::Read),
        Err(ResourceError::SubresourceOutOfRange { .. })
    ));
}

#[test]
fn map_texture_pitches_and_mapped_blocks_gpu_ops() {
    let c = caps(L::L11_0);
    let t = Texture::new(
        &c,
        &staging(TextureDesc {
            mip_levels: 2,
            ..tex2d(3, 3, Format::R8G8B8A8Unorm, SRV)
        }),
        None,
    )
    .unwrap();
    let r = Resource::from(&t);
    let mut m = map(&c, &r, 1, MapType::Write).unwrap();
    assert_eq!((m.row_pitch(), m.depth_pitch(), m.len()), (4, 4, 4));
    m.copy_from_slice(&[5, 6, 7, 8]);
    assert!(t.is_mapped(1));
    let err = update_subresource(&c, &r, 0, None, &[0; 36], 12, 36);
    assert!(matches!(err, Err(ResourceError::Mapped { sub: 1 })));
    drop(m);
    assert!(!t.is_mapped(1));
    assert_eq!(t.read().subresource_bytes(1).unwrap(), &[5, 6, 7, 8]);
}

#[test]
fn update_subresource_box_and_refusals() {
    let c = caps(L::L11_0);
    let t = Texture::new(&c, &tex2d(4, 3, Format::R8Unorm, SRV), None).unwrap();
    let r = Resource::from(&t);
    // Box [1,3) x [1,3): source rows 5 bytes apart.
    let src = [1, 2, 0xAA, 0xAA, 0xAA, 3, 4];
    update_subresource(&c, &r, 0, Some(&Box3::rect(1, 1, 3, 3)), &src, 5, 0).unwrap();
    assert_eq!(
        t.read().subresource_bytes(0).unwrap(),
        &[0, 0, 0, 0, 0, 1, 2, 0, 0, 3, 4, 0]
    );
    // Box touching the edge is fine; one past is refused; empty box is a no-op.
    assert!(update_subresource(&c, &r, 0, Some(&Box3::rect(3, 2, 4, 3)), &[9], 1, 1).is_ok());
    assert!(update_subresource(&c, &r, 0, Some(&Box3::rect(3, 2, 5, 3)), &[9, 9], 2, 2).is_err());
    assert!(update_subresource(&c, &r, 0, Some(&Box3::rect(2, 2, 2, 3)), &[], 0, 0).is_ok());
    // Short data refused.
    assert!(update_subresource(&c, &r, 0, None, &[0; 11], 4, 12).is_err());
    // DYNAMIC / IMMUTABLE / depth / MSAA refused.
    let dynamic = TextureDesc {
        usage: Usage::Dynamic,
        cpu_access: CpuAccess::WRITE,
        ..tex2d(4, 4, Format::R8Unorm, SRV)
    };
    let rd = Resource::from(Texture::new(&c, &dynamic, None).unwrap());
    assert!(matches!(
        update_subresource(&c, &rd, 0, None, &[0; 16], 4, 16),
        Err(ResourceError::UsageNotAllowed { .. })
    ));
    let ds = Resource::from(
        Texture::new(
            &c,
            &tex2d(4, 4, Format::D32Float, BindFlags::DEPTH_STENCIL),
            None,
        )
        .unwrap(),
    );
    assert!(update_subresource(&c, &ds, 0, None, &[0; 64], 16, 64).is_err());
    let ms = TextureDesc {
        sample_desc: tessera_caps::SampleDesc {
            count: 4,
            quality: 0,
        },
        ..tex2d(4, 4, Format::R8G8B8A8Unorm, RT)
    };
    let rm = Resource::from(Texture::new(&c, &ms, None).unwrap());
    assert!(update_subresource(&c, &rm, 0, None, &[0; 256], 64, 256).is_err());
    // BC boxes must be block aligned.
    let bc = Resource::from(Texture::new(&c, &tex2d(8, 8, Format::Bc1Unorm, SRV), None).unwrap());
    assert!(update_subresource(&c, &bc, 0, Some(&Box3::rect(4, 4, 8, 8)), &[3; 8], 8, 8).is_ok());
    assert!(update_subresource(&c, &bc, 0, Some(&Box3::rect(2, 0, 6, 4)), &[3; 8], 8, 8).is_err());
    // Buffers: byte box.
    let b = Buffer::new(&c, &buffer_desc(8, BindFlags::VERTEX_BUFFER), None).unwrap();
    update_subresource(
        &c,
        &Resource::from(&b),
        0,
        Some(&Box3::bytes(2, 5)),
        &[7, 8, 9],
        0,
        0,
    )
    .unwrap();
    assert_eq!(&b.read()[..], &[0, 0, 7, 8, 9, 0, 0, 0]);
    let _ = MiscFlags::NONE;
}
