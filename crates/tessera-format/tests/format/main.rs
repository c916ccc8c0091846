//! tessera-format's integration tests, one binary (`cargo test -p tessera-format --test format`).

mod bc;
mod codec;
mod convert;
mod props;
mod tiled;
