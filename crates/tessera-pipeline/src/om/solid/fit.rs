//! Fitting a byte table `f` by `trunc(fl(fl(d·b) + a))` ([`SolidAffine`]): with the slope `b`
//! known (1, 0 or the blend's `1 − α`), each byte `d` allows the offsets `[f(d) − fl(d·b),
//! f(d) + 1 − fl(d·b))`; an offset inside all of them (their middle) is then checked on every
//! byte with the kernel's own `f32` operations, eight bytes at a time. Where ties of the UNORM
//! encode leave no common offset, the run of bytes that has one is kept (module docs of
//! [`super`]).

use wide::{CmpEq, CmpGt, f32x8, i32x8};

use super::SolidAffine;

/// [`SolidAffine`] of all four tables (`words`, each byte already shifted to its place) with
/// the slopes `b`, if each table has an offset on some range of bytes.
pub(super) fn fit_all(words: &[[u32; 256]; 4], b: [f32; 4]) -> Option<SolidAffine> {
    let mut fit = SolidAffine {
        b,
        a: [0.0; 4],
        lo: [0; 4],
        hi: [255; 4],
    };
    for (j, table) in words.iter().enumerate() {
        let f: [u8; 256] = core::array::from_fn(|d| (table[d] >> (8 * j)) as u8);
        let bounds = Bounds::new(&f, b[j]);
        (fit.a[j], fit.lo[j], fit.hi[j]) = bounds.fit(&f, b[j], 0, 255).or_else(|| {
            // Alpha (memory byte 3 of RGBA8 and BGRA8) keeps the run up to 255, where opaque
            // destinations are; a colour channel the longer run.
            // The bounds are rounded to `f32`, so a run they allow may fail the check: then
            // shorter runs from the same end, down to the end byte alone.
            let (up, down) = (bounds.longest(true), bounds.longest(false));
            let top = j == 3 || 255 - down >= up;
            let len = if top { 255 - down } else { up };
            [len, len / 2, len.min(15), 0]
                .into_iter()
                .find_map(|n| match top {
                    true => bounds.fit(&f, b[j], 255 - n, 255),
                    false => bounds.fit(&f, b[j], 0, n),
                })
        })?;
    }
    Some(fit)
}

/// Each byte's allowed offsets, `[lo[d], hi[d])` (`f32`; an inexact bound can put the checked
/// offset off the middle, or outside a narrow common range, which the check then refuses).
struct Bounds {
    lo: [f32; 256],
    hi: [f32; 256],
}

impl Bounds {
    fn new(f: &[u8; 256], b: f32) -> Self {
        let (mut lo, mut hi) = ([0.0; 256], [0.0; 256]);
        for (r, (l, h)) in lo
            .chunks_exact_mut(8)
            .zip(hi.chunks_exact_mut(8))
            .enumerate()
        {
            let p = lanes(r) * f32x8::splat(b);
            let y = f32x8::from(core::array::from_fn::<f32, 8, _>(|k| {
                f32::from(f[8 * r + k])
            }));
            l.copy_from_slice(&(y - p).to_array());
            h.copy_from_slice(&(y + f32x8::ONE - p).to_array());
        }
        Self { lo, hi }
    }

    /// The last byte of the longest run from 0 upwards (`up`), or the first of the longest run
    /// from 255 downwards, whose bytes have a common offset.
    fn longest(&self, up: bool) -> u8 {
        let (mut lo, mut hi) = (f32::NEG_INFINITY, f32::INFINITY);
        let mut last = if up { 0 } else { 255 };
        for k in 0..=255u8 {
            let d = if up { k } else { 255 - k };
            let (l, h) = (lo.max(self.lo[d as usize]), hi.min(self.hi[d as usize]));
            if l >= h {
                break;
            }
            (lo, hi, last) = (l, h, d);
        }
        last
    }

    /// The middle of the common offsets of bytes `lo..=hi`, if it gives `f` on each of them.
    fn fit(&self, f: &[u8; 256], b: f32, lo: u8, hi: u8) -> Option<(f32, u8, u8)> {
        let range = lo as usize..=hi as usize;
        let min = self.lo[range.clone()]
            .iter()
            .fold(f32::NEG_INFINITY, |m, &x| m.max(x));
        let max = self.hi[range].iter().fold(f32::INFINITY, |m, &x| m.min(x));
        if min.partial_cmp(&max) != Some(core::cmp::Ordering::Less) {
            return None;
        }
        let a = ((f64::from(min) + f64::from(max)) / 2.0) as f32;
        let (bv, av) = (f32x8::splat(b), f32x8::splat(a));
        let (lo, hi) = (i32x8::splat(i32::from(lo)), i32x8::splat(i32::from(hi)));
        for r in 0..32 {
            let y = i32x8::from(core::array::from_fn::<i32, 8, _>(|k| {
                i32::from(f[8 * r + k])
            }));
            // The kernel's multiply, add and `cvttps2dq` (NaN and overflow give i32::MIN).
            let t = (lanes(r) * bv + av).fast_trunc_int();
            let d = i32x8::from(core::array::from_fn::<i32, 8, _>(|k| (8 * r + k) as i32));
            let outside = lo.cmp_gt(d) | d.cmp_gt(hi);
            if !(t.cmp_eq(y) | outside).all() {
                return None;
            }
        }
        Some((a, lo.to_array()[0] as u8, hi.to_array()[0] as u8))
    }
}

/// Bytes `8r..8r + 8` as floats.
fn lanes(r: usize) -> f32x8 {
    f32x8::from(core::array::from_fn::<f32, 8, _>(|k| (8 * r + k) as f32))
}

/// [`SolidAffine`]'s form for one byte, as the kernel computes it: `Some` where the truncation
/// is a byte (`v` in (−1, 256)), which is where `cvttps2dq` gives one. For the tests.
#[cfg(test)]
pub fn eval(d: u8, b: f32, a: f32) -> Option<u8> {
    let v = f32::from(d) * b + a;
    (v > -1.0 && v < 256.0).then_some(v as u8)
}
