//! Stand-ins: how the ordinary copy, update, resolve and mip calls reach a tiled resource
//! (SPEC §6.5: "ordinary Copy*/Update* APIs work on tiled resources with the same NULL rules").
//!
//! A call stages each tiled side in a **stand-in**: an ordinary texture (or buffer) of the
//! subresources it touches, at their extents and in their format, reserved from the device
//! budget for the call. The region the call touches is **loaded** into it through the memory
//! owner's translation (`TiledSubresource::row_spans_in`), NULL tiles reading the tier's NULL
//! value ([`Access`]); the ordinary operation runs on the stand-ins, so every rule of the
//! ordinary call (format family, box, extent, sample count, usage) is checked where it always
//! is; only then are the written stand-ins **stored** back: every resource tile of the region
//! whose bytes changed is written to its pool tile, NULL tiles drop the writes (the stores of
//! the render targets, `target.rs`). A refused call stores nothing and reports nothing.
//!
//! A multisampled subresource keeps a pixel's samples together in its tiles (SPEC §6.5) and
//! one plane per sample in the ordinary stand-in (`memory::samples`): loads scatter each span's
//! samples to their planes and stores gather them back (the memory owner's
//! `TiledSubresource::scatter_sample` / `gather_sample`), through a staging buffer of the
//! spans' tile bytes so the store is the same changed-tiles-only store.

use std::ops::Range;

use tessera_caps::{BindFlags, BufferDesc, MiscFlags, TextureDesc, TextureDimension};
use tessera_format::memory::{RowSpan, TiledSubresource};
use tessera_resource::tiled::{TileMappings, TiledDesc, subresource_placement};
use tessera_resource::{Box3, Buffer, Resource, ResourceError, Texture, calc_subresource};

use super::shadow::{Shadow, load_spans, store_spans};
use super::{Access, TiledResource};
use crate::device::Device;
use crate::error::{Error, Result};

/// A resource an ordinary copy, update or resolve takes: an ordinary one or a tiled one.
#[derive(Clone, Copy, Debug)]
pub enum AnyResource<'a> {
    /// An ordinary buffer or texture.
    Plain(&'a Resource),
    /// A tiled buffer or texture (`MISC_TILED`).
    Tiled(&'a TiledResource),
}

impl<'a> From<&'a Resource> for AnyResource<'a> {
    fn from(r: &'a Resource) -> Self {
        Self::Plain(r)
    }
}

impl<'a> From<&'a TiledResource> for AnyResource<'a> {
    fn from(r: &'a TiledResource) -> Self {
        Self::Tiled(r)
    }
}

/// Which subresources of a tiled resource a stand-in holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Subresources {
    /// One subresource, as the stand-in's subresource 0.
    One(u32),
    /// Every subresource, numbered as in the tiled resource.
    All,
    /// Mips × slices of a view (renumbered from mip 0, slice 0), keeping the misc flags the
    /// view needs (GENERATE_MIPS, TEXTURECUBE).
    View {
        /// The mips.
        mips: Range<u32>,
        /// The array slices.
        slices: Range<u32>,
        /// The misc flags kept.
        keep: MiscFlags,
    },
}

/// One staged subresource: where it lies in the stand-in and which runs the call touches.
#[derive(Debug)]
struct Part {
    sub: u32,
    place: TiledSubresource,
    spans: Vec<RowSpan>,
    tiles: Range<u32>,
    /// A multisampled part's store staging: a buffer of its spans' bytes in the tile layout
    /// (the samples of a pixel together, SPEC §6.5), and the spans renumbered into it.
    interleaved: Option<(Buffer, Vec<RowSpan>)>,
}

/// An ordinary resource standing in for subresources of a tiled one (see the module doc).
#[derive(Debug)]
pub(crate) struct StandIn {
    shadow: Shadow,
    parts: Vec<Part>,
}

/// The smallest box holding both (`None` = the whole subresource).
pub(crate) fn union(a: Option<Box3>, b: Option<Box3>) -> Option<Box3> {
    let (a, b) = (a?, b?);
    Some(Box3 {
        left: a.left.min(b.left),
        top: a.top.min(b.top),
        front: a.front.min(b.front),
        right: a.right.max(b.right),
        bottom: a.bottom.max(b.bottom),
        back: a.back.max(b.back),
    })
}

impl StandIn {
    /// Stages `subs` of `resource` (whose table `map` the caller holds locked); `region`, for
    /// [`Subresources::One`]: the texel box the call touches (a buffer: bytes; `None`: all).
    pub(crate) fn new(
        device: &Device,
        resource: &TiledResource,
        map: &TileMappings,
        subs: &Subresources,
        region: Option<Box3>,
    ) -> Result<Self> {
        let tiling = map.tiling();
        let count = tiling.subresource_tilings.len() as u32;
        let budget = &device.inner.budget;
        let caps = device.caps();
        if let Subresources::One(sub) = *subs
            && sub >= count
        {
            return Err(ResourceError::SubresourceOutOfRange { sub, count }.into());
        }
        let td = match resource.desc() {
            TiledDesc::Buffer(bd) => {
                let shadow = Buffer::new_in(
                    budget,
                    caps,
                    &BufferDesc {
                        misc_flags: MiscFlags(bd.misc_flags.0 & !MiscFlags::TILED.0),
                        ..*bd
                    },
                    None,
                )?;
                let place = subresource_placement(resource.desc(), tiling, 0)?;
                let x = region.map_or(0..bd.byte_width, |b| b.left..b.right);
                let part = Part {
                    sub: 0,
                    spans: place.row_spans_in(x, 0..1, 0..1),
                    tiles: place.tiles(),
                    place,
                    interleaved: None,
                };
                return Ok(Self {
                    shadow: Shadow::Buffer(shadow),
                    parts: vec![part],
                });
            }
            TiledDesc::Texture(td) => td,
        };
        let mips_all = tiling.mip_levels.max(1);
        let three_d = td.dimension == TextureDimension::D3;
        let (mips, slices, keep) = match subs {
            Subresources::One(sub) => {
                let (m, s) = (sub % mips_all, sub / mips_all);
                (m..m + 1, s..s + 1, MiscFlags(0))
            }
            Subresources::All => (0..mips_all, 0..tiling.array_size.max(1), td.misc_flags),
            Subresources::View { mips, slices, keep } => (mips.clone(), slices.clone(), *keep),
        };
        // A Texture3D has one slice (a view's slice range is its W range).
        let slices = if three_d { 0..1 } else { slices };
        let m0 = mips.start;
        let shadow = Texture::new_in(
            budget,
            caps,
            &TextureDesc {
                width: (td.width >> m0).max(1),
                height: (td.height >> m0).max(1),
                depth: if three_d { (td.depth >> m0).max(1) } else { 1 },
                mip_levels: mips.len() as u32,
                array_size: if three_d { 1 } else { slices.len() as u32 },
                misc_flags: MiscFlags(td.misc_flags.0 & keep.0 & !MiscFlags::TILED.0),
                ..*td
            },
            None,
        )?;
        let info = td.format.info();
        let (bw, bh) = (info.block_width.max(1), info.block_height.max(1));
        let mut parts = Vec::new();
        for (si, slice) in slices.clone().enumerate() {
            for (mi, mip) in mips.clone().enumerate() {
                let sub = calc_subresource(mip, slice, mips_all);
                let place = subresource_placement(resource.desc(), tiling, sub)?;
                let spans = match region {
                    Some(b) => place.row_spans_in(
                        b.left / bw..b.right.div_ceil(bw),
                        b.top / bh..b.bottom.div_ceil(bh),
                        b.front..b.back,
                    ),
                    None => place.row_spans(),
                };
                let interleaved = if place.samples > 1 {
                    Some(interleaved(device, &spans)?)
                } else {
                    None
                };
                parts.push(Part {
                    sub: calc_subresource(mi as u32, si as u32, mips.len() as u32),
                    tiles: place.tiles(),
                    place,
                    spans,
                    interleaved,
                });
            }
        }
        Ok(Self {
            shadow: Shadow::Texture(shadow),
            parts,
        })
    }

    /// The stand-in as an ordinary resource.
    pub(crate) fn resource(&self) -> Resource {
        match &self.shadow {
            Shadow::Texture(t) => Resource::from(t.clone()),
            Shadow::Buffer(b) => Resource::from(b.clone()),
        }
    }

    /// Loads the staged region from the tiles (NULL tiles: the tier's NULL value); a
    /// multisampled part's samples go to their sample planes (`scatter_sample`).
    pub(crate) fn load(&self, access: &mut Access<'_>) -> Result<()> {
        for p in &self.parts {
            match &self.shadow {
                Shadow::Texture(t) if p.place.samples > 1 => {
                    let mut g = t.write();
                    let mut surface = g.surface_mut(p.sub)?;
                    let mut scratch = Vec::new();
                    for s in &p.spans {
                        scratch.resize(s.len, 0);
                        access.read(s.tile, s.tile_offset, &mut scratch)?;
                        for k in 0..p.place.samples {
                            // A multisampled subresource is one slice deep: plane k = sample k.
                            p.place
                                .scatter_sample(s, k, &scratch, surface.row_mut(s.y, k))
                                .ok_or(SAMPLES_OUTSIDE)?;
                        }
                    }
                }
                shadow => load_spans(access, shadow, p.sub, &p.spans)?,
            }
        }
        Ok(())
    }

    /// Stores the staged region back: changed resource tiles only; NULL tiles drop the writes.
    /// A multisampled part is gathered into the tile layout first (`gather_sample`).
    pub(crate) fn store(&self, access: &mut Access<'_>) -> Result<()> {
        for p in &self.parts {
            match (&self.shadow, &p.interleaved) {
                (Shadow::Texture(t), Some((buf, spans))) => {
                    {
                        let g = t.read();
                        let surface = g.surface(p.sub)?;
                        let mut w = buf.write();
                        for (s, at) in p.spans.iter().zip(spans) {
                            let out = w
                                .get_mut(at.row_offset..at.row_offset + at.len)
                                .ok_or(SAMPLES_OUTSIDE)?;
                            for k in 0..p.place.samples {
                                p.place
                                    .gather_sample(s, k, surface.row(s.y, k), out)
                                    .ok_or(SAMPLES_OUTSIDE)?;
                            }
                        }
                    }
                    let staged = Shadow::Buffer(buf.clone());
                    store_spans(access, &staged, 0, spans, p.tiles.clone())?;
                }
                (shadow, _) => store_spans(access, shadow, p.sub, &p.spans, p.tiles.clone())?,
            }
        }
        Ok(())
    }
}

const SAMPLES_OUTSIDE: Error = Error::Unsupported("a tiled sample span outside its stand-in row");

/// The store staging of a multisampled part (see [`Part::interleaved`]): a buffer of the
/// spans' bytes one after another, reserved from the device budget, and the spans renumbered
/// into it (one row: `y = z = 0`, `row_offset` = the span's place in the buffer).
fn interleaved(device: &Device, spans: &[RowSpan]) -> Result<(Buffer, Vec<RowSpan>)> {
    let mut at = 0usize;
    let renumbered: Vec<RowSpan> = spans
        .iter()
        .map(|s| {
            let r = RowSpan {
                y: 0,
                z: 0,
                row_offset: at,
                ..*s
            };
            at += s.len;
            r
        })
        .collect();
    let byte_width = u32::try_from(at)
        .map_err(|_| Error::Unsupported("a multisampled tiled region over 4 GiB in one call"))?;
    let buf = Buffer::new_in(
        &device.inner.budget,
        device.caps(),
        &BufferDesc {
            byte_width: byte_width.max(1),
            bind_flags: BindFlags::SHADER_RESOURCE,
            ..BufferDesc::default()
        },
        None,
    )?;
    Ok((buf, renumbered))
}
