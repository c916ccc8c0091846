//! Storage textures (compute and fragment): `texture_storage_2d<FORMAT, write | read | read_write>` at
//! `@group(3) @binding(n)` = texture UAV slot `n`. `textureStore` / `textureLoad` /
//! `textureDimensions` become [`MemOp::TexStore`] / [`MemOp::TexLoad`] / [`MemOp::TexSize`]:
//! the compute and fragment machines address the texel through `tessera_format::memory` and encodes or
//! decodes it with the format's own codec, one 32-bit word at a time (so the parallel
//! schedule's write log replays them like buffer stores).

use naga::{
    Expression, Handle, ImageClass, ImageDimension, StorageAccess, StorageFormat, TypeInner,
};
use tessera_format::Format;

use super::expr::{internal, unsupported};
use super::mem::UAV_SLOTS;
use super::{Compiler, Val};
use crate::error::CompileError;
use crate::ir::{MemOp, Op, R};
use crate::program::{Stage, StorageTextureUse};

/// The D3D format of a WGSL storage texel format (`None`: not one Tessera stores).
pub fn storage_format(f: StorageFormat) -> Option<Format> {
    use StorageFormat as S;
    Some(match f {
        S::Rgba8Unorm => Format::R8G8B8A8Unorm,
        S::Rgba8Snorm => Format::R8G8B8A8Snorm,
        S::Rgba8Uint => Format::R8G8B8A8Uint,
        S::Rgba8Sint => Format::R8G8B8A8Sint,
        S::Bgra8Unorm => Format::B8G8R8A8Unorm,
        S::Rgba16Uint => Format::R16G16B16A16Uint,
        S::Rgba16Sint => Format::R16G16B16A16Sint,
        S::Rgba16Float => Format::R16G16B16A16Float,
        S::R32Uint => Format::R32Uint,
        S::R32Sint => Format::R32Sint,
        S::R32Float => Format::R32Float,
        S::Rg32Uint => Format::R32G32Uint,
        S::Rg32Sint => Format::R32G32Sint,
        S::Rg32Float => Format::R32G32Float,
        S::Rgba32Uint => Format::R32G32B32A32Uint,
        S::Rgba32Sint => Format::R32G32B32A32Sint,
        S::Rgba32Float => Format::R32G32B32A32Float,
        _ => return None,
    })
}

impl Compiler<'_> {
    /// A `texture_storage_2d` global: UAV slot `@binding(n)` of `@group(3)`.
    pub(super) fn storage_texture(
        &mut self,
        g: Handle<naga::GlobalVariable>,
    ) -> Result<Val, CompileError> {
        let var = &self.module.global_variables[g];
        let TypeInner::Image {
            dim,
            arrayed,
            class: ImageClass::Storage { format, access },
        } = self.module.types[var.ty].inner
        else {
            return Err(internal("a storage texture of another type"));
        };
        match self.stage {
            Stage::Compute => {}
            // A pixel shader's typed UAV (ps_5_0).
            Stage::Fragment => self.uses.needs_sm5 = true,
            Stage::Vertex => {
                return Err(unsupported(
                    "a storage texture in the vertex stage (UAVs are compute and pixel only here)",
                ));
            }
        }
        if dim != ImageDimension::D2 || arrayed {
            return Err(unsupported(format!(
                "storage textures other than texture_storage_2d ({dim:?}, arrayed: {arrayed})"
            )));
        }
        let fmt = storage_format(format)
            .ok_or_else(|| unsupported(format!("the storage texel format {format:?}")))?;
        let b = var
            .binding
            .as_ref()
            .ok_or_else(|| internal("unbound storage texture"))?;
        if b.group != 3 || b.binding >= UAV_SLOTS {
            return Err(CompileError::Binding {
                group: b.group,
                binding: b.binding,
                rule: "a storage texture is @group(3) @binding(0..64), the UAV slot",
            });
        }
        let slot = b.binding;
        if !self.uses.uavs.contains(&slot) {
            self.uses.uavs.push(slot);
        }
        let reads = access.contains(StorageAccess::LOAD);
        self.uses.storage_textures.push(StorageTextureUse {
            slot,
            format: fmt,
            reads,
        });
        Ok(Val::StorageTexture(slot, fmt))
    }

    /// `(x, y)` registers of a storage-texture coordinate (`vec2<i32>` or `vec2<u32>`).
    fn texel_coords(&mut self, coordinate: Handle<Expression>) -> Result<[R; 2], CompileError> {
        let c = self.regs(coordinate)?;
        match c.as_slice() {
            [x, y] => Ok([*x, *y]),
            _ => Err(internal("a storage coordinate that is not a vec2")),
        }
    }

    /// `textureStore(t, coords, value)`.
    pub(super) fn image_store(
        &mut self,
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        value: Handle<Expression>,
    ) -> Result<(), CompileError> {
        let Val::StorageTexture(slot, format) = self.val(image)? else {
            return Err(internal("textureStore of a non-storage texture"));
        };
        let coords = self.texel_coords(coordinate)?;
        let v = self.regs(value)?;
        let value: [R; 4] = v
            .try_into()
            .map_err(|_| internal("a stored texel that is not a vec4"))?;
        self.ops.push(Op::Mem(MemOp::TexStore {
            slot,
            format,
            coords,
            value,
        }));
        Ok(())
    }

    /// `textureLoad(t, coords)` of a `read` / `read_write` storage texture.
    pub(super) fn storage_load(
        &mut self,
        slot: u32,
        format: Format,
        coordinate: Handle<Expression>,
    ) -> Result<Vec<R>, CompileError> {
        let coords = self.texel_coords(coordinate)?;
        let b = self.alloc(4, "a storage load result")?;
        let dst = [b, b + 1, b + 2, b + 3];
        self.ops.push(Op::Mem(MemOp::TexLoad {
            dst,
            slot,
            format,
            coords,
        }));
        Ok(dst.to_vec())
    }

    /// `textureDimensions(t)` of a storage texture.
    pub(super) fn storage_size(&mut self, slot: u32) -> Result<Vec<R>, CompileError> {
        let b = self.alloc(2, "a storage size result")?;
        self.ops.push(Op::Mem(MemOp::TexSize {
            dst: [b, b + 1],
            slot,
        }));
        Ok(vec![b, b + 1])
    }
}
