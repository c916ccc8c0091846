//! Procedural texture sources: checkerboard, gradient and solid colour, built as RGBA32F images.

use image::{DynamicImage, Rgba, Rgba32FImage};

use crate::format::TextureSpec;

/// Largest procedural texture edge (keeps a typo from allocating gigabytes).
const MAX_PROCEDURAL: u32 = 4096;

/// Builds the image of a procedural texture.
pub(crate) fn procedural(spec: &TextureSpec) -> Result<DynamicImage, String> {
    let check = |[w, h]: [u32; 2]| {
        if w == 0 || h == 0 || w > MAX_PROCEDURAL || h > MAX_PROCEDURAL {
            Err(format!("size {w}x{h} is outside 1..={MAX_PROCEDURAL}"))
        } else {
            Ok((w, h))
        }
    };
    let img = if let Some(c) = &spec.checkerboard {
        let (w, h) = check(c.size)?;
        let cell = c.cell.max(1);
        Rgba32FImage::from_fn(w, h, |x, y| {
            Rgba(if (x / cell + y / cell) % 2 == 0 {
                c.a
            } else {
                c.b
            })
        })
    } else if let Some(g) = &spec.gradient {
        let (w, h) = check(g.size)?;
        Rgba32FImage::from_fn(w, h, |x, y| {
            let t = if g.vertical {
                if h > 1 {
                    y as f32 / (h - 1) as f32
                } else {
                    0.0
                }
            } else if w > 1 {
                x as f32 / (w - 1) as f32
            } else {
                0.0
            };
            Rgba(std::array::from_fn(|i| {
                g.from[i] + (g.to[i] - g.from[i]) * t
            }))
        })
    } else if let Some(s) = &spec.solid {
        let (w, h) = check(s.size)?;
        Rgba32FImage::from_pixel(w, h, Rgba(s.color))
    } else {
        return Err("no source (file, checkerboard, gradient or solid)".into());
    };
    Ok(DynamicImage::ImageRgba32F(img))
}
