//! Little-endian bit-field access inside one element (at most 16 bytes).

/// Reads `w` (<= 32) bits at bit offset `off` of a little-endian element. Precondition: bytes cover the field.
#[inline]
pub(crate) fn read_bits(t: &[u8], off: u32, w: u32) -> u32 {
    debug_assert!((1..=32).contains(&w) && (off + w).div_ceil(8) as usize <= t.len());
    let first = (off / 8) as usize;
    let last = ((off + w - 1) / 8) as usize;
    let mut v: u64 = 0;
    for (k, &b) in t[first..=last].iter().enumerate() {
        v |= (b as u64) << (8 * k);
    }
    ((v >> (off % 8)) & ((1u64 << w) - 1)) as u32
}

/// Writes the low `w` (<= 32) bits of `val` at bit offset `off`, leaving other bits untouched.
#[inline]
pub(crate) fn write_bits(t: &mut [u8], off: u32, w: u32, val: u32) {
    debug_assert!((1..=32).contains(&w) && (off + w).div_ceil(8) as usize <= t.len());
    let first = (off / 8) as usize;
    let last = ((off + w - 1) / 8) as usize;
    let shift = off % 8;
    let mask = ((1u64 << w) - 1) << shift;
    let val = ((val as u64) << shift) & mask;
    for (k, b) in t[first..=last].iter_mut().enumerate() {
        let m = (mask >> (8 * k)) as u8;
        *b = (*b & !m) | ((val >> (8 * k)) as u8 & m);
    }
}
