//! tessera-scene's integration tests, one binary (`cargo test -p tessera-scene --test scene`; the goldens alone: `-- golden::`).

mod compute;
mod counters;
mod golden;
mod hostile;
mod outputs;
mod ps_uav;
mod scene_errors;
mod scene_fuzz;
mod scene_golden_api;
mod spirv;
mod tiled;
mod tiled_cs;
mod tiled_target;
mod wgsl;
