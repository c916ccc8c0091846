//! `ResolveSubresource`: the plain average of each pixel's samples (SPEC §3.8: the resolve of a
//! standard pattern), in the format's float domain, encoded with the format's conversion.

use rayon::prelude::*;
use tessera_caps::{Caps, FormatSupport, Usage};
use tessera_format::Format;

use crate::resolve_unorm8::Unorm8x4;
use crate::{ResourceError, Texture};

/// Why `format` cannot be the resolve format of a `src` → `dst` resolve at the caps' level
/// (`None`: it can). Order: integer, typeless, not float-readable (depth, BC), outside either
/// family, not `multisample_resolve` in formats.json at the level.
fn refuse_format(caps: &Caps, format: Format, src: Format, dst: Format) -> Option<&'static str> {
    if format.is_integer() {
        Some("integer formats have no average")
    } else if format.is_typeless() {
        Some("the resolve format must be typed")
    } else if !format.is_float_readable() {
        Some("depth, block-compressed and video formats are not resolvable")
    } else if !src.is_castable_to(format) || !dst.is_castable_to(format) {
        Some("the format is not in the source's and destination's family")
    } else if !caps
        .check_format_support(format)
        .contains(FormatSupport::MULTISAMPLE_RESOLVE)
    {
        Some("formats.json: no multisample_resolve at this level")
    } else {
        None
    }
}

/// Whether, in `format`, a pixel whose samples all hold the same texel resolves to that texel
/// byte for byte, so the resolve may copy it: UNORM formats (not sRGB) of at most 10 bits per
/// channel whose channels fill every bit of the texel (no `X` padding, which the encode writes
/// as 0). Proof: each sample decodes to the same `d` (within 2^−24 of `c / (2^b − 1)`); the
/// n ≤ 16 partial sums are ≤ n·d ≤ 16 and each of the n − 1 additions rounds by at most
/// 2^−24 of its result, so the sum is within 2^−16 of n·d, and the division by n (a power of
/// two) is exact: the average lies within 2^−16 + 2^−24 of `c / (2^b − 1)`, i.e. within
/// 1023 · (2^−16 + 2^−24) < 0.02 of `c` after scaling, and `floor(v·(2^b − 1) + ½)` gives `c`.
fn equal_samples_resolve_to_themselves(format: Format) -> bool {
    let info = format.info();
    info.kind == tessera_format::NumericKind::Unorm
        && !format.is_depth_family()
        && info.block_width == 1
        && info.channel_bits.iter().all(|&b| b <= 10)
        && info.channel_bits.iter().sum::<u32>() == info.bits_per_element
        && info.bits_per_element == 8 * info.bytes_per_block
}

/// One row of a resolve in a format where equal samples resolve to themselves
/// ([`equal_samples_resolve_to_themselves`]): `rows` holds the row of each sample plane,
/// `dst` the destination row; texels of `N` bytes compared and copied as arrays (`N` = 0: any
/// size, as slices). A pixel whose samples differ is decoded, summed in sample order, divided
/// and encoded.
fn resolve_row<'r, const N: usize>(
    format: Format,
    rows: &[&'r [u8]],
    dst: &mut [u8],
) -> Result<(), ResourceError> {
    let bytes = format.info().bytes_per_block as usize;
    let n = rows.len();
    for (x, d) in dst.chunks_exact_mut(bytes).enumerate() {
        let at = x * bytes..(x + 1) * bytes;
        let texel = |r: &'r [u8]| r.get(at.clone()).unwrap_or(&[]);
        let first = texel(rows[0]);
        if N > 0 {
            // Fixed-size texels: compared and copied inline, without a library call each.
            let key = <[u8; N]>::try_from(first).ok();
            let same = key.is_some()
                && rows[1..]
                    .iter()
                    .all(|r| <[u8; N]>::try_from(texel(r)).ok() == key);
            if let (true, Some(key), Ok(d)) = (same, key, <&mut [u8; N]>::try_from(&mut *d)) {
                *d = key;
                continue;
            }
        } else if rows[1..].iter().all(|r| texel(r) == first) {
            d.copy_from_slice(first);
            continue;
        }
        let mut acc = [0.0f32; 4];
        for r in rows {
            let t = format.decode_float(texel(r))?;
            for (a, v) in acc.iter_mut().zip(t) {
                *a += v;
            }
        }
        format.encode_float(acc.map(|v| v / n as f32), d)?;
    }
    Ok(())
}

/// Rows per parallel task of a resolve.
const RESOLVE_BAND_ROWS: u32 = 16;

/// `ResolveSubresource(dst, dst_sub, src, src_sub, format)`: every pixel of the single-sample
/// `dst_sub` gets the average of the samples of the same pixel of the multisampled `src_sub`:
/// each sample decoded to float RGBA by `format` (sRGB to linear), summed in sample order in
/// f32, divided by the sample count, and encoded by `format` (D3D's float → UNORM/SNORM/sRGB/
/// float conversions). Refused: a source with one sample or a destination with several,
/// an immutable destination, one resource for both, different sizes, and formats that
/// [`ResourceError::ResolveFormat`] lists.
pub fn resolve_subresource(
    caps: &Caps,
    dst: &Texture,
    dst_sub: u32,
    src: &Texture,
    src_sub: u32,
    format: Format,
) -> Result<(), ResourceError> {
    const OP: &str = "ResolveSubresource";
    let refuse = |reason: &str| ResourceError::InvalidOperation {
        op: OP,
        reason: reason.into(),
    };
    let (sd, dd) = (src.desc(), dst.desc());
    if sd.sample_desc.count <= 1 || dd.sample_desc.count != 1 {
        return Err(refuse(&format!(
            "source must be multisampled and destination single-sampled; they have {} and {} samples",
            sd.sample_desc.count, dd.sample_desc.count
        )));
    }
    if dd.usage == Usage::Immutable {
        return Err(ResourceError::UsageNotAllowed {
            op: OP,
            usage: dd.usage,
        });
    }
    if let Some(reason) = refuse_format(caps, format, sd.format, dd.format) {
        return Err(ResourceError::ResolveFormat {
            level: caps.level(),
            format,
            reason,
        });
    }
    if src.ptr_eq(dst) {
        return Err(refuse("source and destination are the same resource"));
    }
    src.check_not_mapped()?;
    dst.check_not_mapped()?;
    let sl = src.layout(src_sub)?;
    let dl = dst.layout(dst_sub)?;
    if (sl.width, sl.height) != (dl.width, dl.height) {
        return Err(refuse(&format!(
            "source is {}x{}, destination {}x{}",
            sl.width, sl.height, dl.width, dl.height
        )));
    }
    let n = sl.sample_count;
    let sg = src.read();
    // Sample planes: `sample(x, y, s)` is sample `s` of pixel (x, y).
    let ssurf = sg.surface(src_sub)?;
    let mut dg = dst.write();
    let mut dsurf = dg.surface_mut(dst_sub)?;
    let uniform_copies = n <= 16 && equal_samples_resolve_to_themselves(format);
    let bytes = format.info().bytes_per_block as usize;
    if uniform_copies {
        // Rows are independent: bands of rows in parallel on the device's pool, each row
        // exactly as alone, so the bytes do not depend on the thread count.
        let bands: Vec<_> = dsurf.bands_mut(RESOLVE_BAND_ROWS).collect();
        let ssurf = &ssurf;
        // RGBA8 / BGRA8 UNORM: the word-compare, table-decode row resolve (same bytes).
        let unorm8 = Unorm8x4::of(format);
        let unorm8 = unorm8.as_ref();
        return bands.into_par_iter().try_for_each(|mut band| {
            let y0 = band.y0();
            for y in y0..(y0 + RESOLVE_BAND_ROWS).min(sl.height) {
                // Rows of every sample plane: a pixel whose samples hold the same bytes
                // resolves to those bytes (see `equal_samples_resolve_to_themselves`), so only
                // the others are decoded, averaged and encoded.
                let mut rows = [&[][..]; 16];
                for (s, r) in rows.iter_mut().enumerate().take(n as usize) {
                    *r = ssurf.row(y, s as u32);
                }
                let rows = &rows[..n as usize];
                let drow = band.row_mut(y);
                match (bytes, unorm8) {
                    (4, Some(fast)) => fast.resolve_row(rows, drow)?,
                    (4, None) => resolve_row::<4>(format, rows, drow)?,
                    (2, _) => resolve_row::<2>(format, rows, drow)?,
                    (1, _) => resolve_row::<1>(format, rows, drow)?,
                    _ => resolve_row::<0>(format, rows, drow)?,
                }
            }
            Ok(())
        });
    }
    for y in 0..sl.height {
        for x in 0..sl.width {
            let mut acc = [0.0f32; 4];
            for s in 0..n {
                let t = format.decode_float(ssurf.sample(x, y, s).unwrap_or(&[]))?;
                for (a, v) in acc.iter_mut().zip(t) {
                    *a += v;
                }
            }
            let e = dsurf
                .element_mut(x, y, 0)
                .ok_or_else(|| ResourceError::OutOfBounds("resolve destination".into()))?;
            format.encode_float(acc.map(|v| v / n as f32), e)?;
        }
    }
    Ok(())
}
