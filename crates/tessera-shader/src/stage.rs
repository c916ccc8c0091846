//! Compiled programs behind tessera-pipeline's shader traits.

use std::sync::{Mutex, PoisonError};

use tessera_pipeline::compute::ShaderFault;

use tessera_pipeline::compute::PixelUavs;
use tessera_pipeline::compute::StorageTextureUse;
use tessera_pipeline::env::ShaderEnv;
use tessera_pipeline::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, Sampling, ShaderSignature, VertexShader,
    VsInput, VsOutput,
};
use wide::f32x8;

use crate::compile::CompileOptions;
use crate::error::{CompileError, ExecError};
use crate::exec::{Direct, run, run_with_memory};
use crate::ir::Lanes;
use crate::program::{Input, Output, Program, Stage};

fn lanes(v: f32x8) -> Lanes {
    v.to_array().map(f32::to_bits)
}

fn vector(l: &Lanes) -> f32x8 {
    f32x8::new(l.map(f32::from_bits))
}

impl Program {
    /// Runs a vertex program on eight vertices.
    pub fn run_vertex(
        &self,
        env: &ShaderEnv<'_>,
        input: &VsInput<'_>,
    ) -> Result<VsOutput, ExecError> {
        let mut out = VsOutput::default();
        self.run_vertex_into(env, input, &mut out)?;
        Ok(out)
    }

    /// Runs a vertex program on eight vertices, writing the outputs it declares into `out`
    /// (left as it was when the call fails).
    pub fn run_vertex_into(
        &self,
        env: &ShaderEnv<'_>,
        input: &VsInput<'_>,
        out: &mut VsOutput,
    ) -> Result<(), ExecError> {
        let setup = |regs: &mut [Lanes]| {
            for b in &self.inputs {
                let src: [Lanes; 4] = match b.source {
                    Input::Location(n) => input
                        .regs
                        .get(n as usize)
                        .map_or([[0; 8]; 4], |r| r.map(lanes)),
                    Input::VertexIndex => [input.vertex_id, [0; 8], [0; 8], [0; 8]],
                    Input::InstanceIndex => [input.instance_id, [0; 8], [0; 8], [0; 8]],
                    _ => [[0; 8]; 4],
                };
                for (&reg, s) in b.regs.iter().zip(src) {
                    regs[reg as usize] = s;
                }
            }
        };
        run(self, env, 0xff, setup, |regs, _| {
            for o in &self.outputs {
                let dst = match o.target {
                    Output::Position => &mut out.position,
                    Output::Location(n) => &mut out.varyings[n as usize],
                    Output::FragDepth | Output::SampleMask => continue,
                };
                for (d, &reg) in dst.iter_mut().zip(&o.regs) {
                    *d = vector(&regs[reg as usize]);
                }
            }
        })
    }

    /// Runs a fragment program on two 2×2 quads (helper lanes included).
    pub fn run_pixel(
        &self,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
    ) -> Result<PsOutput, ExecError> {
        let mut out = PsOutput::default();
        self.run_pixel_into(env, input, &mut out)?;
        Ok(out)
    }

    /// Runs a fragment program on two 2×2 quads, writing the targets it declares, the depth
    /// when it writes one, and the discard flags into `out` (left as it was when the call
    /// fails).
    pub fn run_pixel_into(
        &self,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
        out: &mut PsOutput,
    ) -> Result<(), ExecError> {
        self.run_pixel_with_uavs(env, input, out, None)
    }

    /// [`run_pixel_into`](Self::run_pixel_into) with the draw's UAVs (`None`: unbound, loads
    /// read 0 and writes are dropped). Only the covered lanes (`input.coverage`) that have not
    /// discarded write them; helper lanes read but never write.
    pub fn run_pixel_with_uavs(
        &self,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
        out: &mut PsOutput,
        uavs: Option<&mut PixelUavs<'_>>,
    ) -> Result<(), ExecError> {
        let mut mem = match uavs {
            Some(u) => Direct {
                uavs: &mut u.uavs,
                srvs: &env.buffers,
                layouts: &u.layouts,
                wg: &mut [],
            },
            None => Direct {
                uavs: &mut [],
                srvs: &env.buffers,
                layouts: &[],
                wg: &mut [],
            },
        };
        let setup = |regs: &mut [Lanes]| {
            for b in &self.inputs {
                let src: [Lanes; 4] = match b.source {
                    Input::Location(n) => input
                        .varyings
                        .get(n as usize)
                        .map_or([[0; 8]; 4], |r| r.map(lanes)),
                    Input::Position => input.position.map(lanes),
                    Input::FrontFacing => {
                        [[u32::from(input.front_face); 8], [0; 8], [0; 8], [0; 8]]
                    }
                    Input::PrimitiveIndex => [[input.primitive_id; 8], [0; 8], [0; 8], [0; 8]],
                    Input::SampleIndex => [[input.sample_index; 8], [0; 8], [0; 8], [0; 8]],
                    Input::SampleMask => [input.input_coverage, [0; 8], [0; 8], [0; 8]],
                    _ => [[0; 8]; 4],
                };
                for (&reg, s) in b.regs.iter().zip(src) {
                    regs[reg as usize] = s;
                }
            }
        };
        run_with_memory(
            self,
            env,
            0xff,
            input.coverage,
            &mut mem,
            setup,
            |regs, killed| {
                for o in &self.outputs {
                    match o.target {
                        Output::Location(n) => {
                            for (d, &reg) in out.targets[n as usize].iter_mut().zip(&o.regs) {
                                *d = vector(&regs[reg as usize]);
                            }
                        }
                        Output::FragDepth => out.depth = vector(&regs[o.regs[0] as usize]),
                        Output::SampleMask => out.coverage = regs[o.regs[0] as usize],
                        Output::Position => {}
                    }
                }
                for (l, d) in out.discard.iter_mut().enumerate() {
                    *d = killed & (1 << l) != 0;
                }
            },
        )
    }
}

/// The first execution error of a shader since the device last took it: the traits' `shade`
/// cannot return one, so a failed call writes zeros and the error is recorded here; the
/// device takes it after the draw ([`VertexShader::take_fault`]) and abandons the draw.
#[derive(Debug, Default)]
struct Fault(Mutex<Option<ExecError>>);

impl Fault {
    fn record(&self, e: ExecError) {
        let mut g = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        g.get_or_insert(e);
    }

    fn get(&self) -> Option<ExecError> {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn take(&self) -> Option<ShaderFault> {
        let e = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()?;
        Some(match e {
            ExecError::StepBudget { budget } => ShaderFault::StepBudget { budget },
            e @ ExecError::NotCompute { .. } => ShaderFault::Shader {
                message: e.to_string(),
            },
        })
    }
}

/// The program's signature when it is of `stage`.
fn expect_stage(p: &Program, stage: Stage) -> Result<ShaderSignature, CompileError> {
    if p.stage == stage
        && let Some(s) = p.signature()
    {
        return Ok(s);
    }
    Err(CompileError::NoEntryPoint {
        name: p.entry.clone(),
        stage: stage.name(),
        available: format!("{} ({})", p.entry, p.stage.name()),
    })
}

/// A WGSL or SPIR-V vertex shader: a compiled [`Program`] behind [`VertexShader`]. Its
/// signature and varying count are reflected from the program once, at creation.
#[derive(Debug)]
pub struct WgslVertexShader {
    program: Program,
    signature: ShaderSignature,
    varyings: usize,
    fault: Fault,
}

impl WgslVertexShader {
    /// Compiles vertex entry point `entry` of WGSL `source`.
    pub fn new(source: &str, entry: &str, options: &CompileOptions) -> Result<Self, CompileError> {
        Self::from_program(Program::from_wgsl(source, entry, Stage::Vertex, options)?)
    }

    /// Compiles vertex entry point `entry` of a SPIR-V binary.
    pub fn from_spirv(
        bytes: &[u8],
        entry: &str,
        options: &CompileOptions,
    ) -> Result<Self, CompileError> {
        Self::from_program(Program::from_spirv(bytes, entry, Stage::Vertex, options)?)
    }

    /// Wraps a compiled vertex program (a fragment one is refused).
    pub fn from_program(program: Program) -> Result<Self, CompileError> {
        let signature = expect_stage(&program, Stage::Vertex)?;
        Ok(Self {
            signature,
            varyings: program.varying_count(),
            program,
            fault: Fault::default(),
        })
    }

    /// The compiled program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The first execution error of any call so far (a call that failed wrote zeros).
    pub fn fault(&self) -> Option<ExecError> {
        self.fault.get()
    }
}

impl VertexShader for WgslVertexShader {
    fn take_fault(&self) -> Option<ShaderFault> {
        self.fault.take()
    }

    fn signature(&self) -> ShaderSignature {
        self.signature.clone()
    }

    fn varying_count(&self) -> usize {
        self.varyings
    }

    fn storage_srv_slots(&self) -> Vec<u32> {
        self.program.uses.storage_srvs.clone()
    }

    fn texture_uses(&self) -> Vec<tessera_pipeline::TextureUse> {
        self.program.uses.texture_uses()
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        match self.program.run_vertex_into(env, input, out) {
            Ok(()) => {}
            Err(e) => {
                self.fault.record(e);
                *out = VsOutput::default();
            }
        }
    }
}

/// A WGSL or SPIR-V pixel shader: a compiled [`Program`] behind [`PixelShader`]. Its
/// signature, interpolations and hints (writes depth, may discard, uniform output,
/// passthrough) are derived from the IR once, at creation.
#[derive(Debug)]
pub struct WgslPixelShader {
    program: Program,
    signature: ShaderSignature,
    inputs: Vec<Interpolation>,
    sampling: Vec<Sampling>,
    uniform_output: bool,
    passthrough: Option<usize>,
    fault: Fault,
}

impl WgslPixelShader {
    /// Compiles fragment entry point `entry` of WGSL `source`.
    pub fn new(source: &str, entry: &str, options: &CompileOptions) -> Result<Self, CompileError> {
        Self::from_program(Program::from_wgsl(source, entry, Stage::Fragment, options)?)
    }

    /// Compiles fragment entry point `entry` of a SPIR-V binary.
    pub fn from_spirv(
        bytes: &[u8],
        entry: &str,
        options: &CompileOptions,
    ) -> Result<Self, CompileError> {
        Self::from_program(Program::from_spirv(bytes, entry, Stage::Fragment, options)?)
    }

    /// Wraps a compiled fragment program (a vertex one is refused).
    pub fn from_program(program: Program) -> Result<Self, CompileError> {
        let signature = expect_stage(&program, Stage::Fragment)?;
        Ok(Self {
            signature,
            inputs: program.interpolations(),
            sampling: program.input_sampling(),
            // A shader with UAVs has effects beyond its outputs: it is shaded pixel by pixel.
            uniform_output: program.uniform_output() && program.uses.uavs.is_empty(),
            passthrough: program
                .passthrough()
                .filter(|_| program.uses.uavs.is_empty()),
            program,
            fault: Fault::default(),
        })
    }

    /// The compiled program.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The first execution error of any call so far (a call that failed wrote zeros).
    pub fn fault(&self) -> Option<ExecError> {
        self.fault.get()
    }
}

impl PixelShader for WgslPixelShader {
    fn take_fault(&self) -> Option<ShaderFault> {
        self.fault.take()
    }

    fn signature(&self) -> ShaderSignature {
        self.signature.clone()
    }

    fn inputs(&self) -> &[Interpolation] {
        &self.inputs
    }

    fn input_sampling(&self) -> &[Sampling] {
        &self.sampling
    }

    fn reads_sample_index(&self) -> bool {
        self.program.reads_sample_index()
    }

    fn reads_coverage(&self) -> bool {
        self.program.reads_coverage()
    }

    fn writes_depth(&self) -> bool {
        self.program.writes_depth()
    }

    fn may_discard(&self) -> bool {
        self.program.may_discard()
    }

    fn writes_coverage(&self) -> bool {
        self.program.writes_coverage()
    }

    fn uniform_output(&self) -> bool {
        self.uniform_output
    }

    fn passthrough(&self) -> Option<usize> {
        self.passthrough
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        match self.program.run_pixel_into(env, input, out) {
            Ok(()) => {}
            Err(e) => {
                self.fault.record(e);
                *out = PsOutput::default();
            }
        }
    }

    fn uav_slots(&self) -> Vec<u32> {
        self.program.uses.uavs.clone()
    }

    fn storage_srv_slots(&self) -> Vec<u32> {
        self.program.uses.storage_srvs.clone()
    }

    fn texture_uses(&self) -> Vec<tessera_pipeline::TextureUse> {
        self.program.uses.texture_uses()
    }

    fn storage_textures(&self) -> Vec<StorageTextureUse> {
        self.program.uses.storage_textures.clone()
    }

    fn uses_uav_atomics(&self) -> bool {
        self.program.uses.storage_atomics
    }

    fn uav_counters(&self) -> Vec<u32> {
        self.program.uses.uav_counters.clone()
    }

    fn early_depth_stencil(&self) -> bool {
        self.program.uses.early_depth_test
    }

    fn shade_with_uavs(
        &self,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
        out: &mut PsOutput,
        uavs: &mut PixelUavs<'_>,
    ) {
        match self
            .program
            .run_pixel_with_uavs(env, input, out, Some(uavs))
        {
            Ok(()) => {}
            Err(e) => {
                self.fault.record(e);
                *out = PsOutput::default();
            }
        }
    }
}
