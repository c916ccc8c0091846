//! Tessera's own 8-lane types (issue #19): [`f32x8`], [`i32x8`] and [`u32x8`].
//!
//! `wide`'s 8-lane types fix their layout at compile time: in the default (baseline x86-64)
//! build an `f32x8` is two `__m128`, also inside the band loop that `Lanes::run` compiles for
//! AVX2, so that function keeps SSE pairs. These types store an LLVM 256-bit vector
//! (`__m256` / `__m256i` on x86-64, a plain array elsewhere; naming the type needs no AVX) and
//! their operations are `#[inline(always)]` element-wise loops over the lanes as an array: LLVM
//! vectorises them at the width of the function they end up in, two `xmm` halves in baseline
//! code and one `ymm` inside the AVX2 function (docs/simd.md, option (b)). The vector storage
//! matters: over a plain `[f32; 8]` field LLVM splits the lanes into scalars wherever a value
//! crosses a branch, a call or memory, and does not always put them back together (measured:
//! `tris` +34 %, `big` +51 % instructions on the baseline path).
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
//! No FMA: a product and a sum stay two rounded operations (rustc never contracts them).

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
