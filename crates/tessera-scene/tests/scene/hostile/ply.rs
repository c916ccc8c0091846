//! PLY headers whose elements the body cannot hold, and vertex elements without positions.

use std::path::Path;

use tessera_scene::SceneError;
use tessera_scene::model::load_ply_slice;

use super::gltf_doc::expect_malformed;

const ORIGIN: &str = "hostile.ply";

fn load(bytes: &[u8]) -> Result<tessera_scene::Scene, SceneError> {
    load_ply_slice(bytes, Path::new(ORIGIN))
}

#[track_caller]
fn expect_limit(r: Result<tessera_scene::Scene, SceneError>, value: u64, limit: u64) {
    match r {
        Err(SceneError::Limit {
            file,
            what,
            value: v,
            limit: l,
        }) => {
            assert_eq!(file, Path::new(ORIGIN));
            assert_eq!(what, "bytes the PLY header's elements need at least");
            assert_eq!((v, l), (value, limit));
        }
        other => panic!("expected Limit {value} > {limit}, got {other:?}"),
    }
}

#[test]
fn element_without_properties_is_refused() {
    // The 118-byte finding: 50 M items of nothing cost 6 GiB before.
    let mut b = b"ply\nformat binary_little_endian 1.0\nelement junk 50000000\n".to_vec();
    b.extend(
        b"element vertex 0\nproperty float x\nproperty float y\nproperty float z\nend_header\n",
    );
    let rule = "50000000 items but no properties";
    expect_malformed(load(&b), Path::new(ORIGIN), "element junk", rule);
}

#[test]
fn elements_together_must_fit_the_body() {
    let mut b = b"ply\nformat binary_little_endian 1.0\n".to_vec();
    for i in 0..20 {
        b.extend(format!("element e{i} 50000000\nproperty uchar v\n").as_bytes());
    }
    b.extend(b"end_header\n0123");
    expect_limit(load(&b), 1_000_000_000, 4);
}

#[test]
fn binary_item_size_counts_scalars_and_list_counts() {
    // 2 vertices of 3 floats (24 bytes) + 1 face with a uchar count (1 byte) = 25 needed.
    let mut b = b"ply\nformat binary_little_endian 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n".to_vec();
    b.extend([0u8; 24]);
    expect_limit(load(&b), 25, 24);
}

#[test]
fn ascii_needs_two_bytes_per_value() {
    let b = b"ply\nformat ascii 1.0\nelement vertex 1000\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n";
    expect_limit(load(b), 6000, 7);
}

#[test]
fn vertex_without_z_is_refused() {
    let b = b"ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\nend_header\n0 0\n";
    let rule = "a vertex element needs x, y and z (no `z`)";
    expect_malformed(load(b), Path::new(ORIGIN), "element vertex", rule);
}
