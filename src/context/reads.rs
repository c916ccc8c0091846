//! What a draw reads: the read locks of one stage's constant buffers and shader resources,
//! the sampler's view of an SRV, and the tiled views resolved for the draw.

use std::ops::Range;

use tessera_caps::ViewDimension;
use tessera_format::Surface;
use tessera_pipeline::{ShaderEnv, TextureUse};
use tessera_resource::{BufferReadGuard, ResourceError, ShaderResourceView, TextureReadGuard};
use tessera_sampler::TextureView;

use super::{StageBindings, uav};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::tiled::ResolvedTiled;

/// Read locks held for one stage's bindings during a draw.
pub(super) struct StageReads<'a> {
    constant_buffers: Vec<Option<BufferReadGuard<'a>>>,
    textures: Vec<Option<(&'a ShaderResourceView, TextureReadGuard<'a>)>>,
    /// Tiled views resolved for this draw ([`ResolvedTiled`]), by slot.
    tiled: Vec<Option<ResolvedTiled>>,
    /// Buffer views that can be read as storage (structured or `R32` typed) with their byte
    /// ranges, by slot; the other buffer views are refused when the shader reads them
    /// ([`Self::check_storage`]).
    buffers: Vec<Option<(BufferReadGuard<'a>, Range<usize>)>>,
}

impl<'a> StageReads<'a> {
    /// Read-locks the stage's constant buffers and texture views (not those `is_target`
    /// says are bound outputs) and, with `buffers`, its buffer views readable as storage (a
    /// dispatch locks its compute SRVs itself, as `ComputeMemory`).
    pub(super) fn lock(
        stage: &'a StageBindings,
        is_target: &dyn Fn(&ShaderResourceView) -> bool,
        buffers: bool,
    ) -> Self {
        let constant_buffers = stage
            .constant_buffers
            .iter()
            .map(|b| b.as_ref().map(|b| b.read()))
            .collect();
        let textures = stage
            .shader_resources
            .iter()
            .map(|v| {
                let v = v.as_ref()?;
                if is_target(v) {
                    return None;
                }
                let tex = v.texture()?;
                Some((v, tex.read()))
            })
            .collect();
        let buffers = stage
            .shader_resources
            .iter()
            .map(|v| {
                let v = v.as_ref().filter(|_| buffers)?;
                let (b, r) = uav::buffer_view_bytes(v, "Draw").ok()?;
                Some((b.read(), r))
            })
            .collect();
        Self {
            constant_buffers,
            textures,
            tiled: Vec::new(),
            buffers,
        }
    }

    /// The shader's storage-buffer slots (`slots`): a view bound there must be a buffer view
    /// readable as storage (structured, or `R32` typed, unmapped); an empty slot reads 0.
    pub(super) fn check_storage(
        &self,
        stage: &StageBindings,
        slots: &[u32],
        call: &'static str,
    ) -> Result<()> {
        for &s in slots {
            if let Some(v) = stage
                .shader_resources
                .get(s as usize)
                .and_then(Option::as_ref)
            {
                uav::buffer_view_bytes(v, call)?;
            }
        }
        Ok(())
    }

    /// The multisampled rule of the shader's texture slots (`uses`): a multisampled view
    /// (Texture2DMS / Texture2DMSArray) is bound only where the shader declares a multisampled
    /// texture, and a single-sample texture view only where it declares a single-sample one;
    /// an empty slot reads 0.
    pub(super) fn check_textures(
        stage: &StageBindings,
        uses: &[TextureUse],
        call: &'static str,
    ) -> Result<()> {
        for u in uses {
            let Some(v) = stage
                .shader_resources
                .get(u.slot as usize)
                .and_then(Option::as_ref)
            else {
                continue;
            };
            let dimension = v.dimension();
            let ms = matches!(
                dimension,
                ViewDimension::Texture2DMs | ViewDimension::Texture2DMsArray
            );
            if v.texture().is_some() && ms != u.multisampled {
                return Err(Error::TextureKind {
                    call,
                    slot: u.slot,
                    multisampled: u.multisampled,
                    dimension,
                });
            }
        }
        Ok(())
    }

    /// Reads the stage's tiled views through their mapping tables (once per draw; `reported`:
    /// the resources this draw already reported at Tier 1).
    pub(super) fn resolve_tiled(
        &mut self,
        device: &Device,
        stage: &StageBindings,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        self.tiled = Vec::with_capacity(stage.tiled_resources.len());
        for v in &stage.tiled_resources {
            self.tiled.push(match v {
                Some(v) => Some(ResolvedTiled::read(device, v, reported)?),
                None => None,
            });
        }
        Ok(())
    }

    pub(super) fn env(&self, stage: &StageBindings) -> Result<ShaderEnv<'_>> {
        let constant_buffers = self.constant_buffers.iter().map(|g| g.as_deref()).collect();
        let slots = self.textures.len().max(self.tiled.len());
        let mut textures = Vec::with_capacity(slots);
        for i in 0..slots {
            let tiled = self.tiled.get(i).and_then(Option::as_ref);
            textures.push(
                match (self.textures.get(i).and_then(Option::as_ref), tiled) {
                    (Some((view, guard)), _) => Some(texture_view(view, guard)?),
                    (None, Some(t)) => Some(t.texture_view()?),
                    (None, None) => None,
                },
            );
        }
        let samplers = stage
            .samplers
            .iter()
            .map(|s| s.as_ref().map(|s| s.0))
            .collect();
        let buffers = self
            .buffers
            .iter()
            .map(|b| b.as_ref().map(|(g, r)| &g[r.clone()]))
            .collect();
        Ok(ShaderEnv {
            constant_buffers,
            textures,
            samplers,
            buffers,
        })
    }
}

/// The sampler's view of an SRV: its mips (per slice) as surfaces in the view's format.
fn texture_view<'g>(
    view: &ShaderResourceView,
    guard: &'g TextureReadGuard<'_>,
) -> Result<TextureView<'g>> {
    let tex = view
        .texture()
        .ok_or(Error::Unsupported("buffer shader-resource views"))?;
    let desc = tex.desc();
    let r = view.range();
    let mips = if r.mip_levels == u32::MAX {
        tex.mip_levels() - r.most_detailed_mip
    } else {
        r.mip_levels
    };
    let slices = if r.array_size == u32::MAX {
        tex.array_size() - r.first_array_slice
    } else {
        r.array_size
    };
    let dimension = view.dimension();
    if matches!(
        dimension,
        ViewDimension::Texture2DMs | ViewDimension::Texture2DMsArray
    ) {
        // One mip; each slice's surface holds its sample planes (docs/memory.md).
        let mut planes: Vec<Surface<'g>> = Vec::with_capacity(slices as usize);
        for slice in 0..slices {
            let sub = view
                .subresource(0, slice)
                .ok_or(Error::Unsupported("view subresource outside its resource"))?;
            let s = guard.surface(sub)?;
            planes.push(s.with_format(view.format()).map_err(ResourceError::from)?);
        }
        return Ok(TextureView::multisampled(dimension, planes)?);
    }
    let mut surfaces: Vec<Surface<'g>> = Vec::with_capacity((mips * slices) as usize);
    for slice in 0..slices {
        for mip in 0..mips {
            let sub = view
                .subresource(mip, slice)
                .ok_or(Error::Unsupported("view subresource outside its resource"))?;
            let s = guard.surface(sub)?;
            surfaces.push(s.with_format(view.format()).map_err(ResourceError::from)?);
        }
    }
    let array = match dimension {
        ViewDimension::Texture3D => 1,
        _ => slices,
    };
    let _ = desc;
    Ok(TextureView::new(dimension, surfaces, array)?)
}
