//! The SIMD fast path on tiled views (`TextureView::tiled`, read through the memory owner's
//! `TileWords32`) is bit-identical to the per-lane core on the same view, and to either path on
//! an untiled view of the same texels: fully mapped and partly NULL (Tier 2: NULL texels read
//! 0 and keep their weights), real 128×128 RGBA8 tiles and small ones (footprints straddling
//! tile edges in x and y on most calls), WRAP / CLAMP, whole mip chains with their packed
//! tails, Texture2DArray, and a non-power-of-two view (not covered: the core runs).

use crate::common::Img;
use crate::fast_path::{Tex, chain, check_call};
use tessera_format::memory::{TileShape, TileTexels, TiledPlacement, TiledSubresource};
use tessera_format::{Format, Layout, Surface};
use tessera_sampler::{Sampler, TextureView, per_lane, sample, sample_level};
use tessera_testkit::Rng;
use tessera_types::desc::{AddressMode, FilterKind, SamplerDesc, ViewDimension};
use wide::f32x8;

const TILE: usize = 65536;

/// A tiled copy of a mip chain: subresources, resource tile → store entry, the store.
struct Tiling {
    subs: Vec<TiledSubresource>,
    index: Vec<u32>,
    store: Vec<u8>,
    layouts: Vec<Layout>,
}

/// Tiles `imgs` (slice-major, `mips` mips a slice, 4-byte texels): mips below `packed` in
/// standard tiles of `tile` texels, the rest one after the other in the slice's packed tail
/// (64 KiB tiles), each slice's tail after its standard tiles. Mapped tiles get store entries
/// in a shuffled order; resource tiles with `null(t)` read entry 0 (zeros, the Tier 2 NULL
/// value), and their texels are zeroed in `imgs` so the untiled copy reads what the tiles do.
fn tile_up(
    imgs: &mut [Img],
    mips: usize,
    tile: [u32; 2],
    packed: usize,
    null: &dyn Fn(u32) -> bool,
    rng: &mut Rng,
) -> Tiling {
    let shape = TileShape {
        width: tile[0],
        height: tile[1],
        depth: 1,
    };
    let mut subs = Vec::new();
    let mut next = 0u32;
    for slice in imgs.chunks(mips) {
        let mut tail = 0u64;
        let mut tail_subs = Vec::new();
        for (m, img) in slice.iter().enumerate() {
            let base = TiledSubresource {
                placement: TiledPlacement::Packed {
                    first_tile: 0,
                    tail_offset: tail,
                },
                width: img.w,
                height: img.h,
                depth: 1,
                element_bytes: 4,
                samples: 1,
            };
            if m < packed {
                let (wide, high) = (img.w.div_ceil(tile[0]), img.h.div_ceil(tile[1]));
                subs.push(TiledSubresource {
                    placement: TiledPlacement::Standard {
                        first_tile: next,
                        tiles_wide: wide,
                        tiles_high: high,
                        shape_elements: shape,
                    },
                    ..base
                });
                next += wide * high;
            } else {
                tail_subs.push((subs.len(), tail));
                subs.push(base);
                tail += base.linear_len();
            }
        }
        for (i, off) in tail_subs {
            subs[i].placement = TiledPlacement::Packed {
                first_tile: next,
                tail_offset: off,
            };
        }
        next += tail.div_ceil(TILE as u64) as u32;
    }
    let mut mapped: Vec<u32> = (0..next).filter(|&t| !null(t)).collect();
    // Entries 1.. in a shuffled order (Fisher–Yates).
    for i in (1..mapped.len()).rev() {
        mapped.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let mut index = vec![0u32; next as usize];
    for (k, &t) in mapped.iter().enumerate() {
        index[t as usize] = k as u32 + 1;
    }
    let mut store = vec![0u8; (mapped.len() + 1) * TILE];
    for (img, sub) in imgs.iter_mut().zip(&subs) {
        for y in 0..img.h {
            for x in 0..img.w {
                let (t, off) = sub.element_address(x, y, 0, 0).unwrap();
                let o = 4 * (y * img.w + x) as usize;
                let texel = &mut img.data[o..o + 4];
                match index[t as usize] {
                    0 => texel.fill(0),
                    k => {
                        let at = k as usize * TILE + off;
                        store[at..at + 4].copy_from_slice(texel);
                    }
                }
            }
        }
    }
    let layouts = imgs
        .iter()
        .map(|i| Layout::tight(i.format, i.w, i.h, 1).unwrap())
        .collect();
    Tiling {
        subs,
        index,
        store,
        layouts,
    }
}

struct Case {
    tex: Tex,
    tile: [u32; 2],
    packed: usize,
    /// NULL every `n`th resource tile (0: fully mapped).
    null_every: u32,
}

const CASES: [Case; 5] = [
    Case {
        tex: Tex {
            name: "512x256 RGBA8 tiles, fully mapped",
            dim: ViewDimension::Texture2D,
            w: 512,
            h: 256,
            slices: 1,
        },
        tile: [128, 128],
        packed: 2,
        null_every: 0,
    },
    Case {
        tex: Tex {
            name: "64x32 in 16x8 tiles, every third NULL",
            dim: ViewDimension::Texture2D,
            w: 64,
            h: 32,
            slices: 1,
        },
        tile: [16, 8],
        packed: 3,
        null_every: 3,
    },
    Case {
        tex: Tex {
            name: "32x64 in 4x4 tiles, fully mapped",
            dim: ViewDimension::Texture2D,
            w: 32,
            h: 64,
            slices: 1,
        },
        tile: [4, 4],
        packed: 4,
        null_every: 0,
    },
    Case {
        tex: Tex {
            name: "32x32x3 array in 8x8 tiles, every fifth NULL",
            dim: ViewDimension::Texture2DArray,
            w: 32,
            h: 32,
            slices: 3,
        },
        tile: [8, 8],
        packed: 2,
        null_every: 5,
    },
    Case {
        tex: Tex {
            name: "45x27 npot in 16x16 tiles (per-lane core)",
            dim: ViewDimension::Texture2D,
            w: 45,
            h: 27,
            slices: 1,
        },
        tile: [16, 16],
        packed: 1,
        null_every: 4,
    },
];

/// Calls of each operation per (case, format, modes, filter).
const CALLS: usize = 48;

fn bits(v: [f32x8; 4]) -> Vec<u32> {
    v.iter()
        .flat_map(|r| r.to_array().map(f32::to_bits))
        .collect()
}

#[test]
fn fast_path_on_tiled_views_is_bit_identical_to_per_lane_core() {
    use AddressMode::{Clamp, Wrap};
    use FilterKind::{Linear as L, Point as P};
    let mut rng = Rng::splitmix64(0x711e_d5a5);
    let mut calls = 0usize;
    for case in &CASES {
        let t = &case.tex;
        for format in [Format::R8G8B8A8Unorm, Format::B8G8R8A8UnormSrgb] {
            let mut imgs = chain(&mut rng, format, t.w, t.h, t.slices);
            let mips = imgs.len() / t.slices as usize;
            let every = case.null_every;
            let null = move |k: u32| every != 0 && k % every == 1;
            let tiling = tile_up(&mut imgs, mips, case.tile, case.packed, &null, &mut rng);
            let texels = TileTexels::new(&tiling.subs, &tiling.index, &tiling.store);
            let tiled = TextureView::tiled(t.dim, &tiling.layouts, t.slices, texels).unwrap();
            let surfaces: Vec<Surface<'_>> = imgs.iter().map(Img::surface).collect();
            let untiled = TextureView::new(t.dim, surfaces, t.slices).unwrap();
            for (mu, mv) in [(Wrap, Wrap), (Wrap, Clamp), (Clamp, Wrap), (Clamp, Clamp)] {
                for filter in 0..8u32 {
                    let kind = |b: u32| if filter & b != 0 { L } else { P };
                    let mut d = SamplerDesc::default();
                    (d.filter.min, d.filter.mag, d.filter.mip) = (kind(4), kind(2), kind(1));
                    (d.address_u, d.address_v) = (mu, mv);
                    let s = Sampler::new(&d);
                    for n in 0..CALLS {
                        check_call(&mut rng, &tiled, &s, t, n);
                        same_as_untiled(&mut rng, &tiled, &untiled, &s, t);
                        calls += 1;
                    }
                }
            }
        }
    }
    assert_eq!(calls, CASES.len() * 2 * 4 * 8 * CALLS);
}

/// `sample` and `sample_level` of the tiled view (fast path) give the untiled view's bits
/// (per-lane core), at coordinates spread over the whole texture.
fn same_as_untiled(
    rng: &mut Rng,
    tiled: &TextureView<'_>,
    untiled: &TextureView<'_>,
    s: &Sampler,
    t: &Tex,
) {
    let step = rng.range(0.2, 6.0);
    let (bu, bv) = (rng.range(-0.1, 1.1), rng.range(-0.1, 1.1));
    let q = |k: usize, b: f32, n: u32| {
        f32x8::new(core::array::from_fn(|l| {
            let d = [0.0, 1.0, 0.0, 1.0][l % 4] * step / n as f32;
            b + d + (l / 4) as f32 * k as f32 * 0.01
        }))
    };
    let (u, v) = (q(1, bu, t.w), q(2, bv, t.h));
    let slice = f32x8::splat(rng.below(t.slices) as f32);
    let coords = [u, v, slice, f32x8::ZERO];
    assert_eq!(
        bits(sample(Some(tiled), s, coords, [0; 3])),
        bits(per_lane::sample(Some(untiled), s, coords, [0; 3])),
        "sample {} {:?} {coords:?}",
        t.name,
        s.desc()
    );
    let lod = f32x8::new(core::array::from_fn(|_| rng.range(-1.0, 8.0)));
    assert_eq!(
        bits(sample_level(Some(tiled), s, coords, lod, [0; 3])),
        bits(per_lane::sample_level(
            Some(untiled),
            s,
            coords,
            lod,
            [0; 3]
        )),
        "sample_level {} {:?} {coords:?}",
        t.name,
        s.desc()
    );
}
