//! f32 arithmetic, comparisons, select, swizzles and builtins: exact bits.

use crate::harness::{f4, run, splat};

#[test]
fn add_sub_mul_div_are_ieee() {
    let a = splat([1.5, -2.0, 1.0e30, 0.1]);
    let b = splat([0.25, 3.0, 1.0e10, 0.2]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(a.x + b.x, a.y - b.y, a.z * b.z, a.w / b.w));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [1.75, -5.0, 1.0e30 * 1.0e10, 0.1f32 / 0.2f32]);
    assert!(f4(&r, 0)[2].is_infinite());
}

#[test]
fn division_by_zero_and_nan_follow_ieee() {
    let a = splat([1.0, -1.0, 0.0, 5.5]);
    let b = splat([0.0, 0.0, 0.0, 2.0]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(a.x / b.x, a.y / b.y, a.z / b.z, a.w % b.w));",
        &a,
        &b,
    );
    let v = f4(&r, 0);
    assert_eq!(v[0], f32::INFINITY);
    assert_eq!(v[1], f32::NEG_INFINITY);
    assert!(v[2].is_nan());
    assert_eq!(v[3], 1.5);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(-a.w % b.w, a.w % -b.w, 0.0, 0.0));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0)[..2], [-1.5, 1.5]);
}

#[test]
fn comparisons_and_select_per_lane() {
    let mut a = splat([0.0; 4]);
    for (l, v) in a.iter_mut().enumerate() {
        v[0] = l as f32;
    }
    a[7][0] = f32::NAN;
    let b = splat([3.0; 4]);
    let r = run(
        "o.r = vec4<u32>(select(0u, 1u, a.x < b.x), select(0u, 1u, a.x >= b.x),
                        select(0u, 1u, a.x == b.x), select(0u, 1u, a.x != b.x));",
        &a,
        &b,
    );
    for (l, lane) in r.iter().enumerate() {
        let x = a[l][0];
        let want = [x < 3.0, x >= 3.0, x == 3.0, x != 3.0].map(u32::from);
        assert_eq!(*lane, want, "lane {l}");
    }
    // NaN: every ordered comparison false, != true.
    assert_eq!(r[7], [0, 0, 0, 1]);
}

#[test]
fn vector_select_and_swizzles() {
    let a = splat([1.0, 2.0, 3.0, 4.0]);
    let b = splat([10.0, 20.0, 30.0, 40.0]);
    let r = run("o.r = bitcast<vec4<u32>>(a.wzyx);", &a, &b);
    assert_eq!(f4(&r, 0), [4.0, 3.0, 2.0, 1.0]);
    let r = run("o.r = bitcast<vec4<u32>>(vec4<f32>(a.xx, b.yw));", &a, &b);
    assert_eq!(f4(&r, 0), [1.0, 1.0, 20.0, 40.0]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(select(a, b, vec4<bool>(true, false, true, false)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [10.0, 2.0, 30.0, 4.0]);
    let r = run(
        "var v = a; v.y = 7.0; v[3] = b.x; o.r = bitcast<vec4<u32>>(v);",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [1.0, 7.0, 3.0, 10.0]);
}

#[test]
fn exactly_rounded_builtins() {
    let a = splat([2.0, -2.5, 2.5, 3.5]);
    let b = splat([0.0; 4]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(sqrt(a.x), round(a.y), round(a.z), round(a.w)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [2.0f32.sqrt(), -2.0, 2.0, 4.0]);
    let a = splat([-1.25, 1.75, -0.5, 7.0]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(floor(a.x), ceil(a.y), fract(a.x), trunc(a.y)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [-2.0, 2.0, 0.75, 1.0]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(abs(a.x), sign(a.z), clamp(a.w, 0.0, 2.0), saturate(a.y)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [1.25, -1.0, 2.0, 1.0]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(min(a.x, a.y), max(a.x, a.y), step(0.0, a.x), inverseSqrt(4.0 * a.w)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [-1.25, 1.75, 0.0, 1.0 / 28.0f32.sqrt()]);
}

#[test]
fn min_max_with_nan_return_the_number() {
    let a = splat([f32::NAN, 1.0, 0.0, 0.0]);
    let b = splat([0.0; 4]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(min(a.x, a.y), max(a.y, a.x), 0.0, 0.0));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0)[..2], [1.0, 1.0]);
    // Zeros of both signs: min picks -0, max +0, in either order.
    let z = splat([-0.0, 0.0, 0.0, 0.0]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(min(a.x, a.y), min(a.y, a.x), max(a.x, a.y), max(a.y, a.x)));",
        &z,
        &b,
    );
    assert_eq!(r[0], [0x8000_0000, 0x8000_0000, 0, 0]);
}

#[test]
fn geometric_builtins_are_left_to_right() {
    let a = splat([0.1, 0.2, 0.3, 0.4]);
    let b = splat([0.5, 0.6, 0.7, 0.8]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(dot(a, b), length(a.xyz), distance(a.xy, b.xy), 0.0));",
        &a,
        &b,
    );
    let (x, y) = ([0.1f32, 0.2, 0.3, 0.4], [0.5f32, 0.6, 0.7, 0.8]);
    let dot = x[0] * y[0] + x[1] * y[1] + x[2] * y[2] + x[3] * y[3];
    let len = (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt();
    let (dx, dy) = (x[0] - y[0], x[1] - y[1]);
    assert_eq!(f4(&r, 0)[..3], [dot, len, (dx * dx + dy * dy).sqrt()]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(normalize(a.xyz), 0.0));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0)[..3], [x[0] / len, x[1] / len, x[2] / len]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(cross(a.xyz, b.xyz), 0.0));",
        &a,
        &b,
    );
    let c = [
        x[1] * y[2] - x[2] * y[1],
        x[2] * y[0] - x[0] * y[2],
        x[0] * y[1] - x[1] * y[0],
    ];
    assert_eq!(f4(&r, 0)[..3], c);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(mix(a.x, b.x, 0.25), smoothstep(0.0, 1.0, a.z), 0.0, 0.0));",
        &a,
        &b,
    );
    let t = 0.3f32;
    assert_eq!(
        f4(&r, 0)[..2],
        [0.1 * (1.0 - 0.25) + 0.5 * 0.25, t * t * (3.0 - 2.0 * t)]
    );
}

#[test]
fn fma_is_the_fused_result_and_transcendentals_are_libm() {
    // (1 + 2^-23)^2 - 1 - 2^-22 = 2^-46 fused; the unfused product rounds it away.
    let e = f32::EPSILON;
    let a = splat([1.0 + e, 1.0 + e, -(1.0 + 2.0 * e), 0.5]);
    let b = splat([0.0; 4]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(fma(a.x, a.y, a.z), a.x * a.y + a.z, 0.0, 0.0));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0)[..2], [e * e, 0.0]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(sin(a.w), exp(a.w), log2(8.0 * a.w), pow(a.w, 3.0)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [libm::sinf(0.5), libm::expf(0.5), 2.0, 0.125]);
}

/// `ldexp` is exact (`a · 2^b`, to subnormals and infinity), and `asinh`/`acosh`/`atanh` are
/// libm's.
#[test]
fn ldexp_and_inverse_hyperbolics() {
    let a = splat([1.5, 0.75, 3.0, 0.5]);
    let b = splat([0.0; 4]);
    let r = run(
        "let k = i32(b.x); o.r = bitcast<vec4<u32>>(vec4<f32>(ldexp(a.x, k + 3), ldexp(a.y, k - 130), ldexp(a.z, k + 200), ldexp(a.w, k - 1)));",
        &a,
        &b,
    );
    assert_eq!(
        f4(&r, 0),
        [12.0, f32::from_bits(3 << 17), f32::INFINITY, 0.25]
    );
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(asinh(a.w), acosh(a.z), atanh(a.w), atanh(a.x)));",
        &a,
        &b,
    );
    let got = f4(&r, 0);
    assert_eq!(
        got[..3],
        [libm::asinhf(0.5), libm::acoshf(3.0), libm::atanhf(0.5)]
    );
    assert!(got[3].is_nan(), "atanh(1.5) is NaN");
}
