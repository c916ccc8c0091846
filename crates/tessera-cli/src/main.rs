//! `tessera`: the command-line front end of the Tessera reference rasterizer.
//!
//! One module per subcommand (`caps.rs`, later `render.rs`, `compare.rs`, `bench.rs`).

mod caps;

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Caps(args) => caps::run(&args),
    }
}
