//! Integration tests of tessera-caps: data drift, levels, the D3D9 floor, monotonicity, and
//! the FL-01..FL-34 cases (TESTCASES.md A).

mod claims;
mod copy_rules;
mod d3d9_floor;
mod data;
mod fl_create;
mod fl_draw;
mod input_layout;
mod level;
mod monotonic;
mod msaa;
mod shader;
mod stages;
