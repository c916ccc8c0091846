//! Immutable state objects (`ID3D11*State`) and shader handles, validated at creation.

use std::sync::Arc;

use tessera_caps::{
    BlendDesc, DepthStencilDesc, DeviceId, RasterizerDesc, SamplerDesc, ShaderSignature,
};
use tessera_pipeline::{InputLayout, PixelShader, VertexShader};
use tessera_sampler::Sampler;

/// A validated `ID3D11RasterizerState`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterizerState(pub(crate) RasterizerDesc, pub(crate) DeviceId);

/// A validated `ID3D11BlendState` (`BlendState1` fields included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlendState(pub(crate) BlendDesc, pub(crate) DeviceId);

/// A validated `ID3D11DepthStencilState`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthStencilState(pub(crate) DepthStencilDesc, pub(crate) DeviceId);

/// A validated `ID3D11SamplerState`.
#[derive(Clone, Debug)]
pub struct SamplerState(pub(crate) Sampler, pub(crate) DeviceId);

/// A validated `ID3D11InputLayout`.
#[derive(Clone, Debug)]
pub struct InputLayoutHandle(
    pub(crate) Arc<InputLayout>,
    pub(crate) DeviceId,
    pub(crate) Arc<[(String, u32)]>,
);

/// A vertex shader object (`ID3D11VertexShader`): any [`VertexShader`] implementation, with
/// the signature it declared when created (read once, so every rule sees the same one).
#[derive(Clone)]
pub struct VertexShaderHandle(
    pub(crate) Arc<dyn VertexShader>,
    pub(crate) DeviceId,
    pub(crate) Arc<ShaderSignature>,
);

/// A pixel shader object (`ID3D11PixelShader`): any [`PixelShader`] implementation, with the
/// signature it declared when created.
#[derive(Clone)]
pub struct PixelShaderHandle(
    pub(crate) Arc<dyn PixelShader>,
    pub(crate) DeviceId,
    pub(crate) Arc<ShaderSignature>,
);

/// The device that created a state object or shader (`ID3D11DeviceChild::GetDevice`): binding
/// it on another device's context is refused.
pub trait DeviceChild {
    /// The creating device.
    fn owner(&self) -> DeviceId;
}

macro_rules! device_child {
    ($($ty:ty),*) => {$(
        impl DeviceChild for $ty {
            fn owner(&self) -> DeviceId {
                self.1
            }
        }
    )*};
}
device_child!(
    RasterizerState,
    BlendState,
    DepthStencilState,
    SamplerState,
    InputLayoutHandle,
    VertexShaderHandle,
    PixelShaderHandle
);

impl VertexShaderHandle {
    /// The profile and resource use the shader declared at `CreateVertexShader`.
    pub fn signature(&self) -> &ShaderSignature {
        &self.2
    }
}

impl PixelShaderHandle {
    /// The profile and resource use the shader declared at `CreatePixelShader`.
    pub fn signature(&self) -> &ShaderSignature {
        &self.2
    }
}

macro_rules! desc_accessor {
    ($ty:ty, $desc:ty) => {
        impl $ty {
            /// The descriptor this state was created from.
            pub fn desc(&self) -> &$desc {
                &self.0
            }
        }
    };
}
desc_accessor!(RasterizerState, RasterizerDesc);
desc_accessor!(BlendState, BlendDesc);
desc_accessor!(DepthStencilState, DepthStencilDesc);

impl SamplerState {
    /// The descriptor this sampler was created from.
    pub fn desc(&self) -> &SamplerDesc {
        self.0.desc()
    }
}

impl InputLayoutHandle {
    /// Each element's (semantic name, semantic index), in element order.
    pub fn semantics(&self) -> &[(String, u32)] {
        &self.2
    }

    /// The resolved layout.
    pub fn layout(&self) -> &InputLayout {
        &self.0
    }
}

impl std::fmt::Debug for VertexShaderHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VertexShaderHandle")
    }
}

impl std::fmt::Debug for PixelShaderHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PixelShaderHandle")
    }
}
