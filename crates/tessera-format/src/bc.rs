//! BC1..BC5 block decode (D3D11.3 §19.5 block-compression rules); BC6H/BC7 live in their own modules.
//!
//! Endpoints are expanded to float first (UNORM `v/(2^n-1)`, SNORM per §4.7) and palette entries
//! are interpolated in f32 as `(a·e0 + b·e1) / d` with small integer weights, a fixed sequence of
//! IEEE operations (deterministic). sRGB formats interpolate in sRGB space, then convert the
//! result to linear with [`srgb_to_linear`]. Output is 16 texels row-major, RGBA.

use crate::convert::{snorm_to_f32, srgb_to_linear, srgb8_to_linear_table, unorm_to_f32};
use crate::{Format, FormatError};

/// Weighted mix `(wa·a + wb·b) / d` in f32 (no FMA).
#[inline]
fn mix(a: f32, b: f32, wa: u32, wb: u32, d: u32) -> f32 {
    (wa as f32 * a + wb as f32 * b) / d as f32
}

/// Expands a 5:6:5 colour to float RGB.
fn rgb565(c: u16) -> [f32; 3] {
    let c = c as u32;
    [
        unorm_to_f32(c >> 11, 5),
        unorm_to_f32((c >> 5) & 63, 6),
        unorm_to_f32(c & 31, 5),
    ]
}

/// Decodes a BC1-style colour block (8 bytes); `force4` = BC2/BC3 (always four-colour, alpha 1).
fn color_block(b: &[u8; 8], force4: bool) -> [[f32; 4]; 16] {
    let c0 = u16::from_le_bytes([b[0], b[1]]);
    let c1 = u16::from_le_bytes([b[2], b[3]]);
    let (e0, e1) = (rgb565(c0), rgb565(c1));
    let mut pal = [[0.0f32; 4]; 4];
    pal[0] = [e0[0], e0[1], e0[2], 1.0];
    pal[1] = [e1[0], e1[1], e1[2], 1.0];
    if force4 || c0 > c1 {
        for k in 0..3 {
            pal[2][k] = mix(e0[k], e1[k], 2, 1, 3);
            pal[3][k] = mix(e0[k], e1[k], 1, 2, 3);
        }
        pal[2][3] = 1.0;
        pal[3][3] = 1.0;
    } else {
        for k in 0..3 {
            pal[2][k] = mix(e0[k], e1[k], 1, 1, 2);
        }
        pal[2][3] = 1.0;
        // pal[3] stays transparent black (0,0,0,0).
    }
    let idx = u32::from_le_bytes([b[4], b[5], b[6], b[7]]);
    core::array::from_fn(|i| pal[((idx >> (2 * i)) & 3) as usize])
}

/// Decodes a BC4-style 8-bit channel block to 16 floats (`signed` = SNORM endpoints).
fn channel_block(b: &[u8; 8], signed: bool) -> [f32; 16] {
    let (e0, e1, hi) = if signed {
        let (r0, r1) = (b[0] as i8 as i32, b[1] as i8 as i32);
        (snorm_to_f32(r0, 8), snorm_to_f32(r1, 8), r0 > r1)
    } else {
        (
            unorm_to_f32(b[0] as u32, 8),
            unorm_to_f32(b[1] as u32, 8),
            b[0] > b[1],
        )
    };
    let mut pal = [0.0f32; 8];
    pal[0] = e0;
    pal[1] = e1;
    if hi {
        for k in 1..7u32 {
            pal[k as usize + 1] = mix(e0, e1, 7 - k, k, 7);
        }
    } else {
        for k in 1..5u32 {
            pal[k as usize + 1] = mix(e0, e1, 5 - k, k, 5);
        }
        pal[6] = if signed { -1.0 } else { 0.0 };
        pal[7] = 1.0;
    }
    let mut bits = 0u64;
    for (k, &v) in b[2..8].iter().enumerate() {
        bits |= (v as u64) << (8 * k);
    }
    core::array::from_fn(|i| pal[((bits >> (3 * i)) & 7) as usize])
}

/// Copies 8 bytes at `off` (caller checked the length).
#[inline]
fn half(block: &[u8], off: usize) -> [u8; 8] {
    core::array::from_fn(|i| block[off + i])
}

impl Format {
    /// Decodes one 4x4 block of BC1..BC7 to 16 RGBA texels (row-major); BC1 has 1-bit alpha,
    /// BC4/BC5 give (r,0,0,1)/(r,g,0,1), BC6H gives half-float values as f32, sRGB formats → linear.
    pub fn decode_block(self, block: &[u8]) -> Result<[[f32; 4]; 16], FormatError> {
        let info = self.info();
        if !self.is_compressed() || self.is_typeless() {
            return Err(FormatError::NotBlockCompressed { format: self });
        }
        let need = info.bytes_per_block as usize;
        if block.len() < need {
            return Err(FormatError::BufferTooSmall {
                format: self,
                needed: need,
                got: block.len(),
            });
        }
        let mut out = match self {
            Format::Bc1Unorm | Format::Bc1UnormSrgb => color_block(&half(block, 0), false),
            Format::Bc2Unorm | Format::Bc2UnormSrgb => {
                let mut t = color_block(&half(block, 8), true);
                let a = u64::from_le_bytes(half(block, 0));
                for (i, px) in t.iter_mut().enumerate() {
                    px[3] = unorm_to_f32(((a >> (4 * i)) & 15) as u32, 4);
                }
                t
            }
            Format::Bc3Unorm | Format::Bc3UnormSrgb => {
                let mut t = color_block(&half(block, 8), true);
                let a = channel_block(&half(block, 0), false);
                for (px, a) in t.iter_mut().zip(a) {
                    px[3] = a;
                }
                t
            }
            Format::Bc4Unorm | Format::Bc4Snorm => {
                let r = channel_block(&half(block, 0), self == Format::Bc4Snorm);
                r.map(|r| [r, 0.0, 0.0, 1.0])
            }
            Format::Bc5Unorm | Format::Bc5Snorm => {
                let s = self == Format::Bc5Snorm;
                let r = channel_block(&half(block, 0), s);
                let g = channel_block(&half(block, 8), s);
                core::array::from_fn(|i| [r[i], g[i], 0.0, 1.0])
            }
            Format::Bc6hUf16 | Format::Bc6hSf16 => {
                let b: [u8; 16] = core::array::from_fn(|i| block[i]);
                return Ok(crate::bc6h::decode(&b, self == Format::Bc6hSf16));
            }
            _ => {
                // BC7: exact 8-bit texels; sRGB uses the exact decode table.
                let b: [u8; 16] = core::array::from_fn(|i| block[i]);
                let srgb = self.is_srgb();
                let t = srgb8_to_linear_table();
                return Ok(crate::bc7::decode(&b).map(|px| {
                    core::array::from_fn(|c| {
                        if srgb && c < 3 {
                            t[px[c] as usize]
                        } else {
                            unorm_to_f32(px[c] as u32, 8)
                        }
                    })
                }));
            }
        };
        if self.is_srgb() {
            for px in out.iter_mut() {
                for c in px.iter_mut().take(3) {
                    *c = srgb_to_linear(*c);
                }
            }
        }
        Ok(out)
    }
}
