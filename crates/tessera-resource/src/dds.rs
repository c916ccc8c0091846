//! DDS files with a DX10 header: a subresource's exact bytes and its DXGI format.
//!
//! RefDev choice (docs/outputs.md): one 2D surface per file, mip 0 only, rows packed
//! tightly in the format's own element size; the DX10 header's `dxgi_format` is the
//! format's DXGI value, so a file read back gives the same format and the same bytes.

use std::path::Path;

use ddsfile::{AlphaMode, D3D10ResourceDimension, Dds, DxgiFormat, NewDxgiParams};
use num_traits::FromPrimitive;
use tessera_format::{Format, Surface};

use crate::{ResourceError, Texture};

/// A 2D surface's bytes in its own format, rows packed tightly (what a DDS file holds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawImage {
    /// The stored format (its DXGI value is the DX10 header's `dxgi_format`).
    pub format: Format,
    /// Width in texels.
    pub width: u32,
    /// Height in texels.
    pub height: u32,
    /// Tightly packed rows of elements (`Surface::tight_pitches`).
    pub data: Vec<u8>,
}

impl RawImage {
    /// A view of the bytes as a surface (rows through the memory owner).
    pub fn surface(&self) -> Result<Surface<'_>, ResourceError> {
        let (row, slice) = Surface::tight_pitches(self.format, self.width, self.height);
        Ok(Surface::new(
            self.format,
            self.width,
            self.height,
            1,
            row,
            slice,
            &self.data,
        )?)
    }
}

/// Subresource `sub` of `tex` as a [`RawImage`]: its rows copied through the memory owner
/// (`Surface::row`). Multisampled and 3D textures are refused (one 2D surface per file).
pub fn read_raw(tex: &Texture, sub: u32) -> Result<RawImage, ResourceError> {
    const OP: &str = "read_raw";
    let desc = tex.desc();
    if desc.sample_desc.count > 1 {
        return Err(ResourceError::InvalidOperation {
            op: OP,
            reason: "multisampled texture; resolve it first".into(),
        });
    }
    let l = tex.layout(sub)?;
    if l.depth > 1 {
        return Err(ResourceError::InvalidOperation {
            op: OP,
            reason: format!(
                "3D subresource of depth {}; one 2D surface per file",
                l.depth
            ),
        });
    }
    let g = tex.read();
    let surf = g.surface(sub)?;
    let mut data = Vec::new();
    for y in 0..surf.height_in_elements() {
        data.extend_from_slice(surf.row(y, 0));
    }
    Ok(RawImage {
        format: desc.format,
        width: l.width,
        height: l.height,
        data,
    })
}

fn dds_err(what: &str, e: impl std::fmt::Display) -> ResourceError {
    ResourceError::Image(format!("DDS {what}: {e}"))
}

/// Encodes `img` as a DDS file with a DX10 header carrying its DXGI format.
pub fn encode_dds(img: &RawImage) -> Result<Vec<u8>, ResourceError> {
    let dxgi = DxgiFormat::from_u32(img.format.dxgi())
        .ok_or_else(|| dds_err("format", format!("{:?} has no DXGI value", img.format)))?;
    let mut dds = Dds::new_dxgi(NewDxgiParams {
        height: img.height,
        width: img.width,
        depth: None,
        format: dxgi,
        mipmap_levels: Some(1),
        array_layers: None,
        caps2: None,
        is_cubemap: false,
        resource_dimension: D3D10ResourceDimension::Texture2D,
        alpha_mode: AlphaMode::Unknown,
    })
    .map_err(|e| dds_err("header", e))?;
    if dds.data.len() != img.data.len() {
        return Err(dds_err(
            "size",
            format!(
                "{:?} {}x{} holds {} bytes, the image has {}",
                img.format,
                img.width,
                img.height,
                dds.data.len(),
                img.data.len()
            ),
        ));
    }
    dds.data.copy_from_slice(&img.data);
    let mut out = Vec::new();
    dds.write(&mut out).map_err(|e| dds_err("write", e))?;
    Ok(out)
}

/// Decodes a DDS file written by [`encode_dds`]: a DX10 header naming a supported DXGI
/// format and one 2D surface (the first mip of the first array layer is read).
pub fn decode_dds(bytes: &[u8]) -> Result<RawImage, ResourceError> {
    let dds = Dds::read(bytes).map_err(|e| dds_err("read", e))?;
    let dxgi = dds
        .get_dxgi_format()
        .ok_or_else(|| dds_err("format", "no DX10 header with a DXGI format"))?;
    let format = Format::from_dxgi(dxgi as u32)?;
    let (width, height) = (dds.get_width(), dds.get_height());
    if dds.get_depth() > 1 {
        return Err(dds_err(
            "layout",
            format!("volume of depth {}", dds.get_depth()),
        ));
    }
    // The header is untrusted: compare its size with the data in u128 before any usize
    // arithmetic (a 2^32 × 2^32 header of 16-byte texels would overflow).
    let info = format.info();
    let need = u128::from(width.div_ceil(info.block_width.max(1)))
        * u128::from(height.div_ceil(info.block_height.max(1)))
        * u128::from(info.bytes_per_block);
    if need > dds.data.len() as u128 {
        return Err(dds_err(
            "size",
            format!(
                "{format:?} {width}x{height} needs {need} bytes, the file has {}",
                dds.data.len()
            ),
        ));
    }
    // `need` is at most `data.len()`, checked above: the slice is in bounds.
    let data = dds.data[..need as usize].to_vec();
    Ok(RawImage {
        format,
        width,
        height,
        data,
    })
}

/// Writes subresource `sub` of `tex` as a DDS file (exact bytes, DX10 header) to `path`
/// through a temporary file `.NAME.PID.tessera-tmp` in the same folder, then renames.
pub fn save_dds(tex: &Texture, sub: u32, path: impl AsRef<Path>) -> Result<(), ResourceError> {
    let bytes = encode_dds(&read_raw(tex, sub)?)?;
    crate::image_io::write_file_atomic(path.as_ref(), &bytes)
}

/// Reads a DDS file from `path` ([`decode_dds`]).
pub fn load_dds(path: impl AsRef<Path>) -> Result<RawImage, ResourceError> {
    decode_dds(&std::fs::read(path)?)
}
