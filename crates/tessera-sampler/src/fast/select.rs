//! The fast path's implicit LOD and mip selection for one quad: [`Ctx::lod`] followed by
//! [`Ctx::mip_select`], specialised to what a covered `sample` call asks for (2D footprint,
//! isotropic, shader bias 0, no per-sample clamp) with the per-view constants hoisted.

use crate::core::{Ctx, MipSel};
use crate::fetch::Rgba32F;
use crate::lod;

/// Per-call constants of the implicit LOD of a covered call.
pub(super) struct QuadLod<'c, 's, 'v, 'a> {
    ctx: &'c Ctx<'s, 'v, 'a, Rgba32F>,
    /// Extents of mip 0 (slice 0), as [`Ctx::lod`] scales derivatives by.
    size: [f32; 2],
    /// Sampler bias plus the shader bias 0, as [`Ctx::lod`] adds them.
    bias: f32,
    /// The LOD floor of the resource clamp (the per-sample clamp being `f32::MIN`).
    floor: f32,
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
        })
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
        let s = self.ctx.s;
        let sel = |l2: f32| {
            // `lod::isotropic`, then [`Ctx::lod`]'s bias and clamps.
            let raw = 0.5 * l2;
            let mut l = lod::bias_and_clamp(raw, self.bias, s.min_lod, s.max_lod);
            if l < self.floor {
                l = self.floor;
            }
            self.ctx.mip_select(l)
        };
        [sel(l2[0]), sel(l2[1])]
    }
}
