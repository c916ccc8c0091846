//! The `ID3D11Device::Create*` calls: each validated by the caps layer at the device's level,
//! stamped with the device as owner, and reported to the info queue when refused.

use std::sync::Arc;

use tessera_caps::{
    BlendDesc, BufferDesc, DepthStencilDesc, InputElementDesc, QueryType, RasterizerDesc,
    SamplerDesc, ShaderStage, TextureDesc, ViewDesc,
};
use tessera_pipeline::{ComputeShader, InputLayout, PixelShader, Sampling, VertexShader};
use tessera_resource::{
    Buffer, BufferViewFlags, DepthStencilView, DsvFlags, RenderTargetView, Resource,
    ShaderResourceView, SubresourceData, Texture, UnorderedAccessView,
};
use tessera_sampler::Sampler;

use crate::context::ComputeShaderHandle;
use crate::context::linkage::{input_name, layout_provides};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::query::Query;
use crate::state::{
    BlendState, DepthStencilState, DeviceChild, InputLayoutHandle, PixelShaderHandle,
    RasterizerState, SamplerState, VertexShaderHandle,
};

impl Device {
    /// `CreateBuffer`.
    pub fn create_buffer(&self, desc: &BufferDesc, init: Option<&[u8]>) -> Result<Buffer> {
        let r = Buffer::new_in(&self.inner.budget, self.caps(), desc, init).map_err(Error::from);
        self.refused("CreateBuffer", r)
    }

    /// `CreateTexture1D/2D/3D` (cubes are 2D arrays with `TEXTURE_CUBE`).
    pub fn create_texture(
        &self,
        desc: &TextureDesc,
        init: Option<&[SubresourceData<'_>]>,
    ) -> Result<Texture> {
        let r = Texture::new_in(&self.inner.budget, self.caps(), desc, init).map_err(Error::from);
        self.refused("CreateTexture", r)
    }

    /// A DEFAULT 2D texture from a decoded image, reserved from this device's budget
    /// ([`Texture::from_image`]: the stored codes, optionally a full box-filtered mip chain).
    pub fn create_texture_from_image(
        &self,
        img: &image::DynamicImage,
        format: tessera_format::Format,
        generate_mips: bool,
        bind_flags: tessera_caps::BindFlags,
    ) -> Result<Texture> {
        let r = Texture::from_image(
            &self.inner.budget,
            self.caps(),
            img,
            format,
            generate_mips,
            bind_flags,
        )
        .map_err(Error::from);
        self.refused("CreateTexture", r)
    }

    /// `CreateShaderResourceView` (`None` = the whole resource in its own format).
    pub fn create_shader_resource_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
    ) -> Result<ShaderResourceView> {
        let r = ShaderResourceView::new(self.caps(), resource, desc).map_err(Error::from);
        self.refused("CreateShaderResourceView", r)
    }

    /// `CreateShaderResourceView` of a buffer with `D3D11_BUFFEREX_SRV` flags (RAW: a
    /// ByteAddressBuffer view of an `R32_TYPELESS` buffer created with `BUFFER_ALLOW_RAW_VIEWS`;
    /// the rules of [`BufferViewFlags`], docs/resources.md "Buffer view flags").
    pub fn create_shader_resource_view_with_flags(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
        flags: BufferViewFlags,
    ) -> Result<ShaderResourceView> {
        let r = ShaderResourceView::with_flags(self.caps(), resource, desc, flags);
        self.refused("CreateShaderResourceView", r.map_err(Error::from))
    }

    /// `CreateRenderTargetView`.
    pub fn create_render_target_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
    ) -> Result<RenderTargetView> {
        let r = RenderTargetView::new(self.caps(), resource, desc).map_err(Error::from);
        self.refused("CreateRenderTargetView", r)
    }

    /// `CreateDepthStencilView` with `D3D11_DSV_READ_ONLY_*` flags.
    pub fn create_depth_stencil_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
        flags: DsvFlags,
    ) -> Result<DepthStencilView> {
        let r = DepthStencilView::with_flags(self.caps(), resource, desc, flags);
        self.refused("CreateDepthStencilView", r.map_err(Error::from))
    }

    /// `CreateUnorderedAccessView` (refused at 9_x).
    pub fn create_unordered_access_view(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
    ) -> Result<UnorderedAccessView> {
        let r = UnorderedAccessView::new(self.caps(), resource, desc).map_err(Error::from);
        self.refused("CreateUnorderedAccessView", r)
    }

    /// `CreateUnorderedAccessView` of a buffer with `D3D11_BUFFER_UAV` flags: RAW
    /// (RWByteAddressBuffer), APPEND (Append/ConsumeStructuredBuffer) or COUNTER
    /// (RWStructuredBuffer's counter); an APPEND / COUNTER view owns a hidden counter, 0 at
    /// creation (the rules of [`BufferViewFlags`], docs/resources.md "Buffer view flags").
    pub fn create_unordered_access_view_with_flags(
        &self,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
        flags: BufferViewFlags,
    ) -> Result<UnorderedAccessView> {
        let r = UnorderedAccessView::with_flags(self.caps(), resource, desc, flags);
        self.refused("CreateUnorderedAccessView", r.map_err(Error::from))
    }

    /// `CreateSamplerState` (SPEC §2.1, §4.1).
    pub fn create_sampler_state(&self, desc: &SamplerDesc) -> Result<SamplerState> {
        let r = self.caps().validate_sampler(desc).map_err(Error::from);
        let r = r.map(|()| SamplerState(Sampler::new(desc), self.caps().device_id()));
        self.refused("CreateSamplerState", r)
    }

    /// `CreateRasterizerState` (SPEC §2.1: depth clip and bias clamp at 9_x).
    pub fn create_rasterizer_state(&self, desc: &RasterizerDesc) -> Result<RasterizerState> {
        let r = self
            .caps()
            .validate_rasterizer_state(desc)
            .map_err(Error::from);
        let r = r.map(|()| RasterizerState(*desc, self.caps().device_id()));
        self.refused("CreateRasterizerState", r)
    }

    /// `CreateBlendState` / `CreateBlendState1` (SPEC §2.1, §5.2).
    pub fn create_blend_state(&self, desc: &BlendDesc) -> Result<BlendState> {
        let r = self.caps().validate_blend_state(desc).map_err(Error::from);
        let r = r.map(|()| BlendState(*desc, self.caps().device_id()));
        self.refused("CreateBlendState", r)
    }

    /// `CreateDepthStencilState`.
    pub fn create_depth_stencil_state(&self, desc: &DepthStencilDesc) -> Result<DepthStencilState> {
        let r = self
            .caps()
            .validate_depth_stencil_state(desc)
            .map_err(Error::from);
        let r = r.map(|()| DepthStencilState(*desc, self.caps().device_id()));
        self.refused("CreateDepthStencilState", r)
    }

    /// `CreateInputLayout` (SPEC §2.1 instancing rules, §1.2 input slots, vertex formats).
    pub fn create_input_layout(&self, elements: &[InputElementDesc]) -> Result<InputLayoutHandle> {
        let make = || -> Result<InputLayoutHandle> {
            self.caps().validate_input_layout(elements)?;
            let layout = Arc::new(InputLayout::new(elements)?);
            let semantics = elements
                .iter()
                .map(|e| (e.semantic_name.clone(), e.semantic_index))
                .collect();
            Ok(InputLayoutHandle(
                layout,
                self.caps().device_id(),
                semantics,
            ))
        };
        self.refused("CreateInputLayout", make())
    }

    /// `CreateInputLayout` with the vertex shader's input signature, as D3D11 takes it
    /// (`pShaderBytecodeWithInputSignature`): the rules of [`Device::create_input_layout`],
    /// then every input the shader reads must be provided by an element, by semantic name and
    /// index, or by position for unnamed (WGSL `@location`) inputs
    /// ([`Error::MissingInputElement`], D3D11's `CREATEINPUTLAYOUT_MISSINGELEMENT`).
    pub fn create_input_layout_for_shader(
        &self,
        elements: &[InputElementDesc],
        shader: &VertexShaderHandle,
    ) -> Result<InputLayoutHandle> {
        const CALL: &str = "CreateInputLayout";
        self.refused(
            CALL,
            self.check_owner(CALL, "vertex shader", shader.owner()),
        )?;
        // The descriptors' own rules first, then the signature against the layout's semantics.
        let layout = self.create_input_layout(elements)?;
        let missing = shader
            .signature()
            .inputs
            .iter()
            .find(|input| !layout_provides(layout.semantics(), input));
        match missing {
            Some(input) => self.refused(
                CALL,
                Err(Error::MissingInputElement {
                    call: CALL,
                    element: input_name(input),
                }),
            ),
            None => Ok(layout),
        }
    }

    /// `CreateVertexShader` from any [`VertexShader`] implementation: its declared profile,
    /// constants and slots must suit this level (SPEC §2.1; `Caps::validate_vertex_shader`).
    pub fn create_vertex_shader(
        &self,
        shader: Arc<dyn VertexShader>,
    ) -> Result<VertexShaderHandle> {
        let make = || -> Result<VertexShaderHandle> {
            self.caps().validate_shader_stage(ShaderStage::Vertex)?;
            let signature = shader.signature();
            self.caps()
                .validate_vertex_shader("CreateVertexShader", &signature)?;
            self.caps()
                .validate_tiled_shader_use("CreateVertexShader", shader.tiled_shader_use())?;
            let owner = self.caps().device_id();
            Ok(VertexShaderHandle(shader, owner, Arc::new(signature)))
        };
        self.refused("CreateVertexShader", make())
    }

    /// `CreatePixelShader` from any [`PixelShader`] implementation: its declared profile,
    /// constants and slots must suit this level (SPEC §2.1; `Caps::validate_pixel_shader`).
    pub fn create_pixel_shader(&self, shader: Arc<dyn PixelShader>) -> Result<PixelShaderHandle> {
        let make = || -> Result<PixelShaderHandle> {
            self.caps().validate_shader_stage(ShaderStage::Pixel)?;
            let signature = shader.signature();
            self.caps()
                .validate_pixel_shader("CreatePixelShader", &signature)?;
            let sample_rate =
                shader.reads_sample_index() || shader.input_sampling().contains(&Sampling::Sample);
            self.caps().validate_pixel_features(
                "CreatePixelShader",
                signature.profile,
                sample_rate,
                shader.reads_coverage(),
                shader.writes_coverage(),
            )?;
            self.caps()
                .validate_tiled_shader_use("CreatePixelShader", shader.tiled_shader_use())?;
            self.check_pixel_uavs(shader.as_ref())?;
            let owner = self.caps().device_id();
            Ok(PixelShaderHandle(shader, owner, Arc::new(signature)))
        };
        self.refused("CreatePixelShader", make())
    }

    /// A pixel shader's UAVs: none below 11_0 (UAVs are compute-only at 10_x, SPEC §1.2;
    /// ps_5_0), and every slot within the level's UAV slots (8 at 11_0, 64 at 11_1+).
    fn check_pixel_uavs(&self, shader: &dyn PixelShader) -> Result<()> {
        const CALL: &str = "CreatePixelShader";
        let level = self.caps().level();
        let slots = shader.uav_slots();
        if slots.is_empty() {
            return Ok(());
        }
        if level < tessera_caps::FeatureLevel::L11_0 {
            return Err(Error::UavLimit {
                call: CALL,
                rule: "pixel-shader UAVs (ps_5_0) need feature level 11_0",
                level,
                limit: 0,
                value: slots.len() as u64,
            });
        }
        let count = u64::from(self.caps().check_feature_support().uav_slots);
        for s in slots {
            if u64::from(s) >= count {
                return Err(Error::UavLimit {
                    call: CALL,
                    rule: "UAV slot used by the pixel shader (below the level's UAV slots)",
                    level,
                    limit: count.saturating_sub(1),
                    value: u64::from(s),
                });
            }
        }
        Ok(())
    }

    /// `CreateComputeShader` from any [`ComputeShader`] implementation: refused where the level
    /// lacks compute (9_x; 10_x without cs_4_x). cs_5_0 (11_0+): the thread-group limits the
    /// shader compiler already enforces (1024 × 1024 × 64, 1024 threads, 32 KiB shared). cs_4_x
    /// (10_x): at most 768 × 768 × 1 and 768 threads, 16 KiB shared memory, no UAV atomics.
    /// Every level: the UAV slots the shader uses lie within the level's UAV slots.
    pub fn create_compute_shader(
        &self,
        shader: Arc<dyn ComputeShader>,
    ) -> Result<ComputeShaderHandle> {
        const CALL: &str = "CreateComputeShader";
        let make = || -> Result<ComputeShaderHandle> {
            let caps = self.caps();
            caps.validate_stage_method(ShaderStage::Compute, CALL)?;
            caps.validate_tiled_shader_use(CALL, shader.tiled_shader_use())?;
            let level = caps.level();
            let limit = |rule: &'static str, limit: u64, value: u64| -> Result<()> {
                if value > limit {
                    return Err(Error::ComputeLimit {
                        call: CALL,
                        rule,
                        level,
                        limit,
                        value,
                    });
                }
                Ok(())
            };
            let [x, y, z] = shader.workgroup_size().map(u64::from);
            let cs4 = level < tessera_caps::FeatureLevel::L11_0;
            let (dim, threads, shared) = if cs4 {
                (768, 768, 16 * 1024)
            } else {
                (1024, 1024, 32 * 1024)
            };
            limit("thread-group size x", dim, x)?;
            limit("thread-group size y", dim, y)?;
            limit("thread-group size z", if cs4 { 1 } else { 64 }, z)?;
            limit("threads per group", threads, x * y * z)?;
            limit(
                "thread-group shared memory bytes",
                shared,
                u64::from(shader.workgroup_bytes()),
            )?;
            if cs4 && shader.uses_uav_atomics() {
                limit("UAV atomics with cs_4_x", 0, 1)?;
            }
            if level < tessera_caps::FeatureLevel::L10_1 && shader.needs_cs_4_1() {
                limit(
                    "cs_4_1 instructions (sampleinfo, ld2dms with a computed sample index or of \
                     depth, gather4, cube arrays) with cs_4_0",
                    0,
                    1,
                )?;
            }
            if cs4 && shader.needs_cs_5_0() {
                limit(
                    "cs_5_0 instructions (bit counts and fields, binary16 conversions) with cs_4_x",
                    0,
                    1,
                )?;
            }
            let typed = shader.storage_textures().len() as u64;
            if cs4 && typed > 0 {
                limit("typed UAVs (storage textures) with cs_4_x", 0, typed)?;
            }
            let slots = u64::from(caps.check_feature_support().uav_slots);
            for s in shader.uav_slots() {
                limit(
                    "UAV slot used by the shader (below the level's UAV slots)",
                    slots.saturating_sub(1),
                    u64::from(s),
                )?;
            }
            Ok(ComputeShaderHandle(shader, caps.device_id()))
        };
        self.refused(CALL, make())
    }

    /// `CreateQuery` (SPEC §2.1: occlusion needs 9_2, pipeline statistics 10_0).
    pub fn create_query(&self, kind: QueryType) -> Result<Query> {
        let r = self.caps().validate_query(kind).map_err(Error::from);
        let r = r.map(|()| Query::new(kind, self.caps().device_id()));
        self.refused("CreateQuery", r)
    }
}
