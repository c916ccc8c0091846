//! The full-target viewport.

use tessera::caps::Viewport;

/// The viewport covering a whole `w`×`h` target at the origin, depth range `[0, 1]`
/// (`Viewport::full`).
pub fn full_viewport(w: u32, h: u32) -> Viewport {
    Viewport::full(w, h)
}
