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

#[test]
fn return_inside_a_loop_of_a_called_function_leaves_only_its_lanes() {
    // Each lane returns at its own iteration (or falls out of the loop); the caller's loop
    // around the call keeps running for every lane, and code after the loop in the callee
    // runs only for lanes that did not return.
    let p = cs("
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
fn first_factor(x: u32, k: u32) -> u32 {
    var tries = 0u;
    for (var i = 1u; i < 8u; i++) {
        tries += 1u;
        if (x * i) % k == 0u { return i * 100u + tries; }
        tries += 10u;
    }
    return 9000u + tries;
}
@compute @workgroup_size(32)
fn main(@builtin(local_invocation_index) i: u32) {
    var total = 0u;
    for (var c = 0u; c < 3u; c++) { total = total * 7u + first_factor(i + c, 12u); }
    out[i] = total;
}");
    let r = run(&p, &[vec![0; 32]], &[], [1, 1, 1]);
    let first_factor = |x: u32, k: u32| {
        let mut tries = 0;
        for i in 1..8 {
            tries += 1;
            if (x * i).is_multiple_of(k) {
                return i * 100 + tries;
            }
            tries += 10;
        }
        9000 + tries
    };
    let want: Vec<u32> = (0..32)
        .map(|i| (0..3).fold(0, |t, c| t * 7 + first_factor(i + c, 12)))
        .collect();
    assert_eq!(r[0], want);
}

/// Rust mirror of `classify` in the two tests below.
fn classify(x: u32) -> u32 {
    let (mut acc, mut y) = (0u32, x);
    loop {
        match y % 4 {
            0 => return acc + 1000,
            1 => acc += 7,
            2 => {
                if acc > 20 {
                    return acc + 2000;
                }
                acc += 5;
            }
            _ => acc += 1,
        }
        y = y / 2 + 3;
        acc += 1;
        if acc > 40 {
            break;
        }
    }
    acc + 500
}

/// A `return` inside a `switch` inside a loop, nested in a call inside another call's loop.
const CLASSIFY: &str = "
fn classify(x: u32) -> u32 {
    var acc = 0u;
    var y = x;
    loop {
        switch y % 4u {
            case 0u: { return acc + 1000u; }
            case 1u: { acc += 7u; }
            case 2u: { if acc > 20u { return acc + 2000u; } acc += 5u; }
            default: { acc += 1u; break; }
        }
        y = y / 2u + 3u;
        acc += 1u;
        if acc > 40u { break; }
    }
    return acc + 500u;
}
fn sum3(x: u32) -> u32 {
    var s = 0u;
    for (var k = 0u; k < 3u; k++) {
        s += classify(x * 3u + k);
        if s > 6000u { return s; }
    }
    return s + 1u;
}";

fn sum3(x: u32) -> u32 {
    let mut s = 0;
    for k in 0..3 {
        s += classify(x * 3 + k);
        if s > 6000 {
            return s;
        }
    }
    s + 1
}

#[test]
fn return_inside_a_switch_in_a_loop_of_nested_calls_in_compute() {
    let p = cs(&format!(
        "{CLASSIFY}
@group(3) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {{ out[i] = sum3(i); }}"
    ));
    let r = run(&p, &[vec![0; 64]], &[], [1, 1, 1]);
    let want: Vec<u32> = (0..64).map(sum3).collect();
    // Every way out is taken by some lane.
    let outs: Vec<u32> = (0..192).map(|x| classify(x) / 500).collect();
    for kind in [1, 2, 4] {
        assert!(outs.contains(&kind), "no lane leaves by {kind}");
    }
    assert_eq!(r[0], want);
}

#[test]
fn return_inside_a_switch_in_a_loop_of_nested_calls_in_the_vertex_stage() {
    use crate::harness::{In, try_run};
    // The 8-lane machine of the vertex and pixel stages: lane l computes sum3(a.x), a.x
    // differing per lane so the lanes leave `classify` by different returns.
    let a: In = std::array::from_fn(|l| [(l * 5 + 1) as f32, 0.0, 0.0, 0.0]);
    let r = try_run(
        CLASSIFY,
        "o.r = vec4<u32>(sum3(u32(a.x)), classify(vi), 0u, 1u);",
        &a,
        &a,
        None,
    )
    .unwrap();
    for (l, lane) in r.iter().enumerate() {
        let x = (l * 5 + 1) as u32;
        assert_eq!(*lane, [sum3(x), classify(l as u32), 0, 1], "lane {l}");
    }
}
