//! WGSL numeric builtins beyond [`math`](super::math)'s component-wise ones: bit fields,
//! data packing, packed dot products, `modf`/`frexp` (struct results), `quantizeToF16`,
//! `refract`. Each is exact and in a fixed order (docs/shaders.md).

use naga::MathFunction as M;

use super::Compiler;
use super::expr::unsupported;
use crate::error::CompileError;
use crate::ir::{Cmp, CmpKind, FBin, FUn, IBin, Op, Pack, R};

/// The operands of one builtin call: the first argument's registers and the others'.
pub(super) struct Args {
    /// `arg`.
    pub a: Vec<R>,
    /// `arg1`, `arg2`, `arg3` (empty when absent).
    pub more: [Vec<R>; 3],
    /// True when `arg` is `i32`/`vecN<i32>`.
    pub signed: bool,
}

fn pack_of(fun: M) -> Option<(Pack, bool)> {
    Some(match fun {
        M::Pack4x8snorm => (Pack::Snorm4x8, true),
        M::Pack4x8unorm => (Pack::Unorm4x8, true),
        M::Pack2x16snorm => (Pack::Snorm2x16, true),
        M::Pack2x16unorm => (Pack::Unorm2x16, true),
        M::Pack2x16float => (Pack::Float2x16, true),
        M::Pack4xI8 => (Pack::I8x4, true),
        M::Pack4xU8 => (Pack::U8x4, true),
        M::Pack4xI8Clamp => (Pack::I8x4Clamp, true),
        M::Pack4xU8Clamp => (Pack::U8x4Clamp, true),
        M::Unpack4x8snorm => (Pack::Snorm4x8, false),
        M::Unpack4x8unorm => (Pack::Unorm4x8, false),
        M::Unpack2x16snorm => (Pack::Snorm2x16, false),
        M::Unpack2x16unorm => (Pack::Unorm2x16, false),
        M::Unpack2x16float => (Pack::Float2x16, false),
        M::Unpack4xI8 => (Pack::I8x4, false),
        M::Unpack4xU8 => (Pack::U8x4, false),
        _ => return None,
    })
}

impl Compiler<'_> {
    /// The builtins of this module; `None` for any other function.
    pub(super) fn builtin(&mut self, fun: M, args: &Args) -> Option<Result<Vec<R>, CompileError>> {
        let a = &args.a;
        let [b, c, d] = &args.more;
        if let Some((kind, pack)) = pack_of(fun) {
            // Shifts and masks are SM 4 integer ops; binary16 conversions (`f32tof16`,
            // `f16tof32`) are SM 5.
            self.uses.needs_sm4 = true;
            self.uses.needs_sm5 |= kind == Pack::Float2x16;
            return Some(if pack {
                let mut src = [0; 4];
                for (s, &r) in src.iter_mut().zip(a) {
                    *s = r;
                }
                self.emit(|dst| Op::Pack(kind, dst, src)).map(|r| vec![r])
            } else {
                self.unpack(kind, a[0])
            });
        }
        Some(match fun {
            M::ExtractBits | M::InsertBits => {
                // `ubfe` / `ibfe` / `bfi` are SM 5 instructions.
                self.uses.needs_sm4 = true;
                self.uses.needs_sm5 = true;
                let (offset, count) = if fun == M::ExtractBits {
                    (b, c)
                } else {
                    (c, d)
                };
                let (Some(&offset), Some(&count)) = (offset.first(), count.first()) else {
                    return Some(Err(unsupported("a bit-field builtin without offset/count")));
                };
                let signed = args.signed;
                a.iter()
                    .enumerate()
                    .map(|(i, &e)| {
                        if fun == M::ExtractBits {
                            self.emit(|dst| Op::ExtractBits {
                                dst,
                                e,
                                offset,
                                count,
                                signed,
                            })
                        } else {
                            let newbits = b[i];
                            self.emit(|dst| Op::InsertBits {
                                dst,
                                e,
                                newbits,
                                offset,
                                count,
                            })
                        }
                    })
                    .collect()
            }
            M::Dot4I8Packed | M::Dot4U8Packed => {
                self.uses.needs_sm4 = true;
                let op = if fun == M::Dot4I8Packed {
                    IBin::Dot4I8
                } else {
                    IBin::Dot4U8
                };
                self.emit(|dst| Op::IBin(op, dst, a[0], b[0]))
                    .map(|r| vec![r])
            }
            M::QuantizeToF16 => {
                self.uses.needs_sm4 = true;
                self.uses.needs_sm5 = true;
                self.each(a, |dst, x| Op::FUn(FUn::QuantizeF16, dst, x))
            }
            M::Modf => self.modf(a),
            M::Frexp => {
                // `frexp` is arithmetic on the float's bits (integer ops).
                self.uses.needs_sm4 = true;
                let fract = self.each(a, |dst, x| Op::FUn(FUn::FrexpFract, dst, x));
                let exp = self.each(a, |dst, x| Op::FUn(FUn::FrexpExp, dst, x));
                fract.and_then(|mut f| {
                    f.extend(exp?);
                    Ok(f)
                })
            }
            M::Refract => self.refract(a, b, c),
            _ => return None,
        })
    }

    fn each(&mut self, a: &[R], f: impl Fn(R, R) -> Op) -> Result<Vec<R>, CompileError> {
        a.iter().map(|&x| self.emit(|d| f(d, x))).collect()
    }

    fn unpack(&mut self, kind: Pack, src: R) -> Result<Vec<R>, CompileError> {
        let n = kind.components();
        let base = self.alloc(n as u32, "an unpacked value")?;
        let mut dst = [0; 4];
        for (i, d) in dst.iter_mut().enumerate().take(n) {
            *d = base + i as u32;
        }
        self.ops.push(Op::Unpack(kind, dst, src));
        Ok(dst[..n].to_vec())
    }

    /// `modf(e)`: `whole = trunc(e)`, `fract = e - trunc(e)` (WGSL's definition); the result
    /// struct is `fract` then `whole`.
    fn modf(&mut self, a: &[R]) -> Result<Vec<R>, CompileError> {
        let whole = self.each(a, |d, x| Op::FUn(FUn::Trunc, d, x))?;
        let mut out = Vec::with_capacity(2 * a.len());
        for (&x, &w) in a.iter().zip(&whole) {
            out.push(self.emit(|d| Op::FBin(FBin::Sub, d, x, w))?);
        }
        out.extend(whole);
        Ok(out)
    }

    /// `refract(e1, e2, e3)`: `dp = dot(e2, e1)` (left to right), `k = 1 - e3·e3·(1 - dp·dp)`
    /// (left to right); `0` where `k < 0`, else `e3·e1 - (e3·dp + sqrt(k))·e2`, each product
    /// and sum rounded in that order.
    fn refract(&mut self, e1: &[R], e2: &[R], e3: &[R]) -> Result<Vec<R>, CompileError> {
        let Some(&eta) = e3.first() else {
            return Err(unsupported("refract without a ratio"));
        };
        let pairs: Vec<_> = e2.iter().copied().zip(e1.iter().copied()).collect();
        let dp = self.dot(&pairs)?;
        let one = self.fconst(1.0)?;
        let f = |c: &mut Self, op: FBin, x: R, y: R| c.emit(|d| Op::FBin(op, d, x, y));
        let dp2 = f(self, FBin::Mul, dp, dp)?;
        let q = f(self, FBin::Sub, one, dp2)?;
        let eta2 = f(self, FBin::Mul, eta, eta)?;
        let p = f(self, FBin::Mul, eta2, q)?;
        let k = f(self, FBin::Sub, one, p)?;
        let neg = self.emit(|d| Op::Cmp(Cmp::Lt, CmpKind::F, d, k, 0))?;
        let sk = self.emit(|d| Op::FUn(FUn::Sqrt, d, k))?;
        let ed = f(self, FBin::Mul, eta, dp)?;
        let s = f(self, FBin::Add, ed, sk)?;
        let mut out = Vec::with_capacity(e1.len());
        for (&x, &n) in e1.iter().zip(e2) {
            let l = f(self, FBin::Mul, eta, x)?;
            let r = f(self, FBin::Mul, s, n)?;
            let v = f(self, FBin::Sub, l, r)?;
            out.push(self.emit(|dst| Op::Select {
                dst,
                cond: neg,
                a: 0,
                b: v,
            })?);
        }
        Ok(out)
    }
}
