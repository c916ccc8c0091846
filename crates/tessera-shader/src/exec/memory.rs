//! The memory a workgroup sees: its own workgroup memory plus the storage buffers, either
//! written in place ([`Direct`], workgroups one after another) or through a private overlay
//! whose writes are logged and replayed in workgroup order ([`Overlay`], workgroups in
//! parallel). Both give every thread count the same bytes (docs/shaders.md, "Compute").
//!
//! A word is 4 little-endian bytes at a byte address; an address whose word does not lie
//! wholly inside the bound buffer (or an unbound slot) reads 0 and is never written.

use std::collections::HashMap;

use tessera_format::Layout;

use crate::ir::{AtomicOp, MemSpace};

/// The word at byte `at` of `bytes` (`None` when it is not wholly inside).
fn word(bytes: &[u8], at: u64) -> Option<u32> {
    let at = usize::try_from(at).ok()?;
    let w = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
}

/// Writes the word at byte `at` when it is wholly inside `bytes`; false when it is not.
fn put(bytes: &mut [u8], at: u64, v: u32) -> bool {
    let Ok(at) = usize::try_from(at) else {
        return false;
    };
    match at.checked_add(4).and_then(|end| bytes.get_mut(at..end)) {
        Some(w) => {
            w.copy_from_slice(&v.to_le_bytes());
            true
        }
        None => false,
    }
}

/// What the compute machine needs from memory.
pub(crate) trait Memory {
    /// The word at `at` (0 out of bounds).
    fn load(&mut self, space: MemSpace, at: u64) -> u32;
    /// Stores a word (dropped out of bounds).
    fn store(&mut self, space: MemSpace, at: u64, v: u32);
    /// An atomic read-modify-write; returns the old word (`None`, and nothing stored, out of
    /// bounds).
    fn atomic(&mut self, space: MemSpace, at: u64, op: AtomicOp, v: u32, c: u32) -> Option<u32>;
    /// Bytes bound in `space` (0 when unbound).
    fn len(&self, space: MemSpace) -> u64;
    /// The layout of the texture bound in UAV slot `slot` (`None`: a buffer or unbound).
    fn layout(&self, slot: u32) -> Option<Layout>;
}

fn slot<T>(list: &[Option<T>], n: u32) -> Option<&T> {
    list.get(n as usize).and_then(Option::as_ref)
}

/// Storage written in place: the workgroups run one after another in index order.
pub(crate) struct Direct<'a, 'b> {
    /// UAV buffers by slot.
    pub uavs: &'a mut [Option<&'b mut [u8]>],
    /// Read-only storage buffers by shader-resource slot.
    pub srvs: &'a [Option<&'a [u8]>],
    /// Texture layouts of the UAV slots that hold textures.
    pub layouts: &'a [Option<Layout>],
    /// The workgroup's memory.
    pub wg: &'a mut [u8],
}

impl Memory for Direct<'_, '_> {
    fn load(&mut self, space: MemSpace, at: u64) -> u32 {
        let bytes: Option<&[u8]> = match space {
            MemSpace::Uav(n) => slot(self.uavs, n).map(|b| &**b),
            MemSpace::Srv(n) => slot(self.srvs, n).copied(),
            MemSpace::Workgroup => Some(self.wg),
        };
        bytes.and_then(|b| word(b, at)).unwrap_or(0)
    }

    fn store(&mut self, space: MemSpace, at: u64, v: u32) {
        let bytes: Option<&mut [u8]> = match space {
            MemSpace::Uav(n) => self.uavs.get_mut(n as usize).and_then(|b| b.as_deref_mut()),
            MemSpace::Srv(_) => None,
            MemSpace::Workgroup => Some(self.wg),
        };
        if let Some(b) = bytes {
            put(b, at, v);
        }
    }

    fn atomic(&mut self, space: MemSpace, at: u64, op: AtomicOp, v: u32, c: u32) -> Option<u32> {
        let bytes: Option<&mut [u8]> = match space {
            MemSpace::Uav(n) => self.uavs.get_mut(n as usize).and_then(|b| b.as_deref_mut()),
            MemSpace::Srv(_) => None,
            MemSpace::Workgroup => Some(self.wg),
        };
        let b = bytes?;
        let old = word(b, at)?;
        put(b, at, op.apply(old, v, c));
        Some(old)
    }

    fn len(&self, space: MemSpace) -> u64 {
        match space {
            MemSpace::Uav(n) => slot(self.uavs, n).map_or(0, |b| b.len() as u64),
            MemSpace::Srv(n) => slot(self.srvs, n).map_or(0, |b| b.len() as u64),
            MemSpace::Workgroup => self.wg.len() as u64,
        }
    }

    fn layout(&self, slot: u32) -> Option<Layout> {
        self.layouts.get(slot as usize).copied().flatten()
    }
}

/// A UAV write of one workgroup, replayed onto the buffers in workgroup order.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Event {
    /// A plain store (or `atomicStore`).
    Store {
        /// UAV slot.
        slot: u32,
        /// Byte address.
        at: u64,
        /// The word.
        v: u32,
    },
    /// An atomic, re-applied to the word as the replay finds it.
    Atomic {
        /// UAV slot.
        slot: u32,
        /// Byte address.
        at: u64,
        /// The operation.
        op: AtomicOp,
        /// Operand.
        v: u32,
        /// Comparand.
        c: u32,
    },
}

/// Storage seen as the batch's starting bytes plus this workgroup's own writes; UAV writes are
/// logged for [`replay`].
pub(crate) struct Overlay<'a, 'b> {
    /// UAV buffers by slot, as the batch of workgroups started.
    pub uavs: &'a [Option<&'b [u8]>],
    /// Read-only storage buffers by shader-resource slot.
    pub srvs: &'a [Option<&'b [u8]>],
    /// Texture layouts of the UAV slots that hold textures.
    pub layouts: &'a [Option<Layout>],
    /// The workgroup's memory.
    pub wg: &'a mut [u8],
    /// Words this workgroup wrote, by (slot, address).
    pub written: HashMap<(u32, u64), u32>,
    /// The UAV writes in execution order.
    pub log: Vec<Event>,
}

impl Overlay<'_, '_> {
    /// The UAV word as this workgroup sees it (`None` out of bounds).
    fn uav_word(&self, n: u32, at: u64) -> Option<u32> {
        let base = word(slot(self.uavs, n)?, at)?;
        Some(self.written.get(&(n, at)).copied().unwrap_or(base))
    }
}

impl Memory for Overlay<'_, '_> {
    fn load(&mut self, space: MemSpace, at: u64) -> u32 {
        match space {
            MemSpace::Uav(n) => self.uav_word(n, at),
            MemSpace::Srv(n) => slot(self.srvs, n).and_then(|b| word(b, at)),
            MemSpace::Workgroup => word(self.wg, at),
        }
        .unwrap_or(0)
    }

    fn store(&mut self, space: MemSpace, at: u64, v: u32) {
        match space {
            MemSpace::Uav(n) => {
                if self.uav_word(n, at).is_some() {
                    self.written.insert((n, at), v);
                    self.log.push(Event::Store { slot: n, at, v });
                }
            }
            MemSpace::Srv(_) => {}
            MemSpace::Workgroup => {
                put(self.wg, at, v);
            }
        }
    }

    fn atomic(&mut self, space: MemSpace, at: u64, op: AtomicOp, v: u32, c: u32) -> Option<u32> {
        match space {
            MemSpace::Uav(n) => {
                let old = self.uav_word(n, at)?;
                self.written.insert((n, at), op.apply(old, v, c));
                self.log.push(Event::Atomic {
                    slot: n,
                    at,
                    op,
                    v,
                    c,
                });
                Some(old)
            }
            MemSpace::Srv(_) => None,
            MemSpace::Workgroup => {
                let old = word(self.wg, at)?;
                put(self.wg, at, op.apply(old, v, c));
                Some(old)
            }
        }
    }

    fn len(&self, space: MemSpace) -> u64 {
        match space {
            MemSpace::Uav(n) => slot(self.uavs, n).map_or(0, |b| b.len() as u64),
            MemSpace::Srv(n) => slot(self.srvs, n).map_or(0, |b| b.len() as u64),
            MemSpace::Workgroup => self.wg.len() as u64,
        }
    }

    fn layout(&self, slot: u32) -> Option<Layout> {
        self.layouts.get(slot as usize).copied().flatten()
    }
}

/// Applies one workgroup's logged UAV writes to the buffers, in the order it made them.
pub(crate) fn replay(uavs: &mut [Option<&mut [u8]>], log: &[Event]) {
    for e in log {
        match *e {
            Event::Store { slot, at, v } => {
                if let Some(Some(b)) = uavs.get_mut(slot as usize) {
                    put(b, at, v);
                }
            }
            Event::Atomic { slot, at, op, v, c } => {
                if let Some(Some(b)) = uavs.get_mut(slot as usize)
                    && let Some(old) = word(b, at)
                {
                    put(b, at, op.apply(old, v, c));
                }
            }
        }
    }
}
