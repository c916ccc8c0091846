//! Plain descriptor types, mirroring the `D3D11_*_DESC` structures field for field.
//!
//! These are the vocabulary every layer shares: the caps layer validates them, the resource
//! layer creates from them and the pipeline executes them. They hold no behaviour beyond
//! D3D's documented defaults. One module per family of descriptors.

/// Declares a D3D bit-flag type with named constants and set operations.
macro_rules! flags {
    ($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $flag:ident = $bit:expr;)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name(pub u32);
        impl $name {
            /// No flag set.
            pub const NONE: Self = Self(0);
            $($(#[$fdoc])* pub const $flag: Self = Self($bit);)*
            /// True when every bit of `other` is set in `self`.
            pub const fn contains(self, other: Self) -> bool { self.0 & other.0 == other.0 }
            /// True when any bit of `other` is set in `self`.
            pub const fn intersects(self, other: Self) -> bool { self.0 & other.0 != 0 }
            /// True when no bit is set.
            pub const fn is_empty(self) -> bool { self.0 == 0 }
        }
        impl core::ops::BitOr for $name {
            type Output = Self;
            fn bitor(self, rhs: Self) -> Self { Self(self.0 | rhs.0) }
        }
    };
}

mod blend;
mod input;
mod query;
mod rasterizer;
mod resource;
mod sampler;
mod view;

pub use blend::*;
pub use input::*;
pub use query::*;
pub use rasterizer::*;
pub use resource::*;
pub use sampler::*;
pub use view::*;
