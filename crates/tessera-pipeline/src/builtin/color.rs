use crate::env::ShaderEnv;
use crate::shader::{
    ConstantBufferUse, Interpolation, MAX_RENDER_TARGETS, PixelShader, PsInput, PsOutput,
    ShaderProfile, ShaderSignature, SignatureElement, splat4,
};

/// Pixel shader `SV_Target0 = v0`: the interpolated vertex colour.
#[derive(Clone, Copy, Debug, Default)]
pub struct VertexColorPs;

impl PixelShader for VertexColorPs {
    /// `ps_4_0_level_9_1`: reads `v0`, writes `SV_Target0`, no resources.
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            inputs: vec![SignatureElement::positional(0, 4)],
            outputs: vec![SignatureElement::named("SV_Target", 0, 0, 4)],
            ..ShaderSignature::new(ShaderProfile::Ps4_0Level9_1)
        }
    }

    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }

    fn uniform_output(&self) -> bool {
        true
    }

    fn passthrough(&self) -> Option<usize> {
        Some(0)
    }

    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        if let Some(c) = input.varyings.first() {
            out.targets[0] = *c;
        }
    }
}

/// Pixel shader `SV_Target_i = cb0[i]` for every render target: flat colours from constants.
#[derive(Clone, Copy, Debug, Default)]
pub struct ConstantColorPs;

impl PixelShader for ConstantColorPs {
    /// `ps_4_0_level_9_1`: reads `cb0[0..8]` (8 of the 32 constants 9_x allows) and writes
    /// every render target; at 9_x only the bound ones (1 or 4) take the values.
    fn signature(&self) -> ShaderSignature {
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::required(0, MAX_RENDER_TARGETS as u32)],
            outputs: (0..MAX_RENDER_TARGETS as u32)
                .map(|k| SignatureElement::named("SV_Target", k, k, 4))
                .collect(),
            ..ShaderSignature::new(ShaderProfile::Ps4_0Level9_1)
        }
    }

    fn inputs(&self) -> &[Interpolation] {
        &[]
    }

    fn uniform_output(&self) -> bool {
        true
    }

    fn shade(&self, env: &ShaderEnv<'_>, _input: &PsInput<'_>, out: &mut PsOutput) {
        for (i, t) in out.targets.iter_mut().enumerate() {
            *t = splat4(env.constant(0, i));
        }
    }
}
