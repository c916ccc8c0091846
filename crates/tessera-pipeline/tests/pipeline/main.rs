//! The pipeline's integration tests, one binary (determinism stays its own binary: CI runs it
//! on the AVX2 build as `--test determinism`). Everything goes through the public API.

mod common;

mod aa_lines;
mod blend;
mod clip;
mod coarse_depth;
mod coverage_out;
mod depth_stencil;
mod ia;
mod interpolation;
mod layering;
mod lines;
mod msaa;
mod passthrough;
mod points;
mod quad_lines;
mod raster;
mod robustness;
mod sample_rate;
mod solid;
