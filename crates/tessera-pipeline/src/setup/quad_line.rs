//! Quadrilateral lines (MultisampleEnable on a line draw; SPEC §3.5, D3D11.3 §3.4.5,
//! §15.14.1): the rectangle of width 1.4 around the segment, drawn as two triangles whose
//! vertices at each end carry that end's attributes, so attributes vary along the line and
//! are constant across it; coverage is the triangles' (per sample on multisampled targets).

use tessera_types::{CullMode, RasterizerDesc};

use super::{Plane, Primitive, SUBPIXEL_BITS, ScreenVertex, SetupParams, setup_screen_triangle};

/// Half the line's width (0.7 pixel) in 16.8 fixed point, as a float.
const HALF_WIDTH: f64 = 0.7 * (1 << SUBPIXEL_BITS) as f64;

/// The rectangle's corners `[a+, b+, a-, b-]` around the snapped segment `s[0] → s[1]`: each
/// end moved by ±0.7 pixel along the unit normal, rounded to 16.8 (ties to even; the normal in
/// f64, whose `sqrt` is correctly rounded, so the same on every CPU). `None` for a segment of
/// zero length (no rectangle).
pub(crate) fn quad_corners(s: [ScreenVertex; 2]) -> Option<[ScreenVertex; 4]> {
    let (dx, dy) = ((s[1].fx - s[0].fx) as f64, (s[1].fy - s[0].fy) as f64);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return None;
    }
    let ox = (-dy / len * HALF_WIDTH).round_ties_even() as i64;
    let oy = (dx / len * HALF_WIDTH).round_ties_even() as i64;
    let at = |v: ScreenVertex, sign: i64| ScreenVertex {
        fx: v.fx + sign * ox,
        fy: v.fy + sign * oy,
        ..v
    };
    Some([at(s[0], 1), at(s[1], 1), at(s[0], -1), at(s[1], -1)])
}

/// Sets up the two triangles of the quadrilateral line `verts[0] → verts[1]` (screen
/// positions `s`) into `out` (planes into `arena`): (a+, b+, a−) and (b+, b−, a−), culling off,
/// `front` its `SV_IsFrontFace` and `bias` its depth bias (0 for line primitives, the
/// triangle's for wireframe edges, SPEC §3.7). Returns the triangles added (0 to 2).
pub(crate) fn setup_quad_line(
    verts: [&[f32]; 2],
    s: [ScreenVertex; 2],
    params: &SetupParams<'_>,
    primitive_id: u32,
    (front, bias): (bool, f32),
    arena: &mut Vec<Plane>,
    out: &mut Vec<Primitive>,
) -> usize {
    let Some([ap, bp, am, bm]) = quad_corners(s) else {
        return 0;
    };
    let rs = RasterizerDesc {
        cull_mode: CullMode::None,
        depth_bias: 0,
        slope_scaled_depth_bias: 0.0,
        ..*params.rasterizer
    };
    let params = SetupParams {
        rasterizer: &rs,
        ..*params
    };
    let [a, b] = verts;
    let mut added = 0;
    for (v, c) in [([a, b, a], [ap, bp, am]), ([b, b, a], [bp, bm, am])] {
        if let Some(mut t) = setup_screen_triangle(v, c, a, &params, primitive_id, arena) {
            t.z.v0 += bias;
            t.front = front;
            out.push(Primitive::Triangle(t));
            added += 1;
        }
    }
    added
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sv(x: i64, y: i64) -> ScreenVertex {
        ScreenVertex {
            fx: x,
            fy: y,
            z: 0.0,
            q: 1.0,
        }
    }

    /// A horizontal segment's corners are 0.7 px (179/256) above and below its ends; a
    /// 3-4-5 diagonal's offset is (−0.8, 0.6) · 179.2 = (−143.36, 107.52) → (−143, 108).
    #[test]
    fn corners_are_the_rounded_normal_offsets() {
        let c = quad_corners([sv(256, 1024), sv(1792, 1024)]).unwrap();
        assert_eq!(
            c.map(|v| (v.fx, v.fy)),
            [(256, 1203), (1792, 1203), (256, 845), (1792, 845)]
        );
        let c = quad_corners([sv(0, 0), sv(3 * 256, 4 * 256)]).unwrap();
        assert_eq!((c[0].fx, c[0].fy), (-143, 108));
        assert!(quad_corners([sv(5, 5), sv(5, 5)]).is_none());
    }
}
