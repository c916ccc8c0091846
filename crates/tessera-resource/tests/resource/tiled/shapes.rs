//! TR-01 and every row of tiles.toml: the crate's copy equals the spec file, and each row's shape
//! comes back from `get_resource_tiling` of a resource of a format of that row.

use super::*;
use tessera_format::memory::{TileDimension, TileShape, TileShapeError, standard_tile_shape};

const TILES_TOML: &str = include_str!("../../../data/tiles.toml");
const SPEC_TILES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/spec/tiles.toml"
);

#[test]
fn tiles_toml_copy_matches_spec() {
    match std::fs::read_to_string(SPEC_TILES) {
        Ok(spec) => assert_eq!(
            TILES_TOML, spec,
            "crates/tessera-resource/data/tiles.toml drifted"
        ),
        Err(e) if std::env::var_os("TESSERA_REQUIRE_SHARED").is_some() => {
            panic!("CI: {SPEC_TILES} missing ({e})")
        }
        Err(e) => eprintln!("SKIP drift check: {SPEC_TILES} not readable ({e})"),
    }
}

fn shape(v: &toml::Value) -> TileShape {
    let a: Vec<u32> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_integer().unwrap() as u32)
        .collect();
    TileShape {
        width: a[0],
        height: a[1],
        depth: a[2],
    }
}

/// A format of each tiles.toml row key.
fn format_of(key: &str) -> Format {
    match key {
        "8" => Format::R8Unorm,
        "16" => Format::R16Float,
        "32" => Format::R8G8B8A8Unorm,
        "64" => Format::R16G16B16A16Float,
        "128" => Format::R32G32B32A32Float,
        "BC1_BC4" => Format::Bc1Unorm,
        "BC2_BC3_BC5_BC6H_BC7" => Format::Bc7Unorm,
        k => panic!("unknown tiles.toml row {k}"),
    }
}

fn reported(d: TiledDesc) -> TileShape {
    get_resource_tiling(&d, TiledTier::Tier3, false)
        .unwrap()
        .standard_tile_shape_for_non_packed_mips
}

#[test]
fn every_tiles_toml_row_reads_back() {
    let doc: toml::Table = toml::from_str(TILES_TOML).unwrap();
    let mut rows = 0;
    for (table, dim) in [
        ("texture2d", TextureDimension::D2),
        ("texture3d", TextureDimension::D3),
    ] {
        for (key, row) in doc[table].as_table().unwrap() {
            let want = shape(&row["shape"]);
            let f = format_of(key);
            let desc = if dim == TextureDimension::D2 {
                t2d(want.width * 2, want.height * 2, 1, 1, f)
            } else {
                t3d(want.width * 2, want.height * 2, want.depth * 2, 1, f)
            };
            assert_eq!(reported(TiledDesc::Texture(desc)), want, "{table}.{key}");
            rows += 1;
        }
    }
    for (samples, row) in doc["texture2d_msaa"].as_table().unwrap() {
        let n: u32 = samples.parse().unwrap();
        let supported = row["supported"].as_bool().unwrap();
        for (key, s) in row["shapes"].as_table().unwrap() {
            let f = format_of(key);
            let got = standard_tile_shape(f, TileDimension::Texture2D, n);
            if supported {
                let mut d = t2d(1024, 1024, 1, 1, f);
                d.sample_desc.count = n;
                assert_eq!(reported(TiledDesc::Texture(d)), shape(s), "msaa {n} {key}");
            } else {
                assert_eq!(
                    got,
                    Err(TileShapeError::SampleCount {
                        format: f,
                        sample_count: n
                    })
                );
            }
            rows += 1;
        }
    }
    assert_eq!(
        reported(TiledDesc::Buffer(tbuf(1 << 20))),
        shape(&doc["buffer"]["shape"])
    );
    assert_eq!(rows, 7 + 7 + 4 * 5 - 1);
}

#[test]
fn tr_01_standard_tile_shapes() {
    let s = |f, dim, n| standard_tile_shape(f, dim, n).unwrap();
    let d2 = TileDimension::Texture2D;
    assert_eq!(
        s(Format::R8G8B8A8Unorm, d2, 1),
        TileShape {
            width: 128,
            height: 128,
            depth: 1
        }
    );
    assert_eq!(
        s(Format::R16G16B16A16Float, d2, 1),
        TileShape {
            width: 128,
            height: 64,
            depth: 1
        }
    );
    assert_eq!(
        s(Format::R8Unorm, d2, 1),
        TileShape {
            width: 256,
            height: 256,
            depth: 1
        }
    );
    assert_eq!(
        s(Format::Bc1Unorm, d2, 1),
        TileShape {
            width: 512,
            height: 256,
            depth: 1
        }
    );
    assert_eq!(
        s(Format::Bc7Unorm, d2, 1),
        TileShape {
            width: 256,
            height: 256,
            depth: 1
        }
    );
    assert_eq!(
        s(Format::R8G8B8A8Unorm, d2, 4),
        TileShape {
            width: 64,
            height: 64,
            depth: 1
        }
    );
    assert_eq!(
        s(Format::R32Float, TileDimension::Texture3D, 1),
        TileShape {
            width: 32,
            height: 32,
            depth: 16
        }
    );
    assert_eq!(
        s(Format::Unknown, TileDimension::Buffer, 1),
        TileShape {
            width: 65536,
            height: 1,
            depth: 1
        }
    );
}

#[test]
fn unsupported_formats_have_no_shape() {
    let d2 = TileDimension::Texture2D;
    assert_eq!(
        standard_tile_shape(Format::D24UnormS8Uint, d2, 1),
        Err(TileShapeError::StencilFormat {
            format: Format::D24UnormS8Uint
        })
    );
    assert_eq!(
        standard_tile_shape(Format::R32G32B32Float, d2, 1),
        Err(TileShapeError::UnsupportedFormat {
            format: Format::R32G32B32Float,
            bits: 96
        })
    );
    assert_eq!(
        standard_tile_shape(Format::R32G32B32A32Float, d2, 4),
        Err(TileShapeError::SampleCount {
            format: Format::R32G32B32A32Float,
            sample_count: 4
        })
    );
}

#[test]
fn tr_23_in_tile_layout_row_pitch_is_the_full_tile_width() {
    use tessera_format::memory::tile_element_offset;
    let s = standard_tile_shape(Format::R8G8B8A8Unorm, TileDimension::Texture2D, 1).unwrap();
    assert_eq!(tile_element_offset(s, 4, 1, (0, 1, 0, 0)), Some(512));
    assert_eq!(
        tile_element_offset(s, 4, 1, (99, 7, 0, 0)),
        Some(512 * 7 + 396)
    );
    assert_eq!(tile_element_offset(s, 4, 1, (127, 127, 0, 0)), Some(65532));
    assert_eq!(tile_element_offset(s, 4, 1, (128, 0, 0, 0)), None);
    let ms = TileShape {
        width: 64,
        height: 64,
        depth: 1,
    };
    assert_eq!(tile_element_offset(ms, 4, 4, (1, 0, 0, 2)), Some(24));
}
