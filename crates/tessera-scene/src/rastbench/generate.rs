//! The in-process generator: `gen_scenes.py` reproduced byte for byte (integer-hash PRNG, the
//! same float64 operations in the same order, rounded once to f32).
#![expect(
    clippy::disallowed_methods,
    reason = "reproduces gen_scenes.py, whose math.sin/cos/tan are the platform libm; the sha256 test checks the bytes"
)]

use super::*;

const GEN_W: u32 = 1920;
const GEN_H: u32 = 1080;
const PI: f64 = std::f64::consts::PI;

/// `lowbias32` integer hash (Chris Wellons), as in `gen_scenes.py`.
fn h32(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7FEB_352D);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846C_A68B);
    x ^= x >> 16;
    x
}

struct Rng {
    s: u32,
    n: u32,
}

impl Rng {
    fn new(seed: u32) -> Self {
        // Python: h32(seed * 0x9E3779B9 + 12345) with unbounded ints, masked to 32 bits.
        Self {
            s: h32(seed.wrapping_mul(0x9E37_79B9).wrapping_add(12345)),
            n: 0,
        }
    }

    fn u32(&mut self) -> u32 {
        self.n += 1;
        h32(self.s ^ h32(self.n))
    }

    fn f(&mut self) -> f64 {
        f64::from(self.u32()) / 4_294_967_296.0
    }
}

#[derive(Default)]
struct Mesh {
    v: Vec<f32>,
    i: Vec<u32>,
}

impl Mesh {
    fn with_capacity(verts: usize, indices: usize) -> Self {
        Self {
            v: Vec::with_capacity(verts * 10),
            i: Vec::with_capacity(indices),
        }
    }

    /// Appends one vertex (each f64 rounded once to f32) and returns its index.
    fn vert(&mut self, pos: [f64; 4], col: [f64; 4], uv: [f64; 2]) -> u32 {
        self.v.extend(pos.iter().map(|&x| x as f32));
        self.v.extend(col.iter().map(|&x| x as f32));
        self.v.extend(uv.iter().map(|&x| x as f32));
        (self.v.len() / 10 - 1) as u32
    }

    fn tri(&mut self, a: u32, b: u32, c: u32) {
        self.i.extend([a, b, c]);
    }

    fn nv(&self) -> u32 {
        (self.v.len() / 10) as u32
    }
}

/// Area in pixels of a screen-space polygon clipped to `[0,W]×[0,H]` (`clip_area_px`).
fn clip_area_px(p: &[(f64, f64)]) -> f64 {
    type Pt = (f64, f64);
    fn clip(poly: &[Pt], inside: impl Fn(Pt) -> bool, inter: impl Fn(Pt, Pt) -> Pt) -> Vec<Pt> {
        let mut out = Vec::new();
        let n = poly.len();
        for k in 0..n {
            let a = poly[(k + n - 1) % n];
            let b = poly[k];
            let (ia, ib) = (inside(a), inside(b));
            if ib {
                if !ia {
                    out.push(inter(a, b));
                }
                out.push(b);
            } else if ia {
                out.push(inter(a, b));
            }
        }
        out
    }
    let ix = |c: f64| move |a: Pt, b: Pt| (c, a.1 + (b.1 - a.1) * (c - a.0) / (b.0 - a.0));
    let iy = |c: f64| move |a: Pt, b: Pt| (a.0 + (b.0 - a.0) * (c - a.1) / (b.1 - a.1), c);
    let (w, h) = (f64::from(GEN_W), f64::from(GEN_H));
    let mut poly = p.to_vec();
    poly = clip(&poly, |q| q.0 >= 0.0, ix(0.0));
    if poly.is_empty() {
        return 0.0;
    }
    poly = clip(&poly, |q| q.0 <= w, ix(w));
    if poly.is_empty() {
        return 0.0;
    }
    poly = clip(&poly, |q| q.1 >= 0.0, iy(0.0));
    if poly.is_empty() {
        return 0.0;
    }
    poly = clip(&poly, |q| q.1 <= h, iy(h));
    if poly.is_empty() {
        return 0.0;
    }
    let n = poly.len();
    let mut s = 0.0;
    for k in 0..n {
        let (x0, y0) = poly[(k + n - 1) % n];
        let (x1, y1) = poly[k];
        s += x0 * y1 - x1 * y0;
    }
    s.abs() * 0.5
}

fn ndc_to_px(x: f64, y: f64) -> (f64, f64) {
    (
        (x * 0.5 + 0.5) * f64::from(GEN_W),
        (0.5 - y * 0.5) * f64::from(GEN_H),
    )
}

fn scene_fill() -> (Mesh, u64) {
    let mut m = Mesh::default();
    for k in 0..16u32 {
        let hue = f64::from(k) / 16.0;
        let r = 0.5 + 0.5 * (2.0 * PI * hue).cos();
        let g = 0.5 + 0.5 * (2.0 * PI * (hue - 1.0 / 3.0)).cos();
        let b = 0.5 + 0.5 * (2.0 * PI * (hue - 2.0 / 3.0)).cos();
        let a = 0.20 + 0.05 * f64::from(k % 4);
        let col = [r, g, b, a];
        let base = m.nv();
        for (x, y) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            m.vert([x, y, 0.0, 1.0], col, [(x + 1.0) * 0.5, (1.0 - y) * 0.5]);
        }
        m.tri(base, base + 1, base + 2);
        m.tri(base, base + 2, base + 3);
    }
    (m, 16 * u64::from(GEN_W) * u64::from(GEN_H))
}

fn scene_tris() -> (Mesh, u64) {
    const N: u32 = 250;
    const L: u32 = 8;
    let bases = [0.6, -0.2, 0.3, -0.6, 0.0, 0.45, -0.4, 0.15];
    let nv = ((N + 1) * (N + 1) * L) as usize;
    let mut m = Mesh::with_capacity(nv, (N * N * 6 * L) as usize);
    let mut rng = Rng::new(2);
    let n = f64::from(N);
    for l in 0..L {
        let lf = f64::from(l);
        let first = m.nv();
        for j in 0..=N {
            for i in 0..=N {
                let mut x = -1.0 + 2.0 * f64::from(i) / n;
                let mut y = -1.0 + 2.0 * f64::from(j) / n;
                let (jx, jy) = (rng.f() - 0.5, rng.f() - 0.5);
                if 0 < i && i < N {
                    x += jx * 0.6 * (2.0 / n);
                }
                if 0 < j && j < N {
                    y += jy * 0.6 * (2.0 / n);
                }
                let z = bases[l as usize]
                    + 0.25
                        * (2.0 * PI * (x * 1.5 + lf * 0.37)).sin()
                        * (2.0 * PI * (y * 1.2 - lf * 0.21)).cos();
                let col = [rng.f(), rng.f(), rng.f(), 1.0];
                m.vert([x, y, z, 1.0], col, [(x + 1.0) * 0.5, (1.0 - y) * 0.5]);
            }
        }
        for j in 0..N {
            for i in 0..N {
                let v00 = first + j * (N + 1) + i;
                let (v10, v01, v11) = (v00 + 1, v00 + N + 1, v00 + N + 2);
                m.tri(v00, v10, v11);
                m.tri(v00, v11, v01);
            }
        }
    }
    (m, u64::from(L) * u64::from(GEN_W) * u64::from(GEN_H))
}

fn scene_big() -> (Mesh, u64) {
    let mut m = Mesh::with_capacity(3000, 3000);
    let mut rng = Rng::new(3);
    for _ in 0..1000 {
        let (cx, cy) = (rng.f() * 2.2 - 1.1, rng.f() * 2.2 - 1.1);
        let r = 0.2 + 0.3 * rng.f();
        let a0 = rng.f() * 2.0 * PI;
        let mut pts = [0u32; 3];
        for (k, pt) in pts.iter_mut().enumerate() {
            let a = a0 + (k as f64 * 2.0) * PI / 3.0 + (rng.f() - 0.5) * 0.6;
            let rr = r * (0.8 + 0.4 * rng.f());
            let (x, y) = (cx + rr * a.cos(), cy + rr * a.sin());
            let z = rng.f() * 1.9 - 0.95;
            let col = [rng.f(), rng.f(), rng.f(), 1.0];
            *pt = m.vert([x, y, z, 1.0], col, [(x + 1.0) * 0.5, (1.0 - y) * 0.5]);
        }
        m.tri(pts[0], pts[1], pts[2]);
    }
    let mut area = 0.0;
    for t in 0..1000 {
        let poly: Vec<(f64, f64)> = (0..3)
            .map(|k| {
                let o = m.i[3 * t + k] as usize * 10;
                ndc_to_px(f64::from(m.v[o]), f64::from(m.v[o + 1]))
            })
            .collect();
        area += clip_area_px(&poly);
    }
    (m, area.round_ties_even() as u64)
}

fn scene_tex() -> (Mesh, u64) {
    const N: u32 = 158;
    let mut m = Mesh::with_capacity(((N + 1) * (N + 1)) as usize, (N * N * 6) as usize);
    let n = f64::from(N);
    let pitch = 45.0 * (PI / 180.0);
    let fovy = 60.0 * (PI / 180.0);
    let aspect = f64::from(GEN_W) / f64::from(GEN_H);
    let (near, far) = (0.1, 100.0);
    let f = 1.0 / (fovy / 2.0).tan();
    let (s, c) = (pitch.sin(), pitch.cos());
    let eye_h = 2.0;
    for j in 0..=N {
        let d = 0.2 + (9.0 - 0.2) * f64::from(j) / n;
        for i in 0..=N {
            let x = -8.0 + 16.0 * f64::from(i) / n;
            let xv = x;
            let yv = -eye_h * c + d * s;
            let zf = eye_h * s + d * c;
            let clip = [
                f / aspect * xv,
                f * yv,
                (far + near) / (far - near) * zf - 2.0 * far * near / (far - near),
                zf,
            ];
            m.vert(clip, [1.0; 4], [x * 1.0, d * 1.0]);
        }
    }
    for j in 0..N {
        for i in 0..N {
            let v00 = j * (N + 1) + i;
            let (v10, v01, v11) = (v00 + 1, v00 + N + 1, v00 + N + 2);
            m.tri(v00, v10, v11);
            m.tri(v00, v11, v01);
        }
    }
    (m, u64::from(GEN_W) * u64::from(GEN_H))
}

/// `tex.rgba` exactly as `gen_scenes.py` makes it: 1024² RGBA8 plus 10 box-filtered mips.
pub fn generate_texture() -> Vec<u8> {
    let size = TEXTURE_SIZE as usize;
    let mut out = Vec::with_capacity(TEXTURE_BYTES);
    let mut cell_col = [[0u32; 3]; 256];
    for (key, col) in cell_col.iter_mut().enumerate() {
        let h = h32(key as u32 + 777);
        *col = [
            64 + (h & 127),
            64 + ((h >> 8) & 127),
            64 + ((h >> 16) & 127),
        ];
    }
    for y in 0..size {
        for x in 0..size {
            let (cx, cy) = (x >> 6, y >> 6);
            let [mut r, mut g, mut b] = cell_col[cy * 16 + cx];
            if (cx + cy) & 1 == 1 {
                if ((x + y) >> 1) & 1 == 1 {
                    (r, g, b) = (255 - r, 255 - g, 255 - b);
                }
            } else {
                r = (r + (x as u32 & 63) * 2) & 255;
                b = (b + (y as u32 & 63) * 2) & 255;
            }
            if x & 15 == 0 || y & 15 == 0 {
                (r, g, b) = (r >> 2, g >> 2, b >> 2);
            }
            out.extend([r as u8, g as u8, b as u8, 255]);
        }
    }
    let mut start = 0usize;
    let mut s = size;
    while s > 1 {
        let d = s / 2;
        for y in 0..d {
            let r0 = start + 2 * y * s * 4;
            let r1 = start + (2 * y + 1) * s * 4;
            for x in 0..d {
                let (a, b) = (r0 + 8 * x, r1 + 8 * x);
                for c in 0..4 {
                    let sum = u32::from(out[a + c])
                        + u32::from(out[a + 4 + c])
                        + u32::from(out[b + c])
                        + u32::from(out[b + 4 + c]);
                    out.push(((sum + 2) >> 2) as u8);
                }
            }
        }
        start += s * s * 4;
        s = d;
    }
    debug_assert_eq!(out.len(), TEXTURE_BYTES);
    out
}

/// Generates one of the standard scenes (`fill`, `tris`, `big`, `tex`) at 1920×1080,
/// byte-identical to `gen_scenes.py`. `texture` is shared by textured scenes (pass `None` to
/// generate it here).
pub fn generate(name: &str, texture: Option<Arc<Vec<u8>>>) -> Result<RastBenchScene> {
    let (m, covered, shader, depth, blend, description) = match name {
        "fill" => {
            let (m, c) = scene_fill();
            (
                m,
                c,
                "color",
                false,
                true,
                "16 full-screen quads, alpha blended, no depth",
            )
        }
        "tris" => {
            let (m, c) = scene_tris();
            (
                m,
                c,
                "color",
                true,
                false,
                "8 jittered grid layers, 1,000,000 tris, depth LESS",
            )
        }
        "big" => {
            let (m, c) = scene_big();
            (
                m,
                c,
                "color",
                true,
                false,
                "1000 random large intersecting triangles, depth LESS",
            )
        }
        "tex" => {
            let (m, c) = scene_tex();
            (
                m,
                c,
                "texture",
                true,
                false,
                "perspective ground plane, trilinear texture, depth LESS",
            )
        }
        other => return Err(RastBenchError::UnknownScene(other.to_owned())),
    };
    let textured = shader == "texture";
    let header = Header {
        format: "rastbench-scene-v1".into(),
        name: name.into(),
        width: GEN_W,
        height: GEN_H,
        vertex_file: Some(format!("{name}.vtx.bin")),
        vertex_count: m.nv(),
        vertex_stride: VERTEX_STRIDE as u32,
        index_file: Some(format!("{name}.idx.bin")),
        index_count: m.i.len() as u32,
        triangle_count: (m.i.len() / 3) as u32,
        topology: Some("triangle_list".into()),
        index_type: Some("u32".into()),
        cull: Some("none".into()),
        depth_test: depth,
        depth_write: depth,
        depth_func: Some("less".into()),
        depth_format: Some("d32_float".into()),
        clear_depth: 1.0,
        color_format: Some("rgba8_unorm".into()),
        blend,
        clear_color: [0.0, 0.0, 0.0, 1.0],
        shader: shader.into(),
        covered_px_per_frame: covered,
        texture_file: textured.then(|| "tex.rgba".into()),
        texture_width: textured.then_some(TEXTURE_SIZE),
        texture_height: textured.then_some(TEXTURE_SIZE),
        texture_levels: textured.then_some(TEXTURE_LEVELS),
        description: description.into(),
    };
    let vertices: Vec<u8> = m.v.iter().flat_map(|f| f.to_le_bytes()).collect();
    let indices: Vec<u8> = m.i.iter().flat_map(|i| i.to_le_bytes()).collect();
    let texture = textured.then(|| texture.unwrap_or_else(|| Arc::new(generate_texture())));
    Ok(RastBenchScene {
        header,
        vertices,
        indices,
        texture,
    })
}

/// Writes a scene's `NAME.json`, `NAME.vtx.bin`, `NAME.idx.bin` (and `tex.rgba`) into `dir`.
pub fn write_scene(scene: &RastBenchScene, dir: impl AsRef<Path>) -> Result<PathBuf> {
    let dir = dir.as_ref();
    let io = |path: &Path, r: std::io::Result<()>| {
        r.map_err(|source| RastBenchError::Io {
            path: path.to_owned(),
            source,
        })
    };
    io(dir, std::fs::create_dir_all(dir))?;
    let name = &scene.header.name;
    for (file, bytes) in [
        (format!("{name}.vtx.bin"), &scene.vertices),
        (format!("{name}.idx.bin"), &scene.indices),
    ] {
        let p = dir.join(file);
        io(&p, std::fs::write(&p, bytes))?;
    }
    if let Some(tex) = &scene.texture {
        let p = dir.join("tex.rgba");
        io(&p, std::fs::write(&p, tex.as_slice()))?;
    }
    let p = dir.join(format!("{name}.json"));
    let json =
        serde_json::to_string_pretty(&scene.header).map_err(|source| RastBenchError::Json {
            path: p.clone(),
            source,
        })?;
    io(&p, std::fs::write(&p, json + "\n"))?;
    Ok(p)
}
