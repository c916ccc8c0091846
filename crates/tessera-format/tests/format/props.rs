//! Property tests: round-trips D3D requires, and UNORM monotonicity.
//!
//! Exceptions, each required by the rules rather than allowed slack:
//! - SNORM: the code -2^(n-1) decodes to -1.0 and re-encodes as -(2^(n-1)-1) (§4.7).
//! - FLOAT (16/11/10): NaN patterns canonicalise, so NaN inputs are skipped; f32 is stored verbatim.
//! - SHAREDEXP: encodings are not unique (a larger exponent with smaller mantissas can denote
//!   the same values), so the check is decode(encode(decode(x))) == decode(x).
//! - Padding bits (X) are written as 0, so they are masked out of the comparison; views of
//!   depth-stencil families keep foreign bits, so they compare whole.

use proptest::prelude::*;
use tessera_format::convert::{sign_extend, unorm_to_f32};
use tessera_format::{Format, NumericKind};

fn codec_formats() -> Vec<Format> {
    Format::ALL
        .iter()
        .copied()
        .filter(|f| !f.is_typeless() && !f.is_compressed())
        .collect()
}

/// Clears bits outside the format's R,G,B,A fields.
fn mask(f: Format, b: &[u8]) -> Vec<u8> {
    let i = f.info();
    let mut m = vec![0u8; b.len()];
    for c in 0..4 {
        for bit in i.channel_offsets[c]..i.channel_offsets[c] + i.channel_bits[c] {
            m[(bit / 8) as usize] |= 1 << (bit % 8);
        }
    }
    if i.kind == NumericKind::SharedExp {
        m.fill(0xff);
    }
    b.iter().zip(m).map(|(x, y)| x & y).collect()
}

/// Replaces each SNORM field holding -2^(n-1) with -(2^(n-1)-1).
fn canon_snorm(f: Format, b: &[u8]) -> Vec<u8> {
    let i = f.info();
    let mut w = u64::from_le_bytes({
        let mut a = [0u8; 8];
        a[..b.len()].copy_from_slice(b);
        a
    });
    for c in 0..4 {
        let n = i.channel_bits[c];
        if n == 0 {
            continue;
        }
        let off = i.channel_offsets[c];
        let raw = ((w >> off) & ((1 << n) - 1)) as u32;
        if sign_extend(raw, n) == -(1 << (n - 1)) {
            w = (w & !(((1u64 << n) - 1) << off)) | (((1u64 << (n - 1)) + 1) << off);
        }
    }
    w.to_le_bytes()[..b.len()].to_vec()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    #[test]
    fn roundtrip(idx in 0usize..64, bytes in proptest::collection::vec(any::<u8>(), 16)) {
        let fs = codec_formats();
        let f = fs[idx % fs.len()];
        let n = f.info().bytes_per_block as usize;
        let src = &bytes[..n];
        let keep = f.is_depth_family();
        let mut out = if keep { src.to_vec() } else { vec![0xA5; n] };
        let want = if keep { src.to_vec() } else { mask(f, src) };
        match f.kind() {
            NumericKind::Uint | NumericKind::Sint => {
                let v = f.decode_uint(src).unwrap();
                f.encode_uint(v, &mut out).unwrap();
                prop_assert_eq!(out, want);
            }
            NumericKind::Depth => {
                let d = f.decode_depth(src).unwrap();
                if !d.is_nan() {
                    f.encode_depth(d, &mut out).unwrap();
                    prop_assert_eq!(f.decode_depth(&out).unwrap().to_bits(), d.to_bits());
                    prop_assert_eq!(mask(f, &out), mask(f, src));
                }
            }
            NumericKind::SharedExp => {
                let d = f.decode_float(src).unwrap();
                f.encode_float(d, &mut out).unwrap();
                prop_assert_eq!(f.decode_float(&out).unwrap(), d);
            }
            NumericKind::Float => {
                let d = f.decode_float(src).unwrap();
                if !d.iter().any(|x| x.is_nan()) {
                    f.encode_float(d, &mut out).unwrap();
                    prop_assert_eq!(out, want);
                }
            }
            NumericKind::Snorm => {
                let d = f.decode_float(src).unwrap();
                f.encode_float(d, &mut out).unwrap();
                prop_assert_eq!(out, canon_snorm(f, &want));
            }
            _ => {
                let d = f.decode_float(src).unwrap();
                f.encode_float(d, &mut out).unwrap();
                prop_assert_eq!(out, want);
            }
        }
    }

    #[test]
    fn f32_formats_store_floats_bit_exactly(x in any::<f32>()) {
        let mut b = [0u8; 4];
        Format::R32Float.encode_float([x, 0.0, 0.0, 0.0], &mut b).unwrap();
        prop_assert_eq!(u32::from_le_bytes(b), x.to_bits());
    }
}

#[test]
fn unorm_decode_monotonic() {
    for bits in [1u32, 2, 4, 5, 6, 8, 10, 16] {
        for v in 0..(1u32 << bits) - 1 {
            assert!(
                unorm_to_f32(v, bits) < unorm_to_f32(v + 1, bits),
                "{bits} {v}"
            );
        }
    }
    for v in (0..(1u32 << 24) - 1).step_by(997) {
        assert!(unorm_to_f32(v, 24) < unorm_to_f32(v + 1, 24));
    }
}
