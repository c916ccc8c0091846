//! [`i32x8`] and [`u32x8`]: eight 32-bit integer lanes (wrapping arithmetic).

use crate::{binop, f32x8, lanes};

/// The storage of the integer lane types: an LLVM `<4 x i64>` on x86-64 (crate docs).
#[cfg(target_arch = "x86_64")]
type IntStore = core::arch::x86_64::__m256i;
/// The storage of the integer lane types where there is no 256-bit vector type to name.
#[cfg(not(target_arch = "x86_64"))]
type IntStore = [u32; 8];

/// All-ones (`true`) or all-zeros (`false`) lane of a comparison mask.
#[inline(always)]
const fn mask(c: bool) -> u32 {
    if c { u32::MAX } else { 0 }
}

macro_rules! int_lanes {
    ($ty:ident, $elem:ty, $wide:ident, $doc:literal) => {
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
                let (a, b) = (self.to_array(), rhs.to_array());
                Self::new(lanes!(|k| mask(a[k] == b[k]) as $elem))
            }

            /// Mask of `self > rhs` (in the lane type's own order, signed or unsigned).
            #[inline(always)]
            #[must_use]
            pub fn cmp_gt(self, rhs: Self) -> Self {
                let (a, b) = (self.to_array(), rhs.to_array());
                Self::new(lanes!(|k| mask(a[k] > b[k]) as $elem))
            }

            /// Mask of `self < rhs` (in the lane type's own order).
            #[inline(always)]
            #[must_use]
            pub fn cmp_lt(self, rhs: Self) -> Self {
                let (a, b) = (self.to_array(), rhs.to_array());
                Self::new(lanes!(|k| mask(a[k] < b[k]) as $elem))
            }

            /// Bitwise select with `self` as the mask: `t`'s bits where set, `f`'s where clear.
            #[inline(always)]
            #[must_use]
            pub fn blend(self, t: Self, f: Self) -> Self {
                let (m, t, f) = (self.to_array(), t.to_array(), f.to_array());
                Self::new(lanes!(|k| (m[k] & t[k]) | (!m[k] & f[k])))
            }

            /// The larger of each lane pair.
            #[inline(always)]
            #[must_use]
            pub fn max(self, rhs: Self) -> Self {
                let (a, b) = (self.to_array(), rhs.to_array());
                Self::new(lanes!(|k| if a[k] > b[k] { a[k] } else { b[k] }))
            }

            /// The smaller of each lane pair.
            #[inline(always)]
            #[must_use]
            pub fn min(self, rhs: Self) -> Self {
                let (a, b) = (self.to_array(), rhs.to_array());
                Self::new(lanes!(|k| if a[k] < b[k] { a[k] } else { b[k] }))
            }

            /// Bit `k` = the top bit of lane `k` (`movmskps` per half, through `wide`).
            #[inline(always)]
            #[must_use]
            pub fn move_mask(self) -> i32 {
                let f: wide::f32x8 = bytemuck::cast(self);
                f.move_mask()
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

        binop!($ty, Add, add, AddAssign, add_assign, |a, b| a
            .wrapping_add(b));
        binop!($ty, Sub, sub, SubAssign, sub_assign, |a, b| a
            .wrapping_sub(b));
        binop!($ty, Mul, mul, MulAssign, mul_assign, |a, b| a
            .wrapping_mul(b));
        binop!($ty, BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a
            & b);
        binop!($ty, BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
        binop!($ty, BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a
            ^ b);

        impl core::ops::Not for $ty {
            type Output = Self;
            #[inline(always)]
            fn not(self) -> Self {
                let a = self.to_array();
                Self::new(lanes!(|k| !a[k]))
            }
        }

        impl core::ops::Shl<u32> for $ty {
            type Output = Self;
            /// Each lane shifted left by `n` (< 32).
            #[inline(always)]
            fn shl(self, n: u32) -> Self {
                let a = self.to_array();
                Self::new(lanes!(|k| a[k] << (n & 31)))
            }
        }

        impl core::ops::Shr<u32> for $ty {
            type Output = Self;
            /// Each lane shifted right by `n` (< 32): arithmetic for `i32x8`, logical for `u32x8`.
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                let a = self.to_array();
                Self::new(lanes!(|k| a[k] >> (n & 31)))
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
    "Eight `i32` lanes, 32-byte aligned, with `wide` 0.7's `i32x8` methods."
);
int_lanes!(
    u32x8,
    u32,
    u32x8,
    "Eight `u32` lanes, 32-byte aligned, with `wide` 0.7's `u32x8` methods."
);

impl i32x8 {
    /// Each lane converted to `f32`, rounded to nearest even (`cvtdq2ps`).
    #[inline(always)]
    #[must_use]
    pub fn round_float(self) -> f32x8 {
        let a = self.to_array();
        f32x8::new(lanes!(|k| a[k] as f32))
    }

    /// The absolute value, wrapping (`i32::MIN` stays `i32::MIN`, as `pabsd`).
    #[inline(always)]
    #[must_use]
    pub fn abs(self) -> Self {
        let a = self.to_array();
        Self::new(lanes!(|k| a[k].wrapping_abs()))
    }
}
