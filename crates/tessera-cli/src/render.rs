//! `tessera render`: render a scene JSON, a glTF model or a PLY mesh to a PNG.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use tessera::debug::Severity;
use tessera_caps::FeatureLevel;
use tessera_scene::RenderOptions;

/// Arguments of `tessera render`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera render assets/scenes/depth_test.json -o depth.png\n  \
    tessera render Duck.gltf -o duck.png --size 512x512\n  \
    tessera render bunny.ply -o bunny.png --threads 1\n  \
    tessera render assets/scenes/mrt.json -o second.png --target 1 --level 9_1\n\n\
    The input kind is chosen by extension: .json is a tessera-scene file (see\n\
    docs/scene-format.md), .gltf/.glb a glTF 2.0 model, .ply a PLY mesh; models are lit by\n\
    one directional light and framed by an automatic camera. Output is deterministic: the\n\
    same input gives the same bytes at any thread count. Nothing is written on failure\n\
    (exit code 2, one error line naming file:line:column where it applies).")]
pub struct RenderArgs {
    /// Scene file (.json), glTF model (.gltf, .glb) or PLY mesh (.ply).
    #[arg(value_name = "INPUT")]
    input: PathBuf,

    /// Output PNG path.
    #[arg(short, long, value_name = "PNG")]
    output: PathBuf,

    /// Render-target size instead of the scene's, e.g. 512x512 (viewports scale with it).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,

    /// Rasterizer threads, at most 256 (default: RAYON_NUM_THREADS or the CPU count).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,

    /// Feature level instead of the scene's (9_1 .. 12_2); its rules apply to every call.
    #[arg(long, value_name = "LEVEL")]
    level: Option<String>,

    /// Which colour target to write: an index into the scene's outputs or a target name.
    #[arg(long, value_name = "K", default_value = "0")]
    target: String,

    /// Strict device: an error message of the info queue (a refused call, a 9_x texture
    /// repeat over the limit, …) fails the render with exit code 2 and no output file.
    #[arg(long)]
    strict: bool,

    /// The device's memory budget in MiB: the live bytes of all its buffers, textures and
    /// targets together (the default keeps an untrusted scene from taking the machine).
    #[arg(long, value_name = "MIB", default_value_t = 2048,
          value_parser = clap::value_parser!(u64).range(1..=1 << 24))]
    memory_budget: u64,

    /// Let file references (scene buffers and textures, glTF buffer and image URIs) leave the
    /// folder of the file naming them: absolute paths, `..`, links out (refused by default).
    #[arg(long)]
    allow_any_path: bool,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WxH (e.g. 256x256), found `{s}`"))?;
    let p = |v: &str| {
        v.parse::<u32>()
            .ok()
            .filter(|&n| (1..=16384).contains(&n))
            .ok_or_else(|| format!("`{v}` is not a size in 1..=16384"))
    };
    Ok((p(w)?, p(h)?))
}

/// Prints `error: {msg}` to stderr and returns exit code 2 (the commands' failure code).
pub(crate) fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

/// Writes `img` to `path` through a temporary file in the same folder, then renames.
pub fn write_png_atomic(img: &image::RgbaImage, path: &Path) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("out.png");
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    if let Err(e) = img.save_with_format(&tmp, image::ImageFormat::Png) {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("{}: {e}", path.display()));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", path.display())
    })
}

/// Runs `tessera render`.
pub fn run(args: &RenderArgs) -> ExitCode {
    let level = match args.level.as_deref().map(str::parse::<FeatureLevel>) {
        None => None,
        Some(Ok(l)) => Some(l),
        Some(Err(e)) => return fail(e),
    };
    let policy = tessera_scene::InputPolicy {
        allow_outside_base: args.allow_any_path,
        ..Default::default()
    };
    let scene = match tessera_scene::load_with(&args.input, &policy) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let options = RenderOptions {
        feature_level: level,
        size: args.size,
        threads: args.threads,
        strict: args.strict,
        limits: tessera::DeviceLimits {
            memory_bytes: args.memory_budget << 20,
            ..tessera::DeviceLimits::default()
        },
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(scene.file.commands.len() as u64);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{spinner} {msg} [{bar:30}] {pos}/{len} commands",
        ) {
            b.set_style(style.progress_chars("=> "));
        }
        b.set_message(args.input.display().to_string());
        b
    });
    let result = scene.render_with_progress(&options, &mut |done, _| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let out = match result {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    // The debug layer's warnings and errors, one line each (`warning[ID]: Call: text`).
    for m in &out.messages {
        if m.severity <= Severity::Warning {
            eprintln!("{m}");
        }
    }
    let img = match args.target.parse::<usize>() {
        Ok(i) => out.images.get(i).map(|(_, img)| img),
        Err(_) => out.get(&args.target),
    };
    let Some(img) = img else {
        let names: Vec<&str> = out.images.iter().map(|(n, _)| n.as_str()).collect();
        return fail(format!(
            "no output target `{}`; the scene writes {} ({})",
            args.target,
            names.len(),
            names.join(", ")
        ));
    };
    match write_png_atomic(img, &args.output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}
