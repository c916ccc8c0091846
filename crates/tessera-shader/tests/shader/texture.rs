//! Every WGSL texture function against tessera-sampler's own API: the interpreter's result
//! must be the bits of a direct call of the sampler function it lowers to, for the same view,
//! sampler and coordinates (several formats and dimensions; divergent lanes inside a quad for
//! the implicit-derivative functions).

use tessera_format::{Format, Surface};
use tessera_pipeline::env::ShaderEnv;
use tessera_pipeline::shader::{PsInput, Reg};
use tessera_sampler::{Sampler, TextureView};
use tessera_shader::{CompileError, CompileOptions, Program, Stage};
use tessera_types::ShaderProfile;
use tessera_types::desc::{
    AddressMode, ComparisonFunc, FilterKind, FilterReduction, SamplerDesc, ViewDimension,
};
use wide::{f32x8, i32x8};

/// Owned bytes of one surface.
struct Img {
    format: Format,
    w: u32,
    h: u32,
    d: u32,
    data: Vec<u8>,
}

impl Img {
    /// Texels from a generator of float RGBA (encoded by the format itself), or raw
    /// pseudo-random bytes when `f` is `None` (integer and UNORM formats).
    fn new(
        format: Format,
        [w, h, d]: [u32; 3],
        seed: u32,
        f: Option<&dyn Fn(u32) -> [f32; 4]>,
    ) -> Self {
        let bpe = format.info().bytes_per_block as usize;
        let n = (w * h * d) as usize;
        let mut data = vec![0u8; bpe * n];
        let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        for i in 0..n {
            let texel = &mut data[i * bpe..(i + 1) * bpe];
            match f {
                Some(f) => {
                    let v = f(i as u32 ^ seed);
                    if format.encode_float(v, texel).is_err() {
                        format.encode_depth(v[0], texel).unwrap();
                    }
                }
                None => {
                    for b in texel {
                        x ^= x << 13;
                        x ^= x >> 17;
                        x ^= x << 5;
                        *b = x as u8;
                    }
                }
            }
        }
        Self {
            format,
            w,
            h,
            d,
            data,
        }
    }

    fn surface(&self) -> Surface<'_> {
        let (rp, dp) = Surface::tight_pitches(self.format, self.w, self.h);
        Surface::new(self.format, self.w, self.h, self.d, rp, dp, &self.data).unwrap()
    }
}

/// A smooth-ish float pattern (exactly representable steps) for float formats.
fn pattern(i: u32) -> [f32; 4] {
    let k = (i.wrapping_mul(37) % 97) as f32;
    [
        k / 97.0,
        1.0 - k / 61.0,
        (k * 3.0) / 128.0 - 0.5,
        0.25 + k / 400.0,
    ]
}

/// A mip chain (each slice `slices` times) of `format` for `dim`, most detailed `size`.
fn chain(format: Format, size: [u32; 3], mips: u32, slices: u32, float: bool) -> Vec<Img> {
    let mut out = Vec::new();
    for s in 0..slices {
        for m in 0..mips {
            let e = size.map(|x| (x >> m).max(1));
            let f: Option<&dyn Fn(u32) -> [f32; 4]> = if float { Some(&pattern) } else { None };
            out.push(Img::new(format, e, s * 31 + m * 7 + 1, f));
        }
    }
    out
}

fn view(dim: ViewDimension, imgs: &[Img], slices: u32) -> TextureView<'_> {
    TextureView::new(dim, imgs.iter().map(Img::surface).collect(), slices).unwrap()
}

fn sampler(filter: FilterKind, mode: AddressMode, cmp: Option<ComparisonFunc>) -> Sampler {
    let mut d = SamplerDesc::default();
    d.filter.min = filter;
    d.filter.mag = filter;
    d.filter.mip = filter;
    d.address_u = mode;
    d.address_v = mode;
    d.address_w = mode;
    if let Some(c) = cmp {
        d.filter.reduction = FilterReduction::Comparison;
        d.comparison_func = c;
    }
    Sampler::new(&d)
}

fn reg(c: [[f32; 8]; 4]) -> Reg {
    c.map(f32x8::new)
}

/// Runs fragment `main` on two quads with `varyings`; returns target 0 as bits per component.
fn run(src: &str, env: &ShaderEnv<'_>, varyings: &[Reg]) -> [[u32; 8]; 4] {
    let p = Program::from_wgsl(src, "main", Stage::Fragment, &CompileOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    let input = PsInput {
        position: reg([
            [0.5, 1.5, 0.5, 1.5, 2.5, 3.5, 2.5, 3.5],
            [0.5, 0.5, 1.5, 1.5, 0.5, 0.5, 1.5, 1.5],
            [0.0; 8],
            [1.0; 8],
        ]),
        varyings,
        front_face: true,
        primitive_id: 0,
        coverage: 0xff,
        sample_index: 0,
        input_coverage: [0; 8],
    };
    let out = p.run_pixel(env, &input).unwrap();
    out.targets[0].map(|v| v.to_array().map(f32::to_bits))
}

fn bits(v: [f32x8; 4]) -> [[u32; 8]; 4] {
    v.map(|c| c.to_array().map(f32::to_bits))
}

/// Per lane: `a` where `sel` holds, else `b` (the expected result of a divergent `if`).
fn pick(sel: [bool; 8], a: [[u32; 8]; 4], b: [[u32; 8]; 4]) -> [[u32; 8]; 4] {
    std::array::from_fn(|c| std::array::from_fn(|l| if sel[l] { a[c][l] } else { b[c][l] }))
}

fn env<'a>(views: Vec<Option<TextureView<'a>>>, samplers: Vec<Option<Sampler>>) -> ShaderEnv<'a> {
    ShaderEnv {
        textures: views,
        samplers,
        ..ShaderEnv::default()
    }
}

/// Coordinates of two quads with different footprints (so the two quads pick different
/// LODs), plus a second set for the other side of the divergent `if`.
const U: [f32; 8] = [0.1, 0.37, 0.12, 0.41, 0.5, 0.52, 0.91, 0.95];
const V: [f32; 8] = [0.2, 0.23, 0.55, 0.61, 0.3, 0.33, 0.34, 0.36];
const U2: [f32; 8] = [0.7, 0.71, 0.72, 0.74, -0.2, 0.4, -0.1, 0.6];
const V2: [f32; 8] = [0.9, 0.9, 0.97, 0.99, 0.1, 0.15, 0.8, 0.85];
/// Lanes taking the `if` side: divergent inside both quads.
const SEL: [bool; 8] = [true, false, false, true, false, true, true, true];
const W: [f32; 8] = [0.3, 1.7, 2.2, 0.9, 0.0, 4.5, 1.25, 0.6];

fn varyings() -> Vec<Reg> {
    let sel = SEL.map(|s| if s { 1.0 } else { 0.0 });
    vec![reg([U, V, sel, W]), reg([U2, V2, W, sel])]
}

fn c4(u: [f32; 8], v: [f32; 8], z: [f32; 8], w: [f32; 8]) -> [f32x8; 4] {
    [u, v, z, w].map(f32x8::new)
}

/// The fragment shader around a divergent `if`: `A` for lanes with `v.z > 0.5`, else `B`.
fn divergent(decls: &str, a: &str, b: &str) -> String {
    format!(
        "{decls}
@fragment fn main(@location(0) v: vec4<f32>, @location(1) w: vec4<f32>) -> @location(0) vec4<f32> {{
    var r = vec4<f32>(0.0);
    if v.z > 0.5 {{ r = {a}; }} else {{ r = {b}; }}
    return r;
}}"
    )
}

const T2D: &str =
    "@group(1) @binding(0) var t: texture_2d<f32>;\n@group(2) @binding(3) var s: sampler;";

#[test]
fn implicit_bias_level_and_grad_sampling_match_the_sampler() {
    let z = [0.0; 8];
    let ca = c4(U, V, z, z);
    let cb = c4(U2, V2, z, z);
    let wv = f32x8::new(W);
    for (format, float) in [
        (Format::R8G8B8A8Unorm, false),
        (Format::R32G32B32A32Float, true),
        (Format::R16G16B16A16Float, true),
        (Format::B8G8R8A8UnormSrgb, false),
    ] {
        let imgs = chain(format, [16, 16, 1], 5, 1, float);
        let tv = view(ViewDimension::Texture2D, &imgs, 1);
        for (filter, mode) in [
            (FilterKind::Linear, AddressMode::Wrap),
            (FilterKind::Point, AddressMode::Mirror),
        ] {
            let smp = sampler(filter, mode, None);
            let e = env(vec![Some(tv.clone())], vec![None, None, None, Some(smp)]);
            let tvo = Some(&tv);
            // textureSample (implicit LOD from each quad's derivatives).
            let got = run(
                &divergent(
                    T2D,
                    "textureSample(t, s, v.xy)",
                    "textureSample(t, s, w.xy, vec2<i32>(-2, 3))",
                ),
                &e,
                &varyings(),
            );
            let want = pick(
                SEL,
                bits(tessera_sampler::sample(tvo, &smp, ca, [0; 3])),
                bits(tessera_sampler::sample(tvo, &smp, cb, [-2, 3, 0])),
            );
            assert_eq!(got, want, "textureSample {format:?} {filter:?}");
            // textureSampleBias (bias per lane from v.w).
            let got = run(
                &divergent(
                    T2D,
                    "textureSampleBias(t, s, v.xy, v.w)",
                    "textureSampleBias(t, s, w.xy, -1.5)",
                ),
                &e,
                &varyings(),
            );
            let want = pick(
                SEL,
                bits(tessera_sampler::sample_bias(tvo, &smp, ca, wv, [0; 3])),
                bits(tessera_sampler::sample_bias(
                    tvo,
                    &smp,
                    cb,
                    f32x8::splat(-1.5),
                    [0; 3],
                )),
            );
            assert_eq!(got, want, "textureSampleBias {format:?}");
            // textureSampleLevel.
            let got = run(
                &divergent(
                    T2D,
                    "textureSampleLevel(t, s, v.xy, v.w)",
                    "textureSampleLevel(t, s, w.xy, 2.5, vec2<i32>(1, -1))",
                ),
                &e,
                &varyings(),
            );
            let want = pick(
                SEL,
                bits(tessera_sampler::sample_level(tvo, &smp, ca, wv, [0; 3])),
                bits(tessera_sampler::sample_level(
                    tvo,
                    &smp,
                    cb,
                    f32x8::splat(2.5),
                    [1, -1, 0],
                )),
            );
            assert_eq!(got, want, "textureSampleLevel {format:?}");
            // textureSampleGrad: explicit per-lane derivatives.
            let got = run(
                &divergent(
                    T2D,
                    "textureSampleGrad(t, s, v.xy, vec2<f32>(v.w * 0.05, 0.01), vec2<f32>(0.0, v.w * 0.03))",
                    "textureSampleGrad(t, s, w.xy, vec2<f32>(0.2, 0.0), vec2<f32>(0.0, 0.004), vec2<i32>(2, 2))",
                ),
                &e,
                &varyings(),
            );
            let dxa = [
                f32x8::new(W.map(|w| w * 0.05)),
                f32x8::splat(0.01),
                f32x8::ZERO,
            ];
            let dya = [f32x8::ZERO, f32x8::new(W.map(|w| w * 0.03)), f32x8::ZERO];
            let dxb = [f32x8::splat(0.2), f32x8::ZERO, f32x8::ZERO];
            let dyb = [f32x8::ZERO, f32x8::splat(0.004), f32x8::ZERO];
            let want = pick(
                SEL,
                bits(tessera_sampler::sample_grad(
                    tvo, &smp, ca, dxa, dya, [0; 3],
                )),
                bits(tessera_sampler::sample_grad(
                    tvo,
                    &smp,
                    cb,
                    dxb,
                    dyb,
                    [2, 2, 0],
                )),
            );
            assert_eq!(got, want, "textureSampleGrad {format:?}");
            // Anisotropic: the probes run along the major derivative, so ddx and ddy are
            // not interchangeable.
            let mut d = *smp.desc();
            d.filter.anisotropic = true;
            d.max_anisotropy = 8;
            let aniso = Sampler::new(&d);
            let e = env(vec![Some(tv.clone())], vec![None, None, None, Some(aniso)]);
            let got = run(
                &divergent(
                    T2D,
                    "textureSampleGrad(t, s, v.xy, vec2<f32>(0.25, 0.0), vec2<f32>(0.0, 0.02))",
                    "textureSampleGrad(t, s, w.xy, vec2<f32>(0.01, 0.0), vec2<f32>(0.01, 0.3))",
                ),
                &e,
                &varyings(),
            );
            let s = f32x8::splat;
            let want = pick(
                SEL,
                bits(tessera_sampler::sample_grad(
                    tvo,
                    &aniso,
                    ca,
                    [s(0.25), s(0.0), s(0.0)],
                    [s(0.0), s(0.02), s(0.0)],
                    [0; 3],
                )),
                bits(tessera_sampler::sample_grad(
                    tvo,
                    &aniso,
                    cb,
                    [s(0.01), s(0.0), s(0.0)],
                    [s(0.01), s(0.3), s(0.0)],
                    [0; 3],
                )),
            );
            assert_eq!(got, want, "anisotropic textureSampleGrad {format:?}");
        }
    }
}

#[test]
fn comparison_sampling_and_gathers_match_the_sampler() {
    let z = [0.0; 8];
    let ca = c4(U, V, z, z);
    let cb = c4(U2, V2, z, z);
    let refs = f32x8::new(W.map(|w| w / 5.0));
    let imgs = chain(Format::R32Float, [8, 8, 1], 4, 1, true);
    let depth = view(ViewDimension::Texture2D, &imgs, 1);
    let dv = Some(&depth);
    for func in [ComparisonFunc::Less, ComparisonFunc::GreaterEqual] {
        let smp = sampler(FilterKind::Linear, AddressMode::Clamp, Some(func));
        let e = env(
            vec![None, Some(depth.clone())],
            vec![None, None, None, Some(smp)],
        );
        let decls = "@group(1) @binding(1) var t: texture_depth_2d;\n@group(2) @binding(3) var s: sampler_comparison;";
        let got = run(
            &divergent(
                decls,
                "vec4<f32>(textureSampleCompare(t, s, v.xy, v.w / 5.0))",
                "vec4<f32>(textureSampleCompareLevel(t, s, w.xy, w.z / 5.0, vec2<i32>(1, 0)))",
            ),
            &e,
            &varyings(),
        );
        let splat4 = |v: f32x8| [v; 4];
        let want = pick(
            SEL,
            bits(splat4(tessera_sampler::sample_cmp(
                dv, &smp, ca, refs, [0; 3],
            ))),
            bits(splat4(tessera_sampler::sample_cmp_level_zero(
                dv,
                &smp,
                cb,
                f32x8::new(W.map(|w| w / 5.0)),
                [1, 0, 0],
            ))),
        );
        assert_eq!(got, want, "textureSampleCompare(Level) {func:?}");
        let got = run(
            &divergent(
                decls,
                "textureGatherCompare(t, s, v.xy, v.w / 5.0)",
                "textureGatherCompare(t, s, w.xy, 0.5, vec2<i32>(-1, 1))",
            ),
            &e,
            &varyings(),
        );
        let want = pick(
            SEL,
            bits(tessera_sampler::gather_cmp(dv, &smp, ca, refs, [0; 3])),
            bits(tessera_sampler::gather_cmp(
                dv,
                &smp,
                cb,
                f32x8::splat(0.5),
                [-1, 1, 0],
            )),
        );
        assert_eq!(got, want, "textureGatherCompare {func:?}");
    }
    // textureGather of each component, RGBA8 and float, with and without an offset; and of a
    // depth texture (component 0).
    for (format, float) in [
        (Format::R8G8B8A8Unorm, false),
        (Format::R32G32B32A32Float, true),
    ] {
        let imgs = chain(format, [8, 4, 1], 2, 1, float);
        let tv = view(ViewDimension::Texture2D, &imgs, 1);
        let smp = sampler(FilterKind::Point, AddressMode::Wrap, None);
        let e = env(vec![Some(tv.clone())], vec![None, None, None, Some(smp)]);
        for comp in 0..4u8 {
            let got = run(
                &divergent(
                    T2D,
                    &format!("textureGather({comp}, t, s, v.xy)"),
                    &format!("textureGather({comp}, t, s, w.xy, vec2<i32>(3, -4))"),
                ),
                &e,
                &varyings(),
            );
            let want = pick(
                SEL,
                bits(tessera_sampler::gather(Some(&tv), &smp, ca, comp, [0; 3])),
                bits(tessera_sampler::gather(
                    Some(&tv),
                    &smp,
                    cb,
                    comp,
                    [3, -4, 0],
                )),
            );
            assert_eq!(got, want, "textureGather {comp} {format:?}");
        }
    }
    let smp = sampler(FilterKind::Point, AddressMode::Wrap, None);
    let e = env(
        vec![None, Some(depth.clone())],
        vec![None, None, None, Some(smp)],
    );
    let got = run(
        &divergent(
            "@group(1) @binding(1) var t: texture_depth_2d;\n@group(2) @binding(3) var s: sampler;",
            "textureGather(t, s, v.xy)",
            "vec4<f32>(textureSample(t, s, w.xy))",
        ),
        &e,
        &varyings(),
    );
    let want = pick(
        SEL,
        bits(tessera_sampler::gather(dv, &smp, ca, 0, [0; 3])),
        bits([tessera_sampler::sample(dv, &smp, cb, [0; 3])[0]; 4]),
    );
    assert_eq!(
        got, want,
        "textureGather / textureSample of texture_depth_2d"
    );
}

#[test]
fn arrays_cubes_1d_and_3d_put_the_coordinates_where_the_sampler_takes_them() {
    let z = [0.0; 8];
    let smp = sampler(FilterKind::Linear, AddressMode::Wrap, None);
    let samplers = vec![None, None, None, Some(smp)];
    let idx = [0.0, 1.0, 2.0, 1.0, 2.0, 0.0, 1.0, 2.0];
    // Array index from an i32 in v.w-derived lanes: round-half-even is the sampler's job; the
    // shader passes integers.
    let arr = chain(Format::R8G8B8A8Unorm, [8, 8, 1], 3, 3, false);
    let a = view(ViewDimension::Texture2DArray, &arr, 3);
    let src = divergent(
        "@group(1) @binding(0) var t: texture_2d_array<f32>;\n@group(2) @binding(3) var s: sampler;",
        "textureSample(t, s, v.xy, i32(w.w * 2.0 + v.w * 0.0) + 0)",
        "textureSampleLevel(t, s, w.xy, u32(w.w), 1.0)",
    );
    // w.w is SEL as 0/1: the array index per lane.
    let sel = SEL.map(|s| if s { 1.0 } else { 0.0 });
    let got = run(
        &src,
        &env(vec![Some(a.clone())], samplers.clone()),
        &varyings(),
    );
    let want = pick(
        SEL,
        bits(tessera_sampler::sample(
            Some(&a),
            &smp,
            c4(U, V, sel.map(|s| s * 2.0), z),
            [0; 3],
        )),
        bits(tessera_sampler::sample_level(
            Some(&a),
            &smp,
            c4(U2, V2, sel, z),
            f32x8::splat(1.0),
            [0; 3],
        )),
    );
    assert_eq!(got, want, "texture_2d_array");
    let _ = idx;
    // Cube and cube array: the direction in xyz, the cube index in w.
    let cube = chain(Format::R32G32B32A32Float, [4, 4, 1], 3, 12, true);
    let cv = view(ViewDimension::TextureCube, &cube[..18], 6);
    let cav = view(ViewDimension::TextureCubeArray, &cube, 12);
    let dir = |u: [f32; 8], v: [f32; 8]| c4(u.map(|x| x * 2.0 - 1.0), v, [0.5; 8], z);
    let src = divergent(
        "@group(1) @binding(0) var t: texture_cube<f32>;\n@group(1) @binding(1) var ta: texture_cube_array<f32>;\n@group(2) @binding(3) var s: sampler;",
        "textureSample(t, s, vec3<f32>(v.x * 2.0 - 1.0, v.y, 0.5))",
        "textureSampleLevel(ta, s, vec3<f32>(w.x * 2.0 - 1.0, w.y, 0.5), i32(w.w), 0.5)",
    );
    let got = run(
        &src,
        &env(vec![Some(cv.clone()), Some(cav.clone())], samplers.clone()),
        &varyings(),
    );
    let mut cb = dir(U2, V2);
    cb[3] = f32x8::new(sel);
    let want = pick(
        SEL,
        bits(tessera_sampler::sample(Some(&cv), &smp, dir(U, V), [0; 3])),
        bits(tessera_sampler::sample_level(
            Some(&cav),
            &smp,
            cb,
            f32x8::splat(0.5),
            [0; 3],
        )),
    );
    assert_eq!(got, want, "texture_cube / texture_cube_array");
    // 3D (uvw) and 1D (u).
    let vol = chain(Format::R16G16B16A16Float, [8, 4, 4], 2, 1, true);
    let v3 = view(ViewDimension::Texture3D, &vol, 1);
    let line = chain(Format::R8G8B8A8Unorm, [16, 1, 1], 1, 1, false);
    let v1 = view(ViewDimension::Texture1D, &line, 1);
    let src = divergent(
        "@group(1) @binding(0) var t: texture_3d<f32>;\n@group(1) @binding(1) var t1: texture_1d<f32>;\n@group(2) @binding(3) var s: sampler;",
        "textureSample(t, s, vec3<f32>(v.xy, v.x * 0.5), vec3<i32>(1, 0, -1))",
        "textureSample(t1, s, w.x)",
    );
    let got = run(
        &src,
        &env(vec![Some(v3.clone()), Some(v1.clone())], samplers),
        &varyings(),
    );
    let want = pick(
        SEL,
        bits(tessera_sampler::sample(
            Some(&v3),
            &smp,
            c4(U, V, U.map(|x| x * 0.5), z),
            [1, 0, -1],
        )),
        bits(tessera_sampler::sample(
            Some(&v1),
            &smp,
            c4(U2, z, z, z),
            [0; 3],
        )),
    );
    assert_eq!(got, want, "texture_3d / texture_1d");
}

/// Integer texel coordinates per lane, some outside the texture (x, y, mip, slice).
const LX: [i32; 8] = [0, 3, 7, -1, 2, 8, 1, 5];
const LY: [i32; 8] = [0, 1, 6, 0, 3, 2, 9, 1];
const LM: [i32; 8] = [0, 0, 1, 0, 2, 1, 0, 3];
const LS: [i32; 8] = [0, 1, 2, 1, 3, 0, 2, -1];

fn int_varyings() -> Vec<Reg> {
    let f = |a: [i32; 8]| a.map(|x| x as f32);
    vec![reg([f(LX), f(LY), f(LM), f(LS)])]
}

fn load_shader(decl: &str, expr: &str) -> String {
    format!(
        "{decl}
@fragment fn main(@location(0) @interpolate(flat) v: vec4<f32>) -> @location(0) vec4<f32> {{
    let c = vec4<i32>(v);
    return bitcast<vec4<f32>>({expr});
}}"
    )
}

/// A load expression, its coordinates in `load`'s order, the view and the result's components.
type LoadCase<'a, 'v> = (&'a str, [[i32; 8]; 4], Option<&'a TextureView<'v>>, usize);

fn load_bits(v: Option<&TextureView<'_>>, c: [[i32; 8]; 4]) -> [[u32; 8]; 4] {
    tessera_sampler::load(v, c.map(i32x8::new), [0; 3]).map(|x| x.to_array())
}

#[test]
fn texture_load_matches_the_sampler_for_every_kind_and_dimension() {
    let z = [0; 8];
    for (format, ty, float) in [
        (Format::R8G8B8A8Unorm, "f32", false),
        (Format::R32G32B32A32Float, "f32", true),
        (Format::R8G8B8A8Uint, "u32", false),
        (Format::R16G16Sint, "i32", false),
        (Format::R32Uint, "u32", false),
    ] {
        let imgs = chain(format, [8, 8, 1], 3, 1, float);
        let tv = view(ViewDimension::Texture2D, &imgs, 1);
        let e = env(vec![None, None, Some(tv.clone())], vec![]);
        let cast = if ty == "f32" {
            "bitcast<vec4<u32>>"
        } else {
            "vec4<u32>"
        };
        let got = run(
            &load_shader(
                &format!("@group(1) @binding(2) var t: texture_2d<{ty}>;"),
                &format!("{cast}(textureLoad(t, c.xy, c.z))"),
            ),
            &e,
            &int_varyings(),
        );
        // vec4<u32>(vec4<i32>) keeps the bits, as bitcast does.
        assert_eq!(
            got,
            load_bits(Some(&tv), [LX, LY, z, LM]),
            "textureLoad {format:?}"
        );
        // u32 coordinates and level (negative lanes become huge: out of range).
        let got = run(
            &load_shader(
                &format!("@group(1) @binding(2) var t: texture_2d<{ty}>;"),
                &format!("{cast}(textureLoad(t, vec2<u32>(c.xy), u32(c.z)))"),
            ),
            &e,
            &int_varyings(),
        );
        assert_eq!(
            got,
            load_bits(Some(&tv), [LX, LY, z, LM]),
            "textureLoad u32 {format:?}"
        );
    }
    // Arrays (slice in z), 3D (z), 1D, depth (a scalar: r only) and an unbound slot.
    let arr = chain(Format::R8G8B8A8Unorm, [8, 8, 1], 3, 3, false);
    let a = view(ViewDimension::Texture2DArray, &arr, 3);
    let vol = chain(Format::R32G32Float, [8, 8, 4], 3, 1, true);
    let v3 = view(ViewDimension::Texture3D, &vol, 1);
    let line = chain(Format::R8G8B8A8Unorm, [8, 1, 1], 3, 1, false);
    let v1 = view(ViewDimension::Texture1D, &line, 1);
    let d = chain(Format::R32Float, [8, 8, 1], 3, 1, true);
    let dv = view(ViewDimension::Texture2D, &d, 1);
    let e = env(
        vec![
            Some(a.clone()),
            Some(v3.clone()),
            Some(v1.clone()),
            Some(dv.clone()),
        ],
        vec![],
    );
    let decls = "@group(1) @binding(0) var ta: texture_2d_array<f32>;
@group(1) @binding(1) var t3: texture_3d<f32>;
@group(1) @binding(2) var t1: texture_1d<f32>;
@group(1) @binding(3) var td: texture_depth_2d;
@group(1) @binding(4) var tu: texture_2d<f32>;";
    let cases: [LoadCase<'_, '_>; 5] = [
        (
            "textureLoad(ta, c.xy, c.w, c.z)",
            [LX, LY, LS, LM],
            Some(&a),
            4,
        ),
        (
            "textureLoad(t3, c.xyw, c.z)",
            [LX, LY, LS, LM],
            Some(&v3),
            4,
        ),
        ("textureLoad(t1, c.x, c.z)", [LX, z, z, LM], Some(&v1), 4),
        (
            "vec4<f32>(textureLoad(td, c.xy, c.z))",
            [LX, LY, z, LM],
            Some(&dv),
            1,
        ),
        ("textureLoad(tu, c.xy, 0)", [LX, LY, z, z], None, 4),
    ];
    for (expr, coords, v, n) in cases {
        let got = run(
            &load_shader(decls, &format!("bitcast<vec4<u32>>({expr})")),
            &e,
            &int_varyings(),
        );
        let mut want = load_bits(v, coords);
        if n == 1 {
            want = [want[0]; 4];
        }
        assert_eq!(got, want, "{expr}");
    }
}

#[test]
fn texture_queries_read_the_bound_view() {
    let mips = chain(Format::R8G8B8A8Unorm, [16, 8, 1], 4, 1, false);
    let m = view(ViewDimension::Texture2D, &mips, 1);
    let arr = chain(Format::R8G8B8A8Unorm, [4, 4, 1], 2, 5, false);
    let a = view(ViewDimension::Texture2DArray, &arr, 5);
    let vol = chain(Format::R8G8B8A8Unorm, [8, 4, 2], 2, 1, false);
    let v3 = view(ViewDimension::Texture3D, &vol, 1);
    let cube = chain(Format::R8G8B8A8Unorm, [4, 4, 1], 3, 12, false);
    let ca = view(ViewDimension::TextureCubeArray, &cube, 12);
    let e = env(vec![Some(m), Some(a), Some(v3), Some(ca)], vec![]);
    let decls = "@group(1) @binding(0) var t: texture_2d<f32>;
@group(1) @binding(1) var ta: texture_2d_array<f32>;
@group(1) @binding(2) var t3: texture_3d<f32>;
@group(1) @binding(3) var tc: texture_cube_array<f32>;
@group(1) @binding(4) var tu: texture_2d<f32>;";
    let q = |expr: &str| {
        let src = load_shader(decls, expr);
        run(&src, &e, &int_varyings())
    };
    // Per-lane level LM = [0, 0, 1, 0, 2, 1, 0, 3]; a level outside the view gives 0.
    let lm = LM.map(|l| l as u32);
    let got =
        q("vec4<u32>(textureDimensions(t, c.z), textureNumLevels(t), textureDimensions(t).x)");
    assert_eq!(got[0], lm.map(|l| 16 >> l));
    assert_eq!(got[1], lm.map(|l| 8 >> l));
    assert_eq!(got[2], [4; 8]);
    assert_eq!(got[3], [16; 8]);
    let got = q("vec4<u32>(textureDimensions(ta, 1), textureNumLayers(ta), textureNumLevels(ta))");
    assert_eq!([got[0][0], got[1][0], got[2][0], got[3][0]], [2, 2, 5, 2]);
    let got = q("vec4<u32>(textureDimensions(t3, u32(c.z)), textureNumLevels(t3))");
    let l3 = lm.map(|l| l < 2);
    assert_eq!(
        got[0],
        std::array::from_fn(|i| if l3[i] { 8 >> lm[i] } else { 0 })
    );
    assert_eq!(
        got[2],
        std::array::from_fn(|i| if l3[i] { 2 >> lm[i] } else { 0 })
    );
    assert_eq!(got[3], [2; 8]);
    let got = q("vec4<u32>(textureDimensions(tc), textureNumLayers(tc), textureNumLevels(tc))");
    assert_eq!([got[0][0], got[1][0], got[2][0], got[3][0]], [4, 4, 2, 3]);
    let got = q("vec4<u32>(textureDimensions(tu), textureNumLevels(tu), 7u)");
    assert_eq!([got[0][0], got[1][0], got[2][0], got[3][0]], [0, 0, 0, 7]);
}

#[test]
fn profiles_follow_the_texture_functions_and_unsupported_ones_are_named() {
    let ps = |body: &str, decls: &str| {
        Program::from_wgsl(
            &format!(
                "{decls}
@fragment fn main(@location(0) v: vec4<f32>) -> @location(0) vec4<f32> {{ return {body}; }}"
            ),
            "main",
            Stage::Fragment,
            &CompileOptions::default(),
        )
    };
    let depth = "@group(1) @binding(0) var t: texture_depth_2d;\n@group(2) @binding(0) var s: sampler_comparison;";
    let profile = |r: Result<Program, CompileError>| r.unwrap().profile().unwrap();
    assert_eq!(
        profile(ps("textureSample(t, s, v.xy)", T2D)),
        ShaderProfile::Ps4_0Level9_1
    );
    assert_eq!(
        profile(ps("textureSampleGrad(t, s, v.xy, v.xy, v.zw)", T2D)),
        ShaderProfile::Ps4_0
    );
    assert_eq!(
        profile(ps("textureGather(0, t, s, v.xy)", T2D)),
        ShaderProfile::Ps4_1
    );
    assert_eq!(
        profile(ps("textureGather(1, t, s, v.xy)", T2D)),
        ShaderProfile::Ps5_0
    );
    assert_eq!(
        profile(ps(
            "vec4<f32>(textureSampleCompare(t, s, v.xy, v.z))",
            depth
        )),
        ShaderProfile::Ps4_0
    );
    assert_eq!(
        profile(ps("textureGatherCompare(t, s, v.xy, v.z)", depth)),
        ShaderProfile::Ps5_0
    );
    // An explicit level 0 and a size query: SM 4.
    assert_eq!(
        profile(ps("textureSampleBaseClampToEdge(t, s, v.xy)", T2D)),
        ShaderProfile::Ps4_0
    );
    let p = ps(
        "textureLoad(t, vec2<i32>(v.xy), 0) + textureGather(0, t, s, v.xy)",
        T2D,
    )
    .unwrap();
    let sig = p.signature().unwrap();
    assert_eq!(sig.shader_resources, vec![0]);
    assert_eq!(sig.samplers, vec![3]);
    // Multisampled textures: tests/shader/multisampled.rs.
}

/// `textureSampleBaseClampToEdge` is `sample_level` at level 0 with each coordinate clamped
/// to `[h, 1 - h]`, `h = 0.5 / size` of mip 0 (WGSL), computed here from the view's size; a
/// wrapping linear sampler shows the difference at the edges.
#[test]
fn sample_base_clamp_to_edge_samples_level_zero_half_a_texel_inside() {
    let u = [-0.5, 0.0, 0.01, 0.5, 0.97, 1.0, 1.7, 0.031];
    let v = [0.999, -3.0, 0.5, 0.015, 0.2, 1.0, 0.0, 0.9];
    let src = format!(
        "{T2D}
@fragment fn main(@location(0) v: vec4<f32>) -> @location(0) vec4<f32> {{
    return textureSampleBaseClampToEdge(t, s, v.xy);
}}"
    );
    for (format, size) in [
        (Format::R32G32B32A32Float, [16, 8, 1]),
        (Format::R16G16B16A16Float, [5, 3, 1]),
    ] {
        let imgs = chain(format, size, 3, 1, true);
        let tv = view(ViewDimension::Texture2D, &imgs, 1);
        let smp = sampler(FilterKind::Linear, AddressMode::Wrap, None);
        let e = env(vec![Some(tv.clone())], vec![None, None, None, Some(smp)]);
        let got = run(&src, &e, &[reg([u, v, [0.0; 8], [0.0; 8]])]);
        let clamp = |c: [f32; 8], n: u32| {
            let h = 0.5 / n as f32;
            c.map(|x| x.max(h).min(1.0 - h))
        };
        let (cu, cv) = (clamp(u, size[0]), clamp(v, size[1]));
        let want = bits(tessera_sampler::sample_level(
            Some(&tv),
            &smp,
            c4(cu, cv, [0.0; 8], [0.0; 8]),
            f32x8::ZERO,
            [0; 3],
        ));
        assert_eq!(got, want, "{format:?} {size:?}");
        // Unclamped, the wrapping sampler blends the far edge in: the clamp is visible.
        let unclamped = bits(tessera_sampler::sample_level(
            Some(&tv),
            &smp,
            c4(u, v, [0.0; 8], [0.0; 8]),
            f32x8::ZERO,
            [0; 3],
        ));
        assert_ne!(got[0][1], unclamped[0][1], "{format:?}: u = 0 wraps");
    }
}
