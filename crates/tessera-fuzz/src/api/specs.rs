//! Fuzzer-chosen values and their mapping onto Tessera's descriptors: small wrappers that
//! derive `Arbitrary` and pick mostly ordinary values with a few hostile edges.

use arbitrary::Arbitrary;
use tessera::Format;
use tessera::caps::{
    AddressMode, Blend, BlendOp, ComparisonFunc, CpuAccess, FeatureLevel, FilterKind,
    FilterReduction, LogicOp, PrimitiveTopology, QueryType, StencilOp, SubresourceRange, Usage,
    ViewDimension,
};

/// The largest ordinary texture extent the target creates. Render targets this small keep
/// every draw cheap (a 32×32 target has 1024 pixels): the device's per-draw budget bounds
/// vertex work, not pixels.
pub(crate) const SMALL_EXTENT: u32 = 32;

/// A texture extent: mostly `0..=SMALL_EXTENT`, else an edge every level refuses (over the
/// 16384 maximum), so a hostile size is exercised without allocating it.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct Extent(u8);

impl Extent {
    /// The extent in texels.
    pub(crate) fn get(self) -> u32 {
        match self.0 {
            250 => 16_385,
            251 => 1 << 20,
            252 => u32::MAX,
            253 => 1 << 31,
            v => u32::from(v) % (SMALL_EXTENT + 1),
        }
    }
}

/// A byte count or offset: mostly small, sometimes an overflow edge.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct Bytes(u16);

impl Bytes {
    /// The value.
    pub(crate) fn get(self) -> u32 {
        match self.0 {
            0xfff0 => u32::MAX,
            0xfff1 => u32::MAX - 3,
            0xfff2 => 1 << 31,
            0xfff3 => 1 << 30,
            v => u32::from(v) % 4096,
        }
    }
}

/// Any format of `Format::ALL`, or `Unknown`.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct FormatPick(u8);

impl FormatPick {
    /// The format.
    pub(crate) fn get(self) -> Format {
        let all = Format::ALL;
        all.get(usize::from(self.0) % (all.len() + 1))
            .copied()
            .unwrap_or(Format::Unknown)
    }
}

/// Any feature level.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct LevelPick(u8);

impl LevelPick {
    /// The level.
    pub(crate) fn get(self) -> FeatureLevel {
        FeatureLevel::ALL[usize::from(self.0) % FeatureLevel::ALL.len()]
    }
}

/// Chooses one of `items` by a fuzzer byte.
pub(crate) fn pick<T: Copy>(items: &[T], i: u8) -> T {
    items[usize::from(i) % items.len()]
}

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

/// A count within a view's range: small, or D3D's −1 ("to the end"), or an overflow edge.
pub(crate) fn range_count(v: u8) -> u32 {
    match v {
        255 => u32::MAX,
        254 => u32::MAX - 1,
        v => u32::from(v % 8),
    }
}

/// A start within a view's range: small, or an overflow edge.
pub(crate) fn range_start(v: u8) -> u32 {
    match v {
        255 => u32::MAX,
        254 => 1 << 31,
        v => u32::from(v % 8),
    }
}

/// A view descriptor.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct ViewSpec {
    format: FormatPick,
    dimension: u8,
    first_mip: u8,
    mips: u8,
    first_slice: u8,
    slices: u8,
}

impl ViewSpec {
    /// The descriptor.
    pub(crate) fn desc(self) -> tessera::caps::ViewDesc {
        tessera::caps::ViewDesc {
            format: self.format.get(),
            dimension: view_dimension(self.dimension),
            range: SubresourceRange {
                most_detailed_mip: range_start(self.first_mip),
                mip_levels: range_count(self.mips),
                first_array_slice: range_start(self.first_slice),
                array_size: range_count(self.slices),
            },
        }
    }
}

/// A float the fuzzer chose, with NaN, infinities and huge values as they come.
pub(crate) fn float(bits: u32) -> f32 {
    f32::from_bits(bits)
}

/// A float that is mostly ordinary (`-2..2` in steps of 1/64), sometimes any bit pattern.
pub(crate) fn tame_float(v: i16) -> f32 {
    if v == i16::MIN {
        f32::NAN
    } else if v == i16::MAX {
        f32::INFINITY
    } else {
        f32::from(v % 256) / 64.0
    }
}
