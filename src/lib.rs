#![doc = include_str!("lib.md")]

mod context;
mod create;
pub mod debug;
mod device;
mod error;
pub mod golden;
pub mod limits;
mod query;
mod removed;
mod report;
mod state;
pub mod tiled;

pub use tessera_caps as caps;
pub use tessera_format as format;
pub use tessera_pipeline as pipeline;
pub use tessera_resource as resource;
pub use tessera_sampler as sampler;

pub use context::{
    ClearViewOf, ComputeShaderHandle, DeviceContext, DomainShaderHandle, GeometryShaderHandle,
    HullShaderHandle, MAX_DISPATCH_GROUPS, VERTEX_BUFFER_SLOTS, VertexBufferView,
};
pub use device::{Device, DeviceDesc};
pub use error::{Error, Result};
pub use limits::DeviceLimits;
pub use query::{Query, QueryData};
pub use removed::DeviceRemovedReason;
pub use state::{
    BlendState, DepthStencilState, DeviceChild, InputLayoutHandle, PixelShaderHandle,
    RasterizerState, SamplerState, VertexShaderHandle,
};
pub use tessera_caps::FeatureLevel;
pub use tessera_format::Format;
pub use tessera_resource::{
    Buffer, BufferViewFlags, DepthStencilView, RenderTargetView, Resource, ShaderResourceView,
    Texture, UavCounter, UnorderedAccessView,
};
