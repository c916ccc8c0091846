//! Methods Tessera does not execute yet (src/context/stages.rs): DrawInstanced and
//! DrawIndexedInstanced per level, DrawAuto, Draw*Indirect, Dispatch (in `stages`),
//! OMSetRenderTargetsAndUnorderedAccessViews and CopyStructureCount, each at the level below
//! its own and at its level.

use FeatureLevel::*;
use tessera::caps::{BindFlags, CapsError, DrawKind, PrimitiveTopology, TextureDesc};
use tessera::{Error, FeatureLevel, Format};

use super::stages::{buffer, ctx, not_executed, refused};
#[track_caller]
fn draw_refused<T: std::fmt::Debug>(r: tessera::Result<T>, level: FeatureLevel, kind: DrawKind) {
    match r {
        Err(Error::Caps(CapsError::DrawMethod {
            level: l, kind: k, ..
        })) => {
            assert_eq!((l, k), (level, kind));
        }
        other => panic!("expected {kind:?} refused at {level}, got {other:?}"),
    }
}

/// The draw passed its method and limit checks and stopped at the missing input layout.
#[track_caller]
fn reached_binding_checks<T: std::fmt::Debug>(r: tessera::Result<T>) {
    assert!(
        matches!(
            r,
            Err(Error::NotBound {
                what: "an input layout",
                ..
            })
        ),
        "{r:?}"
    );
}

#[test]
fn instanced_draws_per_level() {
    let tri = PrimitiveTopology::TriangleList;
    for level in [L9_1, L9_2] {
        let mut c = ctx(level);
        c.ia_set_primitive_topology(tri).unwrap();
        draw_refused(
            c.draw_indexed_instanced(3, 2, 0, 0, 0),
            level,
            DrawKind::DrawIndexedInstanced,
        );
    }
    for level in [L9_1, L9_2, L9_3] {
        let mut c = ctx(level);
        c.ia_set_primitive_topology(tri).unwrap();
        draw_refused(c.draw_instanced(3, 2, 0, 0), level, DrawKind::DrawInstanced);
    }
    let mut c = ctx(L9_3);
    c.ia_set_primitive_topology(tri).unwrap();
    reached_binding_checks(c.draw_indexed_instanced(3 * 1_048_575, 2, 0, 0, 0));
    assert!(matches!(
        c.draw_indexed_instanced(3 * 1_048_576, 2, 0, 0, 0),
        Err(Error::Caps(CapsError::PrimitiveCount {
            level: L9_3,
            limit: 1_048_575,
            value: 1_048_576
        }))
    ));
    let mut c = ctx(L10_0);
    c.ia_set_primitive_topology(tri).unwrap();
    reached_binding_checks(c.draw_instanced(3, 2, 0, 0));
}

#[test]
fn draw_auto_refused_at_9_3_not_executed_at_10_0() {
    draw_refused(ctx(L9_3).draw_auto(), L9_3, DrawKind::DrawAuto);
    not_executed(ctx(L10_0).draw_auto(), "DrawAuto (stream output)");
}

#[test]
fn indirect_draws_refused_below_11_0() {
    for level in [L9_3, L10_0, L10_1] {
        let mut c = ctx(level);
        let args = buffer(&c);
        draw_refused(
            c.draw_instanced_indirect(&args, 0),
            level,
            DrawKind::DrawInstancedIndirect,
        );
        draw_refused(
            c.draw_indexed_instanced_indirect(&args, 0),
            level,
            DrawKind::DrawIndexedInstancedIndirect,
        );
    }
    let mut c = ctx(L11_0);
    let args = buffer(&c);
    not_executed(c.draw_instanced_indirect(&args, 0), "DrawInstancedIndirect");
    not_executed(
        c.draw_indexed_instanced_indirect(&args, 0),
        "DrawIndexedInstancedIndirect",
    );
}

#[test]
fn render_targets_and_uavs_per_level() {
    const M: &str = "OMSetRenderTargetsAndUnorderedAccessViews";
    let none: &[Option<tessera::resource::UnorderedAccessView>] = &[];
    let mut c = ctx(L9_3);
    refused(
        c.om_set_render_targets_and_unordered_access_views(Some((&[], None)), 0, Some(none), &[]),
        L9_3,
        M,
    );
    let mut c = ctx(L10_0);
    assert!(
        c.om_set_render_targets_and_unordered_access_views(Some((&[], None)), 0, Some(none), &[])
            .is_ok()
    );
    refused(
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[], None)),
            0,
            Some(&[None]),
            &[0],
        ),
        L10_0,
        "pixel-stage UAVs (OMSetRenderTargetsAndUnorderedAccessViews)",
    );
    let mut c = ctx(L11_0);
    let tex = TextureDesc::tex2d(4, 4, Format::R8G8B8A8Unorm, BindFlags::RENDER_TARGET);
    let t = c.device().create_texture(&tex, None).unwrap();
    let rtv = c.device().create_render_target_view(&t, None).unwrap();
    assert!(
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[Some(rtv)], None)),
            1,
            Some(&[None]),
            &[0]
        )
        .is_ok()
    );
    assert!(matches!(
        c.om_set_render_targets_and_unordered_access_views(
            Some((&[], None)),
            7,
            Some(&[None, None]),
            &[0, 0]
        ),
        Err(Error::Caps(CapsError::Count {
            limit: 8,
            value: 9,
            ..
        }))
    ));
}

#[test]
fn copy_structure_count_refused_at_9_3_and_from_a_view_without_a_counter() {
    // No UAV can be created at 9_x; the view comes from an 11_0 device.
    let mut c11 = ctx(L11_0);
    let desc = TextureDesc::tex2d(4, 4, Format::R32Float, BindFlags::UNORDERED_ACCESS);
    let t = c11.device().create_texture(&desc, None).unwrap();
    let uav = c11.device().create_unordered_access_view(&t, None).unwrap();
    let dst = buffer(&c11);
    let mut c9 = ctx(L9_3);
    refused(
        c9.copy_structure_count(&dst, 0, &uav),
        L9_3,
        "CopyStructureCount",
    );
    // At 11_0 the source needs APPEND / COUNTER (a texture UAV has no counter).
    assert!(matches!(
        c11.copy_structure_count(&dst, 0, &uav),
        Err(Error::UavCounter {
            call: "CopyStructureCount",
            limit: 6,
            value: 0,
            ..
        })
    ));
}
