//! `tessera bench`: render a `rastbench-scene-v1` scene with the perf harness's protocol
//! (`shared/perf/README.md` §5) and print one JSON line, or, without a scene, generate the four
//! standard scenes in process and print a table. Any other input `tessera render` accepts
//! (scene .json, .gltf/.glb, .ply) is timed as whole renders: see [`scene`].
//!
//! "rastbench" is the perf harness's benchmark format: a JSON header plus binary triangle
//! soups in clip space, rendered the same way by every backend (GL, Vulkan, Tessera).
//!
//! Each frame is: clear colour + depth, one `DrawIndexed` of every index, and completion
//! (Tessera executes synchronously, so the call returning is the fence). Static buffers,
//! the texture, views and states are created once before timing; the clock is
//! `std::time::Instant` (CLOCK_MONOTONIC on Linux) around the whole frame.
//!
//! Threads: `--threads N`, else `RB_THREADS`, else `RAYON_NUM_THREADS`, else the CPU count.
//! `0` means one thread, the same as `1`: Tessera has no separate API thread, so a
//! one-worker pool runs every stage while the calling thread waits (llvmpipe's
//! `LP_NUM_THREADS=0` is also "everything on one thread"; its `1` adds a rasterizer thread
//! beside the front-end thread).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use crate::render::fail;
use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use tessera::sampler::SimdPath;
use tessera::{Device, DeviceDesc};
use tessera_scene::rastbench::{
    self, BenchShaders, DrawPart, FrameMode, Prepared, RastBenchScene, STANDARD_SCENES,
};

mod scene;

/// What each timed frame does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Mode {
    /// Clear colour and depth, then draw every index.
    #[default]
    Draw,
    /// Clear colour and depth only (the harness's baseline).
    Clear,
}

/// Arguments of `tessera bench`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera bench                              the four standard scenes (generated in process, 1080p), a table\n  \
    tessera bench scenes/tris.json             one scene: one JSON line (median_ms, min_ms, max_ms, frame_ms, ...)\n  \
    tessera bench scenes/tex.json --threads 2 --png tex.png --profile\n  \
    tessera bench scenes/big.json --msaa 4 --png big4x.png   4-sample targets, resolved each frame\n  \
    tessera bench --write-scenes scenes        write the standard scenes (byte-identical to gen_scenes.py)\n\n\
    rastbench: the perf harness's scene format (shared/perf): a rastbench-scene-v1 JSON header\n\
    plus binary clip-space triangle soups; one frame = clear colour + depth, one DrawIndexed.\n\
    Any other input (a tessera scene .json, .gltf/.glb, .ply) is timed as whole renders: one\n\
    frame = create its objects + run every command + read back (one device, made once);\n\
    its JSON line has \"kind\": \"scene\" (rastbench lines: \"kind\": \"rastbench\").\n\n\
    Harness: run_bench.py --backend 'tessera=tessera bench {scene} --frames {frames} --warmup {warmup} --png {png} --mode {mode}'\n\
    Threads: --threads, else RB_THREADS, else RAYON_NUM_THREADS, else the CPU count; 0 means 1 (one worker\n\
    thread runs every stage; there is no separate API thread).")]
pub struct BenchArgs {
    /// A `rastbench-scene-v1` header (NAME.json), or any scene/model `tessera render` reads;
    /// omit to run the four standard scenes.
    #[arg(value_name = "SCENE")]
    scene: Option<PathBuf>,

    /// Timed frames (at least 1).
    #[arg(long, default_value_t = 21, value_parser = parse_frames)]
    frames: usize,

    /// Untimed warm-up frames before them (still listed in `frame_ms`).
    #[arg(long, default_value_t = 3)]
    warmup: usize,

    /// Write the last frame here (RGBA8 PNG, top row first).
    #[arg(long, value_name = "PATH")]
    png: Option<PathBuf>,

    /// `draw` (clear + draw) or `clear` (clear only).
    #[arg(long, value_enum, default_value_t = Mode::Draw)]
    mode: Mode,

    /// Rasterizer threads (see below for the default).
    #[arg(long)]
    threads: Option<usize>,

    /// SIMD path of the hot loops: `baseline` or `avx2` (default: `TESSERA_SIMD`, else the best
    /// this CPU runs); a path the CPU lacks is an error (exit 2). Same bytes on every path.
    #[arg(long, value_name = "PATH", value_parser = parse_simd)]
    simd: Option<SimdPath>,

    /// Also time the clear, the vertex stage alone and the front end (setup, no raster) and
    /// report the split under "profile" (more frames; facade-level timing).
    #[arg(long)]
    profile: bool,

    /// Draw into N-sample RGBA8 and D32 targets (standard pattern) and resolve every frame
    /// with `resolve_subresource` (the resolve is part of the timed frame; `--png` writes the
    /// resolved image). rastbench scenes only.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = parse_msaa)]
    msaa: u32,

    /// The shaders of a rastbench frame: `builtin` (the Rust `TransformVs`, `VertexColorPs`,
    /// `TexturedPs`) or `wgsl` (their twins in assets/shaders/, run by the WGSL interpreter;
    /// the same bytes). rastbench scenes only.
    #[arg(long, value_name = "KIND", default_value = "builtin", value_parser = parse_shaders)]
    shaders: BenchShaders,

    /// Write the four standard scenes into this folder and exit.
    #[arg(long, value_name = "DIR", conflicts_with = "scene")]
    write_scenes: Option<PathBuf>,
}

/// `--frames`: 1 ..= 1_000_000.
fn parse_frames(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=1_000_000).contains(&n) => Ok(n),
        Ok(_) => Err(
            "the frame count must be in 1..=1000000 (the timed frames; --warmup may be 0)".into(),
        ),
        Err(_) => Err(format!("`{s}` is not a frame count")),
    }
}

/// `--simd`: a [`SimdPath`] name.
fn parse_simd(s: &str) -> Result<SimdPath, String> {
    SimdPath::parse(s, "--simd").map_err(|e| e.to_string())
}

/// `--shaders`: `builtin` or `wgsl`.
fn parse_shaders(s: &str) -> Result<BenchShaders, String> {
    match s {
        "builtin" => Ok(BenchShaders::Builtin),
        "wgsl" => Ok(BenchShaders::Wgsl),
        _ => Err(format!("`{s}` is not a shader kind (builtin or wgsl)")),
    }
}

/// `--msaa`: a D3D sample count (1, 2, 4, 8, 16); whether the device supports it for RGBA8
/// and D32 is the device's typed error at prepare time.
fn parse_msaa(s: &str) -> Result<u32, String> {
    match s.parse::<u32>() {
        Ok(n) if [1, 2, 4, 8, 16].contains(&n) => Ok(n),
        _ => Err(format!("`{s}` is not a sample count (1, 2, 4, 8 or 16)")),
    }
}

/// The SIMD level this binary was compiled for (what `wide`'s 8-lane types lower to outside the
/// dispatched kernels, and inside them on the baseline path).
fn simd_build() -> &'static str {
    if cfg!(all(target_feature = "avx2", target_feature = "fma")) {
        "avx2+fma"
    } else if cfg!(target_feature = "avx2") {
        "avx2"
    } else if cfg!(target_feature = "sse4.1") {
        "sse4.1"
    } else if cfg!(target_arch = "x86_64") {
        "sse2"
    } else if cfg!(target_arch = "aarch64") {
        "neon"
    } else {
        "scalar"
    }
}

/// `--threads`, else `RB_THREADS`, else `RAYON_NUM_THREADS`; `None` = the CPU count.
/// 0 maps to 1.
fn resolve_threads(cli: Option<usize>) -> Result<Option<usize>, String> {
    if let Some(n) = cli {
        return Ok(Some(n.max(1)));
    }
    for var in ["RB_THREADS", "RAYON_NUM_THREADS"] {
        if let Ok(v) = std::env::var(var) {
            let v = v.trim();
            if v.is_empty() {
                continue;
            }
            let n: usize = v
                .parse()
                .map_err(|_| format!("{var}={v:?} is not a thread count"))?;
            return Ok(Some(n.max(1)));
        }
    }
    Ok(None)
}

fn stats_ms(times: &[f64]) -> (f64, f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mut s = times.to_vec();
    s.sort_by(f64::total_cmp);
    (s[s.len() / 2], s[0], s[s.len() - 1])
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Times `n` runs of `f` in milliseconds.
fn time_ms<E>(n: usize, mut f: impl FnMut() -> Result<(), E>) -> Result<Vec<f64>, E> {
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let t0 = Instant::now();
        f()?;
        out.push(t0.elapsed().as_secs_f64() * 1e3);
    }
    Ok(out)
}

/// Renders one prepared scene per the protocol; the result JSON (without `profile`).
fn run_scene(
    device: &Device,
    prepared: &Prepared,
    args: &BenchArgs,
) -> Result<Value, rastbench::RastBenchError> {
    let mut ctx = device.immediate_context();
    let mode = match args.mode {
        Mode::Draw => FrameMode::Draw,
        Mode::Clear => FrameMode::Clear,
    };
    let mut last_stats = Default::default();
    let frame_ms = time_ms(args.warmup + args.frames, || {
        last_stats = prepared.frame(&mut ctx, mode)?;
        Ok::<(), rastbench::RastBenchError>(())
    })?;
    let (mut result, median) = timing_json(&frame_ms, args, device);
    let h = prepared.header();
    let (mtri_s, mpix_s) = match args.mode {
        Mode::Draw => (
            f64::from(h.triangle_count) / median / 1e3,
            h.covered_px_per_frame as f64 / median / 1e3,
        ),
        Mode::Clear => (0.0, f64::from(h.width) * f64::from(h.height) / median / 1e3),
    };
    extend(
        &mut result,
        json!({
            "kind": "rastbench",
            "scene": h.name,
            "mode": match args.mode { Mode::Draw => "draw", Mode::Clear => "clear" },
            "width": h.width,
            "height": h.height,
            "triangles": h.triangle_count,
            "mtri_s": round3(mtri_s),
            "mpix_s": round3(mpix_s),
            "ps_invocations": last_stats.ps_invocations,
            "samples_passed": last_stats.samples_passed,
            "c_primitives": last_stats.c_primitives,
            "coarse_rejected": last_stats.coarse_rejected,
            "sample_count": prepared.sample_count(),
            "shaders": args.shaders.name(),
        }),
    );
    Ok(result)
}

/// The keys every bench JSON line has (backend, median/min/max, frame times, frame counts,
/// threads, SIMD path, renderer) from all frame times, warm-up first; and the median.
fn timing_json(frame_ms: &[f64], args: &BenchArgs, device: &Device) -> (Value, f64) {
    let (median, min, max) = stats_ms(&frame_ms[args.warmup.min(frame_ms.len())..]);
    let value = json!({
        "backend": "tessera",
        "median_ms": round3(median),
        "min_ms": round3(min),
        "max_ms": round3(max),
        "frame_ms": frame_ms.iter().map(|&t| round3(t)).collect::<Vec<_>>(),
        "frames": args.frames,
        "warmup": args.warmup,
        "threads": device.threads(),
        "simd": device.simd_path().name(),
        "simd_build": simd_build(),
        "renderer": format!("tessera {}", env!("CARGO_PKG_VERSION")),
    });
    (value, median)
}

/// Adds the keys of object `more` to object `to`.
fn extend(to: &mut Value, more: Value) {
    if let (Value::Object(to), Value::Object(more)) = (to, more) {
        to.extend(more);
    }
}

/// Median milliseconds of the clear, vertex-only, setup-only and full draws (each without the
/// clear), and the derived raster share.
fn profile(
    device: &Device,
    prepared: &Prepared,
    frames: usize,
) -> Result<Value, rastbench::RastBenchError> {
    let mut ctx = device.immediate_context();
    let n = frames.clamp(3, 11);
    let clear = stats_ms(&time_ms(n, || prepared.clear(&mut ctx))?).0;
    let mut part = |p: DrawPart| -> Result<f64, rastbench::RastBenchError> {
        prepared.clear(&mut ctx)?;
        prepared.draw_part(&mut ctx, p)?;
        let mut t = Vec::with_capacity(n);
        for _ in 0..n {
            prepared.clear(&mut ctx)?;
            let t0 = Instant::now();
            prepared.draw_part(&mut ctx, p)?;
            t.push(t0.elapsed().as_secs_f64() * 1e3);
        }
        Ok(stats_ms(&t).0)
    };
    let vertex = part(DrawPart::VertexOnly)?;
    let setup = part(DrawPart::SetupOnly)?;
    let full = part(DrawPart::Full)?;
    Ok(json!({
        "clear_ms": round3(clear),
        "vertex_ms": round3(vertex),
        "setup_bin_ms": round3((setup - vertex).max(0.0)),
        "raster_ms": round3((full - setup).max(0.0)),
        "draw_ms": round3(full),
        "note": "vertex = IA+VS+assembly (no PS, no depth); setup_bin = clip+setup+binning (empty scissor) minus vertex; raster = full draw minus setup-only; each median of separate draws, clear excluded",
    }))
}

fn make_device(args: &BenchArgs) -> Result<Device, String> {
    let threads = resolve_threads(args.threads)?;
    Device::new(&DeviceDesc {
        threads,
        simd: args.simd,
        ..DeviceDesc::default()
    })
    .map_err(|e| e.to_string())
}

/// Entry point of `tessera bench`.
pub fn run(args: &BenchArgs) -> ExitCode {
    if let Some(dir) = &args.write_scenes {
        return write_scenes(dir);
    }
    if let Some(path) = &args.scene
        && !is_rastbench(path)
    {
        return scene::run(path, args);
    }
    let device = match make_device(args) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    match &args.scene {
        Some(path) => run_one(&device, path, args),
        None => run_standard(&device, args),
    }
}

/// Whether `path` is a rastbench header: a JSON object with `"format": "rastbench-scene-v1"`,
/// or without `format` but with rastbench's `vertex_count`. Unreadable files count as not.
fn is_rastbench(path: &std::path::Path) -> bool {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    if ["gltf", "glb", "ply"].contains(&ext.to_ascii_lowercase().as_str()) {
        return false;
    }
    let Ok(bytes) = std::fs::read(path) else {
        return false;
    };
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => match map.get("format") {
            Some(f) => f == "rastbench-scene-v1",
            None => map.contains_key("vertex_count"),
        },
        _ => false,
    }
}

fn run_one(device: &Device, path: &std::path::Path, args: &BenchArgs) -> ExitCode {
    let t0 = Instant::now();
    let scene = match RastBenchScene::load(path) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let load_ms = t0.elapsed().as_secs_f64() * 1e3;
    let t1 = Instant::now();
    let prepared = match scene.prepare_with(device, args.msaa, args.shaders) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let prepare_ms = t1.elapsed().as_secs_f64() * 1e3;
    let mut result = match run_scene(device, &prepared, args) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    if let Some(png) = &args.png {
        match prepared.read_rgba8() {
            Ok(img) => {
                if let Err(e) = img.save_with_format(png, image::ImageFormat::Png) {
                    return fail(format!("{}: {e}", png.display()));
                }
            }
            Err(e) => return fail(e),
        }
    }
    if args.profile && args.mode == Mode::Draw {
        match profile(device, &prepared, args.frames) {
            Ok(p) => {
                eprintln!("profile {}: {p}", prepared.header().name);
                result["profile"] = p;
            }
            Err(e) => return fail(e),
        }
    }
    result["load_ms"] = json!(round3(load_ms));
    result["prepare_ms"] = json!(round3(prepare_ms));
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{result}").is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

fn run_standard(device: &Device, args: &BenchArgs) -> ExitCode {
    let tex = Arc::new(rastbench::generate_texture());
    let mut rows = Vec::new();
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new_spinner();
        b.enable_steady_tick(std::time::Duration::from_millis(100));
        b
    });
    for (i, name) in STANDARD_SCENES.iter().enumerate() {
        if let Some(b) = &bar {
            b.set_message(format!(
                "scene {}/4 {name}: generating, then {} frames",
                i + 1,
                args.warmup + args.frames
            ));
        }
        let scene = match rastbench::generate(name, Some(tex.clone())) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        let prepared = match scene.prepare_with(device, args.msaa, args.shaders) {
            Ok(p) => p,
            Err(e) => return fail(e),
        };
        if i == 0 {
            let clear_args = BenchArgs {
                scene: None,
                frames: args.frames,
                warmup: args.warmup,
                png: None,
                mode: Mode::Clear,
                threads: args.threads,
                simd: args.simd,
                profile: false,
                msaa: args.msaa,
                shaders: args.shaders,
                write_scenes: None,
            };
            match run_scene(device, &prepared, &clear_args) {
                Ok(r) => rows.push(("clear only".to_owned(), r)),
                Err(e) => return fail(e),
            }
        }
        let mut r = match run_scene(device, &prepared, args) {
            Ok(r) => r,
            Err(e) => return fail(e),
        };
        if args.profile && args.mode == Mode::Draw {
            match profile(device, &prepared, args.frames) {
                Ok(p) => r["profile"] = p,
                Err(e) => return fail(e),
            }
        }
        if let Some(dir) = &args.png
            && let Ok(img) = prepared.read_rgba8()
        {
            let _ = std::fs::create_dir_all(dir);
            let _ = img.save_with_format(dir.join(format!("{name}.png")), image::ImageFormat::Png);
        }
        rows.push(((*name).to_owned(), r));
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "tessera bench: 1920x1080 RGBA8 + D32F, {}x MSAA, {} frames after {} warm-up, {} threads, simd {} (build {})",
        args.msaa,
        args.frames,
        args.warmup,
        device.threads(),
        device.simd_path(),
        simd_build()
    );
    let _ = writeln!(
        out,
        "| scene | median ms | min ms | max ms | Mtri/s | Mpix/s | profile: vertex / setup+bin / raster ms |"
    );
    let _ = writeln!(out, "|---|---:|---:|---:|---:|---:|---|");
    for (name, r) in &rows {
        let f = |k: &str| r[k].as_f64().unwrap_or(0.0);
        let prof = r.get("profile").map_or("-".to_owned(), |p| {
            format!(
                "{:.1} / {:.1} / {:.1}",
                p["vertex_ms"].as_f64().unwrap_or(0.0),
                p["setup_bin_ms"].as_f64().unwrap_or(0.0),
                p["raster_ms"].as_f64().unwrap_or(0.0)
            )
        });
        let _ = writeln!(
            out,
            "| {name} | {:.1} | {:.1} | {:.1} | {:.2} | {:.0} | {prof} |",
            f("median_ms"),
            f("min_ms"),
            f("max_ms"),
            f("mtri_s"),
            f("mpix_s"),
        );
    }
    ExitCode::SUCCESS
}

fn write_scenes(dir: &std::path::Path) -> ExitCode {
    eprintln!(
        "rastbench scenes (the perf harness's format, shared/perf/README.md): NAME.json header + NAME.vtx.bin \
         (clip-space vertices) + NAME.idx.bin (u32 triangles), generated byte-identical to gen_scenes.py: \
         fill (16 blended full-screen quads: fill rate), tris (1M small triangles: vertex/setup/raster), \
         big (1000 large intersecting triangles: raster + depth), tex (textured, with tex.rgba); run one with `tessera bench DIR/NAME.json`"
    );
    let tex = Arc::new(rastbench::generate_texture());
    for name in STANDARD_SCENES {
        let scene = match rastbench::generate(name, Some(tex.clone())) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        match rastbench::write_scene(&scene, dir) {
            Ok(p) => println!("{}", p.display()),
            Err(e) => return fail(e),
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_min_max() {
        assert_eq!(stats_ms(&[3.0, 1.0, 2.0]), (2.0, 1.0, 3.0));
        assert_eq!(stats_ms(&[]), (0.0, 0.0, 0.0));
    }

    #[test]
    fn thread_flag_wins_and_zero_means_one() {
        assert_eq!(resolve_threads(Some(0)), Ok(Some(1)));
        assert_eq!(resolve_threads(Some(3)), Ok(Some(3)));
    }
}
