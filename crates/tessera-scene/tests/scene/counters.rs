//! Buffer view flags in scene files (issue #18): `"view": "append"` / `"raw"` buffers,
//! `initial_counts` of `set_ps_uavs`, `copy_structure_count`; a pixel shader appends through
//! the counter binding `@group(3) @binding(64 + n)`, exact bytes at 1, 2 and 8 threads.

use tessera_scene::{RenderOptions, Scene};
use tessera_testkit::workspace_root as root;

const WGSL: &str = r#"
@group(3) @binding(1) var<storage, read_write> items: array<u32>;
@group(3) @binding(65) var<storage, read_write> items_count: atomic<u32>;
@group(3) @binding(2) var<storage, read_write> count: array<u32>;

@vertex fn vs_main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    // (-1, -1), (-1, 3), (3, -1): clockwise, a front face covering the target.
    return vec4<f32>(f32(i & 2u) * 2.0 - 1.0, f32((i << 1u) & 2u) * 2.0 - 1.0, 0.0, 1.0);
}

// Appends the index of every pixel with (x + y) % 3 != 0.
@fragment fn append(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    let x = u32(p.x);
    let y = u32(p.y);
    if (x + y) % 3u != 0u {
        items[atomicAdd(&items_count, 1u)] = y * 8u + x;
    }
    return vec4<f32>(0.0, 0.0, 0.0, 1.0);
}

// Red: the copied count; green: this pixel's index was appended (after the first 3).
@fragment fn show(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    let me = u32(p.y) * 8u + u32(p.x);
    let n = count[1];
    var found = 0.0;
    for (var k = 3u; k < n; k++) {
        if items[k] == me { found = 1.0; }
    }
    return vec4<f32>(f32(n) / 255.0, found, f32(count[0]) / 255.0, 1.0);
}
"#;

fn scene(items_view: &str) -> String {
    format!(
        r#"{{
 "format": "tessera-scene", "version": 1, "feature_level": "11_0", "size": [8, 8],
 "buffers": {{
  "items": {{"zeros": 256, "view": "{items_view}"}},
  "count": {{"zeros": 8, "view": "raw"}}
 }},
 "shaders": {{
  "vs": {{"wgsl": {{"source": {src}, "entry": "vs_main"}}}},
  "append": {{"wgsl": {{"source": {src}, "entry": "append"}}}},
  "show": {{"wgsl": {{"source": {src}, "entry": "show"}}}}
 }},
 "commands": [
  {{"clear_rtv": {{"color": [0, 0, 0, 1]}}}},
  {{"set_topology": "triangle_list"}},
  {{"set_vs": "vs"}},
  {{"set_ps_uavs": {{"start": 1, "uavs": ["items", "count"], "initial_counts": [3, 4294967295]}}}},
  {{"set_ps": "append"}},
  {{"draw": {{"vertex_count": 3}}}},
  {{"copy_structure_count": {{"buffer": "count", "offset": 4, "uav": "items"}}}},
  {{"set_ps": "show"}},
  {{"draw": {{"vertex_count": 3}}}}
 ]
}}"#,
        src = serde_json::to_string(WGSL).unwrap()
    )
}

fn render(text: &str, threads: usize) -> Result<Vec<[u8; 4]>, String> {
    let dir = root().join("assets/scenes");
    let scene = Scene::from_str_at(text, dir.join("variant.json")).map_err(|e| e.to_string())?;
    let out = scene
        .render(&RenderOptions {
            threads: Some(threads),
            ..RenderOptions::default()
        })
        .map_err(|e| e.to_string())?;
    Ok(out
        .first()
        .expect("an output")
        .pixels()
        .map(|p| p.0)
        .collect())
}

#[test]
fn a_pixel_shader_appends_and_copy_structure_count_reports_it() {
    // 43 of the 64 pixels have (x + y) % 3 != 0; the counter started at 3, so 46 is copied.
    let want: Vec<[u8; 4]> = (0..64u32)
        .map(|i| {
            let (x, y) = (i % 8, i / 8);
            [46, if (x + y) % 3 != 0 { 255 } else { 0 }, 0, 255]
        })
        .collect();
    for threads in [1, 2, 8] {
        assert_eq!(
            render(&scene("append"), threads).unwrap(),
            want,
            "{threads} threads"
        );
    }
    let counter = render(&scene("counter"), 2).unwrap();
    assert_eq!(counter, want);
}

#[test]
fn a_counter_binding_on_a_plain_view_fails_the_draw() {
    let text = scene("append").replace(r#""view": "append""#, r#""view": "raw""#);
    let e = render(&text, 1).unwrap_err();
    assert!(e.contains("commands[5]"), "{e}");
    assert!(
        e.contains("needs an APPEND / COUNTER buffer UAV bound there"),
        "{e}"
    );
}
