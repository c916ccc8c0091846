//! Tessera's test kit. **Dev-only**: never a normal dependency of a product crate, only a
//! `[dev-dependencies]` entry of integration tests and benches (`publish = false`).
//!
//! It holds what the crates' integration tests share:
//!
//! - [`Rng`]: the one seeded, deterministic generator (SplitMix64 by default; the MMIX LCG
//!   only for the tests whose scenes were built on its stream);
//! - [`rig`]: devices at a feature level, render targets (RGBA8 and friends) with a D32
//!   depth, buffers, layouts, the colour pipeline, pixel readback;
//! - [`full_viewport`]: `Viewport::full(w, h)`, the full-target viewport;
//! - [`golden`]: the exact golden check of `tessera::golden`, as an assertion, and the
//!   workspace paths tests read assets from;
//! - [`desc`]: descriptor shorthands for tests below the device (resource, caps);
//! - [`expect`]: expected failures as data (a table of case id and reason).
//!
//! The kit depends on the facade `tessera`. A crate below the facade may take it as a
//! dev-dependency for its integration tests (the cycle `crate[dev] → testkit → tessera →
//! crate` is fine there), but its `#[cfg(test)]` unit tests must not use it: they would see a
//! second, different copy of the crate's own types.

pub mod desc;
pub mod expect;
pub mod golden;
pub mod modules;
pub mod rig;
mod rng;
mod viewport;

pub use expect::{ExpectedFailure, expected_failure, run_case};
pub use golden::{assert_golden, assert_golden_within, workspace_root};
pub use rig::*;
pub use rng::Rng;
pub use viewport::full_viewport;
