//! Device objects of a scene and the benchmark frame: prepare, bind, clear, draw, read back.

use super::*;

impl RastBenchScene {
    /// Creates every device object once: buffers, texture, views, states and shaders. Takes
    /// the scene so each host array is freed as soon as its buffer holds a copy (the peak
    /// memory of a benchmark is one copy of the geometry, not two).
    pub fn prepare(self, device: &Device) -> Result<Prepared> {
        self.prepare_msaa(device, 1)
    }

    /// [`RastBenchScene::prepare`] with `sample_count`-sample colour (RGBA8) and depth (D32)
    /// targets (`tessera bench --msaa N`, #17) and standard sample positions (quality 0).
    /// For more than one sample every [`Prepared::frame`] also resolves the colour target
    /// with `resolve_subresource` into a single-sample RGBA8 texture, which
    /// [`Prepared::read_rgba8`] then reads. A count the device refuses for either format is
    /// the device's typed error.
    pub fn prepare_msaa(self, device: &Device, sample_count: u32) -> Result<Prepared> {
        self.prepare_with(device, sample_count, BenchShaders::Builtin)
    }

    /// [`RastBenchScene::prepare_msaa`] running `shaders`: the Rust built-ins or their WGSL
    /// twins (`tessera bench --shaders wgsl`, #18), which render the same bytes.
    pub fn prepare_with(
        mut self,
        device: &Device,
        sample_count: u32,
        shaders: BenchShaders,
    ) -> Result<Prepared> {
        self.validate()?;
        let h = &self.header;
        let kind = self.shader_kind()?;
        let vb = device.create_buffer(
            &BufferDesc {
                byte_width: self.vertices.len() as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::VERTEX_BUFFER,
                ..Default::default()
            },
            Some(&self.vertices),
        )?;
        self.vertices = Vec::new();
        let ib = device.create_buffer(
            &BufferDesc {
                byte_width: self.indices.len().max(4) as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::INDEX_BUFFER,
                ..Default::default()
            },
            Some(if self.indices.is_empty() {
                &[0; 4]
            } else {
                &self.indices
            }),
        )?;
        self.indices = Vec::new();
        // GL clip z in [-w, w] → D3D [0, w]: z' = ½z + ½w.
        let matrix: [f32; 16] = [
            1.0, 0.0, 0.0, 0.0, //
            0.0, 1.0, 0.0, 0.0, //
            0.0, 0.0, 0.5, 0.5, //
            0.0, 0.0, 0.0, 1.0,
        ];
        let cb_bytes: Vec<u8> = matrix.iter().flat_map(|f| f.to_le_bytes()).collect();
        let cb = device.create_buffer(
            &BufferDesc {
                byte_width: cb_bytes.len() as u32,
                usage: Usage::Immutable,
                bind_flags: BindFlags::CONSTANT_BUFFER,
                ..Default::default()
            },
            Some(&cb_bytes),
        )?;

        let element = |name: &str, format: Format, offset: u32| InputElementDesc {
            semantic_name: name.into(),
            semantic_index: 0,
            format,
            input_slot: 0,
            aligned_byte_offset: offset,
            input_slot_class: Default::default(),
            instance_data_step_rate: 0,
        };
        let position = element("POSITION", Format::R32G32B32A32Float, 0);
        let color = element("COLOR", Format::R32G32B32A32Float, 16);
        let uv = element("TEXCOORD", Format::R32G32Float, 32);
        // TransformVs passes input registers 1.. through in element order; TexturedPs reads
        // uv (v0) then the tint colour (v1).
        let (elements, varyings) = match kind {
            ShaderKind::Color => (vec![position, color], 1),
            ShaderKind::Texture => (vec![position, uv, color], 2),
        };
        let (vs, ps) = shaders.make(kind, varyings)?;
        let vs = device.create_vertex_shader(vs)?;
        let layout = device.create_input_layout_for_shader(&elements, &vs)?;
        let ps = device.create_pixel_shader(ps)?;

        let samples = SampleDesc {
            count: sample_count,
            quality: 0,
        };
        let color_desc = TextureDesc::tex2d(
            h.width,
            h.height,
            Format::R8G8B8A8Unorm,
            BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE,
        );
        let target = device.create_texture(
            &TextureDesc {
                sample_desc: samples,
                ..color_desc
            },
            None,
        )?;
        let resolved = if sample_count > 1 {
            Some(device.create_texture(&color_desc, None)?)
        } else {
            None
        };
        let rtv = device.create_render_target_view(&target, None)?;
        let depth = device.create_texture(
            &TextureDesc {
                sample_desc: samples,
                ..TextureDesc::tex2d(
                    h.width,
                    h.height,
                    Format::D32Float,
                    BindFlags::DEPTH_STENCIL,
                )
            },
            None,
        )?;
        let dsv = device.create_depth_stencil_view(&depth, None, DsvFlags::default())?;

        let mut ctx_state = FrameState {
            layout,
            vs,
            ps,
            vb,
            ib,
            cb,
            srv: None,
            sampler: None,
        };
        if let (ShaderKind::Texture, Some(bytes)) = (kind, &self.texture) {
            let mut desc = TextureDesc::tex2d(
                TEXTURE_SIZE,
                TEXTURE_SIZE,
                Format::R8G8B8A8Unorm,
                BindFlags::SHADER_RESOURCE,
            );
            desc.mip_levels = TEXTURE_LEVELS;
            desc.usage = Usage::Immutable;
            let mut init = Vec::with_capacity(TEXTURE_LEVELS as usize);
            let mut offset = 0usize;
            for level in 0..TEXTURE_LEVELS {
                let s = (TEXTURE_SIZE >> level) as usize;
                let len = s * s * 4;
                init.push(SubresourceData::new(
                    &bytes[offset..offset + len],
                    s * 4,
                    len,
                ));
                offset += len;
            }
            let tex = device.create_texture(&desc, Some(&init))?;
            ctx_state.srv = Some(device.create_shader_resource_view(&tex, None)?);
            ctx_state.sampler = Some(device.create_sampler_state(&SamplerDesc {
                filter: Filter {
                    min: FilterKind::Linear,
                    mag: FilterKind::Linear,
                    mip: FilterKind::Linear,
                    ..Default::default()
                },
                address_u: AddressMode::Wrap,
                address_v: AddressMode::Wrap,
                address_w: AddressMode::Wrap,
                ..Default::default()
            })?);
        }

        let rasterizer = device.create_rasterizer_state(&RasterizerDesc {
            cull_mode: CullMode::None,
            ..Default::default()
        })?;
        let depth_state = device.create_depth_stencil_state(&DepthStencilDesc {
            depth_enable: h.depth_test,
            depth_write: h.depth_write,
            depth_func: ComparisonFunc::Less,
            ..Default::default()
        })?;
        let mut blend = BlendDesc::default();
        blend.render_target[0] = RenderTargetBlendDesc {
            blend_enable: h.blend,
            src_blend: Blend::SrcAlpha,
            dest_blend: Blend::InvSrcAlpha,
            blend_op: BlendOp::Add,
            src_blend_alpha: Blend::One,
            dest_blend_alpha: Blend::InvSrcAlpha,
            blend_op_alpha: BlendOp::Add,
            ..Default::default()
        };
        let blend = device.create_blend_state(&blend)?;
        let scissored = device.create_rasterizer_state(&RasterizerDesc {
            cull_mode: CullMode::None,
            scissor_enable: true,
            ..Default::default()
        })?;
        let no_depth = device.create_depth_stencil_state(&DepthStencilDesc {
            depth_enable: false,
            depth_write: false,
            ..Default::default()
        })?;

        Ok(Prepared {
            scissored,
            no_depth,
            header: h.clone(),
            state: ctx_state,
            rasterizer,
            depth_state,
            blend,
            target,
            resolved,
            rtv,
            dsv,
        })
    }
}

struct FrameState {
    layout: tessera::InputLayoutHandle,
    vs: tessera::VertexShaderHandle,
    ps: tessera::PixelShaderHandle,
    vb: Buffer,
    ib: Buffer,
    cb: Buffer,
    srv: Option<tessera::ShaderResourceView>,
    sampler: Option<tessera::SamplerState>,
}

/// What one benchmark frame does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FrameMode {
    /// Clear colour and depth, then draw every index.
    #[default]
    Draw,
    /// Clear colour and depth only.
    Clear,
}

/// Which part of the pipeline a profiling draw runs (timed from the facade, the pipeline
/// unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawPart {
    /// The whole draw.
    Full,
    /// Input assembly, vertex shading and primitive assembly only: no pixel shader and no
    /// depth, which D3D defines as rasterizing nothing (the pipeline returns after assembly).
    VertexOnly,
    /// Everything up to and including clip, setup and binning, with an empty scissor
    /// rectangle so no pixel is rasterized.
    SetupOnly,
}

/// A scene's device objects, created once by [`RastBenchScene::prepare`].
pub struct Prepared {
    header: Header,
    state: FrameState,
    rasterizer: tessera::RasterizerState,
    depth_state: tessera::DepthStencilState,
    blend: tessera::BlendState,
    scissored: tessera::RasterizerState,
    no_depth: tessera::DepthStencilState,
    target: Texture,
    /// The single-sample resolve destination of a multisampled `target`.
    resolved: Option<Texture>,
    rtv: RenderTargetView,
    dsv: DepthStencilView,
}

impl std::fmt::Debug for Prepared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Prepared")
            .field("scene", &self.header.name)
            .finish_non_exhaustive()
    }
}

impl Prepared {
    /// The scene header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The colour target (RGBA8, top row first; multisampled after
    /// [`RastBenchScene::prepare_msaa`] with more than one sample).
    pub fn target(&self) -> &Texture {
        &self.target
    }

    /// The colour target's sample count.
    pub fn sample_count(&self) -> u32 {
        self.target.desc().sample_desc.count
    }

    /// Resolves a multisampled colour target into its single-sample texture with
    /// `resolve_subresource` (done by every multisampled [`Prepared::frame`]); nothing for
    /// one sample.
    pub fn resolve(&self, ctx: &mut DeviceContext) -> Result<()> {
        if let Some(dst) = &self.resolved {
            ctx.resolve_subresource(dst, 0, &self.target, 0, Format::R8G8B8A8Unorm)?;
        }
        Ok(())
    }

    /// Binds the scene's state on `ctx` (done by every [`Prepared::frame`]; cheap).
    pub fn bind(&self, ctx: &mut DeviceContext) -> Result<()> {
        let s = &self.state;
        let h = &self.header;
        ctx.ia_set_input_layout(Some(&s.layout))?;
        ctx.ia_set_vertex_buffers(
            0,
            &[Some(VertexBufferView {
                buffer: s.vb.clone(),
                stride: VERTEX_STRIDE as u32,
                offset: 0,
            })],
        )?;
        ctx.ia_set_index_buffer(Some(&s.ib), Format::R32Uint, 0)?;
        ctx.ia_set_primitive_topology(PrimitiveTopology::TriangleList)?;
        ctx.vs_set_shader(Some(&s.vs))?;
        ctx.vs_set_constant_buffers(0, &[Some(s.cb.clone())])?;
        ctx.ps_set_shader(Some(&s.ps))?;
        ctx.ps_set_shader_resources(0, std::slice::from_ref(&s.srv))?;
        ctx.ps_set_samplers(0, std::slice::from_ref(&s.sampler))?;
        ctx.rs_set_state(Some(&self.rasterizer))?;
        ctx.rs_set_viewports(&[Viewport {
            top_left_x: 0.0,
            top_left_y: 0.0,
            width: h.width as f32,
            height: h.height as f32,
            min_depth: 0.0,
            max_depth: 1.0,
        }])?;
        ctx.om_set_blend_state(Some(&self.blend), [1.0; 4], u32::MAX)?;
        ctx.om_set_depth_stencil_state(Some(&self.depth_state), 0)?;
        ctx.om_set_render_targets(&[Some(self.rtv.clone())], Some(&self.dsv))?;
        Ok(())
    }

    /// Clears colour and depth, then (in [`FrameMode::Draw`]) draws every index in one call,
    /// then resolves a multisampled target ([`Prepared::resolve`]). Tessera executes
    /// synchronously, so the frame is complete on return.
    pub fn frame(&self, ctx: &mut DeviceContext, mode: FrameMode) -> Result<DrawStats> {
        self.clear(ctx)?;
        let stats = match mode {
            FrameMode::Clear => DrawStats::default(),
            FrameMode::Draw => self.draw(ctx)?,
        };
        self.resolve(ctx)?;
        Ok(stats)
    }

    /// The clear half of a frame.
    pub fn clear(&self, ctx: &mut DeviceContext) -> Result<()> {
        ctx.clear_render_target_view(&self.rtv, self.header.clear_color)?;
        ctx.clear_depth_stencil_view(&self.dsv, true, false, self.header.clear_depth, 0)?;
        Ok(())
    }

    /// The draw half of a frame (binds the state, then one `DrawIndexed` of every index).
    pub fn draw(&self, ctx: &mut DeviceContext) -> Result<DrawStats> {
        self.bind(ctx)?;
        if self.header.index_count == 0 {
            return Ok(DrawStats::default());
        }
        Ok(ctx.draw_indexed(self.header.index_count, 0, 0)?)
    }

    /// One draw of every index restricted to `part` of the pipeline (see [`DrawPart`]).
    pub fn draw_part(&self, ctx: &mut DeviceContext, part: DrawPart) -> Result<DrawStats> {
        self.bind(ctx)?;
        match part {
            DrawPart::Full => {}
            DrawPart::VertexOnly => {
                ctx.ps_set_shader(None)?;
                ctx.om_set_depth_stencil_state(Some(&self.no_depth), 0)?;
            }
            DrawPart::SetupOnly => {
                ctx.rs_set_state(Some(&self.scissored))?;
                ctx.rs_set_scissor_rects(&[Rect::default()])?;
            }
        }
        if self.header.index_count == 0 {
            return Ok(DrawStats::default());
        }
        let stats = ctx.draw_indexed(self.header.index_count, 0, 0)?;
        self.bind(ctx)?;
        Ok(stats)
    }

    /// The colour target as 8-bit RGBA, top row first: the resolved image of a multisampled
    /// target as of the last [`Prepared::frame`].
    pub fn read_rgba8(&self) -> Result<image::RgbaImage> {
        let tex = self.resolved.as_ref().unwrap_or(&self.target);
        tessera::resource::read_rgba8(tex, 0).map_err(|e| RastBenchError::Device(e.into()))
    }
}
