//! Pixel-shader UAVs and the compute bindings in scene files: `set_ps_uavs`,
//! `clear_unordered_access_view_uint` / `_float`, `set_cs_textures` (textures and read-only
//! storage buffers) and `set_cs_samplers`, each with exact expected bytes.

use tessera_scene::{RenderOptions, Scene};
use tessera_testkit::workspace_root as root;

fn load(text: &str) -> Scene {
    let dir = root().join("assets/scenes");
    Scene::from_str_at(text, dir.join("variant.json")).unwrap_or_else(|e| panic!("{e}"))
}

fn render(scene: &Scene, threads: usize) -> Vec<[u8; 4]> {
    let out = scene
        .render(&RenderOptions {
            threads: Some(threads),
            ..RenderOptions::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
    out.first()
        .expect("an output")
        .pixels()
        .map(|p| p.0)
        .collect()
}

#[test]
fn ps_uav_rows_counts_each_rows_coverage_at_1_2_8_threads() {
    let path = root().join("assets/scenes/ps_uav_rows.json");
    let scene = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
    // The triangle (0,0), (32,0), (0,32) covers 31 - y pixels of row y (the hypotenuse's
    // centres are on a bottom-right edge); each word starts at 5 (the UAV clear).
    let want: Vec<[u8; 4]> = (0..32u8)
        .flat_map(|y| {
            let red = if y == 31 { 5 } else { 5 + 31 - y };
            std::iter::repeat_n([red, 0, 0, 255], 32)
        })
        .collect();
    for threads in [1, 2, 8] {
        assert_eq!(render(&scene, threads), want, "{threads} threads");
    }
    // Without the UAV binding the counts stay 5 (writes to an unbound UAV are dropped).
    let text = std::fs::read_to_string(&path).unwrap();
    let unbound = text.replace(r#"{"set_ps_uavs": {"start": 1, "uavs": ["rows"]}},"#, "");
    assert_ne!(unbound, text);
    let dir = root().join("assets/scenes");
    let unbound = Scene::from_str_at(&unbound, dir.join("ps_uav_rows.json")).unwrap();
    assert!(render(&unbound, 2).iter().all(|p| *p == [0, 0, 0, 255]));
}

#[test]
fn set_ps_uavs_below_the_render_targets_fails_naming_the_rule() {
    let text = std::fs::read_to_string(root().join("assets/scenes/ps_uav_rows.json")).unwrap();
    let text = text.replace(r#""start": 1"#, r#""start": 0"#);
    let e = load(&text)
        .render(&RenderOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("commands[4]"), "{e}");
    assert!(e.contains("UAVStartSlot >= NumRTVs"), "{e}");
}

/// A compute pass reads a read-only storage buffer (`set_cs_textures` naming a buffer) and
/// samples a texture cleared by `clear_unordered_access_view_float` with a point sampler
/// (`set_cs_textures`, `set_cs_samplers`); a pixel shader shows the result through
/// `set_ps_uavs`.
const CS_SCENE: &str = r#"{
 "format": "tessera-scene", "version": 1, "feature_level": "11_0", "size": [8, 8],
 "buffers": {"src": {"type": "u32", "data": [1, 2, 3, 4]}, "dst": {"zeros": 16}},
 "textures": {"t": {"solid": {"size": [2, 2], "color": [0, 0, 0, 0]}}},
 "samplers": {"s": {"filter": "min_mag_mip_point"}},
 "shaders": {
  "cs": {"wgsl": {"source": "@group(1) @binding(0) var<storage, read> src: array<u32>; @group(1) @binding(1) var t: texture_2d<f32>; @group(2) @binding(3) var s: sampler; @group(3) @binding(0) var<storage, read_write> dst: array<u32>; @compute @workgroup_size(4) fn main(@builtin(global_invocation_id) g: vec3<u32>) { let c = textureSampleLevel(t, s, vec2<f32>(0.25, 0.25), 0.0); dst[g.x] = src[g.x] * 10u + u32(round(c.g * 255.0)); }", "entry": "main"}},
  "vs": {"wgsl": {"file": "shaders/ps_uav_rows.wgsl", "entry": "vs_main"}},
  "ps": {"wgsl": {"source": "@group(3) @binding(1) var<storage, read_write> dst: array<u32>; @fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return vec4<f32>(f32(dst[u32(p.x) % 4u]) / 255.0, 0.0, 0.0, 1.0); }", "entry": "main"}}
 },
 "commands": [
  {"clear_unordered_access_view_float": {"uav": "t", "values": [0.2, 0.4, 0.6, 1.0]}},
  {"set_cs": "cs"},
  {"set_cs_textures": {"textures": ["src", "t"]}},
  {"set_cs_samplers": {"start": 3, "samplers": ["s"]}},
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
fn compute_textures_samplers_and_a_float_uav_clear_reach_the_shaders() {
    // UNORM8 of 0.4 is round(102.0) = 102: dst[i] = 10·src[i] + 102 = 112, 122, 132, 142.
    let want: Vec<[u8; 4]> = (0..8)
        .flat_map(|_| (0..8).map(|x| [112 + 10 * (x % 4) as u8, 0, 0, 255]))
        .collect();
    for threads in [1, 2] {
        assert_eq!(render(&load(CS_SCENE), threads), want, "{threads} threads");
    }
    // Without the float clear the texture is 0 and the sampled term drops out.
    let text = CS_SCENE.replace(
        r#"{"clear_unordered_access_view_float": {"uav": "t", "values": [0.2, 0.4, 0.6, 1.0]}},"#,
        "",
    );
    let got = render(&load(&text), 1);
    assert_eq!(
        got[..4],
        [
            [10, 0, 0, 255],
            [20, 0, 0, 255],
            [30, 0, 0, 255],
            [40, 0, 0, 255]
        ]
    );
    // Without the sampler the default (linear, clamp) sampler filters the same solid texel.
    let text = CS_SCENE.replace(
        r#"{"set_cs_samplers": {"start": 3, "samplers": ["s"]}},"#,
        "",
    );
    assert_eq!(render(&load(&text), 1), want);
}

#[test]
fn the_new_commands_name_unknown_objects() {
    let cases = [
        (
            r#""uav": "t""#,
            r#""uav": "nope""#,
            "commands[0].clear_unordered_access_view_float.uav",
        ),
        (
            r#""textures": ["src", "t"]"#,
            r#""textures": ["src", "nope"]"#,
            "commands[2].set_cs_textures.textures[1]",
        ),
        (
            r#""samplers": ["s"]"#,
            r#""samplers": ["nope"]"#,
            "commands[3].set_cs_samplers.samplers[0]",
        ),
        (
            r#""uavs": ["dst"]"#,
            r#""uavs": ["nope"]"#,
            "commands[9].set_ps_uavs.uavs[0]",
        ),
    ];
    for (from, to, path) in cases {
        let text = CS_SCENE.replace(from, to);
        assert_ne!(text, CS_SCENE);
        let e = load(&text)
            .render(&RenderOptions::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains(path) && e.contains("nope"), "{e}");
    }
}
