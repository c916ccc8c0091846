//! The fast path's implicit LOD and mip selection for one quad: [`Ctx::lod`] followed by
//! [`Ctx::mip_select`], specialised to what a covered `sample` call asks for (2D footprint,
//! isotropic, shader bias 0, no per-sample clamp) with the per-view constants hoisted.

use crate::core::{Ctx, MipSel};
use crate::fetch::Rgba32F;
use crate::fixed_lod::half_log2_fixed;
use crate::lod;
use tessera_types::desc::{Filter, FilterKind};

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
    /// With bias 0: the clamps in 8.8 fixed point, for LODs read from [`half_log2_fixed`].
    fixed: Option<FixedClamp>,
}

/// [`Ctx::lod`]'s clamps `max(max(MinLOD, min(lod, MaxLOD)), floor)` applied after
/// [`lod::to_fixed`] instead of before: `to_fixed` is monotone, so it commutes with `min` and
/// `max` (the bounds are never NaN: [`crate::Sampler::new`] and the view sanitise them).
#[derive(Clone, Copy)]
struct FixedClamp {
    min: i32,
    max: i32,
    floor: i32,
}

impl FixedClamp {
    #[inline(always)]
    fn apply(self, lod_fx: i32) -> i32 {
        lod_fx.min(self.max).max(self.min).max(self.floor)
    }
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
        let bias = s.bias + 0.0;
        Some(Self {
            ctx,
            size: [s0.width() as f32, s0.height() as f32],
            bias,
            floor,
            filter: s.desc.filter,
            mips: view.mip_count,
            // `lod + 0.0` is `lod` for every non-NaN LOD the table gives.
            // (`floor` is the view's clamp: the per-sample clamp is `f32::MIN`.)
            fixed: (bias == 0.0).then_some(FixedClamp {
                min: s.lod_fx[0],
                max: s.lod_fx[1],
                floor: view.min_lod_clamp_fx,
            }),
        })
    }

    /// [`Ctx::mip_select`] of a LOD already in 8.8 fixed point, line for line, with its inputs
    /// hoisted.
    #[inline(always)]
    fn mip_select(&self, lod_fx: i32) -> MipSel {
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
        self.mip_select(lod::to_fixed(l))
    }

    /// Mip selections of the two quads of a call, with coarse derivatives
    /// `d[q] = [∂u/∂x, ∂v/∂x, ∂u/∂y, ∂v/∂y]` (normalised units): from [`half_log2_fixed`] when the bias is 0 and it answers for both
    /// quads, else both `log2`s at once ([`lod::log2x2`]). A quad with no lane in `live` (its
    /// results are not read, [`crate::sample_live`]) gets the other quad's selection, so only
    /// one is computed and both quads take one trilinear pass. `T` is the caller's texel memory
    /// (`fast::mem`): each caller gets its own copy, which LLVM inlines into its one call site
    /// (shared by the untiled and the tiled path, it was inlined into neither: +2 % `tex`
    /// instructions).
    #[inline]
    #[expect(
        clippy::extra_unused_type_parameters,
        reason = "the parameter only makes one copy per caller (see above)"
    )]
    pub fn select<T>(&self, d: [[f32; 4]; 2], live: u8) -> [MipSel; 2] {
        let [w, h] = self.size;
        // [`Ctx::lod`] for a 2D isotropic footprint: the third axis contributes 0.
        let arg = |q: usize| {
            let d = d[q];
            lod::isotropic_arg([d[0] * w, d[1] * h, 0.0], [d[2] * w, d[3] * h, 0.0])
        };
        let (dead0, dead1) = (live & 0x0f == 0, live & 0xf0 == 0);
        if dead0 || dead1 {
            // One quad read (`live` is never 0: `sample_live` answers that itself).
            let a = arg(usize::from(dead0));
            let m = match (self.fixed, half_log2_fixed(a)) {
                (Some(c), Some(f)) => self.mip_select(c.apply(f)),
                // `log2x2` is `log2` per element, bit for bit.
                _ => self.finish(0.5 * lod::log2(a)),
            };
            return [m, m];
        }
        let (a0, a1) = (arg(0), arg(1));
        if let Some(c) = self.fixed
            && let (Some(f0), Some(f1)) = (half_log2_fixed(a0), half_log2_fixed(a1))
        {
            return [self.mip_select(c.apply(f0)), self.mip_select(c.apply(f1))];
        }
        let l2 = lod::log2x2([a0, a1]);
        // `lod::isotropic` is `0.5 · log2`.
        [self.finish(0.5 * l2[0]), self.finish(0.5 * l2[1])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Reduction;
    use crate::view::{Sampler, TextureView};
    use tessera_format::{Format, Surface};
    use tessera_types::desc::{SamplerDesc, ViewDimension};

    /// A 64×64 RGBA8 mip chain (7 levels) over `data`.
    fn mips(data: &[u8]) -> Vec<Surface<'_>> {
        let f = Format::R8G8B8A8Unorm;
        (0..7)
            .map(|m| {
                let n = 64u32 >> m;
                let (rp, dp) = Surface::tight_pitches(f, n, n);
                Surface::new(f, n, n, 1, rp, dp, &data[..(4 * n * n) as usize]).unwrap()
            })
            .collect()
    }

    /// The core context of `view` and `s` (standard reduction, no comparison).
    fn ctx<'s, 'v, 'a>(view: &'v TextureView<'a>, s: &'s Sampler) -> Ctx<'s, 'v, 'a, Rgba32F> {
        Ctx {
            view,
            s,
            fetch: Rgba32F,
            border: [0.0; 4],
            red: Reduction::Avg,
            cmp: None,
        }
    }

    /// The hoisted mip selection is [`Ctx::mip_select`] for every filter and a sweep of LODs
    /// (8.8 steps, their midpoints and the saturation range).
    #[test]
    fn mip_select_matches_the_core() {
        let data = vec![0u8; 4 * 64 * 64];
        let view = TextureView::new(ViewDimension::Texture2D, mips(&data), 1).unwrap();
        for k in 0..8 {
            let kind = |b| crate::fast::tests::filter_kind(k, b);
            let mut d = SamplerDesc::default();
            (d.filter.min, d.filter.mag, d.filter.mip) = (kind(4), kind(2), kind(1));
            let s = Sampler::new(&d);
            let ctx = ctx(&view, &s);
            let q = QuadLod::new(&ctx).unwrap();
            let lods = (-4000..4000).map(|i| i as f32 / 512.0);
            let extremes = [f32::MAX, f32::MIN, 1e9, -1e9, f32::INFINITY, f32::NAN];
            for l in lods.chain(extremes) {
                assert_eq!(q.mip_select(lod::to_fixed(l)), ctx.mip_select(l), "{k} {l}");
            }
        }
    }

    /// The table LOD with the clamps in fixed point selects what [`QuadLod::finish`] selects
    /// from `log2`, for clamps inside, across and beyond the LOD range (NaN included) and LODs
    /// swept over the magnified and minified range.
    #[test]
    #[expect(
        clippy::disallowed_methods,
        reason = "powf only spreads the test inputs; both sides see the same values"
    )]
    fn fixed_clamps_match_the_float_clamps() {
        let data = vec![0u8; 4 * 64 * 64];
        let clamps = [
            (f32::MIN, f32::MAX),
            (0.0, 3.0),
            (1.3, 2.71),
            (2.5, 1.5),
            (-2.0, -1.0),
            (f32::NEG_INFINITY, f32::INFINITY),
            (f32::NAN, 2.0),
            (1.0, f32::NAN),
        ];
        let mut answered = 0;
        for (min_lod, max_lod) in clamps {
            for view_clamp in [0.0, 1.6] {
                let view = TextureView::new(ViewDimension::Texture2D, mips(&data), 1)
                    .unwrap()
                    .with_resource_min_lod(view_clamp, 0);
                let mut d = SamplerDesc::default();
                (d.min_lod, d.max_lod) = (min_lod, max_lod);
                (d.filter.min, d.filter.mag, d.filter.mip) =
                    (FilterKind::Linear, FilterKind::Point, FilterKind::Linear);
                let s = Sampler::new(&d);
                let ctx = ctx(&view, &s);
                let q = QuadLod::new(&ctx).unwrap();
                let c = q.fixed.unwrap();
                for i in 0..20_000 {
                    let a = 2f32.powf(i as f32 * 1e-3 - 8.0);
                    if let Some(f) = half_log2_fixed(a) {
                        answered += 1;
                        let want = q.finish(0.5 * lod::log2(a));
                        assert_eq!(q.mip_select(c.apply(f)), want, "{a} {min_lod} {max_lod}");
                    }
                }
            }
        }
        assert!(answered > 300_000, "{answered}");
    }
}
