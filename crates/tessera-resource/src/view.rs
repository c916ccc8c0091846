//! Views (`ID3D11ShaderResourceView`, `RenderTargetView`, `DepthStencilView`, `UnorderedAccessView`):
//! a resource handle plus a validated, resolved format, dimension and subresource range.

use tessera_caps::{
    BindFlags, Caps, DeviceId, FeatureLevel, SubresourceRange, ViewDesc, ViewDimension,
};
use tessera_format::Format;

use crate::layout::calc_subresource;
use crate::{BufferViewFlags, Resource, ResourceError, Texture, UavCounter, validate};

pub use crate::validate::ViewKind;

impl ViewKind {
    fn bind(self) -> BindFlags {
        match self {
            Self::ShaderResource => BindFlags::SHADER_RESOURCE,
            Self::RenderTarget => BindFlags::RENDER_TARGET,
            Self::DepthStencil => BindFlags::DEPTH_STENCIL,
            Self::UnorderedAccess => BindFlags::UNORDERED_ACCESS,
        }
    }
}

/// The resolved part every view shares: resource, format, dimension and range without `-1`s.
#[derive(Clone, Debug)]
pub struct ViewInfo {
    owner: DeviceId,
    resource: Resource,
    format: Format,
    dimension: ViewDimension,
    range: SubresourceRange,
    flags: BufferViewFlags,
    counter: Option<UavCounter>,
}

impl ViewInfo {
    /// The device that created the view (always its resource's device).
    pub fn owner(&self) -> DeviceId {
        self.owner
    }

    /// The viewed resource handle.
    pub fn resource(&self) -> &Resource {
        &self.resource
    }

    /// The viewed texture, if the resource is one.
    pub fn texture(&self) -> Option<&Texture> {
        self.resource.as_texture()
    }

    /// The resolved (typed) view format; `Unknown` only for structured-buffer views.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The resolved view dimension.
    pub fn dimension(&self) -> ViewDimension {
        self.dimension
    }

    /// The resolved range: explicit mip/slice counts (W slices for 3D RTV/UAV; elements for buffers).
    pub fn range(&self) -> SubresourceRange {
        self.range
    }

    /// The buffer view flags it was created with (RAW / APPEND / COUNTER; none on texture
    /// views and views made by `new`).
    pub fn flags(&self) -> BufferViewFlags {
        self.flags
    }

    /// The hidden counter of an APPEND / COUNTER UAV (`None` for every other view).
    pub fn counter(&self) -> Option<&UavCounter> {
        self.counter.as_ref()
    }

    /// The resolved view as a `ViewDesc` (without its flags: [`Self::flags`]).
    pub fn desc(&self) -> ViewDesc {
        ViewDesc {
            format: self.format,
            dimension: self.dimension,
            range: self.range,
        }
    }

    /// Resource subresource index of view mip `mip` and view slice `slice` (`D3D11CalcSubresource`).
    pub fn subresource(&self, mip: u32, slice: u32) -> Option<u32> {
        let tex = self.texture()?;
        if mip >= self.range.mip_levels {
            return None;
        }
        let abs_mip = self.range.most_detailed_mip + mip;
        let abs_slice = if tex.desc().dimension == tessera_caps::TextureDimension::D3 {
            0
        } else {
            if slice >= self.range.array_size {
                return None;
            }
            self.range.first_array_slice + slice
        };
        Some(calc_subresource(abs_mip, abs_slice, tex.mip_levels()))
    }

    /// Every resource subresource the view covers, in D3D order (3D: the one subresource of the mip).
    pub fn subresources(&self) -> Vec<u32> {
        let Some(tex) = self.texture() else {
            return Vec::new();
        };
        let slices = if tex.desc().dimension == tessera_caps::TextureDimension::D3 {
            1
        } else {
            self.range.array_size
        };
        let mut out = Vec::new();
        for s in 0..slices {
            for m in 0..self.range.mip_levels {
                if let Some(sub) = self.subresource(m, s) {
                    out.push(sub);
                }
            }
        }
        out
    }

    /// Whether two views share a subresource of the same resource (D3D11's binding-hazard
    /// rule: a subresource may not be read and written at once). Buffer views of the same
    /// buffer always overlap.
    pub fn overlaps(&self, other: &ViewInfo) -> bool {
        if !self.resource.ptr_eq(&other.resource) {
            return false;
        }
        if self.texture().is_none() {
            return true;
        }
        let theirs = other.subresources();
        self.subresources().iter().any(|s| theirs.contains(s))
    }
}

macro_rules! view_type {
    ($(#[$doc:meta])* $name:ident, $kind:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name {
            info: ViewInfo,
        }

        impl $name {
            /// Creates the view; `desc == None` views the whole resource in its own format (D3D NULL desc).
            pub fn new(caps: &Caps, resource: impl Into<Resource>, desc: Option<&ViewDesc>) -> Result<Self, ResourceError> {
                Ok(Self { info: resolve_view(caps, $kind, resource.into(), desc, BufferViewFlags::default())? })
            }
        }

        impl std::ops::Deref for $name {
            type Target = ViewInfo;
            fn deref(&self) -> &ViewInfo {
                &self.info
            }
        }
    };
}

view_type!(
    /// A shader resource view (`CreateShaderResourceView`; 9_x: must reach the last mip, FL-29).
    ShaderResourceView,
    ViewKind::ShaderResource
);
view_type!(
    /// A render target view (`CreateRenderTargetView`; 9_x: Texture2D only).
    RenderTargetView,
    ViewKind::RenderTarget
);
view_type!(
    /// An unordered access view (`CreateUnorderedAccessView`; not at 9_x).
    UnorderedAccessView,
    ViewKind::UnorderedAccess
);

impl ShaderResourceView {
    /// Creates a buffer SRV with `D3D11_BUFFEREX_SRV` flags (RAW: a ByteAddressBuffer view;
    /// the rules of [`BufferViewFlags`]). Empty flags = [`Self::new`].
    pub fn with_flags(
        caps: &Caps,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
        flags: BufferViewFlags,
    ) -> Result<Self, ResourceError> {
        let info = resolve_view(caps, ViewKind::ShaderResource, resource.into(), desc, flags)?;
        Ok(Self { info })
    }
}

impl UnorderedAccessView {
    /// Creates a buffer UAV with `D3D11_BUFFER_UAV` flags (RAW, APPEND, COUNTER; the rules
    /// of [`BufferViewFlags`]). An APPEND or COUNTER view owns a fresh hidden counter (0).
    pub fn with_flags(
        caps: &Caps,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
        flags: BufferViewFlags,
    ) -> Result<Self, ResourceError> {
        let info = resolve_view(
            caps,
            ViewKind::UnorderedAccess,
            resource.into(),
            desc,
            flags,
        )?;
        Ok(Self { info })
    }
}

/// `D3D11_DSV_FLAG`: read-only depth and/or stencil planes (11_0+).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DsvFlags {
    /// `D3D11_DSV_READ_ONLY_DEPTH`.
    pub read_only_depth: bool,
    /// `D3D11_DSV_READ_ONLY_STENCIL` (format must have stencil).
    pub read_only_stencil: bool,
}

/// A depth-stencil view (`CreateDepthStencilView`), with read-only flags.
#[derive(Clone, Debug)]
pub struct DepthStencilView {
    info: ViewInfo,
    flags: DsvFlags,
}

impl DepthStencilView {
    /// Creates a writable DSV; `desc == None` views mip 0 of every slice in the resource format.
    pub fn new(
        caps: &Caps,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
    ) -> Result<Self, ResourceError> {
        Self::with_flags(caps, resource, desc, DsvFlags::default())
    }

    /// Creates a DSV with read-only flags (D3D11: read-only DSVs need FL 11_0; stencil flag needs stencil).
    pub fn with_flags(
        caps: &Caps,
        resource: impl Into<Resource>,
        desc: Option<&ViewDesc>,
        flags: DsvFlags,
    ) -> Result<Self, ResourceError> {
        let info = resolve_view(
            caps,
            ViewKind::DepthStencil,
            resource.into(),
            desc,
            BufferViewFlags::default(),
        )?;
        if (flags.read_only_depth || flags.read_only_stencil) && caps.level() < FeatureLevel::L11_0
        {
            return Err(ResourceError::Unsupported {
                op: "read-only depth-stencil view",
                level: caps.level(),
            });
        }
        if flags.read_only_stencil && !info.format.has_stencil() {
            return Err(ResourceError::InvalidView(format!(
                "READ_ONLY_STENCIL on {:?}, which has no stencil plane",
                info.format
            )));
        }
        Ok(Self { info, flags })
    }

    /// The view's flags.
    pub fn flags(&self) -> DsvFlags {
        self.flags
    }

    /// True when depth writes through this view are forbidden.
    pub fn read_only_depth(&self) -> bool {
        self.flags.read_only_depth
    }

    /// True when stencil writes through this view are forbidden.
    pub fn read_only_stencil(&self) -> bool {
        self.flags.read_only_stencil
    }
}

impl std::ops::Deref for DepthStencilView {
    type Target = ViewInfo;
    fn deref(&self) -> &ViewInfo {
        &self.info
    }
}

fn resolve_view(
    caps: &Caps,
    kind: ViewKind,
    resource: Resource,
    desc: Option<&ViewDesc>,
    flags: BufferViewFlags,
) -> Result<ViewInfo, ResourceError> {
    resource.check_owner(caps)?;
    if !resource.bind_flags().contains(kind.bind()) {
        return Err(ResourceError::InvalidView(format!(
            "{kind:?} view needs bind flag {:#x}",
            kind.bind().0
        )));
    }
    let (format, dimension, range) = match &resource {
        Resource::Texture(_) if !flags.is_empty() => {
            return Err(ResourceError::BufferViewFlags {
                rule: "RAW / APPEND / COUNTER are flags of buffer views only",
                level: caps.level(),
                flags,
                format: desc.map_or(Format::Unknown, |d| d.format),
                value: u64::from(flags.bits()),
            });
        }
        Resource::Texture(t) => validate::resolve_texture_view(caps, kind, t, desc)?,
        Resource::Buffer(b) => validate::resolve_buffer_view(caps, kind, b, desc, flags)?,
    };
    let counter =
        (kind == ViewKind::UnorderedAccess && flags.has_counter()).then(UavCounter::default);
    Ok(ViewInfo {
        owner: caps.device_id(),
        resource,
        format,
        dimension,
        range,
        flags,
        counter,
    })
}

/// Resolves and validates a view of a texture known by its description only (the tiled
/// textures of the facade, which are no [`Texture`]): the same format, dimension and range
/// rules as [`ShaderResourceView::new`] and friends, with `mips` / `slices` the texture's
/// resolved mip count and array size. Returns the resolved description (no `-1`s).
pub fn resolve_view_of_desc(
    caps: &Caps,
    kind: ViewKind,
    texture: &tessera_caps::TextureDesc,
    mips: u32,
    slices: u32,
    desc: Option<&ViewDesc>,
) -> Result<ViewDesc, ResourceError> {
    if !texture.bind_flags.contains(kind.bind()) {
        return Err(ResourceError::InvalidView(format!(
            "{kind:?} view needs bind flag {:#x}",
            kind.bind().0
        )));
    }
    let (format, dimension, range) =
        validate::resolve_view_of_desc(caps, kind, texture, mips, slices, desc)?;
    Ok(ViewDesc {
        format,
        dimension,
        range,
    })
}
