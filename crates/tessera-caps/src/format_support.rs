//! Per-level DXGI format support, from the crate's copy of formats.json (SPEC §2.1 CheckFormatSupport).
//!
//! Reference-device answers for the matrix letters: `R` (required) and `O` (optional) are
//! supported, `D` ("required if a related optional feature is supported") is supported because
//! the reference device supports every optional feature; `-` and `?` (row absent on that level's
//! page) are not. Levels without a page: 9_2 = 9_1 plus the 9_2 rows of SPEC.md §2 (R32_UINT index
//! buffers); 12_2 = 12_1 (the json has 12_0 and 12_1 pages, which win over "12_x = 11_1").

use std::collections::HashMap;
use std::sync::OnceLock;

use tessera_format::Format;

use crate::FeatureLevel;

/// The formats.json text the crate was built with (copied from `shared/spec/formats.json`).
pub const FORMATS_JSON: &str = include_str!("../data/formats.json");

macro_rules! support_flags {
    ($($(#[$doc:meta])* $flag:ident = $name:literal;)*) => {
        /// Format support flags, one per formats.json `_targets` column (SPEC §2.1 CheckFormatSupport).
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct FormatSupport(pub u64);

        impl FormatSupport {
            /// Nothing supported.
            pub const NONE: Self = Self(0);
            support_flags!(@consts 0u32; $($(#[$doc])* $flag;)*);
            /// `(flag, formats.json target name)` for every column, in json order.
            pub const TARGETS: &'static [(Self, &'static str)] = &[$((Self::$flag, $name),)*];
        }
    };
    (@consts $i:expr; $(#[$doc:meta])* $flag:ident; $($rest:tt)*) => {
        $(#[$doc])*
        pub const $flag: Self = Self(1u64 << $i);
        support_flags!(@consts $i + 1u32; $($rest)*);
    };
    (@consts $i:expr;) => {};
}

support_flags! {
    /// The format exists at this level at all.
    FORMAT = "format_support";
    /// Buffer resources.
    BUFFER = "buffer";
    /// Vertex-buffer element format.
    IA_VERTEX_BUFFER = "input_assembler_vertex_buffer";
    /// Index-buffer format.
    IA_INDEX_BUFFER = "input_assembler_index_buffer";
    /// Stream-output buffer.
    SO_BUFFER = "stream_output_buffer";
    /// Texture1D.
    TEXTURE1D = "texture1d";
    /// Texture2D.
    TEXTURE2D = "texture2d";
    /// Texture3D.
    TEXTURE3D = "texture3d";
    /// TextureCube.
    TEXTURECUBE = "texturecube";
    /// Shader sample, point filter only.
    SHADER_SAMPLE_POINT_ONLY = "shader_sample_point_sample_only";
    /// Shader sample, any filter.
    SHADER_SAMPLE = "shader_sample_any_filter";
    /// Shader sample_c (comparison filter).
    SHADER_SAMPLE_COMPARISON = "shader_sample_c_comparison_filter";
    /// Shader sample, mono 1-bit filter.
    SHADER_SAMPLE_MONO_TEXT = "shader_sample_mono_1_bit_filter";
    /// Gather4.
    SHADER_GATHER = "shader_gather4";
    /// Gather4_c.
    SHADER_GATHER_COMPARISON = "shader_gather4_c";
    /// Mipmaps.
    MIPMAP = "mipmap";
    /// GenerateMips.
    MIP_AUTOGEN = "mipmap_auto_generation";
    /// Render target.
    RENDER_TARGET = "rendertarget";
    /// Blendable render target.
    BLENDABLE = "blendable_rendertarget";
    /// Output-merger logic op.
    LOGIC_OP = "output_merger_logic_op";
    /// Depth-stencil target.
    DEPTH_STENCIL = "depth_stencil_target";
    /// Raw UAV/SRV.
    RAW_UAV_SRV = "raw_uav_and_srv";
    /// Structured UAV/SRV.
    STRUCTURED_UAV_SRV = "structured_uav_and_srv";
    /// Typed UAV.
    TYPED_UAV = "typed_uav";
    /// Typed UAV store.
    UAV_TYPED_STORE = "uav_typed_store";
    /// Typed UAV load.
    UAV_TYPED_LOAD = "uav_typed_load";
    /// UAV atomic add.
    UAV_ATOMIC_ADD = "uav_atomic_add";
    /// UAV atomic bitwise ops.
    UAV_ATOMIC_BITWISE = "uav_atomic_bitwise_ops";
    /// UAV atomic compare-store / compare-exchange.
    UAV_ATOMIC_CMP = "uav_atomic_cmp_and_store_cmp_and_exch";
    /// UAV atomic exchange.
    UAV_ATOMIC_EXCHANGE = "uav_atomic_exchange";
    /// UAV atomic signed min/max.
    UAV_ATOMIC_SIGNED_MINMAX = "uav_atomic_signed_min_or_max";
    /// UAV atomic unsigned min/max.
    UAV_ATOMIC_UNSIGNED_MINMAX = "uav_atomic_unsigned_min_or_max";
    /// CPU lockable (Map).
    CPU_LOCKABLE = "cpu_lockable";
    /// 4x MSAA render target.
    MSAA_4X = "4x_multisample_rendertarget";
    /// 8x MSAA render target.
    MSAA_8X = "8x_multisample_rendertarget";
    /// Other MSAA counts.
    MSAA_OTHER = "other_multisample_count_rt";
    /// Multisample resolve.
    MULTISAMPLE_RESOLVE = "multisample_resolve";
    /// Multisample load.
    MULTISAMPLE_LOAD = "multisample_load";
    /// Display scan-out.
    DISPLAY = "display_scan_out";
    /// Cast within bit layout.
    CAST_WITHIN_BIT_LAYOUT = "cast_within_bit_layout";
    /// Video decoder.
    VIDEO_DECODER = "video_decoder_support";
    /// Video processor input.
    VIDEO_PROCESSOR_INPUT = "video_processor_input";
    /// Video processor output.
    VIDEO_PROCESSOR_OUTPUT = "video_processor_output";
    /// Shareable (MISC_SHARED).
    SHAREABLE = "shared_resource";
    /// Tiled resource.
    TILED = "tiled_resource";
    /// Shader ld.
    SHADER_LOAD = "shader_ld";
    /// Back buffer castable even when fully typed.
    BACKBUFFER_CAST = "backbuffer_castable_even_fully_typed";
}

impl FormatSupport {
    /// True when every flag of `other` is set.
    pub const fn contains(self, other: Self) -> bool {
        self.0 & other.0 == other.0
    }

    /// True when no flag is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The formats.json target names of the set flags, in column order.
    pub fn names(self) -> Vec<&'static str> {
        Self::TARGETS
            .iter()
            .filter(|(f, _)| self.contains(*f))
            .map(|(_, n)| *n)
            .collect()
    }
}

impl std::ops::BitOr for FormatSupport {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Self(self.0 | rhs.0)
    }
}

/// The reference device's answer for one formats.json letter (see module docs).
pub const fn refdev_supports(letter: u8) -> bool {
    matches!(letter, b'R' | b'O' | b'D')
}

/// One parsed formats.json level page: format name (without `DXGI_FORMAT_`) → (bits, flags).
type Page = HashMap<String, (u32, FormatSupport)>;

/// The json page a level reads (SPEC §2.1; see module docs for 9_2 and 12_2).
fn page_name(level: FeatureLevel) -> &'static str {
    match level {
        FeatureLevel::L9_2 => "9_1",
        FeatureLevel::L12_2 => "12_1",
        other => other.name(),
    }
}

fn pages() -> &'static HashMap<String, Page> {
    static PAGES: OnceLock<HashMap<String, Page>> = OnceLock::new();
    PAGES.get_or_init(|| {
        let mut out = HashMap::new();
        let Ok(serde_json::Value::Object(root)) =
            serde_json::from_str::<serde_json::Value>(FORMATS_JSON)
        else {
            return out;
        };
        for (level, page) in &root {
            let serde_json::Value::Object(rows) = page else {
                continue;
            };
            if level.starts_with('_') {
                continue;
            }
            let mut parsed = Page::new();
            for (name, row) in rows {
                let (Some(bits), Some(letters)) = (
                    row.get(0).and_then(|v| v.as_str()),
                    row.get(1).and_then(|v| v.as_str()),
                ) else {
                    continue;
                };
                let mut flags = FormatSupport::NONE;
                for ((flag, _), letter) in FormatSupport::TARGETS.iter().zip(letters.bytes()) {
                    if refdev_supports(letter) {
                        flags = flags | *flag;
                    }
                }
                let bare = name.strip_prefix("DXGI_FORMAT_").unwrap_or(name);
                parsed.insert(bare.to_owned(), (bits.parse().unwrap_or(0), flags));
            }
            out.insert(level.clone(), parsed);
        }
        out
    })
}

/// Support for a format given by DXGI name ("R8G8B8A8_UNORM", prefix optional) at `level` (SPEC §2.1).
pub fn format_support_by_name(level: FeatureLevel, name: &str) -> FormatSupport {
    let bare = name.strip_prefix("DXGI_FORMAT_").unwrap_or(name);
    let mut flags = pages()
        .get(page_name(level))
        .and_then(|p| p.get(bare))
        .map_or(FormatSupport::NONE, |(_, f)| *f);
    // 9_2 = 9_1 + R32_UINT index buffers (SPEC §2.1 CreateBuffer, §2.2 IASetIndexBuffer).
    if level == FeatureLevel::L9_2 && bare == "R32_UINT" {
        flags = flags | FormatSupport::FORMAT | FormatSupport::IA_INDEX_BUFFER;
    }
    flags
}

/// Support for `format` at `level`, as `CheckFormatSupport` reports it (SPEC §2.1, formats.json).
pub fn format_support(level: FeatureLevel, format: Format) -> FormatSupport {
    format_support_by_name(level, format.name())
}

/// The DXGI names listed on the json page `level` reads (SPEC §2.1).
pub fn listed_formats(level: FeatureLevel) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = pages()
        .get(page_name(level))
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    names.sort_unstable();
    names
}
