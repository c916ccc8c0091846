//! Blend state descriptors (`D3D11_BLEND_DESC1`).

/// Blend factor (`D3D11_BLEND`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Blend {
    /// (0,0,0,0).
    Zero,
    /// (1,1,1,1).
    #[default]
    One,
    /// Source colour.
    SrcColor,
    /// 1 - source colour.
    InvSrcColor,
    /// Source alpha.
    SrcAlpha,
    /// 1 - source alpha.
    InvSrcAlpha,
    /// Destination alpha.
    DestAlpha,
    /// 1 - destination alpha.
    InvDestAlpha,
    /// Destination colour.
    DestColor,
    /// 1 - destination colour.
    InvDestColor,
    /// (f,f,f,1) with f = min(As, 1 - Ad).
    SrcAlphaSat,
    /// The blend factor set with `OMSetBlendState`.
    BlendFactor,
    /// 1 - the blend factor.
    InvBlendFactor,
    /// Second source colour (dual-source).
    Src1Color,
    /// 1 - second source colour.
    InvSrc1Color,
    /// Second source alpha.
    Src1Alpha,
    /// 1 - second source alpha.
    InvSrc1Alpha,
}

impl Blend {
    /// True for the dual-source factors (`SRC1_*`).
    pub fn is_dual_source(self) -> bool {
        matches!(
            self,
            Self::Src1Color | Self::InvSrc1Color | Self::Src1Alpha | Self::InvSrc1Alpha
        )
    }
}

/// Blend operation (`D3D11_BLEND_OP`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BlendOp {
    /// src·Fs + dst·Fd.
    #[default]
    Add,
    /// src·Fs − dst·Fd.
    Subtract,
    /// dst·Fd − src·Fs.
    RevSubtract,
    /// min(src, dst) (factors ignored).
    Min,
    /// max(src, dst) (factors ignored).
    Max,
}

/// Output-merger logic operation (`D3D11_LOGIC_OP`, 11_1+).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LogicOp {
    /// 0.
    Clear,
    /// 1s.
    Set,
    /// s.
    Copy,
    /// !s.
    CopyInverted,
    /// d (default).
    #[default]
    Noop,
    /// !d.
    Invert,
    /// s & d.
    And,
    /// !(s & d).
    Nand,
    /// s | d.
    Or,
    /// !(s | d).
    Nor,
    /// s ^ d.
    Xor,
    /// !(s ^ d).
    Equiv,
    /// s & !d.
    AndReverse,
    /// !s & d.
    AndInverted,
    /// s | !d.
    OrReverse,
    /// !s | d.
    OrInverted,
}

flags! {
    /// Colour channels written (`D3D11_COLOR_WRITE_ENABLE`).
    ColorWriteMask {
        /// Red.
        RED = 0x1;
        /// Green.
        GREEN = 0x2;
        /// Blue.
        BLUE = 0x4;
        /// Alpha.
        ALPHA = 0x8;
        /// All four channels.
        ALL = 0xf;
    }
}

/// Blend state of one render target (`D3D11_RENDER_TARGET_BLEND_DESC1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RenderTargetBlendDesc {
    /// Blending on.
    pub blend_enable: bool,
    /// Logic op on (11_1+, UINT targets); exclusive with blending.
    pub logic_op_enable: bool,
    /// Colour source factor.
    pub src_blend: Blend,
    /// Colour destination factor.
    pub dest_blend: Blend,
    /// Colour operation.
    pub blend_op: BlendOp,
    /// Alpha source factor.
    pub src_blend_alpha: Blend,
    /// Alpha destination factor.
    pub dest_blend_alpha: Blend,
    /// Alpha operation.
    pub blend_op_alpha: BlendOp,
    /// Logic operation when enabled.
    pub logic_op: LogicOp,
    /// Channels written.
    pub write_mask: ColorWriteMask,
}

impl Default for RenderTargetBlendDesc {
    fn default() -> Self {
        Self {
            blend_enable: false,
            logic_op_enable: false,
            src_blend: Blend::One,
            dest_blend: Blend::Zero,
            blend_op: BlendOp::Add,
            src_blend_alpha: Blend::One,
            dest_blend_alpha: Blend::Zero,
            blend_op_alpha: BlendOp::Add,
            logic_op: LogicOp::Noop,
            write_mask: ColorWriteMask::ALL,
        }
    }
}

/// `D3D11_BLEND_DESC1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BlendDesc {
    /// Derive coverage from SV_Target0 alpha.
    pub alpha_to_coverage_enable: bool,
    /// Use `render_target[i]` per target; otherwise target 0's state for all.
    pub independent_blend_enable: bool,
    /// Per-target state.
    pub render_target: [RenderTargetBlendDesc; 8],
}
