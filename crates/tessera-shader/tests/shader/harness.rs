//! Runs a WGSL vertex body over 8 lanes: inputs `a`, `b` (`vec4<f32>` per lane, locations 0 and
//! 1), output `o.r: vec4<u32>` (bits, so every result is compared exactly).

use tessera_pipeline::env::ShaderEnv;
use tessera_pipeline::shader::{Reg, VsInput};
use tessera_shader::{CompileError, CompileOptions, ExecError, Program, Stage};
use wide::f32x8;

/// Per-lane values of one `vec4<f32>` input: `lanes[l] = [x, y, z, w]`.
pub type In = [[f32; 4]; 8];

/// The same `vec4` in every lane.
pub fn splat(v: [f32; 4]) -> In {
    [v; 8]
}

fn reg(v: &In) -> Reg {
    let comp = |c: usize| f32x8::new(std::array::from_fn(|l| v[l][c]));
    [comp(0), comp(1), comp(2), comp(3)]
}

/// The WGSL module around `body` (statements that set `o.r`; `a`, `b`, `vi` are in scope).
pub fn module(prelude: &str, body: &str) -> String {
    format!(
        "{prelude}
struct Out {{ @builtin(position) pos: vec4<f32>, @location(0) @interpolate(flat) r: vec4<u32>, }}
@vertex fn main(@location(0) a: vec4<f32>, @location(1) b: vec4<f32>,
                @builtin(vertex_index) vi: u32) -> Out {{
    var o: Out;
    {body}
    return o;
}}"
    )
}

/// Compiles `body` with `options`.
pub fn compile_with(
    prelude: &str,
    body: &str,
    options: &CompileOptions,
) -> Result<Program, CompileError> {
    Program::from_wgsl(&module(prelude, body), "main", Stage::Vertex, options)
}

/// Compiles and runs; returns `o.r` per lane as `[x, y, z, w]` bits.
pub fn try_run(
    prelude: &str,
    body: &str,
    a: &In,
    b: &In,
    cb: Option<&[u8]>,
) -> Result<[[u32; 4]; 8], ExecError> {
    let p = compile_with(prelude, body, &CompileOptions::default())
        .unwrap_or_else(|e| panic!("compile failed: {e}\n{}", module(prelude, body)));
    run_program(&p, a, b, cb)
}

/// Runs a compiled program.
pub fn run_program(
    p: &Program,
    a: &In,
    b: &In,
    cb: Option<&[u8]>,
) -> Result<[[u32; 4]; 8], ExecError> {
    let regs = [reg(a), reg(b)];
    let env = ShaderEnv {
        constant_buffers: vec![cb],
        ..ShaderEnv::default()
    };
    let input = VsInput {
        regs: &regs,
        vertex_id: std::array::from_fn(|l| l as u32),
        instance_id: [0; 8],
    };
    let out = p.run_vertex(&env, &input)?;
    let r = out.varyings[0].map(|v| v.to_array().map(f32::to_bits));
    Ok(std::array::from_fn(|l| {
        [r[0][l], r[1][l], r[2][l], r[3][l]]
    }))
}

/// [`try_run`] without a constant buffer, panicking on an execution error.
pub fn run(body: &str, a: &In, b: &In) -> [[u32; 4]; 8] {
    try_run("", body, a, b, None).unwrap()
}

/// `o.r` of lane 0 as `f32`s.
pub fn f4(r: &[[u32; 4]; 8], lane: usize) -> [f32; 4] {
    r[lane].map(f32::from_bits)
}

/// `o.r` of lane 0 as `i32`s.
pub fn i4(r: &[[u32; 4]; 8], lane: usize) -> [i32; 4] {
    r[lane].map(u32::cast_signed)
}
