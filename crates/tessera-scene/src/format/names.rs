//! Direct3D 11 enumerations written by name in snake_case (`"less_equal"`, `"inv_src_alpha"`),
//! each converting into its `tessera::caps` counterpart, plus [`FilterName`].

use serde::Deserialize;
use tessera::caps::{
    AddressMode, Blend, BlendOp, ComparisonFunc, CullMode, FillMode, FilterKind, FilterReduction,
    PrimitiveTopology, StencilOp,
};

/// Declares a snake_case name enum and its `From` into the `tessera::caps` enum whose variants
/// have the same names (the variant list is written once).
macro_rules! d3d_names {
    ($(#[doc = $doc:literal] $name:ident => $target:ident { $($v:ident),+ $(,)? })+) => {$(
        #[doc = $doc]
        #[derive(Clone, Copy, Debug, Deserialize)]
        #[serde(rename_all = "snake_case")]
        #[expect(missing_docs, reason = "the variants are the scene-file spellings of the D3D11 values")]
        pub enum $name {
            $($v),+
        }

        impl From<$name> for $target {
            fn from(v: $name) -> Self {
                match v {
                    $($name::$v => Self::$v),+
                }
            }
        }
    )+};
}

d3d_names! {
    /// `D3D11_FILL_MODE` names.
    FillName => FillMode { Wireframe, Solid }

    /// `D3D11_CULL_MODE` names.
    CullName => CullMode { None, Front, Back }

    /// `D3D11_COMPARISON_FUNC` names.
    FuncName => ComparisonFunc {
        Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always,
    }

    /// `D3D11_STENCIL_OP` names.
    StencilOpName => StencilOp { Keep, Zero, Replace, IncrSat, DecrSat, Invert, Incr, Decr }

    /// `D3D11_BLEND` names.
    BlendName => Blend {
        Zero, One, SrcColor, InvSrcColor, SrcAlpha, InvSrcAlpha, DestAlpha, InvDestAlpha,
        DestColor, InvDestColor, SrcAlphaSat, BlendFactor, InvBlendFactor, Src1Color,
        InvSrc1Color, Src1Alpha, InvSrc1Alpha,
    }

    /// `D3D11_BLEND_OP` names.
    BlendOpName => BlendOp { Add, Subtract, RevSubtract, Min, Max }

    /// `D3D11_TEXTURE_ADDRESS_MODE` names.
    AddressName => AddressMode { Wrap, Mirror, Clamp, Border, MirrorOnce }

    /// `D3D11_PRIMITIVE_TOPOLOGY` names.
    TopologyName => PrimitiveTopology {
        PointList, LineList, LineStrip, TriangleList, TriangleStrip, LineListAdj, LineStripAdj,
        TriangleListAdj, TriangleStripAdj,
    }
}

/// A `D3D11_FILTER` written in snake_case ("min_mag_mip_linear", "anisotropic",
/// "comparison_min_mag_linear_mip_point", "minimum_anisotropic", …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct FilterName(pub tessera::caps::Filter);

impl TryFrom<String> for FilterName {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        use FilterKind::{Linear as L, Point as P};
        let (reduction, rest) = if let Some(r) = s.strip_prefix("comparison_") {
            (FilterReduction::Comparison, r)
        } else if let Some(r) = s.strip_prefix("minimum_") {
            (FilterReduction::Minimum, r)
        } else if let Some(r) = s.strip_prefix("maximum_") {
            (FilterReduction::Maximum, r)
        } else {
            (FilterReduction::Standard, s.as_str())
        };
        let table = [
            ("min_mag_mip_point", P, P, P),
            ("min_mag_point_mip_linear", P, P, L),
            ("min_point_mag_linear_mip_point", P, L, P),
            ("min_point_mag_mip_linear", P, L, L),
            ("min_linear_mag_mip_point", L, P, P),
            ("min_linear_mag_point_mip_linear", L, P, L),
            ("min_mag_linear_mip_point", L, L, P),
            ("min_mag_mip_linear", L, L, L),
            ("anisotropic", L, L, L),
        ];
        let (name, min, mag, mip) =
            table.iter().copied().find(|t| t.0 == rest).ok_or_else(|| {
                format!(
                    "unknown filter `{s}`: expected a D3D11_FILTER name in snake_case, e.g. \
                     \"min_mag_mip_linear\", \"min_mag_linear_mip_point\", \"anisotropic\", \
                     optionally prefixed by comparison_, minimum_ or maximum_"
                )
            })?;
        Ok(Self(tessera::caps::Filter {
            min,
            mag,
            mip,
            anisotropic: name == "anisotropic",
            reduction,
        }))
    }
}
