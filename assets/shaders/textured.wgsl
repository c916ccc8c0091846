// WGSL twin of tessera_pipeline::builtin::TexturedPs:
// SV_Target0 = t0.Sample(s0, v0.xy) * v1.

@group(1) @binding(0) var t0: texture_2d<f32>;
@group(2) @binding(0) var s0: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) tint: vec4<f32>) -> @location(0) vec4<f32> {
    return textureSample(t0, s0, uv) * tint;
}
