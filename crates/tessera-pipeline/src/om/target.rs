//! Render-target access for eight lanes: load, convert and store in the target's format.

use tessera_format::{Format, NumericKind};
use wide::{f32x8, f64x4};

use super::{LANE_X, LANE_Y, LaneMask, lanes};
use crate::error::PipelineError;
use crate::shader::Reg;

/// How a render target's texels are read and written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// `R8G8B8A8_UNORM` (`bgra = false`) or `B8G8R8A8_UNORM` (`bgra = true`): SIMD fast path.
    Unorm8 {
        /// Memory order is B, G, R, A.
        bgra: bool,
    },
    /// Any other float-readable format, through `tessera-format`'s codec.
    Float,
    /// `_UINT` / `_SINT` formats: values are the shader's bit patterns.
    Integer,
}

impl TargetKind {
    /// Classifies `format`, refusing formats a render target cannot have.
    pub fn of(format: Format) -> Result<Self, PipelineError> {
        match format {
            Format::R8G8B8A8Unorm => Ok(Self::Unorm8 { bgra: false }),
            Format::B8G8R8A8Unorm => Ok(Self::Unorm8 { bgra: true }),
            f if f.is_integer() => Ok(Self::Integer),
            f if f.is_float_readable()
                && !f.is_compressed()
                && f.kind() != NumericKind::SharedExp =>
            {
                Ok(Self::Float)
            }
            format => Err(PipelineError::BadRenderTargetFormat { format }),
        }
    }
}

/// The clamp range D3D applies to blend inputs and results for a format (SPEC §5.2).
pub fn blend_range(format: Format) -> Option<(f32, f32)> {
    match format.kind() {
        NumericKind::Unorm | NumericKind::UnormSrgb => Some((0.0, 1.0)),
        NumericKind::Snorm => Some((-1.0, 1.0)),
        _ => None,
    }
}

/// The rows of one render target that a band owns.
pub struct BandTarget<'a> {
    /// Bytes of rows `y0 ..`, `row_pitch` apart.
    pub data: &'a mut [u8],
    /// Bytes between rows.
    pub row_pitch: usize,
    /// First row of the band in target coordinates.
    pub y0: u32,
    /// Texel format.
    pub format: Format,
    /// Access path.
    pub kind: TargetKind,
    /// Bytes per texel.
    pub texel_size: usize,
}

impl BandTarget<'_> {
    #[inline]
    fn offset(&self, x: u32, y: u32) -> usize {
        (y - self.y0) as usize * self.row_pitch + x as usize * self.texel_size
    }

    /// Loads the lanes of `mask` of the 4×2 block at (`bx`, `by`) as float4 registers (integer
    /// formats as bit patterns); other lanes read 0.
    pub fn load(&self, bx: u32, by: u32, mask: LaneMask) -> Reg {
        let mut v = [[0.0f32; 8]; 4];
        for k in lanes(mask) {
            let at = self.offset(bx + LANE_X[k], by + LANE_Y[k]);
            let texel = &self.data[at..at + self.texel_size];
            let rgba = match self.kind {
                TargetKind::Unorm8 { bgra } => {
                    let (r, b) = if bgra {
                        (texel[2], texel[0])
                    } else {
                        (texel[0], texel[2])
                    };
                    [r, texel[1], b, texel[3]].map(|c| f32::from(c) / 255.0)
                }
                TargetKind::Float => self.format.decode_float(texel).unwrap_or_default(),
                TargetKind::Integer => self
                    .format
                    .decode_uint(texel)
                    .unwrap_or_default()
                    .map(f32::from_bits),
            };
            for c in 0..4 {
                v[c][k] = rgba[c];
            }
        }
        v.map(f32x8::from)
    }

    /// Stores the lanes of `mask`, writing only the channels of `write_mask` (R=1, G=2, B=4,
    /// A=8): channel bits outside the mask keep their stored value exactly.
    pub fn store(&mut self, bx: u32, by: u32, mask: LaneMask, value: &Reg, write_mask: u8) {
        let channels = value.map(f32x8::to_array);
        let unorm8 = match self.kind {
            TargetKind::Unorm8 { .. } => Some(encode_unorm8(value)),
            _ => None,
        };
        let info = self.format.info();
        let full = (0..4).all(|c| info.channel_bits[c] == 0 || write_mask & (1 << c) != 0);
        for k in lanes(mask) {
            let at = self.offset(bx + LANE_X[k], by + LANE_Y[k]);
            let size = self.texel_size;
            let mut encoded = [0u8; 16];
            let rgba = [
                channels[0][k],
                channels[1][k],
                channels[2][k],
                channels[3][k],
            ];
            match (self.kind, unorm8) {
                (TargetKind::Unorm8 { bgra }, Some(codes)) => {
                    let (r, b) = (codes[0][k], codes[2][k]);
                    let (r, b) = if bgra { (b, r) } else { (r, b) };
                    encoded[..4].copy_from_slice(&[r, codes[1][k], b, codes[3][k]]);
                }
                (TargetKind::Integer, _) => {
                    let _ = self
                        .format
                        .encode_uint(rgba.map(f32::to_bits), &mut encoded[..size]);
                }
                _ => {
                    let _ = self.format.encode_float(rgba, &mut encoded[..size]);
                }
            }
            let texel = &mut self.data[at..at + size];
            if full {
                texel.copy_from_slice(&encoded[..size]);
            } else {
                merge_channels(
                    texel,
                    &encoded[..size],
                    info.channel_bits,
                    info.channel_offsets,
                    write_mask,
                );
            }
        }
    }
}

/// float → UNORM8 for eight lanes of four channels, exactly `tessera_format::convert::f32_to_unorm`
/// (NaN → 0, clamp, `floor(c·255 + 0.5)` evaluated in f64).
pub fn encode_unorm8(value: &Reg) -> [[u8; 8]; 4] {
    value.map(|c| {
        let c = c
            .is_nan()
            .blend(f32x8::ZERO, c)
            .max(f32x8::ZERO)
            .min(f32x8::ONE);
        let a = c.to_array();
        let lo = f64x4::from([
            f64::from(a[0]),
            f64::from(a[1]),
            f64::from(a[2]),
            f64::from(a[3]),
        ]);
        let hi = f64x4::from([
            f64::from(a[4]),
            f64::from(a[5]),
            f64::from(a[6]),
            f64::from(a[7]),
        ]);
        let lo = (lo * 255.0 + 0.5).floor().to_array();
        let hi = (hi * 255.0 + 0.5).floor().to_array();
        let mut out = [0u8; 8];
        for i in 0..4 {
            out[i] = lo[i] as u8;
            out[i + 4] = hi[i] as u8;
        }
        out
    })
}

/// Copies the bits of the channels in `write_mask` from `new` into `texel` (little-endian
/// element, channel bit ranges from the format table).
fn merge_channels(texel: &mut [u8], new: &[u8], bits: [u32; 4], offsets: [u32; 4], write_mask: u8) {
    for c in 0..4 {
        if bits[c] == 0 || write_mask & (1 << c) == 0 {
            continue;
        }
        for bit in offsets[c]..offsets[c] + bits[c] {
            let (byte, shift) = ((bit / 8) as usize, bit % 8);
            let m = 1u8 << shift;
            texel[byte] = (texel[byte] & !m) | (new[byte] & m);
        }
    }
}
