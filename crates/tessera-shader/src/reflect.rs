//! Reflection: the D3D signature, the interface and the pipeline hints of a compiled program,
//! derived from its IR (never declared by hand).

use tessera_pipeline::shader::{
    ConstantBufferUse, Interpolation, SamplePair, ShaderProfile, ShaderSignature, SignatureElement,
};

use crate::ir::{Node, Op};
use crate::program::{Input, Interp, Output, Program, Sampling, Stage};

impl Program {
    /// The D3D profile the program needs: `*_4_0_level_9_1` when it uses only float
    /// arithmetic, constants and implicit or biased sampling; `*_4_0` once it uses integers,
    /// bit operations, loops, derivatives, explicit-LOD sampling or system values beyond the
    /// position (ps_2_0 / vs_2_0 hardware has none of those); `*_4_1` for `textureGather` and
    /// cube arrays; `*_5_0` for a gather of another component, with an offset or a comparison.
    /// `None` for a compute program:
    /// the device checks compute programs against the level's cs_4_x / cs_5_0 rules itself.
    pub fn profile(&self) -> Option<ShaderProfile> {
        let u = &self.uses;
        let model = if u.needs_sm5 {
            3
        } else if u.needs_sm41 {
            2
        } else {
            u8::from(u.needs_sm4)
        };
        Some(match (self.stage, model) {
            (Stage::Vertex, 0) => ShaderProfile::Vs4_0Level9_1,
            (Stage::Vertex, 1) => ShaderProfile::Vs4_0,
            (Stage::Vertex, 2) => ShaderProfile::Vs4_1,
            (Stage::Vertex, _) => ShaderProfile::Vs5_0,
            (Stage::Fragment, 0) => ShaderProfile::Ps4_0Level9_1,
            (Stage::Fragment, 1) => ShaderProfile::Ps4_0,
            (Stage::Fragment, 2) => ShaderProfile::Ps4_1,
            (Stage::Fragment, _) => ShaderProfile::Ps5_0,
            (Stage::Compute, _) => return None,
        })
    }

    /// The signature: the profile, constant buffers (float4 registers spanned by each uniform
    /// variable), texture and sampler slots, sample pairs whose coordinates are an input
    /// varying as interpolated, `@location` inputs and outputs by register. Builtins are not
    /// listed (the built-in shaders do not list `SV_Position` either). `None` for a compute
    /// program (no [`ShaderProfile`] names the compute stage).
    pub fn signature(&self) -> Option<ShaderSignature> {
        let profile = self.profile()?;
        let mut constant_buffers: Vec<_> = self
            .uses
            .constant_bytes
            .iter()
            .map(|&(slot, bytes)| ConstantBufferUse::required(slot, bytes.div_ceil(16)))
            .collect();
        constant_buffers.sort_by_key(|c| c.slot);
        let mut shader_resources = self.uses.textures.clone();
        shader_resources.extend(&self.uses.storage_srvs);
        shader_resources.sort_unstable();
        shader_resources.dedup();
        let mut samplers = self.uses.samplers.clone();
        samplers.sort_unstable();
        let mut samples = Vec::new();
        for (texture, sampler, coords) in &self.uses.samples {
            let varying = self.inputs.iter().find_map(|i| match i.source {
                Input::Location(n) if i.regs.starts_with(coords) => Some(n),
                _ => None,
            });
            let pair = varying.map(|coords| SamplePair {
                texture: *texture,
                sampler: *sampler,
                coords,
                components: 2,
            });
            if let Some(p) = pair
                && !samples.contains(&p)
            {
                samples.push(p);
            }
        }
        let comps = |n: usize| u8::try_from(n).unwrap_or(4);
        let inputs = self
            .inputs
            .iter()
            .filter_map(|i| match i.source {
                Input::Location(n) => Some(SignatureElement::positional(n, comps(i.regs.len()))),
                _ => None,
            })
            .collect();
        let outputs = self
            .outputs
            .iter()
            .filter_map(|o| match (o.target, self.stage) {
                (Output::Location(n), Stage::Vertex) => {
                    Some(SignatureElement::positional(n, comps(o.regs.len())))
                }
                (Output::Location(n), Stage::Fragment) => Some(SignatureElement::named(
                    "SV_Target",
                    n,
                    n,
                    comps(o.regs.len()),
                )),
                _ => None,
            })
            .collect();
        Some(ShaderSignature {
            constant_buffers,
            shader_resources,
            samplers,
            samples,
            inputs,
            outputs,
            ..ShaderSignature::new(profile)
        })
    }

    /// Varyings a vertex program writes: the highest output `@location` + 1.
    pub fn varying_count(&self) -> usize {
        self.outputs
            .iter()
            .filter_map(|o| match o.target {
                Output::Location(n) => Some(n as usize + 1),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }

    /// Interpolation of each fragment input varying `v0..` (up to the highest `@location`
    /// read; unread ones are perspective).
    pub fn interpolations(&self) -> Vec<Interpolation> {
        let mut out = Vec::new();
        for i in &self.inputs {
            if let Input::Location(n) = i.source {
                let n = n as usize;
                if out.len() <= n {
                    out.resize(n + 1, Interpolation::Perspective);
                }
                out[n] = match i.interp {
                    Interp::Perspective => Interpolation::Perspective,
                    Interp::Linear => Interpolation::NoPerspective,
                    Interp::Flat => Interpolation::Constant,
                };
            }
        }
        out
    }

    /// Where each fragment input varying `v0..` is evaluated (as [`Self::interpolations`];
    /// unread ones at the centre).
    pub fn input_sampling(&self) -> Vec<Sampling> {
        let mut out = Vec::new();
        for i in &self.inputs {
            if let Input::Location(n) = i.source {
                let n = n as usize;
                if out.len() <= n {
                    out.resize(n + 1, Sampling::Center);
                }
                out[n] = i.sampling;
            }
        }
        out
    }

    /// True when the program reads `@builtin(sample_index)` (`SV_SampleIndex`).
    pub fn reads_sample_index(&self) -> bool {
        self.inputs.iter().any(|i| i.source == Input::SampleIndex)
    }

    /// True when the program reads `@builtin(sample_mask)` (the `SV_Coverage` input).
    pub fn reads_coverage(&self) -> bool {
        self.inputs.iter().any(|i| i.source == Input::SampleMask)
    }

    /// True when the program writes `@builtin(frag_depth)`.
    pub fn writes_depth(&self) -> bool {
        self.outputs.iter().any(|o| o.target == Output::FragDepth)
    }

    /// True when the program writes `@builtin(sample_mask)` (`SV_Coverage`).
    pub fn writes_coverage(&self) -> bool {
        self.outputs.iter().any(|o| o.target == Output::SampleMask)
    }

    /// True when the program may `discard`.
    pub fn may_discard(&self) -> bool {
        self.uses.discards
    }

    /// True when the outputs depend on the varyings and constants alone: no builtin input
    /// other than `@location` is read, no texture is sampled, no derivative is taken, and the
    /// program neither discards nor writes depth or coverage.
    pub fn uniform_output(&self) -> bool {
        self.inputs
            .iter()
            .all(|i| matches!(i.source, Input::Location(_)))
            && self.uses.textures.is_empty()
            && !self.uses.derivatives
            && !self.uses.discards
            && !self.writes_depth()
            && !self.writes_coverage()
    }

    /// `Some(i)` when the whole program is `return v_i` into `SV_Target0`: one four-component
    /// output at location 0 stored straight from input location `i`'s four registers.
    pub fn passthrough(&self) -> Option<usize> {
        if self.stage != Stage::Fragment || self.outputs.len() != 1 {
            return None;
        }
        let out = &self.outputs[0];
        if out.target != Output::Location(0) || out.regs.len() != 4 {
            return None;
        }
        let [Node::Ops(ops), Node::Return] = self.body.as_slice() else {
            return None;
        };
        let stores: Vec<_> = ops
            .iter()
            .map(|op| match *op {
                Op::Store(d, s) => Some((d, s)),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let dsts: Vec<_> = stores.iter().map(|p| p.0).collect();
        let srcs: Vec<_> = stores.iter().map(|p| p.1).collect();
        if dsts != out.regs {
            return None;
        }
        self.inputs.iter().find_map(|i| match i.source {
            Input::Location(n) if i.regs == srcs => Some(n as usize),
            _ => None,
        })
    }
}
