//! Real shaders for Tessera: WGSL and SPIR-V, parsed and validated by naga, compiled once into
//! a small lane IR ([`ir`]) and run by an 8-lane interpreter ([`exec`]) behind
//! tessera-pipeline's [`VertexShader`](tessera_pipeline::shader::VertexShader) and
//! [`PixelShader`](tessera_pipeline::shader::PixelShader) traits ([`stage`]); compute
//! programs run through [`dispatch`] (workgroups in lock-step batches, [`exec::compute`]).
//!
//! Binding model (docs/shaders.md): `@group(0) @binding(n)` uniform buffer = constant-buffer
//! slot `n`; `@group(1) @binding(n)` texture = shader-resource slot `n`; `@group(2)
//! @binding(n)` sampler = sampler slot `n`. A vertex `@location(n)` input is input-layout
//! element `n`; a vertex `@location(n)` output is varying `o<n>`, read by the fragment input
//! of the same location; a fragment `@location(n)` output is `SV_Target<n>`. Compute:
//! `@group(3) @binding(n)` storage buffer = UAV slot `n` (compute and fragment); a read-only
//! `@group(1)` storage buffer = buffer shader-resource slot `n` (every stage).
//!
//! Determinism: every op is exactly rounded IEEE-754 arithmetic in a fixed order (no fused
//! multiply-add, no platform libm); transcendental builtins use the `libm` crate's pure-Rust
//! functions. Same bits on every machine, thread count and SIMD path.

mod compile;
pub mod compute;
mod error;
pub mod exec;
pub mod ir;
pub mod program;
pub mod reflect;
pub mod stage;

pub use compile::{
    CompileOptions, DEFAULT_STEP_BUDGET, MAX_REGISTERS, MAX_WORKGROUP_BYTES,
    MAX_WORKGROUP_INVOCATIONS, MAX_WORKGROUP_SIZE, SpirvOptions, UAV_SLOTS, Validated, compile,
    parse_spirv, parse_spirv_with, parse_wgsl,
};
pub use compute::WgslComputeShader;
pub use error::{CompileError, ExecError};
pub use exec::{ComputeMemory, dispatch};
pub use program::{Program, Stage};
pub use stage::{WgslPixelShader, WgslVertexShader};
