//! Every operation of `tessera_lanes` gives, bit for bit, what `wide` 0.7 gives on the same
//! lanes, on edge values: NaN (quiet, signalling, negative), ±0, ±∞, subnormals, the largest
//! finite values, values at and past the i32 range, and integer extremes.

use tessera_lanes::{f32x8, i32x8, u32x8};

/// Edge values of f32: every ordered pair of them meets in some lane of [`pairs`].
const F: [f32; 24] = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    -0.5,
    1.5,
    -2.5,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    -f32::NAN,
    f32::MAX,
    f32::MIN,
    f32::MIN_POSITIVE,
    1.0e-45,
    2_147_483_520.0,
    2_147_483_648.0,
    -2_147_483_648.0,
    -2_147_483_904.0,
    8_388_607.5,
    -8_388_609.0,
    0.999_999_94,
    255.5,
];

/// A signalling NaN and a NaN with a payload, added to the float edges.
fn floats() -> Vec<f32> {
    let mut v = F.to_vec();
    v.push(f32::from_bits(0x7f80_0001));
    v.push(f32::from_bits(0xffc1_2345));
    v
}

/// Every ordered pair of `v`, packed eight lanes at a time (the tail padded with `v[0]`).
fn pairs<T: Copy>(v: &[T]) -> Vec<([T; 8], [T; 8])> {
    let all: Vec<(T, T)> = v
        .iter()
        .flat_map(|&a| v.iter().map(move |&b| (a, b)))
        .collect();
    all.chunks(8)
        .map(|c| {
            let a = core::array::from_fn(|k| c.get(k).map_or(v[0], |p| p.0));
            let b = core::array::from_fn(|k| c.get(k).map_or(v[0], |p| p.1));
            (a, b)
        })
        .collect()
}

fn bits(v: [f32; 8]) -> [u32; 8] {
    v.map(f32::to_bits)
}

/// Asserts that two lane arrays of floats have the same bits.
#[track_caller]
fn same(op: &str, a: [f32; 8], b: [f32; 8], got: f32x8, want: wide::f32x8) {
    assert_eq!(
        bits(got.to_array()),
        bits(want.to_array()),
        "{op} of {a:?} and {b:?}: {got:?} vs {want:?}"
    );
}

#[test]
fn float_binary_ops_match_wide() {
    use wide::{CmpEq, CmpGe, CmpGt, CmpLe, CmpLt, CmpNe};
    let fl = floats();
    for (a, b) in pairs(&fl) {
        let (x, y) = (f32x8::from(a), f32x8::from(b));
        let (p, q) = (wide::f32x8::from(a), wide::f32x8::from(b));
        same("add", a, b, x + y, p + q);
        same("sub", a, b, x - y, p - q);
        same("mul", a, b, x * y, p * q);
        same("div", a, b, x / y, p / q);
        same("fast_max", a, b, x.fast_max(y), p.fast_max(q));
        same("fast_min", a, b, x.fast_min(y), p.fast_min(q));
        same("max", a, b, x.max(y), p.max(q));
        same("min", a, b, x.min(y), p.min(q));
        same("cmp_eq", a, b, x.cmp_eq(y), p.cmp_eq(q));
        same("cmp_ne", a, b, x.cmp_ne(y), p.cmp_ne(q));
        same("cmp_gt", a, b, x.cmp_gt(y), p.cmp_gt(q));
        same("cmp_ge", a, b, x.cmp_ge(y), p.cmp_ge(q));
        same("cmp_lt", a, b, x.cmp_lt(y), p.cmp_lt(q));
        same("cmp_le", a, b, x.cmp_le(y), p.cmp_le(q));
        same("and", a, b, x & y, p & q);
        same("or", a, b, x | y, p | q);
        same("xor", a, b, x ^ y, p ^ q);
        // Masks from comparisons select lanes of either operand.
        let (m, n) = (x.cmp_lt(y), p.cmp_lt(q));
        same("blend", a, b, m.blend(x, y), n.blend(p, q));
        let (m, n) = (x.is_nan(), p.is_nan());
        same("blend is_nan", a, b, m.blend(y, x), n.blend(q, p));
        let mut z = x;
        z += y;
        z *= y;
        same("assign ops", a, b, z, (p + q) * q);
    }
}

#[test]
fn float_unary_ops_match_wide() {
    let fl = floats();
    for (a, _) in pairs(&fl) {
        let (x, p) = (f32x8::from(a), wide::f32x8::from(a));
        same("abs", a, a, x.abs(), p.abs());
        same("floor", a, a, x.floor(), p.floor());
        same("sqrt", a, a, x.sqrt(), p.sqrt());
        same("is_nan", a, a, x.is_nan(), p.is_nan());
        same("neg", a, a, -x, -p);
        same("not", a, a, !x, !p);
        assert_eq!(x.move_mask(), p.move_mask(), "move_mask {a:?}");
        assert_eq!(x.any(), p.any(), "any {a:?}");
        assert_eq!(x.all(), p.all(), "all {a:?}");
        assert_eq!(
            x.fast_trunc_int().to_array(),
            p.fast_trunc_int().to_array(),
            "fast_trunc_int {a:?}"
        );
        assert_eq!(
            bytemuck::cast::<f32x8, [u32; 8]>(x),
            bytemuck::cast::<wide::f32x8, [u32; 8]>(f32x8::from(p).to_wide()),
            "conversion {a:?}"
        );
    }
    // All-set and all-clear masks for any/all.
    let t = f32x8::splat(f32::from_bits(u32::MAX));
    assert!(t.all() && t.any());
    assert!(!f32x8::splat(0.0).any() && !f32x8::splat(0.0).all());
}

/// Integer edges: zero, ±1, the extremes, and values whose f32 conversion rounds (ties to even).
const I: [i32; 16] = [
    0,
    1,
    -1,
    2,
    i32::MAX,
    i32::MIN,
    i32::MAX - 1,
    i32::MIN + 1,
    16_777_217,
    -16_777_217,
    16_777_219,
    0x7fff_ff80,
    0x7fff_ffc0,
    255,
    0x0101_0101,
    -0x0080_0000,
];

#[test]
fn i32_ops_match_wide() {
    use wide::{CmpEq, CmpGt, CmpLt};
    for (a, b) in pairs(&I) {
        let (x, y) = (i32x8::from(a), i32x8::from(b));
        let (p, q) = (wide::i32x8::from(a), wide::i32x8::from(b));
        let eq = |op: &str, g: i32x8, w: wide::i32x8| {
            assert_eq!(g.to_array(), w.to_array(), "{op} of {a:?} and {b:?}")
        };
        eq("add", x + y, p + q);
        eq("sub", x - y, p - q);
        eq("mul", x * y, p * q);
        eq("and", x & y, p & q);
        eq("or", x | y, p | q);
        eq("xor", x ^ y, p ^ q);
        eq("not", !x, !p);
        eq("cmp_eq", x.cmp_eq(y), p.cmp_eq(q));
        eq("cmp_gt", x.cmp_gt(y), p.cmp_gt(q));
        eq("cmp_lt", x.cmp_lt(y), p.cmp_lt(q));
        eq("max", x.max(y), p.max(q));
        eq("min", x.min(y), p.min(q));
        eq("abs", x.abs(), p.abs());
        eq("blend", x.cmp_gt(y).blend(x, y), p.cmp_gt(q).blend(p, q));
        for s in [0, 1, 8, 23, 31] {
            eq("shl", x << s, p << s);
            eq("shr", x >> s, p >> s);
            eq("shl u32", x << (s as u32), p << (s as u32));
            eq("shr u32", x >> (s as u32), p >> (s as u32));
        }
        assert_eq!(x.move_mask(), p.move_mask(), "move_mask {a:?}");
        assert_eq!(x.any(), p.any());
        assert_eq!(x.all(), p.all());
        assert_eq!(
            bits(x.round_float().to_array()),
            bits(p.round_float().to_array()),
            "round_float {a:?}"
        );
        assert_eq!(
            bits(f32x8::from_i32x8(x).to_array()),
            bits(wide::f32x8::from_i32x8(p).to_array()),
            "from_i32x8 {a:?}"
        );
    }
}

#[test]
fn u32_ops_match_wide() {
    let u = I.map(|v| v as u32);
    for (a, b) in pairs(&u) {
        let (x, y) = (u32x8::from(a), u32x8::from(b));
        let (p, q) = (wide::u32x8::from(a), wide::u32x8::from(b));
        let eq = |op: &str, g: u32x8, w: wide::u32x8| {
            assert_eq!(g.to_array(), w.to_array(), "{op} of {a:?} and {b:?}")
        };
        eq("add", x + y, p + q);
        eq("sub", x - y, p - q);
        eq("mul", x * y, p * q);
        eq("and", x & y, p & q);
        eq("or", x | y, p | q);
        eq("xor", x ^ y, p ^ q);
        eq("not", !x, !p);
        eq("cmp_eq", x.cmp_eq(y), p.cmp_eq(q));
        eq("cmp_gt", x.cmp_gt(y), p.cmp_gt(q));
        eq("max", x.max(y), p.max(q));
        eq("min", x.min(y), p.min(q));
        eq("blend", x.cmp_gt(y).blend(x, y), p.cmp_gt(q).blend(p, q));
        for s in [0u32, 1, 8, 16, 24, 31] {
            eq("shl", x << s, p << s);
            eq("shr", x >> s, p >> s);
        }
    }
}

/// The lane types are bit-compatible with `wide`'s and with each other (the pipeline casts
/// between them with `bytemuck`).
#[test]
fn layouts_match_wide() {
    assert_eq!(size_of::<f32x8>(), size_of::<wide::f32x8>());
    assert_eq!(align_of::<f32x8>(), align_of::<wide::f32x8>());
    assert_eq!(align_of::<i32x8>(), 32);
    assert_eq!(align_of::<u32x8>(), 32);
    let v = f32x8::from([1.0, -2.0, 3.5, f32::NAN, -0.0, 6.0, 7.0, 8.0]);
    let i: i32x8 = bytemuck::cast(v);
    assert_eq!(i.to_array()[1], (-2.0f32).to_bits() as i32);
    assert_eq!(
        bits(f32x8::from(v.to_wide()).to_array()),
        bits(v.to_array())
    );
}
