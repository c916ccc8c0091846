//! Tier 3: copies and updates of tiled Texture3D (SPEC §6.1, §6.5): a box across tiles in x
//! and z, NULL tiles reading 0 and dropping writes.

use tessera::caps::{BindFlags, TextureDesc, TextureDimension};
use tessera::format::Format;
use tessera::resource::{Box3, Resource};
use tessera::tiled::AnyResource;

use super::*;

/// A 64×64×32 RGBA8 Texture3D description (standard tile 32×32×16: 2×2×2 tiles).
fn vol(tiled: bool) -> TextureDesc {
    let t = TextureDesc {
        dimension: TextureDimension::D3,
        depth: 32,
        ..TextureDesc::tex2d(64, 64, Format::R8G8B8A8Unorm, BindFlags::SHADER_RESOURCE)
    };
    if tiled {
        TextureDesc {
            misc_flags: MiscFlags::TILED,
            ..t
        }
    } else {
        t
    }
}

/// Texel (x, y, z) = (x, y, z, 0xA5).
fn v(x: u32, y: u32, z: u32) -> [u8; 4] {
    [x as u8, y as u8, z as u8, 0xA5]
}

/// Texel (x, y, z) of a tight 64×64×32 RGBA8 image.
fn at(img: &[u8], x: u32, y: u32, z: u32) -> [u8; 4] {
    let i = ((z as usize * 64 + y as usize) * 64 + x as usize) * 4;
    img[i..i + 4].try_into().unwrap()
}

#[test]
fn tier3_boxed_copies_and_updates_of_a_tiled_texture3d() {
    let d = device(3);
    let mut ctx = d.immediate_context();
    let r = d.create_tiled_texture(&vol(true), None).unwrap();
    let p = pool(&d, 4);
    // The z = 0 layer of tiles (planes 0..16) mapped; planes 16..32 NULL.
    map(&mut ctx, &r, &p, c(0, 0, 0), 4, 0);
    let img: Vec<u8> = (0..32)
        .flat_map(|z| (0..64).flat_map(move |y| (0..64).flat_map(move |x| v(x, y, z))))
        .collect();
    ctx.write_tiled_subresource(&r, 0, &img).unwrap();
    // Tiled → plain: x 20..40, y 30..34, z 14..18.
    let dst = Resource::from(d.create_texture(&vol(false), None).unwrap());
    let bx = Box3 {
        left: 20,
        top: 30,
        front: 14,
        right: 40,
        bottom: 34,
        back: 18,
    };
    ctx.copy_subresource_region_any(
        AnyResource::Plain(&dst),
        0,
        1,
        2,
        3,
        AnyResource::Tiled(&r),
        0,
        Some(&bx),
    )
    .unwrap();
    {
        let g = dst.as_texture().unwrap().read();
        let s = g.surface(0).unwrap();
        let px = |x: u32, y: u32, z: u32| -> [u8; 4] {
            s.row(y, z)[x as usize * 4..x as usize * 4 + 4]
                .try_into()
                .unwrap()
        };
        assert_eq!(px(1, 2, 3), v(20, 30, 14));
        assert_eq!(px(1 + 19, 2 + 3, 3 + 1), v(39, 33, 15));
        // Source planes 16.. are NULL.
        assert_eq!(px(1, 2, 3 + 2), [0; 4]);
        assert_eq!(px(0, 2, 3), [0; 4]);
    }
    // Tiled → tiled, same subresource, across the z tile edge: planes 16.. drop the writes.
    ctx.copy_subresource_region_any(
        AnyResource::Tiled(&r),
        0,
        0,
        0,
        12,
        AnyResource::Tiled(&r),
        0,
        Some(&Box3 {
            left: 0,
            top: 0,
            front: 0,
            right: 8,
            bottom: 1,
            back: 8,
        }),
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(at(&back, 3, 0, 12), v(3, 0, 0));
    assert_eq!(at(&back, 3, 0, 15), v(3, 0, 3));
    assert_eq!(at(&back, 3, 0, 16), [0; 4]);
    assert_eq!(at(&back, 8, 0, 12), v(8, 0, 12));
    assert_eq!(at(&back, 3, 1, 12), v(3, 1, 12));
    // A boxed update: 2×1×2 texels at (31, 5, 15).
    let data = [1u8, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4];
    ctx.update_subresource_tiled(
        &r,
        0,
        Some(&Box3 {
            left: 31,
            top: 5,
            front: 15,
            right: 33,
            bottom: 6,
            back: 17,
        }),
        &data,
        8,
        8,
    )
    .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(at(&back, 31, 5, 15), [1; 4]);
    assert_eq!(at(&back, 32, 5, 15), [2; 4]);
    assert_eq!(at(&back, 31, 5, 16), [0; 4]);
    assert_eq!(at(&back, 30, 5, 15), v(30, 5, 15));
    // CopyResource into a plain Texture3D: every plane, NULL ones 0.
    let whole = Resource::from(d.create_texture(&vol(false), None).unwrap());
    ctx.copy_resource_any(AnyResource::Plain(&whole), AnyResource::Tiled(&r))
        .unwrap();
    {
        let g = whole.as_texture().unwrap().read();
        let s = g.surface(0).unwrap();
        assert_eq!(s.row(63, 15)[63 * 4..64 * 4], v(63, 63, 15));
        assert_eq!(s.row(5, 15)[31 * 4..32 * 4], [1; 4]);
        assert!(s.row(63, 16).iter().all(|&b| b == 0));
    }
    assert!(ids(&d).is_empty());
}
