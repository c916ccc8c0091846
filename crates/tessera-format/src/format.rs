//! Format queries: names, families (TYPELESS casting), sRGB pairs, kind predicates.

use crate::info::NumericKind;
use crate::{Format, FormatError};

/// sRGB/linear twins: (linear UNORM, UNORM_SRGB).
const SRGB_PAIRS: &[(Format, Format)] = &[
    (Format::R8G8B8A8Unorm, Format::R8G8B8A8UnormSrgb),
    (Format::B8G8R8A8Unorm, Format::B8G8R8A8UnormSrgb),
    (Format::B8G8R8X8Unorm, Format::B8G8R8X8UnormSrgb),
    (Format::Bc1Unorm, Format::Bc1UnormSrgb),
    (Format::Bc2Unorm, Format::Bc2UnormSrgb),
    (Format::Bc3Unorm, Format::Bc3UnormSrgb),
    (Format::Bc7Unorm, Format::Bc7UnormSrgb),
];

impl Format {
    /// Every supported format except `Unknown`, in DXGI value order.
    pub const ALL: &'static [Format] = crate::table::ALL;

    /// Parses a DXGI name, with or without the `DXGI_FORMAT_` prefix (exact upper case):
    /// `"DXGI_FORMAT_R8G8B8A8_UNORM"` and `"R8G8B8A8_UNORM"` both give
    /// [`Format::R8G8B8A8Unorm`]. The same as [`Format::from_name`] and `str::parse`.
    pub fn from_dxgi_name(s: &str) -> Result<Format, FormatError> {
        Self::from_name(s)
    }

    /// Parses a DXGI name, with or without the `DXGI_FORMAT_` prefix (exact upper case).
    pub fn from_name(s: &str) -> Result<Format, FormatError> {
        let bare = s.strip_prefix("DXGI_FORMAT_").unwrap_or(s);
        Format::ALL
            .iter()
            .copied()
            .chain(core::iter::once(Format::Unknown))
            .find(|f| f.name() == bare)
            .ok_or_else(|| FormatError::UnknownName {
                name: s.to_owned(),
                suggestion: Self::nearest_name(bare),
            })
    }

    /// The format whose name equals `s` ignoring ASCII case and underscores, if any.
    fn nearest_name(s: &str) -> Option<Format> {
        let fold = |t: &str| -> String {
            t.chars()
                .filter(|&c| c != '_')
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let wanted = fold(s.strip_prefix("dxgi_format_").unwrap_or(s));
        Format::ALL
            .iter()
            .copied()
            .find(|f| fold(f.name()) == wanted)
    }

    /// The DXGI numeric value (`DXGI_FORMAT`).
    #[inline]
    pub const fn dxgi(self) -> u32 {
        self as u32
    }

    /// The format's numeric kind (shortcut for `info().kind`).
    #[inline]
    pub fn kind(self) -> NumericKind {
        self.info().kind
    }

    /// True for `_TYPELESS` formats (and `Unknown`); partially typed views like `R24_UNORM_X8_TYPELESS` are not.
    #[inline]
    pub fn is_typeless(self) -> bool {
        self.kind() == NumericKind::Typeless
    }

    /// True for `_UNORM_SRGB` formats (RGB stored through the sRGB curve).
    #[inline]
    pub fn is_srgb(self) -> bool {
        self.kind() == NumericKind::UnormSrgb
    }

    /// True for 4x4 block-compressed formats (BC1..BC7, including their TYPELESS).
    #[inline]
    pub fn is_compressed(self) -> bool {
        self.info().is_block_compressed()
    }

    /// True for the DSV formats D16_UNORM, D24_UNORM_S8_UINT, D32_FLOAT, D32_FLOAT_S8X24_UINT.
    #[inline]
    pub fn is_depth_stencil(self) -> bool {
        self.kind() == NumericKind::Depth
    }

    /// True for depth-stencil formats carrying a stencil plane (D24_UNORM_S8_UINT, D32_FLOAT_S8X24_UINT).
    #[inline]
    pub fn has_stencil(self) -> bool {
        matches!(self, Format::D24UnormS8Uint | Format::D32FloatS8X24Uint)
    }

    /// True for UINT/SINT formats: the shader sees integers, not floats.
    #[inline]
    pub fn is_integer(self) -> bool {
        matches!(self.kind(), NumericKind::Uint | NumericKind::Sint)
    }

    /// The family's TYPELESS format (itself if the format has no typeless family).
    #[inline]
    pub fn typeless(self) -> Format {
        self.info().family
    }

    /// D3D view-casting rule: true if both formats belong to the same TYPELESS family (or are equal).
    #[inline]
    pub fn is_castable_to(self, other: Format) -> bool {
        self == other || (self != Format::Unknown && self.typeless() == other.typeless())
    }

    /// The `_UNORM_SRGB` twin (itself if already sRGB); `None` for formats without an sRGB pair.
    pub fn srgb_variant(self) -> Option<Format> {
        SRGB_PAIRS
            .iter()
            .find(|(l, s)| *l == self || *s == self)
            .map(|&(_, s)| s)
    }

    /// The linear `_UNORM` twin (itself if already linear); `None` for formats without an sRGB pair.
    pub fn linear_variant(self) -> Option<Format> {
        SRGB_PAIRS
            .iter()
            .find(|(l, s)| *l == self || *s == self)
            .map(|&(l, _)| l)
    }

    /// True if `decode_float`/`encode_float` apply: UNORM, UNORM_SRGB, SNORM, FLOAT, SHAREDEXP non-BC formats.
    #[inline]
    pub fn is_float_readable(self) -> bool {
        !self.is_compressed()
            && matches!(
                self.kind(),
                NumericKind::Unorm
                    | NumericKind::UnormSrgb
                    | NumericKind::Snorm
                    | NumericKind::Float
                    | NumericKind::SharedExp
            )
    }

    /// True if the format's family holds a depth-stencil format (the DSV format or one of its views).
    #[inline]
    pub fn is_depth_family(self) -> bool {
        matches!(
            self.typeless(),
            Format::R32G8X24Typeless
                | Format::R32Typeless
                | Format::R24G8Typeless
                | Format::R16Typeless
        )
    }
}

impl core::fmt::Display for Format {
    /// Writes the DXGI name without prefix.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Format {
    type Err = FormatError;
    /// Same as [`Format::from_name`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::from_name(s)
    }
}

impl TryFrom<u32> for Format {
    type Error = FormatError;
    /// Same as [`Format::from_dxgi`].
    fn try_from(v: u32) -> Result<Self, Self::Error> {
        Format::from_dxgi(v)
    }
}
