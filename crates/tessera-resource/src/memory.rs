//! The allocation budget: every resource's storage is reserved from its device's
//! [`MemoryBudget`] before it is allocated, and every single allocation is checked against
//! half of physical memory.
//!
//! D3D returns `E_OUTOFMEMORY` for a resource the device cannot back; the reference device
//! decides that up front, so an absurd request never reaches the allocator.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use crate::ResourceError;

/// Budget used when physical memory cannot be read (8 GiB).
pub const DEFAULT_MEMORY_LIMIT_BYTES: u64 = 8 << 30;

/// Half of physical memory from `/proc/meminfo`, or [`DEFAULT_MEMORY_LIMIT_BYTES`] when unreadable.
pub fn physical_memory_limit_bytes() -> u64 {
    static PHYS: OnceLock<u64> = OnceLock::new();
    *PHYS.get_or_init(|| read_mem_total().map_or(DEFAULT_MEMORY_LIMIT_BYTES, |total| total / 2))
}

fn read_mem_total() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut parts = line.split_whitespace().skip(1);
    let value: u64 = parts.next()?.parse().ok()?;
    let unit = parts.next().unwrap_or("kB");
    let scale = if unit.eq_ignore_ascii_case("kb") {
        1024
    } else {
        1
    };
    value.checked_mul(scale).filter(|&b| b > 0)
}

/// A device's memory budget: the bytes of resource storage it may hold live at once.
///
/// D3D returns `E_OUTOFMEMORY` when a device cannot back a new resource; a reference device
/// decides that from the sum of its live resources, so a scene of many large resources is
/// refused before the process runs out of memory. Clones share one count; each resource
/// holds a reservation that is released when its last handle drops.
#[derive(Clone, Debug)]
pub struct MemoryBudget {
    inner: Arc<BudgetInner>,
}

#[derive(Debug)]
struct BudgetInner {
    limit: u64,
    live: AtomicU64,
}

impl MemoryBudget {
    /// A budget of `limit_bytes` live bytes (clamped to [`physical_memory_limit_bytes`]).
    pub fn new(limit_bytes: u64) -> Self {
        Self {
            inner: Arc::new(BudgetInner {
                limit: limit_bytes.min(physical_memory_limit_bytes()),
                live: AtomicU64::new(0),
            }),
        }
    }

    /// A budget of half of physical memory: what a resource made outside a device gets.
    pub fn physical() -> Self {
        Self::new(physical_memory_limit_bytes())
    }

    /// The most live bytes this budget allows.
    pub fn limit_bytes(&self) -> u64 {
        self.inner.limit
    }

    /// Whether both handles count into the same budget (the same device).
    pub fn ptr_eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// Bytes held by live resources now.
    pub fn live_bytes(&self) -> u64 {
        self.inner.live.load(Ordering::Acquire)
    }

    /// Takes `bytes` from the budget, or refuses with the live count and the limit.
    pub(crate) fn reserve(&self, bytes: u64) -> Result<Reservation, ResourceError> {
        let inner = &self.inner;
        let refuse = |live: u64| ResourceError::DeviceMemoryBudget {
            requested_bytes: bytes,
            live_bytes: live,
            budget_bytes: inner.limit,
        };
        let mut live = inner.live.load(Ordering::Acquire);
        loop {
            let total = live
                .checked_add(bytes)
                .filter(|&t| t <= inner.limit)
                .ok_or_else(|| refuse(live))?;
            match inner
                .live
                .compare_exchange_weak(live, total, Ordering::AcqRel, Ordering::Acquire)
            {
                Ok(_) => {
                    return Ok(Reservation {
                        budget: self.clone(),
                        bytes,
                    });
                }
                Err(now) => live = now,
            }
        }
    }
}

/// Bytes taken from a [`MemoryBudget`] for one resource's storage; given back on drop.
#[derive(Debug)]
pub(crate) struct Reservation {
    budget: MemoryBudget,
    bytes: u64,
}

impl Drop for Reservation {
    fn drop(&mut self) {
        self.budget
            .inner
            .live
            .fetch_sub(self.bytes, Ordering::AcqRel);
    }
}

/// Refuses `requested` bytes over the limit, then allocates them zeroed without aborting on
/// failure (`ResourceError::OutOfMemory`): every scratch or readback buffer of a size the caller
/// chose goes through it (the facade's tiled readback too).
pub fn allocate_zeroed(requested: u64) -> Result<Vec<u8>, ResourceError> {
    let limit = physical_memory_limit_bytes();
    let oom = || ResourceError::OutOfMemory {
        requested_bytes: requested,
        limit_bytes: limit,
    };
    if requested > limit {
        return Err(oom());
    }
    let len = usize::try_from(requested).map_err(|_| oom())?;
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| oom())?;
    v.resize(len, 0);
    Ok(v)
}

/// Like [`allocate_zeroed`] for a scratch copy (map buffers, staging rows).
pub(crate) fn allocate_copy(src: &[u8]) -> Result<Vec<u8>, ResourceError> {
    let limit = physical_memory_limit_bytes();
    let requested = src.len() as u64;
    let mut v = Vec::new();
    v.try_reserve_exact(src.len())
        .map_err(|_| ResourceError::OutOfMemory {
            requested_bytes: requested,
            limit_bytes: limit,
        })?;
    v.extend_from_slice(src);
    Ok(v)
}
