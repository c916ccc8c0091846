//! The fuzz targets on stable: the committed regression corpus (each file must reach the
//! outcome its name records), a deterministic mutation smoke test over it, and the seed
//! writer (`#[ignore]`d) that makes the cargo-fuzz seed corpora.

mod corpus;
mod known;
mod models;
mod mutate;
mod seeds;
