//! [`TileWords32`]: byte offsets and reads of 32-bit texels of a tiled view for 8 lanes at
//! once (the tiled counterpart of [`super::Words32`]).

use wide::{CmpEq, i32x8};

use super::words::{pairs, read, words};

/// The 8-lane address unit of one subresource of a tiled view of 32-bit texels
/// ([`super::TileTexels::words32`]): the subresource is a grid of power-of-two blocks, each lying
/// linearly in one store entry (a standard tile: rows of the tile's width; a packed mip: its
/// one block), so texel (x, y) lies at byte
/// `index[(y >> sy) · tiles_wide + (x >> sx)] · 65536 + base + ((y & my) << row_shift) + ((x & mx) << 2)`
/// of the store. The SIMD counterpart of [`super::TileTexels::element`] for the sampler's RGBA8 fast
/// path; like [`super::Words32`], coordinates must be inside the subresource (the caller's
/// address modes resolve them first) and reads clamp to the store, which never changes an
/// offset but proves them in bounds.
#[derive(Clone, Copy, Debug)]
pub struct TileWords32<'a> {
    data: &'a [u8],
    /// Store entries of the subresource's blocks, row-major.
    index: &'a [u32],
    tiles_wide: i32,
    /// log2 of the block extent in texels (x, y).
    shift: [u32; 2],
    mask: [i32; 2],
    /// log2 of a block row's bytes.
    row_shift: u32,
    /// Byte offset of the block in its entry (packed mips).
    base: u32,
}

impl<'a> TileWords32<'a> {
    /// The unit over `data` (the store) of a grid `tiles_wide` blocks across of power-of-two
    /// extent `block` (texels), block `t` at entry `index[t]`, `base` bytes into it.
    pub(super) fn new(
        data: &'a [u8],
        index: &'a [u32],
        tiles_wide: u32,
        block: [u32; 2],
        base: u32,
    ) -> Self {
        let [bw, bh] = block;
        Self {
            data,
            index,
            tiles_wide: tiles_wide as i32,
            shift: [bw.trailing_zeros(), bh.trailing_zeros()],
            mask: [bw.wrapping_sub(1) as i32, bh.wrapping_sub(1) as i32],
            row_shift: bw.trailing_zeros() + 2,
            base,
        }
    }

    /// Byte offset of block `t`'s texel (0, 0) in the store (an index past the table reads
    /// entry 0: never for in-range coordinates).
    #[inline(always)]
    fn block_base(&self, t: i32) -> i32 {
        let k = self.index.get(t as u32 as usize).copied().unwrap_or(0);
        (k << 16).wrapping_add(self.base) as i32
    }

    /// Byte offsets of the blocks `t` of 8 lanes; one table read when every lane is in lane
    /// 0's block.
    #[inline(always)]
    fn block_bases(&self, t: i32x8) -> i32x8 {
        let a = t.to_array();
        if t.cmp_eq(i32x8::splat(a[0])).all() {
            return i32x8::splat(self.block_base(a[0]));
        }
        i32x8::new(a.map(|t| self.block_base(t)))
    }

    /// Block columns and in-block byte offsets of the columns `x`.
    #[inline(always)]
    fn columns(&self, x: i32x8) -> (i32x8, i32x8) {
        (x >> self.shift[0], (x & i32x8::splat(self.mask[0])) << 2)
    }

    /// Block-grid offsets (`by · tiles_wide`) and in-block byte offsets of the rows `y`.
    #[inline(always)]
    fn rows(&self, y: i32x8) -> (i32x8, i32x8) {
        (
            (y >> self.shift[1]) * i32x8::splat(self.tiles_wide),
            (y & i32x8::splat(self.mask[1])) << self.row_shift,
        )
    }

    /// Byte offsets (as `u32` bits) of the texels (x, y) of 8 lanes.
    #[inline(always)]
    pub fn offsets(&self, x: i32x8, y: i32x8) -> i32x8 {
        let ((bx, cx), (by, ry)) = (self.columns(x), self.rows(y));
        self.block_bases(by + bx) + ry + cx
    }

    /// Byte offsets of the texels (x, y0) and (x, y1) of 8 lanes (a column pair of taps); the
    /// second row reuses the first's table reads when every lane's rows are in one block row.
    #[inline(always)]
    pub fn column_offsets(&self, x: i32x8, y0: i32x8, y1: i32x8) -> (i32x8, i32x8) {
        let (bx, cx) = self.columns(x);
        let ((b0, r0), (b1, r1)) = (self.rows(y0), self.rows(y1));
        let t0 = self.block_bases(b0 + bx);
        let t1 = if b1.cmp_eq(b0).all() {
            t0
        } else {
            self.block_bases(b1 + bx)
        };
        (t0 + r0 + cx, t1 + r1 + cx)
    }

    /// Byte offsets of the four taps (x0, y0), (x1, y0), (x0, y1), (x1, y1) of 8 lanes.
    #[inline(always)]
    pub fn quad_offsets(&self, x0: i32x8, x1: i32x8, y0: i32x8, y1: i32x8) -> [i32x8; 4] {
        let (a0, a1) = self.column_offsets(x0, y0, y1);
        let (b0, b1) = self.column_offsets(x1, y0, y1);
        [a0, b0, a1, b1]
    }

    /// Whether on every lane texel `x + 1` of a row lies right after texel `x` in memory
    /// (`x` is not the last column of its block; `x + 1` inside the subresource).
    #[inline(always)]
    pub fn right_follows(&self, x: i32x8) -> bool {
        let m = i32x8::splat(self.mask[0]);
        !(x & m).cmp_eq(m).any()
    }

    /// The word of texel (`x`, `y`) (inside the subresource).
    #[inline]
    pub fn word(&self, x: u32, y: u32) -> i32 {
        let (x, y) = (x as i32, y as i32);
        let t = (y >> self.shift[1]) * self.tiles_wide + (x >> self.shift[0]);
        let o = self
            .block_base(t)
            .wrapping_add((y & self.mask[1]) << self.row_shift)
            .wrapping_add((x & self.mask[0]) << 2);
        read(self.data, o as u32 as usize)
    }

    /// One word per lane at byte offsets `o` from this unit.
    #[inline(always)]
    pub fn words(&self, o: i32x8) -> i32x8 {
        words(self.data, o)
    }

    /// Two adjacent words per lane at byte offsets `o` (each a texel whose right neighbour
    /// follows it: [`Self::right_follows`]).
    #[inline(always)]
    pub fn pairs(&self, o: i32x8) -> (i32x8, i32x8) {
        pairs(self.data, o)
    }

    /// The store, for gathers at offsets this unit computed (e.g. 8-byte texel pairs).
    #[inline(always)]
    pub fn data(&self) -> &'a [u8] {
        self.data
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{TileShape, TileTexels, TiledPlacement, TiledSubresource};

    const TILE: usize = 65536;

    /// A 256×256 RGBA8 mip in 128×128 tiles (resource tiles 1..5, entries 3, 1, 0, 2 of a
    /// four-entry store) and a 64×32 packed mip at byte 1000 of resource tile 6 (entry 1).
    fn subs() -> [TiledSubresource; 2] {
        let std = TiledSubresource {
            placement: TiledPlacement::Standard {
                first_tile: 1,
                tiles_wide: 2,
                tiles_high: 2,
                shape_elements: TileShape {
                    width: 128,
                    height: 128,
                    depth: 1,
                },
            },
            width: 256,
            height: 256,
            depth: 1,
            element_bytes: 4,
            samples: 1,
        };
        let packed = TiledSubresource {
            placement: TiledPlacement::Packed {
                first_tile: 5,
                tail_offset: TILE as u64 + 1000,
            },
            width: 64,
            height: 32,
            ..std
        };
        [std, packed]
    }

    fn store() -> Vec<u8> {
        (0..4 * TILE)
            .map(|i| (i as u32).wrapping_mul(2_654_435_761).rotate_right(11) as u8)
            .collect()
    }

    const INDEX: [u32; 7] = [9, 3, 1, 0, 2, 9, 1];

    fn word_of(t: &TileTexels<'_>, sub: u32, x: u32, y: u32) -> i32 {
        let e = t.element(sub, x, y, 0).unwrap();
        i32::from_le_bytes([e[0], e[1], e[2], e[3]])
    }

    /// Every texel's word through the unit (scalar and 8-lane offsets, single rows, column
    /// pairs and quads, lanes in one tile and across tiles) is the word `element` reads.
    #[test]
    fn offsets_read_what_element_reads() {
        let (subs, store) = (subs(), store());
        let t = TileTexels::new(&subs, &INDEX, &store);
        for (sub, w, h) in [(0u32, 256u32, 256u32), (1, 64, 32)] {
            let u = t.words32(sub).unwrap();
            for y in 0..h {
                for x0 in (0..w).step_by(8) {
                    let x = i32x8::new(core::array::from_fn(|l| (x0 + l as u32) as i32));
                    let yy = i32x8::splat(y as i32);
                    let want =
                        i32x8::new(core::array::from_fn(|l| word_of(&t, sub, x0 + l as u32, y)));
                    assert_eq!(u.words(u.offsets(x, yy)), want, "{sub} {x0} {y}");
                    // Rows y and (y + 127) % h: the same block row, or the next.
                    let y1 = (y + 127) % h;
                    let (o0, o1) = u.column_offsets(x, yy, i32x8::splat(y1 as i32));
                    let want1 = i32x8::new(core::array::from_fn(|l| {
                        word_of(&t, sub, x0 + l as u32, y1)
                    }));
                    assert_eq!((u.words(o0), u.words(o1)), (want, want1));
                    for l in 0..8 {
                        assert_eq!(u.word(x0 + l, y), word_of(&t, sub, x0 + l, y));
                    }
                }
            }
            // Lanes scattered over the tiles, and quads with the right column elsewhere.
            let xs = i32x8::new([0, 127, 128, 255, 3, 130, 64, 200].map(|v| v % w as i32));
            let ys = i32x8::new([0, 127, 128, 255, 200, 5, 129, 64].map(|v| v % h as i32));
            let x1 = (xs + i32x8::splat(1)) & i32x8::splat(w as i32 - 1);
            let q = u.quad_offsets(xs, x1, ys, xs & i32x8::splat(h as i32 - 1));
            let (xa, x1a, ya) = (xs.to_array(), x1.to_array(), ys.to_array());
            let y1a = (xs & i32x8::splat(h as i32 - 1)).to_array();
            let at = |x: &[i32; 8], y: &[i32; 8]| {
                i32x8::new(core::array::from_fn(|l| {
                    word_of(&t, sub, x[l] as u32, y[l] as u32)
                }))
            };
            assert_eq!(u.words(q[0]), at(&xa, &ya));
            assert_eq!(u.words(q[1]), at(&x1a, &ya));
            assert_eq!(u.words(q[2]), at(&xa, &y1a));
            assert_eq!(u.words(q[3]), at(&x1a, &y1a));
            // Pairs: where every lane's right neighbour follows it (lanes off block edges).
            let inner = xs & i32x8::splat(62);
            assert!(u.right_follows(inner));
            let (o, _) = u.column_offsets(inner, ys, ys);
            let (a, b) = u.pairs(o);
            let next = inner + i32x8::splat(1);
            assert_eq!(a, at(&inner.to_array(), &ya));
            assert_eq!(b, at(&next.to_array(), &ya));
        }
    }

    /// `right_follows` is false exactly when some lane is the last column of its block.
    #[test]
    fn right_follows_only_inside_a_block() {
        let (subs, store) = (subs(), store());
        let t = TileTexels::new(&subs, &INDEX, &store);
        let u = t.words32(0).unwrap();
        assert!(u.right_follows(i32x8::new([0, 1, 126, 128, 129, 200, 254, 5])));
        assert!(!u.right_follows(i32x8::new([0, 1, 126, 128, 129, 200, 254, 127])));
        assert!(!u.right_follows(i32x8::splat(255)));
        let p = t.words32(1).unwrap();
        assert!(p.right_follows(i32x8::splat(62)));
        assert!(!p.right_follows(i32x8::splat(63)));
    }

    /// No unit where a texel could not be read through one: an entry past the store, a
    /// packed mip across a tile edge, a non-power-of-two extent or tile, other element
    /// sizes, samples or planes.
    #[test]
    fn units_are_refused_where_they_cannot_read() {
        let store = store();
        let mut index = INDEX;
        index[3] = 4;
        assert!(
            TileTexels::new(&subs(), &index, &store)
                .words32(0)
                .is_none()
        );
        // Resource tile 5 (entry 9) is not in either subresource's range: both still read.
        let both = subs();
        let t = TileTexels::new(&both, &INDEX, &store);
        assert!(t.words32(0).is_some() && t.words32(1).is_some());
        assert!(t.words32(2).is_none());
        let [std, packed] = subs();
        let edge = TiledSubresource {
            placement: TiledPlacement::Packed {
                first_tile: 5,
                tail_offset: 2 * TILE as u64 - 64 * 32 * 4 + 4,
            },
            ..packed
        };
        let npot = TiledSubresource { width: 200, ..std };
        let wide = TiledSubresource {
            element_bytes: 8,
            ..std
        };
        let msaa = TiledSubresource { samples: 4, ..std };
        let deep = TiledSubresource { depth: 2, ..std };
        let odd_shape = TiledSubresource {
            placement: TiledPlacement::Standard {
                first_tile: 1,
                tiles_wide: 3,
                tiles_high: 2,
                shape_elements: TileShape {
                    width: 96,
                    height: 128,
                    depth: 1,
                },
            },
            ..std
        };
        for s in [edge, npot, wide, msaa, deep, odd_shape] {
            let subs = [s];
            assert!(
                TileTexels::new(&subs, &INDEX, &store).words32(0).is_none(),
                "{s:?}"
            );
        }
        // Just inside the tile: accepted.
        let inside = TiledSubresource {
            placement: TiledPlacement::Packed {
                first_tile: 5,
                tail_offset: 2 * TILE as u64 - 64 * 32 * 4,
            },
            ..packed
        };
        let subs = [inside];
        assert!(TileTexels::new(&subs, &INDEX, &store).words32(0).is_some());
    }
}
