//! Shader resource views as the sampler sees them, and the sampler object.

use tessera_format::memory::{TileTexels, TileWords32};
use tessera_format::{Component, Format, Layout, NumericKind, Surface};
use tessera_types::desc::{AddressMode, FilterKind, FilterReduction, SamplerDesc, ViewDimension};

/// Why a [`TextureView`] could not be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SampleError {
    /// No surfaces were given, or `array_size` is 0.
    #[error("a texture view needs at least one mip of one slice")]
    Empty,
    /// `mips.len()` is not a multiple of `array_size`.
    #[error("{surfaces} surfaces cannot be split into {array_size} slices of equal mip count")]
    SliceCount {
        /// Surfaces given.
        surfaces: usize,
        /// Slices requested.
        array_size: u32,
    },
    /// Surfaces of one view disagree on format.
    #[error("surface format {found:?} differs from the view format {expected:?}")]
    FormatMismatch {
        /// Format of the first surface.
        expected: Format,
        /// The differing format.
        found: Format,
    },
    /// Buffers are not read through this crate; multisampled views are built with
    /// [`TextureView::multisampled`], the others with [`TextureView::new`].
    #[error("view dimension {0:?} is not a texture view of this kind")]
    UnsupportedDimension(ViewDimension),
    /// A multisampled view's slices must each hold the same number (≥ 2) of sample planes.
    #[error(
        "a multisampled view needs the same sample count (at least 2) in every slice, got {found}"
    )]
    SampleCount {
        /// The differing (or too small) sample count.
        found: u32,
    },
    /// A typeless (or `Unknown`) format cannot be read.
    #[error("format {0:?} is typeless")]
    Typeless(Format),
    /// Slice count does not fit the dimension (non-array with several slices, cube not 6·n).
    #[error("array size {array_size} is invalid for {dimension:?}")]
    ArraySize {
        /// The dimension.
        dimension: ViewDimension,
        /// The slice count.
        array_size: u32,
    },
    /// Cube faces must be square and 3D/1D surfaces must have the right extents.
    #[error("surface extents do not fit {0:?}")]
    Extent(ViewDimension),
}

/// A shader resource view of a texture: the view's mips (most detailed first) of each array slice.
///
/// `mips` passed to [`TextureView::new`] are ordered per slice: all mips of slice 0, then all mips
/// of slice 1, … (a cube's slices are its faces +X, −X, +Y, −Y, +Z, −Z; a cube array repeats them).
/// The resource min-LOD clamp (`SetResourceMinLOD`) is a view field, see
/// [`TextureView::with_resource_min_lod`].
#[derive(Clone, Debug)]
pub struct TextureView<'a> {
    pub(crate) dimension: ViewDimension,
    pub(crate) format: Format,
    pub(crate) surfaces: Vec<Surface<'a>>,
    pub(crate) mip_count: u32,
    pub(crate) array_size: u32,
    /// Resource min-LOD clamp in view mip space (resource value − most detailed mip).
    pub(crate) min_lod_clamp: f32,
    /// `min_lod_clamp` in 8.8 fixed point ([`crate::lod::to_fixed`]).
    pub(crate) min_lod_clamp_fx: i32,
    /// Every surface is one the fast path reads without per-call checks
    /// ([`crate::extent::simple`]; a tiled view: every subresource has a tile unit).
    pub(crate) simple: bool,
    /// A tiled view: texels are read through these tiles ([`TextureView::tiled`]); its
    /// surfaces only give the extents.
    pub(crate) tiled: Option<TileTexels<'a>>,
    /// A simple tiled view's 8-lane address unit of each subresource (in `surfaces`' order),
    /// which the fast path reads through; empty otherwise.
    pub(crate) tile_units: Vec<TileWords32<'a>>,
    /// Samples per pixel: 1, or the sample count of a multisampled view (Texture2DMS /
    /// Texture2DMSArray), whose surfaces are one per slice, each of `samples` sample planes
    /// (docs/memory.md). A multisampled view is read only by [`crate::load_sample`].
    pub(crate) samples: u32,
    /// The view's part of the SIMD fast path's conditions ([`view_layout`]: its
    /// texel layout, `None` when the path does not cover the view), derived when it is built.
    pub(crate) fast: Option<FastLayout>,
}

/// One subresource of a view as a fetch sees it: its surface (extent; memory when untiled) and
/// its index in the view (slice-major, mips of a slice consecutive: a tiled view's key).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sub<'a> {
    pub(crate) surface: Surface<'a>,
    pub(crate) index: u32,
}

impl<'a> TextureView<'a> {
    /// Builds a view. `array_size` is the number of slices (faces for cubes: 6·cubes; 1 for 3D).
    pub fn new(
        dimension: ViewDimension,
        mips: Vec<Surface<'a>>,
        array_size: u32,
    ) -> Result<Self, SampleError> {
        use ViewDimension as D;
        if matches!(dimension, D::Buffer | D::Texture2DMs | D::Texture2DMsArray) {
            return Err(SampleError::UnsupportedDimension(dimension));
        }
        if mips.is_empty() || array_size == 0 {
            return Err(SampleError::Empty);
        }
        if !mips.len().is_multiple_of(array_size as usize) {
            return Err(SampleError::SliceCount {
                surfaces: mips.len(),
                array_size,
            });
        }
        let format = mips[0].format();
        if format.is_typeless() {
            return Err(SampleError::Typeless(format));
        }
        if let Some(s) = mips.iter().find(|s| s.format() != format) {
            return Err(SampleError::FormatMismatch {
                expected: format,
                found: s.format(),
            });
        }
        let bad_array = match dimension {
            D::Texture1D | D::Texture2D | D::Texture3D => array_size != 1,
            D::TextureCube => array_size != 6,
            D::TextureCubeArray => !array_size.is_multiple_of(6),
            _ => false,
        };
        if bad_array {
            return Err(SampleError::ArraySize {
                dimension,
                array_size,
            });
        }
        let bad_extent = mips.iter().any(|s| match dimension {
            D::TextureCube | D::TextureCubeArray => s.width() != s.height() || s.depth() != 1,
            D::Texture1D | D::Texture1DArray => s.height() != 1 || s.depth() != 1,
            D::Texture2D | D::Texture2DArray => s.depth() != 1,
            _ => false,
        });
        if bad_extent {
            return Err(SampleError::Extent(dimension));
        }
        let mip_count = (mips.len() / array_size as usize) as u32;
        let simple = mips.iter().all(crate::extent::simple);
        let mut v = Self {
            dimension,
            format,
            surfaces: mips,
            mip_count,
            array_size,
            min_lod_clamp: 0.0,
            min_lod_clamp_fx: 0,
            simple,
            tiled: None,
            tile_units: Vec::new(),
            samples: 1,
            fast: None,
        };
        v.fast = view_layout(&v);
        Ok(v)
    }

    /// Builds a multisampled view (`Texture2DMs` with one slice, `Texture2DMsArray` with
    /// `slices.len()` slices): each surface is one slice's sample planes
    /// (`tessera_format::memory::sample_planes`: `depth` = sample count, at least 2, the same in
    /// every slice). It has one mip; D3D reads it only with `Load(coords, sampleIndex)`
    /// ([`crate::load_sample`]); every sampling call and [`crate::load`] read it as unbound.
    pub fn multisampled(
        dimension: ViewDimension,
        slices: Vec<Surface<'a>>,
    ) -> Result<Self, SampleError> {
        use ViewDimension as D;
        if !matches!(dimension, D::Texture2DMs | D::Texture2DMsArray) {
            return Err(SampleError::UnsupportedDimension(dimension));
        }
        let Some(first) = slices.first() else {
            return Err(SampleError::Empty);
        };
        let format = first.format();
        if format.is_typeless() {
            return Err(SampleError::Typeless(format));
        }
        if let Some(s) = slices.iter().find(|s| s.format() != format) {
            return Err(SampleError::FormatMismatch {
                expected: format,
                found: s.format(),
            });
        }
        let samples = first.depth();
        if let Some(s) = slices
            .iter()
            .find(|s| s.depth() != samples || s.depth() < 2)
        {
            return Err(SampleError::SampleCount { found: s.depth() });
        }
        let array_size = slices.len() as u32;
        if dimension == D::Texture2DMs && array_size != 1 {
            return Err(SampleError::ArraySize {
                dimension,
                array_size,
            });
        }
        if slices
            .iter()
            .any(|s| s.width() != first.width() || s.height() != first.height())
        {
            return Err(SampleError::Extent(dimension));
        }
        Ok(Self {
            dimension,
            format,
            surfaces: slices,
            mip_count: 1,
            array_size,
            min_lod_clamp: 0.0,
            min_lod_clamp_fx: 0,
            simple: false,
            tiled: None,
            tile_units: Vec::new(),
            samples,
            // Read by `load_sample` only.
            fast: None,
        })
    }

    /// Samples per pixel: 1 for a single-sample view, the sample count of a multisampled one
    /// (`GetDimensions`' `NumberOfSamples`, WGSL `textureNumSamples`).
    pub fn samples(&self) -> u32 {
        self.samples
    }

    /// True for a multisampled view ([`TextureView::multisampled`]).
    pub fn is_multisampled(&self) -> bool {
        self.samples > 1
    }

    /// Builds a view of a tiled texture (SPEC §6.5): `extents` are the layouts of its
    /// subresources (ordered as in [`TextureView::new`]) and every texel is read through
    /// `tiles`, whose subresources are in the same order. The per-lane core reads it with a
    /// tiled fetcher chosen once per call; the SIMD fast path covers it (as an untiled view of
    /// its format) when every subresource has power-of-two extents (≤ 2^17) and an 8-lane tile
    /// unit ([`TileTexels::words32`], checked here once: every tile of the view is visited).
    pub fn tiled(
        dimension: ViewDimension,
        extents: &[Layout],
        array_size: u32,
        tiles: TileTexels<'a>,
    ) -> Result<Self, SampleError> {
        let surfaces = extents.iter().map(|l| Surface::unbacked(*l)).collect();
        let mut v = Self::new(dimension, surfaces, array_size)?;
        // Power-of-two extents the SIMD fixed point covers, the same as the tiles' extents.
        let fits = |(i, s): (usize, &Surface<'_>)| {
            crate::extent::p2(s.width())
                && crate::extent::p2(s.height())
                && tiles.extent(i as u32) == Some([s.width(), s.height(), 1])
        };
        let units: Option<Vec<_>> = (tiles.len() == v.surfaces.len()
            && v.surfaces.iter().enumerate().all(fits))
        .then(|| {
            (0..v.surfaces.len() as u32)
                .map(|i| tiles.words32(i))
                .collect()
        })
        .flatten();
        v.simple = units.is_some();
        v.tile_units = units.unwrap_or_default();
        v.tiled = Some(tiles);
        v.fast = view_layout(&v);
        Ok(v)
    }

    /// Sets the resource min-LOD clamp (`SetResourceMinLOD`, given in *resource* mip space) for a
    /// view whose most detailed mip is resource mip `most_detailed_mip`.
    pub fn with_resource_min_lod(mut self, min_lod: f32, most_detailed_mip: u32) -> Self {
        let v = min_lod - most_detailed_mip as f32;
        self.min_lod_clamp = if v.is_nan() { 0.0 } else { v };
        self.min_lod_clamp_fx = crate::lod::to_fixed(self.min_lod_clamp);
        self
    }

    /// The resource min-LOD clamp in view mip space (0 = none).
    pub fn min_lod_clamp(&self) -> f32 {
        self.min_lod_clamp
    }

    /// View dimension.
    pub fn dimension(&self) -> ViewDimension {
        self.dimension
    }

    /// Texel format.
    pub fn format(&self) -> Format {
        self.format
    }

    /// Mips in the view.
    pub fn mip_count(&self) -> u32 {
        self.mip_count
    }

    /// Slices in the view (faces for cubes).
    pub fn array_size(&self) -> u32 {
        self.array_size
    }

    /// `GetDimensions` of view mip `mip`: `(width, height, depth or elements)`; the third value is
    /// the depth for 3D, the array size for arrays (cubes for cube arrays; slices for
    /// Texture2DMSArray), else 1. Height is 1 for 1D. A multisampled view has the one mip 0.
    /// A mip outside the view gives `(0, 0, 0)`.
    pub fn dimensions(&self, mip: u32) -> (u32, u32, u32) {
        if mip >= self.mip_count {
            return (0, 0, 0);
        }
        let s = &self.surfaces[mip as usize];
        let third = match self.dimension {
            ViewDimension::Texture3D => s.depth(),
            ViewDimension::Texture1DArray
            | ViewDimension::Texture2DArray
            | ViewDimension::Texture2DMsArray => self.array_size,
            ViewDimension::TextureCubeArray => self.array_size / 6,
            _ => 1,
        };
        (s.width(), s.height(), third)
    }

    /// The surface of view mip `mip` of slice `slice` (both in range).
    #[inline]
    pub(crate) fn surface(&self, mip: u32, slice: u32) -> &Surface<'a> {
        &self.surfaces[(slice * self.mip_count + mip) as usize]
    }

    /// View mip `mip` of slice `slice` (both in range) with its index, for fetchers.
    #[inline]
    pub(crate) fn sub(&self, mip: u32, slice: u32) -> Sub<'a> {
        let index = slice * self.mip_count + mip;
        Sub {
            surface: self.surfaces[index as usize],
            index,
        }
    }
}

/// Which of R, G, B, A a format stores (depth counts as R).
pub(crate) fn present(format: Format) -> [bool; 4] {
    let mut p = [false; 4];
    for c in format.info().components {
        match c {
            Component::R | Component::Depth => p[0] = true,
            Component::G => p[1] = true,
            Component::B => p[2] = true,
            Component::A => p[3] = true,
            _ => {}
        }
    }
    if format == Format::X24TypelessG8Uint || format == Format::X32TypelessG8X24Uint {
        p = [false, true, false, false];
    }
    p
}

/// The value of a missing texel (out-of-bounds load, empty mip range): 0 for stored components,
/// defaults 0, 0, 0, 1 for missing ones (§4.6, §4.7).
pub(crate) fn oob_value(format: Format) -> [f32; 4] {
    let p = present(format);
    [0.0, 0.0, 0.0, if p[3] { 0.0 } else { 1.0 }]
}

/// Border colour as the format sees it (§4.2 step 5): present components clamped to the format's
/// range and quantised to its precision, missing components at their defaults.
pub(crate) fn border_for(format: Format, border: [f32; 4]) -> [f32; 4] {
    if format.is_float_readable() {
        return format.quantize_float(border);
    }
    let p = present(format);
    let (lo, hi) = match format.kind() {
        NumericKind::Unorm | NumericKind::UnormSrgb | NumericKind::Depth => (0.0, 1.0),
        NumericKind::Snorm => (-1.0, 1.0),
        _ => (f32::NEG_INFINITY, f32::INFINITY),
    };
    let def = [0.0, 0.0, 0.0, 1.0];
    core::array::from_fn(|i| {
        if !p[i] {
            def[i]
        } else if border[i].is_nan() {
            0.0
        } else {
            border[i].clamp(lo, hi)
        }
    })
}

/// A validated sampler state (`ID3D11SamplerState`) with its values precomputed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampler {
    pub(crate) desc: SamplerDesc,
    pub(crate) aniso: bool,
    pub(crate) max_aniso: u32,
    pub(crate) bias: f32,
    pub(crate) min_lod: f32,
    pub(crate) max_lod: f32,
    /// `min_lod` and `max_lod` in 8.8 fixed point ([`crate::lod::to_fixed`]).
    pub(crate) lod_fx: [i32; 2],
    /// The sampler's part of the fast path's conditions ([`crate::fast`]), derived once here
    /// instead of on every call.
    pub(crate) fast: bool,
}

impl Sampler {
    /// Builds a sampler. Out-of-range values are sanitised, not rejected (the caps layer
    /// validates): MaxAnisotropy clamped to 1..=16, MipLODBias to [−16, 15.99], NaN MinLOD/MaxLOD
    /// to −FLT_MAX/FLT_MAX. An anisotropic filter forces min/mag/mip linear.
    pub fn new(desc: &SamplerDesc) -> Self {
        let mut d = *desc;
        if d.filter.anisotropic {
            d.filter.min = FilterKind::Linear;
            d.filter.mag = FilterKind::Linear;
            d.filter.mip = FilterKind::Linear;
        }
        let bias = if d.mip_lod_bias.is_nan() {
            0.0
        } else {
            d.mip_lod_bias.clamp(-16.0, 15.99)
        };
        let min_lod = if d.min_lod.is_nan() {
            f32::MIN
        } else {
            d.min_lod
        };
        let max_lod = if d.max_lod.is_nan() {
            f32::MAX
        } else {
            d.max_lod
        };
        Self {
            desc: d,
            aniso: d.filter.anisotropic,
            max_aniso: d.max_anisotropy.clamp(1, 16),
            bias,
            min_lod,
            max_lod,
            lod_fx: [crate::lod::to_fixed(min_lod), crate::lod::to_fixed(max_lod)],
            fast: fast_path_sampler(&d),
        }
    }

    /// The (sanitised) descriptor.
    pub fn desc(&self) -> &SamplerDesc {
        &self.desc
    }

    #[inline]
    pub(crate) fn modes(&self) -> [AddressMode; 3] {
        [
            self.desc.address_u,
            self.desc.address_v,
            self.desc.address_w,
        ]
    }
}

/// The sampler's part of the fast path's conditions (`crate::fast`), for a sanitised
/// descriptor `d`: not anisotropic, standard reduction, U and V wrap or clamp. The view's part
/// is checked per call by the fast path.
fn fast_path_sampler(d: &SamplerDesc) -> bool {
    let mode_ok = |m| matches!(m, AddressMode::Wrap | AddressMode::Clamp);
    !d.filter.anisotropic
        && d.filter.reduction == FilterReduction::Standard
        && mode_ok(d.address_u)
        && mode_ok(d.address_v)
}

impl Default for Sampler {
    /// The D3D default sampler (TX-17): MIN_MAG_MIP_LINEAR, CLAMP ×3, LOD range ±FLT_MAX, bias 0,
    /// MaxAnisotropy 1, comparison NEVER, border (1, 1, 1, 1).
    fn default() -> Self {
        Self::new(&SamplerDesc::default())
    }
}

/// The texel layout of a format the SIMD fast path (`crate::fast`) covers: 8-bit RGBA or
/// BGRA, sRGB or not.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FastLayout {
    /// B and R swapped in memory.
    pub(crate) bgra: bool,
    /// sRGB-encoded colour channels.
    pub(crate) srgb: bool,
}

fn fast_layout(f: Format) -> Option<FastLayout> {
    let (bgra, srgb) = match f {
        Format::R8G8B8A8Unorm => (false, false),
        Format::R8G8B8A8UnormSrgb => (false, true),
        Format::B8G8R8A8Unorm => (true, false),
        Format::B8G8R8A8UnormSrgb => (true, true),
        _ => return None,
    };
    Some(FastLayout { bgra, srgb })
}

/// The view's part of the fast path's conditions, derived once when it is built
/// (`TextureView::fast`): its texel layout when the path covers it (the sampler's part was
/// derived by [`Sampler::new`](crate::Sampler::new)).
pub(crate) fn view_layout(view: &TextureView<'_>) -> Option<FastLayout> {
    // A tiled view is read through its subresources' tile units, which a simple tiled view
    // has (`TextureView::tiled`); others run the per-lane core (`crate::fetch::Tiled`).
    let covered = (view.tiled.is_none() || view.simple)
        && matches!(
            view.dimension,
            ViewDimension::Texture2D | ViewDimension::Texture2DArray
        );
    covered.then(|| fast_layout(view.format)).flatten()
}
