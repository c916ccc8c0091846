//! Tiled views (`TextureView::tiled`): texels read on demand through the memory owner's tile
//! translation give the same bits as an untiled view of the same texels, on every operation;
//! NULL tiles read what the caller stored for them.

use tessera_format::memory::{TileShape, TileTexels, TiledPlacement, TiledSubresource};
use tessera_format::{Format, Layout, Surface};
use tessera_sampler::{Sampler, TextureView, gather, load_float, sample, sample_level};
use tessera_testkit::Rng;
use tessera_types::desc::{AddressMode, FilterKind, SamplerDesc, ViewDimension};
use wide::{f32x8, i32x8};

const TILE: usize = 65536;

/// A 256×256 two-mip texture of `format` (4 or 16 bytes a texel) split into 128×128 or 64×64
/// tiles: mip 0 = tiles 0..4 (2×2 or 4×4), mip 1 after them. `null` tiles read the store's
/// entry 0 (all `fill`). Returns the linear mips (NULL texels = `fill`) and the tiled parts.
struct Case {
    format: Format,
    linear: Vec<Vec<u8>>,
    subs: Vec<TiledSubresource>,
    index: Vec<u32>,
    /// 64 KiB entries one after the other.
    store: Vec<u8>,
}

fn case(format: Format, null: &[u32], fill: u8, rng: &mut Rng) -> Case {
    let eb = format.info().bytes_per_block;
    let side = if eb == 4 { 128 } else { 64 };
    let shape = TileShape {
        width: side,
        height: side,
        depth: 1,
    };
    let mut subs = Vec::new();
    let mut first = 0;
    for size in [256u32, 128] {
        let wide = size.div_ceil(side);
        subs.push(TiledSubresource {
            placement: TiledPlacement::Standard {
                first_tile: first,
                tiles_wide: wide,
                tiles_high: wide,
                shape_elements: shape,
            },
            width: size,
            height: size,
            depth: 1,
            element_bytes: eb,
            samples: 1,
        });
        first += wide * wide;
    }
    let mut store = vec![fill; TILE];
    let index: Vec<u32> = (0..first)
        .map(|t| {
            if null.contains(&t) {
                0
            } else {
                store.extend((0..TILE).map(|_| rng.u32() as u8));
                (store.len() / TILE) as u32 - 1
            }
        })
        .collect();
    // R32G32B32A32_FLOAT: keep every word a small finite float (exponent bits of 0x3F).
    if format == Format::R32G32B32A32Float {
        for w in store[TILE..].chunks_mut(4) {
            w[3] = 0x3F;
        }
    }
    let linear = subs
        .iter()
        .map(|s| {
            let mut out = Vec::new();
            for y in 0..s.height {
                for x in 0..s.width {
                    let (tile, off) = s.element_address(x, y, 0, 0).unwrap();
                    let at = index[tile as usize] as usize * TILE + off;
                    out.extend_from_slice(&store[at..at + eb as usize]);
                }
            }
            out
        })
        .collect();
    Case {
        format,
        linear,
        subs,
        index,
        store,
    }
}

impl Case {
    fn layouts(&self) -> Vec<Layout> {
        [256, 128]
            .map(|s| Layout::tight(self.format, s, s, 1).unwrap())
            .to_vec()
    }

    fn untiled(&self) -> TextureView<'_> {
        let s = self
            .layouts()
            .into_iter()
            .zip(&self.linear)
            .map(|(l, b)| Surface::from_layout(l, b).unwrap())
            .collect();
        TextureView::new(ViewDimension::Texture2D, s, 1).unwrap()
    }

    fn tiled(&self) -> TextureView<'_> {
        let t = TileTexels::new(&self.subs, &self.index, &self.store);
        TextureView::tiled(ViewDimension::Texture2D, &self.layouts(), 1, t).unwrap()
    }
}

fn sampler(linear: bool, mode: AddressMode) -> Sampler {
    let k = if linear {
        FilterKind::Linear
    } else {
        FilterKind::Point
    };
    let mut d = SamplerDesc::default();
    d.filter.min = k;
    d.filter.mag = k;
    d.filter.mip = k;
    d.address_u = mode;
    d.address_v = mode;
    Sampler::new(&d)
}

fn bits(v: [f32x8; 4]) -> Vec<u32> {
    v.iter()
        .flat_map(|r| r.to_array().map(f32::to_bits))
        .collect()
}

fn same_everywhere(c: &Case, rng: &mut Rng) {
    let (a, b) = (c.untiled(), c.tiled());
    for round in 0..200 {
        let s = sampler(
            round % 2 == 0,
            [AddressMode::Wrap, AddressMode::Border][round % 4 / 2],
        );
        let u = f32x8::new(core::array::from_fn(|_| rng.range(-0.2, 1.2)));
        let v = f32x8::new(core::array::from_fn(|_| rng.range(-0.2, 1.2)));
        let coords = [u, v, f32x8::ZERO, f32x8::ZERO];
        let lod = f32x8::new(core::array::from_fn(|_| rng.range(-0.5, 1.5)));
        assert_eq!(
            bits(sample(Some(&a), &s, coords, [0; 3])),
            bits(sample(Some(&b), &s, coords, [0; 3])),
            "sample, round {round}"
        );
        assert_eq!(
            bits(sample_level(Some(&a), &s, coords, lod, [0; 3])),
            bits(sample_level(Some(&b), &s, coords, lod, [0; 3])),
            "sample_level, round {round}"
        );
        assert_eq!(
            bits(gather(Some(&a), &s, coords, 1, [0; 3])),
            bits(gather(Some(&b), &s, coords, 1, [0; 3])),
            "gather, round {round}"
        );
        let xi = i32x8::new(core::array::from_fn(|_| rng.int_range(-2, 258)));
        let yi = i32x8::new(core::array::from_fn(|_| rng.int_range(-2, 258)));
        let mi = i32x8::new(core::array::from_fn(|_| rng.int_range(0, 2)));
        let lc = [xi, yi, i32x8::ZERO, mi];
        assert_eq!(
            bits(load_float(Some(&a), lc, [0; 3])),
            bits(load_float(Some(&b), lc, [0; 3])),
            "load, round {round}"
        );
    }
}

#[test]
fn tiled_rgba8_reads_the_same_bits_as_untiled() {
    let mut rng = Rng::new(16);
    let c = case(Format::R8G8B8A8Unorm, &[1, 4], 0, &mut rng);
    same_everywhere(&c, &mut rng);
}

#[test]
fn tiled_rgba32f_reads_the_same_bits_as_untiled() {
    let mut rng = Rng::new(17);
    let c = case(Format::R32G32B32A32Float, &[0, 5, 16], 0, &mut rng);
    same_everywhere(&c, &mut rng);
}

#[test]
fn a_null_tile_reads_the_stored_null_value() {
    let mut rng = Rng::new(18);
    // Tile 1 = mip 0 texels x 128..256, y 0..128 reads entry 0 (0x40 bytes).
    let c = case(Format::R8G8B8A8Unorm, &[1], 0x40, &mut rng);
    let v = c.tiled();
    let lc = [i32x8::splat(200), i32x8::splat(3), i32x8::ZERO, i32x8::ZERO];
    let out = load_float(Some(&v), lc, [0; 3]);
    assert_eq!(out[0].to_array()[0], 64.0 / 255.0);
    assert_eq!(out[3].to_array()[7], 64.0 / 255.0);
}
