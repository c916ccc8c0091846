//! `tessera shader`: parse, validate and compile a WGSL (`.wgsl`) or SPIR-V (`.spv`) entry
//! point with tessera-shader and print its reflection — stage, D3D profile, inputs and outputs
//! with the system values they map to, bindings, constant-buffer sizes and the pipeline hints
//! derived from the IR — or the compile error (naga's `line:column`) with exit 2.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::{Value, json};
use tessera_shader::program::{Input, Interp, Output, Sampling};
use tessera_shader::{CompileOptions, Program, Stage, Validated, compile, parse_spirv, parse_wgsl};

/// The largest shader file read (a WGSL or SPIR-V file beyond it is refused, not loaded).
const MAX_SHADER_BYTES: u64 = 16 << 20;

/// Arguments of `tessera shader`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    tessera shader assets/shaders/textured.wgsl --entry fs_main\n  \
    tessera shader shader.spv --json\n\n\
    The file is WGSL unless its name ends in .spv (SPIR-V, e.g. from `dxc -spirv`). Without\n\
    --entry the module must have exactly one entry point Tessera runs. Bindings follow\n\
    docs/shaders.md: @group(0) constant buffers, @group(1) textures, @group(2) samplers.")]
pub struct ShaderArgs {
    /// The shader file (.wgsl, or .spv for SPIR-V).
    file: PathBuf,
    /// The entry point to compile.
    #[arg(long)]
    entry: Option<String>,
    /// Print JSON instead of indented `key: value` lines.
    #[arg(long)]
    json: bool,
}

fn fail(text: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {text}");
    ExitCode::from(2)
}

/// Reads and validates the module (WGSL or SPIR-V by extension).
fn load(path: &std::path::Path) -> Result<Validated, String> {
    let shown = path.display();
    let len = std::fs::metadata(path)
        .map_err(|e| format!("{shown}: {e}"))?
        .len();
    if len > MAX_SHADER_BYTES {
        return Err(format!(
            "{shown}: {len} bytes; a shader file is at most {MAX_SHADER_BYTES} bytes"
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    let spirv = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("spv"));
    let parsed = if spirv {
        parse_spirv(&bytes)
    } else {
        let text =
            String::from_utf8(bytes).map_err(|_| format!("{shown}: WGSL source is UTF-8 text"))?;
        parse_wgsl(&text)
    };
    parsed.map_err(|e| format!("{shown}: {e}"))
}

/// The entry to compile: `--entry`, else the module's only one that Tessera runs.
fn choose_entry(v: &Validated, asked: Option<&str>) -> Result<String, String> {
    if let Some(name) = asked {
        return Ok(name.to_owned());
    }
    let runnable: Vec<&str> = v
        .module
        .entry_points
        .iter()
        .filter(|e| v.entry_stage(&e.name).is_some())
        .map(|e| e.name.as_str())
        .collect();
    match runnable.as_slice() {
        [one] => Ok((*one).to_owned()),
        [] => Err("the module has no vertex, fragment or compute entry point".to_owned()),
        many => Err(format!(
            "the module has {} entry points ({}); choose one with --entry",
            many.len(),
            many.join(", ")
        )),
    }
}

fn input_name(source: Input) -> String {
    match source {
        Input::Location(n) => format!("location({n})"),
        Input::VertexIndex => "vertex_index (SV_VertexID)".to_owned(),
        Input::InstanceIndex => "instance_index (SV_InstanceID)".to_owned(),
        Input::Position => "position (SV_Position)".to_owned(),
        Input::FrontFacing => "front_facing (SV_IsFrontFace)".to_owned(),
        Input::PrimitiveIndex => "primitive_index (SV_PrimitiveID)".to_owned(),
        Input::GlobalInvocationId => "global_invocation_id (SV_DispatchThreadID)".to_owned(),
        Input::LocalInvocationId => "local_invocation_id (SV_GroupThreadID)".to_owned(),
        Input::LocalInvocationIndex => "local_invocation_index (SV_GroupIndex)".to_owned(),
        Input::WorkgroupId => "workgroup_id (SV_GroupID)".to_owned(),
        Input::NumWorkgroups => "num_workgroups".to_owned(),
        Input::SampleIndex => "sample_index (SV_SampleIndex)".to_owned(),
        Input::SampleMask => "sample_mask (SV_Coverage)".to_owned(),
    }
}

fn output_name(target: Output, fragment: bool) -> String {
    match target {
        Output::Position => "position (SV_Position)".to_owned(),
        Output::Location(n) if fragment => format!("location({n}) (SV_Target{n})"),
        Output::Location(n) => format!("location({n}) (varying o{n})"),
        Output::FragDepth => "frag_depth (SV_Depth)".to_owned(),
        Output::SampleMask => "sample_mask (SV_Coverage)".to_owned(),
    }
}

/// The reflection of a compiled entry point as JSON.
fn reflection(file: &str, v: &Validated, p: &Program) -> Value {
    let fragment = p.stage == Stage::Fragment;
    let entries: Vec<Value> = v
        .module
        .entry_points
        .iter()
        .map(|e| json!({"name": e.name, "stage": format!("{:?}", e.stage).to_lowercase()}))
        .collect();
    let interp = |i: Interp| match i {
        Interp::Perspective => "perspective",
        Interp::Linear => "linear (noperspective)",
        Interp::Flat => "flat (nointerpolation)",
    };
    let sorted = |v: &[u32]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    let mut cbs = p.uses.constant_bytes.clone();
    cbs.sort_unstable();
    let mut r = json!({
        "file": file,
        "entry": p.entry,
        "stage": p.stage.name(),
        "inputs": p.inputs.iter().map(|i| {
            let mut o = json!({"source": input_name(i.source), "components": i.regs.len()});
            if fragment && matches!(i.source, Input::Location(_)) {
                o["interpolation"] = json!(interp(i.interp));
                match i.sampling {
                    Sampling::Center => {}
                    Sampling::Centroid => o["sampling"] = json!("centroid"),
                    Sampling::Sample => o["sampling"] = json!("sample"),
                }
            }
            o
        }).collect::<Vec<_>>(),
        "outputs": p.outputs.iter().map(|o| json!({
            "target": output_name(o.target, fragment),
            "components": o.regs.len(),
        })).collect::<Vec<_>>(),
        "constant_buffers": cbs.iter().map(|&(slot, bytes)| json!({
            "slot": slot,
            "float4_registers": bytes.div_ceil(16),
        })).collect::<Vec<_>>(),
        "shader_resources": sorted(&p.uses.textures),
        "samplers": sorted(&p.uses.samplers),
        "entry_points": entries,
    });
    if let Some(sig) = p.signature() {
        r["profile"] = json!(sig.profile.name());
        r["sample_pairs"] = sig
            .samples
            .iter()
            .map(
                |s| json!({"texture": s.texture, "sampler": s.sampler, "coords_varying": s.coords}),
            )
            .collect();
    }
    r["hints"] = match p.stage {
        Stage::Vertex => json!({"varying_count": p.varying_count()}),
        Stage::Fragment => json!({
            "may_discard": p.uses.discards,
            "derivatives": p.uses.derivatives,
            "writes_depth": p.outputs.iter().any(|o| o.target == Output::FragDepth),
            "writes_coverage": p.writes_coverage(),
            "uniform_output": p.uniform_output(),
            "passthrough_varying": p.passthrough(),
        }),
        Stage::Compute => json!({
            "workgroup_size": p.workgroup_size,
            "workgroup_bytes": p.workgroup_bytes,
            "storage_atomics": p.uses.storage_atomics,
            "ordered_atomics": p.uses.ordered_atomics,
        }),
    };
    if p.stage == Stage::Compute {
        r["unordered_access_views"] = json!(sorted(&p.uses.uavs));
        r["uav_counters"] = json!(sorted(&p.uses.uav_counters));
        r["storage_shader_resources"] = json!(sorted(&p.uses.storage_srvs));
    }
    r
}

/// Runs `tessera shader`.
pub fn run(args: &ShaderArgs) -> ExitCode {
    let v = match load(&args.file) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let entry = match choose_entry(&v, args.entry.as_deref()) {
        Ok(e) => e,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let Some(stage) = v.entry_stage(&entry) else {
        let names: Vec<&str> = v
            .module
            .entry_points
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        return fail(format!(
            "{}: no vertex, fragment or compute entry point named `{entry}` (entry points: {})",
            args.file.display(),
            names.join(", ")
        ));
    };
    let program = match compile(&v, &entry, stage, &CompileOptions::default()) {
        Ok(p) => p,
        Err(e) => return fail(format!("{}: {e}", args.file.display())),
    };
    let r = reflection(&args.file.display().to_string(), &v, &program);
    if args.json {
        println!("{r}");
    } else {
        let mut out = String::new();
        crate::tiling::table(&r, 0, &mut out);
        print!("{out}");
    }
    ExitCode::SUCCESS
}
