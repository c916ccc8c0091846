//! The D3DCAPS9 floor (SPEC §1.4): every row of §1.4 and every `[d3d9_caps]` entry of caps.toml,
//! per level and cumulative, and its agreement with the 9_x limits the rules enforce.

use serde_json::{Value, json};
use tessera_caps::{CAPS_TOML, Caps, FeatureLevel, Limits, d3d9_floor};

fn floor(level: FeatureLevel) -> Value {
    serde_json::to_value(d3d9_floor(level).expect("9_x has a floor")).unwrap()
}

/// §1.4, 9_1 row by row (flags as caps.toml spells them, D3D9 prefix dropped).
fn expected_9_1() -> Value {
    json!({
        // dynamic textures, full-screen gamma
        "Caps2": ["DYNAMICTEXTURES", "FULLSCREENGAMMA"],
        "DevCaps2": [],
        // present intervals IMMEDIATE and ONE
        "PresentationIntervals": ["IMMEDIATE", "ONE"],
        // colour write enable
        "PrimitiveMiscCaps": ["COLORWRITEENABLE"],
        // Gouraud shading caps
        "ShadeCaps": ["ALPHAGOURAUDBLEND", "COLORGOURAUDRGB", "FOGGOURAUD", "SPECULARGOURAUDRGB"],
        // min/mag point+linear filters
        "TextureFilterCaps": ["MINFLINEAR", "MINFPOINT", "MAGFLINEAR", "MAGFPOINT"],
        // texture caps ALPHA, CUBEMAP, MIPMAP, PERSPECTIVE
        "TextureCaps": ["ALPHA", "CUBEMAP", "MIPMAP", "PERSPECTIVE"],
        // plus either both NONPOW2CONDITIONAL and POW2, or neither
        "TextureCaps_BothOrNeither": ["NONPOW2CONDITIONAL", "POW2"],
        // address CLAMP, INDEPENDENTUV, MIRROR, WRAP
        "TextureAddressCaps": ["CLAMP", "INDEPENDENTUV", "MIRROR", "WRAP"],
        "VolumeTextureAddressCaps": [],
        // texture ops DISABLE, MODULATE, SELECTARG1/2
        "TextureOpCaps": ["DISABLE", "MODULATE", "SELECTARG1", "SELECTARG2"],
        "SrcBlendCaps": ["INVDESTALPHA", "INVDESTCOLOR", "INVSRCALPHA", "ONE", "SRCALPHA", "ZERO"],
        "DestBlendCaps": ["ONE", "INVSRCALPHA", "INVSRCCOLOR", "SRCALPHA", "ZERO"],
        // StretchRect point+linear
        "StretchRectFilterCaps": ["MAGFLINEAR", "MAGFPOINT", "MINFLINEAR", "MINFPOINT"],
        // Z compare ALWAYS and LESSEQUAL
        "ZCmpCaps": ["ALWAYS", "LESSEQUAL"],
        // depth bias + slope-scaled depth bias
        "RasterCaps": ["DEPTHBIAS", "SLOPESCALEDEPTHBIAS"],
        // two-sided stencil
        "StencilCaps": ["TWOSIDED"],
        "PS20Caps": [],
        "MaxTextureWidth": 2048,
        "MaxTextureHeight": 2048,
        "NumSimultaneousRTs": 1,
        "MaxSimultaneousTextures": 8,
        "MaxTextureBlendStages": 8,
        "PixelShaderVersion": "2.0",
        // §1.4 names a VS version from 9_2 only; the 10Level9 profile is vs_2_0 (caps.toml).
        "VertexShaderVersion": null,
        "PixelShaderProfile": "ps_2_0",
        "VertexShaderProfile": "vs_2_0",
        "MaxPrimitiveCount": 65535,
        "MaxVertexIndex": 65534,
        "MaxVolumeExtent": 256,
        // MaxTextureRepeat 0 or >= 128
        "MaxTextureRepeat": 128,
        "MaxAnisotropy": 2,
        "MaxVertexW": 0.0,
        "PS20Caps_NumInstructionSlots": null,
        "PS20Caps_NumTemps": null,
        "VS20Caps_NumTemps": null,
        "MaxVertexShaderConst": null,
        // Event queries must always report TRUE.
        "event_query_always_true": true,
        "occlusion_query_nonzero": false,
    })
}

/// §1.4 "9_2 adds", onto 9_1.
fn expected_9_2() -> Value {
    let mut v = expected_9_1();
    // separate alpha blend
    v["PrimitiveMiscCaps"] = json!(["COLORWRITEENABLE", "SEPARATEALPHABLEND"]);
    // vertex elements may share a stream offset
    v["DevCaps2"] = json!(["VERTEXELEMENTSCANSHARESTREAMOFFSET"]);
    // MIRRORONCE (2D and volume)
    v["TextureAddressCaps"] = json!(["CLAMP", "INDEPENDENTUV", "MIRROR", "WRAP", "MIRRORONCE"]);
    v["VolumeTextureAddressCaps"] = json!(["MIRRORONCE"]);
    v["MaxTextureRepeat"] = json!(2048);
    v["VertexShaderVersion"] = json!("2.0");
    v["MaxAnisotropy"] = json!(16);
    v["MaxPrimitiveCount"] = json!(1048575);
    v["MaxVertexIndex"] = json!(1048575);
    v["MaxVertexW"] = json!(1.0e10);
    // Occlusion queries must always return a non-zero count.
    v["occlusion_query_nonzero"] = json!(true);
    v
}

/// §1.4 "9_3 adds", onto 9_2.
fn expected_9_3() -> Value {
    let mut v = expected_9_2();
    // PS gradient instructions
    v["PS20Caps"] = json!(["GRADIENTINSTRUCTIONS"]);
    // independent write masks; MRT post-PS blending
    v["PrimitiveMiscCaps"] = json!([
        "COLORWRITEENABLE",
        "SEPARATEALPHABLEND",
        "INDEPENDENTWRITEMASKS",
        "MRTPOSTPIXELSHADERBLENDING"
    ]);
    // BORDER address
    v["TextureAddressCaps"] = json!([
        "CLAMP",
        "INDEPENDENTUV",
        "MIRROR",
        "WRAP",
        "MIRRORONCE",
        "BORDER"
    ]);
    // MaxTexture 4096; MaxTextureRepeat 0 or >= 8192; 4 RTs
    v["MaxTextureWidth"] = json!(4096);
    v["MaxTextureHeight"] = json!(4096);
    v["MaxTextureRepeat"] = json!(8192);
    v["NumSimultaneousRTs"] = json!(4);
    // PS 2_b: 512 instruction slots, 32 temps
    v["PixelShaderProfile"] = json!("ps_2_x(2_b)");
    v["PS20Caps_NumInstructionSlots"] = json!(512);
    v["PS20Caps_NumTemps"] = json!(32);
    // VS 2_a: 32 temps, 256 constants; VS version 3.0 reported
    v["VertexShaderProfile"] = json!("vs_2_a");
    v["VS20Caps_NumTemps"] = json!(32);
    v["MaxVertexShaderConst"] = json!(256);
    v["VertexShaderVersion"] = json!("3.0");
    v
}

#[test]
fn floor_pins_every_row_of_spec_1_4() {
    use FeatureLevel::*;
    for (level, expected) in [
        (L9_1, expected_9_1()),
        (L9_2, expected_9_2()),
        (L9_3, expected_9_3()),
    ] {
        assert_eq!(floor(level), expected, "{level}");
        assert_eq!(Caps::for_level(level).d3d9_floor(), d3d9_floor(level));
    }
    for level in FeatureLevel::ALL.into_iter().filter(|l| !l.is_9_x()) {
        assert!(d3d9_floor(level).is_none(), "{level}");
        assert!(Caps::for_level(level).d3d9_floor().is_none(), "{level}");
    }
}

/// Every raw `[d3d9_caps."9_x"]` entry reaches the floor of its level, and its flags the floors
/// of every level above (cumulative); numbers are the level's own.
#[test]
fn every_d3d9_caps_entry_is_in_the_floor_cumulatively() {
    let raw: toml::Table = toml::from_str(CAPS_TOML).unwrap();
    let tables = raw["d3d9_caps"].as_table().unwrap();
    let nine: Vec<FeatureLevel> = FeatureLevel::ALL
        .into_iter()
        .filter(|l| l.is_9_x())
        .collect();
    assert_eq!(tables.len(), nine.len());
    let mut checked = 0;
    for (i, level) in nine.iter().enumerate() {
        for (key, value) in tables[level.name()].as_table().unwrap() {
            let here = floor(*level);
            match value {
                toml::Value::Array(flags) => {
                    for above in &nine[i..] {
                        let list = floor(*above)[key.as_str()].clone();
                        for flag in flags {
                            let flag = json!(flag.as_str().unwrap());
                            assert!(
                                list.as_array().unwrap().contains(&flag),
                                "{above} {key} lacks {flag} of {level}"
                            );
                            checked += 1;
                        }
                    }
                }
                toml::Value::String(text) if key == "MaxTextureRepeat" => {
                    let n: u64 = text.strip_prefix("0 or >= ").unwrap().parse().unwrap();
                    assert_eq!(here[key.as_str()], json!(n), "{level} {key}");
                    checked += 1;
                }
                other => {
                    let expected = serde_json::to_value(other).unwrap();
                    assert_eq!(here[key.as_str()], expected, "{level} {key}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 150, "checked only {checked} entries");
}

/// The 9_x limits and rules that follow from a D3D9 cap agree with the floor (SPEC §1.2, §1.4).
#[test]
fn floor_agrees_with_the_9_x_limits() {
    for level in FeatureLevel::ALL.into_iter().filter(|l| l.is_9_x()) {
        let f = d3d9_floor(level).unwrap();
        let l = Limits::for_level(level);
        let has = |list: &[String], flag: &str| list.iter().any(|x| x == flag);
        assert_eq!(f.max_texture_width, l.max_texture_2d_dimension, "{level}");
        assert_eq!(f.max_texture_height, l.max_texture_2d_dimension, "{level}");
        assert_eq!(f.max_volume_extent, l.max_texture_3d_dimension, "{level}");
        assert_eq!(f.max_texture_repeat, l.max_texture_repeat, "{level}");
        assert_eq!(f.max_anisotropy, l.max_anisotropy, "{level}");
        assert_eq!(f.max_primitive_count, l.max_primitive_count, "{level}");
        assert_eq!(f.max_vertex_index, l.max_vertex_index, "{level}");
        assert_eq!(f.num_simultaneous_rts, l.max_render_targets, "{level}");
        let misc = &f.primitive_misc_caps;
        assert_eq!(has(misc, "SEPARATEALPHABLEND"), l.separate_alpha_blend);
        assert_eq!(
            has(misc, "INDEPENDENTWRITEMASKS"),
            l.independent_write_masks
        );
        let address = &f.texture_address_caps;
        assert_eq!(has(address, "MIRRORONCE"), l.mirror_once, "{level}");
        assert_eq!(has(address, "BORDER"), l.border_address_mode, "{level}");
        assert_eq!(
            has(&f.dev_caps2, "VERTEXELEMENTSCANSHARESTREAMOFFSET"),
            l.overlapping_vertex_elements,
            "{level}"
        );
        assert_eq!(f.occlusion_query_nonzero, l.occlusion_queries, "{level}");
        assert_eq!(Some(f.event_query_always_true), l.event_queries, "{level}");
    }
}
