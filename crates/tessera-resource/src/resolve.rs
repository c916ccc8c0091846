//! `ResolveSubresource`: the plain average of each pixel's samples (SPEC §3.8: the resolve of a
//! standard pattern), in the format's float domain, encoded with the format's conversion.

use tessera_caps::{Caps, FormatSupport, Usage};
use tessera_format::Format;

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
