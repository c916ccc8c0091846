//! Exact-value tests of the §4.7 scalar conversions.

use tessera_format::convert::*;

#[test]
fn unorm8_edges() {
    // f32(0.5/255) * 255 = 0.50000003 (exact), so it rounds up to 1.
    assert_eq!(f32_to_unorm(0.5 / 255.0, 8), 1);
    // The previous float is below 0.5/255 exactly: 0.
    assert_eq!(
        f32_to_unorm(f32::from_bits((0.5f32 / 255.0).to_bits() - 1), 8),
        0
    );
    assert_eq!(f32_to_unorm(-0.0, 8), 0);
    assert_eq!(f32_to_unorm(f32::NAN, 8), 0);
    assert_eq!(f32_to_unorm(f32::INFINITY, 8), 255);
    assert_eq!(f32_to_unorm(f32::NEG_INFINITY, 8), 0);
    assert_eq!(f32_to_unorm(1.0, 8), 255);
    assert_eq!(f32_to_unorm(2.0, 8), 255);
    assert_eq!(f32_to_unorm(0.5, 8), 128); // TX-18
    assert_eq!(unorm_to_f32(255, 8), 1.0);
    assert_eq!(unorm_to_f32(128, 8), 128.0 / 255.0);
    assert_eq!(f32_to_unorm(254.6 / 255.0, 8), 255);
    assert_eq!(f32_to_unorm(254.4 / 255.0, 8), 254);
}

#[test]
fn unorm16_10_2_24_edges() {
    assert_eq!(f32_to_unorm(1.0, 16), 65535);
    assert_eq!(f32_to_unorm(0.5, 16), 32768);
    assert_eq!(f32_to_unorm(f32::NAN, 16), 0);
    assert_eq!(f32_to_unorm(1.0, 10), 1023);
    assert_eq!(f32_to_unorm(0.5, 10), 512);
    assert_eq!(f32_to_unorm(1.0 / 3.0, 2), 1);
    assert_eq!(f32_to_unorm(0.5, 2), 2); // 1.5 + 0.5 = 2
    assert_eq!(f32_to_unorm(0.49, 2), 1);
    assert_eq!(unorm_to_f32(1, 2), 1.0 / 3.0);
    assert_eq!(f32_to_unorm(1.0, 24), 0xff_ffff);
    assert_eq!(f32_to_unorm(0.5, 16), 32768); // OM-12 (D16, z = 0.5)
    for v in [0u32, 1, 0x7f_ffff, 0x80_0000, 0xff_fffe, 0xff_ffff] {
        assert_eq!(f32_to_unorm(unorm_to_f32(v, 24), 24), v);
    }
}

#[test]
fn snorm8_edges() {
    assert_eq!(f32_to_snorm(-1.0, 8), -127);
    assert_eq!(f32_to_snorm(-1.0, 8) as u8, 0x81);
    assert_eq!(snorm_to_f32(-128, 8), -1.0);
    assert_eq!(snorm_to_f32(-127, 8), -1.0);
    assert_eq!(snorm_to_f32(127, 8), 1.0);
    assert_eq!(f32_to_snorm(0.5, 8), 64); // 63.5 + 0.5 = 64
    assert_eq!(f32_to_snorm(-0.5, 8), -64);
    assert_eq!(f32_to_snorm(f32::NAN, 8), 0);
    assert_eq!(f32_to_snorm(-0.0, 8), 0);
    assert_eq!(f32_to_snorm(f32::INFINITY, 8), 127);
    assert_eq!(f32_to_snorm(f32::NEG_INFINITY, 16), -32767);
    assert_eq!(sign_extend(0x80, 8), -128);
}

#[test]
fn srgb_curves() {
    assert_eq!(srgb_to_linear(0.0), 0.0);
    assert_eq!(srgb_to_linear(1.0), 1.0);
    assert_eq!(linear_to_srgb(0.0), 0.0);
    assert_eq!(linear_to_srgb(1.0), 1.0);
    assert_eq!(linear_to_srgb(f32::NAN), 0.0);
    // Linear segment up to the 0.0031308 threshold.
    assert_eq!(
        linear_to_srgb(0.003),
        (0.003f64 as f32 as f64 * 12.92) as f32
    );
    let above = linear_to_srgb(0.0031309);
    assert!((above - 0.040_45).abs() < 1e-5, "{above}");
    assert_eq!(srgb_to_linear(0.04045), (0.04045f32 as f64 / 12.92) as f32);
    assert_eq!(f32_to_srgb8(0.5), 188); // OM-07
    assert_eq!(f32_to_srgb8(0.0), 0);
    assert_eq!(f32_to_srgb8(1.0), 255);
    assert_eq!(f32_to_srgb8(f32::NAN), 0);
    let t = srgb8_to_linear_table();
    assert_eq!(t[0], 0.0);
    assert_eq!(t[255], 1.0);
    assert!((t[188] - 0.5).abs() < 0.003);
    for code in 0..=255u8 {
        assert_eq!(f32_to_srgb8(t[code as usize]), code, "code {code}");
        assert!((t[code as usize] - srgb_to_linear(code as f32 / 255.0)).abs() <= 1e-7);
    }
    for w in t.windows(2) {
        assert!(w[0] < w[1]);
    }
    // Encoding matches floor(linear_to_srgb(x)*255+0.5) away from rounding boundaries.
    for i in 0..1000 {
        let x = i as f32 / 999.0;
        let direct = (linear_to_srgb(x) as f64 * 255.0 + 0.5) as i32;
        assert!((direct - f32_to_srgb8(x) as i32).abs() <= 1);
    }
}

#[test]
#[expect(
    clippy::disallowed_methods,
    reason = "expected values: powi of 2 is exact in the normal range"
)]
fn f16_values() {
    assert_eq!(f32_to_f16(65504.0), 0x7bff);
    assert_eq!(f16_to_f32(0x7bff), 65504.0);
    assert_eq!(f32_to_f16(65519.0), 0x7bff);
    assert_eq!(f32_to_f16(65520.0), 0x7c00); // RNE tie rounds to even = Inf
    assert_eq!(f32_to_f16(1e10), 0x7c00);
    assert_eq!(f32_to_f16(f32::INFINITY), 0x7c00);
    assert_eq!(f32_to_f16(f32::NEG_INFINITY), 0xfc00);
    assert_eq!(f32_to_f16(2f32.powi(-24)), 0x0001);
    assert_eq!(f16_to_f32(0x0001), 2f32.powi(-24));
    assert_eq!(f32_to_f16(2f32.powi(-25)), 0x0000); // tie → even (0)
    assert_eq!(f32_to_f16(1.5 * 2f32.powi(-25)), 0x0001);
    assert_eq!(f32_to_f16(2f32.powi(-14)), 0x0400);
    assert_eq!(f16_to_f32(0x03ff), 1023.0 * 2f32.powi(-24));
    assert_eq!(f32_to_f16(-0.0), 0x8000);
    assert_eq!(f16_to_f32(0x8000).to_bits(), 0x8000_0000);
    assert_eq!(f32_to_f16(1.0), 0x3c00);
    assert_eq!(f32_to_f16(-2.0), 0xc000);
    assert_eq!(f32_to_f16(1.0 + 2f32.powi(-11)), 0x3c00); // tie → even
    assert_eq!(f32_to_f16(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02); // tie → even (up)
    let n = f32_to_f16(f32::NAN);
    assert!(n & 0x7c00 == 0x7c00 && n & 0x3ff != 0);
    assert!(f16_to_f32(0x7e00).is_nan());
    assert_eq!(f16_to_f32(0x7c00), f32::INFINITY);
    assert_eq!(f16_to_f32(0xfc00), f32::NEG_INFINITY);
}

#[test]
#[expect(
    clippy::disallowed_methods,
    reason = "expected values: powi of 2 is exact in the normal range"
)]
fn f11_f10_values() {
    assert_eq!(f11_to_f32(0x7bf), 65024.0);
    assert_eq!(f10_to_f32(0x3df), 64512.0);
    assert_eq!(f32_to_f11(65024.0), 0x7bf);
    assert_eq!(f32_to_f10(64512.0), 0x3df);
    assert_eq!(f32_to_f11(1e9), 0x7c0);
    assert_eq!(f32_to_f10(1e9), 0x3e0);
    assert_eq!(f32_to_f11(-1.0), 0);
    assert_eq!(f32_to_f10(-0.0), 0);
    assert_eq!(f32_to_f11(f32::NEG_INFINITY), 0);
    assert_eq!(f32_to_f11(f32::INFINITY), 0x7c0);
    assert_eq!(f11_to_f32(0x7c0), f32::INFINITY);
    assert_eq!(f10_to_f32(0x3e0), f32::INFINITY);
    assert!(f11_to_f32(f32_to_f11(f32::NAN)).is_nan());
    assert!(f10_to_f32(f32_to_f10(f32::NAN)).is_nan());
    assert_eq!(f32_to_f11(1.0), 0x3c0);
    assert_eq!(f32_to_f10(1.0), 0x1e0);
    assert_eq!(f11_to_f32(1), 2f32.powi(-20));
    assert_eq!(f10_to_f32(1), 2f32.powi(-19));
}
