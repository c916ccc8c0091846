// WGSL twins of tessera_pipeline::builtin::TransformVs and tessera-scene's
// InstancedTransformVs: pos = M · v0 (M = the four rows of cb0, which WGSL reads as the
// columns of `m`, so `v * m` is the built-ins' row dot products in the same order),
// varyings passed through. With cb0 unbound every uniform reads 0 and the built-ins pass the
// position through untransformed; the twins do the same for an all-zero matrix (the one
// difference: a bound all-zero matrix, which draws nothing in the built-in).
// Entry points: vs_1 / vs_2 (TransformVs with 1 / 2 varyings), instanced_1
// (InstancedTransformVs with 1 varying).

@group(0) @binding(0) var<uniform> m: mat4x4<f32>;

struct Out1 {
    @builtin(position) pos: vec4<f32>,
    @location(0) v0: vec4<f32>,
}

struct Out2 {
    @builtin(position) pos: vec4<f32>,
    @location(0) v0: vec4<f32>,
    @location(1) v1: vec4<f32>,
}

@vertex
fn vs_1(@location(0) p: vec4<f32>, @location(1) a: vec4<f32>) -> Out1 {
    var o: Out1;
    let z = vec4<f32>(0.0);
    o.pos = p;
    if any(m[0] != z) || any(m[1] != z) || any(m[2] != z) || any(m[3] != z) {
        o.pos = p * m;
    }
    o.v0 = a;
    return o;
}

@vertex
fn vs_2(@location(0) p: vec4<f32>, @location(1) a: vec4<f32>, @location(2) b: vec4<f32>) -> Out2 {
    var o: Out2;
    let z = vec4<f32>(0.0);
    o.pos = p;
    if any(m[0] != z) || any(m[1] != z) || any(m[2] != z) || any(m[3] != z) {
        o.pos = p * m;
    }
    o.v0 = a;
    o.v1 = b;
    return o;
}

@vertex
fn instanced_1(@location(0) p: vec4<f32>, @location(1) offset: vec4<f32>,
               @location(2) a: vec4<f32>) -> Out1 {
    var o: Out1;
    let z = vec4<f32>(0.0);
    let moved = vec4<f32>(p.xyz + offset.xyz, p.w);
    o.pos = moved;
    if any(m[0] != z) || any(m[1] != z) || any(m[2] != z) || any(m[3] != z) {
        o.pos = moved * m;
    }
    o.v0 = a;
    return o;
}
