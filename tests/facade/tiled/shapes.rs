//! Every row of tiles.toml through the device (TR-01): a resource of a format of the row is
//! created by a Tier-3 preview device and its standard tile shape read back with
//! `get_resource_tiling`; the unsupported MSAA rows are refused. The table is the resource
//! crate's copy, which its drift test keeps equal to `shared/spec/tiles.toml`.

use tessera::caps::{BindFlags, TextureDimension};
use tessera::format::Format;

use super::*;

const TILES_TOML: &str = include_str!("../../../crates/tessera-resource/data/tiles.toml");

fn shape(v: &toml::Value) -> [u32; 3] {
    let a: Vec<u32> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_integer().unwrap() as u32)
        .collect();
    [a[0], a[1], a[2]]
}

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

fn reported(d: &Device, desc: &TextureDesc) -> tessera::Result<[u32; 3]> {
    let r = d.create_tiled_texture(desc, None)?;
    let s = d
        .get_resource_tiling(&r)?
        .standard_tile_shape_for_non_packed_mips;
    Ok([s.width, s.height, s.depth])
}

#[test]
fn every_tiles_toml_row_through_the_device() {
    let d = device(3);
    let doc: toml::Table = toml::from_str(TILES_TOML).unwrap();
    let mut rows = 0;
    for (table, dim) in [
        ("texture2d", TextureDimension::D2),
        ("texture3d", TextureDimension::D3),
    ] {
        for (key, row) in doc[table].as_table().unwrap() {
            let want = shape(&row["shape"]);
            let mut desc = tiled_tex(want[0] * 2, want[1] * 2, 1, 1, format_of(key));
            if dim == TextureDimension::D3 {
                desc.dimension = dim;
                desc.depth = want[2] * 2;
            }
            assert_eq!(reported(&d, &desc).unwrap(), want, "{table}.{key}");
            rows += 1;
        }
    }
    for (samples, row) in doc["texture2d_msaa"].as_table().unwrap() {
        let supported = row["supported"].as_bool().unwrap();
        for (key, s) in row["shapes"].as_table().unwrap() {
            let mut desc = tiled_tex(1024, 1024, 1, 1, format_of(key));
            desc.bind_flags = BindFlags::RENDER_TARGET;
            desc.sample_desc.count = samples.parse().unwrap();
            match reported(&d, &desc) {
                Ok(got) if supported => assert_eq!(got, shape(s), "msaa {samples} {key}"),
                Err(_) if !supported => {}
                other => panic!("msaa {samples} {key}: {other:?}"),
            }
            rows += 1;
        }
    }
    let b = d.create_tiled_buffer(&tiled_buf(1 << 20), None).unwrap();
    let s = d
        .get_resource_tiling(&b)
        .unwrap()
        .standard_tile_shape_for_non_packed_mips;
    assert_eq!([s.width, s.height, s.depth], shape(&doc["buffer"]["shape"]));
    assert_eq!(rows, 7 + 7 + 4 * 5 - 1);
}
