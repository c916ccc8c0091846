//! Fuzzer bytes to D3D enum values and flags: each function picks one of every variant.

use tessera::caps::{
    AddressMode, Blend, BlendOp, ComparisonFunc, CpuAccess, FilterKind, FilterReduction, LogicOp,
    PrimitiveTopology, QueryType, StencilOp, Usage, ViewDimension,
};

use super::specs::pick;

/// `D3D11_USAGE`.
pub(crate) fn usage(i: u8) -> Usage {
    pick(
        &[
            Usage::Default,
            Usage::Immutable,
            Usage::Dynamic,
            Usage::Staging,
        ],
        i,
    )
}

/// CPU access flags (the two real bits plus a stray one).
pub(crate) fn cpu_access(bits: u8) -> CpuAccess {
    let mut v = 0;
    if bits & 1 != 0 {
        v |= CpuAccess::WRITE.0;
    }
    if bits & 2 != 0 {
        v |= CpuAccess::READ.0;
    }
    if bits & 4 != 0 {
        v |= 1;
    }
    CpuAccess(v)
}

/// A topology, adjacency included.
pub(crate) fn topology(i: u8) -> PrimitiveTopology {
    use PrimitiveTopology as T;
    pick(
        &[
            T::Undefined,
            T::PointList,
            T::LineList,
            T::LineStrip,
            T::TriangleList,
            T::TriangleStrip,
            T::LineListAdj,
            T::LineStripAdj,
            T::TriangleListAdj,
            T::TriangleStripAdj,
        ],
        i,
    )
}

/// A query kind.
pub(crate) fn query_type(i: u8) -> QueryType {
    use QueryType as Q;
    pick(
        &[
            Q::Event,
            Q::Occlusion,
            Q::Timestamp,
            Q::TimestampDisjoint,
            Q::PipelineStatistics,
            Q::OcclusionPredicate,
            Q::SoStatistics,
            Q::SoOverflowPredicate,
        ],
        i,
    )
}

/// A comparison function.
pub(crate) fn comparison(i: u8) -> ComparisonFunc {
    use ComparisonFunc as C;
    pick(
        &[
            C::Never,
            C::Less,
            C::Equal,
            C::LessEqual,
            C::Greater,
            C::NotEqual,
            C::GreaterEqual,
            C::Always,
        ],
        i,
    )
}

/// A stencil operation.
pub(crate) fn stencil_op(i: u8) -> StencilOp {
    use StencilOp as S;
    pick(
        &[
            S::Keep,
            S::Zero,
            S::Replace,
            S::IncrSat,
            S::DecrSat,
            S::Invert,
            S::Incr,
            S::Decr,
        ],
        i,
    )
}

/// A blend factor.
pub(crate) fn blend(i: u8) -> Blend {
    use Blend as B;
    pick(
        &[
            B::Zero,
            B::One,
            B::SrcColor,
            B::InvSrcColor,
            B::SrcAlpha,
            B::InvSrcAlpha,
            B::DestAlpha,
            B::InvDestAlpha,
            B::DestColor,
            B::InvDestColor,
            B::SrcAlphaSat,
            B::BlendFactor,
            B::InvBlendFactor,
            B::Src1Color,
            B::InvSrc1Color,
            B::Src1Alpha,
            B::InvSrc1Alpha,
        ],
        i,
    )
}

/// A blend operation.
pub(crate) fn blend_op(i: u8) -> BlendOp {
    use BlendOp as O;
    pick(&[O::Add, O::Subtract, O::RevSubtract, O::Min, O::Max], i)
}

/// A logic operation (every value is a valid one: the enum has 16).
pub(crate) fn logic_op(i: u8) -> LogicOp {
    use LogicOp as L;
    pick(
        &[
            L::Clear,
            L::Set,
            L::Copy,
            L::CopyInverted,
            L::Noop,
            L::Invert,
            L::And,
            L::Nand,
            L::Or,
            L::Nor,
            L::Xor,
            L::Equiv,
            L::AndReverse,
            L::AndInverted,
            L::OrReverse,
            L::OrInverted,
        ],
        i,
    )
}

/// A filter part.
pub(crate) fn filter_kind(linear: bool) -> FilterKind {
    if linear {
        FilterKind::Linear
    } else {
        FilterKind::Point
    }
}

/// A filter reduction.
pub(crate) fn reduction(i: u8) -> FilterReduction {
    use FilterReduction as R;
    pick(&[R::Standard, R::Comparison, R::Minimum, R::Maximum], i)
}

/// An address mode.
pub(crate) fn address(i: u8) -> AddressMode {
    use AddressMode as A;
    pick(&[A::Wrap, A::Mirror, A::Clamp, A::Border, A::MirrorOnce], i)
}

/// A view dimension.
pub(crate) fn view_dimension(i: u8) -> ViewDimension {
    use ViewDimension as V;
    pick(
        &[
            V::Buffer,
            V::Texture1D,
            V::Texture1DArray,
            V::Texture2D,
            V::Texture2DArray,
            V::Texture2DMs,
            V::Texture2DMsArray,
            V::Texture3D,
            V::TextureCube,
            V::TextureCubeArray,
        ],
        i,
    )
}
