//! tessera-sampler's integration tests, one binary (`cargo test -p tessera-sampler --test sampler`); `common` holds this crate's texel fixtures, the RNG is `tessera_testkit::Rng`.

mod common;
mod fast_path;
mod fast_tiled;
mod filtering;
mod multisampled;
mod status;
mod tiled;
mod tx;
mod unorm8_bilinear;
