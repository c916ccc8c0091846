//! The duplicate-mapping reports of a draw or a dispatch (SPEC §6.9, issue #16): D3D calls
//! undefined what one draw does through two views whose tiles share a pool tile; Tessera's
//! bytes stay as the shadow model makes them (`shadow.rs`: inputs see the tiles as they were
//! before the draw; outputs are stored after it) and these checks only report.
//!
//! Before each draw or dispatch with a bound tiled output, the bound tiled views are scanned
//! (mapping tables as they are then, each locked alone):
//! - `TILE_MAPPINGS_SHARED_BETWEEN_INPUT_AND_OUTPUT`: a tiled input view (a shader-resource
//!   view of the stages the call runs) covers a resource tile on a pool tile that a tiled
//!   output view (render target, depth-stencil, UAV) covers. Once per (input, output) pair.
//! - `TILE_MAPPINGS_IN_COVERED_AREA_DUPLICATED_OUTSIDE`: a pool tile an output covers is also
//!   mapped by a tile of the same resource outside the view, or by any tile of another
//!   resource bound to the call (input or output). Once per output resource. Resources not
//!   bound to the call are not looked at (no pool-wide reverse table is kept).
//!
//! Two tiles inside one output view are `DUPLICATE_TILE_MAPPINGS_IN_COVERED_AREA` (`shadow.rs`).

use std::collections::BTreeMap;

use tessera_resource::tiled::TilePool;

use super::TiledResource;
use crate::debug::MessageId;
use crate::device::Device;
use crate::error::Result;

/// A tiled view bound to a draw or dispatch: its resource, the resource tiles it covers
/// (sorted, no repeats) and how the messages name it.
pub(crate) struct BoundTiles<'a> {
    pub(crate) resource: &'a TiledResource,
    pub(crate) tiles: Vec<u32>,
    pub(crate) name: String,
}

impl<'a> BoundTiles<'a> {
    /// The view of `resource` covering `tiles` (any order), named `name`.
    pub(crate) fn new(resource: &'a TiledResource, mut tiles: Vec<u32>, name: String) -> Self {
        tiles.sort_unstable();
        tiles.dedup();
        Self {
            resource,
            tiles,
            name,
        }
    }
}

/// One resource's mapping table as the scan saw it.
struct Table {
    addr: usize,
    pool: Option<TilePool>,
    entries: Vec<Option<u32>>,
}

impl Table {
    fn of(resource: &TiledResource) -> Self {
        let map = resource.lock();
        Self {
            addr: resource.addr(),
            pool: map.pool().cloned(),
            entries: map.entries().to_vec(),
        }
    }

    fn same_pool(&self, other: &Self) -> bool {
        matches!((&self.pool, &other.pool), (Some(a), Some(b)) if a.ptr_eq(b))
    }

    /// The pool tile of resource tile `t`, if mapped.
    fn pool_tile(&self, t: u32) -> Option<u32> {
        self.entries.get(t as usize).copied().flatten()
    }
}

/// Reports the SPEC §6.9 sharings of one call's bound tiled views (module doc): `outputs`
/// and `inputs` in binding order. Reports only; writes nothing.
pub(crate) fn report_shared_tiles(
    device: &Device,
    call: &'static str,
    outputs: &[BoundTiles<'_>],
    inputs: &[BoundTiles<'_>],
) -> Result<()> {
    if outputs.is_empty() {
        return Ok(());
    }
    // One table per distinct resource, in order of first binding.
    let mut tables: Vec<(Table, &str)> = Vec::new();
    for b in outputs.iter().chain(inputs) {
        if !tables.iter().any(|(t, _)| t.addr == b.resource.addr()) {
            tables.push((Table::of(b.resource), &b.name));
        }
    }
    let table = |r: &TiledResource| tables.iter().find(|(t, _)| t.addr == r.addr());
    let mut reported: Vec<usize> = Vec::new();
    for o in outputs {
        let Some((ot, _)) = table(o.resource) else {
            continue;
        };
        // Pool tile → the lowest covered resource tile on it.
        let mut covered: BTreeMap<u32, u32> = BTreeMap::new();
        for &t in &o.tiles {
            if let Some(p) = ot.pool_tile(t) {
                covered.entry(p).or_insert(t);
            }
        }
        if covered.is_empty() {
            continue;
        }
        for i in inputs {
            let Some((it, _)) = table(i.resource) else {
                continue;
            };
            if !it.same_pool(ot) {
                continue;
            }
            let hit = i
                .tiles
                .iter()
                .find_map(|&t| Some((t, *covered.get(&it.pool_tile(t)?)?)));
            if let Some((t, ot_tile)) = hit {
                let p = ot.pool_tile(ot_tile).unwrap_or_default();
                let text = format!(
                    "{} resource tile {t} and {} resource tile {ot_tile} both map pool tile {p} (SPEC §6.9: reading and writing one pool tile in one call is undefined; Tessera's input sees the tile as it was before the call)",
                    i.name, o.name
                );
                device.report_id(
                    MessageId::TileMappingsSharedBetweenInputAndOutput,
                    call,
                    text,
                )?;
            }
        }
        if reported.contains(&ot.addr) {
            continue;
        }
        let outside = tables
            .iter()
            .filter(|(t, _)| t.same_pool(ot))
            .find_map(|(t, name)| {
                let same = t.addr == ot.addr;
                (0..t.entries.len() as u32)
                    .filter(|x| !(same && o.tiles.binary_search(x).is_ok()))
                    .find_map(|x| Some((x, *covered.get(&t.pool_tile(x)?)?, same, *name)))
            });
        if let Some((x, ot_tile, same, name)) = outside {
            reported.push(ot.addr);
            let p = ot.pool_tile(ot_tile).unwrap_or_default();
            let whose = if same {
                format!("resource tile {x} of the same resource, outside the view,")
            } else {
                format!("resource tile {x} of another resource ({name})")
            };
            let text = format!(
                "{} resource tile {ot_tile} maps pool tile {p}, which {whose} also maps (SPEC §6.9: views of the other tiles may not see the results)",
                o.name
            );
            device.report_id(
                MessageId::TileMappingsInCoveredAreaDuplicatedOutside,
                call,
                text,
            )?;
        }
    }
    Ok(())
}
