//! `Buffer`: a cheap, shareable handle to a linear resource (`ID3D11Buffer`).

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use tessera_caps::{BufferDesc, Caps, DeviceId};

use crate::memory::{MemoryBudget, Reservation};
use crate::{ResourceError, memory, usage, validate};

pub(crate) struct BufferInner {
    pub(crate) owner: DeviceId,
    pub(crate) desc: BufferDesc,
    pub(crate) data: RwLock<Vec<u8>>,
    pub(crate) mapped: AtomicBool,
    /// The storage's share of its device's budget, given back when the buffer drops.
    _reservation: Reservation,
}

/// A buffer handle: clones share storage; identity via [`Buffer::ptr_eq`] (D3D COM identity).
#[derive(Clone)]
pub struct Buffer {
    pub(crate) inner: Arc<BufferInner>,
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Buffer")
            .field("desc", &self.inner.desc)
            .finish_non_exhaustive()
    }
}

impl Buffer {
    /// Creates a buffer with a budget of its own ([`MemoryBudget::physical`]); see [`Buffer::new_in`].
    pub fn new(caps: &Caps, desc: &BufferDesc, init: Option<&[u8]>) -> Result<Self, ResourceError> {
        Self::new_in(&MemoryBudget::physical(), caps, desc, init)
    }

    /// Creates a buffer (`CreateBuffer`): caps rules (FL-10 at 9_x), D3D11 usage rules, its
    /// bytes reserved from the device's `budget`, init data.
    pub fn new_in(
        budget: &MemoryBudget,
        caps: &Caps,
        desc: &BufferDesc,
        init: Option<&[u8]>,
    ) -> Result<Self, ResourceError> {
        validate::buffer_desc(caps, desc)?;
        usage::check_usage(desc.usage, desc.bind_flags, init.is_some())?;
        let len = u64::from(desc.byte_width);
        let reservation = budget.reserve(len)?;
        let mut data = memory::allocate_zeroed(len)?;
        if let Some(init) = init {
            let src = init.get(..data.len()).ok_or_else(|| {
                ResourceError::InvalidInitData(format!(
                    "{} bytes needed, {} given",
                    data.len(),
                    init.len()
                ))
            })?;
            data.copy_from_slice(src);
        }
        Ok(Self {
            inner: Arc::new(BufferInner {
                owner: caps.device_id(),
                desc: *desc,
                data: RwLock::new(data),
                mapped: AtomicBool::new(false),
                _reservation: reservation,
            }),
        })
    }

    /// The device that created the buffer (`ID3D11DeviceChild::GetDevice`).
    pub fn owner(&self) -> DeviceId {
        self.inner.owner
    }

    /// The creation description (`ID3D11Buffer::GetDesc`).
    pub fn desc(&self) -> &BufferDesc {
        &self.inner.desc
    }

    /// Size in bytes (`ByteWidth`).
    pub fn len(&self) -> usize {
        self.inner.desc.byte_width as usize
    }

    /// Always false: zero-sized buffers are refused at creation (`E_INVALIDARG`).
    pub fn is_empty(&self) -> bool {
        self.inner.desc.byte_width == 0
    }

    /// True when both handles name the same buffer (COM identity).
    pub fn ptr_eq(&self, other: &Buffer) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// True while mapped (D3D: a mapped buffer may not be used by the GPU).
    pub fn is_mapped(&self) -> bool {
        self.inner.mapped.load(Ordering::Acquire)
    }

    /// Shared read access to the bytes.
    pub fn read(&self) -> BufferReadGuard<'_> {
        BufferReadGuard {
            data: self.inner.data.read().unwrap_or_else(|e| e.into_inner()),
        }
    }

    /// Exclusive write access to the bytes.
    pub fn write(&self) -> BufferWriteGuard<'_> {
        BufferWriteGuard {
            data: self.inner.data.write().unwrap_or_else(|e| e.into_inner()),
        }
    }

    pub(crate) fn check_not_mapped(&self) -> Result<(), ResourceError> {
        if self.is_mapped() {
            Err(ResourceError::Mapped { sub: 0 })
        } else {
            Ok(())
        }
    }
}

/// Shared access to a buffer's bytes.
pub struct BufferReadGuard<'a> {
    data: RwLockReadGuard<'a, Vec<u8>>,
}

impl Deref for BufferReadGuard<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.data
    }
}

/// Exclusive access to a buffer's bytes.
pub struct BufferWriteGuard<'a> {
    data: RwLockWriteGuard<'a, Vec<u8>>,
}

impl Deref for BufferWriteGuard<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.data
    }
}

impl DerefMut for BufferWriteGuard<'_> {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }
}
