//! `tessera compare` of two DDS files: per channel, in the format's own units.
//!
//! Rule (docs/outputs.md): a float channel (16/32-bit float, 11/10-bit unsigned float, D32
//! depth) differs by ULPs, the distance of the raw bits mapped to an ordered integer; every
//! other channel (UNORM, SNORM, UINT, SINT, D16/D24 depth, stencil) by the code difference.

use std::path::Path;

use tessera::format::NumericKind;

use crate::channels::{channels, field};
use tessera::resource::RawImage;

/// One channel's largest difference.
pub struct ChannelMax {
    /// e.g. "R", "Depth", "Stencil".
    pub name: String,
    /// "ulp" or "code".
    pub unit: &'static str,
    /// The largest difference over all pixels.
    pub max: u64,
}

/// Result of a DDS comparison.
pub struct DdsReport {
    /// Per channel, in the format's component order.
    pub channels: Vec<ChannelMax>,
    /// Pixels with a channel difference above the tolerance.
    pub differing: u64,
    /// Pixels compared.
    pub total: u64,
}

/// Reads a DDS file to compare; the error names the file.
pub fn open(p: &Path) -> Result<RawImage, String> {
    tessera::resource::load_dds(p).map_err(|e| format!("{}: {e}", p.display()))
}

/// The raw value as an ordered integer: sign-magnitude floats and two's-complement SNORM/SINT.
fn ordered(v: u64, bits: u32, float: bool, signed: bool) -> i64 {
    let sign = 1u64 << (bits - 1);
    if float && signed {
        let mag = (v & (sign - 1)) as i64;
        if v & sign != 0 { -mag } else { mag }
    } else if signed && v & sign != 0 {
        v as i64 - (1i64 << bits)
    } else {
        v as i64
    }
}

/// Compares `a` and `b` (same format and size, else an error naming both files).
pub fn compare(
    a: &RawImage,
    b: &RawImage,
    names: (&Path, &Path),
    tolerance: u64,
) -> Result<DdsReport, String> {
    let (na, nb) = (names.0.display(), names.1.display());
    if a.format != b.format {
        return Err(format!(
            "{na} is {:?} but {nb} is {:?}; compare needs one format",
            a.format, b.format
        ));
    }
    if (a.width, a.height) != (b.width, b.height) {
        return Err(format!(
            "{na} is {}x{} but {nb} is {}x{}; compare needs one size",
            a.width, a.height, b.width, b.height
        ));
    }
    let format = a.format;
    let info = format.info();
    if format.is_compressed() || info.bits_per_element == 0 || info.bits_per_element > 128 {
        return Err(format!("{na}: compare does not read {format:?} channels"));
    }
    let comps = channels(format);
    let signed = matches!(info.kind, NumericKind::Snorm | NumericKind::Sint);
    let mut channels: Vec<ChannelMax> = comps
        .iter()
        .map(|&c| ChannelMax {
            name: c.name.to_owned(),
            unit: if c.is_float(format) { "ulp" } else { "code" },
            max: 0,
        })
        .collect();
    let (sa, sb) = (
        a.surface().map_err(|e| e.to_string())?,
        b.surface().map_err(|e| e.to_string())?,
    );
    let mut differing = 0u64;
    for y in 0..a.height {
        for x in 0..a.width {
            let (ta, tb) = (sa.texel(x, y, 0), sb.texel(x, y, 0));
            let mut differs = false;
            for (k, &c) in comps.iter().enumerate() {
                let float = c.is_float(format);
                // Unsigned small floats (11/10 bits) have no sign bit: their bits are ordered.
                let sgn = (float && c.bits >= 16) || (signed && c.name != "Stencil");
                let va = ordered(field(ta, c), c.bits, float, sgn);
                let vb = ordered(field(tb, c), c.bits, float, sgn);
                let d = va.abs_diff(vb);
                channels[k].max = channels[k].max.max(d);
                differs |= d > tolerance;
            }
            differing += u64::from(differs);
        }
    }
    Ok(DdsReport {
        channels,
        differing,
        total: u64::from(a.width) * u64::from(a.height),
    })
}
