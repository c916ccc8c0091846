//! Immutable state objects (`ID3D11*State`) and shader handles, validated at creation.

use std::sync::Arc;

use tessera_caps::{BlendDesc, DepthStencilDesc, RasterizerDesc, SamplerDesc, ShaderSignature};
use tessera_pipeline::{InputLayout, PixelShader, VertexShader};
use tessera_sampler::Sampler;

/// A validated `ID3D11RasterizerState`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RasterizerState(pub(crate) RasterizerDesc);

/// A validated `ID3D11BlendState` (`BlendState1` fields included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlendState(pub(crate) BlendDesc);

/// A validated `ID3D11DepthStencilState`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthStencilState(pub(crate) DepthStencilDesc);

/// A validated `ID3D11SamplerState`.
#[derive(Clone, Debug)]
pub struct SamplerState(pub(crate) Sampler);

/// A validated `ID3D11InputLayout`.
#[derive(Clone, Debug)]
pub struct InputLayoutHandle(pub(crate) Arc<InputLayout>);

/// A vertex shader object (`ID3D11VertexShader`): any [`VertexShader`] implementation, with
/// the signature it declared when created (read once, so every rule sees the same one).
#[derive(Clone)]
pub struct VertexShaderHandle(
    pub(crate) Arc<dyn VertexShader>,
    pub(crate) Arc<ShaderSignature>,
);

/// A pixel shader object (`ID3D11PixelShader`): any [`PixelShader`] implementation, with the
/// signature it declared when created.
#[derive(Clone)]
pub struct PixelShaderHandle(
    pub(crate) Arc<dyn PixelShader>,
    pub(crate) Arc<ShaderSignature>,
);

impl VertexShaderHandle {
    /// The profile and resource use the shader declared at `CreateVertexShader`.
    pub fn signature(&self) -> &ShaderSignature {
        &self.1
    }
}

impl PixelShaderHandle {
    /// The profile and resource use the shader declared at `CreatePixelShader`.
    pub fn signature(&self) -> &ShaderSignature {
        &self.1
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
