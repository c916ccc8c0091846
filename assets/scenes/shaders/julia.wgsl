// A Julia-set pixel shader: a data-dependent loop (escape-time iteration with an early
// `break`), uniforms for the constant, the view and the iteration cap, and a cosine palette.
// The Rust built-in shaders cannot express it; the golden `wgsl_julia` scene renders it.

struct VsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

// A full-screen triangle: position in input element 0, uv = position mapped to [0, 1].
@vertex
fn vs_main(@location(0) p: vec2<f32>) -> VsOut {
    var o: VsOut;
    o.pos = vec4<f32>(p, 0.0, 1.0);
    o.uv = p * 0.5 + vec2<f32>(0.5, 0.5);
    return o;
}

struct Params {
    // c.xy: the Julia constant; c.zw: the view centre.
    c: vec4<f32>,
    // x: view half-size, y: maximum iterations, z: escape radius squared.
    view: vec4<f32>,
    // Palette phase per channel (cosine palette a + b·cos(2π(t + d))).
    phase: vec4<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;

@fragment
fn ps_main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var z = params.c.zw + (uv * 2.0 - vec2<f32>(1.0, 1.0)) * params.view.x;
    let max_iter = i32(params.view.y);
    var n = 0;
    for (var k = 0; k < max_iter; k = k + 1) {
        if (dot(z, z) > params.view.z) {
            break;
        }
        z = vec2<f32>(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + params.c.xy;
        n = n + 1;
    }
    if (n == max_iter) {
        return vec4<f32>(0.02, 0.02, 0.05, 1.0);
    }
    let t = f32(n) / params.view.y;
    let rgb = vec3<f32>(0.5, 0.5, 0.5)
        + vec3<f32>(0.5, 0.5, 0.5) * cos(6.2831853 * (vec3<f32>(t, t, t) + params.phase.xyz));
    return vec4<f32>(rgb, 1.0);
}
