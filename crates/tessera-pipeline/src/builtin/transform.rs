use crate::env::ShaderEnv;
use crate::shader::{
    ConstantBufferUse, MAX_VARYINGS, ShaderProfile, ShaderSignature, SignatureElement,
    VertexShader, VsInput, VsOutput, mul_mat_vec,
};

/// Vertex shader `o.pos = M · v0; o_i = v_{i+1}`: transforms input register 0 by the matrix
/// in `cb0[0..4]` (rows) and passes the next `varyings` input registers through unchanged.
/// With no constant buffer 0 bound, positions pass through untransformed (a built-in
/// convenience; an HLSL shader would read zeros).
#[derive(Clone, Copy, Debug, Default)]
pub struct TransformVs {
    /// How many input registers after the position are passed to the pixel stage.
    pub varyings: usize,
}

impl VertexShader for TransformVs {
    /// `vs_4_0_level_9_1`: reads `cb0[0..4]`, input registers `0..=varyings` (four
    /// components each, by position) and writes `o0..o<varyings>`.
    fn signature(&self) -> ShaderSignature {
        let n = self.varyings.min(MAX_VARYINGS) as u32;
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::optional(0, 4)],
            inputs: (0..=n)
                .map(|r| SignatureElement::positional(r, 4))
                .collect(),
            outputs: (0..n).map(|r| SignatureElement::positional(r, 4)).collect(),
            ..ShaderSignature::new(ShaderProfile::Vs4_0Level9_1)
        }
    }

    fn varying_count(&self) -> usize {
        self.varyings
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        let Some(position) = input.regs.first() else {
            return;
        };
        let bound = env.constant_buffers.first().is_some_and(Option::is_some);
        out.position = if bound {
            mul_mat_vec(&env.constant_matrix(0, 0), position)
        } else {
            *position
        };
        for (o, v) in out
            .varyings
            .iter_mut()
            .zip(input.regs.iter().skip(1))
            .take(self.varyings)
        {
            *o = *v;
        }
    }
}
