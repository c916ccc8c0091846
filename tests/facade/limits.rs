//! The device's own limits (`DeviceLimits`): a memory budget over all live resources, a work
//! budget per draw and a bound on worker threads, each refused with the setting's name.

use tessera::caps::{BindFlags, PrimitiveTopology};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::ResourceError;
use tessera::{Device, DeviceDesc, DeviceLimits, Error, FeatureLevel as L};
use tessera_testkit::desc::buffer_desc;
use tessera_testkit::*;

fn device_with(limits: DeviceLimits) -> Device {
    Device::new(&DeviceDesc {
        limits,
        threads: Some(1),
        ..DeviceDesc::at(L::L11_0)
    })
    .unwrap()
}

fn vb_desc(bytes: u32) -> tessera::caps::BufferDesc {
    buffer_desc(bytes, BindFlags::VERTEX_BUFFER)
}

#[test]
fn the_memory_budget_counts_every_live_resource_of_the_device() {
    let d = device_with(DeviceLimits {
        memory_bytes: 8192,
        ..DeviceLimits::default()
    });
    let a = d.create_buffer(&vb_desc(4096), None).unwrap();
    let (_t, _rtv) = target(&d, 32, 32, Format::R8G8B8A8Unorm); // 4096 bytes
    assert_eq!(d.memory_budget().live_bytes(), 8192);
    match d.create_buffer(&vb_desc(16), None) {
        Err(Error::Resource(ResourceError::DeviceMemoryBudget {
            requested_bytes: 16,
            live_bytes: 8192,
            budget_bytes: 8192,
        })) => {}
        other => panic!("{other:?}"),
    }
    let last = d.info_queue().messages().pop().unwrap();
    assert_eq!(
        (last.id, last.call),
        (MessageId::ResourceRule, "CreateBuffer")
    );
    // Another device has a budget of its own.
    let other = device_with(DeviceLimits {
        memory_bytes: 8192,
        ..DeviceLimits::default()
    });
    assert!(other.create_buffer(&vb_desc(16), None).is_ok());
    // Releasing a resource gives its bytes back.
    drop(a);
    assert_eq!(d.memory_budget().live_bytes(), 4096);
    assert!(d.create_buffer(&vb_desc(4096), None).is_ok());
}

#[test]
fn a_draw_above_the_vertex_invocation_budget_is_refused_before_any_work() {
    let d = device_with(DeviceLimits {
        draw_vertex_invocations: 1000,
        ..DeviceLimits::default()
    });
    let mut ctx = d.immediate_context();
    let (_t, rtv) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    ctx.ia_set_primitive_topology(PrimitiveTopology::PointList)
        .unwrap();
    let v = [0.0f32, 0.0, 0.5, 1.0, 1.0, 1.0, 1.0, 1.0];
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &v), 32)])
        .unwrap();
    // 10 × 100 = the budget exactly: drawn.
    let stats = ctx.draw_instanced(10, 100, 0, 0).unwrap();
    assert_eq!(stats.vs_invocations, 1000);
    // One instance more: refused with the call, the setting, its value and the request.
    match ctx.draw_instanced(10, 101, 0, 0) {
        Err(Error::DeviceLimit {
            call: "DrawInstanced",
            limit: "DeviceLimits::draw_vertex_invocations",
            max: 1000,
            value: 1010,
        }) => {}
        other => panic!("{other:?}"),
    }
    let last = d.info_queue().messages().pop().unwrap();
    assert_eq!(last.id, MessageId::DeviceLimitExceeded);
    assert_eq!(
        MessageId::DeviceLimitExceeded.name(),
        "DEVICE_LIMIT_EXCEEDED"
    );
    // The FINDINGS case: 2^31 instances at the default budget ends at once with the error.
    let d = device(L::L11_0);
    let mut ctx = d.immediate_context();
    let (_t, rtv) = target(&d, 8, 8, Format::R8G8B8A8Unorm);
    bind_color_pipeline(&d, &mut ctx, &rtv, 8, 8);
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(&d, &v), 32)])
        .unwrap();
    match ctx.draw_instanced(3, 1 << 31, 0, 0) {
        Err(Error::DeviceLimit {
            limit: "DeviceLimits::draw_instances",
            max,
            value,
            ..
        }) => assert_eq!((max, value), (1 << 20, 1 << 31)),
        other => panic!("{other:?}"),
    }
    // Instances within their limit still count towards the invocations.
    assert!(matches!(
        ctx.draw_instanced(1 << 7, 1 << 20, 0, 0),
        Err(Error::DeviceLimit { value, .. }) if value == 1 << 27
    ));
    assert!(matches!(
        ctx.draw(u32::MAX, 0),
        Err(Error::DeviceLimit {
            max: tessera::limits::DEFAULT_DRAW_VERTEX_INVOCATIONS,
            ..
        })
    ));
}

#[test]
fn thread_counts_above_the_limit_are_refused_before_a_thread_starts() {
    let desc = |threads, max_threads| DeviceDesc {
        threads: Some(threads),
        limits: DeviceLimits {
            max_threads,
            ..DeviceLimits::default()
        },
        ..DeviceDesc::at(L::L11_0)
    };
    assert_eq!(Device::new(&desc(2, 2)).unwrap().threads(), 2);
    match Device::new(&desc(3, 2)) {
        Err(Error::DeviceLimit {
            call: "CreateDevice",
            limit: "DeviceLimits::max_threads",
            max: 2,
            value: 3,
        }) => {}
        other => panic!("{other:?}"),
    }
    // The default is also the ceiling: no setting allows more than MAX_THREADS.
    assert_eq!(
        DeviceLimits::default().max_threads,
        tessera::limits::MAX_THREADS
    );
    for threads in [100_000, usize::MAX] {
        assert!(matches!(
            Device::new(&desc(threads, usize::MAX)),
            Err(Error::DeviceLimit { max: 256, .. })
        ));
    }
}
