//! `GenerateMips` (box filter, linear space for sRGB).

use tessera_caps::{BindFlags, Caps, MiscFlags, TextureDimension};
use tessera_format::Format;
use tessera_format::{Surface, SurfaceMut};

use crate::layout::SubresourceLayout;
use crate::{ResourceError, ShaderResourceView};

/// A decoded float image: `w x h x d` texels of RGBA, x fastest.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct FloatImage {
    pub(crate) w: u32,
    pub(crate) h: u32,
    pub(crate) d: u32,
    pub(crate) texels: Vec<[f32; 4]>,
}

impl FloatImage {
    fn at(&self, x: u32, y: u32, z: u32) -> [f32; 4] {
        let x = x.min(self.w.saturating_sub(1));
        let y = y.min(self.h.saturating_sub(1));
        let z = z.min(self.d.saturating_sub(1));
        let i = (z as usize * self.h as usize + y as usize) * self.w as usize + x as usize;
        self.texels.get(i).copied().unwrap_or([0.0; 4])
    }

    /// The next mip: each texel averages the 2x2(x2) texels below it; odd edges drop the last
    /// texel and size-1 axes reuse their single texel (RefDev box filter, D3D leaves the filter open).
    pub(crate) fn downsample(&self) -> FloatImage {
        let (w, h, d) = (
            (self.w / 2).max(1),
            (self.h / 2).max(1),
            (self.d / 2).max(1),
        );
        let mut texels = Vec::with_capacity(w as usize * h as usize * d as usize);
        let zs: &[u32] = if self.d > 1 { &[0, 1] } else { &[0] };
        let ys: &[u32] = if self.h > 1 { &[0, 1] } else { &[0] };
        let xs: &[u32] = if self.w > 1 { &[0, 1] } else { &[0] };
        let n = (zs.len() * ys.len() * xs.len()) as f32;
        for z in 0..d {
            for y in 0..h {
                for x in 0..w {
                    let mut acc = [0.0f32; 4];
                    for &dz in zs {
                        for &dy in ys {
                            for &dx in xs {
                                let t = self.at(2 * x + dx, 2 * y + dy, 2 * z + dz);
                                for c in 0..4 {
                                    acc[c] += t[c];
                                }
                            }
                        }
                    }
                    texels.push(acc.map(|v| v / n));
                }
            }
        }
        FloatImage { w, h, d, texels }
    }

    /// Decodes subresource `surf` (extent `l`) of a float-readable `format` (sRGB decodes to linear).
    pub(crate) fn decode(
        format: Format,
        l: &SubresourceLayout,
        surf: &Surface<'_>,
    ) -> Result<Self, ResourceError> {
        let mut texels =
            Vec::with_capacity(l.width as usize * l.height as usize * l.depth as usize);
        for z in 0..l.depth {
            for y in 0..l.height {
                for x in 0..l.width {
                    let t = surf.element(x, y, z).unwrap_or(&[]);
                    texels.push(format.decode_float(t)?);
                }
            }
        }
        Ok(FloatImage {
            w: l.width,
            h: l.height,
            d: l.depth,
            texels,
        })
    }

    /// Encodes into subresource `out` (extent `l`).
    pub(crate) fn encode(
        &self,
        format: Format,
        l: &SubresourceLayout,
        out: &mut SurfaceMut<'_>,
    ) -> Result<(), ResourceError> {
        let mut i = 0usize;
        for z in 0..l.depth {
            for y in 0..l.height {
                for x in 0..l.width {
                    let e = out
                        .element_mut(x, y, z)
                        .ok_or_else(|| ResourceError::OutOfBounds("mip storage".into()))?;
                    format.encode_float(self.texels.get(i).copied().unwrap_or([0.0; 4]), e)?;
                    i += 1;
                }
            }
        }
        Ok(())
    }
}

/// `GenerateMips`: fills mips below the view's most detailed mip, per slice, with a box filter in
/// linear space (sRGB decoded first); needs GENERATE_MIPS with RENDER_TARGET + SHADER_RESOURCE binds.
pub fn generate_mips(caps: &Caps, srv: &ShaderResourceView) -> Result<(), ResourceError> {
    const OP: &str = "GenerateMips";
    let _ = caps;
    let tex = srv
        .texture()
        .ok_or_else(|| ResourceError::InvalidOperation {
            op: OP,
            reason: "buffer view".into(),
        })?;
    let desc = tex.desc();
    let binds = BindFlags(BindFlags::RENDER_TARGET.0 | BindFlags::SHADER_RESOURCE.0);
    if !desc.misc_flags.contains(MiscFlags::GENERATE_MIPS) || !desc.bind_flags.contains(binds) {
        return Err(ResourceError::InvalidOperation {
            op: OP,
            reason:
                "the texture needs MISC_GENERATE_MIPS and RENDER_TARGET | SHADER_RESOURCE binds"
                    .into(),
        });
    }
    let format = srv.format();
    if !format.is_float_readable() {
        return Err(ResourceError::FormatNotSupported { op: OP, format });
    }
    tex.check_not_mapped()?;
    let r = srv.range();
    let slices = if desc.dimension == TextureDimension::D3 {
        1
    } else {
        r.array_size
    };
    let mut g = tex.write();
    for s in 0..slices {
        let Some(top) = srv.subresource(0, s) else {
            continue;
        };
        let l = tex.layout(top)?;
        let mut img = FloatImage::decode(format, &l, &g.surface(top)?)?;
        for m in 1..r.mip_levels {
            let Some(sub) = srv.subresource(m, s) else {
                break;
            };
            img = img.downsample();
            let l = tex.layout(sub)?;
            img.encode(format, &l, &mut g.surface_mut(sub)?)?;
        }
    }
    Ok(())
}
