//! `tessera caps`: print a feature level's limits or its D3D9 caps floor, diff two levels, or list
//! the levels.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use serde_json::{Map, Value};
use tessera_caps::{Caps, FeatureLevel, Limits};

/// Arguments of `tessera caps`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera caps                 list the feature levels\n  \
    tessera caps 9_1             limits of feature level 9_1 as a table\n  \
    tessera caps 11_0 --json     the same as JSON (snake_case keys, e.g. max_primitive_count)\n  \
    tessera caps --diff 9_1 11_0 only the limits that change from 9_1 to 11_0\n  \
    tessera caps 9_3 --d3d9      the D3DCAPS9 floor behind 9_3 (SPEC §1.4); --json for JSON\n\n\
    Levels may be written 9_1, 11.0, D3D_FEATURE_LEVEL_11_0 or as the D3D enum value (0xb000).\n\
    Values come from the spec table caps.toml; \"optional\" marks a capability a device may omit\n\
    (the reference device supports it). The \"device\" entry is what a Tessera device at that level\n\
    answers to CheckFeatureSupport: a feature Tessera does not implement yet reads as absent there.")]
pub struct CapsArgs {
    /// Feature level to show (9_1, 9_2, 9_3, 10_0, 10_1, 11_0, 11_1, 12_0, 12_1, 12_2); omit to list them.
    #[arg(value_name = "LEVEL")]
    level: Option<String>,

    /// Show only what changes between two levels.
    #[arg(long, num_args = 2, value_names = ["FROM", "TO"], conflicts_with = "level")]
    diff: Option<Vec<String>>,

    /// Print JSON (serde, snake_case keys) instead of a table.
    #[arg(long)]
    json: bool,

    /// Show the D3DCAPS9 floor behind a 9_x level instead (SPEC §1.4; cumulative; keys are the
    /// D3DCAPS9 member names). At 10_0+ there is none: an error and exit code 1.
    #[arg(long, requires = "level", conflicts_with = "diff")]
    d3d9: bool,
}

/// Parses a level or prints the one-line error (naming the valid levels) and yields exit code 2.
fn parse_level(text: &str) -> Result<FeatureLevel, ExitCode> {
    text.parse::<FeatureLevel>().map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
}

/// The level's limits as a JSON object (the same keys as caps.toml).
fn limits_value(level: FeatureLevel) -> Map<String, Value> {
    match serde_json::to_value(Limits::for_level(level)) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// What a Tessera device at `level` answers to `CheckFeatureSupport` (the RefDev defaults).
fn device_value(level: FeatureLevel) -> Value {
    serde_json::to_value(Caps::for_level(level).check_feature_support()).unwrap_or_default()
}

/// Renders a JSON value compactly for the table ("optional", 65535, ["R16_UINT"]).
fn show(v: Option<&Value>) -> String {
    match v {
        None => "-".to_owned(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

fn print_out(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) is not an error worth a panic.
    let _ = writeln!(out, "{text}");
    ExitCode::SUCCESS
}

/// Runs `tessera caps`.
pub fn run(args: &CapsArgs) -> ExitCode {
    if let Some(pair) = &args.diff {
        let (Some(a), Some(b)) = (pair.first(), pair.get(1)) else {
            eprintln!("error: --diff needs two levels, e.g. --diff 9_1 11_0");
            return ExitCode::from(2);
        };
        let (from, to) = match (parse_level(a), parse_level(b)) {
            (Ok(f), Ok(t)) => (f, t),
            (Err(code), _) | (_, Err(code)) => return code,
        };
        return diff(from, to, args.json);
    }
    let Some(text) = &args.level else {
        return list(args.json);
    };
    let level = match parse_level(text) {
        Ok(l) => l,
        Err(code) => return code,
    };
    if args.d3d9 {
        return d3d9(level, args.json);
    }
    let mut map = Map::new();
    map.insert("feature_level".into(), Value::String(level.name().into()));
    map.insert(
        "d3d_value".into(),
        Value::String(format!("{:#x}", level.to_d3d())),
    );
    map.extend(limits_value(level));
    if args.json {
        map.insert("device".into(), device_value(level));
        return print_out(&serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_default());
    }
    let width = map.keys().map(String::len).max().unwrap_or(0);
    let lines: Vec<String> = map
        .iter()
        .map(|(k, v)| format!("{k:<width$}  {}", show(Some(v))))
        .collect();
    let device = match device_value(level) {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    let dwidth = device.keys().map(String::len).max().unwrap_or(0);
    let device_lines: Vec<String> = device
        .iter()
        .map(|(k, v)| format!("{k:<dwidth$}  {}", show(Some(v))))
        .collect();
    print_out(&format!(
        "Feature level {level} (caps.toml [levels.\"{level}\"])\n\n{}\n\n\
         A Tessera device at {level} answers (CheckFeatureSupport)\n\n{}",
        lines.join("\n"),
        device_lines.join("\n")
    ))
}

fn list(json: bool) -> ExitCode {
    if json {
        let levels: Vec<Value> = FeatureLevel::ALL
            .iter()
            .map(|l| serde_json::json!({ "level": l.name(), "d3d_value": format!("{:#x}", l.to_d3d()), "shader_model": Limits::for_level(*l).shader_model }))
            .collect();
        return print_out(&serde_json::to_string_pretty(&Value::Array(levels)).unwrap_or_default());
    }
    let mut text = String::from("Feature levels (run `tessera caps <LEVEL>` for details):\n");
    for l in FeatureLevel::ALL {
        text.push_str(&format!(
            "\n  {:<5} {:#06x}  shader model {}",
            l.name(),
            l.to_d3d(),
            Limits::for_level(l).shader_model
        ));
    }
    print_out(&text)
}

fn diff(from: FeatureLevel, to: FeatureLevel, json: bool) -> ExitCode {
    let (a, b) = (limits_value(from), limits_value(to));
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    let changed: Vec<(&String, Option<&Value>, Option<&Value>)> = keys
        .into_iter()
        .map(|k| (k, a.get(k), b.get(k)))
        .filter(|(_, x, y)| x != y)
        .collect();
    // A key the table gives at one level only, as false / 0 / [] there, is schema noise (the
    // 9_x and 10_0+ tables use different keys), not a change: list its name in a note instead.
    let (noise, changed): (Vec<_>, Vec<_>) = changed.into_iter().partition(
        |(_, x, y)| matches!((x, y), (Some(v), None) | (None, Some(v)) if is_nothing(v)),
    );
    let noise: Vec<&String> = noise.into_iter().map(|(k, _, _)| k).collect();
    if json {
        let mut out = Map::new();
        for (k, x, y) in &changed {
            out.insert((*k).clone(), serde_json::json!({ "from": x, "to": y }));
        }
        let doc = serde_json::json!({ "from": from.name(), "to": to.name(), "changes": out, "given_at_one_level_only_as_false": noise });
        return print_out(&serde_json::to_string_pretty(&doc).unwrap_or_default());
    }
    let width = changed.iter().map(|(k, _, _)| k.len()).max().unwrap_or(0);
    let mut text = format!(
        "Changes from {from} to {to} ({} keys; '-' = not given at that level):\n",
        changed.len()
    );
    for (k, x, y) in changed {
        text.push_str(&format!("\n  {k:<width$}  {} -> {}", show(x), show(y)));
    }
    if !noise.is_empty() {
        text.push_str(&format!(
            "\n\nNot listed: {} keys given at one level only, as false/0 (the 9_x and 10_0+ tables use different keys): {}",
            noise.len(),
            noise.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
        ));
    }
    print_out(&text)
}

/// false, 0, an empty list or "none": a value that says "not there".
fn is_nothing(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !b,
        Value::Number(n) => n.as_f64() == Some(0.0),
        Value::Array(a) => a.is_empty(),
        Value::String(s) => s == "none" || s == "n/a",
        Value::Null => true,
        Value::Object(_) => false,
    }
}

/// `--d3d9`: the level's D3DCAPS9 floor, one row per member (flag groups as lists), or JSON
/// with the member names as keys; exit code 1 at 10_0+, which has no D3D9 floor (SPEC §1.4).
fn d3d9(level: FeatureLevel, json: bool) -> ExitCode {
    let Some(floor) = Caps::for_level(level).d3d9_floor() else {
        eprintln!(
            "error: feature level {level} has no D3D9 caps floor; --d3d9 applies to 9_1, 9_2 and 9_3 (SPEC §1.4)"
        );
        return ExitCode::from(1);
    };
    let map = match serde_json::to_value(floor) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    if json {
        return print_out(&serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_default());
    }
    let width = map.keys().map(String::len).max().unwrap_or(0);
    let rows: Vec<String> = map
        .iter()
        .map(|(k, v)| {
            let shown = match v {
                Value::Array(flags) if flags.is_empty() => "(none)".to_owned(),
                Value::Array(flags) => flags
                    .iter()
                    .map(|f| show(Some(f)))
                    .collect::<Vec<_>>()
                    .join(", "),
                Value::Null => "-".to_owned(),
                other => show(Some(other)),
            };
            format!("{k:<width$}  {shown}")
        })
        .collect();
    print_out(&format!(
        "D3DCAPS9 floor behind feature level {level} (SPEC §1.4; caps.toml [d3d9_caps], cumulative;\n\
         flags without their D3D9 prefix, '-' = no floor at this level)\n\n{}",
        rows.join("\n")
    ))
}
