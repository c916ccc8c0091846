//! Which surfaces the 8-lane fast path reads without per-call checks; decided once per view,
//! when the view is created (below both the view and the fast path).

use tessera_format::{Surface, Words32};

/// Largest power-of-two extent whose fixed-point product stays exact and in `i32`.
pub(crate) const MAX_POW2: u32 = 1 << 17;

/// Whether the fast path reads surface `s` (if its format is covered) without per-call checks:
/// power-of-two extents the SIMD fixed point covers, every texel inside its memory (< 4 GiB),
/// as [`Words32::of`] checks.
pub(crate) fn simple(s: &Surface<'_>) -> bool {
    p2(s.width()) && p2(s.height()) && Words32::of(s).is_some()
}

/// Whether the SIMD fixed point covers extent `n`.
#[inline]
pub(crate) fn p2(n: u32) -> bool {
    n.is_power_of_two() && n <= MAX_POW2
}
