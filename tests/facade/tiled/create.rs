//! The tier gate, the tier against the level, and creation (TR-02/03/05/06).

use tessera::caps::{BindFlags, BufferDesc, CapsError, MiscFlags, TextureDimension, Usage};
use tessera::format::Format;
use tessera::resource::SubresourceData;
use tessera::resource::tiled::{PACKED_TILE, TiledError, TiledTier};
use tessera::tiled::Tier1NullRead;
use tessera::{Error, FeatureLevel};

use super::*;

#[test]
fn a_device_without_a_tier_refuses_every_tiled_call() {
    // Tier 0 by choice (11_1 allows 0..=3) or by level (10_1): the level's Unsupported rule.
    for (level, tier) in [(FeatureLevel::L11_1, Some(0)), (FeatureLevel::L10_1, None)] {
        let d = device_at(level, tier, Tier1NullRead::Zero).unwrap();
        assert_eq!(d.tiled_tier(), None);
        let e = d
            .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
            .unwrap_err();
        assert!(
            matches!(&e, Error::Caps(CapsError::Unsupported { feature, .. }) if feature.contains("MISC_TILED")),
            "{e}"
        );
        let e = d
            .create_tile_pool(&BufferDesc {
                byte_width: 65536,
                misc_flags: MiscFlags::TILE_POOL,
                ..BufferDesc::default()
            })
            .unwrap_err();
        assert!(
            matches!(e, Error::Caps(CapsError::Unsupported { .. })),
            "{e}"
        );
        let e = d.create_tiled_buffer(&tiled_buf(65536), None).unwrap_err();
        assert!(
            matches!(e, Error::Caps(CapsError::Unsupported { .. })),
            "{e}"
        );
    }
}

#[test]
fn the_tier_follows_the_level_and_is_reported() {
    let refused = |level, t| match device_at(level, Some(t), Tier1NullRead::Zero) {
        Err(Error::Caps(CapsError::TiledTier {
            min, max, value, ..
        })) => (min, max, value),
        other => panic!("{level} tier {t}: {other:?}"),
    };
    use FeatureLevel::*;
    assert_eq!(refused(L11_0, 2), (0, 1, 2));
    assert_eq!(refused(L10_1, 1), (0, 0, 1));
    assert_eq!(refused(L12_0, 1), (2, 3, 1));
    assert_eq!(refused(L11_1, 4), (0, 3, 4));
    for (level, t, tier) in [
        (L11_0, Some(1), TiledTier::Tier1),
        (L11_0, None, TiledTier::Tier1),
        (L11_1, Some(2), TiledTier::Tier2),
        (L11_1, None, TiledTier::Tier3),
        (L12_2, Some(3), TiledTier::Tier3),
    ] {
        let d = device_at(level, t, Tier1NullRead::Zero).unwrap();
        assert_eq!(d.tiled_tier(), Some(tier));
        // The device claims the tier it runs (docs/tiled-resources.md "Features by tier").
        let f = d.check_feature_support();
        let n = tier as u32;
        assert_eq!(
            (f.tiled_resources_tier, f.min_max_filtering),
            (n, n >= 2),
            "{level}"
        );
    }
}

#[test]
fn ordinary_creation_refuses_misc_tiled_and_names_the_tiled_call() {
    let d = device(2);
    let e = d
        .create_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap_err();
    assert!(
        matches!(&e, Error::Caps(CapsError::InvalidDesc { reason, .. }) if reason.contains("create_tiled_texture")),
        "{e}"
    );
    let e = d.create_buffer(&tiled_buf(65536), None).unwrap_err();
    assert!(
        matches!(&e, Error::Caps(CapsError::InvalidDesc { reason, .. }) if reason.contains("create_tiled_buffer")),
        "{e}"
    );
}

fn creation_rule(e: Error) -> &'static str {
    match e {
        Error::Tiled(TiledError::Creation { rule, .. }) => rule,
        Error::Tiled(TiledError::Shape(_)) => "shape",
        other => panic!("not a tiled creation refusal: {other:?}"),
    }
}

#[test]
fn tr_06_creation_refusals() {
    let d2 = device(2);
    let d3 = device(3);
    let mut t3 = tiled_tex(64, 64, 1, 1, Format::R32Float);
    t3.dimension = TextureDimension::D3;
    t3.depth = 32;
    assert_eq!(
        creation_rule(d2.create_tiled_texture(&t3, None).unwrap_err()),
        "SPEC §6.1 tiled Texture3D needs Tier 3"
    );
    assert!(d3.create_tiled_texture(&t3, None).is_ok());
    let mut t1 = tiled_tex(65536, 1, 1, 1, Format::R8Unorm);
    t1.dimension = TextureDimension::D1;
    t1.width = 4096;
    assert_eq!(
        creation_rule(d3.create_tiled_texture(&t1, None).unwrap_err()),
        "SPEC §6.1 Texture1D is never tiled"
    );
    let ds = TextureDesc {
        bind_flags: BindFlags::DEPTH_STENCIL,
        ..tiled_tex(256, 256, 1, 1, Format::D24UnormS8Uint)
    };
    assert_eq!(
        creation_rule(d2.create_tiled_texture(&ds, None).unwrap_err()),
        "shape"
    );
    for (count, format) in [(8, Format::R8G8B8A8Unorm), (4, Format::R32G32B32A32Float)] {
        let mut m = tiled_tex(256, 256, 1, 1, format);
        m.bind_flags = BindFlags::RENDER_TARGET;
        m.sample_desc.count = count;
        assert!(
            d2.create_tiled_texture(&m, None).is_err(),
            "{count}x {format:?}"
        );
    }
    let mut dynamic = tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm);
    dynamic.usage = Usage::Dynamic;
    dynamic.cpu_access = tessera::caps::CpuAccess::WRITE;
    assert!(d2.create_tiled_texture(&dynamic, None).is_err());
    for bind in [BindFlags::VERTEX_BUFFER, BindFlags::CONSTANT_BUFFER] {
        let b = BufferDesc {
            bind_flags: bind,
            ..tiled_buf(65536)
        };
        assert!(d2.create_tiled_buffer(&b, None).is_err(), "{bind:?}");
    }
    assert_eq!(
        creation_rule(
            d2.create_tiled_buffer(&tiled_buf(65536), Some(&[0; 16]))
                .unwrap_err()
        ),
        "SPEC §6.1 tiled resources take no initial data"
    );
    let init = [SubresourceData::new(&[0; 4], 4, 4)];
    assert_eq!(
        creation_rule(
            d2.create_tiled_texture(
                &tiled_tex(128, 128, 1, 1, Format::R8G8B8A8Unorm),
                Some(&init)
            )
            .unwrap_err()
        ),
        "SPEC §6.1 tiled resources take no initial data"
    );
    let pool_desc = |bytes, usage| BufferDesc {
        byte_width: bytes,
        usage,
        misc_flags: MiscFlags::TILE_POOL,
        cpu_access: if usage == Usage::Dynamic {
            tessera::caps::CpuAccess::WRITE
        } else {
            tessera::caps::CpuAccess::default()
        },
        ..BufferDesc::default()
    };
    assert_eq!(
        creation_rule(
            d2.create_tile_pool(&pool_desc(100_000, Usage::Default))
                .unwrap_err()
        ),
        "SPEC §6.1 tile pool size is a multiple of 65536 bytes"
    );
    assert!(
        d2.create_tile_pool(&pool_desc(65536, Usage::Dynamic))
            .is_err()
    );
    assert_eq!(
        d2.create_tile_pool(&pool_desc(0, Usage::Default))
            .unwrap()
            .size_in_tiles(),
        0
    );
    // A refused creation stores a message beside the typed error.
    assert!(!ids(&d2).is_empty());
}

#[test]
fn tr_05_arrays_whose_mips_reach_below_a_tile() {
    let d = device(2);
    let full = tiled_tex(256, 256, 0, 2, Format::R8G8B8A8Unorm);
    assert!(d.create_tiled_texture(&full, None).is_err());
    let two = tiled_tex(256, 256, 2, 2, Format::R8G8B8A8Unorm);
    let r = d.create_tiled_texture(&two, None).unwrap();
    assert_eq!(
        d.get_resource_tiling(&r)
            .unwrap()
            .num_tiles_for_entire_resource,
        2 * (4 + 1)
    );
}

#[test]
fn tr_02_tr_03_get_resource_tiling_through_the_device() {
    let d = device(2);
    let t = |w, h, mips, f| {
        let r = d
            .create_tiled_texture(&tiled_tex(w, h, mips, 1, f), None)
            .unwrap();
        d.get_resource_tiling(&r).unwrap()
    };
    assert_eq!(
        t(1024, 1024, 1, Format::R8G8B8A8Unorm).num_tiles_for_entire_resource,
        64
    );
    assert_eq!(
        t(1000, 1000, 1, Format::R8G8B8A8Unorm).num_tiles_for_entire_resource,
        64
    );
    assert_eq!(
        t(4096, 4096, 1, Format::Bc1Unorm).num_tiles_for_entire_resource,
        128
    );
    let b = d.create_tiled_buffer(&tiled_buf(65537), None).unwrap();
    assert_eq!(
        d.get_resource_tiling(&b)
            .unwrap()
            .num_tiles_for_entire_resource,
        2
    );
    let p = t(256, 256, 9, Format::R8G8B8A8Unorm);
    assert_eq!(
        (
            p.packed_mip_desc.num_standard_mips,
            p.packed_mip_desc.num_packed_mips,
            p.packed_mip_desc.start_tile_index_in_overall_resource,
            p.packed_mip_desc.num_tiles_for_packed_mips,
        ),
        (2, 7, 5, 1)
    );
    for s in &p.subresource_tilings[2..] {
        assert_eq!(
            (
                s.width_in_tiles,
                s.height_in_tiles,
                s.depth_in_tiles,
                s.start_tile_index_in_overall_resource
            ),
            (0, 0, 0, PACKED_TILE)
        );
    }
    // A resource of another device is refused.
    let other = device(2);
    assert!(matches!(
        other.get_resource_tiling(&b),
        Err(Error::ForeignObject { .. })
    ));
}

#[test]
fn misc_flags_of_tiled_resources_and_pools() {
    let d = device(2);
    let invalid_rule = |e: Error| match e {
        Error::Caps(CapsError::InvalidDesc { rule, .. }) => rule,
        other => panic!("{other:?}"),
    };
    let shared = TextureDesc {
        misc_flags: MiscFlags::TILED | MiscFlags::SHARED,
        ..tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm)
    };
    assert_eq!(
        invalid_rule(d.create_tiled_texture(&shared, None).unwrap_err()),
        "SPEC §6.1 a tiled resource carries MISC_TILED, and not SHARED or TILE_POOL"
    );
    let both = BufferDesc {
        misc_flags: MiscFlags::TILED | MiscFlags::TILE_POOL,
        ..tiled_buf(65536)
    };
    assert_eq!(
        invalid_rule(d.create_tiled_buffer(&both, None).unwrap_err()),
        "SPEC §6.1 a tiled resource carries MISC_TILED, and not SHARED or TILE_POOL"
    );
    assert!(d.create_tile_pool(&both).is_err());
    // Without MISC_TILED the call is not a tiled creation.
    let plain = BufferDesc {
        misc_flags: MiscFlags::default(),
        ..tiled_buf(65536)
    };
    assert!(d.create_tiled_buffer(&plain, None).is_err());
    // The ordinary rules still apply: a tiled texture wider than the level allows.
    assert!(matches!(
        d.create_tiled_texture(&tiled_tex(32768, 128, 1, 1, Format::R8G8B8A8Unorm), None),
        Err(Error::Caps(_))
    ));
    let t3 = d.create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None);
    assert_eq!(t3.unwrap().tier(), TiledTier::Tier2);
}
