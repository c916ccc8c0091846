//! Matrix products (WGSL column-major), transpose, determinant: left-to-right sums.

use crate::harness::{f4, run, splat};

#[test]
fn matrix_vector_products() {
    let a = splat([1.0, 2.0, 3.0, 4.0]);
    let b = splat([0.5, -1.0, 2.0, 0.25]);
    // m = columns (a.x, a.y), (a.z, a.w) = [[1, 3], [2, 4]] as rows.
    let r = run(
        "let m = mat2x2<f32>(a.xy, a.zw);
         o.r = bitcast<vec4<u32>>(vec4<f32>(m * b.xy, b.xy * m));",
        &a,
        &b,
    );
    // m * v: row i = m[0][i] * v0 + m[1][i] * v1; v * m: column j dotted with v.
    let (v0, v1) = (b[0][0], b[0][1]);
    assert_eq!(
        f4(&r, 0),
        [
            1.0 * v0 + 3.0 * v1,
            2.0 * v0 + 4.0 * v1,
            v0 * 1.0 + v1 * 2.0,
            v0 * 3.0 + v1 * 4.0
        ]
    );
    let r = run(
        "let m = mat2x2<f32>(a.xy, a.zw); let n = mat2x2<f32>(b.xy, b.zw);
         let p = m * n;
         o.r = bitcast<vec4<u32>>(vec4<f32>(p[0], p[1]));",
        &a,
        &b,
    );
    // (m n) column j = m * n[j].
    let col = |v0: f32, v1: f32| [1.0 * v0 + 3.0 * v1, 2.0 * v0 + 4.0 * v1];
    let (c0, c1) = (col(0.5, -1.0), col(2.0, 0.25));
    assert_eq!(f4(&r, 0), [c0[0], c0[1], c1[0], c1[1]]);
}

#[test]
fn transpose_determinant_and_scalar_products() {
    let a = splat([1.0, 2.0, 3.0, 4.0]);
    let b = splat([0.0; 4]);
    let r = run(
        "let m = transpose(mat2x2<f32>(a.xy, a.zw)) * 2.0;
         o.r = bitcast<vec4<u32>>(vec4<f32>(m[0], m[1].x, determinant(mat2x2<f32>(a.xy, a.zw))));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [2.0, 6.0, 4.0, 1.0 * 4.0 - 3.0 * 2.0]);
    let r = run(
        "let m = mat3x3<f32>(vec3<f32>(2.0, 0.0, 1.0), vec3<f32>(a.x, 3.0, 0.0), vec3<f32>(0.0, a.y, 4.0));
         o.r = bitcast<vec4<u32>>(vec4<f32>(determinant(m), (m * a.xyz)));",
        &a,
        &b,
    );
    // Columns (2,0,1), (1,3,0), (0,2,4): det = 2(12 - 0) - 0(4 - 0) + 1(2 - 0) = 26.
    let v = [1.0f32, 2.0, 3.0];
    let m = [[2.0f32, 0.0, 1.0], [1.0, 3.0, 0.0], [0.0, 2.0, 4.0]];
    let row = |i: usize| m[0][i] * v[0] + m[1][i] * v[1] + m[2][i] * v[2];
    assert_eq!(f4(&r, 0), [26.0, row(0), row(1), row(2)]);
}

#[test]
fn mat4_from_uniform_rows_matches_row_dot_products() {
    // The Rust built-ins store rows in cb0 and compute row · v; WGSL reads the same bytes as
    // columns, so `v * m` is the same sum in the same order.
    let rows = [
        [0.5f32, 0.1, 0.2, 0.3],
        [0.7, -1.5, 0.25, 2.0],
        [1.0, 1.0, 1.0, 1.0],
        [-0.3, 0.6, 0.9, 0.125],
    ];
    let cb: Vec<u8> = rows
        .iter()
        .flatten()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    let a = splat([0.3, 0.7, 1.1, 1.0]);
    let r = crate::harness::try_run(
        "@group(0) @binding(0) var<uniform> m: mat4x4<f32>;",
        "o.r = bitcast<vec4<u32>>(a * m);",
        &a,
        &a,
        Some(&cb),
    )
    .unwrap();
    let v = a[0];
    let want = rows.map(|r| v[0] * r[0] + v[1] * r[1] + v[2] * r[2] + v[3] * r[3]);
    assert_eq!(f4(&r, 0), want);
}
