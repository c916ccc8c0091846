//! D3D11's hazards with unordered-access views beyond the shader resources (issue #18,
//! `src/context/output_hazard.rs`): one call's own views that share a subresource drop the
//! call; a newer output unbinds older outputs of its subresources; a buffer bound as a UAV
//! is no vertex, index or constant buffer. Exact slots and message IDs.

use tessera::caps::{
    BindFlags, BufferDesc, SubresourceRange, TextureDesc, ViewDesc, ViewDimension,
};
use tessera::debug::{MessageId, Severity};
use tessera::format::Format;
use tessera::resource::UnorderedAccessView;
use tessera::{Buffer, Device, Error};
use tessera_testkit::*;

fn ids(d: &Device) -> Vec<MessageId> {
    d.info_queue().messages().iter().map(|m| m.id).collect()
}

fn texts(d: &Device) -> Vec<String> {
    d.info_queue()
        .messages()
        .iter()
        .map(|m| m.text.clone())
        .collect()
}

/// A 16-word buffer with `binds` (plus UNORDERED_ACCESS).
fn words(d: &Device, binds: BindFlags) -> Buffer {
    let desc = BufferDesc {
        byte_width: 64,
        bind_flags: BindFlags(binds.0 | BindFlags::UNORDERED_ACCESS.0),
        ..BufferDesc::default()
    };
    d.create_buffer(&desc, None).unwrap()
}

/// An R32_UINT UAV of words `first..first + n` of `b`.
fn uav(d: &Device, b: &Buffer, first: u32, n: u32) -> Option<UnorderedAccessView> {
    let desc = ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: n,
        },
    };
    Some(d.create_unordered_access_view(b, Some(&desc)).unwrap())
}

/// Which slots of `list` are bound.
fn bound<T>(list: &[Option<T>]) -> Vec<bool> {
    list.iter().map(Option::is_some).collect()
}

#[test]
fn a_uav_list_with_one_subresource_twice_is_refused_and_changes_nothing() {
    let d = device(L::L11_0);
    let mut c = d.immediate_context();
    let x = words(&d, BindFlags::SHADER_RESOURCE);
    let b = words(&d, BindFlags::SHADER_RESOURCE);
    c.cs_set_unordered_access_views(0, &[uav(&d, &x, 0, 16)], &[0])
        .unwrap();
    // Two views of one buffer (one subresource), even of disjoint words.
    let r = c.cs_set_unordered_access_views(0, &[uav(&d, &b, 0, 8), uav(&d, &b, 8, 8)], &[0, 0]);
    match &r {
        Err(Error::OutputConflict {
            call: "CSSetUnorderedAccessViews",
            first,
            second,
            ..
        }) => {
            assert_eq!(first, "CS unordered access view slot 0");
            assert_eq!(second, "CS unordered access view slot 1");
        }
        other => panic!("{other:?}"),
    }
    let m = d.info_queue().messages();
    assert_eq!(m.len(), 1);
    assert_eq!(
        (m[0].id, m[0].severity),
        (MessageId::BindingRule, Severity::Error)
    );
    let now = c.cs_get_unordered_access_views();
    assert_eq!(bound(&now), [true]);
    assert!(
        now[0]
            .as_ref()
            .unwrap()
            .resource()
            .ptr_eq(&x.clone().into())
    );
}

#[test]
fn a_compute_uav_unbinds_an_older_compute_uav_of_its_subresource() {
    let d = device(L::L11_0);
    let mut c = d.immediate_context();
    let b = words(&d, BindFlags::SHADER_RESOURCE);
    c.cs_set_unordered_access_views(0, &[uav(&d, &b, 0, 8)], &[0])
        .unwrap();
    c.cs_set_unordered_access_views(1, &[uav(&d, &b, 8, 8)], &[0])
        .unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceCsSetUnorderedAccessViewsHazard]);
    assert_eq!(
        texts(&d),
        [
            "forcing CS unordered access view slot 0 to NULL: its resource is now bound to CS unordered access view slot 1"
        ]
    );
    assert_eq!(bound(&c.cs_get_unordered_access_views()), [false, true]);
}

fn rt_uav_texture(d: &Device, mips: u32) -> tessera::Texture {
    let mut desc = TextureDesc::tex2d(
        4,
        4,
        Format::R32Uint,
        BindFlags::RENDER_TARGET | BindFlags::UNORDERED_ACCESS,
    );
    desc.mip_levels = mips;
    d.create_texture(&desc, None).unwrap()
}

fn mip(m: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Texture2D,
        range: SubresourceRange {
            most_detailed_mip: m,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: 1,
        },
    }
}

#[test]
fn an_output_merger_binding_unbinds_the_compute_uav_of_its_subresource_only() {
    let d = device(L::L11_0);
    let mut c = d.immediate_context();
    let t = rt_uav_texture(&d, 2);
    let cs_mip0 = d.create_unordered_access_view(&t, Some(&mip(0))).unwrap();
    let cs_mip1 = d.create_unordered_access_view(&t, Some(&mip(1))).unwrap();
    c.cs_set_unordered_access_views(1, &[Some(cs_mip0), Some(cs_mip1)], &[0, 0])
        .unwrap();
    let rtv = d.create_render_target_view(&t, Some(&mip(0))).unwrap();
    c.om_set_render_targets(&[Some(rtv)], None).unwrap();
    // The render target is mip 0: the CS UAV of mip 0 is unbound, mip 1's stays.
    assert_eq!(ids(&d), [MessageId::DeviceOmSetRenderTargetsHazard]);
    assert_eq!(
        texts(&d),
        [
            "forcing CS unordered access view slot 1 to NULL: its resource is now bound to render target slot 0"
        ]
    );
    assert_eq!(
        bound(&c.cs_get_unordered_access_views()),
        [false, false, true]
    );
    // An OM UAV of a buffer bound as a CS UAV unbinds that slot too.
    d.info_queue().clear();
    let b = words(&d, BindFlags::SHADER_RESOURCE);
    c.cs_set_unordered_access_views(0, &[uav(&d, &b, 0, 16)], &[0])
        .unwrap();
    c.om_set_render_targets_and_unordered_access_views(None, 1, Some(&[uav(&d, &b, 0, 4)]), &[0])
        .unwrap();
    assert_eq!(
        ids(&d),
        [MessageId::DeviceOmSetRenderTargetsAndUnorderedAccessViewsHazard]
    );
    assert_eq!(
        bound(&c.cs_get_unordered_access_views()),
        [false, false, true]
    );
}

#[test]
fn binding_only_uavs_or_only_targets_unbinds_the_kept_outputs_they_conflict_with() {
    let d = device(L::L11_0);
    let mut c = d.immediate_context();
    let t = rt_uav_texture(&d, 1);
    let rtv = d.create_render_target_view(&t, None).unwrap();
    let u = d.create_unordered_access_view(&t, None).unwrap();
    // UAVs only (render targets kept): the kept render target of the subresource goes.
    c.om_set_render_targets(&[Some(rtv.clone())], None).unwrap();
    c.om_set_render_targets_and_unordered_access_views(None, 1, Some(&[Some(u.clone())]), &[0])
        .unwrap();
    assert_eq!(
        ids(&d),
        [MessageId::DeviceOmSetRenderTargetsAndUnorderedAccessViewsHazard]
    );
    assert_eq!(
        texts(&d),
        [
            "forcing render target slot 0 to NULL: its resource is now bound to OM unordered access view slot 1"
        ]
    );
    let (rtvs, _, uavs) = c.om_get_render_targets_and_unordered_access_views();
    assert_eq!(
        (bound(&rtvs), bound(&uavs)),
        (vec![false], vec![false, true])
    );
    // Render targets only (UAVs kept): the kept OM UAV of the subresource goes.
    d.info_queue().clear();
    c.om_set_render_targets(&[Some(rtv)], None).unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceOmSetRenderTargetsHazard]);
    assert_eq!(
        texts(&d),
        [
            "forcing OM unordered access view slot 1 to NULL: its resource is now bound to render target slot 0"
        ]
    );
    let (rtvs, _, uavs) = c.om_get_render_targets_and_unordered_access_views();
    assert_eq!(
        (bound(&rtvs), bound(&uavs)),
        (vec![true], vec![false, false])
    );
}

#[test]
fn one_subresource_twice_in_one_output_merger_call_is_refused_and_changes_nothing() {
    let d = device(L::L11_0);
    let mut c = d.immediate_context();
    let t = rt_uav_texture(&d, 1);
    let rtv = d.create_render_target_view(&t, None).unwrap();
    let u = d.create_unordered_access_view(&t, None).unwrap();
    let r = c.om_set_render_targets(&[Some(rtv.clone()), Some(rtv.clone())], None);
    assert!(
        matches!(&r, Err(Error::OutputConflict { call: "OMSetRenderTargets", first, second, .. })
            if first == "render target slot 0" && second == "render target slot 1"),
        "{r:?}"
    );
    let r = c.om_set_render_targets_and_unordered_access_views(
        Some((&[Some(rtv)], None)),
        1,
        Some(&[Some(u)]),
        &[0],
    );
    assert!(
        matches!(&r, Err(Error::OutputConflict { first, second, .. })
            if first == "render target slot 0" && second == "OM unordered access view slot 1"),
        "{r:?}"
    );
    assert_eq!(ids(&d), [MessageId::BindingRule, MessageId::BindingRule]);
    let (rtvs, dsv, uavs) = c.om_get_render_targets_and_unordered_access_views();
    assert!(rtvs.is_empty() && dsv.is_none() && uavs.is_empty());
}

#[test]
fn a_buffer_bound_as_a_uav_is_no_vertex_or_index_buffer() {
    let d = device(L::L11_0);
    let mut c = d.immediate_context();
    let b = words(
        &d,
        BindFlags(BindFlags::VERTEX_BUFFER.0 | BindFlags::INDEX_BUFFER.0),
    );
    let x = words(&d, BindFlags::VERTEX_BUFFER);
    c.ia_set_vertex_buffers(0, &[vb_view(x.clone(), 16), vb_view(b.clone(), 16)])
        .unwrap();
    c.ia_set_index_buffer(Some(&b), Format::R16Uint, 0).unwrap();
    // Binding the UAVs unbinds the inputs: one output hazard per UAV slot, then one per
    // input slot.
    c.cs_set_unordered_access_views(0, &[uav(&d, &b, 0, 16), uav(&d, &x, 0, 16)], &[0, 0])
        .unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceCsSetUnorderedAccessViewsHazard,
            MessageId::DeviceCsSetUnorderedAccessViewsHazard,
            MessageId::DeviceIaSetVertexBuffersHazard,
            MessageId::DeviceIaSetVertexBuffersHazard,
            MessageId::DeviceIaSetIndexBufferHazard,
        ]
    );
    assert_eq!(
        texts(&d),
        [
            "the resource set to CS unordered access view slot 0 is still bound as an input",
            "the resource set to CS unordered access view slot 1 is still bound as an input",
            "forcing vertex buffer slot 0 to NULL",
            "forcing vertex buffer slot 1 to NULL",
            "forcing the index buffer to NULL",
        ]
    );
    assert_eq!(bound(&c.ia_get_vertex_buffers()), [false, false]);
    assert!(c.ia_get_index_buffer().is_none());
    // Binding them while the UAVs are bound binds NULL, with the input's hazard.
    d.info_queue().clear();
    c.ia_set_vertex_buffers(1, &[vb_view(b.clone(), 16)])
        .unwrap();
    c.ia_set_index_buffer(Some(&b), Format::R16Uint, 0).unwrap();
    assert_eq!(
        ids(&d),
        [
            MessageId::DeviceIaSetVertexBuffersHazard,
            MessageId::DeviceIaSetIndexBufferHazard,
        ]
    );
    assert_eq!(
        texts(&d),
        [
            "the resource set to vertex buffer slot 1 is still bound as an output; forcing the slot to NULL",
            "the resource set to the index buffer is still bound as an output; forcing the slot to NULL",
        ]
    );
    assert_eq!(bound(&c.ia_get_vertex_buffers()), [false, false]);
    assert!(c.ia_get_index_buffer().is_none());
    // An output-merger UAV of the buffer is an output too.
    c.cs_set_unordered_access_views(0, &[None, None], &[0, 0])
        .unwrap();
    c.om_set_render_targets_and_unordered_access_views(
        Some((&[], None)),
        0,
        Some(&[uav(&d, &b, 0, 4)]),
        &[0],
    )
    .unwrap();
    d.info_queue().clear();
    c.ia_set_vertex_buffers(0, &[vb_view(b.clone(), 16)])
        .unwrap();
    assert_eq!(ids(&d), [MessageId::DeviceIaSetVertexBuffersHazard]);
    // Once no UAV views the buffer, it binds again.
    c.om_set_render_targets_and_unordered_access_views(Some((&[], None)), 0, Some(&[]), &[])
        .unwrap();
    d.info_queue().clear();
    c.ia_set_vertex_buffers(0, &[vb_view(b, 16)]).unwrap();
    assert!(d.info_queue().is_empty());
    assert_eq!(bound(&c.ia_get_vertex_buffers()), [true, false]);
}
