//! Tier 3: draws into render-target views of tiled Texture3D (issue #16): the target's
//! shadow holds the mip's tiles for the draw, the draw renders into the view's first W slice
//! (as into an ordinary 3D view's), blending reads the tiles' bytes (NULL tiles: 0) and the
//! changed tiles are stored back (NULL tiles drop the writes). Exact bytes against the same
//! draw into an ordinary Texture3D, the same at 1 and 8 threads.

use tessera::caps::{
    BindFlags, Blend, BlendDesc, CapsOptions, MiscFlags, SubresourceRange, TextureDesc, ViewDesc,
    ViewDimension,
};
use tessera::format::Format;
use tessera::resource::SubresourceData;
use tessera::resource::tiled::TiledResourceCoordinate;
use tessera::tiled::{OmRenderTarget, Tier1NullRead};
use tessera::{Device, DeviceContext, DeviceDesc, FeatureLevel};

use super::*;

fn device3(threads: usize) -> Device {
    Device::new(&DeviceDesc {
        caps_options: CapsOptions {
            tiled_resources_tier: Some(3),
            ..CapsOptions::default()
        },
        tiled_null_read: Tier1NullRead::Zero,
        threads: Some(threads),
        ..DeviceDesc::at(FeatureLevel::L11_1)
    })
    .unwrap()
}

/// Texel (x, y, z) of the 64×64×32 R32_FLOAT volume (tight).
fn at(x: usize, y: usize, z: usize) -> usize {
    4 * ((z * 64 + y) * 64 + x)
}

/// W slices 5..9 of mip 0, R32_FLOAT.
fn slices_five_to_nine() -> ViewDesc {
    ViewDesc {
        format: Format::R32Float,
        dimension: ViewDimension::Texture3D,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 5,
            array_size: 4,
        },
    }
}

/// Binds the colour pipeline for a 64×64 target with additive blending (ONE + ONE).
fn bind(d: &Device, ctx: &mut DeviceContext) {
    let (_, scratch) = tessera_testkit::target(d, 64, 64, Format::R32Float);
    tessera_testkit::bind_color_pipeline(d, ctx, &scratch, 64, 64);
    let mut blend = BlendDesc::default();
    let rt = &mut blend.render_target[0];
    rt.blend_enable = true;
    rt.src_blend = Blend::One;
    rt.dest_blend = Blend::One;
    let blend = d.create_blend_state(&blend).unwrap();
    ctx.om_set_blend_state(Some(&blend), [0.0; 4], u32::MAX)
        .unwrap();
}

/// Adds 0.5 to every pixel of rows y < 48 (the quad [0, 0, 64, 48]).
fn draw(d: &Device, ctx: &mut DeviceContext) {
    tessera_testkit::draw_quad(d, ctx, (64, 64), [0.0, 0.0, 64.0, 48.0], 0.5, [0.5; 4]).unwrap();
}

/// A tiled 64×64×32 R32_FLOAT render target (2×2×2 tiles of 32×32×16), every tile but
/// (1, 0, 0) mapped, texel (x, y, z) = x + 64 y + 4096 z; the draw through W slices 5..9.
/// Returns the bytes before and after.
fn tiled_draw(threads: usize) -> (Vec<u8>, Vec<u8>) {
    let d = device3(threads);
    let mut ctx = d.immediate_context();
    let desc = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Float, BindFlags::RENDER_TARGET)
    };
    let t = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 8);
    let mut next = 0;
    for (x, y, z) in (0..2).flat_map(|z| (0..2).flat_map(move |y| (0..2).map(move |x| (x, y, z)))) {
        if (x, y, z) != (1, 0, 0) {
            let c = TiledResourceCoordinate {
                x,
                y,
                z,
                subresource: 0,
            };
            map(&mut ctx, &t, &p, c, 1, next);
            next += 1;
        }
    }
    let texels: Vec<u8> = (0..32 * 64 * 64)
        .flat_map(|i| (i as f32).to_le_bytes())
        .collect();
    ctx.write_tiled_subresource(&t, 0, &texels).unwrap();
    let before = ctx.read_tiled_subresource(&t, 0).unwrap();
    let rtv = d
        .create_tiled_render_target_view(&t, Some(&slices_five_to_nine()))
        .unwrap();
    bind(&d, &mut ctx);
    ctx.om_set_render_targets_tiled(&[Some(OmRenderTarget::Tiled(rtv))], None)
        .unwrap();
    draw(&d, &mut ctx);
    assert!(ids(&d).is_empty(), "{:?}", d.info_queue().messages());
    (before, ctx.read_tiled_subresource(&t, 0).unwrap())
}

/// The same draw into an ordinary 64×64×32 Texture3D holding `initial`.
fn ordinary_draw(initial: &[u8]) -> Vec<u8> {
    let d = device3(1);
    let mut ctx = d.immediate_context();
    let desc =
        tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Float, BindFlags::RENDER_TARGET);
    let tex = d
        .create_texture(&desc, Some(&[SubresourceData::new(initial, 256, 256 * 64)]))
        .unwrap();
    let rtv = d
        .create_render_target_view(&tex, Some(&slices_five_to_nine()))
        .unwrap();
    bind(&d, &mut ctx);
    ctx.om_set_render_targets(&[Some(rtv)], None).unwrap();
    draw(&d, &mut ctx);
    tessera_testkit::bytes(&tex, 0)
}

#[test]
fn a_draw_into_a_tiled_texture3d_rtv_matches_an_ordinary_one_and_drops_null_tiles() {
    let (before, after) = tiled_draw(1);
    let f = |b: &[u8], x, y, z| {
        let i = at(x, y, z);
        f32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
    };
    // W slice 5: rows y < 48 + 0.5 in mapped tiles; the NULL tile (1, 0, 0) reads 0.
    assert_eq!(f(&after, 3, 4, 5), (3 + 64 * 4 + 4096 * 5) as f32 + 0.5);
    assert_eq!(f(&after, 40, 40, 5), (40 + 64 * 40 + 4096 * 5) as f32 + 0.5);
    assert_eq!(
        f(&after, 40, 50, 5),
        (40 + 64 * 50 + 4096 * 5) as f32,
        "y ≥ 48: not drawn"
    );
    assert_eq!(f(&after, 40, 4, 5), 0.0, "NULL tile: the write dropped");
    // Other W slices of the view (6..9) and outside it keep their bytes.
    assert_eq!(f(&after, 3, 4, 6), (3 + 64 * 4 + 4096 * 6) as f32);
    assert_eq!(f(&after, 3, 4, 4), (3 + 64 * 4 + 4096 * 4) as f32);
    // Byte for byte: the ordinary draw, with the NULL tile's texels (x ≥ 32, y < 32,
    // z < 16) reading 0.
    let mut want = ordinary_draw(&before);
    for z in 0..16 {
        for y in 0..32 {
            want[at(32, y, z)..at(64, y, z)].fill(0);
        }
    }
    assert_eq!(after, want);
    let changed: Vec<usize> = (0..32)
        .filter(|&z| before[z * 16384..(z + 1) * 16384] != after[z * 16384..(z + 1) * 16384])
        .collect();
    assert_eq!(changed, [5], "only W slice 5 changed");
    assert_eq!(tiled_draw(8), (before, after), "8 threads");
}
