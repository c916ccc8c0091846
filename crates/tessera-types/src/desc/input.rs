//! Where `CreateInputLayout` places each element: the one definition of
//! `D3D11_APPEND_ALIGNED_ELEMENT`, shared by the caps layer (which checks the placed elements)
//! and the pipeline (which fetches from them).

use tessera_format::Format;

use super::{APPEND_ALIGNED_ELEMENT, InputElementDesc};

/// The byte alignment D3D11 requires of a vertex element's offset: `min(4, component size)`,
/// e.g. 1 for R8G8B8A8_UNORM, 2 for R16G16_FLOAT, 4 for R32_FLOAT and R32G32B32A32_FLOAT.
///
/// Formats whose components are not whole bytes of one width (R10G10B10A2, R11G11B10,
/// B5G6R5, B4G4R4A4, R9G9B9E5) count as one packed component of the element's size, capped at
/// 4 (Tessera's reading; the measured facts and the D3D11 pages name only byte-sized components).
pub fn vertex_element_alignment(format: Format) -> u32 {
    let info = format.info();
    let mut widths = info.channel_bits.iter().copied().filter(|&b| b != 0);
    let component_bytes = match widths.next() {
        Some(first) if first % 8 == 0 && widths.all(|b| b == first) => first / 8,
        _ => info.bytes_per_block,
    };
    component_bytes.clamp(1, 4)
}

/// Byte size of one vertex element of `format`.
pub fn vertex_element_size(format: Format) -> u32 {
    format.info().bytes_per_block
}

/// The byte offset of each element in declaration order: explicit offsets as given,
/// `APPEND_ALIGNED_ELEMENT` directly after the previous element of the same input slot, rounded
/// up to [`vertex_element_alignment`] (D3D11: an R32_FLOAT appended after an R8_UNORM starts at
/// byte 4). Offsets are `u64` so that an explicit offset near `u32::MAX` plus a size cannot wrap.
pub fn resolve_element_offsets(elements: &[InputElementDesc]) -> Vec<u64> {
    // (slot, end of the slot's previous element)
    let mut ends: Vec<(u32, u64)> = Vec::new();
    elements
        .iter()
        .map(|e| {
            let end = ends.iter_mut().find(|(slot, _)| *slot == e.input_slot);
            let offset = if e.aligned_byte_offset == APPEND_ALIGNED_ELEMENT {
                let align = u64::from(vertex_element_alignment(e.format));
                end.as_ref()
                    .map_or(0, |(_, end)| end.div_ceil(align) * align)
            } else {
                u64::from(e.aligned_byte_offset)
            };
            let new_end = offset + u64::from(vertex_element_size(e.format));
            match end {
                Some((_, end)) => *end = new_end,
                None => ends.push((e.input_slot, new_end)),
            }
            offset
        })
        .collect()
}
