//! Texture sub-checks: per-bind format support (formats.json), misc flags (SPEC §2.1, §6.11).

use tessera_format::Format;

use super::{invalid, unsupported};
use crate::caps::Caps;
use crate::desc::{BindFlags, MiscFlags, TextureDesc, TextureDimension};
use crate::error::CapsError;
use crate::format_support::FormatSupport;

impl Caps {
    /// Format-support checks for a texture's dimension and binds (formats.json); typeless formats are checked at view time.
    pub(super) fn validate_texture_format(
        &self,
        desc: &TextureDesc,
        mips: u32,
    ) -> Result<(), CapsError> {
        let level = self.level();
        let f = desc.format;
        if f == Format::Unknown {
            return Err(invalid(
                level,
                "D3D11 CreateTexture",
                "DXGI_FORMAT_UNKNOWN is not a texture format",
            ));
        }
        if f.is_typeless() {
            return Ok(());
        }
        let s = self.check_format_support(f);
        let mut needs: Vec<(FormatSupport, &'static str)> = vec![match desc.dimension {
            TextureDimension::D1 => (FormatSupport::TEXTURE1D, "a Texture1D"),
            TextureDimension::D2 if desc.is_cube() => (FormatSupport::TEXTURECUBE, "a TextureCube"),
            TextureDimension::D2 => (FormatSupport::TEXTURE2D, "a Texture2D"),
            TextureDimension::D3 => (FormatSupport::TEXTURE3D, "a Texture3D"),
        }];
        let b = desc.bind_flags;
        if b.contains(BindFlags::RENDER_TARGET) {
            needs.push((FormatSupport::RENDER_TARGET, "a render target"));
        }
        if b.contains(BindFlags::DEPTH_STENCIL) {
            needs.push((FormatSupport::DEPTH_STENCIL, "a depth-stencil target"));
        }
        if b.contains(BindFlags::UNORDERED_ACCESS) {
            needs.push((FormatSupport::TYPED_UAV, "a typed UAV"));
        }
        if mips > 1 {
            needs.push((FormatSupport::MIPMAP, "a mipmapped texture"));
        }
        if desc.misc_flags.contains(MiscFlags::GENERATE_MIPS) {
            needs.push((FormatSupport::MIP_AUTOGEN, "a GenerateMips target"));
        }
        if desc.misc_flags.contains(MiscFlags::SHARED) {
            needs.push((FormatSupport::SHAREABLE, "a shared resource"));
        }
        if let Some((_, usage)) = needs.iter().find(|(flag, _)| !s.contains(*flag)) {
            return Err(CapsError::FormatUnsupported {
                level,
                format: f,
                usage,
            });
        }
        if b.contains(BindFlags::SHADER_RESOURCE)
            && !s.contains(FormatSupport::SHADER_SAMPLE)
            && !s.contains(FormatSupport::SHADER_SAMPLE_POINT_ONLY)
            && !s.contains(FormatSupport::SHADER_LOAD)
            && !s.contains(FormatSupport::MULTISAMPLE_LOAD)
        {
            return Err(CapsError::FormatUnsupported {
                level,
                format: f,
                usage: "a shader resource",
            });
        }
        Ok(())
    }

    pub(super) fn validate_texture_misc(&self, desc: &TextureDesc) -> Result<(), CapsError> {
        let level = self.level();
        let b = desc.bind_flags;
        if b.intersects(
            BindFlags::VERTEX_BUFFER
                | BindFlags::INDEX_BUFFER
                | BindFlags::CONSTANT_BUFFER
                | BindFlags::STREAM_OUTPUT,
        ) {
            return Err(invalid(
                level,
                "D3D11 CreateTexture",
                "textures cannot bind as VB/IB/CB/SO",
            ));
        }
        if b.contains(BindFlags::UNORDERED_ACCESS) && self.check_feature_support().uav_slots == 0 {
            return Err(unsupported(
                level,
                "unordered-access textures",
                "SPEC §1.2 UAV slots",
            ));
        }
        if desc.misc_flags.contains(MiscFlags::GENERATE_MIPS)
            && !b.contains(BindFlags::RENDER_TARGET | BindFlags::SHADER_RESOURCE)
        {
            return Err(invalid(
                level,
                "D3D11 GENERATE_MIPS",
                "GENERATE_MIPS needs RENDER_TARGET and SHADER_RESOURCE binds",
            ));
        }
        if desc.is_cube() && desc.dimension != TextureDimension::D2 {
            return Err(invalid(
                level,
                "D3D11 TEXTURECUBE",
                "only Texture2D resources can be cubes",
            ));
        }
        if desc.misc_flags.contains(MiscFlags::TILE_POOL) {
            return Err(invalid(
                level,
                "D3D11 MISC_TILE_POOL",
                "only buffers can be tile pools",
            ));
        }
        if desc.misc_flags.contains(MiscFlags::TILED) {
            let tier = self.check_feature_support().tiled_resources_tier;
            let needed = match desc.dimension {
                TextureDimension::D2 => 1,
                TextureDimension::D3 => 3,
                TextureDimension::D1 => u32::MAX,
            };
            if tier < needed {
                return Err(unsupported(
                    level,
                    "this tiled resource",
                    "SPEC §6.11 tier summary",
                ));
            }
            return Err(self.tiled_elsewhere("CreateTexture"));
        }
        Ok(())
    }
}
