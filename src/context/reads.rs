//! What a draw reads: the read locks of one stage's constant buffers and shader resources,
//! the sampler's view of an SRV, and the tiled views resolved for the draw. Every resource a
//! call reads is read-locked once ([`ReadSet`]), however many slots bind it.

use std::ops::Range;

use tessera_caps::ViewDimension;
use tessera_format::Surface;
use tessera_pipeline::{ShaderEnv, TextureUse};
use tessera_resource::{
    Buffer, BufferReadGuard, ResourceError, ShaderResourceView, Texture, TextureReadGuard,
};
use tessera_sampler::TextureView;

use super::staged::Substitutes;
use super::{StageBindings, uav};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::tiled::ResolvedTiled;

/// One read lock per distinct resource of a draw or dispatch (issue #18): a buffer bound as a
/// vertex buffer and an SRV, or a constant buffer of two stages, is read-locked once. A second
/// `read()` of a `std::sync::RwLock` the thread already holds may block behind a writer queued
/// between the two calls (a deadlock, as the first guard is never released), so no call takes
/// one.
#[derive(Default)]
pub(super) struct ReadSet<'a> {
    buffers: Vec<(&'a Buffer, BufferReadGuard<'a>)>,
    textures: Vec<(&'a Texture, TextureReadGuard<'a>)>,
}

impl<'a> ReadSet<'a> {
    /// The index of `b`'s read lock, taken on its first use.
    pub(super) fn buffer(&mut self, b: &'a Buffer) -> usize {
        if let Some(i) = self.buffers.iter().position(|(x, _)| x.ptr_eq(b)) {
            return i;
        }
        self.buffers.push((b, b.read()));
        self.buffers.len() - 1
    }

    /// The index of `t`'s read lock, taken on its first use.
    pub(super) fn texture(&mut self, t: &'a Texture) -> usize {
        if let Some(i) = self.textures.iter().position(|(x, _)| x.ptr_eq(t)) {
            return i;
        }
        self.textures.push((t, t.read()));
        self.textures.len() - 1
    }

    /// The bytes of buffer lock `i`.
    pub(super) fn buffer_bytes(&self, i: usize) -> &[u8] {
        &self.buffers[i].1
    }

    /// Texture lock `i`.
    fn texture_guard(&self, i: usize) -> &TextureReadGuard<'a> {
        &self.textures[i].1
    }

    /// How many locks the set holds (buffers, textures): each resource once.
    #[cfg(test)]
    pub(super) fn counts(&self) -> (usize, usize) {
        (self.buffers.len(), self.textures.len())
    }
}

/// The read locks (indices into a [`ReadSet`]) of one stage's bindings during a call.
pub(super) struct StageReads<'a> {
    constant_buffers: Vec<Option<usize>>,
    textures: Vec<Option<(&'a ShaderResourceView, usize)>>,
    /// Tiled views resolved for this draw ([`ResolvedTiled`]), by slot.
    tiled: Vec<Option<ResolvedTiled>>,
    /// Buffer views that can be read as storage (structured or `R32` typed) with their byte
    /// ranges, by slot; the other buffer views are refused when the shader reads them
    /// ([`Self::check_storage`]).
    buffers: Vec<Option<(usize, Range<usize>)>>,
}

impl<'a> StageReads<'a> {
    /// Read-locks (in `set`) the stage's constant buffers and texture views (each slot's view
    /// as `subs` gives it: the bound view, a staged copy, or none) and, with `buffers`, its
    /// buffer views readable as storage (a dispatch locks its compute SRVs itself, as
    /// `ComputeMemory`).
    pub(super) fn lock(
        stage: &'a StageBindings,
        subs: &'a Substitutes,
        set: &mut ReadSet<'a>,
        buffers: bool,
    ) -> Self {
        let constant_buffers = stage
            .constant_buffers
            .iter()
            .map(|b| b.as_ref().map(|b| set.buffer(b)))
            .collect();
        let textures = stage
            .shader_resources
            .iter()
            .enumerate()
            .map(|(slot, v)| {
                let v = subs.view(slot, v.as_ref())?;
                let tex = v.texture()?;
                Some((v, set.texture(tex)))
            })
            .collect();
        let buffers = stage
            .shader_resources
            .iter()
            .map(|v| {
                let v = v.as_ref().filter(|_| buffers)?;
                let (b, r) = uav::buffer_view_bytes(v, "Draw").ok()?;
                Some((set.buffer(b), r))
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

    /// The stage's bindings as the shader sees them, borrowed from the locks in `set`.
    pub(super) fn env<'s>(
        &'s self,
        set: &'s ReadSet<'a>,
        stage: &StageBindings,
    ) -> Result<ShaderEnv<'s>> {
        let constant_buffers = self
            .constant_buffers
            .iter()
            .map(|g| g.map(|i| set.buffer_bytes(i)))
            .collect();
        let slots = self.textures.len().max(self.tiled.len());
        let mut textures = Vec::with_capacity(slots);
        for i in 0..slots {
            let tiled = self.tiled.get(i).and_then(Option::as_ref);
            textures.push(
                match (self.textures.get(i).and_then(Option::as_ref), tiled) {
                    (Some((view, guard)), _) => {
                        Some(texture_view(view, set.texture_guard(*guard))?)
                    }
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
            .map(|b| b.as_ref().map(|(g, r)| &set.buffer_bytes(*g)[r.clone()]))
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

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use tessera_caps::{BindFlags, BufferDesc};

    use super::ReadSet;
    use crate::{Device, DeviceDesc, FeatureLevel};

    /// Two slots of one buffer (say a vertex buffer and an SRV) take one read lock: with a
    /// writer queued on the buffer after the first slot locked it, the second slot's lookup
    /// returns at once (a second `read()` would wait behind the writer, which waits on the
    /// first guard: a deadlock).
    #[test]
    fn a_buffer_in_two_slots_is_read_locked_once_even_with_a_writer_queued() {
        let d = Device::new(&DeviceDesc::at(FeatureLevel::L11_0)).unwrap();
        let desc = BufferDesc {
            byte_width: 16,
            bind_flags: BindFlags::VERTEX_BUFFER | BindFlags::SHADER_RESOURCE,
            ..BufferDesc::default()
        };
        let b = d.create_buffer(&desc, Some(&[7; 16])).unwrap();
        let alias = b.clone();
        let mut set = ReadSet::default();
        let first = set.buffer(&b);
        let (tx, rx) = mpsc::channel();
        let writer = {
            let b = b.clone();
            std::thread::spawn(move || {
                tx.send(()).unwrap();
                b.write()[0] = 9;
            })
        };
        rx.recv().unwrap();
        std::thread::sleep(Duration::from_millis(100));
        let second = set.buffer(&alias);
        assert_eq!(first, second);
        assert_eq!(set.counts(), (1, 0));
        assert_eq!(set.buffer_bytes(second)[0], 7);
        drop(set);
        writer.join().unwrap();
        assert_eq!(b.read()[0], 9);
    }
}
