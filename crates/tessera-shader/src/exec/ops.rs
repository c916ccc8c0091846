//! One op over 8 lanes. Each arm is a plain per-lane loop over `f32`/`i32`/`u32`; nothing here
//! uses a fused multiply-add or the platform's libm (transcendentals come from the `libm`
//! crate's pure-Rust code, the same bits on every CPU).

use tessera_pipeline::env::ShaderEnv;
use tessera_sampler::{ddx_coarse, ddx_fine, ddy_coarse, ddy_fine};
use wide::{f32x8, i32x8};

use super::bits;
use crate::ir::{Cmp, CmpKind, Cvt, Deriv, FBin, FUn, IBin, IUn, Lanes, Op, SampleKind, TexQuery};

/// The lanes whose `bool` register is true, as a bit mask.
#[inline]
pub fn mask_of(r: &Lanes) -> u8 {
    let mut m = 0u8;
    for (l, v) in r.iter().enumerate() {
        if *v != 0 {
            m |= 1 << l;
        }
    }
    m
}

#[inline]
fn f(v: u32) -> f32 {
    f32::from_bits(v)
}

#[inline]
fn map1(a: &Lanes, g: impl Fn(u32) -> u32) -> Lanes {
    let mut o = [0; 8];
    for l in 0..8 {
        o[l] = g(a[l]);
    }
    o
}

#[inline]
fn map2(a: &Lanes, b: &Lanes, g: impl Fn(u32, u32) -> u32) -> Lanes {
    let mut o = [0; 8];
    for l in 0..8 {
        o[l] = g(a[l], b[l]);
    }
    o
}

#[inline]
fn ff1(a: &Lanes, g: impl Fn(f32) -> f32) -> Lanes {
    map1(a, |x| g(f(x)).to_bits())
}

#[inline]
fn ff2(a: &Lanes, b: &Lanes, g: impl Fn(f32, f32) -> f32) -> Lanes {
    map2(a, b, |x, y| g(f(x), f(y)).to_bits())
}

/// IEEE-754 minNum with a fixed choice between zeros: a NaN operand yields the other one, and
/// `min(-0, +0) = -0` (Rust's `f32::min` leaves the zero to the platform).
fn min_num(x: f32, y: f32) -> f32 {
    if x.is_nan() || y < x || (y == x && y.is_sign_negative()) {
        y
    } else {
        x
    }
}

/// IEEE-754 maxNum with a fixed choice between zeros: `max(-0, +0) = +0`.
fn max_num(x: f32, y: f32) -> f32 {
    if x.is_nan() || y > x || (y == x && y.is_sign_positive()) {
        y
    } else {
        x
    }
}

fn fun(op: FUn, a: &Lanes) -> Lanes {
    match op {
        FUn::Neg => map1(a, |x| x ^ 0x8000_0000),
        FUn::Abs => map1(a, |x| x & 0x7fff_ffff),
        FUn::Sqrt => ff1(a, f32::sqrt),
        FUn::Floor => ff1(a, f32::floor),
        FUn::Ceil => ff1(a, f32::ceil),
        FUn::Trunc => ff1(a, f32::trunc),
        FUn::Round => ff1(a, f32::round_ties_even),
        FUn::Fract => ff1(a, |x| x - x.floor()),
        FUn::Sign => ff1(a, |x| {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                0.0
            }
        }),
        FUn::Saturate => ff1(a, |x| if x > 0.0 { x.min(1.0) } else { 0.0 }),
        FUn::InverseSqrt => ff1(a, |x| 1.0 / x.sqrt()),
        FUn::Sin => ff1(a, libm::sinf),
        FUn::Cos => ff1(a, libm::cosf),
        FUn::Tan => ff1(a, libm::tanf),
        FUn::Asin => ff1(a, libm::asinf),
        FUn::Acos => ff1(a, libm::acosf),
        FUn::Atan => ff1(a, libm::atanf),
        FUn::Sinh => ff1(a, libm::sinhf),
        FUn::Cosh => ff1(a, libm::coshf),
        FUn::Tanh => ff1(a, libm::tanhf),
        FUn::Asinh => ff1(a, libm::asinhf),
        FUn::Acosh => ff1(a, libm::acoshf),
        FUn::Atanh => ff1(a, libm::atanhf),
        FUn::Exp => ff1(a, libm::expf),
        FUn::Exp2 => ff1(a, libm::exp2f),
        FUn::Log => ff1(a, libm::logf),
        FUn::Log2 => ff1(a, libm::log2f),
        FUn::QuantizeF16 => ff1(a, |x| {
            tessera_format::convert::f16_to_f32(tessera_format::convert::f32_to_f16(x))
        }),
        FUn::FrexpFract => ff1(a, |x| libm::frexpf(x).0),
        FUn::FrexpExp => map1(a, |x| libm::frexpf(f(x)).1.cast_unsigned()),
    }
}

fn fbin(op: FBin, a: &Lanes, b: &Lanes) -> Lanes {
    match op {
        FBin::Add => ff2(a, b, |x, y| x + y),
        FBin::Sub => ff2(a, b, |x, y| x - y),
        FBin::Mul => ff2(a, b, |x, y| x * y),
        FBin::Div => ff2(a, b, |x, y| x / y),
        FBin::Rem => ff2(a, b, |x, y| x % y),
        FBin::Min => ff2(a, b, min_num),
        FBin::Max => ff2(a, b, max_num),
        FBin::Pow => ff2(a, b, libm::powf),
        FBin::Atan2 => ff2(a, b, libm::atan2f),
        FBin::Step => ff2(a, b, |edge, x| if x >= edge { 1.0 } else { 0.0 }),
        FBin::Ldexp => map2(a, b, |x, e| {
            libm::ldexpf(f32::from_bits(x), e.cast_signed()).to_bits()
        }),
    }
}

fn s(v: u32) -> i32 {
    v.cast_signed()
}

fn ibin(op: IBin, a: &Lanes, b: &Lanes) -> Lanes {
    match op {
        IBin::Add => map2(a, b, u32::wrapping_add),
        IBin::Sub => map2(a, b, u32::wrapping_sub),
        IBin::Mul => map2(a, b, u32::wrapping_mul),
        IBin::SDiv => map2(a, b, |x, y| {
            if y == 0 || (s(x) == i32::MIN && s(y) == -1) {
                x
            } else {
                (s(x) / s(y)).cast_unsigned()
            }
        }),
        IBin::UDiv => map2(a, b, |x, y| x.checked_div(y).unwrap_or(x)),
        IBin::SRem => map2(a, b, |x, y| {
            if y == 0 || (s(x) == i32::MIN && s(y) == -1) {
                0
            } else {
                (s(x) % s(y)).cast_unsigned()
            }
        }),
        IBin::URem => map2(a, b, |x, y| x.checked_rem(y).unwrap_or(0)),
        IBin::And => map2(a, b, |x, y| x & y),
        IBin::Or => map2(a, b, |x, y| x | y),
        IBin::Xor => map2(a, b, |x, y| x ^ y),
        IBin::Shl => map2(a, b, |x, y| x << (y & 31)),
        IBin::ShrS => map2(a, b, |x, y| (s(x) >> (y & 31)).cast_unsigned()),
        IBin::ShrU => map2(a, b, |x, y| x >> (y & 31)),
        IBin::UAddSat => map2(a, b, u32::saturating_add),
        IBin::SMin => map2(a, b, |x, y| s(x).min(s(y)).cast_unsigned()),
        IBin::SMax => map2(a, b, |x, y| s(x).max(s(y)).cast_unsigned()),
        IBin::UMin => map2(a, b, u32::min),
        IBin::UMax => map2(a, b, u32::max),
        IBin::Dot4I8 => map2(a, b, |x, y| bits::dot4(x, y, true)),
        IBin::Dot4U8 => map2(a, b, |x, y| bits::dot4(x, y, false)),
    }
}

fn iun(op: IUn, a: &Lanes) -> Lanes {
    match op {
        IUn::Neg => map1(a, u32::wrapping_neg),
        IUn::Not => map1(a, |x| !x),
        IUn::SAbs => map1(a, |x| s(x).wrapping_abs().cast_unsigned()),
        IUn::SSign => map1(a, |x| s(x).signum().cast_unsigned()),
        IUn::CountOnes => map1(a, u32::count_ones),
        IUn::ReverseBits => map1(a, u32::reverse_bits),
        IUn::Clz => map1(a, u32::leading_zeros),
        IUn::Ctz => map1(a, u32::trailing_zeros),
        IUn::FirstLeadingBitU => map1(a, |x| 31u32.wrapping_sub(x.leading_zeros())),
        IUn::FirstLeadingBitS => map1(a, |x| {
            // The highest bit that differs from the sign: of `x` when positive, of `!x` when
            // negative; none (-1) for 0 and -1.
            let m = if s(x) < 0 { !x } else { x };
            31u32.wrapping_sub(m.leading_zeros())
        }),
        IUn::FirstTrailingBit => map1(a, |x| if x == 0 { u32::MAX } else { x.trailing_zeros() }),
        IUn::BoolNot => map1(a, |x| u32::from(x == 0)),
    }
}

fn cmp(c: Cmp, k: CmpKind, a: &Lanes, b: &Lanes) -> Lanes {
    fn pick<T: PartialOrd>(c: Cmp, x: T, y: T) -> u32 {
        u32::from(match c {
            Cmp::Eq => x == y,
            Cmp::Ne => x != y,
            Cmp::Lt => x < y,
            Cmp::Le => x <= y,
            Cmp::Gt => x > y,
            Cmp::Ge => x >= y,
        })
    }
    match k {
        CmpKind::F => map2(a, b, |x, y| pick(c, f(x), f(y))),
        CmpKind::S => map2(a, b, |x, y| pick(c, s(x), s(y))),
        CmpKind::U => map2(a, b, |x, y| pick(c, x, y)),
    }
}

fn cvt(c: Cvt, a: &Lanes) -> Lanes {
    match c {
        // Rust's `as` truncates, saturates at the range ends and maps NaN to 0: WGSL's rule.
        #[expect(
            clippy::cast_possible_truncation,
            reason = "saturating conversion is the rule"
        )]
        Cvt::F2S => map1(a, |x| (f(x) as i32).cast_unsigned()),
        #[expect(
            clippy::cast_possible_truncation,
            reason = "saturating conversion is the rule"
        )]
        #[expect(clippy::cast_sign_loss, reason = "saturating conversion is the rule")]
        Cvt::F2U => map1(a, |x| f(x) as u32),
        #[expect(clippy::cast_precision_loss, reason = "round to nearest is the rule")]
        Cvt::S2F => map1(a, |x| (s(x) as f32).to_bits()),
        #[expect(clippy::cast_precision_loss, reason = "round to nearest is the rule")]
        Cvt::U2F => map1(a, |x| (x as f32).to_bits()),
        Cvt::B2F => map1(a, |x| if x != 0 { 1.0f32.to_bits() } else { 0 }),
        Cvt::I2B => map1(a, |x| u32::from(x != 0)),
        Cvt::F2B => map1(a, |x| u32::from(f(x) != 0.0)),
        Cvt::IsNan => map1(a, |x| u32::from(f(x).is_nan())),
        Cvt::IsInf => map1(a, |x| u32::from(f(x).is_infinite())),
    }
}

fn to_f32x8(r: &Lanes) -> f32x8 {
    f32x8::new(r.map(f32::from_bits))
}

fn from_f32x8(v: f32x8) -> Lanes {
    v.to_array().map(f32::to_bits)
}

/// Writes `v` into the lanes of `mask` (all lanes when the mask is full).
#[inline]
fn masked(dst: &mut Lanes, v: &Lanes, mask: u8) {
    if mask == 0xff {
        *dst = *v;
        return;
    }
    for l in 0..8 {
        if mask & (1 << l) != 0 {
            dst[l] = v[l];
        }
    }
}

/// Runs one op. Register numbers come from the compiler and are always in range.
pub fn exec(regs: &mut [Lanes], env: &ShaderEnv<'_>, op: &Op, mask: u8) {
    let r = |i: u32| i as usize;
    match *op {
        Op::FBin(o, d, a, b) => regs[r(d)] = fbin(o, &regs[r(a)], &regs[r(b)]),
        Op::FUn(o, d, a) => regs[r(d)] = fun(o, &regs[r(a)]),
        Op::IBin(o, d, a, b) => regs[r(d)] = ibin(o, &regs[r(a)], &regs[r(b)]),
        Op::IUn(o, d, a) => regs[r(d)] = iun(o, &regs[r(a)]),
        Op::Cmp(c, k, d, a, b) => regs[r(d)] = cmp(c, k, &regs[r(a)], &regs[r(b)]),
        Op::Select { dst, cond, a, b } => {
            let (c, x, y) = (regs[r(cond)], regs[r(a)], regs[r(b)]);
            let mut o = [0; 8];
            for l in 0..8 {
                o[l] = if c[l] != 0 { x[l] } else { y[l] };
            }
            regs[r(dst)] = o;
        }
        Op::Cvt(c, d, a) => regs[r(d)] = cvt(c, &regs[r(a)]),
        Op::Fma(d, a, b, c) => {
            let (x, y, z) = (regs[r(a)], regs[r(b)], regs[r(c)]);
            let mut o = [0; 8];
            for l in 0..8 {
                o[l] = libm::fmaf(f(x[l]), f(y[l]), f(z[l])).to_bits();
            }
            regs[r(d)] = o;
        }
        Op::Pack(k, d, src) => {
            let c = src.map(|i| regs[r(i)]);
            regs[r(d)] = std::array::from_fn(|l| bits::pack(k, c.map(|v| v[l])));
        }
        Op::Unpack(k, dst, src) => {
            let v = regs[r(src)].map(|x| bits::unpack(k, x));
            for (c, &d) in dst.iter().enumerate().take(k.components()) {
                regs[r(d)] = v.map(|u| u[c]);
            }
        }
        Op::ExtractBits {
            dst,
            e,
            offset,
            count,
            signed,
        } => {
            let (x, o, c) = (&regs[r(e)], &regs[r(offset)], &regs[r(count)]);
            regs[r(dst)] = bits::map3(x, o, c, |x, o, c| bits::extract_bits(x, o, c, signed));
        }
        Op::InsertBits {
            dst,
            e,
            newbits,
            offset,
            count,
        } => {
            let (x, n) = (regs[r(e)], regs[r(newbits)]);
            let (o, c) = (&regs[r(offset)], &regs[r(count)]);
            regs[r(dst)] = std::array::from_fn(|l| bits::insert_bits(x[l], n[l], o[l], c[l]));
        }
        Op::Copy(d, a) => regs[r(d)] = regs[r(a)],
        Op::Store(d, a) => {
            let v = regs[r(a)];
            masked(&mut regs[r(d)], &v, mask);
        }
        Op::Gather {
            dst,
            base,
            len,
            index,
        } => {
            let idx = regs[r(index)];
            let mut o = [0; 8];
            for l in 0..8 {
                o[l] = regs[r(base + idx[l].min(len - 1))][l];
            }
            regs[r(dst)] = o;
        }
        Op::Scatter {
            base,
            len,
            index,
            src,
        } => {
            let (idx, v) = (regs[r(index)], regs[r(src)]);
            for l in 0..8 {
                if mask & (1 << l) != 0 {
                    regs[r(base + idx[l].min(len - 1))][l] = v[l];
                }
            }
        }
        Op::Index {
            dst,
            index,
            signed,
            len,
            stride,
        } => {
            regs[r(dst)] = map1(&regs[r(index)], |i| {
                let i = if signed && s(i) < 0 { 0 } else { i };
                i.min(len - 1).saturating_mul(stride)
            });
        }
        Op::LoadCb {
            dst,
            slot,
            offset,
            dynamic,
        } => {
            let bytes = env.constant_buffers.get(r(slot)).copied().flatten();
            let word = |at: u64| -> u32 {
                usize::try_from(at)
                    .ok()
                    .and_then(|at| bytes?.get(at..at.checked_add(4)?))
                    .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            };
            regs[r(dst)] = match dynamic {
                // A static offset reads the same word in every lane.
                None => [word(u64::from(offset)); 8],
                Some(d) => {
                    let dynv = regs[r(d)];
                    dynv.map(|v| word(u64::from(offset) + u64::from(v)))
                }
            };
        }
        Op::Sample {
            kind,
            dst,
            texture,
            sampler,
            coords,
            extra,
            ref grad,
            offset,
        } => {
            let c = coords.map(|i| to_f32x8(&regs[r(i)]));
            let view = env.texture(r(texture));
            let smp = env.sampler(r(sampler));
            let e = extra.map_or(f32x8::ZERO, |i| to_f32x8(&regs[r(i)]));
            let one = |v: f32x8| [v, f32x8::ZERO, f32x8::ZERO, f32x8::ZERO];
            let out = match kind {
                SampleKind::Implicit => tessera_sampler::sample(view, smp, c, offset),
                SampleKind::Bias => tessera_sampler::sample_bias(view, smp, c, e, offset),
                SampleKind::Level => tessera_sampler::sample_level(view, smp, c, e, offset),
                SampleKind::Grad => {
                    let g = grad.as_deref().copied().unwrap_or([0; 6]);
                    let d = |k: usize| to_f32x8(&regs[r(g[k])]);
                    let (ddx, ddy) = ([d(0), d(1), d(2)], [d(3), d(4), d(5)]);
                    tessera_sampler::sample_grad(view, smp, c, ddx, ddy, offset)
                }
                SampleKind::Compare => one(tessera_sampler::sample_cmp(view, smp, c, e, offset)),
                SampleKind::CompareLevelZero => one(tessera_sampler::sample_cmp_level_zero(
                    view, smp, c, e, offset,
                )),
                SampleKind::Gather(comp) => tessera_sampler::gather(view, smp, c, comp, offset),
                SampleKind::GatherCompare => tessera_sampler::gather_cmp(view, smp, c, e, offset),
            };
            for (d, v) in dst.iter().zip(out) {
                regs[r(*d)] = from_f32x8(v);
            }
        }
        Op::Load {
            dst,
            texture,
            coords,
            sample,
        } => {
            let c = coords.map(|i| i32x8::new(regs[r(i)].map(u32::cast_signed)));
            let view = env.texture(r(texture));
            let out = match sample {
                Some(s) => {
                    let s = i32x8::new(regs[r(s)].map(u32::cast_signed));
                    tessera_sampler::load_sample(view, [c[0], c[1], c[2]], s)
                }
                None => tessera_sampler::load(view, c, [0; 3]),
            };
            for (d, v) in dst.iter().zip(out) {
                regs[r(*d)] = v.to_array();
            }
        }
        Op::TexQuery {
            query,
            dst,
            texture,
            level,
        } => {
            let view = env.texture(r(texture));
            let mut out = [[0u32; 8]; 3];
            for l in 0..8 {
                let v = match (view, query) {
                    (None, _) => [0; 3],
                    (Some(v), TexQuery::Size(_)) => {
                        let (w, h, d) = v.dimensions(regs[r(level)][l]);
                        [w, h, d]
                    }
                    (Some(v), TexQuery::Levels) => [v.mip_count(), 0, 0],
                    (Some(v), TexQuery::Layers) => [v.dimensions(0).2, 0, 0],
                    (Some(v), TexQuery::Samples) => [v.samples(), 0, 0],
                };
                for (o, x) in out.iter_mut().zip(v) {
                    o[l] = x;
                }
            }
            let n = match query {
                TexQuery::Size(n) => usize::from(n),
                _ => 1,
            };
            for (d, v) in dst.iter().zip(out).take(n) {
                regs[r(*d)] = v;
            }
        }
        Op::Deriv(k, d, a) => {
            let v = to_f32x8(&regs[r(a)]);
            regs[r(d)] = from_f32x8(match k {
                Deriv::XCoarse => ddx_coarse(v),
                Deriv::YCoarse => ddy_coarse(v),
                Deriv::XFine => ddx_fine(v),
                Deriv::YFine => ddy_fine(v),
            });
        }
        // Memory ops are run by the machine that owns the memory (`exec::memop`, from the
        // compute and fragment machines); the vertex stage never contains one (the compiler
        // refuses storage there).
        Op::Mem(_) => {}
    }
}
