//! `Map` / `Unmap`: CPU access to DYNAMIC and STAGING resources through an owned guard.
//!
//! The guard holds a private copy of the subresource (tightly packed, pitches as in
//! [`crate::Texture::layout`]); write maps copy it back on [`Mapped::unmap`] or drop. While
//! mapped, the subresource is marked so that a second map or any GPU-side operation is refused.
//! RefDev choice: `WRITE_DISCARD` hands out zeroed memory (D3D leaves it undefined).

use std::sync::atomic::Ordering;

use tessera_caps::{BindFlags, Caps, CpuAccess, FeatureLevel, Usage};

use crate::{Resource, ResourceError, memory};

/// `D3D11_MAP`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapType {
    /// `D3D11_MAP_READ`: needs CPU_ACCESS_READ (STAGING).
    Read,
    /// `D3D11_MAP_WRITE`: needs CPU_ACCESS_WRITE on a STAGING resource.
    Write,
    /// `D3D11_MAP_READ_WRITE`: needs both CPU access flags (STAGING).
    ReadWrite,
    /// `D3D11_MAP_WRITE_DISCARD`: DYNAMIC only; previous contents are dropped.
    WriteDiscard,
    /// `D3D11_MAP_WRITE_NO_OVERWRITE`: DYNAMIC vertex/index buffers (constant buffers and
    /// buffer SRVs from 11_1); contents kept.
    WriteNoOverwrite,
}

impl MapType {
    fn writes(self) -> bool {
        !matches!(self, Self::Read)
    }
}

/// A mapped subresource (`D3D11_MAPPED_SUBRESOURCE` as an owned guard); unmaps on drop.
#[derive(Debug)]
pub struct Mapped {
    resource: Resource,
    sub: u32,
    map_type: MapType,
    data: Vec<u8>,
    row_pitch: usize,
    depth_pitch: usize,
    offset: usize,
    released: bool,
}

/// Checks D3D11's map rules for `resource` and `map_type`.
fn check_map(caps: &Caps, resource: &Resource, map_type: MapType) -> Result<(), ResourceError> {
    let usage = resource.usage();
    let cpu = resource.cpu_access();
    let refuse = |reason: &str| ResourceError::InvalidOperation {
        op: "Map",
        reason: reason.into(),
    };
    match map_type {
        MapType::Read | MapType::Write | MapType::ReadWrite => {
            let need = match map_type {
                MapType::Read => CpuAccess::READ,
                MapType::Write => CpuAccess::WRITE,
                _ => CpuAccess(CpuAccess::READ.0 | CpuAccess::WRITE.0),
            };
            if !cpu.contains(need) {
                return Err(refuse(&format!(
                    "{map_type:?} needs CPU access {:#x}, resource has {:#x}",
                    need.0, cpu.0
                )));
            }
            if usage != Usage::Staging {
                return Err(ResourceError::UsageNotAllowed {
                    op: "Map READ/WRITE/READ_WRITE",
                    usage,
                });
            }
        }
        MapType::WriteDiscard => {
            if usage != Usage::Dynamic {
                return Err(ResourceError::UsageNotAllowed {
                    op: "Map WRITE_DISCARD",
                    usage,
                });
            }
        }
        MapType::WriteNoOverwrite => {
            if usage != Usage::Dynamic {
                return Err(ResourceError::UsageNotAllowed {
                    op: "Map WRITE_NO_OVERWRITE",
                    usage,
                });
            }
            let Resource::Buffer(b) = resource else {
                return Err(refuse("WRITE_NO_OVERWRITE applies to buffers only"));
            };
            let bind = b.desc().bind_flags;
            let vb_ib = BindFlags(BindFlags::VERTEX_BUFFER.0 | BindFlags::INDEX_BUFFER.0);
            let late = BindFlags(BindFlags::CONSTANT_BUFFER.0 | BindFlags::SHADER_RESOURCE.0);
            let ok = bind.intersects(vb_ib)
                || (bind.intersects(late) && caps.level() >= FeatureLevel::L11_1);
            if !ok {
                return Err(refuse(
                    "WRITE_NO_OVERWRITE needs a vertex/index buffer (constant/SRV buffers from 11_1)",
                ));
            }
        }
    }
    Ok(())
}

/// `ID3D11DeviceContext::Map`: validates, marks the subresource mapped and returns its guard.
pub fn map(
    caps: &Caps,
    resource: &Resource,
    sub: u32,
    map_type: MapType,
) -> Result<Mapped, ResourceError> {
    resource.check_sub(sub)?;
    check_map(caps, resource, map_type)?;
    let keep_contents = map_type != MapType::WriteDiscard;
    let (data, row_pitch, depth_pitch, offset) = match resource {
        Resource::Buffer(b) => {
            if b.inner.mapped.swap(true, Ordering::AcqRel) {
                return Err(ResourceError::AlreadyMapped { sub });
            }
            let data = if keep_contents {
                memory::allocate_copy(&b.read())
            } else {
                memory::allocate_zeroed(b.len() as u64)
            };
            let data = data.inspect_err(|_| b.inner.mapped.store(false, Ordering::Release))?;
            let n = data.len();
            (data, n, n, 0)
        }
        Resource::Texture(t) => {
            let l = t.layout(sub)?;
            {
                let mut set = t.inner.mapped.lock().unwrap_or_else(|e| e.into_inner());
                if !set.insert(sub) {
                    return Err(ResourceError::AlreadyMapped { sub });
                }
            }
            let data = if keep_contents {
                let g = t.read();
                g.subresource_bytes(sub).and_then(memory::allocate_copy)
            } else {
                memory::allocate_zeroed(l.size as u64)
            };
            let data = data.inspect_err(|_| {
                t.inner
                    .mapped
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&sub);
            })?;
            (data, l.row_pitch, l.depth_pitch, l.offset)
        }
    };
    Ok(Mapped {
        resource: resource.clone(),
        sub,
        map_type,
        data,
        row_pitch,
        depth_pitch,
        offset,
        released: false,
    })
}

/// `ID3D11DeviceContext::Unmap`: same as [`Mapped::unmap`].
pub fn unmap(mapped: Mapped) {
    mapped.unmap();
}

impl Mapped {
    /// The mapped bytes (`pData`).
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The mapped bytes, writable (writes of a READ map are discarded on unmap).
    pub fn data_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }

    /// `RowPitch` (block rows for BC; whole size for buffers).
    pub fn row_pitch(&self) -> usize {
        self.row_pitch
    }

    /// `DepthPitch`.
    pub fn depth_pitch(&self) -> usize {
        self.depth_pitch
    }

    /// The mapped subresource index.
    pub fn subresource(&self) -> u32 {
        self.sub
    }

    /// The map type used.
    pub fn map_type(&self) -> MapType {
        self.map_type
    }

    /// The mapped resource.
    pub fn resource(&self) -> &Resource {
        &self.resource
    }

    /// Ends the map: write maps store the bytes back, then the subresource is released.
    pub fn unmap(mut self) {
        self.release();
    }

    fn release(&mut self) {
        if self.released {
            return;
        }
        self.released = true;
        let write_back = self.map_type.writes();
        match &self.resource {
            Resource::Buffer(b) => {
                if write_back {
                    let mut w = b.write();
                    let n = w.len().min(self.data.len());
                    if let (Some(d), Some(s)) = (w.get_mut(..n), self.data.get(..n)) {
                        d.copy_from_slice(s);
                    }
                }
                b.inner.mapped.store(false, Ordering::Release);
            }
            Resource::Texture(t) => {
                if write_back {
                    let mut w = t.write();
                    let end = self.offset + self.data.len();
                    if let Some(d) = w.bytes_mut().get_mut(self.offset..end) {
                        d.copy_from_slice(&self.data);
                    }
                }
                t.inner
                    .mapped
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&self.sub);
            }
        }
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        self.release();
    }
}

impl std::ops::Deref for Mapped {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.data
    }
}

impl std::ops::DerefMut for Mapped {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }
}
