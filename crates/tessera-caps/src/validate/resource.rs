//! Resource and view creation rules: CreateBuffer, CreateTexture1D/2D/3D, Create*View (SPEC §1.2, §1.3, §2.1).

use tessera_format::Format;

use super::{invalid, is_pow2, unsupported};
use crate::caps::Caps;
use crate::desc::{
    BindFlags, BufferDesc, CpuAccess, MiscFlags, TextureDesc, TextureDimension, Usage, ViewDesc,
    ViewDimension,
};
use crate::error::CapsError;
use crate::format_support::FormatSupport;
use crate::values::NonPow2;

const USAGE_RULE: &str = "D3D11 usage/CPU-access rules (SPEC §2.1)";

impl Caps {
    /// D3D11 usage rules at every level: IMMUTABLE/DEFAULT no CPU access, DYNAMIC = CPU write, STAGING unbound.
    fn validate_usage(
        &self,
        usage: Usage,
        bind: BindFlags,
        cpu: CpuAccess,
    ) -> Result<(), CapsError> {
        let level = self.level();
        let cpu_bits = cpu.0 & !(CpuAccess::READ.0 | CpuAccess::WRITE.0);
        if cpu_bits != 0 {
            return Err(invalid(
                level,
                USAGE_RULE,
                format!("unknown CPU access bits 0x{cpu_bits:x}"),
            ));
        }
        match usage {
            Usage::Default | Usage::Immutable if !cpu.is_empty() => Err(invalid(
                level,
                USAGE_RULE,
                format!(
                    "{usage:?} usage allows no CPU access; the desc asks for 0x{:x}",
                    cpu.0
                ),
            )),
            Usage::Dynamic if cpu != CpuAccess::WRITE => Err(invalid(
                level,
                USAGE_RULE,
                format!(
                    "DYNAMIC usage needs exactly CPU_ACCESS_WRITE; the desc asks for 0x{:x}",
                    cpu.0
                ),
            )),
            Usage::Dynamic
                if bind.intersects(
                    BindFlags::UNORDERED_ACCESS
                        | BindFlags::STREAM_OUTPUT
                        | BindFlags::RENDER_TARGET
                        | BindFlags::DEPTH_STENCIL,
                ) =>
            {
                Err(invalid(
                    level,
                    USAGE_RULE,
                    "DYNAMIC resources cannot be GPU-written (UAV/SO/RT/DS binds)",
                ))
            }
            Usage::Staging if !bind.is_empty() => Err(invalid(
                level,
                USAGE_RULE,
                format!(
                    "STAGING resources cannot be bound; the desc binds 0x{:x}",
                    bind.0
                ),
            )),
            Usage::Staging if cpu.is_empty() => Err(invalid(
                level,
                USAGE_RULE,
                "STAGING resources need CPU read or write access",
            )),
            Usage::Default | Usage::Immutable if level.is_9_x() && bind.is_empty() => Err(invalid(
                level,
                "SPEC §2.1 CreateTexture2D/3D: DEFAULT/IMMUTABLE need BindFlags != 0",
                format!("{usage:?} usage needs at least one bind flag"),
            )),
            _ => Ok(()),
        }
    }

    /// `CreateBuffer` (SPEC §2.1 CreateBuffer; D3D11 constant-buffer and usage rules).
    pub fn validate_buffer(&self, desc: &BufferDesc) -> Result<(), CapsError> {
        let level = self.level();
        if desc.byte_width == 0 {
            return Err(invalid(
                level,
                "D3D11 CreateBuffer",
                "ByteWidth must be non-zero",
            ));
        }
        if level.is_9_x() && desc.usage != Usage::Staging {
            let vib =
                BindFlags::VERTEX_BUFFER | BindFlags::INDEX_BUFFER | BindFlags::CONSTANT_BUFFER;
            let b = desc.bind_flags.0;
            if b & !vib.0 != 0 || (b & vib.0).count_ones() != 1 {
                return Err(CapsError::BufferBindFlags {
                    level,
                    bind_flags: b,
                });
            }
        }
        if desc.bind_flags.contains(BindFlags::CONSTANT_BUFFER) {
            if desc.bind_flags != BindFlags::CONSTANT_BUFFER {
                return Err(invalid(
                    level,
                    "D3D11 CreateBuffer",
                    "CONSTANT_BUFFER cannot be combined with other binds",
                ));
            }
            if desc.byte_width % 16 != 0 || desc.byte_width > 4096 * 16 {
                return Err(invalid(
                    level,
                    "SPEC §1.3 constant buffer size",
                    format!(
                        "constant buffers are multiples of 16 bytes up to 65536; the desc has {}",
                        desc.byte_width
                    ),
                ));
            }
        }
        if desc
            .misc_flags
            .intersects(MiscFlags::BUFFER_STRUCTURED | MiscFlags::BUFFER_ALLOW_RAW_VIEWS)
            && !self
                .check_feature_support()
                .compute_shaders_plus_raw_and_structured_buffers_via_shader_4_x
            && self.level() < crate::level::FeatureLevel::L11_0
        {
            return Err(unsupported(
                level,
                "raw/structured buffers",
                "SPEC §1.2 compute shader / UAV rows",
            ));
        }
        if desc.misc_flags.contains(MiscFlags::BUFFER_STRUCTURED) && desc.structure_byte_stride == 0
        {
            return Err(invalid(
                level,
                "D3D11 CreateBuffer",
                "structured buffers need a non-zero stride",
            ));
        }
        if desc.bind_flags.contains(BindFlags::UNORDERED_ACCESS)
            && self.check_feature_support().uav_slots == 0
        {
            return Err(unsupported(
                level,
                "unordered-access buffers",
                "SPEC §1.2 UAV slots",
            ));
        }
        if desc.bind_flags.contains(BindFlags::STREAM_OUTPUT) && !self.limits().stream_output {
            return Err(unsupported(
                level,
                "stream-output buffers",
                "SPEC §2.2 SOSetTargets",
            ));
        }
        if desc
            .misc_flags
            .intersects(MiscFlags::TILED | MiscFlags::TILE_POOL)
            && self.check_feature_support().tiled_resources_tier == 0
        {
            return Err(unsupported(
                level,
                "tiled resources",
                "SPEC §6.11 tiled resources tier",
            ));
        }
        self.validate_usage(desc.usage, desc.bind_flags, desc.cpu_access)
    }

    /// `CreateTexture1D/2D/3D` (SPEC §1.2, §1.3, §2.1 CreateTexture*; D3D11 usage rules).
    pub fn validate_texture(&self, desc: &TextureDesc) -> Result<(), CapsError> {
        let level = self.level();
        let lim = self.limits();
        let nine = level.is_9_x();
        let (w, h, d) = (desc.width, desc.height, desc.depth);
        if w == 0 || h == 0 || d == 0 || desc.array_size == 0 {
            return Err(invalid(
                level,
                "D3D11 CreateTexture",
                format!("zero extent {w}x{h}x{d}, array {}", desc.array_size),
            ));
        }
        let dim_err = |kind, limit, value| CapsError::TextureDimension {
            level,
            kind,
            limit,
            value,
        };
        match desc.dimension {
            TextureDimension::D1 => {
                if nine || lim.max_texture_1d_dimension == 0 {
                    return Err(unsupported(
                        level,
                        "CreateTexture1D",
                        "SPEC §2.1 CreateTexture1D",
                    ));
                }
                if h != 1 || d != 1 {
                    return Err(invalid(
                        level,
                        "D3D11 CreateTexture1D",
                        "Texture1D height and depth must be 1",
                    ));
                }
                if w > lim.max_texture_1d_dimension {
                    return Err(dim_err("Texture1D", lim.max_texture_1d_dimension, w));
                }
                if desc.array_size > lim.max_texture_array_size {
                    return Err(CapsError::TextureArraySize {
                        level,
                        limit: lim.max_texture_array_size,
                        value: desc.array_size,
                    });
                }
            }
            TextureDimension::D2 if desc.is_cube() => {
                if d != 1 || w != h {
                    return Err(invalid(
                        level,
                        "D3D11 CreateTexture2D (cube)",
                        format!("cube faces must be square; {w}x{h}"),
                    ));
                }
                if w > lim.max_texture_cube_dimension {
                    return Err(dim_err("TextureCube", lim.max_texture_cube_dimension, w));
                }
                let cube_limit = if nine {
                    6
                } else if lim.cube_arrays {
                    lim.max_texture_array_size / 6 * 6
                } else {
                    6
                };
                if desc.array_size % 6 != 0 || desc.array_size > cube_limit {
                    return Err(CapsError::TextureArraySize {
                        level,
                        limit: cube_limit,
                        value: desc.array_size,
                    });
                }
                if nine && !(is_pow2(w) && is_pow2(h)) {
                    return Err(CapsError::NonPowerOfTwo {
                        level,
                        reason: "cube textures",
                        width: w,
                        height: h,
                        depth: d,
                    });
                }
            }
            TextureDimension::D2 => {
                if d != 1 {
                    return Err(invalid(
                        level,
                        "D3D11 CreateTexture2D",
                        "Texture2D depth must be 1",
                    ));
                }
                let m = w.max(h);
                if m > lim.max_texture_2d_dimension {
                    return Err(dim_err("Texture2D", lim.max_texture_2d_dimension, m));
                }
                if desc.array_size > lim.max_texture_array_size {
                    return Err(CapsError::TextureArraySize {
                        level,
                        limit: lim.max_texture_array_size,
                        value: desc.array_size,
                    });
                }
            }
            TextureDimension::D3 => {
                if desc.array_size != 1 {
                    return Err(invalid(
                        level,
                        "D3D11 CreateTexture3D",
                        "Texture3D has no array slices",
                    ));
                }
                let m = w.max(h).max(d);
                if m > lim.max_texture_3d_dimension {
                    return Err(dim_err("Texture3D", lim.max_texture_3d_dimension, m));
                }
                if nine && !(is_pow2(w) && is_pow2(h) && is_pow2(d)) {
                    return Err(CapsError::NonPowerOfTwo {
                        level,
                        reason: "volume textures",
                        width: w,
                        height: h,
                        depth: d,
                    });
                }
            }
        }
        let mips = desc.resolved_mip_levels();
        let mip_limit = desc.full_mip_count().min(lim.mip_level_limit());
        if mips > mip_limit {
            return Err(CapsError::MipLevels {
                level,
                limit: mip_limit,
                value: mips,
            });
        }
        if lim.non_pow2_textures == NonPow2::Conditional && mips > 1 && !(is_pow2(w) && is_pow2(h))
        {
            return Err(CapsError::NonPowerOfTwo {
                level,
                reason: "mipmapped textures",
                width: w,
                height: h,
                depth: d,
            });
        }
        let samples = desc.sample_desc.count;
        if nine && samples > 1 && desc.bind_flags.contains(BindFlags::SHADER_RESOURCE) {
            return Err(invalid(
                level,
                "SPEC §2.1 CreateTexture2D: SHADER_RESOURCE => SampleDesc.Count == 1",
                format!(
                    "shader-resource textures must be single-sampled; SampleDesc.Count is {samples}"
                ),
            ));
        }
        if nine && desc.bind_flags.contains(BindFlags::DEPTH_STENCIL) && mips != 1 {
            return Err(invalid(
                level,
                "SPEC §2.1 CreateTexture2D: DEPTH_STENCIL => MipLevels == 1",
                format!("depth-stencil textures must have one mip; MipLevels is {mips}"),
            ));
        }
        if desc.misc_flags.contains(MiscFlags::SHARED)
            && nine
            && matches!(
                desc.format,
                Format::R8G8B8A8Unorm | Format::R8G8B8A8UnormSrgb
            )
        {
            return Err(invalid(
                level,
                "SPEC §2.1 CreateTexture2D / OpenSharedResource: MISC_SHARED",
                format!(
                    "{} textures cannot be shared below 10_0",
                    desc.format.name()
                ),
            ));
        }
        self.validate_usage(desc.usage, desc.bind_flags, desc.cpu_access)?;
        self.validate_sampling_desc(desc, samples)?;
        self.validate_texture_format(desc, mips)?;
        self.validate_texture_misc(desc)
    }

    fn validate_sampling_desc(&self, desc: &TextureDesc, samples: u32) -> Result<(), CapsError> {
        let level = self.level();
        if samples == 0 || !is_pow2(samples) || samples > 32 {
            return Err(invalid(
                level,
                "D3D11 DXGI_SAMPLE_DESC",
                format!("SampleDesc.Count {samples} is not 1, 2, 4, … 32"),
            ));
        }
        if samples > 1 {
            if desc.dimension != TextureDimension::D2 || desc.resolved_mip_levels() != 1 {
                return Err(invalid(
                    level,
                    "D3D11 CreateTexture2D MSAA",
                    "multisampled textures are 2D with one mip",
                ));
            }
            let flag = match samples {
                4 => FormatSupport::MSAA_4X,
                8 => FormatSupport::MSAA_8X,
                _ => FormatSupport::MSAA_OTHER,
            };
            if !desc.format.is_typeless() && !self.check_format_support(desc.format).contains(flag)
            {
                return Err(CapsError::FormatUnsupported {
                    level,
                    format: desc.format,
                    usage: "a multisampled render target",
                });
            }
        } else if desc.sample_desc.quality != 0 {
            return Err(invalid(
                level,
                "D3D11 DXGI_SAMPLE_DESC",
                "single-sampled textures need quality 0",
            ));
        }
        Ok(())
    }

    /// Format-support checks for a texture's dimension and binds (formats.json); typeless formats are checked at view time.
    fn validate_texture_format(&self, desc: &TextureDesc, mips: u32) -> Result<(), CapsError> {
        let level = self.level();
        let f = desc.format;
        if f == Format::Unknown {
            return Err(invalid(
                level,
                "D3D11 CreateTexture",
                "DXGI_FORMAT_UNKNOWN is not a texture format",
            ));
        }
        if f.is_typeless() {
            return Ok(());
        }
        let s = self.check_format_support(f);
        let mut needs: Vec<(FormatSupport, &'static str)> = vec![match desc.dimension {
            TextureDimension::D1 => (FormatSupport::TEXTURE1D, "a Texture1D"),
            TextureDimension::D2 if desc.is_cube() => (FormatSupport::TEXTURECUBE, "a TextureCube"),
            TextureDimension::D2 => (FormatSupport::TEXTURE2D, "a Texture2D"),
            TextureDimension::D3 => (FormatSupport::TEXTURE3D, "a Texture3D"),
        }];
        let b = desc.bind_flags;
        if b.contains(BindFlags::RENDER_TARGET) {
            needs.push((FormatSupport::RENDER_TARGET, "a render target"));
        }
        if b.contains(BindFlags::DEPTH_STENCIL) {
            needs.push((FormatSupport::DEPTH_STENCIL, "a depth-stencil target"));
        }
        if b.contains(BindFlags::UNORDERED_ACCESS) {
            needs.push((FormatSupport::TYPED_UAV, "a typed UAV"));
        }
        if mips > 1 {
            needs.push((FormatSupport::MIPMAP, "a mipmapped texture"));
        }
        if desc.misc_flags.contains(MiscFlags::GENERATE_MIPS) {
            needs.push((FormatSupport::MIP_AUTOGEN, "a GenerateMips target"));
        }
        if desc.misc_flags.contains(MiscFlags::SHARED) {
            needs.push((FormatSupport::SHAREABLE, "a shared resource"));
        }
        if let Some((_, usage)) = needs.iter().find(|(flag, _)| !s.contains(*flag)) {
            return Err(CapsError::FormatUnsupported {
                level,
                format: f,
                usage,
            });
        }
        if b.contains(BindFlags::SHADER_RESOURCE)
            && !s.contains(FormatSupport::SHADER_SAMPLE)
            && !s.contains(FormatSupport::SHADER_SAMPLE_POINT_ONLY)
            && !s.contains(FormatSupport::SHADER_LOAD)
            && !s.contains(FormatSupport::MULTISAMPLE_LOAD)
        {
            return Err(CapsError::FormatUnsupported {
                level,
                format: f,
                usage: "a shader resource",
            });
        }
        Ok(())
    }

    fn validate_texture_misc(&self, desc: &TextureDesc) -> Result<(), CapsError> {
        let level = self.level();
        let b = desc.bind_flags;
        if b.intersects(
            BindFlags::VERTEX_BUFFER
                | BindFlags::INDEX_BUFFER
                | BindFlags::CONSTANT_BUFFER
                | BindFlags::STREAM_OUTPUT,
        ) {
            return Err(invalid(
                level,
                "D3D11 CreateTexture",
                "textures cannot bind as VB/IB/CB/SO",
            ));
        }
        if b.contains(BindFlags::UNORDERED_ACCESS) && self.check_feature_support().uav_slots == 0 {
            return Err(unsupported(
                level,
                "unordered-access textures",
                "SPEC §1.2 UAV slots",
            ));
        }
        if desc.misc_flags.contains(MiscFlags::GENERATE_MIPS)
            && !b.contains(BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE)
        {
            return Err(invalid(
                level,
                "D3D11 GENERATE_MIPS",
                "GENERATE_MIPS needs RENDER_TARGET and SHADER_RESOURCE binds",
            ));
        }
        if desc.is_cube() && desc.dimension != TextureDimension::D2 {
            return Err(invalid(
                level,
                "D3D11 TEXTURECUBE",
                "only Texture2D resources can be cubes",
            ));
        }
        if desc.misc_flags.contains(MiscFlags::TILED) {
            let tier = self.check_feature_support().tiled_resources_tier;
            let needed = match desc.dimension {
                TextureDimension::D2 => 1,
                TextureDimension::D3 => 3,
                TextureDimension::D1 => u32::MAX,
            };
            if tier < needed {
                return Err(unsupported(
                    level,
                    "this tiled resource",
                    "SPEC §6.11 tier summary",
                ));
            }
        }
        Ok(())
    }

    /// Shared view checks: mip/slice range inside the resource, dimension compatible (D3D11 view rules).
    fn validate_view_common(
        &self,
        tex: &TextureDesc,
        view: &ViewDesc,
        one_mip: bool,
    ) -> Result<(u32, u32), CapsError> {
        let level = self.level();
        let err = |reason: String| CapsError::View {
            level,
            rule: "D3D11 Create*View ranges",
            reason,
        };
        let mips = tex.resolved_mip_levels();
        let r = view.range;
        if r.most_detailed_mip >= mips {
            return Err(err(format!(
                "MostDetailedMip {} but the resource has {mips} mips",
                r.most_detailed_mip
            )));
        }
        let mip_count = if one_mip || r.mip_levels == u32::MAX {
            mips - r.most_detailed_mip
        } else {
            r.mip_levels
        };
        if mip_count == 0 || r.most_detailed_mip as u64 + mip_count as u64 > mips as u64 {
            return Err(err(format!(
                "mips {}+{} exceed the resource's {mips}",
                r.most_detailed_mip, r.mip_levels
            )));
        }
        let slices = if tex.dimension == TextureDimension::D3 {
            tex.depth
        } else {
            tex.array_size
        };
        if r.first_array_slice >= slices {
            return Err(err(format!(
                "FirstArraySlice {} but the resource has {slices}",
                r.first_array_slice
            )));
        }
        let slice_count = if r.array_size == u32::MAX {
            slices - r.first_array_slice
        } else {
            r.array_size
        };
        if slice_count == 0 || r.first_array_slice as u64 + slice_count as u64 > slices as u64 {
            return Err(err(format!(
                "slices {}+{} exceed the resource's {slices}",
                r.first_array_slice, r.array_size
            )));
        }
        use ViewDimension as V;
        let ok = match (tex.dimension, view.dimension) {
            (TextureDimension::D1, V::Texture1D | V::Texture1DArray) => true,
            (TextureDimension::D2, V::Texture2D | V::Texture2DArray) => tex.sample_desc.count == 1,
            (TextureDimension::D2, V::Texture2DMs | V::Texture2DMsArray) => {
                tex.sample_desc.count > 1
            }
            (TextureDimension::D2, V::TextureCube | V::TextureCubeArray) => tex.is_cube(),
            (TextureDimension::D3, V::Texture3D) => true,
            _ => false,
        };
        if !ok {
            return Err(CapsError::View {
                level,
                rule: "D3D11 view dimension",
                reason: format!(
                    "a {:?} view of a {:?} resource",
                    view.dimension, tex.dimension
                ),
            });
        }
        if view.dimension == V::TextureCubeArray && !self.limits().cube_arrays {
            return Err(unsupported(
                level,
                "cube-array views",
                "SPEC §1.2 cube arrays",
            ));
        }
        let vf = if view.format == Format::Unknown {
            tex.format
        } else {
            view.format
        };
        if vf.is_typeless() || !(vf == tex.format || tex.format.is_castable_to(vf)) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 view format (TYPELESS casting)",
                reason: format!(
                    "view format {} cannot view a {} resource",
                    vf.name(),
                    tex.format.name()
                ),
            });
        }
        Ok((mip_count, slice_count))
    }

    /// `CreateShaderResourceView` of a texture (SPEC §2.1 CreateShaderResourceView, FL-29).
    pub fn validate_srv(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if !tex.bind_flags.contains(BindFlags::SHADER_RESOURCE) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateShaderResourceView",
                reason: "the resource lacks BIND_SHADER_RESOURCE".into(),
            });
        }
        let (mip_count, slice_count) = self.validate_view_common(tex, view, false)?;
        if level.is_9_x() {
            let mips = tex.resolved_mip_levels();
            if view.range.most_detailed_mip + mip_count != mips {
                return Err(CapsError::View {
                    level,
                    rule: "SPEC §2.1 CreateShaderResourceView: view must include the least detailed mip",
                    reason: format!(
                        "mips {}..{} do not reach the smallest mip {} of the resource",
                        view.range.most_detailed_mip,
                        view.range.most_detailed_mip + mip_count,
                        mips - 1
                    ),
                });
            }
            let slices = if tex.dimension == TextureDimension::D3 {
                1
            } else {
                tex.array_size
            };
            if tex.dimension != TextureDimension::D3 && slice_count != slices {
                return Err(CapsError::View {
                    level,
                    rule: "SPEC §2.1 CreateShaderResourceView: view must cover all array elements",
                    reason: format!("the view covers {slice_count} of {slices} array elements"),
                });
            }
        }
        Ok(())
    }

    /// `CreateRenderTargetView` of a texture (SPEC §2.1 CreateRenderTargetView: 9_x Texture2D only).
    pub fn validate_rtv(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if level.is_9_x() && tex.dimension != TextureDimension::D2 {
            return Err(unsupported(
                level,
                "render-target views of non-Texture2D resources",
                "SPEC §2.1 CreateRenderTargetView",
            ));
        }
        if !tex.bind_flags.contains(BindFlags::RENDER_TARGET) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateRenderTargetView",
                reason: "the resource lacks BIND_RENDER_TARGET".into(),
            });
        }
        self.validate_view_common(tex, view, true)?;
        let vf = if view.format == Format::Unknown {
            tex.format
        } else {
            view.format
        };
        if !self
            .check_format_support(vf)
            .contains(FormatSupport::RENDER_TARGET)
        {
            return Err(CapsError::FormatUnsupported {
                level,
                format: vf,
                usage: "a render target",
            });
        }
        Ok(())
    }

    /// `CreateDepthStencilView` (D3D11 rules; SPEC §2.1: RefDev accepts two-sided stencil at 9_x).
    pub fn validate_dsv(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if tex.dimension == TextureDimension::D3
            || !tex.bind_flags.contains(BindFlags::DEPTH_STENCIL)
        {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateDepthStencilView",
                reason: "needs a 1D/2D resource with BIND_DEPTH_STENCIL".into(),
            });
        }
        self.validate_view_common(tex, view, true)?;
        let vf = if view.format == Format::Unknown {
            tex.format
        } else {
            view.format
        };
        if !self
            .check_format_support(vf)
            .contains(FormatSupport::DEPTH_STENCIL)
        {
            return Err(CapsError::FormatUnsupported {
                level,
                format: vf,
                usage: "a depth-stencil target",
            });
        }
        Ok(())
    }

    /// `CreateUnorderedAccessView` (SPEC §2.1: unsupported at 9_x; §1.2 UAV slots).
    pub fn validate_uav(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if level.is_9_x() || self.check_feature_support().uav_slots == 0 {
            return Err(unsupported(
                level,
                "CreateUnorderedAccessView",
                "SPEC §2.1 CreateUnorderedAccessView",
            ));
        }
        if !tex.bind_flags.contains(BindFlags::UNORDERED_ACCESS) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateUnorderedAccessView",
                reason: "the resource lacks BIND_UNORDERED_ACCESS".into(),
            });
        }
        self.validate_view_common(tex, view, true)?;
        let vf = if view.format == Format::Unknown {
            tex.format
        } else {
            view.format
        };
        if !self
            .check_format_support(vf)
            .contains(FormatSupport::TYPED_UAV)
        {
            return Err(CapsError::FormatUnsupported {
                level,
                format: vf,
                usage: "a typed UAV",
            });
        }
        Ok(())
    }
}
