//! `modf`, `frexp` (struct results), `refract` and the 4×4 `determinant`: hand values and
//! references written here in WGSL's order of operations.

use crate::harness::{In, f4, i4, run, splat};

#[test]
fn modf_splits_into_e_minus_trunc_and_trunc() {
    let a = splat([1.5, -1.5, -2.0, 1e10]);
    let b = splat([0.25, -0.0, 7.75, -0.125]);
    let r = run(
        "let m = modf(a); o.r = bitcast<vec4<u32>>(vec4<f32>(m.fract.xy, m.whole.xy));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [0.5, -0.5, 1.0, -1.0]);
    let r = run(
        "let m = modf(a); o.r = bitcast<vec4<u32>>(vec4<f32>(m.fract.zw, m.whole.zw));",
        &a,
        &b,
    );
    // -2 - trunc(-2) = +0 (IEEE: x - x is +0); 1e10 is whole.
    assert_eq!(r[0], [0, 0, (-2.0f32).to_bits(), 1e10f32.to_bits()]);
    let r = run(
        "let m = modf(b.x); let n = modf(b.y); let k = modf(b.z); let q = modf(b.w);
         o.r = bitcast<vec4<u32>>(vec4<f32>(m.fract + m.whole, n.whole, k.fract, q.fract));",
        &a,
        &b,
    );
    // trunc(-0) = -0 and -0 - -0 = +0; 7.75 → 0.75; -0.125 → -0.125 (whole -0).
    assert_eq!(
        r[0],
        [
            0.25f32.to_bits(),
            0x8000_0000,
            0.75f32.to_bits(),
            (-0.125f32).to_bits()
        ]
    );
}

#[test]
fn frexp_gives_a_fraction_in_half_to_one_and_the_exponent() {
    let tiny = f32::from_bits(1 << 9); // 2^-140, a subnormal
    let a = splat([8.0, -3.0, 0.1, tiny]);
    let b = splat([0.0; 4]);
    let r = run(
        "let f = frexp(a); o.r = bitcast<vec4<u32>>(f.fract);",
        &a,
        &b,
    );
    // 8 = 0.5·2^4; -3 = -0.75·2^2; 0.1 = 0.8·2^-3 (the same significand bits); 2^-140 =
    // 0.5·2^-139.
    assert_eq!(f4(&r, 0), [0.5, -0.75, f32::from_bits(0x3f4c_cccd), 0.5]);
    let r = run("let f = frexp(a); o.r = bitcast<vec4<u32>>(f.exp);", &a, &b);
    assert_eq!(i4(&r, 0), [4, 2, -3, -139]);
    let r = run(
        "let f = frexp(b.x); let g = frexp(-1.0 * a.x); o.r = bitcast<vec4<u32>>(vec4<f32>(f.fract, f32(f.exp), g.fract, f32(g.exp)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [0.0, 0.0, -0.5, 4.0]);
}

/// WGSL's `refract`, in its order: `k = 1 - e3·e3·(1 - dot(e2, e1)²)`; 0 where `k < 0`, else
/// `e3·e1 - (e3·dot(e2, e1) + sqrt(k))·e2`.
fn refract_ref(e1: [f32; 3], e2: [f32; 3], e3: f32) -> [f32; 3] {
    let d = e2[0] * e1[0] + e2[1] * e1[1] + e2[2] * e1[2];
    let k = 1.0 - e3 * e3 * (1.0 - d * d);
    if k < 0.0 {
        return [0.0; 3];
    }
    let s = e3 * d + k.sqrt();
    std::array::from_fn(|i| e3 * e1[i] - s * e2[i])
}

#[test]
fn refract_follows_wgsls_formula_and_is_zero_past_the_critical_angle() {
    // Incidents per lane; normal (0, 1, 0) tilted a little; the ratio per lane in b.w.
    let a: In = std::array::from_fn(|l| {
        let t = l as f32 * 0.125;
        [0.6 - t * 0.3, -0.8 + t * 0.1, 0.1 * t, 0.0]
    });
    let etas = [0.75, 1.5, 2.0, 1.0, 0.5, 1.333, 3.0, 0.9];
    let b: In = std::array::from_fn(|l| [0.05, 0.998, -0.03, etas[l]]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(refract(a.xyz, b.xyz, b.w), 0.0));",
        &a,
        &b,
    );
    let mut zero = 0;
    for l in 0..8 {
        let want = refract_ref(
            [a[l][0], a[l][1], a[l][2]],
            [b[l][0], b[l][1], b[l][2]],
            b[l][3],
        );
        zero += usize::from(want == [0.0; 3]);
        assert_eq!(f4(&r, l)[..3], want, "lane {l}");
    }
    assert!(
        zero > 0 && zero < 8,
        "both sides of the critical angle: {zero}"
    );
    // By hand: e1 = (0.6, -0.8, 0), e2 = (0, 1, 0): dot = -0.8, 1 - 0.64 = 0.36; e3 = 2:
    // k = 1 - 4·0.36 < 0 → 0.
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(refract(vec2<f32>(0.6, -0.8) * a.w + vec2<f32>(0.6, -0.8), vec2<f32>(0.0, 1.0), 2.0 + a.w), 1.0, 1.0));",
        &splat([0.0; 4]),
        &b,
    );
    assert_eq!(f4(&r, 0), [0.0, 0.0, 1.0, 1.0]);
}

/// 3×3 determinant of columns `m` as docs/shaders.md fixes it: along column 0,
/// `a(ei - hf) - b(di - gf) + c(dh - ge)`.
fn det3(m: [[f32; 3]; 3]) -> f32 {
    let [[a, b, c], [d, e, f], [g, h, i]] = m;
    a * (e * i - h * f) - b * (d * i - g * f) + c * (d * h - g * e)
}

/// 4×4 determinant of columns `m`: `m00·D0 - m01·D1 + m02·D2 - m03·D3` left to right, `Dj`
/// the 3×3 determinant of columns 1..3 without row `j`.
fn det4(m: [[f32; 4]; 4]) -> f32 {
    let minor = |j: usize| {
        det3(std::array::from_fn(|c| {
            let col = m[c + 1];
            let rows: Vec<f32> = (0..4).filter(|&r| r != j).map(|r| col[r]).collect();
            [rows[0], rows[1], rows[2]]
        }))
    };
    m[0][0] * minor(0) - m[0][1] * minor(1) + m[0][2] * minor(2) - m[0][3] * minor(3)
}

#[test]
fn determinant_4x4_expands_along_column_0_in_a_fixed_order() {
    // Columns (2,0,1,3), (1,3,0,2), (0,2,4,1), (1,1,2,5): det = 80 (by row reduction).
    let a = splat([2.0, 0.0, 1.0, 3.0]);
    let b = splat([1.0, 3.0, 0.0, 2.0]);
    let body = "let m = mat4x4<f32>(a, b, vec4<f32>(0.0, 2.0, 4.0, 1.0) + a * 0.0, vec4<f32>(1.0, 1.0, 2.0, 5.0));
        o.r = bitcast<vec4<u32>>(vec4<f32>(determinant(m), determinant(transpose(m)), 0.0, 0.0));";
    let r = run(body, &a, &b);
    assert_eq!(f4(&r, 0)[..2], [80.0, 80.0]);
    // Inexact values per lane: the documented order, bit for bit.
    let a: In = std::array::from_fn(|l| {
        let t = l as f32;
        [0.1 + t, -1.3, 2.7 * t, 0.33]
    });
    let b: In = std::array::from_fn(|l| {
        let t = l as f32;
        [1.1, 0.7 - t * 0.2, -0.9, 3.3 + t]
    });
    let r = run(
        "let m = mat4x4<f32>(a, b, a.wzyx * 1.5, b.yxwz - a);
         o.r = bitcast<vec4<u32>>(vec4<f32>(determinant(m), 0.0, 0.0, 0.0));",
        &a,
        &b,
    );
    for l in 0..8 {
        let (x, y) = (a[l], b[l]);
        let c2 = [x[3] * 1.5, x[2] * 1.5, x[1] * 1.5, x[0] * 1.5];
        let c3 = [y[1] - x[0], y[0] - x[1], y[3] - x[2], y[2] - x[3]];
        assert_eq!(f4(&r, l)[0], det4([x, y, c2, c3]), "lane {l}");
    }
}
