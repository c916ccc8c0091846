//! Creation rules: FL-01..FL-10, FL-32, FL-33, usage/CPU-access rules, layouts, Send + Sync.

use tessera_caps::{
    BindFlags, CpuAccess, FeatureLevel as L, MiscFlags, SampleDesc, TextureDesc, TextureDimension,
    Usage,
};
use tessera_format::Format;
use tessera_resource::{
    Buffer, Resource, ResourceError, SubresourceData, Texture, calc_subresource,
};
use tessera_testkit::desc::*;

const RGBA8: Format = Format::R8G8B8A8Unorm;

fn ok(level: L, d: &TextureDesc) -> bool {
    Texture::new(&caps(level), d, None).is_ok()
}

#[test]
fn fl01_fl02_texture2d_max_dimension() {
    assert!(ok(L::L9_1, &tex2d(2048, 2048, RGBA8, SRV)));
    assert!(!ok(L::L9_1, &tex2d(2049, 16, RGBA8, SRV)));
    assert!(ok(L::L9_3, &tex2d(4096, 4, RGBA8, SRV)));
    assert!(!ok(L::L9_3, &tex2d(4097, 1, RGBA8, SRV)));
    assert!(ok(L::L10_0, &tex2d(8192, 1, RGBA8, SRV)));
    assert!(!ok(L::L10_0, &tex2d(8193, 1, RGBA8, SRV)));
    assert!(ok(L::L11_0, &tex2d(16384, 1, RGBA8, SRV)));
    assert!(!ok(L::L11_0, &tex2d(16385, 1, RGBA8, SRV)));
}

fn cube(size: u32, array: u32) -> TextureDesc {
    TextureDesc {
        array_size: array,
        misc_flags: MiscFlags::TEXTURE_CUBE,
        ..tex2d(size, size, RGBA8, SRV)
    }
}

#[test]
fn fl03_fl06_cubes_and_arrays() {
    assert!(ok(L::L9_1, &cube(512, 6)));
    assert!(!ok(L::L9_1, &cube(1024, 6)));
    assert!(ok(L::L9_3, &cube(256, 6)));
    assert!(!ok(L::L9_3, &cube(300, 6)));
    let arr2 = TextureDesc {
        array_size: 2,
        ..tex2d(64, 64, RGBA8, SRV)
    };
    assert!(!ok(L::L9_3, &arr2));
    assert!(ok(L::L10_0, &arr2));
}

#[test]
fn fl04_non_pow2_needs_single_mip() {
    let one = tex2d(300, 200, RGBA8, SRV);
    assert!(ok(L::L9_1, &one));
    assert!(!ok(
        L::L9_1,
        &TextureDesc {
            mip_levels: 2,
            ..one
        }
    ));
    assert!(!ok(
        L::L9_1,
        &TextureDesc {
            mip_levels: 0,
            ..one
        }
    ));
    assert!(ok(
        L::L10_0,
        &TextureDesc {
            mip_levels: 0,
            ..one
        }
    ));
}

#[test]
fn fl07_array_size_limits() {
    let a = |n| TextureDesc {
        array_size: n,
        ..tex2d(4, 4, RGBA8, SRV)
    };
    assert!(ok(L::L10_0, &a(512)));
    assert!(!ok(L::L10_0, &a(513)));
    assert!(ok(L::L11_0, &a(2048)));
    assert!(!ok(L::L11_0, &a(2049)));
}

#[test]
fn fl08_texture3d_rules() {
    assert!(ok(L::L9_1, &tex3d(256, 256, 256, 1, RGBA8, SRV)));
    assert!(!ok(L::L9_1, &tex3d(512, 512, 512, 1, RGBA8, SRV)));
    assert!(!ok(L::L9_3, &tex3d(100, 64, 64, 1, RGBA8, SRV)));
    assert!(ok(L::L10_0, &tex3d(100, 64, 64, 1, RGBA8, SRV)));
}

#[test]
fn fl09_texture1d() {
    let t1 = |w| TextureDesc {
        dimension: TextureDimension::D1,
        ..tex2d(w, 1, RGBA8, SRV)
    };
    assert!(!ok(L::L9_3, &t1(16)));
    assert!(ok(L::L10_0, &t1(8192)));
    assert!(!ok(L::L10_0, &t1(8193)));
}

#[test]
fn fl10_buffer_bind_rule_at_9_1() {
    let c = caps(L::L9_1);
    let vb_ib = buffer_desc(64, BindFlags::VERTEX_BUFFER | BindFlags::INDEX_BUFFER);
    assert!(Buffer::new(&c, &vb_ib, None).is_err());
    assert!(Buffer::new(&c, &buffer_desc(64, BindFlags::VERTEX_BUFFER), None).is_ok());
    assert!(Buffer::new(&c, &buffer_desc(64, BindFlags::SHADER_RESOURCE), None).is_err());
    assert!(Buffer::new(&caps(L::L10_0), &vb_ib, None).is_ok());
}

#[test]
fn fl32_shared_rgba8_at_9_x() {
    let shared = |f| TextureDesc {
        misc_flags: MiscFlags::SHARED,
        ..tex2d(64, 64, f, SRV)
    };
    assert!(!ok(L::L9_3, &shared(RGBA8)));
    assert!(ok(L::L9_3, &shared(Format::B8G8R8A8Unorm)));
}

#[test]
fn fl33_depth_mips_and_msaa_srv() {
    let ds = TextureDesc {
        mip_levels: 2,
        ..tex2d(64, 64, Format::D24UnormS8Uint, BindFlags::DEPTH_STENCIL)
    };
    assert!(!ok(L::L9_1, &ds));
    assert!(ok(
        L::L9_1,
        &TextureDesc {
            mip_levels: 1,
            ..ds
        }
    ));
    let ms = TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        ..tex2d(64, 64, RGBA8, SRV)
    };
    assert!(!ok(L::L9_3, &ms));
}

#[test]
fn usage_and_cpu_access_rules() {
    let c = caps(L::L11_0);
    let base = tex2d(4, 4, RGBA8, SRV);
    // IMMUTABLE needs init data and no GPU-write binds.
    let imm = TextureDesc {
        usage: Usage::Immutable,
        ..base
    };
    assert!(matches!(
        Texture::new(&c, &imm, None),
        Err(ResourceError::InvalidDesc(_))
    ));
    let data = [7u8; 64];
    let init = [SubresourceData::new(&data, 16, 64)];
    assert!(Texture::new(&c, &imm, Some(&init)).is_ok());
    assert!(
        Texture::new(
            &c,
            &TextureDesc {
                bind_flags: SRV | RT,
                ..imm
            },
            Some(&init)
        )
        .is_err()
    );
    // DYNAMIC needs exactly CPU write.
    let dynamic = TextureDesc {
        usage: Usage::Dynamic,
        cpu_access: CpuAccess::WRITE,
        ..base
    };
    assert!(Texture::new(&c, &dynamic, None).is_ok());
    assert!(
        Texture::new(
            &c,
            &TextureDesc {
                cpu_access: CpuAccess::READ,
                ..dynamic
            },
            None
        )
        .is_err()
    );
    assert!(
        Texture::new(
            &c,
            &TextureDesc {
                bind_flags: SRV | RT,
                ..dynamic
            },
            None
        )
        .is_err()
    );
    // STAGING: no binds, some CPU access.
    assert!(Texture::new(&c, &staging(base), None).is_ok());
    assert!(
        Texture::new(
            &c,
            &TextureDesc {
                bind_flags: SRV,
                ..staging(base)
            },
            None
        )
        .is_err()
    );
    assert!(
        Texture::new(
            &c,
            &TextureDesc {
                cpu_access: CpuAccess::NONE,
                ..staging(base)
            },
            None
        )
        .is_err()
    );
    // DEFAULT: no CPU access.
    assert!(
        Texture::new(
            &c,
            &TextureDesc {
                cpu_access: CpuAccess::READ,
                ..base
            },
            None
        )
        .is_err()
    );
    // 9_x: DEFAULT needs a bind flag, 10_0 does not.
    let unbound = tex2d(4, 4, RGBA8, BindFlags::NONE);
    assert!(!ok(L::L9_1, &unbound));
    assert!(ok(L::L10_0, &unbound));
}

#[test]
fn init_data_is_copied_with_pitches() {
    let c = caps(L::L11_0);
    // 3x2 RGBA8, source row pitch 16 (4 bytes of padding).
    let mut src = vec![0xEEu8; 32];
    for y in 0..2 {
        for x in 0..12 {
            src[y * 16 + x] = (y * 12 + x) as u8;
        }
    }
    let t = Texture::new(
        &c,
        &tex2d(3, 2, RGBA8, SRV),
        Some(&[SubresourceData::new(&src, 16, 32)]),
    )
    .unwrap();
    let g = t.read();
    let expect: Vec<u8> = (0..24).collect();
    assert_eq!(g.subresource_bytes(0).unwrap(), &expect[..]);
    // Pitch smaller than a row is refused; short data is refused.
    assert!(
        Texture::new(
            &c,
            &tex2d(3, 2, RGBA8, SRV),
            Some(&[SubresourceData::new(&src, 8, 32)])
        )
        .is_err()
    );
    assert!(
        Texture::new(
            &c,
            &tex2d(3, 2, RGBA8, SRV),
            Some(&[SubresourceData::new(&src[..20], 16, 32)])
        )
        .is_err()
    );
    // Buffer init too short.
    assert!(
        Buffer::new(
            &c,
            &buffer_desc(64, BindFlags::VERTEX_BUFFER),
            Some(&[0u8; 63])
        )
        .is_err()
    );
}

#[test]
fn subresource_layout_mips_odd_sizes() {
    let c = caps(L::L11_0);
    let d = TextureDesc {
        mip_levels: 0,
        array_size: 2,
        ..tex2d(5, 3, RGBA8, SRV)
    };
    let t = Texture::new(&c, &d, None).unwrap();
    assert_eq!(t.mip_levels(), 3);
    assert_eq!(t.subresource_count(), 6);
    let dims: Vec<_> = (0..3)
        .map(|m| {
            t.layout(m)
                .map(|l| (l.width, l.height, l.row_pitch, l.depth_pitch))
                .unwrap()
        })
        .collect();
    assert_eq!(dims, vec![(5, 3, 20, 60), (2, 1, 8, 8), (1, 1, 4, 4)]);
    // slice 1 starts after all mips of slice 0: 60 + 8 + 4 = 72
    let l = t.layout(calc_subresource(0, 1, 3)).unwrap();
    assert_eq!((l.offset, l.mip, l.array_slice), (72, 0, 1));
    assert_eq!(t.layout(5).unwrap().offset, 72 + 68);
    assert_eq!(t.size_in_bytes(), 144);
    assert!(matches!(
        t.layout(6),
        Err(ResourceError::SubresourceOutOfRange { sub: 6, count: 6 })
    ));
}

#[test]
fn subresource_layout_bc_and_3d() {
    let c = caps(L::L11_0);
    let d = TextureDesc {
        mip_levels: 0,
        ..tex2d(8, 4, Format::Bc1Unorm, SRV)
    };
    let t = Texture::new(&c, &d, None).unwrap();
    // BC1: 8 bytes per 4x4 block; mips 8x4, 4x2, 2x1, 1x1 -> 2x1, 1x1, 1x1, 1x1 blocks.
    let l: Vec<_> = (0..4).map(|m| t.layout(m).unwrap()).collect();
    assert_eq!(
        l.iter()
            .map(|l| (l.row_pitch, l.rows, l.size))
            .collect::<Vec<_>>(),
        vec![(16, 1, 16), (8, 1, 8), (8, 1, 8), (8, 1, 8)]
    );
    assert_eq!(l[3].offset, 32);
    // BC mip 0 must be a multiple of 4 below 12_2.
    assert!(!ok(L::L11_0, &tex2d(6, 4, Format::Bc1Unorm, SRV)));
    let v = Texture::new(&c, &tex3d(4, 2, 3, 0, Format::R16Float, SRV), None).unwrap();
    let l0 = v.layout(0).unwrap();
    assert_eq!((l0.row_pitch, l0.depth_pitch, l0.size), (8, 16, 48));
    let l1 = v.layout(1).unwrap();
    assert_eq!((l1.width, l1.height, l1.depth, l1.offset), (2, 1, 1, 48));
}

#[test]
fn out_of_memory_is_refused_before_allocation() {
    let c = caps(L::L11_0);
    let d = TextureDesc {
        array_size: 2048,
        ..tex2d(16384, 16384, RGBA8, SRV)
    };
    match Texture::new(&c, &d, None) {
        Err(ResourceError::DeviceMemoryBudget {
            requested_bytes,
            live_bytes: 0,
            budget_bytes,
        }) => {
            assert_eq!(requested_bytes, 16384u64 * 16384 * 4 * 2048);
            assert!(budget_bytes < requested_bytes);
        }
        other => panic!("expected DeviceMemoryBudget, got {other:?}"),
    }
}

#[test]
fn handles_are_send_sync_and_identity() {
    fn assert_send_sync<T: Send + Sync + Clone>() {}
    assert_send_sync::<Texture>();
    assert_send_sync::<Buffer>();
    assert_send_sync::<Resource>();
    let c = caps(L::L11_0);
    let a = Texture::new(&c, &tex2d(4, 4, RGBA8, SRV), None).unwrap();
    let b = Texture::new(&c, &tex2d(4, 4, RGBA8, SRV), None).unwrap();
    let a2 = a.clone();
    assert!(Resource::from(&a).ptr_eq(&Resource::from(a2)));
    assert!(!Resource::from(&a).ptr_eq(&Resource::from(&b)));
    let t = std::thread::spawn(move || b.subresource_count());
    assert_eq!(t.join().unwrap(), 1);
}

#[test]
fn surfaces_and_disjoint_mut() {
    let c = caps(L::L11_0);
    let t = Texture::new(
        &c,
        &TextureDesc {
            mip_levels: 2,
            ..tex2d(4, 4, RGBA8, SRV)
        },
        None,
    )
    .unwrap();
    {
        let mut g = t.write();
        let mut s = g.surfaces_mut(&[1, 0]).unwrap();
        assert_eq!((s[0].width(), s[1].width()), (2, 4));
        s[0].as_bytes_mut().fill(1);
        s[1].as_bytes_mut().fill(2);
        assert!(g.surfaces_mut(&[0, 0]).is_err());
    }
    let g = t.read();
    assert_eq!(g.surface(1).unwrap().as_bytes(), &[1u8; 16][..]);
    assert_eq!(g.surface(0).unwrap().row_pitch(), 16);
    assert!(g.surface(2).is_err());
}
