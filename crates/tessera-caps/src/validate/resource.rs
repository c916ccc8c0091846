//! Resource and view creation rules: CreateBuffer, CreateTexture1D/2D/3D, Create*View (SPEC §1.2, §1.3, §2.1).

use tessera_format::Format;

use super::{invalid, is_pow2, unsupported};
use crate::caps::Caps;
use crate::desc::{
    BindFlags, BufferDesc, CpuAccess, MiscFlags, TextureDesc, TextureDimension, Usage,
};
use crate::error::CapsError;
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
        if desc
            .misc_flags
            .intersects(MiscFlags::TILED | MiscFlags::TILE_POOL)
        {
            return Err(self.tiled_elsewhere("CreateBuffer"));
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
            if !desc.byte_width.is_multiple_of(16) || desc.byte_width > 4096 * 16 {
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
            && self.level() < crate::FeatureLevel::L11_0
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
        self.validate_usage(desc.usage, desc.bind_flags, desc.cpu_access)
    }

    /// `CreateTexture1D/2D/3D` (SPEC §1.2, §1.3, §2.1 CreateTexture*; D3D11 usage rules).
    /// 9_x: the 2D limit is `D3DCAPS9.MaxTextureWidth/Height` = 2048 at 9_1/9_2, 4096 at 9_3; the
    /// 3D limit `D3DCAPS9.MaxVolumeExtent` = 256 (SPEC §1.4).
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
                if !desc.array_size.is_multiple_of(6) || desc.array_size > cube_limit {
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
        self.validate_sample_desc(desc)?;
        self.validate_texture_format(desc, mips)?;
        self.validate_texture_misc(desc)
    }
}
