//! Built-in shaders used by the CLI, the scene format and the benchmarks.
//!
//! Each reads its parameters from constant buffer 0 with the layout documented on the type,
//! exactly as an HLSL shader with a `cbuffer` would; constant reads out of range return 0.

mod color;
mod lit;
mod textured;
mod transform;

pub use color::{ConstantColorPs, VertexColorPs};
pub use lit::{LitPs, LitVs};
pub use textured::TexturedPs;
pub use transform::TransformVs;
