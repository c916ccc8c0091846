//! Shader profiles and the resource use a shader declares (its signature), as plain data.
//!
//! The rules that apply them (which profile a level runs, the 9_x constant and slot limits)
//! live in `tessera-caps` (`Caps::validate_vertex_shader` / `validate_pixel_shader`).

use std::fmt;

use crate::desc::ShaderStage;

/// A vertex or pixel shader target profile (the HLSL `-T` argument) as Direct3D 11 names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ShaderProfile {
    /// `vs_4_0_level_9_1` (D3D9 vs_2_0 hardware; runs at every level).
    Vs4_0Level9_1,
    /// `vs_4_0_level_9_3` (D3D9 vs_2_a hardware; 9_3 and up).
    Vs4_0Level9_3,
    /// `vs_4_0` (10_0 and up).
    Vs4_0,
    /// `vs_4_1` (10_1 and up).
    Vs4_1,
    /// `vs_5_0` (11_0 and up).
    Vs5_0,
    /// `ps_4_0_level_9_1` (D3D9 ps_2_0 hardware; runs at every level).
    Ps4_0Level9_1,
    /// `ps_4_0_level_9_3` (D3D9 ps_2_x hardware; 9_3 and up).
    Ps4_0Level9_3,
    /// `ps_4_0` (10_0 and up).
    Ps4_0,
    /// `ps_4_1` (10_1 and up).
    Ps4_1,
    /// `ps_5_0` (11_0 and up).
    Ps5_0,
}

impl ShaderProfile {
    /// Every profile, vertex ones first, each stage's lowest first.
    pub const ALL: [ShaderProfile; 10] = [
        Self::Vs4_0Level9_1,
        Self::Vs4_0Level9_3,
        Self::Vs4_0,
        Self::Vs4_1,
        Self::Vs5_0,
        Self::Ps4_0Level9_1,
        Self::Ps4_0Level9_3,
        Self::Ps4_0,
        Self::Ps4_1,
        Self::Ps5_0,
    ];

    /// The D3D name, e.g. `"ps_4_0_level_9_1"` (caps.toml `vs_profiles`/`ps_profiles` spelling).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Vs4_0Level9_1 => "vs_4_0_level_9_1",
            Self::Vs4_0Level9_3 => "vs_4_0_level_9_3",
            Self::Vs4_0 => "vs_4_0",
            Self::Vs4_1 => "vs_4_1",
            Self::Vs5_0 => "vs_5_0",
            Self::Ps4_0Level9_1 => "ps_4_0_level_9_1",
            Self::Ps4_0Level9_3 => "ps_4_0_level_9_3",
            Self::Ps4_0 => "ps_4_0",
            Self::Ps4_1 => "ps_4_1",
            Self::Ps5_0 => "ps_5_0",
        }
    }

    /// The profile with this D3D name, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The stage the profile compiles for (vertex or pixel).
    pub const fn stage(self) -> ShaderStage {
        match self {
            Self::Vs4_0Level9_1 | Self::Vs4_0Level9_3 | Self::Vs4_0 | Self::Vs4_1 | Self::Vs5_0 => {
                ShaderStage::Vertex
            }
            _ => ShaderStage::Pixel,
        }
    }

    /// True for the `*_4_0_level_9_x` profiles (the 10Level9 ones, SPEC §1.2 "Shader model").
    pub const fn is_level_9(self) -> bool {
        matches!(
            self,
            Self::Vs4_0Level9_1 | Self::Vs4_0Level9_3 | Self::Ps4_0Level9_1 | Self::Ps4_0Level9_3
        )
    }
}

impl fmt::Display for ShaderProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Float4 constants a shader reads from one constant-buffer slot (`cb<slot>[0..constants]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConstantBufferUse {
    /// Constant-buffer slot (`b<slot>`).
    pub slot: u32,
    /// Float4 constants read: the highest index read + 1.
    pub constants: u32,
    /// The shader defines its behaviour with the slot empty (a built-in convenience such as
    /// `TransformVs`, which uses identity), so an empty slot is not reported at draw
    /// (`DEVICE_DRAW_CONSTANT_BUFFER_NOT_SET`); a bound buffer that is too small still is.
    pub optional: bool,
}

impl ConstantBufferUse {
    /// A slot the shader needs: an empty slot at draw is reported, as D3D's debug layer does.
    pub const fn required(slot: u32, constants: u32) -> Self {
        Self {
            slot,
            constants,
            optional: false,
        }
    }

    /// A slot the shader may run without (it documents what it uses instead).
    pub const fn optional(slot: u32, constants: u32) -> Self {
        Self {
            slot,
            constants,
            optional: true,
        }
    }
}

/// One texture–sampler pair a shader samples with: `t<texture>.Sample(s<sampler>, v<coords>)`.
/// The pairing rules (FL-05 WRAP on non-pow2) and the texture-repeat measure read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SamplePair {
    /// SRV slot of the texture.
    pub texture: u32,
    /// Sampler slot.
    pub sampler: u32,
    /// Input varying (pixel-shader input register) holding the coordinates, as interpolated.
    pub coords: u32,
    /// Coordinate components read (u, v = 2; u, v, w = 3).
    pub components: u8,
}

/// One input or output register of a shader's signature.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SignatureElement {
    /// Semantic name (`"POSITION"`, `"SV_Target"`, …); `None` when the shader matches the
    /// register by position only (the built-ins read input-layout element k as register k).
    pub semantic: Option<String>,
    /// Semantic index.
    pub index: u32,
    /// Register: input-layout element / varying `o<k>` / `v<k>` / render target `k`.
    pub register: u32,
    /// Components read or written (1..=4).
    pub components: u8,
}

impl SignatureElement {
    /// An element matched by register position only (no semantic name).
    pub const fn positional(register: u32, components: u8) -> Self {
        Self {
            semantic: None,
            index: register,
            register,
            components,
        }
    }

    /// An element with a semantic name and index.
    pub fn named(semantic: &str, index: u32, register: u32, components: u8) -> Self {
        Self {
            semantic: Some(semantic.to_owned()),
            index,
            register,
            components,
        }
    }
}

/// The tiled-resources shader features a shader uses (SM 5's `_s` status-feedback and `_cl`
/// per-sample LOD-clamp instructions: HLSL `Sample(s, uv, offset, clamp, out status)`,
/// `CheckAccessFullyMapped`). They exist from Tier 2 (SPEC §6.8: "not available" at Tier 1),
/// so `Create*Shader` refuses a shader declaring one below Tier 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TiledShaderUse {
    /// Reads residency feedback (`*_status` calls, `CheckAccessFullyMapped`).
    pub status_feedback: bool,
    /// Samples with a per-sample LOD clamp (`SampleClamp`, `_cl`).
    pub lod_clamp: bool,
}

impl TiledShaderUse {
    /// Neither feature (every shader that does not declare otherwise).
    pub const NONE: Self = Self {
        status_feedback: false,
        lod_clamp: false,
    };

    /// The first feature used, by name (`None` when neither is).
    pub const fn first_used(self) -> Option<&'static str> {
        if self.status_feedback {
            Some("residency status feedback (CheckAccessFullyMapped, `_s` instructions)")
        } else if self.lod_clamp {
            Some("the per-sample LOD clamp (`_cl` instructions)")
        } else {
            None
        }
    }
}

/// What a shader declares about itself: its profile and every resource it reads, its inputs
/// and its outputs (the reflection data of a compiled D3D shader).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShaderSignature {
    /// The target profile.
    pub profile: ShaderProfile,
    /// Constant buffers read and how many float4 constants from each.
    pub constant_buffers: Vec<ConstantBufferUse>,
    /// SRV slots read (`t<k>`).
    pub shader_resources: Vec<u32>,
    /// Sampler slots used (`s<k>`).
    pub samplers: Vec<u32>,
    /// The texture–sampler pairs sampled, with their coordinate varying.
    pub samples: Vec<SamplePair>,
    /// Inputs: input-layout elements (VS) or interpolated varyings (PS).
    pub inputs: Vec<SignatureElement>,
    /// Outputs: varyings written (VS) or render targets written (PS, `SV_Target<k>`).
    pub outputs: Vec<SignatureElement>,
}

impl ShaderSignature {
    /// A signature of `profile` that reads and writes nothing (fill the fields in).
    pub const fn new(profile: ShaderProfile) -> Self {
        Self {
            profile,
            constant_buffers: Vec::new(),
            shader_resources: Vec::new(),
            samplers: Vec::new(),
            samples: Vec::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
        }
    }

    /// Float4 constants read over every constant buffer (the 9_x "constants in total", SPEC §2.2).
    pub fn total_constants(&self) -> u64 {
        self.constant_buffers
            .iter()
            .map(|c| u64::from(c.constants))
            .sum()
    }
}
