//! `tessera`: the command-line front end of the Tessera reference rasterizer.
//!
//! One module per subcommand (`caps.rs`, `render.rs`, `compare/`, `probe.rs`, `bench/`,
//! `tiling.rs`, `shader.rs`);
//! `channels.rs` names a format's channels for `compare` and `probe`.

mod bench;
mod caps;
mod channels;
mod compare;
mod probe;
mod render;
mod shader;
mod tiling;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Tessera: a deterministic CPU reference rasterizer with Direct3D feature-level semantics.
#[derive(Debug, Parser)]
#[command(name = "tessera", version, about, long_about = None, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Show what a Direct3D feature level (9_1 .. 12_2) allows: limits, flags, shader models.
    Caps(caps::CapsArgs),
    /// Benchmark a scene: rastbench-scene-v1 (perf harness) scenes, or any scene/model as whole renders; one JSON line, or a table.
    Bench(bench::BenchArgs),
    /// Render a scene file (.json), a glTF model (.gltf/.glb) or a PLY mesh to a PNG.
    Render(render::RenderArgs),
    /// Compare two images: differing pixels, max channel difference, PSNR (exit 0/1/2).
    Compare(compare::CompareArgs),
    /// Print every output's value at one pixel in its own format (colour, depth, stencil).
    Probe(probe::ProbeArgs),
    /// Print GetResourceTiling of a tiled resource description (tile counts, packed mips, tile shape).
    Tiling(tiling::TilingArgs),
    /// Validate and compile a WGSL or SPIR-V shader; print its reflection (stage, inputs, outputs, bindings, hints).
    Shader(shader::ShaderArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Caps(args) => caps::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Probe(args) => probe::run(&args),
        Command::Tiling(args) => tiling::run(&args),
        Command::Shader(args) => shader::run(&args),
    }
}
