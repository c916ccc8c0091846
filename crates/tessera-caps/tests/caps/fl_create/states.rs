//! FL-17..FL-24: input layouts, stages, samplers, rasterizer and blend states.

use super::*;
use FeatureLevel::*;
use tessera_caps::*;
use tessera_format::Format;

fn element(slot: u32, class: InputClassification) -> InputElementDesc {
    InputElementDesc {
        semantic_name: "TEXCOORD".into(),
        semantic_index: slot,
        format: Format::R32G32B32A32Float,
        input_slot: slot,
        aligned_byte_offset: 0,
        input_slot_class: class,
        instance_data_step_rate: if class == InputClassification::PerInstance {
            1
        } else {
            0
        },
    }
}

#[test]
fn fl17_input_layout_instancing() {
    use InputClassification::*;
    let c = caps(L9_3);
    assert!(matches!(
        c.validate_input_layout(&[element(0, PerInstance), element(1, PerVertex)]),
        Err(CapsError::State {
            level: L9_3,
            state: "input layout",
            ..
        })
    ));
    assert_eq!(
        c.validate_input_layout(&[element(0, PerVertex), element(1, PerInstance)]),
        Ok(())
    );
    for level in [L9_1, L9_2] {
        assert!(matches!(
            caps(level).validate_input_layout(&[element(0, PerVertex), element(1, PerInstance)]),
            Err(CapsError::State { .. })
        ));
        assert_eq!(
            caps(level).validate_input_layout(&[element(0, PerVertex), element(1, PerVertex)]),
            Ok(())
        );
    }
}

#[test]
fn fl18_input_slots() {
    use InputClassification::PerVertex;
    assert_eq!(
        caps(L10_0).validate_input_layout(&[element(15, PerVertex)]),
        Ok(())
    );
    assert_eq!(
        caps(L10_0).validate_input_layout(&[element(16, PerVertex)]),
        Err(CapsError::Count {
            level: L10_0,
            what: "as an input slot index",
            rule: "SPEC §1.2 IA input slots",
            limit: 15,
            value: 16
        })
    );
    assert_eq!(
        caps(L10_1).validate_input_layout(&[element(31, PerVertex)]),
        Ok(())
    );
    assert!(
        caps(L10_1)
            .validate_input_layout(&[element(32, PerVertex)])
            .is_err()
    );
}

#[test]
fn fl19_shader_stages_and_dispatch() {
    for level in NINE {
        assert_eq!(
            caps(level).validate_shader_stage(ShaderStage::Geometry),
            Err(CapsError::ShaderStage {
                level,
                stage: ShaderStage::Geometry
            })
        );
        assert!(caps(level).validate_dispatch().is_err());
    }
    assert_eq!(
        caps(L10_0).validate_shader_stage(ShaderStage::Geometry),
        Ok(())
    );
    assert_eq!(
        caps(L10_1).validate_shader_stage(ShaderStage::Hull),
        Err(CapsError::ShaderStage {
            level: L10_1,
            stage: ShaderStage::Hull
        })
    );
    assert_eq!(caps(L11_0).validate_shader_stage(ShaderStage::Hull), Ok(()));
    assert_eq!(
        caps(L11_0).validate_shader_stage(ShaderStage::Domain),
        Ok(())
    );
    assert!(matches!(
        caps(L9_3).validate_dispatch(),
        Err(CapsError::Unsupported {
            feature: "Dispatch",
            ..
        })
    ));
    assert_eq!(caps(L11_0).validate_dispatch(), Ok(()));
    // Profiles (§2.1 CreateVertexShader / CreatePixelShader).
    assert_eq!(
        caps(L9_3).validate_shader_profile(ShaderStage::Pixel, "ps_4_0_level_9_3"),
        Ok(())
    );
    assert!(
        caps(L9_2)
            .validate_shader_profile(ShaderStage::Pixel, "ps_4_0_level_9_3")
            .is_err()
    );
    assert!(
        caps(L10_0)
            .validate_shader_profile(ShaderStage::Vertex, "vs_5_0")
            .is_err()
    );
}

fn aniso(max: u32) -> SamplerDesc {
    SamplerDesc {
        filter: Filter {
            anisotropic: true,
            ..SamplerDesc::default().filter
        },
        max_anisotropy: max,
        ..SamplerDesc::default()
    }
}

fn nine_sampler() -> SamplerDesc {
    SamplerDesc {
        min_lod: 0.0,
        ..SamplerDesc::default()
    }
}

#[test]
fn fl20_anisotropy() {
    assert_eq!(caps(L9_1).validate_sampler(&aniso(2)), Ok(()));
    assert_eq!(
        caps(L9_1).validate_sampler(&aniso(3)),
        Err(CapsError::Anisotropy {
            level: L9_1,
            limit: 2,
            value: 3
        })
    );
    assert_eq!(caps(L9_2).validate_sampler(&aniso(16)), Ok(()));
    for level in FeatureLevel::ALL {
        assert!(
            matches!(
                caps(level).validate_sampler(&aniso(17)),
                Err(CapsError::Anisotropy { value: 17, .. })
            ),
            "{level}"
        );
    }
}

#[test]
fn fl21_address_modes() {
    let s = |m| SamplerDesc {
        address_u: m,
        ..nine_sampler()
    };
    assert!(matches!(
        caps(L9_1).validate_sampler(&s(AddressMode::MirrorOnce)),
        Err(CapsError::State {
            level: L9_1,
            state: "sampler state",
            ..
        })
    ));
    assert_eq!(
        caps(L9_2).validate_sampler(&s(AddressMode::MirrorOnce)),
        Ok(())
    );
    assert!(matches!(
        caps(L9_2).validate_sampler(&s(AddressMode::Border)),
        Err(CapsError::State { .. })
    ));
    assert_eq!(caps(L9_3).validate_sampler(&s(AddressMode::Border)), Ok(()));
    // §4.9 shadow path: BORDER allowed at 9_1 with a LESS_EQUAL comparison sampler.
    let shadow = SamplerDesc {
        filter: Filter {
            reduction: FilterReduction::Comparison,
            ..nine_sampler().filter
        },
        comparison_func: ComparisonFunc::LessEqual,
        ..s(AddressMode::Border)
    };
    assert_eq!(caps(L9_1).validate_sampler(&shadow), Ok(()));
    assert!(
        caps(L9_1)
            .validate_sampler(&SamplerDesc {
                comparison_func: ComparisonFunc::Less,
                ..shadow
            })
            .is_err()
    );
}

#[test]
fn fl22_lod_and_border_colour() {
    for level in NINE {
        let c = caps(level);
        assert!(
            c.validate_sampler(&SamplerDesc {
                max_lod: 10.0,
                ..nine_sampler()
            })
            .is_err()
        );
        assert!(
            c.validate_sampler(&SamplerDesc {
                min_lod: 0.5,
                ..nine_sampler()
            })
            .is_err()
        );
        assert_eq!(
            c.validate_sampler(&SamplerDesc {
                min_lod: 1.0,
                ..nine_sampler()
            }),
            Ok(())
        );
        assert!(
            c.validate_sampler(&SamplerDesc {
                border_color: [1.5, 0.0, 0.0, 1.0],
                ..nine_sampler()
            })
            .is_err()
        );
        assert_eq!(
            c.validate_sampler(&SamplerDesc::default()),
            Ok(()),
            "default MinLOD -FLT_MAX is integral"
        );
    }
    assert_eq!(
        caps(L10_0).validate_sampler(&SamplerDesc {
            max_lod: 10.0,
            min_lod: 0.5,
            ..nine_sampler()
        }),
        Ok(())
    );
}

#[test]
fn fl23_rasterizer_state() {
    for level in NINE {
        assert!(matches!(
            caps(level).validate_rasterizer_state(&RasterizerDesc {
                depth_clip_enable: false,
                ..Default::default()
            }),
            Err(CapsError::State {
                state: "rasterizer state",
                ..
            })
        ));
        assert!(
            caps(level)
                .validate_rasterizer_state(&RasterizerDesc {
                    depth_bias_clamp: 0.1,
                    ..Default::default()
                })
                .is_err()
        );
        assert_eq!(
            caps(level).validate_rasterizer_state(&RasterizerDesc::default()),
            Ok(())
        );
    }
    assert_eq!(
        caps(L10_0).validate_rasterizer_state(&RasterizerDesc {
            depth_clip_enable: false,
            depth_bias_clamp: 0.1,
            ..Default::default()
        }),
        Ok(())
    );
}

#[test]
fn fl24_blend_state() {
    let mut independent = BlendDesc {
        independent_blend_enable: true,
        ..Default::default()
    };
    independent.render_target[0].blend_enable = true;
    let mut src1 = BlendDesc::default();
    src1.render_target[0].blend_enable = true;
    src1.render_target[0].src_blend = Blend::Src1Color;
    let mut sat = BlendDesc::default();
    sat.render_target[0].blend_enable = true;
    sat.render_target[0].src_blend = Blend::SrcAlphaSat;
    let a2c = BlendDesc {
        alpha_to_coverage_enable: true,
        ..Default::default()
    };
    for level in NINE {
        let c = caps(level);
        for bad in [&a2c, &independent, &src1, &sat] {
            assert!(
                matches!(
                    c.validate_blend_state(bad),
                    Err(CapsError::State {
                        state: "blend state",
                        ..
                    })
                ),
                "{level} {bad:?}"
            );
        }
        assert_eq!(c.validate_blend_state(&BlendDesc::default()), Ok(()));
    }
    assert_eq!(caps(L10_0).validate_blend_state(&a2c), Ok(()));
    // 9_1: no separate alpha blend; 9_2 allows it.
    let mut sep = BlendDesc::default();
    sep.render_target[0] = RenderTargetBlendDesc {
        blend_enable: true,
        src_blend: Blend::SrcAlpha,
        dest_blend: Blend::InvSrcAlpha,
        ..Default::default()
    };
    assert!(caps(L9_1).validate_blend_state(&sep).is_err());
    assert_eq!(caps(L9_2).validate_blend_state(&sep), Ok(()));
}
