//! `ClearUnorderedAccessViewUint` / `Float` of tiled UAVs (issue #16): only the view's
//! elements are cleared (a buffer range, some W slices of a volume), through the mapped tiles;
//! NULL tiles drop the clear (Tier 2) or report it once (Tier 1).

use tessera::caps::{BindFlags, SubresourceRange, TextureDesc, ViewDesc, ViewDimension};
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::tiled::TiledResourceCoordinate;
use tessera::tiled::{Tier1NullRead, TiledResource};
use tessera::{Device, FeatureLevel};

use super::*;

fn word(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
}

/// A 3-tile tiled buffer (UAV bind), tiles 0 and 2 mapped, word i = i.
fn words(d: &Device) -> TiledResource {
    let b = d
        .create_tiled_buffer(
            &BufferDesc {
                bind_flags: BindFlags::UNORDERED_ACCESS,
                ..tiled_buf(3 * 65536)
            },
            None,
        )
        .unwrap();
    let p = pool(d, 2);
    let mut ctx = d.immediate_context();
    map(&mut ctx, &b, &p, c(0, 0, 0), 1, 0);
    map(&mut ctx, &b, &p, c(2, 0, 0), 1, 1);
    let bytes: Vec<u8> = (0..3 * 65536 / 4u32).flat_map(u32::to_le_bytes).collect();
    ctx.write_tiled_subresource(&b, 0, &bytes).unwrap();
    b
}

/// R32_UINT words `first..first + n` of a buffer.
fn range(first: u32, n: u32) -> ViewDesc {
    ViewDesc {
        format: Format::R32Uint,
        dimension: ViewDimension::Buffer,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: first,
            array_size: n,
        },
    }
}

/// Clears words 16000..45000 to 7 and reads the buffer back.
fn clear_range(d: &Device) -> Vec<u8> {
    let b = words(d);
    let uav = d
        .create_tiled_unordered_access_view(&b, Some(&range(16000, 29000)))
        .unwrap();
    let mut ctx = d.immediate_context();
    ctx.clear_tiled_unordered_access_view_uint(&uav, [7, 8, 9, 10])
        .unwrap();
    ctx.read_tiled_subresource(&b, 0).unwrap()
}

#[test]
fn a_tiled_buffer_uav_clear_clears_its_range_through_the_mapped_tiles() {
    let d = device(2);
    let out = clear_range(&d);
    assert_eq!(word(&out, 15999), 15999, "before the view");
    assert_eq!([word(&out, 16000), word(&out, 16383)], [7, 7]);
    assert_eq!([word(&out, 16384), word(&out, 32767)], [0, 0], "NULL tile");
    assert_eq!([word(&out, 32768), word(&out, 44999)], [7, 7]);
    assert_eq!(word(&out, 45000), 45000, "after the view");
    assert!(ids(&d).is_empty());
}

#[test]
fn a_tier_1_tiled_uav_clear_through_a_null_tile_is_reported_once() {
    let d = device_at(FeatureLevel::L11_0, Some(1), Tier1NullRead::Poison).unwrap();
    let out = clear_range(&d);
    assert_eq!([word(&out, 16000), word(&out, 44999)], [7, 7]);
    assert_eq!(
        word(&out, 20000),
        u32::from_le_bytes(tessera::tiled::POISON_WORD),
        "NULL: the clear dropped, the readback poisoned"
    );
    let clears: Vec<_> = d
        .info_queue()
        .messages()
        .into_iter()
        .filter(|m| m.call == "ClearUnorderedAccessViewUint")
        .collect();
    assert_eq!(clears.len(), 1, "{clears:?}");
    assert_eq!(clears[0].id, MessageId::NullTileMappingAccessError);
    assert!(
        clears[0]
            .text
            .contains("tile 1 = (x 1, y 0, z 0) of subresource 0"),
        "{}",
        clears[0].text
    );
}

#[test]
fn a_tiled_texture3d_uav_clear_clears_its_w_slices_only() {
    let d = device(3);
    let mut ctx = d.immediate_context();
    // 64×64×32 R32_FLOAT (32×32×16 tiles): (0, 0, 0) and (1, 1, 1) mapped, every texel 1.0.
    let desc = TextureDesc {
        misc_flags: MiscFlags::TILED,
        ..tessera_testkit::desc::tex3d(64, 64, 32, 1, Format::R32Float, BindFlags::UNORDERED_ACCESS)
    };
    let t = d.create_tiled_texture(&desc, None).unwrap();
    let p = pool(&d, 2);
    let at = |x, y, z| TiledResourceCoordinate {
        x,
        y,
        z,
        subresource: 0,
    };
    map(&mut ctx, &t, &p, at(0, 0, 0), 1, 0);
    map(&mut ctx, &t, &p, at(1, 1, 1), 1, 1);
    ctx.write_tiled_subresource(&t, 0, &1.0f32.to_le_bytes().repeat(64 * 64 * 32))
        .unwrap();
    let view = ViewDesc {
        format: Format::R32Float,
        dimension: ViewDimension::Texture3D,
        range: SubresourceRange {
            most_detailed_mip: 0,
            mip_levels: 1,
            first_array_slice: 16,
            array_size: 16,
        },
    };
    let uav = d
        .create_tiled_unordered_access_view(&t, Some(&view))
        .unwrap();
    ctx.clear_tiled_unordered_access_view_float(&uav, [2.5, 0.0, 0.0, 0.0])
        .unwrap();
    let out = ctx.read_tiled_subresource(&t, 0).unwrap();
    let texel = |x: usize, y: usize, z: usize| f32::from_bits(word(&out, (z * 64 + y) * 64 + x));
    assert_eq!(texel(3, 4, 5), 1.0, "W slice 5: outside the view");
    assert_eq!(texel(40, 40, 20), 2.5);
    assert_eq!(texel(63, 63, 31), 2.5);
    assert_eq!(texel(3, 4, 20), 0.0, "NULL tile (0, 0, 1)");
}
