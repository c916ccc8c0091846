//! Tiled colour targets in scene files (issue #16): `assets/scenes/tiled_target_tier2.json`
//! draws into a 2×1-tile target whose tile 1 is NULL; the output is read back through the
//! tiles (its golden, at 1, 2 and 8 threads, is in `golden.rs`), and bad tiled-target fields
//! are typed errors naming the field.

use tessera_scene::{RenderOptions, Scene, SceneError};
use tessera_testkit::workspace_root as root;

fn edited(f: impl FnOnce(&mut serde_json::Value)) -> String {
    let text =
        std::fs::read_to_string(root().join("assets/scenes/tiled_target_tier2.json")).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    f(&mut v);
    v.to_string()
}

fn render(text: &str) -> Result<image::RgbaImage, SceneError> {
    let s = Scene::from_str_at(text, "tiled_target.json")?;
    let opts = RenderOptions {
        threads: Some(2),
        ..Default::default()
    };
    Ok(s.render(&opts)?.first().expect("an output").clone())
}

const GREY: [u8; 4] = [64, 64, 64, 255];

#[test]
fn the_null_tile_of_a_tiled_target_drops_writes_and_reads_zero() {
    let img = render(&edited(|_| {})).unwrap();
    assert_eq!(img.dimensions(), (256, 128));
    // Tile 0 (x < 128) is mapped: the clear outside the triangle, the triangle inside it.
    assert_eq!(img.get_pixel(2, 2).0, GREY);
    assert_eq!(img.get_pixel(125, 2).0, GREY);
    let inside = img.get_pixel(100, 100).0;
    assert_eq!(inside[3], 255);
    assert_ne!(inside, GREY);
    // Tile 1 (x >= 128) is NULL: the clear and the triangle are dropped, and it reads 0
    // at Tier 2 (SPEC §6.8) wherever it was written or not.
    for (x, y) in [(128, 0), (150, 100), (200, 100), (255, 127), (130, 2)] {
        assert_eq!(img.get_pixel(x, y).0, [0, 0, 0, 0], "({x}, {y})");
    }
}

#[test]
fn without_mappings_every_tile_reads_zero() {
    let img = render(&edited(|v| {
        v["commands"].as_array_mut().unwrap().remove(0);
    }))
    .unwrap();
    assert!(img.pixels().all(|p| p.0 == [0, 0, 0, 0]));
}

#[test]
fn an_untiled_target_keeps_both_halves() {
    // The same scene with an ordinary target (the mapping command removed): the right half
    // holds the clear and the triangle, so the zeros above come from the NULL tile.
    let img = render(&edited(|v| {
        v["targets"]["colors"][0]["tiled"] = false.into();
        v["commands"].as_array_mut().unwrap().remove(0);
    }))
    .unwrap();
    assert_eq!(img.get_pixel(250, 2).0, GREY);
    assert_eq!(img.get_pixel(150, 100).0[3], 255);
}

fn invalid_path(text: &str) -> String {
    match render(text) {
        Err(SceneError::Invalid { json_path, .. }) => json_path,
        other => panic!("expected Invalid, got {other:?}"),
    }
}

fn device_path(text: &str) -> (String, String) {
    match render(text) {
        Err(SceneError::Device {
            json_path, source, ..
        }) => (json_path, source.to_string()),
        other => panic!("expected Device, got {other:?}"),
    }
}

#[test]
fn bad_tiled_target_fields_are_typed_errors_naming_the_field() {
    // A tile command naming an ordinary target.
    let t = edited(|v| v["targets"]["colors"][0]["tiled"] = false.into());
    assert_eq!(invalid_path(&t), "commands[0].update_tile_mappings");
    // A tiled target at Tier 0 (no pool, no mappings): the device refuses the texture.
    let t = edited(|v| {
        v["tiled_resources_tier"] = 0.into();
        v.as_object_mut().unwrap().remove("tile_pools");
        v["commands"].as_array_mut().unwrap().remove(0);
    });
    assert_eq!(device_path(&t).0, "targets.colors[0].tiled");
    // A tiled target whose name is a tiled texture's too.
    let t = edited(|v| {
        v["textures"] = serde_json::json!({"color": {"solid": {"size": [256, 256], "color": [0, 0, 0, 1]}, "tiled": true}});
    });
    assert_eq!(invalid_path(&t), "targets.colors[0].name");
    // `tiled` must be a boolean.
    let bad = Scene::from_str_at(
        &edited(|v| v["targets"]["colors"][0]["tiled"] = "yes".into()),
        "f.json",
    );
    assert!(matches!(bad, Err(SceneError::Parse { .. })), "{bad:?}");
}

/// The scene with an ordinary colour target and a tiled `D32_FLOAT` depth target whose tile 0
/// is mapped, cleared to 1 before the draw; outputs colour and depth.
fn tiled_depth() -> String {
    edited(|v| {
        v["targets"] = serde_json::json!({
            "colors": [{"name": "color"}],
            "depth": {"format": "D32_FLOAT", "tiled": true}
        });
        v["commands"][0]["update_tile_mappings"]["tiled_resource"] = "depth".into();
        let cmds = v["commands"].as_array_mut().unwrap();
        cmds.insert(2, serde_json::json!({"clear_dsv": {"depth": 1.0}}));
        v["outputs"] = serde_json::json!(["color", "depth"]);
    })
}

#[test]
fn a_tiled_depth_target_tests_against_its_null_tile_and_reads_back_through_the_tiles() {
    let s = Scene::from_str_at(&tiled_depth(), "tiled_depth.json").unwrap();
    let out = s
        .render(&RenderOptions {
            threads: Some(2),
            ..Default::default()
        })
        .unwrap();
    let (color, depth) = (out.get("color").unwrap(), out.get("depth").unwrap());
    // Tile 0: depth cleared to 1, the triangle (z = 0.5) passes LESS and writes 0.5.
    let inside = color.get_pixel(100, 100).0;
    assert_eq!(inside[3], 255);
    assert_ne!(inside, GREY);
    assert_eq!(depth.get_pixel(2, 2).0, [255, 255, 255, 255]);
    assert_eq!(depth.get_pixel(100, 100).0, [128, 128, 128, 255]);
    // Tile 1 is NULL: the clear is dropped, the depth test reads 0 (Tier 2) and fails, so the
    // colour keeps the clear; the depth output reads 0 there.
    assert_eq!(color.get_pixel(150, 100).0, GREY);
    assert_eq!(color.get_pixel(200, 100).0, GREY);
    assert_eq!(depth.get_pixel(200, 100).0, [0, 0, 0, 255]);
    assert_eq!(depth.get_pixel(250, 2).0, [0, 0, 0, 255]);
}

#[test]
fn bad_tiled_depth_fields_are_typed_errors_naming_the_field() {
    // A stencil format: tiled textures have no stencil (SPEC §6.1).
    let mut v: serde_json::Value = serde_json::from_str(&tiled_depth()).unwrap();
    v["targets"]["depth"]["format"] = "D24_UNORM_S8_UINT".into();
    assert_eq!(device_path(&v.to_string()).0, "targets.depth.tiled");
    // A colour target named "depth" beside a tiled depth target.
    let mut v: serde_json::Value = serde_json::from_str(&tiled_depth()).unwrap();
    v["targets"]["colors"][0]["name"] = "depth".into();
    assert_eq!(invalid_path(&v.to_string()), "targets.depth.tiled");
}
