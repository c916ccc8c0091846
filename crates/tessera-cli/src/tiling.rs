//! `tessera tiling`: what `GetResourceTiling` returns for a tiled resource description (SPEC
//! §6.2), computed by a Tessera device at 11_1 at the chosen tiled tier, or
//! the creation error (exit 2).

use std::io::Write;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use serde_json::{Value, json};
use tessera::caps::{BindFlags, BufferDesc, CapsOptions, MiscFlags, TextureDesc, TextureDimension};
use tessera::format::Format;
use tessera::resource::tiled::ResourceTiling;
use tessera::{Device, DeviceDesc, FeatureLevel};

/// The resource dimension of `--dimension`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Dimension {
    /// A tiled buffer (`--size` is its byte width).
    Buffer,
    /// A Texture2D / Texture2DArray.
    #[value(name = "2d")]
    D2,
    /// A Texture3D (Tier 3 only).
    #[value(name = "3d")]
    D3,
}

/// Arguments of `tessera tiling`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera tiling --format R8G8B8A8_UNORM --size 256x256 --mips 9 --tier 2\n  \
    tessera tiling --format BC1_UNORM --size 4096x4096 --json\n  \
    tessera tiling --dimension buffer --size 65537\n\n\
    The fields are D3D11's in snake_case. The resource is created by a device at 11_1 with the\n\
    tiled tier --tier (default 3, the highest Tessera implements), with no bind\n\
    flags (so only the tiling rules and the level's size rules apply); a refused description\n\
    prints the creation error and exits 2.")]
pub struct TilingArgs {
    /// DXGI format name (R8G8B8A8_UNORM, BC1_UNORM, …); may be omitted for a buffer.
    #[arg(long)]
    format: Option<String>,
    /// WxH[xD] in texels, or the byte width of a buffer.
    #[arg(long)]
    size: String,
    /// Mip levels (0 = the full chain).
    #[arg(long, default_value_t = 1)]
    mips: u32,
    /// Array slices (Texture2D).
    #[arg(long, default_value_t = 1)]
    array: u32,
    /// Resource dimension.
    #[arg(long, value_enum, default_value_t = Dimension::D2)]
    dimension: Dimension,
    /// Samples per pixel (Texture2D).
    #[arg(long, default_value_t = 1)]
    sample_count: u32,
    /// Emulated tiled-resources tier (1, 2 or 3).
    #[arg(long, default_value_t = 3)]
    tier: u32,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

fn fail(text: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {text}");
    ExitCode::from(2)
}

/// The tiling as JSON with D3D11's field names in snake_case.
fn tiling_json(t: &ResourceTiling) -> Value {
    let p = &t.packed_mip_desc;
    let s = &t.standard_tile_shape_for_non_packed_mips;
    json!({
        "num_tiles_for_entire_resource": t.num_tiles_for_entire_resource,
        "packed_mip_desc": {
            "num_standard_mips": p.num_standard_mips,
            "num_packed_mips": p.num_packed_mips,
            "num_tiles_for_packed_mips": p.num_tiles_for_packed_mips,
            "start_tile_index_in_overall_resource": p.start_tile_index_in_overall_resource,
        },
        "standard_tile_shape_for_non_packed_mips": {
            "width_in_texels": s.width,
            "height_in_texels": s.height,
            "depth_in_texels": s.depth,
        },
        "subresource_tilings": t.subresource_tilings.iter().map(|r| json!({
            "width_in_tiles": r.width_in_tiles,
            "height_in_tiles": r.height_in_tiles,
            "depth_in_tiles": r.depth_in_tiles,
            "start_tile_index_in_overall_resource": r.start_tile_index_in_overall_resource,
        })).collect::<Vec<_>>(),
    })
}

/// `key: value` lines, nested objects indented, arrays one entry a line (also used by
/// `tessera shader`).
pub(crate) fn table(v: &Value, indent: usize, out: &mut String) {
    let Value::Object(map) = v else { return };
    for (k, v) in map {
        match v {
            Value::Object(_) => {
                out.push_str(&format!("{:indent$}{k}:\n", ""));
                table(v, indent + 2, out);
            }
            Value::Array(items) => {
                out.push_str(&format!("{:indent$}{k}:\n", ""));
                for (i, item) in items.iter().enumerate() {
                    if item.is_object() {
                        out.push_str(&format!("{:w$}[{i}]\n", "", w = indent + 2));
                        table(item, indent + 4, out);
                    } else {
                        out.push_str(&format!("{:w$}[{i}] {item}\n", "", w = indent + 2));
                    }
                }
            }
            other => out.push_str(&format!("{:indent$}{k}: {other}\n", "")),
        }
    }
}

fn parse_size(text: &str) -> Option<Vec<u32>> {
    let v: Option<Vec<u32>> = text.split('x').map(|p| p.parse().ok()).collect();
    v.filter(|v| (1..=3).contains(&v.len()))
}

/// Runs `tessera tiling`.
pub fn run(args: &TilingArgs) -> ExitCode {
    let Some(size) = parse_size(&args.size) else {
        return fail(format!(
            "--size {:?}: expected W, WxH or WxHxD in whole numbers",
            args.size
        ));
    };
    let format = match &args.format {
        Some(name) => match Format::from_dxgi_name(name) {
            Ok(f) => Some(f),
            Err(e) => return fail(e),
        },
        None => None,
    };
    let device = match Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(args.tier),
            ..CapsOptions::default()
        },
        threads: Some(1),
        ..DeviceDesc::at(FeatureLevel::L11_1)
    }) {
        Ok(d) => d,
        Err(e) => return fail(e),
    };
    let resource = if args.dimension == Dimension::Buffer {
        device.create_tiled_buffer(
            &BufferDesc {
                byte_width: size[0],
                misc_flags: MiscFlags::TILED,
                ..BufferDesc::default()
            },
            None,
        )
    } else {
        let Some(format) = format else {
            return fail("--format is needed for a texture");
        };
        let mut d = TextureDesc::tex2d(
            size[0],
            *size.get(1).unwrap_or(&1),
            format,
            BindFlags::SHADER_RESOURCE,
        );
        d.mip_levels = args.mips;
        d.array_size = args.array;
        d.sample_desc.count = args.sample_count;
        d.misc_flags = MiscFlags::TILED;
        if args.dimension == Dimension::D3 {
            d.dimension = TextureDimension::D3;
            d.depth = *size.get(2).unwrap_or(&1);
        }
        device.create_tiled_texture(&d, None)
    };
    let tiling = match resource.and_then(|r| device.get_resource_tiling(&r)) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let v = tiling_json(&tiling);
    let text = if args.json {
        v.to_string()
    } else {
        let mut s = String::new();
        table(&v, 0, &mut s);
        s.trim_end().to_owned()
    };
    let mut out = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) is not an error worth a panic.
    let _ = writeln!(out, "{text}");
    ExitCode::SUCCESS
}
