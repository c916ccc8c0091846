//! Blending and logic operations on eight lanes (SPEC §5.2).

use tessera_caps::{Blend, BlendOp, LogicOp, RenderTargetBlendDesc};
use wide::f32x8;

use crate::shader::Reg;

/// Clamps every channel to `range` (NaN is kept: float-rule propagation is for float targets,
/// which have no range; for fixed-point targets the final encode maps NaN to 0).
#[inline(always)]
fn clamp(v: &Reg, range: Option<(f32, f32)>) -> Reg {
    match range {
        Some((lo, hi)) => {
            let (lo, hi) = (f32x8::splat(lo), f32x8::splat(hi));
            [
                v[0].max(lo).min(hi),
                v[1].max(lo).min(hi),
                v[2].max(lo).min(hi),
                v[3].max(lo).min(hi),
            ]
        }
        None => *v,
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

/// Blends `src` over `dst` for one render target: inputs and the blend factor are clamped to
/// the target's range, `RGB = src·Fs OP dst·Fd`, `A = src.a·Fsα OPα dst.a·Fdα`, then the result
/// is clamped again (SPEC §5.2). `range` is `None` for float targets.
#[inline]
pub fn blend(
    desc: &RenderTargetBlendDesc,
    src: &Reg,
    src1: &Reg,
    dst: &Reg,
    blend_factor: [f32; 4],
    range: Option<(f32, f32)>,
) -> Reg {
    let src = clamp(src, range);
    let src1 = clamp(src1, range);
    let [f0, f1, f2, f3] = blend_factor;
    let constant = clamp(
        &[
            f32x8::splat(f0),
            f32x8::splat(f1),
            f32x8::splat(f2),
            f32x8::splat(f3),
        ],
        range,
    );
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
