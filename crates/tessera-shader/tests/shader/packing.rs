//! WGSL data packing and unpacking, packed dot products and `quantizeToF16`: hand values, and
//! the WGSL formulas (`⌊0.5 + m·clamp(x)⌋`, `max(v / m, -1)`, `v / m`) evaluated in `f64` here.

use crate::harness::{In, f4, i4, run, splat};

/// `2^e` for a normal exponent, from its bits.
fn p2(e: i32) -> f32 {
    f32::from_bits((127 + e).cast_unsigned() << 23)
}

fn lane(v: [u32; 4]) -> [f32; 4] {
    v.map(f32::from_bits)
}

/// WGSL's SNORM code `⌊0.5 + m·min(1, max(-1, x))⌋` in `bits` bits (NaN: 0, D3D's rule; WGSL
/// leaves NaN inputs indeterminate).
fn snorm_ref(x: f32, bits: u32) -> u32 {
    let m = f64::from((1u32 << (bits - 1)) - 1);
    let v = if x.is_nan() {
        0
    } else {
        (0.5 + m * f64::from(x).clamp(-1.0, 1.0)).floor() as i64
    };
    (v as u32) & ((1u32 << bits) - 1)
}

/// WGSL's UNORM code `⌊0.5 + m·min(1, max(0, x))⌋` (NaN: 0).
fn unorm_ref(x: f32, bits: u32) -> u32 {
    let m = f64::from((1u32 << bits) - 1);
    if x.is_nan() {
        return 0;
    }
    (0.5 + m * f64::from(x).clamp(0.0, 1.0)).floor() as u32
}

/// 32 inputs: the ties (±0.5 and the half-code steps), the ends, outside the range, ±0,
/// infinities, NaN and ordinary values.
const XS: [f32; 32] = [
    -0.5,
    0.5,
    1.0,
    -1.0,
    2.0,
    -2.0,
    f32::NAN,
    f32::INFINITY,
    f32::NEG_INFINITY,
    0.0,
    -0.0,
    0.5 / 127.0,
    -0.5 / 127.0,
    0.5 / 255.0,
    1.5 / 255.0,
    -1.5 / 127.0,
    0.3,
    -0.3,
    0.25,
    -0.25,
    0.999,
    -0.999,
    1.0 / 3.0,
    -1.0 / 3.0,
    0.5 / 32767.0,
    -0.5 / 32767.0,
    0.5 / 65535.0,
    1e-30,
    -1e-30,
    0.75,
    -0.75,
    0.123_456_7,
];

#[test]
fn snorm_and_unorm_packing_follow_the_wgsl_formula() {
    // By hand: -0.5 → ⌊0.5 - 63.5⌋ = -63 (0xc1; D3D's SNORM rule would give -64), 0.5 → 64,
    // 1 → 127, -1 → -127.
    let a = splat([-0.5, 0.5, 1.0, -1.0]);
    let b = splat([0.5, 1.0, 2.0, -1.0]);
    let r = run(
        "o.r = vec4<u32>(pack4x8snorm(a), pack4x8unorm(b), pack2x16snorm(a.xz), pack2x16unorm(b.xy));",
        &a,
        &b,
    );
    // 0.5·255 + 0.5 = 128; -0.5·32767 + 0.5 = -16383 (0xc001); 0.5·65535 + 0.5 = 32768.
    assert_eq!(r[0], [0x817f_40c1, 0x00ff_ff80, 0x7fff_c001, 0xffff_8000]);
    assert_eq!(snorm_ref(-0.5, 8), 0xc1);
    // Every input in every position, against the formula.
    let a: In = std::array::from_fn(|l| std::array::from_fn(|c| XS[4 * l + c]));
    let r = run(
        "o.r = vec4<u32>(pack4x8snorm(a), pack4x8unorm(a), pack2x16snorm(a.zw), pack2x16unorm(a.xy));",
        &a,
        &a,
    );
    for (l, got) in r.iter().enumerate() {
        let x = a[l];
        let four = |f: &dyn Fn(f32) -> u32| (0..4).fold(0, |acc, i| acc | (f(x[i]) << (8 * i)));
        let want = [
            four(&|v| snorm_ref(v, 8)),
            four(&|v| unorm_ref(v, 8)),
            snorm_ref(x[2], 16) | (snorm_ref(x[3], 16) << 16),
            unorm_ref(x[0], 16) | (unorm_ref(x[1], 16) << 16),
        ];
        assert_eq!(*got, want, "lane {l}: {x:?}");
    }
}

#[test]
fn unpacking_divides_and_clamps_as_wgsl_says() {
    let a = splat(lane([0x817f_4080, 0x00ff_8001, 0x8000_7fff, 0xffff_0001]));
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = bitcast<vec4<u32>>(unpack4x8snorm(x.x));",
        &a,
        &a,
    );
    // 0x80 = -128 → max(-128/127, -1) = -1; 0x40 = 64/127; 0x7f = 1; 0x81 = -127 → -1.
    assert_eq!(f4(&r, 0), [-1.0, 64.0 / 127.0, 1.0, -1.0]);
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = bitcast<vec4<u32>>(unpack4x8unorm(x.y));",
        &a,
        &a,
    );
    assert_eq!(f4(&r, 0), [1.0 / 255.0, 128.0 / 255.0, 1.0, 0.0]);
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = bitcast<vec4<u32>>(vec4<f32>(unpack2x16snorm(x.z), unpack2x16unorm(x.w)));",
        &a,
        &a,
    );
    assert_eq!(f4(&r, 0), [1.0, -1.0, 1.0 / 65535.0, 1.0]);
    // Every byte value through the 8-bit forms, every lane a different word.
    for base in (0..256u32).step_by(32) {
        let words: [u32; 8] = std::array::from_fn(|l| {
            let k = base + 4 * l as u32;
            k | ((k + 1) << 8) | ((k + 2) << 16) | ((k + 3) << 24)
        });
        let a: In = std::array::from_fn(|l| lane([words[l], 0, 0, 0]));
        let sn = run(
            "o.r = bitcast<vec4<u32>>(unpack4x8snorm(bitcast<u32>(a.x)));",
            &a,
            &a,
        );
        let un = run(
            "o.r = bitcast<vec4<u32>>(unpack4x8unorm(bitcast<u32>(a.x)));",
            &a,
            &a,
        );
        for (l, word) in words.iter().enumerate() {
            for c in 0..4 {
                let v = (word >> (8 * c)) & 0xff;
                let s = f32::from((v as u8).cast_signed());
                assert_eq!(f4(&sn, l)[c], (s / 127.0).max(-1.0), "snorm byte {v:#x}");
                assert_eq!(f4(&un, l)[c], v as f32 / 255.0, "unorm byte {v:#x}");
            }
        }
    }
}

/// binary16 by hand: round to nearest even, subnormals kept, past 65504 (by half an ulp) inf,
/// NaN quiet.
#[test]
fn float16_packing_unpacking_and_quantize_are_exact_binary16() {
    let two_m24 = f32::from_bits(0x3380_0000); // 2^-24, the smallest binary16 subnormal
    let a = splat([1.0, -2.0, 65504.0, 65520.0]);
    let b = splat([two_m24, 1e-8, 0.1, f32::NAN]);
    let r = run(
        "o.r = vec4<u32>(pack2x16float(a.xy), pack2x16float(a.zw), pack2x16float(b.xy), pack2x16float(b.zw));",
        &a,
        &b,
    );
    // 65520 is halfway between 65504 and 2^16 (inf): ties to even = inf. 1e-8 < 2^-25 → +0.
    // 0.1 → 0x2e66; NaN → 0x7e00.
    assert_eq!(r[0], [0xc000_3c00, 0x7c00_7bff, 0x0000_0001, 0x7e00_2e66]);
    // 1 + 2^-11 is a tie between 1 and 1 + 2^-10: even (1); 1 + 3·2^-11 rounds up to 1 + 2^-9.
    let a = splat([1.0 + p2(-11), 1.0 + 3.0 * p2(-11), -0.0, 1.5 * two_m24]);
    let r = run(
        "o.r = vec4<u32>(pack2x16float(a.xy), pack2x16float(a.zw), 0u, 0u);",
        &a,
        &a,
    );
    assert_eq!(r[0][..2], [0x3c02_3c00, 0x0002_8000]);
    let r = run("o.r = bitcast<vec4<u32>>(quantizeToF16(a));", &a, &a);
    assert_eq!(f4(&r, 0), [1.0, 1.0 + p2(-9), -0.0, 2.0 * two_m24]);
    assert_eq!(r[0][2], 0x8000_0000, "-0 keeps its sign");
    let b = splat([0.1, 1.0 / 3.0, 1e-8, 70000.0]);
    let r = run("o.r = bitcast<vec4<u32>>(quantizeToF16(b));", &b, &b);
    assert_eq!(
        f4(&r, 0),
        [1638.0 / 16384.0, 1365.0 / 4096.0, 0.0, f32::INFINITY]
    );
    let a = splat(lane([0xfc00_0001, 0x8000_7bff, 0x3555_7c00, 0]));
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = bitcast<vec4<u32>>(vec4<f32>(unpack2x16float(x.x), unpack2x16float(x.y)));",
        &a,
        &a,
    );
    assert_eq!(f4(&r, 0), [two_m24, f32::NEG_INFINITY, 65504.0, -0.0]);
    assert_eq!(r[0][3], 0x8000_0000);
    let r = run(
        "o.r = bitcast<vec4<u32>>(vec4<f32>(unpack2x16float(bitcast<u32>(a.z)), 0.0, 0.0));",
        &a,
        &a,
    );
    assert_eq!(f4(&r, 0)[..2], [f32::INFINITY, 1365.0 / 4096.0]);
}

#[test]
fn integer_byte_packing_and_packed_dot_products() {
    let bits = |v: [i32; 4]| v.map(|x| f32::from_bits(x.cast_unsigned()));
    let a = splat(bits([-1, 127, 128, -129]));
    let b = splat(bits([255, 256, 1, 0x1234]));
    let r = run(
        "let x = bitcast<vec4<i32>>(a); let y = bitcast<vec4<u32>>(b);
         o.r = vec4<u32>(pack4xI8(x), pack4xI8Clamp(x), pack4xU8(y), pack4xU8Clamp(y));",
        &a,
        &b,
    );
    // Low bytes: ff 7f 80 7f; clamped: ff 7f 7f 80; u8: ff 00 01 34; clamped: ff ff 01 ff.
    assert_eq!(r[0], [0x7f80_7fff, 0x807f_7fff, 0x3401_00ff, 0xff01_ffff]);
    let a = splat(bits([
        0x807f_ff01_u32.cast_signed(),
        0x8080_0203_u32.cast_signed(),
        0,
        0,
    ]));
    let r = run(
        "let x = bitcast<vec4<u32>>(a); o.r = bitcast<vec4<u32>>(unpack4xI8(x.x));",
        &a,
        &a,
    );
    assert_eq!(i4(&r, 0), [1, -1, 127, -128]);
    let r = run(
        "let x = bitcast<vec4<u32>>(a); o.r = unpack4xU8(x.x);",
        &a,
        &a,
    );
    assert_eq!(r[0], [1, 255, 127, 128]);
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = vec4<u32>(bitcast<u32>(dot4I8Packed(x.x, x.y)), dot4U8Packed(x.x, x.y), dot4U8Packed(0xffffffffu, x.z + 0xffffffffu), 0u);",
        &a,
        &a,
    );
    // Signed bytes (1, -1, 127, -128)·(3, 2, -128, -128) = 3 - 2 - 16256 + 16384 = 129;
    // unsigned (1, 255, 127, 128)·(3, 2, 128, 128) = 3 + 510 + 16256 + 16384 = 33153;
    // 4·255·255 = 260100.
    assert_eq!(r[0][..3], [129, 33153, 260_100]);
    // Per lane against a byte-by-byte reference.
    let words = |k: u32| k.wrapping_mul(0x9e37_79b9) ^ (k << 7);
    let a: In = std::array::from_fn(|l| lane([words(l as u32), words(l as u32 + 100), 0, 0]));
    let r = run(
        "let x = bitcast<vec4<u32>>(a);
         o.r = vec4<u32>(bitcast<u32>(dot4I8Packed(x.x, x.y)), dot4U8Packed(x.x, x.y), pack4xI8(bitcast<vec4<i32>>(unpack4xI8(x.x))), pack4xU8(unpack4xU8(x.y)));",
        &a,
        &a,
    );
    for (l, got) in r.iter().enumerate() {
        let (x, y) = (words(l as u32), words(l as u32 + 100));
        let (bx, by) = (x.to_le_bytes(), y.to_le_bytes());
        let si: i32 = (0..4)
            .map(|i| i32::from(bx[i].cast_signed()) * i32::from(by[i].cast_signed()))
            .sum();
        let su: u32 = (0..4).map(|i| u32::from(bx[i]) * u32::from(by[i])).sum();
        assert_eq!(*got, [si.cast_unsigned(), su, x, y], "lane {l}");
    }
}
