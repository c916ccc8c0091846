//! Typed errors: parsing and validation (naga's message), compilation (an unsupported
//! construct or a limit) and execution (the step budget).

/// Why a shader could not be turned into a [`Program`](crate::Program).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// naga's WGSL front end rejected the source (the message carries naga's line:column).
    #[error("WGSL parse error: {message}")]
    Parse {
        /// naga's diagnostic, one line with the location.
        message: String,
    },
    /// naga's SPIR-V front end rejected the module.
    #[error("SPIR-V parse error: {message}")]
    SpirV {
        /// naga's message.
        message: String,
    },
    /// naga's validator rejected the module.
    #[error("shader validation error: {message}")]
    Validation {
        /// naga's message (with the error chain).
        message: String,
    },
    /// No entry point of the name (or of the wanted stage) exists.
    #[error("no {stage} entry point named `{name}` (entry points: {available})")]
    NoEntryPoint {
        /// The requested name.
        name: String,
        /// The stage asked for.
        stage: &'static str,
        /// The module's entry points, comma-separated.
        available: String,
    },
    /// A construct this slice of the interpreter does not run (docs/shaders.md lists them).
    #[error("unsupported in tessera-shader: {construct}")]
    Unsupported {
        /// What was found, e.g. `"switch statement"`, `"function call"`, `"f16 type"`.
        construct: String,
    },
    /// A value or variable needs more registers than the interpreter allows (a huge array).
    #[error("`{what}` needs {needed} registers per lane; the limit is {limit}")]
    TooLarge {
        /// The type or variable.
        what: String,
        /// Registers (32-bit components) it needs, saturating.
        needed: u64,
        /// [`MAX_REGISTERS`](crate::MAX_REGISTERS).
        limit: u64,
    },
    /// A binding outside the binding model (`@group(0..=2)`, slots within the D3D11 limits).
    #[error("binding @group({group}) @binding({binding}) is outside the binding model: {rule}")]
    Binding {
        /// The group.
        group: u32,
        /// The binding.
        binding: u32,
        /// The rule broken.
        rule: &'static str,
    },
    /// The `var<workgroup>` variables need more than D3D11's 32 KiB of thread-group memory.
    #[error(
        "workgroup memory needs {needed} bytes; the limit is {limit} (D3D11 thread-group shared memory)"
    )]
    WorkgroupMemory {
        /// Bytes the variables need (16-byte aligned each).
        needed: u64,
        /// [`MAX_WORKGROUP_BYTES`](crate::MAX_WORKGROUP_BYTES).
        limit: u32,
    },
    /// `@workgroup_size` past D3D11's cs_5_0 thread-group limits.
    #[error(
        "@workgroup_size({size:?}) is past the cs_5_0 limits (at most {limit:?} per dimension, {invocations} invocations)"
    )]
    WorkgroupSize {
        /// The declared size.
        size: [u32; 3],
        /// Per-dimension limits.
        limit: [u32; 3],
        /// Invocation limit.
        invocations: u32,
    },
    /// An entry-point input or output Tessera's stage interface cannot carry.
    #[error("entry-point interface: {what}")]
    Interface {
        /// What is wrong, naming the location or builtin.
        what: String,
    },
}

/// Why a compiled program stopped before finishing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ExecError {
    /// The invocation ran more steps than the budget (an infinite or very long loop): the
    /// result is abandoned, like a GPU's timeout detection.
    #[error("shader exceeded its step budget of {budget} steps per 8-lane call (a hung shader)")]
    StepBudget {
        /// The budget ([`CompileOptions::step_budget`](crate::CompileOptions::step_budget)).
        budget: u64,
    },
    /// A vertex or fragment program was dispatched.
    #[error("only a compute program can be dispatched; this one is a {stage} program")]
    NotCompute {
        /// The program's stage.
        stage: &'static str,
    },
}
