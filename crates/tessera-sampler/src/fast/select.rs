//! The fast path's implicit LOD and mip selection for one quad: [`Ctx::lod`] followed by
//! [`Ctx::mip_select`], specialised to what a covered `sample` call asks for (2D footprint,
//! isotropic, shader bias 0, no per-sample clamp) with the per-view constants hoisted.

use crate::core::{Ctx, MipSel};
use crate::fetch::Rgba32F;
use crate::lod;
use tessera_caps::desc::{Filter, FilterKind};

/// Per-call constants of the implicit LOD of a covered call.
pub(super) struct QuadLod<'c, 's, 'v, 'a> {
    ctx: &'c Ctx<'s, 'v, 'a, Rgba32F>,
    /// Extents of mip 0 (slice 0), as [`Ctx::lod`] scales derivatives by.
    size: [f32; 2],
    /// Sampler bias plus the shader bias 0, as [`Ctx::lod`] adds them.
    bias: f32,
    /// The LOD floor of the resource clamp (the per-sample clamp being `f32::MIN`).
    floor: f32,
    /// The sampler's filter and the view's mip count, as [`Ctx::mip_select`] reads them.
    filter: Filter,
    mips: u32,
}

impl<'c, 's, 'v, 'a> QuadLod<'c, 's, 'v, 'a> {
    /// The constants, or `None` when the mip set is empty (the call falls back to the core).
    /// The view must be 2D (one or more slices) and the sampler isotropic.
    #[inline]
    pub fn new(ctx: &'c Ctx<'s, 'v, 'a, Rgba32F>) -> Option<Self> {
        let (view, s) = (ctx.view, ctx.s);
        let s0 = view.surface(0, 0);
        // Exactly [`Ctx::lod`]'s floor and emptiness test with `clamp = f32::MIN`.
        let clamp = f32::MIN;
        let floor = if clamp > view.min_lod_clamp {
            clamp
        } else {
            view.min_lod_clamp
        };
        if floor > (view.mip_count - 1) as f32 {
            return None;
        }
        Some(Self {
            ctx,
            size: [s0.width as f32, s0.height as f32],
            bias: s.bias + 0.0,
            floor,
            filter: s.desc.filter,
            mips: view.mip_count,
        })
    }

    /// [`Ctx::mip_select`], line for line, with its inputs hoisted.
    #[inline(always)]
    fn mip_select(&self, clamped: f32) -> MipSel {
        let lod_fx = lod::to_fixed(clamped);
        let f = self.filter;
        let linear = if lod_fx <= 0 { f.mag } else { f.min } == FilterKind::Linear;
        let (m0, m1, wm) = match f.mip {
            FilterKind::Point => {
                let m = lod::mip_point(lod_fx, self.mips);
                (m, m, 0)
            }
            FilterKind::Linear => lod::mip_linear(lod_fx, self.mips),
        };
        MipSel { linear, m0, m1, wm }
    }

    /// [`Ctx::lod`]'s bias and clamps of a raw LOD, then the mip selection.
    #[inline(always)]
    fn finish(&self, raw: f32) -> MipSel {
        let s = self.ctx.s;
        let mut l = lod::bias_and_clamp(raw, self.bias, s.min_lod, s.max_lod);
        if l < self.floor {
            l = self.floor;
        }
        self.mip_select(l)
    }

    /// Mip selections of the two quads of a call, with coarse derivatives `ddx[q]`, `ddy[q]`
    /// (normalised units); both `log2`s at once ([`lod::log2x2`]).
    #[inline]
    pub fn select(&self, ddx: &[[f32; 3]; 2], ddy: &[[f32; 3]; 2]) -> [MipSel; 2] {
        let [w, h] = self.size;
        // [`Ctx::lod`] for a 2D isotropic footprint: the third axis contributes 0.
        let arg = |q: usize| {
            let (dx, dy) = (ddx[q], ddy[q]);
            lod::isotropic_arg([dx[0] * w, dx[1] * h, 0.0], [dy[0] * w, dy[1] * h, 0.0])
        };
        let l2 = lod::log2x2([arg(0), arg(1)]);
        // `lod::isotropic` is `0.5 · log2`.
        [self.finish(0.5 * l2[0]), self.finish(0.5 * l2[1])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Red;
    use crate::view::{Sampler, TextureView};
    use tessera_caps::desc::{SamplerDesc, ViewDimension};
    use tessera_format::{Format, Surface};

    /// The hoisted mip selection is [`Ctx::mip_select`] for every filter and a sweep of LODs
    /// (8.8 steps, their midpoints and the saturation range).
    #[test]
    fn mip_select_matches_the_core() {
        let data = vec![0u8; 4 * 64 * 64 * 2];
        let mut mips = Vec::new();
        let mut n = 64u32;
        while n >= 1 {
            let (rp, dp) = Surface::tight_pitches(Format::R8G8B8A8Unorm, n, n);
            let len = (4 * n * n) as usize;
            let f = Format::R8G8B8A8Unorm;
            mips.push(Surface::new(f, n, n, 1, rp, dp, &data[..len]).unwrap());
            n /= 2;
        }
        let view = TextureView::new(ViewDimension::Texture2D, mips, 1).unwrap();
        for k in 0..8 {
            let kind = |b| {
                if k & b != 0 {
                    FilterKind::Linear
                } else {
                    FilterKind::Point
                }
            };
            let mut d = SamplerDesc::default();
            (d.filter.min, d.filter.mag, d.filter.mip) = (kind(4), kind(2), kind(1));
            let s = Sampler::new(&d);
            let ctx = Ctx {
                view: &view,
                s: &s,
                fetch: Rgba32F,
                border: [0.0; 4],
                red: Red::Avg,
                cmp: None,
            };
            let q = QuadLod::new(&ctx).unwrap();
            let lods = (-4000..4000).map(|i| i as f32 / 512.0);
            let extremes = [f32::MAX, f32::MIN, 1e9, -1e9, f32::INFINITY, f32::NAN];
            for l in lods.chain(extremes) {
                assert_eq!(q.mip_select(l), ctx.mip_select(l), "{k} {l}");
            }
        }
    }
}
