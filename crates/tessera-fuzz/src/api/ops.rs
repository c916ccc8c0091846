//! The operations an `api` input is decoded into: one variant per device or context call
//! (or family of calls). Objects are named by a byte, taken modulo the number created so far.

use arbitrary::Arbitrary;

use super::descs::{
    BlendSpec, BufferSpec, DepthStencilSpec, ElementSpec, RasterizerSpec, SamplerSpec, TextureSpec,
};
use super::shaders::{PsSpec, VsSpec};
use super::specs::{Bytes, FormatPick, ViewSpec};

/// An index into one of the object pools (modulo its length; an empty pool skips the call).
pub(crate) type Obj = u8;

/// A vertex or index count: mostly small, sometimes an edge around the api target's
/// per-draw budget ([`super::device_limits`]) or far past it, which the device must refuse
/// with a typed error before doing the work.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct Count(u8);

impl Count {
    /// The count.
    pub(crate) fn get(self) -> u32 {
        match self.0 {
            250 => 1 << 14,
            251 => (1 << 14) + 1,
            252 => 1 << 31,
            253 => u32::MAX - 1,
            254 => u32::MAX,
            v => u32::from(v),
        }
    }

    /// As an instance count: 0..=4, or an edge of the instance budget, or `u32::MAX`.
    pub(crate) fn instances(self) -> u32 {
        match self.0 {
            250 => 1 << 10,
            251 => (1 << 10) + 1,
            252..=255 => u32::MAX,
            v => u32::from(v % 5),
        }
    }
}

/// Which vertex shader to create.
#[derive(Arbitrary, Clone, Debug)]
pub(crate) enum VsKind {
    /// A shader with a fuzzer-chosen declaration (`shaders`).
    Fuzz(VsSpec),
    /// `TransformVs` with this many varyings (taken modulo 40, so past the limit too).
    Transform(u8),
    /// `LitVs`.
    Lit,
}

/// Which pixel shader to create.
#[derive(Arbitrary, Clone, Debug)]
pub(crate) enum PsKind {
    /// A shader with a fuzzer-chosen declaration (`shaders`).
    Fuzz(PsSpec),
    /// `VertexColorPs`.
    VertexColor,
    /// `ConstantColorPs`.
    ConstantColor,
    /// `TexturedPs`.
    Textured,
    /// `LitPs`.
    Lit,
}

/// A viewport, fields as raw float bits or tame values.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct ViewportSpec {
    /// Use raw bit patterns (NaN, infinities) instead of tame values.
    pub(crate) raw: bool,
    /// x, y, width, height, min depth, max depth.
    pub(crate) fields: [i16; 6],
    /// Raw bits (when `raw`).
    pub(crate) bits: [u32; 2],
}

/// A `D3D11_BOX`.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) struct BoxSpec(pub(crate) [Bytes; 6]);

/// A call on the info queue.
#[derive(Arbitrary, Clone, Copy, Debug)]
pub(crate) enum QueueOp {
    /// `GetMessage` for all (`messages`), then `ClearStoredMessages` (`take`).
    Take,
    /// `ClearStoredMessages`.
    Clear,
    /// `SetMessageCountLimit`.
    SetLimit(u8),
    /// A storage filter: deny one severity, or allow only one.
    Filter {
        /// Allow instead of deny.
        allow: bool,
        /// Severity index.
        severity: u8,
    },
    /// Break-on-severity on or off.
    BreakOn {
        /// Severity index.
        severity: u8,
        /// On.
        on: bool,
    },
}

/// One call (or a family of calls) on the device or its context.
#[derive(Arbitrary, Clone, Debug)]
pub(crate) enum Op {
    /// `CreateBuffer`.
    CreateBuffer(BufferSpec),
    /// `CreateTexture1D/2D/3D`.
    CreateTexture(TextureSpec),
    /// `CreateShaderResourceView` (`None`: the whole resource).
    CreateSrv(Obj, Option<ViewSpec>),
    /// `CreateRenderTargetView`.
    CreateRtv(Obj, Option<ViewSpec>),
    /// `CreateDepthStencilView` with read-only flags.
    CreateDsv(Obj, Option<ViewSpec>, bool, bool),
    /// `CreateUnorderedAccessView`.
    CreateUav(Obj, Option<ViewSpec>),
    /// `CreateSamplerState`.
    CreateSampler(SamplerSpec),
    /// `CreateRasterizerState`.
    CreateRasterizer(RasterizerSpec),
    /// `CreateBlendState`.
    CreateBlend(BlendSpec),
    /// `CreateDepthStencilState`.
    CreateDepthStencil(DepthStencilSpec),
    /// `CreateInputLayout` (at most 8 elements are used).
    CreateInputLayout(Vec<ElementSpec>),
    /// `CreateVertexShader`.
    CreateVs(VsKind),
    /// `CreatePixelShader`.
    CreatePs(PsKind),
    /// `CreateQuery`.
    CreateQuery(u8),
    /// `IASetPrimitiveTopology`.
    SetTopology(u8),
    /// `IASetInputLayout`.
    SetInputLayout(Option<Obj>),
    /// `IASetVertexBuffers` (start slot, then buffer, stride and offset per slot; at most 4).
    SetVertexBuffers(u8, Vec<(Option<Obj>, Bytes, Bytes)>),
    /// `IASetIndexBuffer`.
    SetIndexBuffer(Option<Obj>, FormatPick, Bytes),
    /// `VSSetShader`.
    SetVs(Option<Obj>),
    /// `PSSetShader`.
    SetPs(Option<Obj>),
    /// `VSSetConstantBuffers` / `PSSetConstantBuffers`.
    SetConstantBuffers(bool, u8, Vec<Option<Obj>>),
    /// `VSSetShaderResources` / `PSSetShaderResources`.
    SetShaderResources(bool, u8, Vec<Option<Obj>>),
    /// `VSSetSamplers` / `PSSetSamplers`.
    SetSamplers(bool, u8, Vec<Option<Obj>>),
    /// `GS/HS/DS/CSSet*` with NULL objects (Tessera cannot create those shaders).
    SetOtherStage(u8, u8, u8),
    /// `RSSetState`.
    SetRasterizer(Option<Obj>),
    /// `RSSetViewports` (at most 17).
    SetViewports(Vec<ViewportSpec>),
    /// `RSSetScissorRects` (at most 17).
    SetScissors(Vec<[i16; 4]>),
    /// `OMSetBlendState` (state, blend factor, sample mask).
    SetBlend(Option<Obj>, [i16; 4], u32),
    /// `OMSetDepthStencilState`.
    SetDepthStencil(Option<Obj>, u8),
    /// `OMSetRenderTargets` (at most 9 views) or, with UAVs, the UAV variant.
    SetRenderTargets(
        Vec<Option<Obj>>,
        Option<Obj>,
        Option<(u8, Vec<Option<Obj>>)>,
    ),
    /// `Draw`.
    Draw(Count, u32),
    /// `DrawIndexed`.
    DrawIndexed(Count, u32, i32),
    /// `DrawInstanced`.
    DrawInstanced(Count, Count, u32, u32),
    /// `DrawIndexedInstanced`.
    DrawIndexedInstanced(Count, Count, u32, i32, u32),
    /// `DrawAuto`, `Draw(Indexed)InstancedIndirect`, `Dispatch(Indirect)`.
    Unexecuted(u8, Option<Obj>, u32),
    /// `UpdateSubresource` (resource, subresource, box, data length, row pitch, depth pitch).
    Update(Obj, u8, Option<BoxSpec>, Bytes, Bytes, Bytes),
    /// `CopyResource`.
    CopyResource(Obj, Obj),
    /// `CopySubresourceRegion` (dst, dst sub, x, y, z, src, src sub, box).
    CopyRegion(Obj, u8, [Bytes; 3], Obj, u8, Option<BoxSpec>),
    /// `CopyStructureCount`.
    CopyStructureCount(Obj, Bytes, Obj),
    /// `ClearRenderTargetView`.
    ClearRtv(Obj, [i16; 4]),
    /// `ClearDepthStencilView` (view, depth, stencil, depth value bits, stencil value).
    ClearDsv(Obj, bool, bool, u32, u8),
    /// `ClearUnorderedAccessViewUint` / `Float`.
    ClearUav(Obj, bool, [u32; 4]),
    /// `Map` (resource, subresource, map type), writing `fill` before `Unmap` when it may.
    Map(Obj, u8, u8, u8),
    /// `GenerateMips`.
    GenerateMips(Obj),
    /// `ResolveSubresource`.
    Resolve(Obj, u8, Obj, u8, FormatPick),
    /// `Begin`.
    Begin(Obj),
    /// `End`.
    End(Obj),
    /// `GetData`.
    GetData(Obj),
    /// An info-queue call.
    Queue(QueueOp),
    /// `ClearState`.
    ClearState,
    /// `CheckFormatSupport`, `CheckFeatureSupport`, `CheckShaderStage`.
    Check(FormatPick, u8),
    /// Reads a texture back as RGBA8 (what `tessera render` does with its targets).
    ReadBack(Obj, u8),
}
