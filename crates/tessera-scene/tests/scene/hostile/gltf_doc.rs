//! Malformed glTF documents and GLB containers, from memory through `load_gltf_slice`.

use std::path::Path;

use serde_json::{Value, json};
use tessera_scene::SceneError;
use tessera_scene::input::InputPolicy;
use tessera_scene::model::load_gltf_slice;

/// 36 bytes of three VEC3 positions, then three u16 indices and two bytes of padding.
pub fn triangle_bin() -> Vec<u8> {
    let mut b = Vec::new();
    for v in [0.0f32, 0., 0., 1., 0., 0., 0., 1., 0.] {
        b.extend(v.to_le_bytes());
    }
    for i in [0u16, 1, 2, 0] {
        b.extend(i.to_le_bytes());
    }
    b
}

/// A valid one-triangle document whose buffer 0 is the GLB BIN chunk ([`triangle_bin`]).
pub fn triangle_doc() -> Value {
    json!({
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
             "min": [0.0, 0.0, 0.0], "max": [1.0, 1.0, 0.0]},
            {"bufferView": 1, "componentType": 5123, "count": 3, "type": "SCALAR"}
        ],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": 36},
            {"buffer": 0, "byteOffset": 36, "byteLength": 6}
        ],
        "buffers": [{"byteLength": 44}]
    })
}

/// A GLB of `json` and an optional BIN chunk, with correct lengths and padding.
pub fn glb(json: &Value, bin: Option<&[u8]>) -> Vec<u8> {
    let mut j = serde_json::to_vec(json).unwrap();
    while !j.len().is_multiple_of(4) {
        j.push(b' ');
    }
    let mut body = Vec::new();
    body.extend((j.len() as u32).to_le_bytes());
    body.extend(b"JSON");
    body.extend(&j);
    if let Some(bin) = bin {
        body.extend((bin.len() as u32).to_le_bytes());
        body.extend(b"BIN\0");
        body.extend(bin);
    }
    let mut out = b"glTF".to_vec();
    out.extend(2u32.to_le_bytes());
    out.extend((12 + body.len() as u32).to_le_bytes());
    out.extend(body);
    out
}

fn push(array: &mut Value, v: Value) {
    array.as_array_mut().unwrap().push(v);
}

const ORIGIN: &str = "hostile.glb";

fn load(doc: &Value) -> Result<tessera_scene::Scene, SceneError> {
    let bytes = glb(doc, Some(&triangle_bin()));
    load_gltf_slice(&bytes, Path::new(ORIGIN), &InputPolicy::default())
}

/// Expects [`SceneError::Malformed`] in the model file at `at` with exactly `rule`.
#[track_caller]
pub fn expect_malformed(
    r: Result<tessera_scene::Scene, SceneError>,
    file: &Path,
    at: &str,
    rule: &str,
) {
    match r {
        Err(SceneError::Malformed {
            file: f,
            at: a,
            rule: r,
        }) => {
            assert_eq!((f.as_path(), a.as_str(), r.as_str()), (file, at, rule));
        }
        other => panic!("expected Malformed at {at}: {rule}, got {other:?}"),
    }
}

#[test]
fn valid_triangle_glb_loads() {
    load(&triangle_doc()).unwrap();
}

#[test]
fn position_naming_a_missing_accessor_is_refused() {
    let mut d = triangle_doc();
    d["meshes"][0]["primitives"][0]["attributes"]["POSITION"] = json!(7);
    let rule = "POSITION names accessor 7, but there are 2 accessors";
    expect_malformed(load(&d), Path::new(ORIGIN), "meshes[0].primitives[0]", rule);
}

#[test]
fn image_in_a_buffer_view_without_mime_type_is_refused() {
    let mut d = triangle_doc();
    d["images"] = json!([{"bufferView": 0}]);
    let rule = "an image in a buffer view needs a mimeType";
    expect_malformed(load(&d), Path::new(ORIGIN), "images[0]", rule);
}

#[test]
fn image_without_uri_or_buffer_view_is_refused() {
    let mut d = triangle_doc();
    d["images"] = json!([{}]);
    let rule = "an image needs a uri or a bufferView";
    expect_malformed(load(&d), Path::new(ORIGIN), "images[0]", rule);
}

#[test]
fn buffer_view_past_its_buffer_is_refused() {
    let mut d = triangle_doc();
    push(
        &mut d["bufferViews"],
        json!({"buffer": 0, "byteOffset": 40, "byteLength": 100}),
    );
    d["images"] = json!([{"bufferView": 2, "mimeType": "image/png"}]);
    let rule = "bytes 40..+100 run past buffer 0 of 44 bytes";
    expect_malformed(load(&d), Path::new(ORIGIN), "bufferViews[2]", rule);
}

#[test]
fn glb_header_lengths_are_checked() {
    let good = glb(&triangle_doc(), Some(&triangle_bin()));
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut b = good.clone();
        f(&mut b);
        load_gltf_slice(&b, Path::new(ORIGIN), &InputPolicy::default())
    };
    let o = Path::new(ORIGIN);
    let set = |b: &mut Vec<u8>, at: usize, v: u32| b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    let h = "GLB header";
    let below = "declared length 8 is below the 12-byte header";
    expect_malformed(with(&|b| set(b, 8, 8)), o, h, below);
    let past = format!(
        "declared length 4000000000 exceeds the {} bytes given",
        good.len()
    );
    expect_malformed(with(&|b| set(b, 8, 4_000_000_000)), o, h, &past);
    expect_malformed(with(&|b| set(b, 4, 1)), o, h, "version 1, expected 2");
    expect_malformed(
        with(&|b| b.truncate(10)),
        o,
        h,
        "10 bytes, a GLB header needs 12",
    );
    let chunk = format!(
        "chunk length 4294967295 runs past the declared length {}",
        good.len()
    );
    expect_malformed(
        with(&|b| set(b, 12, u32::MAX)),
        o,
        "GLB chunk at byte 12",
        &chunk,
    );
}

#[test]
fn normal_of_the_wrong_type_is_refused() {
    let mut d = triangle_doc();
    push(
        &mut d["accessors"],
        json!({"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC2"}),
    );
    d["meshes"][0]["primitives"][0]["attributes"]["NORMAL"] = json!(2);
    let rule = "VEC2 FLOAT where VEC3 FLOAT is required";
    expect_malformed(load(&d), Path::new(ORIGIN), "accessors[2] (NORMAL)", rule);
}

#[test]
fn stride_below_the_element_size_is_refused() {
    let mut d = triangle_doc();
    d["bufferViews"][0]["byteStride"] = json!(8);
    let rule = "byte stride 8 must be at least the element size 12 and a multiple of 4";
    expect_malformed(load(&d), Path::new(ORIGIN), "accessors[0] (POSITION)", rule);
}

#[test]
fn float_indices_are_refused() {
    let mut d = triangle_doc();
    d["accessors"][1]["componentType"] = json!(5126);
    let rule = "SCALAR FLOAT where SCALAR UNSIGNED_BYTE/UNSIGNED_SHORT/UNSIGNED_INT is required";
    expect_malformed(load(&d), Path::new(ORIGIN), "accessors[1] (indices)", rule);
}

#[test]
fn accessor_past_its_view_is_refused() {
    let mut d = triangle_doc();
    d["accessors"][0]["count"] = json!(4);
    let rule =
        "4 elements of 12 bytes, stride 12, from offset 0 run past the 36-byte buffer view 0";
    expect_malformed(load(&d), Path::new(ORIGIN), "accessors[0] (POSITION)", rule);
}

#[test]
fn sparse_accessors_are_refused() {
    let mut d = triangle_doc();
    d["accessors"][0]["sparse"] = json!({
        "count": 1,
        "indices": {"bufferView": 1, "componentType": 5123},
        "values": {"bufferView": 0}
    });
    let rule = "sparse accessors are not supported";
    expect_malformed(load(&d), Path::new(ORIGIN), "accessors[0] (POSITION)", rule);
}

#[test]
fn node_reached_twice_is_refused() {
    let mut d = triangle_doc();
    d["nodes"] = json!([{"mesh": 0, "children": [1, 1]}, {"mesh": 0}]);
    let rule = "the node is reached twice (glTF nodes form disjoint trees)";
    expect_malformed(load(&d), Path::new(ORIGIN), "nodes[1]", rule);
}

#[test]
fn buffer_shorter_than_its_byte_length_is_refused() {
    let mut d = triangle_doc();
    d["buffers"][0]["byteLength"] = json!(48);
    let rule = "holds 44 bytes but byteLength declares 48";
    expect_malformed(load(&d), Path::new(ORIGIN), "buffers[0]", rule);
}

#[test]
fn a_mesh_flattened_by_many_nodes_is_bounded() {
    // Three nodes share one mesh of 2^24 vertices: 3 × 2^24 > 2^25 is refused from the
    // accessor counts alone, before any data is read or allocated.
    let mut d = triangle_doc();
    d["scenes"][0]["nodes"] = json!([0, 1, 2]);
    d["nodes"] = json!([{"mesh": 0}, {"mesh": 0}, {"mesh": 0}]);
    d["accessors"][0]["count"] = json!(1 << 24);
    d["accessors"][1]["count"] = json!(3);
    match load(&d) {
        Err(SceneError::Limit {
            file,
            what,
            value,
            limit,
        }) => {
            assert_eq!(file, Path::new(ORIGIN));
            assert_eq!(what, "vertices of the flattened default scene");
            assert_eq!((value, limit), (3 << 24, 1 << 25));
        }
        other => panic!("expected Limit, got {other:?}"),
    }
}
