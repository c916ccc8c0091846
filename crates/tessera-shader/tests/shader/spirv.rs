//! SPIR-V modules (made here from WGSL by naga's SPIR-V back end): the Vulkan y flip of
//! `SpirvOptions::flip_y`, and locals of inlined calls re-initialised at every call site when
//! the front end leaves their initial value to the variable (SPIR-V `OpVariable` initialisers).

use tessera_pipeline::env::ShaderEnv;
use tessera_pipeline::shader::VsInput;
use tessera_shader::{CompileOptions, Program, SpirvOptions, Stage};
use wide::f32x8;

/// naga's SPIR-V of `wgsl`, with naga's Vulkan y flip of the vertex position when `vulkan`.
pub fn spirv_of(wgsl: &str, vulkan: bool) -> Vec<u8> {
    use naga::back::spv::{Options, WriterFlags, write_vec};
    let v = tessera_shader::parse_wgsl(wgsl).unwrap_or_else(|e| panic!("{e}"));
    let flags = if vulkan {
        WriterFlags::ADJUST_COORDINATE_SPACE
    } else {
        WriterFlags::empty()
    };
    let options = Options {
        flags,
        ..Options::default()
    };
    let words = write_vec(&v.module, &v.info, &options, None).expect("naga writes SPIR-V");
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

const VS: &str = "
struct Out { @builtin(position) pos: vec4<f32>, @location(0) v: vec4<f32>, }
@vertex fn main(@location(0) p: vec4<f32>) -> Out {
    var o: Out;
    o.pos = vec4<f32>(p.x * 2.0, p.y - 0.25, p.z, 1.0);
    o.v = p;
    return o;
}";

/// Position and varying 0 of `p` over 8 vertices `(l, 0.5 + l, -l, 1)`, as bits.
fn run(p: &Program) -> ([[u32; 8]; 4], [[u32; 8]; 4]) {
    let comp = |f: fn(f32) -> f32| f32x8::new(std::array::from_fn(|l| f(l as f32)));
    let regs = [[comp(|l| l), comp(|l| 0.5 + l), comp(|l| -l), comp(|_| 1.0)]];
    let input = VsInput {
        regs: &regs,
        vertex_id: std::array::from_fn(|l| l as u32),
        instance_id: [0; 8],
    };
    let out = p.run_vertex(&ShaderEnv::default(), &input).unwrap();
    let bits = |r: [f32x8; 4]| r.map(|c| c.to_array().map(f32::to_bits));
    (bits(out.position), bits(out.varyings[0]))
}

fn compile(bytes: &[u8], flip_y: bool) -> Program {
    let o = CompileOptions::default();
    Program::from_spirv_with(bytes, "main", Stage::Vertex, &o, &SpirvOptions { flip_y })
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn flip_y_negates_only_the_vertex_position_y() {
    let wgsl =
        run(&Program::from_wgsl(VS, "main", Stage::Vertex, &CompileOptions::default()).unwrap());
    let (d3d, vulkan) = (spirv_of(VS, false), spirv_of(VS, true));
    // SPIR-V in D3D's clip space without the flip, and Vulkan's with it: the WGSL bits.
    assert_eq!(run(&compile(&d3d, false)), wgsl);
    assert_eq!(run(&compile(&vulkan, true)), wgsl);
    // The other two: y negated (sign bit flipped), x, z, w and the varying unchanged.
    let mut mirrored = wgsl;
    for y in &mut mirrored.0[1] {
        *y ^= 0x8000_0000;
    }
    assert_eq!(run(&compile(&d3d, true)), mirrored);
    assert_eq!(run(&compile(&vulkan, false)), mirrored);
    // The default options are the D3D reading.
    let default =
        Program::from_spirv(&d3d, "main", Stage::Vertex, &CompileOptions::default()).unwrap();
    assert_eq!(run(&default), wgsl);
}

const COUNT_UP: &str = "
fn count_up(k: u32) -> u32 {
    var s = 5u;
    var n: u32 = 0u;
    for (var i = 0u; i < k; i++) { s += i; n += 1u; }
    return s * 100u + n;
}
struct Out { @builtin(position) pos: vec4<f32>, @location(0) @interpolate(flat) r: vec4<u32>, }
@vertex fn main(@builtin(vertex_index) vi: u32) -> Out {
    var o: Out;
    var t = 0u;
    for (var c = 0u; c < 3u; c++) { t += count_up(vi + c); }
    o.r = vec4<u32>(count_up(vi), count_up(vi + 1u), t, 0u);
    o.pos = vec4<f32>(0.0, 0.0, 0.0, 1.0);
    return o;
}";

#[test]
fn spirv_locals_start_afresh_at_every_inlined_call() {
    let bytes = spirv_of(COUNT_UP, false);
    // naga's SPIR-V front end keeps an OpVariable initialiser as the local's `init` with no
    // store of it, so only the inliner's initial stores reset `s` and `n` at each call.
    let v = tessera_shader::parse_spirv(&bytes).unwrap();
    let f = v
        .module
        .functions
        .iter()
        .map(|(_, f)| f)
        .find(|f| f.local_variables.len() >= 2)
        .expect("count_up");
    assert!(
        f.local_variables.iter().all(|(_, l)| l.init.is_some()),
        "{:?}",
        f.local_variables
    );
    let p = compile(&bytes, false);
    let input = VsInput {
        regs: &[],
        vertex_id: std::array::from_fn(|l| l as u32),
        instance_id: [0; 8],
    };
    let out = p.run_vertex(&ShaderEnv::default(), &input).unwrap();
    let r = out.varyings[0].map(|c| c.to_array().map(f32::to_bits));
    let count_up = |k: u32| (5 + (0..k).sum::<u32>()) * 100 + k;
    for l in 0..8u32 {
        let t: u32 = (0..3).map(|c| count_up(l + c)).sum();
        let lane = [0, 1, 2, 3].map(|c| r[c][l as usize]);
        assert_eq!(lane, [count_up(l), count_up(l + 1), t, 0], "lane {l}");
    }
}
