//! Shader-resource views of 4× multisampled tiled textures (Texture2DMS; SPEC §6.1, §6.5, §6.8):
//! each sample read through the tiles (the samples of a pixel consecutive in a tile), NULL
//! tiles reading 0 at Tier 2, the Tier-1 report at Tier 1.

use std::sync::Arc;

use tessera::caps::{BindFlags, SampleDesc, TextureDesc};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::tiled::{Tier1NullRead, TiledResource};
use tessera::{Device, FeatureLevel};
use tessera_testkit::{
    bind_color_pipeline, constant_buffer, rect_strip, rgba8, target, vb_view, vertex_buffer,
};

use super::{c, device, device_at, ids, map, pool, tiled_tex};

/// A 128×64 4× RGBA8 tiled texture (two 64×64 tiles) with tile 0 mapped, written whole
/// through the tiles: sample `k` of pixel (x, y) = (x, y, 16 k, 7).
fn ms_texture(d: &Device) -> TiledResource {
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        sample_desc: SampleDesc {
            count: 4,
            quality: 0,
        },
        bind_flags: BindFlags::SHADER_RESOURCE | BindFlags::RENDER_TARGET,
        ..tiled_tex(128, 64, 1, 1, Format::R8G8B8A8Unorm)
    };
    let r = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(d, 2);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    let mut bytes = Vec::with_capacity(128 * 64 * 16);
    for y in 0..64u8 {
        for x in 0..128u8 {
            for k in 0..4u8 {
                bytes.extend([x, y, 16 * k, 7]);
            }
        }
    }
    ctx.write_tiled_subresource(&r, 0, &bytes).unwrap();
    r
}

/// Sample `k` of every pixel of `r`'s view, read by a pixel shader (`ShaderEnv::load_sample`)
/// into a 128×64 RGBA8 target.
fn read_sample(d: &Device, r: &TiledResource, k: u32) -> Vec<[u8; 4]> {
    let mut ctx = d.immediate_context();
    let (t, rtv) = target(d, 128, 64, Format::R8G8B8A8Unorm);
    bind_color_pipeline(d, &mut ctx, &rtv, 128, 64);
    let ps = d
        .create_pixel_shader(Arc::new(crate::msaa::MsArrayLoadPs))
        .unwrap();
    ctx.ps_set_shader(Some(&ps)).unwrap();
    let srv = d.create_tiled_shader_resource_view(r, None).unwrap();
    assert_eq!(
        srv.desc().dimension,
        tessera::caps::ViewDimension::Texture2DMs
    );
    ctx.ps_set_tiled_shader_resources(0, &[Some(srv)]).unwrap();
    let cb = constant_buffer(d, &[[0.0, k as f32, 0.0, 0.0]]);
    ctx.ps_set_constant_buffers(0, &[Some(cb)]).unwrap();
    let v = rect_strip([0.0, 0.0, 128.0, 64.0], 0.5, (128, 64), |_| {
        vec![0.0, 0.0, 0.0, 1.0]
    });
    ctx.ia_set_vertex_buffers(0, &[vb_view(vertex_buffer(d, &v), 32)])
        .unwrap();
    ctx.draw(4, 0).unwrap();
    rgba8(&t, 0)
}

#[test]
fn a_tiled_multisampled_view_reads_each_sample_through_the_tiles() {
    let d = device(2);
    let r = ms_texture(&d);
    for k in 0..4u32 {
        let got = read_sample(&d, &r, k);
        for (y, x) in [(0, 0), (5, 17), (63, 63), (0, 64), (40, 100), (63, 127)] {
            let want = if x < 64 {
                [x as u8, y as u8, 16 * k as u8, 7]
            } else {
                [0; 4]
            };
            assert_eq!(got[y * 128 + x], want, "sample {k} pixel ({x}, {y})");
        }
    }
    // Sample 4 of a 4× view is out of range: 0.
    assert!(read_sample(&d, &r, 4).iter().all(|p| *p == [0; 4]));
    assert!(!ids(&d).contains(&MessageId::NullTileMappingAccessError));
}

#[test]
fn tier_1_reports_a_multisampled_view_over_a_null_tile() {
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Zero).unwrap();
    let r = ms_texture(&d);
    let got = read_sample(&d, &r, 1);
    assert_eq!(got[0], [0, 0, 16, 7]);
    assert_eq!(got[100], [0; 4]);
    assert!(ids(&d).contains(&MessageId::NullTileMappingAccessError));
}
