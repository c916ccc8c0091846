//! Queries through the facade: exact occlusion counts, pipeline statistics of an indexed
//! draw (post-transform cache), events, and GetData before End.

use tessera::caps::{ComparisonFunc, DepthStencilDesc, PrimitiveTopology, QueryType};
use tessera::format::Format;
use tessera::{Device, DeviceContext, Error, QueryData, Texture};
use tessera_testkit::*;

const S: u32 = 16;

fn rig(level: L) -> (Device, DeviceContext, Texture) {
    let d = device(level);
    let mut ctx = d.immediate_context();
    let (t, v) = target(&d, S, S, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &v, S, S);
    (d, ctx, t)
}

#[test]
fn occlusion_counts_the_covered_pixels_of_an_8x8_quad() {
    for level in [L::L9_2, L::L11_0] {
        let (d, mut ctx, t) = rig(level);
        let q = d.create_query(QueryType::Occlusion).unwrap();
        // Outside Begin/End: not counted.
        draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 2.0, 2.0], 0.5, RED).unwrap();
        ctx.begin(&q).unwrap();
        draw_quad(&d, &mut ctx, (S, S), [3.0, 5.0, 11.0, 13.0], 0.5, RED).unwrap();
        ctx.end(&q).unwrap();
        draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 16.0, 16.0], 0.5, RED).unwrap();
        assert_eq!(
            ctx.get_data(&q).unwrap(),
            QueryData::Occlusion(64),
            "{level}"
        );
        assert_eq!(count(&rgba8(&t, 0), [255, 0, 0, 255]), 256);
    }
}

#[test]
fn occlusion_with_depth_test_rejecting_half_counts_half() {
    let (d, mut ctx, _t) = rig(L::L10_0);
    let (_depth, dsv) = depth_target(&d, S, S, Format::D32Float);
    let (_, rtv) = target(&d, S, S, Format::R8G8B8A8Unorm);
    ctx.om_set_render_targets(&[Some(rtv)], Some(&dsv)).unwrap();
    ctx.clear_depth_stencil_view(&dsv, true, false, 1.0, 0)
        .unwrap();
    // Left half at depth 0.25 (default state: LESS, writes on).
    draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 8.0, 16.0], 0.25, RED).unwrap();
    let q = d.create_query(QueryType::Occlusion).unwrap();
    let p = d.create_query(QueryType::OcclusionPredicate).unwrap();
    ctx.begin(&q).unwrap();
    ctx.begin(&p).unwrap();
    // Full target at 0.5: the left half fails LESS.
    draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 16.0, 16.0], 0.5, GREEN).unwrap();
    ctx.end(&q).unwrap();
    ctx.end(&p).unwrap();
    assert_eq!(ctx.get_data(&q).unwrap(), QueryData::Occlusion(128));
    assert_eq!(ctx.get_data(&p).unwrap(), QueryData::Predicate(true));
    // Everything behind: zero samples, predicate false.
    ctx.begin(&q).unwrap();
    ctx.begin(&p).unwrap();
    draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 16.0, 16.0], 0.75, GREEN).unwrap();
    ctx.end(&q).unwrap();
    ctx.end(&p).unwrap();
    assert_eq!(ctx.get_data(&q).unwrap(), QueryData::Occlusion(0));
    assert_eq!(ctx.get_data(&p).unwrap(), QueryData::Predicate(false));
    // DepthFunc ALWAYS passes everything again.
    let always = d
        .create_depth_stencil_state(&DepthStencilDesc {
            depth_func: ComparisonFunc::Always,
            ..Default::default()
        })
        .unwrap();
    ctx.om_set_depth_stencil_state(Some(&always), 0).unwrap();
    ctx.begin(&q).unwrap();
    draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 16.0, 16.0], 0.75, GREEN).unwrap();
    ctx.end(&q).unwrap();
    assert_eq!(ctx.get_data(&q).unwrap(), QueryData::Occlusion(256));
}

#[test]
fn pipeline_statistics_of_an_indexed_quad() {
    let (d, mut ctx, _t) = rig(L::L10_0);
    let verts = rect_strip([0.0, 0.0, 8.0, 8.0], 0.5, (S, S), |_| RED.to_vec());
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &verts), 32)])
        .unwrap();
    ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)
        .unwrap();
    let ib = index_buffer16(&d, &[0, 1, 2, 2, 1, 3]);
    ctx.ia_set_index_buffer(Some(&ib), Format::R16Uint, 0)
        .unwrap();
    let q = d.create_query(QueryType::PipelineStatistics).unwrap();
    ctx.begin(&q).unwrap();
    ctx.draw_indexed(6, 0, 0).unwrap();
    ctx.end(&q).unwrap();
    let QueryData::PipelineStatistics(s) = ctx.get_data(&q).unwrap() else {
        panic!("wrong query data kind");
    };
    assert_eq!(s.ia_primitives, 2);
    assert_eq!(
        s.vs_invocations, 4,
        "post-transform cache: 4 distinct vertices"
    );
    assert_eq!(s.c_primitives, 2);
    assert_eq!(s.samples_passed, 64);
    assert!(s.ps_invocations >= 64, "{s:?}");
    // Two draws accumulate.
    ctx.begin(&q).unwrap();
    ctx.draw_indexed(6, 0, 0).unwrap();
    ctx.draw_indexed(3, 0, 0).unwrap();
    ctx.end(&q).unwrap();
    let QueryData::PipelineStatistics(s) = ctx.get_data(&q).unwrap() else {
        panic!("wrong query data kind");
    };
    assert_eq!((s.ia_primitives, s.vs_invocations), (3, 7));
}

#[test]
fn event_query_and_get_data_before_end() {
    for level in [L::L9_1, L::L11_0] {
        let (d, mut ctx, _t) = rig(level);
        let e = d.create_query(QueryType::Event).unwrap();
        assert!(matches!(ctx.get_data(&e), Err(Error::QueryNotEnded)));
        ctx.begin(&e).unwrap();
        draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 4.0, 4.0], 0.5, RED).unwrap();
        assert!(matches!(ctx.get_data(&e), Err(Error::QueryNotEnded)));
        ctx.end(&e).unwrap();
        assert_eq!(ctx.get_data(&e).unwrap(), QueryData::Event(true));
    }
    let (d, mut ctx, _t) = rig(L::L10_0);
    let q = d.create_query(QueryType::Occlusion).unwrap();
    ctx.begin(&q).unwrap();
    draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 4.0, 4.0], 0.5, RED).unwrap();
    assert!(matches!(ctx.get_data(&q), Err(Error::QueryNotEnded)));
    ctx.end(&q).unwrap();
    assert_eq!(ctx.get_data(&q).unwrap(), QueryData::Occlusion(16));
    // Begin again resets the count; before the new End the data is not available.
    ctx.begin(&q).unwrap();
    assert!(matches!(ctx.get_data(&q), Err(Error::QueryNotEnded)));
    ctx.end(&q).unwrap();
    assert_eq!(ctx.get_data(&q).unwrap(), QueryData::Occlusion(0));
}

/// Occlusion at 9_x (docs/caps.md "Occlusion queries at 9_x"): refused at 9_1 (no
/// D3DQUERYTYPE_OCCLUSION in the 9_1 floor), and at 9_2/9_3 the exact count, which is
/// non-zero whenever a sample passed (the floor's "non-zero count") and 0 when none did.
#[test]
fn occlusion_is_refused_at_9_1_and_exact_at_9_2_and_9_3() {
    let (d, _ctx, _t) = rig(L::L9_1);
    let r = d.create_query(QueryType::Occlusion);
    assert!(is_caps(&r), "{r:?}");
    assert_eq!(d.info_queue().len(), 1);
    for level in [L::L9_2, L::L9_3] {
        let (d, mut ctx, _t) = rig(level);
        let q = d.create_query(QueryType::Occlusion).unwrap();
        ctx.begin(&q).unwrap();
        draw_quad(&d, &mut ctx, (S, S), [0.0, 0.0, 1.0, 1.0], 0.5, RED).unwrap();
        ctx.end(&q).unwrap();
        assert_eq!(
            ctx.get_data(&q).unwrap(),
            QueryData::Occlusion(1),
            "{level}"
        );
        ctx.begin(&q).unwrap();
        ctx.end(&q).unwrap();
        assert_eq!(
            ctx.get_data(&q).unwrap(),
            QueryData::Occlusion(0),
            "{level}"
        );
    }
}

#[test]
fn a_query_of_another_device_is_refused() {
    let (d, mut ctx, _t) = rig(L::L11_0);
    let other = device(L::L11_0);
    let q = other.create_query(QueryType::Event).unwrap();
    assert!(matches!(
        ctx.begin(&q),
        Err(Error::ForeignObject { call: "Begin", .. })
    ));
    assert!(matches!(ctx.get_data(&q), Err(Error::ForeignObject { .. })));
    assert_eq!(d.info_queue().len(), 2);
}
