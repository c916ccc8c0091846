//! Blending and logic operations on eight lanes (SPEC §5.2).

use tessera_types::{Blend, BlendOp, LogicOp, RenderTargetBlendDesc};
use wide::f32x8;

use crate::shader::Reg;

/// Clamps every channel to `range`; NaN becomes the range minimum. `maxps(v, lo)` returns its
/// second operand when `v` is NaN and `lo` is never NaN, so the plain `fast_max`/`fast_min` give
/// exactly what the NaN-aware `max`/`min` would, in a third of the instructions.
#[inline(always)]
fn clamp(v: &Reg, range: Option<(f32, f32)>) -> Reg {
    match range {
        Some((lo, hi)) => {
            let (lo, hi) = (f32x8::splat(lo), f32x8::splat(hi));
            // Written out: `array::map` over f32x8 is not always inlined.
            let c = |c: f32x8| c.fast_max(lo).fast_min(hi);
            [c(v[0]), c(v[1]), c(v[2]), c(v[3])]
        }
        None => *v,
    }
}

/// The blend factor constant of one target, clamped to its range once per draw (SPEC §5.2).
pub fn blend_constant(blend_factor: [f32; 4], range: Option<(f32, f32)>) -> [f32; 4] {
    match range {
        // The scalar form of `maxps`/`minps` (`a > b ? a : b`), as `clamp` does on lanes.
        Some((lo, hi)) => blend_factor.map(|c| {
            let c = if c > lo { c } else { lo };
            if c < hi { c } else { hi }
        }),
        None => blend_factor,
    }
}

/// The factor of `blend` for channel `c` (0..3; 3 is alpha).
#[inline(always)]
fn factor(blend: Blend, c: usize, src: &Reg, src1: &Reg, dst: &Reg, constant: &Reg) -> f32x8 {
    let one = f32x8::ONE;
    match blend {
        Blend::Zero => f32x8::ZERO,
        Blend::One => one,
        Blend::SrcColor => src[c],
        Blend::InvSrcColor => one - src[c],
        Blend::SrcAlpha => src[3],
        Blend::InvSrcAlpha => one - src[3],
        Blend::DestAlpha => dst[3],
        Blend::InvDestAlpha => one - dst[3],
        Blend::DestColor => dst[c],
        Blend::InvDestColor => one - dst[c],
        Blend::SrcAlphaSat => {
            if c == 3 {
                one
            } else {
                src[3].min(one - dst[3])
            }
        }
        Blend::BlendFactor => constant[c],
        Blend::InvBlendFactor => one - constant[c],
        Blend::Src1Color => src1[c],
        Blend::InvSrc1Color => one - src1[c],
        Blend::Src1Alpha => src1[3],
        Blend::InvSrc1Alpha => one - src1[3],
    }
}

#[inline(always)]
fn combine(op: BlendOp, s: f32x8, fs: f32x8, d: f32x8, fd: f32x8) -> f32x8 {
    match op {
        BlendOp::Add => s * fs + d * fd,
        BlendOp::Subtract => s * fs - d * fd,
        BlendOp::RevSubtract => d * fd - s * fs,
        BlendOp::Min => s.min(d),
        BlendOp::Max => s.max(d),
    }
}

/// Blends `src` over `dst` for one render target: inputs are clamped to the target's range
/// (`constant` is the blend factor already clamped by [`blend_constant`]),
/// `RGB = src·Fs OP dst·Fd`, `A = src.a·Fsα OPα dst.a·Fdα`, then the result is clamped again
/// (SPEC §5.2). `range` is `None` for float targets.
#[inline]
pub fn blend(
    desc: &RenderTargetBlendDesc,
    src: &Reg,
    src1: &Reg,
    dst: &Reg,
    constant: [f32; 4],
    range: Option<(f32, f32)>,
) -> Reg {
    let src = clamp(src, range);
    let dual = [
        desc.src_blend,
        desc.dest_blend,
        desc.src_blend_alpha,
        desc.dest_blend_alpha,
    ]
    .iter()
    .any(|b| b.is_dual_source());
    let src1 = if dual { clamp(src1, range) } else { *src1 };
    let constant = constant.map(f32x8::splat);
    let mut out = [f32x8::ZERO; 4];
    for (c, o) in out.iter_mut().enumerate() {
        let (sf, df, op) = if c == 3 {
            (
                desc.src_blend_alpha,
                desc.dest_blend_alpha,
                desc.blend_op_alpha,
            )
        } else {
            (desc.src_blend, desc.dest_blend, desc.blend_op)
        };
        let fs = factor(sf, c, &src, &src1, dst, &constant);
        let fd = factor(df, c, &src, &src1, dst, &constant);
        *o = combine(op, src[c], fs, dst[c], fd);
    }
    clamp(&out, range)
}

/// How one target blends, decided once per draw so the common states skip the general
/// factor dispatch of [`blend`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlendPlan {
    /// Blending off: the shader's value is written as is.
    Off,
    /// Colour `SRC_ALPHA, INV_SRC_ALPHA, ADD` and alpha `ONE` or `SRC_ALPHA`, `INV_SRC_ALPHA`,
    /// `ADD` ("over"): [`blend_over_unorm`] on RGBA8/BGRA8 blocks, bit-identical to [`blend`] for that state.
    Over {
        /// The alpha source factor is `ONE` (else `SRC_ALPHA`).
        alpha_one: bool,
    },
    /// Any other state: [`blend`].
    General,
}

impl BlendPlan {
    /// The plan as the UNORM8 fast paths take it (the uniform-colour tables, the AVX2 run
    /// kernels): `Some(None)` blending off, `Some(Some(alpha_one))` "over", `None` any other
    /// state (those paths decline it).
    #[inline(always)]
    pub fn off_or_over(self) -> Option<Option<bool>> {
        match self {
            Self::Off => Some(None),
            Self::Over { alpha_one } => Some(Some(alpha_one)),
            Self::General => None,
        }
    }

    /// The plan for `desc` (logic ops are handled by the caller before blending).
    pub fn of(desc: &RenderTargetBlendDesc) -> Self {
        if !desc.blend_enable {
            return Self::Off;
        }
        let colour_over = desc.src_blend == Blend::SrcAlpha
            && desc.dest_blend == Blend::InvSrcAlpha
            && desc.blend_op == BlendOp::Add;
        let alpha_over = matches!(desc.src_blend_alpha, Blend::One | Blend::SrcAlpha)
            && desc.dest_blend_alpha == Blend::InvSrcAlpha
            && desc.blend_op_alpha == BlendOp::Add;
        if colour_over && alpha_over {
            Self::Over {
                alpha_one: desc.src_blend_alpha == Blend::One,
            }
        } else {
            Self::General
        }
    }
}

/// [`blend`] for the [`BlendPlan::Over`] states of a UNORM target (range [0, 1]): the same
/// clamps, products and sums in the same order (`x·1 = x` exactly, so the `ONE` factor's
/// product is skipped). The final clamp is left to the UNORM encode, which clamps to [0, 1]
/// (NaN → 0) exactly as the clamp would.
#[inline(always)]
pub fn blend_over_unorm(src: &Reg, dst: &Reg, alpha_one: bool) -> Reg {
    let src = clamp(src, Some((0.0, 1.0)));
    let a = src[3];
    let ia = f32x8::ONE - a;
    let alpha = if alpha_one { src[3] } else { src[3] * a };
    [
        src[0] * a + dst[0] * ia,
        src[1] * a + dst[1] * ia,
        src[2] * a + dst[2] * ia,
        alpha + dst[3] * ia,
    ]
}

/// Fits a logic-op result to a `bits`-wide integer channel the way the target stores it: the
/// low bits are kept (zero-extended for UINT, sign-extended for SINT), so the saturating
/// integer encode leaves them unchanged (SPEC §5.2: logic ops take the low bits).
#[inline]
pub fn fit_logic_bits(v: u32, bits: u32, signed: bool) -> u32 {
    if bits == 0 || bits >= 32 {
        return v;
    }
    let mask = (1u32 << bits) - 1;
    let low = v & mask;
    if signed && low >> (bits - 1) != 0 {
        low | !mask
    } else {
        low
    }
}

/// Applies a logic operation to 32-bit integer lanes (SPEC §5.2): `s` is the shader value,
/// `d` the stored value; the target's encode keeps the low bits.
#[inline]
pub fn logic_op(op: LogicOp, s: u32, d: u32) -> u32 {
    match op {
        LogicOp::Clear => 0,
        LogicOp::Set => u32::MAX,
        LogicOp::Copy => s,
        LogicOp::CopyInverted => !s,
        LogicOp::Noop => d,
        LogicOp::Invert => !d,
        LogicOp::And => s & d,
        LogicOp::Nand => !(s & d),
        LogicOp::Or => s | d,
        LogicOp::Nor => !(s | d),
        LogicOp::Xor => s ^ d,
        LogicOp::Equiv => !(s ^ d),
        LogicOp::AndReverse => s & !d,
        LogicOp::AndInverted => !s & d,
        LogicOp::OrReverse => s | !d,
        LogicOp::OrInverted => !s | d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::om::unorm8::{decode, encode_rgba};
    use wide::u32x8;

    /// `blend_over_unorm` followed by the UNORM8 encode equals the general `blend` followed by
    /// the same encode, for both "over" states, on hostile sources and every stored code.
    #[test]
    fn over_plan_matches_the_general_blend() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let specials = [f32::NAN, -0.0, 0.0, 1.0, -1.0, 2.0, f32::INFINITY, 1.0e-30];
        for alpha_one in [true, false] {
            let desc = RenderTargetBlendDesc {
                blend_enable: true,
                src_blend: Blend::SrcAlpha,
                dest_blend: Blend::InvSrcAlpha,
                src_blend_alpha: if alpha_one {
                    Blend::One
                } else {
                    Blend::SrcAlpha
                },
                dest_blend_alpha: Blend::InvSrcAlpha,
                ..Default::default()
            };
            assert_eq!(BlendPlan::of(&desc), BlendPlan::Over { alpha_one });
            for round in 0..20_000 {
                let mut lane = |_| {
                    let r = next();
                    if r % 16 == 0 {
                        specials[(r >> 8) as usize % specials.len()]
                    } else {
                        (r >> 40) as f32 / (1u64 << 24) as f32 * 1.25 - 0.125
                    }
                };
                let src: Reg =
                    core::array::from_fn(|_| f32x8::from(core::array::from_fn(&mut lane)));
                let dst: Reg = core::array::from_fn(|c| {
                    let codes: [u32; 8] =
                        core::array::from_fn(|k| ((round * 8 + k + 61 * c) % 256) as u32);
                    decode(u32x8::from(codes))
                });
                let fast = encode_rgba(&blend_over_unorm(&src, &dst, alpha_one));
                let general =
                    encode_rgba(&blend(&desc, &src, &src, &dst, [1.0; 4], Some((0.0, 1.0))));
                for c in 0..4 {
                    assert_eq!(fast[c].to_array(), general[c].to_array(), "channel {c}");
                }
            }
        }
    }

    #[test]
    fn other_states_take_the_general_path() {
        let mut desc = RenderTargetBlendDesc::default();
        assert_eq!(BlendPlan::of(&desc), BlendPlan::Off);
        desc.blend_enable = true;
        assert_eq!(BlendPlan::of(&desc), BlendPlan::General);
        desc.src_blend = Blend::SrcAlpha;
        desc.dest_blend = Blend::InvSrcAlpha;
        desc.dest_blend_alpha = Blend::InvSrcAlpha;
        desc.src_blend_alpha = Blend::DestAlpha;
        assert_eq!(BlendPlan::of(&desc), BlendPlan::General);
    }
}
