//! A device's own limits: what one device may hold and do, so that untrusted scenes and
//! API sequences end with a typed error rather than exhausting the machine.
//!
//! D3D has no numbers for these: a driver fails with `E_OUTOFMEMORY` when memory runs out and
//! runs any draw to completion. A reference device that renders other people's files decides
//! up front, with defaults far above what a golden test needs, and names the setting in the
//! error so a user who needs more knows what to raise.

use tessera_resource::physical_memory_limit_bytes;

use crate::error::{Error, Result};

/// Default [`DeviceLimits::draw_vertex_invocations`]: 2^24 vertex-shader invocations per draw.
/// On one core of the 2-core CI machine (release build) a 2^24-vertex triangle list takes
/// about 1.2 s and a strip of that length (one batch, shaded whole) about 4 s.
pub const DEFAULT_DRAW_VERTEX_INVOCATIONS: u64 = 1 << 24;

/// Default [`DeviceLimits::draw_instances`]: 2^20 instances per draw (each instance is a batch
/// of its own in the front end, a few microseconds even when it has one vertex).
pub const DEFAULT_DRAW_INSTANCES: u32 = 1 << 20;

/// Default and largest [`DeviceLimits::max_threads`]: 256 rasterization workers.
pub const MAX_THREADS: usize = 256;

/// The limits of one device, checked where the work or memory is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeviceLimits {
    /// Bytes the device's live buffers and textures may hold together (`E_OUTOFMEMORY` past it:
    /// [`tessera_resource::ResourceError::DeviceMemoryBudget`]). Default and maximum: half of
    /// physical memory.
    pub memory_bytes: u64,
    /// Vertex-shader invocations one draw may ask for: vertex (or index) count × instance
    /// count ([`Error::DeviceLimit`] past it). Default [`DEFAULT_DRAW_VERTEX_INVOCATIONS`].
    pub draw_vertex_invocations: u64,
    /// Instances one draw may ask for ([`Error::DeviceLimit`] past it). Default
    /// [`DEFAULT_DRAW_INSTANCES`].
    pub draw_instances: u32,
    /// Rasterization worker threads a device may start (`DeviceDesc::threads` above it is
    /// refused). Default [`MAX_THREADS`], which is also the largest value accepted.
    pub max_threads: usize,
}

impl Default for DeviceLimits {
    fn default() -> Self {
        Self {
            memory_bytes: physical_memory_limit_bytes(),
            draw_vertex_invocations: DEFAULT_DRAW_VERTEX_INVOCATIONS,
            draw_instances: DEFAULT_DRAW_INSTANCES,
            max_threads: MAX_THREADS,
        }
    }
}

impl DeviceLimits {
    /// Refuses `value` above `max` for the setting named `limit`.
    pub(crate) fn check(
        call: &'static str,
        limit: &'static str,
        max: u64,
        value: u64,
    ) -> Result<()> {
        if value > max {
            return Err(Error::DeviceLimit {
                call,
                limit,
                max,
                value,
            });
        }
        Ok(())
    }

    /// The thread count a device is created with: `threads` (`None` = the environment's
    /// choice, `RAYON_NUM_THREADS` or the CPU count) within [`DeviceLimits::max_threads`].
    pub(crate) fn check_threads(&self, threads: Option<usize>) -> Result<()> {
        // With no count given the pool reads RAYON_NUM_THREADS: that value is bounded too.
        let asked = match threads {
            Some(n) => n as u64,
            None => std::env::var("RAYON_NUM_THREADS")
                .ok()
                .and_then(|v| v.trim().parse::<u64>().ok())
                .unwrap_or(0),
        };
        Self::check(
            "CreateDevice",
            "DeviceLimits::max_threads",
            self.max_threads.min(MAX_THREADS) as u64,
            asked,
        )
    }

    /// Refuses a draw of more than [`DeviceLimits::draw_instances`] instances, or of `count`
    /// vertices (or indices) × `instances` above [`DeviceLimits::draw_vertex_invocations`].
    pub(crate) fn check_draw(&self, call: &'static str, count: u32, instances: u32) -> Result<()> {
        Self::check(
            call,
            "DeviceLimits::draw_instances",
            u64::from(self.draw_instances),
            u64::from(instances),
        )?;
        Self::check(
            call,
            "DeviceLimits::draw_vertex_invocations",
            self.draw_vertex_invocations,
            u64::from(count) * u64::from(instances),
        )
    }
}
