//! Texture sampling exact to the Direct3D 11 rules (SPEC §4), on the CPU, deterministically.
//!
//! - [`quad`]: the 8-lane convention (two 2×2 quads) and `ddx`/`ddy`.
//! - [`Sampler`] (validated `SamplerDesc`), [`TextureView`] (an SRV's mips and slices).
//! - 8-lane operations: [`sample`], [`sample_bias`], [`sample_level`], [`sample_grad`],
//!   [`sample_clamped`], [`sample_cmp`], [`sample_cmp_level_zero`], [`gather`], [`gather_cmp`],
//!   [`load`] / [`load_float`], [`calculate_lod`]; scalar [`sample_one`].
//! - Multisampled views ([`TextureView::multisampled`]): [`load_sample`] /
//!   [`load_sample_float`] (`Texture2DMS[Array].Load(coords, sampleIndex)`), the only read.
//! - Residency feedback of tiled views (SPEC §6.8): [`sample_status`], [`sample_cmp_status`],
//!   [`gather_status`], [`load_status`] return an [`AccessStatus`] beside the value;
//!   [`check_access_fully_mapped`] reads it.
//! - [`address`], [`lod`], [`cube`]: the exact rules (fixed-point addressing, LOD, cube faces),
//!   public for testing and reuse.
//!
//! Determinism: every lane runs the same fixed sequence of scalar `f32` operations (no FMA, no
//! reassociation), so the same input gives bit-identical output on every run and lane width.
//! Anisotropic scheme: `n = ceil(ratio)` (≤ MaxAnisotropy) trilinear probes at
//! `coord + major · (2i + 1 − n) / 2n`, `i = 0..n`, along the major coordinate derivative, averaged
//! with equal weights as a running mean (see `core`).
#![forbid(unsafe_code)]

pub mod address;
mod api;
mod core;
pub mod cube;
mod extent;
mod fast;
mod fetch;
mod fixed_lod;
pub mod lod;
mod ms;
pub mod quad;
pub mod simd;
mod status;
mod view;

pub use api::{
    LodMode, calculate_lod, gather, gather_cmp, load, load_float, per_lane, sample, sample_bias,
    sample_clamped, sample_cmp, sample_cmp_level_zero, sample_grad, sample_level, sample_live,
    sample_one,
};
pub use ms::{load_sample, load_sample_float};
pub use quad::{LANES, Reg, ddx_coarse, ddx_fine, ddy_coarse, ddy_fine};
pub use simd::{Lanes, SimdError, SimdPath};
pub use status::{
    AccessStatus, SampleLod, check_access_fully_mapped, gather_status, load_status,
    sample_cmp_status, sample_status,
};
pub use view::{SampleError, Sampler, TextureView};
