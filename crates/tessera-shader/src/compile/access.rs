//! Memory: local and private variables (register ranges), uniform buffers (constant-buffer
//! words at WGSL layout offsets), textures and samplers, and the places pointers name.

use naga::{AddressSpace, Expression, Handle, TypeInner};

use super::consts::{eval_global, literal_bits};
use super::expr::internal;
use super::shape::{Kind, Shape, shape_of_handle};
use super::{Compiler, Place, Root, Val};
use crate::error::CompileError;
use crate::ir::{IBin, Op, R};

use tessera_pipeline::env::{CONSTANT_BUFFER_SLOTS, SAMPLER_SLOTS, SRV_SLOTS};

use super::expr::unsupported;

impl Compiler<'_> {
    /// The registers of local variable `l` (allocated, and initialised in the template, once).
    pub(super) fn local(
        &mut self,
        l: Handle<naga::LocalVariable>,
        shape: &Shape,
    ) -> Result<R, CompileError> {
        if let Some(&base) = self.locals.get(&l) {
            return Ok(base);
        }
        let var = &self.fun.local_variables[l];
        let base = self.alloc(
            shape.regs(),
            var.name.as_deref().unwrap_or("a local variable"),
        )?;
        self.locals.insert(l, base);
        self.stateful.push((base, shape.regs()));
        if let Some(init) = var.init {
            if !self.is_const(init) {
                return Err(unsupported(
                    "a local variable initialised by a runtime value",
                ));
            }
            let src = self.regs(init)?;
            for (i, s) in src.into_iter().enumerate() {
                self.template[base as usize + i] = self.template[s as usize];
            }
        }
        Ok(base)
    }

    pub(super) fn global(&mut self, g: Handle<naga::GlobalVariable>) -> Result<Val, CompileError> {
        let var = &self.module.global_variables[g];
        let inner = &self.module.types[var.ty].inner;
        let binding = |group: u32, slots: usize, rule: &'static str| {
            let b = var
                .binding
                .as_ref()
                .ok_or_else(|| internal("unbound resource"))?;
            if b.group != group || b.binding as usize >= slots {
                return Err(CompileError::Binding {
                    group: b.group,
                    binding: b.binding,
                    rule,
                });
            }
            Ok(b.binding)
        };
        Ok(match (var.space, inner) {
            (AddressSpace::Uniform, _) => {
                let slot = binding(
                    0,
                    CONSTANT_BUFFER_SLOTS,
                    "a uniform buffer is @group(0) @binding(0..14), the constant-buffer slot",
                )?;
                let shape = shape_of_handle(self.module, var.ty)?;
                let mut offs = Vec::new();
                shape.byte_offsets(0, &mut offs);
                let bytes = offs.iter().max().map_or(0, |m| m + 4);
                match self
                    .uses
                    .constant_bytes
                    .iter_mut()
                    .find(|(s, _)| *s == slot)
                {
                    Some((_, b)) => *b = (*b).max(bytes),
                    None => self.uses.constant_bytes.push((slot, bytes)),
                }
                Val::Ptr(Place {
                    root: Root::Cb { slot },
                    offset: 0,
                    dynamic: None,
                    shape,
                })
            }
            (
                AddressSpace::Handle,
                TypeInner::Image {
                    class: naga::ImageClass::Storage { .. },
                    ..
                },
            ) => self.storage_texture(g)?,
            (AddressSpace::Handle, TypeInner::Image { .. }) => Val::Texture(binding(
                1,
                SRV_SLOTS,
                "a texture is @group(1) @binding(0..128), the shader-resource slot",
            )?),
            (AddressSpace::Handle, TypeInner::Sampler { .. }) => Val::Sampler(binding(
                2,
                SAMPLER_SLOTS,
                "a sampler is @group(2) @binding(0..16), the sampler slot",
            )?),
            (AddressSpace::Private, _) => {
                let shape = shape_of_handle(self.module, var.ty)?;
                let base = match self.privates.get(&g) {
                    Some(&b) => b,
                    None => {
                        let b = self.alloc(
                            shape.regs(),
                            var.name.as_deref().unwrap_or("a private variable"),
                        )?;
                        if let Some(init) = var.init {
                            for (i, bits) in eval_global(self.module, init)?.into_iter().enumerate()
                            {
                                self.template[b as usize + i] = [bits; 8];
                            }
                        }
                        self.privates.insert(g, b);
                        self.stateful.push((b, shape.regs()));
                        b
                    }
                };
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
            (AddressSpace::Storage { access }, _) => self.storage_global(g, access)?,
            (AddressSpace::WorkGroup, _) => self.workgroup_global(g)?,
            (space, _) => {
                return Err(unsupported(format!(
                    "global variable in address space {space:?} (comparison samplers and storage textures are not in this slice)"
                )));
            }
        })
    }

    pub(super) fn access_index(
        &mut self,
        base: Handle<Expression>,
        index: u32,
    ) -> Result<Val, CompileError> {
        Ok(match self.val(base)? {
            Val::Regs(r) => {
                let (child, off, _) = self
                    .shape(base)?
                    .child(index)
                    .ok_or_else(|| internal("constant index out of range"))?;
                let (off, n) = (off as usize, child.regs() as usize);
                Val::Regs(r[off..off + n].to_vec())
            }
            Val::Ptr(mut p) => {
                let (child, regs, bytes) = p
                    .shape
                    .child(index)
                    .ok_or_else(|| internal("constant index out of range"))?;
                p.offset = p.offset.saturating_add(match p.root {
                    Root::Regs { .. } => regs,
                    Root::Cb { .. } | Root::Mem { .. } => bytes,
                });
                p.shape = child;
                Val::Ptr(p)
            }
            _ => return Err(unsupported("indexing a texture or sampler")),
        })
    }

    pub(super) fn access(
        &mut self,
        base: Handle<Expression>,
        index: Handle<Expression>,
    ) -> Result<Val, CompileError> {
        if let Expression::Literal(ref l) = self.fun.expressions[index] {
            return self.access_index(base, literal_bits(l)?);
        }
        let signed = self.kind(index)? == Kind::S;
        let idx = self.regs(index)?[0];
        self.uses.needs_sm4 = true;
        Ok(match self.val(base)? {
            Val::Ptr(mut p) => {
                let (elem, len, regs, bytes) = p
                    .shape
                    .element()
                    .ok_or_else(|| internal("indexing a scalar"))?;
                let stride = match p.root {
                    Root::Regs { .. } => regs,
                    Root::Cb { .. } | Root::Mem { .. } => bytes,
                };
                // Storage offsets saturate, so an index past a runtime-sized array stays out
                // of bounds (reads 0, writes dropped) instead of wrapping into the buffer.
                let add = if matches!(p.root, Root::Mem { .. }) {
                    IBin::UAddSat
                } else {
                    IBin::Add
                };
                let off = self.emit(|dst| Op::Index {
                    dst,
                    index: idx,
                    signed,
                    len,
                    stride,
                })?;
                p.dynamic = Some(match p.dynamic {
                    None => off,
                    Some(d) => self.emit(|dst| Op::IBin(add, dst, d, off))?,
                });
                p.shape = elem;
                Val::Ptr(p)
            }
            Val::Regs(r) => {
                let (elem, len, stride, _) = self
                    .shape(base)?
                    .element()
                    .ok_or_else(|| internal("indexing a scalar"))?;
                let n = u32::try_from(r.len()).map_err(|_| internal("value size"))?;
                let start = self.alloc(n, "a dynamically indexed value")?;
                for (i, &s) in r.iter().enumerate() {
                    self.ops.push(Op::Copy(start + i as u32, s));
                }
                let off = self.emit(|dst| Op::Index {
                    dst,
                    index: idx,
                    signed,
                    len,
                    stride,
                })?;
                let mut out = Vec::new();
                for c in 0..elem.regs() {
                    out.push(self.emit(|dst| Op::Gather {
                        dst,
                        base: start + c,
                        len: n - c,
                        index: off,
                    })?);
                }
                Val::Regs(out)
            }
            _ => return Err(unsupported("indexing a texture or sampler")),
        })
    }

    /// Loads a place into fresh registers (a copy: later stores do not change it).
    pub(super) fn load(&mut self, pointer: Handle<Expression>) -> Result<Vec<R>, CompileError> {
        let Val::Ptr(p) = self.val(pointer)? else {
            return Err(internal("load from a non-pointer"));
        };
        let mut out = Vec::new();
        match p.root {
            Root::Regs { base, len } => {
                for c in 0..p.shape.regs() {
                    let src = base + p.offset + c;
                    out.push(match p.dynamic {
                        None => self.emit(|d| Op::Copy(d, src))?,
                        Some(index) => self.emit(|dst| Op::Gather {
                            dst,
                            base: src,
                            len: len - (p.offset + c),
                            index,
                        })?,
                    });
                }
            }
            Root::Cb { slot } => {
                let mut offs = Vec::new();
                p.shape.byte_offsets(p.offset, &mut offs);
                for offset in offs {
                    out.push(self.emit(|dst| Op::LoadCb {
                        dst,
                        slot,
                        offset,
                        dynamic: p.dynamic,
                    })?);
                }
            }
            Root::Mem { space, base } => out = self.mem_load(pointer, space, base, &p)?,
        }
        Ok(out)
    }

    /// Stores `value` through `pointer` in the active lanes.
    pub fn store(
        &mut self,
        pointer: Handle<Expression>,
        value: Handle<Expression>,
    ) -> Result<(), CompileError> {
        let Val::Ptr(p) = self.val(pointer)? else {
            return Err(internal("store to a non-pointer"));
        };
        let src = self.regs(value)?;
        if let Root::Mem { space, base } = p.root {
            return self.mem_store(space, base, &p, &src);
        }
        let Root::Regs { base, len } = p.root else {
            return Err(internal("store to a uniform buffer"));
        };
        for (c, s) in (0u32..).zip(src) {
            let dst = base + p.offset + c;
            self.ops.push(match p.dynamic {
                None => Op::Store(dst, s),
                Some(index) => Op::Scatter {
                    base: dst,
                    len: len - (p.offset + c),
                    index,
                    src: s,
                },
            });
        }
        Ok(())
    }
}
