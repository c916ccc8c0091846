//! Shader traits over 8 SIMD lanes of D3D-style float4 registers.
//!
//! A shader is any Rust type implementing [`VertexShader`] or [`PixelShader`]. Both run over
//! eight lanes at once: a register is four `f32x8` (x, y, z, w), so one call shades eight
//! vertices or two 2×2 pixel quads. Registers are untyped 32-bit lanes as in D3D: an integer
//! value travels as its bit pattern (`f32::from_bits`). An interpreted shader (WGSL or SPIR-V
//! through naga) implements the same traits.
//!
//! Pixel lanes follow the quad convention of `tessera_sampler::quad`: lanes 0..3 are quad 0 and
//! lanes 4..7 quad 1, each ordered top-left, top-right, bottom-left, bottom-right, so
//! derivatives (`ddx`/`ddy`, coarse and fine) are exact differences between lanes.

use wide::f32x8;

pub use tessera_types::{
    ConstantBufferUse, SamplePair, ShaderProfile, ShaderSignature, SignatureElement, TiledShaderUse,
};

pub use tessera_sampler::quad::{ddx_coarse, ddx_fine, ddy_coarse, ddy_fine};

use std::sync::{Mutex, PoisonError};

use crate::compute::PixelUavs;
use crate::compute::{StorageTextureUse, TextureUse};
use crate::env::ShaderEnv;

/// One float4 register over 8 lanes: `[x, y, z, w]`.
pub type Reg = [f32x8; 4];

/// The most float4 registers a vertex may pass to the pixel stage (D3D11: 32; we carry 16).
pub const MAX_VARYINGS: usize = 16;

/// The most vertex input registers (input-layout elements) a vertex shader reads.
pub const MAX_VERTEX_INPUTS: usize = 32;

/// The number of simultaneous render targets (`D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT`).
pub const MAX_RENDER_TARGETS: usize = 8;

/// A register filled with zeros.
pub const ZERO_REG: Reg = [f32x8::ZERO; 4];

/// How a pixel-shader input is interpolated (HLSL interpolation modifiers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Interpolation {
    /// Perspective-correct (`linear`, the default).
    #[default]
    Perspective,
    /// Linear in screen space (`noperspective`).
    NoPerspective,
    /// The leading (provoking) vertex's value (`nointerpolation`).
    Constant,
}

/// Where in its pixel an interpolated pixel-shader input is evaluated on a multisampled target
/// (the HLSL location modifiers; D3D11.3 §16.4, §3.5.5). At one sample every location is the
/// pixel centre. A [`Interpolation::Constant`] input has the same value everywhere, so its
/// location changes nothing (a `Sample` one still selects sample-frequency shading).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sampling {
    /// The pixel centre (the default).
    #[default]
    Center,
    /// `centroid`: the centre when every sample of the pixel is covered, else the first
    /// covered sample (sample-index order, after the sample mask); on a helper lane the first
    /// sample of a partial sample mask, else the centre (D3D11.3 §3.5.5).
    Centroid,
    /// `sample`: the position of the sample being shaded; the shader runs once per covered
    /// sample (sample frequency, D3D11.3 §3.5.4).
    Sample,
}

/// What the input assembler hands a vertex shader for eight vertices.
#[derive(Clone, Copy, Debug)]
pub struct VsInput<'a> {
    /// One register per input-layout element, in element order.
    pub regs: &'a [Reg],
    /// `SV_VertexID` of each lane (as u32 bits).
    pub vertex_id: [u32; 8],
    /// `SV_InstanceID` of each lane.
    pub instance_id: [u32; 8],
}

/// What a vertex shader writes for eight vertices.
#[derive(Clone, Copy, Debug)]
pub struct VsOutput {
    /// `SV_Position` in clip space.
    pub position: Reg,
    /// Varyings `o0..o15`, read by the pixel shader's inputs.
    pub varyings: [Reg; MAX_VARYINGS],
}

impl Default for VsOutput {
    fn default() -> Self {
        Self {
            position: ZERO_REG,
            varyings: [ZERO_REG; MAX_VARYINGS],
        }
    }
}

/// A vertex shader: eight vertices per call.
pub trait VertexShader: Send + Sync {
    /// The profile and resource use the shader declares (required: the caps rules of
    /// `Create*Shader`/`VSSetShader` and the info-queue checks read it, so it must be truthful).
    fn signature(&self) -> ShaderSignature;
    /// How many varyings (`o0..`) the shader writes; the rest are not interpolated.
    fn varying_count(&self) -> usize;
    /// Shades eight vertices. Lanes past the end of the batch hold copies of valid vertices.
    fn shade(&self, env: &ShaderEnv<'_>, input: &VsInput<'_>, out: &mut VsOutput);

    /// The tiled-resources shader features the shader uses (`_s` status feedback through
    /// [`ShaderEnv::sample_with_status`] and `tessera_sampler`'s `*_status` calls, `_cl`
    /// clamps through [`ShaderEnv::sample_clamped`]); `Create*Shader` refuses one below Tier 2
    /// (SPEC §6.8). Must be truthful, like [`Self::signature`]; none by default.
    fn tiled_shader_use(&self) -> TiledShaderUse {
        TiledShaderUse::NONE
    }

    /// The shader-resource slots the shader reads as buffers (HLSL `StructuredBuffer` /
    /// `ByteAddressBuffer`, WGSL `@group(1) var<storage, read>`); none by default. A draw
    /// resolves the buffer view bound there (structured or `R32` typed) into
    /// [`ShaderEnv::buffers`] and refuses any other view.
    fn storage_srv_slots(&self) -> Vec<u32> {
        Vec::new()
    }

    /// The texture slots the shader reads and their declared kind
    /// ([`TextureUse`]); none by default (a shader that declares none is
    /// not checked). A draw refuses a multisampled view at a single-sample slot and the
    /// reverse.
    fn texture_uses(&self) -> Vec<TextureUse> {
        Vec::new()
    }

    /// Takes (and clears) the fault of the calls since the last take, e.g. a call run past its
    /// step budget; the device then abandons the draw with a device-hung error. The default,
    /// for shaders that cannot fault (the built-ins), is `None`.
    fn take_fault(&self) -> Option<crate::compute::ShaderFault> {
        None
    }
}

/// What the rasterizer hands a pixel shader for two 2×2 quads.
#[derive(Clone, Copy, Debug)]
pub struct PsInput<'a> {
    /// `SV_Position`: pixel centre x, y; interpolated z; w = 1 / interpolated(1/w).
    pub position: Reg,
    /// Interpolated varyings, as many as the shader declares.
    pub varyings: &'a [Reg],
    /// `SV_IsFrontFace` of the primitive.
    pub front_face: bool,
    /// `SV_PrimitiveID` (index of the primitive within the draw).
    pub primitive_id: u32,
    /// Lanes covered by the primitive (bit k set = lane k covered; clear = helper lane). At
    /// sample frequency: the lanes whose sample [`sample_index`](Self::sample_index) is shaded.
    pub coverage: u8,
    /// `SV_SampleIndex`: the sample this call shades at sample frequency, 0 at pixel frequency.
    pub sample_index: u32,
    /// `SV_Coverage` as an input, per lane: bit `s` set when the primitive covers sample `s` of
    /// the lane's pixel and the sample mask keeps it; not changed by depth/stencil; 0 on helper
    /// lanes outside the primitive (D3D11.3 §16.3.2; the same whole-pixel mask at sample
    /// frequency). Filled only for a shader whose [`PixelShader::reads_coverage`] is true
    /// (zeros otherwise).
    pub input_coverage: [u32; 8],
}

/// What a pixel shader writes for eight lanes.
#[derive(Clone, Copy, Debug)]
pub struct PsOutput {
    /// `SV_Target0..7`; `targets[1]` doubles as the second source of dual-source blending.
    pub targets: [Reg; MAX_RENDER_TARGETS],
    /// `SV_Depth`, read only when [`PixelShader::writes_depth`] is true.
    pub depth: f32x8,
    /// Lanes the shader discarded (`discard` / `clip`); read only when
    /// [`PixelShader::may_discard`] is true.
    pub discard: [bool; 8],
    /// `SV_Coverage` (oMask) per lane, bit `s` = sample `s` kept (ANDed after the sample mask,
    /// SPEC §5.3); read only when [`PixelShader::writes_coverage`] is true, all ones before
    /// the call.
    pub coverage: [u32; 8],
}

impl Default for PsOutput {
    fn default() -> Self {
        Self {
            targets: [ZERO_REG; MAX_RENDER_TARGETS],
            depth: f32x8::ZERO,
            discard: [false; 8],
            coverage: [u32::MAX; 8],
        }
    }
}

/// A pixel shader: two 2×2 quads (eight lanes) per call.
pub trait PixelShader: Send + Sync {
    /// The profile and resource use the shader declares (required and truthful: the caps rules
    /// of `Create*Shader`/`PSSetShader`, the WRAP-on-non-pow2 pairing (FL-05) and the 9_x
    /// texture-repeat measure read it).
    fn signature(&self) -> ShaderSignature;
    /// Interpolation mode of each varying the shader reads (its length is the input count).
    fn inputs(&self) -> &[Interpolation];
    /// Where each varying is evaluated (`centroid`, `sample`), by input index like
    /// [`inputs`](Self::inputs); inputs past its end are at the centre. Empty by default.
    fn input_sampling(&self) -> &[Sampling] {
        &[]
    }
    /// True when the shader reads `SV_SampleIndex` ([`PsInput::sample_index`]): it then runs
    /// at sample frequency, once per covered sample (D3D11.3 §3.5.4).
    fn reads_sample_index(&self) -> bool {
        false
    }
    /// True when the shader reads `SV_Coverage` as an input ([`PsInput::input_coverage`]).
    fn reads_coverage(&self) -> bool {
        false
    }
    /// True when the shader writes `SV_Depth` (forces late depth/stencil).
    fn writes_depth(&self) -> bool {
        false
    }
    /// True when the shader may `discard` (forces late depth/stencil). `PsOutput::discard` is
    /// read only when this is true.
    fn may_discard(&self) -> bool {
        false
    }
    /// True when the shader writes `SV_Coverage` (oMask, SPEC §5.3): `PsOutput::coverage` is
    /// read and ANDed into each lane's samples, alpha-to-coverage is off, and depth/stencil
    /// are tested late.
    fn writes_coverage(&self) -> bool {
        false
    }
    /// True when every output is a function of the varyings and the draw's constants alone
    /// (not of the position, face, primitive ID, coverage or any resource), and the shader
    /// neither discards nor writes depth: a triangle whose varyings are constant then has one
    /// output colour, and the pipeline may shade it once and tabulate the output merger
    /// (`ps::solid`).
    fn uniform_output(&self) -> bool {
        false
    }
    /// `Some(i)` when the shader's only effect is `SV_Target0 = v_i` (input varying `i` as
    /// interpolated; every other output zero), neither discarding nor writing depth: the
    /// pipeline may then interpolate `v_i` straight into the output merger without calling
    /// [`shade`](Self::shade), with the same result.
    fn passthrough(&self) -> Option<usize> {
        None
    }
    /// Shades eight lanes. Helper lanes must be shaded too so derivatives stay exact.
    fn shade(&self, env: &ShaderEnv<'_>, input: &PsInput<'_>, out: &mut PsOutput);

    /// The tiled-resources shader features the shader uses (`_s` status feedback through
    /// [`ShaderEnv::sample_with_status`] and `tessera_sampler`'s `*_status` calls, `_cl`
    /// clamps through [`ShaderEnv::sample_clamped`]); `Create*Shader` refuses one below Tier 2
    /// (SPEC §6.8). Must be truthful, like [`Self::signature`]; none by default.
    fn tiled_shader_use(&self) -> TiledShaderUse {
        TiledShaderUse::NONE
    }

    /// The shader-resource slots the shader reads as buffers (HLSL `StructuredBuffer` /
    /// `ByteAddressBuffer`, WGSL `@group(1) var<storage, read>`); none by default. A draw
    /// resolves the buffer view bound there (structured or `R32` typed) into
    /// [`ShaderEnv::buffers`] and refuses any other view.
    fn storage_srv_slots(&self) -> Vec<u32> {
        Vec::new()
    }

    /// The texture slots the shader reads and their declared kind
    /// ([`TextureUse`]); none by default (a shader that declares none is
    /// not checked). A draw refuses a multisampled view at a single-sample slot and the
    /// reverse.
    fn texture_uses(&self) -> Vec<TextureUse> {
        Vec::new()
    }

    /// The unordered-access-view slots the shader reads or writes (HLSL `u#`, WGSL
    /// `@group(3)`); none by default. A shader with UAVs needs ps_5_0 (11_0+), runs before the
    /// depth/stencil test unless [`early_depth_stencil`](Self::early_depth_stencil), and its
    /// draws run the pixel stage in one serial order (`schedule::raster_serial`).
    fn uav_slots(&self) -> Vec<u32> {
        Vec::new()
    }
    /// The storage textures (typed texture UAVs) among [`uav_slots`](Self::uav_slots).
    fn storage_textures(&self) -> Vec<StorageTextureUse> {
        Vec::new()
    }
    /// True when the shader uses an atomic on a UAV.
    fn uses_uav_atomics(&self) -> bool {
        false
    }
    /// The UAV slots whose hidden append/consume counter the shader uses (each also in
    /// [`uav_slots`](Self::uav_slots)); the device binds the counter's 4 bytes at memory slot
    /// `64 + n` ([`COUNTER_SLOT_BASE`](crate::env::COUNTER_SLOT_BASE)). None by default.
    fn uav_counters(&self) -> Vec<u32> {
        Vec::new()
    }
    /// True for HLSL `[earlydepthstencil]` (WGSL `@early_depth_test(force)`): depth/stencil
    /// is tested (and written) before the shader even though it has UAVs or may discard;
    /// pixels that fail it do not run the shader (their lanes are helpers).
    fn early_depth_stencil(&self) -> bool {
        false
    }
    /// Shades eight lanes with the draw's UAVs. Only covered lanes that do not discard may
    /// write them (helper lanes' UAV writes and atomics are dropped, as D3D's are). The default
    /// ignores `uavs` and calls [`shade`](Self::shade).
    fn shade_with_uavs(
        &self,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
        out: &mut PsOutput,
        uavs: &mut PixelUavs<'_>,
    ) {
        let _ = uavs;
        self.shade(env, input, out);
    }

    /// Takes (and clears) the fault of the calls since the last take (see
    /// [`VertexShader::take_fault`]); `None` by default.
    fn take_fault(&self) -> Option<crate::compute::ShaderFault> {
        None
    }
}

/// The draw's UAVs behind a lock, as the pipeline holds them (a trait object, so that the
/// per-draw state stays covariant in its lifetime). `Mutex<PixelUavs>` implements it.
pub trait UavLock: Sync {
    /// Runs `ps` on one 8-lane call with the UAVs ([`PixelShader::shade_with_uavs`]).
    fn shade(
        &self,
        ps: &dyn PixelShader,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
        out: &mut PsOutput,
    );
}

impl UavLock for Mutex<PixelUavs<'_>> {
    fn shade(
        &self,
        ps: &dyn PixelShader,
        env: &ShaderEnv<'_>,
        input: &PsInput<'_>,
        out: &mut PsOutput,
    ) {
        // A panic elsewhere has already failed the draw: a poisoned lock is used as is.
        let mut g = self.lock().unwrap_or_else(PoisonError::into_inner);
        ps.shade_with_uavs(env, input, out, &mut g);
    }
}

/// Splats a scalar into all lanes.
#[inline]
pub fn splat(v: f32) -> f32x8 {
    f32x8::splat(v)
}

/// Splats a float4 into a register.
#[inline]
pub fn splat4(v: [f32; 4]) -> Reg {
    [splat(v[0]), splat(v[1]), splat(v[2]), splat(v[3])]
}

/// Four-component dot product per lane, evaluated left to right (no fused multiply-add).
#[inline]
pub fn dot4(a: &Reg, b: &Reg) -> f32x8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]
}

/// Three-component dot product per lane, evaluated left to right.
#[inline]
pub fn dot3(a: &Reg, b: &Reg) -> f32x8 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Matrix × column vector, `M · v`, with `M` given as four rows (HLSL `mul(M, v)`).
/// Each component is a left-to-right dot product: no fused multiply-add.
#[inline]
pub fn mul_mat_vec(rows: &[[f32; 4]; 4], v: &Reg) -> Reg {
    let row = |r: &[f32; 4]| v[0] * r[0] + v[1] * r[1] + v[2] * r[2] + v[3] * r[3];
    [row(&rows[0]), row(&rows[1]), row(&rows[2]), row(&rows[3])]
}
