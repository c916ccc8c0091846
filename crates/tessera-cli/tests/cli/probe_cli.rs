//! `tessera probe`: each output's value at a pixel in its own format, from a scene or from a
//! DDS / PNG file, as lines or JSON; errors exit 2 with one line.

use std::path::{Path, PathBuf};

use tessera::format::Format;
use tessera::resource::{RawImage, encode_dds};

use crate::common::{root, scratch, tessera};

fn write_dds(dir: &Path, name: &str, format: Format, texels: &[&[u8]]) -> PathBuf {
    let p = dir.join(name);
    let img = RawImage {
        format,
        width: texels.len() as u32,
        height: 1,
        data: texels.concat(),
    };
    std::fs::write(&p, encode_dds(&img).unwrap()).unwrap();
    p
}

/// stdout of a successful `tessera probe args…`.
fn probe(args: &[&str]) -> String {
    let mut all = vec!["probe"];
    all.extend_from_slice(args);
    let out = tessera(&all);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The second line (the one output's values) of probing texel 1 of a 2×1 DDS.
fn second_texel(dir: &Path, name: &str, format: Format, texel: &[u8]) -> String {
    let filler = vec![0u8; texel.len()];
    let p = write_dds(dir, name, format, &[&filler, texel]);
    let out = probe(&[p.to_str().unwrap(), "--pixel", "1,0"]);
    out.lines().nth(1).unwrap().to_owned()
}

/// Hand-made texels: the expected values are the codes divided by hand (51/255 = 0.2,
/// 128/255 = 0.5019608 as the nearest f32), the half and float bit patterns, sign extension.
#[test]
fn each_kind_of_channel_prints_code_and_value() {
    let dir = scratch("kinds");
    let cases: [(Format, &[u8], &str); 6] = [
        (
            Format::R8G8B8A8Unorm,
            &[255, 0, 128, 51],
            "rgba8 R8G8B8A8_UNORM: R 1 (code 255), G 0 (code 0), B 0.5019608 (code 128), A 0.2 (code 51)",
        ),
        (
            Format::B5G6R5Unorm,
            &(31u16 << 11).to_le_bytes(),
            "b5g6r5 B5G6R5_UNORM: R 1 (code 31), G 0 (code 0), B 0 (code 0)",
        ),
        (
            Format::R16G16Float,
            &[0x00, 0x3C, 0x00, 0xC0],
            "rg16f R16G16_FLOAT: R 1 (bits 0x3c00), G -2 (bits 0xc000)",
        ),
        (
            Format::R8G8Sint,
            &[0xFD, 0x7F],
            "rg8i R8G8_SINT: R -3, G 127",
        ),
        (
            Format::D24UnormS8Uint,
            &0x07FF_FFFFu32.to_le_bytes(),
            "ds D24_UNORM_S8_UINT: Depth 1 (code 16777215), Stencil 7",
        ),
        (
            Format::D32Float,
            &0.625f32.to_le_bytes(),
            "d32 D32_FLOAT: Depth 0.625 (bits 0x3f200000)",
        ),
    ];
    for (format, texel, want) in cases {
        let name = format!("{}.dds", want.split(' ').next().unwrap());
        assert_eq!(second_texel(&dir, &name, format, texel), want);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scene's every output, in the order of its `outputs`: the clear values of a colour target
/// (0.2, 0.4, 0.6, 1 → codes 51, 102, 153, 255) and of the depth-stencil target.
#[test]
fn a_scene_prints_every_output_and_json_agrees() {
    let dir = scratch("scene");
    let scene = dir.join("clears.json");
    std::fs::write(
        &scene,
        r#"{"format": "tessera-scene", "version": 1, "size": [4, 3],
            "targets": {"colors": [{"name": "color"}], "depth": {"format": "D24_UNORM_S8_UINT"}},
            "commands": [{"clear_rtv": {"color": [0.2, 0.4, 0.6, 1.0]}},
                         {"clear_dsv": {"depth": 1.0, "stencil": 9}}],
            "outputs": ["color", "depth"]}"#,
    )
    .unwrap();
    let s = scene.to_str().unwrap();
    let out = probe(&[s, "--pixel", "3,2"]);
    assert_eq!(
        out,
        format!(
            "pixel (3, 2) of {s}\n\
             color R8G8B8A8_UNORM: R 0.2 (code 51), G 0.4 (code 102), B 0.6 (code 153), A 1 (code 255)\n\
             depth D24_UNORM_S8_UINT: Depth 1 (code 16777215), Stencil 9\n"
        )
    );
    let json: serde_json::Value =
        serde_json::from_str(&probe(&[s, "--pixel", "3,2", "--json"])).unwrap();
    assert_eq!(json["pixel"], serde_json::json!([3, 2]));
    let outputs = json["outputs"].as_array().unwrap();
    assert_eq!(outputs.len(), 2);
    assert_eq!(outputs[0]["format"], "R8G8B8A8_UNORM");
    assert_eq!(outputs[0]["texel"], "336699ff");
    assert_eq!(outputs[0]["channels"][2]["code"], 153);
    assert_eq!(outputs[0]["channels"][2]["value"].to_string(), "0.6");
    assert_eq!(outputs[1]["texel"], "ffffff09");
    assert_eq!(outputs[1]["channels"][1]["name"], "Stencil");
    assert_eq!(outputs[1]["channels"][1]["value"], 9);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Probing a scene reads the same bytes `render -o x.dds` writes (here a drawn pixel of the
/// depth-test scene, inside the near quad).
#[test]
fn a_rendered_pixel_matches_the_written_dds() {
    let dir = scratch("matches");
    let scene = root().join("assets/scenes/depth_test.json");
    let dds = dir.join("color.dds");
    let r = tessera(&[
        "render",
        scene.to_str().unwrap(),
        "-o",
        dds.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let from_scene = probe(&[scene.to_str().unwrap(), "--pixel", "30,90"]);
    let from_file = probe(&[dds.to_str().unwrap(), "--pixel", "30,90"]);
    let values = |s: &str| {
        s.lines()
            .nth(1)
            .unwrap()
            .split_once(": ")
            .unwrap()
            .1
            .to_owned()
    };
    assert_eq!(values(&from_scene), values(&from_file));
    assert_ne!(
        values(&from_scene),
        "R 0 (code 0), G 0 (code 0), B 0 (code 0), A 1 (code 255)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_are_one_line_exit_2() {
    let dir = scratch("errors");
    let p = write_dds(
        &dir,
        "one.dds",
        Format::R32Float,
        &[&f32::NAN.to_le_bytes()],
    );
    let p = p.to_str().unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&probe(&[p, "--pixel", "0,0", "--json"])).unwrap();
    assert_eq!(json["outputs"][0]["channels"][0]["value"], "NaN");
    for (args, needle) in [
        (
            vec![p, "--pixel", "1,0"],
            "pixel (1, 0) is outside output `one` (1x1)",
        ),
        (vec![p, "--pixel", "1"], "expected X,Y"),
        (vec!["missing.dds", "--pixel", "0,0"], "missing.dds"),
    ] {
        let mut all = vec!["probe"];
        all.extend(args);
        let out = tessera(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(needle), "{err}");
        if !needle.starts_with("expected") {
            assert_eq!(err.lines().count(), 1, "{err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
