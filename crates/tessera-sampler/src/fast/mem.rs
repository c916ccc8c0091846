//! Where the fast path reads texels, chosen once per call: an untiled view's surfaces
//! ([`Linear`], through the memory owner's [`Words32`]) or a tiled view's tiles ([`Tiles`],
//! through [`TileWords32`]). The filter code is generic over [`Mem`], so each view kind gets its
//! own monomorphised copy and the untiled one is the code it was before tiles existed.

use tessera_format::Surface;
use tessera_format::Words32;
use tessera_format::memory::TileWords32;
use wide::i32x8;

/// An 8-lane address unit of one subresource: the memory owner's byte offsets and reads.
pub(super) trait Unit<'a>: Copy {
    /// The memory the offsets point into.
    fn data(&self) -> &'a [u8];
    /// Byte offsets of the texels (x, y) of 8 lanes.
    fn offsets(&self, x: i32x8, y: i32x8) -> i32x8;
    /// Byte offsets of (x, y0) and (x, y1).
    fn column_offsets(&self, x: i32x8, y0: i32x8, y1: i32x8) -> (i32x8, i32x8);
    /// Byte offsets of (x0, y0), (x1, y0), (x0, y1), (x1, y1).
    fn quad_offsets(&self, x0: i32x8, x1: i32x8, y0: i32x8, y1: i32x8) -> [i32x8; 4];
    /// Whether, on every lane, texel `x + 1` (inside the subresource) follows texel `x` in
    /// memory.
    fn right_follows(&self, x: i32x8) -> bool;
    /// One word per lane at offsets `o`.
    fn words(&self, o: i32x8) -> i32x8;
    /// Two adjacent words per lane at offsets `o`.
    fn pairs(&self, o: i32x8) -> (i32x8, i32x8);
}

/// Delegates [`Unit`] to the memory owner's inherent methods of the same names.
macro_rules! unit {
    ($t:ident, |$s:ident, $x:ident| $follows:expr) => {
        impl<'a> Unit<'a> for $t<'a> {
            #[inline(always)]
            fn data(&self) -> &'a [u8] {
                $t::data(self)
            }
            #[inline(always)]
            fn offsets(&self, x: i32x8, y: i32x8) -> i32x8 {
                $t::offsets(self, x, y)
            }
            #[inline(always)]
            fn column_offsets(&self, x: i32x8, y0: i32x8, y1: i32x8) -> (i32x8, i32x8) {
                $t::column_offsets(self, x, y0, y1)
            }
            #[inline(always)]
            fn quad_offsets(&self, x0: i32x8, x1: i32x8, y0: i32x8, y1: i32x8) -> [i32x8; 4] {
                $t::quad_offsets(self, x0, x1, y0, y1)
            }
            #[inline(always)]
            fn right_follows(&self, $x: i32x8) -> bool {
                let $s = self;
                $follows
            }
            #[inline(always)]
            fn words(&self, o: i32x8) -> i32x8 {
                $t::words(self, o)
            }
            #[inline(always)]
            fn pairs(&self, o: i32x8) -> (i32x8, i32x8) {
                $t::pairs(self, o)
            }
        }
    };
}

// A linear surface's rows are contiguous: `x + 1` always follows `x`.
unit!(Words32, |_s, _x| true);
unit!(TileWords32, |s, x| TileWords32::right_follows(s, x));

/// A view kind's texel memory: the [`Unit`] of each subresource and single texel reads.
/// `s` is the subresource's surface (its memory when untiled; its extent in both cases).
pub(super) trait Mem<'a>: Copy {
    /// The address unit of a subresource.
    type Unit: Unit<'a>;
    /// The unit of view mip `m` of slice `slice` of a simple view (`TextureView::simple`).
    fn trusted(self, s: &Surface<'a>, m: u32, slice: u32) -> Self::Unit;
    /// The unit of view mip `m` of slice `slice`, where it has one.
    fn unit(self, s: &Surface<'a>, m: u32, slice: u32) -> Option<Self::Unit>;
    /// The word of the in-range texel (`x`, `y`) of view mip `m` of slice `slice`.
    fn word(self, s: &Surface<'a>, m: u32, slice: u32, x: u32, y: u32) -> i32;
}

/// An untiled view: each subresource is its surface's memory.
#[derive(Clone, Copy)]
pub(super) struct Linear;

impl<'a> Mem<'a> for Linear {
    type Unit = Words32<'a>;

    #[inline(always)]
    fn trusted(self, s: &Surface<'a>, _m: u32, _slice: u32) -> Words32<'a> {
        Words32::trusted(s)
    }

    #[inline(always)]
    fn unit(self, s: &Surface<'a>, _m: u32, _slice: u32) -> Option<Words32<'a>> {
        Words32::of(s)
    }

    #[inline(always)]
    fn word(self, s: &Surface<'a>, _m: u32, _slice: u32, x: u32, y: u32) -> i32 {
        s.word32(x, y)
    }
}

/// A simple tiled view: each subresource's unit, slice-major with `mips` mips a slice (built
/// once with the view, `TextureView::tiled`).
#[derive(Clone, Copy)]
pub(super) struct Tiles<'v, 'a> {
    pub units: &'v [TileWords32<'a>],
    pub mips: u32,
}

impl<'a> Mem<'a> for Tiles<'_, 'a> {
    type Unit = TileWords32<'a>;

    #[inline(always)]
    fn trusted(self, _s: &Surface<'a>, m: u32, slice: u32) -> TileWords32<'a> {
        self.units[(slice * self.mips + m) as usize]
    }

    #[inline(always)]
    fn unit(self, _s: &Surface<'a>, m: u32, slice: u32) -> Option<TileWords32<'a>> {
        self.units.get((slice * self.mips + m) as usize).copied()
    }

    #[inline(always)]
    fn word(self, s: &Surface<'a>, m: u32, slice: u32, x: u32, y: u32) -> i32 {
        self.unit(s, m, slice).map_or(0, |u| u.word(x, y))
    }
}

#[cfg(test)]
mod tests {
    use crate::core::Lods;
    use crate::view::{Sampler, TextureView};
    use tessera_format::memory::{TileShape, TileTexels, TiledPlacement, TiledSubresource};
    use tessera_format::{Format, Layout};
    use tessera_types::desc::ViewDimension;
    use wide::f32x8;

    /// A `w`×`h` RGBA8 subresource in 8×8 tiles (entries 0..).
    fn sub(w: u32, h: u32) -> TiledSubresource {
        TiledSubresource {
            placement: TiledPlacement::Standard {
                first_tile: 0,
                tiles_wide: w.div_ceil(8),
                tiles_high: h.div_ceil(8),
                shape_elements: TileShape {
                    width: 8,
                    height: 8,
                    depth: 1,
                },
            },
            width: w,
            height: h,
            depth: 1,
            element_bytes: 4,
            samples: 1,
        }
    }

    /// The fast path takes a tiled view whose subresources all have tile units and leaves
    /// the others (non-power-of-two extents, an entry past the store) to the per-lane core.
    #[test]
    fn engages_for_simple_tiled_views_only() {
        let store = vec![7u8; 4 * 65536];
        let index = [0, 1, 2, 3, 1, 2];
        let coords = [
            f32x8::splat(0.3),
            f32x8::splat(0.7),
            f32x8::ZERO,
            f32x8::ZERO,
        ];
        let s = Sampler::default();
        let run = |subs: &[TiledSubresource], index: &[u32], w: u32, h: u32| {
            let t = TileTexels::new(subs, index, &store);
            let l = [Layout::tight(Format::R8G8B8A8Unorm, w, h, 1).unwrap()];
            let v = TextureView::tiled(ViewDimension::Texture2D, &l, 1, t).unwrap();
            let lods = Lods::Level(&[0.0; 8]);
            (
                v.simple,
                super::super::sample(&v, &s, &coords, Some(lods), [0; 3], None, 0xff),
            )
        };
        let (simple, out) = run(&[sub(16, 16)], &index, 16, 16);
        assert!(simple);
        // Every texel is 7: the exact bilinear gives 7/255.
        assert_eq!(out.unwrap()[0].to_array()[0], 7.0 / 255.0);
        assert!(run(&[sub(24, 16)], &index, 24, 16).1.is_none());
        assert!(run(&[sub(16, 16)], &[0, 1, 4, 3], 16, 16).1.is_none());
        // Extents that disagree with the tiles'.
        assert!(run(&[sub(16, 16)], &index, 16, 8).1.is_none());
    }
}
