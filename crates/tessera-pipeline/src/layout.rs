//! Input layouts resolved for execution (`CreateInputLayout`): the part of the input
//! assembler's state that a draw is bound with.

use tessera_format::Format;
use tessera_types::{
    InputClassification, InputElementDesc, resolve_element_offsets, vertex_element_size,
};

use crate::error::PipelineError;

/// One input element with its offset resolved (`APPEND_ALIGNED_ELEMENT` expanded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResolvedElement {
    /// Vertex format.
    pub format: Format,
    /// Byte size of one element of `format`.
    pub size: u32,
    /// Input slot.
    pub slot: u32,
    /// Byte offset within the vertex.
    pub offset: u32,
    /// Per-instance data step rate; 0 for per-vertex data.
    pub step_rate: u32,
    /// True for per-instance elements.
    pub per_instance: bool,
}

/// An input layout resolved for execution; element `i` feeds vertex-shader input register `i`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputLayout {
    /// Elements in declaration order.
    pub elements: Vec<ResolvedElement>,
}

impl InputLayout {
    /// Resolves `APPEND_ALIGNED_ELEMENT` offsets with [`resolve_element_offsets`] (the one
    /// placement rule: after the previous element of the same slot, rounded up to
    /// `min(4, component size)`) and checks each format is a vertex format.
    pub fn new(descs: &[InputElementDesc]) -> Result<Self, PipelineError> {
        let offsets = resolve_element_offsets(descs);
        let mut elements = Vec::with_capacity(descs.len());
        for (d, &offset) in descs.iter().zip(&offsets) {
            let format = d.format;
            if format.is_compressed() || format.is_typeless() || format.is_depth_stencil() {
                return Err(PipelineError::BadVertexFormat { format });
            }
            let size = vertex_element_size(format);
            if d.input_slot >= 32 {
                return Err(PipelineError::BadInputSlot { slot: d.input_slot });
            }
            let Ok(offset) = u32::try_from(offset) else {
                return Err(PipelineError::BadElementOffset { offset });
            };
            let per_instance = d.input_slot_class == InputClassification::PerInstance;
            elements.push(ResolvedElement {
                format,
                size,
                slot: d.input_slot,
                offset,
                step_rate: if per_instance {
                    d.instance_data_step_rate
                } else {
                    0
                },
                per_instance,
            });
        }
        Ok(Self { elements })
    }
}
