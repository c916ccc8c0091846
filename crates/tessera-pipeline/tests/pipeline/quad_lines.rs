//! Quadrilateral lines (MultisampleEnable on lines; SPEC §3.5, D3D11.3 §3.4.5, §15.14.1): the
//! 1.4-pixel-wide rectangle around the segment as two triangles, attributes varying along the
//! line and constant across it, coverage per sample on multisampled targets.

use super::common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::PipelineError;
use tessera_pipeline::builtin::VertexColorPs;
use tessera_types::{FillMode, PrimitiveTopology};

const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];

/// The horizontal line (1, 4) → (7, 4) on an 8×8 target, its attribute the x position.
fn draw(pattern: &'static [[i8; 2]]) -> (Rig, tessera_pipeline::DrawStats) {
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float).multisampled(pattern);
    rig.topology = PrimitiveTopology::LineList;
    rig.rasterizer.multisample_enable = true;
    let verts = [
        rig.at(1.0, 4.0, 0.5, [1.0, 0.0, 0.0, 1.0]),
        rig.at(7.0, 4.0, 0.5, [7.0, 0.0, 0.0, 1.0]),
    ];
    let stats = rig.draw(&verts, Some(&VertexColorPs)).unwrap();
    (rig, stats)
}

/// At one sample the rectangle y ∈ [4 − 179/256, 4 + 179/256], x ∈ [1, 7] covers the centres
/// of rows 3 and 4, columns 1..=6 (12 pixels; the aliased line lights one row); the attribute
/// is the x of the pixel centre in both rows (constant across the line); the line is one
/// primitive.
#[test]
fn a_quad_line_covers_its_rectangle() {
    let (rig, stats) = draw(&[]);
    assert_eq!(stats.c_primitives, 1);
    assert_eq!(stats.samples_passed, 12);
    for y in 0..8 {
        for x in 0..8 {
            let want = if (3..=4).contains(&y) && (1..=6).contains(&x) {
                [x as f32 + 0.5, 0.0, 0.0, 1.0]
            } else {
                [0.0; 4]
            };
            assert_eq!(rig.f(0, x, y), want, "({x}, {y})");
        }
    }
}

/// At 4× the rectangle covers the samples inside it: in row 3 (y 3.125, 3.375, 3.625, 3.875
/// for samples 0, 1, 2, 3) all but sample 0; in row 4 (4.125 … 4.875) all but sample 3.
#[test]
fn a_quad_line_covers_samples() {
    let (rig, stats) = draw(&P4);
    assert_eq!(stats.samples_passed, 6 * 2 * 3);
    for s in 0..4u32 {
        for y in 0..8 {
            for x in 0..8 {
                let row = (y == 3 && s != 0) || (y == 4 && s != 3);
                let want = if row && (1..=6).contains(&x) {
                    [x as f32 + 0.5, 0.0, 0.0, 1.0]
                } else {
                    [0.0; 4]
                };
                assert_eq!(rig.sample_f(0, x, y, s), want, "({x}, {y}) sample {s}");
            }
        }
    }
}

/// Wireframe edges with MultisampleEnable are quadrilateral lines too; on the centre pattern
/// (several samples at the centre) quadrilateral lines are undefined and refused.
#[test]
fn wireframe_quads_and_the_centre_pattern() {
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float);
    rig.rasterizer.fill_mode = FillMode::Wireframe;
    rig.rasterizer.multisample_enable = true;
    let c = [1.0, 0.0, 0.0, 1.0];
    let verts = [
        rig.at(1.0, 4.0, 0.5, c),
        rig.at(7.0, 4.0, 0.5, c),
        rig.at(1.0, 7.0, 0.5, c),
    ];
    let stats = rig.draw(&verts, Some(&VertexColorPs)).unwrap();
    // The top edge alone covers rows 3 and 4 of columns 1..=6.
    assert_eq!(rig.f(0, 3, 3), c);
    assert!(stats.samples_passed > 12, "{stats:?}");
    static CENTRE: [[i8; 2]; 4] = [[0, 0]; 4];
    let mut rig = Rig::new(8, 8, Format::R32G32B32A32Float).multisampled(&CENTRE);
    rig.topology = PrimitiveTopology::LineList;
    rig.rasterizer.multisample_enable = true;
    assert_eq!(
        rig.draw(&verts[..2], Some(&VertexColorPs)),
        Err(PipelineError::QuadLinesOnCenterPattern { samples: 4 })
    );
}
