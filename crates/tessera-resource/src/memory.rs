//! The allocation budget: every resource's size is checked against it before allocating.
//!
//! D3D returns `E_OUTOFMEMORY` for a resource the device cannot back; the reference device
//! decides that up front, so an absurd request never reaches the allocator.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::ResourceError;

/// Budget used when physical memory cannot be read (8 GiB).
pub const DEFAULT_MEMORY_LIMIT_BYTES: u64 = 8 << 30;

/// Configured device budget; `u64::MAX` means "not set".
static DEVICE_BUDGET: AtomicU64 = AtomicU64::new(u64::MAX);

/// Sets (or with `None` clears) the device budget for every later creation (D3D `E_OUTOFMEMORY` policy).
pub fn set_device_memory_budget(bytes: Option<u64>) {
    DEVICE_BUDGET.store(bytes.unwrap_or(u64::MAX), Ordering::Relaxed);
}

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

/// The largest single resource allowed: min(device budget, half of physical memory) (E_OUTOFMEMORY rule).
pub fn memory_limit_bytes() -> u64 {
    DEVICE_BUDGET
        .load(Ordering::Relaxed)
        .min(physical_memory_limit_bytes())
}

/// Refuses `requested` bytes over the limit, then allocates them zeroed without aborting on failure.
pub(crate) fn allocate_zeroed(requested: u64) -> Result<Vec<u8>, ResourceError> {
    let limit = memory_limit_bytes();
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
    let limit = memory_limit_bytes();
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
