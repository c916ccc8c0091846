//! `CreateInputLayout` with the vertex shader's input signature (D3D11 takes the shader's
//! bytecode there): every input the shader reads needs an element, by semantic name and
//! index, or by position for unnamed inputs; otherwise the layout is refused with
//! `CREATEINPUTLAYOUT_MISSINGELEMENT`. The same matcher reports at draw (linkage.rs).

use std::sync::Arc;

use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::pipeline::shader::{ShaderProfile, ShaderSignature, SignatureElement};
use tessera::pipeline::{ShaderEnv, VertexShader, VsInput, VsOutput};
use tessera::{Device, Error, FeatureLevel as L};
use tessera_testkit::*;

/// A vertex shader that only declares `inputs` (it is never run here).
struct Declares(Vec<SignatureElement>);

impl VertexShader for Declares {
    fn signature(&self) -> ShaderSignature {
        let mut s = ShaderSignature::new(ShaderProfile::Vs4_0Level9_1);
        s.inputs.clone_from(&self.0);
        s
    }
    fn varying_count(&self) -> usize {
        0
    }
    fn shade(&self, _env: &ShaderEnv<'_>, _input: &VsInput<'_>, _out: &mut VsOutput) {}
}

fn vs(d: &Device, inputs: Vec<SignatureElement>) -> tessera::VertexShaderHandle {
    d.create_vertex_shader(Arc::new(Declares(inputs))).unwrap()
}

fn missing(r: tessera::Result<tessera::InputLayoutHandle>) -> String {
    match r {
        Err(Error::MissingInputElement { call, element }) => {
            assert_eq!(call, "CreateInputLayout");
            element
        }
        other => panic!("expected MissingInputElement, got {other:?}"),
    }
}

#[test]
fn named_inputs_match_by_semantic_name_and_index() {
    let d = device(L::L10_0);
    let shader = vs(
        &d,
        vec![
            SignatureElement::named("POSITION", 0, 0, 4),
            SignatureElement::named("TEXCOORD", 1, 1, 2),
        ],
    );
    let pos = element("position", 0, Format::R32G32B32A32Float, 0, 0);
    let uv0 = element("TEXCOORD", 0, Format::R32G32Float, 0, 16);
    let uv1 = element("TEXCOORD", 1, Format::R32G32Float, 0, 16);
    // Names compare without case; the index must match.
    assert!(
        d.create_input_layout_for_shader(&[pos.clone(), uv1], &shader)
            .is_ok()
    );
    assert_eq!(
        missing(d.create_input_layout_for_shader(&[pos.clone(), uv0], &shader)),
        "TEXCOORD1"
    );
    assert_eq!(
        missing(d.create_input_layout_for_shader(&[pos], &shader)),
        "TEXCOORD1"
    );
    // Without the shader the same layout is fine (D3D has no signature to check).
    assert!(
        d.create_input_layout(&[element("POSITION", 0, Format::R32G32B32A32Float, 0, 0)])
            .is_ok()
    );
}

#[test]
fn unnamed_inputs_match_by_element_position() {
    let d = device(L::L10_0);
    let shader = vs(&d, vec![SignatureElement::positional(2, 4)]);
    let el = |i| element("TEXCOORD", i, Format::R32G32B32A32Float, 0, 16 * i);
    assert_eq!(
        missing(d.create_input_layout_for_shader(&[el(0), el(1)], &shader)),
        "register v2"
    );
    assert!(
        d.create_input_layout_for_shader(&[el(0), el(1), el(2)], &shader)
            .is_ok()
    );
}

#[test]
fn refusal_is_reported_and_layout_rules_still_apply() {
    let d = device(L::L10_0);
    let shader = vs(&d, vec![SignatureElement::named("COLOR", 0, 0, 4)]);
    d.info_queue().take();
    let _ = d.create_input_layout_for_shader(
        &[element("POSITION", 0, Format::R32G32B32A32Float, 0, 0)],
        &shader,
    );
    let m = d.info_queue().take();
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].id, MessageId::CreateInputLayoutMissingElement);
    assert_eq!(
        m[0].id.d3d11_name().as_deref(),
        Some("D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_MISSINGELEMENT")
    );
    assert_eq!(m[0].id.number(), 0xa3);
    assert!(m[0].text.contains("COLOR0"), "{}", m[0].text);
    // A layout that provides the input still goes through CreateInputLayout's own rules:
    // input slot 40 is past D3D11's 32 slots.
    let far = element("COLOR", 0, Format::R32G32B32A32Float, 40, 0);
    assert!(matches!(
        d.create_input_layout_for_shader(&[far], &shader),
        Err(Error::Caps(_))
    ));
}

#[test]
fn a_shader_of_another_device_is_refused() {
    let a = device(L::L10_0);
    let b = device(L::L10_0);
    let shader = vs(&a, vec![]);
    assert!(matches!(
        b.create_input_layout_for_shader(
            &[element("POSITION", 0, Format::R32G32B32A32Float, 0, 0)],
            &shader
        ),
        Err(Error::ForeignObject { .. })
    ));
}
