//! Homogeneous clipping against w > 0, the depth planes and a guard band (SPEC §3.2).
//!
//! x/y are clipped only against a guard band far outside the viewport, so almost every
//! triangle skips clipping; the rasterizer's scissor to the viewport does the rest. Each new
//! vertex is interpolated from the edge's inside vertex towards its outside vertex, whatever
//! the edge's direction, so two triangles sharing an edge clip it to the same point.

use arrayvec_lite::ArrayVec;

use crate::shader::MAX_VARYINGS;

/// Floats in a clip vertex: position plus every varying.
pub const CLIP_FLOATS: usize = 4 * (1 + MAX_VARYINGS);

/// A vertex in clip space with its varyings (`len` floats used).
pub type ClipVertex = [f32; CLIP_FLOATS];

/// The most vertices a triangle clipped by 7 planes can have.
pub const MAX_CLIPPED: usize = 10;

/// Smallest w kept by the w > 0 plane.
const W_EPSILON: f32 = 1.0e-30;

/// The planes a draw clips against.
#[derive(Clone, Copy, Debug)]
pub struct ClipPlanes {
    /// Clip 0 <= z <= w (`DepthClipEnable`).
    pub depth_clip: bool,
    /// Guard band half-extent in NDC units for x.
    pub guard_x: f32,
    /// Guard band half-extent in NDC units for y.
    pub guard_y: f32,
}

impl ClipPlanes {
    /// Signed distance of `v` to plane `p` (inside ≥ 0); planes 0..7: w, z ≥ 0, z ≤ w, ±x, ±y.
    #[inline]
    fn distance(&self, p: usize, v: &[f32]) -> f32 {
        let (x, y, z, w) = (v[0], v[1], v[2], v[3]);
        match p {
            0 => w - W_EPSILON,
            1 => z,
            2 => w - z,
            3 => x + self.guard_x * w,
            4 => self.guard_x * w - x,
            5 => y + self.guard_y * w,
            _ => self.guard_y * w - y,
        }
    }

    #[inline]
    fn active(&self, p: usize) -> bool {
        self.depth_clip || !(p == 1 || p == 2)
    }

    /// Outcode of a vertex: bit p set when outside plane p. NaN counts as outside every plane,
    /// so a NaN vertex discards its primitive (SPEC §3.2).
    #[inline]
    pub fn outcode(&self, v: &[f32]) -> u8 {
        let mut code = 0;
        for p in 0..7 {
            let d = self.distance(p, v);
            if self.active(p) && (d.is_nan() || d < 0.0) {
                code |= 1 << p;
            }
        }
        code
    }

    /// Clips triangle `tri` (each `len` floats) into a convex polygon; empty when culled.
    pub fn clip_triangle(
        &self,
        tri: [&[f32]; 3],
        len: usize,
        codes: [u8; 3],
    ) -> ArrayVec<ClipVertex, MAX_CLIPPED> {
        let mut poly: ArrayVec<ClipVertex, MAX_CLIPPED> = ArrayVec::new();
        for v in tri {
            let mut cv = [0.0; CLIP_FLOATS];
            cv[..len].copy_from_slice(&v[..len]);
            poly.push(cv);
        }
        let any = codes[0] | codes[1] | codes[2];
        for p in 0..7 {
            if any & (1 << p) == 0 {
                continue;
            }
            let mut next: ArrayVec<ClipVertex, MAX_CLIPPED> = ArrayVec::new();
            let n = poly.len();
            for i in 0..n {
                let a = &poly[i];
                let b = &poly[(i + 1) % n];
                let (da, db) = (self.distance(p, a), self.distance(p, b));
                let (a_in, b_in) = (da >= 0.0, db >= 0.0);
                if a_in {
                    next.push(*a);
                }
                if a_in != b_in {
                    // Interpolate from the inside vertex towards the outside one.
                    let (from, to, df, dt) = if a_in { (a, b, da, db) } else { (b, a, db, da) };
                    let t = df / (df - dt);
                    let mut v = [0.0; CLIP_FLOATS];
                    for k in 0..len {
                        v[k] = from[k] + t * (to[k] - from[k]);
                    }
                    next.push(v);
                }
            }
            poly = next;
            if poly.len() < 3 {
                poly.clear();
                return poly;
            }
        }
        poly
    }
}

impl ClipPlanes {
    /// Clips the segment `line` (each `len` floats, outcodes `codes`) to the clip volume
    /// exactly: each plane moves an outside end point onto the plane, interpolated from the
    /// inside end towards it; `None` when nothing of it is inside (SPEC §3.2).
    pub fn clip_line(
        &self,
        line: [&[f32]; 2],
        len: usize,
        codes: [u8; 2],
    ) -> Option<[ClipVertex; 2]> {
        let mut ends = [[0.0; CLIP_FLOATS]; 2];
        for (e, v) in ends.iter_mut().zip(line) {
            e[..len].copy_from_slice(&v[..len]);
        }
        let any = codes[0] | codes[1];
        for p in 0..7 {
            if any & (1 << p) == 0 {
                continue;
            }
            let (da, db) = (self.distance(p, &ends[0]), self.distance(p, &ends[1]));
            let (a_in, b_in) = (da >= 0.0, db >= 0.0);
            if !a_in && !b_in {
                return None;
            }
            if a_in != b_in {
                let (from, to, df, dt) = if a_in { (0, 1, da, db) } else { (1, 0, db, da) };
                let t = df / (df - dt);
                let mut v = [0.0; CLIP_FLOATS];
                for k in 0..len {
                    v[k] = ends[from][k] + t * (ends[to][k] - ends[from][k]);
                }
                ends[to] = v;
            }
        }
        Some(ends)
    }
}

/// A tiny fixed-capacity vector so clipping allocates nothing.
pub mod arrayvec_lite {
    /// A vector of at most `N` items stored inline.
    #[derive(Clone, Debug)]
    pub struct ArrayVec<T: Copy, const N: usize> {
        items: [Option<T>; N],
        len: usize,
    }

    impl<T: Copy, const N: usize> Default for ArrayVec<T, N> {
        fn default() -> Self {
            Self::new()
        }
    }

    impl<T: Copy, const N: usize> ArrayVec<T, N> {
        /// An empty vector.
        pub fn new() -> Self {
            Self {
                items: [None; N],
                len: 0,
            }
        }
        /// Appends `v`; silently ignored when full (capacity is sized for the worst case).
        pub fn push(&mut self, v: T) {
            if self.len < N {
                self.items[self.len] = Some(v);
                self.len += 1;
            }
        }
        /// Number of items.
        pub fn len(&self) -> usize {
            self.len
        }
        /// Removes every item.
        pub fn clear(&mut self) {
            self.len = 0;
        }
    }

    impl<T: Copy, const N: usize> core::ops::Index<usize> for ArrayVec<T, N> {
        type Output = T;
        fn index(&self, i: usize) -> &T {
            self.items[..self.len][i]
                .as_ref()
                .expect("ArrayVec slots below len are filled")
        }
    }
}
