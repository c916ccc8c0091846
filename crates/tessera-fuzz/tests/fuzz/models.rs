//! Small models and images written here, by Tessera's own code, as fuzz seeds and regression
//! corpus entries: PLY (ASCII and binary), JSON glTF with data URIs, GLB, PNG and JPEG. No
//! third-party model is used.

use std::io::Cursor;

use image::{ImageFormat, Rgba, RgbaImage};

/// A unit quad: positions, normals, texture coordinates, and two triangles.
const POSITIONS: [[f32; 3]; 4] = [
    [-1.0, -1.0, 0.0],
    [1.0, -1.0, 0.0],
    [1.0, 1.0, 0.0],
    [-1.0, 1.0, 0.0],
];
const UVS: [[f32; 2]; 4] = [[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]];
const INDICES: [u16; 6] = [0, 1, 2, 0, 2, 3];

/// An ASCII PLY of the quad (positions and normals, one quad face and one triangle face).
pub fn ply_ascii() -> Vec<u8> {
    let mut s = String::from(
        "ply\nformat ascii 1.0\ncomment written by tessera-fuzz\nelement vertex 4\n\
         property float x\nproperty float y\nproperty float z\n\
         property float nx\nproperty float ny\nproperty float nz\n\
         element face 2\nproperty list uchar int vertex_indices\nend_header\n",
    );
    for p in POSITIONS {
        s += &format!("{} {} {} 0 0 1\n", p[0], p[1], p[2]);
    }
    s += "3 0 1 2\n3 0 2 3\n";
    s.into_bytes()
}

/// A binary little-endian PLY of the quad (positions only, one four-sided face).
pub fn ply_binary() -> Vec<u8> {
    let mut b = b"ply\nformat binary_little_endian 1.0\nelement vertex 4\n\
        property float x\nproperty float y\nproperty float z\n\
        element face 1\nproperty list uchar uint vertex_indices\nend_header\n"
        .to_vec();
    for p in POSITIONS {
        for c in p {
            b.extend(c.to_le_bytes());
        }
    }
    b.push(4);
    for i in [0u32, 1, 2, 3] {
        b.extend(i.to_le_bytes());
    }
    b
}

/// A 2×2 RGBA PNG.
pub fn png() -> Vec<u8> {
    let img = RgbaImage::from_fn(2, 2, |x, y| {
        Rgba([255 * (x as u8), 255 * (y as u8), 128, 255])
    });
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

/// An 8×8 RGB JPEG.
pub fn jpeg() -> Vec<u8> {
    let img = image::RgbImage::from_fn(8, 8, |x, y| {
        image::Rgb([(x * 32) as u8, (y * 32) as u8, 64])
    });
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Jpeg).unwrap();
    out.into_inner()
}

fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                s.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

/// The binary buffer of the quad: indices (padded to 4), positions, texture coordinates.
fn quad_bin() -> Vec<u8> {
    let mut b: Vec<u8> = INDICES.iter().flat_map(|i| i.to_le_bytes()).collect();
    b.extend([0, 0, 0, 0]);
    b.extend(POSITIONS.iter().flatten().flat_map(|f| f.to_le_bytes()));
    b.extend(UVS.iter().flatten().flat_map(|f| f.to_le_bytes()));
    b
}

/// The glTF JSON of the quad; `buffer_uri` is the buffer's `uri` (None: the GLB chunk), and
/// `image` is a texture's image entry (None: untextured).
fn quad_json(buffer_uri: Option<String>, image: Option<String>) -> String {
    let len = quad_bin().len();
    let uri = buffer_uri.map_or(String::new(), |u| format!(r#","uri":"{u}""#));
    let (material, textures) = match image {
        Some(img) => (
            r#","material":0"#,
            format!(
                r#","materials":[{{"pbrMetallicRoughness":{{"baseColorTexture":{{"index":0}},"baseColorFactor":[1,0.5,0.5,1]}}}}],"textures":[{{"source":0,"sampler":0}}],"samplers":[{{"magFilter":9728,"wrapS":33648}}],"images":[{img}]"#
            ),
        ),
        None => ("", String::new()),
    };
    format!(
        r#"{{"asset":{{"version":"2.0","generator":"tessera-fuzz"}},"scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{{"mesh":0,"translation":[0,0,-1]}}],"meshes":[{{"primitives":[{{"attributes":{{"POSITION":1,"TEXCOORD_0":2}},"indices":0{material}}}]}}],"buffers":[{{"byteLength":{len}{uri}}}],"bufferViews":[{{"buffer":0,"byteOffset":0,"byteLength":12}},{{"buffer":0,"byteOffset":16,"byteLength":48}},{{"buffer":0,"byteOffset":64,"byteLength":32}}],"accessors":[{{"bufferView":0,"componentType":5123,"count":6,"type":"SCALAR"}},{{"bufferView":1,"componentType":5126,"count":4,"type":"VEC3","min":[-1,-1,0],"max":[1,1,0]}},{{"bufferView":2,"componentType":5126,"count":4,"type":"VEC2"}}]{textures}}}"#
    )
}

/// JSON glTF of the quad with its buffer (and, when `textured`, a PNG) as data URIs.
pub fn gltf(textured: bool) -> Vec<u8> {
    let uri = format!(
        "data:application/octet-stream;base64,{}",
        base64(&quad_bin())
    );
    let image =
        textured.then(|| format!(r#"{{"uri":"data:image/png;base64,{}"}}"#, base64(&png())));
    quad_json(Some(uri), image).into_bytes()
}

/// GLB of the quad; when `textured`, the PNG is a buffer view of the binary chunk.
pub fn glb(textured: bool) -> Vec<u8> {
    let mut bin = quad_bin();
    let mut json = if textured {
        let png = png();
        let (offset, len) = (bin.len(), png.len());
        bin.extend(&png);
        let json = quad_json(None, Some(r#"{"bufferView":3,"mimeType":"image/png"}"#.into()));
        let json = json.replace(
            r#"{"buffer":0,"byteOffset":64,"byteLength":32}]"#,
            &format!(r#"{{"buffer":0,"byteOffset":64,"byteLength":32}},{{"buffer":0,"byteOffset":{offset},"byteLength":{len}}}]"#),
        );
        json.replace(&format!(r#""byteLength":{offset}}}]"#), &format!(r#""byteLength":{}}}]"#, bin.len()))
    } else {
        quad_json(None, None)
    }
    .into_bytes();
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }
    while !bin.len().is_multiple_of(4) {
        bin.push(0);
    }
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = b"glTF".to_vec();
    out.extend(2u32.to_le_bytes());
    out.extend((total as u32).to_le_bytes());
    out.extend((json.len() as u32).to_le_bytes());
    out.extend(b"JSON");
    out.extend(json);
    out.extend((bin.len() as u32).to_le_bytes());
    out.extend(b"BIN\0");
    out.extend(bin);
    out
}
