// A two-pass effect: a compute pass writes an interference pattern (two ripples, cosine
// palette) into a 64 x 64 RGBA8 storage texture; a pixel pass samples it (bilinear, wrap)
// over a full-screen triangle, tiled twice and scrolled, with a vignette. The golden
// `storage_ripple` scene renders it.

@group(3) @binding(0) var field: texture_storage_2d<rgba8unorm, write>;

@compute @workgroup_size(8, 8)
fn cs_main(@builtin(global_invocation_id) id: vec3<u32>) {
    let size = textureDimensions(field);
    if id.x >= size.x || id.y >= size.y {
        return;
    }
    let p = (vec2<f32>(id.xy) + vec2<f32>(0.5, 0.5)) / vec2<f32>(size);
    let d1 = distance(p, vec2<f32>(0.3, 0.35));
    let d2 = distance(p, vec2<f32>(0.72, 0.6));
    let w = sin(d1 * 40.0) + sin(d2 * 33.0);
    let t = w * 0.25 + 0.5;
    let c = vec3<f32>(0.5, 0.5, 0.5) + 0.5 * cos(6.2831855 * (vec3<f32>(t, t, t) + vec3<f32>(0.0, 0.33, 0.67)));
    textureStore(field, vec2<i32>(id.xy), vec4<f32>(c, 1.0));
}

struct VsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) uv: vec2<f32>,
}

// A full-screen triangle from the vertex index alone (no vertex buffer), clockwise:
// (-1, -1), (-1, 3), (3, -1).
@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> VsOut {
    let x = f32(i32(i >> 1u) * 4 - 1);
    let y = f32(i32(i & 1u) * 4 - 1);
    var o: VsOut;
    o.pos = vec4<f32>(x, y, 0.0, 1.0);
    o.uv = vec2<f32>(x, -y) * 0.5 + vec2<f32>(0.5, 0.5);
    return o;
}

@group(1) @binding(0) var img: texture_2d<f32>;
@group(2) @binding(0) var smp: sampler;

@fragment
fn ps_main(in: VsOut) -> @location(0) vec4<f32> {
    let c = textureSample(img, smp, in.uv * 2.0 + vec2<f32>(0.125, 0.0625));
    let r = distance(in.uv, vec2<f32>(0.5, 0.5));
    let v = 1.0 - smoothstep(0.35, 0.75, r);
    return vec4<f32>(c.rgb * v, 1.0);
}
