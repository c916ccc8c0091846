//! User function calls (inlined at each call site): results, early returns taken by some
//! lanes of a batch, locals re-initialised at every call, nested calls, calls in loops; each
//! against values computed here.

use crate::compute::{cs, run};

#[test]
fn calls_return_per_lane_results_and_take_early_returns() {
    let p = cs("
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
fn clamp_or_double(x: u32, limit: u32) -> u32 {
    if x > limit { return limit; }
    if x % 3u == 0u { return x * 2u; }
    return x + 100u;
}
fn twice(x: u32) -> u32 { return clamp_or_double(x, 20u) + clamp_or_double(x + 1u, 20u); }
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) i: u32) { out[i] = twice(i); }");
    let r = run(&p, &[vec![0; 32]], &[], [1, 1, 1]);
    let f = |x: u32, limit: u32| {
        if x > limit {
            limit
        } else if x.is_multiple_of(3) {
            x * 2
        } else {
            x + 100
        }
    };
    let want: Vec<u32> = (0..32).map(|i| f(i, 20) + f(i + 1, 20)).collect();
    assert_eq!(r[0], want);
}

#[test]
fn locals_start_afresh_at_every_call() {
    // `s` and `unset` must be 0 again at each of the four runs of the one call site (naga's WGSL
    // front end stores their initial values; the inliner also sets them); `fill` has no result.
    let p = cs("
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
fn sum_below(n: u32) -> u32 {
    var s = 0u;
    var unset: u32;
    for (var k = 0u; k < n; k++) { s += k; unset += 1u; }
    return s * 1000u + unset;
}
fn fill(i: u32, v: u32) { out[i] = v; }
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    var total = 0u;
    for (var c = 0u; c < 4u; c++) { total += sum_below(i + c); }
    fill(i, total);
}");
    let r = run(&p, &[vec![0; 8]], &[], [1, 1, 1]);
    let sum_below = |n: u32| (0..n).sum::<u32>() * 1000 + n;
    let want: Vec<u32> = (0..8)
        .map(|i| (0..4).map(|c| sum_below(i + c)).sum())
        .collect();
    assert_eq!(r[0], want);
}

#[test]
fn pointer_arguments_write_the_callers_variable() {
    let p = cs("
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
fn bump(p: ptr<function, u32>, by: u32) { *p += by; }
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) i: u32) {
    var x = i;
    bump(&x, 10u);
    if i % 2u == 0u { bump(&x, 100u); }
    out[i] = x;
}");
    let r = run(&p, &[vec![0; 8]], &[], [1, 1, 1]);
    let want: Vec<u32> = (0..8)
        .map(|i| i + 10 + if i % 2 == 0 { 100 } else { 0 })
        .collect();
    assert_eq!(r[0], want);
}

#[test]
fn texture_and_sampler_arguments_reach_their_slots() {
    use tessera_shader::{CompileOptions, Program, Stage};
    let src = "
@group(1) @binding(3) var t: texture_2d<f32>;
@group(2) @binding(1) var s: sampler;
fn tap(tx: texture_2d<f32>, sm: sampler, uv: vec2<f32>) -> vec4<f32> {
    return textureSample(tx, sm, uv);
}
@fragment fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> { return tap(t, s, uv); }";
    let p = Program::from_wgsl(src, "main", Stage::Fragment, &CompileOptions::default()).unwrap();
    let sig = p.signature().unwrap();
    assert_eq!(sig.shader_resources, [3]);
    assert_eq!(sig.samplers, [1]);
}
