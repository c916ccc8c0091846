//! Draw-time reports from the bound shaders' signatures (`ShaderSignature`): what they read
//! that is not bound (constant buffers, shader resources, samplers, vertex inputs) and what
//! the pixel shader writes that has no render target. D3D defines each case (reads return 0,
//! the default sampler is used, writes are dropped); its debug layer reports them.

use tessera_caps::{ShaderSignature, SignatureElement};

use super::{DeviceContext, StageBindings};
use crate::debug::MessageId;
use crate::error::Result;

impl DeviceContext {
    /// Every signature report of a draw, VS then PS, each in slot order.
    pub(super) fn report_shader_linkage(&self, call: &'static str) -> Result<()> {
        if let Some(vs) = &self.vertex_shader {
            self.report_vertex_inputs(call, vs.signature())?;
            self.report_stage_reads(call, "vertex", vs.signature(), &self.vs)?;
        }
        if let (Some(vs), Some(ps)) = (&self.vertex_shader, &self.pixel_shader) {
            self.report_varyings(call, vs.signature(), ps.signature())?;
        }
        if let Some(ps) = &self.pixel_shader {
            self.report_stage_reads(call, "pixel", ps.signature(), &self.ps)?;
            for out in &ps.signature().outputs {
                let slot = out.register as usize;
                if self.render_targets.get(slot).is_none_or(Option::is_none) {
                    let text = format!(
                        "the pixel shader writes SV_Target{slot} but render target slot {slot} \
                         has no view; the writes are discarded"
                    );
                    self.device.report_id(
                        MessageId::DeviceDrawRenderTargetViewNotSet,
                        call,
                        text,
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Each vertex-shader input needs an input-layout element: by semantic name and index
    /// where the shader names it, by register position where it does not (missing: reads 0).
    fn report_vertex_inputs(&self, call: &'static str, sig: &ShaderSignature) -> Result<()> {
        let Some(layout) = &self.input_layout else {
            return Ok(());
        };
        let semantics = layout.semantics();
        for input in &sig.inputs {
            if !layout_provides(semantics, input) {
                let what = input_name(input);
                let text = format!(
                    "the vertex shader reads {what}, which the input layout does not provide; \
                     it reads 0"
                );
                self.device.report_id(
                    MessageId::DeviceShaderLinkageSemanticNameNotFound,
                    call,
                    text,
                )?;
            }
        }
        Ok(())
    }

    /// Each pixel-shader input needs a vertex-shader output of the same semantic (name and
    /// index) or, unnamed, the same varying register (D3D's stage linkage; missing: reads 0).
    fn report_varyings(
        &self,
        call: &'static str,
        vs: &ShaderSignature,
        ps: &ShaderSignature,
    ) -> Result<()> {
        for input in &ps.inputs {
            let written = vs
                .outputs
                .iter()
                .any(|o| match (&input.semantic, &o.semantic) {
                    (Some(a), Some(b)) => a.eq_ignore_ascii_case(b) && input.index == o.index,
                    (None, None) => input.register == o.register,
                    _ => false,
                });
            if !written {
                let text = format!(
                    "the pixel shader reads {}, which the vertex shader does not write; it reads 0",
                    input_name(input).replace("register v", "varying v")
                );
                self.device.report_id(
                    MessageId::DeviceShaderLinkageSemanticNameNotFound,
                    call,
                    text,
                )?;
            }
        }
        Ok(())
    }

    /// Constant buffers, shader resources and samplers a stage's shader reads.
    fn report_stage_reads(
        &self,
        call: &'static str,
        stage: &str,
        sig: &ShaderSignature,
        bound: &StageBindings,
    ) -> Result<()> {
        let d = &self.device;
        for cb in &sig.constant_buffers {
            let slot = cb.slot as usize;
            match bound.constant_buffers.get(slot).and_then(Option::as_ref) {
                None if cb.optional => {}
                None => d.report_id(
                    MessageId::DeviceDrawConstantBufferNotSet,
                    call,
                    format!("the {stage} shader reads constant buffer slot {slot}, which is empty"),
                )?,
                Some(b) if u64::from(b.desc().byte_width) < u64::from(cb.constants) * 16 => d
                    .report_id(
                        MessageId::DeviceDrawConstantBufferTooSmall,
                        call,
                        format!(
                            "the {stage} shader reads {} constants ({} bytes) of constant buffer \
                             slot {slot}, which holds {} bytes; the rest read 0",
                            cb.constants,
                            u64::from(cb.constants) * 16,
                            b.desc().byte_width
                        ),
                    )?,
                Some(_) => {}
            }
        }
        for &t in &sig.shader_resources {
            let tiled = bound.tiled_resources.get(t as usize);
            if bound
                .shader_resources
                .get(t as usize)
                .is_none_or(Option::is_none)
                && tiled.is_none_or(Option::is_none)
            {
                d.report_id(
                    MessageId::DeviceDrawShaderResourceViewNotSet,
                    call,
                    format!("the {stage} shader reads shader resource slot {t}, which is empty; it reads 0"),
                )?;
            }
        }
        for &s in &sig.samplers {
            if bound.samplers.get(s as usize).is_none_or(Option::is_none) {
                d.report_id(
                    MessageId::DeviceDrawSamplerNotSet,
                    call,
                    format!("the {stage} shader samples with sampler slot {s}, which is empty; the default sampler state is used"),
                )?;
            }
        }
        Ok(())
    }
}

/// Whether an input layout with these `(semantic name, index)` elements provides a
/// vertex-shader input: by semantic name (case-insensitive) and index where the shader names
/// it, by element position where it does not (WGSL `@location(n)` = element n). The one
/// matcher of the rule, used at `CreateInputLayout` (refusal) and at draw (report).
pub(crate) fn layout_provides(semantics: &[(String, u32)], input: &SignatureElement) -> bool {
    match &input.semantic {
        Some(name) => semantics
            .iter()
            .any(|(n, i)| n.eq_ignore_ascii_case(name) && *i == input.index),
        None => (input.register as usize) < semantics.len(),
    }
}

/// How a report names a vertex-shader input: `TEXCOORD0`, or `register v2` when unnamed.
pub(crate) fn input_name(input: &SignatureElement) -> String {
    match &input.semantic {
        Some(name) => format!("{name}{}", input.index),
        None => format!("register v{}", input.register),
    }
}
