//! The device never claims an optional feature it does not execute (guide: "the device must
//! never claim what it does not do"): conservative rasterization, rasterizer-ordered views and
//! SV_StencilRef are answered no at every level, even where the level requires them (12_1+,
//! docs/caps.md "Not implemented"), and a rasterizer state asking for conservative mode is refused.

use tessera_caps::*;

#[test]
fn unimplemented_optional_features_are_not_claimed() {
    for level in FeatureLevel::ALL {
        let fs = Caps::for_level(level).check_feature_support();
        assert_eq!(fs.conservative_rasterization_tier, 0, "{level}");
        assert!(!fs.rasterizer_ordered_views, "{level}");
        assert!(!fs.ps_specified_stencil_ref, "{level}");
    }
    assert_eq!(IMPLEMENTED_CONSERVATIVE_RASTERIZATION_TIER, 0);
}

#[test]
fn conservative_rasterizer_state_is_refused_at_every_level() {
    let desc = RasterizerDesc {
        conservative_raster: true,
        ..RasterizerDesc::default()
    };
    for level in FeatureLevel::ALL {
        let caps = Caps::for_level(level);
        assert!(
            matches!(
                caps.validate_rasterizer_state(&desc),
                Err(CapsError::Unsupported { .. })
            ),
            "{level}"
        );
        assert_eq!(
            caps.validate_rasterizer_state(&RasterizerDesc::default()),
            Ok(()),
            "{level}"
        );
    }
}
