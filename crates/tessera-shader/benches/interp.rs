//! Interpreter throughput. `straight_line_vs`: one 8-lane call of a vertex shader of float
//! arithmetic only (a 64-step multiply-add chain per component); unit: lane-ops (ops
//! executed × 8 lanes). `lit_ps`: the WGSL twin of the built-in LitPs (specular power 32, so
//! its loop runs 6 times); unit: pixels shaded (8 per call).
#![allow(
    missing_docs,
    reason = "criterion_group! generates an undocumented `pub fn`"
)]

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tessera_pipeline::env::ShaderEnv;
use tessera_pipeline::shader::{PsInput, VsInput, VsOutput, splat4};
use tessera_shader::ir::Node;
use tessera_shader::{CompileOptions, Program, Stage};

/// Ops of a body without control flow.
fn ops(nodes: &[Node]) -> u64 {
    nodes
        .iter()
        .map(|n| match n {
            Node::Ops(v) => v.len() as u64,
            _ => 0,
        })
        .sum()
}

fn chain() -> String {
    let mut body = String::from("var x = a;\n");
    for k in 0..64 {
        body.push_str(&format!("x = x * b + vec4<f32>({}.5);\n", k % 7));
    }
    format!(
        "@vertex fn main(@location(0) a: vec4<f32>, @location(1) b: vec4<f32>) -> @builtin(position) vec4<f32> {{
            {body} return x; }}"
    )
}

fn bench(c: &mut Criterion) {
    let opts = CompileOptions::default();
    let vs = Program::from_wgsl(&chain(), "main", Stage::Vertex, &opts).expect("chain compiles");
    let regs = [
        splat4([0.5, 0.25, 0.125, 1.0]),
        splat4([0.9, 0.8, 0.7, 0.6]),
    ];
    let input = VsInput {
        regs: &regs,
        vertex_id: [0; 8],
        instance_id: [0; 8],
    };
    let env = ShaderEnv::default();
    let mut g = c.benchmark_group("interp");
    g.throughput(Throughput::Elements(8 * ops(&vs.body)));
    let mut out = VsOutput::default();
    g.bench_function("straight_line_vs", |b| {
        b.iter(|| vs.run_vertex_into(&env, black_box(&input), &mut out))
    });
    let src = include_str!("../../../assets/shaders/lit.wgsl");
    let ps = Program::from_wgsl(src, "lit_ps", Stage::Fragment, &opts).expect("lit_ps compiles");
    let cb: Vec<u8> = [
        [0.3f32, 0.8, 0.5, 0.0],
        [1.0, 1.0, 1.0, 1.0],
        [0.1, 0.1, 0.1, 1.0],
        [0.8, 0.4, 0.2, 1.0],
        [0.0, 0.0, 5.0, 1.0],
        [32.0, 0.5, 0.0, 0.0],
    ]
    .iter()
    .flatten()
    .flat_map(|f| f.to_le_bytes())
    .collect();
    let env = ShaderEnv {
        constant_buffers: vec![Some(&cb)],
        ..ShaderEnv::default()
    };
    let varyings = [
        splat4([0.1, 0.2, 0.0, 1.0]),
        splat4([0.0, 0.6, 0.8, 0.0]),
        splat4([0.5, 0.5, 0.0, 0.0]),
    ];
    let input = PsInput {
        position: splat4([0.5, 0.5, 0.0, 1.0]),
        varyings: &varyings,
        front_face: true,
        primitive_id: 0,
        coverage: 0xff,
        sample_index: 0,
        input_coverage: [0; 8],
    };
    g.throughput(Throughput::Elements(8));
    g.bench_function("lit_ps", |b| {
        b.iter(|| ps.run_pixel(&env, black_box(&input)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
