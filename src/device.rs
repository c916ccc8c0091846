//! `Device`: feature-level negotiation, caps queries and object creation (`ID3D11Device`).

use std::sync::Arc;

use tessera_caps::{
    BlendDesc, BufferDesc, Caps, CapsOptions, DepthStencilDesc, FeatureLevel, FeatureSupport,
    FormatSupport, InputElementDesc, Limits, QueryType, RasterizerDesc, SamplerDesc, ShaderStage,
    TextureDesc, ViewDesc, select_feature_level,
};
use tessera_format::Format;
use tessera_pipeline::{InputLayout, PixelShader, VertexShader};
use tessera_resource::{
    Buffer, DepthStencilView, DsvFlags, RenderTargetView, Resource, ShaderResourceView,
    SubresourceData, Texture, UnorderedAccessView,
};
use tessera_sampler::Sampler;

use crate::error::{Error, Result};
use crate::query::Query;
use crate::state::{
    BlendState, DepthStencilState, InputLayoutHandle, PixelShaderHandle, RasterizerState,
    SamplerState, VertexShaderHandle,
};

/// How to create a device (`D3D11CreateDevice` arguments).
#[derive(Clone, Debug)]
pub struct DeviceDesc {
    /// Acceptable feature levels in order of preference; empty = D3D11's default list.
    pub feature_levels: Vec<FeatureLevel>,
    /// The highest level this device may report: emulates a lesser part (WARP-style).
    pub max_feature_level: FeatureLevel,
    /// Worker threads for rasterization; `None` = `RAYON_NUM_THREADS` or the CPU count.
    pub threads: Option<usize>,
    /// Optional-feature answers (tiled-resources tier, …).
    pub caps_options: CapsOptions,
}

impl Default for DeviceDesc {
    fn default() -> Self {
        Self {
            feature_levels: Vec::new(),
            max_feature_level: FeatureLevel::L12_2,
            threads: None,
            caps_options: CapsOptions::default(),
        }
    }
}

impl DeviceDesc {
    /// A device at exactly `level`.
    pub fn at(level: FeatureLevel) -> Self {
        Self {
            feature_levels: vec![level],
            ..Self::default()
        }
    }
}

pub(crate) struct DeviceInner {
    pub(crate) caps: Caps,
    pub(crate) pool: rayon::ThreadPool,
}

/// A Tessera device: `Send + Sync`, cheap to clone (a handle).
#[derive(Clone)]
pub struct Device {
    pub(crate) inner: Arc<DeviceInner>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("level", &self.feature_level())
            .field("threads", &self.threads())
            .finish()
    }
}

impl Device {
    /// Creates a device at the first requested level at or below `max_feature_level`.
    pub fn new(desc: &DeviceDesc) -> Result<Self> {
        let level = select_feature_level(&desc.feature_levels, desc.max_feature_level)?;
        let caps = Caps::new(level, desc.caps_options)?;
        let threads = desc.threads.unwrap_or(0);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("tessera-{i}"))
            .build()
            .map_err(|e| Error::ThreadPool {
                threads,
                reason: e.to_string(),
            })?;
        Ok(Self {
            inner: Arc::new(DeviceInner { caps, pool }),
        })
    }

    /// The feature level chosen at creation.
    pub fn feature_level(&self) -> FeatureLevel {
        self.inner.caps.level()
    }

    /// The caps layer every call is validated against.
    pub fn caps(&self) -> &Caps {
        &self.inner.caps
    }

    /// This level's limits.
    pub fn limits(&self) -> &'static Limits {
        self.inner.caps.limits()
    }

    /// Rasterization worker threads.
    pub fn threads(&self) -> usize {
        self.inner.pool.current_num_threads()
    }

    /// `CheckFeatureSupport`.
    pub fn check_feature_support(&self) -> FeatureSupport {
        self.inner.caps.check_feature_support()
    }

    /// `CheckFormatSupport` at this device's level (`formats.json`).
    pub fn check_format_support(&self, format: Format) -> FormatSupport {
        self.inner.caps.check_format_support(format)
    }

    /// `CreateBuffer`.
    pub fn create_buffer(&self, desc: &BufferDesc, init: Option<&[u8]>) -> Result<Buffer> {
        Ok(Buffer::new(self.caps(), desc, init)?)
    }

    /// `CreateTexture1D/2D/3D` (cubes are 2D arrays with `TEXTURE_CUBE`).
    pub fn create_texture(
        &self,
        desc: &TextureDesc,
        init: Option<&[SubresourceData<'_>]>,
    ) -> Result<Texture> {
        Ok(Texture::new(self.caps(), desc, init)?)
    }

    /// `CreateShaderResourceView` (`None` = the whole resource in its own format).
    pub fn create_shader_resource_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
    ) -> Result<ShaderResourceView> {
        Ok(ShaderResourceView::new(self.caps(), resource, desc)?)
    }

    /// `CreateRenderTargetView`.
    pub fn create_render_target_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
    ) -> Result<RenderTargetView> {
        Ok(RenderTargetView::new(self.caps(), resource, desc)?)
    }

    /// `CreateDepthStencilView` with `D3D11_DSV_READ_ONLY_*` flags.
    pub fn create_depth_stencil_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
        flags: DsvFlags,
    ) -> Result<DepthStencilView> {
        Ok(DepthStencilView::with_flags(
            self.caps(),
            resource,
            desc,
            flags,
        )?)
    }

    /// `CreateUnorderedAccessView` (refused at 9_x).
    pub fn create_unordered_access_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
    ) -> Result<UnorderedAccessView> {
        Ok(UnorderedAccessView::new(self.caps(), resource, desc)?)
    }

    /// `CreateSamplerState` (SPEC §2.1, §4.1).
    pub fn create_sampler_state(&self, desc: &SamplerDesc) -> Result<SamplerState> {
        self.caps().validate_sampler(desc)?;
        Ok(SamplerState(Sampler::new(desc)))
    }

    /// `CreateRasterizerState` (SPEC §2.1: depth clip and bias clamp at 9_x).
    pub fn create_rasterizer_state(&self, desc: &RasterizerDesc) -> Result<RasterizerState> {
        self.caps().validate_rasterizer_state(desc)?;
        Ok(RasterizerState(*desc))
    }

    /// `CreateBlendState` / `CreateBlendState1` (SPEC §2.1, §5.2).
    pub fn create_blend_state(&self, desc: &BlendDesc) -> Result<BlendState> {
        self.caps().validate_blend_state(desc)?;
        Ok(BlendState(*desc))
    }

    /// `CreateDepthStencilState`.
    pub fn create_depth_stencil_state(&self, desc: &DepthStencilDesc) -> Result<DepthStencilState> {
        self.caps().validate_depth_stencil_state(desc)?;
        Ok(DepthStencilState(*desc))
    }

    /// `CreateInputLayout` (SPEC §2.1 instancing rules, §1.2 input slots, vertex formats).
    pub fn create_input_layout(&self, elements: &[InputElementDesc]) -> Result<InputLayoutHandle> {
        self.caps().validate_input_layout(elements)?;
        Ok(InputLayoutHandle(Arc::new(InputLayout::new(elements)?)))
    }

    /// `CreateVertexShader` from any [`VertexShader`] implementation: its declared profile,
    /// constants and slots must suit this level (SPEC §2.1; `Caps::validate_vertex_shader`).
    pub fn create_vertex_shader(
        &self,
        shader: Arc<dyn VertexShader>,
    ) -> Result<VertexShaderHandle> {
        let signature = shader.signature();
        self.caps()
            .validate_vertex_shader("CreateVertexShader", &signature)?;
        Ok(VertexShaderHandle(shader, Arc::new(signature)))
    }

    /// `CreatePixelShader` from any [`PixelShader`] implementation: its declared profile,
    /// constants and slots must suit this level (SPEC §2.1; `Caps::validate_pixel_shader`).
    pub fn create_pixel_shader(&self, shader: Arc<dyn PixelShader>) -> Result<PixelShaderHandle> {
        let signature = shader.signature();
        self.caps()
            .validate_pixel_shader("CreatePixelShader", &signature)?;
        Ok(PixelShaderHandle(shader, Arc::new(signature)))
    }

    /// Whether this level allows a shader stage (geometry, hull, domain, compute: FL-19).
    /// Tessera executes vertex and pixel shaders; the others are refused by the caps layer at
    /// the levels that lack them and reported as unsupported otherwise.
    pub fn check_shader_stage(&self, stage: ShaderStage) -> Result<()> {
        self.caps().validate_shader_stage(stage)?;
        match stage {
            ShaderStage::Vertex | ShaderStage::Pixel => Ok(()),
            ShaderStage::Geometry => Err(Error::Unsupported("geometry shader execution")),
            ShaderStage::Hull | ShaderStage::Domain => Err(Error::Unsupported("tessellation")),
            ShaderStage::Compute => Err(Error::Unsupported("compute shader execution")),
        }
    }

    /// `CreateQuery` (SPEC §2.1: occlusion needs 9_2, pipeline statistics 10_0).
    pub fn create_query(&self, kind: QueryType) -> Result<Query> {
        self.caps().validate_query(kind)?;
        Ok(Query::new(kind))
    }
}
