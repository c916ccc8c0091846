//! Sampler state descriptors (`D3D11_SAMPLER_DESC`).

use crate::desc::ComparisonFunc;

/// Texture filter (`D3D11_FILTER`), decomposed into its parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FilterKind {
    /// Nearest texel.
    #[default]
    Point,
    /// Bilinear / linear.
    Linear,
}

/// How filtered samples are reduced (`D3D11_FILTER_REDUCTION_TYPE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FilterReduction {
    /// Weighted average.
    #[default]
    Standard,
    /// Compare each texel against a reference, then average (shadow maps).
    Comparison,
    /// Component-wise minimum of the footprint (Tiled Resources Tier 2).
    Minimum,
    /// Component-wise maximum of the footprint (Tiled Resources Tier 2).
    Maximum,
}

/// `D3D11_FILTER` as its min/mag/mip parts, anisotropy and reduction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Filter {
    /// Minification filter.
    pub min: FilterKind,
    /// Magnification filter.
    pub mag: FilterKind,
    /// Filter between mips.
    pub mip: FilterKind,
    /// Anisotropic filtering (min/mag/mip are then all linear).
    pub anisotropic: bool,
    /// Reduction mode.
    pub reduction: FilterReduction,
}

/// Texture address mode (`D3D11_TEXTURE_ADDRESS_MODE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AddressMode {
    /// Tile the texture.
    Wrap,
    /// Tile with every other copy mirrored.
    Mirror,
    /// Clamp to the edge texel.
    #[default]
    Clamp,
    /// Use the border colour outside [0, 1].
    Border,
    /// Mirror once about 0, then clamp.
    MirrorOnce,
}

/// `D3D11_SAMPLER_DESC`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerDesc {
    /// Filtering.
    pub filter: Filter,
    /// U addressing.
    pub address_u: AddressMode,
    /// V addressing.
    pub address_v: AddressMode,
    /// W addressing.
    pub address_w: AddressMode,
    /// Bias added to the computed LOD.
    pub mip_lod_bias: f32,
    /// Anisotropy clamp, 1..=16.
    pub max_anisotropy: u32,
    /// Comparison for comparison filters.
    pub comparison_func: ComparisonFunc,
    /// Colour used by `AddressMode::Border`.
    pub border_color: [f32; 4],
    /// Lowest mip LOD (most detailed).
    pub min_lod: f32,
    /// Highest mip LOD.
    pub max_lod: f32,
}

impl Default for SamplerDesc {
    fn default() -> Self {
        Self {
            filter: Filter {
                min: FilterKind::Linear,
                mag: FilterKind::Linear,
                mip: FilterKind::Linear,
                anisotropic: false,
                reduction: FilterReduction::Standard,
            },
            address_u: AddressMode::Clamp,
            address_v: AddressMode::Clamp,
            address_w: AddressMode::Clamp,
            mip_lod_bias: 0.0,
            max_anisotropy: 1,
            comparison_func: ComparisonFunc::Never,
            border_color: [1.0; 4],
            min_lod: f32::MIN,
            max_lod: f32::MAX,
        }
    }
}
