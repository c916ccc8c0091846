//! The lane types of the band loop (issue #19, docs/simd.md): `tessera_lanes`' element-wise
//! [`f32x8`] / [`i32x8`] / [`u32x8`], which LLVM vectorises as one `ymm` register inside the
//! AVX2-dispatched `rast::raster_band` and as two `xmm` halves in baseline code, where `wide`'s
//! types are two `__m128` on both paths. The public shader API ([`Reg`]) keeps `wide`'s
//! types; [`own`] and [`shared`] convert a register between the two as a bit copy (same size,
//! alignment and lane order), at the pixel shader's boundary.

pub(crate) use tessera_lanes::{f32x8, i32x8, u32x8};

use crate::shader::Reg;

/// One float4 register over 8 lanes in the band loop's lane type: `[x, y, z, w]`.
pub(crate) type LReg = [f32x8; 4];

/// A register filled with zeros.
#[inline(always)]
pub(crate) fn zero_lreg() -> LReg {
    [f32x8::splat(0.0); 4]
}

/// The shader API's register `r` as the band loop's (a bit copy).
#[inline(always)]
pub(crate) fn own(r: &Reg) -> LReg {
    bytemuck::cast(*r)
}

/// The band loop's register `r` as the shader API's (a bit copy).
#[inline(always)]
pub(crate) fn shared(r: &LReg) -> Reg {
    bytemuck::cast(*r)
}
