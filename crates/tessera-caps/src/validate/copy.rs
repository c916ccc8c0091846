//! Copy and clear rules: CopyResource, CopySubresourceRegion, ClearRenderTargetView, ClearUnorderedAccessView* (SPEC §2.2).

use super::unsupported;
use crate::caps::Caps;
use crate::desc::{BindFlags, BufferDesc, SubresourceRange, TextureDesc, TextureDimension, Usage};
use crate::error::CapsError;

/// A resource description for copy validation: a buffer or a texture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ResourceDesc {
    /// A buffer.
    Buffer(BufferDesc),
    /// A texture (1D, 2D/cube or 3D).
    Texture(TextureDesc),
}

impl ResourceDesc {
    fn usage(&self) -> Usage {
        match self {
            Self::Buffer(b) => b.usage,
            Self::Texture(t) => t.usage,
        }
    }

    fn bind_flags(&self) -> BindFlags {
        match self {
            Self::Buffer(b) => b.bind_flags,
            Self::Texture(t) => t.bind_flags,
        }
    }

    fn is_tex3d(&self) -> bool {
        matches!(self, Self::Texture(t) if t.dimension == TextureDimension::D3)
    }

    fn is_buffer_or_tex2d(&self) -> bool {
        matches!(self, Self::Buffer(_))
            || matches!(self, Self::Texture(t) if t.dimension == TextureDimension::D2)
    }
}

/// Which copy entry point is validated (SPEC §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyKind {
    /// `CopyResource`: whole resources of identical shape.
    Resource,
    /// `CopySubresourceRegion`.
    SubresourceRegion,
}

/// Arguments of `CopyResource` / `CopySubresourceRegion` for validation (SPEC §2.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CopyDesc {
    /// Entry point.
    pub kind: CopyKind,
    /// Source resource.
    pub src: ResourceDesc,
    /// Destination resource.
    pub dst: ResourceDesc,
}

/// SPEC §2.2 at 9_x: only Texture2D and Buffer are copied GPU to GPU.
pub const COPY_RULE_GPU_TO_GPU: &str =
    "SPEC §2.2 CopyResource 9_x: GPU-to-GPU only Texture2D and Buffer";
/// SPEC §2.2 at 9_x: no Texture3D is copied to a staging resource.
pub const COPY_RULE_TEX3D_TO_STAGING: &str = "SPEC §2.2 CopyResource 9_x: no Texture3D to staging";
/// SPEC §2.2 at 9_x: a resource bound only as SHADER_RESOURCE is not copied to staging.
pub const COPY_RULE_SRV_ONLY_TO_STAGING: &str =
    "SPEC §2.2 CopyResource 9_x: no SHADER_RESOURCE-only resource to staging";
/// SPEC §2.2 at 9_x: CopySubresourceRegion copies no mipmapped Texture3D.
pub const COPY_RULE_MIPPED_TEX3D: &str =
    "SPEC §2.2 CopySubresourceRegion 9_x: no mipmapped Texture3D";

impl Caps {
    /// `CopyResource` / `CopySubresourceRegion` (SPEC §2.2; D3D11: immutable destinations refused; FL-31).
    pub fn validate_copy(&self, copy: &CopyDesc) -> Result<(), CapsError> {
        let level = self.level();
        let err = |rule: &'static str, reason: &str| CapsError::Copy {
            level,
            rule,
            reason: reason.into(),
        };
        if copy.dst.usage() == Usage::Immutable {
            return Err(CapsError::Copy {
                level,
                rule: "D3D11 copy destination",
                reason: "the destination is IMMUTABLE".into(),
            });
        }
        if matches!(copy.src, ResourceDesc::Buffer(_))
            != matches!(copy.dst, ResourceDesc::Buffer(_))
        {
            return Err(CapsError::Copy {
                level,
                rule: "D3D11 copy resource types",
                reason: "source and destination differ in type".into(),
            });
        }
        if copy.kind == CopyKind::Resource {
            let same = match (&copy.src, &copy.dst) {
                (ResourceDesc::Buffer(a), ResourceDesc::Buffer(b)) => a.byte_width == b.byte_width,
                (ResourceDesc::Texture(a), ResourceDesc::Texture(b)) => {
                    (
                        a.dimension,
                        a.width,
                        a.height,
                        a.depth,
                        a.array_size,
                        a.resolved_mip_levels(),
                        a.sample_desc,
                    ) == (
                        b.dimension,
                        b.width,
                        b.height,
                        b.depth,
                        b.array_size,
                        b.resolved_mip_levels(),
                        b.sample_desc,
                    ) && (a.format == b.format || a.format.is_castable_to(b.format))
                }
                _ => false,
            };
            if !same {
                return Err(CapsError::Copy {
                    level,
                    rule: "D3D11 CopyResource",
                    reason: "CopyResource needs identical dimensions and compatible formats".into(),
                });
            }
        }
        if level.is_9_x() {
            let src_gpu = copy.src.usage() != Usage::Staging;
            let dst_gpu = copy.dst.usage() != Usage::Staging;
            if src_gpu
                && dst_gpu
                && !(copy.src.is_buffer_or_tex2d() && copy.dst.is_buffer_or_tex2d())
            {
                return Err(err(
                    COPY_RULE_GPU_TO_GPU,
                    "GPU-to-GPU copies are limited to Texture2D and Buffer at 9_x",
                ));
            }
            if src_gpu && !dst_gpu {
                if copy.src.is_tex3d() {
                    return Err(err(
                        COPY_RULE_TEX3D_TO_STAGING,
                        "Texture3D cannot be copied to a staging resource at 9_x",
                    ));
                }
                if copy.src.bind_flags() == BindFlags::SHADER_RESOURCE {
                    return Err(err(
                        COPY_RULE_SRV_ONLY_TO_STAGING,
                        "a resource bound only as SHADER_RESOURCE cannot be copied to the CPU at 9_x",
                    ));
                }
            }
            if copy.kind == CopyKind::SubresourceRegion {
                let mipped_3d = |r: &ResourceDesc| matches!(r, ResourceDesc::Texture(t) if t.dimension == TextureDimension::D3 && t.resolved_mip_levels() > 1);
                if mipped_3d(&copy.src) || mipped_3d(&copy.dst) {
                    return Err(err(
                        COPY_RULE_MIPPED_TEX3D,
                        "mipmapped Texture3D cannot be copied at 9_x",
                    ));
                }
            }
        }
        Ok(())
    }

    /// `ClearRenderTargetView`: the slices actually cleared — only slice/face 0 at 9_x (SPEC §2.2; FL-30).
    pub fn clear_render_target_range(&self, view: SubresourceRange) -> SubresourceRange {
        if self.level().is_9_x() {
            SubresourceRange {
                array_size: 1,
                ..view
            }
        } else {
            view
        }
    }

    /// `ClearUnorderedAccessViewFloat/Uint`: unsupported at 9_x (SPEC §2.2).
    pub fn validate_clear_uav(&self) -> Result<(), CapsError> {
        if self.level().is_9_x() || self.check_feature_support().uav_slots == 0 {
            return Err(unsupported(
                self.level(),
                "ClearUnorderedAccessView*",
                "SPEC §2.2 ClearUnorderedAccessView",
            ));
        }
        Ok(())
    }

    /// `CopyStructureCount`: unsupported at 9_x (SPEC §2.2).
    pub fn validate_copy_structure_count(&self) -> Result<(), CapsError> {
        self.validate_clear_uav().map_err(|_| {
            unsupported(
                self.level(),
                "CopyStructureCount",
                "SPEC §2.2 CopyStructureCount",
            )
        })
    }
}
