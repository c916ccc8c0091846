//! [`WgslComputeShader`]: a compiled compute [`Program`] behind tessera-pipeline's
//! [`ComputeShader`] trait, so the device can create and dispatch it.

use tessera_pipeline::compute::{ComputeMemory, ComputeShader, ShaderFault};
use tessera_pipeline::env::ShaderEnv;

use crate::compile::CompileOptions;
use crate::error::{CompileError, ExecError};
use crate::exec::dispatch;
use crate::program::{Program, Stage};

/// A WGSL or SPIR-V compute shader (`@compute`), reflected once at creation.
#[derive(Debug)]
pub struct WgslComputeShader {
    program: Program,
}

impl WgslComputeShader {
    /// Parses, validates and compiles WGSL compute entry point `entry`.
    pub fn new(source: &str, entry: &str, options: &CompileOptions) -> Result<Self, CompileError> {
        Self::from_program(Program::from_wgsl(source, entry, Stage::Compute, options)?)
    }

    /// Parses, validates and compiles SPIR-V compute entry point `entry`.
    pub fn from_spirv(
        bytes: &[u8],
        entry: &str,
        options: &CompileOptions,
    ) -> Result<Self, CompileError> {
        Self::from_program(Program::from_spirv(bytes, entry, Stage::Compute, options)?)
    }

    /// Wraps a compiled compute program (another stage is `CompileError::NoEntryPoint`).
    pub fn from_program(program: Program) -> Result<Self, CompileError> {
        if program.stage != Stage::Compute {
            return Err(CompileError::NoEntryPoint {
                name: program.entry.clone(),
                stage: Stage::Compute.name(),
                available: format!("{} ({})", program.entry, program.stage.name()),
            });
        }
        Ok(Self { program })
    }

    /// The compiled program.
    pub fn program(&self) -> &Program {
        &self.program
    }
}

impl ComputeShader for WgslComputeShader {
    fn workgroup_size(&self) -> [u32; 3] {
        self.program.workgroup_size
    }

    fn workgroup_bytes(&self) -> u32 {
        self.program.workgroup_bytes
    }

    fn uav_slots(&self) -> Vec<u32> {
        self.program.uses.uavs.clone()
    }

    fn uses_uav_atomics(&self) -> bool {
        self.program.uses.storage_atomics
    }

    fn uav_counters(&self) -> Vec<u32> {
        self.program.uses.uav_counters.clone()
    }

    fn storage_textures(&self) -> Vec<tessera_pipeline::StorageTextureUse> {
        self.program.uses.storage_textures.clone()
    }

    fn texture_uses(&self) -> Vec<tessera_pipeline::TextureUse> {
        self.program.uses.texture_uses()
    }

    fn needs_cs_4_1(&self) -> bool {
        self.program.uses.needs_sm41
    }

    fn needs_cs_5_0(&self) -> bool {
        self.program.uses.needs_sm5
    }

    fn dispatch(
        &self,
        env: &ShaderEnv<'_>,
        memory: ComputeMemory<'_, '_>,
        groups: [u32; 3],
    ) -> Result<(), ShaderFault> {
        dispatch(&self.program, env, memory, groups).map_err(|e| match e {
            ExecError::StepBudget { budget } => ShaderFault::StepBudget { budget },
            e @ ExecError::NotCompute { .. } => ShaderFault::Shader {
                message: e.to_string(),
            },
        })
    }
}
