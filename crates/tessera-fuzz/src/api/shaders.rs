//! Shaders with fuzzer-chosen signatures: any profile, constant buffers, slots, inputs,
//! outputs and interpolation modes, so that the caps rules of `Create*Shader`/`*SetShader` and
//! the draw-time linkage checks see hostile declarations. Their behaviour is truthful to the
//! flags they report (`passthrough`, `uniform_output`, `writes_depth`, `may_discard`): they
//! sample exactly the pairs they declare and read only the registers they have.

use arbitrary::Arbitrary;
use tessera::caps::{
    ConstantBufferUse, SamplePair, ShaderProfile, ShaderSignature, SignatureElement,
};
use tessera::pipeline::env::ShaderEnv;
use tessera::pipeline::shader::{ZERO_REG, splat, splat4};
use tessera::pipeline::{
    Interpolation, PixelShader, PsInput, PsOutput, Reg, VertexShader, VsInput, VsOutput,
};
use tessera::sampler::sample;

use super::specs::pick;

/// The resource use both stages declare.
#[derive(Arbitrary, Clone, Debug)]
pub(crate) struct UseSpec {
    profile: u8,
    constant_buffers: Vec<(u8, u16)>,
    shader_resources: Vec<u8>,
    samplers: Vec<u8>,
    named: bool,
}

impl UseSpec {
    fn signature(&self, inputs: u32, outputs: u32) -> ShaderSignature {
        let element = |r: u32| {
            if self.named {
                SignatureElement::named(pick(&["TEXCOORD", "COLOR", "SV_Target"], r as u8), r, r, 4)
            } else {
                SignatureElement::positional(r, 4)
            }
        };
        ShaderSignature {
            constant_buffers: (self.constant_buffers.iter().take(16))
                .map(|&(slot, constants)| {
                    ConstantBufferUse::required(u32::from(slot % 20), u32::from(constants))
                })
                .collect(),
            shader_resources: self
                .shader_resources
                .iter()
                .take(8)
                .map(|&s| u32::from(s % 140))
                .collect(),
            samplers: self
                .samplers
                .iter()
                .take(8)
                .map(|&s| u32::from(s % 20))
                .collect(),
            inputs: (0..inputs).map(element).collect(),
            outputs: (0..outputs).map(element).collect(),
            ..ShaderSignature::new(pick(&ShaderProfile::ALL, self.profile))
        }
    }
}

/// A vertex shader: `o.pos = v0`, `o_i = v_{i+1}`, with a fuzzer-chosen declaration.
#[derive(Arbitrary, Clone, Debug)]
pub(crate) struct VsSpec {
    uses: UseSpec,
    inputs: u8,
    varyings: u8,
}

/// A pixel shader: target `t` = input `t mod n` (or red), times the texels of its declared
/// samples; optionally discarding odd lanes and writing depth 0.25.
#[derive(Arbitrary, Clone, Debug)]
pub(crate) struct PsSpec {
    uses: UseSpec,
    interpolation: Vec<u8>,
    targets: u8,
    samples: Vec<(u8, u8, u8, u8)>,
    writes_depth: bool,
    may_discard: bool,
    passthrough: bool,
}

struct FuzzVs {
    signature: ShaderSignature,
    varyings: usize,
}

struct FuzzPs {
    signature: ShaderSignature,
    inputs: Vec<Interpolation>,
    writes_depth: bool,
    may_discard: bool,
    /// `SV_Target0 = v0` and nothing else (only with an input and no sample, discard or depth).
    passthrough: bool,
}

impl VsSpec {
    /// The shader.
    pub(crate) fn build(&self) -> std::sync::Arc<dyn VertexShader> {
        let varyings = usize::from(self.varyings % 20);
        std::sync::Arc::new(FuzzVs {
            signature: self
                .uses
                .signature(u32::from(self.inputs % 20), varyings as u32),
            varyings,
        })
    }
}

impl PsSpec {
    /// The shader.
    pub(crate) fn build(&self) -> std::sync::Arc<dyn PixelShader> {
        let modes = [
            Interpolation::Perspective,
            Interpolation::NoPerspective,
            Interpolation::Constant,
        ];
        let inputs: Vec<_> = self
            .interpolation
            .iter()
            .take(20)
            .map(|&m| pick(&modes, m))
            .collect();
        let mut signature = self
            .uses
            .signature(inputs.len() as u32, u32::from(self.targets % 10));
        signature.samples = (self.samples.iter().take(4))
            .map(|&(texture, sampler, coords, components)| SamplePair {
                texture: u32::from(texture % 140),
                sampler: u32::from(sampler % 20),
                coords: u32::from(coords % 20),
                components: components % 5,
            })
            .collect();
        let plain = signature.samples.is_empty() && !self.writes_depth && !self.may_discard;
        std::sync::Arc::new(FuzzPs {
            passthrough: self.passthrough && plain && !inputs.is_empty(),
            signature,
            inputs,
            writes_depth: self.writes_depth,
            may_discard: self.may_discard,
        })
    }
}

impl VertexShader for FuzzVs {
    fn signature(&self) -> ShaderSignature {
        self.signature.clone()
    }

    fn varying_count(&self) -> usize {
        self.varyings
    }

    fn shade(&self, _env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        out.position = input
            .regs
            .first()
            .copied()
            .unwrap_or(splat4([0.0, 0.0, 0.5, 1.0]));
        for (i, o) in out.varyings.iter_mut().enumerate().take(self.varyings) {
            *o = input.regs.get(i + 1).copied().unwrap_or(ZERO_REG);
        }
    }
}

impl PixelShader for FuzzPs {
    fn signature(&self) -> ShaderSignature {
        self.signature.clone()
    }

    fn inputs(&self) -> &[Interpolation] {
        &self.inputs
    }

    fn writes_depth(&self) -> bool {
        self.writes_depth
    }

    fn may_discard(&self) -> bool {
        self.may_discard
    }

    fn uniform_output(&self) -> bool {
        self.signature.samples.is_empty() && !self.writes_depth && !self.may_discard
    }

    fn passthrough(&self) -> Option<usize> {
        self.passthrough.then_some(0)
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let v = input.varyings;
        if self.passthrough {
            out.targets[0] = v.first().copied().unwrap_or(ZERO_REG);
            return;
        }
        let mut color: Reg = splat4([1.0, 0.0, 0.0, 1.0]);
        for s in &self.signature.samples {
            let coords = v.get(s.coords as usize).copied().unwrap_or(ZERO_REG);
            let texel = sample(
                env.texture(s.texture as usize),
                env.sampler(s.sampler as usize),
                coords,
                [0; 3],
            );
            color = [0, 1, 2, 3].map(|c| color[c] * texel[c]);
        }
        for (t, target) in out.targets.iter_mut().enumerate() {
            *target = if v.is_empty() { color } else { v[t % v.len()] };
        }
        if self.writes_depth {
            out.depth = splat(0.25);
        }
        if self.may_discard {
            out.discard = [false, true, false, true, false, true, false, true];
        }
    }
}
