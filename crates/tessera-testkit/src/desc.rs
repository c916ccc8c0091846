//! Descriptor shorthands for tests below the device (resource and caps layers).

use tessera::caps::{
    BindFlags, BufferDesc, Caps, CpuAccess, FeatureLevel, TextureDesc, TextureDimension, Usage,
};
use tessera::format::Format;

/// Caps with RefDev defaults at `level`.
pub fn caps(level: FeatureLevel) -> Caps {
    Caps::for_level(level)
}

/// A DEFAULT single-mip 2D texture desc.
pub fn tex2d(w: u32, h: u32, format: Format, bind: BindFlags) -> TextureDesc {
    TextureDesc::tex2d(w, h, format, bind)
}

/// A DEFAULT 3D texture desc with `mips` mips.
pub fn tex3d(w: u32, h: u32, d: u32, mips: u32, format: Format, bind: BindFlags) -> TextureDesc {
    TextureDesc {
        dimension: TextureDimension::D3,
        depth: d,
        mip_levels: mips,
        ..TextureDesc::tex2d(w, h, format, bind)
    }
}

/// The STAGING (read+write) twin of `desc`.
pub fn staging(mut desc: TextureDesc) -> TextureDesc {
    desc.usage = Usage::Staging;
    desc.bind_flags = BindFlags::NONE;
    desc.cpu_access = CpuAccess::READ | CpuAccess::WRITE;
    desc
}

/// A DEFAULT buffer desc.
pub fn buffer_desc(byte_width: u32, bind: BindFlags) -> BufferDesc {
    BufferDesc {
        byte_width,
        bind_flags: bind,
        ..BufferDesc::default()
    }
}

/// `BIND_SHADER_RESOURCE`.
pub const SRV: BindFlags = BindFlags::SHADER_RESOURCE;
/// `BIND_RENDER_TARGET`.
pub const RT: BindFlags = BindFlags::RENDER_TARGET;
/// `RENDER_TARGET | SHADER_RESOURCE`.
pub fn rt_srv() -> BindFlags {
    BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE
}
