//! Residency feedback (`*_status`, SPEC §6.8 / TR-09..TR-13): a lane is "not fully mapped"
//! exactly when a texel of non-zero weight came from a NULL tile; zero-weight texels never
//! count; untiled views always report fully mapped.

use tessera_format::memory::{TileShape, TileTexels, TiledPlacement, TiledSubresource};
use tessera_format::{Format, Layout, Surface};
use tessera_sampler::{
    AccessStatus, SampleLod, Sampler, TextureView, check_access_fully_mapped, gather_status,
    load_status, sample_level, sample_status,
};
use tessera_types::desc::{FilterKind, SamplerDesc, ViewDimension};
use wide::{f32x8, i32x8};

const TILE: usize = 65536;

/// A 256×128 two-mip texture of `format` (R32_FLOAT or R8_UNORM: 128×128 / 256×256 tiles).
/// R32_FLOAT: mip 0 = tiles 0 (x 0..128) and 1 (x 128..256), mip 1 (128×64) = tile 2. Every
/// mapped texel reads `one` (the bytes of 1.0); tiles in `null` read store entry 0 (zeros),
/// the NULL entry.
struct Tiles {
    format: Format,
    subs: Vec<TiledSubresource>,
    index: Vec<u32>,
    store: Vec<u8>,
}

fn tiles(format: Format, null: &[u32]) -> Tiles {
    let eb = format.info().bytes_per_block;
    let shape = if eb == 4 {
        TileShape {
            width: 128,
            height: 128,
            depth: 1,
        }
    } else {
        TileShape {
            width: 256,
            height: 256,
            depth: 1,
        }
    };
    let mut subs = Vec::new();
    let mut first = 0;
    for (w, h) in [(256u32, 128u32), (128, 64)] {
        let wide = w.div_ceil(shape.width);
        let high = h.div_ceil(shape.height);
        subs.push(TiledSubresource {
            placement: TiledPlacement::Standard {
                first_tile: first,
                tiles_wide: wide,
                tiles_high: high,
                shape_elements: shape,
            },
            width: w,
            height: h,
            depth: 1,
            element_bytes: eb,
            samples: 1,
        });
        first += wide * high;
    }
    let one: Vec<u8> = if eb == 4 {
        1.0f32.to_le_bytes().repeat(TILE / 4)
    } else {
        vec![255; TILE]
    };
    // Entry 0 (the NULL tile), then entry 1, one after the other.
    let store = [vec![0u8; TILE], one].concat();
    let index = (0..first).map(|t| u32::from(!null.contains(&t))).collect();
    Tiles {
        format,
        subs,
        index,
        store,
    }
}

impl Tiles {
    fn layouts(&self) -> Vec<Layout> {
        [(256, 128), (128, 64)]
            .map(|(w, h)| Layout::tight(self.format, w, h, 1).unwrap())
            .to_vec()
    }

    fn view(&self) -> TextureView<'_> {
        let t = TileTexels::new(&self.subs, &self.index, &self.store).with_null_entry(0);
        TextureView::tiled(ViewDimension::Texture2D, &self.layouts(), 1, t).unwrap()
    }
}

fn linear_sampler() -> Sampler {
    let mut d = SamplerDesc::default();
    d.filter.min = FilterKind::Linear;
    d.filter.mag = FilterKind::Linear;
    d.filter.mip = FilterKind::Linear;
    Sampler::new(&d)
}

/// Lanes with `u` from `us` at v = 0.25 (row 31.5 of mip 0: inside one tile row), LOD `lod`.
fn at(us: [f32; 8], lod: f32, v: &TextureView<'_>) -> ([f32; 8], AccessStatus) {
    let c = [f32x8::new(us), f32x8::splat(0.25), f32x8::ZERO, f32x8::ZERO];
    let (out, st) = sample_status(
        Some(v),
        &linear_sampler(),
        c,
        SampleLod::Level(f32x8::splat(lod)),
        [0; 3],
        None,
    );
    (out[0].to_array(), st)
}

/// Texel 127 centre (last of tile 0, mapped), halfway 127/128, texel 128 centre (first of
/// tile 1, NULL).
const CENTRE_127: f32 = 127.5 / 256.0;
const HALFWAY: f32 = 0.5;
const CENTRE_128: f32 = 128.5 / 256.0;

#[test]
fn tr09_tr10_a_null_texel_counts_only_with_non_zero_weight() {
    let t = tiles(Format::R32Float, &[1]);
    let v = t.view();
    let us = [
        CENTRE_127, HALFWAY, CENTRE_128, 0.1, CENTRE_127, HALFWAY, 0.9, 0.25,
    ];
    let (val, st) = at(us, 0.0, &v);
    // Lane 0: the NULL neighbour has weight 0 → 1.0, mapped. Lane 1: weights ½ / ½ → 0.5,
    // not mapped. Lane 2: only the NULL texel → 0.0, not mapped. Lanes 3, 7 in tile 0, 6 in
    // tile 1.
    assert_eq!(val, [1.0, 0.5, 0.0, 1.0, 1.0, 0.5, 0.0, 1.0]);
    assert_eq!(st.unmapped_lanes(), 0b0110_0110);
    assert_eq!(
        check_access_fully_mapped(st),
        [true, false, false, true, true, false, false, true]
    );
}

#[test]
fn trilinear_with_a_null_second_mip_counts_only_when_it_is_blended() {
    // Mip 0 mapped (tiles 0, 1), mip 1 (tile 2) NULL.
    let t = tiles(Format::R32Float, &[2]);
    let v = t.view();
    let us = [0.25; 8];
    // LOD 0: the mip-1 weight is 0, so mip 1 is never read.
    assert_eq!(at(us, 0.0, &v), ([1.0; 8], AccessStatus::FULLY_MAPPED));
    // LOD 0.5: mip 1 weighs ½ and is NULL → 0.5, not mapped.
    let (val, st) = at(us, 0.5, &v);
    assert_eq!(val, [0.5; 8]);
    assert_eq!(st.unmapped_lanes(), 0xFF);
    // LOD 1: only mip 1 → 0, not mapped.
    assert_eq!(
        at(us, 1.0, &v),
        ([0.0; 8], AccessStatus::from_unmapped_lanes(0xFF))
    );
}

#[test]
fn the_status_value_is_the_plain_sample_value() {
    let t = tiles(Format::R32Float, &[1]);
    let v = t.view();
    let s = linear_sampler();
    let c = [
        f32x8::new([0.1, 0.3, 0.49, 0.5, 0.51, 0.7, 0.99, 0.02]),
        f32x8::new([0.1, 0.9, 0.5, 0.5, 0.3, 0.7, 0.2, 0.6]),
        f32x8::ZERO,
        f32x8::ZERO,
    ];
    let lod = f32x8::new([0.0, 0.2, 0.5, 0.7, 1.0, 0.3, 0.9, 0.1]);
    let plain = sample_level(Some(&v), &s, c, lod, [0; 3]);
    let (with, _) = sample_status(Some(&v), &s, c, SampleLod::Level(lod), [0; 3], None);
    let b = |r: [f32x8; 4]| r.map(|x| x.to_array().map(f32::to_bits));
    assert_eq!(b(plain), b(with));
}

#[test]
fn tr11_a_single_channel_null_texel_reports_whatever_components_are_read() {
    // R8_UNORM: 256×256 tiles; tile 0 = mip 0, tile 1 = mip 1, both NULL.
    let t = tiles(Format::R8Unorm, &[0]);
    let v = t.view();
    let c = [
        f32x8::splat(0.3),
        f32x8::splat(0.3),
        f32x8::ZERO,
        f32x8::ZERO,
    ];
    let (out, st) = sample_status(
        Some(&v),
        &linear_sampler(),
        c,
        SampleLod::Level(f32x8::ZERO),
        [0; 3],
        None,
    );
    // (0, 0, 0, 1): the missing G, B, A keep their defaults, yet the access is unmapped.
    let gba = [out[1], out[2], out[3]].map(|x| x.to_array()[0]);
    assert_eq!(gba, [0.0, 0.0, 1.0]);
    assert_eq!(check_access_fully_mapped(st), [false; 8]);
}

#[test]
fn tr12_an_untiled_view_is_always_fully_mapped() {
    let bytes = [0u8; 4 * 4 * 4];
    let l = Layout::tight(Format::R32Float, 4, 4, 1).unwrap();
    let s = Surface::from_layout(l, &bytes).unwrap();
    let v = TextureView::new(ViewDimension::Texture2D, vec![s], 1).unwrap();
    let c = [
        f32x8::splat(0.5),
        f32x8::splat(0.5),
        f32x8::ZERO,
        f32x8::ZERO,
    ];
    let (_, st) = sample_status(
        Some(&v),
        &linear_sampler(),
        c,
        SampleLod::Implicit,
        [0; 3],
        None,
    );
    assert_eq!(st, AccessStatus::FULLY_MAPPED);
    let (_, st) = gather_status(Some(&v), &linear_sampler(), c, 0, [0; 3], None);
    assert_eq!(st, AccessStatus::FULLY_MAPPED);
}

#[test]
fn gather_counts_all_four_texels_and_load_its_one_texel() {
    let t = tiles(Format::R32Float, &[1]);
    let v = t.view();
    let s = linear_sampler();
    // Lane 0: footprint texels 126/127 (tile 0). Lane 1: 127/128 (straddles). Others tile 0.
    let mut us = [0.25f32; 8];
    us[0] = 127.0 / 256.0;
    us[1] = HALFWAY;
    let c = [f32x8::new(us), f32x8::splat(0.25), f32x8::ZERO, f32x8::ZERO];
    let (g, st) = gather_status(Some(&v), &s, c, 0, [0; 3], None);
    assert_eq!(st.unmapped_lanes(), 0b10);
    // (BL, BR, TR, TL) of lane 1: x 127 (1.0) and 128 (NULL, 0.0).
    assert_eq!(g.map(|r| r.to_array()[1]), [1.0, 0.0, 0.0, 1.0]);
    let x = i32x8::new([127, 128, 0, 255, 300, 5, 129, 1]);
    let lc = [x, i32x8::splat(3), i32x8::ZERO, i32x8::ZERO];
    let (bits, st) = load_status(Some(&v), lc, [0; 3]);
    // Lanes 1, 3, 6 lie on tile 1 (NULL); lane 4 is out of range (reads nothing: mapped).
    assert_eq!(st.unmapped_lanes(), 0b0100_1010);
    assert_eq!(bits[0].to_array()[0], 1.0f32.to_bits());
    assert_eq!(bits[0].to_array()[1], 0);
}

#[test]
fn tr13_the_per_sample_clamp_through_the_status_call() {
    let t = tiles(Format::R32Float, &[2]);
    let v = t.view();
    let c = [
        f32x8::splat(0.25),
        f32x8::splat(0.25),
        f32x8::ZERO,
        f32x8::ZERO,
    ];
    // Implicit LOD (zero derivatives: magnified, mip 0) clamped to 1.0 reads mip 1 (NULL).
    let run = |clamp| {
        let (o, st) = sample_status(
            Some(&v),
            &linear_sampler(),
            c,
            SampleLod::Implicit,
            [0; 3],
            clamp,
        );
        (o[0].to_array()[0], st.unmapped_lanes())
    };
    assert_eq!(run(None), (1.0, 0));
    assert_eq!(run(Some(f32x8::splat(1.0))), (0.0, 0xFF));
    // A clamp past the last mip leaves no mip: 0 + defaults, nothing read (mapped).
    assert_eq!(run(Some(f32x8::splat(7.0))), (0.0, 0));
}
