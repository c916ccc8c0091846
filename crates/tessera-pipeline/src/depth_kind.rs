//! The depth-stencil formats the pipeline writes, and what their format means to setup (depth
//! bias) and to the output merger (quantization, stencil plane).

use tessera_format::Format;

use crate::error::PipelineError;

/// The depth-stencil formats the output merger writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DepthKind {
    /// `D16_UNORM`.
    D16,
    /// `D24_UNORM_S8_UINT`.
    D24S8,
    /// `D32_FLOAT`.
    D32,
    /// `D32_FLOAT_S8X24_UINT`.
    D32S8,
}

impl DepthKind {
    /// Classifies a DSV format.
    pub fn of(format: Format) -> Result<Self, PipelineError> {
        match format {
            Format::D16Unorm => Ok(Self::D16),
            Format::D24UnormS8Uint => Ok(Self::D24S8),
            Format::D32Float => Ok(Self::D32),
            Format::D32FloatS8X24Uint => Ok(Self::D32S8),
            format => Err(PipelineError::BadDepthFormat { format }),
        }
    }

    /// True when the format has a stencil plane.
    pub fn has_stencil(self) -> bool {
        matches!(self, Self::D24S8 | Self::D32S8)
    }

    /// Converts a clamped depth to the value compared and stored: the UNORM code as a float
    /// (`floor(z·(2^n−1) + 0.5)`, exact in f32 for n ≤ 24), or the float itself (SPEC §5.4).
    #[inline]
    pub fn quantize(self, z: f32) -> f32 {
        match self {
            Self::D16 => unorm_code(z, 65535.0),
            Self::D24S8 => unorm_code(z, 16_777_215.0),
            Self::D32 | Self::D32S8 => z,
        }
    }

    /// The smallest representable positive step `r` used by constant depth bias (SPEC §3.7),
    /// or `None` for float formats (whose bias depends on the primitive's exponent).
    pub fn unorm_step(self) -> Option<f32> {
        match self {
            Self::D16 => Some(1.0 / 65535.0),
            Self::D24S8 => Some(1.0 / 16_777_215.0),
            Self::D32 | Self::D32S8 => None,
        }
    }
}

#[inline]
fn unorm_code(z: f32, max: f64) -> f32 {
    let c = if z.is_nan() { 0.0 } else { z.clamp(0.0, 1.0) };
    (f64::from(c) * max + 0.5).floor() as f32
}
