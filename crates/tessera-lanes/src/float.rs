//! [`f32x8`]: eight `f32` lanes.

use crate::{binop, i32x8};
use wide::{CmpEq, CmpGe, CmpGt, CmpLe, CmpLt, CmpNe};

/// Eight `f32` lanes, 32-byte aligned, with `wide` 0.7's `f32x8` methods and its baseline
/// x86-64 results (crate docs); one 256-bit vector, operated on as two `wide::f32x4` halves.
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

impl f32x8 {
    /// The two 4-lane halves as `wide`'s types (a bit copy).
    #[inline(always)]
    fn halves(self) -> [wide::f32x4; 2] {
        bytemuck::cast(self.0)
    }

    /// The lanes of two 4-lane halves (a bit copy).
    #[inline(always)]
    fn of_halves(h: [wide::f32x4; 2]) -> Self {
        Self(bytemuck::cast(h))
    }

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
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].fast_max(b[0]), a[1].fast_max(b[1])])
    }

    /// `minps`: `self < rhs ? self : rhs` per lane (`rhs` when either is NaN or both are zero).
    #[inline(always)]
    #[must_use]
    pub fn fast_min(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].fast_min(b[0]), a[1].fast_min(b[1])])
    }

    /// `wide`'s NaN-aware maximum: `self` where `rhs` is NaN, else [`Self::fast_max`].
    #[inline(always)]
    #[must_use]
    pub fn max(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].max(b[0]), a[1].max(b[1])])
    }

    /// `wide`'s NaN-aware minimum: `self` where `rhs` is NaN, else [`Self::fast_min`].
    #[inline(always)]
    #[must_use]
    pub fn min(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].min(b[0]), a[1].min(b[1])])
    }

    /// The sign bit cleared (NaN payloads kept).
    #[inline(always)]
    #[must_use]
    pub fn abs(self) -> Self {
        let a = self.halves();
        Self::of_halves([a[0].abs(), a[1].abs()])
    }

    /// Rounded towards −∞ (exact; `wide`'s per-half floor).
    #[inline(always)]
    #[must_use]
    pub fn floor(self) -> Self {
        let a = self.halves();
        Self::of_halves([a[0].floor(), a[1].floor()])
    }

    /// The square root, correctly rounded (`sqrtps`).
    #[inline(always)]
    #[must_use]
    pub fn sqrt(self) -> Self {
        let a = self.halves();
        Self::of_halves([a[0].sqrt(), a[1].sqrt()])
    }

    /// Mask of the NaN lanes.
    #[inline(always)]
    #[must_use]
    pub fn is_nan(self) -> Self {
        let a = self.halves();
        Self::of_halves([a[0].is_nan(), a[1].is_nan()])
    }

    /// Mask of `self == rhs` (ordered: false for NaN).
    #[inline(always)]
    #[must_use]
    pub fn cmp_eq(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].cmp_eq(b[0]), a[1].cmp_eq(b[1])])
    }

    /// Mask of `self != rhs` (unordered: true for NaN).
    #[inline(always)]
    #[must_use]
    pub fn cmp_ne(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].cmp_ne(b[0]), a[1].cmp_ne(b[1])])
    }

    /// Mask of `self > rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_gt(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].cmp_gt(b[0]), a[1].cmp_gt(b[1])])
    }

    /// Mask of `self >= rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_ge(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].cmp_ge(b[0]), a[1].cmp_ge(b[1])])
    }

    /// Mask of `self < rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_lt(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].cmp_lt(b[0]), a[1].cmp_lt(b[1])])
    }

    /// Mask of `self <= rhs` (ordered).
    #[inline(always)]
    #[must_use]
    pub fn cmp_le(self, rhs: Self) -> Self {
        let (a, b) = (self.halves(), rhs.halves());
        Self::of_halves([a[0].cmp_le(b[0]), a[1].cmp_le(b[1])])
    }

    /// Bitwise select with `self` as the mask: `t`'s bits where set, `f`'s where clear.
    #[inline(always)]
    #[must_use]
    pub fn blend(self, t: Self, f: Self) -> Self {
        let (m, t, f) = (self.halves(), t.halves(), f.halves());
        Self::of_halves([m[0].blend(t[0], f[0]), m[1].blend(t[1], f[1])])
    }

    /// Bit `k` = the sign bit of lane `k` (`movmskps` on each half, through `wide`: LLVM
    /// does not form it from element-wise code).
    #[inline(always)]
    #[must_use]
    pub fn move_mask(self) -> i32 {
        let a = self.halves();
        a[0].move_mask() | (a[1].move_mask() << 4)
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
        let a = self.halves();
        bytemuck::cast([a[0].fast_trunc_int(), a[1].fast_trunc_int()])
    }

    /// Each lane of `v` converted, rounded to nearest even (`cvtdq2ps`).
    #[inline(always)]
    #[must_use]
    pub fn from_i32x8(v: i32x8) -> Self {
        v.round_float()
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

binop!(f32x8, Add, add, AddAssign, add_assign);
binop!(f32x8, Sub, sub, SubAssign, sub_assign);
binop!(f32x8, Mul, mul, MulAssign, mul_assign);
binop!(f32x8, Div, div, DivAssign, div_assign);
binop!(f32x8, BitAnd, bitand, BitAndAssign, bitand_assign);
binop!(f32x8, BitOr, bitor, BitOrAssign, bitor_assign);
binop!(f32x8, BitXor, bitxor, BitXorAssign, bitxor_assign);

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
        let a = self.halves();
        Self::of_halves([!a[0], !a[1]])
    }
}
