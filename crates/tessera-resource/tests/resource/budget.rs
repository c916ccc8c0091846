//! The configurable device memory budget (own test binary: the budget is process-wide).

use tessera_caps::{BindFlags, FeatureLevel as L};
use tessera_format::Format;
use tessera_resource::{
    Buffer, DEFAULT_MEMORY_LIMIT_BYTES, ResourceError, Texture, memory_limit_bytes,
    physical_memory_limit_bytes, set_device_memory_budget,
};
use tessera_testkit::desc::*;

#[test]
fn budget_boundary_both_sides() {
    let c = caps(L::L11_0);
    assert!(physical_memory_limit_bytes() > 0);
    assert_eq!(DEFAULT_MEMORY_LIMIT_BYTES, 8u64 << 30);
    set_device_memory_budget(Some(1024));
    assert_eq!(memory_limit_bytes(), 1024);
    // 16x16 RGBA8 = exactly 1024 bytes: allowed; 1028 bytes: refused.
    assert!(Texture::new(&c, &tex2d(16, 16, Format::R8G8B8A8Unorm, SRV), None).is_ok());
    match Texture::new(&c, &tex2d(257, 1, Format::R8G8B8A8Unorm, SRV), None) {
        Err(ResourceError::OutOfMemory {
            requested_bytes: 1028,
            limit_bytes: 1024,
        }) => {}
        other => panic!("{other:?}"),
    }
    assert!(Buffer::new(&c, &buffer_desc(1024, BindFlags::VERTEX_BUFFER), None).is_ok());
    assert!(matches!(
        Buffer::new(&c, &buffer_desc(1040, BindFlags::VERTEX_BUFFER), None),
        Err(ResourceError::OutOfMemory {
            requested_bytes: 1040,
            ..
        })
    ));
    set_device_memory_budget(None);
    assert_eq!(memory_limit_bytes(), physical_memory_limit_bytes());
}
