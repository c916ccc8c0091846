//! DDS round trip: every render-target and depth-stencil format (from the format tables)
//! keeps its DXGI format and its exact bytes; bad files are refused with a typed error.

use tessera_caps::{BindFlags, FeatureLevel as L, FormatSupport, format_support};
use tessera_format::{Format, tight_pitches};
use tessera_resource::{
    RawImage, SubresourceData, Texture, decode_dds, encode_dds, load_dds, read_raw, save_dds,
};
use tessera_testkit::desc::*;

/// Every format a 12_2 device can render to (colour) or use as a depth-stencil target.
fn target_formats() -> Vec<(Format, BindFlags)> {
    Format::ALL
        .iter()
        .filter_map(|&f| {
            let s = format_support(L::L12_2, f);
            if s.contains(FormatSupport::DEPTH_STENCIL) {
                Some((f, BindFlags::DEPTH_STENCIL))
            } else if s.contains(FormatSupport::RENDER_TARGET) {
                Some((f, RT))
            } else {
                None
            }
        })
        .collect()
}

/// Deterministic, position-dependent bytes (every byte of every texel differs).
fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len)
        .map(|i| (i as u8).wrapping_mul(37).wrapping_add(seed))
        .collect()
}

#[test]
fn every_target_format_round_trips_bit_exact() {
    let formats = target_formats();
    let colours = formats.iter().filter(|(_, b)| *b == RT).count();
    let depths: Vec<Format> = formats
        .iter()
        .filter(|(_, b)| *b == BindFlags::DEPTH_STENCIL)
        .map(|(f, _)| *f)
        .collect();
    assert!(colours >= 40, "only {colours} colour target formats found");
    for d in [
        Format::D32Float,
        Format::D24UnormS8Uint,
        Format::D16Unorm,
        Format::D32FloatS8X24Uint,
    ] {
        assert!(depths.contains(&d), "{d:?} missing from the depth formats");
    }
    let c = caps(L::L12_2);
    for (seed, (format, bind)) in formats.into_iter().enumerate() {
        let (w, h) = (5, 3);
        let (row, size) = tight_pitches(format, w, h);
        let bytes = pattern(size, seed as u8);
        let tex = Texture::new(
            &c,
            &tex2d(w, h, format, bind),
            Some(&[SubresourceData::new(&bytes, row, size)]),
        )
        .unwrap_or_else(|e| panic!("{format:?}: {e}"));
        let raw = read_raw(&tex, 0).unwrap();
        assert_eq!(raw.data, bytes, "{format:?} readback");
        let file = encode_dds(&raw).unwrap();
        assert_eq!(&file[..4], b"DDS ", "{format:?} magic");
        assert_eq!(&file[84..88], b"DX10", "{format:?} fourcc");
        let dxgi = u32::from_le_bytes([file[128], file[129], file[130], file[131]]);
        assert_eq!(dxgi, format.dxgi(), "{format:?} DX10 dxgi_format");
        assert_eq!(file.len(), 148 + size, "{format:?} file size");
        let back = decode_dds(&file).unwrap();
        assert_eq!(back, raw, "{format:?} round trip");
    }
}

#[test]
fn save_and_load_through_a_file_leave_no_temp_file() {
    let dir = std::env::temp_dir().join(format!("tessera-dds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("depth.dds");
    let d = Format::D24UnormS8Uint;
    let bytes = pattern(16, 9);
    let tex = Texture::new(
        &caps(L::L11_0),
        &tex2d(2, 2, d, BindFlags::DEPTH_STENCIL),
        Some(&[SubresourceData::new(&bytes, 8, 16)]),
    )
    .unwrap();
    save_dds(&tex, 0, &path).unwrap();
    let back = load_dds(&path).unwrap();
    assert_eq!((back.format, back.width, back.height), (d, 2, 2));
    assert_eq!(back.data, bytes);
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["depth.dds"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_files_are_refused() {
    let e = decode_dds(b"PNG not a dds").unwrap_err().to_string();
    assert!(e.starts_with("image: DDS read: "), "{e}");
    let img = RawImage {
        format: Format::R8G8B8A8Unorm,
        width: 2,
        height: 2,
        data: vec![0; 15],
    };
    assert_eq!(
        encode_dds(&img).unwrap_err().to_string(),
        "image: DDS size: R8G8B8A8Unorm 2x2 holds 16 bytes, the image has 15"
    );
    let mut file = encode_dds(&RawImage {
        data: vec![0; 16],
        ..img
    })
    .unwrap();
    file.truncate(file.len() - 1);
    assert_eq!(
        decode_dds(&file).unwrap_err().to_string(),
        "image: DDS size: R8G8B8A8Unorm 2x2 needs 16 bytes, the file has 15"
    );
    // A hostile header: 2^32-1 × 2^32-1 texels of 16 bytes (dwHeight at byte 12, dwWidth at
    // 16) needs more bytes than usize holds; refused, not an overflow.
    let mut huge = encode_dds(&RawImage {
        format: Format::R32G32B32A32Float,
        width: 1,
        height: 1,
        data: vec![0; 16],
    })
    .unwrap();
    huge[12..20].fill(0xFF);
    assert_eq!(
        decode_dds(&huge).unwrap_err().to_string(),
        "image: DDS size: R32G32B32A32Float 4294967295x4294967295 needs \
         295147905041913872400 bytes, the file has 16"
    );
}
