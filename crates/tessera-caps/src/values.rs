//! Typed forms of the mixed-shape values in caps.toml (`true`/`false`/`"optional"`, int-or-note, …).

use serde::{Deserialize, Serialize};
/// A capability caps.toml marks `true`, `false`/`"no"` or `"optional"` (caps.toml header legend).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawSupport", into = "RawSupport")]
pub enum Support {
    /// Not available at this level.
    No,
    /// Required at this level.
    Yes,
    /// May be reported either way; the reference device answers "yes" unless SPEC.md says otherwise.
    Optional,
}

impl Support {
    /// The reference device's answer: `Optional` resolves to true (documented RefDev choice, see crate docs).
    pub const fn refdev(self) -> bool {
        !matches!(self, Self::No)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RawSupport {
    Bool(bool),
    Text(String),
}

impl TryFrom<RawSupport> for Support {
    type Error = String;
    fn try_from(raw: RawSupport) -> Result<Self, String> {
        match raw {
            RawSupport::Bool(true) => Ok(Self::Yes),
            RawSupport::Bool(false) => Ok(Self::No),
            RawSupport::Text(t) if t == "optional" => Ok(Self::Optional),
            RawSupport::Text(t) => {
                Err(format!("expected true, false or \"optional\", got \"{t}\""))
            }
        }
    }
}

impl From<Support> for RawSupport {
    fn from(s: Support) -> Self {
        match s {
            Support::No => Self::Bool(false),
            Support::Yes => Self::Bool(true),
            Support::Optional => Self::Text("optional".into()),
        }
    }
}

/// A tier that caps.toml gives as a number or `"optional"` (tiled resources, conservative raster; SPEC §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawCount", into = "RawCount")]
pub enum Tier {
    /// The level requires at least this tier (0 = not available).
    AtLeast(u32),
    /// Optional at this level (the reference device's answer is documented per tier).
    Optional,
}

/// A count that caps.toml gives as a number or as a prose note (e.g. 12_2 UAV slots "tiered …").
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CountOrNote {
    /// A fixed count.
    Count(u32),
    /// A prose description of a count defined elsewhere (e.g. by a binding tier).
    Note(String),
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RawCount {
    Int(u32),
    Text(String),
}

impl TryFrom<RawCount> for Tier {
    type Error = String;
    fn try_from(raw: RawCount) -> Result<Self, String> {
        match raw {
            RawCount::Int(n) => Ok(Self::AtLeast(n)),
            RawCount::Text(t) if t == "optional" => Ok(Self::Optional),
            RawCount::Text(t) => Err(format!(
                "expected a tier number or \"optional\", got \"{t}\""
            )),
        }
    }
}

impl From<Tier> for RawCount {
    fn from(t: Tier) -> Self {
        match t {
            Tier::AtLeast(n) => Self::Int(n),
            Tier::Optional => Self::Text("optional".into()),
        }
    }
}

/// Non-power-of-two texture rules (SPEC §1.2 note B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NonPow2 {
    /// 9_x: 2D only, single mip, no WRAP addressing; cubes and volumes must be powers of two.
    Conditional,
    /// 10_0+: no restriction.
    Unconditional,
}

/// The draw entry points of `ID3D11DeviceContext` (SPEC §2.2, caps.toml `draw_methods`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawKind {
    /// `Draw`.
    Draw,
    /// `DrawIndexed`.
    DrawIndexed,
    /// `DrawInstanced` (10_0+).
    DrawInstanced,
    /// `DrawIndexedInstanced` (9_3+).
    DrawIndexedInstanced,
    /// `DrawAuto` (10_0+, stream output).
    DrawAuto,
    /// `DrawInstancedIndirect` (11_0+).
    DrawInstancedIndirect,
    /// `DrawIndexedInstancedIndirect` (11_0+).
    DrawIndexedInstancedIndirect,
}

impl DrawKind {
    /// True for the indexed entry points (which read an index buffer).
    pub const fn is_indexed(self) -> bool {
        matches!(
            self,
            Self::DrawIndexed | Self::DrawIndexedInstanced | Self::DrawIndexedInstancedIndirect
        )
    }

    /// The D3D11 method name, e.g. "DrawIndexedInstanced".
    pub const fn name(self) -> &'static str {
        match self {
            Self::Draw => "Draw",
            Self::DrawIndexed => "DrawIndexed",
            Self::DrawInstanced => "DrawInstanced",
            Self::DrawIndexedInstanced => "DrawIndexedInstanced",
            Self::DrawAuto => "DrawAuto",
            Self::DrawInstancedIndirect => "DrawInstancedIndirect",
            Self::DrawIndexedInstancedIndirect => "DrawIndexedInstancedIndirect",
        }
    }
}

/// A value given either once for every listed level or per level (caps.toml `[[tenlevel9.rule]]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PerLevel<T> {
    /// The same value at every level the rule lists.
    All(T),
    /// One value per level name.
    ByLevel(std::collections::BTreeMap<String, T>),
}

/// (De)serializes a list of DXGI format names ("R16_UINT") as typed [`Format`]s.
pub(crate) mod format_list {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};
    use tessera_format::Format;

    pub fn serialize<S: Serializer>(list: &[Format], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(list.iter().map(|f| f.name()))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Format>, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        names
            .iter()
            .map(|n| Format::from_name(n).map_err(D::Error::custom))
            .collect()
    }
}
