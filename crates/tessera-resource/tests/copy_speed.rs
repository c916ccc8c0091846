//! Hand-run timing of the copy paths (`cargo test -p tessera-resource --test copy_speed -- --ignored --nocapture`).

mod common;
use common::*;
use std::time::Instant;
use tessera_caps::FeatureLevel as L;
use tessera_format::Format;
use tessera_resource::{Box3, Resource, Texture, copy_resource, copy_subresource_region};

#[test]
#[ignore = "timing, run by hand"]
fn copy_throughput() {
    let c = caps(L::L11_0);
    let d = tex2d(4096, 4096, Format::R8G8B8A8Unorm, SRV);
    let src = Resource::from(Texture::new(&c, &d, None).unwrap());
    let dst = Resource::from(Texture::new(&c, &d, None).unwrap());
    let mb = 64.0;
    let t = Instant::now();
    for _ in 0..10 {
        copy_resource(&c, &dst, &src).unwrap();
    }
    let whole = t.elapsed().as_secs_f64() / 10.0;
    let t = Instant::now();
    for _ in 0..10 {
        copy_subresource_region(
            &c,
            &dst,
            0,
            1,
            0,
            0,
            &src,
            0,
            Some(&Box3::rect(0, 0, 4095, 4096)),
        )
        .unwrap();
    }
    let rows = t.elapsed().as_secs_f64() / 10.0;
    println!(
        "copy_resource 64 MiB: {:.2} ms ({:.1} GiB/s)",
        whole * 1e3,
        mb / 1024.0 / whole
    );
    println!(
        "copy_subresource_region 4095x4096 box: {:.2} ms ({:.1} GiB/s)",
        rows * 1e3,
        mb / 1024.0 / rows
    );
}
