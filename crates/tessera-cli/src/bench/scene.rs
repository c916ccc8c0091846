//! `tessera bench` on any input `tessera render` accepts (scene .json, .gltf/.glb, .ply):
//! one frame is a whole render of the scene on one device made once before timing: create
//! every object the scene declares, run its whole command list, read the outputs back.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use serde_json::json;
use tessera::{Device, DeviceDesc, DeviceLimits};

use super::{BenchArgs, Mode, extend, resolve_threads, round3, time_ms, timing_json};
use crate::render::{fail, write_png_atomic};
use tessera_scene::rastbench::BenchShaders;

/// What one timed frame of a non-rastbench input is (the JSON's `"frame"`).
pub const FRAME: &str =
    "whole render: create objects + run every command + read back outputs (device made once)";

/// Benchmarks the scene or model at `path`.
pub fn run(path: &Path, args: &BenchArgs) -> ExitCode {
    if args.mode == Mode::Clear
        || args.profile
        || args.msaa != 1
        || args.shaders != BenchShaders::Builtin
    {
        return fail(format!(
            "{}: --mode clear, --profile, --msaa and --shaders apply to rastbench-scene-v1 headers only; this is a scene or model",
            path.display()
        ));
    }
    let t0 = Instant::now();
    let scene = match tessera_scene::load(path) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let load_ms = t0.elapsed().as_secs_f64() * 1e3;
    let threads = match resolve_threads(args.threads) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let level = scene.file.feature_level.0;
    let desc = DeviceDesc {
        threads,
        limits: DeviceLimits {
            memory_bytes: 2048 << 20,
            ..DeviceLimits::default()
        },
        simd: args.simd,
        ..DeviceDesc::at(level)
    };
    let device = match Device::new(&desc) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let mut last = None;
    let frame_ms = match time_ms(args.warmup + args.frames, || {
        last = Some(scene.render_on(&device, None, &mut |_, _| {})?);
        Ok::<(), tessera_scene::SceneError>(())
    }) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    if let Some(png) = &args.png {
        let Some(img) = last.as_ref().and_then(|o| o.first()) else {
            return fail(format!("{}: the scene writes no output", path.display()));
        };
        if let Err(e) = write_png_atomic(img, png) {
            return fail(e);
        }
    }
    let [w, h] = scene.file.size;
    let name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    let (mut result, _) = timing_json(&frame_ms, args, &device);
    extend(
        &mut result,
        json!({
            "kind": "scene",
            "frame": FRAME,
            "scene": name,
            "mode": "draw",
            "width": w,
            "height": h,
            "commands": scene.file.commands.len(),
            "feature_level": level.name(),
            "load_ms": round3(load_ms),
        }),
    );
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{result}").is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
