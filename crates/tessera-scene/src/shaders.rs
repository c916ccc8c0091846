//! Scene-side shaders that complement the built-ins.

use std::sync::Arc;

use tessera::pipeline::shader::{
    ConstantBufferUse, MAX_VARYINGS, PixelShader, ShaderProfile, ShaderSignature, SignatureElement,
    VertexShader, VsInput, VsOutput, mul_mat_vec,
};
use tessera::pipeline::{ComputeShader, ShaderEnv};

use crate::format::ShaderSpec;

/// A shader of either stage, as a scene's `shaders` entry creates it.
#[derive(Clone)]
pub enum StageShader {
    /// A vertex shader.
    Vertex(Arc<dyn VertexShader>),
    /// A pixel shader.
    Pixel(Arc<dyn PixelShader>),
    /// A compute shader (WGSL `@compute`).
    Compute(Arc<dyn ComputeShader>),
}

impl std::fmt::Debug for StageShader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Vertex(_) => "StageShader::Vertex(..)",
            Self::Pixel(_) => "StageShader::Pixel(..)",
            Self::Compute(_) => "StageShader::Compute(..)",
        })
    }
}

/// Replaces built-in shaders of a scene when it is rendered: called with each `shaders` entry,
/// it returns the shader to create instead (`None` keeps the built-in). The replacement is
/// created through the device like the built-in (same caps checks). Tests use it to render the
/// golden scenes with the WGSL twins of the built-ins ([`Scene::with_shader_override`]).
///
/// [`Scene::with_shader_override`]: crate::Scene::with_shader_override
#[derive(Clone)]
pub struct ShaderOverride(pub Arc<ShaderOverrideFn>);

/// The function a [`ShaderOverride`] calls for each `shaders` entry.
pub type ShaderOverrideFn = dyn Fn(&ShaderSpec) -> Option<StageShader> + Send + Sync;

impl std::fmt::Debug for ShaderOverride {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ShaderOverride(..)")
    }
}

/// `pos = M · (v0 + (v1.xyz, 0))`, varyings `v2..`: the transform VS with a per-instance
/// offset in input register 1 (`M` = `cb0[0..4]` rows; identity when cb0 is unbound).
#[derive(Clone, Copy, Debug, Default)]
pub struct InstancedTransformVs {
    /// Input registers after the offset passed on as varyings.
    pub varyings: usize,
}

impl VertexShader for InstancedTransformVs {
    /// `vs_4_0_level_9_1`: reads `cb0[0..4]`, input 0 (position), 1 (offset, xyz) and
    /// `2..2 + varyings` by position, writes `o0..o<varyings>`.
    fn signature(&self) -> ShaderSignature {
        let n = self.varyings.min(MAX_VARYINGS) as u32;
        let mut inputs = vec![
            SignatureElement::positional(0, 4),
            SignatureElement::positional(1, 3),
        ];
        inputs.extend((2..2 + n).map(|r| SignatureElement::positional(r, 4)));
        ShaderSignature {
            constant_buffers: vec![ConstantBufferUse::optional(0, 4)],
            inputs,
            outputs: (0..n).map(|r| SignatureElement::positional(r, 4)).collect(),
            ..ShaderSignature::new(ShaderProfile::Vs4_0Level9_1)
        }
    }

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
