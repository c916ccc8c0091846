//! Tile pools (SPEC §6.1, §6.6, §6.12): 64 KiB tiles reserved from the device's
//! [`MemoryBudget`], their bytes allocated on first write (so memory follows what is written),
//! resized both ways; per tile the mapping count and the dimension class of the last mapping.

use std::sync::{Arc, Mutex, MutexGuard};

use tessera_caps::{BufferDesc, Usage};
use tessera_format::memory::TILE_SIZE_BYTES;

use super::error::{TiledCall, TiledError};
use crate::memory::{MemoryBudget, Reservation};

/// Which kind of resource last mapped a pool tile (the Tier-1 rule of SPEC §6.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DimensionClass {
    /// A tiled buffer.
    Buffer,
    /// A tiled Texture2D / Texture3D.
    Texture,
}

#[derive(Debug)]
struct Slot {
    _reservation: Reservation,
    bytes: Option<Vec<u8>>,
    refs: u32,
    class: Option<DimensionClass>,
}

#[derive(Debug)]
pub(crate) struct PoolInner {
    budget: MemoryBudget,
    size_tiles: u32,
    /// Slots `0..size_tiles` plus retained ones past a shrunk end that are still mapped.
    slots: Vec<Option<Slot>>,
}

/// A tile pool: a cheap handle (clones share the pool); identity is [`TilePool::ptr_eq`].
#[derive(Clone, Debug)]
pub struct TilePool {
    inner: Arc<Mutex<PoolInner>>,
}

fn resize_error(value: u64) -> TiledError {
    TiledError::param(
        TiledCall::ResizeTilePool,
        "SPEC §6.6 tile pool size is a multiple of 65536 bytes",
        "size in bytes",
        value,
        TILE_SIZE_BYTES,
    )
}

impl TilePool {
    /// Creates a pool of `size_bytes` (a multiple of 65536, 0 allowed; SPEC §6.1) whose tiles are
    /// reserved from `budget` (`E_OUTOFMEMORY` as [`crate::ResourceError`] text in the error).
    pub fn new(budget: &MemoryBudget, size_bytes: u64) -> Result<Self, TiledError> {
        let pool = Self {
            inner: Arc::new(Mutex::new(PoolInner {
                budget: budget.clone(),
                size_tiles: 0,
                slots: Vec::new(),
            })),
        };
        pool.resize(size_bytes).map_err(|e| match e {
            TiledError::InvalidParameter { value, limit, .. } => TiledError::Creation {
                rule: "SPEC §6.1 tile pool size is a multiple of 65536 bytes",
                what: "size in bytes",
                value,
                limit,
            },
            other => other,
        })?;
        Ok(pool)
    }

    /// Creates a pool from a `MISC_TILE_POOL` buffer description: USAGE_DEFAULT only, size a
    /// multiple of 65536 (SPEC §6.1).
    pub fn new_desc(budget: &MemoryBudget, desc: &BufferDesc) -> Result<Self, TiledError> {
        if desc.usage != Usage::Default {
            return Err(TiledError::Creation {
                rule: "SPEC §6.1 tile pools are USAGE_DEFAULT only",
                what: "usage",
                value: desc.usage as u64,
                limit: 0,
            });
        }
        Self::new(budget, u64::from(desc.byte_width))
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, PoolInner> {
        // A poisoned lock only means another thread panicked mid-call; the data stays consistent
        // because every mutation below validates first and applies without failing.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether both handles name the same pool.
    pub fn ptr_eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// Whether the pool's tiles are reserved from `budget` (the owner check of the facade).
    pub fn uses_budget(&self, budget: &MemoryBudget) -> bool {
        self.lock().budget.ptr_eq(budget)
    }

    /// The pool's current size in tiles.
    pub fn size_in_tiles(&self) -> u32 {
        self.lock().size_tiles
    }

    /// Tiles holding memory now: the current size plus retained tiles past a shrunk end.
    pub fn tiles_alive(&self) -> u32 {
        self.lock().slots.iter().filter(|s| s.is_some()).count() as u32
    }

    /// The dimension class of the last mapping that targeted `tile` (SPEC §6.10), if any.
    pub fn last_mapping_class(&self, tile: u32) -> Option<DimensionClass> {
        let g = self.lock();
        g.slots.get(tile as usize)?.as_ref()?.class
    }

    /// `ResizeTilePool` (SPEC §6.6, §6.12): grows by appending tiles (retained tiles past the old
    /// end come back first, with their bytes), shrinks by dropping the unmapped tiles past the new
    /// end; mapped ones stay alive. On any error the pool is unchanged.
    pub fn resize(&self, new_size_bytes: u64) -> Result<(), TiledError> {
        if !new_size_bytes.is_multiple_of(TILE_SIZE_BYTES) {
            return Err(resize_error(new_size_bytes));
        }
        let new_tiles = u32::try_from(new_size_bytes / TILE_SIZE_BYTES)
            .map_err(|_| resize_error(new_size_bytes))?;
        let mut g = self.lock();
        let missing: Vec<usize> = (0..new_tiles as usize)
            .filter(|&i| g.slots.get(i).is_none_or(|s| s.is_none()))
            .collect();
        // Reserve every new tile before changing anything: a refusal drops them all (SPEC §6.6).
        let reservations = missing
            .iter()
            .map(|_| g.budget.reserve(TILE_SIZE_BYTES))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| {
                TiledError::param(
                    TiledCall::ResizeTilePool,
                    "SPEC §6.6 E_OUTOFMEMORY: the device memory budget",
                    "bytes of new tiles",
                    missing.len() as u64 * TILE_SIZE_BYTES,
                    g.budget.limit_bytes(),
                )
            })?;
        if g.slots.len() < new_tiles as usize {
            g.slots.resize_with(new_tiles as usize, || None);
        }
        for (i, r) in missing.into_iter().zip(reservations) {
            g.slots[i] = Some(Slot {
                _reservation: r,
                bytes: None,
                refs: 0,
                class: None,
            });
        }
        for i in new_tiles as usize..g.slots.len() {
            if g.slots[i].as_ref().is_some_and(|s| s.refs == 0) {
                g.slots[i] = None;
            }
        }
        g.size_tiles = new_tiles;
        g.trim();
        Ok(())
    }
}

impl PoolInner {
    fn trim(&mut self) {
        while self.slots.len() > self.size_tiles as usize
            && self.slots.last().is_some_and(|s| s.is_none())
        {
            self.slots.pop();
        }
    }

    /// One more mapping of `tile` by a resource of `class` (the tile is below the size: validated).
    pub(crate) fn add_ref(&mut self, tile: u32, class: DimensionClass) {
        if let Some(Some(s)) = self.slots.get_mut(tile as usize) {
            s.refs += 1;
            s.class = Some(class);
        }
    }

    /// One mapping of `tile` fewer; a retained tile past the end is freed at its last unmapping.
    pub(crate) fn release(&mut self, tile: u32) {
        let past_end = tile >= self.size_tiles;
        if let Some(slot) = self.slots.get_mut(tile as usize)
            && let Some(s) = slot
        {
            s.refs = s.refs.saturating_sub(1);
            if past_end && s.refs == 0 {
                *slot = None;
            }
        }
        self.trim();
    }

    /// The bytes of `tile` (zeros until first written); `None` if the tile holds no memory.
    pub(crate) fn read(&self, tile: u32) -> Option<Vec<u8>> {
        let s = self.slots.get(tile as usize)?.as_ref()?;
        Some(
            s.bytes
                .clone()
                .unwrap_or_else(|| vec![0; TILE_SIZE_BYTES as usize]),
        )
    }

    /// Copies bytes at `offset` of `tile` into `out` (zeros until first written); `false` if
    /// the tile holds no memory. The span is inside the tile (checked by the caller).
    pub(crate) fn read_into(&self, tile: u32, offset: usize, out: &mut [u8]) -> bool {
        let Some(Some(s)) = self.slots.get(tile as usize) else {
            return false;
        };
        match &s.bytes {
            Some(b) => out.copy_from_slice(&b[offset..offset + out.len()]),
            None => out.fill(0),
        }
        true
    }

    /// Writes `data` at `offset` of `tile`, allocating its bytes on first write; `false` if the
    /// tile holds no memory. The span is inside the tile (checked by the caller).
    pub(crate) fn write_at(&mut self, tile: u32, offset: usize, data: &[u8]) -> bool {
        let Some(Some(s)) = self.slots.get_mut(tile as usize) else {
            return false;
        };
        let bytes = s
            .bytes
            .get_or_insert_with(|| vec![0; TILE_SIZE_BYTES as usize]);
        bytes[offset..offset + data.len()].copy_from_slice(data);
        true
    }

    /// Writes a whole tile; allocates its bytes on first write.
    pub(crate) fn write(&mut self, tile: u32, data: &[u8]) {
        if let Some(Some(s)) = self.slots.get_mut(tile as usize) {
            let bytes = s
                .bytes
                .get_or_insert_with(|| vec![0; TILE_SIZE_BYTES as usize]);
            let n = data.len().min(bytes.len());
            bytes[..n].copy_from_slice(&data[..n]);
        }
    }
}
