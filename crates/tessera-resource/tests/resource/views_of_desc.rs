//! `resolve_view_of_desc`: the view rules for a texture known by its description (the
//! facade's tiled textures) agree with the rules of an ordinary view of the same texture.

use tessera_caps::{FeatureLevel as L, SubresourceRange, TextureDesc, ViewDesc, ViewDimension};
use tessera_format::Format;
use tessera_resource::{
    ResourceError, ShaderResourceView, Texture, ViewKind, resolve_view_of_desc,
};
use tessera_testkit::desc::*;

fn array_view(first: u32, size: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R8G8B8A8Unorm,
        dimension: ViewDimension::Texture2DArray,
        range: SubresourceRange {
            most_detailed_mip: 1,
            mip_levels: u32::MAX,
            first_array_slice: first,
            array_size: size,
        },
    }
}

#[test]
fn the_desc_resolver_matches_an_ordinary_view() {
    let c = caps(L::L11_0);
    let desc = TextureDesc {
        mip_levels: 3,
        array_size: 4,
        ..tex2d(16, 16, Format::R8G8B8A8Typeless, SRV)
    };
    let t = Texture::new(&c, &desc, None).unwrap();
    let v = array_view(1, 2);
    let ordinary = ShaderResourceView::new(&c, &t, Some(&v)).unwrap().desc();
    let by_desc =
        resolve_view_of_desc(&c, ViewKind::ShaderResource, &desc, 3, 4, Some(&v)).unwrap();
    assert_eq!(by_desc, ordinary);
    assert_eq!(by_desc.range.mip_levels, 2, "-1 resolved to the mips left");
    // Past the slices, a typeless view and a missing bind flag: refused the same way.
    for bad in [
        resolve_view_of_desc(
            &c,
            ViewKind::ShaderResource,
            &desc,
            3,
            4,
            Some(&array_view(3, 2)),
        ),
        resolve_view_of_desc(&c, ViewKind::ShaderResource, &desc, 3, 4, None),
        resolve_view_of_desc(&c, ViewKind::RenderTarget, &desc, 3, 4, Some(&v)),
    ] {
        assert!(matches!(bad, Err(ResourceError::InvalidView(_))), "{bad:?}");
    }
}
