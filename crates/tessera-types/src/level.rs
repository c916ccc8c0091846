//! Direct3D feature levels (SPEC §1.1): names, ordering and `D3D_FEATURE_LEVEL` values.

use std::fmt;
use std::str::FromStr;

/// A Direct3D feature level, ordered from least to most capable (SPEC §1.1: each level includes all lower ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FeatureLevel {
    /// `D3D_FEATURE_LEVEL_9_1` (0x9100).
    L9_1,
    /// `D3D_FEATURE_LEVEL_9_2` (0x9200).
    L9_2,
    /// `D3D_FEATURE_LEVEL_9_3` (0x9300).
    L9_3,
    /// `D3D_FEATURE_LEVEL_10_0` (0xa000).
    L10_0,
    /// `D3D_FEATURE_LEVEL_10_1` (0xa100).
    L10_1,
    /// `D3D_FEATURE_LEVEL_11_0` (0xb000).
    L11_0,
    /// `D3D_FEATURE_LEVEL_11_1` (0xb100).
    L11_1,
    /// `D3D_FEATURE_LEVEL_12_0` (0xc000).
    L12_0,
    /// `D3D_FEATURE_LEVEL_12_1` (0xc100).
    L12_1,
    /// `D3D_FEATURE_LEVEL_12_2` (0xc200, D3D12 only).
    L12_2,
}

impl FeatureLevel {
    /// Every level, lowest first (SPEC §1.1, caps.toml `meta.levels`).
    pub const ALL: [FeatureLevel; 10] = [
        Self::L9_1,
        Self::L9_2,
        Self::L9_3,
        Self::L10_0,
        Self::L10_1,
        Self::L11_0,
        Self::L11_1,
        Self::L12_0,
        Self::L12_1,
        Self::L12_2,
    ];

    /// The D3D11CreateDevice default list when none is given: 11_0, 10_1, 10_0, 9_3, 9_2, 9_1 (SPEC §1.1).
    pub const D3D11_DEFAULT_REQUEST: [FeatureLevel; 6] = [
        Self::L11_0,
        Self::L10_1,
        Self::L10_0,
        Self::L9_3,
        Self::L9_2,
        Self::L9_1,
    ];

    /// The level's name as caps.toml spells it, e.g. "9_1" (SPEC §1.1 naming).
    pub const fn name(self) -> &'static str {
        match self {
            Self::L9_1 => "9_1",
            Self::L9_2 => "9_2",
            Self::L9_3 => "9_3",
            Self::L10_0 => "10_0",
            Self::L10_1 => "10_1",
            Self::L11_0 => "11_0",
            Self::L11_1 => "11_1",
            Self::L12_0 => "12_0",
            Self::L12_1 => "12_1",
            Self::L12_2 => "12_2",
        }
    }

    /// The `D3D_FEATURE_LEVEL` enum value, e.g. 0x9100 (SPEC §1.1 enum values).
    pub const fn to_d3d(self) -> u32 {
        match self {
            Self::L9_1 => 0x9100,
            Self::L9_2 => 0x9200,
            Self::L9_3 => 0x9300,
            Self::L10_0 => 0xa000,
            Self::L10_1 => 0xa100,
            Self::L11_0 => 0xb000,
            Self::L11_1 => 0xb100,
            Self::L12_0 => 0xc000,
            Self::L12_1 => 0xc100,
            Self::L12_2 => 0xc200,
        }
    }

    /// The level with `D3D_FEATURE_LEVEL` value `value`, or `None` (SPEC §1.1 enum values).
    pub fn from_d3d(value: u32) -> Option<Self> {
        Self::ALL.into_iter().find(|l| l.to_d3d() == value)
    }

    /// True for the 10Level9 levels 9_1, 9_2 and 9_3 (SPEC §2).
    pub const fn is_9_x(self) -> bool {
        matches!(self, Self::L9_1 | Self::L9_2 | Self::L9_3)
    }

    /// The index of this level in [`FeatureLevel::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The valid level names joined by ", " (used in error messages).
    pub fn valid_names() -> String {
        Self::ALL.map(Self::name).join(", ")
    }
}

impl fmt::Display for FeatureLevel {
    /// Prints the caps.toml name, e.g. "9_1" (SPEC §1.1 naming).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that names no feature level; its message lists the valid ones (SPEC §1.1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown feature level '{input}'; valid levels: {valid}", valid = FeatureLevel::valid_names())]
pub struct ParseFeatureLevelError {
    /// The text that failed to parse.
    pub input: String,
}

impl FromStr for FeatureLevel {
    type Err = ParseFeatureLevelError;

    /// Parses "9_1", "11_0", "D3D_FEATURE_LEVEL_11_0", "11.0", or a D3D enum value ("0x9100", "37120") (SPEC §1.1).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseFeatureLevelError {
            input: s.to_owned(),
        };
        let t = s.trim();
        let t = t.strip_prefix("D3D_FEATURE_LEVEL_").unwrap_or(t);
        if let Some(level) = Self::ALL
            .into_iter()
            .find(|l| l.name() == t || l.name().replace('_', ".") == t)
        {
            return Ok(level);
        }
        let value = if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            u32::from_str_radix(hex, 16).map_err(|_| err())?
        } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            t.parse::<u32>().map_err(|_| err())?
        } else {
            return Err(err());
        };
        Self::from_d3d(value).ok_or_else(err)
    }
}
