//! [`f32x8`]: eight `f32` lanes.

use crate::{binop, i32x8, lanes};

/// Eight `f32` lanes, 32-byte aligned, with `wide` 0.7's `f32x8` methods and its baseline
/// x86-64 results (crate docs); element-wise so LLVM picks the vector width of the caller.
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C, align(32))]
pub struct f32x8(FloatStore);

/// The storage of [`f32x8`]: an LLVM `<8 x float>` on x86-64 (crate docs).
#[cfg(target_arch = "x86_64")]
type FloatStore = core::arch::x86_64::__m256;
/// The storage of [`f32x8`] where there is no 256-bit vector type to name.
#[cfg(not(target_arch = "x86_64"))]
type FloatStore = [f32; 8];

impl core::fmt::Debug for f32x8 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("f32x8").field(&self.to_array()).finish()
    }
}

impl Default for f32x8 {
    #[inline(always)]
    fn default() -> Self {
        Self::splat(0.0)
    }
}

impl PartialEq for f32x8 {
    /// Whether every lane pair is equal as floats (NaN ≠ NaN).
    fn eq(&self, other: &Self) -> bool {
        self.to_array() == other.to_array()
    }
}

/// All-ones (`true`) or all-zeros (`false`) lane of a comparison mask.
#[inline(always)]
fn mask(c: bool) -> f32 {
    f32::from_bits(if c { u32::MAX } else { 0 })
}

impl f32x8 {
    /// Every lane `v`.
    #[inline(always)]
    #[must_use]
    pub fn splat(v: f32) -> Self {
        Self::new([v; 8])
    }

    /// The lanes `v`.
    #[inline(always)]
    #[must_use]
    pub fn new(v: [f32; 8]) -> Self {
        Self(bytemuck::cast(v))
    }

    /// The lanes as an array.
    #[inline(always)]
    #[must_use]
    pub fn to_array(self) -> [f32; 8] {
        bytemuck::cast(self.0)
    }

    /// The lanes as an array reference.
    #[inline(always)]
    #[must_use]
    pub fn as_array_ref(&self) -> &[f32; 8] {
        bytemuck::cast_ref(&self.0)
    }

    /// The lanes as a mutable array reference.
    #[inline(always)]
    pub fn as_array_mut(&mut self) -> &mut [f32; 8] {
        bytemuck::cast_mut(&mut self.0)
    }

    /// The same lanes as `wide`'s type (a bit copy: same size, alignment and lane order).
    #[inline(always)]
    #[must_use]
    pub fn to_wide(self) -> wide::f32x8 {
        bytemuck::cast(self)
    }

    /// `maxps`: `self > rhs ? self : rhs` per lane (`rhs` when either is NaN or both are zero).
    #[inline(always)]
    #[must_use]
    pub fn fast_max(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| if a[k] > b[k] { a[k] } else { b[k] }))
    }

    /// `minps`: `self < rhs ? self : rhs` per lane (`rhs` when either is NaN or both are zero).
    #[inline(always)]
    #[must_use]
    pub fn fast_min(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| if a[k] < b[k] { a[k] } else { b[k] }))
    }

    /// `wide`'s NaN-aware maximum: `self` where `rhs` is NaN, else [`Self::fast_max`].
    #[inline(always)]
    #[must_use]
    pub fn max(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| if b[k].is_nan() || a[k] > b[k] {
            a[k]
        } else {
            b[k]
        }))
    }

    /// `wide`'s NaN-aware minimum: `self` where `rhs` is NaN, else [`Self::fast_min`].
    #[inline(always)]
    #[must_use]
    pub fn min(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| if b[k].is_nan() || a[k] < b[k] {
            a[k]
        } else {
            b[k]
        }))
    }

    /// The sign bit cleared (NaN payloads kept).
    #[inline(always)]
    #[must_use]
    pub fn abs(self) -> Self {
        let a = self.to_array();
        Self::new(lanes!(|k| f32::from_bits(a[k].to_bits() & 0x7fff_ffff)))
    }

    /// Rounded towards −∞ (exact; `libm`'s `floorf`, not the platform's).
    #[inline(always)]
    #[must_use]
    pub fn floor(self) -> Self {
        let a = self.to_array();
        Self::new(lanes!(|k| libm_floor(a[k])))
    }

    /// The square root, correctly rounded (`sqrtps`).
    #[inline(always)]
    #[must_use]
    pub fn sqrt(self) -> Self {
        let a = self.to_array();
        Self::new(lanes!(|k| a[k].sqrt()))
    }

    /// Mask of the NaN lanes.
    #[inline(always)]
    #[must_use]
    pub fn is_nan(self) -> Self {
        let a = self.to_array();
        Self::new(lanes!(|k| mask(a[k].is_nan())))
    }

    /// Mask of `self == rhs` (ordered: false for NaN).
    #[inline(always)]
    #[must_use]
    pub fn cmp_eq(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| mask(a[k] == b[k])))
    }

    /// Mask of `self != rhs` (unordered: true for NaN).
    #[inline(always)]
    #[must_use]
    pub fn cmp_ne(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| mask(a[k] != b[k])))
    }

    /// Mask of `self > rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_gt(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| mask(a[k] > b[k])))
    }

    /// Mask of `self >= rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_ge(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| mask(a[k] >= b[k])))
    }

    /// Mask of `self < rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_lt(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| mask(a[k] < b[k])))
    }

    /// Mask of `self <= rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_le(self, rhs: Self) -> Self {
        let (a, b) = (self.to_array(), rhs.to_array());
        Self::new(lanes!(|k| mask(a[k] <= b[k])))
    }

    /// Bitwise select with `self` as the mask: `t`'s bits where set, `f`'s where clear.
    #[inline(always)]
    #[must_use]
    pub fn blend(self, t: Self, f: Self) -> Self {
        let (m, t, f) = (self.to_array(), t.to_array(), f.to_array());
        Self::new(lanes!(|k| {
            let m = m[k].to_bits();
            f32::from_bits((m & t[k].to_bits()) | (!m & f[k].to_bits()))
        }))
    }

    /// Bit `k` = the sign bit of lane `k` (`movmskps` on each half, through `wide`: LLVM
    /// does not form it from element-wise code).
    #[inline(always)]
    #[must_use]
    pub fn move_mask(self) -> i32 {
        self.to_wide().move_mask()
    }

    /// Whether any lane's sign bit is set.
    #[inline(always)]
    #[must_use]
    pub fn any(self) -> bool {
        self.move_mask() != 0
    }

    /// Whether every lane's sign bit is set.
    #[inline(always)]
    #[must_use]
    pub fn all(self) -> bool {
        self.move_mask() == 0xff
    }

    /// `cvttps2dq`: truncated towards zero, `i32::MIN` for NaN and out-of-range lanes (through
    /// `wide`: LLVM does not form it from element-wise code).
    #[inline(always)]
    #[must_use]
    pub fn fast_trunc_int(self) -> i32x8 {
        bytemuck::cast(self.to_wide().fast_trunc_int())
    }

    /// Each lane of `v` converted, rounded to nearest even (`cvtdq2ps`).
    #[inline(always)]
    #[must_use]
    pub fn from_i32x8(v: i32x8) -> Self {
        v.round_float()
    }
}

/// `floorf` on one lane (exact), without the platform libm (determinism rule).
#[inline(always)]
fn libm_floor(x: f32) -> f32 {
    // |x| ≥ 2^23 (or NaN / ∞) is already integral; otherwise truncate and step down.
    if x.abs() >= 8_388_608.0 || x.is_nan() {
        return x;
    }
    let t = x as i32 as f32;
    let t = if t > x { t - 1.0 } else { t };
    // Keep the sign of a zero result of a negative input (−0.5 → −1 handled above; −0 → −0).
    if t == 0.0 {
        f32::from_bits(x.to_bits() & 0x8000_0000)
    } else {
        t
    }
}

impl From<[f32; 8]> for f32x8 {
    #[inline(always)]
    fn from(v: [f32; 8]) -> Self {
        Self::new(v)
    }
}

impl From<f32x8> for [f32; 8] {
    #[inline(always)]
    fn from(v: f32x8) -> Self {
        v.to_array()
    }
}

impl From<wide::f32x8> for f32x8 {
    #[inline(always)]
    fn from(v: wide::f32x8) -> Self {
        bytemuck::cast(v)
    }
}

impl From<f32x8> for wide::f32x8 {
    #[inline(always)]
    fn from(v: f32x8) -> Self {
        bytemuck::cast(v)
    }
}

binop!(f32x8, Add, add, AddAssign, add_assign, |a, b| a + b);
binop!(f32x8, Sub, sub, SubAssign, sub_assign, |a, b| a - b);
binop!(f32x8, Mul, mul, MulAssign, mul_assign, |a, b| a * b);
binop!(f32x8, Div, div, DivAssign, div_assign, |a, b| a / b);
binop!(
    f32x8,
    BitAnd,
    bitand,
    BitAndAssign,
    bitand_assign,
    |a, b| f32::from_bits(a.to_bits() & b.to_bits())
);
binop!(f32x8, BitOr, bitor, BitOrAssign, bitor_assign, |a, b| {
    f32::from_bits(a.to_bits() | b.to_bits())
});
binop!(
    f32x8,
    BitXor,
    bitxor,
    BitXorAssign,
    bitxor_assign,
    |a, b| f32::from_bits(a.to_bits() ^ b.to_bits())
);

impl core::ops::Neg for f32x8 {
    type Output = Self;
    /// `0 - x`, as `wide` computes it (so `-(+0.0)` is `+0.0`).
    #[inline(always)]
    fn neg(self) -> Self {
        Self::splat(0.0) - self
    }
}

impl core::ops::Not for f32x8 {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        let a = self.to_array();
        Self::new(lanes!(|k| f32::from_bits(!a[k].to_bits())))
    }
}
