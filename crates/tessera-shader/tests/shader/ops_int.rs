//! Integer arithmetic with WGSL's wrap, division and shift rules; conversions.

use crate::harness::{f4, i4, run, splat};

fn bits(v: [i32; 4]) -> [f32; 4] {
    v.map(|x| f32::from_bits(x.cast_unsigned()))
}

#[test]
fn i32_wraps_and_divides_by_wgsl_rules() {
    let a = splat(bits([i32::MAX, i32::MIN, 7, -7]));
    let b = splat(bits([1, -1, 0, 2]));
    let r = run(
        "let x = bitcast<vec4<i32>>(a); let y = bitcast<vec4<i32>>(b);
         o.r = bitcast<vec4<u32>>(vec4<i32>(x.x + y.x, x.y / y.y, x.z / y.z, x.w / y.w));",
        &a,
        &b,
    );
    // MAX + 1 wraps; MIN / -1 = MIN; 7 / 0 = 7; -7 / 2 truncates to -3.
    assert_eq!(i4(&r, 0), [i32::MIN, i32::MIN, 7, -3]);
    let r = run(
        "let x = bitcast<vec4<i32>>(a); let y = bitcast<vec4<i32>>(b);
         o.r = bitcast<vec4<u32>>(vec4<i32>(x.x * 2, x.y % y.y, x.z % y.z, x.w % y.w));",
        &a,
        &b,
    );
    assert_eq!(i4(&r, 0), [-2, 0, 0, -1]);
    let r = run(
        "let x = bitcast<vec4<i32>>(a); o.r = bitcast<vec4<u32>>(vec4<i32>(-x.y, abs(x.y), abs(x.w), sign(x.w)));",
        &a,
        &b,
    );
    assert_eq!(i4(&r, 0), [i32::MIN, i32::MIN, 7, -1]);
}

#[test]
fn u32_division_and_shifts() {
    let a = splat(bits([7, 1, -8, i32::MIN]));
    let b = splat(bits([0, 33, 1, 31]));
    let r = run(
        "let x = bitcast<vec4<u32>>(a); let y = bitcast<vec4<u32>>(b);
         o.r = vec4<u32>(x.x / y.x, x.y << y.y, x.w >> y.w, x.x % y.x);",
        &a,
        &b,
    );
    // 7 / 0 = 7; 1 << (33 & 31) = 2; 0x8000_0000 >> 31 = 1; 7 % 0 = 0.
    assert_eq!(r[0], [7, 2, 1, 0]);
    let r = run(
        "let x = bitcast<vec4<i32>>(a); let y = bitcast<vec4<u32>>(b);
         o.r = bitcast<vec4<u32>>(vec4<i32>(x.z >> y.z, x.w >> y.w, x.x & 3, x.z ^ -1));",
        &a,
        &b,
    );
    assert_eq!(i4(&r, 0), [-4, -1, 3, 7]);
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = vec4<u32>(countOneBits(x.x), reverseBits(x.y), countLeadingZeros(x.x), countTrailingZeros(x.z));",
        &a,
        &b,
    );
    assert_eq!(r[0], [3, 0x8000_0000, 29, 3]);
    let r = run(
        "let x = bitcast<vec4<u32>>(a); o.r = vec4<u32>(x.x - 8u, ~x.y, min(x.x, x.z), max(x.x, x.z));",
        &a,
        &b,
    );
    assert_eq!(r[0], [u32::MAX, !1, 7, (-8i32).cast_unsigned()]);
}

#[test]
fn float_to_int_saturates_and_nan_is_zero() {
    let a = splat([3.0e9, -3.0e9, f32::NAN, -1.5]);
    let b = splat([16_777_217.0, -1.0, 0.0, 0.0]);
    let r = run("o.r = bitcast<vec4<u32>>(vec4<i32>(a));", &a, &b);
    assert_eq!(i4(&r, 0), [i32::MAX, i32::MIN, 0, -1]);
    let r = run(
        "o.r = vec4<u32>(vec4<f32>(a.x, b.y, a.z, b.w + 4.75));",
        &a,
        &b,
    );
    assert_eq!(r[0], [3_000_000_000, 0, 0, 4]);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(f32(bitcast<u32>(16777217i)), f32(-3i * i32(b.y)), f32(a.x > 0.0), f32(vec2<bool>(b.xy).y)));",
        &a,
        &b,
    );
    assert_eq!(f4(&r, 0), [16_777_216.0, 3.0, 1.0, 1.0]);
}

#[test]
fn vertex_index_is_per_lane() {
    let a = splat([0.0; 4]);
    let r = run("o.r = vec4<u32>(vi, vi * 3u, vi & 1u, 0u);", &a, &a);
    for (l, lane) in r.iter().enumerate() {
        let l = l as u32;
        assert_eq!(*lane, [l, l * 3, l & 1, 0]);
    }
}

/// `firstLeadingBit` (u32: the top 1; i32: the top bit unlike the sign, -1 for 0 and -1) and
/// `firstTrailingBit` (the lowest 1, all ones for 0), against hand values.
#[test]
fn first_leading_and_trailing_bits() {
    let a = splat(bits([0, 1, 0x40, i32::MIN]));
    let b = splat(bits([-1, -2, 0x7fff_ffff, -0x81]));
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = vec4<u32>(firstLeadingBit(x.x), firstLeadingBit(x.z), firstTrailingBit(x.x), firstTrailingBit(x.w));",
        &a,
        &b,
    );
    assert_eq!(r[0], [u32::MAX, 6, u32::MAX, 31]);
    let r = run(
        "let y = bitcast<vec4<i32>>(b);
         o.r = bitcast<vec4<u32>>(vec4<i32>(firstLeadingBit(y.x), firstLeadingBit(y.y), firstLeadingBit(y.z), firstLeadingBit(y.w)));",
        &a,
        &b,
    );
    // -1: none; -2 = ...1110: bit 0 differs; i32::MAX: bit 30; -0x81 = ...1_0111_1111: bit 7.
    assert_eq!(i4(&r, 0), [-1, 0, 30, 7]);
    let r = run(
        "let x = bitcast<vec4<i32>>(a);
         o.r = bitcast<vec4<u32>>(vec4<i32>(firstLeadingBit(x.x), firstLeadingBit(x.w), firstTrailingBit(x.y), firstTrailingBit(x.z)));",
        &a,
        &b,
    );
    // 0: none; i32::MIN = 1000...: bit 30 is the top bit unlike the sign.
    assert_eq!(i4(&r, 0), [-1, 30, 0, 6]);
}
