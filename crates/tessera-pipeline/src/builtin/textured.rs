use tessera_sampler::sample_live;

use crate::env::ShaderEnv;
use crate::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, SamplePair, ShaderProfile, ShaderSignature,
    SignatureElement,
};

/// Pixel shader `SV_Target0 = t0.Sample(s0, v0.xy) * v1`: a texture modulated by the
/// interpolated vertex colour (pass white for the plain texture).
#[derive(Clone, Copy, Debug, Default)]
pub struct TexturedPs;

impl PixelShader for TexturedPs {
    /// `ps_4_0_level_9_1`: samples `t0` with `s0` at `v0.xy`, reads `v1`, writes `SV_Target0`.
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            shader_resources: vec![0],
            samplers: vec![0],
            samples: vec![SamplePair {
                texture: 0,
                sampler: 0,
                coords: 0,
                components: 2,
            }],
            inputs: vec![
                SignatureElement::positional(0, 2),
                SignatureElement::positional(1, 4),
            ],
            outputs: vec![SignatureElement::named("SV_Target", 0, 0, 4)],
            ..ShaderSignature::new(ShaderProfile::Ps4_0Level9_1)
        }
    }

    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective, Interpolation::Perspective]
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        // By reference: copying both registers out of the inputs cost ~16 instructions a call.
        let (uv, tint) = (&input.varyings[0], &input.varyings[1]);
        // Each output lane depends on its own sample only, and the pipeline writes the covered
        // lanes only: helper lanes' texels need not be read (`sample_live`; their LOD
        // contribution, the quads' derivatives of `uv`, is kept).
        let texel = sample_live(env.texture(0), env.sampler(0), *uv, [0; 3], input.coverage);
        out.targets[0] = [
            texel[0] * tint[0],
            texel[1] * tint[1],
            texel[2] * tint[2],
            texel[3] * tint[3],
        ];
    }
}
