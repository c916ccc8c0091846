//! Test helpers: owned texel storage, views, lane splats.

use tessera_format::{Format, Surface};
use tessera_sampler::{LodMode, Sampler, TextureView, sample_one};
use tessera_types::desc::{AddressMode, FilterKind, SamplerDesc, ViewDimension};
use wide::f32x8;

/// Owned surface bytes with their extents.
pub struct Img {
    pub format: Format,
    pub w: u32,
    pub h: u32,
    pub d: u32,
    pub data: Vec<u8>,
}

impl Img {
    pub fn surface(&self) -> Surface<'_> {
        let (rp, dp) = Surface::tight_pitches(self.format, self.w, self.h);
        Surface::new(self.format, self.w, self.h, self.d, rp, dp, &self.data).unwrap()
    }
}

/// A texture from per-texel float RGBA encoded with the format's own encoder.
pub fn img(format: Format, w: u32, h: u32, d: u32, f: impl Fn(u32, u32, u32) -> [f32; 4]) -> Img {
    let bpe = format.info().bytes_per_block as usize;
    let mut data = vec![0u8; bpe * (w * h * d) as usize];
    for z in 0..d {
        for y in 0..h {
            for x in 0..w {
                let o = bpe * (x + w * (y + h * z)) as usize;
                let v = f(x, y, z);
                if format.encode_float(v, &mut data[o..o + bpe]).is_err() {
                    format.encode_depth(v[0], &mut data[o..o + bpe]).unwrap();
                }
            }
        }
    }
    Img {
        format,
        w,
        h,
        d,
        data,
    }
}

/// R32_FLOAT row/plane from values.
pub fn r32(w: u32, h: u32, vals: &[f32]) -> Img {
    img(Format::R32Float, w, h, 1, |x, y, _| {
        [vals[(x + y * w) as usize], 0.0, 0.0, 1.0]
    })
}

/// A mip chain of R32_FLOAT where every texel of mip m is `m as f32`.
pub fn mip_chain(size: u32, mips: u32) -> Vec<Img> {
    (0..mips)
        .map(|m| {
            let s = (size >> m).max(1);
            img(Format::R32Float, s, s, 1, |_, _, _| {
                [m as f32, 0.0, 0.0, 1.0]
            })
        })
        .collect()
}

pub fn view<'a>(dim: ViewDimension, imgs: &'a [Img], array: u32) -> TextureView<'a> {
    TextureView::new(dim, imgs.iter().map(Img::surface).collect(), array).unwrap()
}

pub fn sampler(min: FilterKind, mag: FilterKind, mip: FilterKind, mode: AddressMode) -> Sampler {
    let mut d = SamplerDesc::default();
    d.filter.min = min;
    d.filter.mag = mag;
    d.filter.mip = mip;
    d.address_u = mode;
    d.address_v = mode;
    d.address_w = mode;
    Sampler::new(&d)
}

pub fn point(mode: AddressMode) -> Sampler {
    sampler(
        FilterKind::Point,
        FilterKind::Point,
        FilterKind::Point,
        mode,
    )
}

pub fn linear(mode: AddressMode) -> Sampler {
    sampler(
        FilterKind::Linear,
        FilterKind::Linear,
        FilterKind::Linear,
        mode,
    )
}

/// One lane at an explicit LOD.
pub fn at(v: &TextureView<'_>, s: &Sampler, c: [f32; 4], lod: f32) -> [f32; 4] {
    sample_one(Some(v), s, c, LodMode::Level(lod), [0; 3], None)
}

pub fn splat(c: [f32; 4]) -> [f32x8; 4] {
    c.map(f32x8::splat)
}

pub fn lane0(r: [f32x8; 4]) -> [f32; 4] {
    r.map(|v| v.to_array()[0])
}
