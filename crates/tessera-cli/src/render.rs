//! `tessera render`: render a scene JSON, a glTF model or a PLY mesh to PNG or DDS files.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use tessera::debug::Severity;
use tessera_caps::FeatureLevel;
use tessera_scene::RenderOptions;

/// Arguments of `tessera render`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera render assets/scenes/depth_test.json -o depth.png\n  \
    tessera render assets/scenes/lit_sphere.json -o sphere.dds --size 512x512\n  \
    tessera render assets/scenes/triangle.json -o triangle.png --threads 1 --quiet\n  \
    tessera render assets/scenes/level_mrt_9_1.json -o second.png --target 1 --level 11_0\n  \
    tessera render assets/scenes/level_mrt_9_1.json --all-outputs out/ --level 11_0\n\n\
    The input kind is chosen by extension: .json is a tessera-scene file (see\n\
    docs/scene-format.md), .gltf/.glb a glTF 2.0 model, .ply a PLY mesh; models are lit by\n\
    one directional light and framed by an automatic camera. Output is deterministic: the\n\
    same input gives the same bytes at any thread count. `-o` writes by extension: .png\n\
    (RGBA8 view, depth as grey) or .dds (the target's exact bytes and DXGI format, see\n\
    docs/outputs.md). Nothing is written on failure (exit code 2, one error line naming\n\
    file:line:column where it applies).")]
pub struct RenderArgs {
    /// Scene file (.json), glTF model (.gltf, .glb) or PLY mesh (.ply).
    #[arg(value_name = "INPUT")]
    input: PathBuf,

    /// Output path: `.png` (RGBA8 view) or `.dds` (exact bytes); other extensions are refused.
    #[arg(
        short,
        long,
        value_name = "PATH",
        required_unless_present = "all_outputs"
    )]
    output: Option<PathBuf>,

    /// Write every output as DIR/NAME.dds and DIR/NAME.png (the folder is created).
    #[arg(long, value_name = "DIR")]
    all_outputs: Option<PathBuf>,

    /// No summary line and no progress on stderr (errors and debug messages still print).
    #[arg(short, long)]
    quiet: bool,

    /// Which colour target to write: an index into the scene's outputs or a target name.
    #[arg(long, value_name = "K", default_value = "0")]
    target: String,

    /// How the input is loaded and rendered (shared with `tessera probe`).
    #[command(flatten)]
    pub scene: SceneArgs,
}

/// How a scene or model is loaded and rendered: size, level, threads, strictness, budget.
#[derive(Debug, Args)]
pub struct SceneArgs {
    /// Render-target size instead of the scene's, e.g. 512x512 (viewports scale with it).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,

    /// Rasterizer threads, at most 256 (default: RAYON_NUM_THREADS or the CPU count).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,

    /// Feature level instead of the scene's (9_1 .. 12_2); its rules apply to every call.
    #[arg(long, value_name = "LEVEL")]
    pub level: Option<String>,

    /// Strict device: an error message of the info queue (a refused call, a 9_x texture
    /// repeat over the limit, …) fails the render with exit code 2 and no output file.
    #[arg(long)]
    pub strict: bool,

    /// The device's memory budget in MiB: the live bytes of all its buffers, textures and
    /// targets together (the default keeps an untrusted scene from taking the machine).
    #[arg(long, value_name = "MIB", default_value_t = 2048,
          value_parser = clap::value_parser!(u64).range(1..=1 << 24))]
    pub memory_budget: u64,

    /// Let file references (scene buffers and textures, glTF buffer and image URIs) leave the
    /// folder of the file naming them: absolute paths, `..`, links out (refused by default).
    #[arg(long)]
    pub allow_any_path: bool,
}

impl SceneArgs {
    /// Loads `input` (scene, glTF, GLB or PLY) and the render options these flags give.
    pub fn load(&self, input: &Path) -> Result<(tessera_scene::Scene, RenderOptions), String> {
        let level = self
            .level
            .as_deref()
            .map(str::parse::<FeatureLevel>)
            .transpose()
            .map_err(|e| e.to_string())?;
        let policy = tessera_scene::InputPolicy {
            allow_outside_base: self.allow_any_path,
            ..Default::default()
        };
        let scene = tessera_scene::load_with(input, &policy).map_err(|e| e.to_string())?;
        let options = RenderOptions {
            feature_level: level,
            size: self.size,
            threads: self.threads,
            strict: self.strict,
            limits: tessera::DeviceLimits {
                memory_bytes: self.memory_budget << 20,
                ..tessera::DeviceLimits::default()
            },
            simd: None,
        };
        Ok((scene, options))
    }
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

/// Writes `img` to `path` as PNG through `.NAME.PID.tessera-tmp` and a rename.
pub fn write_png_atomic(img: &image::RgbaImage, path: &Path) -> Result<(), String> {
    tessera::resource::encode_png(&image::DynamicImage::ImageRgba8(img.clone()))
        .and_then(|bytes| tessera::resource::write_file_atomic(path, &bytes))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// What `-o PATH` writes, chosen by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The RGBA8 view as PNG.
    Png,
    /// The exact bytes as DDS.
    Dds,
}

/// The output kind of `path`, or the "cannot write output" message.
fn kind_of(path: &Path) -> Result<Kind, String> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    {
        Some(e) if e == "png" => Ok(Kind::Png),
        Some(e) if e == "dds" => Ok(Kind::Dds),
        _ => Err(format!(
            "cannot write output `{}`: unknown extension; use .png or .dds",
            path.display()
        )),
    }
}

/// Writes one output as `kind` to `path`; errors say they are about the output.
fn write_output(
    kind: Kind,
    img: &image::RgbaImage,
    tex: &tessera::Texture,
    path: &Path,
) -> Result<(), String> {
    let written = match kind {
        Kind::Png => tessera::resource::encode_png(&image::DynamicImage::ImageRgba8(img.clone()))
            .and_then(|bytes| tessera::resource::write_file_atomic(path, &bytes)),
        Kind::Dds => tessera::resource::save_dds(tex, 0, path),
    };
    written.map_err(|e| format!("cannot write output `{}`: {e}", path.display()))
}

/// "1 output", "2 outputs".
fn outputs_word(n: usize) -> String {
    if n == 1 {
        "1 output".into()
    } else {
        format!("{n} outputs")
    }
}

/// Runs `tessera render`.
pub fn run(args: &RenderArgs) -> ExitCode {
    let (scene, options) = match args.scene.load(&args.input) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let kind = match args.output.as_deref().map(kind_of).transpose() {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let started = Instant::now();
    let bar = (!args.quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(scene.file.commands.len() as u64);
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {prefix}")
        {
            b.set_style(style.progress_chars("=> "));
        }
        b.set_message(format!("rendering {}", args.input.display()));
        b.set_prefix("commands");
        b
    });
    let result = scene.render_with_progress(&options, &mut |done, _| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    });
    let out = match result {
        Ok(o) => o,
        Err(e) => {
            if let Some(b) = &bar {
                b.finish_and_clear();
            }
            return fail(e);
        }
    };
    // The debug layer's warnings and errors, one line each (`warning[ID]: Call: text`).
    for m in &out.messages {
        if m.severity <= Severity::Warning {
            if let Some(b) = &bar {
                b.suspend(|| eprintln!("{m}"));
            } else {
                eprintln!("{m}");
            }
        }
    }
    let mut jobs: Vec<(Kind, usize, PathBuf)> = Vec::new();
    if let (Some(kind), Some(path)) = (kind, &args.output) {
        let index = match args.target.parse::<usize>() {
            Ok(i) => (i < out.images.len()).then_some(i),
            Err(_) => out.images.iter().position(|(n, _)| *n == args.target),
        };
        let Some(index) = index else {
            let names: Vec<&str> = out.images.iter().map(|(n, _)| n.as_str()).collect();
            return fail(format!(
                "no output target `{}`; the scene writes {} ({})",
                args.target,
                outputs_word(names.len()),
                names.join(", ")
            ));
        };
        jobs.push((kind, index, path.clone()));
    }
    if let Some(dir) = &args.all_outputs {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return fail(format!("cannot write output `{}`: {e}", dir.display()));
        }
        for (i, (name, _)) in out.images.iter().enumerate() {
            jobs.push((Kind::Dds, i, dir.join(format!("{name}.dds"))));
            jobs.push((Kind::Png, i, dir.join(format!("{name}.png"))));
        }
    }
    if let Some(b) = &bar {
        b.set_length(jobs.len() as u64);
        b.set_position(0);
        b.set_prefix("files");
    }
    for (kind, i, path) in &jobs {
        if let Some(b) = &bar {
            let what = if *kind == Kind::Png { "PNG" } else { "DDS" };
            b.set_message(format!("encoding {what} {}", path.display()));
        }
        let (img, tex) = (&out.images[*i].1, &out.textures[*i].1);
        if let Err(e) = write_output(*kind, img, tex, path) {
            if let Some(b) = &bar {
                b.finish_and_clear();
            }
            return fail(e);
        }
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if !args.quiet {
        let (w, h) = out.images.first().map_or((0, 0), |(_, i)| i.dimensions());
        let paths: Vec<String> = match (&args.output, &args.all_outputs) {
            (Some(p), None) => vec![p.display().to_string()],
            (o, d) => o
                .iter()
                .map(|p| p.display().to_string())
                .chain(
                    d.iter()
                        .map(|d| format!("{}/ ({})", d.display(), outputs_word(out.images.len()))),
                )
                .collect(),
        };
        eprintln!(
            "wrote {} ({w}x{h}) in {:.1} ms",
            paths.join(", "),
            started.elapsed().as_secs_f64() * 1000.0
        );
    }
    ExitCode::SUCCESS
}
