//! The shadow of a tiled output or UAV (issue #16): an ordinary resource the pipeline writes,
//! **loaded** from the tiles before a draw, dispatch or clear and **stored** back after.
//!
//! A [`TiledTarget`] views one or more subresources of a tiled resource (the slices of a
//! Texture2DArray view, the mip of a 3D view, a buffer), each a [`Part`]: its placement in the
//! tiles (the memory owner's `TiledSubresource`) and its row spans (`row_spans`: runs
//! contiguous in one tile and one pixel row, precomputed per view). Part `i` is subresource `i`
//! of the shadow (a one-mip texture: the slices in view order; or the buffer).
//!
//! Loads read each span through [`Access`] (NULL tiles: the tier's value, SPEC §6.8). A
//! multisampled part's spans hold the samples of a pixel consecutively (SPEC §6.5) while the
//! shadow keeps one plane per sample (`memory::samples`): the memory owner's
//! `TiledSubresource::scatter_sample` / `gather_sample` move each sample between the two.
//! Stores compare each resource tile's bytes with its pool tile and write only the changed
//! tiles, in resource-tile order, after the whole draw (so the bytes are the same at 1, 2 and
//! 8 threads); writes to NULL tiles are dropped.

use std::ops::Range;
use std::sync::Arc;

use tessera_caps::{ViewDesc, ViewDimension};
use tessera_format::memory::{RowSpan, TiledSubresource};
use tessera_resource::{Resource, Texture};

use super::{Access, TiledResource};
use crate::debug::MessageId;
use crate::device::Device;
use crate::error::{Error, Result};

/// One viewed subresource of a tiled texture (or a tiled buffer, for compute views) and its
/// shadow (see the module doc).
#[derive(Clone, Debug)]
pub(crate) struct TiledTarget {
    pub(super) resource: TiledResource,
    pub(super) desc: ViewDesc,
    pub(super) shadow: Shadow,
    pub(super) parts: Arc<[Part]>,
}

/// One viewed subresource: shadow subresource (or buffer) `i` of the target's `parts[i]`.
#[derive(Debug)]
pub(crate) struct Part {
    pub(super) place: TiledSubresource,
    pub(super) spans: Vec<RowSpan>,
    pub(super) tiles: Range<u32>,
}

impl Part {
    /// The part of `place`: its row spans and tiles.
    pub(super) fn new(place: TiledSubresource) -> Self {
        Self {
            spans: place.row_spans(),
            tiles: place.tiles(),
            place,
        }
    }
}

/// The ordinary resource a [`TiledTarget`]'s views really use: a one-mip texture of the viewed
/// mip (its slices the view's), or (a tiled buffer's compute views, `uav.rs`) a buffer of the
/// same bytes, whose one row is the buffer (its row spans all have `y = z = 0`).
#[derive(Clone, Debug)]
pub(crate) enum Shadow {
    Texture(Texture),
    Buffer(tessera_resource::Buffer),
}

/// The bytes `s` names in `row` (a shadow row).
fn span_of<'r>(row: &'r [u8], s: &RowSpan) -> Result<&'r [u8]> {
    row.get(s.row_offset..s.row_offset + s.len)
        .ok_or(Error::Unsupported(
            "a tiled row span outside its shadow row",
        ))
}

/// [`span_of`], writable.
fn span_of_mut<'r>(row: &'r mut [u8], s: &RowSpan) -> Result<&'r mut [u8]> {
    row.get_mut(s.row_offset..s.row_offset + s.len)
        .ok_or(Error::Unsupported(
            "a tiled row span outside its shadow row",
        ))
}

const SAMPLES_OUTSIDE: Error = Error::Unsupported("a tiled sample span outside its shadow row");

impl TiledTarget {
    /// The viewed tiled texture.
    pub(crate) fn resource(&self) -> &TiledResource {
        &self.resource
    }

    /// The shadow as a resource (what the target's ordinary view is made of).
    pub(super) fn shadow_resource(&self) -> Resource {
        match &self.shadow {
            Shadow::Texture(t) => Resource::from(t.clone()),
            Shadow::Buffer(b) => Resource::from(b.clone()),
        }
    }

    /// Whether the view covers its whole shadow (not so for a 3D view of some W slices: its
    /// shadow holds the mip's whole depth, so a write of the view alone needs a load first).
    pub(crate) fn view_covers_shadow(&self) -> bool {
        self.desc.dimension != ViewDimension::Texture3D
    }

    /// Whether the shader-resource view `v` sees a subresource of this target (D3D's hazard):
    /// its mip and an overlapping slice range.
    pub(crate) fn is_seen_by(&self, v: &super::TiledShaderResourceView) -> bool {
        let (r, o) = (v.desc().range, self.desc.range);
        let inside = |x: u32, first: u32, n: u32| x >= first && x - first < n;
        let overlap = |a: u32, an: u32, b: u32, bn: u32| {
            u64::from(a) < u64::from(b) + u64::from(bn)
                && u64::from(b) < u64::from(a) + u64::from(an)
        };
        // A 3D target's range is W slices, which every view of its mip sees.
        let three_d = self.desc.dimension == ViewDimension::Texture3D;
        v.resource().ptr_eq(&self.resource)
            && inside(o.most_detailed_mip, r.most_detailed_mip, r.mip_levels)
            && (three_d
                || overlap(
                    o.first_array_slice,
                    o.array_size,
                    r.first_array_slice,
                    r.array_size,
                ))
    }

    /// The resource tiles the view covers (its parts' tiles, in part order).
    pub(crate) fn covered_tiles(&self) -> Vec<u32> {
        self.parts.iter().flat_map(|p| p.tiles.clone()).collect()
    }

    /// Loads the view's rows into the shadow (NULL tiles: the tier's NULL value). `reported`
    /// holds the resources this draw already reported (once per draw and resource).
    pub(crate) fn load(
        &self,
        device: &Device,
        call: &'static str,
        what: &str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        let map = self.resource.lock();
        let mut access = Access::new(device, &self.resource, &map);
        for (i, part) in self.parts.iter().enumerate() {
            match &self.shadow {
                Shadow::Texture(t) if part.place.samples > 1 => {
                    load_samples(&mut access, t, i as u32, part)?;
                }
                shadow => load_spans(&mut access, shadow, i as u32, &part.spans)?,
            }
        }
        // Two covered resource tiles on one pool tile: writes of one draw through both are
        // undefined in D3D (SPEC §6.9).
        let mut pool_tiles: Vec<(u32, u32)> = self
            .parts
            .iter()
            .flat_map(|p| p.tiles.clone())
            .filter_map(|t| Some((map.entries().get(t as usize).copied()??, t)))
            .collect();
        pool_tiles.sort_unstable();
        let dup = pool_tiles.windows(2).find(|w| w[0].0 == w[1].0);
        if let Some(w) = dup {
            let text = format!(
                "{what}: resource tiles {} and {} both map pool tile {} (SPEC §6.9: undefined within one draw; Tessera stores the higher resource tile's bytes last)",
                w[0].1, w[1].1, w[0].0
            );
            device.report_id(MessageId::DuplicateTileMappingsInCoveredArea, call, text)?;
        }
        report_once(device, &self.resource, access, call, what, reported)
    }

    /// Stores the shadow back: every resource tile whose bytes differ from its pool tile's is
    /// written (parts in order, each in resource tile order); NULL tiles drop the write.
    pub(crate) fn store(
        &self,
        device: &Device,
        call: &'static str,
        what: &str,
        reported: &mut Vec<usize>,
    ) -> Result<()> {
        let map = self.resource.lock();
        let mut access = Access::new(device, &self.resource, &map);
        for (i, part) in self.parts.iter().enumerate() {
            let (sub, spans, tiles) = (i as u32, &part.spans, part.tiles.clone());
            match &self.shadow {
                Shadow::Texture(t) if part.place.samples > 1 => {
                    let g = t.read();
                    let surface = g.surface(sub)?;
                    let gather = |s: &RowSpan, out: &mut Vec<u8>| -> Result<()> {
                        out.resize(s.len, 0);
                        for k in 0..part.place.samples {
                            // One slice deep: plane k = sample k.
                            part.place
                                .gather_sample(s, k, surface.row(s.y, k), out)
                                .ok_or(SAMPLES_OUTSIDE)?;
                        }
                        Ok(())
                    };
                    store_rows(&mut access, spans, tiles, SpanBytes::Built(&gather))?;
                }
                shadow => store_spans(&mut access, shadow, sub, spans, tiles)?,
            }
        }
        report_once(device, &self.resource, access, call, what, reported)
    }
}

/// Loads a multisampled part into shadow subresource `sub`: each span read once, then each of
/// its samples scattered to its sample plane.
fn load_samples(access: &mut Access<'_>, t: &Texture, sub: u32, part: &Part) -> Result<()> {
    let mut g = t.write();
    let mut surface = g.surface_mut(sub)?;
    let mut scratch = Vec::new();
    for s in &part.spans {
        scratch.resize(s.len, 0);
        access.read(s.tile, s.tile_offset, &mut scratch)?;
        for k in 0..part.place.samples {
            // A multisampled subresource is one slice deep: plane k = sample k.
            let row = surface.row_mut(s.y, k);
            part.place
                .scatter_sample(s, k, &scratch, row)
                .ok_or(SAMPLES_OUTSIDE)?;
        }
    }
    Ok(())
}

/// Reads `spans` of a single-sample tiled subresource into subresource `sub` of `shadow` (a
/// buffer: its bytes), NULL tiles reading the tier's NULL value (`access`).
pub(super) fn load_spans(
    access: &mut Access<'_>,
    shadow: &Shadow,
    sub: u32,
    spans: &[RowSpan],
) -> Result<()> {
    match shadow {
        Shadow::Texture(t) => {
            let mut g = t.write();
            let mut surface = g.surface_mut(sub)?;
            for s in spans {
                let out = span_of_mut(surface.row_mut(s.y, s.z), s)?;
                access.read(s.tile, s.tile_offset, out)?;
            }
        }
        Shadow::Buffer(b) => {
            let mut g = b.write();
            for s in spans {
                access.read(s.tile, s.tile_offset, span_of_mut(&mut g, s)?)?;
            }
        }
    }
    Ok(())
}

/// Stores `spans` of single-sample subresource `sub` of `shadow` back: every resource tile
/// (of `tiles`) whose bytes differ from its pool tile's is written, in resource tile order;
/// NULL tiles drop the write.
pub(super) fn store_spans(
    access: &mut Access<'_>,
    shadow: &Shadow,
    sub: u32,
    spans: &[RowSpan],
    tiles: Range<u32>,
) -> Result<()> {
    match shadow {
        Shadow::Texture(t) => {
            let g = t.read();
            let surface = g.surface(sub)?;
            let row = |s: &RowSpan| span_of(surface.row(s.y, s.z), s);
            store_rows(access, spans, tiles, SpanBytes::Borrowed(&row))
        }
        Shadow::Buffer(b) => {
            let g = b.read();
            let row = |s: &RowSpan| span_of(&g, s);
            store_rows(access, spans, tiles, SpanBytes::Borrowed(&row))
        }
    }
}

/// Where [`store_rows`] finds the shadow's bytes of a span in the tile's layout: borrowed from
/// the shadow (single-sample), or built into a scratch buffer (4×: gathered from the planes).
enum SpanBytes<'a> {
    Borrowed(&'a dyn Fn(&RowSpan) -> Result<&'a [u8]>),
    Built(&'a dyn Fn(&RowSpan, &mut Vec<u8>) -> Result<()>),
}

impl SpanBytes<'_> {
    /// The bytes of span `s` (`scratch` holds built ones).
    fn of<'s>(&'s self, s: &RowSpan, scratch: &'s mut Vec<u8>) -> Result<&'s [u8]> {
        match self {
            Self::Borrowed(f) => f(s),
            Self::Built(f) => {
                f(s, scratch)?;
                Ok(scratch)
            }
        }
    }
}

/// The stores of [`store_spans`]: the shadow's bytes of each span (in the tile's layout) from
/// `bytes`.
fn store_rows(
    access: &mut Access<'_>,
    spans: &[RowSpan],
    tiles: Range<u32>,
    bytes: SpanBytes<'_>,
) -> Result<()> {
    let first = tiles.start;
    let n = tiles.len();
    // 0: not looked at, 1: clean, 2: dirty, 3: NULL (dropped).
    let mut state = vec![0u8; n];
    let (mut pool, mut scratch) = (Vec::new(), Vec::new());
    for s in spans {
        let Some(st) = state.get_mut((s.tile - first) as usize) else {
            continue;
        };
        if *st == 0 {
            *st = if access.reaches_memory(s.tile) { 1 } else { 3 };
        }
        if *st != 1 {
            continue;
        }
        pool.resize(s.len, 0);
        access.read(s.tile, s.tile_offset, &mut pool)?;
        if pool != bytes.of(s, &mut scratch)? {
            *st = 2;
        }
    }
    for s in spans {
        if state.get((s.tile - first) as usize) == Some(&2) {
            access.write(s.tile, s.tile_offset, bytes.of(s, &mut scratch)?)?;
        }
    }
    Ok(())
}

fn report_once(
    device: &Device,
    resource: &TiledResource,
    access: Access<'_>,
    call: &'static str,
    what: &str,
    reported: &mut Vec<usize>,
) -> Result<()> {
    let addr = resource.addr();
    if !reported.contains(&addr) && access.reports() {
        reported.push(addr);
        access.report(device, call, what)?;
    }
    Ok(())
}
