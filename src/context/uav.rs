//! Unordered-access views bound for a dispatch (`CSSetUnorderedAccessViews`) or a draw
//! (`OMSetRenderTargetsAndUnorderedAccessViews`): each slot resolved against the shader's
//! storage textures (a buffer view's byte range, or a Texture1D / 2D / 2DArray / 3D UAV of the
//! declared dimension and format with typed UAV loads as the level allows), the one-binding-per-resource rule, and the
//! write locks that turn them into the bytes the shader runs on. One place for both stages.

use std::ops::Range;

use tessera_caps::{FeatureLevel, TextureDimension, ViewDimension};
use tessera_format::Format;
use tessera_pipeline::env::COUNTER_SLOT_BASE;
use tessera_pipeline::{PixelUavs, StorageTextureUse};
use tessera_resource::{
    Buffer, BufferWriteGuard, Resource, Texture, TextureWriteGuard, UavCounter,
    UnorderedAccessView, ViewInfo, calc_subresource,
};

use crate::device::Device;
use crate::error::{Error, Result};

/// The bytes of a buffer view: `(buffer, byte range)`, or why it cannot be a storage buffer.
pub(super) fn buffer_range(view: &ViewInfo, call: &'static str) -> Result<(Buffer, Range<usize>)> {
    buffer_view_bytes(view, call).map(|(b, r)| (b.clone(), r))
}

/// [`buffer_range`] borrowing the view's buffer: a structured view (any stride), a raw one
/// (`R32_TYPELESS`, creation checked the RAW flag) or an `R32` typed one, unmapped and
/// inside its buffer.
pub(super) fn buffer_view_bytes<'v>(
    view: &'v ViewInfo,
    call: &'static str,
) -> Result<(&'v Buffer, Range<usize>)> {
    let Resource::Buffer(b) = view.resource() else {
        return Err(Error::Unsupported(
            "texture views as storage buffers (compute SRVs and buffer UAVs)",
        ));
    };
    let format = view.format();
    let elem = match format {
        Format::Unknown => b.desc().structure_byte_stride as usize,
        Format::R32Typeless | Format::R32Uint | Format::R32Sint | Format::R32Float => 4,
        _ => {
            return Err(Error::Unsupported(
                "typed buffer views as storage buffers other than R32_{TYPELESS,UINT,SINT,FLOAT}",
            ));
        }
    };
    let r = view.range();
    let start = r.first_array_slice as usize * elem;
    let end = start + r.array_size as usize * elem;
    if end > b.len() || b.is_mapped() {
        return Err(Error::NotBound {
            call,
            what: "an unmapped buffer view inside its buffer",
        });
    }
    Ok((b, start..end))
}

/// The R32 formats every level with typed UAV loads reads (11_x: only these, SPEC §1.2).
const TYPED_LOAD_R32: [Format; 3] = [Format::R32Float, Format::R32Uint, Format::R32Sint];

/// The further formats of typed UAV loads at 12_0+ ("18 formats" with the three R32 ones).
const TYPED_LOAD_12_0: [Format; 15] = [
    Format::R32G32B32A32Float,
    Format::R32G32B32A32Uint,
    Format::R32G32B32A32Sint,
    Format::R16G16B16A16Float,
    Format::R16G16B16A16Uint,
    Format::R16G16B16A16Sint,
    Format::R8G8B8A8Unorm,
    Format::R8G8B8A8Uint,
    Format::R8G8B8A8Sint,
    Format::R16Float,
    Format::R16Uint,
    Format::R16Sint,
    Format::R8Unorm,
    Format::R8Uint,
    Format::R8Sint,
];

/// The texture of a UAV for a storage texture, the view's mip, its slices (array slices, or
/// the W slices of a 3D view) and its format.
pub(super) type TextureUav = (Texture, u32, Range<u32>, Format);

/// A texture UAV for the storage texture `t` declares, or the typed-UAV rule it breaks (a
/// view of the declared dimension and format; a read needs typed UAV loads of that format at
/// this level).
pub(super) fn texture_uav(
    view: &ViewInfo,
    t: &StorageTextureUse,
    level: FeatureLevel,
    call: &'static str,
) -> Result<TextureUav> {
    let err = |rule| Error::UavFormat {
        call,
        slot: t.slot,
        rule,
        level,
        view: view.format(),
        shader: t.format,
    };
    let Resource::Texture(tex) = view.resource() else {
        return Err(err(
            "a storage texture takes a texture UAV, not a buffer view",
        ));
    };
    if view.dimension() != t.dimension {
        return Err(err(match t.dimension {
            ViewDimension::Texture1D => "a texture_storage_1d takes a Texture1D UAV",
            ViewDimension::Texture2DArray => {
                "a texture_storage_2d_array takes a Texture2DArray UAV"
            }
            ViewDimension::Texture3D => "a texture_storage_3d takes a Texture3D UAV",
            _ => "a texture_storage_2d takes a Texture2D UAV",
        }));
    }
    if view.format() != t.format {
        return Err(err(
            "the UAV's format is the storage texture's texel format",
        ));
    }
    if t.reads {
        let f = t.format;
        let ok = TYPED_LOAD_R32.contains(&f)
            || (level >= FeatureLevel::L12_0 && TYPED_LOAD_12_0.contains(&f));
        if !ok {
            return Err(err(if level >= FeatureLevel::L12_0 {
                "typed UAV loads (read / read_write storage textures) of the 18 formats only"
            } else {
                "typed UAV loads (read / read_write storage textures) of R32_FLOAT/UINT/SINT only below 12_0"
            }));
        }
    }
    let r = view.range();
    let mip = r.most_detailed_mip;
    let slices = if view.dimension() == ViewDimension::Texture3D {
        // The W slices of the view's mip (creation checked them against mip 0's depth).
        let depth = tex.desc().depth.checked_shr(mip).unwrap_or(0).max(1);
        let end = r.first_array_slice.saturating_add(r.array_size);
        if end > depth {
            return Err(err(
                "a Texture3D UAV's W slices lie inside the depth of its mip",
            ));
        }
        r.first_array_slice..end
    } else {
        r.first_array_slice..r.first_array_slice.saturating_add(r.array_size)
    };
    if view.subresources().iter().any(|&sub| tex.is_mapped(sub)) {
        return Err(Error::NotBound {
            call,
            what: "an unmapped texture UAV",
        });
    }
    Ok((tex.clone(), mip, slices, view.format()))
}

/// One bound UAV slot, resolved: a buffer's byte range (with the view's hidden counter when
/// the shader uses it), or a texture subresource in the view's format.
pub(super) enum UavBinding {
    /// A buffer view (structured, raw, or typed R32) and the counter the shader uses.
    Buffer(Buffer, Range<usize>, Option<UavCounter>),
    /// A texture UAV of a storage texture: texture, the view's mip, its slices, view format.
    Texture(Texture, u32, Range<u32>, Format),
}

/// Resolves the bound `views` by slot: a slot the shader declares as a storage texture takes
/// a texture UAV ([`texture_uav`]), any other a buffer view ([`buffer_range`]). A slot in
/// `counters` (the shader uses its hidden counter) needs a bound APPEND / COUNTER view.
pub(super) fn resolve(
    views: &[Option<UnorderedAccessView>],
    storage: &[StorageTextureUse],
    counters: &[u32],
    level: FeatureLevel,
    call: &'static str,
) -> Result<Vec<Option<UavBinding>>> {
    for &slot in counters {
        let view = views.get(slot as usize).and_then(Option::as_ref);
        if view.is_none_or(|v| v.counter().is_none()) {
            return Err(Error::UavCounter {
                call,
                rule: "a shader using the counter of UAV slot n (@group(3) @binding(64 + n)) needs an APPEND / COUNTER buffer UAV bound there (value: the slot)",
                level,
                limit: u64::from(view.map_or(0, |v| v.flags().bits())),
                value: u64::from(slot),
            });
        }
    }
    let mut out = Vec::with_capacity(views.len());
    for (slot, v) in views.iter().enumerate() {
        let declared = storage.iter().find(|t| t.slot as usize == slot);
        out.push(match (v, declared) {
            (None, _) => None,
            (Some(v), Some(t)) => {
                let (t, mip, slices, f) = texture_uav(v, t, level, call)?;
                Some(UavBinding::Texture(t, mip, slices, f))
            }
            (Some(v), None) => {
                let (b, r) = buffer_range(v, call)?;
                let counter = counters
                    .contains(&(slot as u32))
                    .then(|| v.counter().cloned())
                    .flatten();
                Some(UavBinding::Buffer(b, r, counter))
            }
        });
    }
    Ok(out)
}

/// A texture UAV that runs on a private copy because another output of the same call (a
/// render target, or the UAV of an earlier slot) views another subresource of its texture:
/// D3D allows that (its hazard is per subresource), but Tessera write-locks a texture whole.
/// The copy holds the view's subresources before the call; [`Self::store`] copies them back
/// after it. Binding already refused or unbound outputs that share a subresource
/// (`output_hazard.rs`), so no other output of the call writes the copied subresources.
pub(super) struct StagedUav {
    original: Texture,
    copy: Texture,
    subs: Vec<u32>,
}

impl StagedUav {
    /// Copies the view's subresources back into the original texture (after the call, its
    /// other locks released).
    pub(super) fn store(&self) -> Result<()> {
        let src = self.copy.read();
        let mut dst = self.original.write();
        for &sub in &self.subs {
            dst.subresource_bytes_mut(sub)?
                .copy_from_slice(src.subresource_bytes(sub)?);
        }
        Ok(())
    }
}

/// Stages ([`StagedUav`]) every texture UAV of `bound` whose texture is also in `others` (the
/// call's render targets and depth buffer) or behind an earlier slot, replacing its texture by
/// the copy; none when no texture is shared (nothing is allocated).
pub(super) fn stage_shared(
    device: &Device,
    bound: &mut [Option<UavBinding>],
    others: &[&Texture],
) -> Result<Vec<StagedUav>> {
    let mut staged = Vec::new();
    for i in 0..bound.len() {
        let Some(UavBinding::Texture(tex, mip, slices, _)) = &bound[i] else {
            continue;
        };
        let earlier = bound[..i]
            .iter()
            .any(|b| matches!(b, Some(UavBinding::Texture(t, ..)) if t.ptr_eq(tex)));
        if !earlier && !others.iter().any(|t| t.ptr_eq(tex)) {
            continue;
        }
        let subs: Vec<u32> = if tex.dimension() == TextureDimension::D3 {
            vec![calc_subresource(*mip, 0, tex.mip_levels())]
        } else {
            slices
                .clone()
                .map(|s| calc_subresource(*mip, s, tex.mip_levels()))
                .collect()
        };
        let copy = Texture::new_in(&device.inner.budget, device.caps(), tex.desc(), None)?;
        {
            let src = tex.read();
            let mut dst = copy.write();
            for &sub in &subs {
                dst.subresource_bytes_mut(sub)?
                    .copy_from_slice(src.subresource_bytes(sub)?);
            }
        }
        let original = tex.clone();
        if let Some(UavBinding::Texture(t, ..)) = &mut bound[i] {
            *t = copy.clone();
        }
        staged.push(StagedUav {
            original,
            copy,
            subs,
        });
    }
    Ok(staged)
}

/// Refuses a resource bound in two UAV slots, or as a UAV and in `read_buffers` /
/// `read_textures` (the stage's shader resources, a draw's targets) at once: `what` names
/// the rule (Tessera refuses where D3D unbinds with a warning).
pub(super) fn check_exclusive(
    bound: &[Option<UavBinding>],
    read_buffers: &[&Buffer],
    read_textures: &[&Texture],
    what: &'static str,
) -> Result<()> {
    let bound: Vec<&UavBinding> = bound.iter().flatten().collect();
    for (i, u) in bound.iter().enumerate() {
        let clash = match u {
            UavBinding::Buffer(b, ..) => {
                bound[i + 1..]
                    .iter()
                    .any(|o| matches!(o, UavBinding::Buffer(x, ..) if x.ptr_eq(b)))
                    || read_buffers.iter().any(|x| x.ptr_eq(b))
            }
            UavBinding::Texture(t, ..) => {
                bound[i + 1..]
                    .iter()
                    .any(|o| matches!(o, UavBinding::Texture(x, ..) if x.ptr_eq(t)))
                    || read_textures.iter().any(|x| x.ptr_eq(t))
            }
        };
        if clash {
            return Err(Error::Unsupported(what));
        }
    }
    Ok(())
}

/// The write locks of resolved UAVs, by slot.
pub(super) struct UavLocks<'r> {
    slots: Vec<Option<Locked<'r>>>,
}

enum Locked<'r> {
    Buffer(
        BufferWriteGuard<'r>,
        Range<usize>,
        Option<std::sync::MutexGuard<'r, [u8; 4]>>,
    ),
    Texture(TextureWriteGuard<'r>, u32, Range<u32>, Format),
}

impl<'r> UavLocks<'r> {
    /// Write-locks every bound UAV (each resource is in one slot, [`check_exclusive`]).
    pub(super) fn lock(bound: &'r [Option<UavBinding>]) -> Self {
        let slots = bound
            .iter()
            .map(|u| {
                u.as_ref().map(|u| match u {
                    UavBinding::Buffer(b, r, c) => {
                        Locked::Buffer(b.write(), r.clone(), c.as_ref().map(UavCounter::lock))
                    }
                    UavBinding::Texture(t, mip, s, f) => {
                        Locked::Texture(t.write(), *mip, s.clone(), *f)
                    }
                })
            })
            .collect();
        Self { slots }
    }

    /// The bytes of each slot and, for a texture, its layout (a [`PixelUavs`], also what a
    /// dispatch runs on) in the view's format (texel
    /// addresses then come from `tessera_format::memory`); a counter the shader uses is the
    /// 4 bytes of memory slot `COUNTER_SLOT_BASE + n`.
    pub(super) fn memory(&mut self) -> Result<PixelUavs<'_>> {
        let mut bytes = Vec::with_capacity(self.slots.len());
        let mut layouts = Vec::with_capacity(self.slots.len());
        let mut counters: Vec<(usize, &mut [u8])> = Vec::new();
        for (slot, s) in self.slots.iter_mut().enumerate() {
            let (b, l) = match s {
                Some(Locked::Buffer(g, r, c)) => {
                    if let Some(c) = c {
                        counters.push((COUNTER_SLOT_BASE + slot, &mut c[..]));
                    }
                    (Some(&mut g[r.clone()]), None)
                }
                Some(Locked::Texture(g, mip, slices, f)) => {
                    let surface = g
                        .slices_mut(*mip, slices.clone())?
                        .with_format(*f)
                        .map_err(tessera_resource::ResourceError::from)?;
                    let (layout, b) = surface.into_parts();
                    (Some(b), Some(layout))
                }
                None => (None, None),
            };
            bytes.push(b);
            layouts.push(l);
        }
        if let Some(&(last, _)) = counters.last() {
            bytes.resize_with(last + 1, || None);
            layouts.resize_with(last + 1, || None);
            for (at, c) in counters {
                bytes[at] = Some(c);
            }
        }
        Ok(PixelUavs {
            uavs: bytes,
            layouts,
        })
    }
}

/// Applies `pUAVInitialCounts` after a successful UAV bind: entry `i` sets the hidden counter
/// of `views[i]` when that view is an APPEND / COUNTER UAV and the entry is not `u32::MAX`
/// (D3D's −1: keep the current count); other views ignore their entry. An empty slice is
/// D3D's NULL pointer (every counter kept).
pub(super) fn apply_initial_counts(views: &[Option<UnorderedAccessView>], counts: &[u32]) {
    for (v, &n) in views.iter().zip(counts) {
        if let Some(c) = v.as_ref().and_then(|v| v.counter())
            && n != u32::MAX
        {
            c.set(n);
        }
    }
}

/// The `pUAVInitialCounts` rule, checked before anything is bound: an empty slice (NULL) or
/// one entry per UAV of the call (D3D reads `NumUAVs` entries).
pub(super) fn check_initial_counts(
    views: usize,
    counts: usize,
    level: FeatureLevel,
    call: &'static str,
) -> Result<()> {
    if counts != 0 && counts < views {
        return Err(Error::UavCounter {
            call,
            rule: "pUAVInitialCounts holds one entry per UAV (NumUAVs), or is empty (NULL)",
            level,
            limit: views as u64,
            value: counts as u64,
        });
    }
    Ok(())
}
