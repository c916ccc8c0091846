// WGSL twins of tessera_pipeline::builtin::{VertexColorPs, ConstantColorPs}.

// VertexColorPs: SV_Target0 = v0 (the interpolated vertex colour).
@fragment
fn vertex_color(@location(0) c: vec4<f32>) -> @location(0) vec4<f32> {
    return c;
}

// ConstantColorPs: SV_Target_i = cb0[i] for every render target.
struct Colors {
    c: array<vec4<f32>, 8>,
}

@group(0) @binding(0) var<uniform> colors: Colors;

struct Targets {
    @location(0) t0: vec4<f32>,
    @location(1) t1: vec4<f32>,
    @location(2) t2: vec4<f32>,
    @location(3) t3: vec4<f32>,
    @location(4) t4: vec4<f32>,
    @location(5) t5: vec4<f32>,
    @location(6) t6: vec4<f32>,
    @location(7) t7: vec4<f32>,
}

@fragment
fn constant_color() -> Targets {
    return Targets(colors.c[0], colors.c[1], colors.c[2], colors.c[3],
                   colors.c[4], colors.c[5], colors.c[6], colors.c[7]);
}
