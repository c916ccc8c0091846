//! `Resource`: either kind of resource, as D3D's `ID3D11Resource` base interface.

use tessera_caps::{BindFlags, Caps, CpuAccess, DeviceId, MiscFlags, Usage};

use crate::{Buffer, ResourceError, Texture};

/// A buffer or a texture (`ID3D11Resource`); cloning clones the handle, not the data.
#[derive(Clone, Debug)]
pub enum Resource {
    /// An `ID3D11Buffer`.
    Buffer(Buffer),
    /// An `ID3D11Texture1D/2D/3D`.
    Texture(Texture),
}

impl From<Buffer> for Resource {
    fn from(b: Buffer) -> Self {
        Self::Buffer(b)
    }
}

impl From<Texture> for Resource {
    fn from(t: Texture) -> Self {
        Self::Texture(t)
    }
}

impl From<&Buffer> for Resource {
    fn from(b: &Buffer) -> Self {
        Self::Buffer(b.clone())
    }
}

impl From<&Texture> for Resource {
    fn from(t: &Texture) -> Self {
        Self::Texture(t.clone())
    }
}

impl Resource {
    /// True when both name the same underlying resource (COM identity; binding hazards).
    pub fn ptr_eq(&self, other: &Resource) -> bool {
        match (self, other) {
            (Self::Buffer(a), Self::Buffer(b)) => a.ptr_eq(b),
            (Self::Texture(a), Self::Texture(b)) => a.ptr_eq(b),
            _ => false,
        }
    }

    /// The device that created the resource.
    pub fn owner(&self) -> DeviceId {
        match self {
            Self::Buffer(b) => b.owner(),
            Self::Texture(t) => t.owner(),
        }
    }

    /// Refuses a resource created by another device than `caps`' (D3D11: device children
    /// belong to their device; the debug layer reports a foreign object as corruption).
    pub fn check_owner(&self, caps: &Caps) -> Result<(), ResourceError> {
        if self.owner() == caps.device_id() {
            Ok(())
        } else {
            Err(ResourceError::ForeignObject { object: "resource" })
        }
    }

    /// `D3D11_USAGE` of the resource.
    pub fn usage(&self) -> Usage {
        match self {
            Self::Buffer(b) => b.desc().usage,
            Self::Texture(t) => t.desc().usage,
        }
    }

    /// `D3D11_BIND_FLAG`s of the resource.
    pub fn bind_flags(&self) -> BindFlags {
        match self {
            Self::Buffer(b) => b.desc().bind_flags,
            Self::Texture(t) => t.desc().bind_flags,
        }
    }

    /// `D3D11_CPU_ACCESS_FLAG`s of the resource.
    pub fn cpu_access(&self) -> CpuAccess {
        match self {
            Self::Buffer(b) => b.desc().cpu_access,
            Self::Texture(t) => t.desc().cpu_access,
        }
    }

    /// `D3D11_RESOURCE_MISC_FLAG`s of the resource.
    pub fn misc_flags(&self) -> MiscFlags {
        match self {
            Self::Buffer(b) => b.desc().misc_flags,
            Self::Texture(t) => t.desc().misc_flags,
        }
    }

    /// Subresource count (1 for buffers).
    pub fn subresource_count(&self) -> u32 {
        match self {
            Self::Buffer(_) => 1,
            Self::Texture(t) => t.subresource_count(),
        }
    }

    /// The texture, if this is one.
    pub fn as_texture(&self) -> Option<&Texture> {
        match self {
            Self::Texture(t) => Some(t),
            Self::Buffer(_) => None,
        }
    }

    /// The buffer, if this is one.
    pub fn as_buffer(&self) -> Option<&Buffer> {
        match self {
            Self::Buffer(b) => Some(b),
            Self::Texture(_) => None,
        }
    }

    /// Refuses a subresource index out of range.
    pub(crate) fn check_sub(&self, sub: u32) -> Result<(), ResourceError> {
        let count = self.subresource_count();
        if sub >= count {
            Err(ResourceError::SubresourceOutOfRange { sub, count })
        } else {
            Ok(())
        }
    }

    /// Refuses GPU-side use while any part is mapped.
    pub(crate) fn check_not_mapped(&self) -> Result<(), ResourceError> {
        match self {
            Self::Buffer(b) => b.check_not_mapped(),
            Self::Texture(t) => t.check_not_mapped(),
        }
    }
}
