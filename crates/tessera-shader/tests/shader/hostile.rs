//! Hostile shaders fail cleanly: infinite loops hit the step budget, huge arrays and deep
//! nesting are typed compile errors (nothing huge is allocated).

use crate::harness::{compile_with, run_program, splat};
use tessera_shader::{CompileError, CompileOptions, ExecError, MAX_REGISTERS};

#[test]
fn infinite_loop_hits_the_step_budget() {
    let opts = CompileOptions {
        step_budget: 10_000,
    };
    let p = compile_with(
        "",
        "var i = 0u; loop { i += 1u; } o.r = vec4<u32>(i);",
        &opts,
    )
    .unwrap();
    let a = splat([0.0; 4]);
    assert_eq!(
        run_program(&p, &a, &a, None),
        Err(ExecError::StepBudget { budget: 10_000 })
    );
    // A loop that only some lanes leave still runs for the others until the budget.
    let p = compile_with(
        "",
        "loop { if a.x > 0.5 { break; } } o.r = vec4<u32>(1u);",
        &opts,
    )
    .unwrap();
    let mut mixed = splat([1.0; 4]);
    mixed[3][0] = 0.0;
    assert!(matches!(
        run_program(&p, &mixed, &mixed, None),
        Err(ExecError::StepBudget { .. })
    ));
    // When every lane leaves, it finishes.
    let all = splat([1.0; 4]);
    assert_eq!(run_program(&p, &all, &all, None).unwrap()[0], [1; 4]);
}

#[test]
fn default_budget_is_two_to_the_24() {
    assert_eq!(CompileOptions::default().step_budget, 1 << 24);
    let p = compile_with(
        "",
        "loop { } o.r = vec4<u32>(1u);",
        &CompileOptions::default(),
    )
    .unwrap();
    let a = splat([0.0; 4]);
    assert_eq!(
        run_program(&p, &a, &a, None),
        Err(ExecError::StepBudget { budget: 1 << 24 })
    );
}

#[test]
fn huge_arrays_are_a_typed_error() {
    let opts = CompileOptions::default();
    let limit = u64::from(MAX_REGISTERS);
    let e = compile_with(
        "var<private> big: array<vec4<f32>, 100000000>;",
        "big[u32(a.x)] = a; o.r = bitcast<vec4<u32>>(big[0]);",
        &opts,
    )
    .unwrap_err();
    assert!(
        matches!(e, CompileError::TooLarge { needed: 400_000_000, limit: l, .. } if l == limit),
        "{e}"
    );
    let e = compile_with(
        "",
        "var big: array<array<f32, 1024>, 1024>; big[1][2] = a.x; o.r = vec4<u32>(bitcast<u32>(big[1][2]));",
        &opts,
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            CompileError::TooLarge {
                needed: 1_048_576,
                ..
            }
        ),
        "{e}"
    );
    // Past 2 GiB naga's own validator refuses the type first.
    let e = compile_with(
        "",
        "var big: array<array<f32, 65536>, 65536>; big[1][2] = a.x; o.r = vec4<u32>(bitcast<u32>(big[1][2]));",
        &opts,
    )
    .unwrap_err();
    assert!(matches!(e, CompileError::Validation { .. }), "{e}");
    // Many large-but-legal locals: the total is bounded too.
    let body: String = (0..5)
        .map(|k| {
            format!(
                "var v{k}: array<f32, 20000>; v{k}[u32(a.x)] = a.x; o.r.x += bitcast<u32>(v{k}[1]);"
            )
        })
        .collect();
    let e = compile_with("", &body, &opts).unwrap_err();
    assert!(matches!(e, CompileError::TooLarge { .. }), "{e}");
}

#[test]
fn deep_nesting_is_refused() {
    let depth = 80;
    let body = format!(
        "var x = 0u; {} x = 1u; {} o.r = vec4<u32>(x);",
        "if a.x > 0.0 { ".repeat(depth),
        "}".repeat(depth)
    );
    let e = compile_with("", &body, &CompileOptions::default()).unwrap_err();
    assert!(
        matches!(&e, CompileError::Unsupported { construct } if construct.contains("nested deeper than 64")),
        "{e}"
    );
    // 30 levels compile and run.
    let body = format!(
        "var x = 0u; {} x = 1u; {} o.r = vec4<u32>(x);",
        "if a.x > 0.0 { ".repeat(30),
        "}".repeat(30)
    );
    let p = compile_with("", &body, &CompileOptions::default()).unwrap();
    let a = splat([1.0; 4]);
    assert_eq!(run_program(&p, &a, &a, None).unwrap()[0], [1; 4]);
}

#[test]
fn a_hung_shader_behind_the_trait_writes_zeros_and_keeps_the_fault() {
    use tessera_pipeline::env::ShaderEnv;
    use tessera_pipeline::shader::{VertexShader, VsInput, VsOutput, splat4};
    use tessera_shader::WgslVertexShader;
    let src = crate::harness::module("", "loop { if a.x > 2.0 { break; } } o.r = vec4<u32>(5u);");
    let opts = CompileOptions { step_budget: 1000 };
    let vs = WgslVertexShader::new(&src, "main", &opts).unwrap();
    assert_eq!(vs.fault(), None);
    let mut out = VsOutput::default();
    out.varyings[0] = splat4([9.0; 4]);
    let run = |x: f32, out: &mut VsOutput| {
        let regs = [splat4([x; 4]), splat4([0.0; 4])];
        let input = VsInput {
            regs: &regs,
            vertex_id: [0; 8],
            instance_id: [0; 8],
        };
        vs.shade(&ShaderEnv::default(), &input, out);
    };
    run(3.0, &mut out);
    assert_eq!(out.varyings[0][0].to_array()[0].to_bits(), 5);
    assert_eq!(vs.fault(), None);
    run(0.0, &mut out);
    assert_eq!(out.varyings[0][0].to_array(), [0.0; 8]);
    assert_eq!(vs.fault(), Some(ExecError::StepBudget { budget: 1000 }));
}
