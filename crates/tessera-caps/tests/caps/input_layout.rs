//! `CreateInputLayout` rules on both sides of each boundary: offset alignment, APPEND_ALIGNED
//! placement, the 2048-byte extent, element count, duplicate semantics, per-slot class and
//! step rate, per-vertex step rate, formats, empty names, and 9_1's overlapping elements.

use FeatureLevel::*;
use InputClassification::*;
use tessera_caps::*;
use tessera_format::Format;

fn caps(l: FeatureLevel) -> Caps {
    Caps::for_level(l)
}

fn el(name: &str, index: u32, format: Format, slot: u32, offset: u32) -> InputElementDesc {
    InputElementDesc {
        semantic_name: name.into(),
        semantic_index: index,
        format,
        input_slot: slot,
        aligned_byte_offset: offset,
        input_slot_class: PerVertex,
        instance_data_step_rate: 0,
    }
}

fn inst(name: &str, slot: u32, rate: u32) -> InputElementDesc {
    InputElementDesc {
        input_slot_class: PerInstance,
        instance_data_step_rate: rate,
        ..el(name, 0, Format::R32Float, slot, APPEND_ALIGNED_ELEMENT)
    }
}

/// The rule of a refused layout, or "ok".
fn rule(level: FeatureLevel, elements: &[InputElementDesc]) -> &'static str {
    match caps(level).validate_input_layout(elements) {
        Ok(()) => "ok",
        Err(e) => e.rule(),
    }
}

const ALIGN: &str = "D3D11 CreateInputLayout: AlignedByteOffset multiple of min(4, component size)";

#[test]
fn element_alignment_is_min_of_4_and_the_component_size() {
    assert_eq!(vertex_element_alignment(Format::R8G8B8A8Unorm), 1);
    assert_eq!(vertex_element_alignment(Format::R8Unorm), 1);
    assert_eq!(vertex_element_alignment(Format::R16G16Float), 2);
    assert_eq!(vertex_element_alignment(Format::R32Float), 4);
    assert_eq!(vertex_element_alignment(Format::R32G32B32A32Float), 4);
    // Packed formats: one component of the element's size, capped at 4.
    assert_eq!(vertex_element_alignment(Format::R10G10B10A2Unorm), 4);
}

#[test]
fn explicit_offsets_must_be_aligned() {
    let one = |f, off| rule(L11_0, &[el("A", 0, f, 0, off)]);
    assert_eq!(one(Format::R8G8B8A8Unorm, 1), "ok");
    assert_eq!(one(Format::R16G16Float, 1), ALIGN);
    assert_eq!(one(Format::R16G16Float, 2), "ok");
    assert_eq!(one(Format::R32Float, 2), ALIGN);
    assert_eq!(one(Format::R32Float, 4), "ok");
    assert_eq!(one(Format::R32G32B32A32Float, 4), "ok");
    assert_eq!(one(Format::R32G32B32A32Float, 6), ALIGN);
    assert_eq!(
        caps(L9_1).validate_input_layout(&[el("A", 0, Format::R32Float, 0, 2)]),
        Err(CapsError::InputElement {
            level: L9_1,
            element: 0,
            semantic: "A0".into(),
            rule: ALIGN,
            reason: "AlignedByteOffset 2 is not a multiple of 4 (R32_FLOAT)".into(),
        })
    );
}

#[test]
fn append_aligned_rounds_up_to_the_alignment_per_slot() {
    let append = APPEND_ALIGNED_ELEMENT;
    let r8 = el("A", 0, Format::R8Unorm, 0, 0);
    assert_eq!(
        resolve_element_offsets(&[r8.clone(), el("B", 0, Format::R32Float, 0, append)]),
        [0, 4]
    );
    assert_eq!(
        resolve_element_offsets(&[r8.clone(), el("B", 0, Format::R8Unorm, 0, append)]),
        [0, 1]
    );
    assert_eq!(
        resolve_element_offsets(&[r8.clone(), el("B", 0, Format::R16Float, 0, append)]),
        [0, 2]
    );
    // Each slot appends from its own previous element; the first starts at 0.
    assert_eq!(
        resolve_element_offsets(&[
            el("A", 0, Format::R32G32Float, 0, append),
            el("B", 0, Format::R8Unorm, 1, append),
            el("C", 0, Format::R32Float, 0, append),
            el("D", 0, Format::R16Float, 1, append),
        ]),
        [0, 0, 8, 2]
    );
    // Appended elements are aligned by construction and so pass the alignment rule.
    assert_eq!(
        rule(L11_0, &[r8, el("B", 0, Format::R32Float, 0, append)]),
        "ok"
    );
}

#[test]
fn elements_end_within_2048_bytes() {
    const END: &str = "D3D11 CreateInputLayout: offset + size <= 2048";
    let f = Format::R32G32B32A32Float;
    assert_eq!(rule(L11_0, &[el("A", 0, f, 0, 2032)]), "ok");
    assert_eq!(rule(L11_0, &[el("A", 0, f, 0, 2036)]), END);
    // Through APPEND_ALIGNED: 2044 + 4 = 2048 fits, the next R32 does not.
    let a = el("A", 0, Format::R32Float, 0, 2044);
    assert_eq!(rule(L11_0, std::slice::from_ref(&a)), "ok");
    assert_eq!(
        caps(L11_0)
            .validate_input_layout(&[a, el("B", 0, Format::R32Float, 0, APPEND_ALIGNED_ELEMENT)]),
        Err(CapsError::InputElement {
            level: L11_0,
            element: 1,
            semantic: "B0".into(),
            rule: END,
            reason: "the element spans bytes 2048..2052, past 2048".into(),
        })
    );
}

#[test]
fn at_most_32_elements() {
    let layout = |n: u32| -> Vec<InputElementDesc> {
        (0..n)
            .map(|i| el("TEXCOORD", i, Format::R32Float, 0, APPEND_ALIGNED_ELEMENT))
            .collect()
    };
    assert_eq!(caps(L11_0).validate_input_layout(&layout(32)), Ok(()));
    assert_eq!(
        caps(L11_0).validate_input_layout(&layout(33)),
        Err(CapsError::Count {
            level: L11_0,
            what: "vertex elements",
            rule: "SPEC §1.3 32 vertex elements",
            limit: 32,
            value: 33,
        })
    );
}

#[test]
fn semantic_name_and_index_are_unique() {
    const DUP: &str = "D3D11 CreateInputLayout: semantic name and index unique";
    let a = el("TEXCOORD", 0, Format::R32Float, 0, 0);
    let at = |name, index| el(name, index, Format::R32Float, 0, 4);
    assert_eq!(rule(L11_0, &[a.clone(), at("TEXCOORD", 1)]), "ok");
    assert_eq!(rule(L11_0, &[a.clone(), at("COLOR", 0)]), "ok");
    assert_eq!(rule(L11_0, &[a.clone(), at("TEXCOORD", 0)]), DUP);
    // HLSL semantics are case-insensitive.
    assert_eq!(rule(L11_0, &[a, at("texcoord", 0)]), DUP);
}

#[test]
fn one_slot_class_and_step_rate_per_slot() {
    let v = el("A", 0, Format::R32Float, 1, 0);
    assert_eq!(rule(L10_0, &[v.clone(), inst("B", 2, 1)]), "ok");
    assert_eq!(
        rule(L10_0, &[v, inst("B", 1, 1)]),
        "D3D11 CreateInputLayout: one InputSlotClass per slot"
    );
    assert_eq!(rule(L10_0, &[inst("A", 1, 2), inst("B", 1, 2)]), "ok");
    assert_eq!(
        rule(L10_0, &[inst("A", 1, 1), inst("B", 1, 2)]),
        "D3D11 CreateInputLayout: one InstanceDataStepRate per slot"
    );
}

#[test]
fn per_vertex_elements_step_at_rate_0() {
    let mut e = el("A", 0, Format::R32Float, 0, 0);
    assert_eq!(rule(L11_0, &[e.clone()]), "ok");
    e.instance_data_step_rate = 1;
    assert_eq!(
        caps(L11_0).validate_input_layout(&[e]),
        Err(CapsError::State {
            level: L11_0,
            state: "input layout",
            rule: "D3D11 CreateInputLayout",
            reason: "per-vertex element 0 has InstanceDataStepRate 1".into(),
        })
    );
}

#[test]
fn formats_and_names() {
    assert_eq!(rule(L11_0, &[el("A", 0, Format::R32Float, 0, 0)]), "ok");
    assert_eq!(
        caps(L11_0).validate_input_layout(&[el("A", 0, Format::Bc1Unorm, 0, 0)]),
        Err(CapsError::FormatUnsupported {
            level: L11_0,
            format: Format::Bc1Unorm,
            usage: "a vertex element",
        })
    );
    assert_eq!(
        rule(L11_0, &[el("", 0, Format::R32Float, 0, 0)]),
        "D3D11 CreateInputLayout: SemanticName"
    );
}

#[test]
fn overlapping_elements_refused_at_9_1_only() {
    const OVERLAP: &str = "SPEC §1.2 overlapping vertex elements (9_1)";
    let shared = [
        el("A", 0, Format::R32Float, 0, 0),
        el("B", 0, Format::R8G8B8A8Unorm, 0, 0),
    ];
    assert_eq!(rule(L9_1, &shared), OVERLAP);
    assert_eq!(rule(L9_2, &shared), "ok");
    // Same offset in different slots is no overlap.
    let slots = [
        el("A", 0, Format::R32Float, 0, 0),
        el("B", 0, Format::R32Float, 1, 0),
    ];
    assert_eq!(rule(L9_1, &slots), "ok");
    // The resolved offset counts: C appends after B (byte 4), where A already starts.
    let appended = [
        el("A", 0, Format::R32Float, 0, 4),
        el("B", 0, Format::R32Float, 0, 0),
        el("C", 0, Format::R32Float, 0, APPEND_ALIGNED_ELEMENT),
    ];
    assert_eq!(rule(L9_1, &appended), OVERLAP);
    assert_eq!(rule(L9_2, &appended), "ok");
}
