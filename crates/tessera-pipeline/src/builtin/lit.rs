use tessera_sampler::sample;
use wide::f32x8;

use crate::env::ShaderEnv;
use crate::shader::{
    ConstantBufferUse, Interpolation, PixelShader, PsInput, PsOutput, Reg, SamplePair,
    ShaderProfile, ShaderSignature, SignatureElement, VertexShader, VsInput, VsOutput, dot3,
    mul_mat_vec, splat, splat4,
};

/// Vertex shader for lit meshes. Inputs: v0 position, v1 normal, v2 texcoord.
/// `cb0`: rows 0..4 world·view·projection, rows 4..8 world, rows 8..11 the normal matrix
/// (inverse-transpose of world, 3 rows). Outputs: o0 world position, o1 world normal, o2 texcoord.
#[derive(Clone, Copy, Debug, Default)]
pub struct LitVs;

impl VertexShader for LitVs {
    /// `vs_4_0_level_9_1`: reads `cb0[0..11]`, inputs 0 (position), 1 (normal, xyz),
    /// 2 (texcoord) by position, writes `o0..o2`.
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::required(0, 11)],
            inputs: vec![
                SignatureElement::positional(0, 4),
                SignatureElement::positional(1, 3),
                SignatureElement::positional(2, 4),
            ],
            outputs: (0..3).map(|r| SignatureElement::positional(r, 4)).collect(),
            ..ShaderSignature::new(ShaderProfile::Vs4_0Level9_1)
        }
    }

    fn varying_count(&self) -> usize {
        3
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        let zero = [f32x8::ZERO; 4];
        let reg = |i: usize| input.regs.get(i).copied().unwrap_or(zero);
        let (p, n) = (reg(0), reg(1));
        out.position = mul_mat_vec(&env.constant_matrix(0, 0), &p);
        out.varyings[0] = mul_mat_vec(&env.constant_matrix(0, 4), &p);
        let nm = env.constant_matrix(0, 8);
        let n3: Reg = [n[0], n[1], n[2], f32x8::ZERO];
        out.varyings[1] = mul_mat_vec(&nm, &n3);
        out.varyings[2] = reg(2);
    }
}

/// Pixel shader: Lambert diffuse plus Blinn-Phong specular from one directional light.
/// `cb0` (pixel stage): `[0]` light direction (towards the light, xyz), `[1]` light colour,
/// `[2]` ambient colour, `[3]` base colour factor, `[4]` eye position (xyz), `[5]` (specular power,
/// specular intensity, textured flag, 0). The specular power is truncated to an integer and
/// evaluated by repeated squaring, so the result is identical on every SIMD path (a
/// polynomial `powf` would use fused multiply-adds on FMA builds). When the textured flag is non-zero the base colour
/// is multiplied by `t0.Sample(s0, texcoord)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct LitPs;

/// `x^n` by repeated squaring: plain multiplies in a fixed order.
fn pow_int(x: f32x8, mut n: u32) -> f32x8 {
    let (mut base, mut acc) = (x, f32x8::ONE);
    while n > 0 {
        if n & 1 == 1 {
            acc *= base;
        }
        base *= base;
        n >>= 1;
    }
    acc
}

fn normalize(v: &Reg) -> Reg {
    let len = dot3(v, v).sqrt();
    let inv = splat(1.0) / len.max(splat(1.0e-20));
    [v[0] * inv, v[1] * inv, v[2] * inv, f32x8::ZERO]
}

impl PixelShader for LitPs {
    /// `ps_4_0_level_9_1`: reads `cb0[0..6]`, samples `t0` with `s0` at `v2.xy` (when the
    /// textured flag is set; declared always, as D3D reflection would), writes `SV_Target0`.
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::required(0, 6)],
            shader_resources: vec![0],
            samplers: vec![0],
            samples: vec![SamplePair {
                texture: 0,
                sampler: 0,
                coords: 2,
                components: 2,
            }],
            inputs: vec![
                SignatureElement::positional(0, 3),
                SignatureElement::positional(1, 3),
                SignatureElement::positional(2, 2),
            ],
            outputs: vec![SignatureElement::named("SV_Target", 0, 0, 4)],
            ..ShaderSignature::new(ShaderProfile::Ps4_0Level9_1)
        }
    }

    fn inputs(&self) -> &[Interpolation] {
        &[
            Interpolation::Perspective,
            Interpolation::Perspective,
            Interpolation::Perspective,
        ]
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let (world, normal, uv) = (input.varyings[0], input.varyings[1], input.varyings[2]);
        let light_dir = normalize(&splat4(env.constant(0, 0)));
        let light = splat4(env.constant(0, 1));
        let ambient = splat4(env.constant(0, 2));
        let mut base = splat4(env.constant(0, 3));
        let eye = splat4(env.constant(0, 4));
        let [power, intensity, textured, _] = env.constant(0, 5);
        if textured != 0.0 {
            let t = sample(env.texture(0), env.sampler(0), uv, [0; 3]);
            base = [
                base[0] * t[0],
                base[1] * t[1],
                base[2] * t[2],
                base[3] * t[3],
            ];
        }
        let n = normalize(&normal);
        let view = normalize(&[
            eye[0] - world[0],
            eye[1] - world[1],
            eye[2] - world[2],
            f32x8::ZERO,
        ]);
        let half = normalize(&[
            light_dir[0] + view[0],
            light_dir[1] + view[1],
            light_dir[2] + view[2],
            f32x8::ZERO,
        ]);
        let diffuse = dot3(&n, &light_dir).max(f32x8::ZERO);
        let spec_base = dot3(&n, &half).max(f32x8::ZERO);
        let spec = if power >= 1.0 {
            pow_int(spec_base, power as u32) * splat(intensity)
        } else {
            f32x8::ZERO
        };
        let mut color = [f32x8::ZERO; 4];
        for c in 0..3 {
            color[c] = base[c] * (ambient[c] + light[c] * diffuse) + light[c] * spec;
        }
        color[3] = base[3];
        out.targets[0] = color;
    }
}
