//! The resources a shader stage sees: constant buffers, shader-resource views and samplers.

use std::sync::LazyLock;

use tessera_sampler::{AccessStatus, SampleLod, Sampler, TextureView};
use wide::{f32x8, i32x8, u32x8};

/// Constant-buffer slots per stage (`D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT`).
pub const CONSTANT_BUFFER_SLOTS: usize = 14;
/// Shader-resource slots per stage (`D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT`).
pub const SRV_SLOTS: usize = 128;
/// Sampler slots per stage (`D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT`).
pub const SAMPLER_SLOTS: usize = 16;
/// Where UAV memory holds hidden counters: the 4 bytes of UAV slot `n`'s append/consume
/// counter are UAV memory slot `COUNTER_SLOT_BASE + n` (64 = `D3D11_1_UAV_SLOT_COUNT`; WGSL
/// `@group(3) @binding(64 + n)`, docs/shaders.md "Binding model").
pub const COUNTER_SLOT_BASE: usize = 64;

/// Everything bound to one shader stage for a draw, borrowed for the draw's duration.
#[derive(Default)]
pub struct ShaderEnv<'a> {
    /// Constant buffers by slot, as raw bytes (float4 registers are 16 bytes each).
    pub constant_buffers: Vec<Option<&'a [u8]>>,
    /// Shader-resource views by slot (`None` = unbound: sampling returns zeros).
    pub textures: Vec<Option<TextureView<'a>>>,
    /// Samplers by slot (`None` = the D3D default sampler).
    pub samplers: Vec<Option<Sampler>>,
    /// Buffer shader-resource views by slot, as the bytes of their element range (a
    /// structured or `R32` typed buffer view: what a shader reads as a read-only storage
    /// buffer; `None` = unbound or a texture view: reads 0).
    pub buffers: Vec<Option<&'a [u8]>>,
}

impl ShaderEnv<'_> {
    /// Reads constant register `index` of buffer `slot`; out of range or unbound reads are 0
    /// (SPEC §4.6: out-of-bounds constant-buffer read ⇒ 0).
    #[inline]
    pub fn constant(&self, slot: usize, index: usize) -> [f32; 4] {
        let Some(Some(bytes)) = self.constant_buffers.get(slot) else {
            return [0.0; 4];
        };
        let start = index.saturating_mul(16);
        match bytes.get(start..start.saturating_add(16)) {
            Some(reg) => {
                let mut out = [0.0; 4];
                for (o, chunk) in out.iter_mut().zip(reg.chunks_exact(4)) {
                    *o = f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
                }
                out
            }
            None => [0.0; 4],
        }
    }

    /// Reads four consecutive constant registers as matrix rows.
    #[inline]
    pub fn constant_matrix(&self, slot: usize, index: usize) -> [[f32; 4]; 4] {
        [
            self.constant(slot, index),
            self.constant(slot, index + 1),
            self.constant(slot, index + 2),
            self.constant(slot, index + 3),
        ]
    }

    /// The view bound at `slot`, if any (out-of-range slots behave as unbound).
    #[inline]
    pub fn texture(&self, slot: usize) -> Option<&TextureView<'_>> {
        self.textures.get(slot).and_then(Option::as_ref)
    }

    /// The sampler bound at `slot`; unbound slots give the D3D default sampler (SPEC §4.1).
    #[inline]
    pub fn sampler(&self, slot: usize) -> &Sampler {
        static DEFAULT: LazyLock<Sampler> = LazyLock::new(Sampler::default);
        self.samplers
            .get(slot)
            .and_then(Option::as_ref)
            .unwrap_or(&DEFAULT)
    }

    /// `t<texture>.Sample*(s<sampler>, coords, offset, clamp, out status)` (SM 5 `_s` / `_cl`,
    /// tiled-resources Tier 2, SPEC §6.8): the sample of `lod`'s kind with the per-sample LOD
    /// clamp `clamp` (view mip space; `None` = none) and the residency feedback for
    /// [`check_access_fully_mapped`]. A shader calling it declares
    /// [`TiledShaderUse`](crate::shader::TiledShaderUse) (refused below Tier 2).
    #[inline]
    pub fn sample_with_status(
        &self,
        (texture, sampler): (usize, usize),
        coords: [f32x8; 4],
        lod: SampleLod,
        offset: [i32; 3],
        clamp: Option<f32x8>,
    ) -> ([f32x8; 4], AccessStatus) {
        tessera_sampler::sample_status(
            self.texture(texture),
            self.sampler(sampler),
            coords,
            lod,
            offset,
            clamp,
        )
    }

    /// `t<texture>.Load(coords, sampleIndex)` of a multisampled view (HLSL `Texture2DMS` /
    /// `Texture2DMSArray`, `ld2dms`): `coords` = (x, y, slice), raw bits per lane, out of
    /// range (coordinate, slice or sample index) reading 0 with the format's defaults
    /// ([`tessera_sampler::load_sample`]); an unbound or single-sample slot reads zeros.
    #[inline]
    pub fn load_sample(&self, texture: usize, coords: [i32x8; 3], sample: i32x8) -> [u32x8; 4] {
        tessera_sampler::load_sample(self.texture(texture), coords, sample)
    }

    /// `t<texture>.Sample(s<sampler>, coords, offset, clamp)` (HLSL `SampleClamp`, SM 5 `_cl`):
    /// implicit LOD raised to at least `clamp` (view mip space) per lane.
    #[inline]
    pub fn sample_clamped(
        &self,
        (texture, sampler): (usize, usize),
        coords: [f32x8; 4],
        clamp: f32x8,
        offset: [i32; 3],
    ) -> [f32x8; 4] {
        tessera_sampler::sample_clamped(
            self.texture(texture),
            self.sampler(sampler),
            coords,
            clamp,
            offset,
        )
    }
}

/// HLSL `CheckAccessFullyMapped(status)` per lane: true where every texel of non-zero weight
/// the access read was mapped (SPEC §6.8).
#[inline]
pub fn check_access_fully_mapped(status: AccessStatus) -> [bool; 8] {
    tessera_sampler::check_access_fully_mapped(status)
}
