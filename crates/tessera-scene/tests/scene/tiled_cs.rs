//! `set_cs_textures` of a tiled texture (issue #16): a compute pass samples a 2×1-tile tiled
//! texture whose tile 0 is mapped and filled and whose tile 1 is NULL (reads 0 at Tier 2); a
//! pixel shader shows the result through `set_ps_uavs`.

use tessera_scene::{RenderOptions, Scene};
use tessera_testkit::workspace_root as root;

const SCENE: &str = r#"{
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
