//! Shader profile and declared-resource rules (SPEC §2.1 Create*Shader, §2.2 *SetShader,
//! PS/VSSetConstantBuffers, PSSetShaderResources, PSSetSamplers; issue #15).

use FeatureLevel::*;
use ShaderProfile::*;
use tessera_caps::*;

fn caps(l: FeatureLevel) -> Caps {
    Caps::for_level(l)
}

fn with_constants(profile: ShaderProfile, per_buffer: &[u32]) -> ShaderSignature {
    ShaderSignature {
        constant_buffers: per_buffer
            .iter()
            .enumerate()
            .map(|(slot, &constants)| ConstantBufferUse::required(slot as u32, constants))
            .collect(),
        ..ShaderSignature::new(profile)
    }
}

fn validate(l: FeatureLevel, sig: &ShaderSignature) -> Result<(), CapsError> {
    match sig.profile.stage() {
        ShaderStage::Vertex => caps(l).validate_vertex_shader("CreateVertexShader", sig),
        _ => caps(l).validate_pixel_shader("CreatePixelShader", sig),
    }
}

/// 9_1/9_2 run *_4_0_level_9_1 only, 9_3 adds level_9_3, 10_0 *_4_0, 10_1 *_4_1, 11_0+ *_5_0.
#[test]
fn profiles_per_level() {
    let expect = |l: FeatureLevel, p: ShaderProfile| -> bool {
        let n = p.name();
        match l {
            L9_1 | L9_2 => n.ends_with("level_9_1"),
            L9_3 => p.is_level_9(),
            L10_0 => p.is_level_9() || n.ends_with("_4_0"),
            L10_1 => !n.ends_with("_5_0"),
            _ => true,
        }
    };
    for l in FeatureLevel::ALL {
        for p in ShaderProfile::ALL {
            let got = validate(l, &ShaderSignature::new(p));
            assert_eq!(got.is_ok(), expect(l, p), "{l} {p}: {got:?}");
            // The string rule (caps.toml vs_profiles/ps_profiles) agrees.
            assert_eq!(
                caps(l).validate_shader_profile(p.stage(), p.name()).is_ok(),
                expect(l, p),
                "{l} {p}"
            );
            if let Err(e) = got {
                assert!(
                    matches!(e, CapsError::ShaderProfileRefused { profile, .. } if profile == p)
                );
                assert_eq!(e.level(), Some(l));
            }
        }
    }
}

#[test]
fn a_profile_of_the_other_stage_is_refused() {
    let e = caps(L11_0)
        .validate_vertex_shader("VSSetShader", &ShaderSignature::new(Ps5_0))
        .unwrap_err();
    assert!(matches!(
        e,
        CapsError::ShaderProfileRefused {
            call: "VSSetShader",
            profile: Ps5_0,
            ..
        }
    ));
}

/// PS: at most 32 float4 constants in total at every 9_x level, over all its buffers.
#[test]
fn ps_constants_at_most_32_in_total_at_9x() {
    for l in [L9_1, L9_2, L9_3] {
        assert_eq!(validate(l, &with_constants(Ps4_0Level9_1, &[32])), Ok(()));
        assert_eq!(
            validate(l, &with_constants(Ps4_0Level9_1, &[20, 12])),
            Ok(())
        );
        let e = validate(l, &with_constants(Ps4_0Level9_1, &[20, 13])).unwrap_err();
        assert_eq!(
            e,
            CapsError::ShaderConstants {
                call: "CreatePixelShader",
                level: l,
                profile: Ps4_0Level9_1,
                scope: "in total",
                limit: 32,
                value: 33,
            }
        );
    }
    assert_eq!(
        validate(L10_0, &with_constants(Ps4_0Level9_1, &[33])),
        Ok(())
    );
}

/// VS: at most 255 float4 constants in total at 9_x, 9_3 included (the 10Level9 page's
/// 255, not §1.4's D3D9 256).
#[test]
fn vs_constants_at_most_255_in_total_at_9x() {
    for l in [L9_1, L9_2, L9_3] {
        assert_eq!(validate(l, &with_constants(Vs4_0Level9_1, &[255])), Ok(()));
        let e = validate(l, &with_constants(Vs4_0Level9_1, &[200, 56])).unwrap_err();
        assert!(matches!(
            e,
            CapsError::ShaderConstants {
                limit: 255,
                value: 256,
                ..
            }
        ));
    }
}

/// 10_0+: 4096 constants per buffer, however many buffers.
#[test]
fn constants_per_buffer_at_10_0_and_up() {
    assert_eq!(
        validate(L10_0, &with_constants(Vs4_0, &[4096, 4096])),
        Ok(())
    );
    let e = validate(L11_0, &with_constants(Ps5_0, &[1, 4097])).unwrap_err();
    assert!(matches!(
        e,
        CapsError::ShaderConstants {
            scope: "per constant buffer",
            limit: 4096,
            value: 4097,
            ..
        }
    ));
}

/// SRV slots 0..8 and sampler slots 0..16 for the 9_x PS; no VS texture slots at 9_x;
/// 128 SRVs at 10_0; 14 constant-buffer slots.
#[test]
fn slots_against_the_level() {
    let ps = |srv: u32, sampler: u32| ShaderSignature {
        samples: vec![SamplePair {
            texture: srv,
            sampler,
            coords: 0,
            components: 2,
        }],
        ..ShaderSignature::new(Ps4_0Level9_1)
    };
    assert_eq!(validate(L9_1, &ps(7, 15)), Ok(()));
    let e = validate(L9_3, &ps(8, 0)).unwrap_err();
    assert!(matches!(
        e,
        CapsError::ShaderSlot {
            what: "shader-resource",
            limit: 8,
            value: 8,
            ..
        }
    ));
    assert_eq!(validate(L10_0, &ps(8, 0)), Ok(()));
    let e = validate(L11_0, &ps(0, 16)).unwrap_err();
    assert!(matches!(
        e,
        CapsError::ShaderSlot {
            what: "sampler",
            limit: 16,
            value: 16,
            ..
        }
    ));

    let vs_srv = ShaderSignature {
        shader_resources: vec![0],
        ..ShaderSignature::new(Vs4_0Level9_1)
    };
    assert!(matches!(
        validate(L9_3, &vs_srv),
        Err(CapsError::ShaderSlot {
            what: "shader-resource",
            limit: 0,
            value: 0,
            ..
        })
    ));
    assert_eq!(validate(L10_0, &vs_srv), Ok(()));

    let mut cb = with_constants(Ps4_0, &[1; 15]);
    cb.constant_buffers.truncate(14);
    assert_eq!(validate(L10_0, &cb), Ok(()));
    let cb = with_constants(Ps4_0, &[1; 15]);
    assert!(matches!(
        validate(L10_0, &cb),
        Err(CapsError::ShaderSlot {
            what: "constant-buffer",
            limit: 14,
            value: 14,
            ..
        })
    ));
}
