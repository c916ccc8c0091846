//! # Tessera
//!
//! A deterministic CPU reference rasterizer with Direct3D 11 semantics at every feature level
//! from 9_1 to 12_2: the device a graphics team runs in CI to render golden images without a
//! GPU, and the oracle it compares GPU drivers against.
//!
//! The facade mirrors `ID3D11Device` ([`Device`]) and `ID3D11DeviceContext`
//! ([`DeviceContext`]); each call is validated by the caps layer of the device's feature level
//! and refused with a typed [`Error`] naming the rule, the level, the limit and the value.
//!
//! Crates underneath: [`caps`] (feature levels, descriptors, rules), [`mod@format`] (DXGI formats
//! and conversions), [`resource`] (buffers, textures, views, copies), [`sampler`] (texture
//! sampling) and [`pipeline`] (the draw pipeline).

mod context;
mod create;
pub mod debug;
mod device;
mod error;
pub mod golden;
pub mod limits;
mod query;
mod report;
mod state;

pub use tessera_caps as caps;
pub use tessera_format as format;
pub use tessera_pipeline as pipeline;
pub use tessera_resource as resource;
pub use tessera_sampler as sampler;

pub use context::{
    ComputeShaderHandle, DeviceContext, DomainShaderHandle, GeometryShaderHandle, HullShaderHandle,
    VERTEX_BUFFER_SLOTS, VertexBufferView,
};
pub use device::{Device, DeviceDesc};
pub use error::{Error, Result};
pub use limits::DeviceLimits;
pub use query::{Query, QueryData};
pub use state::{
    BlendState, DepthStencilState, DeviceChild, InputLayoutHandle, PixelShaderHandle,
    RasterizerState, SamplerState, VertexShaderHandle,
};
pub use tessera_caps::FeatureLevel;
pub use tessera_format::Format;
pub use tessera_resource::{
    Buffer, DepthStencilView, RenderTargetView, Resource, ShaderResourceView, Texture,
};
