//! [`i32x8`] and [`u32x8`]: eight 32-bit integer lanes (wrapping arithmetic).

use crate::{binop, f32x8};
use wide::{CmpEq, CmpGt, CmpLt};

/// The storage of the integer lane types: an LLVM `<4 x i64>` on x86-64 (crate docs).
#[cfg(target_arch = "x86_64")]
type IntStore = core::arch::x86_64::__m256i;
/// The storage of the integer lane types where there is no 256-bit vector type to name.
#[cfg(not(target_arch = "x86_64"))]
type IntStore = [u32; 8];

macro_rules! int_lanes {
    ($ty:ident, $elem:ty, $wide:ident, $half:ident, $doc:literal) => {
        #[doc = $doc]
        #[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
        #[repr(C, align(32))]
        pub struct $ty(IntStore);

        impl core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.debug_tuple(stringify!($ty))
                    .field(&self.to_array())
                    .finish()
            }
        }

        impl Default for $ty {
            #[inline(always)]
            fn default() -> Self {
                Self::splat(0)
            }
        }

        impl PartialEq for $ty {
            fn eq(&self, other: &Self) -> bool {
                self.to_array() == other.to_array()
            }
        }

        impl Eq for $ty {}

        impl $ty {
            /// The two 4-lane halves as `wide`'s types (a bit copy).
            #[inline(always)]
            fn halves(self) -> [wide::$half; 2] {
                bytemuck::cast(self.0)
            }

            /// The lanes of two 4-lane halves (a bit copy).
            #[inline(always)]
            fn of_halves(h: [wide::$half; 2]) -> Self {
                Self(bytemuck::cast(h))
            }

            /// Every lane `v`.
            #[inline(always)]
            #[must_use]
            pub fn splat(v: $elem) -> Self {
                Self::new([v; 8])
            }

            /// The lanes `v`.
            #[inline(always)]
            #[must_use]
            pub fn new(v: [$elem; 8]) -> Self {
                Self(bytemuck::cast(v))
            }

            /// The lanes as an array.
            #[inline(always)]
            #[must_use]
            pub fn to_array(self) -> [$elem; 8] {
                bytemuck::cast(self.0)
            }

            /// The lanes as an array reference.
            #[inline(always)]
            #[must_use]
            pub fn as_array_ref(&self) -> &[$elem; 8] {
                bytemuck::cast_ref(&self.0)
            }

            /// The lanes as a mutable array reference.
            #[inline(always)]
            pub fn as_array_mut(&mut self) -> &mut [$elem; 8] {
                bytemuck::cast_mut(&mut self.0)
            }

            /// The same lanes as `wide`'s type (a bit copy).
            #[inline(always)]
            #[must_use]
            pub fn to_wide(self) -> wide::$wide {
                bytemuck::cast(self)
            }

            /// Mask of `self == rhs`.
            #[inline(always)]
            #[must_use]
            pub fn cmp_eq(self, rhs: Self) -> Self {
                let (a, b) = (self.halves(), rhs.halves());
                Self::of_halves([a[0].cmp_eq(b[0]), a[1].cmp_eq(b[1])])
            }

            /// Mask of `self > rhs` (in the lane type's own order, signed or unsigned).
            #[inline(always)]
            #[must_use]
            pub fn cmp_gt(self, rhs: Self) -> Self {
                let (a, b) = (self.halves(), rhs.halves());
                Self::of_halves([a[0].cmp_gt(b[0]), a[1].cmp_gt(b[1])])
            }

            /// Mask of `self < rhs` (in the lane type's own order).
            #[inline(always)]
            #[must_use]
            pub fn cmp_lt(self, rhs: Self) -> Self {
                let (a, b) = (self.halves(), rhs.halves());
                Self::of_halves([a[0].cmp_lt(b[0]), a[1].cmp_lt(b[1])])
            }

            /// Bitwise select with `self` as the mask: `t`'s bits where set, `f`'s where clear.
            #[inline(always)]
            #[must_use]
            pub fn blend(self, t: Self, f: Self) -> Self {
                let (m, t, f) = (self.halves(), t.halves(), f.halves());
                Self::of_halves([m[0].blend(t[0], f[0]), m[1].blend(t[1], f[1])])
            }

            /// The larger of each lane pair.
            #[inline(always)]
            #[must_use]
            pub fn max(self, rhs: Self) -> Self {
                let (a, b) = (self.halves(), rhs.halves());
                Self::of_halves([a[0].max(b[0]), a[1].max(b[1])])
            }

            /// The smaller of each lane pair.
            #[inline(always)]
            #[must_use]
            pub fn min(self, rhs: Self) -> Self {
                let (a, b) = (self.halves(), rhs.halves());
                Self::of_halves([a[0].min(b[0]), a[1].min(b[1])])
            }

            /// Bit `k` = the top bit of lane `k` (`movmskps` per half, through `wide`).
            #[inline(always)]
            #[must_use]
            pub fn move_mask(self) -> i32 {
                let f: [wide::f32x4; 2] = bytemuck::cast(self);
                f[0].move_mask() | (f[1].move_mask() << 4)
            }

            /// Whether any lane's top bit is set.
            #[inline(always)]
            #[must_use]
            pub fn any(self) -> bool {
                self.move_mask() != 0
            }

            /// Whether every lane's top bit is set.
            #[inline(always)]
            #[must_use]
            pub fn all(self) -> bool {
                self.move_mask() == 0xff
            }
        }

        impl From<[$elem; 8]> for $ty {
            #[inline(always)]
            fn from(v: [$elem; 8]) -> Self {
                Self::new(v)
            }
        }

        impl From<$ty> for [$elem; 8] {
            #[inline(always)]
            fn from(v: $ty) -> Self {
                v.to_array()
            }
        }

        impl From<wide::$wide> for $ty {
            #[inline(always)]
            fn from(v: wide::$wide) -> Self {
                bytemuck::cast(v)
            }
        }

        impl From<$ty> for wide::$wide {
            #[inline(always)]
            fn from(v: $ty) -> Self {
                bytemuck::cast(v)
            }
        }

        binop!($ty, Add, add, AddAssign, add_assign);
        binop!($ty, Sub, sub, SubAssign, sub_assign);
        binop!($ty, Mul, mul, MulAssign, mul_assign);
        binop!($ty, BitAnd, bitand, BitAndAssign, bitand_assign);
        binop!($ty, BitOr, bitor, BitOrAssign, bitor_assign);
        binop!($ty, BitXor, bitxor, BitXorAssign, bitxor_assign);

        impl core::ops::Not for $ty {
            type Output = Self;
            #[inline(always)]
            fn not(self) -> Self {
                let a = self.halves();
                Self::of_halves([!a[0], !a[1]])
            }
        }

        impl core::ops::Shl<u32> for $ty {
            type Output = Self;
            /// Each lane shifted left by `n` (< 32).
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                let a = self.halves();
                Self::of_halves([a[0] << n, a[1] << n])
            }
        }

        impl core::ops::Shr<u32> for $ty {
            type Output = Self;
            /// Each lane shifted right by `n` (< 32): arithmetic for `i32x8`, logical for `u32x8`.
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                let a = self.halves();
                Self::of_halves([a[0] >> n, a[1] >> n])
            }
        }

        impl core::ops::Shl<i32> for $ty {
            type Output = Self;
            /// Each lane shifted left by `n` (0..32).
            #[inline(always)]
            fn shl(self, n: i32) -> Self {
                self << (n as u32)
            }
        }

        impl core::ops::Shr<i32> for $ty {
            type Output = Self;
            /// Each lane shifted right by `n` (0..32).
            #[inline(always)]
            fn shr(self, n: i32) -> Self {
                self >> (n as u32)
            }
        }
    };
}

int_lanes!(
    i32x8,
    i32,
    i32x8,
    i32x4,
    "Eight `i32` lanes, 32-byte aligned, with `wide` 0.7's `i32x8` methods."
);
int_lanes!(
    u32x8,
    u32,
    u32x8,
    u32x4,
    "Eight `u32` lanes, 32-byte aligned, with `wide` 0.7's `u32x8` methods."
);

impl i32x8 {
    /// Each lane converted to `f32`, rounded to nearest even (`cvtdq2ps`).
    #[inline(always)]
    #[must_use]
    pub fn round_float(self) -> f32x8 {
        let a = self.halves();
        bytemuck::cast([a[0].round_float(), a[1].round_float()])
    }

    /// The absolute value, wrapping (`i32::MIN` stays `i32::MIN`, as `pabsd`).
    #[inline(always)]
    #[must_use]
    pub fn abs(self) -> Self {
        let a = self.halves();
        Self::of_halves([a[0].abs(), a[1].abs()])
    }
}
