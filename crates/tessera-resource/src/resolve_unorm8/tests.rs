//! The fast resolve equals the generic one (decode, f32 sum in sample order, division, encode)
//! byte for byte, and serves exactly R8G8B8A8_UNORM and B8G8R8A8_UNORM.

use tessera_format::Format;

use super::Unorm8x4;

/// The formats the fast resolve serves.
const FORMATS: [Format; 2] = [Format::R8G8B8A8Unorm, Format::B8G8R8A8Unorm];

/// The resolve rule for one row, pixel by pixel, equal samples included: each sample decoded
/// by `decode_float`, summed in sample order, divided and encoded by `encode_float`.
fn generic(format: Format, rows: &[Vec<u8>]) -> Vec<u8> {
    let n = rows.len();
    let mut out = vec![0u8; rows[0].len()];
    for (x, d) in out.chunks_exact_mut(4).enumerate() {
        let texel = |r: &Vec<u8>| r[4 * x..4 * x + 4].to_vec();
        let mut acc = [0.0f32; 4];
        for r in rows {
            for (a, v) in acc.iter_mut().zip(format.decode_float(&texel(r)).unwrap()) {
                *a += v;
            }
        }
        format.encode_float(acc.map(|v| v / n as f32), d).unwrap();
    }
    out
}

/// The fast resolve of one row.
fn fast(format: Format, rows: &[Vec<u8>]) -> Vec<u8> {
    let f = Unorm8x4::of(format).unwrap();
    let refs: Vec<&[u8]> = rows.iter().map(|r| &r[..]).collect();
    let mut out = vec![0xa5u8; rows[0].len()];
    f.resolve_row(&refs, &mut out).unwrap();
    out
}

/// Asserts fast == generic for `rows`, naming the first differing pixel.
fn check(format: Format, rows: &[Vec<u8>], what: &str) {
    let (got, want) = (fast(format, rows), generic(format, rows));
    if let Some(x) = (0..got.len() / 4).find(|&x| got[4 * x..4 * x + 4] != want[4 * x..4 * x + 4]) {
        let samples: Vec<_> = rows.iter().map(|r| &r[4 * x..4 * x + 4]).collect();
        panic!(
            "{format:?} {what}, {} samples, pixel {x} {samples:?}: fast {:?}, generic {:?}",
            rows.len(),
            &got[4 * x..4 * x + 4],
            &want[4 * x..4 * x + 4]
        );
    }
}

/// A xorshift64 stream (deterministic).
fn rng(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// Exactly R8G8B8A8_UNORM and B8G8R8A8_UNORM get the fast resolve (not sRGB, not X8, not
/// R10G10B10A2 or R8G8).
#[test]
fn only_four_byte_unorm8_formats_are_served() {
    let served: Vec<Format> = Format::ALL
        .iter()
        .copied()
        .filter(|&f| Unorm8x4::of(f).is_some())
        .collect();
    assert_eq!(served, FORMATS);
}

/// Two samples: every pair of byte values (a, b) in every byte position of the texel.
#[test]
fn every_pair_of_values_at_two_samples() {
    for format in FORMATS {
        for rot in 0..4 {
            let px = 65536 / 4;
            let (mut s0, mut s1) = (vec![0u8; px * 4], vec![0u8; px * 4]);
            for i in 0..px * 4 {
                // Byte i of the row holds pair j, rotated so each position sees all 65536.
                let j = (i / 4) * 4 + (i % 4 + rot) % 4;
                (s0[i], s1[i]) = ((j >> 8) as u8, j as u8);
            }
            check(format, &[s0, s1], "all pairs");
        }
    }
}

/// 2, 4, 8 and 16 samples, odd widths (whole 8-pixel chunks and a tail): equal pixels, pixels
/// where one byte of one sample differs (first, middle, last sample; each byte), every value
/// 0..=255 in every channel, 0/255 mixes (the .5 ties) and random samples.
#[test]
fn fast_resolve_equals_the_generic_one() {
    let mut next = rng(0x9e37_79b9_7f4a_7c15);
    for format in FORMATS {
        for n in [2usize, 4, 8, 16] {
            for width in [1usize, 7, 8, 9, 37, 261] {
                let mut rows = vec![vec![0u8; width * 4]; n];
                for x in 0..width {
                    let base: [u8; 4] = core::array::from_fn(|k| (x * 7 + k * 93) as u8);
                    for (s, r) in rows.iter_mut().enumerate() {
                        let t = &mut r[4 * x..4 * x + 4];
                        match x % 6 {
                            // Every sample equal.
                            0 => t.copy_from_slice(&base),
                            // One byte of one sample differs by one.
                            1 => {
                                t.copy_from_slice(&base);
                                let (who, byte) = ([0, n / 2, n - 1][x / 6 % 3], x / 18 % 4);
                                if s == who {
                                    t[byte] ^= 1;
                                }
                            }
                            // Every value in every channel across the row.
                            2 => {
                                for (k, b) in t.iter_mut().enumerate() {
                                    *b = (x + s * 37 + k * 101) as u8;
                                }
                            }
                            // 0/255 mixes.
                            3 => {
                                for (k, b) in t.iter_mut().enumerate() {
                                    *b = if (s + k + x / 6) % 2 == 0 { 0 } else { 255 };
                                }
                            }
                            // Random samples.
                            _ => t.copy_from_slice(&(next() as u32).to_le_bytes()),
                        }
                    }
                }
                check(format, &rows, &format!("width {width}"));
            }
            // Every value 0..=255 in each sample of each channel: sample s holds v + s·c.
            let mut rows = vec![vec![0u8; 256 * 4]; n];
            for c in [1usize, 3, 85, 128] {
                for (s, r) in rows.iter_mut().enumerate() {
                    for (i, b) in r.iter_mut().enumerate() {
                        *b = (i / 4 + s * c + (i % 4) * 64) as u8;
                    }
                }
                check(format, &rows, &format!("values, step {c}"));
            }
            // Random rows, sometimes with whole equal chunks.
            for _ in 0..20 {
                let width = 1 + (next() % 300) as usize;
                let mut rows = vec![vec![0u8; width * 4]; n];
                for x in 0..width {
                    let equal = next().is_multiple_of(2);
                    let t0 = (next() as u32).to_le_bytes();
                    for r in rows.iter_mut() {
                        let t = if equal {
                            t0
                        } else {
                            (next() as u32).to_le_bytes()
                        };
                        r[4 * x..4 * x + 4].copy_from_slice(&t);
                    }
                }
                check(format, &rows, "random");
            }
        }
    }
}

/// A sample row shorter than the destination row is an out-of-bounds error, not a panic.
#[test]
fn short_sample_rows_are_refused() {
    let f = Unorm8x4::of(Format::R8G8B8A8Unorm).unwrap();
    let (a, b) = (vec![1u8; 8], vec![2u8; 4]);
    let mut out = vec![0u8; 8];
    let err = f.resolve_row(&[&a, &b], &mut out).unwrap_err();
    assert_eq!(
        err.to_string(),
        crate::ResourceError::OutOfBounds(
            "resolve source row of 4 bytes for a destination row of 8".into()
        )
        .to_string()
    );
}
