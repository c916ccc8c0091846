//! Byte-identical images at any thread count.

#[path = "pipeline/common/mod.rs"]
mod common;

use common::*;
use tessera_format::Format;
use tessera_pipeline::BATCH_TRIANGLES;
use tessera_pipeline::builtin::{TransformVs, VertexColorPs};
use tessera_pipeline::shader::{
    Interpolation, PixelShader, PsInput, PsOutput, Sampling, ShaderProfile, ShaderSignature,
};
use tessera_pipeline::{ShaderEnv, VertexShader, VsInput, VsOutput};
use tessera_sampler::{Lanes, SimdPath};
use tessera_types::{Blend, BlendOp, ComparisonFunc, StencilOp};
use wide::f32x8;

struct Xorshift(u32);

impl Xorshift {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 17;
        self.0 ^= self.0 << 5;
        (self.0 >> 8) as f32 / (1 << 24) as f32
    }
}

fn scene(seed: u32, triangles: usize) -> Vec<Cv> {
    let mut r = Xorshift(seed);
    let mut out = Vec::with_capacity(3 * triangles);
    for t in 0..triangles {
        let color = [r.next(), r.next(), r.next(), 0.3 + 0.7 * r.next()];
        // Mostly small triangles, every tenth one large and partly off screen.
        let size = if t % 10 == 0 { 3.0 } else { 0.4 };
        let (cx, cy) = (r.next() * 2.4 - 1.2, r.next() * 2.4 - 1.2);
        for _ in 0..3 {
            let w = 0.5 + 1.5 * r.next();
            let x = (cx + (r.next() - 0.5) * size) * w;
            let y = (cy + (r.next() - 0.5) * size) * w;
            let z = r.next() * w;
            out.push([x, y, z, w, color[0], color[1], color[2], color[3]]);
        }
    }
    out
}

fn render(verts: &[Cv]) -> (Vec<u8>, Vec<u8>) {
    render_on(verts, Lanes::process_or_baseline())
}

fn render_on(verts: &[Cv], simd: Lanes) -> (Vec<u8>, Vec<u8>) {
    let mut rig = Rig::new(256, 192, Format::R8G8B8A8Unorm)
        .with_depth(Format::D24UnormS8Uint, &[0xff, 0xff, 0xff, 0]);
    rig.simd = simd;
    rig.ds.depth_func = ComparisonFunc::LessEqual;
    rig.ds.stencil_enable = true;
    rig.ds.front_face.pass_op = StencilOp::Incr;
    rig.ds.back_face.pass_op = StencilOp::Decr;
    rig.ds.front_face.depth_fail_op = StencilOp::Invert;
    let rt = &mut rig.blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::SrcAlpha;
    rt.dest_blend = Blend::InvSrcAlpha;
    rt.blend_op = BlendOp::Add;
    rt.src_blend_alpha = Blend::One;
    rt.dest_blend_alpha = Blend::InvSrcAlpha;
    rig.draw(verts, Some(&VertexColorPs)).unwrap();
    // A second draw of the same scene without depth writes, blending on top.
    rig.ds.depth_write = false;
    rig.draw(verts, Some(&VertexColorPs)).unwrap();
    let depth = rig.depth.take().unwrap().1;
    (rig.colors.remove(0).1, depth)
}

/// A 4× shader of every per-sample input: one call per covered sample (`SV_SampleIndex`), its
/// colour input at the centroid, the `SV_Coverage` input in blue, and a discard of sample 2
/// where the pixel is partly covered.
struct PerSamplePs;

impl PixelShader for PerSamplePs {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Ps5_0)
    }
    fn inputs(&self) -> &[Interpolation] {
        &[Interpolation::Perspective]
    }
    fn input_sampling(&self) -> &[Sampling] {
        &[Sampling::Centroid]
    }
    fn reads_sample_index(&self) -> bool {
        true
    }
    fn reads_coverage(&self) -> bool {
        true
    }
    fn may_discard(&self) -> bool {
        true
    }
    fn shade(&self, _env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput) {
        let v = input.varyings[0];
        let s = input.sample_index;
        let cov = input.input_coverage.map(|c| c.count_ones() as f32 / 4.0);
        out.targets[0] = [
            v[0] * f32x8::splat((s + 1) as f32 / 4.0),
            v[1],
            f32x8::from(cov),
            v[3],
        ];
        out.discard = input.input_coverage.map(|c| s == 2 && c != 0b1111);
    }
}

/// [`render_on`] into 4× targets with [`PerSamplePs`], then the vertices as quadrilateral
/// lines.
fn render_msaa(verts: &[Cv], simd: Lanes) -> (Vec<u8>, Vec<u8>) {
    const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];
    let mut rig = Rig::new(96, 64, Format::R8G8B8A8Unorm)
        .with_depth(Format::D24UnormS8Uint, &[0xff, 0xff, 0xff, 0])
        .multisampled(&P4);
    rig.simd = simd;
    rig.ds.depth_func = ComparisonFunc::LessEqual;
    let rt = &mut rig.blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::SrcAlpha;
    rt.dest_blend = Blend::InvSrcAlpha;
    rt.blend_op = BlendOp::Add;
    rt.src_blend_alpha = Blend::One;
    rt.dest_blend_alpha = Blend::InvSrcAlpha;
    rig.draw(verts, Some(&PerSamplePs)).unwrap();
    // The same vertices as quadrilateral lines, per sample.
    rig.topology = tessera_types::PrimitiveTopology::LineList;
    rig.rasterizer.multisample_enable = true;
    rig.draw(verts, Some(&VertexColorPs)).unwrap();
    let depth = rig.depth.take().unwrap().1;
    (rig.colors.remove(0).1, depth)
}

/// Sample-frequency, centroid and `SV_Coverage`-input shading, and quadrilateral lines, give
/// the same bytes at 1, 2 and 8
/// threads and on every SIMD path.
#[test]
fn per_sample_shading_is_deterministic() {
    let verts = scene(31, 400);
    let one = with_threads(1, || render_msaa(&verts, Lanes::BASELINE));
    assert!(one.0.iter().any(|&b| b != 0), "scene draws something");
    for n in [2, 8] {
        assert!(
            one == with_threads(n, || render_msaa(&verts, Lanes::BASELINE)),
            "{n} threads"
        );
    }
    for path in SimdPath::ALL.into_iter().filter(|p| p.supported()) {
        let lanes = Lanes::new(path).unwrap();
        assert!(
            one == with_threads(2, || render_msaa(&verts, lanes)),
            "{path}"
        );
    }
}

fn with_threads<T: Send>(n: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap()
        .install(f)
}

#[test]
fn images_identical_at_1_2_and_8_threads() {
    // 1500 triangles cross the 1024-triangle setup chunk boundary.
    for (seed, count) in [(1u32, 300usize), (0xdead_beef, 500), (77, 1500)] {
        let verts = scene(seed, count);
        let one = with_threads(1, || render(&verts));
        assert!(one.0.iter().any(|&b| b != 0), "scene draws something");
        for n in [2, 8] {
            let other = with_threads(n, || render(&verts));
            assert!(
                one.0 == other.0,
                "colour differs at {n} threads (seed {seed})"
            );
            assert!(
                one.1 == other.1,
                "depth differs at {n} threads (seed {seed})"
            );
        }
    }
}

/// Every SIMD path this CPU runs (`docs/simd.md`) gives the baseline path's bytes, at 1 and 2
/// threads. On a CPU without AVX2 only the baseline runs, and the test says so.
#[test]
fn images_identical_on_every_simd_path() {
    let paths: Vec<SimdPath> = SimdPath::ALL
        .into_iter()
        .filter(|p| p.supported())
        .collect();
    if paths.len() < 2 {
        eprintln!("note: only the baseline SIMD path runs on this CPU; nothing to compare");
    }
    for (seed, count) in [(5u32, 400usize), (0x1234_5678, 1500)] {
        let verts = scene(seed, count);
        let reference = with_threads(1, || render_on(&verts, Lanes::BASELINE));
        assert!(reference.0.iter().any(|&b| b != 0), "scene draws something");
        for &path in &paths {
            let lanes = Lanes::new(path).unwrap();
            for n in [1, 2] {
                let other = with_threads(n, || render_on(&verts, lanes));
                assert!(reference == other, "{path} at {n} threads (seed {seed})");
            }
        }
    }
}

/// Alpha-antialiased lines (random, crossing band boundaries and the target's edges, blended
/// with their coverage-multiplied alpha) give the baseline path's bytes at one thread on every
/// SIMD path this CPU runs, at 1, 2 and 8 threads.
#[test]
fn antialiased_lines_identical_on_every_simd_path_and_thread_count() {
    let render = |simd: Lanes| {
        let mut r = Rig::new(64, 48, Format::R8G8B8A8Unorm);
        r.simd = simd;
        r.topology = tessera_types::PrimitiveTopology::LineList;
        r.rasterizer.antialiased_line_enable = true;
        let rt = &mut r.blend.render_target[0];
        rt.blend_enable = true;
        rt.src_blend = Blend::SrcAlpha;
        rt.dest_blend = Blend::InvSrcAlpha;
        let mut next = rng(17);
        let v: Vec<Cv> = (0..400)
            .map(|_| {
                let c = [next(), next(), next(), 0.5 + 0.5 * next()];
                r.at(next() * 70.0 - 3.0, next() * 54.0 - 3.0, 0.5, c)
            })
            .collect();
        r.draw(&v, Some(&VertexColorPs)).unwrap();
        r.colors.remove(0).1
    };
    let reference = with_threads(1, || render(Lanes::BASELINE));
    assert!(reference.chunks(4).any(|p| p[3] != 0 && p[3] != 255));
    for path in SimdPath::ALL.into_iter().filter(|p| p.supported()) {
        let lanes = Lanes::new(path).unwrap();
        for n in [1, 2, 8] {
            let other = with_threads(n, || render(lanes));
            assert!(other == reference, "{path} at {n} threads");
        }
    }
}

/// Draws of more than two batches ([`BATCH_TRIANGLES`] each): every band rasterizes the batches in
/// submission order on its own schedule, so the last triangle covering a pixel wins and the
/// bytes do not depend on the thread count.
#[test]
fn batches_keep_submission_order_at_any_thread_count() {
    const N: usize = 3 * BATCH_TRIANGLES as usize + 5;
    // Full-target triangles, colour = index (low byte in R, high byte in G), blending off.
    let code = |i: usize, shift: usize| ((i >> shift) & 0xff) as f32 / 255.0;
    let verts: Vec<Cv> = (0..N)
        .flat_map(|i| {
            let c = [code(i, 0), code(i, 8), 0.0, 1.0];
            [[-1.0, 1.0], [3.0, 1.0], [-1.0, -3.0]]
                .map(|[x, y]| [x, y, 0.5, 1.0, c[0], c[1], c[2], c[3]])
        })
        .collect();
    let render_last = || {
        let mut rig = Rig::new(4, 24, Format::R8G8B8A8Unorm);
        rig.draw(&verts, Some(&VertexColorPs)).unwrap();
        rig.colors.remove(0).1
    };
    let last = [((N - 1) & 0xff) as u8, ((N - 1) >> 8) as u8, 0, 255];
    for n in [1, 3, 8, 16] {
        let image = with_threads(n, render_last);
        assert!(image.chunks(4).all(|p| p == last), "{n} threads");
    }
    // Small triangles in three batches with depth, stencil and blending, as above.
    let mut r = Xorshift(99);
    let small: Vec<Cv> = (0..N)
        .flat_map(|_| {
            let (cx, cy) = (r.next() * 2.2 - 1.1, r.next() * 2.2 - 1.1);
            let c = [r.next(), r.next(), r.next(), 0.3 + 0.7 * r.next()];
            let mut v = [[0.0; 8]; 3];
            for p in &mut v {
                let (x, y) = (cx + (r.next() - 0.5) * 0.08, cy + (r.next() - 0.5) * 0.08);
                *p = [x, y, r.next(), 1.0, c[0], c[1], c[2], c[3]];
            }
            v
        })
        .collect();
    let one = with_threads(1, || render(&small));
    for n in [2, 8] {
        assert!(one == with_threads(n, || render(&small)), "{n} threads");
    }
}

/// [`TransformVs`] that stalls on the draw's first vertices, so that the first batch is set
/// up last whenever several batches are prepared at once.
struct SlowFirstBatch(TransformVs);

impl VertexShader for SlowFirstBatch {
    fn signature(&self) -> ShaderSignature {
        ShaderSignature::new(ShaderProfile::Vs4_0Level9_1)
    }

    fn varying_count(&self) -> usize {
        self.0.varying_count()
    }

    fn shade(&self, env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput) {
        if input.vertex_id[0] == 0 {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        self.0.shade(env, input, out);
    }
}

/// Batches whose set-up finishes out of order still reach the bands in submission order:
/// with the first batch set up last, full-target triangles still end in the last one's
/// colour. Fails if batches are published as they become ready.
#[test]
fn batches_prepared_out_of_order_are_rasterized_in_order() {
    const N: usize = 4 * BATCH_TRIANGLES as usize;
    let verts: Vec<Cv> = (0..N)
        .flat_map(|i| {
            let c = [
                (i & 0xff) as f32 / 255.0,
                (i >> 8 & 0xff) as f32 / 255.0,
                0.0,
                1.0,
            ];
            [[-1.0, 1.0], [3.0, 1.0], [-1.0, -3.0]]
                .map(|[x, y]| [x, y, 0.5, 1.0, c[0], c[1], c[2], c[3]])
        })
        .collect();
    let last = [((N - 1) & 0xff) as u8, ((N - 1) >> 8) as u8, 0, 255];
    for n in [4, 16] {
        let image = with_threads(n, || {
            let mut rig = Rig::new(4, 24, Format::R8G8B8A8Unorm);
            let vs = SlowFirstBatch(TransformVs { varyings: 1 });
            rig.draw_with(&verts, &vs, Some(&VertexColorPs)).unwrap();
            rig.colors.remove(0).1
        });
        assert!(image.chunks(4).all(|p| p == last), "{n} threads");
    }
}
