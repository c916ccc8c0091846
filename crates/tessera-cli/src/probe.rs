//! `tessera probe`: every output's value at one pixel, each in its own format.
//!
//! The input is rendered like `tessera render` (same flags), or read when it is a `.dds` /
//! `.png` file already written. Each channel prints its stored code and its decoded value
//! (docs/outputs.md): UNORM/SNORM/float/shared-exponent channels as the f32 the format
//! decodes to (UNORM_SRGB: linear), UINT/SINT as integers, depth as f32 and stencil as an
//! integer, TYPELESS as the code alone.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use serde_json::{Value as Json, json};
use tessera::debug::Severity;
use tessera::format::{Format, NumericKind};
use tessera::resource::RawImage;
use tessera_scene::input::{InputPolicy, decode_image, read_file};

use crate::channels::{Channel, channels, field};
use crate::render::{SceneArgs, fail};

/// Arguments of `tessera probe`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera probe assets/scenes/depth_test.json --pixel 64,64\n  \
    tessera probe assets/scenes/level_mrt_9_1.json --pixel 10,10 --level 11_0 --json\n  \
    tessera probe depth.dds --pixel 0,0\n\n\
    Prints one line per output of the scene (colour targets, then depth if the scene lists\n\
    it in `outputs`): its DXGI format and each channel's decoded value with the stored code\n\
    (float channels: the raw bits). UNORM_SRGB values are linear. The pixel is counted\n\
    from the top-left corner. Exit code 2 on error (a pixel outside the image included).")]
pub struct ProbeArgs {
    /// Scene (.json), model (.gltf, .glb, .ply), or an image written before (.dds, .png).
    #[arg(value_name = "INPUT")]
    input: PathBuf,

    /// The pixel to read, `X,Y` from the top-left corner.
    #[arg(long, value_name = "X,Y", value_parser = parse_pixel)]
    pixel: (u32, u32),

    /// One JSON object on stdout instead of lines.
    #[arg(long)]
    json: bool,

    /// How a scene or model is rendered.
    #[command(flatten)]
    scene: SceneArgs,
}

fn parse_pixel(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("expected X,Y (e.g. 12,34), found `{s}`");
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let p = |v: &str| v.trim().parse::<u32>().map_err(|_| bad());
    Ok((p(x)?, p(y)?))
}

/// A channel's decoded value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    /// UNORM, SNORM, sRGB (linear), float, shared exponent, depth.
    Float(f32),
    /// UINT, stencil.
    Uint(u32),
    /// SINT.
    Sint(i32),
    /// TYPELESS: no interpretation.
    Code,
}

/// The decoded value of channel `ch` of `texel`.
fn decode(format: Format, ch: Channel, texel: &[u8]) -> Result<Value, String> {
    let e = |e: tessera::format::FormatError| e.to_string();
    Ok(match format.info().kind {
        NumericKind::Typeless => Value::Code,
        NumericKind::Depth if ch.slot == 0 => Value::Float(format.decode_depth(texel).map_err(e)?),
        NumericKind::Depth => Value::Uint(u32::from(format.decode_stencil(texel).map_err(e)?)),
        NumericKind::Uint => Value::Uint(format.decode_uint(texel).map_err(e)?[ch.slot]),
        NumericKind::Sint => Value::Sint(format.decode_uint(texel).map_err(e)?[ch.slot] as i32),
        _ => Value::Float(format.decode_float(texel).map_err(e)?[ch.slot]),
    })
}

/// One output's probe: its name, image, and the pixel's channels.
struct Probe {
    name: String,
    image: RawImage,
    texel: Vec<u8>,
    channels: Vec<(Channel, u64, Value)>,
}

/// Reads the pixel of `image`; a pixel outside it is an error naming the output.
fn probe(name: String, image: RawImage, (x, y): (u32, u32)) -> Result<Probe, String> {
    if x >= image.width || y >= image.height {
        return Err(format!(
            "pixel ({x}, {y}) is outside output `{name}` ({}x{})",
            image.width, image.height
        ));
    }
    let format = image.format;
    let info = format.info();
    if format.is_compressed() || info.bits_per_element == 0 || info.bits_per_element > 128 {
        return Err(format!("probe does not read {} texels", format.name()));
    }
    let texel = image
        .surface()
        .map_err(|e| e.to_string())?
        .texel(x, y, 0)
        .to_vec();
    let mut out = Vec::new();
    for ch in channels(format) {
        out.push((ch, field(&texel, ch), decode(format, ch, &texel)?));
    }
    Ok(Probe {
        name,
        image,
        texel,
        channels: out,
    })
}

/// The outputs of `args.input`: rendered, or read from a `.dds` / `.png`.
fn outputs(args: &ProbeArgs) -> Result<Vec<(String, RawImage)>, String> {
    let ext = args
        .input
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let stem = || {
        args.input
            .file_stem()
            .map_or_else(|| "image".into(), |s| s.to_string_lossy().into_owned())
    };
    let policy = InputPolicy::default();
    let named = |e: String| format!("{}: {e}", args.input.display());
    match ext.as_deref() {
        Some("dds") => {
            let bytes = read_file(&args.input, None, &policy).map_err(|e| e.to_string())?;
            let img = tessera::resource::decode_dds(&bytes).map_err(|e| named(e.to_string()))?;
            Ok(vec![(stem(), img)])
        }
        Some("png") => {
            let bytes = read_file(&args.input, None, &policy).map_err(|e| e.to_string())?;
            let rgba = decode_image(&bytes, &args.input, &policy)
                .map_err(|e| e.to_string())?
                .to_rgba8();
            let img = RawImage {
                format: Format::R8G8B8A8Unorm,
                width: rgba.width(),
                height: rgba.height(),
                data: rgba.into_raw(),
            };
            Ok(vec![(stem(), img)])
        }
        _ => rendered(&args.input, &args.scene),
    }
}

/// Renders `input` and reads every output's exact bytes.
fn rendered(input: &Path, scene_args: &SceneArgs) -> Result<Vec<(String, RawImage)>, String> {
    let (scene, options) = scene_args.load(input)?;
    let out = scene.render(&options).map_err(|e| e.to_string())?;
    for m in &out.messages {
        if m.severity <= Severity::Warning {
            eprintln!("{m}");
        }
    }
    out.textures
        .iter()
        .map(|(name, tex)| {
            tessera::resource::read_raw(tex, 0)
                .map(|raw| (name.clone(), raw))
                .map_err(|e| format!("output `{name}`: {e}"))
        })
        .collect()
}

/// `R 1 (code 255)`, `R 0.5 (bits 0x3800)`, `R 7`, `Stencil 3`, `R code 12`.
fn channel_text(format: Format, (ch, code, value): &(Channel, u64, Value)) -> String {
    match value {
        Value::Float(v) if ch.is_float(format) => {
            format!("{} {v} (bits {code:#x})", ch.name)
        }
        Value::Float(v) => format!("{} {v} (code {code})", ch.name),
        Value::Uint(v) => format!("{} {v}", ch.name),
        Value::Sint(v) => format!("{} {v}", ch.name),
        Value::Code => format!("{} code {code}", ch.name),
    }
}

/// A JSON number (floats as the f32's shortest decimal), or the strings "NaN", "inf", "-inf" that JSON has no number for.
fn json_value(v: Value) -> Json {
    match v {
        Value::Float(f) if f.is_nan() => json!("NaN"),
        Value::Float(f) if f.is_infinite() => json!(if f > 0.0 { "inf" } else { "-inf" }),
        // The f64 nearest the f32's shortest decimal: prints as that decimal, reads back as
        // the same f32 (`json!(f)` would print the f32's exact binary value, 17 digits).
        Value::Float(f) => json!(f.to_string().parse::<f64>().unwrap_or(f64::NAN)),
        Value::Uint(u) => json!(u),
        Value::Sint(i) => json!(i),
        Value::Code => Json::Null,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn print_json(args: &ProbeArgs, probes: &[Probe]) {
    let outputs: Vec<Json> = probes
        .iter()
        .map(|p| {
            let channels: Vec<Json> = p
                .channels
                .iter()
                .map(
                    |&(ch, code, v)| json!({"name": ch.name, "code": code, "value": json_value(v)}),
                )
                .collect();
            json!({
                "name": p.name,
                "format": p.image.format.name(),
                "width": p.image.width,
                "height": p.image.height,
                "texel": hex(&p.texel),
                "channels": channels,
            })
        })
        .collect();
    let doc = json!({
        "input": args.input.display().to_string(),
        "pixel": [args.pixel.0, args.pixel.1],
        "outputs": outputs,
    });
    println!("{doc}");
}

/// Runs `tessera probe`.
pub fn run(args: &ProbeArgs) -> ExitCode {
    let images = match outputs(args) {
        Ok(i) => i,
        Err(e) => return fail(e),
    };
    let mut probes = Vec::with_capacity(images.len());
    for (name, image) in images {
        match probe(name, image, args.pixel) {
            Ok(p) => probes.push(p),
            Err(e) => return fail(e),
        }
    }
    if args.json {
        print_json(args, &probes);
        return ExitCode::SUCCESS;
    }
    println!(
        "pixel ({}, {}) of {}",
        args.pixel.0,
        args.pixel.1,
        args.input.display()
    );
    for p in &probes {
        let format = p.image.format;
        let texts: Vec<String> = p.channels.iter().map(|c| channel_text(format, c)).collect();
        println!("{} {}: {}", p.name, format.name(), texts.join(", "));
    }
    ExitCode::SUCCESS
}
