//! The device memory budget: live bytes of all of a device's resources, given back on drop.

use tessera_caps::{BindFlags, FeatureLevel as L};
use tessera_format::Format;
use tessera_resource::{
    Buffer, DEFAULT_MEMORY_LIMIT_BYTES, MemoryBudget, ResourceError, Texture,
    physical_memory_limit_bytes,
};
use tessera_testkit::desc::*;

#[test]
fn budget_counts_live_resources_and_refuses_past_it() {
    let c = caps(L::L11_0);
    assert!(physical_memory_limit_bytes() > 0);
    assert_eq!(DEFAULT_MEMORY_LIMIT_BYTES, 8u64 << 30);
    let budget = MemoryBudget::new(2048);
    assert_eq!(budget.limit_bytes(), 2048);
    // 16x16 RGBA8 = exactly 1024 bytes, twice: the budget is full, not exceeded.
    let a = Texture::new_in(
        &budget,
        &c,
        &tex2d(16, 16, Format::R8G8B8A8Unorm, SRV),
        None,
    )
    .unwrap();
    let b = Buffer::new_in(
        &budget,
        &c,
        &buffer_desc(1024, BindFlags::VERTEX_BUFFER),
        None,
    )
    .unwrap();
    assert_eq!(budget.live_bytes(), 2048);
    // One more byte is refused, naming the request, what is live and the budget.
    match Buffer::new_in(&budget, &c, &buffer_desc(4, BindFlags::VERTEX_BUFFER), None) {
        Err(ResourceError::DeviceMemoryBudget {
            requested_bytes: 4,
            live_bytes: 2048,
            budget_bytes: 2048,
        }) => {}
        other => panic!("{other:?}"),
    }
    // A refused request reserves nothing; a clone of a handle holds no second share.
    assert_eq!(budget.live_bytes(), 2048);
    let a2 = a.clone();
    drop(a);
    assert_eq!(budget.live_bytes(), 2048);
    drop(a2);
    assert_eq!(budget.live_bytes(), 1024);
    drop(b);
    assert_eq!(budget.live_bytes(), 0);
    // Once given back, the same request fits.
    assert!(
        Texture::new_in(
            &budget,
            &c,
            &tex2d(32, 16, Format::R8G8B8A8Unorm, SRV),
            None
        )
        .is_ok()
    );
}

#[test]
fn a_refused_creation_holds_nothing() {
    let c = caps(L::L11_0);
    let budget = MemoryBudget::new(1 << 20);
    // An invalid description fails before the reservation, an over-budget one at it.
    assert!(Texture::new_in(&budget, &c, &tex2d(0, 16, Format::R8G8B8A8Unorm, SRV), None).is_err());
    let big = tex2d(1024, 1024, Format::R8G8B8A8Unorm, SRV);
    assert!(matches!(
        Texture::new_in(&budget, &c, &big, None),
        Err(ResourceError::DeviceMemoryBudget {
            requested_bytes: 4_194_304,
            live_bytes: 0,
            ..
        })
    ));
    // Init data too short: reserved, then given back when creation fails.
    let desc = buffer_desc(64, BindFlags::VERTEX_BUFFER);
    assert!(Buffer::new_in(&budget, &c, &desc, Some(&[0u8; 8])).is_err());
    assert_eq!(budget.live_bytes(), 0);
}

#[test]
fn a_budget_is_never_above_half_of_physical_memory() {
    assert_eq!(
        MemoryBudget::new(u64::MAX).limit_bytes(),
        physical_memory_limit_bytes()
    );
    assert_eq!(
        MemoryBudget::physical().limit_bytes(),
        physical_memory_limit_bytes()
    );
    // A request above it is refused by the budget, before any allocation.
    let c = caps(L::L11_0);
    let mut huge = tex2d(2048, 2048, Format::R32G32B32A32Float, SRV);
    huge.dimension = tessera_caps::TextureDimension::D3;
    huge.depth = 2048;
    match Texture::new_in(&MemoryBudget::new(u64::MAX), &c, &huge, None) {
        Err(ResourceError::DeviceMemoryBudget {
            requested_bytes,
            budget_bytes,
            ..
        }) => {
            assert_eq!(requested_bytes, 16 << 33);
            assert_eq!(budget_bytes, physical_memory_limit_bytes());
        }
        other => panic!("{other:?}"),
    }
}
