//! The DXGI format table: one row per format (variant, DXGI value, name, layout).

use crate::info::NumericKind::*;
use crate::info::comps::*;
use crate::info::{FormatInfo, block, plain, uniform};

macro_rules! format_table {
    ($( $v:ident = $n:literal, $name:literal, $info:expr; )*) => {
        /// A DXGI format; discriminants are the real `DXGI_FORMAT` numeric values.
        ///
        /// Variants are the DXGI names in Rust case: `DXGI_FORMAT_R8G8B8A8_UNORM` is
        /// [`Format::R8G8B8A8Unorm`], `DXGI_FORMAT_BC7_UNORM_SRGB` is [`Format::Bc7UnormSrgb`].
        /// Searching the docs for a DXGI name finds its variant (each has a doc alias);
        /// [`Format::from_dxgi_name`] (also `str::parse`) takes the DXGI spelling, with or
        /// without the `DXGI_FORMAT_` prefix, and [`Format::name`] gives it back.
        #[repr(u32)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Format {
            $(
                #[doc = concat!("`DXGI_FORMAT_", $name, "` (= ", stringify!($n), ").")]
                #[doc(alias = $name)]
                $v = $n,
            )*
        }

        /// Every variant including `Unknown`, in DXGI value order.
        const ALL_WITH_UNKNOWN: &[Format] = &[$(Format::$v,)*];

        impl Format {
            /// DXGI name without the `DXGI_FORMAT_` prefix, e.g. `"R8G8B8A8_UNORM"`.
            pub const fn name(self) -> &'static str {
                match self { $(Format::$v => $name,)* }
            }

            /// Static layout data of this format (element size, block shape, kind, bit fields).
            pub fn info(self) -> &'static FormatInfo {
                match self { $(Format::$v => { static I: FormatInfo = $info; &I })* }
            }

            /// Maps a `DXGI_FORMAT` numeric value to a format (`0` gives `Unknown`).
            pub const fn from_dxgi(v: u32) -> Result<Format, crate::FormatError> {
                match v {
                    $($n => Ok(Format::$v),)*
                    _ => Err(crate::FormatError::UnknownDxgiValue(v)),
                }
            }
        }
    };
}

use Format as F;

format_table! {
    Unknown = 0, "UNKNOWN", plain(Typeless, F::Unknown, 0, NONE, [0; 4], [0; 4]);
    R32G32B32A32Typeless = 1, "R32G32B32A32_TYPELESS", uniform(Typeless, F::R32G32B32A32Typeless, 4, 32, RGBA);
    R32G32B32A32Float = 2, "R32G32B32A32_FLOAT", uniform(Float, F::R32G32B32A32Typeless, 4, 32, RGBA);
    R32G32B32A32Uint = 3, "R32G32B32A32_UINT", uniform(Uint, F::R32G32B32A32Typeless, 4, 32, RGBA);
    R32G32B32A32Sint = 4, "R32G32B32A32_SINT", uniform(Sint, F::R32G32B32A32Typeless, 4, 32, RGBA);
    R32G32B32Typeless = 5, "R32G32B32_TYPELESS", uniform(Typeless, F::R32G32B32Typeless, 3, 32, RGB);
    R32G32B32Float = 6, "R32G32B32_FLOAT", uniform(Float, F::R32G32B32Typeless, 3, 32, RGB);
    R32G32B32Uint = 7, "R32G32B32_UINT", uniform(Uint, F::R32G32B32Typeless, 3, 32, RGB);
    R32G32B32Sint = 8, "R32G32B32_SINT", uniform(Sint, F::R32G32B32Typeless, 3, 32, RGB);
    R16G16B16A16Typeless = 9, "R16G16B16A16_TYPELESS", uniform(Typeless, F::R16G16B16A16Typeless, 4, 16, RGBA);
    R16G16B16A16Float = 10, "R16G16B16A16_FLOAT", uniform(Float, F::R16G16B16A16Typeless, 4, 16, RGBA);
    R16G16B16A16Unorm = 11, "R16G16B16A16_UNORM", uniform(Unorm, F::R16G16B16A16Typeless, 4, 16, RGBA);
    R16G16B16A16Uint = 12, "R16G16B16A16_UINT", uniform(Uint, F::R16G16B16A16Typeless, 4, 16, RGBA);
    R16G16B16A16Snorm = 13, "R16G16B16A16_SNORM", uniform(Snorm, F::R16G16B16A16Typeless, 4, 16, RGBA);
    R16G16B16A16Sint = 14, "R16G16B16A16_SINT", uniform(Sint, F::R16G16B16A16Typeless, 4, 16, RGBA);
    R32G32Typeless = 15, "R32G32_TYPELESS", uniform(Typeless, F::R32G32Typeless, 2, 32, RG);
    R32G32Float = 16, "R32G32_FLOAT", uniform(Float, F::R32G32Typeless, 2, 32, RG);
    R32G32Uint = 17, "R32G32_UINT", uniform(Uint, F::R32G32Typeless, 2, 32, RG);
    R32G32Sint = 18, "R32G32_SINT", uniform(Sint, F::R32G32Typeless, 2, 32, RG);
    R32G8X24Typeless = 19, "R32G8X24_TYPELESS", plain(Typeless, F::R32G8X24Typeless, 64, RGX, [32, 8, 0, 0], [0, 32, 0, 0]);
    D32FloatS8X24Uint = 20, "D32_FLOAT_S8X24_UINT", plain(Depth, F::R32G8X24Typeless, 64, DSX, [32, 8, 0, 0], [0, 32, 0, 0]);
    R32FloatX8X24Typeless = 21, "R32_FLOAT_X8X24_TYPELESS", plain(Float, F::R32G8X24Typeless, 64, RXX, [32, 0, 0, 0], [0; 4]);
    X32TypelessG8X24Uint = 22, "X32_TYPELESS_G8X24_UINT", plain(Uint, F::R32G8X24Typeless, 64, XGX, [0, 8, 0, 0], [0, 32, 0, 0]);
    R10G10B10A2Typeless = 23, "R10G10B10A2_TYPELESS", plain(Typeless, F::R10G10B10A2Typeless, 32, RGBA, [10, 10, 10, 2], [0, 10, 20, 30]);
    R10G10B10A2Unorm = 24, "R10G10B10A2_UNORM", plain(Unorm, F::R10G10B10A2Typeless, 32, RGBA, [10, 10, 10, 2], [0, 10, 20, 30]);
    R10G10B10A2Uint = 25, "R10G10B10A2_UINT", plain(Uint, F::R10G10B10A2Typeless, 32, RGBA, [10, 10, 10, 2], [0, 10, 20, 30]);
    R11G11B10Float = 26, "R11G11B10_FLOAT", plain(Float, F::R11G11B10Float, 32, RGB, [11, 11, 10, 0], [0, 11, 22, 0]);
    R8G8B8A8Typeless = 27, "R8G8B8A8_TYPELESS", uniform(Typeless, F::R8G8B8A8Typeless, 4, 8, RGBA);
    R8G8B8A8Unorm = 28, "R8G8B8A8_UNORM", uniform(Unorm, F::R8G8B8A8Typeless, 4, 8, RGBA);
    R8G8B8A8UnormSrgb = 29, "R8G8B8A8_UNORM_SRGB", uniform(UnormSrgb, F::R8G8B8A8Typeless, 4, 8, RGBA);
    R8G8B8A8Uint = 30, "R8G8B8A8_UINT", uniform(Uint, F::R8G8B8A8Typeless, 4, 8, RGBA);
    R8G8B8A8Snorm = 31, "R8G8B8A8_SNORM", uniform(Snorm, F::R8G8B8A8Typeless, 4, 8, RGBA);
    R8G8B8A8Sint = 32, "R8G8B8A8_SINT", uniform(Sint, F::R8G8B8A8Typeless, 4, 8, RGBA);
    R16G16Typeless = 33, "R16G16_TYPELESS", uniform(Typeless, F::R16G16Typeless, 2, 16, RG);
    R16G16Float = 34, "R16G16_FLOAT", uniform(Float, F::R16G16Typeless, 2, 16, RG);
    R16G16Unorm = 35, "R16G16_UNORM", uniform(Unorm, F::R16G16Typeless, 2, 16, RG);
    R16G16Uint = 36, "R16G16_UINT", uniform(Uint, F::R16G16Typeless, 2, 16, RG);
    R16G16Snorm = 37, "R16G16_SNORM", uniform(Snorm, F::R16G16Typeless, 2, 16, RG);
    R16G16Sint = 38, "R16G16_SINT", uniform(Sint, F::R16G16Typeless, 2, 16, RG);
    R32Typeless = 39, "R32_TYPELESS", uniform(Typeless, F::R32Typeless, 1, 32, R1);
    D32Float = 40, "D32_FLOAT", plain(Depth, F::R32Typeless, 32, D, [32, 0, 0, 0], [0; 4]);
    R32Float = 41, "R32_FLOAT", uniform(Float, F::R32Typeless, 1, 32, R1);
    R32Uint = 42, "R32_UINT", uniform(Uint, F::R32Typeless, 1, 32, R1);
    R32Sint = 43, "R32_SINT", uniform(Sint, F::R32Typeless, 1, 32, R1);
    R24G8Typeless = 44, "R24G8_TYPELESS", plain(Typeless, F::R24G8Typeless, 32, RG, [24, 8, 0, 0], [0, 24, 0, 0]);
    D24UnormS8Uint = 45, "D24_UNORM_S8_UINT", plain(Depth, F::R24G8Typeless, 32, DS, [24, 8, 0, 0], [0, 24, 0, 0]);
    R24UnormX8Typeless = 46, "R24_UNORM_X8_TYPELESS", plain(Unorm, F::R24G8Typeless, 32, RX, [24, 0, 0, 0], [0; 4]);
    X24TypelessG8Uint = 47, "X24_TYPELESS_G8_UINT", plain(Uint, F::R24G8Typeless, 32, XG, [0, 8, 0, 0], [0, 24, 0, 0]);
    R8G8Typeless = 48, "R8G8_TYPELESS", uniform(Typeless, F::R8G8Typeless, 2, 8, RG);
    R8G8Unorm = 49, "R8G8_UNORM", uniform(Unorm, F::R8G8Typeless, 2, 8, RG);
    R8G8Uint = 50, "R8G8_UINT", uniform(Uint, F::R8G8Typeless, 2, 8, RG);
    R8G8Snorm = 51, "R8G8_SNORM", uniform(Snorm, F::R8G8Typeless, 2, 8, RG);
    R8G8Sint = 52, "R8G8_SINT", uniform(Sint, F::R8G8Typeless, 2, 8, RG);
    R16Typeless = 53, "R16_TYPELESS", uniform(Typeless, F::R16Typeless, 1, 16, R1);
    R16Float = 54, "R16_FLOAT", uniform(Float, F::R16Typeless, 1, 16, R1);
    D16Unorm = 55, "D16_UNORM", plain(Depth, F::R16Typeless, 16, D, [16, 0, 0, 0], [0; 4]);
    R16Unorm = 56, "R16_UNORM", uniform(Unorm, F::R16Typeless, 1, 16, R1);
    R16Uint = 57, "R16_UINT", uniform(Uint, F::R16Typeless, 1, 16, R1);
    R16Snorm = 58, "R16_SNORM", uniform(Snorm, F::R16Typeless, 1, 16, R1);
    R16Sint = 59, "R16_SINT", uniform(Sint, F::R16Typeless, 1, 16, R1);
    R8Typeless = 60, "R8_TYPELESS", uniform(Typeless, F::R8Typeless, 1, 8, R1);
    R8Unorm = 61, "R8_UNORM", uniform(Unorm, F::R8Typeless, 1, 8, R1);
    R8Uint = 62, "R8_UINT", uniform(Uint, F::R8Typeless, 1, 8, R1);
    R8Snorm = 63, "R8_SNORM", uniform(Snorm, F::R8Typeless, 1, 8, R1);
    R8Sint = 64, "R8_SINT", uniform(Sint, F::R8Typeless, 1, 8, R1);
    A8Unorm = 65, "A8_UNORM", plain(Unorm, F::A8Unorm, 8, A1, [0, 0, 0, 8], [0; 4]);
    R9G9B9E5SharedExp = 67, "R9G9B9E5_SHAREDEXP", plain(SharedExp, F::R9G9B9E5SharedExp, 32, RGBE, [9, 9, 9, 0], [0, 9, 18, 0]);
    Bc1Typeless = 70, "BC1_TYPELESS", block(Typeless, F::Bc1Typeless, 8, RGBA);
    Bc1Unorm = 71, "BC1_UNORM", block(Unorm, F::Bc1Typeless, 8, RGBA);
    Bc1UnormSrgb = 72, "BC1_UNORM_SRGB", block(UnormSrgb, F::Bc1Typeless, 8, RGBA);
    Bc2Typeless = 73, "BC2_TYPELESS", block(Typeless, F::Bc2Typeless, 16, RGBA);
    Bc2Unorm = 74, "BC2_UNORM", block(Unorm, F::Bc2Typeless, 16, RGBA);
    Bc2UnormSrgb = 75, "BC2_UNORM_SRGB", block(UnormSrgb, F::Bc2Typeless, 16, RGBA);
    Bc3Typeless = 76, "BC3_TYPELESS", block(Typeless, F::Bc3Typeless, 16, RGBA);
    Bc3Unorm = 77, "BC3_UNORM", block(Unorm, F::Bc3Typeless, 16, RGBA);
    Bc3UnormSrgb = 78, "BC3_UNORM_SRGB", block(UnormSrgb, F::Bc3Typeless, 16, RGBA);
    Bc4Typeless = 79, "BC4_TYPELESS", block(Typeless, F::Bc4Typeless, 8, R1);
    Bc4Unorm = 80, "BC4_UNORM", block(Unorm, F::Bc4Typeless, 8, R1);
    Bc4Snorm = 81, "BC4_SNORM", block(Snorm, F::Bc4Typeless, 8, R1);
    Bc5Typeless = 82, "BC5_TYPELESS", block(Typeless, F::Bc5Typeless, 16, RG);
    Bc5Unorm = 83, "BC5_UNORM", block(Unorm, F::Bc5Typeless, 16, RG);
    Bc5Snorm = 84, "BC5_SNORM", block(Snorm, F::Bc5Typeless, 16, RG);
    B5G6R5Unorm = 85, "B5G6R5_UNORM", plain(Unorm, F::B5G6R5Unorm, 16, BGR, [5, 6, 5, 0], [11, 5, 0, 0]);
    B5G5R5A1Unorm = 86, "B5G5R5A1_UNORM", plain(Unorm, F::B5G5R5A1Unorm, 16, BGRA, [5, 5, 5, 1], [10, 5, 0, 15]);
    B8G8R8A8Unorm = 87, "B8G8R8A8_UNORM", plain(Unorm, F::B8G8R8A8Typeless, 32, BGRA, [8, 8, 8, 8], [16, 8, 0, 24]);
    B8G8R8X8Unorm = 88, "B8G8R8X8_UNORM", plain(Unorm, F::B8G8R8X8Typeless, 32, BGRX, [8, 8, 8, 0], [16, 8, 0, 0]);
    B8G8R8A8Typeless = 90, "B8G8R8A8_TYPELESS", plain(Typeless, F::B8G8R8A8Typeless, 32, BGRA, [8, 8, 8, 8], [16, 8, 0, 24]);
    B8G8R8A8UnormSrgb = 91, "B8G8R8A8_UNORM_SRGB", plain(UnormSrgb, F::B8G8R8A8Typeless, 32, BGRA, [8, 8, 8, 8], [16, 8, 0, 24]);
    B8G8R8X8Typeless = 92, "B8G8R8X8_TYPELESS", plain(Typeless, F::B8G8R8X8Typeless, 32, BGRX, [8, 8, 8, 0], [16, 8, 0, 0]);
    B8G8R8X8UnormSrgb = 93, "B8G8R8X8_UNORM_SRGB", plain(UnormSrgb, F::B8G8R8X8Typeless, 32, BGRX, [8, 8, 8, 0], [16, 8, 0, 0]);
    Bc6hTypeless = 94, "BC6H_TYPELESS", block(Typeless, F::Bc6hTypeless, 16, RGB);
    Bc6hUf16 = 95, "BC6H_UF16", block(Float, F::Bc6hTypeless, 16, RGB);
    Bc6hSf16 = 96, "BC6H_SF16", block(Float, F::Bc6hTypeless, 16, RGB);
    Bc7Typeless = 97, "BC7_TYPELESS", block(Typeless, F::Bc7Typeless, 16, RGBA);
    Bc7Unorm = 98, "BC7_UNORM", block(Unorm, F::Bc7Typeless, 16, RGBA);
    Bc7UnormSrgb = 99, "BC7_UNORM_SRGB", block(UnormSrgb, F::Bc7Typeless, 16, RGBA);
    B4G4R4A4Unorm = 115, "B4G4R4A4_UNORM", plain(Unorm, F::B4G4R4A4Unorm, 16, BGRA, [4, 4, 4, 4], [8, 4, 0, 12]);
}

/// Every variant except `Unknown` (the slice behind `Format::ALL`).
pub(crate) const ALL: &[Format] = {
    // ALL_WITH_UNKNOWN starts with Unknown (value 0); drop it.
    match ALL_WITH_UNKNOWN.split_first() {
        Some((_, rest)) => rest,
        None => &[],
    }
};
