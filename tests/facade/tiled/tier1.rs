//! Tier 1 makes the undefined visible (SPEC §6.8, §6.10; TR-26/TR-27): NULL accesses and
//! buffer/texture aliasing are reported once per call with the tile's coordinate, and read a
//! documented value (zero, or the poison word).

use tessera::caps::BufferDesc;
use tessera::debug::MessageId;
use tessera::format::Format;
use tessera::resource::tiled::TILE_RANGE_NULL;
use tessera::resource::tiled::UpdateTileMappings;
use tessera::tiled::{POISON_WORD, Tier1NullRead};
use tessera::{Device, FeatureLevel};

use super::*;

fn tier1(null_read: Tier1NullRead) -> Device {
    device_at(FeatureLevel::L11_0, Some(1), null_read).unwrap()
}

#[test]
fn tr_27_null_access_is_reported_once_per_call_with_its_tile() {
    let d = tier1(Tier1NullRead::Zero);
    let mut ctx = d.immediate_context();
    // 256×256 RGBA8: 2×2 tiles; map tile 0 only.
    let r = d
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let p = pool(&d, 1);
    map(&mut ctx, &r, &p, c(0, 0, 0), 1, 0);
    ctx.write_tiled_subresource(&r, 0, &vec![0x11; 256 * 256 * 4])
        .unwrap();
    let msgs = d.info_queue().messages();
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError]);
    assert!(
        msgs[0]
            .text
            .contains("first at tile 1 = (x 1, y 0, z 0) of subresource 0"),
        "{}",
        msgs[0].text
    );
    assert_eq!(msgs[0].call, "UpdateSubresource");
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(ids(&d).len(), 2, "one more message for the second call");
    // Row 200 lies in tiles 2 and 3 (NULL): zero; row 0's first half in tile 0: written.
    assert_eq!(back[..512], [0x11; 512]);
    assert_eq!(back[512..1024], [0; 512]);
    assert!(back[200 * 1024..201 * 1024].iter().all(|&b| b == 0));
    // Tier 2 defines the same accesses: no message.
    let d2 = device(2);
    let mut ctx2 = d2.immediate_context();
    let r2 = d2
        .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    ctx2.read_tiled_subresource(&r2, 0).unwrap();
    assert!(ids(&d2).is_empty());
}

#[test]
fn tier_1_poison_is_the_documented_word() {
    let d = tier1(Tier1NullRead::Poison);
    let mut ctx = d.immediate_context();
    let r = d
        .create_tiled_texture(&tiled_tex(128, 128, 1, 1, Format::R8G8B8A8Unorm), None)
        .unwrap();
    let back = ctx.read_tiled_subresource(&r, 0).unwrap();
    assert_eq!(back.len(), 65536);
    for texel in back.chunks(4) {
        assert_eq!(texel, POISON_WORD);
    }
    assert_eq!(
        Format::R8G8B8A8Unorm.decode_float(&back[..4]).unwrap(),
        [1.0, 0.0, 1.0, 1.0]
    );
    // CopyTiles from the NULL tile writes the poison into the buffer and reports it.
    let buf = d
        .create_buffer(
            &BufferDesc {
                byte_width: 65536,
                ..BufferDesc::default()
            },
            None,
        )
        .unwrap();
    d.info_queue().clear();
    ctx.copy_tiles(&r, c(0, 0, 0), linear(1), &buf, 0, 4)
        .unwrap();
    assert_eq!(
        buf.read()[..8],
        [0xFF, 0x00, 0xFF, 0xFF, 0xFF, 0x00, 0xFF, 0xFF]
    );
    assert_eq!(ids(&d), [MessageId::NullTileMappingAccessError]);
}

#[test]
fn tr_26_buffer_texture_aliasing_at_tier_1() {
    for tier in [1, 2] {
        let d = if tier == 1 {
            tier1(Tier1NullRead::Zero)
        } else {
            device(2)
        };
        let mut ctx = d.immediate_context();
        let p = pool(&d, 4);
        let b = d.create_tiled_buffer(&tiled_buf(4 * 65536), None).unwrap();
        let t = d
            .create_tiled_texture(&tiled_tex(256, 256, 1, 1, Format::R8G8B8A8Unorm), None)
            .unwrap();
        map(&mut ctx, &b, &p, c(0, 0, 0), 4, 0);
        map(&mut ctx, &t, &p, c(0, 0, 0), 4, 0);
        ctx.write_tiled_subresource(&t, 0, &vec![0x5A; 256 * 256 * 4])
            .unwrap();
        d.info_queue().clear();
        let through_buffer = ctx.read_tiled_subresource(&b, 0).unwrap();
        if tier == 1 {
            assert!(through_buffer.iter().all(|&x| x == 0), "treated as NULL");
            let msgs = d.info_queue().messages();
            assert_eq!(
                ids(&d),
                [MessageId::TiledResourceTier1BufferTextureMismatch]
            );
            assert!(msgs[0].text.contains("first at tile 0"), "{}", msgs[0].text);
        } else {
            assert!(
                through_buffer.iter().all(|&x| x == 0x5A),
                "Tier 2 has no rule"
            );
            assert!(ids(&d).is_empty());
        }
        // The valid order: the buffer's mappings go to NULL first, then the texture maps;
        // reading through the texture is then fine (and the buffer is NULL).
        ctx.update_tile_mappings(
            &b,
            &UpdateTileMappings {
                num_regions: 1,
                num_ranges: 1,
                range_flags: Some(&[TILE_RANGE_NULL]),
                ..UpdateTileMappings::default()
            },
        )
        .unwrap();
        map(&mut ctx, &t, &p, c(0, 0, 0), 4, 0);
        d.info_queue().clear();
        assert!(
            ctx.read_tiled_subresource(&t, 0)
                .unwrap()
                .iter()
                .all(|&x| x == 0x5A)
        );
        assert!(ids(&d).is_empty(), "tier {tier}: {:?}", ids(&d));
    }
}
