//! Texture sampling exact to the Direct3D 11 rules (SPEC §4).
#![forbid(unsafe_code)]

pub mod address;
pub mod cube;
pub mod lod;
pub mod quad;

pub use quad::{LANES, Reg, ddx_coarse, ddx_fine, ddy_coarse, ddy_fine};
