//! The fragment stage: quad derivatives against hand values, discard, builtins, outputs.

use tessera_pipeline::env::ShaderEnv;
use tessera_pipeline::shader::{PsInput, Reg};
use tessera_shader::{CompileOptions, Program, Stage};
use wide::f32x8;

fn ps(src: &str) -> Program {
    Program::from_wgsl(src, "main", Stage::Fragment, &CompileOptions::default()).unwrap()
}

fn reg(c: [[f32; 8]; 4]) -> Reg {
    c.map(f32x8::new)
}

/// Two quads: lanes 0..3 at x 0,1 / y 0,1 (TL, TR, BL, BR), lanes 4..7 at x 2,3.
fn position() -> Reg {
    reg([
        [0.5, 1.5, 0.5, 1.5, 2.5, 3.5, 2.5, 3.5],
        [0.5, 0.5, 1.5, 1.5, 0.5, 0.5, 1.5, 1.5],
        [0.0; 8],
        [1.0; 8],
    ])
}

fn run(p: &Program, varyings: &[Reg], front: bool) -> tessera_pipeline::shader::PsOutput {
    let input = PsInput {
        position: position(),
        varyings,
        front_face: front,
        primitive_id: 5,
        coverage: 0xff,
        sample_index: 0,
        input_coverage: [0; 8],
    };
    p.run_pixel(&ShaderEnv::default(), &input).unwrap()
}

fn lanes(v: f32x8) -> [f32; 8] {
    v.to_array()
}

#[test]
fn coarse_and_fine_derivatives_are_quad_differences() {
    let p = ps(
        "@fragment fn main(@location(0) v: vec4<f32>) -> @location(0) vec4<f32> {
        return vec4<f32>(dpdxCoarse(v.x), dpdyCoarse(v.x), dpdxFine(v.x), dpdyFine(v.x));
    }",
    );
    // v.x = x * x + 10 y per lane (TL, TR, BL, BR per quad).
    let vx = [0.0, 1.0, 10.0, 11.0, 4.0, 9.0, 14.0, 19.0];
    let v = reg([vx, [0.0; 8], [0.0; 8], [0.0; 8]]);
    let out = run(&p, &[v], true);
    // Coarse: from the quad's top-left: d/dx = TR - TL, d/dy = BL - TL, for all four lanes.
    assert_eq!(
        lanes(out.targets[0][0]),
        [1.0, 1.0, 1.0, 1.0, 5.0, 5.0, 5.0, 5.0]
    );
    assert_eq!(lanes(out.targets[0][1]), [10.0; 8]);
    // Fine: per row for x, per column for y.
    assert_eq!(
        lanes(out.targets[0][2]),
        [1.0, 1.0, 1.0, 1.0, 5.0, 5.0, 5.0, 5.0]
    );
    assert_eq!(
        lanes(out.targets[0][3]),
        [10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0]
    );
    let v = reg([
        [0.0, 1.0, 10.0, 13.0, 0.0, 2.0, 0.0, 7.0],
        [0.0; 8],
        [0.0; 8],
        [0.0; 8],
    ]);
    let out = run(&p, &[v], true);
    assert_eq!(
        lanes(out.targets[0][2]),
        [1.0, 1.0, 3.0, 3.0, 2.0, 2.0, 7.0, 7.0]
    );
    assert_eq!(
        lanes(out.targets[0][3]),
        [10.0, 12.0, 10.0, 12.0, 0.0, 5.0, 0.0, 5.0]
    );
}

#[test]
fn discard_marks_lanes_and_builtins_reach_the_shader() {
    let p = ps("enable primitive_index;
    struct O { @location(0) c: vec4<f32>, @location(2) d: vec4<f32>, }
    @fragment fn main(@builtin(position) pos: vec4<f32>, @builtin(front_facing) ff: bool,
                      @builtin(primitive_index) id: u32) -> O {
        if pos.x > 2.0 && pos.y < 1.0 { discard; }
        var o: O;
        o.c = vec4<f32>(pos.xy, select(0.0, 1.0, ff), f32(id));
        o.d = vec4<f32>(fwidth(pos.x), 0.0, 0.0, 1.0);
        return o;
    }");
    let out = run(&p, &[], false);
    assert_eq!(
        out.discard,
        [false, false, false, false, true, true, false, false]
    );
    let pos = position();
    assert_eq!(lanes(out.targets[0][0])[..4], lanes(pos[0])[..4]);
    assert_eq!(lanes(out.targets[0][2]), [0.0; 8]);
    assert_eq!(lanes(out.targets[0][3])[0], 5.0);
    assert_eq!(lanes(out.targets[2][0])[..4], [1.0; 4]);
    assert_eq!(lanes(out.targets[1][0]), [0.0; 8]);
}

/// `discard` demotes the lane to a helper (WGSL): it keeps running, so a derivative taken
/// after the discard in its quad sees the value the discarded lane computed afterwards.
#[test]
fn discarded_lanes_run_on_as_helpers_for_derivatives() {
    let p = ps(
        "@fragment fn main(@builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
        var v = pos.x * 3.0;
        if pos.x < 1.0 { discard; }
        v = v * v;
        return vec4<f32>(dpdxFine(v), v, 0.0, 1.0);
    }",
    );
    let out = run(&p, &[], true);
    // Lanes at x = 0.5 (0 and 2) are discarded; their v is still squared: 1.5² = 2.25.
    assert_eq!(
        out.discard,
        [true, false, true, false, false, false, false, false]
    );
    // TR - TL per row: 4.5² - 1.5² = 18 in the first quad (a stopped lane would give 18.75),
    // 10.5² - 7.5² = 54 in the second.
    assert_eq!(
        lanes(out.targets[0][0]),
        [18.0, 18.0, 18.0, 18.0, 54.0, 54.0, 54.0, 54.0]
    );
    assert_eq!(
        lanes(out.targets[0][1])[1..],
        [20.25, 2.25, 20.25, 56.25, 110.25, 56.25, 110.25]
    );
}

#[test]
fn hints_are_derived_from_the_ir() {
    use tessera_pipeline::shader::{Interpolation, PixelShader};
    use tessera_shader::WgslPixelShader;
    let ps = |src: &str| WgslPixelShader::new(src, "main", &CompileOptions::default()).unwrap();
    let pass = ps(
        "@fragment fn main(@location(0) a: vec4<f32>, @location(1) @interpolate(flat) b: vec4<f32>) -> @location(0) vec4<f32> { return b; }",
    );
    assert_eq!(pass.passthrough(), Some(1));
    assert!(pass.uniform_output());
    assert_eq!(
        pass.inputs(),
        &[Interpolation::Perspective, Interpolation::Constant]
    );
    // Anything but a plain copy of one input into target 0 is no passthrough.
    let swz = ps(
        "@fragment fn main(@location(0) a: vec4<f32>) -> @location(0) vec4<f32> { return a.bgra; }",
    );
    assert_eq!(swz.passthrough(), None);
    assert!(swz.uniform_output());
    let pos = ps(
        "@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return p; }",
    );
    assert!(!pos.uniform_output());
    let kill = ps(
        "@fragment fn main(@location(0) @interpolate(linear) a: vec4<f32>) -> @location(0) vec4<f32> { if a.x < 0.0 { discard; } return a; }",
    );
    assert!(kill.may_discard() && !kill.uniform_output() && kill.passthrough().is_none());
    assert_eq!(kill.inputs(), &[Interpolation::NoPerspective]);
    let depth = ps(
        "struct O { @location(0) c: vec4<f32>, @builtin(frag_depth) d: f32, }
        @fragment fn main(@location(0) a: vec4<f32>) -> O { return O(a, a.z); }",
    );
    assert!(depth.writes_depth() && !depth.uniform_output());
    assert!(!pass.writes_depth() && !pass.may_discard());
}

#[test]
fn bad_spirv_is_a_typed_error() {
    use tessera_shader::{CompileError, WgslVertexShader};
    let e = WgslVertexShader::from_spirv(
        &[0x07, 0x23, 0x02, 0x03, 0, 0, 0],
        "main",
        &CompileOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(e, CompileError::SpirV { .. }), "{e}");
    // A program of the wrong stage is refused by the wrapper.
    let p = Program::from_wgsl(
        "@fragment fn main() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }",
        "main",
        Stage::Fragment,
        &CompileOptions::default(),
    )
    .unwrap();
    let e = WgslVertexShader::from_program(p).unwrap_err();
    assert!(
        matches!(
            e,
            CompileError::NoEntryPoint {
                stage: "vertex",
                ..
            }
        ),
        "{e}"
    );
}

/// `@builtin(sample_mask)` out is `SV_Coverage` (oMask): written per lane to
/// `PsOutput::coverage`, reflected as a coverage write (no longer uniform or pass-through) and
/// a `ps_4_1` feature.
#[test]
fn sample_mask_output_is_sv_coverage() {
    use tessera_pipeline::shader::ShaderProfile;
    let p = ps(
        "struct O { @location(0) c: vec4<f32>, @builtin(sample_mask) m: u32, }
        @fragment fn main(@location(0) a: vec4<f32>) -> O {
            return O(a, select(5u, 0xf0u, a.x > 0.5));
        }",
    );
    assert!(p.writes_coverage() && !p.uniform_output() && p.passthrough().is_none());
    assert_eq!(p.signature().unwrap().profile, ShaderProfile::Ps4_1);
    let v = reg([
        [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0],
        [0.0; 8],
        [0.0; 8],
        [0.0; 8],
    ]);
    let out = run(&p, &[v], true);
    assert_eq!(out.coverage, [5, 0xf0, 5, 0xf0, 5, 0xf0, 5, 0xf0]);
}

/// `@builtin(sample_index)` and `@builtin(sample_mask)` as fragment inputs are `SV_SampleIndex`
/// (`ps_4_1`, sample-frequency shading) and the `SV_Coverage` input (`ps_5_0`), read from
/// `PsInput::sample_index` / `input_coverage`; `@interpolate(_, centroid | sample)` is
/// reflected per input (`flat`'s `first`/`either` and `center` are the centre).
#[test]
fn sample_index_coverage_input_and_sampling() {
    use tessera_pipeline::shader::{Sampling, ShaderProfile};
    let p = ps(
        "@fragment fn main(@builtin(sample_index) s: u32, @builtin(sample_mask) m: u32)
            -> @location(0) vec4<u32> { return vec4<u32>(s, m, 0u, 0u); }",
    );
    assert!(p.reads_sample_index() && p.reads_coverage() && !p.uniform_output());
    assert_eq!(p.signature().unwrap().profile, ShaderProfile::Ps5_0);
    let input = PsInput {
        position: position(),
        varyings: &[],
        front_face: true,
        primitive_id: 0,
        coverage: 0xff,
        sample_index: 3,
        input_coverage: [1, 2, 3, 4, 5, 6, 7, 0xff],
    };
    let out = p.run_pixel(&ShaderEnv::default(), &input).unwrap();
    let bits = |v: f32x8| v.to_array().map(f32::to_bits);
    assert_eq!(bits(out.targets[0][0]), [3; 8]);
    assert_eq!(bits(out.targets[0][1]), [1, 2, 3, 4, 5, 6, 7, 0xff]);
    let idx = ps(
        "@fragment fn main(@builtin(sample_index) s: u32) -> @location(0) vec4<f32> {
            return vec4<f32>(f32(s)); }",
    );
    assert!(idx.reads_sample_index() && !idx.reads_coverage());
    assert_eq!(idx.signature().unwrap().profile, ShaderProfile::Ps4_1);
    let at = ps("@fragment fn main(
            @location(0) @interpolate(perspective, centroid) a: vec4<f32>,
            @location(1) @interpolate(linear, sample) b: vec4<f32>,
            @location(2) @interpolate(flat, either) c: vec4<f32>,
            @location(3) @interpolate(linear, center) d: vec4<f32>,
        ) -> @location(0) vec4<f32> { return a + b + c + d; }");
    assert_eq!(
        at.input_sampling(),
        [
            Sampling::Centroid,
            Sampling::Sample,
            Sampling::Center,
            Sampling::Center
        ]
    );
    assert_eq!(at.signature().unwrap().profile, ShaderProfile::Ps4_1);
    assert!(!at.reads_sample_index());
    let centroid = ps(
        "@fragment fn main(@location(0) @interpolate(perspective, centroid) a: vec4<f32>)
            -> @location(0) vec4<f32> { return a; }",
    );
    assert_eq!(centroid.input_sampling(), [Sampling::Centroid]);
    assert_eq!(
        centroid.signature().unwrap().profile,
        ShaderProfile::Ps4_0Level9_1
    );
}
