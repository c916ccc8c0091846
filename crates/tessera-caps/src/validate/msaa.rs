//! Multisampling: `CheckMultisampleQualityLevels`, the standard sample patterns and the
//! `DXGI_SAMPLE_DESC` of a texture (SPEC §1.3, §2.1, §3.8; D3D11.3 §19.2.4).

use tessera_format::Format;

use super::{invalid, is_pow2};
use crate::FeatureLevel;
use crate::caps::Caps;
use crate::desc::{BindFlags, TextureDesc, TextureDimension};
use crate::error::CapsError;
use crate::format_support::FormatSupport;

/// `D3D11_STANDARD_MULTISAMPLE_PATTERN`: the quality value that selects the standard sample
/// positions of a count ([`standard_sample_positions`]; SPEC §3.8, 10_1 and above).
pub const STANDARD_MULTISAMPLE_PATTERN: u32 = 0xffff_ffff;
/// `D3D11_CENTER_MULTISAMPLE_PATTERN`: every sample at the pixel centre (SPEC §3.8, 10_1+).
pub const CENTER_MULTISAMPLE_PATTERN: u32 = 0xffff_fffe;

/// The sample counts Tessera rasterizes: those with a standard pattern (SPEC §3.8). 32, which
/// `CheckMultisampleQualityLevels` may be asked about (§1.3), has none and answers 0 levels.
pub const SAMPLE_COUNTS: [u32; 5] = [1, 2, 4, 8, 16];

const P1: [[i8; 2]; 1] = [[0, 0]];
const P2: [[i8; 2]; 2] = [[4, 4], [-4, -4]];
const P4: [[i8; 2]; 4] = [[-2, -6], [6, -2], [-6, 2], [2, 6]];
const P8: [[i8; 2]; 8] = [
    [1, -3],
    [-1, 3],
    [5, 1],
    [-3, -5],
    [-5, 5],
    [-7, -1],
    [3, 7],
    [7, -7],
];
const P16: [[i8; 2]; 16] = [
    [1, 1],
    [-1, -3],
    [-3, 2],
    [4, -1],
    [-5, -2],
    [2, 5],
    [5, 3],
    [3, -5],
    [-2, 6],
    [0, -7],
    [-4, -6],
    [-6, 4],
    [-8, 0],
    [7, -4],
    [6, 7],
    [-7, -8],
];

/// The standard sample positions of `count` samples (`D3D11_STANDARD_MULTISAMPLE_PATTERN`), in
/// sample-index order: offsets `[x, y]` from the pixel centre in 1/16 pixel, +y down, each in
/// [-8, 7] (SPEC §3.8, D3D11.3 §19.2.4, caps.toml `standard_sample_positions_1_16th`);
/// `None` for a count without a pattern.
pub const fn standard_sample_positions(count: u32) -> Option<&'static [[i8; 2]]> {
    match count {
        1 => Some(&P1),
        2 => Some(&P2),
        4 => Some(&P4),
        8 => Some(&P8),
        16 => Some(&P16),
        _ => None,
    }
}

/// The centre pattern of `count` samples (`D3D11_CENTER_MULTISAMPLE_PATTERN`): every sample
/// at offset (0, 0) (SPEC §3.8); `None` for a count without a standard pattern.
pub const fn center_sample_positions(count: u32) -> Option<&'static [[i8; 2]]> {
    const C: [[i8; 2]; 16] = [[0, 0]; 16];
    match count {
        1 | 2 | 4 | 8 | 16 => Some(C.split_at(count as usize).0),
        _ => None,
    }
}

/// The formats.json column that says a format renders at `count` samples (SPEC §2.1).
const fn msaa_flag(count: u32) -> FormatSupport {
    match count {
        4 => FormatSupport::MSAA_4X,
        8 => FormatSupport::MSAA_8X,
        _ => FormatSupport::MSAA_OTHER,
    }
}

impl Caps {
    /// `CheckMultisampleQualityLevels(format, count)`: the number of quality levels the device
    /// offers, 0 when it cannot render `format` at `count` samples (SPEC §2.1, §1.3).
    ///
    /// Rules: `count` must be 1..=32 (`max_multisample_sample_count`, else `InvalidDesc`); 1
    /// sample gives 1 level for every format that is a render target or depth-stencil format
    /// at the level; 2, 4, 8 and 16 samples give 1 level (the standard pattern, quality 0)
    /// where formats.json says the format is a multisampled render target at that count (the
    /// `4x_`, `8x_` and `other_multisample_count_rt` columns, which hold the level's required
    /// counts: 4× at 10_1+, 8× at 11_0+ except 128-bpp formats; 9_x guarantees nothing and its
    /// optional letters are answered as supported, like every optional cap); every other
    /// count, 32 included, has no pattern here and gives 0.
    pub fn check_multisample_quality_levels(
        &self,
        format: Format,
        count: u32,
    ) -> Result<u32, CapsError> {
        let max = self.limits_table_max_samples();
        if count == 0 || count > max {
            return Err(invalid(
                self.level(),
                "SPEC §1.3 CheckMultisampleQualityLevels",
                format!("sample count {count} is outside 1..={max}"),
            ));
        }
        let s = self.check_format_support(format);
        let renderable =
            s.contains(FormatSupport::RENDER_TARGET) || s.contains(FormatSupport::DEPTH_STENCIL);
        let levels = match count {
            1 => u32::from(renderable),
            2 | 4 | 8 | 16 => u32::from(renderable && s.contains(msaa_flag(count))),
            _ => 0,
        };
        Ok(levels)
    }

    /// The largest count `CheckMultisampleQualityLevels` may be asked about (caps.toml meta).
    fn limits_table_max_samples(&self) -> u32 {
        crate::table::caps_table().meta.max_multisample_sample_count
    }

    /// The `DXGI_SAMPLE_DESC` of a texture (SPEC §2.1 CreateTexture2D, §3.8): the count a power
    /// of two in 1..=32; more than one sample only for a one-mip Texture2D bound as a render
    /// target or depth-stencil target and never as an unordered-access view, at a count with
    /// quality levels ([`Caps::check_multisample_quality_levels`]; typeless formats: any count
    /// of [`SAMPLE_COUNTS`], their views are checked later); quality below the levels, or at
    /// 10_1+ one of the pattern values ([`STANDARD_MULTISAMPLE_PATTERN`],
    /// [`CENTER_MULTISAMPLE_PATTERN`]).
    pub(super) fn validate_sample_desc(&self, desc: &TextureDesc) -> Result<(), CapsError> {
        let level = self.level();
        let (count, quality) = (desc.sample_desc.count, desc.sample_desc.quality);
        const RULE: &str = "SPEC §2.1 CreateTexture2D DXGI_SAMPLE_DESC";
        if count == 0 || !is_pow2(count) || count > 32 {
            return Err(invalid(
                level,
                RULE,
                format!("SampleDesc.Count {count} is not 1, 2, 4, … 32"),
            ));
        }
        if count == 1 {
            if quality != 0 {
                return Err(invalid(
                    level,
                    RULE,
                    format!(
                        "a single-sampled texture needs SampleDesc.Quality 0; it has {quality}"
                    ),
                ));
            }
            return Ok(());
        }
        {
            if desc.dimension != TextureDimension::D2 || desc.resolved_mip_levels() != 1 {
                return Err(invalid(
                    level,
                    RULE,
                    format!(
                        "a texture of {count} samples must be a Texture2D with one mip; it has {} mips",
                        desc.resolved_mip_levels()
                    ),
                ));
            }
            let b = desc.bind_flags;
            if !b.intersects(BindFlags::RENDER_TARGET | BindFlags::DEPTH_STENCIL)
                || b.contains(BindFlags::UNORDERED_ACCESS)
            {
                return Err(invalid(
                    level,
                    RULE,
                    format!(
                        "a texture of {count} samples binds RENDER_TARGET or DEPTH_STENCIL and never UNORDERED_ACCESS; it binds 0x{:x}",
                        b.0
                    ),
                ));
            }
        }
        let levels = if desc.format.is_typeless() {
            u32::from(SAMPLE_COUNTS.contains(&count))
        } else {
            self.check_multisample_quality_levels(desc.format, count)?
        };
        if levels == 0 {
            return Err(CapsError::FormatUnsupported {
                level,
                format: desc.format,
                usage: "a multisampled render target at this sample count",
            });
        }
        let pattern = level >= FeatureLevel::L10_1
            && (quality == STANDARD_MULTISAMPLE_PATTERN || quality == CENTER_MULTISAMPLE_PATTERN);
        if quality >= levels && !pattern {
            return Err(invalid(
                level,
                RULE,
                format!(
                    "SampleDesc.Quality {quality} is not below the {levels} quality level(s) of {count} samples{}",
                    if level >= FeatureLevel::L10_1 {
                        " nor a standard/centre pattern value"
                    } else {
                        ""
                    }
                ),
            ));
        }
        Ok(())
    }
}
