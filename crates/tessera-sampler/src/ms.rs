//! `Load(coords, sampleIndex)` of a multisampled view (the `ld2dms` instruction, D3D11 shader
//! model reference "ld2dms (sm4.1 - asm)"): the one read D3D has for Texture2DMS /
//! Texture2DMSArray, no sampling and no mips.

use wide::{f32x8, i32x8, u32x8};

use crate::api::{decode_bits, oob_bits};
use crate::view::TextureView;

/// One lane: sample `sample` of texel `(x, y)` of slice `slice` as raw bits; anything out of
/// range (coordinate, slice, sample index) reads the format's out-of-bounds value (0 in the
/// stored components, defaults 0, 0, 0, 1 in the missing ones).
fn load_sample_one(v: &TextureView<'_>, [x, y, slice]: [i32; 3], sample: i32) -> [u32; 4] {
    let oob = oob_bits(v.format);
    let (Ok(x), Ok(y), Ok(slice), Ok(sample)) = (
        u32::try_from(x),
        u32::try_from(y),
        u32::try_from(slice),
        u32::try_from(sample),
    ) else {
        return oob;
    };
    if slice >= v.array_size || sample >= v.samples {
        return oob;
    }
    let s = v.surface(0, slice);
    if x >= s.width() || y >= s.height() {
        return oob;
    }
    // The memory owner places the sample (tessera_format::memory: one plane per sample).
    match s.sample(x, y, sample) {
        Some(t) => decode_bits(v.format, t, oob),
        None => oob,
    }
}

/// `Texture2DMS[Array].Load(coords, sampleIndex)` over 8 lanes: `coords` are `(x, y, slice)`
/// (the slice is ignored by a Texture2DMS view, read as slice 0 like D3D's `ld2dms` of a
/// non-array resource), `sample` the sample index per lane. Returns raw bits like
/// [`crate::load`]: float-read formats as `f32` bits (sRGB decoded), UINT as integers, SINT as
/// two's-complement `i32` bits, depth as (d, 0, 0, 1). Out of range — a coordinate outside
/// the surface, a slice outside the view, a sample index outside `0..samples` — reads 0 in the
/// stored components and the format defaults (0, 0, 0, 1) in the missing ones (the `ld2dms`
/// reference: an address or array index out of range "always returns 0 in all components
/// present in the format of the resource, and defaults (0,0,0,1.0f/0x00000001) for missing
/// components"; it is silent on the sample index, which Tessera reads the same way).
/// Unbound, or a single-sample view, reads zeros.
pub fn load_sample(
    view: Option<&TextureView<'_>>,
    coords: [i32x8; 3],
    sample: i32x8,
) -> [u32x8; 4] {
    let Some(v) = view.filter(|v| v.is_multisampled()) else {
        return [u32x8::ZERO; 4];
    };
    let c = coords.map(|c| c.to_array());
    let smp = sample.to_array();
    let arrayed = v.dimension == tessera_types::desc::ViewDimension::Texture2DMsArray;
    let mut out = [[0u32; 8]; 4];
    for l in 0..8 {
        let slice = if arrayed { c[2][l] } else { 0 };
        let r = load_sample_one(v, [c[0][l], c[1][l], slice], smp[l]);
        for i in 0..4 {
            out[i][l] = r[i];
        }
    }
    out.map(u32x8::new)
}

/// [`load_sample`] with the bits reinterpreted as `f32` (for float-read formats).
pub fn load_sample_float(
    view: Option<&TextureView<'_>>,
    coords: [i32x8; 3],
    sample: i32x8,
) -> [f32x8; 4] {
    load_sample(view, coords, sample).map(|v| f32x8::new(v.to_array().map(f32::from_bits)))
}
