//! BC1..BC7 decode against hand-built blocks; expected texels derived from the block layouts.

#![allow(
    clippy::needless_range_loop,
    clippy::neg_multiply,
    reason = "expected values are written out per texel, as derived by hand"
)]

use tessera_format::Format as F;

/// LSB-first bit writer for 128-bit blocks.
struct W(u128, u32);
impl W {
    fn put(&mut self, v: u32, n: u32) {
        self.0 |= (v as u128) << self.1;
        self.1 += n;
    }
}

fn bc1_block(c0: u16, c1: u16, idx: u32) -> [u8; 8] {
    let mut b = [0u8; 8];
    b[..2].copy_from_slice(&c0.to_le_bytes());
    b[2..4].copy_from_slice(&c1.to_le_bytes());
    b[4..].copy_from_slice(&idx.to_le_bytes());
    b
}

/// Index pattern: texel i uses index i % 4.
const IDX_MOD4: u32 = 0xE4E4_E4E4;

#[test]
fn bc1_four_colour() {
    // red (31,0,0) > blue (0,0,31) as u16 → four-colour mode.
    let t = F::Bc1Unorm
        .decode_block(&bc1_block(0xF800, 0x001F, IDX_MOD4))
        .unwrap();
    let third = 1.0f32 / 3.0;
    let two_thirds = 2.0f32 / 3.0;
    for i in 0..16 {
        let want = match i % 4 {
            0 => [1.0, 0.0, 0.0, 1.0],
            1 => [0.0, 0.0, 1.0, 1.0],
            2 => [two_thirds, 0.0, third, 1.0],
            _ => [third, 0.0, two_thirds, 1.0],
        };
        assert_eq!(t[i], want, "texel {i}");
    }
}

#[test]
fn bc1_three_colour_transparent() {
    let t = F::Bc1Unorm
        .decode_block(&bc1_block(0x001F, 0xF800, IDX_MOD4))
        .unwrap();
    assert_eq!(t[0], [0.0, 0.0, 1.0, 1.0]);
    assert_eq!(t[1], [1.0, 0.0, 0.0, 1.0]);
    assert_eq!(t[2], [0.5, 0.0, 0.5, 1.0]);
    assert_eq!(t[3], [0.0, 0.0, 0.0, 0.0]);
    // Equal endpoints are also three-colour mode.
    let e = F::Bc1Unorm
        .decode_block(&bc1_block(0x07E0, 0x07E0, 0xFFFF_FFFF))
        .unwrap();
    assert_eq!(e[5], [0.0; 4]);
    // sRGB variant: endpoints 0 and 1 stay exact.
    let s = F::Bc1UnormSrgb
        .decode_block(&bc1_block(0xFFFF, 0x0000, 0))
        .unwrap();
    assert_eq!(s[0], [1.0, 1.0, 1.0, 1.0]);
}

#[test]
fn bc2_explicit_alpha_and_forced_four_colour() {
    let mut b = [0u8; 16];
    let alpha: u64 = (0..16).map(|i| (i as u64) << (4 * i)).sum();
    b[..8].copy_from_slice(&alpha.to_le_bytes());
    // c0 < c1 would be three-colour in BC1, but BC2 always uses four colours.
    b[8..].copy_from_slice(&bc1_block(0x001F, 0xF800, IDX_MOD4));
    let t = F::Bc2Unorm.decode_block(&b).unwrap();
    for (i, px) in t.iter().enumerate() {
        assert_eq!(px[3], i as f32 / 15.0);
    }
    // Index 3 = (1·c0 + 2·c1)/3 with c0 = blue, c1 = red.
    assert_eq!(t[3][..3], [2.0 / 3.0, 0.0, 1.0 / 3.0]);
}

fn bc4_half(e0: u8, e1: u8, idx: &[u64; 16]) -> [u8; 8] {
    let bits: u64 = idx.iter().enumerate().map(|(i, &v)| v << (3 * i)).sum();
    let mut b = [0u8; 8];
    b[0] = e0;
    b[1] = e1;
    b[2..].copy_from_slice(&bits.to_le_bytes()[..6]);
    b
}

const IDX07: [u64; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0];

#[test]
fn bc4_eight_and_six_value_modes() {
    // 255 > 0: eight values, palette k+1 = (7-k)/7 for k = 1..6.
    let t = F::Bc4Unorm.decode_block(&bc4_half(255, 0, &IDX07)).unwrap();
    let want8 = [
        1.0,
        0.0,
        6.0 / 7.0,
        5.0 / 7.0,
        4.0 / 7.0,
        3.0 / 7.0,
        2.0 / 7.0,
        1.0 / 7.0,
    ];
    for i in 0..16 {
        assert_eq!(t[i], [want8[IDX07[i] as usize], 0.0, 0.0, 1.0], "texel {i}");
    }
    // 0 <= 255: six values k/5 plus 0 and 1.
    let t = F::Bc4Unorm.decode_block(&bc4_half(0, 255, &IDX07)).unwrap();
    let want6 = [
        0.0,
        1.0,
        1.0 / 5.0,
        2.0 / 5.0,
        3.0 / 5.0,
        4.0 / 5.0,
        0.0,
        1.0,
    ];
    for i in 0..16 {
        assert_eq!(t[i][0], want6[IDX07[i] as usize], "texel {i}");
    }
    // SNORM: -128 (→ -1.0) is not > 127, so six-value mode with -1 and +1 extremes.
    let t = F::Bc4Snorm
        .decode_block(&bc4_half(0x80, 127, &IDX07))
        .unwrap();
    let want = [-1.0, 1.0, -0.6, -0.2, 0.2, 0.6, -1.0, 1.0].map(|x: f64| x as f32);
    let mix = |k: f32| ((5.0 - k) * -1.0 + k * 1.0) / 5.0;
    assert_eq!(want[2], mix(1.0));
    for i in 0..16 {
        let w = match IDX07[i] {
            j @ 2..=5 => mix((j - 1) as f32),
            j => want[j as usize],
        };
        assert_eq!(t[i][0], w, "texel {i}");
    }
}

#[test]
fn bc3_and_bc5() {
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&bc4_half(255, 0, &IDX07));
    b[8..].copy_from_slice(&bc1_block(0xFFFF, 0x0000, 0));
    let t = F::Bc3Unorm.decode_block(&b).unwrap();
    assert_eq!(t[2], [1.0, 1.0, 1.0, 6.0 / 7.0]);
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&bc4_half(255, 0, &[0; 16]));
    b[8..].copy_from_slice(&bc4_half(0, 255, &[7; 16]));
    let t = F::Bc5Unorm.decode_block(&b).unwrap();
    assert_eq!(t[9], [1.0, 1.0, 0.0, 1.0]);
    let t = F::Bc5Snorm.decode_block(&b).unwrap();
    // R: endpoints 0xFF (= -1 → -1/127) and 0, index 0 → -1/127.
    // G: endpoints 0 > -1 (signed) → eight-value mode; index 7 = (1·0 + 6·(-1/127)) / 7.
    let g = (1.0 * 0.0 + 6.0 * (-1.0f32 / 127.0)) / 7.0;
    assert_eq!(t[0], [-1.0 / 127.0, g, 0.0, 1.0]);
}

#[test]
fn bc7_mode6_block() {
    // Mode 6: 7-bit RGBA endpoints + per-endpoint p-bit, 4-bit indices, one subset.
    let mut w = W(0, 0);
    w.put(1 << 6, 7);
    for (e0, e1) in [(127, 0), (127, 0), (127, 0), (127, 127)] {
        w.put(e0, 7);
        w.put(e1, 7);
    }
    w.put(1, 1); // p0 → endpoint0 = 0xFF (RGB) / 0xFF (A)
    w.put(0, 1); // p1 → endpoint1 = 0x00 (RGB) / 0xFE (A)
    w.put(0, 3); // anchor texel 0: 3 bits
    for i in 1..16 {
        w.put(i, 4);
    }
    assert_eq!(w.1, 128);
    let t = F::Bc7Unorm.decode_block(&w.0.to_le_bytes()).unwrap();
    let weights = [
        0u32, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64,
    ];
    for (i, wt) in weights.iter().enumerate() {
        let c = ((64 - wt) * 255 + 32) >> 6;
        let a = ((64 - wt) * 255 + wt * 254 + 32) >> 6;
        let c = c as f32 / 255.0;
        assert_eq!(t[i], [c, c, c, a as f32 / 255.0], "texel {i}");
    }
    assert_eq!(t[0], [1.0; 4]);
    assert_eq!(t[15], [0.0, 0.0, 0.0, 254.0 / 255.0]);
    // Reserved mode (no mode bit) → transparent black.
    assert_eq!(F::Bc7Unorm.decode_block(&[0; 16]).unwrap(), [[0.0; 4]; 16]);
    let s = F::Bc7UnormSrgb.decode_block(&w.0.to_le_bytes()).unwrap();
    assert_eq!(s[0], [1.0; 4]);
    assert_eq!(s[15][3], 254.0 / 255.0);
}

#[test]
fn bc6h_mode11_block() {
    // Mode 11 (mode bits 00011): 10-bit endpoints stored directly, one region, 4-bit indices.
    let mut w = W(0, 0);
    w.put(0b00011, 5);
    for _ in 0..3 {
        w.put(0, 10); // endpoint 0 (R, G, B)
    }
    for _ in 0..3 {
        w.put(1023, 10); // endpoint 1
    }
    w.put(0, 3);
    for i in 1..16 {
        w.put(i, 4);
    }
    assert_eq!(w.1, 128);
    let t = F::Bc6hUf16.decode_block(&w.0.to_le_bytes()).unwrap();
    assert_eq!(t[0], [0.0, 0.0, 0.0, 1.0]);
    // 1023 unquantizes to 0xFFFF; finish: 0xFFFF * 31 >> 6 = 0x7BFF = 65504.
    assert_eq!(t[15], [65504.0, 65504.0, 65504.0, 1.0]);
    // Texel 8, weight 34: (34 * 65535 + 32) >> 6 = 34815; * 31 >> 6 = 0x41DF = 2.935546875.
    assert_eq!(t[8][0], 2.935_546_9);
    // Reserved mode bits 10011 → (0,0,0,1).
    assert_eq!(
        F::Bc6hSf16.decode_block(&[0x13; 16]).unwrap()[0],
        [0.0, 0.0, 0.0, 1.0]
    );
}

#[test]
fn bc6h_signed_mode11() {
    let mut w = W(0, 0);
    w.put(0b00011, 5);
    for _ in 0..3 {
        w.put(0x200, 10); // -512: most negative 10-bit → unquantizes to -0x7FFF
    }
    for _ in 0..3 {
        w.put(0x1FF, 10); // 511 → 0x7FFF
    }
    w.put(0, 3);
    for _ in 1..16 {
        w.put(15, 4);
    }
    let t = F::Bc6hSf16.decode_block(&w.0.to_le_bytes()).unwrap();
    // -0x7FFF * 31 >> 5 = 0x7BFF with the sign bit: -65504.
    assert_eq!(t[0], [-65504.0, -65504.0, -65504.0, 1.0]);
    assert_eq!(t[1], [65504.0, 65504.0, 65504.0, 1.0]);
}
