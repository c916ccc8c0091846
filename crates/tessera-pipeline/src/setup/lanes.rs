//! Triangle setup of eight unclipped triangles at a time, one per SIMD lane, bit-identical to
//! [`setup_screen_triangle`] (SPEC §3.2–§3.4, §3.7): the parent module's test
//! `lane_setup_matches_the_one_triangle_setup` compares the two on random groups of eight.

use wide::{CmpEq, CmpGt, f32x4, f32x8, f64x4, i32x4, i32x8};

use super::*;

/// Triangles per [`setup_screen_lanes`] call: one per `f32x8`/`i32x8` lane.
pub(crate) const SETUP_LANES: usize = 8;

/// One unclipped triangle for [`setup_screen_lanes`]: its vertices, as indices into the
/// draw's vertex data and screen positions (vertex 0 also provokes), and its
/// `SV_PrimitiveID`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScreenTriangle {
    /// Vertex indices.
    pub vertices: [u32; 3],
    /// `SV_PrimitiveID`.
    pub primitive_id: u32,
}

/// The vertices that [`setup_screen_lanes`] reads: vertex `i` is `data[i·stride ..][..stride]`
/// (clip position and varyings) at screen position `screen[i]` ([`to_screen`] of it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LaneVertices<'a> {
    /// Floats of every vertex, `stride` each.
    pub data: &'a [f32],
    /// Floats per vertex.
    pub stride: usize,
    /// Screen position of every vertex.
    pub screen: &'a [ScreenVertex],
}

impl LaneVertices<'_> {
    /// Vertex `i`'s floats.
    #[inline]
    pub(super) fn vertex(&self, i: u32) -> &[f32] {
        let i = i as usize;
        &self.data[i * self.stride..(i + 1) * self.stride]
    }
}

/// Whether [`setup_screen_lanes`] may replace [`setup_screen_triangle`] for a draw: it does
/// not compute depth bias, nor bounds grown for samples off the pixel centre.
pub(crate) fn lane_setup_applies(params: &SetupParams<'_>) -> bool {
    params.rasterizer.depth_bias == 0
        && params.rasterizer.slope_scaled_depth_bias == 0.0
        && params.sample_reach == 0
}

/// A lane mask (bit k = lane k) as all-ones / all-zero `i32x8` lanes.
#[inline(always)]
fn lane_mask_i32(bits: u32) -> i32x8 {
    let b = i32x8::from([1, 2, 4, 8, 16, 32, 64, 128]);
    (i32x8::splat(bits as i32) & b).cmp_eq(b)
}

/// The two halves of an `i32x8` as exact `f64x4`s.
#[inline(always)]
fn to_f64(v: i32x8) -> [f64x4; 2] {
    let a = v.to_array();
    [
        f64x4::from_i32x4(i32x4::from([a[0], a[1], a[2], a[3]])),
        f64x4::from_i32x4(i32x4::from([a[4], a[5], a[6], a[7]])),
    ]
}

/// The lanes of two `f64x4` halves.
#[inline(always)]
fn f64_lanes(v: [f64x4; 2]) -> [f64; 8] {
    let (a, b) = (v[0].to_array(), v[1].to_array());
    [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]
}

/// [`setup_screen_triangle`] of up to [`SETUP_LANES`] triangles at once (each with its vertex
/// 0 as provoking vertex), for a draw where [`lane_setup_applies`]: every triangle that
/// survives is pushed to `tris`, in order, with its planes appended to `arena`, exactly as the
/// one-triangle setup would push them.
///
/// Each lane performs the scalar setup's operations: 16.8 coordinates fit in i32 (snapping
/// clamps them to ±2^24), so differences, bounds and the top-left rule are i32 lane
/// operations; the area and the edge constants are sums of products below 2^53 and so exact
/// in f64 lanes (`area as f64` is what the scalar setup divides by); the planes are the same
/// f32 operations in the same order.
pub(crate) fn setup_screen_lanes<P: From<TriSetup>>(
    group: &[ScreenTriangle],
    vertices: &LaneVertices<'_>,
    params: &SetupParams<'_>,
    tris: &mut Vec<P>,
    arena: &mut Vec<Plane>,
) {
    let n = group.len().min(SETUP_LANES);
    if n == 0 {
        return;
    }
    // Lanes past `n` repeat the first triangle; their results are dropped.
    let tri = |k: usize| &group[if k < n { k } else { 0 }];
    // Each lane's screen vertices.
    let s: [[&ScreenVertex; 3]; 8] =
        core::array::from_fn(|k| tri(k).vertices.map(|i| &vertices.screen[i as usize]));
    let gi = |f: &dyn Fn(&[&ScreenVertex; 3]) -> i32| {
        i32x8::from(core::array::from_fn::<i32, 8, _>(|k| f(&s[k])))
    };
    let gf = |f: &dyn Fn(&[&ScreenVertex; 3]) -> f32| {
        f32x8::from(core::array::from_fn::<f32, 8, _>(|k| f(&s[k])))
    };
    let fx = [
        gi(&|s| s[0].fx as i32),
        gi(&|s| s[1].fx as i32),
        gi(&|s| s[2].fx as i32),
    ];
    let fy = [
        gi(&|s| s[0].fy as i32),
        gi(&|s| s[1].fy as i32),
        gi(&|s| s[2].fy as i32),
    ];
    let (e1x, e1y) = (fx[1] - fx[0], fy[1] - fy[0]);
    let (e2x, e2y) = (fx[2] - fx[0], fy[2] - fy[0]);
    let ([e1x_lo, e1x_hi], [e1y_lo, e1y_hi]) = (to_f64(e1x), to_f64(e1y));
    let ([e2x_lo, e2x_hi], [e2y_lo, e2y_hi]) = (to_f64(e2x), to_f64(e2y));
    let area = [
        e1x_lo * e2y_lo - e2x_lo * e1y_lo,
        e1x_hi * e2y_hi - e2x_hi * e1y_hi,
    ];
    let bits = |m: [f64x4; 2]| (m[0].move_mask() | (m[1].move_mask() << 4)) as u32;
    let zero = f64x4::ZERO;
    let nonzero = !bits([area[0].cmp_eq(zero), area[1].cmp_eq(zero)]) & 0xff;
    let clockwise = bits([area[0].cmp_gt(zero), area[1].cmp_gt(zero)]);
    let front = if params.rasterizer.front_counter_clockwise {
        !clockwise & 0xff
    } else {
        clockwise
    };
    let culled = match params.rasterizer.cull_mode {
        CullMode::None => 0,
        CullMode::Front => front,
        CullMode::Back => !front & 0xff,
    };

    // Bounds: pixels whose centre can lie inside, cut to the rectangle.
    let min_x = fx[0].min(fx[1]).min(fx[2]);
    let max_x = fx[0].max(fx[1]).max(fx[2]);
    let min_y = fy[0].min(fy[1]).min(fy[2]);
    let max_y = fy[0].max(fy[1]).max(fy[2]);
    let half = i32x8::splat(1 << (SUBPIXEL_BITS - 1));
    let one = i32x8::splat(1);
    let px0 = (min_x - half) >> SUBPIXEL_BITS;
    let px1 = ((max_x - half) >> SUBPIXEL_BITS) + one;
    let py0 = (min_y - half) >> SUBPIXEL_BITS;
    let py1 = ((max_y - half) >> SUBPIXEL_BITS) + one;
    let r = params.rect.map(i32x8::splat);
    let cut = r[0].cmp_gt(px0) | r[1].cmp_gt(py0) | px1.cmp_gt(r[2]) | py1.cmp_gt(r[3]);
    let b = [px0.max(r[0]), py0.max(r[1]), px1.min(r[2]), py1.min(r[3])];
    let nonempty = (b[2].cmp_gt(b[0]) & b[3].cmp_gt(b[1])).move_mask() as u32;
    let extent = (max_x - min_x).max(max_y - min_y);
    let small = !extent
        .cmp_gt(i32x8::splat((SMALL_EXTENT << SUBPIXEL_BITS) as i32))
        .move_mask() as u32
        & 0xff;
    let alive = nonzero & !culled & nonempty & ((1u32 << n) - 1);
    if alive == 0 {
        return;
    }

    // Edges of the clockwise order: (v0, v1, v2), or (v0, v2, v1) for counter-clockwise.
    let cw = lane_mask_i32(clockwise);
    let (bx_, by_) = (cw.blend(fx[1], fx[2]), cw.blend(fy[1], fy[2]));
    let (cx_, cy_) = (cw.blend(fx[2], fx[1]), cw.blend(fy[2], fy[1]));
    let ends = [
        (fx[0], fy[0], bx_, by_),
        (bx_, by_, cx_, cy_),
        (cx_, cy_, fx[0], fy[0]),
    ];
    let mut e00 = [[0.0f64; 8]; 3];
    let mut edx = [[0i32; 8]; 3];
    let mut edy = [[0i32; 8]; 3];
    for (k, &(ax, ay, bx, by)) in ends.iter().enumerate() {
        let (dx, dy) = (bx - ax, by - ay);
        // Top edge: horizontal, left to right; left edge: upwards.
        let top_left = i32x8::ZERO.cmp_gt(dy) | (dy.cmp_eq(i32x8::ZERO) & dx.cmp_gt(i32x8::ZERO));
        let bias = to_f64(top_left.blend(i32x8::ZERO, one));
        let (dx64, dy64) = (to_f64(dx), to_f64(dy));
        let (hy, hx) = (to_f64(half - ay), to_f64(half - ax));
        e00[k] = f64_lanes([
            dx64[0] * hy[0] - dy64[0] * hx[0] - bias[0],
            dx64[1] * hy[1] - dy64[1] * hx[1] - bias[1],
        ]);
        edx[k] = dx.to_array();
        edy[k] = dy.to_array();
    }

    // Planes, relative to vertex 0.
    let sub = f32x8::splat(SUBPIXEL_ONE);
    let x0 = (fx[0].round_float() / sub).to_array();
    let y0 = (fy[0].round_float() / sub).to_array();
    let (d1x, d1y) = (e1x.round_float() / sub, e1y.round_float() / sub);
    let (d2x, d2y) = (e2x.round_float() / sub, e2y.round_float() / sub);
    let area = f64_lanes(area);
    let inv_area = f32x8::from(core::array::from_fn::<f32, 8, _>(|k| {
        (65536.0 / area[k]) as f32
    }));
    let plane = |a0: f32x8, a1: f32x8, a2: f32x8| {
        let (da1, da2) = (a1 - a0, a2 - a0);
        (
            a0,
            (da1 * d2y - da2 * d1y) * inv_area,
            (da2 * d1x - da1 * d2x) * inv_area,
        )
    };
    let zs = [gf(&|s| s[0].z), gf(&|s| s[1].z), gf(&|s| s[2].z)];
    let qs = [gf(&|s| s[0].q), gf(&|s| s[1].q), gf(&|s| s[2].q)];
    let (z0, zdx, zdy) = plane(zs[0], zs[1], zs[2]);
    // The scalar setup adds its (zero) depth bias: −0 becomes +0.
    let z0 = z0 + f32x8::ZERO;
    let (q0, qdx, qdy) = plane(qs[0], qs[1], qs[2]);
    let q_exponent: i32x8 = (bytemuck::cast::<f32x8, i32x8>(q0) >> 23i32) & i32x8::splat(0xff);
    let q_normal = !(q_exponent.cmp_eq(i32x8::ZERO) | q_exponent.cmp_eq(i32x8::splat(0xff)));
    let fz = f32x8::ZERO;
    let w_flat = (qdx.cmp_eq(fz) & qdy.cmp_eq(fz)).move_mask() as u32 & q_normal.move_mask() as u32;
    let w = (f32x8::ONE / q0).to_array();

    // Attribute planes: reserve the surviving lanes' planes, then fill them component by
    // component.
    let inputs = params.inputs;
    let per_tri = 4 * inputs.len();
    let base = arena.len();
    arena.resize(
        base + per_tri * alive.count_ones() as usize,
        Plane::default(),
    );
    let slots: [usize; 8] =
        core::array::from_fn(|k| (alive & ((1u32 << k) - 1)).count_ones() as usize);
    // Every vertex holds every input's four components (the usual case): each vertex's four
    // components are one load, transposed across the lanes. Otherwise components past a
    // vertex's end read as 0, one by one.
    let whole = vertices.stride >= 4 + per_tri;
    // Each lane's vertices.
    let v: [[&[f32]; 3]; 8] = core::array::from_fn(|k| tri(k).vertices.map(|i| vertices.vertex(i)));
    let mut flat = 0xffu32;
    for (r, mode) in inputs.iter().enumerate() {
        let i = 4 + 4 * r;
        // Components 0..4 of input `r` of vertex `j`, one f32x8 (lanes = triangles) each.
        let gather = |j: usize| -> [f32x8; 4] {
            if whole {
                let row = |k: usize| {
                    let v = &v[k][j][i..i + 4];
                    f32x4::from([v[0], v[1], v[2], v[3]])
                };
                let lo = f32x4::transpose([row(0), row(1), row(2), row(3)]);
                let hi = f32x4::transpose([row(4), row(5), row(6), row(7)]);
                let join = |c: usize| {
                    let (a, b) = (lo[c].to_array(), hi[c].to_array());
                    f32x8::from([a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]])
                };
                [join(0), join(1), join(2), join(3)]
            } else {
                let c = |c: usize| {
                    f32x8::from(core::array::from_fn::<f32, 8, _>(|k| {
                        v[k][j].get(i + c).copied().unwrap_or(0.0)
                    }))
                };
                [c(0), c(1), c(2), c(3)]
            }
        };
        let mut out = [[[0.0f32; 8]; 3]; 4];
        let a0 = gather(0);
        let (a1, a2) = match mode {
            Interpolation::Constant => ([f32x8::ZERO; 4], [f32x8::ZERO; 4]),
            _ => (gather(1), gather(2)),
        };
        for c in 0..4 {
            let (v0, dx, dy) = match mode {
                Interpolation::Constant => (a0[c], f32x8::ZERO, f32x8::ZERO),
                Interpolation::NoPerspective => plane(a0[c], a1[c], a2[c]),
                Interpolation::Perspective => plane(a0[c] * qs[0], a1[c] * qs[1], a2[c] * qs[2]),
            };
            let v0_bits: i32x8 = bytemuck::cast(v0);
            flat &= (dx.cmp_eq(fz) & dy.cmp_eq(fz) & v0.cmp_eq(v0)).move_mask() as u32
                & !v0_bits.cmp_eq(i32x8::splat(i32::MIN)).move_mask() as u32;
            out[c] = [v0.to_array(), dx.to_array(), dy.to_array()];
        }
        for k in 0..n {
            if alive & (1 << k) != 0 {
                let at = base + slots[k] * per_tri + 4 * r;
                let p = |c: usize| Plane {
                    v0: out[c][0][k],
                    dx: out[c][1][k],
                    dy: out[c][2][k],
                };
                arena[at..at + 4].copy_from_slice(&[p(0), p(1), p(2), p(3)]);
            }
        }
    }

    let (z0, zdx, zdy) = (z0.to_array(), zdx.to_array(), zdy.to_array());
    let (q0, qdx, qdy) = (q0.to_array(), qdx.to_array(), qdy.to_array());
    let (b, cut) = (b.map(i32x8::to_array), cut.move_mask() as u32);
    let one = 1i64 << SUBPIXEL_BITS;
    for k in 0..n {
        if alive & (1 << k) == 0 {
            continue;
        }
        let bit = |m: u32| m & (1 << k) != 0;
        let edge = |e: usize| Edge {
            e00: e00[e][k] as i64,
            step_x: -i64::from(edy[e][k]) * one,
            step_y: i64::from(edx[e][k]) * one,
        };
        tris.push(P::from(TriSetup {
            edges: [edge(0), edge(1), edge(2)],
            bounds: [b[0][k], b[1][k], b[2][k], b[3][k]],
            rect_cut: bit(cut),
            origin: [x0[k], y0[k]],
            z: Plane {
                v0: z0[k],
                dx: zdx[k],
                dy: zdy[k],
            },
            q: Plane {
                v0: q0[k],
                dx: qdx[k],
                dy: qdy[k],
            },
            w_flat: bit(w_flat).then_some(w[k]),
            flat_varyings: bit(w_flat) && bit(flat),
            attr_offset: (base + slots[k] * per_tri) as u32,
            front: bit(front),
            primitive_id: group[k].primitive_id,
            small: bit(small),
            coverage: 1.0,
        }));
    }
}
