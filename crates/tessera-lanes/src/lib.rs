//! Tessera's own 8-lane types (issue #19): [`f32x8`], [`i32x8`] and [`u32x8`].
//!
//! `wide`'s 8-lane types fix their layout at compile time: in the default (baseline x86-64)
//! build an `f32x8` is two `__m128`, also inside the band loop that `Lanes::run` compiles for
//! AVX2, so that function keeps SSE pairs. These types store an LLVM 256-bit vector
//! (`__m256` / `__m256i` on x86-64, a plain array elsewhere; naming the type needs no AVX), and
//! each operation is `wide`'s 4-lane operation on the two halves, `#[inline(always)]`: in
//! baseline code that is exactly `wide`'s own `f32x8`, and inside the AVX2 function LLVM merges
//! the halves of the generic operations (add, sub, mul, div, bitwise, integer compares) into one
//! `ymm` instruction; the x86-intrinsic ones (`maxps`, `minps`, `cmpps`, conversions,
//! `movmskps`) stay on `xmm` halves. Measured as the band loop's lane type and not kept
//! (docs/simd.md, option (b), with the two element-wise designs that did worse): the crate is
//! not used by the pipeline yet.
//!
//! The names and methods are the subset of `wide` 0.7 the pipeline uses, with exactly the
//! results `wide` gives on the baseline x86-64 build (checked lane by lane against `wide` in
//! `tests/against_wide.rs`, NaN, ±0, ±∞ and out-of-range conversions included):
//! - `fast_max(a, b)` is `a > b ? a : b` and `fast_min(a, b)` is `a < b ? a : b` (`maxps` /
//!   `minps`: the second operand when either is NaN or both are zero);
//! - `max` / `min` return `a` when `b` is NaN, else the fast form;
//! - comparisons give all-ones / all-zeros lanes; `cmp_ne` is unordered (true for NaN), the
//!   others ordered;
//! - `blend(self, t, f)` selects bit by bit (`(self & t) | (!self & f)`), what `wide` does
//!   without SSE4.1; on comparison masks every form agrees;
//! - `fast_trunc_int` is `cvttps2dq`: truncation, `i32::MIN` for NaN and out of range;
//! - `round_float` / `from_i32x8` convert with round-to-nearest-even (`cvtdq2ps`);
//! - integer arithmetic wraps; shifts take counts below the lane width.
//!
//! No FMA: a product and a sum stay two rounded operations (`wide`'s `mul_add` is never used).

// The types keep `wide`'s names (`f32x8`, ...), so a kernel swaps by its `use` line.

mod float;
mod int;

pub use float::f32x8;
pub use int::{i32x8, u32x8};

/// Implements a binary operator trait (and its `*Assign`) for a lane type as the operator on
/// each 4-lane half (`wide`'s, which is one generic LLVM vector operation per half: LLVM
/// merges the two halves of a 256-bit value into one `ymm` operation in AVX2 code).
macro_rules! binop {
    ($ty:ident, $trait:ident, $method:ident, $atrait:ident, $amethod:ident) => {
        impl core::ops::$trait for $ty {
            type Output = Self;
            #[inline(always)]
            fn $method(self, rhs: Self) -> Self {
                let (a, b) = (self.halves(), rhs.halves());
                Self::of_halves([
                    core::ops::$trait::$method(a[0], b[0]),
                    core::ops::$trait::$method(a[1], b[1]),
                ])
            }
        }
        impl core::ops::$atrait for $ty {
            #[inline(always)]
            fn $amethod(&mut self, rhs: Self) {
                *self = core::ops::$trait::$method(*self, rhs);
            }
        }
    };
}
pub(crate) use binop;
