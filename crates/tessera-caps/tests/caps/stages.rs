//! Caps rules without a test of their own before issue #15: independent write masks (9_3+),
//! and the level at which each shader stage, Dispatch and each draw method appear — each
//! checked at the level below and at its level.

use FeatureLevel::*;
use tessera_caps::*;

fn caps(l: FeatureLevel) -> Caps {
    Caps::for_level(l)
}

fn minimal(l: FeatureLevel) -> Caps {
    let options = CapsOptions {
        minimal_optional_features: true,
        ..CapsOptions::default()
    };
    Caps::new(l, options).unwrap()
}

/// Independent blend on, all blending off, render target 1 writes only red.
fn differing_masks() -> BlendDesc {
    let mut desc = BlendDesc {
        independent_blend_enable: true,
        ..BlendDesc::default()
    };
    desc.render_target[1].write_mask = ColorWriteMask::RED;
    desc
}

#[test]
fn independent_write_masks_from_9_3() {
    // SPEC §1.2 and the D3D9 floor (§1.4: "9_3 adds independent write masks") over the
    // CreateBlendState page that names only 9_2 (open point 4): 9_1 refuses too.
    for level in [L9_1, L9_2] {
        assert_eq!(
            caps(level).validate_blend_state(&differing_masks()),
            Err(CapsError::State {
                level,
                state: "blend state",
                rule: "SPEC §2.1 CreateBlendState: write masks equal (9_1, 9_2)",
                reason: "RenderTargetWriteMask differs between render targets 0..3".into(),
            })
        );
    }
    assert_eq!(caps(L9_3).validate_blend_state(&differing_masks()), Ok(()));
    assert_eq!(caps(L10_0).validate_blend_state(&differing_masks()), Ok(()));
    // Equal masks pass at 9_1; so does a differing mask past target 3.
    let mut equal = differing_masks();
    equal.render_target[1].write_mask = ColorWriteMask::ALL;
    assert_eq!(caps(L9_1).validate_blend_state(&equal), Ok(()));
    equal.render_target[4].write_mask = ColorWriteMask::RED;
    assert_eq!(caps(L9_1).validate_blend_state(&equal), Ok(()));
}

fn stage(level: FeatureLevel, stage: ShaderStage) -> Result<(), CapsError> {
    caps(level).validate_shader_stage(stage)
}

#[test]
fn vertex_and_pixel_shaders_at_every_level() {
    for level in FeatureLevel::ALL {
        assert_eq!(stage(level, ShaderStage::Vertex), Ok(()), "{level}");
        assert_eq!(stage(level, ShaderStage::Pixel), Ok(()), "{level}");
    }
}

#[test]
fn geometry_shaders_from_10_0() {
    let s = ShaderStage::Geometry;
    assert_eq!(
        stage(L9_3, s),
        Err(CapsError::ShaderStage {
            level: L9_3,
            stage: s
        })
    );
    assert_eq!(stage(L10_0, s), Ok(()));
}

#[test]
fn hull_and_domain_shaders_from_11_0() {
    for s in [ShaderStage::Hull, ShaderStage::Domain] {
        assert_eq!(
            stage(L10_1, s),
            Err(CapsError::ShaderStage {
                level: L10_1,
                stage: s
            })
        );
        assert_eq!(stage(L11_0, s), Ok(()));
    }
}

#[test]
fn compute_shaders_from_11_0_and_optionally_at_10_x() {
    let s = ShaderStage::Compute;
    assert_eq!(
        stage(L9_3, s),
        Err(CapsError::ShaderStage {
            level: L9_3,
            stage: s
        })
    );
    assert_eq!(
        caps(L9_3).validate_dispatch().unwrap_err().rule(),
        "SPEC §2.2 CS*/Dispatch/DispatchIndirect"
    );
    for level in [L10_0, L10_1] {
        // cs_4_x is optional: reported (RefDev default) or not (minimal optional features).
        assert_eq!(stage(level, s), Ok(()));
        assert_eq!(caps(level).validate_dispatch(), Ok(()));
        assert!(
            caps(level)
                .check_feature_support()
                .compute_shaders_plus_raw_and_structured_buffers_via_shader_4_x
        );
        assert_eq!(
            minimal(level).validate_shader_stage(s),
            Err(CapsError::ShaderStage { level, stage: s })
        );
        assert!(minimal(level).validate_dispatch().is_err());
    }
    assert_eq!(minimal(L11_0).validate_shader_stage(s), Ok(()));
    assert_eq!(minimal(L11_0).validate_dispatch(), Ok(()));
}

fn method(level: FeatureLevel, kind: DrawKind) -> Result<(), CapsError> {
    caps(level).validate_draw_method(kind)
}

#[test]
fn draw_methods_at_the_level_below_and_at_their_level() {
    use DrawKind::*;
    let refused = |level, kind, rule| {
        assert_eq!(
            method(level, kind),
            Err(CapsError::DrawMethod { level, kind, rule }),
            "{kind:?} at {level}"
        );
    };
    const NINE: &str = "SPEC §2.2 10Level9 draw methods";
    for level in [L9_1, L9_2] {
        refused(level, DrawIndexedInstanced, NINE);
    }
    assert_eq!(method(L9_3, DrawIndexedInstanced), Ok(()));
    for level in [L9_1, L9_2, L9_3] {
        refused(level, DrawInstanced, NINE);
        refused(level, DrawAuto, NINE);
        assert_eq!(method(level, Draw), Ok(()));
        assert_eq!(method(level, DrawIndexed), Ok(()));
    }
    assert_eq!(method(L10_0, DrawInstanced), Ok(()));
    assert_eq!(method(L10_0, DrawAuto), Ok(()));
    for kind in [DrawInstancedIndirect, DrawIndexedInstancedIndirect] {
        refused(L9_3, kind, NINE);
        refused(L10_1, kind, "SPEC §2.2 Draw*Indirect (11_0+)");
        assert_eq!(method(L11_0, kind), Ok(()));
    }
}

#[test]
fn draw_indexed_instanced_at_9_3_keeps_9_3_limits() {
    let c = caps(L9_3);
    let tri = PrimitiveTopology::TriangleList;
    assert_eq!(
        c.validate_draw(DrawKind::DrawIndexedInstanced, tri, 3 * 1_048_575, 4),
        Ok(())
    );
    assert_eq!(
        c.validate_draw(DrawKind::DrawIndexedInstanced, tri, 3 * 1_048_576, 4),
        Err(CapsError::PrimitiveCount {
            level: L9_3,
            limit: 1_048_575,
            value: 1_048_576
        })
    );
    assert_eq!(c.validate_index_value(1_048_575), Ok(()));
    assert_eq!(
        c.validate_index_value(1_048_576),
        Err(CapsError::IndexValue {
            level: L9_3,
            limit: 1_048_575,
            value: 1_048_576
        })
    );
}
