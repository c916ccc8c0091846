//! `extractBits` / `insertBits` (WGSL's offset/count clamping, signed and unsigned, scalar and
//! vector) against a bit-by-bit reference written here from the WGSL text; the SM 5 profile
//! of the bit builtins.

use tessera_shader::{CompileOptions, Program, Stage};
use tessera_types::ShaderProfile;

use crate::harness::{In, module, run};

/// Bits as the `f32`s of one lane's `vec4` input.
fn lane(v: [u32; 4]) -> [f32; 4] {
    v.map(f32::from_bits)
}

/// WGSL `extractBits`, bit by bit: `o = min(offset, 32)`, `c = min(count, 32 - o)`; 0 when
/// `c = 0`, else bits `o..o+c` of `e` into bits `0..c`, the others copies of bit `c - 1` of the
/// result (signed) or 0.
fn extract_ref(e: u32, offset: u32, count: u32, signed: bool) -> u32 {
    let o = offset.min(32);
    let c = count.min(32 - o);
    if c == 0 {
        return 0;
    }
    let mut r = 0u32;
    for i in 0..32 {
        let bit = if i < c {
            (e >> (o + i)) & 1
        } else if signed {
            (r >> (c - 1)) & 1
        } else {
            0
        };
        r |= bit << i;
    }
    r
}

/// WGSL `insertBits`, bit by bit: `e` when `c = 0`, else bits `o..o+c` from bits `0..c` of
/// `newbits`, the others from `e`.
fn insert_ref(e: u32, newbits: u32, offset: u32, count: u32) -> u32 {
    let o = offset.min(32);
    let c = count.min(32 - o);
    let mut r = 0u32;
    for i in 0..32 {
        let bit = if i >= o && i < o + c {
            (newbits >> (i - o)) & 1
        } else {
            (e >> i) & 1
        };
        r |= bit << i;
    }
    r
}

/// `(e, newbits, offset, count)`: every clamping case (count 0, offset 32 and past it,
/// offset + count past 32, count past 32, huge values) and ordinary fields.
const CASES: [(u32, u32, u32, u32); 24] = [
    (0x8000_00f0, 0xdead_beef, 4, 4),
    (0x8000_00f0, 0xdead_beef, 0, 0),
    (0x1234_5678, 0xdead_beef, 0, 32),
    (0x1234_5678, 0xdead_beef, 0, 33),
    (0x1234_5678, 0xdead_beef, 28, 8),
    (0x8765_4321, 0x0000_0001, 31, 1),
    (0x8765_4321, 0xffff_ffff, 32, 0),
    (0x8765_4321, 0xffff_ffff, 32, 5),
    (0xffff_ffff, 0x0000_0000, 33, 1),
    (0x0000_0100, 0x0000_0002, 5, u32::MAX),
    (0x0000_0100, 0x0000_0003, u32::MAX, 3),
    (0x7fff_ffff, 0x0000_8001, 16, 16),
    (0x7fff_ffff, 0x0000_8001, 1, 31),
    (0xffff_fffe, 0x0000_0001, 0, 1),
    (0x0000_00f0, 0x0000_000a, 4, 3),
    (0x0000_0070, 0x0000_0005, 4, 3),
    (0xa5a5_a5a5, 0x5a5a_5a5a, 3, 17),
    (0xa5a5_a5a5, 0x5a5a_5a5a, 30, 2),
    (0x0000_0000, 0xffff_ffff, 7, 9),
    (0x4000_0000, 0x0000_0000, 30, 1),
    (0xc000_0000, 0x1234_5678, 30, 2),
    (0x0bad_f00d, 0xcafe_babe, 12, 20),
    (0x0bad_f00d, 0xcafe_babe, 12, 21),
    (0x0bad_f00d, 0xcafe_babe, 1, 0),
];

#[test]
fn extract_and_insert_bits_clamp_offset_and_count_as_wgsl_says() {
    // Hand values first: the reference itself must say what the WGSL text says.
    assert_eq!(extract_ref(0xf0, 4, 4, false), 0xf);
    assert_eq!(extract_ref(0xf0, 4, 4, true), u32::MAX); // bit 3 of the field set: -1
    assert_eq!(extract_ref(0x70, 4, 4, true), 7);
    assert_eq!(extract_ref(0x1234_5678, 28, 8, false), 1); // c = min(8, 4) = 4
    assert_eq!(extract_ref(0x8765_4321, 32, 5, true), 0); // o = 32: c = 0
    assert_eq!(insert_ref(0xf0, 0xa, 4, 3), 0xa0); // 0b010 into bits 4..7, bit 7 kept
    assert_eq!(insert_ref(0x1234_5678, 0xdead_beef, 0, 33), 0xdead_beef);
    assert_eq!(insert_ref(0x8765_4321, 0xffff_ffff, 32, 5), 0x8765_4321);
    let body = "let e = bitcast<vec4<u32>>(a); let p = bitcast<vec4<u32>>(b);
        o.r = vec4<u32>(extractBits(e.x, p.x, p.y), bitcast<u32>(extractBits(bitcast<i32>(e.x), p.x, p.y)),
                        insertBits(e.x, e.y, p.x, p.y),
                        bitcast<u32>(insertBits(bitcast<i32>(e.x), bitcast<i32>(e.y), p.x, p.y)));";
    for chunk in CASES.chunks(8) {
        let a: In = std::array::from_fn(|l| lane([chunk[l].0, chunk[l].1, 0, 0]));
        let b: In = std::array::from_fn(|l| lane([chunk[l].2, chunk[l].3, 0, 0]));
        let r = run(body, &a, &b);
        for (l, &(e, n, o, c)) in chunk.iter().enumerate() {
            let want = [
                extract_ref(e, o, c, false),
                extract_ref(e, o, c, true),
                insert_ref(e, n, o, c),
                insert_ref(e, n, o, c),
            ];
            assert_eq!(r[l], want, "e {e:#x} newbits {n:#x} offset {o} count {c}");
        }
    }
}

#[test]
fn bit_field_builtins_apply_per_component() {
    let a: In =
        std::array::from_fn(|l| lane([0x0000_ff00 << l, 0xf0f0_f0f0 >> l, 0x5555_5555, l as u32]));
    let b: In = std::array::from_fn(|l| lane([4 + l as u32, 6, 0, 0]));
    let r = run(
        "let e = bitcast<vec4<u32>>(a); let p = bitcast<vec4<u32>>(b);
         o.r = vec4<u32>(extractBits(e.xy, p.x, p.y), bitcast<vec2<u32>>(insertBits(bitcast<vec2<i32>>(e.xy), bitcast<vec2<i32>>(e.zw), p.x, p.y)));",
        &a,
        &b,
    );
    for (l, got) in r.iter().enumerate() {
        let (x, y, z, w) = (
            0x0000_ff00u32 << l,
            0xf0f0_f0f0u32 >> l,
            0x5555_5555,
            l as u32,
        );
        let o = 4 + l as u32;
        assert_eq!(
            *got,
            [
                extract_ref(x, o, 6, false),
                extract_ref(y, o, 6, false),
                insert_ref(x, z, o, 6),
                insert_ref(y, w, o, 6)
            ],
            "lane {l}"
        );
    }
}

/// `countOneBits`, `reverseBits`, `firstLeadingBit`, `firstTrailingBit`, the zero counts
/// (HLSL `firstbithigh`/`firstbitlow`) and the bit fields are SM 5 instructions: the shader
/// claims `*_5_0`; integer arithmetic alone stays `*_4_0`.
#[test]
fn bit_builtins_make_the_profile_sm5() {
    let profile = |body: &str| {
        Program::from_wgsl(
            &module("", body),
            "main",
            Stage::Vertex,
            &CompileOptions::default(),
        )
        .unwrap()
        .profile()
        .unwrap()
    };
    let u = "let x = bitcast<vec4<u32>>(a); ";
    for f in [
        "countOneBits(x)",
        "reverseBits(x)",
        "firstLeadingBit(x)",
        "firstTrailingBit(x)",
        "countLeadingZeros(x)",
        "countTrailingZeros(x)",
        "extractBits(x, 1u, 2u)",
        "insertBits(x, x, 1u, 2u)",
        "vec4<u32>(pack2x16float(a.xy))",
        "vec4<u32>(bitcast<vec2<u32>>(unpack2x16float(x.x)), 0u, 0u)",
        "bitcast<vec4<u32>>(quantizeToF16(a))",
    ] {
        assert_eq!(
            profile(&format!("{u}o.r = {f};")),
            ShaderProfile::Vs5_0,
            "{f}"
        );
    }
    for f in [
        "x + x",
        "bitcast<vec4<u32>>(abs(bitcast<vec4<i32>>(x)))",
        "vec4<u32>(pack4x8unorm(a))",
        "vec4<u32>(dot4U8Packed(x.x, x.y))",
    ] {
        assert_eq!(
            profile(&format!("{u}o.r = {f};")),
            ShaderProfile::Vs4_0,
            "{f}"
        );
    }
}
