//! `CreateInputLayout` rules (SPEC §2.1 CreateInputLayout, §1.2 input slots and overlapping
//! elements, §1.3 32 elements; the D3D11 CreateInputLayout / D3D11_INPUT_ELEMENT_DESC pages where
//! the digest is silent). Element placement comes from [`resolve_element_offsets`], the same
//! function the pipeline fetches with.

use super::state::state;
use crate::FeatureLevel;
use crate::caps::Caps;
use crate::desc::{
    APPEND_ALIGNED_ELEMENT, InputClassification, InputElementDesc, resolve_element_offsets,
    vertex_element_alignment, vertex_element_size,
};
use crate::error::CapsError;
use crate::format_support::FormatSupport;

/// Most vertex elements in one input layout (`D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT`, SPEC §1.3: 32).
pub const MAX_VERTEX_ELEMENTS: usize = 32;

/// Largest byte an element may reach: offset + size <= 2048
/// (`D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES`; the digest is silent).
pub const MAX_VERTEX_STRUCTURE_BYTES: u64 = 2048;

/// Rule name of the alignment check.
const ALIGN_RULE: &str =
    "D3D11 CreateInputLayout: AlignedByteOffset multiple of min(4, component size)";

impl Caps {
    /// `CreateInputLayout`: element count, slots, formats, per-instance data, step rates,
    /// offset alignment and extent, duplicate semantics, per-slot consistency, 9_1 overlap and
    /// the 9_3 slot-0 rule (SPEC §2.1, §1.2, §1.3; D3D11 CreateInputLayout).
    pub fn validate_input_layout(&self, elements: &[InputElementDesc]) -> Result<(), CapsError> {
        let level = self.level();
        let lim = self.limits();
        if elements.len() > MAX_VERTEX_ELEMENTS {
            return Err(CapsError::Count {
                level,
                what: "vertex elements",
                rule: "SPEC §1.3 32 vertex elements",
                limit: MAX_VERTEX_ELEMENTS as u64,
                value: elements.len() as u64,
            });
        }
        let offsets = resolve_element_offsets(elements);
        for (i, (e, &offset)) in elements.iter().zip(&offsets).enumerate() {
            let err = |rule: &'static str, reason: String| CapsError::InputElement {
                level,
                element: i,
                semantic: format!("{}{}", e.semantic_name, e.semantic_index),
                rule,
                reason,
            };
            if e.semantic_name.is_empty() {
                return Err(err(
                    "D3D11 CreateInputLayout: SemanticName",
                    "the semantic name is empty".into(),
                ));
            }
            if e.input_slot >= lim.max_input_slots {
                return Err(CapsError::Count {
                    level,
                    what: "as an input slot index",
                    rule: "SPEC §1.2 IA input slots",
                    limit: u64::from(lim.max_input_slots) - 1,
                    value: u64::from(e.input_slot),
                });
            }
            if !self
                .check_format_support(e.format)
                .contains(FormatSupport::IA_VERTEX_BUFFER)
            {
                return Err(CapsError::FormatUnsupported {
                    level,
                    format: e.format,
                    usage: "a vertex element",
                });
            }
            self.validate_slot_class(i, e)?;
            if e.aligned_byte_offset != APPEND_ALIGNED_ELEMENT {
                let align = vertex_element_alignment(e.format);
                if e.aligned_byte_offset % align != 0 {
                    return Err(err(
                        ALIGN_RULE,
                        format!(
                            "AlignedByteOffset {} is not a multiple of {align} ({})",
                            e.aligned_byte_offset,
                            e.format.name()
                        ),
                    ));
                }
            }
            let end = offset + u64::from(vertex_element_size(e.format));
            if end > MAX_VERTEX_STRUCTURE_BYTES {
                return Err(err(
                    "D3D11 CreateInputLayout: offset + size <= 2048",
                    format!(
                        "the element spans bytes {offset}..{end}, past {MAX_VERTEX_STRUCTURE_BYTES}"
                    ),
                ));
            }
            let earlier = elements[..i].iter().zip(&offsets).enumerate();
            for (j, (p, &p_offset)) in earlier {
                if p.semantic_index == e.semantic_index
                    && p.semantic_name.eq_ignore_ascii_case(&e.semantic_name)
                {
                    return Err(err(
                        "D3D11 CreateInputLayout: semantic name and index unique",
                        format!("element {j} already uses this semantic"),
                    ));
                }
                if p.input_slot != e.input_slot {
                    continue;
                }
                if p.input_slot_class != e.input_slot_class {
                    return Err(err(
                        "D3D11 CreateInputLayout: one InputSlotClass per slot",
                        format!(
                            "slot {} is {:?} for element {j} and {:?} here",
                            e.input_slot, p.input_slot_class, e.input_slot_class
                        ),
                    ));
                }
                if p.instance_data_step_rate != e.instance_data_step_rate {
                    return Err(err(
                        "D3D11 CreateInputLayout: one InstanceDataStepRate per slot",
                        format!(
                            "slot {} steps every {} instances for element {j} and every {} here",
                            e.input_slot, p.instance_data_step_rate, e.instance_data_step_rate
                        ),
                    ));
                }
                if !lim.overlapping_vertex_elements && p_offset == offset {
                    return Err(err(
                        // From 9_2: D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET (SPEC §1.4).
                        "SPEC §1.2 overlapping vertex elements (9_1)",
                        format!(
                            "element {j} also starts at byte {offset} of slot {}",
                            e.input_slot
                        ),
                    ));
                }
            }
        }
        self.validate_slot_zero(elements)
    }

    /// Per-element classification: no per-instance data at 9_1/9_2 (SPEC §2.1), step rate 0
    /// for per-vertex data (D3D11_INPUT_ELEMENT_DESC).
    fn validate_slot_class(&self, i: usize, e: &InputElementDesc) -> Result<(), CapsError> {
        const S: &str = "input layout";
        let level = self.level();
        let lim = self.limits();
        match e.input_slot_class {
            InputClassification::PerInstance
                if lim.per_instance_input_data == Some(false) || !lim.instancing =>
            {
                Err(state(
                    level,
                    S,
                    "SPEC §2.1 CreateInputLayout: no PER_INSTANCE_DATA (9_1, 9_2)",
                    format!("element {i} ({}) is per-instance", e.semantic_name),
                ))
            }
            InputClassification::PerVertex if e.instance_data_step_rate != 0 => Err(state(
                level,
                S,
                "D3D11 CreateInputLayout",
                format!(
                    "per-vertex element {i} has InstanceDataStepRate {}",
                    e.instance_data_step_rate
                ),
            )),
            _ => Ok(()),
        }
    }

    /// 9_3: if any element is per-vertex, input slot 0 must be per-vertex (SPEC §2.1).
    fn validate_slot_zero(&self, elements: &[InputElementDesc]) -> Result<(), CapsError> {
        let level = self.level();
        if level == FeatureLevel::L9_3
            && elements
                .iter()
                .any(|e| e.input_slot_class == InputClassification::PerVertex)
            && elements.iter().any(|e| {
                e.input_slot == 0 && e.input_slot_class == InputClassification::PerInstance
            })
        {
            return Err(state(
                level,
                "input layout",
                "SPEC §2.1 CreateInputLayout: slot 0 per-vertex (9_3)",
                "input slot 0 is per-instance while per-vertex data exists",
            ));
        }
        Ok(())
    }
}
