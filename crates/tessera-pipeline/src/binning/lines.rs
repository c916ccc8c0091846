//! Binning of line primitives and wireframe triangle edges (SPEC §3.4, §3.5): each segment
//! clipped exactly to the clip volume, set up once ([`setup_line`]) and its lit pixels binned
//! as one-pixel primitives beside the triangles.

use crate::setup::aa_line::setup_aa_line;
use crate::setup::clip::ClipPlanes;
use crate::setup::line::{setup_line, wire_facing};
use crate::setup::quad_line::setup_quad_line;
use crate::setup::{LineMode, ScreenVertex, SetupParams, to_screen};

use super::{NAN_SCREEN, SetupChunk};

/// A draw's vertices as binning sees them: clip-space data, outcodes and screen positions.
pub(super) struct Vertices<'a> {
    /// Clip planes of the draw.
    pub(super) planes: &'a ClipPlanes,
    /// Floats per vertex.
    pub(super) len: usize,
    /// Clip-space vertices with varyings, `len` floats each.
    pub(super) data: &'a [f32],
    /// Outcode per vertex (with [`NAN_SCREEN`]).
    pub(super) codes: &'a [u8],
    /// Screen position per vertex inside every plane.
    pub(super) screen: &'a [ScreenVertex],
}

impl Vertices<'_> {
    fn vertex(&self, k: u32) -> &[f32] {
        let at = k as usize * self.len;
        &self.data[at..at + self.len]
    }
}

impl SetupChunk {
    /// Clips, sets up and bins the segment `a → b` (vertex indices) with facing and bias
    /// `face` (see [`setup_line`]).
    pub(super) fn push_line(
        &mut self,
        [a, b]: [u32; 2],
        vs: &Vertices<'_>,
        params: &SetupParams<'_>,
        (id, face): (u32, (bool, f32)),
        bands: usize,
    ) {
        let codes = [vs.codes[a as usize], vs.codes[b as usize]];
        let before = self.prims.len();
        let ends = [vs.vertex(a), vs.vertex(b)];
        let lit = if codes[0] | codes[1] == 0 {
            let s = [vs.screen[a as usize], vs.screen[b as usize]];
            self.setup_segment(ends, s, params, (id, face))
        } else if codes[0] & codes[1] & !NAN_SCREEN != 0 || (codes[0] | codes[1]) == NAN_SCREEN {
            return;
        } else {
            let masked = codes.map(|c| c & !NAN_SCREEN);
            let Some(clipped) = vs.planes.clip_line(ends, vs.len, masked) else {
                return;
            };
            let ends = [&clipped[0][..vs.len], &clipped[1][..vs.len]];
            let (Some(s0), Some(s1)) = (
                to_screen(ends[0], &params.viewport),
                to_screen(ends[1], &params.viewport),
            ) else {
                return;
            };
            self.setup_segment(ends, [s0, s1], params, (id, face))
        };
        self.lines += 1;
        self.line_pixels += lit;
        self.bin_from(before, bands);
    }

    /// Sets up the clipped segment `ends` (screen positions `s`) in the rasterizer state's
    /// [`LineMode`] (SPEC §3.5). Returns the primitives added.
    fn setup_segment(
        &mut self,
        ends: [&[f32]; 2],
        s: [ScreenVertex; 2],
        params: &SetupParams<'_>,
        (id, face): (u32, (bool, f32)),
    ) -> usize {
        let (planes, prims) = (&mut self.planes, &mut self.prims);
        match LineMode::of(params.rasterizer) {
            LineMode::Quadrilateral => setup_quad_line(ends, s, params, id, face, planes, prims),
            LineMode::AlphaAntialiased => {
                let pixels = &mut self.aa_pixels;
                setup_aa_line(ends, s, params, id, face, planes, pixels, prims)
            }
            LineMode::Aliased => {
                let pixels = &mut self.pixels;
                setup_line(ends, s, params, id, face, planes, pixels, prims)
            }
        }
    }

    /// The edges of triangle `t` in wireframe fill (SPEC §3.4): culled first (by its snapped
    /// winding, or the clipped polygon's), then each original edge clipped and drawn as a line
    /// with the triangle's facing and depth bias.
    pub(super) fn push_wire(
        &mut self,
        t: [u32; 3],
        vs: &Vertices<'_>,
        params: &SetupParams<'_>,
        id: u32,
        bands: usize,
    ) {
        let c = t.map(|k| vs.codes[k as usize]);
        if c[0] & c[1] & c[2] & !NAN_SCREEN != 0 {
            return;
        }
        let screen = if c[0] | c[1] | c[2] == 0 {
            t.map(|k| vs.screen[k as usize])
        } else if (c[0] | c[1] | c[2]) & !NAN_SCREEN == 0 {
            return;
        } else {
            let v = t.map(|k| vs.vertex(k));
            let poly = vs
                .planes
                .clip_triangle(v, vs.len, c.map(|c| c & !NAN_SCREEN));
            if poly.len() < 3 {
                return;
            }
            let s = [0, 1, 2].map(|i| to_screen(&poly[i][..vs.len], &params.viewport));
            let [Some(s0), Some(s1), Some(s2)] = s else {
                return;
            };
            [s0, s1, s2]
        };
        let Some(face) = wire_facing(screen, params) else {
            return;
        };
        for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            self.push_line([a, b], vs, params, (id, face), bands);
        }
    }
}
