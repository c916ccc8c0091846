//! The facade's integration tests, one binary (`cargo test -p tessera --test facade`): each
//! module was once its own `tests/*.rs` binary; the shared rigs live in `tessera-testkit`.

mod clear_view;
mod context_ops;
mod context_state;
mod debug;
mod device;
mod fl_draw;
mod hazards;
mod hazards_uav;
mod input_signature;
mod limits;
mod linkage;
mod modules;
mod msaa;
mod no_layout;
mod points;
mod queries;
mod repeat_queue;
mod shaders;
mod stage_methods;
mod stages;
mod targets_3d;
mod tiled;
