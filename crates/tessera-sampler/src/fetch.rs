//! Texel fetchers: one concrete type per format family, chosen once per call (no per-texel format
//! dispatch inside the lane loop). Coordinates handed in are already addressed and in range.
//!
//! A fetcher is a [`Decode`] (the format family: element bytes → RGBA) read through one of two
//! sources, chosen once per view: the surface's own memory (every [`Decode`] is a [`Fetch`]) or
//! the tiles of a tiled view ([`Tiled`], through the memory owner's
//! [`TileTexels`](tessera_format::memory::TileTexels)).

use std::sync::OnceLock;
use tessera_format::Format;
use tessera_format::convert::{srgb8_to_linear_table, unorm_to_f32};
use tessera_format::memory::TileTexels;

use crate::view::Sub;

/// Reads one in-range texel of a view subresource as float RGBA (sRGB decoded to linear).
pub(crate) trait Fetch {
    fn fetch(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> [f32; 4];

    /// The UNORM8 codes (R, G, B, A) of an in-range texel, for the formats whose texels are four
    /// such codes (R8G8B8A8 / B8G8R8A8 UNORM, not sRGB); all 0 where the memory does not hold
    /// the texel (as [`Fetch::fetch`] then returns 0.0). `None` for every other format: the
    /// exact UNORM8 bilinear rule of [`crate::core`] applies only where this is `Some`.
    fn codes(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> Option<[u32; 4]>;

    /// Whether a texel fetched since the last take came from a NULL tile, clearing it: only
    /// the [`TiledStatus`] fetcher of the `*_status` calls records it (always `false` else).
    #[inline]
    fn take_unmapped(&mut self) -> bool {
        false
    }

    /// Records `unmapped` as [`Fetch::take_unmapped`] would report it (after a caller took
    /// the flags of fetches whose weight turned out to be 0); a no-op without status.
    #[inline]
    fn add_unmapped(&mut self, _unmapped: bool) {}
}

/// A format family's decoding of one element's bytes (`None`: the memory does not hold it).
pub(crate) trait Decode {
    /// Texels per element side (4 for BC blocks, else 1).
    const BLOCK: u32 = 1;

    /// The texel at (`x`, `y`) (texel coordinates; only `x % BLOCK`, `y % BLOCK` matter) of the
    /// element `e`.
    fn decode(&mut self, e: Option<&[u8]>, x: u32, y: u32) -> [f32; 4];

    /// [`Fetch::codes`] of the element `e`.
    #[inline]
    fn codes(&mut self, _e: Option<&[u8]>) -> Option<[u32; 4]> {
        None
    }
}

/// Untiled: the element bytes come from the surface's memory.
impl<D: Decode> Fetch for D {
    #[inline]
    fn fetch(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> [f32; 4] {
        let e = s.surface.element(x / D::BLOCK, y / D::BLOCK, z);
        self.decode(e, x, y)
    }

    #[inline]
    fn codes(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> Option<[u32; 4]> {
        Decode::codes(self, s.surface.element(x, y, z))
    }
}

/// A tiled view: the element bytes come from its tiles ([`TileTexels`], SPEC §6.5), the NULL
/// tiles reading what the device put in their place (SPEC §6.8).
pub(crate) struct Tiled<'t, D> {
    pub(crate) decode: D,
    pub(crate) tiles: TileTexels<'t>,
}

impl<D: Decode> Fetch for Tiled<'_, D> {
    #[inline]
    fn fetch(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> [f32; 4] {
        let e = self.tiles.element(s.index, x / D::BLOCK, y / D::BLOCK, z);
        self.decode.decode(e, x, y)
    }

    #[inline]
    fn codes(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> Option<[u32; 4]> {
        let e = self.tiles.element(s.index, x, y, z);
        self.decode.codes(e)
    }
}

/// A tiled view read by a `*_status` call (SPEC §6.8 `CheckAccessFullyMapped`): as [`Tiled`],
/// and every element read from a NULL tile sets `unmapped`. The core fetches only texels of
/// non-zero weight, so the flag is exactly "a texel of non-zero weight was NULL".
pub(crate) struct TiledStatus<'t, D> {
    pub(crate) decode: D,
    pub(crate) tiles: TileTexels<'t>,
    pub(crate) unmapped: bool,
}

impl<D: Decode> Fetch for TiledStatus<'_, D> {
    #[inline]
    fn fetch(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> [f32; 4] {
        let (e, null) = self
            .tiles
            .element_status(s.index, x / D::BLOCK, y / D::BLOCK, z);
        self.unmapped |= null;
        self.decode.decode(e, x, y)
    }

    #[inline]
    fn codes(&mut self, s: &Sub<'_>, x: u32, y: u32, z: u32) -> Option<[u32; 4]> {
        let (e, null) = self.tiles.element_status(s.index, x, y, z);
        let c = self.decode.codes(e);
        // A format without codes fetches the texel again through `fetch`: count it there.
        self.unmapped |= null && c.is_some();
        c
    }

    #[inline]
    fn take_unmapped(&mut self) -> bool {
        core::mem::take(&mut self.unmapped)
    }

    #[inline]
    fn add_unmapped(&mut self, unmapped: bool) {
        self.unmapped |= unmapped;
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

impl<const BGRA: bool> Decode for Rgba8<BGRA> {
    #[inline]
    fn decode(&mut self, e: Option<&[u8]>, _x: u32, _y: u32) -> [f32; 4] {
        let Some(b) = e.and_then(|b| b.get(..4)) else {
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
    fn codes(&mut self, e: Option<&[u8]>) -> Option<[u32; 4]> {
        if !self.unorm {
            return None;
        }
        let Some(b) = e.and_then(|b| b.get(..4)) else {
            return Some([0; 4]);
        };
        let (r, bl) = if BGRA { (b[2], b[0]) } else { (b[0], b[2]) };
        Some([r, b[1], bl, b[3]].map(u32::from))
    }
}

/// R32G32B32A32_FLOAT.
pub(crate) struct Rgba32F;

impl Decode for Rgba32F {
    #[inline]
    fn decode(&mut self, e: Option<&[u8]>, _x: u32, _y: u32) -> [f32; 4] {
        let Some(b) = e.and_then(|b| b.get(..16)) else {
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

impl Decode for Generic {
    #[inline]
    fn decode(&mut self, e: Option<&[u8]>, _x: u32, _y: u32) -> [f32; 4] {
        let Some(b) = e.and_then(|b| b.get(..self.bytes)) else {
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

impl Decode for Bc {
    const BLOCK: u32 = 4;

    #[inline]
    fn decode(&mut self, e: Option<&[u8]>, x: u32, y: u32) -> [f32; 4] {
        let Some(b) = e.and_then(|b| b.get(..self.bytes)) else {
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

/// Runs `$body` with `$f` bound to the fetcher for `$format` (one monomorphised copy per family),
/// reading through `$src` (`|d| fetcher`: wraps each family's [`Decode`] into the view's source).
macro_rules! with_decode {
    ($format:expr, $src:expr, |$f:ident| $body:expr) => {{
        use tessera_format::Format as Fm;
        let format: Fm = $format;
        match format {
            Fm::R8G8B8A8Unorm | Fm::R8G8B8A8UnormSrgb => {
                let $f = $src($crate::fetch::Rgba8::<false>::new(
                    format == Fm::R8G8B8A8UnormSrgb,
                ));
                $body
            }
            Fm::B8G8R8A8Unorm | Fm::B8G8R8A8UnormSrgb => {
                let $f = $src($crate::fetch::Rgba8::<true>::new(
                    format == Fm::B8G8R8A8UnormSrgb,
                ));
                $body
            }
            Fm::R32G32B32A32Float => {
                let $f = $src($crate::fetch::Rgba32F);
                $body
            }
            _ if format.is_compressed() => {
                let $f = $src($crate::fetch::Bc::new(format));
                $body
            }
            _ => {
                let $f = $src($crate::fetch::Generic {
                    format,
                    bytes: format.info().bytes_per_block as usize,
                });
                $body
            }
        }
    }};
}
pub(crate) use with_decode;

/// Runs `$body` with `$f` bound to the fetcher of view `$view`: its format's family, read from
/// its surfaces' memory or, for a tiled view, through its tiles (chosen once per call).
macro_rules! with_fetch {
    ($view:expr, |$f:ident| $body:expr) => {{
        let view: &$crate::view::TextureView<'_> = $view;
        match view.tiled {
            None => $crate::fetch::with_decode!(view.format, |d| d, |$f| $body),
            Some(tiles) => $crate::fetch::with_decode!(
                view.format,
                |decode| $crate::fetch::Tiled { decode, tiles },
                |$f| $body
            ),
        }
    }};
}
pub(crate) use with_fetch;
