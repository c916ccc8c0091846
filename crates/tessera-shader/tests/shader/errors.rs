//! Bad or unsupported shaders are typed errors naming the problem.

use crate::harness::{compile_with, module};
use tessera_shader::{CompileError, CompileOptions, Program, Stage};

#[test]
fn parse_error_carries_nagas_message_and_location() {
    let src = "@vertex fn main() -> @builtin(position) vec4<f32> {\n  return vec4<f32>(1.0 +);\n}";
    let e = Program::from_wgsl(src, "main", Stage::Vertex, &CompileOptions::default()).unwrap_err();
    let CompileError::Parse { message } = &e else {
        panic!("{e:?}");
    };
    assert!(message.starts_with("2:"), "{message}");
    assert!(e.to_string().starts_with("WGSL parse error: 2:"), "{e}");
}

#[test]
fn validation_error_is_typed() {
    let e = compile_with(
        "",
        "let x: f32 = a.x; o.r = vec4<u32>(x + 1u);",
        &CompileOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            CompileError::Parse { .. } | CompileError::Validation { .. }
        ),
        "{e}"
    );
    let src = "@vertex fn main(@location(0) a: vec4<f32>) -> @builtin(position) vec4<f32> {
        var x: f32; return vec4<f32>(a.x + x);
    }
    @fragment fn main2(@location(0) a: vec4<f32>) -> @location(0) vec4<f32> { return vec4<f32>(dpdx(a.x)); }";
    assert!(Program::from_wgsl(src, "main", Stage::Vertex, &CompileOptions::default()).is_ok());
    let e =
        Program::from_wgsl(src, "main", Stage::Fragment, &CompileOptions::default()).unwrap_err();
    assert!(
        matches!(&e, CompileError::NoEntryPoint { name, stage: "fragment", .. } if name == "main"),
        "{e}"
    );
}

#[test]
fn unsupported_constructs_name_themselves() {
    let unsupported = |prelude: &str, body: &str, what: &str| {
        let e = compile_with(prelude, body, &CompileOptions::default()).unwrap_err();
        assert!(
            matches!(&e, CompileError::Unsupported { construct } if construct.contains(what)),
            "{what}: {e}"
        );
    };
    unsupported(
        "override k: f32 = 1.0;",
        "o.r.x = bitcast<u32>(k * a.x);",
        "pipeline-overridable constant",
    );
    unsupported(
        "@group(3) @binding(0) var<storage, read_write> s: array<u32>;",
        "s[0] = 1u;",
        "a storage buffer in the vertex stage",
    );
}

#[test]
fn bindings_outside_the_model_are_refused() {
    let e = compile_with(
        "@group(1) @binding(0) var<uniform> u: vec4<f32>;",
        "o.r = bitcast<vec4<u32>>(u);",
        &CompileOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            CompileError::Binding {
                group: 1,
                binding: 0,
                ..
            }
        ),
        "{e}"
    );
    let e = compile_with(
        "@group(0) @binding(14) var<uniform> u: vec4<f32>;",
        "o.r = bitcast<vec4<u32>>(u);",
        &CompileOptions::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            CompileError::Binding {
                group: 0,
                binding: 14,
                ..
            }
        ),
        "{e}"
    );
    assert!(module("", "").contains("@vertex"));
}
