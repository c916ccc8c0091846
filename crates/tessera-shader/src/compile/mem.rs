//! Storage memory: storage buffers (`@group(3)` UAVs, `@group(1)` read-only storage) and
//! `var<workgroup>` (compute; a fragment shader's UAVs at `@group(3)`), addressed in bytes with WGSL's storage layout; atomics and `arrayLength`.

use naga::{AtomicFunction, Expression, Handle, StorageAccess, TypeInner};

use super::expr::{internal, unsupported};
use super::shape::{Kind, shape_of_handle};
use super::{Compiler, Place, Root, Val};
use crate::error::CompileError;
use crate::ir::{AtomicOp, MemOp, MemSpace, Op, R};
use crate::program::Stage;

use tessera_pipeline::env::SRV_SLOTS;

/// Unordered-access-view slots the binding model names (`D3D11_1_UAV_SLOT_COUNT`; the device
/// checks the level's own count when the shader is created).
pub const UAV_SLOTS: u32 = 64;

/// Workgroup memory one compute program may declare: 32 KiB, D3D11's thread-group shared
/// memory (`D3D11_CS_TGSM_REGISTER_COUNT` × 4 bytes).
pub const MAX_WORKGROUP_BYTES: u32 = 32 * 1024;

impl Compiler<'_> {
    fn compute_only(&self, what: &str) -> Result<(), CompileError> {
        if self.stage == Stage::Compute {
            Ok(())
        } else {
            Err(unsupported(format!(
                "{what} in the {} stage (workgroup memory, UAVs outside the pixel stage are compute-only here)",
                self.stage.name()
            )))
        }
    }

    /// A `var<storage>`: UAV slot `n` at `@group(3)`, or a read-only buffer SRV at `@group(1)`.
    pub(super) fn storage_global(
        &mut self,
        g: Handle<naga::GlobalVariable>,
        access: StorageAccess,
    ) -> Result<Val, CompileError> {
        let var = &self.module.global_variables[g];
        let b = var
            .binding
            .as_ref()
            .ok_or_else(|| internal("unbound storage buffer"))?;
        let read_only = !access.contains(StorageAccess::STORE);
        // A pixel shader's UAVs (ps_5_0) are storage buffers at @group(3); read-only storage
        // buffers at @group(1) are buffer SRVs in every stage (structured and raw buffers
        // are vs_5_0 / ps_5_0: at 10_x only cs_4_x reads them); the vertex stage's UAVs are
        // compute-only here.
        let srv = b.group == 1 && read_only;
        if !(srv || self.stage == Stage::Fragment && b.group == 3) {
            self.compute_only("a storage buffer")?;
        }
        if self.stage != Stage::Compute {
            self.uses.needs_sm5 = true;
        }
        if b.group == 3 && (UAV_SLOTS..2 * UAV_SLOTS).contains(&b.binding) {
            return self.uav_counter(g, read_only);
        }
        let space = match b.group {
            3 if b.binding < UAV_SLOTS => MemSpace::Uav(b.binding),
            1 if read_only && (b.binding as usize) < SRV_SLOTS => MemSpace::Srv(b.binding),
            _ => {
                return Err(CompileError::Binding {
                    group: b.group,
                    binding: b.binding,
                    rule: "a storage buffer is @group(3) @binding(0..64), the UAV slot, a UAV counter at @group(3) @binding(64..128), or read-only at @group(1) @binding(0..128), the shader-resource slot",
                });
            }
        };
        let list = match space {
            MemSpace::Uav(n) => (&mut self.uses.uavs, n),
            MemSpace::Srv(n) => (&mut self.uses.storage_srvs, n),
            MemSpace::Workgroup => return Err(internal("storage in workgroup space")),
        };
        if !list.0.contains(&list.1) {
            list.0.push(list.1);
        }
        Ok(Val::Ptr(Place {
            root: Root::Mem { space, base: 0 },
            offset: 0,
            dynamic: None,
            shape: shape_of_handle(self.module, var.ty)?,
        }))
    }

    /// The hidden counter of UAV slot `n` (an APPEND / COUNTER view): the `read_write` storage
    /// variable at `@group(3) @binding(64 + n)` holding one 32-bit atomic (`atomic<u32>`,
    /// `atomic<i32>`, or a struct of one such member, dxc's `[[vk::counter_binding]]` form). It
    /// is memory space `Uav(64 + n)`, 4 bytes; the shader also uses UAV slot `n`.
    fn uav_counter(
        &mut self,
        g: Handle<naga::GlobalVariable>,
        read_only: bool,
    ) -> Result<Val, CompileError> {
        let var = &self.module.global_variables[g];
        let b = var
            .binding
            .as_ref()
            .ok_or_else(|| internal("unbound storage buffer"))?;
        let (group, binding) = (b.group, b.binding);
        let size = self.module.types[var.ty].inner.size(self.module.to_ctx());
        if read_only || size != 4 {
            return Err(CompileError::Binding {
                group,
                binding,
                rule: "a UAV counter (@group(3) @binding(64 + n)) is a read_write storage variable of one 32-bit atomic",
            });
        }
        let slot = binding - UAV_SLOTS;
        if !self.uses.uavs.contains(&slot) {
            self.uses.uavs.push(slot);
        }
        if !self.uses.uav_counters.contains(&slot) {
            self.uses.uav_counters.push(slot);
        }
        Ok(Val::Ptr(Place {
            root: Root::Mem {
                space: MemSpace::Uav(binding),
                base: 0,
            },
            offset: 0,
            dynamic: None,
            shape: shape_of_handle(self.module, var.ty)?,
        }))
    }

    /// A `var<workgroup>`: a 16-byte aligned block of the workgroup's memory (zeroed per group).
    pub(super) fn workgroup_global(
        &mut self,
        g: Handle<naga::GlobalVariable>,
    ) -> Result<Val, CompileError> {
        self.compute_only("a workgroup variable")?;
        let var = &self.module.global_variables[g];
        let base = match self.workgroup.get(&g) {
            Some(&b) => b,
            None => {
                let size = self.module.types[var.ty].inner.size(self.module.to_ctx());
                let base = self.workgroup_bytes.next_multiple_of(16);
                let end = u64::from(base) + u64::from(size);
                if end > u64::from(MAX_WORKGROUP_BYTES) {
                    return Err(CompileError::WorkgroupMemory {
                        needed: end,
                        limit: MAX_WORKGROUP_BYTES,
                    });
                }
                self.workgroup_bytes = end as u32;
                self.workgroup.insert(g, base);
                base
            }
        };
        Ok(Val::Ptr(Place {
            root: Root::Mem {
                space: MemSpace::Workgroup,
                base,
            },
            offset: 0,
            dynamic: None,
            shape: shape_of_handle(self.module, var.ty)?,
        }))
    }

    /// True when `pointer` points at an `atomic<T>`.
    fn points_at_atomic(&self, pointer: Handle<Expression>) -> bool {
        let types = &self.module.types;
        match self.info[pointer].ty.inner_with(types) {
            TypeInner::Pointer { base, .. } => {
                matches!(types[*base].inner, TypeInner::Atomic(_))
            }
            _ => false,
        }
    }

    /// Loads every word of place `p` (an `atomicLoad` of storage orders the dispatch).
    pub(super) fn mem_load(
        &mut self,
        pointer: Handle<Expression>,
        space: MemSpace,
        base: u32,
        p: &Place,
    ) -> Result<Vec<R>, CompileError> {
        if matches!(space, MemSpace::Uav(_)) && self.points_at_atomic(pointer) {
            self.uses.storage_atomics = true;
            self.uses.ordered_atomics = true;
        }
        let mut offs = Vec::new();
        p.shape
            .byte_offsets(base.saturating_add(p.offset), &mut offs);
        offs.into_iter()
            .map(|offset| {
                self.emit(|dst| {
                    Op::Mem(MemOp::Load {
                        dst,
                        space,
                        offset,
                        dynamic: p.dynamic,
                    })
                })
            })
            .collect()
    }

    /// Stores `src` (one register per word) through place `p` in the active lanes.
    pub(super) fn mem_store(
        &mut self,
        space: MemSpace,
        base: u32,
        p: &Place,
        src: &[R],
    ) -> Result<(), CompileError> {
        let mut offs = Vec::new();
        p.shape
            .byte_offsets(base.saturating_add(p.offset), &mut offs);
        for (offset, &s) in offs.into_iter().zip(src) {
            self.ops.push(Op::Mem(MemOp::Store {
                space,
                offset,
                dynamic: p.dynamic,
                src: s,
            }));
        }
        Ok(())
    }

    /// A `Statement::Atomic`: one [`MemOp::Atomic`]; its result registers become the value of
    /// the `AtomicResult` expression.
    pub(super) fn atomic(
        &mut self,
        pointer: Handle<Expression>,
        fun: &AtomicFunction,
        value: Handle<Expression>,
        result: Option<Handle<Expression>>,
    ) -> Result<(), CompileError> {
        let Val::Ptr(p) = self.val(pointer)? else {
            return Err(internal("atomic on a non-pointer"));
        };
        let Root::Mem { space, base } = p.root else {
            return Err(internal("atomic outside storage or workgroup memory"));
        };
        let signed = self.kind(value)? == Kind::S;
        let v = self.regs(value)?[0];
        let (op, compare) = match *fun {
            AtomicFunction::Add => (AtomicOp::Add, None),
            AtomicFunction::Subtract => (AtomicOp::Sub, None),
            AtomicFunction::And => (AtomicOp::And, None),
            AtomicFunction::InclusiveOr => (AtomicOp::Or, None),
            AtomicFunction::ExclusiveOr => (AtomicOp::Xor, None),
            AtomicFunction::Min if signed => (AtomicOp::SMin, None),
            AtomicFunction::Min => (AtomicOp::UMin, None),
            AtomicFunction::Max if signed => (AtomicOp::SMax, None),
            AtomicFunction::Max => (AtomicOp::UMax, None),
            AtomicFunction::Exchange { compare: None } => (AtomicOp::Exchange, None),
            AtomicFunction::Exchange { compare: Some(c) } => {
                (AtomicOp::CompareExchange, Some(self.regs(c)?[0]))
            }
        };
        self.uses.needs_sm4 = true;
        if matches!(space, MemSpace::Uav(_)) {
            self.uses.storage_atomics = true;
            if result.is_some_and(|h| self.info[h].ref_count > 0) {
                self.uses.ordered_atomics = true;
            }
        }
        let dst = self.alloc(1, "temporaries")?;
        let exchanged = match compare {
            Some(_) => Some(self.alloc(1, "temporaries")?),
            None => None,
        };
        self.ops.push(Op::Mem(MemOp::Atomic {
            op,
            dst,
            exchanged,
            space,
            offset: base.saturating_add(p.offset),
            dynamic: p.dynamic,
            value: v,
            compare: compare.unwrap_or(0),
        }));
        if let Some(h) = result {
            let mut regs = vec![dst];
            regs.extend(exchanged);
            self.vals[h.index()] = Some(Val::Regs(regs));
        }
        Ok(())
    }

    /// `arrayLength(p)`: the runtime-sized array's length from the bound buffer's size.
    pub(super) fn array_length(&mut self, pointer: Handle<Expression>) -> Result<R, CompileError> {
        let Val::Ptr(p) = self.val(pointer)? else {
            return Err(internal("arrayLength of a non-pointer"));
        };
        let (Root::Mem { space, base }, super::shape::Shape::Array { stride, .. }) =
            (p.root, &p.shape)
        else {
            return Err(internal("arrayLength of a non-storage array"));
        };
        let (offset, stride) = (base.saturating_add(p.offset), *stride);
        self.emit(|dst| {
            Op::Mem(MemOp::ArrayLength {
                dst,
                space,
                offset,
                stride,
            })
        })
    }
}
