//! DXGI formats as data, and the exact Direct3D encode/decode rules (SPEC.md §4.7).
//!
//! - [`Format`]: every supported `DXGI_FORMAT` with its real numeric value, name, family and
//!   [`FormatInfo`] layout data.
//! - [`convert`]: scalar conversions (UNORM/SNORM/sRGB/float16/11/10) used by hot loops.
//! - Texel codec on [`Format`]: `decode_float`, `encode_float`, `decode_uint`, ... (always R,G,B,A
//!   order, missing components default to 0,0,0,1).
//! - [`Format::decode_block`]: BC1..BC7 block decode.
//! - [`memory`]: the memory owner, the only code that computes texel byte addresses:
//!   [`Layout`], [`Surface`] / [`SurfaceMut`], [`BandMut`], [`Words32`].
//!
//! Determinism: no `unsafe`, no fused multiply-add, no platform math in conversions that land in
//! stored bits; results are bit-identical on every build.

#![forbid(unsafe_code)]

mod bc;
mod bc6h;
mod bc7;
mod bc7_tables;
mod bits;
mod codec;
pub mod convert;
mod error;
mod float;
mod format;
mod info;
pub mod memory;
mod sharedexp;
mod srgb;
mod table;

pub use error::FormatError;
pub use info::{Component, FormatInfo, NumericKind};
pub use memory::{BandMut, Layout, Surface, SurfaceMut, Words32, sample_planes, tight_pitches};
pub use table::Format;
