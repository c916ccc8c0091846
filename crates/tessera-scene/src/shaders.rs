//! Scene-side shaders that complement the built-ins.

use tessera::pipeline::ShaderEnv;
use tessera::pipeline::shader::{VertexShader, VsInput, VsOutput, mul_mat_vec};

/// `pos = M · (v0 + (v1.xyz, 0))`, varyings `v2..`: the transform VS with a per-instance
/// offset in input register 1 (`M` = `cb0[0..4]` rows; identity when cb0 is unbound).
#[derive(Clone, Copy, Debug, Default)]
pub struct InstancedTransformVs {
    /// Input registers after the offset passed on as varyings.
    pub varyings: usize,
}

impl VertexShader for InstancedTransformVs {
    fn varying_count(&self) -> usize {
        self.varyings
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        let (Some(p), Some(o)) = (input.regs.first(), input.regs.get(1)) else {
            return;
        };
        let moved = [p[0] + o[0], p[1] + o[1], p[2] + o[2], p[3]];
        let bound = env.constant_buffers.first().is_some_and(Option::is_some);
        out.position = if bound {
            mul_mat_vec(&env.constant_matrix(0, 0), &moved)
        } else {
            moved
        };
        for (dst, src) in out
            .varyings
            .iter_mut()
            .zip(input.regs.iter().skip(2))
            .take(self.varyings)
        {
            *dst = *src;
        }
    }
}
