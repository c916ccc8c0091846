//! BC6H block decode (D3D11.3 §19.5.6 "BC6H format"): 14 modes, 1-2 regions, delta-transformed
//! endpoints, integer unquantize/interpolate/finish-unquantize to half floats, returned as f32.
//! Integer-only, so exact and deterministic. Reserved modes decode to (0,0,0,1).

use crate::bc7::{Bits, is_anchor, subset, weight};
use crate::convert::{f16_to_f32, sign_extend};

// Header fields: endpoints w,x (region 0), y,z (region 1) per channel, and D (partition).
const RW: u8 = 0;
const GW: u8 = 1;
const BW: u8 = 2;
const RX: u8 = 3;
const GX: u8 = 4;
const BX: u8 = 5;
const RY: u8 = 6;
const GY: u8 = 7;
const BY: u8 = 8;
const RZ: u8 = 9;
const GZ: u8 = 10;
const BZ: u8 = 11;
const D: u8 = 12;

/// A header segment: (field, first bit in field, bit count, stored bit-reversed).
type Seg = (u8, u8, u8, bool);

const fn s(f: u8, shift: u8, n: u8) -> Seg {
    (f, shift, n, false)
}
const fn r(f: u8, shift: u8, n: u8) -> Seg {
    (f, shift, n, true)
}

/// One mode: (mode bits value, endpoint bits, delta bits RGB, transformed, two regions, layout).
type Mode = (u32, u32, [u32; 3], bool, bool, &'static [Seg]);

/// The 14 BC6H modes.
#[rustfmt::skip]
const MODES: [Mode; 14] = [
    (0x00, 10, [5, 5, 5], true, true, &[s(GY, 4, 1), s(BY, 4, 1), s(BZ, 4, 1), s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 5), s(GZ, 4, 1), s(GY, 0, 4), s(GX, 0, 5), s(BZ, 0, 1), s(GZ, 0, 4), s(BX, 0, 5), s(BZ, 1, 1), s(BY, 0, 4), s(RY, 0, 5), s(BZ, 2, 1), s(RZ, 0, 5), s(BZ, 3, 1), s(D, 0, 5)]),
    (0x01, 7, [6, 6, 6], true, true, &[s(GY, 5, 1), s(GZ, 4, 1), s(GZ, 5, 1), s(RW, 0, 7), s(BZ, 0, 1), s(BZ, 1, 1), s(BY, 4, 1), s(GW, 0, 7), s(BY, 5, 1), s(BZ, 2, 1), s(GY, 4, 1), s(BW, 0, 7), s(BZ, 3, 1), s(BZ, 5, 1), s(BZ, 4, 1), s(RX, 0, 6), s(GY, 0, 4), s(GX, 0, 6), s(GZ, 0, 4), s(BX, 0, 6), s(BY, 0, 4), s(RY, 0, 6), s(RZ, 0, 6), s(D, 0, 5)]),
    (0x02, 11, [5, 4, 4], true, true, &[s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 5), s(RW, 10, 1), s(GY, 0, 4), s(GX, 0, 4), s(GW, 10, 1), s(BZ, 0, 1), s(GZ, 0, 4), s(BX, 0, 4), s(BW, 10, 1), s(BZ, 1, 1), s(BY, 0, 4), s(RY, 0, 5), s(BZ, 2, 1), s(RZ, 0, 5), s(BZ, 3, 1), s(D, 0, 5)]),
    (0x06, 11, [4, 5, 4], true, true, &[s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 4), s(RW, 10, 1), s(GZ, 4, 1), s(GY, 0, 4), s(GX, 0, 5), s(GW, 10, 1), s(GZ, 0, 4), s(BX, 0, 4), s(BW, 10, 1), s(BZ, 1, 1), s(BY, 0, 4), s(RY, 0, 4), s(BZ, 0, 1), s(BZ, 2, 1), s(RZ, 0, 4), s(GY, 4, 1), s(BZ, 3, 1), s(D, 0, 5)]),
    (0x0A, 11, [4, 4, 5], true, true, &[s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 4), s(RW, 10, 1), s(BY, 4, 1), s(GY, 0, 4), s(GX, 0, 4), s(GW, 10, 1), s(BZ, 0, 1), s(GZ, 0, 4), s(BX, 0, 5), s(BW, 10, 1), s(BY, 0, 4), s(RY, 0, 4), s(BZ, 1, 1), s(BZ, 2, 1), s(RZ, 0, 4), s(BZ, 4, 1), s(BZ, 3, 1), s(D, 0, 5)]),
    (0x0E, 9, [5, 5, 5], true, true, &[s(RW, 0, 9), s(BY, 4, 1), s(GW, 0, 9), s(GY, 4, 1), s(BW, 0, 9), s(BZ, 4, 1), s(RX, 0, 5), s(GZ, 4, 1), s(GY, 0, 4), s(GX, 0, 5), s(BZ, 0, 1), s(GZ, 0, 4), s(BX, 0, 5), s(BZ, 1, 1), s(BY, 0, 4), s(RY, 0, 5), s(BZ, 2, 1), s(RZ, 0, 5), s(BZ, 3, 1), s(D, 0, 5)]),
    (0x12, 8, [6, 5, 5], true, true, &[s(RW, 0, 8), s(GZ, 4, 1), s(BY, 4, 1), s(GW, 0, 8), s(BZ, 2, 1), s(GY, 4, 1), s(BW, 0, 8), s(BZ, 3, 1), s(BZ, 4, 1), s(RX, 0, 6), s(GY, 0, 4), s(GX, 0, 5), s(BZ, 0, 1), s(GZ, 0, 4), s(BX, 0, 5), s(BZ, 1, 1), s(BY, 0, 4), s(RY, 0, 6), s(RZ, 0, 6), s(D, 0, 5)]),
    (0x16, 8, [5, 6, 5], true, true, &[s(RW, 0, 8), s(BZ, 0, 1), s(BY, 4, 1), s(GW, 0, 8), s(GY, 5, 1), s(GY, 4, 1), s(BW, 0, 8), s(GZ, 5, 1), s(BZ, 4, 1), s(RX, 0, 5), s(GZ, 4, 1), s(GY, 0, 4), s(GX, 0, 6), s(GZ, 0, 4), s(BX, 0, 5), s(BZ, 1, 1), s(BY, 0, 4), s(RY, 0, 5), s(BZ, 2, 1), s(RZ, 0, 5), s(BZ, 3, 1), s(D, 0, 5)]),
    (0x1A, 8, [5, 5, 6], true, true, &[s(RW, 0, 8), s(BZ, 1, 1), s(BY, 4, 1), s(GW, 0, 8), s(BY, 5, 1), s(GY, 4, 1), s(BW, 0, 8), s(BZ, 5, 1), s(BZ, 4, 1), s(RX, 0, 5), s(GZ, 4, 1), s(GY, 0, 4), s(GX, 0, 5), s(BZ, 0, 1), s(GZ, 0, 4), s(BX, 0, 6), s(BY, 0, 4), s(RY, 0, 5), s(BZ, 2, 1), s(RZ, 0, 5), s(BZ, 3, 1), s(D, 0, 5)]),
    (0x1E, 6, [6, 6, 6], false, true, &[s(RW, 0, 6), s(GZ, 4, 1), s(BZ, 0, 1), s(BZ, 1, 1), s(BY, 4, 1), s(GW, 0, 6), s(GY, 5, 1), s(BY, 5, 1), s(BZ, 2, 1), s(GY, 4, 1), s(BW, 0, 6), s(GZ, 5, 1), s(BZ, 3, 1), s(BZ, 5, 1), s(BZ, 4, 1), s(RX, 0, 6), s(GY, 0, 4), s(GX, 0, 6), s(GZ, 0, 4), s(BX, 0, 6), s(BY, 0, 4), s(RY, 0, 6), s(RZ, 0, 6), s(D, 0, 5)]),
    (0x03, 10, [10, 10, 10], false, false, &[s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 10), s(GX, 0, 10), s(BX, 0, 10)]),
    (0x07, 11, [9, 9, 9], true, false, &[s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 9), s(RW, 10, 1), s(GX, 0, 9), s(GW, 10, 1), s(BX, 0, 9), s(BW, 10, 1)]),
    (0x0B, 12, [8, 8, 8], true, false, &[s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 8), r(RW, 10, 2), s(GX, 0, 8), r(GW, 10, 2), s(BX, 0, 8), r(BW, 10, 2)]),
    (0x0F, 16, [4, 4, 4], true, false, &[s(RW, 0, 10), s(GW, 0, 10), s(BW, 0, 10), s(RX, 0, 4), r(RW, 10, 6), s(GX, 0, 4), r(GW, 10, 6), s(BX, 0, 4), r(BW, 10, 6)]),
];

/// Reverses the low `n` bits of `v`.
fn reverse(v: u32, n: u32) -> u32 {
    v.reverse_bits() >> (32 - n)
}

/// Unquantizes an endpoint of `bits` bits to the 16-bit (unsigned) / 15-bit+sign interpolation scale.
fn unquantize(v: i32, bits: u32, signed: bool) -> i32 {
    if !signed {
        if bits >= 15 || v == 0 {
            v
        } else if v == (1 << bits) - 1 {
            0xffff
        } else {
            ((v << 16) + 0x8000) >> bits
        }
    } else if bits >= 16 {
        v
    } else {
        let m = v.abs();
        let q = if m == 0 {
            0
        } else if m >= (1 << (bits - 1)) - 1 {
            0x7fff
        } else {
            ((m << 15) + 0x4000) >> (bits - 1)
        };
        if v < 0 { -q } else { q }
    }
}

/// Final scaling of an interpolated value to half-float bits.
fn finish(v: i32, signed: bool) -> u16 {
    if !signed {
        ((v * 31) >> 6) as u16
    } else if v < 0 {
        0x8000 | (((-v) * 31) >> 5) as u16
    } else {
        ((v * 31) >> 5) as u16
    }
}

/// Decodes one BC6H block (`signed` = SF16) to RGBA floats (alpha 1), row-major.
pub(crate) fn decode(block: &[u8; 16], signed: bool) -> [[f32; 4]; 16] {
    let mut rd = Bits::new(block);
    let mut mb = rd.read(2);
    if mb > 1 {
        mb |= rd.read(3) << 2;
    }
    let Some(&(_, eb, db, transformed, two, layout)) = MODES.iter().find(|m| m.0 == mb) else {
        return [[0.0, 0.0, 0.0, 1.0]; 16];
    };
    let mut f = [0u32; 13];
    for &(field, shift, n, rev) in layout {
        let v = rd.read(n as u32);
        let v = if rev { reverse(v, n as u32) } else { v };
        f[field as usize] |= v << shift;
    }
    let ne = if two { 4 } else { 2 };
    let mut ep = [[0i32; 3]; 4];
    for c in 0..3 {
        let raw = [f[c], f[3 + c], f[6 + c], f[9 + c]];
        let base = if signed {
            sign_extend(raw[0], eb)
        } else {
            raw[0] as i32
        };
        ep[0][c] = base;
        for e in 1..ne {
            let mut v = raw[e] as i32;
            if transformed {
                let d = sign_extend(raw[e], db[c]);
                v = (base.wrapping_add(d)) & ((1 << eb) - 1);
            }
            ep[e][c] = if signed { sign_extend(v as u32, eb) } else { v };
        }
        for e in ep.iter_mut().take(ne) {
            e[c] = unquantize(e[c], eb, signed);
        }
    }
    let p = f[D as usize] as usize & 31;
    let (ns, ib) = if two { (2, 3) } else { (1, 4) };
    let mut idx = [0u32; 16];
    for (i, x) in idx.iter_mut().enumerate() {
        *x = rd.read(ib - is_anchor(ns, p, i) as u32);
    }
    core::array::from_fn(|i| {
        let sub = subset(ns, p, i);
        let w = weight(ib, idx[i]) as i32;
        let (a, b) = (ep[2 * sub], ep[2 * sub + 1]);
        let ch = |c: usize| f16_to_f32(finish(((64 - w) * a[c] + w * b[c] + 32) >> 6, signed));
        [ch(0), ch(1), ch(2), 1.0]
    })
}
