//! View creation rules: CreateShaderResourceView/RenderTargetView/DepthStencilView/UnorderedAccessView (SPEC §2.1).

use tessera_format::Format;

use super::unsupported;
use crate::caps::Caps;
use crate::desc::{BindFlags, TextureDesc, TextureDimension, ViewDesc, ViewDimension};
use crate::error::CapsError;
use crate::format_support::FormatSupport;

impl Caps {
    /// Shared view checks: mip/slice range inside the resource, dimension compatible (D3D11 view rules).
    fn validate_view_common(
        &self,
        tex: &TextureDesc,
        view: &ViewDesc,
        one_mip: bool,
    ) -> Result<(u32, u32), CapsError> {
        let level = self.level();
        let err = |reason: String| CapsError::View {
            level,
            rule: "D3D11 Create*View ranges",
            reason,
        };
        let mips = tex.resolved_mip_levels();
        let r = view.range;
        if r.most_detailed_mip >= mips {
            return Err(err(format!(
                "MostDetailedMip {} but the resource has {mips} mips",
                r.most_detailed_mip
            )));
        }
        let mip_count = if one_mip || r.mip_levels == u32::MAX {
            mips - r.most_detailed_mip
        } else {
            r.mip_levels
        };
        if mip_count == 0 || r.most_detailed_mip as u64 + mip_count as u64 > mips as u64 {
            return Err(err(format!(
                "mips {}+{} exceed the resource's {mips}",
                r.most_detailed_mip, r.mip_levels
            )));
        }
        let slices = if tex.dimension == TextureDimension::D3 {
            tex.depth
        } else {
            tex.array_size
        };
        if r.first_array_slice >= slices {
            return Err(err(format!(
                "FirstArraySlice {} but the resource has {slices}",
                r.first_array_slice
            )));
        }
        let slice_count = if r.array_size == u32::MAX {
            slices - r.first_array_slice
        } else {
            r.array_size
        };
        if slice_count == 0 || r.first_array_slice as u64 + slice_count as u64 > slices as u64 {
            return Err(err(format!(
                "slices {}+{} exceed the resource's {slices}",
                r.first_array_slice, r.array_size
            )));
        }
        use ViewDimension as V;
        let ok = match (tex.dimension, view.dimension) {
            (TextureDimension::D1, V::Texture1D | V::Texture1DArray) => true,
            (TextureDimension::D2, V::Texture2D | V::Texture2DArray) => tex.sample_desc.count == 1,
            (TextureDimension::D2, V::Texture2DMs | V::Texture2DMsArray) => {
                tex.sample_desc.count > 1
            }
            (TextureDimension::D2, V::TextureCube | V::TextureCubeArray) => tex.is_cube(),
            (TextureDimension::D3, V::Texture3D) => true,
            _ => false,
        };
        if !ok {
            return Err(CapsError::View {
                level,
                rule: "D3D11 view dimension",
                reason: format!(
                    "a {:?} view of a {:?} resource",
                    view.dimension, tex.dimension
                ),
            });
        }
        if view.dimension == V::TextureCubeArray && !self.limits().cube_arrays {
            return Err(unsupported(
                level,
                "cube-array views",
                "SPEC §1.2 cube arrays",
            ));
        }
        let vf = if view.format == Format::Unknown {
            tex.format
        } else {
            view.format
        };
        if vf.is_typeless() || !(vf == tex.format || tex.format.is_castable_to(vf)) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 view format (TYPELESS casting)",
                reason: format!(
                    "view format {} cannot view a {} resource",
                    vf.name(),
                    tex.format.name()
                ),
            });
        }
        Ok((mip_count, slice_count))
    }

    /// `CreateShaderResourceView` of a texture (SPEC §2.1 CreateShaderResourceView, FL-29).
    pub fn validate_srv(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if !tex.bind_flags.contains(BindFlags::SHADER_RESOURCE) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateShaderResourceView",
                reason: "the resource lacks BIND_SHADER_RESOURCE".into(),
            });
        }
        let (mip_count, slice_count) = self.validate_view_common(tex, view, false)?;
        if level.is_9_x() {
            let mips = tex.resolved_mip_levels();
            if view.range.most_detailed_mip + mip_count != mips {
                return Err(CapsError::View {
                    level,
                    rule: "SPEC §2.1 CreateShaderResourceView: view must include the least detailed mip",
                    reason: format!(
                        "mips {}..{} do not reach the smallest mip {} of the resource",
                        view.range.most_detailed_mip,
                        view.range.most_detailed_mip + mip_count,
                        mips - 1
                    ),
                });
            }
            let slices = if tex.dimension == TextureDimension::D3 {
                1
            } else {
                tex.array_size
            };
            if tex.dimension != TextureDimension::D3 && slice_count != slices {
                return Err(CapsError::View {
                    level,
                    rule: "SPEC §2.1 CreateShaderResourceView: view must cover all array elements",
                    reason: format!("the view covers {slice_count} of {slices} array elements"),
                });
            }
        }
        Ok(())
    }

    /// `CreateRenderTargetView` of a texture (SPEC §2.1 CreateRenderTargetView: 9_x Texture2D only).
    pub fn validate_rtv(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if level.is_9_x() && tex.dimension != TextureDimension::D2 {
            return Err(unsupported(
                level,
                "render-target views of non-Texture2D resources",
                "SPEC §2.1 CreateRenderTargetView",
            ));
        }
        if !tex.bind_flags.contains(BindFlags::RENDER_TARGET) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateRenderTargetView",
                reason: "the resource lacks BIND_RENDER_TARGET".into(),
            });
        }
        self.validate_bound_view(tex, view, FormatSupport::RENDER_TARGET, "a render target")
    }

    /// `CreateDepthStencilView` (D3D11 rules; SPEC §2.1: RefDev accepts two-sided stencil at 9_x).
    pub fn validate_dsv(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if tex.dimension == TextureDimension::D3
            || !tex.bind_flags.contains(BindFlags::DEPTH_STENCIL)
        {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateDepthStencilView",
                reason: "needs a 1D/2D resource with BIND_DEPTH_STENCIL".into(),
            });
        }
        self.validate_bound_view(
            tex,
            view,
            FormatSupport::DEPTH_STENCIL,
            "a depth-stencil target",
        )
    }

    /// `CreateUnorderedAccessView` (SPEC §2.1: unsupported at 9_x; §1.2 UAV slots).
    pub fn validate_uav(&self, tex: &TextureDesc, view: &ViewDesc) -> Result<(), CapsError> {
        let level = self.level();
        if level.is_9_x() || self.check_feature_support().uav_slots == 0 {
            return Err(unsupported(
                level,
                "CreateUnorderedAccessView",
                "SPEC §2.1 CreateUnorderedAccessView",
            ));
        }
        if !tex.bind_flags.contains(BindFlags::UNORDERED_ACCESS) {
            return Err(CapsError::View {
                level,
                rule: "D3D11 CreateUnorderedAccessView",
                reason: "the resource lacks BIND_UNORDERED_ACCESS".into(),
            });
        }
        self.validate_bound_view(tex, view, FormatSupport::TYPED_UAV, "a typed UAV")
    }

    /// The checks every RTV/DSV/UAV shares: the common view rules, then the view's format
    /// (the resource's when `UNKNOWN`) must support `support` at this level.
    fn validate_bound_view(
        &self,
        tex: &TextureDesc,
        view: &ViewDesc,
        support: FormatSupport,
        usage: &'static str,
    ) -> Result<(), CapsError> {
        self.validate_view_common(tex, view, true)?;
        let format = if view.format == Format::Unknown {
            tex.format
        } else {
            view.format
        };
        if !self.check_format_support(format).contains(support) {
            return Err(CapsError::FormatUnsupported {
                level: self.level(),
                format,
                usage,
            });
        }
        Ok(())
    }
}
