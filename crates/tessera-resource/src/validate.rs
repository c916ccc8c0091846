//! Creation and view validation: calls the caps layer for feature-level rules, then applies the
//! level-independent D3D11 structural rules the caps layer does not own.

use tessera_caps::{
    BindFlags, BufferDesc, Caps, FeatureLevel, MiscFlags, SubresourceRange, TextureDesc,
    TextureDimension, Usage, ViewDesc, ViewDimension,
};
use tessera_format::{Format, NumericKind};

use crate::{Buffer, ResourceError, Texture};

/// Which kind of view is being created (selects the bind flag and dimension rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ViewKind {
    /// Shader resource view (`BIND_SHADER_RESOURCE`).
    ShaderResource,
    /// Render target view (`BIND_RENDER_TARGET`).
    RenderTarget,
    /// Depth-stencil view (`BIND_DEPTH_STENCIL`).
    DepthStencil,
    /// Unordered access view (`BIND_UNORDERED_ACCESS`).
    UnorderedAccess,
}

fn bad(msg: impl Into<String>) -> ResourceError {
    ResourceError::InvalidDesc(msg.into())
}

fn bad_view(msg: impl Into<String>) -> ResourceError {
    ResourceError::InvalidView(msg.into())
}

/// `CreateTexture*` rules: caps first (limits, 9_x rules, format support), then D3D11 structure.
pub(crate) fn texture_desc(
    caps: &Caps,
    desc: &TextureDesc,
    has_init: bool,
) -> Result<(), ResourceError> {
    if desc.format == Format::Unknown {
        return Err(bad("format UNKNOWN is not allowed for textures"));
    }
    caps.validate_texture(desc)?;
    let d = desc;
    if d.sample_desc.count > 1 {
        if has_init {
            return Err(bad("multisampled textures cannot take initial data"));
        }
        if d.usage != Usage::Default {
            return Err(bad("multisampled textures need DEFAULT usage"));
        }
        if d.is_cube() {
            return Err(bad("multisampled textures cannot be cubes"));
        }
    }
    if d.format.is_depth_stencil() && d.dimension == TextureDimension::D3 {
        return Err(bad("depth-stencil formats are not allowed on Texture3D"));
    }
    if d.bind_flags.contains(BindFlags::DEPTH_STENCIL) {
        if !d.format.is_depth_family() {
            return Err(bad(format!(
                "DEPTH_STENCIL bind needs a depth format, got {:?}",
                d.format
            )));
        }
        if d.dimension == TextureDimension::D3 {
            return Err(bad("DEPTH_STENCIL bind is not allowed on Texture3D"));
        }
        if d.bind_flags.contains(BindFlags::RENDER_TARGET) {
            return Err(bad("DEPTH_STENCIL and RENDER_TARGET binds are exclusive"));
        }
    }
    if d.format.is_compressed() && caps.level() < FeatureLevel::L12_2 {
        let info = d.format.info();
        if !d.width.is_multiple_of(info.block_width) || !d.height.is_multiple_of(info.block_height)
        {
            return Err(bad(format!(
                "block-compressed mip 0 must be a multiple of 4 texels, got {}x{}",
                d.width, d.height
            )));
        }
    }
    if d.misc_flags.intersects(MiscFlags(
        MiscFlags::BUFFER_ALLOW_RAW_VIEWS.0 | MiscFlags::BUFFER_STRUCTURED.0,
    )) {
        return Err(bad("buffer misc flags on a texture"));
    }
    Ok(())
}

/// `CreateBuffer` rules: caps (9_x FL-10), then D3D11 size / constant / structured buffer rules.
pub(crate) fn buffer_desc(caps: &Caps, desc: &BufferDesc) -> Result<(), ResourceError> {
    if desc.byte_width == 0 {
        return Err(bad("ByteWidth must be > 0"));
    }
    caps.validate_buffer(desc)?;
    let bind = desc.bind_flags;
    if bind.contains(BindFlags::DEPTH_STENCIL) {
        return Err(bad("buffers cannot be bound as depth-stencil"));
    }
    let structured = desc.misc_flags.contains(MiscFlags::BUFFER_STRUCTURED);
    if structured {
        let s = desc.structure_byte_stride;
        if s == 0 || !s.is_multiple_of(4) || s > 2048 {
            return Err(bad(format!(
                "structure stride {s} must be a multiple of 4 in 4..=2048"
            )));
        }
        if !desc.byte_width.is_multiple_of(s) {
            return Err(bad(format!(
                "ByteWidth {} is not a multiple of stride {s}",
                desc.byte_width
            )));
        }
        if desc.misc_flags.contains(MiscFlags::BUFFER_ALLOW_RAW_VIEWS) {
            return Err(bad("STRUCTURED and ALLOW_RAW_VIEWS are exclusive"));
        }
    }
    if desc.misc_flags.intersects(MiscFlags(
        MiscFlags::TEXTURE_CUBE.0 | MiscFlags::GENERATE_MIPS.0,
    )) {
        return Err(bad("texture misc flags on a buffer"));
    }
    Ok(())
}

/// Resolves `count == u32::MAX` to "the rest" and checks `first + count <= total`, `count >= 1`.
fn resolve_span(
    what: &str,
    first: u32,
    count: u32,
    total: u32,
) -> Result<(u32, u32), ResourceError> {
    if first >= total {
        return Err(bad_view(format!(
            "first {what} {first} out of range (resource has {total})"
        )));
    }
    let count = if count == u32::MAX {
        total - first
    } else {
        count
    };
    if count == 0 || first.checked_add(count).is_none_or(|end| end > total) {
        return Err(bad_view(format!(
            "{what} range {first}+{count} exceeds {total}"
        )));
    }
    Ok((first, count))
}

fn default_dimension(kind: ViewKind, d: &TextureDesc) -> ViewDimension {
    let arrayed = d.array_size > 1;
    match d.dimension {
        TextureDimension::D1 if arrayed => ViewDimension::Texture1DArray,
        TextureDimension::D1 => ViewDimension::Texture1D,
        TextureDimension::D3 => ViewDimension::Texture3D,
        TextureDimension::D2 if d.sample_desc.count > 1 => {
            if arrayed {
                ViewDimension::Texture2DMsArray
            } else {
                ViewDimension::Texture2DMs
            }
        }
        TextureDimension::D2 if d.is_cube() && kind == ViewKind::ShaderResource => {
            if d.array_size > 6 {
                ViewDimension::TextureCubeArray
            } else {
                ViewDimension::TextureCube
            }
        }
        TextureDimension::D2 if arrayed => ViewDimension::Texture2DArray,
        TextureDimension::D2 => ViewDimension::Texture2D,
    }
}

/// Resolves and validates a texture view: format cast, dimension, range, caps view rules.
pub(crate) fn resolve_texture_view(
    caps: &Caps,
    kind: ViewKind,
    tex: &Texture,
    desc: Option<&ViewDesc>,
) -> Result<(Format, ViewDimension, SubresourceRange), ResourceError> {
    resolve_view_of_desc(
        caps,
        kind,
        tex.desc(),
        tex.mip_levels(),
        tex.array_size(),
        desc,
    )
}

/// [`resolve_texture_view`] from a texture's description and its resolved mip and slice counts
/// (also the tiled textures of the facade, which are no [`Texture`]).
pub(crate) fn resolve_view_of_desc(
    caps: &Caps,
    kind: ViewKind,
    d: &TextureDesc,
    mips: u32,
    slices: u32,
    desc: Option<&ViewDesc>,
) -> Result<(Format, ViewDimension, SubresourceRange), ResourceError> {
    let requested = desc.map_or(Format::Unknown, |v| v.format);
    let format = if requested == Format::Unknown {
        d.format
    } else {
        requested
    };
    if format.is_typeless() {
        return Err(bad_view(format!(
            "view format {format:?} is typeless; name a typed member of the family"
        )));
    }
    if !d.format.is_castable_to(format) {
        return Err(bad_view(format!(
            "view format {format:?} cannot view a {:?} resource",
            d.format
        )));
    }
    let depth_format = format.kind() == NumericKind::Depth;
    match kind {
        ViewKind::DepthStencil if !depth_format => {
            return Err(bad_view(format!(
                "DSV needs a depth-stencil format, got {format:?}"
            )));
        }
        ViewKind::ShaderResource | ViewKind::RenderTarget | ViewKind::UnorderedAccess
            if depth_format =>
        {
            return Err(bad_view(format!("{format:?} is only usable through a DSV")));
        }
        _ => {}
    }
    let dimension = desc.map_or_else(|| default_dimension(kind, d), |v| v.dimension);
    let r = desc.map_or(SubresourceRange::ALL, |v| v.range);
    let ms = d.sample_desc.count > 1;
    use ViewDimension as V;
    let ok_dim = match (d.dimension, dimension) {
        (TextureDimension::D1, V::Texture1D | V::Texture1DArray) => true,
        (TextureDimension::D2, V::Texture2D | V::Texture2DArray) => !ms,
        (TextureDimension::D2, V::Texture2DMs | V::Texture2DMsArray) => {
            ms && kind != ViewKind::UnorderedAccess
        }
        (TextureDimension::D2, V::TextureCube | V::TextureCubeArray) => {
            kind == ViewKind::ShaderResource && d.is_cube()
        }
        (TextureDimension::D3, V::Texture3D) => kind != ViewKind::DepthStencil,
        _ => false,
    };
    if !ok_dim {
        return Err(bad_view(format!(
            "{kind:?} with dimension {dimension:?} cannot view this {:?} texture",
            d.dimension
        )));
    }
    if dimension == V::TextureCubeArray && caps.level() < FeatureLevel::L10_1 {
        return Err(ResourceError::Unsupported {
            op: "TextureCubeArray view",
            level: caps.level(),
        });
    }
    let single_mip = kind != ViewKind::ShaderResource;
    let (mip0, mip_n) = if ms {
        (0, 1)
    } else if single_mip {
        resolve_span("mip", r.most_detailed_mip, 1, mips)?
    } else {
        resolve_span("mip", r.most_detailed_mip, r.mip_levels, mips)?
    };
    let (slice0, slice_n) = match dimension {
        V::Texture1D | V::Texture2D | V::Texture2DMs => (0, 1),
        V::Texture1DArray | V::Texture2DArray | V::Texture2DMsArray => {
            resolve_span("array slice", r.first_array_slice, r.array_size, slices)?
        }
        V::TextureCube => (0, 6),
        V::TextureCubeArray => {
            let cubes = if r.array_size == u32::MAX {
                slices.saturating_sub(r.first_array_slice) / 6
            } else {
                r.array_size
            };
            let faces = cubes
                .checked_mul(6)
                .ok_or_else(|| bad_view("cube count overflows"))?;
            resolve_span("cube face", r.first_array_slice, faces, slices)?
        }
        V::Texture3D if single_mip => {
            let w = crate::layout::mip_dim(d.depth, mip0);
            resolve_span("W slice", r.first_array_slice, r.array_size, w)?
        }
        V::Texture3D => (0, 1),
        V::Buffer => return Err(bad_view("Buffer dimension on a texture")),
    };
    let range = SubresourceRange {
        most_detailed_mip: mip0,
        mip_levels: mip_n,
        first_array_slice: slice0,
        array_size: slice_n,
    };
    let resolved = ViewDesc {
        format,
        dimension,
        range,
    };
    match kind {
        ViewKind::ShaderResource => caps.validate_srv(d, &resolved)?,
        ViewKind::RenderTarget => caps.validate_rtv(d, &resolved)?,
        ViewKind::DepthStencil => caps.validate_dsv(d, &resolved)?,
        ViewKind::UnorderedAccess => caps.validate_uav(d, &resolved)?,
    }
    Ok((format, dimension, range))
}

/// Resolves and validates a buffer view: element range in bounds, binds, 9_x refusals.
pub(crate) fn resolve_buffer_view(
    caps: &Caps,
    kind: ViewKind,
    buf: &Buffer,
    desc: Option<&ViewDesc>,
    flags: crate::BufferViewFlags,
) -> Result<(Format, ViewDimension, SubresourceRange), ResourceError> {
    let level = caps.level();
    match kind {
        ViewKind::DepthStencil => return Err(bad_view("buffers have no depth-stencil views")),
        ViewKind::RenderTarget if level.is_9_x() => {
            return Err(ResourceError::Unsupported {
                op: "render-target view of a buffer",
                level,
            });
        }
        ViewKind::UnorderedAccess if level.is_9_x() => {
            return Err(ResourceError::Unsupported {
                op: "CreateUnorderedAccessView",
                level,
            });
        }
        ViewKind::ShaderResource if level.is_9_x() => {
            return Err(ResourceError::Unsupported {
                op: "shader-resource view of a buffer",
                level,
            });
        }
        _ => {}
    }
    let bd = buf.desc();
    let structured = bd.misc_flags.contains(MiscFlags::BUFFER_STRUCTURED);
    let format = desc.map_or(Format::Unknown, |v| v.format);
    if desc.is_some_and(|v| v.dimension != ViewDimension::Buffer) {
        return Err(bad_view("a buffer view needs ViewDimension::Buffer"));
    }
    let r = desc.map_or(SubresourceRange::ALL, |v| v.range);
    let raw = crate::buffer_view::check_buffer_view_flags(
        caps,
        kind,
        buf,
        format,
        flags,
        r.first_array_slice,
    )?;
    let element = if let Some(raw) = raw {
        raw
    } else if structured {
        if format != Format::Unknown {
            return Err(bad_view("structured buffer views take format UNKNOWN"));
        }
        bd.structure_byte_stride
    } else {
        if format == Format::Unknown || format.is_typeless() || format.is_compressed() {
            return Err(bad_view(format!(
                "typed buffer view needs a typed element format, got {format:?}"
            )));
        }
        format.info().bytes_per_block
    };
    if element == 0 {
        return Err(bad_view("buffer view element size is 0"));
    }
    let total = bd.byte_width / element;
    let (first, count) = resolve_span("element", r.first_array_slice, r.array_size, total)?;
    Ok((
        format,
        ViewDimension::Buffer,
        SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: count,
        },
    ))
}
