//! Buffer view flags (`D3D11_BUFFEREX_SRV_FLAG_RAW`, `D3D11_BUFFER_UAV_FLAG_RAW` / `_APPEND` /
//! `_COUNTER`), their creation rules (one place: [`check_buffer_view_flags`]) and the hidden
//! append/consume counter an APPEND or COUNTER UAV owns ([`UavCounter`]).

use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tessera_caps::{Caps, FeatureLevel, MiscFlags};
use tessera_format::Format;

use crate::{Buffer, ResourceError, ViewKind};

/// The `Flags` of a buffer view: `D3D11_BUFFEREX_SRV.Flags` (RAW only) for a shader resource
/// view, `D3D11_BUFFER_UAV.Flags` for an unordered access view. `Default` is no flag (a plain
/// structured or typed view). Rules: docs/resources.md "Buffer view flags".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BufferViewFlags {
    /// `RAW`: a ByteAddressBuffer view; format `R32_TYPELESS`, a buffer created with
    /// `BUFFER_ALLOW_RAW_VIEWS`, first element and count in 4-byte units.
    pub raw: bool,
    /// `D3D11_BUFFER_UAV_FLAG_APPEND`: a structured UAV with a hidden counter
    /// (Append/ConsumeStructuredBuffer).
    pub append: bool,
    /// `D3D11_BUFFER_UAV_FLAG_COUNTER`: a structured UAV with a hidden counter
    /// (RWStructuredBuffer's IncrementCounter / DecrementCounter).
    pub counter: bool,
}

impl BufferViewFlags {
    /// `RAW` alone.
    pub const RAW: Self = Self {
        raw: true,
        append: false,
        counter: false,
    };
    /// `APPEND` alone.
    pub const APPEND: Self = Self {
        raw: false,
        append: true,
        counter: false,
    };
    /// `COUNTER` alone.
    pub const COUNTER: Self = Self {
        raw: false,
        append: false,
        counter: true,
    };

    /// D3D's bits: RAW = 1, APPEND = 2, COUNTER = 4 (`D3D11_BUFFER_UAV_FLAG`).
    pub fn bits(self) -> u32 {
        u32::from(self.raw) | u32::from(self.append) << 1 | u32::from(self.counter) << 2
    }

    /// True when the view owns a hidden counter (APPEND or COUNTER).
    pub fn has_counter(self) -> bool {
        self.append || self.counter
    }

    /// True when no flag is set.
    pub fn is_empty(self) -> bool {
        self.bits() == 0
    }
}

/// The hidden 32-bit counter of an APPEND / COUNTER UAV (D3D: one per view object, shared by
/// every clone of the view handle). Starts at 0; set by the initial counts of
/// `CSSetUnorderedAccessViews` / `OMSetRenderTargetsAndUnorderedAccessViews`, read by
/// `CopyStructureCount`, and bound to a shader as its 4 little-endian bytes.
#[derive(Clone, Debug, Default)]
pub struct UavCounter(Arc<Mutex<[u8; 4]>>);

impl UavCounter {
    /// The counter's value.
    pub fn get(&self) -> u32 {
        u32::from_le_bytes(*self.lock())
    }

    /// Sets the counter.
    pub fn set(&self, value: u32) {
        *self.lock() = value.to_le_bytes();
    }

    /// Locks the counter's 4 bytes (little-endian) for a draw or dispatch that binds it.
    pub fn lock(&self) -> MutexGuard<'_, [u8; 4]> {
        // A panic while locked left 4 plain bytes: nothing to repair.
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The byte alignment of a raw UAV's first element at 10_x (cs_4_x, "Compute Shaders on
/// Downlevel Hardware": 256 bytes instead of D3D11 hardware's 16).
pub const RAW_UAV_OFFSET_ALIGN_10_X: u64 = 256;

/// Checks a buffer view's flags against the D3D11 creation rules (`CreateShaderResourceView`
/// with `D3D11_SRV_DIMENSION_BUFFEREX`, `CreateUnorderedAccessView` with
/// `D3D11_UAV_DIMENSION_BUFFER`): `format` is the view's format, `first` its first element
/// (in 4-byte units for RAW). Returns the element size in bytes when the view is RAW.
pub(crate) fn check_buffer_view_flags(
    caps: &Caps,
    kind: ViewKind,
    buf: &Buffer,
    format: Format,
    flags: BufferViewFlags,
    first: u32,
) -> Result<Option<u32>, ResourceError> {
    let level = caps.level();
    let err = |rule: &'static str, value: u64| ResourceError::BufferViewFlags {
        rule,
        level,
        flags,
        format,
        value,
    };
    let misc = buf.desc().misc_flags;
    match kind {
        ViewKind::ShaderResource | ViewKind::UnorderedAccess => {}
        _ => {
            return Err(err(
                "buffer view flags exist only on shader resource and unordered access views",
                u64::from(flags.bits()),
            ));
        }
    }
    if kind == ViewKind::ShaderResource && flags.has_counter() {
        return Err(err(
            "D3D11_BUFFEREX_SRV_FLAG has RAW only (APPEND / COUNTER are UAV flags)",
            u64::from(flags.bits()),
        ));
    }
    if flags.append && flags.counter {
        return Err(err(
            "D3D11_BUFFER_UAV_FLAG_APPEND and _COUNTER are exclusive (one hidden counter kind per view)",
            u64::from(flags.bits()),
        ));
    }
    if flags.raw {
        if flags.has_counter() {
            return Err(err(
                "RAW excludes APPEND and COUNTER (those need a structured view, format UNKNOWN)",
                u64::from(flags.bits()),
            ));
        }
        if format != Format::R32Typeless {
            return Err(err("a RAW buffer view has format R32_TYPELESS", 0));
        }
        if !misc.contains(MiscFlags::BUFFER_ALLOW_RAW_VIEWS) {
            return Err(err(
                "a RAW buffer view needs a buffer created with BUFFER_ALLOW_RAW_VIEWS (value: the buffer's MiscFlags)",
                u64::from(misc.0),
            ));
        }
        let offset = u64::from(first) * 4;
        if kind == ViewKind::UnorderedAccess
            && level < FeatureLevel::L11_0
            && !offset.is_multiple_of(RAW_UAV_OFFSET_ALIGN_10_X)
        {
            return Err(err(
                "a raw UAV's first byte (FirstElement * 4) is a multiple of 256 at 10_x (cs_4_x)",
                offset,
            ));
        }
        return Ok(Some(4));
    }
    if format == Format::R32Typeless {
        return Err(err(
            "an R32_TYPELESS buffer view needs the RAW flag (typed buffer views take a typed format)",
            0,
        ));
    }
    if flags.has_counter() {
        if level < FeatureLevel::L11_0 {
            return Err(err(
                "APPEND / COUNTER UAVs need feature level 11_0 (cs_4_x has no counter instructions)",
                u64::from(flags.bits()),
            ));
        }
        if format != Format::Unknown || !misc.contains(MiscFlags::BUFFER_STRUCTURED) {
            return Err(err(
                "APPEND / COUNTER need a structured-buffer UAV (format UNKNOWN, BUFFER_STRUCTURED; value: the buffer's MiscFlags)",
                u64::from(misc.0),
            ));
        }
    }
    Ok(None)
}
