use crate::env::ShaderEnv;
use crate::shader::{Interpolation, PixelShader, PsInput, PsOutput, splat4};

/// Pixel shader `SV_Target0 = v0`: the interpolated vertex colour.
#[derive(Clone, Copy, Debug, Default)]
pub struct VertexColorPs;

impl PixelShader for VertexColorPs {
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
