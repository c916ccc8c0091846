//! Attribute interpolation modes (D3D11.3 §16.4, §8.14): `noperspective` is linear in screen
//! space, `nointerpolation` is the leading vertex's register, bit for bit, also on odd strip
//! triangles and after clipping.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::ShaderEnv;
use tessera_pipeline::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, ShaderProfile, ShaderSignature,
};
use tessera_types::PrimitiveTopology;

/// `o0 = v0`, interpolated as `mode`.
struct InputPs([Interpolation; 1]);

impl PixelShader for InputPs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Ps4_0)
    }
    fn inputs(&self) -> &[Interpolation] {
        &self.0
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        out.targets[0] = input.varyings[0];
    }
}

/// Vertex `(x, y)` in pixels of an 8×8 target at clip `w`, attribute `a`.
fn at_w(x: f32, y: f32, w: f32, a: [f32; 4]) -> Cv {
    let (cx, cy) = (x / 8.0 * 2.0 - 1.0, 1.0 - y / 8.0 * 2.0);
    [cx * w, cy * w, 0.5 * w, w, a[0], a[1], a[2], a[3]]
}

/// `noperspective`: an attribute equal to x / 8 at the vertices reads (x + 0.5) / 8 exactly at
/// every pixel centre, whatever the vertices' `w`; the perspective-correct one does not.
#[test]
fn noperspective_is_linear_in_screen_space() {
    let verts = [
        at_w(0.0, 0.0, 1.0, [0.0; 4]),
        at_w(8.0, 0.0, 4.0, [1.0, 0.0, 0.0, 0.0]),
        at_w(0.0, 8.0, 2.0, [0.0; 4]),
    ];
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    rig.draw(&verts, Some(&InputPs([Interpolation::NoPerspective])))
        .unwrap();
    for (x, y) in [(0, 0), (3, 2), (5, 1), (1, 5)] {
        assert_eq!(rig.f(0, x, y)[0], (x as f32 + 0.5) / 8.0, "({x}, {y})");
    }
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    rig.draw(&verts, Some(&InputPs([Interpolation::Perspective])))
        .unwrap();
    assert_ne!(rig.f(0, 3, 2)[0], 3.5 / 8.0);
}

/// `nointerpolation` is the leading vertex's bits (a NaN payload and −0 included): of a strip
/// (0, 0), (4, 0), (0, 4), (4, 4), triangle 0's is vertex 0 and the odd triangle 1's is vertex
/// 1 (the first non-adjacent vertex, §8.14), not its first vertex after re-winding.
#[test]
fn constant_is_the_leading_vertex_on_strips() {
    let bits = |b: [u32; 4]| b.map(f32::from_bits);
    let attr = [
        [0x7fc0_1234, 0x8000_0000, 1, 0],
        [0xffc0_0007, 2, 0x8000_0000, 3],
        [5, 5, 5, 5],
        [6, 6, 6, 6],
    ];
    let mut rig = Rig::new(4, 4, Format::R32G32B32A32Uint);
    rig.topology = PrimitiveTopology::TriangleStrip;
    let verts: Vec<Cv> = [(0.0, 0.0), (4.0, 0.0), (0.0, 4.0), (4.0, 4.0)]
        .iter()
        .zip(attr)
        .map(|(&(x, y), a)| rig.at(x, y, 0.5, bits(a)))
        .collect();
    rig.draw(&verts, Some(&InputPs([Interpolation::Constant])))
        .unwrap();
    assert_eq!(rig.u(0, 0, 0), attr[0]);
    assert_eq!(rig.u(0, 3, 3), attr[1]);
}

/// A clipped triangle (vertex 1 behind the near plane) keeps its leading vertex's bits on every
/// piece the clipper makes.
#[test]
fn constant_survives_clipping() {
    let bits = |b: [u32; 4]| b.map(f32::from_bits);
    let lead = [0x7fa0_0001, 0x8000_0000, 7, 0xffff_ffff];
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Uint);
    let mut verts = vec![
        rig.at(0.0, 0.0, 0.5, bits(lead)),
        rig.at(16.0, 0.0, 0.5, bits([1; 4])),
        rig.at(0.0, 16.0, 0.5, bits([2; 4])),
    ];
    verts[1][2] = -0.5;
    let stats = rig
        .draw(&verts, Some(&InputPs([Interpolation::Constant])))
        .unwrap();
    assert!(stats.ps_invocations > 0);
    let written: Vec<_> = (0..8)
        .flat_map(|y| (0..8).map(move |x| (x, y)))
        .filter(|&(x, y)| rig.u(0, x, y) != [0; 4])
        .collect();
    assert!(written.len() > 4, "{written:?}");
    for (x, y) in written {
        assert_eq!(rig.u(0, x, y), lead, "({x}, {y})");
    }
}
