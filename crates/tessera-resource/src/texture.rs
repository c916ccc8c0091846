//! `Texture`: a cheap, shareable handle to a 1D/2D/3D texture (`ID3D11Texture1D/2D/3D`).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};

use tessera_caps::{Caps, DeviceId, TextureDesc, TextureDimension};
use tessera_format::{Format, Surface, SurfaceMut};

use crate::blit::{Extent, Pitched, copy_region};
use crate::layout::{SubresourceLayout, TextureLayout};
use crate::memory::{MemoryBudget, Reservation};
use crate::{ResourceError, memory, usage, validate};

/// Initial data for one subresource (`D3D11_SUBRESOURCE_DATA`).
#[derive(Clone, Copy, Debug)]
pub struct SubresourceData<'a> {
    /// The texel (or buffer) bytes.
    pub data: &'a [u8],
    /// Bytes between rows (rows of blocks for BC formats); ignored for buffers and 1-row data.
    pub row_pitch: usize,
    /// Bytes between depth slices; used only by 3D textures.
    pub depth_pitch: usize,
}

impl<'a> SubresourceData<'a> {
    /// Initial data with explicit pitches (`D3D11_SUBRESOURCE_DATA` fields).
    pub fn new(data: &'a [u8], row_pitch: usize, depth_pitch: usize) -> Self {
        Self {
            data,
            row_pitch,
            depth_pitch,
        }
    }
}

pub(crate) struct TextureInner {
    pub(crate) owner: DeviceId,
    pub(crate) desc: TextureDesc,
    pub(crate) layout: TextureLayout,
    pub(crate) data: RwLock<Vec<u8>>,
    pub(crate) mapped: Mutex<BTreeSet<u32>>,
    /// The storage's share of its device's budget, given back when the texture drops.
    _reservation: Reservation,
}

/// A texture handle: clones share the same storage; identity via [`Texture::ptr_eq`] (D3D COM identity).
#[derive(Clone)]
pub struct Texture {
    pub(crate) inner: Arc<TextureInner>,
}

impl std::fmt::Debug for Texture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texture")
            .field("desc", &self.inner.desc)
            .finish_non_exhaustive()
    }
}

impl Texture {
    /// Creates a texture with a budget of its own ([`MemoryBudget::physical`]); see [`Texture::new_in`].
    pub fn new(
        caps: &Caps,
        desc: &TextureDesc,
        init: Option<&[SubresourceData<'_>]>,
    ) -> Result<Self, ResourceError> {
        Self::new_in(&MemoryBudget::physical(), caps, desc, init)
    }

    /// Creates a texture (`CreateTexture1D/2D/3D`): caps rules, D3D11 usage rules, its bytes
    /// reserved from the device's `budget`, then init data.
    pub fn new_in(
        budget: &MemoryBudget,
        caps: &Caps,
        desc: &TextureDesc,
        init: Option<&[SubresourceData<'_>]>,
    ) -> Result<Self, ResourceError> {
        validate::texture_desc(caps, desc, init.is_some())?;
        usage::check_usage(desc.usage, desc.bind_flags, init.is_some())?;
        let layout = TextureLayout::compute(desc)?;
        let reservation = budget.reserve(layout.total)?;
        let mut data = memory::allocate_zeroed(layout.total)?;
        let mut resolved = *desc;
        resolved.mip_levels = desc.resolved_mip_levels();
        let count = layout.subresource_count();
        if let Some(init) = init {
            if init.len() < count as usize {
                return Err(ResourceError::InvalidInitData(format!(
                    "{} subresources need data, {} given",
                    count,
                    init.len()
                )));
            }
            for sub in 0..count {
                let l = layout
                    .subresource(sub)
                    .ok_or(ResourceError::SubresourceOutOfRange { sub, count })?;
                let src = init
                    .get(sub as usize)
                    .ok_or(ResourceError::SubresourceOutOfRange { sub, count })?;
                write_subresource(&mut data, &l, src.data, src.row_pitch, src.depth_pitch)
                    .map_err(|e| {
                        ResourceError::InvalidInitData(format!("subresource {sub}: {e}"))
                    })?;
            }
        }
        Ok(Self {
            inner: Arc::new(TextureInner {
                owner: caps.device_id(),
                desc: resolved,
                layout,
                data: RwLock::new(data),
                mapped: Mutex::new(BTreeSet::new()),
                _reservation: reservation,
            }),
        })
    }

    /// The device that created the texture (`ID3D11DeviceChild::GetDevice`).
    pub fn owner(&self) -> DeviceId {
        self.inner.owner
    }

    /// The creation description with `mip_levels` resolved (`ID3D11Texture2D::GetDesc`).
    pub fn desc(&self) -> &TextureDesc {
        &self.inner.desc
    }

    /// Texture dimension (1D, 2D/cube, 3D).
    pub fn dimension(&self) -> TextureDimension {
        self.inner.desc.dimension
    }

    /// Mip levels (resolved, never 0).
    pub fn mip_levels(&self) -> u32 {
        self.inner.layout.mips.len() as u32
    }

    /// Array slices (6·n for cubes, 1 for 3D).
    pub fn array_size(&self) -> u32 {
        self.inner.layout.array_size
    }

    /// `mip_levels * array_size` (D3D11CalcSubresource range).
    pub fn subresource_count(&self) -> u32 {
        self.inner.layout.subresource_count()
    }

    /// Where subresource `sub` lives in storage (D3D subresource order, tightly packed pitches).
    pub fn layout(&self, sub: u32) -> Result<SubresourceLayout, ResourceError> {
        self.inner
            .layout
            .subresource(sub)
            .ok_or(ResourceError::SubresourceOutOfRange {
                sub,
                count: self.subresource_count(),
            })
    }

    /// Total bytes of storage.
    pub fn size_in_bytes(&self) -> u64 {
        self.inner.layout.total
    }

    /// True when both handles name the same texture (COM identity).
    pub fn ptr_eq(&self, other: &Texture) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// True while subresource `sub` is mapped (D3D: a mapped resource may not be used by the GPU).
    pub fn is_mapped(&self, sub: u32) -> bool {
        self.inner
            .mapped
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&sub)
    }

    /// True while any subresource is mapped.
    pub fn any_mapped(&self) -> bool {
        !self
            .inner
            .mapped
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    }

    /// Shared read access to all subresources (blocks while a writer holds the texture).
    pub fn read(&self) -> TextureReadGuard<'_> {
        TextureReadGuard {
            tex: self,
            data: self.inner.data.read().unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// Exclusive write access to all subresources.
    pub fn write(&self) -> TextureWriteGuard<'_> {
        TextureWriteGuard {
            tex: self,
            data: self.inner.data.write().unwrap_or_else(|e| e.into_inner()),
        }
    }

    pub(crate) fn check_not_mapped(&self) -> Result<(), ResourceError> {
        let set = self.inner.mapped.lock().unwrap_or_else(|e| e.into_inner());
        match set.iter().next() {
            Some(&sub) => Err(ResourceError::Mapped { sub }),
            None => Ok(()),
        }
    }
}

/// Copies caller data with its pitches into a tightly packed subresource.
pub(crate) fn write_subresource(
    storage: &mut [u8],
    l: &SubresourceLayout,
    src: &[u8],
    row_pitch: usize,
    depth_pitch: usize,
) -> Result<(), ResourceError> {
    let rows = l.rows as usize;
    let depth = l.depth as usize;
    if rows > 1 && row_pitch < l.row_pitch {
        return Err(ResourceError::OutOfBounds(format!(
            "row pitch {row_pitch} < row size {}",
            l.row_pitch
        )));
    }
    if depth > 1 && depth_pitch < l.depth_pitch {
        return Err(ResourceError::OutOfBounds(format!(
            "depth pitch {depth_pitch} < slice size {}",
            l.depth_pitch
        )));
    }
    let e = Extent {
        row_bytes: l.row_pitch,
        rows,
        depth,
    };
    let d = Pitched {
        offset: l.offset,
        row_pitch: l.row_pitch,
        depth_pitch: l.depth_pitch,
    };
    let s = Pitched {
        offset: 0,
        row_pitch,
        depth_pitch,
    };
    copy_region(storage, d, src, s, e)
}

fn surface_of<'a>(
    tex: &Texture,
    data: &'a [u8],
    sub: u32,
) -> Result<(SubresourceLayout, &'a [u8]), ResourceError> {
    let l = tex.layout(sub)?;
    let bytes = data
        .get(l.range())
        .ok_or_else(|| ResourceError::OutOfBounds("storage shorter than layout".into()))?;
    Ok((l, bytes))
}

/// Shared access to a texture's storage; many readers at once.
pub struct TextureReadGuard<'a> {
    tex: &'a Texture,
    data: RwLockReadGuard<'a, Vec<u8>>,
}

impl TextureReadGuard<'_> {
    /// Subresource `sub` as a borrowed texel view (row/depth pitch from [`Texture::layout`]).
    pub fn surface(&self, sub: u32) -> Result<Surface<'_>, ResourceError> {
        let (l, bytes) = surface_of(self.tex, &self.data, sub)?;
        make_surface(self.tex, &l, bytes)
    }

    /// The raw bytes of subresource `sub`.
    pub fn subresource_bytes(&self, sub: u32) -> Result<&[u8], ResourceError> {
        Ok(surface_of(self.tex, &self.data, sub)?.1)
    }

    /// All storage, every subresource in D3D order.
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }
}

/// Exclusive access to a texture's storage.
pub struct TextureWriteGuard<'a> {
    tex: &'a Texture,
    data: RwLockWriteGuard<'a, Vec<u8>>,
}

impl TextureWriteGuard<'_> {
    /// Subresource `sub` read-only.
    pub fn surface(&self, sub: u32) -> Result<Surface<'_>, ResourceError> {
        let (l, bytes) = surface_of(self.tex, &self.data, sub)?;
        make_surface(self.tex, &l, bytes)
    }

    /// Subresource `sub` as a mutable texel view.
    pub fn surface_mut(&mut self, sub: u32) -> Result<SurfaceMut<'_>, ResourceError> {
        let l = self.tex.layout(sub)?;
        let bytes = self
            .data
            .get_mut(l.range())
            .ok_or_else(|| ResourceError::OutOfBounds("storage shorter than layout".into()))?;
        make_surface_mut(self.tex, &l, bytes)
    }

    /// Mip `mip` of array slices `slices` (1D/2D arrays) or of depth slices `slices` (3D) as
    /// one mutable surface whose depth is the slices: a texture UAV of several slices.
    pub fn slices_mut(
        &mut self,
        mip: u32,
        slices: std::ops::Range<u32>,
    ) -> Result<SurfaceMut<'_>, ResourceError> {
        let depth = self.tex.desc().dimension == TextureDimension::D3;
        let span = self
            .tex
            .inner
            .layout
            .slices_span(mip, slices.clone(), depth)
            .ok_or_else(|| {
                ResourceError::OutOfBounds(format!("mip {mip}, slices {slices:?} of the texture"))
            })?;
        let bytes = self
            .data
            .get_mut(span.range.clone())
            .ok_or_else(|| ResourceError::OutOfBounds("storage shorter than layout".into()))?;
        let f = self.tex.inner.desc.format;
        let (w, h, n) = (span.width, span.height, span.count);
        Ok(SurfaceMut::new(
            f,
            w,
            h,
            n,
            span.row_pitch,
            span.slice_pitch,
            bytes,
        )?)
    }

    /// Several distinct subresources mutably at once, in the order asked (duplicates are refused).
    pub fn surfaces_mut(&mut self, subs: &[u32]) -> Result<Vec<SurfaceMut<'_>>, ResourceError> {
        let mut order: Vec<(usize, SubresourceLayout)> = Vec::with_capacity(subs.len());
        for (i, &sub) in subs.iter().enumerate() {
            order.push((i, self.tex.layout(sub)?));
        }
        order.sort_by_key(|(_, l)| l.offset);
        if order.windows(2).any(|w| w[0].1.offset == w[1].1.offset) {
            return Err(ResourceError::InvalidOperation {
                op: "surfaces_mut",
                reason: "the same subresource was asked twice".into(),
            });
        }
        let mut rest: &mut [u8] = &mut self.data;
        let mut consumed = 0usize;
        let mut out: Vec<Option<SurfaceMut<'_>>> = (0..subs.len()).map(|_| None).collect();
        for (i, l) in order {
            let skip = l
                .offset
                .checked_sub(consumed)
                .ok_or_else(|| ResourceError::OutOfBounds("overlapping subresources".into()))?;
            let tail = std::mem::take(&mut rest);
            if tail.len() < skip + l.size {
                return Err(ResourceError::OutOfBounds(
                    "storage shorter than layout".into(),
                ));
            }
            let (_, tail) = tail.split_at_mut(skip);
            let (mine, tail) = tail.split_at_mut(l.size);
            rest = tail;
            consumed = l.offset + l.size;
            if let Some(slot) = out.get_mut(i) {
                *slot = Some(make_surface_mut(self.tex, &l, mine)?);
            }
        }
        Ok(out.into_iter().flatten().collect())
    }

    /// The raw bytes of subresource `sub`, mutably.
    pub fn subresource_bytes_mut(&mut self, sub: u32) -> Result<&mut [u8], ResourceError> {
        let l = self.tex.layout(sub)?;
        self.data
            .get_mut(l.range())
            .ok_or_else(|| ResourceError::OutOfBounds("storage shorter than layout".into()))
    }

    /// All storage, mutably, every subresource in D3D order.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }

    /// All storage.
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }
}

/// The `(format, width, height, depth, row_pitch, depth_pitch)` of a subresource surface: the
/// mip size; a multisampled subresource's slices are its sample planes
/// (`tessera_format::memory::sample_planes`: slice `s` = sample `s`).
fn surface_shape(tex: &Texture, l: &SubresourceLayout) -> (Format, u32, u32, u32, usize, usize) {
    (
        tex.inner.desc.format,
        l.width,
        l.height,
        l.memory_slices(),
        l.row_pitch,
        l.depth_pitch,
    )
}

fn make_surface<'a>(
    tex: &Texture,
    l: &SubresourceLayout,
    bytes: &'a [u8],
) -> Result<Surface<'a>, ResourceError> {
    let (f, w, h, d, rp, dp) = surface_shape(tex, l);
    Ok(Surface::new(f, w, h, d, rp, dp, bytes)?)
}

fn make_surface_mut<'a>(
    tex: &Texture,
    l: &SubresourceLayout,
    bytes: &'a mut [u8],
) -> Result<SurfaceMut<'a>, ResourceError> {
    let (f, w, h, d, rp, dp) = surface_shape(tex, l);
    Ok(SurfaceMut::new(f, w, h, d, rp, dp, bytes)?)
}
