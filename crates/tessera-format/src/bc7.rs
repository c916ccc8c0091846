//! BC7 block decode (D3D11.3 §19.5.7 "BC7 format"): 8 modes, 1-3 subsets, p-bits, rotation,
//! index selection. Integer-only (endpoints expanded to 8 bits, `((64-w)·e0 + w·e1 + 32) >> 6`),
//! so exact and deterministic. Reserved mode (first byte 0) decodes to (0,0,0,0).

use crate::bc7_tables::{ANCHOR2, ANCHOR3_2, ANCHOR3_3, PART2, PART3};

/// Per-mode layout: (subsets, partition bits, rotation bits, index-select bits, colour bits,
/// alpha bits, per-endpoint p-bits, shared p-bits, index bits, secondary index bits).
const MODES: [[u32; 10]; 8] = [
    [3, 4, 0, 0, 4, 0, 1, 0, 3, 0],
    [2, 6, 0, 0, 6, 0, 0, 1, 3, 0],
    [3, 6, 0, 0, 5, 0, 0, 0, 2, 0],
    [2, 6, 0, 0, 7, 0, 1, 0, 2, 0],
    [1, 0, 2, 1, 5, 6, 0, 0, 2, 3],
    [1, 0, 2, 0, 7, 8, 0, 0, 2, 2],
    [1, 0, 0, 0, 7, 7, 1, 0, 4, 0],
    [2, 6, 0, 0, 5, 5, 1, 0, 2, 0],
];

/// Interpolation weights for 2-, 3- and 4-bit indices (D3D11.3 BC7 tables).
pub(crate) const W2: [u32; 4] = [0, 21, 43, 64];
pub(crate) const W3: [u32; 8] = [0, 9, 18, 27, 37, 46, 55, 64];
pub(crate) const W4: [u32; 16] = [0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64];

/// Weight for an index of `bits` bits.
#[inline]
pub(crate) fn weight(bits: u32, i: u32) -> u32 {
    match bits {
        2 => W2[i as usize & 3],
        3 => W3[i as usize & 7],
        _ => W4[i as usize & 15],
    }
}

/// LSB-first bit reader over a 16-byte block.
pub(crate) struct Bits {
    v: u128,
    pos: u32,
}

impl Bits {
    /// Starts reading at bit 0 of the block.
    pub(crate) fn new(b: &[u8; 16]) -> Self {
        Bits {
            v: u128::from_le_bytes(*b),
            pos: 0,
        }
    }
    /// Reads `n` (<= 32) bits; bits past the end read as 0.
    pub(crate) fn read(&mut self, n: u32) -> u32 {
        if n == 0 || self.pos >= 128 {
            self.pos += n;
            return 0;
        }
        let r = ((self.v >> self.pos) & ((1u128 << n) - 1)) as u32;
        self.pos += n;
        r
    }
}

/// Subset of texel `i` for `subsets` subsets and partition `p`.
pub(crate) fn subset(subsets: u32, p: usize, i: usize) -> usize {
    match subsets {
        2 => ((PART2[p] >> i) & 1) as usize,
        3 => ((PART3[p] >> (2 * i)) & 3) as usize,
        _ => 0,
    }
}

/// True if texel `i` is an anchor (its index is stored with one bit less).
pub(crate) fn is_anchor(subsets: u32, p: usize, i: usize) -> bool {
    i == 0
        || match subsets {
            2 => i == ANCHOR2[p] as usize,
            3 => i == ANCHOR3_2[p] as usize || i == ANCHOR3_3[p] as usize,
            _ => false,
        }
}

/// Decodes one BC7 block to 8-bit RGBA texels, row-major.
pub(crate) fn decode(block: &[u8; 16]) -> [[u8; 4]; 16] {
    let mode = block[0].trailing_zeros();
    if mode >= 8 {
        return [[0; 4]; 16];
    }
    let [ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2] = MODES[mode as usize];
    let mut r = Bits::new(block);
    r.read(mode + 1);
    let p = r.read(pb) as usize;
    let rot = r.read(rb);
    let sel = r.read(isb);
    let ne = (ns * 2) as usize;
    // ep[endpoint][channel] raw values.
    let mut ep = [[0u32; 4]; 6];
    for c in 0..4 {
        let bits = if c < 3 { cb } else { ab };
        for e in ep.iter_mut().take(ne) {
            e[c] = r.read(bits);
        }
    }
    let mut pbits = [0u32; 6];
    if epb != 0 {
        for pbit in pbits.iter_mut().take(ne) {
            *pbit = r.read(1);
        }
    } else if spb != 0 {
        for s in 0..ns as usize {
            let v = r.read(1);
            pbits[2 * s] = v;
            pbits[2 * s + 1] = v;
        }
    }
    let has_p = (epb | spb) != 0;
    for (e, pbit) in ep.iter_mut().zip(pbits).take(ne) {
        for (c, v) in e.iter_mut().enumerate() {
            let mut n = if c < 3 { cb } else { ab };
            if n == 0 {
                *v = 255;
                continue;
            }
            if has_p {
                *v = (*v << 1) | pbit;
                n += 1;
            }
            *v = (*v << (8 - n)) | (*v >> (2 * n - 8));
        }
    }
    let mut idx = [0u32; 16];
    for (i, x) in idx.iter_mut().enumerate() {
        *x = r.read(ib - is_anchor(ns, p, i) as u32);
    }
    let mut idx2 = [0u32; 16];
    if ib2 != 0 {
        for (i, x) in idx2.iter_mut().enumerate() {
            *x = r.read(ib2 - (i == 0) as u32);
        }
    }
    core::array::from_fn(|i| {
        let s = subset(ns, p, i);
        let (e0, e1) = (ep[2 * s], ep[2 * s + 1]);
        let (cw, aw) = if ib2 == 0 {
            let w = weight(ib, idx[i]);
            (w, w)
        } else if sel == 0 {
            (weight(ib, idx[i]), weight(ib2, idx2[i]))
        } else {
            (weight(ib2, idx2[i]), weight(ib, idx[i]))
        };
        let lerp = |c: usize, w: u32| (((64 - w) * e0[c] + w * e1[c] + 32) >> 6) as u8;
        let mut px = [lerp(0, cw), lerp(1, cw), lerp(2, cw), lerp(3, aw)];
        match rot {
            1 => px.swap(0, 3),
            2 => px.swap(1, 3),
            3 => px.swap(2, 3),
            _ => {}
        }
        px
    })
}
