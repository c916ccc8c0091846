//! Quad operations: texture sampling through tessera-sampler and derivatives.

use naga::{
    DerivativeAxis, DerivativeControl, Expression, Handle, ImageClass, ImageDimension, SampleLevel,
    SwizzleComponent, TypeInner,
};

use super::expr::{internal, unsupported};
use super::shape::Kind;
use super::{Compiler, Val};
use crate::error::CompileError;
use crate::ir::{Cvt, Deriv, FBin, FUn, Op, R, SampleKind, TexQuery};

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

    /// `textureSample*` and `textureGather*` (one naga `ImageSample`): each lowered to the
    /// tessera-sampler call of the same D3D name, with the coordinates laid out as the sampler
    /// takes them (the array index, converted to `f32`, in the component after the
    /// coordinates).
    pub(super) fn sample(&mut self, s: ImageSampleArgs) -> Result<Vec<R>, CompileError> {
        let (Val::Texture(texture), Val::Sampler(smp)) = (self.val(s.image)?, self.val(s.sampler)?)
        else {
            return Err(internal("sample without a texture and a sampler"));
        };
        let TypeInner::Image {
            dim,
            arrayed,
            class,
        } = *self.info[s.image].ty.inner_with(&self.module.types)
        else {
            return Err(internal("sampling a non-texture"));
        };
        match class {
            ImageClass::Sampled { multi: false, .. } | ImageClass::Depth { multi: false } => {}
            c => return Err(unsupported(format!("sampling a texture of class {c:?}"))),
        }
        if dim == ImageDimension::Cube && arrayed {
            self.uses.needs_sm41 = true;
        }
        let mut coords = self.coords(dim, s.coordinate, s.array_index)?;
        if s.clamp_to_edge {
            coords = self.clamp_to_edge(texture, coords)?;
        }
        let mut off = [0i32; 3];
        if let Some(o) = s.offset {
            if !self.is_const(o) {
                return Err(internal("non-constant texel offset"));
            }
            for (slot, r) in off.iter_mut().zip(self.regs(o)?) {
                *slot = self.template[r as usize][0].cast_signed();
            }
        }
        let reference = match s.depth_ref {
            Some(d) => Some(self.regs(d)?[0]),
            None => None,
        };
        let mut grad = None;
        let (kind, extra) = match (s.gather, reference, s.level) {
            (Some(c), None, _) => {
                // Gather (red) is SM 4.1; another component, or an offset, needs SM 5.
                self.uses.needs_sm41 = true;
                self.uses.needs_sm5 |= c as u8 != 0 || off != [0; 3];
                (SampleKind::Gather(c as u8), None)
            }
            (Some(_), Some(r), _) => {
                self.uses.needs_sm5 = true;
                (SampleKind::GatherCompare, Some(r))
            }
            (None, Some(r), SampleLevel::Auto) => {
                self.uses.needs_sm4 = true;
                (SampleKind::Compare, Some(r))
            }
            (None, Some(r), SampleLevel::Zero) => {
                self.uses.needs_sm4 = true;
                (SampleKind::CompareLevelZero, Some(r))
            }
            (None, Some(_), l) => {
                return Err(unsupported(format!(
                    "a depth comparison with sample level {l:?}"
                )));
            }
            (None, None, SampleLevel::Auto) => (SampleKind::Implicit, None),
            (None, None, SampleLevel::Zero) => {
                self.uses.needs_sm4 = true;
                (SampleKind::Level, Some(0))
            }
            (None, None, SampleLevel::Exact(e)) => {
                self.uses.needs_sm4 = true;
                (SampleKind::Level, Some(self.regs(e)?[0]))
            }
            (None, None, SampleLevel::Bias(e)) => (SampleKind::Bias, Some(self.regs(e)?[0])),
            (None, None, SampleLevel::Gradient { x, y }) => {
                self.uses.needs_sm4 = true;
                let mut g = [0; 6];
                for (k, h) in [x, y].into_iter().enumerate() {
                    for (i, r) in self.regs(h)?.into_iter().take(3).enumerate() {
                        g[3 * k + i] = r;
                    }
                }
                grad = Some(Box::new(g));
                (SampleKind::Grad, None)
            }
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
            grad,
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
        let c = self.regs(s.coordinate)?;
        self.uses
            .samples
            .push((texture, smp, c[..c.len().min(2)].to_vec()));
        let n = self.shape(s.handle)?.regs() as usize;
        Ok(dst[..n.min(4)].to_vec())
    }

    /// `textureSampleBaseClampToEdge`'s coordinates (a 2D texture, sampled at level 0): each
    /// clamped as `min(max(c, h), 1 - h)` with `h = 0.5 / f32(textureDimensions(t, 0))`, the
    /// half texel WGSL defines.
    fn clamp_to_edge(&mut self, texture: u32, c: [R; 4]) -> Result<[R; 4], CompileError> {
        let b = self.alloc(3, "a texture size")?;
        self.ops.push(Op::TexQuery {
            query: TexQuery::Size(2),
            dst: [b, b + 1, b + 2],
            texture,
            level: 0,
        });
        let (half, one) = (self.fconst(0.5)?, self.fconst(1.0)?);
        let mut out = c;
        for (i, o) in out.iter_mut().enumerate().take(2) {
            let size = b + i as u32;
            let fsize = self.emit(|d| Op::Cvt(Cvt::U2F, d, size))?;
            let lo = self.emit(|d| Op::FBin(FBin::Div, d, half, fsize))?;
            let hi = self.emit(|d| Op::FBin(FBin::Sub, d, one, lo))?;
            let x = c[i];
            let m = self.emit(|d| Op::FBin(FBin::Max, d, x, lo))?;
            *o = self.emit(|d| Op::FBin(FBin::Min, d, m, hi))?;
        }
        Ok(out)
    }

    /// The sampler's coordinate registers for a texture of dimension `dim`: the coordinates,
    /// then the array index (an integer converted to `f32`) in the next component, zeros after.
    fn coords(
        &mut self,
        dim: ImageDimension,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
    ) -> Result<[R; 4], CompileError> {
        let c = self.regs(coordinate)?;
        let n = match dim {
            ImageDimension::D1 => 1,
            ImageDimension::D2 => 2,
            ImageDimension::D3 | ImageDimension::Cube => 3,
        };
        let mut out = [0; 4];
        for (o, r) in out.iter_mut().zip(c.iter().take(n)) {
            *o = *r;
        }
        if let Some(a) = array_index {
            let cvt = match self.kind(a)? {
                Kind::S => Cvt::S2F,
                Kind::U => Cvt::U2F,
                _ => return Err(internal("a non-integer array index")),
            };
            let i = self.regs(a)?[0];
            out[n] = self.emit(|d| Op::Cvt(cvt, d, i))?;
        }
        Ok(out)
    }
}

/// The operands of one naga `ImageSample` expression.
pub(super) struct ImageSampleArgs {
    /// The `ImageSample` expression itself (for its result type).
    pub handle: Handle<Expression>,
    pub image: Handle<Expression>,
    pub sampler: Handle<Expression>,
    pub gather: Option<SwizzleComponent>,
    pub coordinate: Handle<Expression>,
    pub array_index: Option<Handle<Expression>>,
    pub offset: Option<Handle<Expression>>,
    pub level: SampleLevel,
    pub depth_ref: Option<Handle<Expression>>,
    pub clamp_to_edge: bool,
}
