//! Tests of the rastbench loader and generator.

use super::*;

/// FIPS 180-4 SHA-256, enough to check the generator against the published digests
/// without a dependency.
fn sha256_hex(data: &[u8]) -> String {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend(bits.to_be_bytes());
    for block in msg.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, c) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([c[0], c[1], c[2], c[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    h.iter().map(|x| format!("{x:08x}")).collect()
}

#[test]
fn sha256_known_vectors() {
    assert_eq!(
        sha256_hex(b""),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
    assert_eq!(
        sha256_hex(b"abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(sha256_hex(&[b'a'; 1000]).len(), 64);
}

/// The scene headers `shared/perf/gen_scenes.py scenes` writes (copied into
/// `src/rastbench/published/`, 1–2 KB each, so the digests travel with the repository).
fn published(name: &str) -> serde_json::Value {
    let text = match name {
        "tris" => include_str!("published/tris.json"),
        "big" => include_str!("published/big.json"),
        "tex" => include_str!("published/tex.json"),
        "fill" => include_str!("published/fill.json"),
        other => panic!("no published header for `{other}`"),
    };
    serde_json::from_str(text).unwrap()
}

/// The in-process generator reproduces gen_scenes.py byte for byte: sha256 of every binary
/// equals the digest published in the harness's scene headers.
#[test]
fn generator_matches_published_sha256() {
    let tex = Arc::new(generate_texture());
    assert_eq!(tex.len(), TEXTURE_BYTES);
    for name in STANDARD_SCENES {
        let scene = generate(name, Some(tex.clone())).unwrap();
        scene.validate().unwrap();
        let json = published(name);
        let sha = &json["sha256"];
        assert_eq!(
            sha[format!("{name}.vtx.bin")].as_str().unwrap(),
            sha256_hex(&scene.vertices),
            "{name}.vtx.bin"
        );
        assert_eq!(
            sha[format!("{name}.idx.bin")].as_str().unwrap(),
            sha256_hex(&scene.indices),
            "{name}.idx.bin"
        );
        if let Some(t) = sha["tex.rgba"].as_str() {
            assert_eq!(t, sha256_hex(&tex), "tex.rgba");
        }
        let h: Header = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(h.vertex_count, scene.header.vertex_count, "{name}");
        assert_eq!(h.index_count, scene.header.index_count, "{name}");
        assert_eq!(
            h.covered_px_per_frame, scene.header.covered_px_per_frame,
            "{name} covered px"
        );
    }
}

#[test]
fn load_round_trips_and_rejects_bad_sizes() {
    let dir = std::env::temp_dir().join(format!("rastbench-test-{}", std::process::id()));
    let scene = generate("big", None).unwrap();
    let path = write_scene(&scene, &dir).unwrap();
    let loaded = RastBenchScene::load(&path).unwrap();
    assert_eq!(loaded.vertices, scene.vertices);
    assert_eq!(loaded.indices, scene.indices);
    assert_eq!(loaded.header, scene.header);
    std::fs::write(dir.join("big.idx.bin"), &scene.indices[..8]).unwrap();
    assert!(matches!(
        RastBenchScene::load(&path),
        Err(RastBenchError::Size { .. })
    ));
    let mut bad = scene.clone();
    bad.indices[0..4].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(matches!(
        bad.validate(),
        Err(RastBenchError::IndexOutOfRange { .. })
    ));
    assert!(matches!(
        RastBenchScene::load(dir.join("missing.json")),
        Err(RastBenchError::Io { .. })
    ));
    std::fs::remove_dir_all(&dir).ok();
}

/// A small frame renders: the fill scene's blended quads produce the expected colour.
#[test]
fn fill_frame_renders_blended_colour() {
    let mut scene = generate("fill", None).unwrap();
    scene.header.width = 16;
    scene.header.height = 8;
    let device = Device::new(&tessera::DeviceDesc {
        threads: Some(1),
        ..Default::default()
    })
    .unwrap();
    let prepared = scene.prepare(&device).unwrap();
    let mut ctx = device.immediate_context();
    prepared.frame(&mut ctx, FrameMode::Clear).unwrap();
    let img = prepared.read_rgba8().unwrap();
    assert_eq!(img.get_pixel(3, 3).0, [0, 0, 0, 255]);
    let stats = prepared.frame(&mut ctx, FrameMode::Draw).unwrap();
    assert_eq!(stats.ia_primitives, 32);
    let img = prepared.read_rgba8().unwrap();
    let p = img.get_pixel(5, 5).0;
    assert!(p != [0, 0, 0, 255] && p[3] == 255, "{p:?}");
    assert!(
        img.pixels().all(|q| q.0 == p),
        "flat quads give a flat image"
    );
}

/// `prepare_msaa` (`tessera bench --msaa`): 4-sample targets, resolved every frame. The fill
/// scene's full-screen quads cover every sample, so each sample holds the 1× colour, the
/// resolve (the average of four equal values) gives the 1× image byte for byte, and four
/// times the samples pass.
#[test]
fn msaa_frame_resolves_to_the_single_sample_image() {
    let device = Device::new(&tessera::DeviceDesc {
        threads: Some(1),
        ..Default::default()
    })
    .unwrap();
    let small = || {
        let mut scene = generate("fill", None).unwrap();
        scene.header.width = 16;
        scene.header.height = 8;
        scene
    };
    let mut ctx = device.immediate_context();
    let one = small().prepare(&device).unwrap();
    assert_eq!(one.sample_count(), 1);
    let stats1 = one.frame(&mut ctx, FrameMode::Draw).unwrap();
    let img1 = one.read_rgba8().unwrap();
    let four = small().prepare_msaa(&device, 4).unwrap();
    assert_eq!(four.sample_count(), 4);
    assert_eq!(four.target().desc().sample_desc.count, 4);
    let stats4 = four.frame(&mut ctx, FrameMode::Draw).unwrap();
    assert_eq!(stats4.samples_passed, 4 * stats1.samples_passed);
    assert_eq!(stats1.samples_passed, 16 * 8 * 16);
    let img4 = four.read_rgba8().unwrap();
    assert_eq!(img4.dimensions(), (16, 8));
    assert_ne!(img1.get_pixel(0, 0).0, [0, 0, 0, 255]);
    assert_eq!(img4.as_raw(), img1.as_raw());
    // A count the device refuses for RGBA8/D32 is its typed error, not a panic.
    assert!(small().prepare_msaa(&device, 3).is_err());
}

/// `prepare_with(.., BenchShaders::Wgsl)` (`tessera bench --shaders wgsl`, #18): the WGSL
/// twins of `TransformVs`, `VertexColorPs` and `TexturedPs` render the standard scenes byte
/// for byte as the built-ins (at 160×90; `tris`' million triangles are left to the CLI).
#[test]
fn wgsl_shaders_render_the_builtin_bytes() {
    let device = Device::new(&tessera::DeviceDesc {
        threads: Some(2),
        ..Default::default()
    })
    .unwrap();
    let tex = Arc::new(generate_texture());
    let mut ctx = device.immediate_context();
    for name in ["fill", "big", "tex"] {
        let small = || {
            let mut scene = generate(name, Some(tex.clone())).unwrap();
            scene.header.width = 160;
            scene.header.height = 90;
            scene
        };
        let mut images = Vec::new();
        for shaders in [BenchShaders::Builtin, BenchShaders::Wgsl] {
            let p = small().prepare_with(&device, 1, shaders).unwrap();
            p.frame(&mut ctx, FrameMode::Draw).unwrap();
            images.push(p.read_rgba8().unwrap().into_raw());
        }
        assert!(images[0].iter().any(|&b| b != 0), "{name}: blank");
        assert!(
            images[0] == images[1],
            "{name}: WGSL differs from the built-ins"
        );
    }
}
