//! The golden scenes render byte-identical with the WGSL twins of the built-in shaders
//! (`assets/shaders/*.wgsl`) and with the Rust built-ins (#18).

use std::sync::{Arc, Mutex};

use tessera_pipeline::shader::{PixelShader, VertexShader};
use tessera_scene::format::ShaderSpec;
use tessera_scene::shaders::{ShaderOverride, StageShader};
use tessera_scene::{RenderOptions, Scene};
use tessera_shader::{CompileOptions, WgslPixelShader, WgslVertexShader};
use tessera_testkit::workspace_root;

fn source(file: &str) -> String {
    let p = workspace_root().join("assets/shaders").join(file);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn vs(file: &str, entry: &str) -> StageShader {
    let s = WgslVertexShader::new(&source(file), entry, &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{file} {entry}: {e}"));
    StageShader::Vertex(Arc::new(s) as Arc<dyn VertexShader>)
}

fn ps(file: &str, entry: &str) -> StageShader {
    let s = WgslPixelShader::new(&source(file), entry, &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{file} {entry}: {e}"));
    StageShader::Pixel(Arc::new(s) as Arc<dyn PixelShader>)
}

/// The WGSL twin of a built-in, if there is one.
fn twin(spec: &ShaderSpec) -> Option<StageShader> {
    Some(match spec {
        ShaderSpec::Transform(t) if t.varyings == 1 => vs("transform.wgsl", "vs_1"),
        ShaderSpec::Transform(t) if t.varyings == 2 => vs("transform.wgsl", "vs_2"),
        ShaderSpec::InstancedTransform(t) if t.varyings == 1 => vs("transform.wgsl", "instanced_1"),
        ShaderSpec::VertexColor => ps("color.wgsl", "vertex_color"),
        ShaderSpec::ConstantColor => ps("color.wgsl", "constant_color"),
        ShaderSpec::Textured => ps("textured.wgsl", "main"),
        ShaderSpec::LitVs => vs("lit.wgsl", "lit_vs"),
        ShaderSpec::LitPs => ps("lit.wgsl", "lit_ps"),
        _ => return None,
    })
}

const SCENES: &[&str] = &[
    "triangle",
    "depth_test",
    "stencil_mask",
    "blend_modes",
    "culling",
    "texture_trilinear",
    "texture_anisotropic",
    "texture_point_nomip",
    "indexed_cube",
    "instancing",
    "viewport_scissor",
    "lit_sphere",
    "lines",
    "level_same_9_1",
    "texture_repeat_9_1",
];

fn render(scene: &Scene, threads: usize) -> tessera_scene::RenderedTargets {
    let opts = RenderOptions {
        threads: Some(threads),
        ..Default::default()
    };
    scene
        .render(&opts)
        .unwrap_or_else(|e| panic!("{}: {e}", scene.source.display()))
}

#[test]
fn golden_scenes_are_byte_identical_with_the_wgsl_twins() {
    for name in SCENES {
        let path = workspace_root()
            .join("assets/scenes")
            .join(format!("{name}.json"));
        let rust = Scene::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let missing = Arc::new(Mutex::new(Vec::new()));
        let replaced = Arc::new(Mutex::new(0usize));
        let (m, r) = (missing.clone(), replaced.clone());
        let wgsl = rust
            .clone()
            .with_shader_override(ShaderOverride(Arc::new(move |spec| {
                let t = twin(spec);
                match &t {
                    Some(_) => *r.lock().unwrap() += 1,
                    None => m.lock().unwrap().push(format!("{spec:?}")),
                }
                t
            })));
        let expected = render(&rust, 2);
        for threads in [1, 2] {
            let got = render(&wgsl, threads);
            assert_eq!(got.images.len(), expected.images.len(), "{name}");
            for ((n, a), (_, b)) in got.images.iter().zip(&expected.images) {
                assert!(
                    a.as_raw() == b.as_raw(),
                    "{name}: output {n} differs at {threads} threads"
                );
            }
            for ((n, a), (_, b)) in got.textures.iter().zip(&expected.textures) {
                assert_eq!(a.desc().format, b.desc().format, "{name}: {n}");
            }
            assert_eq!(
                got.messages, expected.messages,
                "{name}: info-queue messages differ"
            );
        }
        assert!(
            missing.lock().unwrap().is_empty(),
            "{name}: no twin for {:?}",
            missing.lock().unwrap()
        );
        assert!(
            *replaced.lock().unwrap() > 0,
            "{name}: no shader was replaced"
        );
    }
}

fn sig_vs(file: &str, entry: &str) -> tessera_pipeline::shader::ShaderSignature {
    WgslVertexShader::new(&source(file), entry, &CompileOptions::default())
        .unwrap()
        .signature()
}

fn sig_ps(file: &str, entry: &str) -> WgslPixelShader {
    WgslPixelShader::new(&source(file), entry, &CompileOptions::default()).unwrap()
}

#[test]
fn twins_reflect_the_signatures_and_hints_of_the_built_ins() {
    use tessera_pipeline::builtin::{
        ConstantColorPs, LitPs, LitVs, TexturedPs, TransformVs, VertexColorPs,
    };
    use tessera_pipeline::shader::ShaderProfile;
    assert_eq!(
        sig_vs("transform.wgsl", "vs_1"),
        TransformVs { varyings: 1 }.signature()
    );
    assert_eq!(
        sig_vs("transform.wgsl", "vs_2"),
        TransformVs { varyings: 2 }.signature()
    );
    assert_eq!(sig_vs("lit.wgsl", "lit_vs"), LitVs.signature());
    let pairs: [(WgslPixelShader, &dyn PixelShader); 3] = [
        (sig_ps("color.wgsl", "vertex_color"), &VertexColorPs),
        (sig_ps("color.wgsl", "constant_color"), &ConstantColorPs),
        (sig_ps("textured.wgsl", "main"), &TexturedPs),
    ];
    for (wgsl, rust) in &pairs {
        assert_eq!(wgsl.signature(), rust.signature());
        assert_eq!(wgsl.inputs(), rust.inputs());
        assert_eq!(wgsl.uniform_output(), rust.uniform_output());
        assert_eq!(wgsl.passthrough(), rust.passthrough());
        assert_eq!(wgsl.may_discard(), rust.may_discard());
        assert_eq!(wgsl.writes_depth(), rust.writes_depth());
    }
    // LitPs: the same signature except the profile: its specular loop and integer power need
    // shader model 4 (the Rust built-in declares ps_4_0_level_9_1).
    let lit = sig_ps("lit.wgsl", "lit_ps");
    assert_eq!(lit.signature().profile, ShaderProfile::Ps4_0);
    let mut want = LitPs.signature();
    want.profile = ShaderProfile::Ps4_0;
    assert_eq!(lit.signature(), want);
    assert!(!lit.uniform_output());
}
