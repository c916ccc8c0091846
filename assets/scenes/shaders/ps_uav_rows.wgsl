// Pixel-shader UAVs (docs/shaders.md, "Pixel-shader UAVs"): `count` adds one per covered
// pixel to the word of its row in a storage buffer (UAV slot 1, after the render target in
// slot 0); `show` draws each row's count as its red byte.

@group(3) @binding(1) var<storage, read_write> counts: array<atomic<u32>>;

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    // 0..3: the triangle (0, 0), (w, 0), (0, h) of the viewport; 3..6 the other half.
    var p = array<vec2<f32>, 6>(vec2<f32>(-1.0, 1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, -1.0),
        vec2<f32>(1.0, 1.0), vec2<f32>(1.0, -1.0), vec2<f32>(-1.0, -1.0));
    return vec4<f32>(p[i], 0.5, 1.0);
}

@fragment
fn count(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    atomicAdd(&counts[u32(p.y)], 1u);
    return vec4<f32>(0.0, 1.0, 0.0, 1.0);
}

@fragment
fn show(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(f32(atomicLoad(&counts[u32(p.y)])) / 255.0, 0.0, 0.0, 1.0);
}
