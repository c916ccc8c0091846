//! The full-target viewport.

use tessera::caps::Viewport;

/// `Viewport::full(w, h)`: bring this trait into scope (`use tessera_testkit::ViewportExt`).
pub trait ViewportExt {
    /// The viewport covering a whole `w`×`h` target, depth range `[0, 1]`.
    fn full(w: u32, h: u32) -> Self;
}

impl ViewportExt for Viewport {
    fn full(w: u32, h: u32) -> Self {
        full_viewport(w, h)
    }
}

/// The viewport covering a whole `w`×`h` target at the origin, depth range `[0, 1]`.
pub fn full_viewport(w: u32, h: u32) -> Viewport {
    Viewport {
        top_left_x: 0.0,
        top_left_y: 0.0,
        width: w as f32,
        height: h as f32,
        min_depth: 0.0,
        max_depth: 1.0,
    }
}
