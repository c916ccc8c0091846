//! `outputs` may name any colour target and the depth target ("depth"); each output keeps
//! its texture (own format, exact bytes) next to the RGBA8 view.

use tessera::format::Format;
use tessera::resource::read_raw;
use tessera_scene::{DEPTH_OUTPUT, RenderOptions, Scene};

fn scene(outputs: &str) -> Scene {
    let text = format!(
        r#"{{"format": "tessera-scene", "version": 1, "feature_level": "11_0", "size": [3, 2],
        "targets": {{"colors": [{{"name": "hdr", "format": "R16G16B16A16_FLOAT"}}],
                    "depth": {{"format": "D32_FLOAT_S8X24_UINT"}}}},
        "commands": [{{"clear_rtv": {{"color": [0.5, -2, 1024, 1]}}}},
                     {{"clear_dsv": {{"depth": 0.25, "stencil": 7}}}}],
        "outputs": {outputs}}}"#
    );
    Scene::from_str_at(&text, "outputs.json").unwrap()
}

#[test]
fn depth_and_float_targets_are_outputs_with_their_bytes() {
    let out = scene(r#"["depth", "hdr"]"#)
        .render(&RenderOptions::default())
        .unwrap();
    let names: Vec<&str> = out.textures.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, [DEPTH_OUTPUT, "hdr"]);
    let depth = read_raw(&out.textures[0].1, 0).unwrap();
    assert_eq!(depth.format, Format::D32FloatS8X24Uint);
    let texel: Vec<u8> = [0.25f32.to_le_bytes(), [7, 0, 0, 0]].concat();
    assert_eq!(depth.data, texel.repeat(6));
    let hdr = read_raw(&out.textures[1].1, 0).unwrap();
    assert_eq!(hdr.format, Format::R16G16B16A16Float);
    // f16: 0.5 = 0x3800, -2 = 0xC000, 1024 = 0x6400, 1 = 0x3C00.
    let texel = [0x00, 0x38, 0x00, 0xC0, 0x00, 0x64, 0x00, 0x3C];
    assert_eq!(hdr.data, texel.repeat(6));
    // The RGBA8 view of depth is grey: 0.25 -> 64.
    assert_eq!(out.images[0].1.get_pixel(0, 0).0, [64, 64, 64, 255]);
}

#[test]
fn depth_output_needs_a_depth_target() {
    let text = r#"{"format": "tessera-scene", "version": 1, "size": [2, 2],
        "commands": [], "outputs": ["depth"]}"#;
    let e = Scene::from_str_at(text, "nodepth.json")
        .unwrap()
        .render(&RenderOptions::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("outputs[0]")
            && e.contains("no colour target named \"depth\" (and \"depth\" needs targets.depth)"),
        "{e}"
    );
}
