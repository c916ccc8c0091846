//! Texel loads and texture queries: `textureLoad` → tessera-sampler's `load` (`load_sample`
//! for `texture_multisampled_2d` / `texture_depth_multisampled_2d`), `textureDimensions` /
//! `textureNumLevels` / `textureNumLayers` / `textureNumSamples` → the bound view's
//! `dimensions` / `mip_count` / `samples`.

use naga::{Expression, Handle, ImageClass, ImageDimension, ImageQuery, TypeInner};

use super::expr::{internal, unsupported};
use super::{Compiler, Val};
use crate::error::CompileError;
use crate::ir::{Op, R, TexQuery};

impl Compiler<'_> {
    /// The texture slot of `image` and its naga type.
    fn texture_of(
        &mut self,
        image: Handle<Expression>,
    ) -> Result<(u32, ImageDimension, bool, ImageClass), CompileError> {
        let Val::Texture(slot) = self.val(image)? else {
            return Err(internal("a texture operation on a non-texture"));
        };
        let TypeInner::Image {
            dim,
            arrayed,
            class,
        } = *self.info[image].ty.inner_with(&self.module.types)
        else {
            return Err(internal("a texture operation on a non-texture type"));
        };
        if !self.uses.textures.contains(&slot) {
            self.uses.textures.push(slot);
        }
        let multi = matches!(
            class,
            ImageClass::Sampled { multi: true, .. } | ImageClass::Depth { multi: true }
        );
        if multi && !self.uses.multisampled_textures.contains(&slot) {
            self.uses.multisampled_textures.push(slot);
        }
        self.uses.needs_sm4 = true;
        Ok((slot, dim, arrayed, class))
    }

    /// `textureLoad(t, coords[, array_index], level)`: integer coordinates in `load`'s order
    /// `(x, y, z-or-slice, mip)`; the result is the raw texel bits.
    pub(super) fn image_load(
        &mut self,
        h: Handle<Expression>,
        image: Handle<Expression>,
        coordinate: Handle<Expression>,
        array_index: Option<Handle<Expression>>,
        sample: Option<Handle<Expression>>,
        level: Option<Handle<Expression>>,
    ) -> Result<Vec<R>, CompileError> {
        if let Val::StorageTexture(slot, format, dim) = self.val(image)? {
            return self.storage_load(slot, format, dim, coordinate, array_index);
        }
        let (texture, dim, _, class) = self.texture_of(image)?;
        if matches!(class, ImageClass::Storage { .. }) {
            return Err(unsupported("textureLoad of a storage texture"));
        }
        let c = self.regs(coordinate)?;
        let n = match dim {
            ImageDimension::D1 => 1,
            ImageDimension::D2 => 2,
            ImageDimension::D3 => 3,
            ImageDimension::Cube => return Err(internal("textureLoad of a cube texture")),
        };
        let mut coords = [0; 4];
        for (o, r) in coords.iter_mut().zip(c.iter().take(n)) {
            *o = *r;
        }
        if let Some(a) = array_index {
            coords[n] = self.regs(a)?[0];
        }
        if let Some(l) = level {
            coords[3] = self.regs(l)?[0];
        }
        // ld2dms: a sample index that is not a literal, or a depth texture, needs SM 4.1
        // (D3D10.0 takes a literal index and no multisampled depth views).
        let sample = match sample {
            Some(s) => {
                let literal = matches!(
                    self.fun.expressions[s],
                    Expression::Literal(_) | Expression::Constant(_)
                );
                if !literal || matches!(class, ImageClass::Depth { .. }) {
                    self.uses.needs_sm41 = true;
                }
                Some(self.regs(s)?[0])
            }
            None => None,
        };
        let b = self.alloc(4, "a load result")?;
        let dst = [b, b + 1, b + 2, b + 3];
        self.ops.push(Op::Load {
            dst,
            texture,
            coords,
            sample,
        });
        let k = self.shape(h)?.regs() as usize;
        Ok(dst[..k.min(4)].to_vec())
    }

    /// `textureDimensions`, `textureNumLevels`, `textureNumLayers`.
    pub(super) fn image_query(
        &mut self,
        h: Handle<Expression>,
        image: Handle<Expression>,
        query: ImageQuery,
    ) -> Result<Vec<R>, CompileError> {
        if let Val::StorageTexture(slot, _, dim) = self.val(image)? {
            return match query {
                ImageQuery::Size { level: None } => self.storage_size(slot, dim, false),
                ImageQuery::NumLayers => self.storage_size(slot, dim, true),
                q => Err(unsupported(format!("{q:?} of a storage texture"))),
            };
        }
        let (texture, ..) = self.texture_of(image)?;
        let n = self.shape(h)?.regs().min(3);
        let (query, level) = match query {
            ImageQuery::Size { level } => {
                let l = match level {
                    Some(l) => self.regs(l)?[0],
                    None => 0,
                };
                (TexQuery::Size(n as u8), l)
            }
            ImageQuery::NumLevels => (TexQuery::Levels, 0),
            ImageQuery::NumLayers => (TexQuery::Layers, 0),
            // sampleinfo / GetDimensions' sample count is SM 4.1.
            ImageQuery::NumSamples => {
                self.uses.needs_sm41 = true;
                (TexQuery::Samples, 0)
            }
        };
        let b = self.alloc(3, "a texture query result")?;
        self.ops.push(Op::TexQuery {
            query,
            dst: [b, b + 1, b + 2],
            texture,
            level,
        });
        Ok((b..b + n).collect())
    }
}
