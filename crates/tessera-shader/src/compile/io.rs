//! The entry point's interface: arguments and result mapped to D3D registers and system values.

use naga::{Binding, BuiltIn, Handle, Interpolation, Type, TypeInner};

use super::shape::{Kind, shape_of_handle};
use super::{Compiler, Val};
use crate::error::CompileError;
use crate::ir::R;
use crate::program::{Input, InputBind, Interp, Output, OutputBind, Sampling, Stage};

use tessera_pipeline::shader::{MAX_RENDER_TARGETS, MAX_VARYINGS, MAX_VERTEX_INPUTS};

/// A visitor of one bound interface leaf: its binding, type and registers.
type LeafFn<'a> = dyn FnMut(&Binding, Handle<Type>, &[R]) -> Result<(), CompileError> + 'a;

impl Compiler<'_> {
    /// Allocates registers for every argument and the result, and records their bindings.
    pub(super) fn entry_io(&mut self) -> Result<(), CompileError> {
        for arg in &self.fun.arguments {
            let n = shape_of_handle(self.module, arg.ty)?.regs();
            let regs = self.alloc_list(n, "entry-point inputs")?;
            self.bind_inputs(arg.ty, arg.binding.as_ref(), &regs)?;
            self.args.push(Val::Regs(regs));
        }
        if let Some(res) = &self.fun.result {
            let n = shape_of_handle(self.module, res.ty)?.regs();
            let regs = self.alloc_list(n, "entry-point outputs")?;
            if let Some(&first) = regs.first() {
                self.stateful.push((first, n));
            }
            self.bind_outputs(res.ty, res.binding.as_ref(), &regs)?;
            self.result = regs;
        }
        if self.stage == Stage::Vertex && !self.outputs.iter().any(|o| o.target == Output::Position)
        {
            return Err(CompileError::Interface {
                what: "a vertex entry point must write @builtin(position)".into(),
            });
        }
        Ok(())
    }

    /// Calls `f` for each bound leaf of a (possibly struct) interface type.
    fn leaves(
        &self,
        ty: Handle<Type>,
        binding: Option<&Binding>,
        regs: &[R],
        f: &mut LeafFn<'_>,
    ) -> Result<(), CompileError> {
        if let Some(b) = binding {
            return f(b, ty, regs);
        }
        let TypeInner::Struct { members, .. } = &self.module.types[ty].inner else {
            return Err(CompileError::Interface {
                what: "an entry-point value without a binding that is not a struct".into(),
            });
        };
        let mut at = 0usize;
        for m in members {
            let n = shape_of_handle(self.module, m.ty)?.regs() as usize;
            self.leaves(m.ty, m.binding.as_ref(), &regs[at..at + n], f)?;
            at += n;
        }
        Ok(())
    }

    fn bind_inputs(
        &mut self,
        ty: Handle<Type>,
        binding: Option<&Binding>,
        regs: &[R],
    ) -> Result<(), CompileError> {
        let stage = self.stage;
        let module = self.module;
        let mut found = Vec::new();
        self.leaves(ty, binding, regs, &mut |b, t, r| {
            let kind = shape_of_handle(module, t)?.kind();
            let mut sampling = Sampling::Center;
            let (source, interp) = match (b.clone(), stage) {
                (
                    Binding::Location {
                        location,
                        interpolation,
                        sampling: where_,
                        ..
                    },
                    _,
                ) => {
                    let limit = if stage == Stage::Vertex {
                        MAX_VERTEX_INPUTS
                    } else {
                        MAX_VARYINGS
                    };
                    if location as usize >= limit {
                        return Err(CompileError::Interface {
                            what: format!(
                                "{} input @location({location}) is past the {limit} registers",
                                stage.name()
                            ),
                        });
                    }
                    let interp = match interpolation {
                        Some(Interpolation::Flat) => Interp::Flat,
                        Some(Interpolation::Linear) => Interp::Linear,
                        _ => Interp::Perspective,
                    };
                    sampling = match (stage, where_) {
                        (Stage::Fragment, Some(naga::Sampling::Centroid)) => Sampling::Centroid,
                        (Stage::Fragment, Some(naga::Sampling::Sample)) => Sampling::Sample,
                        // `center`, and `first`/`either` of `flat` (D3D's leading vertex).
                        _ => Sampling::Center,
                    };
                    (Input::Location(location), interp)
                }
                (Binding::BuiltIn(BuiltIn::VertexIndex), Stage::Vertex) => {
                    (Input::VertexIndex, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::InstanceIndex), Stage::Vertex) => {
                    (Input::InstanceIndex, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::Position { .. }), Stage::Fragment) => {
                    (Input::Position, Interp::Perspective)
                }
                (Binding::BuiltIn(BuiltIn::FrontFacing), Stage::Fragment) => {
                    (Input::FrontFacing, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::PrimitiveIndex), Stage::Fragment) => {
                    (Input::PrimitiveIndex, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::SampleIndex), Stage::Fragment) => {
                    (Input::SampleIndex, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::SampleMask), Stage::Fragment) => {
                    (Input::SampleMask, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::GlobalInvocationId), Stage::Compute) => {
                    (Input::GlobalInvocationId, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::LocalInvocationId), Stage::Compute) => {
                    (Input::LocalInvocationId, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::LocalInvocationIndex), Stage::Compute) => {
                    (Input::LocalInvocationIndex, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::WorkGroupId), Stage::Compute) => {
                    (Input::WorkgroupId, Interp::Flat)
                }
                (Binding::BuiltIn(BuiltIn::NumWorkGroups), Stage::Compute) => {
                    (Input::NumWorkgroups, Interp::Flat)
                }
                (Binding::BuiltIn(other), _) => {
                    return Err(CompileError::Unsupported {
                        construct: format!("{} input @builtin({other:?})", stage.name()),
                    });
                }
            };
            if kind.is_none() || kind == Some(Kind::B) && matches!(source, Input::Location(_)) {
                return Err(CompileError::Interface {
                    what: format!("input {source:?} must be a scalar or vector of 32-bit numbers"),
                });
            }
            found.push(InputBind {
                source,
                regs: r.to_vec(),
                interp,
                sampling,
            });
            Ok(())
        })?;
        if found
            .iter()
            .any(|i| !matches!(i.source, Input::Location(_) | Input::Position))
        {
            self.uses.needs_sm4 = true;
        }
        // SV_SampleIndex and `sample` interpolation are ps_4_1 (10_1); the SV_Coverage input
        // is ps_5_0 (11_0).
        if found
            .iter()
            .any(|i| i.source == Input::SampleIndex || i.sampling == Sampling::Sample)
        {
            self.uses.needs_sm41 = true;
        }
        if found.iter().any(|i| i.source == Input::SampleMask) {
            self.uses.needs_sm5 = true;
        }
        self.inputs.extend(found);
        Ok(())
    }

    fn bind_outputs(
        &mut self,
        ty: Handle<Type>,
        binding: Option<&Binding>,
        regs: &[R],
    ) -> Result<(), CompileError> {
        let stage = self.stage;
        let mut found = Vec::new();
        self.leaves(ty, binding, regs, &mut |b, _, r| {
            let target = match (b.clone(), stage) {
                (Binding::Location { location, .. }, _) => {
                    let limit = if stage == Stage::Vertex {
                        MAX_VARYINGS
                    } else {
                        MAX_RENDER_TARGETS
                    };
                    if location as usize >= limit {
                        return Err(CompileError::Interface {
                            what: format!(
                                "{} output @location({location}) is past the {limit} registers",
                                stage.name()
                            ),
                        });
                    }
                    Output::Location(location)
                }
                (Binding::BuiltIn(BuiltIn::Position { .. }), Stage::Vertex) => Output::Position,
                (Binding::BuiltIn(BuiltIn::FragDepth), Stage::Fragment) => Output::FragDepth,
                (Binding::BuiltIn(BuiltIn::SampleMask), Stage::Fragment) => Output::SampleMask,
                (Binding::BuiltIn(other), _) => {
                    return Err(CompileError::Unsupported {
                        construct: format!("{} output @builtin({other:?})", stage.name()),
                    });
                }
            };
            found.push(OutputBind {
                target,
                regs: r.to_vec(),
            });
            Ok(())
        })?;
        if found.iter().any(|o| o.target == Output::SampleMask) {
            // SV_Coverage output (oMask) is a ps_4_1 feature (10_1).
            self.uses.needs_sm41 = true;
        }
        self.outputs.extend(found);
        Ok(())
    }
}
