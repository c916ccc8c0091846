// WGSL twins of tessera_pipeline::builtin::{LitVs, LitPs}, operation for operation (the same
// sums of products in the same order, so the same bits).

// LitVs. cb0: rows 0..4 world·view·projection, rows 4..8 world, rows 8..11 the normal matrix.
// A row-major cb0 matrix is the columns of a WGSL mat4x4, so `v * m` is M · v.
struct VsConstants {
    wvp: mat4x4<f32>,
    world: mat4x4<f32>,
    n0: vec4<f32>,
    n1: vec4<f32>,
    n2: vec4<f32>,
}

@group(0) @binding(0) var<uniform> vs_c: VsConstants;

struct VsOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) world: vec4<f32>,
    @location(1) normal: vec4<f32>,
    @location(2) uv: vec4<f32>,
}

@vertex
fn lit_vs(@location(0) p: vec4<f32>, @location(1) n: vec3<f32>,
          @location(2) uv: vec4<f32>) -> VsOut {
    var o: VsOut;
    o.pos = p * vs_c.wvp;
    o.world = p * vs_c.world;
    let n4 = vec4<f32>(n, 0.0);
    // The built-in's fourth row reads past cb0's 11 registers; LitPs never reads normal.w.
    o.normal = vec4<f32>(dot(n4, vs_c.n0), dot(n4, vs_c.n1), dot(n4, vs_c.n2), 0.0);
    o.uv = uv;
    return o;
}

// LitPs. cb0: [0] light direction, [1] light colour, [2] ambient, [3] base colour,
// [4] eye position, [5] (specular power, specular intensity, textured flag, 0).
struct PsConstants {
    light_dir: vec4<f32>,
    light: vec4<f32>,
    ambient: vec4<f32>,
    base: vec4<f32>,
    eye: vec4<f32>,
    params: vec4<f32>,
}

@group(0) @binding(0) var<uniform> ps_c: PsConstants;
@group(1) @binding(0) var t0: texture_2d<f32>;
@group(2) @binding(0) var s0: sampler;

@fragment
fn lit_ps(@location(0) world: vec3<f32>, @location(1) normal: vec3<f32>,
          @location(2) uv: vec2<f32>) -> @location(0) vec4<f32> {
    // normalize as the built-in does: v * (1 / max(sqrt(dot3(v, v)), 1e-20)).
    let ld = ps_c.light_dir.xyz;
    let light_dir = ld * (1.0 / max(sqrt(dot(ld, ld)), 1.0e-20));
    var base = ps_c.base;
    if ps_c.params.z != 0.0 {
        base = base * textureSample(t0, s0, uv);
    }
    let nn = normal;
    let n = nn * (1.0 / max(sqrt(dot(nn, nn)), 1.0e-20));
    let vv = ps_c.eye.xyz - world;
    let view = vv * (1.0 / max(sqrt(dot(vv, vv)), 1.0e-20));
    let hh = light_dir + view;
    let hv = hh * (1.0 / max(sqrt(dot(hh, hh)), 1.0e-20));
    let diffuse = max(dot(n, light_dir), 0.0);
    let spec_base = max(dot(n, hv), 0.0);
    var spec = 0.0;
    if ps_c.params.x >= 1.0 {
        // x^n by repeated squaring, n = the power truncated to an integer.
        var k = u32(ps_c.params.x);
        var b = spec_base;
        var acc = 1.0;
        loop {
            if k == 0u {
                break;
            }
            if (k & 1u) == 1u {
                acc = acc * b;
            }
            b = b * b;
            k = k >> 1u;
        }
        spec = acc * ps_c.params.y;
    }
    let l = ps_c.light.xyz;
    let rgb = base.xyz * (ps_c.ambient.xyz + l * diffuse) + l * spec;
    return vec4<f32>(rgb, base.w);
}
