//! Memory ops of the compute stage: storage buffers (UAVs and read-only shader resources) and
//! workgroup memory, addressed in bytes with WGSL's storage layout (as naga laid it out).
//!
//! Every access is one 32-bit word at a 4-aligned byte address: `offset` plus the per-lane
//! `dynamic` byte offset. An access past the end of the bound buffer (or of an unbound slot)
//! reads 0 and writes nothing, as D3D defines out-of-bounds UAV access.

use super::R;
use tessera_format::Format;

/// Which memory an access goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemSpace {
    /// `@group(3) @binding(n) var<storage, read_write | read>`: unordered-access view slot `n`.
    Uav(u32),
    /// `@group(1) @binding(n) var<storage, read>`: a buffer shader-resource view in slot `n`.
    Srv(u32),
    /// `var<workgroup>`: the workgroup's own memory, zeroed when the workgroup starts.
    Workgroup,
}

/// An atomic read-modify-write (WGSL `atomic*`), on `u32` or `i32` words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    /// `atomicAdd` (wrapping).
    Add,
    /// `atomicSub` (wrapping).
    Sub,
    /// `atomicAnd`.
    And,
    /// `atomicOr`.
    Or,
    /// `atomicXor`.
    Xor,
    /// `atomicMin` of `i32`.
    SMin,
    /// `atomicMax` of `i32`.
    SMax,
    /// `atomicMin` of `u32`.
    UMin,
    /// `atomicMax` of `u32`.
    UMax,
    /// `atomicExchange`.
    Exchange,
    /// `atomicCompareExchangeWeak` (never fails spuriously: it stores when the word equals
    /// the comparand).
    CompareExchange,
}

impl AtomicOp {
    /// The new word from the `old` word, the operand `v` and the comparand `c`.
    pub fn apply(self, old: u32, v: u32, c: u32) -> u32 {
        let s = |x: u32| x.cast_signed();
        match self {
            Self::Add => old.wrapping_add(v),
            Self::Sub => old.wrapping_sub(v),
            Self::And => old & v,
            Self::Or => old | v,
            Self::Xor => old ^ v,
            Self::SMin => s(old).min(s(v)).cast_unsigned(),
            Self::SMax => s(old).max(s(v)).cast_unsigned(),
            Self::UMin => old.min(v),
            Self::UMax => old.max(v),
            Self::Exchange => v,
            Self::CompareExchange => {
                if old == c {
                    v
                } else {
                    old
                }
            }
        }
    }
}

/// One memory op over the active lanes of 8.
#[derive(Clone, Debug, PartialEq)]
pub enum MemOp {
    /// `dst = word at offset (+ dynamic)` (0 when out of bounds).
    Load {
        /// Destination.
        dst: R,
        /// The memory.
        space: MemSpace,
        /// Static byte offset.
        offset: u32,
        /// Per-lane byte offset added to `offset`.
        dynamic: Option<R>,
    },
    /// `word at offset (+ dynamic) = src` in the active lanes (dropped when out of bounds).
    Store {
        /// The memory.
        space: MemSpace,
        /// Static byte offset.
        offset: u32,
        /// Per-lane byte offset.
        dynamic: Option<R>,
        /// The value.
        src: R,
    },
    /// An atomic read-modify-write in the active lanes, lane 0 first: `dst` = the old word,
    /// `exchanged` (compare-exchange only) = whether it stored.
    Atomic {
        /// The operation.
        op: AtomicOp,
        /// Receives the old word.
        dst: R,
        /// Receives the `bool` "exchanged" of `atomicCompareExchangeWeak`.
        exchanged: Option<R>,
        /// The memory.
        space: MemSpace,
        /// Static byte offset.
        offset: u32,
        /// Per-lane byte offset.
        dynamic: Option<R>,
        /// The operand.
        value: R,
        /// The comparand of `atomicCompareExchangeWeak` (else the zero register).
        compare: R,
    },
    /// `textureStore` to a storage texture in UAV slot `slot`: in the active lanes, the texel
    /// at `(x, y)` (as `u32`; outside the bound view it is dropped) is encoded as `format`
    /// and written word by word.
    TexStore {
        /// UAV slot.
        slot: u32,
        /// The declared texel format (the dispatch checks the view has it).
        format: Format,
        /// `x`, `y`, `z` registers: `z` is the array layer or depth slice (the zero register
        /// for 1D and 2D).
        coords: [R; 3],
        /// The `vec4` value (`f32` for float formats, integer bits otherwise).
        value: [R; 4],
    },
    /// `textureLoad` of a storage texture: the decoded texel (float formats as `f32` bits,
    /// integers as bits; outside the view, unbound or in the inactive lanes 0).
    TexLoad {
        /// Four destination registers.
        dst: [R; 4],
        /// UAV slot.
        slot: u32,
        /// The declared texel format.
        format: Format,
        /// `x`, `y`, `z` registers, as [`MemOp::TexStore`]'s.
        coords: [R; 3],
    },
    /// `textureDimensions` / `textureNumLayers` of a storage texture: width, height and depth
    /// (layers or depth slices) of the bound view (0 unbound).
    TexSize {
        /// Destination registers.
        dst: [R; 3],
        /// UAV slot.
        slot: u32,
    },
    /// `arrayLength`: `dst = (bound bytes - offset) / stride`, 0 when unbound or shorter.
    ArrayLength {
        /// Destination (`u32`).
        dst: R,
        /// The buffer.
        space: MemSpace,
        /// Byte offset of the runtime-sized array in the buffer.
        offset: u32,
        /// The array's byte stride.
        stride: u32,
    },
}
