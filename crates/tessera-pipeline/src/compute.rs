//! The compute stage's interface: what the device needs from a compute shader
//! (`ID3D11ComputeShader`) and the buffers a dispatch reads and writes; the UAVs a draw's
//! pixel shader reads and writes ([`PixelUavs`]).

use std::fmt::Debug;

use tessera_format::{Format, Layout};
use tessera_types::ViewDimension;

use crate::env::ShaderEnv;

/// One storage texture a compute shader declares (a typed texture UAV).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StorageTextureUse {
    /// UAV slot.
    pub slot: u32,
    /// The declared texel format (the bound view must have it).
    pub format: Format,
    /// True when the shader reads it (`read` / `read_write`: a typed UAV load).
    pub reads: bool,
    /// The UAV dimension it takes: `Texture1D` (`texture_storage_1d`), `Texture2D`,
    /// `Texture2DArray` or `Texture3D`.
    pub dimension: ViewDimension,
}

/// One texture (shader-resource view) slot a shader reads and the kind of texture it declares
/// there: D3D's `dcl_resource_texture2dms` versus the single-sample declarations. A draw or
/// dispatch refuses a bound view of the other kind (the multisampled rule: a Texture2DMS /
/// Texture2DMSArray view only at a multisampled slot, and only there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureUse {
    /// Shader-resource slot (`t<k>`).
    pub slot: u32,
    /// True for a multisampled texture (HLSL `Texture2DMS`, WGSL `texture_multisampled_2d`).
    pub multisampled: bool,
}

/// The storage buffers and textures of one dispatch, as raw bytes (a buffer view's range, or
/// a texture UAV's subresource).
pub struct ComputeMemory<'a, 'b> {
    /// Unordered-access views by slot (`CSSetUnorderedAccessViews`).
    pub uavs: &'a mut [Option<&'b mut [u8]>],
    /// The layout of each UAV slot that holds a texture (its view's mip, in the view's
    /// format; the array slices of an array view, or the W slices of a 3D view, are its
    /// depth); `None` (or past the end) for buffer views. Texel addresses in it come from
    /// `tessera_format::memory` ([`Layout::element_offset`]).
    pub uav_layouts: &'a [Option<Layout>],
    /// Buffer shader-resource views by slot (`CSSetShaderResources`), read-only.
    pub srvs: &'a [Option<&'b [u8]>],
}

/// The UAVs bound to the output merger for one draw (`OMSetRenderTargetsAndUnorderedAccessViews`), as raw bytes (a buffer view's range, or
/// a texture UAV's subresource), by UAV slot.
#[derive(Default)]
pub struct PixelUavs<'a> {
    /// Bytes by UAV slot (`None`: unbound: reads 0, writes dropped).
    pub uavs: Vec<Option<&'a mut [u8]>>,
    /// The layout of each slot that holds a texture (its view's mip in the view's format);
    /// `None` for buffer views. Texel addresses in it come from `tessera_format::memory`.
    pub layouts: Vec<Option<Layout>>,
}

/// Why a dispatch or draw was abandoned (a shader's fault, reported by the shader).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShaderFault {
    /// An invocation ran past the per-invocation step budget (a hung shader, like a GPU's
    /// timeout detection).
    #[error("a shader invocation exceeded its step budget of {budget} steps (a hung shader)")]
    StepBudget {
        /// The budget.
        budget: u64,
    },
    /// Any other failure the shader implementation reports.
    #[error("the compute shader failed: {message}")]
    Shader {
        /// The implementation's message.
        message: String,
    },
}

/// A compute shader the device can dispatch; its reflection is fixed at creation.
pub trait ComputeShader: Send + Sync + Debug {
    /// `[numthreads]` / `@workgroup_size`.
    fn workgroup_size(&self) -> [u32; 3];
    /// Bytes of thread-group shared (workgroup) memory.
    fn workgroup_bytes(&self) -> u32;
    /// Unordered-access-view slots the shader uses.
    fn uav_slots(&self) -> Vec<u32>;
    /// True when the shader uses an atomic on a UAV (not available with cs_4_x).
    fn uses_uav_atomics(&self) -> bool;
    /// The UAV slots whose hidden append/consume counter the shader uses (each also in
    /// [`uav_slots`](Self::uav_slots)); the device binds the counter's 4 bytes at memory slot
    /// `64 + n` ([`COUNTER_SLOT_BASE`](crate::env::COUNTER_SLOT_BASE)). None by default.
    fn uav_counters(&self) -> Vec<u32> {
        Vec::new()
    }
    /// The storage textures (typed texture UAVs) the shader declares; none by default.
    fn storage_textures(&self) -> Vec<StorageTextureUse> {
        Vec::new()
    }
    /// The texture slots the shader reads and their declared kind ([`TextureUse`]); none by
    /// default (a shader that declares none is not checked).
    fn texture_uses(&self) -> Vec<TextureUse> {
        Vec::new()
    }
    /// True when the shader uses instructions cs_4_0 lacks (SM 4.1: `sampleinfo` /
    /// `textureNumSamples`, `ld2dms` with a computed sample index or of a depth texture,
    /// `gather4`, cube arrays); `CreateComputeShader` refuses it at 10_0. False by default.
    fn needs_cs_4_1(&self) -> bool {
        false
    }
    /// True when the shader uses instructions cs_4_x lacks (SM 5.0 only: `countbits`,
    /// `reversebits`, `firstbithigh`/`firstbitlow`, `ubfe`/`ibfe`/`bfi`, `f32tof16`/
    /// `f16tof32`, gathers of other components); `CreateComputeShader` refuses it below
    /// 11_0. False by default.
    fn needs_cs_5_0(&self) -> bool {
        false
    }
    /// The tiled-resources shader features the shader uses (see
    /// [`crate::PixelShader::tiled_shader_use`]); `CreateComputeShader` refuses one below
    /// Tier 2 (SPEC §6.8). None by default.
    fn tiled_shader_use(&self) -> tessera_types::TiledShaderUse {
        tessera_types::TiledShaderUse::NONE
    }
    /// Runs `groups` thread groups with the stage's bindings; on a fault the dispatch is
    /// abandoned (the UAVs' contents are then undefined).
    fn dispatch(
        &self,
        env: &ShaderEnv<'_>,
        memory: ComputeMemory<'_, '_>,
        groups: [u32; 3],
    ) -> Result<(), ShaderFault>;
}
