//! Readback into `image` buffers, PNG output, and textures created from images.
//!
//! RefDev choices: 3D subresources read back as their depth slices stacked vertically;
//! multisampled textures are refused (resolve first); integer formats clamp into the target
//! range (0..=255, 0..=65535, or the raw value for f32); depth reads as gray.

use std::path::{Path, PathBuf};

use image::{DynamicImage, ImageBuffer, Luma, Rgba, Rgba32FImage, RgbaImage};
use tessera_caps::{BindFlags, Caps, TextureDesc};
use tessera_format::convert::{f32_to_unorm, linear_to_srgb, srgb_to_linear};
use tessera_format::{Format, Layout, NumericKind, SurfaceMut};

use crate::layout::TextureLayout;
use crate::mips::FloatImage;
use crate::{MemoryBudget, ResourceError, SubresourceData, Texture};

/// Decoded texels in "stored encoding": normalized (sRGB stays sRGB-encoded), integer, or depth.
struct Grid {
    w: u32,
    h: u32,
    vals: Vec<[f32; 4]>,
    integer: bool,
}

fn decode_grid(tex: &Texture, sub: u32, op: &'static str) -> Result<Grid, ResourceError> {
    let desc = tex.desc();
    let format = desc.format;
    if desc.sample_desc.count > 1 {
        return Err(ResourceError::InvalidOperation {
            op,
            reason: "multisampled texture; resolve it first".into(),
        });
    }
    if format.is_typeless() {
        return Err(ResourceError::FormatNotSupported { op, format });
    }
    let l = tex.layout(sub)?;
    let g = tex.read();
    let surf = g.surface(sub)?;
    let info = format.info();
    let (w, h) = (l.width, l.height.saturating_mul(l.depth));
    let mut vals = vec![[0.0f32, 0.0, 0.0, 1.0]; w as usize * h as usize];
    let srgb = format.is_srgb();
    let integer = format.is_integer();
    let direct8 = matches!(info.kind, NumericKind::Unorm | NumericKind::UnormSrgb)
        && !format.is_compressed()
        && info.channel_bits.iter().all(|&b| b == 0 || b == 8)
        && info.channel_offsets.iter().all(|&o| o % 8 == 0);
    let mut put = |x: usize, y: usize, v: [f32; 4]| {
        if let Some(slot) = vals.get_mut(y * w as usize + x) {
            *slot = v;
        }
    };
    if format.is_compressed() {
        for z in 0..l.depth as usize {
            for by in 0..l.rows as usize {
                for bx in 0..l.elements_per_row as usize {
                    let t = surf.element(bx as u32, by as u32, z as u32).unwrap_or(&[]);
                    let block = format.decode_block(t)?;
                    for (i, t) in block.iter().enumerate() {
                        let (x, y) = (bx * 4 + i % 4, by * 4 + i / 4);
                        if x < l.width as usize && y < l.height as usize {
                            let v = if srgb {
                                [
                                    linear_to_srgb(t[0]),
                                    linear_to_srgb(t[1]),
                                    linear_to_srgb(t[2]),
                                    t[3],
                                ]
                            } else {
                                *t
                            };
                            put(x, z * l.height as usize + y, v);
                        }
                    }
                }
            }
        }
        return Ok(Grid {
            w,
            h,
            vals,
            integer: false,
        });
    }
    for z in 0..l.depth as usize {
        for y in 0..l.height as usize {
            for x in 0..l.width as usize {
                let t = surf.element(x as u32, y as u32, z as u32).unwrap_or(&[]);
                let v = if direct8 {
                    let mut v = [0.0, 0.0, 0.0, 1.0];
                    for (c, slot) in v.iter_mut().enumerate() {
                        if info.channel_bits[c] == 8 {
                            let b = t
                                .get((info.channel_offsets[c] / 8) as usize)
                                .copied()
                                .unwrap_or(0);
                            *slot = f32::from(b) / 255.0;
                        }
                    }
                    v
                } else if info.kind == NumericKind::Depth {
                    let d = format.decode_depth(t)?;
                    [d, d, d, 1.0]
                } else if integer {
                    let u = format.decode_uint(t)?;
                    if info.kind == NumericKind::Sint {
                        u.map(|c| c as i32 as f32)
                    } else {
                        u.map(|c| c as f32)
                    }
                } else {
                    let v = format.decode_float(t)?;
                    if srgb {
                        [
                            linear_to_srgb(v[0]),
                            linear_to_srgb(v[1]),
                            linear_to_srgb(v[2]),
                            v[3],
                        ]
                    } else {
                        v
                    }
                };
                put(x, z * l.height as usize + y, v);
            }
        }
    }
    Ok(Grid {
        w,
        h,
        vals,
        integer,
    })
}

/// Subresource as 8-bit RGBA: UNORM rounding of normalized values, sRGB bytes as stored (SPEC §4.7).
pub fn read_rgba8(tex: &Texture, sub: u32) -> Result<RgbaImage, ResourceError> {
    let g = decode_grid(tex, sub, "read_rgba8")?;
    let conv = |v: f32| {
        if g.integer {
            v.clamp(0.0, 255.0) as u8
        } else {
            f32_to_unorm(v, 8) as u8
        }
    };
    let raw: Vec<u8> = g.vals.iter().flat_map(|p| p.map(conv)).collect();
    ImageBuffer::from_raw(g.w, g.h, raw)
        .ok_or_else(|| ResourceError::Image("buffer size mismatch".into()))
}

/// Subresource as 16-bit RGBA (UNORM16 rounding; integers clamped to 0..=65535).
pub fn read_rgba16(
    tex: &Texture,
    sub: u32,
) -> Result<ImageBuffer<Rgba<u16>, Vec<u16>>, ResourceError> {
    let g = decode_grid(tex, sub, "read_rgba16")?;
    let conv = |v: f32| {
        if g.integer {
            v.clamp(0.0, 65535.0) as u16
        } else {
            f32_to_unorm(v, 16) as u16
        }
    };
    let raw: Vec<u16> = g.vals.iter().flat_map(|p| p.map(conv)).collect();
    ImageBuffer::from_raw(g.w, g.h, raw)
        .ok_or_else(|| ResourceError::Image("buffer size mismatch".into()))
}

/// Subresource as f32 RGBA: decoded values (sRGB formats give sRGB-encoded values; integers as numbers).
pub fn read_rgba32f(tex: &Texture, sub: u32) -> Result<Rgba32FImage, ResourceError> {
    let g = decode_grid(tex, sub, "read_rgba32f")?;
    let raw: Vec<f32> = g.vals.iter().flat_map(|p| *p).collect();
    ImageBuffer::from_raw(g.w, g.h, raw)
        .ok_or_else(|| ResourceError::Image("buffer size mismatch".into()))
}

/// Depth plane as f32 gray (D16/D24S8/D32/D32S8 and their depth read views).
pub fn read_depth_gray(
    tex: &Texture,
    sub: u32,
) -> Result<ImageBuffer<Luma<f32>, Vec<f32>>, ResourceError> {
    let format = tex.desc().format;
    let l = tex.layout(sub)?;
    if tex.desc().sample_desc.count > 1 {
        return Err(ResourceError::InvalidOperation {
            op: "read_depth_gray",
            reason: "multisampled".into(),
        });
    }
    let g = tex.read();
    let surf = g.surface(sub)?;
    let mut raw = Vec::with_capacity(l.width as usize * l.height as usize * l.depth as usize);
    for z in 0..l.depth as usize {
        for y in 0..l.height as usize {
            for x in 0..l.width as usize {
                let d = format
                    .decode_depth(surf.element(x as u32, y as u32, z as u32).unwrap_or(&[]))
                    .map_err(|_| ResourceError::FormatNotSupported {
                        op: "read_depth_gray",
                        format,
                    })?;
                raw.push(d);
            }
        }
    }
    ImageBuffer::from_raw(l.width, l.height.saturating_mul(l.depth), raw)
        .ok_or_else(|| ResourceError::Image("buffer size mismatch".into()))
}

/// Depth plane as 16-bit gray (UNORM16 rounding of the depth value).
pub fn read_depth_gray16(
    tex: &Texture,
    sub: u32,
) -> Result<ImageBuffer<Luma<u16>, Vec<u16>>, ResourceError> {
    let f = read_depth_gray(tex, sub)?;
    let raw: Vec<u16> = f
        .as_raw()
        .iter()
        .map(|&d| f32_to_unorm(d, 16) as u16)
        .collect();
    ImageBuffer::from_raw(f.width(), f.height(), raw)
        .ok_or_else(|| ResourceError::Image("buffer size mismatch".into()))
}

/// Writes subresource `sub` as PNG (depth: 16-bit gray; else 8-bit RGBA) via [`write_file_atomic`].
pub fn save_png(tex: &Texture, sub: u32, path: impl AsRef<Path>) -> Result<(), ResourceError> {
    let img = if tex.desc().format.kind() == NumericKind::Depth {
        DynamicImage::ImageLuma16(read_depth_gray16(tex, sub)?)
    } else {
        DynamicImage::ImageRgba8(read_rgba8(tex, sub)?)
    };
    write_file_atomic(path.as_ref(), &encode_png(&img)?)
}

/// `img` encoded as PNG bytes.
pub fn encode_png(img: &DynamicImage) -> Result<Vec<u8>, ResourceError> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)?;
    Ok(out.into_inner())
}

/// The temporary file an output goes through: `.NAME.PID.tessera-tmp` next to `path`
/// (`.gitignore` matches `*.tessera-tmp`, so a killed writer leaves nothing to commit).
pub fn temp_path_for(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("output");
    path.with_file_name(format!(".{name}.{}.tessera-tmp", std::process::id()))
}

/// Writes `bytes` to `path` through [`temp_path_for`] and a rename: `path` holds either
/// its old contents or all of `bytes`; the temporary file is removed on failure.
pub fn write_file_atomic(path: &Path, bytes: &[u8]) -> Result<(), ResourceError> {
    let tmp = temp_path_for(path);
    let done = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = done {
        let _ = std::fs::remove_file(&tmp);
        return Err(e.into());
    }
    Ok(())
}

impl Texture {
    /// A DEFAULT 2D texture from an image: channel values are the stored UNORM codes (an sRGB
    /// format keeps the image's bytes); with `generate_mips` the full chain is box-filtered in linear space.
    /// Its bytes are reserved from `budget` (a device's, or [`MemoryBudget::physical`]).
    pub fn from_image(
        budget: &MemoryBudget,
        caps: &Caps,
        img: &DynamicImage,
        format: Format,
        generate_mips: bool,
        bind_flags: BindFlags,
    ) -> Result<Texture, ResourceError> {
        const OP: &str = "Texture::from_image";
        let mut desc = TextureDesc::tex2d(img.width(), img.height(), format, bind_flags);
        desc.mip_levels = if generate_mips { 0 } else { 1 };
        if format.is_integer() && generate_mips {
            return Err(ResourceError::FormatNotSupported { op: OP, format });
        }
        if !format.is_float_readable() && !format.is_integer() {
            return Err(ResourceError::FormatNotSupported { op: OP, format });
        }
        let layout = TextureLayout::compute(&desc)?;
        let mut subs: Vec<Vec<u8>> = Vec::new();
        let l0 = layout
            .subresource(0)
            .ok_or(ResourceError::SubresourceOutOfRange { sub: 0, count: 0 })?;
        if format.is_integer() {
            let src = img.to_rgba16();
            let mut out = crate::memory::allocate_zeroed(l0.size as u64)?;
            let mut surface = SurfaceMut::from_layout(
                Layout::tight(format, src.width(), src.height(), 1)?,
                &mut out,
            )?;
            for (x, y, p) in src.enumerate_pixels() {
                if let Some(e) = surface.element_mut(x, y, 0) {
                    format.encode_uint(p.0.map(u32::from), e)?;
                }
            }
            subs.push(out);
        } else {
            let src = img.to_rgba32f();
            let srgb = format.is_srgb();
            let texels = src
                .pixels()
                .map(|p| {
                    let [r, g, b, a] = p.0;
                    if srgb {
                        [srgb_to_linear(r), srgb_to_linear(g), srgb_to_linear(b), a]
                    } else {
                        [r, g, b, a]
                    }
                })
                .collect();
            let mut level = FloatImage {
                w: img.width(),
                h: img.height(),
                d: 1,
                texels,
            };
            for mip in 0..layout.mips.len() as u32 {
                let l = layout
                    .subresource(mip)
                    .ok_or(ResourceError::SubresourceOutOfRange { sub: mip, count: 0 })?;
                if mip > 0 {
                    level = level.downsample();
                }
                let mut out = crate::memory::allocate_zeroed(l.size as u64)?;
                let packed = crate::layout::SubresourceLayout { offset: 0, ..l };
                let mut surf = SurfaceMut::new(
                    format,
                    packed.width,
                    packed.height,
                    packed.depth,
                    packed.row_pitch,
                    packed.depth_pitch,
                    &mut out,
                )?;
                level.encode(format, &packed, &mut surf)?;
                subs.push(out);
            }
        }
        let init: Vec<SubresourceData<'_>> = subs
            .iter()
            .zip(0u32..)
            .map(|(d, i)| {
                let l = layout.subresource(i).unwrap_or(l0);
                SubresourceData::new(d, l.row_pitch, l.depth_pitch)
            })
            .collect();
        Texture::new_in(budget, caps, &desc, Some(&init))
    }
}
