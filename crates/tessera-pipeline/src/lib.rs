//! The Tessera draw pipeline: input assembler → vertex stage → clip/setup → tiled SIMD
//! rasterizer → pixel stage → output merger.
//!
//! The pipeline works on borrowed memory ([`tessera_format::SurfaceMut`] targets, byte-slice
//! buffers, [`tessera_sampler::TextureView`]s) so it knows nothing of resources or devices; the
//! `tessera` facade locks resources and hands them in. Entry point: [`draw()`].

// The `too_many_arguments` allows of this crate have no reason and are not `expect`s; the pipeline
// re-cut removes them, and then this expectation goes unfulfilled: delete it with them.
#![expect(
    clippy::allow_attributes,
    clippy::allow_attributes_without_reason,
    reason = "the too_many_arguments allows go in the pipeline re-cut"
)]

pub mod bands;
pub mod batch;
pub mod builtin;
pub mod clip;
pub mod draw;
pub mod env;
pub mod error;
pub mod flat;
pub mod ia;
pub mod om;
pub mod raster;
mod schedule;
pub mod setup;
pub mod shade;
pub mod shader;
pub mod state;
pub mod vertex;

pub use draw::{BAND_HEIGHT, draw};
pub use env::ShaderEnv;
pub use error::PipelineError;
pub use ia::InputLayout;
pub use shader::{
    Interpolation, PixelShader, PsInput, PsOutput, Reg, VertexShader, VsInput, VsOutput,
};
pub use state::{DrawArgs, DrawState, DrawStats, IndexBufferBinding, Targets, VertexBufferBinding};
