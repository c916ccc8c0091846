//! SPEC §6.8: the `_s` status-feedback and `_cl` LOD-clamp instructions exist from tiled Tier 2;
//! `Create*Shader` refuses a shader declaring one below it (the device's tiled tier).

use FeatureLevel::*;
use tessera_caps::*;

fn caps_with(level: FeatureLevel, tier: Option<u32>) -> Caps {
    Caps::new(
        level,
        CapsOptions {
            tiled_resources_tier: tier,
            ..Default::default()
        },
    )
    .unwrap()
}

#[test]
fn status_and_clamp_need_tier_2() {
    let status = TiledShaderUse {
        status_feedback: true,
        lod_clamp: false,
    };
    let clamp = TiledShaderUse {
        status_feedback: false,
        lod_clamp: true,
    };
    let c1 = caps_with(L11_0, Some(1));
    assert_eq!(
        c1.validate_tiled_shader_use("CreatePixelShader", status),
        Err(CapsError::TiledShaderFeature {
            level: L11_0,
            call: "CreatePixelShader",
            feature: "residency status feedback (CheckAccessFullyMapped, `_s` instructions)",
            required: 2,
            tier: 1,
        })
    );
    assert!(matches!(
        c1.validate_tiled_shader_use("CreateComputeShader", clamp),
        Err(CapsError::TiledShaderFeature {
            feature: "the per-sample LOD clamp (`_cl` instructions)",
            ..
        })
    ));
    // Tier 0 (tiled resources turned off): refused too; a shader using neither is always fine.
    let c0 = caps_with(L11_1, Some(0));
    assert!(
        c0.validate_tiled_shader_use("CreateVertexShader", status)
            .is_err()
    );
    assert_eq!(
        c0.validate_tiled_shader_use("CreateVertexShader", TiledShaderUse::NONE),
        Ok(())
    );
    assert_eq!(
        c1.validate_tiled_shader_use("CreatePixelShader", TiledShaderUse::NONE),
        Ok(())
    );
    for (level, t) in [(L11_1, 2), (L11_1, 3), (L12_2, 3)] {
        let c = caps_with(level, Some(t));
        assert_eq!(c.tiled_tier(), Some(t));
        assert_eq!(
            c.validate_tiled_shader_use("CreatePixelShader", status),
            Ok(())
        );
        assert_eq!(
            c.validate_tiled_shader_use("CreatePixelShader", clamp),
            Ok(())
        );
    }
}
