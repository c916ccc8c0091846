//! The typed error of the tiled-resources model, each mapped to its D3D11 debug message (SPEC §6.12).

use tessera_caps::FeatureLevel;
use tessera_format::memory::TileShapeError;

/// Which tiled call refused (picks the D3D11 `*_INVALID_PARAMETER` message, SPEC §6.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TiledCall {
    /// `CreateBuffer` / `CreateTexture*` with `MISC_TILED` or `MISC_TILE_POOL`.
    Create,
    /// `UpdateTileMappings`.
    UpdateTileMappings,
    /// `CopyTileMappings`.
    CopyTileMappings,
    /// `ResizeTilePool`.
    ResizeTilePool,
    /// `UpdateTiles` and the other whole-tile / byte accesses of the model.
    Tiles,
    /// `CopyTiles` (tiles to and from a linear buffer, SPEC §6.5).
    CopyTiles,
}

/// Every refusal of the tiled model; a refused call changes nothing (SPEC §6.12).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TiledError {
    /// The format / dimension / sample count has no standard tile shape (SPEC §6.1).
    #[error(transparent)]
    Shape(#[from] TileShapeError),
    /// The tier is not 1, 2 or 3, or the level does not allow it (SPEC §6.11: Tier 1 needs 11_0, Tier 2/3 need 11_1).
    #[error(
        "SPEC §6.11: tiled resources tier {tier} is not allowed at {level:?} (allowed {min}..={max})"
    )]
    TierForLevel {
        /// The tier asked for.
        tier: u32,
        /// The device's level.
        level: FeatureLevel,
        /// Lowest tier of the level.
        min: u32,
        /// Highest tier of the level.
        max: u32,
    },
    /// A creation rule of SPEC §6.1 / §6.2 refused the description.
    #[error("{rule}: {what} (value {value}, limit {limit})")]
    Creation {
        /// The rule, e.g. "SPEC §6.1 tiled Texture3D needs Tier 3".
        rule: &'static str,
        /// What was refused.
        what: &'static str,
        /// The offending value.
        value: u64,
        /// The limit it broke.
        limit: u64,
    },
    /// A region or range argument of a mapping call is invalid (SPEC §6.3, §6.4, §6.12).
    #[error("{rule}: {what} (value {value}, limit {limit})")]
    InvalidParameter {
        /// The call that refused.
        call: TiledCall,
        /// The rule, e.g. "SPEC §6.3 region/range tile counts".
        rule: &'static str,
        /// What was refused.
        what: &'static str,
        /// The offending value.
        value: u64,
        /// The limit it broke.
        limit: u64,
    },
}

impl TiledError {
    /// Shorthand for [`TiledError::InvalidParameter`] (the facade's tile calls use it too).
    pub fn param(
        call: TiledCall,
        rule: &'static str,
        what: &'static str,
        value: u64,
        limit: u64,
    ) -> Self {
        Self::InvalidParameter {
            call,
            rule,
            what,
            value,
            limit,
        }
    }

    /// The D3D11 debug-layer message ID the info queue reports for a refused call (SPEC §6.12);
    /// `None` for creation refusals, which only return `E_INVALIDARG`.
    pub fn message_id(&self) -> Option<&'static str> {
        let Self::InvalidParameter { call, .. } = self else {
            return None;
        };
        Some(match call {
            TiledCall::Create => return None,
            TiledCall::UpdateTileMappings => "UPDATETILEMAPPINGS_INVALID_PARAMETER",
            TiledCall::CopyTileMappings => "COPYTILEMAPPINGS_INVALID_PARAMETER",
            TiledCall::ResizeTilePool => "RESIZETILEPOOL_INVALID_PARAMETER",
            TiledCall::Tiles => "UPDATETILES_INVALID_PARAMETER",
            TiledCall::CopyTiles => "COPYTILES_INVALID_PARAMETER",
        })
    }
}
