//! Resource descriptors: usage, bind/CPU/misc flags, buffers and textures.

use tessera_format::Format;

/// How the CPU and GPU may access a resource (`D3D11_USAGE`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Usage {
    /// GPU read/write; CPU updates through `update_subresource` only.
    #[default]
    Default,
    /// Initialised at creation, never written again.
    Immutable,
    /// CPU writes through `map(WRITE_DISCARD / WRITE_NO_OVERWRITE)`; GPU reads.
    Dynamic,
    /// CPU-visible copy target/source; never bound to the pipeline.
    Staging,
}

flags! {
    /// Where a resource may be bound (`D3D11_BIND_FLAG`).
    BindFlags {
        /// `D3D11_BIND_VERTEX_BUFFER`.
        VERTEX_BUFFER = 0x1;
        /// `D3D11_BIND_INDEX_BUFFER`.
        INDEX_BUFFER = 0x2;
        /// `D3D11_BIND_CONSTANT_BUFFER`.
        CONSTANT_BUFFER = 0x4;
        /// `D3D11_BIND_SHADER_RESOURCE`.
        SHADER_RESOURCE = 0x8;
        /// `D3D11_BIND_STREAM_OUTPUT`.
        STREAM_OUTPUT = 0x10;
        /// `D3D11_BIND_RENDER_TARGET`.
        RENDER_TARGET = 0x20;
        /// `D3D11_BIND_DEPTH_STENCIL`.
        DEPTH_STENCIL = 0x40;
        /// `D3D11_BIND_UNORDERED_ACCESS`.
        UNORDERED_ACCESS = 0x80;
    }
}

flags! {
    /// CPU access a resource allows (`D3D11_CPU_ACCESS_FLAG`).
    CpuAccess {
        /// `D3D11_CPU_ACCESS_WRITE`.
        WRITE = 0x10000;
        /// `D3D11_CPU_ACCESS_READ`.
        READ = 0x20000;
    }
}

flags! {
    /// Miscellaneous resource options (`D3D11_RESOURCE_MISC_FLAG`).
    MiscFlags {
        /// `GENERATE_MIPS`: the resource may be the target of `generate_mips`.
        GENERATE_MIPS = 0x1;
        /// `SHARED`: shareable between devices (refused for R8G8B8A8 at 9_x).
        SHARED = 0x2;
        /// `TEXTURECUBE`: a Texture2D array of 6·n faces viewable as cubes.
        TEXTURE_CUBE = 0x4;
        /// `BUFFER_ALLOW_RAW_VIEWS`.
        BUFFER_ALLOW_RAW_VIEWS = 0x20;
        /// `BUFFER_STRUCTURED`.
        BUFFER_STRUCTURED = 0x40;
        /// `TILED`: a reserved resource backed by tile-pool mappings.
        TILED = 0x40000;
        /// `TILE_POOL`: a buffer used as a tile pool.
        TILE_POOL = 0x20000;
    }
}

/// Multisample count and quality (`DXGI_SAMPLE_DESC`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SampleDesc {
    /// Samples per pixel (1 = no MSAA).
    pub count: u32,
    /// Vendor quality level; 0 or a standard pattern value.
    pub quality: u32,
}

impl Default for SampleDesc {
    fn default() -> Self {
        Self {
            count: 1,
            quality: 0,
        }
    }
}

/// `D3D11_BUFFER_DESC`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BufferDesc {
    /// Size in bytes.
    pub byte_width: u32,
    /// CPU/GPU access pattern.
    pub usage: Usage,
    /// Pipeline bindings.
    pub bind_flags: BindFlags,
    /// CPU access.
    pub cpu_access: CpuAccess,
    /// Miscellaneous options.
    pub misc_flags: MiscFlags,
    /// Element stride of a structured buffer, else 0.
    pub structure_byte_stride: u32,
}

/// The dimensionality of a texture resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextureDimension {
    /// `ID3D11Texture1D` (height and depth are 1).
    D1,
    /// `ID3D11Texture2D` (depth is 1); cubes are 2D arrays with `TEXTURE_CUBE`.
    D2,
    /// `ID3D11Texture3D` (array size is 1).
    D3,
}

/// One descriptor for `D3D11_TEXTURE1D_DESC`, `D3D11_TEXTURE2D_DESC` and `D3D11_TEXTURE3D_DESC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureDesc {
    /// 1D, 2D (and cube) or 3D.
    pub dimension: TextureDimension,
    /// Width in texels of mip 0.
    pub width: u32,
    /// Height in texels of mip 0 (1 for 1D).
    pub height: u32,
    /// Depth in texels of mip 0 (1 for 1D and 2D).
    pub depth: u32,
    /// Mip levels; 0 means the full chain.
    pub mip_levels: u32,
    /// Array slices (1 for 3D; 6·n for cubes).
    pub array_size: u32,
    /// Texel format.
    pub format: Format,
    /// Multisampling (2D only).
    pub sample_desc: SampleDesc,
    /// CPU/GPU access pattern.
    pub usage: Usage,
    /// Pipeline bindings.
    pub bind_flags: BindFlags,
    /// CPU access.
    pub cpu_access: CpuAccess,
    /// Miscellaneous options.
    pub misc_flags: MiscFlags,
}

impl TextureDesc {
    /// A single-mip, single-slice 2D texture with default usage, as most callers want.
    pub fn tex2d(width: u32, height: u32, format: Format, bind_flags: BindFlags) -> Self {
        Self {
            dimension: TextureDimension::D2,
            width,
            height,
            depth: 1,
            mip_levels: 1,
            array_size: 1,
            format,
            sample_desc: SampleDesc::default(),
            usage: Usage::Default,
            bind_flags,
            cpu_access: CpuAccess::NONE,
            misc_flags: MiscFlags::NONE,
        }
    }

    /// True when `misc_flags` marks the texture as a cube (array).
    pub fn is_cube(&self) -> bool {
        self.misc_flags.contains(MiscFlags::TEXTURE_CUBE)
    }

    /// The number of mips in a full chain for this texture's largest dimension.
    pub fn full_mip_count(&self) -> u32 {
        let largest = self.width.max(self.height).max(self.depth).max(1);
        32 - largest.leading_zeros()
    }

    /// The mip count after resolving `mip_levels == 0` to the full chain.
    pub fn resolved_mip_levels(&self) -> u32 {
        if self.mip_levels == 0 {
            self.full_mip_count()
        } else {
            self.mip_levels
        }
    }
}
