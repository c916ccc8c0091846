//! Tiled resources in the compute stage of scene files (issue #16): `set_cs_textures` of a
//! tiled texture and of a tiled buffer, `set_cs_uavs` of a tiled buffer; a pixel shader shows
//! the results through `set_ps_uavs`.

use tessera_scene::{RenderOptions, Scene};
use tessera_testkit::workspace_root as root;

pub(crate) const SCENE: &str = r#"{
 "format": "tessera-scene", "version": 1, "feature_level": "11_1", "size": [8, 8],
 "tiled_resources_tier": 2,
 "tile_pools": {"pool": {"size_bytes": 65536}},
 "buffers": {"src": {"type": "u32", "data": [1, 2, 3, 4]}, "dst": {"zeros": 16}},
 "textures": {
  "tt": {"solid": {"size": [256, 128], "color": [0, 0, 0, 0]}, "tiled": true},
  "tile_src": {"solid": {"size": [128, 128], "color": [0.2, 0.4, 0.6, 1]}}
 },
 "samplers": {"s": {"filter": "min_mag_mip_point"}},
 "shaders": {
  "cs": {"wgsl": {"source": "@group(1) @binding(0) var<storage, read> src: array<u32>; @group(1) @binding(1) var t: texture_2d<f32>; @group(2) @binding(0) var s: sampler; @group(3) @binding(0) var<storage, read_write> dst: array<u32>; @compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) { let c = textureSampleLevel(t, s, vec2<f32>(0.25 + 0.5 * f32(g.x / 2u), 0.25), 0.0); dst[g.x] = src[g.x] * 10u + u32(round(c.g * 255.0)); }", "entry": "main"}},
  "vs": {"wgsl": {"file": "shaders/ps_uav_rows.wgsl", "entry": "vs_main"}},
  "ps": {"wgsl": {"source": "@group(3) @binding(1) var<storage, read_write> dst: array<u32>; @fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return vec4<f32>(f32(dst[u32(p.x) % 4u]) / 255.0, 0.0, 0.0, 1.0); }", "entry": "main"}}
 },
 "commands": [
  {"update_tile_mappings": {"tiled_resource": "tt", "tiled_resource_region_start_coordinates": [{}], "tiled_resource_region_sizes": [{"num_tiles": 1}], "tile_pool": "pool", "range_flags": ["none"], "tile_pool_start_offsets": [0], "range_tile_counts": [1]}},
  {"update_tiles": {"dest_tiled_resource": "tt", "source_tile_data": "tile_src"}},
  {"set_cs": "cs"},
  {"set_cs_textures": {"textures": ["src", "tt"]}},
  {"set_cs_samplers": {"samplers": ["s"]}},
  {"set_cs_uavs": {"buffers": ["dst"]}},
  {"dispatch": {"x": 1}},
  {"set_topology": "triangle_list"},
  {"set_vs": "vs"},
  {"set_ps": "ps"},
  {"set_ps_uavs": {"start": 1, "uavs": ["dst"]}},
  {"draw": {"vertex_count": 6}}
 ]
}"#;

fn render(text: &str, threads: usize) -> Vec<[u8; 4]> {
    let dir = root().join("assets/scenes");
    let scene =
        Scene::from_str_at(text, dir.join("tiled_cs.json")).unwrap_or_else(|e| panic!("{e}"));
    let out = scene
        .render(&RenderOptions {
            threads: Some(threads),
            ..RenderOptions::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
    out.first().unwrap().pixels().map(|p| p.0).collect()
}

#[test]
fn a_compute_pass_samples_the_mapped_tile_and_reads_zero_from_the_null_one() {
    // Lanes 0, 1 sample tile 0 (green 0.4 = 102): 10·src + 102; lanes 2, 3 sample the NULL
    // tile 1 (0 at Tier 2): 10·src.
    let row = [
        [112, 0, 0, 255],
        [122, 0, 0, 255],
        [30, 0, 0, 255],
        [40, 0, 0, 255],
    ];
    for threads in [1, 2, 8] {
        let got = render(SCENE, threads);
        for (i, p) in got.iter().enumerate() {
            assert_eq!(*p, row[i % 4], "pixel {i} at {threads} threads");
        }
    }
    // Without update_tiles tile 0 reads the pool's zeros.
    let text = SCENE.replace(
        r#"{"update_tiles": {"dest_tiled_resource": "tt", "source_tile_data": "tile_src"}},"#,
        "",
    );
    assert_ne!(text, SCENE);
    assert_eq!(
        render(&text, 2)[..4],
        [
            [10, 0, 0, 255],
            [20, 0, 0, 255],
            [30, 0, 0, 255],
            [40, 0, 0, 255]
        ]
    );
}

/// A compute pass writes `tb` (a 2-tile tiled buffer, tile 0 mapped, tile 1 NULL) through its
/// tiled UAV at words 0, 1 (tile 0) and 16384, 16385 (tile 1); a second pass reads those words
/// back through its tiled SRV into `dst`.
pub(crate) const BUFFER_SCENE: &str = r#"{
 "format": "tessera-scene", "version": 1, "feature_level": "11_1", "size": [8, 8],
 "tiled_resources_tier": 2,
 "tile_pools": {"pool": {"size_bytes": 65536}},
 "buffers": {"tb": {"zeros": 131072, "tiled": true}, "dst": {"zeros": 16}},
 "shaders": {
  "w": {"wgsl": {"source": "@group(3) @binding(0) var<storage, read_write> tb: array<u32>; @compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) { tb[(g.x / 2u) * 16384u + g.x % 2u] = 100u + g.x; }", "entry": "main"}},
  "r": {"wgsl": {"source": "@group(1) @binding(0) var<storage, read> tb: array<u32>; @group(3) @binding(0) var<storage, read_write> dst: array<u32>; @compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) { dst[g.x] = tb[(g.x / 2u) * 16384u + g.x % 2u] + 7u; }", "entry": "main"}},
  "vs": {"wgsl": {"file": "shaders/ps_uav_rows.wgsl", "entry": "vs_main"}},
  "ps": {"wgsl": {"source": "@group(3) @binding(1) var<storage, read_write> dst: array<u32>; @fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return vec4<f32>(f32(dst[u32(p.x) % 4u]) / 255.0, 0.0, 0.0, 1.0); }", "entry": "main"}}
 },
 "commands": [
  {"update_tile_mappings": {"tiled_resource": "tb", "tiled_resource_region_start_coordinates": [{}], "tiled_resource_region_sizes": [{"num_tiles": 1}], "tile_pool": "pool", "range_flags": ["none"], "tile_pool_start_offsets": [0], "range_tile_counts": [1]}},
  {"set_cs": "w"},
  {"set_cs_uavs": {"buffers": ["tb"]}},
  {"dispatch": {"x": 1}},
  {"unbind_cs_uavs": {"count": 1}},
  {"set_cs": "r"},
  {"set_cs_textures": {"textures": ["tb"]}},
  {"set_cs_uavs": {"buffers": ["dst"]}},
  {"dispatch": {"x": 1}},
  {"set_topology": "triangle_list"},
  {"set_vs": "vs"},
  {"set_ps": "ps"},
  {"set_ps_uavs": {"start": 1, "uavs": ["dst"]}},
  {"draw": {"vertex_count": 6}}
 ]
}"#;

#[test]
fn writes_to_a_null_buffer_tile_are_dropped_and_read_zero() {
    // Words 0, 1 (tile 0, mapped) keep 100, 101; words 16384, 16385 (tile 1, NULL) drop 102,
    // 103 and read 0 (Tier 2). dst = those + 7.
    let row = [
        [107, 0, 0, 255],
        [108, 0, 0, 255],
        [7, 0, 0, 255],
        [7, 0, 0, 255],
    ];
    for threads in [1, 2, 8] {
        let got = render(BUFFER_SCENE, threads);
        for (i, p) in got.iter().enumerate() {
            assert_eq!(*p, row[i % 4], "pixel {i} at {threads} threads");
        }
    }
}

fn error(text: &str) -> tessera_scene::SceneError {
    let dir = root().join("assets/scenes");
    match Scene::from_str_at(text, dir.join("tiled_cs.json")) {
        Ok(scene) => scene.render(&RenderOptions::default()).unwrap_err(),
        Err(e) => e,
    }
}

#[test]
fn a_tiled_buffer_with_data_or_without_a_size_is_refused_at_its_field() {
    // With data; with no size (refused at load: a buffer needs one source).
    for (bad, at) in [
        (
            r#""tb": {"data": [1, 2], "type": "u32", "tiled": true}"#,
            "buffers.tb.tiled",
        ),
        (r#""tb": {"tiled": true}"#, "buffers.tb"),
    ] {
        let text = BUFFER_SCENE.replace(r#""tb": {"zeros": 131072, "tiled": true}"#, bad);
        assert_ne!(text, BUFFER_SCENE);
        match error(&text) {
            tessera_scene::SceneError::Invalid { json_path, .. } => {
                assert_eq!(json_path, at, "{bad}");
            }
            e => panic!("{bad}: {e:?}"),
        }
    }
    // Tier 0 (no pool, no mappings): the device refuses the tiled buffer.
    let mut v: serde_json::Value = serde_json::from_str(BUFFER_SCENE).unwrap();
    v["tiled_resources_tier"] = 0.into();
    v.as_object_mut().unwrap().remove("tile_pools");
    v["commands"].as_array_mut().unwrap().remove(0);
    let text = v.to_string();
    match error(&text) {
        tessera_scene::SceneError::Device { json_path, .. } => {
            assert_eq!(json_path, "buffers.tb.tiled");
        }
        e => panic!("{e:?}"),
    }
}
