//! Readback to `image` buffers, PNG round trip, textures from images.

use image::{DynamicImage, Rgba, RgbaImage};
use tessera_caps::{BindFlags, FeatureLevel as L};
use tessera_format::Format;
use tessera_resource::{
    DepthStencilView, MemoryBudget, SubresourceData, Texture, clear_depth_stencil_view,
    read_depth_gray, read_depth_gray16, read_rgba8, read_rgba16, read_rgba32f, save_png,
};
use tessera_testkit::desc::*;

#[test]
fn rgba8_readback_conversions() {
    let c = caps(L::L11_0);
    let srgb = Texture::new(
        &c,
        &tex2d(1, 1, Format::R8G8B8A8UnormSrgb, SRV),
        Some(&[SubresourceData::new(&[10, 20, 30, 40], 4, 4)]),
    )
    .unwrap();
    assert_eq!(
        read_rgba8(&srgb, 0).unwrap().get_pixel(0, 0).0,
        [10, 20, 30, 40],
        "sRGB bytes as stored"
    );
    let bgra = Texture::new(
        &c,
        &tex2d(1, 1, Format::B8G8R8A8Unorm, SRV),
        Some(&[SubresourceData::new(&[1, 2, 3, 4], 4, 4)]),
    )
    .unwrap();
    assert_eq!(
        read_rgba8(&bgra, 0).unwrap().get_pixel(0, 0).0,
        [3, 2, 1, 4]
    );
    let f: Vec<u8> = [0.5f32, 1.0, 2.0, -1.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let float = Texture::new(
        &c,
        &tex2d(1, 1, Format::R32G32B32A32Float, SRV),
        Some(&[SubresourceData::new(&f, 16, 16)]),
    )
    .unwrap();
    assert_eq!(
        read_rgba8(&float, 0).unwrap().get_pixel(0, 0).0,
        [128, 255, 255, 0]
    );
    assert_eq!(
        read_rgba16(&float, 0).unwrap().get_pixel(0, 0).0,
        [32768, 65535, 65535, 0]
    );
    assert_eq!(
        read_rgba32f(&float, 0).unwrap().get_pixel(0, 0).0,
        [0.5, 1.0, 2.0, -1.0]
    );
    let r8 = Texture::new(
        &c,
        &tex2d(1, 1, Format::R8Unorm, SRV),
        Some(&[SubresourceData::new(&[77], 1, 1)]),
    )
    .unwrap();
    assert_eq!(
        read_rgba8(&r8, 0).unwrap().get_pixel(0, 0).0,
        [77, 0, 0, 255],
        "missing channels default 0,0,0,1"
    );
    let u16t = Texture::new(
        &c,
        &tex2d(1, 1, Format::R16Uint, SRV),
        Some(&[SubresourceData::new(&[0x2C, 0x01], 2, 2)]),
    )
    .unwrap();
    assert_eq!(
        read_rgba8(&u16t, 0).unwrap().get_pixel(0, 0).0,
        [255, 0, 0, 1],
        "integers clamp"
    );
    let typeless = Texture::new(&c, &tex2d(1, 1, Format::R8G8B8A8Typeless, SRV), None).unwrap();
    assert!(read_rgba8(&typeless, 0).is_err());
}

#[test]
fn bc_and_depth_readback() {
    let c = caps(L::L11_0);
    // BC1 block: color0 = color1 = pure red (0xF800), all indices 0.
    let block = [0x00, 0xF8, 0x00, 0xF8, 0, 0, 0, 0];
    let bc = Texture::new(
        &c,
        &tex2d(4, 4, Format::Bc1Unorm, SRV),
        Some(&[SubresourceData::new(&block, 8, 8)]),
    )
    .unwrap();
    let img = read_rgba8(&bc, 0).unwrap();
    assert_eq!((img.width(), img.height()), (4, 4));
    assert!(img.pixels().all(|p| p.0 == [255, 0, 0, 255]));
    let d = Texture::new(
        &c,
        &tex2d(2, 1, Format::D24UnormS8Uint, BindFlags::DEPTH_STENCIL),
        None,
    )
    .unwrap();
    clear_depth_stencil_view(
        &c,
        &DepthStencilView::new(&c, &d, None).unwrap(),
        true,
        true,
        1.0,
        3,
    )
    .unwrap();
    assert_eq!(read_depth_gray(&d, 0).unwrap().get_pixel(1, 0).0, [1.0]);
    assert_eq!(read_depth_gray16(&d, 0).unwrap().get_pixel(0, 0).0, [65535]);
    let color = Texture::new(&c, &tex2d(1, 1, Format::R8Unorm, SRV), None).unwrap();
    assert!(read_depth_gray(&color, 0).is_err());
}

#[test]
fn png_round_trip_and_from_image() {
    let c = caps(L::L11_0);
    let mut img = RgbaImage::new(3, 2);
    for (x, y, p) in img.enumerate_pixels_mut() {
        *p = Rgba([(x * 80) as u8, (y * 200) as u8, 7, 255 - x as u8]);
    }
    let dynimg = DynamicImage::ImageRgba8(img.clone());
    for format in [
        Format::R8G8B8A8Unorm,
        Format::R8G8B8A8UnormSrgb,
        Format::B8G8R8A8Unorm,
    ] {
        let t = Texture::from_image(&MemoryBudget::physical(), &c, &dynimg, format, false, SRV)
            .unwrap();
        assert_eq!(read_rgba8(&t, 0).unwrap(), img, "{format:?}");
    }
    let t = Texture::from_image(
        &MemoryBudget::physical(),
        &c,
        &dynimg,
        Format::R8G8B8A8Unorm,
        false,
        SRV,
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("tessera-resource-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("out.png");
    save_png(&t, 0, &path).unwrap();
    let back = image::open(&path).unwrap().to_rgba8();
    assert_eq!(back, img);
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "no temp file left: {leftovers:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn from_image_generates_mips_in_linear_space() {
    let c = caps(L::L11_0);
    let mut img = RgbaImage::new(2, 2);
    img.put_pixel(0, 0, Rgba([255, 255, 255, 255]));
    img.put_pixel(1, 1, Rgba([255, 255, 255, 255]));
    let t = Texture::from_image(
        &MemoryBudget::physical(),
        &c,
        &DynamicImage::ImageRgba8(img.clone()),
        Format::R8G8B8A8UnormSrgb,
        true,
        SRV,
    )
    .unwrap();
    assert_eq!(t.mip_levels(), 2);
    // Two white, two transparent black texels: linear RGB 0.5 -> sRGB 188; alpha 0.5 -> 128.
    assert_eq!(
        read_rgba8(&t, 1).unwrap().get_pixel(0, 0).0,
        [188, 188, 188, 128]
    );
    let lin = Texture::from_image(
        &MemoryBudget::physical(),
        &c,
        &DynamicImage::ImageRgba8(img),
        Format::R8G8B8A8Unorm,
        true,
        SRV,
    )
    .unwrap();
    assert_eq!(
        read_rgba8(&lin, 1).unwrap().get_pixel(0, 0).0,
        [128, 128, 128, 128]
    );
    // 9_x: non-power-of-two with a mip chain is refused by caps (FL-04).
    let odd = DynamicImage::ImageRgba8(RgbaImage::new(3, 2));
    assert!(
        Texture::from_image(
            &MemoryBudget::physical(),
            &caps(L::L9_1),
            &odd,
            Format::R8G8B8A8Unorm,
            true,
            SRV
        )
        .is_err()
    );
    assert!(
        Texture::from_image(
            &MemoryBudget::physical(),
            &caps(L::L9_1),
            &odd,
            Format::R8G8B8A8Unorm,
            false,
            SRV
        )
        .is_ok()
    );
}
