//! `tessera tiling`: GetResourceTiling of a description in D3D11's snake_case fields (TR-02,
//! TR-03), and the creation error with exit 2 (TR-06).

use crate::common::{json, tessera};

#[test]
fn tiling_json_tr_03_packed_mips_at_tier_2() {
    let v = json(&[
        "tiling",
        "--format",
        "R8G8B8A8_UNORM",
        "--size",
        "256x256",
        "--mips",
        "9",
        "--tier",
        "2",
        "--json",
    ]);
    assert_eq!(v["num_tiles_for_entire_resource"], 6);
    assert_eq!(
        v["packed_mip_desc"],
        serde_json::json!({
            "num_standard_mips": 2,
            "num_packed_mips": 7,
            "num_tiles_for_packed_mips": 1,
            "start_tile_index_in_overall_resource": 5
        })
    );
    assert_eq!(
        v["standard_tile_shape_for_non_packed_mips"],
        serde_json::json!({"width_in_texels": 128, "height_in_texels": 128, "depth_in_texels": 1})
    );
    let subs = v["subresource_tilings"].as_array().unwrap();
    assert_eq!(subs.len(), 9);
    assert_eq!(subs[0]["width_in_tiles"], 2);
    assert_eq!(subs[1]["start_tile_index_in_overall_resource"], 4);
    assert_eq!(
        subs[2]["start_tile_index_in_overall_resource"],
        0xFFFF_FFFFu32
    );
}

#[test]
fn tiling_buffers_bc_and_3d() {
    let b = json(&[
        "tiling",
        "--dimension",
        "buffer",
        "--size",
        "65537",
        "--json",
    ]);
    assert_eq!(b["num_tiles_for_entire_resource"], 2);
    assert_eq!(
        b["standard_tile_shape_for_non_packed_mips"]["width_in_texels"],
        65536
    );
    let bc = json(&[
        "tiling",
        "--format",
        "BC1_UNORM",
        "--size",
        "4096x4096",
        "--json",
    ]);
    assert_eq!(bc["num_tiles_for_entire_resource"], 128);
    let v = json(&[
        "tiling",
        "--format",
        "R32_FLOAT",
        "--size",
        "64x64x32",
        "--dimension",
        "3d",
        "--json",
    ]);
    assert_eq!(
        v["standard_tile_shape_for_non_packed_mips"],
        serde_json::json!({"width_in_texels": 32, "height_in_texels": 32, "depth_in_texels": 16})
    );
    // The table form names the same fields.
    let out = tessera(&["tiling", "--format", "R8_UNORM", "--size", "512x512"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("num_tiles_for_entire_resource: 4"), "{text}");
}

#[test]
fn tiling_refusals_exit_2_with_the_rule() {
    for (args, rule) in [
        (
            &[
                "tiling",
                "--format",
                "R32_FLOAT",
                "--size",
                "64x64x32",
                "--dimension",
                "3d",
                "--tier",
                "2",
            ][..],
            "tiled Texture3D needs Tier 3",
        ),
        (
            &[
                "tiling",
                "--format",
                "R8G8B8A8_UNORM",
                "--size",
                "256x256",
                "--sample-count",
                "8",
            ][..],
            "8 samples",
        ),
        (
            &[
                "tiling",
                "--format",
                "R8G8B8A8_UNORM",
                "--size",
                "256x256",
                "--mips",
                "0",
                "--array",
                "2",
            ][..],
            "a tiled array may not have mips below the tile size",
        ),
        (
            &[
                "tiling",
                "--size",
                "65536",
                "--dimension",
                "buffer",
                "--tier",
                "4",
            ][..],
            "tier 4",
        ),
        (&["tiling", "--size", "12xq"][..], "--size"),
    ] {
        let out = tessera(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(rule), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}
