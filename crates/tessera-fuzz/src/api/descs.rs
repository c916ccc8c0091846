//! Fuzzer-chosen creation descriptors (buffers, textures, states, input layouts), each turned
//! into the facade's `D3D11_*_DESC` by `desc()`.

use arbitrary::Arbitrary;
use tessera::caps::{
    APPEND_ALIGNED_ELEMENT, BindFlags, BlendDesc, BufferDesc, CullMode, DepthStencilDesc, FillMode,
    Filter, InputClassification, InputElementDesc, MiscFlags, RasterizerDesc,
    RenderTargetBlendDesc, SampleDesc, SamplerDesc, StencilFaceDesc, TextureDesc, TextureDimension,
};

use super::enums::{
    address, blend, blend_op, comparison, cpu_access, filter_kind, logic_op, reduction, stencil_op,
    usage,
};
use super::specs::{Bytes, Extent, FormatPick, float, pick, tame_float};

/// Misc flags: the named bits plus a stray one.
fn misc_flags(bits: u8) -> MiscFlags {
    let named = [
        MiscFlags::GENERATE_MIPS,
        MiscFlags::SHARED,
        MiscFlags::TEXTURE_CUBE,
        MiscFlags::BUFFER_ALLOW_RAW_VIEWS,
        MiscFlags::BUFFER_STRUCTURED,
        MiscFlags::TILED,
        MiscFlags::TILE_POOL,
    ];
    let mut v = 0;
    for (i, f) in named.iter().enumerate() {
        if bits & (1 << i) != 0 {
            v |= f.0;
        }
    }
    if bits & 0x80 != 0 {
        v |= 0x8;
    }
    MiscFlags(v)
}

/// `CreateBuffer` arguments.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct BufferSpec {
    byte_width: Bytes,
    usage: u8,
    bind: u8,
    cpu: u8,
    misc: u8,
    stride: Bytes,
    /// Initial contents: a fill byte, and whether the data is one byte short.
    pub(crate) init: Option<(u8, bool)>,
}

impl BufferSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> BufferDesc {
        BufferDesc {
            byte_width: self.byte_width.get(),
            usage: usage(self.usage),
            bind_flags: BindFlags(u32::from(self.bind)),
            cpu_access: cpu_access(self.cpu),
            misc_flags: misc_flags(self.misc),
            structure_byte_stride: self.stride.get(),
        }
    }
}

/// `CreateTexture` arguments.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct TextureSpec {
    dimension: u8,
    width: Extent,
    height: Extent,
    depth: Extent,
    mips: u8,
    slices: Extent,
    format: FormatPick,
    samples: u8,
    quality: u8,
    usage: u8,
    bind: u8,
    cpu: u8,
    misc: u8,
    /// Initial data: how many subresource entries, a fill byte, a row-pitch and a length
    /// (the target passes them as given, so short data and odd pitches reach the checks).
    pub(crate) init: Option<InitSpec>,
}

/// Initial texture data.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct InitSpec {
    /// Subresource entries (taken modulo 8).
    pub(crate) entries: u8,
    /// Fill byte.
    pub(crate) fill: u8,
    /// Row pitch.
    pub(crate) row_pitch: Bytes,
    /// Bytes per entry.
    pub(crate) len: Bytes,
}

impl TextureSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> TextureDesc {
        let dimension = pick(
            &[
                TextureDimension::D1,
                TextureDimension::D2,
                TextureDimension::D3,
            ],
            self.dimension,
        );
        TextureDesc {
            dimension,
            width: self.width.get(),
            height: self.height.get(),
            depth: self.depth.get(),
            mip_levels: u32::from(self.mips % 8),
            array_size: self.slices.get(),
            format: self.format.get(),
            sample_desc: SampleDesc {
                count: pick(&[1, 1, 1, 2, 4, 8, 16, 3, 0, 32], self.samples),
                quality: pick(&[0, 0, 1, 0xffff_ffff, 0xffff_fffe], self.quality),
            },
            usage: usage(self.usage),
            bind_flags: BindFlags(u32::from(self.bind)),
            cpu_access: cpu_access(self.cpu),
            misc_flags: misc_flags(self.misc),
        }
    }
}

/// `CreateSamplerState` arguments.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct SamplerSpec {
    min: bool,
    mag: bool,
    mip: bool,
    anisotropic: bool,
    reduction: u8,
    address: [u8; 3],
    lod_bias: u32,
    max_anisotropy: u8,
    comparison: u8,
    border: [i16; 4],
    min_lod: i16,
    max_lod: i16,
}

impl SamplerSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> SamplerDesc {
        SamplerDesc {
            filter: Filter {
                min: filter_kind(self.min),
                mag: filter_kind(self.mag),
                mip: filter_kind(self.mip),
                anisotropic: self.anisotropic,
                reduction: reduction(self.reduction),
            },
            address_u: address(self.address[0]),
            address_v: address(self.address[1]),
            address_w: address(self.address[2]),
            mip_lod_bias: float(self.lod_bias),
            max_anisotropy: u32::from(self.max_anisotropy % 20),
            comparison_func: comparison(self.comparison),
            border_color: self.border.map(tame_float),
            min_lod: tame_float(self.min_lod) * 8.0,
            max_lod: tame_float(self.max_lod) * 8.0,
        }
    }
}

/// `CreateRasterizerState` arguments.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct RasterizerSpec {
    wireframe: bool,
    cull: u8,
    ccw: bool,
    depth_bias: i32,
    bias_clamp: u32,
    slope_bias: u32,
    depth_clip: bool,
    scissor: bool,
    multisample: bool,
    aa_lines: bool,
    forced_samples: u8,
    conservative: bool,
}

impl RasterizerSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> RasterizerDesc {
        RasterizerDesc {
            fill_mode: if self.wireframe {
                FillMode::Wireframe
            } else {
                FillMode::Solid
            },
            cull_mode: pick(
                &[CullMode::None, CullMode::Front, CullMode::Back],
                self.cull,
            ),
            front_counter_clockwise: self.ccw,
            depth_bias: self.depth_bias,
            depth_bias_clamp: float(self.bias_clamp),
            slope_scaled_depth_bias: float(self.slope_bias),
            depth_clip_enable: self.depth_clip,
            scissor_enable: self.scissor,
            multisample_enable: self.multisample,
            antialiased_line_enable: self.aa_lines,
            forced_sample_count: pick(&[0, 0, 1, 2, 4, 8, 16, 3], self.forced_samples),
            conservative_raster: self.conservative,
        }
    }
}

/// One render target's blend state.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct TargetBlendSpec {
    enable: bool,
    logic_enable: bool,
    factors: [u8; 4],
    ops: [u8; 2],
    logic: u8,
    mask: u8,
}

impl TargetBlendSpec {
    fn desc(self) -> RenderTargetBlendDesc {
        RenderTargetBlendDesc {
            blend_enable: self.enable,
            logic_op_enable: self.logic_enable,
            src_blend: blend(self.factors[0]),
            dest_blend: blend(self.factors[1]),
            blend_op: blend_op(self.ops[0]),
            src_blend_alpha: blend(self.factors[2]),
            dest_blend_alpha: blend(self.factors[3]),
            blend_op_alpha: blend_op(self.ops[1]),
            logic_op: logic_op(self.logic),
            write_mask: tessera::caps::ColorWriteMask(u32::from(self.mask & 0x1f)),
        }
    }
}

/// `CreateBlendState` arguments: target 0's state, and another for targets 1..8.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct BlendSpec {
    alpha_to_coverage: bool,
    independent: bool,
    first: TargetBlendSpec,
    rest: TargetBlendSpec,
}

impl BlendSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> BlendDesc {
        let mut render_target = [self.rest.desc(); 8];
        render_target[0] = self.first.desc();
        BlendDesc {
            alpha_to_coverage_enable: self.alpha_to_coverage,
            independent_blend_enable: self.independent,
            render_target,
        }
    }
}

/// Stencil operations of one face.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct FaceSpec([u8; 4]);

impl FaceSpec {
    fn desc(self) -> StencilFaceDesc {
        StencilFaceDesc {
            fail_op: stencil_op(self.0[0]),
            depth_fail_op: stencil_op(self.0[1]),
            pass_op: stencil_op(self.0[2]),
            func: comparison(self.0[3]),
        }
    }
}

/// `CreateDepthStencilState` arguments.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct DepthStencilSpec {
    depth: bool,
    write: bool,
    func: u8,
    stencil: bool,
    read_mask: u8,
    write_mask: u8,
    front: FaceSpec,
    back: FaceSpec,
}

impl DepthStencilSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> DepthStencilDesc {
        DepthStencilDesc {
            depth_enable: self.depth,
            depth_write: self.write,
            depth_func: comparison(self.func),
            stencil_enable: self.stencil,
            stencil_read_mask: self.read_mask,
            stencil_write_mask: self.write_mask,
            front_face: self.front.desc(),
            back_face: self.back.desc(),
        }
    }
}

/// One `D3D11_INPUT_ELEMENT_DESC`.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct ElementSpec {
    semantic: u8,
    index: u8,
    format: FormatPick,
    slot: u8,
    offset: Bytes,
    append: bool,
    per_instance: bool,
    step_rate: u8,
}

impl ElementSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> InputElementDesc {
        let names = [
            "POSITION",
            "COLOR",
            "NORMAL",
            "TEXCOORD",
            "SV_Position",
            "",
            "position",
            "BLEND",
        ];
        InputElementDesc {
            semantic_name: pick(&names, self.semantic).to_owned(),
            semantic_index: u32::from(self.index % 10),
            format: self.format.get(),
            input_slot: u32::from(self.slot % 34),
            aligned_byte_offset: if self.append {
                APPEND_ALIGNED_ELEMENT
            } else {
                self.offset.get()
            },
            input_slot_class: if self.per_instance {
                InputClassification::PerInstance
            } else {
                InputClassification::PerVertex
            },
            instance_data_step_rate: pick(&[0, 1, 1, 2, 3, u32::MAX], self.step_rate),
        }
    }
}
