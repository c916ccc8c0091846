//! Lower bounds of a triangle's depth over rectangles, for the coarse depth test of the output
//! merger's per-cell bounds ([`CoarseDepth`](crate::om::coarse::CoarseDepth)).

use crate::setup::TriSetup;

/// Lower bounds of the depth, clamped to the viewport range, that the pixel stage computes
/// from a triangle's plane at the pixel centres of rectangles inside one rectangle `rect`.
///
/// The plane is linear, so its exact minimum over a rectangle's centres is at a corner (found
/// in f64, exact up to one rounding); the f32 evaluation `v0 + dx·Δx + dy·Δy` (with
/// `Δx = px − origin`) differs from the exact value by a few ulps of
/// `m = |v0| + |dx·Δx| + |dy·Δy|` at most, so the minimum less `m·2⁻²⁰` (`m` over all of
/// `rect`) is below every evaluated value (a flat plane evaluates to `v0` exactly:
/// `v0 + 0 + 0`); clamping is monotonic.
#[derive(Clone, Copy, Debug)]
pub struct DepthBound {
    v0: f64,
    dx: f64,
    dy: f64,
    origin: [f64; 2],
    margin: f64,
    range: (f64, f64),
    /// Offset from a rectangle's edge to its first and last evaluated positions: ½ (pixel
    /// centres), or ½ − reach with samples up to `reach` pixels from the centres.
    inset: f64,
}

impl DepthBound {
    /// The bounds of `tri` within `rect` (`[x0, y0, x1, y1)`), or `None` when the plane's terms
    /// are too large to bound.
    pub fn new(tri: &TriSetup, rect: [u32; 4], range: (f32, f32)) -> Option<Self> {
        Self::with_reach(tri, rect, range, 0.0)
    }

    /// [`DepthBound::new`] for depths evaluated at samples up to `reach` pixels (in x and y)
    /// from the pixel centres (a multisampled draw: `reach` = ½ covers every pattern's
    /// offsets in [−8, 7]/16; the sample's `Δx = (px − origin) + offset` adds one rounding,
    /// which the margin's 2⁻²⁰ covers).
    pub fn with_reach(
        tri: &TriSetup,
        rect: [u32; 4],
        range: (f32, f32),
        reach: f64,
    ) -> Option<Self> {
        let inset = 0.5 - reach;
        let [x0, y0, x1, y1] = rect.map(f64::from);
        let origin = [f64::from(tri.origin[0]), f64::from(tri.origin[1])];
        let (dx, dy) = (f64::from(tri.z.dx), f64::from(tri.z.dy));
        let tx = (dx * (x0 + inset - origin[0]))
            .abs()
            .max((dx * (x1 - inset - origin[0])).abs());
        let ty = (dy * (y0 + inset - origin[1]))
            .abs()
            .max((dy * (y1 - inset - origin[1])).abs());
        let v0 = f64::from(tri.z.v0);
        let m = v0.abs() + tx + ty;
        if m.is_nan() || m >= 1e30 {
            return None;
        }
        let margin = if dx == 0.0 && dy == 0.0 {
            0.0
        } else {
            m / 1_048_576.0
        };
        let range = (f64::from(range.0), f64::from(range.1));
        Some(Self {
            v0,
            dx,
            dy,
            origin,
            margin,
            range,
            inset,
        })
    }

    /// The bound over the centres (and samples, [`DepthBound::with_reach`]) of `r` (`[x0, y0, x1, y1)`, not empty, inside `rect`).
    #[inline]
    pub fn over(&self, r: [u32; 4]) -> f64 {
        let [x0, y0, x1, y1] = r.map(f64::from);
        let i = self.inset;
        let tx = (self.dx * (x0 + i - self.origin[0])).min(self.dx * (x1 - i - self.origin[0]));
        let ty = (self.dy * (y0 + i - self.origin[1])).min(self.dy * (y1 - i - self.origin[1]));
        let lb = self.v0 + tx + ty - self.margin;
        lb.max(self.range.0).min(self.range.1)
    }
}

/// [`DepthBound`] of `tri` over `rect` itself.
pub fn depth_lower_bound(tri: &TriSetup, rect: [u32; 4], range: (f32, f32)) -> Option<f64> {
    DepthBound::new(tri, rect, range).map(|b| b.over(rect))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::{SetupParams, setup_triangle};
    use tessera_types::{CullMode, RasterizerDesc, Viewport};

    /// Random small triangles with random (also steep) depths: every pixel centre of the
    /// bounds, evaluated exactly as the rasterizer does, clamped, lies at or above the bound
    /// of the bounds and, inside a piece of them, at or above the piece's bound; a flat
    /// plane's bound is its depth itself.
    #[test]
    fn lower_bound_is_below_every_evaluated_depth() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32
        };
        let rs = RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        };
        let (mut checked, mut touching) = (0, 0);
        for case in 0..3000 {
            let range = if case % 4 == 3 {
                (0.25, 0.75)
            } else {
                (0.0, 1.0)
            };
            let params = SetupParams {
                viewport: Viewport {
                    top_left_x: 0.0,
                    top_left_y: 0.0,
                    width: 4096.0,
                    height: 4096.0,
                    min_depth: range.0,
                    max_depth: range.1,
                },
                rect: [0, 0, 4096, 4096],
                rasterizer: &rs,
                inputs: &[],
                depth: None,
                sample_reach: 0,
            };
            let (cx, cy) = (next() * 4000.0, next() * 4000.0);
            let mut v = [[0.0f32; 4]; 3];
            for (k, p) in v.iter_mut().enumerate() {
                let (x, y) = (cx + next() * 40.0, cy + next() * 40.0);
                let z = match case % 3 {
                    0 => 0.3,
                    1 => next(),
                    _ => 0.5 + (k as f32 - 1.0) * next() * 0.001,
                };
                *p = [x / 2048.0 - 1.0, 1.0 - y / 2048.0, z, 1.0];
            }
            let verts = [&v[0][..], &v[1][..], &v[2][..]];
            let Some(tri) = setup_triangle(verts, verts[0], &params, 0, &mut Vec::new()) else {
                continue;
            };
            let [x0, y0, x1, y1] = tri.bounds.map(|b| b as u32);
            let Some(lb) = depth_lower_bound(&tri, [x0, y0, x1, y1], range) else {
                panic!("case {case}: no bound");
            };
            if tri.z.dx == 0.0 && tri.z.dy == 0.0 {
                let flat = tri.z.v0.clamp(range.0, range.1);
                assert_eq!(lb, f64::from(flat), "case {case}");
            }
            // A piece of the bounds, as the large-triangle runs ask.
            let Some(bound) = DepthBound::new(&tri, [x0, y0, x1, y1], range) else {
                panic!("case {case}: no bound");
            };
            let (px0, py0) = (x0 + (x1 - x0) / 3, y0 + (y1 - y0) / 2);
            let piece = [px0, py0, (px0 + 5).min(x1), (py0 + 2).min(y1)];
            let piece_lb = bound.over(piece);
            for y in y0..y1 {
                for x in x0..x1 {
                    let inside =
                        (piece[0]..piece[2]).contains(&x) && (piece[1]..piece[3]).contains(&y);
                    let lb = if inside { piece_lb } else { lb };
                    let dx = (x as f32 + 0.5) - tri.origin[0];
                    let dy = (y as f32 + 0.5) - tri.origin[1];
                    let z = (tri.z.v0 + tri.z.dx * dx + tri.z.dy * dy).clamp(range.0, range.1);
                    assert!(f64::from(z) >= lb, "case {case}: {z} < {lb} at ({x}, {y})");
                    touching += usize::from(f64::from(z) - lb < 1e-6);
                }
            }
            checked += 1;
        }
        assert!(checked > 2500 && touching > 1000, "{checked} {touching}");
    }
}
