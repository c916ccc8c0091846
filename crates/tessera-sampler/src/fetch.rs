//! Texel fetchers: one concrete type per format family, chosen once per call (no per-texel format
//! dispatch inside the lane loop). Coordinates handed in are already addressed and in range.

use std::sync::OnceLock;
use tessera_format::convert::{srgb8_to_linear_table, unorm_to_f32};
use tessera_format::{Format, Surface};

/// Reads one in-range texel of a surface as float RGBA (sRGB decoded to linear).
pub(crate) trait Fetch {
    fn fetch(&mut self, s: &Surface<'_>, x: u32, y: u32, z: u32) -> [f32; 4];

    /// The UNORM8 codes (R, G, B, A) of an in-range texel, for the formats whose texels are four
    /// such codes (R8G8B8A8 / B8G8R8A8 UNORM, not sRGB); all 0 where the surface's memory does
    /// not hold the texel (as [`Fetch::fetch`] then returns 0.0). `None` for every other format:
    /// the exact UNORM8 bilinear rule of [`crate::core`] applies only where this is `Some`.
    #[inline]
    fn codes(&mut self, _s: &Surface<'_>, _x: u32, _y: u32, _z: u32) -> Option<[u32; 4]> {
        None
    }
}

fn unorm8_table() -> &'static [f32; 256] {
    static T: OnceLock<[f32; 256]> = OnceLock::new();
    T.get_or_init(|| core::array::from_fn(|i| unorm_to_f32(i as u32, 8)))
}

/// R8G8B8A8 / B8G8R8A8 UNORM (and `_SRGB`): table lookups.
pub(crate) struct Rgba8<const BGRA: bool> {
    rgb: &'static [f32; 256],
    a: &'static [f32; 256],
    /// UNORM (not sRGB): texels are codes for [`Fetch::codes`].
    unorm: bool,
}

impl<const BGRA: bool> Rgba8<BGRA> {
    pub(crate) fn new(srgb: bool) -> Self {
        let a = unorm8_table();
        Self {
            rgb: if srgb { srgb8_to_linear_table() } else { a },
            a,
            unorm: !srgb,
        }
    }
}

impl<const BGRA: bool> Fetch for Rgba8<BGRA> {
    #[inline]
    fn fetch(&mut self, s: &Surface<'_>, x: u32, y: u32, z: u32) -> [f32; 4] {
        let Some(b) = s.element(x, y, z).and_then(|b| b.get(..4)) else {
            return [0.0; 4];
        };
        let (r, bl) = if BGRA { (b[2], b[0]) } else { (b[0], b[2]) };
        [
            self.rgb[r as usize],
            self.rgb[b[1] as usize],
            self.rgb[bl as usize],
            self.a[b[3] as usize],
        ]
    }

    #[inline]
    fn codes(&mut self, s: &Surface<'_>, x: u32, y: u32, z: u32) -> Option<[u32; 4]> {
        if !self.unorm {
            return None;
        }
        let Some(b) = s.element(x, y, z).and_then(|b| b.get(..4)) else {
            return Some([0; 4]);
        };
        let (r, bl) = if BGRA { (b[2], b[0]) } else { (b[0], b[2]) };
        Some([r, b[1], bl, b[3]].map(u32::from))
    }
}

/// R32G32B32A32_FLOAT.
pub(crate) struct Rgba32F;

impl Fetch for Rgba32F {
    #[inline]
    fn fetch(&mut self, s: &Surface<'_>, x: u32, y: u32, z: u32) -> [f32; 4] {
        let Some(b) = s.element(x, y, z).and_then(|b| b.get(..16)) else {
            return [0.0; 4];
        };
        core::array::from_fn(|i| {
            f32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
        })
    }
}

/// Every other per-texel format through the format crate's codec (depth formats read depth as R).
pub(crate) struct Generic {
    pub(crate) format: Format,
    pub(crate) bytes: usize,
}

impl Fetch for Generic {
    #[inline]
    fn fetch(&mut self, s: &Surface<'_>, x: u32, y: u32, z: u32) -> [f32; 4] {
        let Some(b) = s.element(x, y, z).and_then(|b| b.get(..self.bytes)) else {
            return [0.0; 4];
        };
        match self.format.decode_float(b) {
            Ok(v) => v,
            Err(_) => match self.format.decode_depth(b) {
                Ok(d) => [d, 0.0, 0.0, 1.0],
                Err(_) => [0.0; 4],
            },
        }
    }
}

/// Block-compressed formats: the 4×4 block of each fetched texel is decoded, with a small
/// direct-mapped cache keyed by the block's address.
pub(crate) struct Bc {
    format: Format,
    bytes: usize,
    keys: [usize; 4],
    blocks: [[[f32; 4]; 16]; 4],
}

impl Bc {
    pub(crate) fn new(format: Format) -> Self {
        Self {
            format,
            bytes: format.info().bytes_per_block as usize,
            keys: [usize::MAX; 4],
            blocks: [[[0.0; 4]; 16]; 4],
        }
    }
}

impl Fetch for Bc {
    #[inline]
    fn fetch(&mut self, s: &Surface<'_>, x: u32, y: u32, z: u32) -> [f32; 4] {
        let Some(b) = s.element(x / 4, y / 4, z).and_then(|b| b.get(..self.bytes)) else {
            return [0.0; 4];
        };
        // The block's address is its cache key; the slot only spreads keys (any slot is exact).
        let key = b.as_ptr() as usize;
        let slot = (key / self.bytes) & 3;
        if self.keys[slot] != key {
            self.blocks[slot] = self.format.decode_block(b).unwrap_or([[0.0; 4]; 16]);
            self.keys[slot] = key;
        }
        self.blocks[slot][((y % 4) * 4 + x % 4) as usize]
    }
}

/// Runs `$body` with `$f` bound to the fetcher for `$format` (one monomorphised copy per family).
macro_rules! with_fetch {
    ($format:expr, |$f:ident| $body:expr) => {{
        use tessera_format::Format as Fm;
        let format: Fm = $format;
        match format {
            Fm::R8G8B8A8Unorm | Fm::R8G8B8A8UnormSrgb => {
                let $f = $crate::fetch::Rgba8::<false>::new(format == Fm::R8G8B8A8UnormSrgb);
                $body
            }
            Fm::B8G8R8A8Unorm | Fm::B8G8R8A8UnormSrgb => {
                let $f = $crate::fetch::Rgba8::<true>::new(format == Fm::B8G8R8A8UnormSrgb);
                $body
            }
            Fm::R32G32B32A32Float => {
                let $f = $crate::fetch::Rgba32F;
                $body
            }
            _ if format.is_compressed() => {
                let $f = $crate::fetch::Bc::new(format);
                $body
            }
            _ => {
                let $f = $crate::fetch::Generic {
                    format,
                    bytes: format.info().bytes_per_block as usize,
                };
                $body
            }
        }
    }};
}
pub(crate) use with_fetch;
