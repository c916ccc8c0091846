//! WGSL numeric builtins (`Expression::Math`): each lowered to exactly rounded ops in a fixed
//! order, or to a libm op for the transcendental ones.

use naga::{Expression, Handle, MathFunction as M};

use super::Compiler;
use super::builtin::Args;
use super::expr::unsupported;
use super::shape::{Kind, Shape};
use crate::error::CompileError;
use crate::ir::{Cmp, CmpKind, FBin, FUn, IBin, IUn, Op, R};

type Arg = Option<Handle<Expression>>;

impl Compiler<'_> {
    fn arg(&mut self, a: Arg) -> Result<Vec<R>, CompileError> {
        match a {
            Some(h) => self.regs(h),
            None => Err(unsupported("a builtin call missing an argument")),
        }
    }

    fn opt(&mut self, a: Arg) -> Result<Vec<R>, CompileError> {
        a.map_or(Ok(Vec::new()), |h| self.regs(h))
    }

    fn map1(&mut self, r: &[R], f: impl Fn(R, R) -> Op) -> Result<Vec<R>, CompileError> {
        r.iter().map(|&a| self.emit(|d| f(d, a))).collect()
    }

    /// Component-wise `f(a_i, b_i)`, a one-register operand broadcast.
    fn map2(
        &mut self,
        a: &[R],
        b: &[R],
        f: impl Fn(R, R, R) -> Op,
    ) -> Result<Vec<R>, CompileError> {
        let n = a.len().max(b.len());
        (0..n)
            .map(|i| {
                let x = if a.len() == 1 { a[0] } else { a[i] };
                let y = if b.len() == 1 { b[0] } else { b[i] };
                self.emit(|d| f(d, x, y))
            })
            .collect()
    }

    fn fbin(&mut self, op: FBin, a: &[R], b: &[R]) -> Result<Vec<R>, CompileError> {
        self.map2(a, b, |d, x, y| Op::FBin(op, d, x, y))
    }

    fn fun1(&mut self, op: FUn, a: &[R]) -> Result<Vec<R>, CompileError> {
        self.map1(a, |d, x| Op::FUn(op, d, x))
    }

    fn length(&mut self, v: &[R]) -> Result<R, CompileError> {
        if v.len() == 1 {
            return self.emit(|d| Op::FUn(FUn::Abs, d, v[0]));
        }
        let pairs: Vec<_> = v.iter().map(|&x| (x, x)).collect();
        let s = self.dot(&pairs)?;
        self.emit(|d| Op::FUn(FUn::Sqrt, d, s))
    }

    /// Compiles a WGSL numeric builtin.
    pub(super) fn math(
        &mut self,
        fun: M,
        arg: Handle<Expression>,
        arg1: Arg,
        arg2: Arg,
        arg3: Arg,
    ) -> Result<Vec<R>, CompileError> {
        let shape = self.shape(arg)?;
        let kind = shape.kind().unwrap_or(Kind::F);
        let a = self.regs(arg)?;
        let float = kind == Kind::F;
        if !float {
            self.uses.needs_sm4 = true;
        }
        let un = match fun {
            M::Sqrt => Some(FUn::Sqrt),
            M::InverseSqrt => Some(FUn::InverseSqrt),
            M::Floor => Some(FUn::Floor),
            M::Ceil => Some(FUn::Ceil),
            M::Trunc => Some(FUn::Trunc),
            M::Round => Some(FUn::Round),
            M::Fract => Some(FUn::Fract),
            M::Saturate => Some(FUn::Saturate),
            M::Sin => Some(FUn::Sin),
            M::Cos => Some(FUn::Cos),
            M::Tan => Some(FUn::Tan),
            M::Asin => Some(FUn::Asin),
            M::Acos => Some(FUn::Acos),
            M::Atan => Some(FUn::Atan),
            M::Sinh => Some(FUn::Sinh),
            M::Cosh => Some(FUn::Cosh),
            M::Tanh => Some(FUn::Tanh),
            M::Asinh => Some(FUn::Asinh),
            M::Acosh => Some(FUn::Acosh),
            M::Atanh => Some(FUn::Atanh),
            M::Exp => Some(FUn::Exp),
            M::Exp2 => Some(FUn::Exp2),
            M::Log => Some(FUn::Log),
            M::Log2 => Some(FUn::Log2),
            M::Abs if float => Some(FUn::Abs),
            M::Sign if float => Some(FUn::Sign),
            _ => None,
        };
        if let Some(op) = un {
            return self.fun1(op, &a);
        }
        let int_un = match fun {
            M::Abs if kind == Kind::U => return Ok(a),
            M::Abs => Some(IUn::SAbs),
            M::Sign => Some(IUn::SSign),
            M::CountOneBits => Some(IUn::CountOnes),
            M::ReverseBits => Some(IUn::ReverseBits),
            M::CountLeadingZeros => Some(IUn::Clz),
            M::CountTrailingZeros => Some(IUn::Ctz),
            M::FirstLeadingBit if kind == Kind::S => Some(IUn::FirstLeadingBitS),
            M::FirstLeadingBit => Some(IUn::FirstLeadingBitU),
            M::FirstTrailingBit => Some(IUn::FirstTrailingBit),
            _ => None,
        };
        if let Some(op) = int_un {
            // countbits, reversebits, firstbithigh and firstbitlow (which the leading and
            // trailing zero counts lower to) are SM 5 instructions.
            self.uses.needs_sm5 |= !matches!(op, IUn::SAbs | IUn::SSign);
            return self.map1(&a, |d, x| Op::IUn(op, d, x));
        }
        let (min, max) = match kind {
            Kind::F => (Op::FBin(FBin::Min, 0, 0, 0), Op::FBin(FBin::Max, 0, 0, 0)),
            Kind::S => (Op::IBin(IBin::SMin, 0, 0, 0), Op::IBin(IBin::SMax, 0, 0, 0)),
            _ => (Op::IBin(IBin::UMin, 0, 0, 0), Op::IBin(IBin::UMax, 0, 0, 0)),
        };
        let with = |op: &Op, d: R, x: R, y: R| match *op {
            Op::FBin(o, ..) => Op::FBin(o, d, x, y),
            Op::IBin(o, ..) => Op::IBin(o, d, x, y),
            ref other => other.clone(),
        };
        Ok(match fun {
            M::Min => {
                let b = self.arg(arg1)?;
                self.map2(&a, &b, |d, x, y| with(&min, d, x, y))?
            }
            M::Max => {
                let b = self.arg(arg1)?;
                self.map2(&a, &b, |d, x, y| with(&max, d, x, y))?
            }
            M::Clamp => {
                // WGSL: clamp(e, low, high) = min(max(e, low), high).
                let (lo, hi) = (self.arg(arg1)?, self.arg(arg2)?);
                let m = self.map2(&a, &lo, |d, x, y| with(&max, d, x, y))?;
                self.map2(&m, &hi, |d, x, y| with(&min, d, x, y))?
            }
            M::Atan2 => {
                let b = self.arg(arg1)?;
                self.fbin(FBin::Atan2, &a, &b)?
            }
            M::Pow => {
                let b = self.arg(arg1)?;
                self.fbin(FBin::Pow, &a, &b)?
            }
            M::Step => {
                let b = self.arg(arg1)?;
                self.fbin(FBin::Step, &a, &b)?
            }
            M::Ldexp => {
                let b = self.arg(arg1)?;
                self.fbin(FBin::Ldexp, &a, &b)?
            }
            M::Radians | M::Degrees => {
                let k = if fun == M::Radians {
                    core::f32::consts::PI / 180.0
                } else {
                    180.0 / core::f32::consts::PI
                };
                let k = self.fconst(k)?;
                self.fbin(FBin::Mul, &a, &[k])?
            }
            M::Dot if float => {
                let b = self.arg(arg1)?;
                let pairs: Vec<_> = a.iter().copied().zip(b.iter().copied()).collect();
                vec![self.dot(&pairs)?]
            }
            M::Dot => {
                let b = self.arg(arg1)?;
                let mut acc = self.emit(|d| Op::IBin(IBin::Mul, d, a[0], b[0]))?;
                for i in 1..a.len() {
                    let p = self.emit(|d| Op::IBin(IBin::Mul, d, a[i], b[i]))?;
                    acc = self.emit(|d| Op::IBin(IBin::Add, d, acc, p))?;
                }
                vec![acc]
            }
            M::Cross => {
                let b = self.arg(arg1)?;
                let mut out = Vec::new();
                for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.emit(|d| Op::FBin(FBin::Mul, d, a[i], b[j]))?;
                    let q = self.emit(|d| Op::FBin(FBin::Mul, d, a[j], b[i]))?;
                    out.push(self.emit(|d| Op::FBin(FBin::Sub, d, p, q))?);
                }
                out
            }
            M::Length => vec![self.length(&a)?],
            M::Distance => {
                let b = self.arg(arg1)?;
                let diff = self.fbin(FBin::Sub, &a, &b)?;
                vec![self.length(&diff)?]
            }
            M::Normalize => {
                let len = self.length(&a)?;
                self.fbin(FBin::Div, &a, &[len])?
            }
            M::FaceForward => {
                // faceForward(e1, e2, e3) = dot(e2, e3) < 0 ? e1 : -e1.
                let (e2, e3) = (self.arg(arg1)?, self.arg(arg2)?);
                let pairs: Vec<_> = e2.iter().copied().zip(e3.iter().copied()).collect();
                let dp = self.dot(&pairs)?;
                let c = self.emit(|d| Op::Cmp(Cmp::Lt, CmpKind::F, d, dp, 0))?;
                let neg = self.fun1(FUn::Neg, &a)?;
                self.map2(&a, &neg, |dst, x, y| Op::Select {
                    dst,
                    cond: c,
                    a: x,
                    b: y,
                })?
            }
            M::Reflect => {
                // reflect(e1, e2) = e1 - 2 * dot(e2, e1) * e2.
                let e2 = self.arg(arg1)?;
                let pairs: Vec<_> = e2.iter().copied().zip(a.iter().copied()).collect();
                let dp = self.dot(&pairs)?;
                let two = self.fconst(2.0)?;
                let k = self.emit(|d| Op::FBin(FBin::Mul, d, two, dp))?;
                let s = self.fbin(FBin::Mul, &[k], &e2)?;
                self.fbin(FBin::Sub, &a, &s)?
            }
            M::Fma => {
                let (b, c) = (self.arg(arg1)?, self.arg(arg2)?);
                let mut out = Vec::new();
                for i in 0..a.len() {
                    out.push(self.emit(|d| Op::Fma(d, a[i], b[i], c[i]))?);
                }
                out
            }
            M::Mix => {
                // mix(e1, e2, e3) = e1 * (1 - e3) + e2 * e3 (WGSL's definition, in that order).
                let (b, t) = (self.arg(arg1)?, self.arg(arg2)?);
                let one = self.fconst(1.0)?;
                let omt = self.fbin(FBin::Sub, &[one], &t)?;
                let x = self.fbin(FBin::Mul, &a, &omt)?;
                let y = self.fbin(FBin::Mul, &b, &t)?;
                self.fbin(FBin::Add, &x, &y)?
            }
            M::SmoothStep => {
                // t = clamp((x - low) / (high - low), 0, 1); t * t * (3 - 2 * t).
                let (hi, x) = (self.arg(arg1)?, self.arg(arg2)?);
                let num = self.fbin(FBin::Sub, &x, &a)?;
                let den = self.fbin(FBin::Sub, &hi, &a)?;
                let q = self.fbin(FBin::Div, &num, &den)?;
                let t = self.fun1(FUn::Saturate, &q)?;
                let (two, three) = (self.fconst(2.0)?, self.fconst(3.0)?);
                let tt = self.fbin(FBin::Mul, &t, &t)?;
                let t2 = self.fbin(FBin::Mul, &[two], &t)?;
                let s = self.fbin(FBin::Sub, &[three], &t2)?;
                self.fbin(FBin::Mul, &tt, &s)?
            }
            M::Transpose => {
                let Shape::Matrix { cols, rows } = shape else {
                    return Err(unsupported("transpose of a non-matrix"));
                };
                let (c, r) = (cols as usize, rows as usize);
                let mut out = Vec::with_capacity(a.len());
                for i in 0..r {
                    for j in 0..c {
                        out.push(a[j * r + i]);
                    }
                }
                out
            }
            M::Determinant => vec![self.determinant(&shape, &a)?],
            other => {
                let more = [self.opt(arg1)?, self.opt(arg2)?, self.opt(arg3)?];
                let args = Args {
                    a,
                    more,
                    signed: kind == Kind::S,
                };
                match self.builtin(other, &args) {
                    Some(r) => r?,
                    None => {
                        return Err(unsupported(format!(
                            "builtin {other:?} (docs/shaders.md lists the supported ones)"
                        )));
                    }
                }
            }
        })
    }

    fn determinant(&mut self, shape: &Shape, m: &[R]) -> Result<R, CompileError> {
        match shape {
            Shape::Matrix { cols: 2, rows: 2 } => {
                // m[0][0] * m[1][1] - m[1][0] * m[0][1].
                let p = self.emit(|d| Op::FBin(FBin::Mul, d, m[0], m[3]))?;
                let q = self.emit(|d| Op::FBin(FBin::Mul, d, m[2], m[1]))?;
                self.emit(|d| Op::FBin(FBin::Sub, d, p, q))
            }
            Shape::Matrix { cols: 3, rows: 3 } => {
                let e: [R; 9] = std::array::from_fn(|i| m[i]);
                self.det3(e)
            }
            Shape::Matrix { cols: 4, rows: 4 } => {
                // Cofactor expansion along column 0: m[0][0]·D0 - m[0][1]·D1 + m[0][2]·D2 -
                // m[0][3]·D3, summed left to right, where Dj is the 3×3 determinant (as above)
                // of columns 1..3 without row j.
                let mut terms = Vec::with_capacity(4);
                for j in 0..4 {
                    let minor: [R; 9] = std::array::from_fn(|k| {
                        let (col, row) = (k / 3 + 1, k % 3);
                        let row = if row >= j { row + 1 } else { row };
                        m[col * 4 + row]
                    });
                    let dj = self.det3(minor)?;
                    terms.push(self.emit(|d| Op::FBin(FBin::Mul, d, m[j], dj))?);
                }
                let s = self.emit(|d| Op::FBin(FBin::Sub, d, terms[0], terms[1]))?;
                let s = self.emit(|d| Op::FBin(FBin::Add, d, s, terms[2]))?;
                self.emit(|d| Op::FBin(FBin::Sub, d, s, terms[3]))
            }
            _ => Err(unsupported("determinant of a non-square matrix")),
        }
    }

    /// The 3×3 determinant of `m` (columns of 3): cofactor expansion along column 0,
    /// `a(ei - hf) - b(di - gf) + c(dh - ge)` with columns `(a b c)`, `(d e f)`, `(g h i)`,
    /// each product rounded, summed left to right.
    fn det3(&mut self, m: [R; 9]) -> Result<R, CompileError> {
        let mul = |c: &mut Self, x: R, y: R| c.emit(|d| Op::FBin(FBin::Mul, d, x, y));
        let sub = |c: &mut Self, x: R, y: R| c.emit(|d| Op::FBin(FBin::Sub, d, x, y));
        let e = |i: usize, j: usize| m[i * 3 + j];
        let minor = |c: &mut Self,
                     p: (usize, usize),
                     q: (usize, usize),
                     r: (usize, usize),
                     s: (usize, usize)| {
            let x = mul(c, e(p.0, p.1), e(q.0, q.1))?;
            let y = mul(c, e(r.0, r.1), e(s.0, s.1))?;
            sub(c, x, y)
        };
        let m0 = minor(self, (1, 1), (2, 2), (2, 1), (1, 2))?;
        let m1 = minor(self, (1, 0), (2, 2), (2, 0), (1, 2))?;
        let m2 = minor(self, (1, 0), (2, 1), (2, 0), (1, 1))?;
        let t0 = mul(self, e(0, 0), m0)?;
        let t1 = mul(self, e(0, 1), m1)?;
        let t2 = mul(self, e(0, 2), m2)?;
        let s = sub(self, t0, t1)?;
        self.emit(|d| Op::FBin(FBin::Add, d, s, t2))
    }
}
