//! Cube maps (SPEC §4.4): face selection, projection, derivative projection and seamless
//! edge/corner addressing.
//!
//! Faces are numbered like D3D array slices: 0 = +X, 1 = −X, 2 = +Y, 3 = −Y, 4 = +Z, 5 = −Z.
//! Face coordinates (s, t) grow right and down on each face:
//! +X (−z, −y), −X (z, −y), +Y (x, z), −Y (x, −z), +Z (x, −y), −Z (−x, −y).
//!
//! **Edges:** a bilinear tap one texel outside a face is re-addressed exactly, in integers, by
//! turning the texel centre into a direction (face spans `[−N, N]` in doubled-texel units, the
//! outside texel centre sits at ±(N+1)) and re-projecting it on the face it points into.
//! **Corners (RefDev choice: the "ideal" rule):** when both axes are outside, the missing texel's
//! weight is split equally among the 3 real texels, implemented by substituting the mean of the
//! three for the missing texel (identical to splitting its weight).

/// Picks the major axis with ties resolved Z, then Y, then X. Returns `(face, s, t, ma)` with `ma`
/// the major component's magnitude (unprojected: divide s and t by `ma`).
#[inline]
pub fn select_face(d: [f32; 3]) -> (u32, f32, f32, f32) {
    let (ax, ay, az) = (d[0].abs(), d[1].abs(), d[2].abs());
    if az >= ay && az >= ax {
        if d[2] < 0.0 {
            (5, -d[0], -d[1], az)
        } else {
            (4, d[0], -d[1], az)
        }
    } else if ay >= ax {
        if d[1] < 0.0 {
            (3, d[0], -d[2], ay)
        } else {
            (2, d[0], d[2], ay)
        }
    } else if d[0] < 0.0 {
        (1, d[2], -d[1], ax)
    } else {
        (0, -d[2], -d[1], ax)
    }
}

/// Integer variant of [`select_face`].
fn select_face_i(d: [i64; 3]) -> (u32, i64, i64, i64) {
    let (ax, ay, az) = (d[0].abs(), d[1].abs(), d[2].abs());
    if az >= ay && az >= ax {
        if d[2] < 0 {
            (5, -d[0], -d[1], az)
        } else {
            (4, d[0], -d[1], az)
        }
    } else if ay >= ax {
        if d[1] < 0 {
            (3, d[0], -d[2], ay)
        } else {
            (2, d[0], d[2], ay)
        }
    } else if d[0] < 0 {
        (1, d[2], -d[1], ax)
    } else {
        (0, -d[2], -d[1], ax)
    }
}

/// Direction of face coordinates `(s, t)` at major magnitude `m` (inverse of the projection).
fn to_dir(face: u32, s: i64, t: i64, m: i64) -> [i64; 3] {
    match face {
        0 => [m, -t, -s],
        1 => [-m, -t, s],
        2 => [s, m, t],
        3 => [s, -m, -t],
        4 => [s, -t, m],
        _ => [-s, -t, -m],
    }
}

/// Projects derivatives of the direction onto `face`'s (s, t) and returns them in texels of a face
/// of `size` texels: `d(s/ma) · 0.5 · size` for dX and dY.
pub fn project_derivatives(
    dir: [f32; 3],
    ddx: [f32; 3],
    ddy: [f32; 3],
    size: u32,
) -> ([f32; 2], [f32; 2]) {
    let (face, s, t, ma) = select_face(dir);
    // Components of a derivative in (s, t, signed-major) order for this face.
    let comp = |d: [f32; 3]| -> (f32, f32, f32) {
        match face {
            0 => (-d[2], -d[1], d[0]),
            1 => (d[2], -d[1], -d[0]),
            2 => (d[0], d[2], d[1]),
            3 => (d[0], -d[2], -d[1]),
            4 => (d[0], -d[1], d[2]),
            _ => (-d[0], -d[1], -d[2]),
        }
    };
    let scale = 0.5 * size as f32;
    let sp = s / ma;
    let tp = t / ma;
    let proj = |d: [f32; 3]| -> [f32; 2] {
        let (ds, dt, dm) = comp(d);
        [(ds - sp * dm) / ma * scale, (dt - tp * dm) / ma * scale]
    };
    (proj(ddx), proj(ddy))
}

/// Re-addresses texel `(x, y)` of `face` (size `n`) when exactly one axis is one texel outside
/// the face; `None` when both are outside (a corner: the texel does not exist).
pub fn adjacent(face: u32, x: i64, y: i64, n: u32) -> Option<(u32, u32, u32)> {
    let n = i64::from(n);
    let out_x = x < 0 || x >= n;
    let out_y = y < 0 || y >= n;
    match (out_x, out_y) {
        (false, false) => Some((face, x as u32, y as u32)),
        (true, true) => None,
        _ => {
            let s2 = 2 * x + 1 - n;
            let t2 = 2 * y + 1 - n;
            let d = to_dir(face, s2.clamp(-n - 1, n + 1), t2.clamp(-n - 1, n + 1), n);
            let (f, s, t, m) = select_face_i(d);
            let idx = |c: i64| ((c + m) * n / (2 * m)).clamp(0, n - 1) as u32;
            Some((f, idx(s), idx(t)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tx11_tie_order() {
        assert_eq!(select_face([1.0, 1.0, 1.0]).0, 4);
        assert_eq!(select_face([1.0, 1.0, 0.5]).0, 2);
        assert_eq!(select_face([-2.0, 1.0, 1.0]).0, 1);
    }

    #[test]
    fn edges_meet() {
        // +Z left edge continues onto −X's right column, same row.
        assert_eq!(adjacent(4, -1, 0, 4), Some((1, 3, 0)));
        assert_eq!(adjacent(4, -1, 3, 4), Some((1, 3, 3)));
        // +Z right edge → +X left column.
        assert_eq!(adjacent(4, 4, 1, 4), Some((0, 0, 1)));
        // +Z top edge (−y... t grows down, top = +y) → +Y bottom row.
        assert_eq!(adjacent(4, 2, -1, 4), Some((2, 2, 3)));
        // +Z bottom edge → −Y top row.
        assert_eq!(adjacent(4, 2, 4, 4), Some((3, 2, 0)));
        assert_eq!(adjacent(4, -1, -1, 4), None);
        // Round trip: every edge texel's neighbour maps back.
        for face in 0..6 {
            for i in 0..4 {
                for (x, y, bx, by) in [(-1, i, 0, i), (4, i, 3, i), (i, -1, i, 0), (i, 4, i, 3)] {
                    let (f2, x2, y2) = adjacent(face, x, y, 4).unwrap();
                    assert_ne!(f2, face);
                    // The neighbour of (x2, y2) on its face, stepping back towards `face`, must
                    // land on (bx, by) of `face`.
                    let back = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                        .iter()
                        .filter_map(|&(dx, dy)| {
                            adjacent(f2, i64::from(x2) + dx, i64::from(y2) + dy, 4)
                        })
                        .any(|r| r == (face, bx as u32, by as u32));
                    assert!(back, "face {face} ({x},{y}) -> {f2} ({x2},{y2})");
                }
            }
        }
    }
}
