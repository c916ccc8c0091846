//! Texel codec, format table and surface tests with exact byte patterns.

use tessera_format::{Format as F, FormatError, NumericKind, Surface, SurfaceMut};

fn enc(f: F, rgba: [f32; 4]) -> Vec<u8> {
    let mut out = vec![0xAA; f.info().bytes_per_block as usize];
    f.encode_float(rgba, &mut out).unwrap();
    out
}

#[test]
fn table_consistency() {
    assert_eq!(F::ALL.len(), 96);
    assert!(!F::ALL.contains(&F::Unknown));
    for &f in F::ALL {
        let i = f.info();
        assert_eq!(i.bits_per_element, i.bytes_per_block * 8, "{f}");
        assert_eq!(F::from_dxgi(f as u32), Ok(f));
        assert_eq!(F::from_name(f.name()), Ok(f));
        assert_eq!(F::from_name(&format!("DXGI_FORMAT_{}", f.name())), Ok(f));
        assert!(f.is_castable_to(f.typeless()));
        assert!(f.typeless().is_typeless() || f.typeless() == f);
        if !f.is_compressed() {
            let used: u32 = i.channel_bits.iter().sum();
            assert!(used <= i.bits_per_element, "{f}");
        }
    }
    assert_eq!(F::R8G8B8A8Unorm as u32, 28);
    assert_eq!(F::B4G4R4A4Unorm as u32, 115);
    assert_eq!(F::Bc7UnormSrgb as u32, 99);
    assert_eq!(F::from_dxgi(66), Err(FormatError::UnknownDxgiValue(66)));
    assert_eq!(
        F::from_name("r8g8b8a8_unorm").unwrap_err().to_string(),
        "unknown DXGI format name `r8g8b8a8_unorm`; did you mean `R8G8B8A8_UNORM`?"
    );
    assert_eq!(
        F::from_name("R8G8B8A8Unorm"),
        Err(FormatError::UnknownName {
            name: "R8G8B8A8Unorm".into(),
            suggestion: Some(F::R8G8B8A8Unorm)
        })
    );
    assert_eq!(
        F::from_name("RGBA8").unwrap_err().to_string(),
        "unknown DXGI format name `RGBA8`"
    );
    assert_eq!(
        F::from_dxgi_name("DXGI_FORMAT_BC7_UNORM_SRGB"),
        Ok(F::Bc7UnormSrgb)
    );
    assert_eq!("R16G16_FLOAT".parse::<F>(), Ok(F::R16G16Float));
    assert!(F::R8G8B8A8Unorm.is_castable_to(F::R8G8B8A8Sint));
    assert!(!F::R8G8B8A8Unorm.is_castable_to(F::B8G8R8A8Unorm));
    assert!(F::D24UnormS8Uint.is_castable_to(F::R24UnormX8Typeless));
    assert_eq!(F::R8G8B8A8Unorm.srgb_variant(), Some(F::R8G8B8A8UnormSrgb));
    assert_eq!(F::Bc1UnormSrgb.linear_variant(), Some(F::Bc1Unorm));
    assert_eq!(F::R16Float.srgb_variant(), None);
    assert!(F::D32FloatS8X24Uint.has_stencil() && F::D32FloatS8X24Uint.is_depth_stencil());
    assert!(!F::D32Float.has_stencil());
    assert!(F::R32G32B32A32Sint.is_integer() && !F::R32Float.is_integer());
    assert!(F::Bc6hSf16.is_compressed() && F::Bc1Typeless.is_typeless());
    assert_eq!(F::Bc1Unorm.info().bytes_per_block, 8);
    assert_eq!(F::Bc7Unorm.info().block_width, 4);
    assert_eq!(F::D24UnormS8Uint.kind(), NumericKind::Depth);
}

#[test]
fn packed_layouts() {
    assert_eq!(enc(F::B5G6R5Unorm, [1.0, 0.0, 0.0, 0.0]), [0x00, 0xF8]);
    assert_eq!(enc(F::B5G6R5Unorm, [0.0, 1.0, 0.0, 0.0]), [0xE0, 0x07]);
    assert_eq!(
        F::B5G6R5Unorm.decode_float(&[0x1F, 0x00]).unwrap(),
        [0.0, 0.0, 1.0, 1.0]
    );
    assert_eq!(enc(F::B5G5R5A1Unorm, [0.0, 0.0, 0.0, 1.0]), [0x00, 0x80]);
    assert_eq!(enc(F::B5G5R5A1Unorm, [1.0, 0.0, 0.0, 0.0]), [0x00, 0x7C]);
    assert_eq!(enc(F::B5G5R5A1Unorm, [0.0, 0.0, 1.0, 0.49]), [0x1F, 0x00]);
    assert_eq!(enc(F::B4G4R4A4Unorm, [1.0, 0.0, 0.0, 0.0]), [0x00, 0x0F]);
    assert_eq!(enc(F::B4G4R4A4Unorm, [0.0, 0.0, 0.0, 1.0]), [0x00, 0xF0]);
    assert_eq!(enc(F::B4G4R4A4Unorm, [0.0, 0.0, 1.0, 0.0]), [0x0F, 0x00]);
    assert_eq!(
        enc(F::R10G10B10A2Unorm, [1.0, 0.0, 0.0, 0.0]),
        [0xFF, 0x03, 0, 0]
    );
    assert_eq!(
        enc(F::R10G10B10A2Unorm, [0.0, 0.0, 0.0, 1.0]),
        [0, 0, 0, 0xC0]
    );
    assert_eq!(
        enc(F::R10G10B10A2Unorm, [0.0, 0.0, 1.0, 0.0]),
        [0, 0, 0xF0, 0x3F]
    );
    let mut u = [0u8; 4];
    F::R10G10B10A2Uint
        .encode_uint([1023, 5000, 1, 3], &mut u)
        .unwrap();
    assert_eq!(
        u32::from_le_bytes(u),
        1023 | (1023 << 10) | (1 << 20) | (3 << 30)
    );
    // R11G11B10: 1.0 is 0x3C0 (f11) / 0x1E0 (f10).
    let w = u32::from_le_bytes(
        enc(F::R11G11B10Float, [1.0, 2.0, 1.0, 7.0])
            .try_into()
            .unwrap(),
    );
    assert_eq!(w, 0x3C0 | (0x400 << 11) | (0x1E0 << 22));
    assert_eq!(
        F::R11G11B10Float.decode_float(&w.to_le_bytes()).unwrap(),
        [1.0, 2.0, 1.0, 1.0]
    );
    assert_eq!(enc(F::R16Float, [1.0, 9.0, 9.0, 9.0]), [0x00, 0x3C]);
}

#[test]
fn swizzle_and_defaults() {
    let d = F::B8G8R8A8Unorm.decode_float(&[1, 2, 3, 4]).unwrap();
    assert_eq!(d, [3.0 / 255.0, 2.0 / 255.0, 1.0 / 255.0, 4.0 / 255.0]);
    assert_eq!(enc(F::B8G8R8A8Unorm, [1.0, 0.0, 0.0, 0.0]), [0, 0, 255, 0]);
    assert_eq!(enc(F::B8G8R8X8Unorm, [1.0, 0.0, 0.0, 0.0]), [0, 0, 255, 0]);
    assert_eq!(
        F::B8G8R8X8Unorm.decode_float(&[0, 0, 0, 0]).unwrap()[3],
        1.0
    );
    assert_eq!(
        F::A8Unorm.decode_float(&[0x80]).unwrap(),
        [0.0, 0.0, 0.0, 128.0 / 255.0]
    );
    assert_eq!(
        F::R8Unorm.decode_float(&[255]).unwrap(),
        [1.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(
        F::R16G16Uint.decode_uint(&[1, 0, 2, 0]).unwrap(),
        [1, 2, 0, 1]
    );
    assert_eq!(
        F::R32G32Float.decode_float(&[0; 8]).unwrap(),
        [0.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(
        F::R8G8B8A8UnormSrgb
            .decode_float(&[188, 0, 255, 188])
            .unwrap()[3],
        188.0 / 255.0
    );
    assert_eq!(
        enc(F::R8G8B8A8UnormSrgb, [0.5, 0.0, 1.0, 0.5]),
        [188, 0, 255, 128]
    ); // OM-07
    assert_eq!(
        enc(F::R8G8B8A8Snorm, [-1.0, 0.5, f32::NAN, 1.0]),
        [0x81, 64, 0, 127]
    );
    assert_eq!(
        F::R8G8B8A8Snorm
            .decode_float(&[0x80, 0x81, 0, 127])
            .unwrap(),
        [-1.0, -1.0, 0.0, 1.0]
    );
    assert_eq!(
        F::R8G8B8A8Unorm.quantize_float([0.5, 2.0, -1.0, f32::NAN]),
        [128.0 / 255.0, 1.0, 0.0, 0.0]
    );
    assert_eq!(
        F::R8Unorm.quantize_float([0.5, 0.3, 0.3, 0.3]),
        [128.0 / 255.0, 0.0, 0.0, 1.0]
    );
    assert_eq!(
        F::R16G16B16A16Float.quantize_float([65520.0, 1.0, 0.0, 0.0])[0],
        f32::INFINITY
    );
    assert_eq!(F::R32Uint.quantize_float([0.7; 4]), [0.7; 4]);
}

#[test]
fn integers_clamp() {
    let mut b = [0u8; 4];
    F::R8G8B8A8Uint
        .encode_uint([300, 255, 0, 1], &mut b)
        .unwrap();
    assert_eq!(b, [255, 255, 0, 1]);
    F::R8G8B8A8Sint
        .encode_uint([(-200i32) as u32, 200, (-1i32) as u32, 5], &mut b)
        .unwrap();
    assert_eq!(b, [0x80, 0x7F, 0xFF, 5]);
    assert_eq!(
        F::R8G8B8A8Sint.decode_uint(&b).unwrap(),
        [0xFFFF_FF80, 127, 0xFFFF_FFFF, 5]
    );
    let mut w = [0u8; 4];
    F::R32Sint
        .encode_uint([i32::MIN as u32, 0, 0, 0], &mut w)
        .unwrap();
    assert_eq!(i32::from_le_bytes(w), i32::MIN);
}

#[test]
fn shared_exponent() {
    let one = 256 | (256 << 9) | (256 << 18) | (16u32 << 27);
    assert_eq!(
        u32::from_le_bytes(
            enc(F::R9G9B9E5SharedExp, [1.0, 1.0, 1.0, 0.0])
                .try_into()
                .unwrap()
        ),
        one
    );
    assert_eq!(
        F::R9G9B9E5SharedExp
            .decode_float(&one.to_le_bytes())
            .unwrap(),
        [1.0, 1.0, 1.0, 1.0]
    );
    // 0.5, 0.25, 0: max 0.5 → exponent 15, scale 2^9: mantissas 256, 128, 0.
    let w = 256 | (128 << 9) | (15u32 << 27);
    assert_eq!(
        u32::from_le_bytes(
            enc(F::R9G9B9E5SharedExp, [0.5, 0.25, 0.0, 0.0])
                .try_into()
                .unwrap()
        ),
        w
    );
    let max = 511 | (31u32 << 27);
    assert_eq!(
        u32::from_le_bytes(
            enc(F::R9G9B9E5SharedExp, [1e9, f32::NAN, -5.0, 0.0])
                .try_into()
                .unwrap()
        ),
        max
    );
    assert_eq!(
        F::R9G9B9E5SharedExp
            .decode_float(&max.to_le_bytes())
            .unwrap()[0],
        65408.0
    );
    // 511.9/512 rounds the max mantissa to 512 → exponent bumped: 1.0 exactly.
    assert_eq!(
        F::R9G9B9E5SharedExp.quantize_float([0.99995, 0.0, 0.0, 0.0])[0],
        1.0
    );
}

#[test]
fn depth_stencil() {
    let mut b = [0u8; 4];
    F::D24UnormS8Uint.encode_stencil(0x5A, &mut b).unwrap();
    F::D24UnormS8Uint.encode_depth(0.5, &mut b).unwrap();
    assert_eq!(b, [0x00, 0x00, 0x80, 0x5A]);
    assert_eq!(F::D24UnormS8Uint.decode_stencil(&b), Ok(0x5A));
    assert_eq!(
        F::X24TypelessG8Uint.decode_uint(&b).unwrap(),
        [0, 0x5A, 0, 1]
    );
    assert_eq!(
        F::D24UnormS8Uint.decode_depth(&b),
        Ok(8388608.0 / 16777215.0)
    );
    assert_eq!(
        F::R24UnormX8Typeless.decode_depth(&b),
        F::D24UnormS8Uint.decode_depth(&b)
    );
    let mut d16 = [0u8; 2];
    F::D16Unorm.encode_depth(0.5, &mut d16).unwrap();
    assert_eq!(u16::from_le_bytes(d16), 32768); // OM-12
    let mut d = [0u8; 8];
    F::D32FloatS8X24Uint.encode_depth(0.75, &mut d).unwrap();
    F::D32FloatS8X24Uint.encode_stencil(7, &mut d).unwrap();
    assert_eq!(d, [0x00, 0x00, 0x40, 0x3F, 7, 0, 0, 0]);
    assert_eq!(F::R32FloatX8X24Typeless.decode_float(&d).unwrap()[0], 0.75);
    assert_eq!(F::X32TypelessG8X24Uint.decode_stencil(&d), Ok(7));
    assert_eq!(
        F::D32Float.decode_float(&d),
        Err(FormatError::NotFloatReadable {
            format: F::D32Float
        })
    );
    assert_eq!(
        F::R8Unorm.decode_depth(&d),
        Err(FormatError::NoDepth { format: F::R8Unorm })
    );
    assert_eq!(
        F::D32Float.decode_stencil(&d),
        Err(FormatError::NoStencil {
            format: F::D32Float
        })
    );
}

#[test]
fn errors_not_panics() {
    assert_eq!(
        F::R32G32B32A32Float.decode_float(&[0; 15]),
        Err(FormatError::BufferTooSmall {
            format: F::R32G32B32A32Float,
            needed: 16,
            got: 15
        })
    );
    assert!(F::R8Uint.decode_float(&[0]).is_err());
    assert!(F::R8Unorm.decode_uint(&[0]).is_err());
    assert!(
        F::R8G8B8A8Typeless
            .encode_float([0.0; 4], &mut [0; 4])
            .is_err()
    );
    assert!(F::Bc1Unorm.decode_float(&[0; 8]).is_err());
    assert!(F::R8Unorm.decode_block(&[0; 8]).is_err());
    assert!(F::Bc1Typeless.decode_block(&[0; 8]).is_err());
    assert!(matches!(
        F::Bc7Unorm.decode_block(&[0; 15]),
        Err(FormatError::BufferTooSmall { .. })
    ));
    assert!(F::R8Unorm.encode_float([0.0; 4], &mut []).is_err());
}

#[test]
fn surfaces() {
    let (rp, dp) = Surface::tight_pitches(F::R8G8B8A8Unorm, 3, 2);
    assert_eq!((rp, dp), (12, 24));
    assert_eq!(Surface::tight_pitches(F::Bc1Unorm, 5, 5), (16, 32));
    let data = vec![0u8; 23];
    assert_eq!(
        Surface::new(F::R8G8B8A8Unorm, 3, 2, 1, 12, 24, &data).unwrap_err(),
        FormatError::BufferTooSmall {
            format: F::R8G8B8A8Unorm,
            needed: 24,
            got: 23
        }
    );
    assert!(matches!(
        Surface::new(F::R8G8B8A8Unorm, 3, 2, 1, 8, 24, &data),
        Err(FormatError::InvalidLayout { .. })
    ));
    let mut buf = vec![0u8; 2 * 16 + 2 * 40]; // 2 slices, pitch 56, 2 rows of 16 (+ padding)
    {
        let mut s = SurfaceMut::new(F::R8G8B8A8Unorm, 4, 2, 2, 20, 56, &mut buf).unwrap();
        s.texel_mut(3, 1, 1).copy_from_slice(&[1, 2, 3, 4]);
        assert_eq!(s.as_surface().texel(3, 1, 1), &[1, 2, 3, 4]);
        assert_eq!(s.row_mut(1, 1).len(), 16);
    }
    assert_eq!(&buf[56 + 20 + 12..56 + 20 + 16], &[1, 2, 3, 4]);
    assert!(Surface::new(F::R8Unorm, 4, 1, 3, 4, 3, &buf).is_err()); // depth pitch < slice
}
