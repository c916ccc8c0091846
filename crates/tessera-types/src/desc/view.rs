//! Views, viewports and scissor rectangles.

use tessera_format::Format;

/// `D3D11_VIEWPORT`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Viewport {
    /// Left edge in pixels.
    pub top_left_x: f32,
    /// Top edge in pixels.
    pub top_left_y: f32,
    /// Width in pixels.
    pub width: f32,
    /// Height in pixels.
    pub height: f32,
    /// Depth mapped from z = 0.
    pub min_depth: f32,
    /// Depth mapped from z = 1.
    pub max_depth: f32,
}

impl Viewport {
    /// The viewport covering a whole `width`×`height` target at the origin, depth range
    /// `[0, 1]` (what most draws want: `rs_set_viewports(&[Viewport::full(w, h)])`).
    pub fn full(width: u32, height: u32) -> Self {
        Self {
            top_left_x: 0.0,
            top_left_y: 0.0,
            width: width as f32,
            height: height as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }
    }
}

/// A scissor rectangle (`D3D11_RECT`): left/top inclusive, right/bottom exclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect {
    /// Left edge, inclusive.
    pub left: i32,
    /// Top edge, inclusive.
    pub top: i32,
    /// Right edge, exclusive.
    pub right: i32,
    /// Bottom edge, exclusive.
    pub bottom: i32,
}

/// Which mips and array slices a view selects (the common part of every `D3D11_*_VIEW_DESC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SubresourceRange {
    /// First (most detailed) mip in the view.
    pub most_detailed_mip: u32,
    /// Mip count; `u32::MAX` (D3D's −1) means "to the last mip".
    pub mip_levels: u32,
    /// First array slice (or first W slice for a 3D RTV).
    pub first_array_slice: u32,
    /// Slice count; `u32::MAX` means "to the last slice".
    pub array_size: u32,
}

impl SubresourceRange {
    /// Every mip and slice of the resource.
    pub const ALL: Self = Self {
        most_detailed_mip: 0,
        mip_levels: u32::MAX,
        first_array_slice: 0,
        array_size: u32::MAX,
    };

    /// One mip of every slice, as RTVs, DSVs and UAVs select.
    pub const fn mip(mip: u32) -> Self {
        Self {
            most_detailed_mip: mip,
            mip_levels: 1,
            first_array_slice: 0,
            array_size: u32::MAX,
        }
    }
}

/// How a view interprets its resource (`D3D11_SRV_DIMENSION` and friends, collapsed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ViewDimension {
    /// A range of buffer elements.
    Buffer,
    /// Texture1D.
    Texture1D,
    /// Texture1D array.
    Texture1DArray,
    /// Texture2D.
    Texture2D,
    /// Texture2D array.
    Texture2DArray,
    /// Multisampled Texture2D.
    Texture2DMs,
    /// Multisampled Texture2D array.
    Texture2DMsArray,
    /// Texture3D.
    Texture3D,
    /// Cube (6 faces).
    TextureCube,
    /// Cube array (6·n faces).
    TextureCubeArray,
}

/// A view descriptor for SRVs, RTVs, DSVs and UAVs (`D3D11_*_VIEW_DESC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ViewDesc {
    /// Format of the view; must be castable from the resource's (TYPELESS rule).
    pub format: Format,
    /// How the resource is seen.
    pub dimension: ViewDimension,
    /// Selected mips and slices (for buffers: `first_array_slice` = first element,
    /// `array_size` = element count).
    pub range: SubresourceRange,
}
