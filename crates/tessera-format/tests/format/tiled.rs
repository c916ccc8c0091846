//! Tiled address translation of the memory owner (SPEC §6.2, §6.5): element → (tile, offset)
//! and the spans between a tiled subresource and its tight linear copy.

use tessera_format::memory::{RowSpan, TileShape, TileSpan, TiledPlacement, TiledSubresource};

fn standard(
    first: u32,
    tw: u32,
    th: u32,
    shape: [u32; 3],
    ext: [u32; 3],
    bytes: u32,
    samples: u32,
) -> TiledSubresource {
    TiledSubresource {
        placement: TiledPlacement::Standard {
            first_tile: first,
            tiles_wide: tw,
            tiles_high: th,
            shape_elements: TileShape {
                width: shape[0],
                height: shape[1],
                depth: shape[2],
            },
        },
        width: ext[0],
        height: ext[1],
        depth: ext[2],
        element_bytes: bytes,
        samples,
    }
}

/// Every linear byte is covered exactly once, in order, and each span stays inside its tile
/// and agrees with `element_address` at its start.
fn check_spans(s: &TiledSubresource) -> Vec<TileSpan> {
    let spans = s.spans();
    let mut next = 0usize;
    for sp in &spans {
        assert_eq!(sp.linear_offset, next);
        assert!(sp.tile_offset + sp.len <= 65536, "{sp:?}");
        next += sp.len;
    }
    assert_eq!(next as u64, s.linear_len());
    spans
}

#[test]
fn standard_2d_element_addresses() {
    // 200×200 RGBA8 (128×128 tiles, 2×2 of them) from resource tile 10.
    let s = standard(10, 2, 2, [128, 128, 1], [200, 200, 1], 4, 1);
    assert_eq!(s.element_address(0, 0, 0, 0), Some((10, 0)));
    assert_eq!(s.element_address(127, 0, 0, 0), Some((10, 508)));
    assert_eq!(s.element_address(128, 0, 0, 0), Some((11, 0)));
    assert_eq!(s.element_address(130, 5, 0, 0), Some((11, 5 * 512 + 8)));
    assert_eq!(s.element_address(3, 129, 0, 0), Some((12, 512 + 12)));
    assert_eq!(
        s.element_address(199, 199, 0, 0),
        Some((13, 71 * 512 + 71 * 4))
    );
    assert_eq!(s.element_address(200, 0, 0, 0), None);
    let spans = check_spans(&s);
    // Row 0: 128 texels in tile 10, then 72 in tile 11.
    assert_eq!(
        spans[0],
        TileSpan {
            tile: 10,
            tile_offset: 0,
            linear_offset: 0,
            len: 512
        }
    );
    assert_eq!(
        spans[1],
        TileSpan {
            tile: 11,
            tile_offset: 0,
            linear_offset: 512,
            len: 288
        }
    );
    assert_eq!(spans[2].tile_offset, 512);
}

#[test]
fn msaa_samples_are_consecutive_and_3d_planes_follow_rows() {
    // 4× MSAA RGBA8: 64×64-pixel tiles, 16 bytes a pixel.
    let m = standard(0, 2, 1, [64, 64, 1], [128, 64, 1], 4, 4);
    assert_eq!(m.element_address(1, 0, 0, 2), Some((0, 16 + 8)));
    assert_eq!(m.element_address(64, 1, 0, 3), Some((1, 64 * 16 + 12)));
    assert_eq!(check_spans(&m)[0].len, 64 * 16);
    // Texture3D R32: 32×32×16 tiles; 64×32×32 = 2×1×2 tiles.
    let v = standard(0, 2, 1, [32, 32, 16], [64, 32, 32], 4, 1);
    assert_eq!(
        v.element_address(33, 1, 17, 0),
        Some((3, (32 * 32 + 32 + 1) * 4))
    );
    assert_eq!(check_spans(&v).len(), 2 * 32 * 32);
}

#[test]
fn packed_subresources_are_linear_in_the_tail_and_cut_at_64k() {
    // A 256×64 RGBA8 mip at tail offset 0 (65536 bytes) then a 128×32 one at 65536.
    let p = |offset, w, h| TiledSubresource {
        placement: TiledPlacement::Packed {
            first_tile: 4,
            tail_offset: offset,
        },
        width: w,
        height: h,
        depth: 1,
        element_bytes: 4,
        samples: 1,
    };
    let a = p(100, 256, 64);
    assert_eq!(a.element_address(0, 0, 0, 0), Some((4, 100)));
    assert_eq!(
        a.element_address(255, 63, 0, 0),
        Some((5, (100 + 65532) - 65536))
    );
    let spans = check_spans(&a);
    assert_eq!(spans.len(), 2);
    assert_eq!(
        spans[0],
        TileSpan {
            tile: 4,
            tile_offset: 100,
            linear_offset: 0,
            len: 65436
        }
    );
    assert_eq!(
        spans[1],
        TileSpan {
            tile: 5,
            tile_offset: 0,
            linear_offset: 65436,
            len: 100
        }
    );
    let b = p(65536, 128, 32);
    assert_eq!(b.element_address(1, 1, 0, 0), Some((5, 129 * 4)));
}

#[test]
fn row_spans_are_cut_at_row_ends_and_match_element_addresses() {
    // Packed: a 10×3 RGBA8 mip 40 bytes before the end of tail tile 4, so row 0 crosses the
    // tile end: 10 px of 40 bytes each row, the 64 KiB cut inside row 0.
    let packed = TiledSubresource {
        placement: TiledPlacement::Packed {
            first_tile: 4,
            tail_offset: 65536 - 24,
        },
        width: 10,
        height: 3,
        depth: 1,
        element_bytes: 4,
        samples: 1,
    };
    let rows = packed.row_spans();
    assert_eq!(
        rows[..3],
        [
            RowSpan {
                tile: 4,
                tile_offset: 65512,
                y: 0,
                z: 0,
                row_offset: 0,
                len: 24
            },
            RowSpan {
                tile: 5,
                tile_offset: 0,
                y: 0,
                z: 0,
                row_offset: 24,
                len: 16
            },
            RowSpan {
                tile: 5,
                tile_offset: 16,
                y: 1,
                z: 0,
                row_offset: 0,
                len: 40
            },
        ]
    );
    // Standard 256×2 RGBA8 over two 128-wide tiles: two runs a row.
    let std = standard(0, 2, 1, [128, 128, 1], [256, 2, 1], 4, 1);
    for s in [packed, std] {
        let rows = s.row_spans();
        let total: usize = rows.iter().map(|r| r.len).sum();
        assert_eq!(total as u64, s.linear_len());
        for r in &rows {
            let x = (r.row_offset / 4) as u32;
            assert_eq!(
                s.element_address(x, r.y, r.z, 0),
                Some((r.tile, r.tile_offset))
            );
            assert!(
                r.row_offset + r.len <= s.width as usize * 4,
                "{r:?} inside its row"
            );
        }
    }
    assert_eq!(std.row_spans().len(), 4);
}

#[test]
fn row_spans_in_a_box_are_clipped_to_its_columns_rows_and_planes() {
    // Standard 256×4 RGBA8 over two 128-wide tiles; the box x 120..136, y 1..3.
    let std = standard(0, 2, 1, [128, 128, 1], [256, 4, 1], 4, 1);
    let rows = std.row_spans_in(120..136, 1..3, 0..1);
    assert_eq!(
        rows,
        [
            RowSpan {
                tile: 0,
                tile_offset: (128 + 120) * 4,
                y: 1,
                z: 0,
                row_offset: 480,
                len: 32
            },
            RowSpan {
                tile: 1,
                tile_offset: 128 * 4,
                y: 1,
                z: 0,
                row_offset: 512,
                len: 32
            },
            RowSpan {
                tile: 0,
                tile_offset: (256 + 120) * 4,
                y: 2,
                z: 0,
                row_offset: 480,
                len: 32
            },
            RowSpan {
                tile: 1,
                tile_offset: 256 * 4,
                y: 2,
                z: 0,
                row_offset: 512,
                len: 32
            },
        ]
    );
    for r in &rows {
        let x = (r.row_offset / 4) as u32;
        assert_eq!(
            std.element_address(x, r.y, r.z, 0),
            Some((r.tile, r.tile_offset))
        );
    }
    // Columns past the extent are clipped; a box that misses gives nothing.
    assert_eq!(std.row_spans_in(250..999, 0..1, 0..1).len(), 1);
    assert_eq!(std.row_spans_in(250..999, 0..1, 0..1)[0].len, 24);
    assert!(std.row_spans_in(300..400, 0..4, 0..1).is_empty());
    assert!(std.row_spans_in(0..8, 4..9, 0..1).is_empty());
}
