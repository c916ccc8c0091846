//! tessera-resource's integration tests, one binary (`cargo test -p tessera-resource --test resource`); descriptor shorthands come from `tessera_testkit::desc`.

mod budget;
mod copy_clear;
mod creation;
mod dds;
mod readback;
mod resolve;
mod tiled;
mod views_map_update;
mod views_of_desc;
