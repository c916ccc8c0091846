//! Quad operations: texture sampling through tessera-sampler and derivatives.

use naga::{
    DerivativeAxis, DerivativeControl, Expression, Handle, ImageClass, ImageDimension, SampleLevel,
    ScalarKind, TypeInner,
};

use super::expr::{internal, unsupported};
use super::{Compiler, Val};
use crate::error::CompileError;
use crate::ir::{Deriv, FBin, FUn, Op, R, SampleKind};

impl Compiler<'_> {
    pub(super) fn derivative(
        &mut self,
        axis: DerivativeAxis,
        ctrl: DerivativeControl,
        expr: Handle<Expression>,
    ) -> Result<Vec<R>, CompileError> {
        self.uses.needs_sm4 = true;
        self.uses.derivatives = true;
        let fine = ctrl == DerivativeControl::Fine;
        let (x, y) = if fine {
            (Deriv::XFine, Deriv::YFine)
        } else {
            (Deriv::XCoarse, Deriv::YCoarse)
        };
        let mut out = Vec::new();
        for a in self.regs(expr)? {
            out.push(match axis {
                DerivativeAxis::X => self.emit(|d| Op::Deriv(x, d, a))?,
                DerivativeAxis::Y => self.emit(|d| Op::Deriv(y, d, a))?,
                DerivativeAxis::Width => {
                    let dx = self.emit(|d| Op::Deriv(x, d, a))?;
                    let dy = self.emit(|d| Op::Deriv(y, d, a))?;
                    let ax = self.emit(|d| Op::FUn(FUn::Abs, d, dx))?;
                    let ay = self.emit(|d| Op::FUn(FUn::Abs, d, dy))?;
                    self.emit(|d| Op::FBin(FBin::Add, d, ax, ay))?
                }
            });
        }
        Ok(out)
    }

    pub(super) fn sample(
        &mut self,
        image: Handle<Expression>,
        sampler: Handle<Expression>,
        coordinate: Handle<Expression>,
        offset: Option<Handle<Expression>>,
        level: SampleLevel,
    ) -> Result<Vec<R>, CompileError> {
        let (Val::Texture(texture), Val::Sampler(smp)) = (self.val(image)?, self.val(sampler)?)
        else {
            return Err(internal("sample without a texture and a sampler"));
        };
        match *self.info[image].ty.inner_with(&self.module.types) {
            TypeInner::Image {
                dim: ImageDimension::D2,
                arrayed: false,
                class:
                    ImageClass::Sampled {
                        kind: ScalarKind::Float,
                        multi: false,
                    },
            } => {}
            ref t => {
                return Err(unsupported(format!(
                    "sampling a texture of type {t:?} (only texture_2d<f32>)"
                )));
            }
        }
        let c = self.regs(coordinate)?;
        let coords = [c[0], c[1], 0, 0];
        let mut off = [0i32; 3];
        if let Some(o) = offset {
            if !self.is_const(o) {
                return Err(internal("non-constant texel offset"));
            }
            for (slot, r) in off.iter_mut().zip(self.regs(o)?) {
                *slot = self.template[r as usize][0].cast_signed();
            }
        }
        let (kind, extra) = match level {
            SampleLevel::Auto => (SampleKind::Implicit, None),
            SampleLevel::Zero => {
                self.uses.needs_sm4 = true;
                (SampleKind::Level, Some(0))
            }
            SampleLevel::Exact(e) => {
                self.uses.needs_sm4 = true;
                (SampleKind::Level, Some(self.regs(e)?[0]))
            }
            SampleLevel::Bias(e) => (SampleKind::Bias, Some(self.regs(e)?[0])),
            SampleLevel::Gradient { .. } => return Err(unsupported("textureSampleGrad")),
        };
        let b = self.alloc(4, "a sample result")?;
        let dst = [b, b + 1, b + 2, b + 3];
        self.ops.push(Op::Sample {
            kind,
            dst,
            texture,
            sampler: smp,
            coords,
            extra,
            offset: off,
        });
        for (list, v) in [
            (&mut self.uses.textures, texture),
            (&mut self.uses.samplers, smp),
        ] {
            if !list.contains(&v) {
                list.push(v);
            }
        }
        self.uses.samples.push((texture, smp, c[..2].to_vec()));
        Ok(dst.to_vec())
    }
}
