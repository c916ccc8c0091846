//! Divergent control flow inside the 8 lanes: if/else, loops with per-lane trip counts,
//! break, continue, early return, dynamic indexing.

use crate::harness::{In, f4, run, try_run};

/// `a.x = lane index` in every lane.
fn lanes() -> In {
    std::array::from_fn(|l| [l as f32, 0.0, 0.0, 0.0])
}

#[test]
fn if_else_per_lane() {
    let a = lanes();
    let r = run(
        "var v = 0.0;
         if a.x < 3.0 { v = 10.0; } else if a.x < 6.0 { v = 20.0; } else { v = 30.0; }
         o.r = bitcast<vec4<u32>>(vec4<f32>(v, 0.0, 0.0, 0.0));",
        &a,
        &a,
    );
    let want = [10.0, 10.0, 10.0, 20.0, 20.0, 20.0, 30.0, 30.0];
    for (l, w) in want.iter().enumerate() {
        assert_eq!(f4(&r, l)[0], *w, "lane {l}");
    }
}

#[test]
fn loop_trip_count_per_lane_with_break_and_continue() {
    let a = lanes();
    // Lane l counts i = 0..l, summing the odd i only (continue skips even ones).
    let r = run(
        "var i = 0u; var sum = 0u; var iters = 0u;
         let n = u32(a.x);
         loop {
             if i >= n { break; }
             iters += 1u;
             if (i & 1u) == 0u { continue; }
             sum += i;
             continuing { i += 1u; }
         }
         o.r = vec4<u32>(sum, iters, i, 0u);",
        &a,
        &a,
    );
    for (l, lane) in r.iter().enumerate() {
        let n = l as u32;
        let sum: u32 = (0..n).filter(|i| i & 1 == 1).sum();
        assert_eq!(*lane, [sum, n, n, 0], "lane {l}");
    }
}

#[test]
fn for_and_while_loops_and_break_if() {
    let a = lanes();
    let r = run(
        "var f = 1u;
         for (var k = 1u; k <= u32(a.x); k++) { f *= k; }
         var w = 0u;
         while w * w < u32(a.x) { w += 1u; }
         var c = 0u;
         loop { c += 2u; continuing { break if c >= u32(a.x); } }
         o.r = vec4<u32>(f, w, c, 0u);",
        &a,
        &a,
    );
    for (l, lane) in r.iter().enumerate() {
        let n = l as u32;
        let f: u32 = (1..=n).product();
        let w = (0..).find(|w: &u32| w * w >= n).unwrap_or(0);
        let c = if n <= 2 { 2 } else { n.div_ceil(2) * 2 };
        assert_eq!(*lane, [f, w, c, 0], "lane {l}");
    }
}

#[test]
fn nested_loops_break_only_the_inner_one() {
    let a = lanes();
    let r = run(
        "var total = 0u;
         for (var i = 0u; i < 3u; i++) {
             for (var j = 0u; j < 10u; j++) {
                 if j >= u32(a.x) { break; }
                 total += 1u;
             }
         }
         o.r = vec4<u32>(total, 0u, 0u, 0u);",
        &a,
        &a,
    );
    for (l, lane) in r.iter().enumerate() {
        assert_eq!(lane[0], 3 * l as u32, "lane {l}");
    }
}

#[test]
fn early_return_keeps_the_output_of_each_lane() {
    let a = lanes();
    let r = run(
        "o.r = vec4<u32>(1u, 0u, 0u, 0u);
         if a.x >= 4.0 { return o; }
         o.r = vec4<u32>(2u, 0u, 0u, 0u);
         for (var i = 0u; i < 100u; i++) {
             if f32(i) == a.x { o.r.y = i; return o; }
         }
         o.r = vec4<u32>(9u, 9u, 9u, 9u);",
        &a,
        &a,
    );
    for (l, lane) in r.iter().enumerate() {
        let want = if l >= 4 {
            [1, 0, 0, 0]
        } else {
            [2, l as u32, 0, 0]
        };
        assert_eq!(*lane, want, "lane {l}");
    }
}

#[test]
fn dynamic_indexing_of_arrays_and_vectors() {
    let a = lanes();
    let r = run(
        "var arr = array<u32, 4>(10u, 11u, 12u, 13u);
         let i = u32(a.x);
         arr[i & 3u] = arr[i & 3u] + 100u;
         let v = vec4<u32>(5u, 6u, 7u, 8u);
         o.r = vec4<u32>(arr[0], arr[3], v[i & 3u], arr[i]);",
        &a,
        &a,
    );
    for (l, lane) in r.iter().enumerate() {
        let mut arr = [10u32, 11, 12, 13];
        arr[l & 3] += 100;
        // An out-of-bounds index reads the last element (Tessera clamps).
        assert_eq!(
            *lane,
            [arr[0], arr[3], [5, 6, 7, 8][l & 3], arr[l.min(3)]],
            "lane {l}"
        );
    }
}

#[test]
fn uniform_struct_and_dynamic_array_read_the_wgsl_layout() {
    let prelude = "struct U { m: vec3<f32>, s: f32, k: array<vec4<u32>, 3>, }
                   @group(0) @binding(0) var<uniform> u: U;";
    let mut cb = Vec::new();
    for w in [1.0f32, 2.0, 3.0, 4.0] {
        cb.extend_from_slice(&w.to_le_bytes());
    }
    for w in 0u32..12 {
        cb.extend_from_slice(&(100 + w).to_le_bytes());
    }
    let a = lanes();
    let r = try_run(
        prelude,
        "let i = u32(a.x);
         o.r = vec4<u32>(bitcast<u32>(u.m.z + u.s), u.k[i].y, u.k[2].w, u.k[i % 3u].x);",
        &a,
        &a,
        Some(&cb),
    )
    .unwrap();
    for (l, lane) in r.iter().enumerate() {
        let row = l.min(2) as u32;
        let want = [
            7.0f32.to_bits(),
            100 + 4 * row + 1,
            111,
            100 + 4 * (l as u32 % 3),
        ];
        assert_eq!(*lane, want, "lane {l}");
    }
    // Unbound: every uniform reads 0.
    let r = try_run(prelude, "o.r = u.k[1];", &a, &a, None).unwrap();
    assert_eq!(r[0], [0; 4]);
}

#[test]
fn switch_per_lane_with_shared_cases_default_break_and_continue() {
    let a = lanes();
    let r = run(
        "var v = 0u;
         switch u32(a.x) {
             case 0u: { v = 10u; }
             case 1u, 2u: { v = 20u; if a.x > 1.5 { break; } v = 21u; }
             case 5u, default: { v = 99u; }
             case 3u: { v = 30u; }
         }
         var n = 0u;
         for (var i = 0u; i < 4u; i++) {
             switch i {
                 case 1u: { continue; }
                 default: { n += u32(a.x); }
             }
             n += 100u;
         }
         o.r = vec4<u32>(v, n, 0u, 0u);",
        &a,
        &a,
    );
    for (l, lane) in r.iter().enumerate() {
        let v = match l {
            0 => 10,
            1 => 21,
            2 => 20,
            3 => 30,
            _ => 99,
        };
        // Three iterations add a.x and 100; the one that continues adds nothing.
        let n = 3 * (l as u32 + 100);
        assert_eq!(*lane, [v, n, 0, 0], "lane {l}");
    }
}

#[test]
fn variables_and_outputs_start_afresh_on_every_call() {
    // The register file is reused between calls on a thread: variables and outputs must be
    // reset, so a second call with the branch not taken sees the initial values.
    let p = crate::harness::compile_with(
        "var<private> seen: u32 = 7u;",
        "var acc = 1u;
         if a.x > 0.5 { acc += 5u; seen = 9u; o.r.w = 3u; }
         o.r.x = acc; o.r.y = seen;",
        &tessera_shader::CompileOptions::default(),
    )
    .unwrap();
    let on = crate::harness::splat([1.0; 4]);
    let off = crate::harness::splat([0.0; 4]);
    let first = crate::harness::run_program(&p, &on, &on, None).unwrap();
    assert_eq!(first[0], [6, 9, 0, 3]);
    let second = crate::harness::run_program(&p, &off, &off, None).unwrap();
    assert_eq!(second[0], [1, 7, 0, 0]);
}
