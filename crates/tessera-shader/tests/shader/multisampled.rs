//! `texture_multisampled_2d<f32|i32|u32>` and `texture_depth_multisampled_2d`: `textureLoad(t,
//! coords, sample_index)` is tessera-sampler's `load_sample` bit for bit (out-of-range
//! coordinates and sample indices read 0), `textureDimensions` / `textureNumSamples` read the
//! view, the profiles follow `ld2dms` / `sampleinfo`, and the program declares its
//! multisampled slots for the draw-time rule.

use tessera_format::memory::sample_planes;
use tessera_format::{Format, Surface, SurfaceMut};
use tessera_pipeline::TextureUse;
use tessera_pipeline::env::ShaderEnv;
use tessera_pipeline::shader::{PsInput, Reg};
use tessera_sampler::TextureView;
use tessera_shader::{CompileOptions, Program, Stage};
use tessera_types::ShaderProfile;
use tessera_types::desc::ViewDimension;
use wide::{f32x8, i32x8};

/// A 4 × 2 surface of 4 sample planes, element bytes `f(x, y, sample)`.
fn planes(format: Format, f: impl Fn(u32, u32, u32) -> Vec<u8>) -> Vec<u8> {
    let l = sample_planes(format, 4, 2, 4).unwrap();
    let mut data = vec![0u8; l.bytes_needed()];
    let mut s = SurfaceMut::from_layout(l, &mut data).unwrap();
    for p in 0..4 {
        for y in 0..2 {
            for x in 0..4 {
                s.sample_mut(x, y, p).unwrap().copy_from_slice(&f(x, y, p));
            }
        }
    }
    data
}

fn ms_view(format: Format, data: &[u8]) -> TextureView<'_> {
    let s = Surface::from_layout(sample_planes(format, 4, 2, 4).unwrap(), data).unwrap();
    TextureView::multisampled(ViewDimension::Texture2DMs, vec![s]).unwrap()
}

// Lanes: samples 0–3 in range, sample 4 of a 4x texture, sample −1, x = 4 (past the width),
// y = −1.
const LX: [i32; 8] = [0, 3, 1, 2, 3, 0, 4, 1];
const LY: [i32; 8] = [0, 1, 1, 0, 1, 0, 0, -1];
const LS: [i32; 8] = [0, 1, 2, 3, 4, -1, 0, 0];

fn run(src: &str, env: &ShaderEnv<'_>) -> [[u32; 8]; 4] {
    let p = Program::from_wgsl(src, "main", Stage::Fragment, &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    let f = |a: [i32; 8]| f32x8::new(a.map(|x| x as f32));
    let varyings: Vec<Reg> = vec![[f(LX), f(LY), f(LS), f32x8::ZERO]];
    let input = PsInput {
        position: [
            f32x8::splat(0.5),
            f32x8::splat(0.5),
            f32x8::ZERO,
            f32x8::ONE,
        ],
        varyings: &varyings,
        front_face: true,
        primitive_id: 0,
        coverage: 0xff,
        sample_index: 0,
        input_coverage: [0; 8],
    };
    let out = p.run_pixel(env, &input).unwrap();
    out.targets[0].map(|v| v.to_array().map(f32::to_bits))
}

fn shader(decl: &str, expr: &str) -> String {
    format!(
        "{decl}
@fragment fn main(@location(0) @interpolate(flat) v: vec4<f32>) -> @location(0) vec4<f32> {{
    let c = vec4<i32>(v);
    return bitcast<vec4<f32>>({expr});
}}"
    )
}

fn direct(v: &TextureView<'_>) -> [[u32; 8]; 4] {
    let c = [i32x8::new(LX), i32x8::new(LY), i32x8::ZERO];
    tessera_sampler::load_sample(Some(v), c, i32x8::new(LS)).map(|x| x.to_array())
}

#[test]
fn texture_load_of_a_multisampled_texture_is_load_sample() {
    let word = |x: u32, y: u32, s: u32| 100 * s + 10 * y + x + 1;
    let u = planes(Format::R32Uint, |x, y, s| {
        word(x, y, s).to_le_bytes().to_vec()
    });
    let i = planes(Format::R16G16Sint, |x, y, s| {
        let v = -(word(x, y, s) as i16);
        [v.to_le_bytes(), (s as i16).to_le_bytes()].concat()
    });
    let f = planes(Format::R8G8B8A8Unorm, |x, y, s| {
        vec![x as u8 * 60, y as u8 * 255, s as u8 * 85, 255]
    });
    let d = planes(Format::R32Float, |x, y, s| {
        (word(x, y, s) as f32 / 512.0).to_le_bytes().to_vec()
    });
    let (vu, vi, vf, vd) = (
        ms_view(Format::R32Uint, &u),
        ms_view(Format::R16G16Sint, &i),
        ms_view(Format::R8G8B8A8Unorm, &f),
        ms_view(Format::R32Float, &d),
    );
    let env = ShaderEnv {
        textures: vec![
            Some(vu.clone()),
            Some(vi.clone()),
            Some(vf.clone()),
            Some(vd.clone()),
        ],
        ..ShaderEnv::default()
    };
    let decls = "@group(1) @binding(0) var tu: texture_multisampled_2d<u32>;
@group(1) @binding(1) var ti: texture_multisampled_2d<i32>;
@group(1) @binding(2) var tf: texture_multisampled_2d<f32>;
@group(1) @binding(3) var td: texture_depth_multisampled_2d;";
    let got = run(&shader(decls, "textureLoad(tu, c.xy, c.z)"), &env);
    assert_eq!(got, direct(&vu));
    // The exact words: samples 0..4 of four pixels, then 0 for every out-of-range lane.
    assert_eq!(got[0], [1, 114, 212, 303, 0, 0, 0, 0]);
    assert_eq!(got[3], [1; 8]);
    // u32 coordinates and sample index (negative lanes become huge: out of range).
    let got = run(
        &shader(decls, "textureLoad(tu, vec2<u32>(c.xy), u32(c.z))"),
        &env,
    );
    assert_eq!(got, direct(&vu));
    let got = run(
        &shader(decls, "vec4<u32>(textureLoad(ti, c.xy, c.z))"),
        &env,
    );
    assert_eq!(got, direct(&vi));
    assert_eq!(
        got[0][..4],
        [
            (-1i32) as u32,
            (-114i32) as u32,
            (-212i32) as u32,
            (-303i32) as u32
        ]
    );
    let got = run(
        &shader(decls, "bitcast<vec4<u32>>(textureLoad(tf, c.xy, c.z))"),
        &env,
    );
    assert_eq!(got, direct(&vf));
    assert_eq!(
        got[2][..6]
            .iter()
            .map(|b| f32::from_bits(*b))
            .collect::<Vec<_>>(),
        [0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0, 0.0, 0.0]
    );
    let got = run(
        &shader(
            decls,
            "bitcast<vec4<u32>>(vec4<f32>(textureLoad(td, c.xy, c.z)))",
        ),
        &env,
    );
    assert_eq!(got, [direct(&vd)[0]; 4]);
    assert_eq!(f32::from_bits(got[0][3]), 303.0 / 512.0);
    // Queries: the size of the one mip and the sample count; an unbound slot gives 0.
    let decls_q = format!("{decls}\n@group(1) @binding(4) var tn: texture_multisampled_2d<f32>;");
    let got = run(
        &shader(
            &decls_q,
            "vec4<u32>(textureDimensions(tf), textureNumSamples(tu), textureNumSamples(tn))",
        ),
        &env,
    );
    assert_eq!([got[0][0], got[1][0], got[2][0], got[3][0]], [4, 2, 4, 0]);
}

#[test]
fn multisampled_profiles_and_declared_slots() {
    let ps = |body: &str| {
        Program::from_wgsl(
            &format!(
                "@group(1) @binding(2) var t: texture_multisampled_2d<f32>;
@group(1) @binding(5) var td: texture_depth_multisampled_2d;
@group(1) @binding(1) var s: texture_2d<f32>;
@fragment fn main(@location(0) @interpolate(flat) v: vec4<i32>) -> @location(0) vec4<f32> {{ return {body}; }}"
            ),
            "main",
            Stage::Fragment,
            &CompileOptions::default(),
        )
        .unwrap()
    };
    // ld2dms with a literal sample index is SM 4.0; a computed index, a depth texture and
    // sampleinfo (textureNumSamples) are SM 4.1.
    assert_eq!(
        ps("textureLoad(t, v.xy, 3)").profile(),
        Some(ShaderProfile::Ps4_0)
    );
    assert_eq!(
        ps("textureLoad(t, v.xy, v.z)").profile(),
        Some(ShaderProfile::Ps4_1)
    );
    assert_eq!(
        ps("vec4<f32>(textureLoad(td, v.xy, 0))").profile(),
        Some(ShaderProfile::Ps4_1)
    );
    assert_eq!(
        ps("vec4<f32>(f32(textureNumSamples(t)))").profile(),
        Some(ShaderProfile::Ps4_1)
    );
    let p = ps("textureLoad(t, v.xy, 0) + textureLoad(s, v.xy, 0)");
    assert_eq!(
        p.uses.texture_uses(),
        vec![
            TextureUse {
                slot: 2,
                multisampled: true
            },
            TextureUse {
                slot: 1,
                multisampled: false
            },
        ]
    );
    assert_eq!(p.signature().unwrap().shader_resources, vec![1, 2]);
}
