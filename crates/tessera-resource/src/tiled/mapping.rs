//! The per-resource mapping table (resource tile → pool tile or NULL, plus the current pool) and
//! `UpdateTileMappings` with every rule of SPEC §6.3 and §6.12: the whole call is validated before
//! anything is applied, so a refused call leaves the table exactly as it was.

use super::error::{TiledCall, TiledError};
use super::pool::{DimensionClass, TilePool};
use super::region::{TileRegionSize, TiledResourceCoordinate, region_tiles};
use super::tiling::ResourceTiling;

/// `D3D11_TILE_RANGE_NULL`: map the range's tiles to NULL (SPEC §6.3).
pub const TILE_RANGE_NULL: u32 = 1;
/// `D3D11_TILE_RANGE_SKIP`: leave the range's tiles unchanged.
pub const TILE_RANGE_SKIP: u32 = 2;
/// `D3D11_TILE_RANGE_REUSE_SINGLE_TILE`: map every tile of the range to one pool tile.
pub const TILE_RANGE_REUSE_SINGLE_TILE: u32 = 4;
/// `D3D11_TILE_MAPPING_NO_OVERWRITE`, the only flag of the mapping calls (SPEC §6.3, §6.4).
pub const TILE_MAPPING_NO_OVERWRITE: u32 = 1;

/// The arguments of `UpdateTileMappings`; `None` slices are the D3D11 NULL pointers (SPEC §6.3).
#[derive(Clone, Copy, Debug, Default)]
pub struct UpdateTileMappings<'a> {
    /// `NumTiledResourceRegions`.
    pub num_regions: u32,
    /// `pTiledResourceRegionStartCoordinates`.
    pub starts: Option<&'a [TiledResourceCoordinate]>,
    /// `pTiledResourceRegionSizes`.
    pub sizes: Option<&'a [TileRegionSize]>,
    /// `pTilePool` (`None`: keep the current pool).
    pub pool: Option<&'a TilePool>,
    /// `NumRanges`.
    pub num_ranges: u32,
    /// `pRangeFlags` (0, NULL, SKIP or REUSE_SINGLE_TILE per range).
    pub range_flags: Option<&'a [u32]>,
    /// `pTilePoolStartOffsets`.
    pub pool_starts: Option<&'a [u32]>,
    /// `pRangeTileCounts`.
    pub range_counts: Option<&'a [u32]>,
    /// `Flags` (0 or NO_OVERWRITE).
    pub flags: u32,
}

/// What one resource tile of a validated call becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Keep,
    Null,
    Pool(u32),
}

/// The mapping table of one tiled resource: every tile starts NULL (SPEC §6.1).
#[derive(Clone, Debug)]
pub struct TileMappings {
    tiling: ResourceTiling,
    pool: Option<TilePool>,
    entries: Vec<Option<u32>>,
}

fn slice_len<T>(s: Option<&[T]>, n: u32, what: &'static str) -> Result<(), TiledError> {
    match s {
        Some(s) if (s.len() as u64) < u64::from(n) => Err(TiledError::param(
            TiledCall::UpdateTileMappings,
            "SPEC §6.3 array arguments hold NumRegions / NumRanges entries",
            what,
            s.len() as u64,
            u64::from(n),
        )),
        _ => Ok(()),
    }
}

impl TileMappings {
    /// An all-NULL table for a resource of `tiling`, bound to no pool yet.
    pub fn new(tiling: ResourceTiling) -> Self {
        let n = tiling.num_tiles_for_entire_resource as usize;
        Self {
            tiling,
            pool: None,
            entries: vec![None; n],
        }
    }

    /// The tiling the table was made from.
    pub fn tiling(&self) -> &ResourceTiling {
        &self.tiling
    }

    /// The pool the resource maps into now, if any mapping call named one.
    pub fn pool(&self) -> Option<&TilePool> {
        self.pool.as_ref()
    }

    /// Every resource tile's pool tile (`None` = NULL), in resource tile order.
    pub fn entries(&self) -> &[Option<u32>] {
        &self.entries
    }

    /// The Tier-1 dimension class of this resource (SPEC §6.10).
    pub fn class(&self) -> DimensionClass {
        if self.tiling.is_buffer {
            DimensionClass::Buffer
        } else {
            DimensionClass::Texture
        }
    }

    /// `UpdateTileMappings` (SPEC §6.3, §6.12); on error nothing changed.
    pub fn update_tile_mappings(&mut self, a: &UpdateTileMappings<'_>) -> Result<(), TiledError> {
        let ops = self.validate_update(a)?;
        if let Some(p) = a.pool {
            self.switch_pool(p);
        }
        self.apply(&ops);
        Ok(())
    }

    fn validate_update(&self, a: &UpdateTileMappings<'_>) -> Result<Vec<(u32, Op)>, TiledError> {
        const CALL: TiledCall = TiledCall::UpdateTileMappings;
        if a.flags & !TILE_MAPPING_NO_OVERWRITE != 0 {
            return Err(TiledError::param(
                CALL,
                "SPEC §6.3 Flags is 0 or NO_OVERWRITE",
                "flags",
                u64::from(a.flags),
                1,
            ));
        }
        slice_len(a.starts, a.num_regions, "region start coordinates")?;
        slice_len(a.sizes, a.num_regions, "region sizes")?;
        slice_len(a.range_flags, a.num_ranges, "range flags")?;
        slice_len(a.pool_starts, a.num_ranges, "pool start offsets")?;
        slice_len(a.range_counts, a.num_ranges, "range tile counts")?;
        if a.starts.is_none() && a.num_regions > 1 {
            return Err(TiledError::param(
                CALL,
                "SPEC §6.3 NULL start coordinates need NumRegions = 1",
                "regions",
                u64::from(a.num_regions),
                1,
            ));
        }
        let mut tiles = Vec::new();
        for r in 0..a.num_regions as usize {
            let start = a
                .starts
                .map_or_else(TiledResourceCoordinate::default, |s| s[r]);
            let size = match (a.sizes, a.starts) {
                (Some(s), _) => s[r],
                (None, None) => TileRegionSize {
                    num_tiles: self.tiling.num_tiles_for_entire_resource,
                    ..TileRegionSize::default()
                },
                (None, Some(_)) => TileRegionSize {
                    num_tiles: 1,
                    ..TileRegionSize::default()
                },
            };
            region_tiles(&self.tiling, start, size, CALL, &mut tiles)?;
        }
        let pool_size = a.pool.or(self.pool.as_ref()).map(|p| p.size_in_tiles());
        let mut ops = Vec::with_capacity(tiles.len());
        for i in 0..a.num_ranges as usize {
            let flag = a.range_flags.map_or(0, |f| f[i]);
            let count = match a.range_counts {
                Some(c) => c[i],
                None if a.num_ranges == 1 => tiles.len() as u32,
                None => 1, // SPEC §6.12: NumRanges > 1 with NULL counts: one tile each.
            };
            if ops.len() as u64 + u64::from(count) > tiles.len() as u64 {
                return Err(TiledError::param(
                    CALL,
                    "SPEC §6.3 region tiles equal range tiles",
                    "range tiles",
                    ops.len() as u64 + u64::from(count),
                    tiles.len() as u64,
                ));
            }
            let start = a.pool_starts.map(|s| s[i]);
            let needs_pool = |last: u64| -> Result<u32, TiledError> {
                let Some(start) = start else {
                    return Err(TiledError::param(
                        CALL,
                        "SPEC §6.3 pool ranges need pTilePoolStartOffsets",
                        "range",
                        i as u64,
                        0,
                    ));
                };
                let Some(size) = pool_size else {
                    return Err(TiledError::param(
                        CALL,
                        "SPEC §6.3 pool ranges need a tile pool",
                        "range",
                        i as u64,
                        0,
                    ));
                };
                if u64::from(start) + last >= u64::from(size) {
                    return Err(TiledError::param(
                        CALL,
                        "SPEC §6.3/§6.12 pool offset inside the pool's current size",
                        "pool tile",
                        u64::from(start) + last,
                        u64::from(size),
                    ));
                }
                Ok(start)
            };
            match flag {
                0 if count > 0 => {
                    let s = needs_pool(u64::from(count) - 1)?;
                    ops.extend((0..count).map(|k| Op::Pool(s + k)));
                }
                TILE_RANGE_REUSE_SINGLE_TILE if count > 0 => {
                    let s = needs_pool(0)?;
                    ops.extend((0..count).map(|_| Op::Pool(s)));
                }
                0 | TILE_RANGE_REUSE_SINGLE_TILE => {}
                TILE_RANGE_NULL => ops.extend((0..count).map(|_| Op::Null)),
                TILE_RANGE_SKIP => ops.extend((0..count).map(|_| Op::Keep)),
                f => {
                    return Err(TiledError::param(
                        CALL,
                        "SPEC §6.3 range flag is 0, NULL, SKIP or REUSE_SINGLE_TILE",
                        "range flag",
                        u64::from(f),
                        4,
                    ));
                }
            }
        }
        if ops.len() != tiles.len() {
            return Err(TiledError::param(
                CALL,
                "SPEC §6.3 region tiles equal range tiles",
                "range tiles",
                ops.len() as u64,
                tiles.len() as u64,
            ));
        }
        Ok(tiles.into_iter().zip(ops).collect())
    }

    /// Naming a pool other than the current one clears every mapping first (SPEC §6.3, §6.12).
    pub(crate) fn switch_pool(&mut self, pool: &TilePool) {
        if self.pool.as_ref().is_some_and(|p| p.ptr_eq(pool)) {
            return;
        }
        if let Some(old) = &self.pool {
            let mut g = old.lock();
            for e in self.entries.iter_mut() {
                if let Some(t) = e.take() {
                    g.release(t);
                }
            }
        }
        self.entries.iter_mut().for_each(|e| *e = None);
        self.pool = Some(pool.clone());
    }

    /// Applies validated operations in order (later tiles overwrite earlier ones).
    fn apply(&mut self, ops: &[(u32, Op)]) {
        let class = self.class();
        let Some(pool) = self.pool.clone() else {
            // No pool yet: only NULL/SKIP operations passed validation, and every tile is NULL.
            return;
        };
        let mut g = pool.lock();
        for &(tile, op) in ops {
            let e = &mut self.entries[tile as usize];
            match op {
                Op::Keep => {}
                Op::Null => {
                    if let Some(old) = e.take() {
                        g.release(old);
                    }
                }
                Op::Pool(p) => {
                    g.add_ref(p, class);
                    if let Some(old) = e.replace(p) {
                        g.release(old);
                    }
                }
            }
        }
    }

    /// Replaces tile entries with already validated source mappings (CopyTileMappings).
    pub(crate) fn apply_entries(&mut self, dst_tiles: &[u32], values: &[Option<u32>]) {
        let ops: Vec<(u32, Op)> = dst_tiles
            .iter()
            .zip(values)
            .map(|(&t, v)| (t, v.map_or(Op::Null, Op::Pool)))
            .collect();
        self.apply(&ops);
    }
}
