//! Per-texel encode/decode on [`Format`] (§4.7): results always in R,G,B,A order, missing
//! components default to 0,0,0,1 (integer 1 for UINT/SINT).

use crate::bits::{read_bits, write_bits};
use crate::convert::{
    f10_to_f32, f11_to_f32, f16_to_f32, f32_to_f10, f32_to_f11, f32_to_f16, f32_to_snorm,
    f32_to_srgb8, f32_to_unorm, sign_extend, snorm_to_f32, srgb8_to_linear_table, unorm_to_f32,
};
use crate::info::NumericKind;
use crate::{Format, FormatError, sharedexp};

/// Returns the element slice of `len` bytes, or `BufferTooSmall`.
#[inline]
fn need(format: Format, t: &[u8], len: u32) -> Result<&[u8], FormatError> {
    t.get(..len as usize).ok_or(FormatError::BufferTooSmall {
        format,
        needed: len as usize,
        got: t.len(),
    })
}

/// Mutable twin of [`need`].
#[inline]
fn need_mut(format: Format, t: &mut [u8], len: u32) -> Result<&mut [u8], FormatError> {
    let got = t.len();
    t.get_mut(..len as usize)
        .ok_or(FormatError::BufferTooSmall {
            format,
            needed: len as usize,
            got,
        })
}

/// Decodes one FLOAT component of width 32/16/11/10.
#[inline]
fn float_from_bits(raw: u32, w: u32) -> f32 {
    match w {
        32 => f32::from_bits(raw),
        16 => f16_to_f32(raw as u16),
        11 => f11_to_f32(raw),
        _ => f10_to_f32(raw),
    }
}

/// Encodes one FLOAT component of width 32/16/11/10 (f32 stored as-is, NaN included).
#[inline]
fn float_to_bits(x: f32, w: u32) -> u32 {
    match w {
        32 => x.to_bits(),
        16 => f32_to_f16(x) as u32,
        11 => f32_to_f11(x),
        _ => f32_to_f10(x),
    }
}

impl Format {
    /// Decodes one texel to float RGBA: UNORM, SNORM, UNORM_SRGB (→ linear, alpha linear), FLOAT, SHAREDEXP.
    pub fn decode_float(self, texel: &[u8]) -> Result<[f32; 4], FormatError> {
        if !self.is_float_readable() {
            return Err(FormatError::NotFloatReadable { format: self });
        }
        let info = self.info();
        let t = need(self, texel, info.bytes_per_block)?;
        if info.kind == NumericKind::SharedExp {
            let [r, g, b] = sharedexp::decode(read_bits(t, 0, 32));
            return Ok([r, g, b, 1.0]);
        }
        let mut out = [0.0, 0.0, 0.0, 1.0];
        for (i, o) in out.iter_mut().enumerate() {
            let w = info.channel_bits[i];
            if w == 0 {
                continue;
            }
            let raw = read_bits(t, info.channel_offsets[i], w);
            *o = match info.kind {
                NumericKind::UnormSrgb if i < 3 => srgb8_to_linear_table()[(raw & 0xff) as usize],
                NumericKind::Snorm => snorm_to_f32(sign_extend(raw, w), w),
                NumericKind::Float => float_from_bits(raw, w),
                _ => unorm_to_f32(raw, w),
            };
        }
        Ok(out)
    }

    /// Encodes float RGBA into one texel with the D3D float→UNORM/SNORM/sRGB/f16/f11/f10/SHAREDEXP rules.
    ///
    /// Components the format lacks are ignored. Padding bits (`X`) are written as 0, except for
    /// views of depth-stencil families (e.g. `R24_UNORM_X8_TYPELESS`), which keep bits outside
    /// their own fields. FLOAT32 components are stored unchanged (NaN, Inf, denormals included).
    pub fn encode_float(self, rgba: [f32; 4], out: &mut [u8]) -> Result<(), FormatError> {
        if !self.is_float_readable() {
            return Err(FormatError::NotFloatReadable { format: self });
        }
        let info = self.info();
        let t = need_mut(self, out, info.bytes_per_block)?;
        if !self.is_depth_family() {
            t.fill(0);
        }
        if info.kind == NumericKind::SharedExp {
            write_bits(t, 0, 32, sharedexp::encode([rgba[0], rgba[1], rgba[2]]));
            return Ok(());
        }
        for (i, &x) in rgba.iter().enumerate() {
            let w = info.channel_bits[i];
            if w == 0 {
                continue;
            }
            let raw = match info.kind {
                NumericKind::UnormSrgb if i < 3 => f32_to_srgb8(x) as u32,
                NumericKind::Snorm => f32_to_snorm(x, w) as u32,
                NumericKind::Float => float_to_bits(x, w),
                _ => f32_to_unorm(x, w),
            };
            write_bits(t, info.channel_offsets[i], w, raw);
        }
        Ok(())
    }

    /// Decodes one UINT/SINT texel; SINT components are sign-extended (i32 bit pattern); defaults 0,0,0,1.
    pub fn decode_uint(self, texel: &[u8]) -> Result<[u32; 4], FormatError> {
        let info = self.info();
        let signed = match info.kind {
            NumericKind::Uint => false,
            NumericKind::Sint => true,
            _ => return Err(FormatError::NotInteger { format: self }),
        };
        let t = need(self, texel, info.bytes_per_block)?;
        let mut out = [0, 0, 0, 1];
        for (i, o) in out.iter_mut().enumerate() {
            let w = info.channel_bits[i];
            if w == 0 {
                continue;
            }
            let raw = read_bits(t, info.channel_offsets[i], w);
            *o = if signed {
                sign_extend(raw, w) as u32
            } else {
                raw
            };
        }
        Ok(out)
    }

    /// Encodes integer RGBA into one UINT/SINT texel, clamping to the format's range (SINT input read as i32).
    ///
    /// Padding is zeroed; the stencil views `X24_TYPELESS_G8_UINT`/`X32_TYPELESS_G8X24_UINT`
    /// write only their stencil field.
    pub fn encode_uint(self, rgba: [u32; 4], out: &mut [u8]) -> Result<(), FormatError> {
        let info = self.info();
        let signed = match info.kind {
            NumericKind::Uint => false,
            NumericKind::Sint => true,
            _ => return Err(FormatError::NotInteger { format: self }),
        };
        let t = need_mut(self, out, info.bytes_per_block)?;
        if !self.is_depth_family() {
            t.fill(0);
        }
        for (i, &v) in rgba.iter().enumerate() {
            let w = info.channel_bits[i];
            if w == 0 {
                continue;
            }
            let raw = if signed {
                let lo = -(1i64 << (w - 1));
                let hi = (1i64 << (w - 1)) - 1;
                (v as i32 as i64).clamp(lo, hi) as u32
            } else {
                (v as u64).min((1u64 << w) - 1) as u32
            };
            write_bits(t, info.channel_offsets[i], w, raw);
        }
        Ok(())
    }

    /// Depth field `(offset, bits, is_float)` of a depth format or a depth read view, if any.
    fn depth_field(self) -> Option<(u32, u32, bool)> {
        let info = self.info();
        let w = info.channel_bits[0];
        let depthy = match info.kind {
            NumericKind::Depth => true,
            NumericKind::Unorm => self.is_depth_family() && (w == 16 || w == 24),
            NumericKind::Float => self.is_depth_family() && w == 32,
            _ => false,
        };
        depthy.then_some((info.channel_offsets[0], w, w == 32))
    }

    /// Stencil field bit offset of a depth-stencil format or a stencil read view, if any.
    fn stencil_offset(self) -> Option<u32> {
        match self {
            Format::D24UnormS8Uint | Format::X24TypelessG8Uint => Some(24),
            Format::D32FloatS8X24Uint | Format::X32TypelessG8X24Uint => Some(32),
            _ => None,
        }
    }

    /// Reads depth from D16/D24S8/D32/D32S8 or their read views (R16_UNORM, R24_UNORM_X8, R32_FLOAT, R32_FLOAT_X8X24).
    pub fn decode_depth(self, texel: &[u8]) -> Result<f32, FormatError> {
        let (off, w, is_float) = self
            .depth_field()
            .ok_or(FormatError::NoDepth { format: self })?;
        let t = need(self, texel, self.info().bytes_per_block)?;
        let raw = read_bits(t, off, w);
        Ok(if is_float {
            f32::from_bits(raw)
        } else {
            unorm_to_f32(raw, w)
        })
    }

    /// Writes depth, keeping stencil bits: UNORM depth uses float→UNORM (§4.7, NaN → 0, clamp, round to nearest); float depth is stored unchanged.
    pub fn encode_depth(self, depth: f32, out: &mut [u8]) -> Result<(), FormatError> {
        let (off, w, is_float) = self
            .depth_field()
            .ok_or(FormatError::NoDepth { format: self })?;
        let t = need_mut(self, out, self.info().bytes_per_block)?;
        let raw = if is_float {
            depth.to_bits()
        } else {
            f32_to_unorm(depth, w)
        };
        write_bits(t, off, w, raw);
        Ok(())
    }

    /// Reads the 8-bit stencil of D24S8/D32S8 or of the X24_G8/X32_G8X24 stencil views.
    pub fn decode_stencil(self, texel: &[u8]) -> Result<u8, FormatError> {
        let off = self
            .stencil_offset()
            .ok_or(FormatError::NoStencil { format: self })?;
        let t = need(self, texel, self.info().bytes_per_block)?;
        Ok(read_bits(t, off, 8) as u8)
    }

    /// Writes the 8-bit stencil, keeping the depth bits.
    pub fn encode_stencil(self, s: u8, out: &mut [u8]) -> Result<(), FormatError> {
        let off = self
            .stencil_offset()
            .ok_or(FormatError::NoStencil { format: self })?;
        let t = need_mut(self, out, self.info().bytes_per_block)?;
        write_bits(t, off, 8, s as u32);
        Ok(())
    }

    /// What a texel of this format stores for `rgba`: `decode_float(encode_float(rgba))`, missing
    /// components at their defaults; formats that are not float-readable return `rgba` unchanged.
    pub fn quantize_float(self, rgba: [f32; 4]) -> [f32; 4] {
        let mut buf = [0u8; 16];
        match self.encode_float(rgba, &mut buf) {
            Ok(()) => self.decode_float(&buf).unwrap_or(rgba),
            Err(_) => rgba,
        }
    }
}
