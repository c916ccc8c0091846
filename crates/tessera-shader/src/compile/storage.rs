//! Storage textures (compute and fragment): `texture_storage_1d`, `_2d`, `_2d_array` and
//! `_3d<FORMAT, write | read | read_write>` at `@group(3) @binding(n)` = texture UAV slot `n` (a
//! Texture1D, Texture2D, Texture2DArray or Texture3D UAV). `textureStore` / `textureLoad` /
//! `textureDimensions` / `textureNumLayers` become [`MemOp::TexStore`] / [`MemOp::TexLoad`] /
//! [`MemOp::TexSize`] with `(x, y, z)` coordinates (`z`: the array layer or depth slice):
//! the compute and fragment machines address the texel through `tessera_format::memory` and encodes or
//! decodes it with the format's own codec, one 32-bit word at a time (so the parallel
//! schedule's write log replays them like buffer stores).

use naga::{
    Expression, Handle, ImageClass, ImageDimension, StorageAccess, StorageFormat, TypeInner,
};
use tessera_format::Format;
use tessera_types::ViewDimension;

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

/// The dimension of a storage texture (the UAV dimension it takes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StorageDim {
    /// `texture_storage_1d`: a Texture1D UAV, coordinate `x`.
    D1,
    /// `texture_storage_2d`: a Texture2D UAV, coordinates `(x, y)`.
    D2,
    /// `texture_storage_2d_array`: a Texture2DArray UAV, `(x, y)` and the array layer.
    D2Array,
    /// `texture_storage_3d`: a Texture3D UAV, `(x, y, z)`.
    D3,
}

impl StorageDim {
    /// The D3D UAV dimension.
    pub fn view(self) -> ViewDimension {
        match self {
            Self::D1 => ViewDimension::Texture1D,
            Self::D2 => ViewDimension::Texture2D,
            Self::D2Array => ViewDimension::Texture2DArray,
            Self::D3 => ViewDimension::Texture3D,
        }
    }

    /// Components of the coordinate (`textureDimensions` returns as many).
    fn coords(self) -> usize {
        match self {
            Self::D1 => 1,
            Self::D2 | Self::D2Array => 2,
            Self::D3 => 3,
        }
    }
}

impl Compiler<'_> {
    /// A storage-texture global: UAV slot `@binding(n)` of `@group(3)`.
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
        let sdim = match (dim, arrayed) {
            (ImageDimension::D1, false) => StorageDim::D1,
            (ImageDimension::D2, false) => StorageDim::D2,
            (ImageDimension::D2, true) => StorageDim::D2Array,
            (ImageDimension::D3, false) => StorageDim::D3,
            _ => {
                return Err(unsupported(format!(
                    "storage textures other than texture_storage_1d, _2d, _2d_array and _3d                      ({dim:?}, arrayed: {arrayed})"
                )));
            }
        };
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
            dimension: sdim.view(),
        });
        Ok(Val::StorageTexture(slot, fmt, sdim))
    }

    /// `(x, y, z)` registers of a storage-texture coordinate (`i32` or `u32` components; the
    /// array layer is `z` of a 2D array; unused components read the zero register).
    fn texel_coords(
        &mut self,
        dim: StorageDim,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
    ) -> Result<[R; 3], CompileError> {
        let c = self.regs(coordinate)?;
        if c.len() != dim.coords() {
            return Err(internal("a storage coordinate of the wrong size"));
        }
        let mut out = [0; 3];
        out[..c.len()].copy_from_slice(&c);
        match (dim, array_index) {
            (StorageDim::D2Array, Some(a)) => out[2] = self.regs(a)?[0],
            (StorageDim::D2Array, None) | (_, Some(_)) => {
                return Err(internal(
                    "a storage array index that does not match the type",
                ));
            }
            _ => {}
        }
        Ok(out)
    }

    /// `textureStore(t, coords[, array_index], value)`.
    pub(super) fn image_store(
        &mut self,
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        value: Handle<Expression>,
    ) -> Result<(), CompileError> {
        let Val::StorageTexture(slot, format, dim) = self.val(image)? else {
            return Err(internal("textureStore of a non-storage texture"));
        };
        let coords = self.texel_coords(dim, coordinate, array_index)?;
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

    /// `textureLoad(t, coords[, array_index])` of a `read` / `read_write` storage texture.
    pub(super) fn storage_load(
        &mut self,
        slot: u32,
        format: Format,
        dim: StorageDim,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
    ) -> Result<Vec<R>, CompileError> {
        let coords = self.texel_coords(dim, coordinate, array_index)?;
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

    /// `textureDimensions(t)` of a storage texture (as many components as its coordinate), or
    /// `textureNumLayers(t)` of a 2D array (`layers`).
    pub(super) fn storage_size(
        &mut self,
        slot: u32,
        dim: StorageDim,
        layers: bool,
    ) -> Result<Vec<R>, CompileError> {
        let b = self.alloc(3, "a storage size result")?;
        self.ops.push(Op::Mem(MemOp::TexSize {
            dst: [b, b + 1, b + 2],
            slot,
        }));
        Ok(if layers {
            vec![b + 2]
        } else {
            (b..b + dim.coords() as R).collect()
        })
    }
}
