//! naga `Module` → [`Program`]: parse, validate, then compile one entry point once.
//!
//! The compiler walks the entry point's statements in order. Each naga expression becomes a
//! list of registers ([`Val::Regs`]) or a place in memory ([`Val::Ptr`]); ops go to the current
//! straight-line run and `if`/`loop` become [`Node`]s. Expressions naga does not emit
//! (literals, constants, zero values, arguments, variables) are compiled where first used and
//! cost no op: constants go into the initial register file.

mod access;
mod builtin;
mod call;
mod consts;
mod expr;
mod io;
mod math;
mod mem;

pub use mem::{MAX_WORKGROUP_BYTES, UAV_SLOTS};
mod sample;
pub(crate) mod shape;
mod stmt;
mod storage;
mod texture;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// The next [`Program::id`] (ids start at 1; 0 marks an empty scratch file).
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

use naga::valid::{Capabilities, FunctionInfo, ModuleInfo, ValidationFlags, Validator};
use naga::{Expression, Function, Handle, Module, ShaderStage};

use crate::error::CompileError;
use crate::ir::{Lanes, Node, Op, R};
use crate::program::{OutputBind, Program, Stage, Uses};
use shape::Shape;

/// The most registers one program may use (a larger variable or type is a typed error, not an
/// allocation of gigabytes).
pub const MAX_REGISTERS: u32 = 1 << 16;

/// The default step budget per 8-lane call (`2^24` ops and loop iterations).
pub const DEFAULT_STEP_BUDGET: u64 = 1 << 24;

/// Options of a compilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompileOptions {
    /// Steps (ops executed plus loop iterations) one 8-lane call may run before it fails with
    /// [`ExecError::StepBudget`](crate::ExecError::StepBudget); default [`DEFAULT_STEP_BUDGET`].
    pub step_budget: u64,
}

impl Default for CompileOptions {
    fn default() -> Self {
        Self {
            step_budget: DEFAULT_STEP_BUDGET,
        }
    }
}

/// A parsed and validated module with its validation info.
#[derive(Debug)]
pub struct Validated {
    /// The naga module.
    pub module: Module,
    /// naga's analysis of it.
    pub info: ModuleInfo,
}

/// Parses WGSL with naga and validates it (every validation flag; of the optional capabilities
/// only `primitive_index`, which the pixel stage supplies as `SV_PrimitiveID`, cube-array
/// textures, `@early_depth_test` and binary16 conversions of `f32`).
pub fn parse_wgsl(source: &str) -> Result<Validated, CompileError> {
    let module = naga::front::wgsl::parse_str(source).map_err(|e| CompileError::Parse {
        message: match e.location(source) {
            Some(l) => format!("{}:{}: {}", l.line_number, l.line_position, e.message()),
            None => e.message().to_owned(),
        },
    })?;
    validate(module)
}

/// How a SPIR-V module is read ([`parse_spirv_with`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpirvOptions {
    /// Negate `position.y` of each vertex entry point's output (naga's
    /// `adjust_coordinate_space`), for SPIR-V written for Vulkan, whose clip-space y points
    /// down (GLSL through glslang, WGSL through naga or Tint, `dxc -spirv -fvk-invert-y`).
    /// Off by default: `dxc -spirv` keeps HLSL's D3D clip space (y up), and the device draws
    /// the position the shader writes.
    pub flip_y: bool,
}

/// Parses a SPIR-V binary with naga and validates it, with the default [`SpirvOptions`]
/// (no y flip).
pub fn parse_spirv(bytes: &[u8]) -> Result<Validated, CompileError> {
    parse_spirv_with(bytes, &SpirvOptions::default())
}

/// Parses a SPIR-V binary with naga (the position flip as `options` says) and validates it.
pub fn parse_spirv_with(bytes: &[u8], options: &SpirvOptions) -> Result<Validated, CompileError> {
    let naga_options = naga::front::spv::Options {
        adjust_coordinate_space: options.flip_y,
        ..naga::front::spv::Options::default()
    };
    let module = naga::front::spv::parse_u8_slice(bytes, &naga_options).map_err(|e| {
        CompileError::SpirV {
            message: e.to_string(),
        }
    })?;
    validate(module)
}

fn validate(module: Module) -> Result<Validated, CompileError> {
    // Cube arrays exist from 10_1 (the profile says `*_4_1`, the caps layer checks the level);
    // `@early_depth_test` is ps_5_0's `[earlydepthstencil]` (the profile says `ps_5_0`);
    // multisampled shading (`sample_index`, `sample_mask` in, `sample` interpolation) is
    // ps_4_1 / ps_5_0 (the profile says which). `quantizeToF16`, `pack2x16float` and
    // `unpack2x16float` convert through binary16 (naga's `SHADER_FLOAT16_IN_FLOAT32`; the
    // profile says `*_5_0`, HLSL's `f32tof16`/`f16tof32`).
    let caps = Capabilities::PRIMITIVE_INDEX
        | Capabilities::CUBE_ARRAY_TEXTURES
        | Capabilities::EARLY_DEPTH_TEST
        | Capabilities::SHADER_FLOAT16_IN_FLOAT32
        | Capabilities::MULTISAMPLED_SHADING;
    let info = Validator::new(ValidationFlags::all(), caps)
        .validate(&module)
        .map_err(|e| {
            let mut message = e.as_inner().to_string();
            let mut source = std::error::Error::source(e.as_inner());
            while let Some(s) = source {
                message.push_str(": ");
                message.push_str(&s.to_string());
                source = s.source();
            }
            CompileError::Validation { message }
        })?;
    Ok(Validated { module, info })
}

impl Validated {
    /// The stage of entry point `name` (`None` when there is none of that name, or it is a
    /// task or mesh entry point, which D3D11 has no stage for).
    pub fn entry_stage(&self, name: &str) -> Option<Stage> {
        self.module
            .entry_points
            .iter()
            .find(|e| e.name == name)
            .and_then(|e| match e.stage {
                ShaderStage::Vertex => Some(Stage::Vertex),
                ShaderStage::Fragment => Some(Stage::Fragment),
                ShaderStage::Compute => Some(Stage::Compute),
                _ => None,
            })
    }
}

impl Program {
    /// Parses, validates and compiles WGSL entry point `entry` of `stage`.
    pub fn from_wgsl(
        source: &str,
        entry: &str,
        stage: Stage,
        options: &CompileOptions,
    ) -> Result<Self, CompileError> {
        compile(&parse_wgsl(source)?, entry, stage, options)
    }

    /// Parses, validates and compiles SPIR-V entry point `entry` of `stage` (no y flip).
    pub fn from_spirv(
        bytes: &[u8],
        entry: &str,
        stage: Stage,
        options: &CompileOptions,
    ) -> Result<Self, CompileError> {
        Self::from_spirv_with(bytes, entry, stage, options, &SpirvOptions::default())
    }

    /// [`Program::from_spirv`] read with `spirv` (e.g. the Vulkan y flip).
    pub fn from_spirv_with(
        bytes: &[u8],
        entry: &str,
        stage: Stage,
        options: &CompileOptions,
        spirv: &SpirvOptions,
    ) -> Result<Self, CompileError> {
        compile(&parse_spirv_with(bytes, spirv)?, entry, stage, options)
    }
}

/// Compiles entry point `entry` of `stage` from a validated module.
pub fn compile(
    v: &Validated,
    entry: &str,
    stage: Stage,
    options: &CompileOptions,
) -> Result<Program, CompileError> {
    let want = match stage {
        Stage::Vertex => ShaderStage::Vertex,
        Stage::Fragment => ShaderStage::Fragment,
        Stage::Compute => ShaderStage::Compute,
    };
    let Some(index) = v
        .module
        .entry_points
        .iter()
        .position(|e| e.name == entry && e.stage == want)
    else {
        return Err(CompileError::NoEntryPoint {
            name: entry.to_owned(),
            stage: stage.name(),
            available: v
                .module
                .entry_points
                .iter()
                .map(|e| format!("{} ({:?})", e.name, e.stage))
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    let ep = &v.module.entry_points[index];
    if stage == Stage::Compute {
        check_workgroup_size(ep.workgroup_size)?;
    }
    if ep.workgroup_size_overrides.is_some() {
        return Err(CompileError::Unsupported {
            construct: "a workgroup size given by pipeline-overridable constants".into(),
        });
    }
    let mut c = Compiler::new(
        &v.module,
        &v.info,
        v.info.get_entry_point(index),
        &ep.function,
        stage,
    );
    c.uses.early_depth_test = matches!(ep.early_depth_test, Some(naga::EarlyDepthTest::Force));
    c.uses.needs_sm5 |= c.uses.early_depth_test;
    c.entry_io()?;
    let mut body = c.block(&ep.function.body)?;
    // Falling off the end of a function with no result: nothing more to store.
    body.retain(|n| !matches!(n, Node::Ops(ops) if ops.is_empty()));
    Ok(Program {
        stage,
        entry: entry.to_owned(),
        body,
        template: c.template,
        inputs: c.inputs,
        outputs: c.outputs,
        step_budget: options.step_budget,
        uses: c.uses,
        stateful: c.stateful,
        id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        workgroup_size: if stage == Stage::Compute {
            ep.workgroup_size
        } else {
            [1, 1, 1]
        },
        workgroup_bytes: c.workgroup_bytes,
    })
}

/// D3D11's cs_5_0 thread-group limits: `x, y <= 1024`, `z <= 64`, `x * y * z <= 1024`
/// (`D3D11_CS_THREAD_GROUP_MAX_*`).
pub const MAX_WORKGROUP_SIZE: [u32; 3] = [1024, 1024, 64];
/// D3D11's cs_5_0 limit on invocations per workgroup (`D3D11_CS_THREAD_GROUP_MAX_THREADS_PER_GROUP`).
pub const MAX_WORKGROUP_INVOCATIONS: u32 = 1024;

fn check_workgroup_size(size: [u32; 3]) -> Result<(), CompileError> {
    let total = size.iter().map(|&s| u64::from(s)).product::<u64>();
    let dims_ok = size.iter().zip(MAX_WORKGROUP_SIZE).all(|(&s, m)| s <= m);
    if dims_ok && total <= u64::from(MAX_WORKGROUP_INVOCATIONS) {
        return Ok(());
    }
    Err(CompileError::WorkgroupSize {
        size,
        limit: MAX_WORKGROUP_SIZE,
        invocations: MAX_WORKGROUP_INVOCATIONS,
    })
}

/// A compiled naga expression.
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A value: one register per component.
    Regs(Vec<R>),
    /// A pointer to a variable or a uniform buffer.
    Ptr(Place),
    /// A texture binding (`@group(1) @binding(n)`).
    Texture(u32),
    /// A sampler binding (`@group(2) @binding(n)`).
    Sampler(u32),
    /// A storage texture (`@group(3) @binding(n)`, texture UAV slot `n`) of a texel format
    /// and dimension.
    StorageTexture(u32, tessera_format::Format, storage::StorageDim),
}

/// Where a pointer points.
#[derive(Clone, Debug)]
pub(crate) enum Root {
    /// A variable: a contiguous register range.
    Regs {
        /// First register.
        base: R,
        /// Registers in the variable.
        len: u32,
    },
    /// A uniform buffer in constant-buffer slot `slot`.
    Cb {
        /// The slot.
        slot: u32,
    },
    /// A storage buffer or workgroup memory (byte offsets, storage layout).
    Mem {
        /// Which memory.
        space: crate::ir::MemSpace,
        /// Byte offset of the variable in it (workgroup variables share one block).
        base: u32,
    },
}

/// A pointer: root, static offset (registers or bytes), per-lane dynamic offset, pointee.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    pub root: Root,
    pub offset: u32,
    pub dynamic: Option<R>,
    pub shape: Shape,
}

/// Compiler state for one entry point.
pub(crate) struct Compiler<'m> {
    pub module: &'m Module,
    pub info: &'m FunctionInfo,
    pub fun: &'m Function,
    pub stage: Stage,
    pub template: Vec<Lanes>,
    pub consts: HashMap<u32, R>,
    pub vals: Vec<Option<Val>>,
    pub locals: HashMap<Handle<naga::LocalVariable>, R>,
    pub privates: HashMap<Handle<naga::GlobalVariable>, R>,
    /// Byte offset of each `var<workgroup>` in the workgroup's memory.
    pub workgroup: HashMap<Handle<naga::GlobalVariable>, u32>,
    /// Bytes of workgroup memory allocated so far.
    pub workgroup_bytes: u32,
    /// The current function's arguments (the entry point's: its input registers).
    pub args: Vec<Val>,
    pub inputs: Vec<crate::program::InputBind>,
    pub outputs: Vec<OutputBind>,
    /// Registers of the whole result value, in the result type's order.
    pub result: Vec<R>,
    /// The straight-line ops being collected.
    pub ops: Vec<Op>,
    pub uses: Uses,
    /// Current block nesting depth.
    pub depth: u32,
    /// Register ranges of variables and outputs (reset before each call).
    pub stateful: Vec<(R, u32)>,
    /// The module's validation info (each called function's expression types).
    pub module_info: &'m ModuleInfo,
    /// Function calls inlined so far ([`call::MAX_INLINED_CALLS`] at most).
    pub inlined_calls: u32,
    /// Calls being inlined around the statement compiled now (0: the entry point).
    pub call_depth: u32,
    /// Loops and switches around it inside the innermost called function.
    pub breakable: u32,
}

impl<'m> Compiler<'m> {
    fn new(
        module: &'m Module,
        module_info: &'m ModuleInfo,
        info: &'m FunctionInfo,
        fun: &'m Function,
        stage: Stage,
    ) -> Self {
        Self {
            module_info,
            inlined_calls: 0,
            call_depth: 0,
            breakable: 0,
            module,
            info,
            fun,
            stage,
            // Register 0 is the zero register.
            template: vec![[0; 8]],
            consts: HashMap::from([(0, 0)]),
            vals: vec![None; fun.expressions.len()],
            locals: HashMap::new(),
            privates: HashMap::new(),
            workgroup: HashMap::new(),
            workgroup_bytes: 0,
            args: Vec::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            result: Vec::new(),
            ops: Vec::new(),
            uses: Uses::default(),
            depth: 0,
            stateful: Vec::new(),
        }
    }

    /// Allocates `n` fresh zero registers; past [`MAX_REGISTERS`] in total it is an error.
    pub fn alloc(&mut self, n: u32, what: &str) -> Result<R, CompileError> {
        let base = self.template.len() as u64;
        let needed = base + u64::from(n);
        if needed > u64::from(MAX_REGISTERS) {
            return Err(CompileError::TooLarge {
                what: what.to_owned(),
                needed,
                limit: u64::from(MAX_REGISTERS),
            });
        }
        self.template.resize(needed as usize, [0; 8]);
        Ok(base as R)
    }

    /// `n` fresh registers as a list.
    pub fn alloc_list(&mut self, n: u32, what: &str) -> Result<Vec<R>, CompileError> {
        let base = self.alloc(n, what)?;
        Ok((base..base + n).collect())
    }

    /// A register holding `bits` in every lane (shared between uses).
    pub fn konst(&mut self, bits: u32) -> Result<R, CompileError> {
        if let Some(&r) = self.consts.get(&bits) {
            return Ok(r);
        }
        let r = self.alloc(1, "constants")?;
        self.template[r as usize] = [bits; 8];
        self.consts.insert(bits, r);
        Ok(r)
    }

    /// A register holding the `f32` `v`.
    pub fn fconst(&mut self, v: f32) -> Result<R, CompileError> {
        self.konst(v.to_bits())
    }

    /// The shape of expression `h`'s value.
    pub fn shape(&self, h: Handle<Expression>) -> Result<Shape, CompileError> {
        shape::shape_of(self.module, self.info[h].ty.inner_with(&self.module.types))
    }

    /// One fresh register with `op(dst)` appended.
    pub fn emit(&mut self, op: impl FnOnce(R) -> Op) -> Result<R, CompileError> {
        let d = self.alloc(1, "temporaries")?;
        self.ops.push(op(d));
        Ok(d)
    }
}
