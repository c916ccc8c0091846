//! WGSL's packing, unpacking and bit-field builtins over 8 lanes. The conversions are
//! tessera-format's (the D3D rules the texture formats use): UNORM/SNORM codes and binary16.

use tessera_format::convert::{
    f16_to_f32, f32_to_f16, f32_to_snorm, f32_to_unorm, sign_extend, snorm_to_f32, unorm_to_f32,
};

use crate::ir::{Lanes, Pack};

/// WGSL's SNORM code `⌊0.5 + m·clamp(x, -1, 1)⌋` (`m = 2^(bits-1) - 1`) as the low `bits`
/// bits. tessera-format's D3D rule rounds a tie away from zero, WGSL's floor rounds it up; a
/// tie needs `m·x` to be a half-integer, and since `m` (127, 32767) is odd the only `f32` in
/// `[-1, 1]` giving a negative one is `x = -0.5` (`-63.5` / `-16383.5`): WGSL's code there is
/// one more. NaN gives 0 (D3D's rule; WGSL leaves NaN inputs indeterminate).
fn snorm(x: f32, bits: u32) -> u32 {
    let v = f32_to_snorm(x, bits);
    let v = if x == -0.5 { v + 1 } else { v };
    v.cast_unsigned() & ((1u32 << bits) - 1)
}

/// Packs `c` (the components' bits) into one `u32` by `kind`.
pub fn pack(kind: Pack, c: [u32; 4]) -> u32 {
    let f = f32::from_bits;
    let field = |i: usize, bits: u32, v: u32| v << (bits * i as u32);
    let mut out = 0;
    for (i, &x) in c.iter().enumerate().take(kind.components()) {
        out |= match kind {
            Pack::Snorm4x8 => field(i, 8, snorm(f(x), 8)),
            Pack::Unorm4x8 => field(i, 8, f32_to_unorm(f(x), 8)),
            Pack::Snorm2x16 => field(i, 16, snorm(f(x), 16)),
            Pack::Unorm2x16 => field(i, 16, f32_to_unorm(f(x), 16)),
            Pack::Float2x16 => field(i, 16, u32::from(f32_to_f16(f(x)))),
            Pack::I8x4 | Pack::U8x4 => field(i, 8, x & 0xff),
            Pack::I8x4Clamp => field(
                i,
                8,
                x.cast_signed().clamp(-128, 127).cast_unsigned() & 0xff,
            ),
            Pack::U8x4Clamp => field(i, 8, x.min(255)),
        };
    }
    out
}

/// Unpacks one `u32` into its components' bits by `kind` (unused components 0).
pub fn unpack(kind: Pack, v: u32) -> [u32; 4] {
    let mut out = [0; 4];
    let byte = |i: usize| (v >> (8 * i)) & 0xff;
    let half = |i: usize| (v >> (16 * i)) & 0xffff;
    for (i, o) in out.iter_mut().enumerate().take(kind.components()) {
        *o = match kind {
            Pack::Snorm4x8 => snorm_to_f32(sign_extend(byte(i), 8), 8).to_bits(),
            Pack::Unorm4x8 => unorm_to_f32(byte(i), 8).to_bits(),
            Pack::Snorm2x16 => snorm_to_f32(sign_extend(half(i), 16), 16).to_bits(),
            Pack::Unorm2x16 => unorm_to_f32(half(i), 16).to_bits(),
            // `half` is below 2^16 by construction.
            Pack::Float2x16 => f16_to_f32(u16::try_from(half(i)).unwrap_or(0)).to_bits(),
            Pack::I8x4 | Pack::I8x4Clamp => sign_extend(byte(i), 8).cast_unsigned(),
            Pack::U8x4 | Pack::U8x4Clamp => byte(i),
        };
    }
    out
}

/// `dot4I8Packed` (`signed`) or `dot4U8Packed`: the sum of the four byte products (at most
/// `4·128²` or `4·255²`: never wraps).
pub fn dot4(a: u32, b: u32, signed: bool) -> u32 {
    let mut acc = 0u32;
    for i in 0..4 {
        let (x, y) = ((a >> (8 * i)) & 0xff, (b >> (8 * i)) & 0xff);
        let p = if signed {
            (sign_extend(x, 8) * sign_extend(y, 8)).cast_unsigned()
        } else {
            x * y
        };
        acc = acc.wrapping_add(p);
    }
    acc
}

/// WGSL's `o = min(offset, 32)`, `c = min(count, 32 - o)`.
fn field(offset: u32, count: u32) -> (u32, u32) {
    let o = offset.min(32);
    (o, count.min(32 - o))
}

/// WGSL `extractBits` of one lane.
pub fn extract_bits(e: u32, offset: u32, count: u32, signed: bool) -> u32 {
    let (o, c) = field(offset, count);
    if c == 0 {
        return 0;
    }
    // c >= 1 implies o <= 31; both shifts are below 32.
    let up = (e >> o) << (32 - c);
    if signed {
        (up.cast_signed() >> (32 - c)).cast_unsigned()
    } else {
        up >> (32 - c)
    }
}

/// WGSL `insertBits` of one lane.
pub fn insert_bits(e: u32, newbits: u32, offset: u32, count: u32) -> u32 {
    let (o, c) = field(offset, count);
    if c == 0 {
        return e;
    }
    let mask = (u32::MAX >> (32 - c)) << o;
    (e & !mask) | ((newbits << o) & mask)
}

/// `f(a_l, b_l, c_l)` per lane.
pub fn map3(a: &Lanes, b: &Lanes, c: &Lanes, f: impl Fn(u32, u32, u32) -> u32) -> Lanes {
    std::array::from_fn(|l| f(a[l], b[l], c[l]))
}
