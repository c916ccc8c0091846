//! The Tessera draw pipeline: input assembler → vertex stage → clip/setup → binning into row
//! bands → SIMD rasterizer → pixel stage → output merger.
//!
//! The pipeline works on borrowed memory ([`tessera_format::SurfaceMut`] targets, byte-slice
//! buffers, [`tessera_sampler::TextureView`]s) so it knows nothing of resources or devices; the
//! `tessera` facade locks resources and hands them in. Entry point: [`draw()`].
//!
//! Layout, in stage order (each stage a folder; `tests/pipeline/layering.rs` checks that the
//! top-level modules form no cycle and that the shared ones use no stage):
//!
//! - `draw` (validation, per-draw contexts) and `schedule` (per-band progress through the
//!   batches) drive the stages;
//! - `front/`: input assembly, vertex stage, batches and groups of primitives;
//! - `setup/`: clipping, triangle setup (one at a time and eight at a time in SIMD lanes), and
//!   the set-up `Primitive` handed on;
//! - `binning/`: set-up chunks binned into row bands;
//! - `rast/`: coverage of a band's primitives over 4×2 blocks, calling the pixel stage;
//! - `ps/`: the pixel stage of a block (and of solid-colour triangles), calling the merger;
//! - `om/`: depth/stencil, coarse depth cells, blending, target formats;
//! - `band`: a band's rows of every target and the per-draw raster state (between the stages
//!   that use it and the output merger whose views it holds);
//! - shared below every stage: `block` (4×2 block lanes and [`Coverage`]), `depth_kind`,
//!   `shader`, `env`, `layout`, `state`, `error`; and `builtin`, the built-in shaders.

mod band;
mod binning;
mod block;
pub mod builtin;
pub mod compute;
mod depth_kind;
mod draw;
pub mod env;
mod error;
mod front;
mod layout;
mod om;
mod ps;
mod rast;
mod report;
mod schedule;
mod setup;
pub mod shader;
mod state;

pub use band::BAND_HEIGHT;
pub use block::Coverage;
pub use compute::{
    ComputeMemory, ComputeShader, PixelUavs, ShaderFault, StorageTextureUse, TextureUse,
};
pub use draw::draw;
pub use env::ShaderEnv;
pub use error::PipelineError;
pub use front::batch::BATCH_TRIANGLES;
pub use front::ia::{max_index_value, strip_cut_value};
pub use layout::{InputLayout, ResolvedElement};
pub use shader::{
    Interpolation, PixelShader, PsInput, PsOutput, Reg, Sampling, UavLock, VertexShader, VsInput,
    VsOutput,
};
pub use state::{
    DrawArgs, DrawReport, DrawState, DrawStats, IndexBufferBinding, Targets, TextureRepeat,
    VertexBufferBinding,
};
