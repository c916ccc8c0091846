//! R9G9B9E5_SHAREDEXP packing (D3D11.3 §3.2.x / EXT_texture_shared_exponent algorithm).
//!
//! Layout: R bits 0-8, G 9-17, B 18-26, exponent 27-31; value = mantissa · 2^(exp - 15 - 9).
//! Encode: NaN/negative → 0, clamp to max 65408 (= 511/512 · 2^16); shared exponent from the
//! largest channel, `floor(c / 2^(exp-24) + 0.5)` per channel, exponent bumped when the largest
//! mantissa rounds to 512. Scaling and `+0.5` are done in f64 where they are exact, so the
//! rounding is the exact formula's: bit-identical on every build.

const N: i32 = 9;
const B: i32 = 15;
const MAX: f32 = 65408.0;

/// 2^k for -126 <= k <= 127, exact.
#[inline]
fn exp2i(k: i32) -> f32 {
    f32::from_bits(((k + 127) as u32) << 23)
}

/// Packs linear RGB into the R9G9B9E5 32-bit word.
pub(crate) fn encode(rgb: [f32; 3]) -> u32 {
    #[expect(
        clippy::manual_clamp,
        reason = "clamp keeps NaN; max(NaN, 0) = 0 is the rule"
    )]
    let c = rgb.map(|x| x.max(0.0).min(MAX)); // max(NaN, 0) = 0
    let maxc = c[0].max(c[1]).max(c[2]);
    // floor(log2(maxc)) from the exponent field; zero and f32 denormals fall under the -B-1 clamp.
    let fl = ((maxc.to_bits() >> 23) as i32 - 127).max(-B - 1);
    let mut e = fl + 1 + B;
    let max_s = (maxc as f64 * exp2i(B + N - e) as f64 + 0.5) as u32;
    if max_s == 1 << N {
        e += 1;
    }
    let scale = exp2i(B + N - e) as f64;
    let m = c.map(|x| ((x as f64 * scale + 0.5) as u32).min(511));
    m[0] | (m[1] << 9) | (m[2] << 18) | ((e as u32) << 27)
}

/// Unpacks an R9G9B9E5 word to linear RGB (exact).
pub(crate) fn decode(v: u32) -> [f32; 3] {
    let e = (v >> 27) as i32;
    let scale = exp2i(e - B - N);
    [v & 511, (v >> 9) & 511, (v >> 18) & 511].map(|m| m as f32 * scale)
}
