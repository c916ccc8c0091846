//! Message IDs: D3D11's `D3D11_MESSAGE_ID` values where D3D has the message, and Tessera's
//! own range above [`TESSERA_MESSAGES_START`] where it does not. Numbers never change once
//! published; a message that goes away keeps its number unused.

use super::{Category, Severity};

/// The first number of Tessera's own messages (above every D3D11 range, which end below
/// `0x0040_0000`).
pub const TESSERA_MESSAGES_START: u32 = 0x0E00_0000;

macro_rules! message_ids {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $number:expr, $name:literal, $d3d:ident, $severity:ident, $category:ident;
    )*) => {
        /// What a message is about: a stable number, a name, its default severity and category.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
        pub enum MessageId {
            $( $(#[$doc])* $variant, )*
        }

        impl MessageId {
            /// Every ID, in declaration order.
            pub const ALL: &'static [MessageId] = &[$(MessageId::$variant),*];

            /// The stable number (`D3D11_MESSAGE_ID` value for D3D's messages).
            pub const fn number(self) -> u32 {
                match self { $(MessageId::$variant => $number,)* }
            }

            /// The name without prefix, as D3D prints it (`DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL`).
            pub const fn name(self) -> &'static str {
                match self { $(MessageId::$variant => $name,)* }
            }

            /// `D3D11_MESSAGE_ID_<name>` where D3D11 has this message, `None` for Tessera's own.
            pub fn d3d11_name(self) -> Option<String> {
                match self {
                    $(MessageId::$variant => message_ids!(@d3d $d3d, $name),)*
                }
            }

            /// The severity D3D's debug layer gives it (Tessera's choice for its own messages).
            pub const fn severity(self) -> Severity {
                match self { $(MessageId::$variant => Severity::$severity,)* }
            }

            /// The category D3D's debug layer gives it; refusals take their call's category.
            pub const fn category(self) -> Category {
                match self { $(MessageId::$variant => Category::$category,)* }
            }
        }
    };
    (@d3d d3d, $name:literal) => { Some(format!("D3D11_MESSAGE_ID_{}", $name)) };
    (@d3d tessera, $name:literal) => { None };
}

const T: u32 = TESSERA_MESSAGES_START;

message_ids! {
    /// A buffer bound as a vertex buffer is also an output (a UAV): the slot is forced to NULL.
    DeviceIaSetVertexBuffersHazard = 0x01, "DEVICE_IASETVERTEXBUFFERS_HAZARD", d3d, Warning, StateSetting;
    /// A buffer bound as the index buffer is also an output (a UAV): the slot is forced to NULL.
    DeviceIaSetIndexBufferHazard = 0x02, "DEVICE_IASETINDEXBUFFER_HAZARD", d3d, Warning, StateSetting;
    /// A resource bound as a vertex-shader SRV is also an output: the SRV reads as unbound.
    DeviceVsSetShaderResourcesHazard = 0x03, "DEVICE_VSSETSHADERRESOURCES_HAZARD", d3d, Warning, StateSetting;
    /// A resource bound as a pixel-shader SRV is also an output: the SRV reads as unbound.
    DevicePsSetShaderResourcesHazard = 0x07, "DEVICE_PSSETSHADERRESOURCES_HAZARD", d3d, Warning, StateSetting;
    /// A render target or depth-stencil view's resource is still bound as a shader input.
    DeviceOmSetRenderTargetsHazard = 0x09, "DEVICE_OMSETRENDERTARGETS_HAZARD", d3d, Warning, StateSetting;
    /// A resource bound as a compute-shader SRV is also an output: the SRV reads as unbound.
    DeviceCsSetShaderResourcesHazard = 0x0020_00A4, "DEVICE_CSSETSHADERRESOURCES_HAZARD", d3d, Warning, StateSetting;
    /// A render target, depth-stencil view or OM UAV's resource is still bound as a shader
    /// input, or an older output (a CS UAV, a kept render target or OM UAV) shares a
    /// subresource with the call's views (`OMSetRenderTargetsAndUnorderedAccessViews`).
    DeviceOmSetRenderTargetsAndUnorderedAccessViewsHazard = 0x0020_00C2, "DEVICE_OMSETRENDERTARGETSANDUNORDEREDACCESSVIEWS_HAZARD", d3d, Warning, StateSetting;
    /// A compute UAV's resource is still bound as a shader input, or a compute UAV of another
    /// slot shares a subresource with the call's views (that slot is forced to NULL).
    DeviceCsSetUnorderedAccessViewsHazard = 0x0020_00CA, "DEVICE_CSSETUNORDEREDACCESSVIEWS_HAZARD", d3d, Warning, StateSetting;
    /// `CreateInputLayout` with a shader whose input signature reads an element the layout lacks.
    CreateInputLayoutMissingElement = 0xa3, "CREATEINPUTLAYOUT_MISSINGELEMENT", d3d, Error, StateCreation;
    /// A draw with no vertex shader bound.
    DeviceDrawVertexShaderNotSet = 0x155, "DEVICE_DRAW_VERTEX_SHADER_NOT_SET", d3d, Error, Execution;
    /// The vertex shader reads an input the input layout does not provide.
    DeviceShaderLinkageSemanticNameNotFound = 0x156, "DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND", d3d, Error, Execution;
    /// The input layout reads a vertex-buffer slot with no buffer bound (reads return 0).
    DeviceDrawVertexBufferNotSet = 0x15c, "DEVICE_DRAW_VERTEX_BUFFER_NOT_SET", d3d, Warning, Execution;
    /// A draw with no input layout bound.
    DeviceDrawInputLayoutNotSet = 0x15d, "DEVICE_DRAW_INPUTLAYOUT_NOT_SET", d3d, Error, Execution;
    /// A shader reads a constant-buffer slot with no buffer bound (reads return 0).
    DeviceDrawConstantBufferNotSet = 0x15e, "DEVICE_DRAW_CONSTANT_BUFFER_NOT_SET", d3d, Warning, Execution;
    /// A shader reads more constants than the bound buffer holds (reads past it return 0).
    DeviceDrawConstantBufferTooSmall = 0x15f, "DEVICE_DRAW_CONSTANT_BUFFER_TOO_SMALL", d3d, Warning, Execution;
    /// A shader samples with a sampler slot that is empty (the default sampler is used).
    DeviceDrawSamplerNotSet = 0x160, "DEVICE_DRAW_SAMPLER_NOT_SET", d3d, Warning, Execution;
    /// A shader samples a texture slot that is empty (reads return 0).
    DeviceDrawShaderResourceViewNotSet = 0x161, "DEVICE_DRAW_SHADERRESOURCEVIEW_NOT_SET", d3d, Warning, Execution;
    /// A vertex-buffer stride is smaller than the input layout's elements in that slot.
    DeviceDrawVertexBufferStrideTooSmall = 0x163, "DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL", d3d, Warning, Execution;
    /// Vertex fetches past the end of a vertex buffer (defined: they read 0).
    DeviceDrawVertexBufferTooSmall = 0x164, "DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL", d3d, Warning, Execution;
    /// An indexed draw with no index buffer bound.
    DeviceDrawIndexBufferNotSet = 0x165, "DEVICE_DRAW_INDEX_BUFFER_NOT_SET", d3d, Error, Execution;
    /// Index fetches past the end of the index buffer (defined: they read 0).
    DeviceDrawIndexBufferTooSmall = 0x167, "DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL", d3d, Warning, Execution;
    /// A draw with no viewport set: nothing is rasterized.
    DeviceDrawViewportNotSet = 0x180, "DEVICE_DRAW_VIEWPORT_NOT_SET", d3d, Warning, Execution;
    /// A draw whose pixel shader writes a render target slot that has no view bound.
    DeviceDrawRenderTargetViewNotSet = 0x0030_0161, "DEVICE_DRAW_RENDERTARGETVIEW_NOT_SET", d3d, Warning, Execution;
    /// 10Level9: DrawInstanced is not supported at 9_x (SPEC §2.2).
    DrawInstancedNotSupported = 0x0010_0032, "DRAWINSTANCED_NOT_SUPPORTED", d3d, Error, Execution;
    /// 10Level9: DrawIndexedInstanced needs 9_3 (SPEC §2.2).
    DrawIndexedInstancedNotSupportedBelow9_3 = 0x0010_0033, "DRAWINDEXEDINSTANCED_NOT_SUPPORTED_BELOW_9_3", d3d, Error, Execution;
    /// 10Level9: OMSetBlendState with a sample mask of 0 (SPEC §2.2).
    SetBlendStateSampleMaskCannotBeZero = 0x0010_0035, "SETBLENDSTATE_SAMPLE_MASK_CANNOT_BE_ZERO", d3d, Error, StateSetting;
    /// 10Level9: a sampler's MaxAnisotropy above the level's D3DCAPS9.MaxAnisotropy (SPEC §2.1).
    CreateSamplerStateExcessiveAnisotropy = 0x0010_0004, "CREATESAMPLERSTATE_EXCESSIVE_ANISOTROPY", d3d, Error, StateCreation;
    /// 10Level9: 9_3 render targets of different bit depths (SPEC §2.2 OMSetRenderTargets).
    OmSetRenderTargetsNoDifferingBitDepths = 0x0010_000f, "OMSETRENDERTARGETS_NO_DIFFERING_BIT_DEPTHS", d3d, Error, StateSetting;
    /// UpdateTileMappings refused: bad region, range, count or pool offset (SPEC §6.3, §6.12).
    UpdateTileMappingsInvalidParameter = 0x0030_018D, "UPDATETILEMAPPINGS_INVALID_PARAMETER", d3d, Error, ResourceManipulation;
    /// CopyTileMappings refused: bad flags or regions (SPEC §6.4).
    CopyTileMappingsInvalidParameter = 0x0030_018E, "COPYTILEMAPPINGS_INVALID_PARAMETER", d3d, Error, ResourceManipulation;
    /// CopyTiles refused: direction flags, region, packed tiles or buffer range (SPEC §6.5).
    CopyTilesInvalidParameter = 0x0030_018F, "COPYTILES_INVALID_PARAMETER", d3d, Error, ResourceManipulation;
    /// UpdateTiles refused: region, packed tiles or source size (SPEC §6.5).
    UpdateTilesInvalidParameter = 0x0030_0190, "UPDATETILES_INVALID_PARAMETER", d3d, Error, ResourceManipulation;
    /// ResizeTilePool refused: not a multiple of 64 KiB, or out of memory (SPEC §6.6).
    ResizeTilePoolInvalidParameter = 0x0030_0191, "RESIZETILEPOOL_INVALID_PARAMETER", d3d, Error, ResourceManipulation;
    /// A Tier-1 access touched a NULL-mapped tile (undefined in D3D; Tessera reads the
    /// device's `Tier1NullRead` value and drops writes, SPEC §6.8), or a packed tail was only
    /// partly mapped (SPEC §6.2).
    NullTileMappingAccessError = 0x0030_0194, "NULL_TILE_MAPPING_ACCESS_ERROR", d3d, Error, Execution;
    /// Two resource tiles that one render-target or depth-stencil view covers map the same
    /// pool tile (SPEC §6.9: undefined within one draw; Tessera stores the higher tile last).
    DuplicateTileMappingsInCoveredArea = 0x0030_0196, "DUPLICATE_TILE_MAPPINGS_IN_COVERED_AREA", d3d, Warning, Execution;
    /// A pool tile that a render-target, depth-stencil or UAV view covers is also mapped by a
    /// tile of the same resource outside the view or by another resource bound to the call
    /// (SPEC §6.9: the other views may not see the results).
    TileMappingsInCoveredAreaDuplicatedOutside = 0x0030_0197, "TILE_MAPPINGS_IN_COVERED_AREA_DUPLICATED_OUTSIDE", d3d, Warning, Execution;
    /// A tiled input (shader-resource view) and a tiled output of one draw or dispatch cover
    /// the same pool tile (SPEC §6.9: undefined; Tessera's input sees the tile before the call).
    TileMappingsSharedBetweenInputAndOutput = 0x0030_0199, "TILE_MAPPINGS_SHARED_BETWEEN_INPUT_AND_OUTPUT", d3d, Warning, Execution;
    /// A shrunk tile pool keeps mapped tiles past its new end alive (SPEC §6.6, §6.12).
    ResizeTilePoolShrinkWithMappingsStillDefinedPastEnd = 0x0030_019C, "RESIZETILEPOOL_SHRINK_WITH_MAPPINGS_STILL_DEFINED_PAST_END", d3d, Warning, ResourceManipulation;
    /// Tier 1: pool tiles last mapped by a buffer read or written through a texture, or the
    /// reverse (SPEC §6.10; treated as a NULL access).
    TiledResourceTier1BufferTextureMismatch = 0x0030_01A2, "TILED_RESOURCE_TIER_1_BUFFER_TEXTURE_MISMATCH", d3d, Error, Execution;
    /// A call refused by a feature-level rule of the caps layer (SPEC §1, §2).
    FeatureLevelRule = T + 1, "FEATURE_LEVEL_RULE", tessera, Error, Miscellaneous;
    /// A call refused by a resource rule (creation, views, copies, maps).
    ResourceRule = T + 2, "RESOURCE_RULE", tessera, Error, Miscellaneous;
    /// A draw refused by the pipeline (state it cannot execute as given).
    PipelineRule = T + 3, "PIPELINE_RULE", tessera, Error, Execution;
    /// A call needs state that is not bound, or a slot outside the stage's range.
    BindingRule = T + 4, "BINDING_RULE", tessera, Error, StateSetting;
    /// A feature the level allows but Tessera does not implement yet.
    NotImplemented = T + 5, "NOT_IMPLEMENTED", tessera, Error, Miscellaneous;
    /// An object created by another device was passed to this one.
    ForeignObject = T + 6, "FOREIGN_OBJECT", tessera, Corruption, Miscellaneous;
    /// A 9_x primitive whose texture coordinates span more repeats than the level's
    /// D3DCAPS9.MaxTextureRepeat (SPEC §1.4, §2.2 Draw); the rendering stays D3D11's.
    TextureRepeatExceeded = T + 7, "TEXTURE_REPEAT_EXCEEDED", tessera, Error, Execution;
    /// What 10Level9 calls hardware-dependent happened (the result may differ on 9_x parts).
    HardwareDependent = T + 8, "HARDWARE_DEPENDENT", tessera, Warning, Execution;
    /// A query was read before it ended, or used in a way D3D reports.
    QueryMisuse = T + 9, "QUERY_MISUSE", tessera, Error, Execution;
    /// A shader-resource view could not be sampled as bound.
    SampleRule = T + 10, "SAMPLE_RULE", tessera, Error, Execution;
    /// A call asked for more than one of the device's own limits allows (`DeviceLimits`).
    DeviceLimitExceeded = T + 11, "DEVICE_LIMIT_EXCEEDED", tessera, Error, Execution;
    /// The device was removed: a shader hung (`DXGI_ERROR_DEVICE_HUNG`), or a later call that
    /// executes work was refused with `DXGI_ERROR_DEVICE_REMOVED`.
    DeviceRemoved = T + 12, "DEVICE_REMOVED", tessera, Error, Execution;
}
