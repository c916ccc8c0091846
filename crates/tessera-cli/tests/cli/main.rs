//! The `tessera` command's integration tests, one binary (`cargo test -p tessera-cli --test cli`).

mod bench_cli;
mod caps_cli;
mod common;
mod compare_dds_cli;
mod limits_cli;
mod load_errors_cli;
mod outputs_cli;
mod probe_cli;
mod render_compare_cli;
mod shader_cli;
mod tiling_cli;
