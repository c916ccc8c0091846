//! FL-28..FL-34: queries, views, clears, copies, shared formats, depth/MSAA views and tiled resources.

use super::*;
use FeatureLevel::*;
use tessera_caps::*;
use tessera_format::Format;

#[test]
fn fl28_queries() {
    assert_eq!(
        caps(L9_1).validate_query(QueryType::Occlusion),
        Err(CapsError::Query {
            level: L9_1,
            query: QueryType::Occlusion
        })
    );
    assert_eq!(caps(L9_1).validate_query(QueryType::Event), Ok(()));
    assert_eq!(caps(L9_2).validate_query(QueryType::Occlusion), Ok(()));
    for level in NINE {
        assert!(matches!(
            caps(level).validate_predicate(QueryType::OcclusionPredicate),
            Err(CapsError::Unsupported {
                feature: "CreatePredicate",
                ..
            })
        ));
        assert!(matches!(
            caps(level).validate_counter(),
            Err(CapsError::Unsupported {
                feature: "CreateCounter",
                ..
            })
        ));
    }
    assert_eq!(
        caps(L10_0).validate_predicate(QueryType::OcclusionPredicate),
        Ok(())
    );
}

#[test]
fn fl29_srv_must_reach_smallest_mip() {
    let t = TextureDesc {
        mip_levels: 3,
        ..tex2d(256, 256)
    };
    let view = |most, mips| ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: ViewDimension::Texture2D,
        range: SubresourceRange {
            most_detailed_mip: most,
            mip_levels: mips,
            first_array_slice: 0,
            array_size: 1,
        },
    };
    for level in NINE {
        let c = caps(level);
        assert!(
            matches!(c.validate_srv(&t, &view(0, 1)), Err(CapsError::View { level: l, .. }) if l == level)
        );
        assert_eq!(c.validate_srv(&t, &view(1, 2)), Ok(()));
        assert_eq!(c.validate_srv(&t, &view(0, u32::MAX)), Ok(()));
    }
    assert_eq!(caps(L10_0).validate_srv(&t, &view(0, 1)), Ok(()));
    assert!(caps(L10_0).validate_srv(&t, &view(2, 2)).is_err());
}

#[test]
fn fl30_clear_only_face_zero_at_9x() {
    let all = SubresourceRange {
        most_detailed_mip: 0,
        mip_levels: 1,
        first_array_slice: 0,
        array_size: 6,
    };
    for level in NINE {
        assert_eq!(caps(level).clear_render_target_range(all).array_size, 1);
    }
    assert_eq!(caps(L10_0).clear_render_target_range(all).array_size, 6);
}

#[test]
fn fl31_copies() {
    let staging = |t: TextureDesc| TextureDesc {
        usage: Usage::Staging,
        bind_flags: BindFlags::NONE,
        cpu_access: CpuAccess::READ,
        ..t
    };
    let v3 = tex3d(64, 64, 64);
    let t2 = TextureDesc {
        bind_flags: BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
        ..tex2d(64, 64)
    };
    let copy = |kind, src, dst| CopyDesc {
        kind,
        src: ResourceDesc::Texture(src),
        dst: ResourceDesc::Texture(dst),
    };
    let mipped = TextureDesc {
        mip_levels: 2,
        ..v3
    };
    for level in NINE {
        let c = caps(level);
        assert!(matches!(
            c.validate_copy(&copy(CopyKind::Resource, v3, staging(v3))),
            Err(CapsError::Copy { .. })
        ));
        assert_eq!(
            c.validate_copy(&copy(CopyKind::Resource, t2, staging(t2))),
            Ok(())
        );
        assert!(matches!(
            c.validate_copy(&copy(CopyKind::SubresourceRegion, mipped, mipped)),
            Err(CapsError::Copy { .. })
        ));
        // SHADER_RESOURCE-only source to CPU refused.
        let sr_only = tex2d(64, 64);
        assert!(
            c.validate_copy(&copy(CopyKind::Resource, sr_only, staging(sr_only)))
                .is_err()
        );
    }
    assert_eq!(
        caps(L10_0).validate_copy(&copy(CopyKind::Resource, v3, staging(v3))),
        Ok(())
    );
}

#[test]
fn fl32_shared_r8g8b8a8() {
    let shared = |f| TextureDesc {
        misc_flags: MiscFlags::SHARED,
        ..TextureDesc::tex2d(
            64,
            64,
            f,
            BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
        )
    };
    for level in NINE {
        assert!(matches!(
            caps(level).validate_texture(&shared(Format::R8G8B8A8Unorm)),
            Err(CapsError::InvalidDesc { .. })
        ));
        assert!(
            caps(level)
                .validate_texture(&shared(Format::R8G8B8A8UnormSrgb))
                .is_err()
        );
        assert_eq!(
            caps(level).validate_texture(&shared(Format::B8G8R8A8Unorm)),
            Ok(())
        );
    }
    assert_eq!(
        caps(L10_0).validate_texture(&shared(Format::R8G8B8A8Unorm)),
        Ok(())
    );
}

#[test]
fn fl33_depth_mips_and_msaa_srv() {
    let ds = |mips| TextureDesc {
        mip_levels: mips,
        ..TextureDesc::tex2d(64, 64, Format::D24UnormS8Uint, BindFlags::DEPTH_STENCIL)
    };
    let msaa = |bind| TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        ..TextureDesc::tex2d(64, 64, Format::R8G8B8A8Unorm, bind)
    };
    for level in NINE {
        assert!(matches!(
            caps(level).validate_texture(&ds(2)),
            Err(CapsError::InvalidDesc { .. })
        ));
        assert_eq!(caps(level).validate_texture(&ds(1)), Ok(()));
        assert!(matches!(
            caps(level)
                .validate_texture(&msaa(BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET)),
            Err(CapsError::InvalidDesc { .. })
        ));
        assert_eq!(
            caps(level).validate_texture(&msaa(BindFlags::RENDER_TARGET)),
            Ok(())
        );
    }
    assert_eq!(caps(L10_0).validate_texture(&ds(2)), Ok(()));
    assert_eq!(
        caps(L10_1).validate_texture(&msaa(BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET)),
        Ok(())
    );
}

#[test]
fn fl34_tiled_tier_and_min_max_filtering() {
    // FL-34: a device answers MinMaxFiltering TRUE exactly when its tiled tier is >= 2. With
    // no override the tier is the highest the level allows (SPEC §6.11, WARP's Tier 3), capped
    // at IMPLEMENTED_TILED_RESOURCES_TIER; minimal_optional_features takes the lowest.
    let minmax = SamplerDesc {
        filter: Filter {
            reduction: FilterReduction::Minimum,
            ..SamplerDesc::default().filter
        },
        ..Default::default()
    };
    let tier = |level, t| {
        Caps::new(
            level,
            CapsOptions {
                tiled_resources_tier: Some(t),
                ..Default::default()
            },
        )
    };
    assert_eq!(IMPLEMENTED_TILED_RESOURCES_TIER, 3);
    for level in FeatureLevel::ALL {
        let expected = match level {
            L9_1 | L9_2 | L9_3 | L10_0 | L10_1 => 0,
            L11_0 => 1,
            _ => 3,
        };
        let caps = Caps::for_level(level);
        let f = caps.check_feature_support();
        assert_eq!(f.tiled_resources_tier, expected, "{level}");
        assert_eq!(caps.tiled_tier(), (expected > 0).then_some(expected));
        assert_eq!(f.min_max_filtering, expected >= 2, "{level}");
        assert_eq!(
            caps.validate_sampler(&minmax).is_ok(),
            expected >= 2,
            "{level}"
        );
        let minimal = Caps::new(
            level,
            CapsOptions {
                minimal_optional_features: true,
                ..Default::default()
            },
        )
        .unwrap();
        let lowest = match level {
            L12_0 | L12_1 => 2,
            L12_2 => 3,
            _ => 0,
        };
        assert_eq!(
            minimal.check_feature_support().tiled_resources_tier,
            lowest,
            "{level}"
        );
    }
    // An override inside the level's range is answered and followed: min/max samplers are
    // refused at Tier 1 and accepted at Tier 2 / 3.
    for (level, t) in [(L11_0, 1), (L11_1, 1), (L11_1, 2), (L12_0, 3), (L12_2, 3)] {
        let caps = tier(level, t).unwrap();
        let f = caps.check_feature_support();
        assert_eq!((f.tiled_resources_tier, f.min_max_filtering), (t, t >= 2));
        assert_eq!(caps.validate_sampler(&minmax).is_ok(), t >= 2, "{level}");
    }
    let off = tier(L11_1, 0).unwrap();
    assert_eq!(off.check_feature_support().tiled_resources_tier, 0);
    assert_eq!(off.tiled_tier(), None);
    // The level's own range is checked: 11_0 allows at most Tier 1, 12_0 at least Tier 2.
    assert_eq!(
        tier(L11_0, 2).unwrap_err(),
        CapsError::TiledTier {
            level: L11_0,
            min: 0,
            max: 1,
            value: 2
        }
    );
    assert!(matches!(tier(L12_0, 1), Err(CapsError::TiledTier { .. })));
    assert!(matches!(
        tier(L10_0, 1),
        Err(CapsError::TiledTier { max: 0, .. })
    ));
}

#[test]
fn ordinary_create_calls_refuse_tiled_flags() {
    // A tiled resource is a TiledResource (create_tiled_*): the ordinary calls name the call to
    // use where the device has a tier; below 11_0 the level itself refuses.
    let tiled = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
    };
    let pool_tex = TextureDesc {
        misc_flags: MiscFlags::TILE_POOL,
        ..tiled
    };
    let buffer = |misc| BufferDesc {
        byte_width: 65536,
        misc_flags: misc,
        ..BufferDesc::default()
    };
    for level in FeatureLevel::ALL {
        let caps = Caps::for_level(level);
        let refused = |r: Result<(), CapsError>| {
            if level >= L11_0 {
                matches!(r, Err(CapsError::InvalidDesc { ref reason, .. }) if reason.contains("create_tiled_"))
            } else {
                r.is_err()
            }
        };
        assert!(refused(caps.validate_texture(&tiled)), "{level}");
        assert!(
            refused(caps.validate_buffer(&buffer(MiscFlags::TILED))),
            "{level}"
        );
        assert!(
            refused(caps.validate_buffer(&buffer(MiscFlags::TILE_POOL))),
            "{level}"
        );
        assert!(
            matches!(
                caps.validate_texture(&pool_tex),
                Err(CapsError::InvalidDesc { .. })
            ),
            "{level}"
        );
    }
}

/// Limit messages count their noun: "at most 1 array slice", "at most 2048 array slices".
#[test]
fn limit_messages_agree_in_number() {
    let one = CapsError::TextureArraySize {
        level: L9_1,
        limit: 1,
        value: 2,
    };
    assert_eq!(
        one.to_string(),
        "feature level 9_1 allows at most 1 array slice for this texture; the texture uses 2"
    );
    let one_target = CapsError::Count {
        level: L9_1,
        what: "render targets",
        rule: "SPEC §2.2 OMSetRenderTargets",
        limit: 1,
        value: 2,
    };
    assert_eq!(
        one_target.to_string(),
        "feature level 9_1 allows at most 1 render target; the call uses 2"
    );
    let four_targets = CapsError::Count {
        level: L9_3,
        what: "render targets",
        rule: "SPEC §2.2 OMSetRenderTargets",
        limit: 4,
        value: 5,
    };
    assert_eq!(
        four_targets.to_string(),
        "feature level 9_3 allows at most 4 render targets; the call uses 5"
    );
    let many = CapsError::MipLevels {
        level: L11_0,
        limit: 9,
        value: 10,
    };
    assert_eq!(
        many.to_string(),
        "feature level 11_0 allows at most 9 mip levels for this texture; the texture uses 10"
    );
}

#[test]
fn tiled_gate_and_misc_flags() {
    let device = |level, t| {
        Caps::new(
            level,
            CapsOptions {
                tiled_resources_tier: Some(t),
                ..Default::default()
            },
        )
    };
    assert_eq!(
        device(L11_0, 2).unwrap_err(),
        CapsError::TiledTier {
            level: L11_0,
            min: 0,
            max: 1,
            value: 2
        }
    );
    assert!(matches!(
        device(L10_0, 1),
        Err(CapsError::TiledTier { max: 0, .. })
    ));
    let c = device(L11_1, 2).unwrap();
    assert_eq!(c.tiled_tier(), Some(2));
    assert_eq!(c.check_feature_support().tiled_resources_tier, 2);
    let tex = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..TextureDesc::tex2d(256, 256, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
    };
    assert_eq!(c.validate_tiled_texture(&tex), Ok(2));
    // The ordinary path refuses MISC_TILED: tiled textures are made by create_tiled_texture.
    assert!(matches!(
        c.validate_texture(&tex),
        Err(CapsError::InvalidDesc { .. })
    ));
    for misc in [
        MiscFlags::default(),
        MiscFlags::TILED | MiscFlags::SHARED,
        MiscFlags::TILED | MiscFlags::TILE_POOL,
    ] {
        let d = TextureDesc {
            misc_flags: misc,
            ..tex
        };
        assert!(
            matches!(
                c.validate_tiled_texture(&d),
                Err(CapsError::InvalidDesc { .. })
            ),
            "{misc:?}"
        );
    }
    let pool = |misc| BufferDesc {
        byte_width: 65536,
        misc_flags: misc,
        ..BufferDesc::default()
    };
    assert_eq!(c.validate_tile_pool(&pool(MiscFlags::TILE_POOL)), Ok(2));
    assert_eq!(
        c.validate_tile_pool(&BufferDesc {
            byte_width: 0,
            ..pool(MiscFlags::TILE_POOL)
        }),
        Ok(2)
    );
    assert!(matches!(
        c.validate_tile_pool(&pool(MiscFlags::TILE_POOL | MiscFlags::SHARED)),
        Err(CapsError::InvalidDesc { .. })
    ));
    assert_eq!(c.validate_tiled_buffer(&pool(MiscFlags::TILED)), Ok(2));
    // A device whose tier is 0 (turned off, or below 11_0) refuses with the level's rule.
    assert!(matches!(
        device(L11_1, 0).unwrap().validate_tiled_texture(&tex),
        Err(CapsError::Unsupported { .. })
    ));
    assert!(matches!(
        Caps::for_level(L10_1).validate_tile_pool(&pool(MiscFlags::TILE_POOL)),
        Err(CapsError::Unsupported { .. })
    ));
}
