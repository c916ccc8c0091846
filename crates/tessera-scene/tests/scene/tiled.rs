//! Tiled resources in scene files (issue #16 part 5): `assets/scenes/tiled_tier2.json` maps,
//! reuses and leaves NULL tiles as it says (its golden, at 1, 2 and 8 threads, is in
//! `golden.rs`), and bad tiled fields are typed errors naming the field.

use tessera_scene::{RenderOptions, Scene, SceneError};
use tessera_testkit::workspace_root as root;

fn text() -> String {
    std::fs::read_to_string(root().join("assets/scenes/tiled_tier2.json")).unwrap()
}

fn render(text: &str) -> Result<image::RgbaImage, SceneError> {
    let s = Scene::from_str_at(text, "tiled.json")?;
    let opts = RenderOptions {
        threads: Some(2),
        ..Default::default()
    };
    Ok(s.render(&opts)?.first().expect("an output").clone())
}

/// The quad spans pixels 27.2..228.8 each way (eye at 2.2, 60° field of view): 25.2 pixels a
/// tile of the 8×8, so the centre of tile (x, y) is at 27.2 + 25.2 (x + 0.5).
fn at_tile(img: &image::RgbaImage, x: u32, y: u32) -> [u8; 4] {
    let c = |t: u32| (27.2 + 25.2 * (t as f32 + 0.5)) as u32;
    img.get_pixel(c(x), c(y)).0
}

#[test]
fn mapped_reused_and_null_tiles_render_as_mapped() {
    let img = render(&text()).unwrap();
    // Outside the quad: the clear colour.
    assert_eq!(img.get_pixel(5, 5).0, [153, 191, 229, 255]);
    // Tile (6, 3) is mapped to pool tile 3 like tile (1, 1): the same gradient band (the
    // perspective lands the two centres on neighbouring texel rows, one step of the gradient).
    let (a, b) = (at_tile(&img, 6, 3), at_tile(&img, 1, 1));
    assert_eq!(a[3], 255);
    assert!(
        a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 2),
        "{a:?} vs {b:?}"
    );
    // The 2×2 box got four different bands of the gradient (pool tiles 0..3).
    let box_tiles = [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(x, y)| at_tile(&img, x, y));
    for (i, a) in box_tiles.iter().enumerate() {
        assert_eq!(a[3], 255, "tile {i} is written");
        for b in &box_tiles[i + 1..] {
            assert_ne!(a, b);
        }
    }
    // Every other tile is NULL: Tier 2 reads 0 (transparent black in RGBA8).
    assert_eq!(at_tile(&img, 4, 4), [0, 0, 0, 0]);
    assert_eq!(at_tile(&img, 7, 0), [0, 0, 0, 0]);
}

#[test]
fn without_update_tiles_the_mapped_tiles_read_the_pool_zeros() {
    let v: serde_json::Value = serde_json::from_str(&text()).unwrap();
    let mut v = v;
    let cmds = v["commands"].as_array_mut().unwrap();
    cmds.remove(1); // update_tiles
    let img = render(&v.to_string()).unwrap();
    assert_eq!(at_tile(&img, 1, 1), [0, 0, 0, 0]);
    assert_eq!(at_tile(&img, 6, 3), [0, 0, 0, 0]);
}

fn edited(f: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&text()).unwrap();
    f(&mut v);
    v.to_string()
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
fn bad_tiled_fields_are_typed_errors_naming_the_field() {
    let t = edited(|v| v["commands"][0]["update_tile_mappings"]["tile_pool"] = "nope".into());
    assert_eq!(
        invalid_path(&t),
        "commands[0].update_tile_mappings.tile_pool"
    );
    let t = edited(|v| v["commands"][1]["update_tiles"]["source_tile_data"] = "nope".into());
    assert_eq!(
        invalid_path(&t),
        "commands[1].update_tiles.source_tile_data"
    );
    let t = edited(|v| v["commands"][1]["update_tiles"]["source_tile_data"] = "sparse".into());
    assert_eq!(
        invalid_path(&t),
        "commands[1].update_tiles.source_tile_data"
    );
    let t = edited(|v| v["commands"][0]["update_tile_mappings"]["tiled_resource"] = "x".into());
    assert_eq!(invalid_path(&t), "commands[0].update_tile_mappings");
    let t = edited(|v| v["tile_pools"]["pool"]["size_bytes"] = (1u64 << 32).into());
    assert_eq!(invalid_path(&t), "tile_pools.pool.size_bytes");
    let bad_flag = Scene::from_str_at(
        &edited(|v| {
            v["commands"][0]["update_tile_mappings"]["range_flags"][0] = "sometimes".into()
        }),
        "f.json",
    );
    assert!(
        matches!(bad_flag, Err(SceneError::Parse { .. })),
        "{bad_flag:?}"
    );
}

#[test]
fn device_refusals_name_the_call_or_object() {
    // Tier 0: the tile pool is refused at creation.
    let t = edited(|v| v["tiled_resources_tier"] = 0.into());
    assert_eq!(device_path(&t).0, "tile_pools.pool");
    // Tier 2 needs 11_1 (SPEC §6.11).
    let t = edited(|v| v["feature_level"] = "11_0".into());
    assert_eq!(device_path(&t).0, "(device)");
    // A pool that is not a multiple of 64 KiB.
    let t = edited(|v| v["tile_pools"]["pool"]["size_bytes"] = 1000.into());
    assert_eq!(device_path(&t).0, "tile_pools.pool");
    // Four tiles of data for a region of four, but only three source tiles' worth of bytes.
    let t = edited(|v| {
        v["textures"]["tile_data"]["gradient"]["size"] = serde_json::json!([128, 384]);
    });
    let (p, msg) = device_path(&t);
    assert_eq!(p, "commands[1].update_tiles");
    assert!(msg.contains("65536"), "{msg}");
    // Pool tile 4 of a 4-tile pool.
    let t = edited(|v| {
        v["commands"][0]["update_tile_mappings"]["tile_pool_start_offsets"][1] = 4.into();
    });
    assert_eq!(device_path(&t).0, "commands[0].update_tile_mappings");
}

fn virtual_text() -> String {
    std::fs::read_to_string(root().join("assets/scenes/tiled_virtual_tier2.json")).unwrap()
}

/// `tiled_virtual_tier2` with `f` applied to its JSON.
fn virtual_edited(f: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&virtual_text()).unwrap();
    f(&mut v);
    v.to_string()
}

/// The index of the first command named `name` in `v`.
fn command(v: &serde_json::Value, name: &str) -> usize {
    v["commands"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c.get(name).is_some())
        .unwrap()
}

#[test]
fn the_virtual_texture_has_mips_and_every_tile_command_takes_effect() {
    let img = render(&virtual_text()).unwrap();
    // Quad pixels 27.2..228.8 cover 285 mip-0 texels (LOD 0.5): mip-0 tile column 2 starts
    // at pixel 27.2 + 256 / 1.414 = 208.2; tile row 1 likewise at 117.7.
    let tile20 = img.get_pixel(220, 60).0;
    let null11 = img.get_pixel(160, 160).0;
    let null22 = img.get_pixel(220, 220).0;
    assert_eq!(
        null22,
        [0, 0, 0, 0],
        "NULL in mip 0 and mip 1: transparent black"
    );
    assert_eq!(
        null11[3], 128,
        "mip-0 NULL, mip-1 tile (0, 0) mapped: half weight"
    );
    assert_eq!(
        tile20[3], 128,
        "mip-0 tile (2, 0) mapped, mip-1 tile (1, 0) NULL"
    );
    assert_eq!(img.get_pixel(60, 60).0[3], 255, "both mips mapped");
    // Without each command, the image changes where it acted.
    for (name, x, y) in [
        ("copy_tile_mappings", 220, 60),
        ("copy_tiles", 160, 160),
        ("update_tiles", 60, 60),
    ] {
        let t = virtual_edited(|v| {
            let i = command(v, name);
            v["commands"].as_array_mut().unwrap().remove(i);
        });
        let other = render(&t).unwrap();
        assert_ne!(other.get_pixel(x, y).0, img.get_pixel(x, y).0, "{name}");
    }
    // The barrier and the shrink leave the image as is (a no-op; mapped tiles past the new
    // end stay alive, SPEC §6.12).
    for name in ["tiled_resource_barrier", "resize_tile_pool"] {
        let t = virtual_edited(|v| {
            let i = command(v, name);
            v["commands"].as_array_mut().unwrap().remove(i);
        });
        assert!(render(&t).unwrap().as_raw() == img.as_raw(), "{name}");
    }
}

#[test]
fn the_new_tile_commands_refuse_bad_fields_at_their_path() {
    let v: serde_json::Value = serde_json::from_str(&virtual_text()).unwrap();
    let resize = command(&v, "resize_tile_pool");
    let t = virtual_edited(|v| {
        v["commands"][resize]["resize_tile_pool"]["new_size_in_bytes"] = 1000.into()
    });
    let (path, msg) = device_path(&t);
    assert_eq!(
        path,
        format!("commands[{resize}].resize_tile_pool"),
        "{msg}"
    );
    let t = virtual_edited(|v| v["commands"][resize]["resize_tile_pool"]["tile_pool"] = "x".into());
    assert_eq!(
        invalid_path(&t),
        format!("commands[{resize}].resize_tile_pool.tile_pool")
    );
    let barrier = command(&v, "tiled_resource_barrier");
    let t = virtual_edited(|v| {
        v["commands"][barrier]["tiled_resource_barrier"]["tiled_resource_or_view_accessed_after_barrier"] =
            "nope".into()
    });
    assert_eq!(
        invalid_path(&t),
        format!(
            "commands[{barrier}].tiled_resource_barrier.tiled_resource_or_view_accessed_after_barrier"
        )
    );
    let copy = command(&v, "copy_tiles");
    let t = virtual_edited(|v| v["commands"][copy]["copy_tiles"]["flags"] = serde_json::json!([]));
    let (path, msg) = device_path(&t);
    assert_eq!(
        path,
        format!("commands[{copy}].copy_tiles"),
        "neither direction: {msg}"
    );
    let t = virtual_edited(|v| v["commands"][copy]["copy_tiles"]["buffer"] = "nope".into());
    assert_eq!(
        invalid_path(&t),
        format!("commands[{copy}].copy_tiles.buffer")
    );
    let ctm = command(&v, "copy_tile_mappings");
    let t = virtual_edited(|v| {
        v["commands"][ctm]["copy_tile_mappings"]["source_region_start_coordinate"]["x"] =
            5000.into()
    });
    let (path, msg) = device_path(&t);
    assert_eq!(path, format!("commands[{ctm}].copy_tile_mappings"), "{msg}");
}
