//! Shared helpers for the integration tests.
#![allow(dead_code)]

use tessera_caps::{
    BindFlags, BufferDesc, Caps, CpuAccess, FeatureLevel, TextureDesc, TextureDimension, Usage,
};
use tessera_format::Format;

pub fn caps(level: FeatureLevel) -> Caps {
    Caps::for_level(level)
}

pub fn tex2d(w: u32, h: u32, format: Format, bind: BindFlags) -> TextureDesc {
    TextureDesc::tex2d(w, h, format, bind)
}

pub fn tex3d(w: u32, h: u32, d: u32, mips: u32, format: Format, bind: BindFlags) -> TextureDesc {
    TextureDesc {
        dimension: TextureDimension::D3,
        depth: d,
        mip_levels: mips,
        ..TextureDesc::tex2d(w, h, format, bind)
    }
}

pub fn staging(mut desc: TextureDesc) -> TextureDesc {
    desc.usage = Usage::Staging;
    desc.bind_flags = BindFlags::NONE;
    desc.cpu_access = CpuAccess::READ | CpuAccess::WRITE;
    desc
}

pub fn buffer(byte_width: u32, bind: BindFlags) -> BufferDesc {
    BufferDesc {
        byte_width,
        bind_flags: bind,
        ..BufferDesc::default()
    }
}

pub const SRV: BindFlags = BindFlags::SHADER_RESOURCE;
pub const RT: BindFlags = BindFlags::RENDER_TARGET;
pub fn rt_srv() -> BindFlags {
    BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE
}
