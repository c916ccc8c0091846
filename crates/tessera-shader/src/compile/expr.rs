//! Expressions: naga `Expression` → registers or places, with their ops.

use naga::{BinaryOperator, Expression, Handle, RelationalFunction, ScalarKind, UnaryOperator};

use super::consts::{constant, literal_bits};
use super::sample::ImageSampleArgs;
use super::shape::{Kind, Shape, shape_of_handle};
use super::{Compiler, Place, Root, Val};
use crate::error::CompileError;
use crate::ir::{Cmp, CmpKind, Cvt, FBin, FUn, IBin, IUn, Op, R};

pub(super) fn unsupported(what: impl Into<String>) -> CompileError {
    CompileError::Unsupported {
        construct: what.into(),
    }
}

pub(super) fn internal(what: &str) -> CompileError {
    CompileError::Unsupported {
        construct: format!("unexpected IR shape ({what})"),
    }
}

impl Compiler<'_> {
    /// The compiled value of expression `h` (compiled on first use).
    pub fn val(&mut self, h: Handle<Expression>) -> Result<Val, CompileError> {
        if let Some(v) = &self.vals[h.index()] {
            return Ok(v.clone());
        }
        let v = self.expr(h)?;
        self.vals[h.index()] = Some(v.clone());
        Ok(v)
    }

    /// The registers of value expression `h`.
    pub fn regs(&mut self, h: Handle<Expression>) -> Result<Vec<R>, CompileError> {
        match self.val(h)? {
            Val::Regs(r) => Ok(r),
            _ => Err(internal("a pointer or resource where a value was expected")),
        }
    }

    /// The kind of a scalar or vector expression.
    pub fn kind(&self, h: Handle<Expression>) -> Result<Kind, CompileError> {
        self.shape(h)?
            .kind()
            .ok_or_else(|| internal("an array or struct where a number was expected"))
    }

    /// True for an expression naga evaluated at compile time (its registers are constants).
    pub fn is_const(&self, h: Handle<Expression>) -> bool {
        match &self.fun.expressions[h] {
            Expression::Literal(_) | Expression::Constant(_) | Expression::ZeroValue(_) => true,
            Expression::Compose { components, .. } => components.iter().all(|&c| self.is_const(c)),
            Expression::Splat { value, .. } => self.is_const(*value),
            _ => false,
        }
    }

    fn expr(&mut self, h: Handle<Expression>) -> Result<Val, CompileError> {
        let fun = self.fun;
        Ok(match fun.expressions[h] {
            Expression::Literal(ref l) => Val::Regs(vec![self.konst(literal_bits(l)?)?]),
            Expression::Constant(c) => {
                let (_, bits) = constant(self.module, c)?;
                Val::Regs(
                    bits.into_iter()
                        .map(|b| self.konst(b))
                        .collect::<Result<_, _>>()?,
                )
            }
            Expression::ZeroValue(ty) => {
                Val::Regs(vec![0; shape_of_handle(self.module, ty)?.regs() as usize])
            }
            Expression::Override(_) => return Err(unsupported("pipeline-overridable constant")),
            Expression::Compose { ref components, .. } => {
                let mut out = Vec::new();
                for &c in components {
                    out.extend(self.regs(c)?);
                }
                Val::Regs(out)
            }
            Expression::Splat { size, value } => {
                let r = self.regs(value)?;
                Val::Regs((0..size as usize).flat_map(|_| r.iter().copied()).collect())
            }
            Expression::Swizzle {
                size,
                vector,
                pattern,
            } => {
                let r = self.regs(vector)?;
                Val::Regs(
                    pattern[..size as usize]
                        .iter()
                        .map(|&p| r[p as usize])
                        .collect(),
                )
            }
            Expression::FunctionArgument(i) => self
                .args
                .get(i as usize)
                .cloned()
                .ok_or_else(|| internal("argument index"))?,
            Expression::LocalVariable(l) => {
                let shape = shape_of_handle(self.module, fun.local_variables[l].ty)?;
                let base = self.local(l, &shape)?;
                Val::Ptr(Place {
                    root: Root::Regs {
                        base,
                        len: shape.regs(),
                    },
                    offset: 0,
                    dynamic: None,
                    shape,
                })
            }
            Expression::GlobalVariable(g) => self.global(g)?,
            Expression::AccessIndex { base, index } => self.access_index(base, index)?,
            Expression::Access { base, index } => self.access(base, index)?,
            Expression::Load { pointer } => Val::Regs(self.load(pointer)?),
            Expression::Unary { op, expr } => {
                let k = self.kind(expr)?;
                let r = self.regs(expr)?;
                let mut out = Vec::with_capacity(r.len());
                for a in r {
                    out.push(match (op, k) {
                        (UnaryOperator::Negate, Kind::F) => {
                            self.emit(|d| Op::FUn(FUn::Neg, d, a))?
                        }
                        (UnaryOperator::Negate, _) => self.int_un(IUn::Neg, a)?,
                        (UnaryOperator::LogicalNot, _) => {
                            self.emit(|d| Op::IUn(IUn::BoolNot, d, a))?
                        }
                        (UnaryOperator::BitwiseNot, _) => self.int_un(IUn::Not, a)?,
                    });
                }
                Val::Regs(out)
            }
            Expression::Binary { op, left, right } => Val::Regs(self.binary(op, left, right)?),
            Expression::Select {
                condition,
                accept,
                reject,
            } => {
                let c = self.regs(condition)?;
                let (a, b) = (self.regs(accept)?, self.regs(reject)?);
                let mut out = Vec::with_capacity(a.len());
                for (i, (&a, &b)) in a.iter().zip(&b).enumerate() {
                    let cond = if c.len() == 1 { c[0] } else { c[i] };
                    out.push(self.emit(|dst| Op::Select { dst, cond, a, b })?);
                }
                Val::Regs(out)
            }
            Expression::Derivative { axis, ctrl, expr } => {
                Val::Regs(self.derivative(axis, ctrl, expr)?)
            }
            Expression::Relational { fun, argument } => {
                let r = self.regs(argument)?;
                Val::Regs(match fun {
                    RelationalFunction::All | RelationalFunction::Any => {
                        let op = if fun == RelationalFunction::All {
                            IBin::And
                        } else {
                            IBin::Or
                        };
                        let mut acc = r[0];
                        for &b in &r[1..] {
                            acc = self.emit(|d| Op::IBin(op, d, acc, b))?;
                        }
                        vec![acc]
                    }
                    RelationalFunction::IsNan | RelationalFunction::IsInf => {
                        let cvt = if fun == RelationalFunction::IsNan {
                            Cvt::IsNan
                        } else {
                            Cvt::IsInf
                        };
                        let mut out = Vec::new();
                        for a in r {
                            out.push(self.emit(|d| Op::Cvt(cvt, d, a))?);
                        }
                        out
                    }
                })
            }
            Expression::Math {
                fun,
                arg,
                arg1,
                arg2,
                arg3,
            } => Val::Regs(self.math(fun, arg, arg1, arg2, arg3)?),
            Expression::As {
                expr,
                kind,
                convert,
            } => Val::Regs(self.convert(expr, kind, convert)?),
            Expression::ImageSample {
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            } => Val::Regs(self.sample(ImageSampleArgs {
                handle: h,
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            })?),
            Expression::ImageLoad {
                image,
                coordinate,
                array_index,
                sample,
                level,
            } => Val::Regs(self.image_load(h, image, coordinate, array_index, sample, level)?),
            Expression::ImageQuery { image, query } => {
                Val::Regs(self.image_query(h, image, query)?)
            }
            Expression::ArrayLength(p) => Val::Regs(vec![self.array_length(p)?]),
            ref e => return Err(unsupported(format!("expression {}", expr_name(e)))),
        })
    }

    fn int_un(&mut self, op: IUn, a: R) -> Result<R, CompileError> {
        self.uses.needs_sm4 = true;
        self.emit(|d| Op::IUn(op, d, a))
    }

    fn convert(
        &mut self,
        expr: Handle<Expression>,
        kind: ScalarKind,
        convert: Option<u8>,
    ) -> Result<Vec<R>, CompileError> {
        let from = self.kind(expr)?;
        let r = self.regs(expr)?;
        let to = match (kind, convert) {
            (ScalarKind::Float, None | Some(4)) => Kind::F,
            (ScalarKind::Sint, None | Some(4)) => Kind::S,
            (ScalarKind::Uint, None | Some(4)) => Kind::U,
            (ScalarKind::Bool, Some(_)) => Kind::B,
            (k, w) => return Err(unsupported(format!("conversion to {k:?} of width {w:?}"))),
        };
        if convert.is_none() || from == to {
            return Ok(r); // bitcast: the bits stay
        }
        let cvt = match (from, to) {
            (Kind::F, Kind::S) => Some(Cvt::F2S),
            (Kind::F, Kind::U) => Some(Cvt::F2U),
            (Kind::S, Kind::F) => Some(Cvt::S2F),
            (Kind::U, Kind::F) => Some(Cvt::U2F),
            (Kind::B, Kind::F) => Some(Cvt::B2F),
            (Kind::S | Kind::U, Kind::B) => Some(Cvt::I2B),
            (Kind::F, Kind::B) => Some(Cvt::F2B),
            // i32 <-> u32 keep the bits (two's complement); bool -> integer is already 0/1.
            _ => None,
        };
        let Some(cvt) = cvt else {
            return Ok(r);
        };
        self.uses.needs_sm4 = true;
        r.into_iter()
            .map(|a| self.emit(|d| Op::Cvt(cvt, d, a)))
            .collect()
    }

    /// `a op b` over components, a scalar operand broadcast; matrix products as WGSL defines
    /// them, each component a left-to-right sum of products.
    fn binary(
        &mut self,
        op: BinaryOperator,
        left: Handle<Expression>,
        right: Handle<Expression>,
    ) -> Result<Vec<R>, CompileError> {
        let (ls, rs) = (self.shape(left)?, self.shape(right)?);
        let (a, b) = (self.regs(left)?, self.regs(right)?);
        if op == BinaryOperator::Multiply {
            match (&ls, &rs) {
                (Shape::Matrix { cols, rows }, Shape::Vector(..)) => {
                    return self.mat_vec(&a, *cols, *rows, &b);
                }
                (Shape::Vector(..), Shape::Matrix { cols, rows }) => {
                    let mut out = Vec::new();
                    for j in 0..*cols as usize {
                        let col = &b[j * *rows as usize..(j + 1) * *rows as usize];
                        let pairs: Vec<_> = a.iter().copied().zip(col.iter().copied()).collect();
                        out.push(self.dot(&pairs)?);
                    }
                    return Ok(out);
                }
                (Shape::Matrix { cols: k, rows }, Shape::Matrix { cols, .. }) => {
                    let mut out = Vec::new();
                    for j in 0..*cols as usize {
                        let col = b[j * *k as usize..(j + 1) * *k as usize].to_vec();
                        out.extend(self.mat_vec(&a, *k, *rows, &col)?);
                    }
                    return Ok(out);
                }
                _ => {}
            }
        }
        let kind = ls
            .kind()
            .ok_or_else(|| internal("binary operator on a composite"))?;
        let n = a.len().max(b.len());
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let x = if a.len() == 1 { a[0] } else { a[i] };
            let y = if b.len() == 1 { b[0] } else { b[i] };
            out.push(self.bin_scalar(op, kind, x, y)?);
        }
        Ok(out)
    }

    fn bin_scalar(
        &mut self,
        op: BinaryOperator,
        kind: Kind,
        x: R,
        y: R,
    ) -> Result<R, CompileError> {
        use BinaryOperator as B;
        let cmp = |c: Cmp| -> Op {
            let k = match kind {
                Kind::F => CmpKind::F,
                Kind::S => CmpKind::S,
                Kind::U | Kind::B => CmpKind::U,
            };
            Op::Cmp(c, k, 0, x, y)
        };
        let float = kind == Kind::F;
        let op = match op {
            B::Add if float => Op::FBin(FBin::Add, 0, x, y),
            B::Subtract if float => Op::FBin(FBin::Sub, 0, x, y),
            B::Multiply if float => Op::FBin(FBin::Mul, 0, x, y),
            B::Divide if float => Op::FBin(FBin::Div, 0, x, y),
            B::Modulo if float => Op::FBin(FBin::Rem, 0, x, y),
            B::Add => Op::IBin(IBin::Add, 0, x, y),
            B::Subtract => Op::IBin(IBin::Sub, 0, x, y),
            B::Multiply => Op::IBin(IBin::Mul, 0, x, y),
            B::Divide if kind == Kind::S => Op::IBin(IBin::SDiv, 0, x, y),
            B::Divide => Op::IBin(IBin::UDiv, 0, x, y),
            B::Modulo if kind == Kind::S => Op::IBin(IBin::SRem, 0, x, y),
            B::Modulo => Op::IBin(IBin::URem, 0, x, y),
            B::Equal => cmp(Cmp::Eq),
            B::NotEqual => cmp(Cmp::Ne),
            B::Less => cmp(Cmp::Lt),
            B::LessEqual => cmp(Cmp::Le),
            B::Greater => cmp(Cmp::Gt),
            B::GreaterEqual => cmp(Cmp::Ge),
            B::And | B::LogicalAnd => Op::IBin(IBin::And, 0, x, y),
            B::InclusiveOr | B::LogicalOr => Op::IBin(IBin::Or, 0, x, y),
            B::ExclusiveOr => Op::IBin(IBin::Xor, 0, x, y),
            B::ShiftLeft => Op::IBin(IBin::Shl, 0, x, y),
            B::ShiftRight if kind == Kind::S => Op::IBin(IBin::ShrS, 0, x, y),
            B::ShiftRight => Op::IBin(IBin::ShrU, 0, x, y),
        };
        if matches!(op, Op::IBin(..)) && kind != Kind::B {
            self.uses.needs_sm4 = true;
        }
        let d = self.alloc(1, "temporaries")?;
        self.ops.push(with_dst(op, d));
        Ok(d)
    }

    /// `M · v` for a `cols`×`rows` matrix: row `i` is `m[0][i]*v[0] + m[1][i]*v[1] + …`.
    fn mat_vec(&mut self, m: &[R], cols: u32, rows: u32, v: &[R]) -> Result<Vec<R>, CompileError> {
        let mut out = Vec::new();
        for i in 0..rows as usize {
            let pairs: Vec<_> = (0..cols as usize)
                .map(|j| (m[j * rows as usize + i], v[j]))
                .collect();
            out.push(self.dot(&pairs)?);
        }
        Ok(out)
    }

    /// `a0*b0 + a1*b1 + …`, left to right, no fused multiply-add.
    pub fn dot(&mut self, pairs: &[(R, R)]) -> Result<R, CompileError> {
        let (a0, b0) = pairs[0];
        let mut acc = self.emit(|d| Op::FBin(FBin::Mul, d, a0, b0))?;
        for &(a, b) in &pairs[1..] {
            let p = self.emit(|d| Op::FBin(FBin::Mul, d, a, b))?;
            acc = self.emit(|d| Op::FBin(FBin::Add, d, acc, p))?;
        }
        Ok(acc)
    }
}

/// `op` with its destination set to `d` (ops built before their register is allocated).
fn with_dst(op: Op, d: R) -> Op {
    match op {
        Op::FBin(o, _, a, b) => Op::FBin(o, d, a, b),
        Op::IBin(o, _, a, b) => Op::IBin(o, d, a, b),
        Op::Cmp(c, k, _, a, b) => Op::Cmp(c, k, d, a, b),
        other => other,
    }
}

fn expr_name(e: &Expression) -> String {
    let s = format!("{e:?}");
    s.split([' ', '(', '{']).next().unwrap_or("?").to_owned()
}
