//! Creation-time and state-setting cases of TESTCASES.md A (FL-01..FL-10, FL-17..FL-34), one
//! file per group: resources (FL-01..FL-10), pipeline states (FL-17..FL-24), queries, views,
//! copies and tiled resources (FL-28..FL-34).

mod queries_views;
mod resources;
mod states;
mod tiled_shaders;

use FeatureLevel::*;
use tessera_caps::*;
use tessera_format::Format;

pub(super) const NINE: [FeatureLevel; 3] = [L9_1, L9_2, L9_3];

pub(super) fn caps(l: FeatureLevel) -> Caps {
    Caps::for_level(l)
}

pub(super) fn tex2d(w: u32, h: u32) -> TextureDesc {
    TextureDesc::tex2d(w, h, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
}

pub(super) fn cube(edge: u32) -> TextureDesc {
    TextureDesc {
        array_size: 6,
        misc_flags: MiscFlags::TEXTURE_CUBE,
        ..tex2d(edge, edge)
    }
}

pub(super) fn tex3d(w: u32, h: u32, d: u32) -> TextureDesc {
    TextureDesc {
        dimension: TextureDimension::D3,
        depth: d,
        ..tex2d(w, h)
    }
}

pub(super) fn tex1d(w: u32) -> TextureDesc {
    TextureDesc {
        dimension: TextureDimension::D1,
        ..tex2d(w, 1)
    }
}
