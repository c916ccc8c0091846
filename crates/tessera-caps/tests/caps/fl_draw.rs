//! Draw- and context-time cases of TESTCASES.md A (FL-05 note, FL-11..FL-16, FL-25..FL-27).

use FeatureLevel::*;
use PrimitiveTopology::*;
use tessera_caps::*;
use tessera_format::Format;

const NINE: [FeatureLevel; 3] = [L9_1, L9_2, L9_3];

fn caps(l: FeatureLevel) -> Caps {
    Caps::for_level(l)
}

#[test]
fn fl11_index_format() {
    assert_eq!(
        caps(L9_1).validate_index_format(Format::R32Uint),
        Err(CapsError::IndexFormat {
            level: L9_1,
            allowed: "R16_UINT".into(),
            format: Format::R32Uint
        })
    );
    assert_eq!(caps(L9_1).validate_index_format(Format::R16Uint), Ok(()));
    assert_eq!(caps(L9_2).validate_index_format(Format::R32Uint), Ok(()));
    assert!(caps(L11_0).validate_index_format(Format::R8Uint).is_err());
}

#[test]
fn fl12_index_value_9_1() {
    let c = caps(L9_1);
    assert_eq!(c.validate_index_value(65534), Ok(()));
    let e = c.validate_index_value(65535).unwrap_err();
    assert_eq!(
        e,
        CapsError::IndexValue {
            level: L9_1,
            limit: 65534,
            value: 65535
        }
    );
    assert_eq!(
        e.to_string(),
        "feature level 9_1 allows at most 65534 as an index value; the draw uses 65535"
    );
    assert_eq!(e.rule(), "SPEC §2.2 DrawIndexed max index value");
    assert_eq!(e.level(), Some(L9_1));
}

#[test]
fn fl13_index_value_9_2() {
    assert_eq!(caps(L9_2).validate_index_value(1_048_575), Ok(()));
    assert_eq!(
        caps(L9_2).validate_index_value(1_048_576),
        Err(CapsError::IndexValue {
            level: L9_2,
            limit: 1_048_575,
            value: 1_048_576
        })
    );
    assert_eq!(caps(L10_0).validate_index_value(u32::MAX), Ok(()));
}

#[test]
fn fl14_primitive_count() {
    assert_eq!(
        caps(L9_1).validate_draw(DrawKind::Draw, TriangleList, 3 * 65535, 1),
        Ok(())
    );
    let e = caps(L9_1)
        .validate_draw(DrawKind::Draw, TriangleList, 3 * 65536, 1)
        .unwrap_err();
    assert_eq!(
        e,
        CapsError::PrimitiveCount {
            level: L9_1,
            limit: 65535,
            value: 65536
        }
    );
    assert_eq!(
        e.to_string(),
        "feature level 9_1 allows at most 65535 primitives per draw; the draw uses 65536"
    );
    assert_eq!(
        caps(L9_2).validate_draw(DrawKind::Draw, TriangleList, 3 * 1_048_575, 1),
        Ok(())
    );
    assert_eq!(
        caps(L9_2).validate_draw(DrawKind::Draw, TriangleList, 3 * 1_048_576, 1),
        Err(CapsError::PrimitiveCount {
            level: L9_2,
            limit: 1_048_575,
            value: 1_048_576
        })
    );
    assert_eq!(
        caps(L10_0).validate_draw(DrawKind::Draw, TriangleList, 3 * 65536, 1),
        Ok(())
    );
    // Strips count n - 2 primitives.
    assert_eq!(
        caps(L9_1).validate_draw(DrawKind::Draw, TriangleStrip, 65537, 1),
        Ok(())
    );
    assert!(
        caps(L9_1)
            .validate_draw(DrawKind::Draw, TriangleStrip, 65538, 1)
            .is_err()
    );
}

#[test]
fn fl15_indexed_point_lists() {
    for level in NINE {
        assert!(matches!(
            caps(level).validate_draw(DrawKind::DrawIndexed, PointList, 3, 1),
            Err(CapsError::Topology {
                topology: PointList,
                ..
            })
        ));
        assert_eq!(
            caps(level).validate_draw(DrawKind::Draw, PointList, 3, 1),
            Ok(())
        );
        assert!(
            caps(level)
                .validate_topology(TriangleListAdj, false)
                .is_err()
        );
    }
    assert_eq!(
        caps(L10_0).validate_draw(DrawKind::DrawIndexed, PointList, 3, 1),
        Ok(())
    );
    assert_eq!(caps(L10_0).validate_topology(TriangleListAdj, true), Ok(()));
}

#[test]
fn fl16_instanced_draws() {
    assert_eq!(
        caps(L9_2).validate_draw(DrawKind::DrawIndexedInstanced, TriangleList, 3, 2),
        Err(CapsError::DrawMethod {
            level: L9_2,
            kind: DrawKind::DrawIndexedInstanced,
            rule: "SPEC §2.2 10Level9 draw methods"
        })
    );
    assert_eq!(
        caps(L9_3).validate_draw(DrawKind::DrawIndexedInstanced, TriangleList, 3, 2),
        Ok(())
    );
    assert!(matches!(
        caps(L9_3).validate_draw(DrawKind::DrawInstanced, TriangleList, 3, 2),
        Err(CapsError::DrawMethod {
            kind: DrawKind::DrawInstanced,
            ..
        })
    ));
    assert_eq!(
        caps(L10_0).validate_draw(DrawKind::DrawInstanced, TriangleList, 3, 2),
        Ok(())
    );
    assert!(
        caps(L10_1)
            .validate_draw_method(DrawKind::DrawInstancedIndirect)
            .is_err()
    );
    assert_eq!(
        caps(L11_0).validate_draw_method(DrawKind::DrawIndexedInstancedIndirect),
        Ok(())
    );
    assert!(caps(L9_3).validate_draw_method(DrawKind::DrawAuto).is_err());
}

#[test]
fn fl25_render_targets() {
    let c = caps(L9_1);
    assert_eq!(c.validate_render_targets(&[Format::R8G8B8A8Unorm]), Ok(()));
    assert_eq!(
        c.validate_render_targets(&[Format::R8G8B8A8Unorm; 2]),
        Err(CapsError::Count {
            level: L9_1,
            what: "render targets",
            rule: "SPEC §2.2 OMSetRenderTargets",
            limit: 1,
            value: 2
        })
    );
    let c = caps(L9_3);
    assert_eq!(
        c.validate_render_targets(&[
            Format::R8G8B8A8Unorm,
            Format::B8G8R8A8Unorm,
            Format::R32Float,
            Format::R8G8B8A8Unorm
        ]),
        Ok(())
    );
    assert_eq!(
        c.validate_render_targets(&[Format::R8G8B8A8Unorm, Format::R16G16B16A16Float]),
        Err(CapsError::RenderTargetBitDepth {
            level: L9_3,
            first: Format::R8G8B8A8Unorm,
            first_bits: 32,
            other: Format::R16G16B16A16Float,
            other_bits: 64
        })
    );
    assert!(matches!(
        c.validate_render_targets(&[Format::R8G8B8A8Unorm; 5]),
        Err(CapsError::Count {
            limit: 4,
            value: 5,
            ..
        })
    ));
    assert_eq!(
        caps(L10_0).validate_render_targets(&[Format::R8G8B8A8Unorm, Format::R16G16B16A16Float]),
        Ok(())
    );
}

#[test]
fn fl26_sample_mask() {
    for level in NINE {
        assert_eq!(
            caps(level).validate_sample_mask(0),
            Err(CapsError::SampleMask { level, value: 0 })
        );
        assert_eq!(caps(level).validate_sample_mask(1), Ok(()));
    }
    assert_eq!(caps(L10_0).validate_sample_mask(0), Ok(()));
}

#[test]
fn fl27_viewports() {
    let vp = Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: 64.0,
        height: 64.0,
        min_depth: 0.0,
        max_depth: 1.0,
    };
    for level in NINE {
        let c = caps(level);
        assert_eq!(c.validate_viewports(&[vp]), Ok(()));
        assert!(matches!(
            c.validate_viewports(&[vp, vp]),
            Err(CapsError::Count {
                what: "viewports",
                limit: 1,
                value: 2,
                ..
            })
        ));
        assert!(matches!(
            c.validate_viewports(&[Viewport {
                top_left_x: -1.0,
                ..vp
            }]),
            Err(CapsError::Rect {
                what: "viewport",
                index: 0,
                ..
            })
        ));
        assert!(matches!(
            c.validate_scissors(&[Rect::default(); 2]),
            Err(CapsError::Count {
                what: "scissor rects",
                ..
            })
        ));
    }
    let c = caps(L10_0);
    assert_eq!(
        c.validate_viewports(&[Viewport {
            top_left_x: -1.0,
            ..vp
        }]),
        Ok(())
    );
    assert_eq!(c.validate_viewports(&[vp; 16]), Ok(()));
    assert!(c.validate_viewports(&[vp; 17]).is_err());
    // RS-09: depth range and bounds.
    assert!(
        c.validate_viewports(&[Viewport {
            min_depth: 0.6,
            max_depth: 0.4,
            ..vp
        }])
        .is_err()
    );
    assert!(
        c.validate_viewports(&[Viewport {
            max_depth: 1.5,
            ..vp
        }])
        .is_err()
    );
    assert!(
        c.validate_viewports(&[Viewport {
            top_left_x: 40000.0,
            ..vp
        }])
        .is_err()
    );
}

#[test]
fn fl05_wrap_on_non_pow2() {
    let wrap = SamplerDesc {
        address_u: AddressMode::Wrap,
        ..SamplerDesc::default()
    };
    for level in NINE {
        assert_eq!(
            caps(level).validate_sampling(300, 200, &wrap),
            Err(CapsError::NonPow2Wrap {
                level,
                width: 300,
                height: 200
            })
        );
        assert_eq!(
            caps(level).validate_sampling(300, 200, &SamplerDesc::default()),
            Ok(())
        );
        assert_eq!(caps(level).validate_sampling(256, 128, &wrap), Ok(()));
    }
    assert_eq!(caps(L10_0).validate_sampling(300, 200, &wrap), Ok(()));
}
