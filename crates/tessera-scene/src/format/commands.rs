//! The command list: one entry per Direct3D 11 context call, executed in order.

use serde::Deserialize;
use tessera::Format;

use super::names::TopologyName;
use super::{
    CopyTileMappingsSpec, CopyTilesSpec, FormatName, ResizeTilePoolSpec, TiledResourceBarrierSpec,
    UpdateTileMappingsSpec, UpdateTilesSpec, ones4,
};

/// One vertex-buffer binding.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VertexBufferSpec {
    /// Buffer name.
    pub buffer: String,
    /// Bytes per vertex.
    pub stride: u32,
    /// Byte offset (default 0).
    #[serde(default)]
    pub offset: u32,
}

/// A viewport in pixels.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(missing_docs, reason = "the fields are the D3D11_VIEWPORT members")]
pub struct ViewportSpec {
    #[serde(default)]
    pub x: f32,
    #[serde(default)]
    pub y: f32,
    pub width: f32,
    pub height: f32,
    #[serde(default)]
    pub min_depth: f32,
    #[serde(default = "one")]
    pub max_depth: f32,
}

fn one() -> f32 {
    1.0
}

/// A scissor rectangle in pixels (right/bottom exclusive).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[expect(missing_docs, reason = "the fields are the D3D11_RECT members")]
pub struct RectSpec {
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
}

fn all_ones() -> u32 {
    u32::MAX
}
fn yes() -> bool {
    true
}
fn one_u32() -> u32 {
    1
}

fn r16() -> FormatName {
    FormatName(Format::R16Uint)
}

/// A command, executed in order.
#[derive(Clone, Debug, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
#[expect(
    missing_docs,
    reason = "variant fields are the D3D11 call's parameters"
)]
pub enum Command {
    /// `ClearRenderTargetView` (target omitted: every colour target).
    ClearRtv {
        #[serde(default)]
        target: Option<String>,
        color: [f32; 4],
    },
    /// `ClearDepthStencilView`: clears depth when `depth` is given, stencil when `stencil` is;
    /// with neither, depth is cleared to 1.
    ClearDsv {
        #[serde(default)]
        depth: Option<f32>,
        #[serde(default)]
        stencil: Option<u8>,
    },
    /// `OMSetRenderTargets` by colour-target names, with or without the depth target.
    SetRenderTargets {
        colors: Vec<String>,
        #[serde(default = "yes")]
        depth: bool,
    },
    /// `IASetPrimitiveTopology`.
    SetTopology(TopologyName),
    /// `IASetInputLayout`.
    SetInputLayout(String),
    /// `IASetVertexBuffers`.
    SetVertexBuffers {
        #[serde(default)]
        start_slot: usize,
        buffers: Vec<VertexBufferSpec>,
    },
    /// `IASetIndexBuffer` (format default R16_UINT).
    SetIndexBuffer {
        buffer: String,
        #[serde(default = "r16")]
        format: FormatName,
        #[serde(default)]
        offset: u32,
    },
    /// `VSSetShader`.
    SetVs(String),
    /// `PSSetShader` (null unbinds).
    SetPs(Option<String>),
    /// `VSSetConstantBuffers`.
    SetVsConstantBuffers {
        #[serde(default)]
        start: usize,
        buffers: Vec<String>,
    },
    /// `PSSetConstantBuffers`.
    SetPsConstantBuffers {
        #[serde(default)]
        start: usize,
        buffers: Vec<String>,
    },
    /// `PSSetShaderResources` (whole-texture views).
    SetPsTextures {
        #[serde(default)]
        start: usize,
        textures: Vec<String>,
    },
    /// `PSSetSamplers`.
    SetPsSamplers {
        #[serde(default)]
        start: usize,
        samplers: Vec<String>,
    },
    /// `RSSetState` (null: default state).
    SetRasterizer(Option<String>),
    /// `OMSetDepthStencilState` (state null: default state).
    SetDepthStencil {
        #[serde(default)]
        state: Option<String>,
        #[serde(default)]
        stencil_ref: u8,
    },
    /// `OMSetBlendState` (state null: default state).
    SetBlend {
        #[serde(default)]
        state: Option<String>,
        #[serde(default = "ones4")]
        blend_factor: [f32; 4],
        #[serde(default = "all_ones")]
        sample_mask: u32,
    },
    /// `RSSetViewports` (pixels).
    SetViewports(Vec<ViewportSpec>),
    /// `RSSetScissorRects` (pixels).
    SetScissors(Vec<RectSpec>),
    /// `CSSetShader` (null unbinds).
    SetCs(Option<String>),
    /// `CSSetConstantBuffers`.
    SetCsConstantBuffers {
        #[serde(default)]
        start: usize,
        buffers: Vec<String>,
    },
    /// `CSSetUnorderedAccessViews`: each named buffer as a whole-buffer `R32_UINT` UAV (the
    /// buffers it names are created with `UNORDERED_ACCESS` and default usage), each named
    /// texture as a Texture2D UAV of its mip 0 in its format (created with `UNORDERED_ACCESS`
    /// too, so a later pass can sample what the compute pass wrote).
    SetCsUavs {
        #[serde(default)]
        start: usize,
        buffers: Vec<String>,
        /// `pUAVInitialCounts`, one per name (`4294967295` = D3D's −1, keep): the counters of
        /// `"append"` / `"counter"` buffers' UAVs; omitted = 0 for every view.
        #[serde(default)]
        initial_counts: Option<Vec<u32>>,
    },
    /// `CSSetUnorderedAccessViews` with `count` NULL views from slot `start`: unbinds the
    /// compute UAVs, e.g. before a later pass reads what they wrote (D3D11's hazard rule forces
    /// an SRV of a resource still bound as a UAV to NULL).
    UnbindCsUavs {
        #[serde(default)]
        start: usize,
        count: usize,
    },
    /// `CSSetShaderResources`: a named texture as its whole-texture view, a named buffer as a
    /// whole-buffer `R32_UINT` view (a WGSL read-only storage buffer at `@group(1)`; the buffers
    /// it names are created with `SHADER_RESOURCE` too).
    SetCsTextures {
        #[serde(default)]
        start: usize,
        textures: Vec<String>,
    },
    /// `CSSetSamplers`.
    SetCsSamplers {
        #[serde(default)]
        start: usize,
        samplers: Vec<String>,
    },
    /// `OMSetRenderTargetsAndUnorderedAccessViews` keeping the render targets and depth
    /// target (`D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL`): the pixel shader's UAVs from
    /// slot `start` (D3D's `UAVStartSlot`, at least the number of bound render targets), each
    /// name a buffer or texture UAV as in `set_cs_uavs`; every other UAV slot is unbound.
    SetPsUavs {
        start: usize,
        uavs: Vec<String>,
        /// `pUAVInitialCounts`, as in `set_cs_uavs`; omitted = keep every count.
        #[serde(default)]
        initial_counts: Option<Vec<u32>>,
    },
    /// `CopyStructureCount`: the hidden counter of the UAV of `"append"` / `"counter"` buffer
    /// `uav` written as a `u32` at byte `offset` of buffer `buffer`.
    CopyStructureCount {
        buffer: String,
        #[serde(default)]
        offset: u32,
        uav: String,
    },
    /// `ClearUnorderedAccessViewUint` of the UAV of buffer or texture `uav` (a name some
    /// `set_cs_uavs` / `set_ps_uavs` uses).
    ClearUnorderedAccessViewUint { uav: String, values: [u32; 4] },
    /// `ClearUnorderedAccessViewFloat`, as [`Command::ClearUnorderedAccessViewUint`].
    ClearUnorderedAccessViewFloat { uav: String, values: [f32; 4] },
    /// `Dispatch` (`y`, `z` default 1).
    Dispatch {
        x: u32,
        #[serde(default = "one_u32")]
        y: u32,
        #[serde(default = "one_u32")]
        z: u32,
    },
    /// `Draw`.
    Draw {
        vertex_count: u32,
        #[serde(default)]
        start_vertex: u32,
    },
    /// `DrawIndexed`.
    DrawIndexed {
        index_count: u32,
        #[serde(default)]
        start_index: u32,
        #[serde(default)]
        base_vertex: i32,
    },
    /// `DrawInstanced`.
    DrawInstanced {
        vertex_count: u32,
        instance_count: u32,
        #[serde(default)]
        start_vertex: u32,
        #[serde(default)]
        start_instance: u32,
    },
    /// `DrawIndexedInstanced`.
    DrawIndexedInstanced {
        index_count: u32,
        instance_count: u32,
        #[serde(default)]
        start_index: u32,
        #[serde(default)]
        base_vertex: i32,
        #[serde(default)]
        start_instance: u32,
    },
    /// `ID3D11DeviceContext2::UpdateTileMappings` (SPEC §6.3).
    UpdateTileMappings(UpdateTileMappingsSpec),
    /// `ID3D11DeviceContext2::UpdateTiles` (SPEC §6.5).
    UpdateTiles(UpdateTilesSpec),
    /// `ID3D11DeviceContext2::CopyTileMappings` (SPEC §6.4).
    CopyTileMappings(CopyTileMappingsSpec),
    /// `ID3D11DeviceContext2::CopyTiles` (SPEC §6.5).
    CopyTiles(CopyTilesSpec),
    /// `ID3D11DeviceContext2::ResizeTilePool` (SPEC §6.6).
    ResizeTilePool(ResizeTilePoolSpec),
    /// `ID3D11DeviceContext2::TiledResourceBarrier` (SPEC §6.7).
    TiledResourceBarrier(TiledResourceBarrierSpec),
}

impl Command {
    /// The command's JSON name (for error paths).
    pub fn name(&self) -> &'static str {
        match self {
            Self::ClearRtv { .. } => "clear_rtv",
            Self::ClearDsv { .. } => "clear_dsv",
            Self::SetRenderTargets { .. } => "set_render_targets",
            Self::SetTopology(_) => "set_topology",
            Self::SetInputLayout(_) => "set_input_layout",
            Self::SetVertexBuffers { .. } => "set_vertex_buffers",
            Self::SetIndexBuffer { .. } => "set_index_buffer",
            Self::SetVs(_) => "set_vs",
            Self::SetPs(_) => "set_ps",
            Self::SetVsConstantBuffers { .. } => "set_vs_constant_buffers",
            Self::SetPsConstantBuffers { .. } => "set_ps_constant_buffers",
            Self::SetPsTextures { .. } => "set_ps_textures",
            Self::SetPsSamplers { .. } => "set_ps_samplers",
            Self::SetRasterizer(_) => "set_rasterizer",
            Self::SetDepthStencil { .. } => "set_depth_stencil",
            Self::SetBlend { .. } => "set_blend",
            Self::SetViewports(_) => "set_viewports",
            Self::SetScissors(_) => "set_scissors",
            Self::SetCs(_) => "set_cs",
            Self::SetCsConstantBuffers { .. } => "set_cs_constant_buffers",
            Self::SetCsUavs { .. } => "set_cs_uavs",
            Self::UnbindCsUavs { .. } => "unbind_cs_uavs",
            Self::SetCsTextures { .. } => "set_cs_textures",
            Self::SetCsSamplers { .. } => "set_cs_samplers",
            Self::SetPsUavs { .. } => "set_ps_uavs",
            Self::CopyStructureCount { .. } => "copy_structure_count",
            Self::ClearUnorderedAccessViewUint { .. } => "clear_unordered_access_view_uint",
            Self::ClearUnorderedAccessViewFloat { .. } => "clear_unordered_access_view_float",
            Self::Dispatch { .. } => "dispatch",
            Self::Draw { .. } => "draw",
            Self::DrawIndexed { .. } => "draw_indexed",
            Self::DrawInstanced { .. } => "draw_instanced",
            Self::DrawIndexedInstanced { .. } => "draw_indexed_instanced",
            Self::UpdateTileMappings(_) => "update_tile_mappings",
            Self::UpdateTiles(_) => "update_tiles",
            Self::CopyTileMappings(_) => "copy_tile_mappings",
            Self::CopyTiles(_) => "copy_tiles",
            Self::ResizeTilePool(_) => "resize_tile_pool",
            Self::TiledResourceBarrier(_) => "tiled_resource_barrier",
        }
    }
}
