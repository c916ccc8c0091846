//! Images through `input::decode_image`: format from the content, dimensions and decoder
//! allocation bounded by the policy; and scene textures that reach it.

use std::io::Cursor;
use std::path::Path;

use tessera_scene::SceneError;
use tessera_scene::input::{InputPolicy, decode_image};

fn png(w: u32, h: u32) -> Vec<u8> {
    let img = image::DynamicImage::ImageRgba8(image::RgbaImage::new(w, h));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

const ORIGIN: &str = "tex.jpg";

#[test]
fn format_is_guessed_from_the_content() {
    // A PNG named .jpg decodes as the PNG it is.
    let img = decode_image(&png(3, 2), Path::new(ORIGIN), &InputPolicy::default()).unwrap();
    assert_eq!((img.width(), img.height()), (3, 2));
    match decode_image(b"not an image", Path::new(ORIGIN), &InputPolicy::default()) {
        Err(SceneError::Decode { file, message }) => {
            assert_eq!(file, Path::new(ORIGIN));
            assert_eq!(
                message,
                "unrecognised image format (PNG and JPEG are supported)"
            );
        }
        other => panic!("expected Decode, got {other:?}"),
    }
}

#[test]
fn image_dimensions_are_limited() {
    let policy = InputPolicy {
        max_image_dimension: 16,
        ..Default::default()
    };
    match decode_image(&png(20, 10), Path::new(ORIGIN), &policy) {
        Err(SceneError::ImageTooLarge {
            file,
            width,
            height,
            limit,
        }) => {
            assert_eq!(
                (file.as_path(), width, height, limit),
                (Path::new(ORIGIN), 20, 10, 16)
            );
        }
        other => panic!("expected ImageTooLarge, got {other:?}"),
    }
}

#[test]
fn image_allocation_is_limited() {
    let policy = InputPolicy {
        max_image_alloc_bytes: 100,
        ..Default::default()
    };
    match decode_image(&png(20, 10), Path::new(ORIGIN), &policy) {
        Err(SceneError::ImageAlloc { file, bytes, limit }) => {
            assert_eq!(
                (file.as_path(), bytes, limit),
                (Path::new(ORIGIN), 800, 100)
            );
        }
        other => panic!("expected ImageAlloc, got {other:?}"),
    }
}

#[test]
fn scene_texture_file_goes_through_the_guard() {
    let dir = super::TempDir::new("tex");
    std::fs::write(dir.join("t.png"), png(2, 2)).unwrap();
    let scene = |file: &str| {
        format!(
            r#"{{"format": "tessera-scene", "version": 1, "size": [4, 4],
                "targets": {{"colors": [{{"name": "c", "format": "R8G8B8A8_UNORM"}}]}},
                "textures": {{"t": {{"file": {file:?}}}}}, "commands": []}}"#
        )
    };
    let p = dir.join("scene.json");
    std::fs::write(&p, scene("t.png")).unwrap();
    tessera_scene::Scene::load(&p).unwrap();
    let small = InputPolicy {
        max_image_dimension: 1,
        ..Default::default()
    };
    match tessera_scene::Scene::load_with(&p, &small) {
        Err(SceneError::ImageTooLarge { file, limit: 1, .. }) => {
            assert_eq!(file, dir.join("t.png"))
        }
        other => panic!("expected ImageTooLarge, got {other:?}"),
    }
    std::fs::write(&p, scene("/dev/zero")).unwrap();
    assert!(matches!(
        tessera_scene::Scene::load(&p),
        Err(SceneError::OutsideBase { .. })
    ));
}

#[test]
fn images_of_one_file_share_the_allocation_limit() {
    // Each 20×10 image needs 800 bytes: one fits 1000, two do not.
    let dir = super::TempDir::new("tex-total");
    std::fs::write(dir.join("a.png"), png(20, 10)).unwrap();
    std::fs::write(dir.join("b.png"), png(20, 10)).unwrap();
    let p = dir.join("scene.json");
    std::fs::write(
        &p,
        r#"{"format": "tessera-scene", "version": 1, "size": [4, 4],
            "targets": {"colors": [{"name": "c", "format": "R8G8B8A8_UNORM"}]},
            "textures": {"a": {"file": "a.png"}, "b": {"file": "b.png"}}, "commands": []}"#,
    )
    .unwrap();
    let policy = InputPolicy {
        max_image_alloc_bytes: 1000,
        ..Default::default()
    };
    match tessera_scene::Scene::load_with(&p, &policy) {
        Err(SceneError::Limit {
            file,
            what,
            value,
            limit,
        }) => {
            assert_eq!(file, dir.join("b.png"));
            assert_eq!(what, "bytes of the decoded images together");
            assert_eq!((value, limit), (1600, 1000));
        }
        other => panic!("expected Limit, got {other:?}"),
    }
}
