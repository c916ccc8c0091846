//! Input assembler: instancing, indexed draws, base vertex (SPEC §3.10).

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::{DrawArgs, IndexBufferBinding, InputLayout, VertexBufferBinding};
use tessera_types::PrimitiveTopology;

fn positions() -> Vec<u8> {
    // One triangle in the left half of an 8×8 target (pixels x < 4), then a spare vertex.
    f32_bytes(&[
        -1.0, 1.0, 0.5, 1.0, //
        0.0, 1.0, 0.5, 1.0, //
        -1.0, -1.0, 0.5, 1.0, //
        0.0, -1.0, 0.5, 1.0,
    ])
}

fn instanced_layout() -> InputLayout {
    InputLayout::new(&[
        element(Format::R32G32B32A32Float, 0, 0, false),
        element(Format::R32G32Float, 1, 0, true),
    ])
    .unwrap()
}

/// Per-instance offsets: instance k moves by (k, 0) in NDC = 4k pixels, and its colour is
/// the offset itself.
fn offsets() -> Vec<u8> {
    f32_bytes(&[0.0, 0.0, 1.0, 0.0, 5.0, 0.0])
}

fn run(args: DrawArgs, ib: Option<IndexBufferBinding<'_>>) -> Rig {
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    rig.clear_f32(0, [-1.0; 4]);
    let pos = positions();
    let off = offsets();
    let vbs = [
        VertexBufferBinding {
            data: &pos,
            stride: 16,
            offset: 0,
        },
        VertexBufferBinding {
            data: &off,
            stride: 8,
            offset: 0,
        },
    ];
    rig.draw_full(
        &instanced_layout(),
        &vbs,
        ib,
        &OffsetVs,
        Some(&FlatVaryingPs),
        args,
    )
    .unwrap();
    rig
}

fn check_two_copies(rig: &Rig, first: f32) {
    // Pixel (0,0) belongs to the first copy, (4,0) to the second; (3,7) to neither.
    assert_eq!(rig.f(0, 0, 0), [first, 0.0, 0.0, 1.0]);
    assert_eq!(rig.f(0, 4, 0), [first + 1.0, 0.0, 0.0, 1.0]);
    assert_eq!(rig.f(0, 3, 7), [-1.0; 4]);
    assert_eq!(rig.f(0, 7, 7), [-1.0; 4]);
    for y in 0..8 {
        for x in 0..4 {
            // The second copy is exactly the first shifted by 4 pixels.
            let a = rig.f(0, x, y)[0] == first;
            let b = rig.f(0, x + 4, y)[0] == first + 1.0;
            assert_eq!(a, b, "({x},{y})");
        }
    }
}

/// DrawInstanced(3, 2): the per-instance element offsets the second copy.
#[test]
fn instancing_offsets_second_copy() {
    let rig = run(
        DrawArgs::Vertices {
            vertex_count: 3,
            start_vertex: 0,
            instance_count: 2,
            start_instance: 0,
        },
        None,
    );
    check_two_copies(&rig, 0.0);
    // StartInstanceLocation 1 starts the per-instance data at element 1 (offset 1).
    let rig = run(
        DrawArgs::Vertices {
            vertex_count: 3,
            start_vertex: 0,
            instance_count: 1,
            start_instance: 1,
        },
        None,
    );
    assert_eq!(rig.f(0, 4, 0), [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(rig.f(0, 0, 0), [-1.0; 4]);
}

/// DrawIndexedInstanced with a base vertex.
#[test]
fn indexed_instanced_with_base_vertex() {
    // Indices 9, 10, 11 with base vertex −9 → vertices 0, 1, 2.
    let indices: Vec<u8> = [9u16, 10, 11]
        .iter()
        .flat_map(|i| i.to_le_bytes())
        .collect();
    let ib = IndexBufferBinding {
        data: &indices,
        format: Format::R16Uint,
        offset: 0,
    };
    let rig = run(
        DrawArgs::Indexed {
            index_count: 3,
            start_index: 0,
            base_vertex: -9,
            instance_count: 2,
            start_instance: 0,
        },
        Some(ib),
    );
    check_two_copies(&rig, 0.0);
}

/// Strip assembly: 4 vertices make two triangles that tile the quad exactly once, and odd
/// triangles keep the winding of the first (no cull-mode surprises).
#[test]
fn triangle_strip_quad() {
    let mut rig = Rig::new(4, 4, Format::R8G8B8A8Unorm);
    rig.blend = additive();
    rig.topology = PrimitiveTopology::TriangleStrip;
    rig.rasterizer.cull_mode = tessera_types::CullMode::Back;
    let one = [1.0 / 255.0, 0.0, 0.0, 0.0];
    // Z order: (0,0), (4,0), (0,4), (4,4): first triangle clockwise on screen.
    let verts = [
        rig.at(0.0, 0.0, 0.5, one),
        rig.at(4.0, 0.0, 0.5, one),
        rig.at(0.0, 4.0, 0.5, one),
        rig.at(4.0, 4.0, 0.5, one),
    ];
    let stats = rig
        .draw(&verts, Some(&tessera_pipeline::builtin::VertexColorPs))
        .unwrap();
    assert_eq!(stats.ia_primitives, 2);
    assert_eq!(stats.c_primitives, 2);
    for y in 0..4 {
        for x in 0..4 {
            assert_eq!(rig.bytes(0, x, y)[0], 1, "({x},{y})");
        }
    }
}

/// An index buffer whose format is neither R16_UINT nor R32_UINT is refused, not read as one.
#[test]
fn bad_index_format_is_refused() {
    let indices = [0u8; 12];
    let ib = IndexBufferBinding {
        data: &indices,
        format: Format::R8Uint,
        offset: 0,
    };
    let pos = positions();
    let vbs = [VertexBufferBinding {
        data: &pos,
        stride: 16,
        offset: 0,
    }];
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    let args = DrawArgs::Indexed {
        index_count: 3,
        start_index: 0,
        base_vertex: 0,
        instance_count: 1,
        start_instance: 0,
    };
    let err = rig.draw_full(
        &instanced_layout(),
        &vbs,
        Some(ib),
        &OffsetVs,
        Some(&FlatVaryingPs),
        args,
    );
    assert_eq!(
        err.unwrap_err(),
        tessera_pipeline::PipelineError::BadIndexFormat {
            format: Format::R8Uint
        }
    );
}

/// `APPEND_ALIGNED_ELEMENT` places an R32_FLOAT after an R8_UNORM at byte 4 (rounded up to
/// min(4, component size)), not byte 1; byte-sized components append unrounded.
#[test]
fn append_aligned_rounds_up_to_the_component_alignment() {
    use tessera_types::APPEND_ALIGNED_ELEMENT;
    let offsets = |second: Format| -> Vec<u32> {
        InputLayout::new(&[
            element(Format::R8Unorm, 0, 0, false),
            element(second, 0, APPEND_ALIGNED_ELEMENT, false),
        ])
        .unwrap()
        .elements
        .iter()
        .map(|e| e.offset)
        .collect()
    };
    assert_eq!(offsets(Format::R32Float), [0, 4]);
    assert_eq!(offsets(Format::R16G16Float), [0, 2]);
    assert_eq!(offsets(Format::R8G8Unorm), [0, 1]);
    // An explicit offset is kept as given (the caps layer checks its alignment).
    let explicit = InputLayout::new(&[element(Format::R32Float, 0, 12, false)]).unwrap();
    assert_eq!(explicit.elements[0].offset, 12);
}
