//! The profile a WGSL shader claims decides the levels that run it: the SM 5 bit builtins
//! make a vertex or pixel shader `*_5_0`, which `Create*Shader` refuses at 10_x with the
//! profile error, and a compute shader that cs_4_x cannot run (`Error::ComputeLimit`).

use std::sync::Arc;

use tessera::caps::CapsError;
use tessera::pipeline::shader::ShaderProfile;
use tessera::{Device, DeviceDesc, Error, FeatureLevel};
use tessera_shader::{CompileOptions, WgslComputeShader, WgslPixelShader, WgslVertexShader};

const VS: &str = "@vertex fn main(@location(0) p: vec4<f32>) -> @builtin(position) vec4<f32> {
    return p * f32(countOneBits(bitcast<u32>(p.x)));
}";
const PS: &str = "@fragment fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(f32(extractBits(u32(p.x), 1u, 3u)));
}";
const CS: &str = "@group(3) @binding(0) var<storage, read_write> s: array<u32>;
@compute @workgroup_size(4) fn main(@builtin(local_invocation_index) i: u32) {
    s[i] = reverseBits(i);
}";
/// The same without the bit builtins: `*_4_0` / cs_4_x.
const VS4: &str = "@vertex fn main(@location(0) p: vec4<f32>) -> @builtin(position) vec4<f32> {
    return p * f32(bitcast<u32>(p.x) & 3u);
}";

fn device(level: FeatureLevel) -> Device {
    Device::new(&DeviceDesc {
        threads: Some(1),
        ..DeviceDesc::at(level)
    })
    .unwrap()
}

#[test]
fn bit_builtins_are_refused_below_11_0_with_the_profile_error() {
    let opts = CompileOptions::default();
    let vs = || Arc::new(WgslVertexShader::new(VS, "main", &opts).unwrap());
    let ps = || Arc::new(WgslPixelShader::new(PS, "main", &opts).unwrap());
    let cs = || Arc::new(WgslComputeShader::new(CS, "main", &opts).unwrap());
    for level in [FeatureLevel::L10_0, FeatureLevel::L10_1] {
        let d = device(level);
        match d.create_vertex_shader(vs()) {
            Err(Error::Caps(CapsError::ShaderProfileRefused {
                call: "CreateVertexShader",
                level: l,
                profile: ShaderProfile::Vs5_0,
                ..
            })) if l == level => {}
            other => panic!("{level:?}: {other:?}"),
        }
        match d.create_pixel_shader(ps()) {
            Err(Error::Caps(CapsError::ShaderProfileRefused {
                call: "CreatePixelShader",
                level: l,
                profile: ShaderProfile::Ps5_0,
                ..
            })) if l == level => {}
            other => panic!("{level:?}: {other:?}"),
        }
        let m = d
            .info_queue()
            .messages()
            .last()
            .cloned()
            .expect("a message");
        assert_eq!(m.call, "CreatePixelShader");
        match d.create_compute_shader(cs()) {
            Err(Error::ComputeLimit {
                call: "CreateComputeShader",
                rule,
                level: l,
                limit: 0,
                value: 1,
            }) if l == level && rule.contains("cs_5_0") => {}
            other => panic!("{level:?}: {other:?}"),
        }
        let vs4 = Arc::new(WgslVertexShader::new(VS4, "main", &opts).unwrap());
        assert!(
            d.create_vertex_shader(vs4).is_ok(),
            "{level:?}: vs_4_0 runs"
        );
    }
    let d = device(FeatureLevel::L11_0);
    assert!(d.create_vertex_shader(vs()).is_ok());
    assert!(d.create_pixel_shader(ps()).is_ok());
    assert!(d.create_compute_shader(cs()).is_ok());
}
