//! The fast row resolve of 4-byte texels whose every byte is one 8-bit UNORM channel
//! (R8G8B8A8_UNORM, B8G8R8A8_UNORM; issue #17): byte for byte what the generic resolve row
//! gives (SPEC §3.8: each sample decoded, summed in sample order in f32, divided by the
//! sample count and encoded), only faster.
//!
//! - Equal samples: the sample rows are compared eight pixels at a time as 64-bit words; a
//!   pixel whose samples all hold the same texel is copied (the caller only uses this resolve
//!   where `equal_samples_resolve_to_themselves` holds).
//! - Other pixels: each channel is independent and lands in the byte it came from, so the
//!   average runs byte by byte: the byte's value decoded through a 256-entry table built from
//!   the format's own [`Format::decode_float`], summed in sample order from 0.0, divided by the
//!   sample count and encoded by [`convert::f32_to_unorm`], the conversion `encode_float` uses.

use tessera_format::{Format, NumericKind, convert};

use crate::ResourceError;

/// Bytes of the eight pixels compared at once.
const CHUNK: usize = 32;

/// The resolver of a format whose 4-byte texel is four 8-bit UNORM channels, one per byte:
/// the decode of each byte value, built once per resolve from the format's own decode.
pub(crate) struct Unorm8x4 {
    /// `decode[v]`: what `decode_float` gives a channel holding `v`.
    decode: [f32; 256],
}

impl Unorm8x4 {
    /// The resolver of `format` when each byte of its 4-byte texel is one 8-bit UNORM channel
    /// (R8G8B8A8_UNORM, B8G8R8A8_UNORM); `None` for every other format (sRGB, padded `X8`,
    /// depth views, other widths keep the generic path).
    pub(crate) fn of(format: Format) -> Option<Self> {
        let info = format.info();
        let mut offsets = info.channel_offsets;
        offsets.sort_unstable();
        let one_channel_per_byte = info.kind == NumericKind::Unorm
            && !format.is_depth_family()
            && info.block_width == 1
            && info.bytes_per_block == 4
            && info.channel_bits == [8; 4]
            && offsets == [0, 8, 16, 24];
        if !one_channel_per_byte {
            return None;
        }
        let mut decode = [0.0f32; 256];
        for (v, d) in decode.iter_mut().enumerate() {
            // Every channel holds `v`, and all four decode alike (8-bit UNORM).
            *d = format.decode_float(&[v as u8; 4]).ok()?[0];
        }
        Some(Self { decode })
    }

    /// Resolves one row: `rows` holds the row of each sample plane (1 to 16 of them), `dst`
    /// the destination row. A pixel whose samples all hold the same texel is copied, the
    /// others are averaged ([`Self::average`]). A sample row shorter than `dst` is an
    /// out-of-bounds error.
    pub(crate) fn resolve_row(&self, rows: &[&[u8]], dst: &mut [u8]) -> Result<(), ResourceError> {
        let len = dst.len();
        let mut planes = [&[][..]; 16];
        if rows.is_empty() || rows.len() > planes.len() {
            return Err(ResourceError::OutOfBounds(format!(
                "resolve of {} samples",
                rows.len()
            )));
        }
        for (p, r) in planes.iter_mut().zip(rows) {
            *p = r.get(..len).ok_or_else(|| {
                ResourceError::OutOfBounds(format!(
                    "resolve source row of {} bytes for a destination row of {len}",
                    r.len()
                ))
            })?;
        }
        // From here every plane is exactly `len` bytes long, like `dst`.
        let planes = &planes[..rows.len()];
        let full = len - len % CHUNK;
        let (head, tail) = dst.split_at_mut(full);
        for (c, d) in head.chunks_exact_mut(CHUNK).enumerate() {
            let at = c * CHUNK;
            let first = words(&planes[0][at..at + CHUNK]);
            // Bit set in `diff`: that bit of some sample differs from sample 0's.
            let mut diff = [0u64; CHUNK / 8];
            for p in &planes[1..] {
                for (d, (w, f)) in diff
                    .iter_mut()
                    .zip(words(&p[at..at + CHUNK]).iter().zip(&first))
                {
                    *d |= w ^ f;
                }
            }
            if diff == [0; CHUNK / 8] {
                d.copy_from_slice(&planes[0][at..at + CHUNK]);
                continue;
            }
            for (i, px) in d.chunks_exact_mut(4).enumerate() {
                let x = at + 4 * i;
                // Pixel `i` is the low (even `i`) or high half of little-endian word `i / 2`.
                if (diff[i / 2] >> (32 * (i % 2))) as u32 == 0 {
                    px.copy_from_slice(&planes[0][x..x + 4]);
                } else {
                    self.average(planes, x, px);
                }
            }
        }
        for (i, px) in tail.chunks_exact_mut(4).enumerate() {
            let x = full + 4 * i;
            let first = &planes[0][x..x + 4];
            if planes[1..].iter().all(|p| &p[x..x + 4] == first) {
                px.copy_from_slice(first);
            } else {
                self.average(planes, x, px);
            }
        }
        Ok(())
    }

    /// The average of the pixel at byte `x` of the sample rows into `out` (4 bytes), byte by
    /// byte: decoded, summed in sample order from 0.0 in f32, divided by the sample count,
    /// encoded with the float → UNORM rule (SPEC §4.7).
    #[inline]
    fn average(&self, planes: &[&[u8]], x: usize, out: &mut [u8]) {
        let n = planes.len() as f32;
        for (k, o) in out.iter_mut().enumerate() {
            let mut acc = 0.0f32;
            for p in planes {
                acc += self.decode[p[x + k] as usize];
            }
            *o = convert::f32_to_unorm(acc / n, 8) as u8;
        }
    }
}

/// The 32 bytes of eight pixels as four little-endian 64-bit words (two pixels each, the
/// first in the low half).
#[inline]
fn words(bytes: &[u8]) -> [u64; CHUNK / 8] {
    let mut w = [0u64; CHUNK / 8];
    let (pairs, _) = bytes.as_chunks::<8>();
    for (w, p) in w.iter_mut().zip(pairs) {
        *w = u64::from_le_bytes(*p);
    }
    w
}

#[cfg(test)]
mod tests;
