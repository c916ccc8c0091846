//! `Device`: feature-level negotiation, caps queries and object creation (`ID3D11Device`).

use std::sync::Arc;

use tessera_caps::{
    Caps, CapsOptions, FeatureLevel, FeatureSupport, FormatSupport, Limits, ShaderStage,
    select_feature_level,
};
use tessera_format::Format;

use tessera_resource::MemoryBudget;
use tessera_sampler::{Lanes, SimdPath};

use crate::debug::{InfoQueue, Severity};
use crate::error::{Error, Result};
use crate::limits::DeviceLimits;

/// What a Tier-1 read of a NULL-mapped tile returns (undefined in D3D, SPEC §6.8; Tessera makes
/// it a documented, deterministic value and raises `NULL_TILE_MAPPING_ACCESS_ERROR`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tier1NullRead {
    /// Zero bytes, as Tier 2 defines it (the RefDev choice of SPEC §6.8).
    #[default]
    Zero,
    /// The poison word `FF 00 FF FF` repeated through the tile (`tiled::POISON_WORD`), so a
    /// golden image shows the bug.
    Poison,
}

/// How to create a device (`D3D11CreateDevice` arguments).
#[derive(Clone, Debug)]
pub struct DeviceDesc {
    /// Acceptable feature levels in order of preference; empty = D3D11's default list.
    pub feature_levels: Vec<FeatureLevel>,
    /// The highest level this device may report: emulates a lesser part (WARP-style).
    pub max_feature_level: FeatureLevel,
    /// Worker threads for rasterization; `None` = `RAYON_NUM_THREADS` or the CPU count.
    pub threads: Option<usize>,
    /// Optional-feature answers (tiled-resources tier, …).
    pub caps_options: CapsOptions,
    /// Strict mode: a stored error or corruption message fails the call that raised it
    /// (D3D's break-on-severity for Error and Corruption, turned into an [`Error::Strict`]).
    pub strict: bool,
    /// The device's own limits: memory budget, work per draw, threads ([`DeviceLimits`]).
    pub limits: DeviceLimits,
    /// What a Tier-1 read of a NULL tile returns (SPEC §6.8: undefined
    /// in D3D; zero by default, or a poison word so a golden image shows the bug).
    pub tiled_null_read: Tier1NullRead,
    /// The SIMD path of the hot loops (`docs/simd.md`): `None` = the process's choice
    /// (`TESSERA_SIMD`, else the best the CPU runs); a path the CPU lacks is
    /// [`Error::Simd`]. Every path renders the same bytes.
    pub simd: Option<SimdPath>,
    /// Keep the device usable after a shader hangs: the hung draw or dispatch still fails
    /// with [`Error::ShaderHung`], but the device is not removed (Tessera's behaviour before
    /// device removal; for tests that provoke several hangs). Off by default, as in D3D.
    pub keep_device_after_hang: bool,
}

impl Default for DeviceDesc {
    fn default() -> Self {
        Self {
            feature_levels: Vec::new(),
            max_feature_level: FeatureLevel::L12_2,
            threads: None,
            caps_options: CapsOptions::default(),
            strict: false,
            limits: DeviceLimits::default(),
            tiled_null_read: Tier1NullRead::Zero,
            simd: None,
            keep_device_after_hang: false,
        }
    }
}

impl DeviceDesc {
    /// A device at exactly `level`.
    pub fn at(level: FeatureLevel) -> Self {
        Self {
            feature_levels: vec![level],
            ..Self::default()
        }
    }
}

pub(crate) struct DeviceInner {
    pub(crate) caps: Caps,
    pub(crate) pool: rayon::ThreadPool,
    pub(crate) queue: InfoQueue,
    pub(crate) device_limits: DeviceLimits,
    /// Live bytes of every buffer and texture this device created.
    pub(crate) budget: MemoryBudget,
    /// [`DeviceDesc::tiled_null_read`].
    pub(crate) tiled_null_read: Tier1NullRead,
    /// The SIMD path of the draws and samplers ([`DeviceDesc::simd`]), chosen at creation.
    pub(crate) lanes: Lanes,
    /// Set once when the device is removed ([`Device::get_device_removed_reason`]).
    pub(crate) removed: std::sync::OnceLock<crate::DeviceRemovedReason>,
    /// [`DeviceDesc::keep_device_after_hang`].
    pub(crate) keep_device_after_hang: bool,
}

/// A Tessera device: `Send + Sync`, cheap to clone (a handle).
#[derive(Clone)]
pub struct Device {
    pub(crate) inner: Arc<DeviceInner>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("level", &self.feature_level())
            .field("threads", &self.threads())
            .finish()
    }
}

impl Device {
    /// Creates a device at the first requested level at or below `max_feature_level`.
    pub fn new(desc: &DeviceDesc) -> Result<Self> {
        let level = select_feature_level(&desc.feature_levels, desc.max_feature_level)?;
        let caps = Caps::new(level, desc.caps_options)?;
        desc.limits.check_threads(desc.threads)?;
        let lanes = match desc.simd {
            Some(path) => Lanes::new(path)?,
            None => Lanes::process()?,
        };
        let threads = desc.threads.unwrap_or(0);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("tessera-{i}"))
            .build()
            .map_err(|e| Error::ThreadPool {
                threads,
                reason: e.to_string(),
            })?;
        let break_on: &[Severity] = if desc.strict {
            &[Severity::Corruption, Severity::Error]
        } else {
            &[]
        };
        Ok(Self {
            inner: Arc::new(DeviceInner {
                caps,
                pool,
                queue: InfoQueue::new(break_on),
                device_limits: desc.limits,
                budget: MemoryBudget::new(desc.limits.memory_bytes),
                tiled_null_read: desc.tiled_null_read,
                lanes,
                removed: std::sync::OnceLock::new(),
                keep_device_after_hang: desc.keep_device_after_hang,
            }),
        })
    }

    /// The SIMD path this device's draws and samplers run on ([`DeviceDesc::simd`]).
    pub fn simd_path(&self) -> SimdPath {
        self.inner.lanes.path()
    }

    /// The feature level chosen at creation.
    pub fn feature_level(&self) -> FeatureLevel {
        self.inner.caps.level()
    }

    /// The debug layer's message queue (`ID3D11InfoQueue`): refusals, hazards and reports.
    pub fn info_queue(&self) -> &InfoQueue {
        &self.inner.queue
    }

    /// The caps layer every call is validated against.
    pub fn caps(&self) -> &Caps {
        &self.inner.caps
    }

    /// This level's limits.
    pub fn limits(&self) -> &'static Limits {
        self.inner.caps.limits()
    }

    /// The device's own limits ([`DeviceDesc::limits`]).
    pub fn device_limits(&self) -> &DeviceLimits {
        &self.inner.device_limits
    }

    /// The memory budget its buffers and textures are reserved from (live bytes, limit).
    pub fn memory_budget(&self) -> &MemoryBudget {
        &self.inner.budget
    }

    /// Rasterization worker threads.
    pub fn threads(&self) -> usize {
        self.inner.pool.current_num_threads()
    }

    /// `CheckFeatureSupport`.
    pub fn check_feature_support(&self) -> FeatureSupport {
        self.inner.caps.check_feature_support()
    }

    /// `CheckFormatSupport` at this device's level (`formats.json`).
    pub fn check_format_support(&self, format: Format) -> FormatSupport {
        self.inner.caps.check_format_support(format)
    }

    /// Whether this level allows a shader stage (geometry, hull, domain, compute: FL-19).
    /// Tessera executes vertex, pixel and compute shaders; the others are refused by the caps
    /// layer at the levels that lack them and reported as unsupported otherwise.
    pub fn check_shader_stage(&self, stage: ShaderStage) -> Result<()> {
        self.caps().validate_shader_stage(stage)?;
        match stage {
            ShaderStage::Vertex | ShaderStage::Pixel | ShaderStage::Compute => Ok(()),
            ShaderStage::Geometry => Err(Error::Unsupported("geometry shader execution")),
            ShaderStage::Hull | ShaderStage::Domain => Err(Error::Unsupported("tessellation")),
        }
    }

    /// The D3DCAPS9 floor behind this 9_x level (SPEC §1.4); `None` at 10_0+.
    pub fn d3d9_caps(&self) -> Option<&'static tessera_caps::D3d9Floor> {
        self.inner.caps.d3d9_floor()
    }
}
